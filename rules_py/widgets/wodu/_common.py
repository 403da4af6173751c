"""Pieces the 2d10 WoDu Hack widgets share: what a check is read against (a DR or a FR),
its dice, its outcome and its roll, and the abilities to pick from.

Every number comes from :mod:`rules_py.systems.wodu.checks` (Core Resolution;
Background).
"""

from __future__ import annotations

import random

from rules_py.systems.wodu.abilities import ABILITIES
from rules_py.systems.wodu.checks import (
    ALTERNATE_DIFFICULTY_RATINGS,
    ALTERNATE_FUZZY_RANGES,
    BACKGROUND_CHECK_DICE,
    CHECK_DICE,
    DEFAULT_DR,
    DEFAULT_FR,
    DIFFICULTY_RATINGS,
    FUZZY_RANGES,
)
from rules_py.views import View
from rules_py.widgets._blocks import roll_line, rolled, with_modifier
from rules_py.widgets._fields import Choice, Field
from rules_py.widgets._widget import Values

_DR_OPTIONS = tuple(
    (str(dr), f"{name} · DR {dr}") for name, dr in DIFFICULTY_RATINGS.items()
) + tuple(
    (str(dr), f"{name} · DR {dr} (alternate ladder)")
    for name, dr in ALTERNATE_DIFFICULTY_RATINGS.items()
    if dr not in DIFFICULTY_RATINGS.values()
)
_FR_OPTIONS = tuple(
    (f"{lo}-{hi}", f"{name} · FR {lo}-{hi}") for name, (lo, hi) in FUZZY_RANGES.items()
) + tuple(
    (f"{lo}-{hi}", f"{name} · FR {lo}-{hi} (alternate ladder)")
    for name, (lo, hi) in ALTERNATE_FUZZY_RANGES.items()
    if (lo, hi) not in FUZZY_RANGES.values()
)
ABILITY_OPTIONS = tuple((a.abbreviation, f"{a.abbreviation} ({a.name})") for a in ABILITIES)
"""The four abilities as a choice: ``("STR", "STR (Strength)")``..."""

BACKGROUND_LABEL = f"Background applies ({BACKGROUND_CHECK_DICE}, keep the highest two)"
SHORT_BACKGROUND_LABEL = "Background applies: 3d10 keep 2"
"""The same box on a sheet in play, where it stays on one line of a phone."""


def check_dice(ability: int, background: bool) -> str:
    """The check's dice: 2d10 + ability, or 3d10k2 + ability with a Background."""
    return with_modifier(BACKGROUND_CHECK_DICE if background else CHECK_DICE, ability)


def against_fields(prefix: str = "", *, printed: bool = True) -> tuple[Field, ...]:
    """What a check is read against, as fields named ``prefix`` + kind, dr, fr
    (2d10 WoDu Hack, Core Resolution): a DR (the default DR:12) or a fuzzy range
    (the default FR:12-14), chosen by the GM."""
    return (
        Choice(
            f"{prefix}kind",
            "Read the total against",
            (("dr", "a difficulty rating (DR)"), ("fr", "a fuzzy range (FR)")),
            "dr",
            printed=printed,
        ),
        Choice(f"{prefix}dr", "Difficulty rating", _DR_OPTIONS, str(DEFAULT_DR), printed=printed),
        Choice(
            f"{prefix}fr",
            "Fuzzy range",
            _FR_OPTIONS,
            "{}-{}".format(*DEFAULT_FR),
            printed=printed,
        ),
    )


def against_unused(values: Values, prefix: str = "") -> list[str]:
    """The one of DR and FR that the check is not read against."""
    return [f"{prefix}fr"] if values[f"{prefix}kind"] == "dr" else [f"{prefix}dr"]


def fuzzy_range(values: Values, prefix: str = "") -> tuple[int, int]:
    lo, hi = (int(n) for n in values[f"{prefix}fr"].split("-"))
    return lo, hi


def against_text(values: Values, prefix: str = "") -> str:
    """``"DR 12"`` or ``"FR 12-14"``: what the check's total is read against."""
    if values[f"{prefix}kind"] == "dr":
        return f"DR {int(values[f'{prefix}dr'])}"
    return "FR {}-{}".format(*fuzzy_range(values, prefix))


def check_outcome(total: int, values: Values, prefix: str = "") -> str:
    """A check's total read against its DR or FR (2d10 WoDu Hack, Core Resolution).

    DR: meet or beat it to succeed. FR: above the range a strong success, inside
    it a weak success (with a complication, cost or reduced effect), below it a
    failure on which the GM makes a hard move.
    """
    if values[f"{prefix}kind"] == "dr":
        dr = int(values[f"{prefix}dr"])
        return (
            f"Success: {total} meets DR {dr}"
            if total >= dr
            else f"Failure: {total} is under DR {dr}"
        )
    lo, hi = fuzzy_range(values, prefix)
    if total > hi:
        return f"Strong success: {total} is over FR {lo}-{hi}"
    if total >= lo:
        return (
            f"Weak success: {total} is inside FR {lo}-{hi}; "
            "it comes with a complication, a cost or a reduced effect"
        )
    return f"Failure: {total} is under FR {lo}-{hi}; the GM makes a hard move"


def roll_check(
    ability: int, background: bool, values: Values, rng: random.Random, prefix: str = ""
) -> View:
    """Roll a check: 2d10 (3d10k2 with a Background) + ability, read against the DR or
    FR the fields ``prefix`` + kind, dr, fr name (2d10 WoDu Hack, Core Resolution; Background)."""
    line, result = roll_line("", check_dice(ability, background), rng)
    return rolled([line], check_outcome(result.total, values, prefix))
