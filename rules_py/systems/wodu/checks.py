"""Checks: 2d10 + ability against a difficulty rating or a fuzzy range (2d10 WoDu Hack,
Core Resolution; Background).

A Background that applies adds a third d10 and keeps the highest two.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Final

from rules_py.systems._params import refusal
from rules_py.systems.wodu._common import (
    SYSTEM,
    Pairs,
    die_pairs,
    require_ability,
    require_int,
    shift,
)

CHECK_DICE: Final = "2d10"
"""The core roll: 2d10 + ability rating (2d10 WoDu Hack, Core Resolution)."""
BACKGROUND_CHECK_DICE: Final = "3d10k2"
"""With a Background that applies: 3d10, keep the highest two (Background)."""

DIFFICULTY_RATINGS: Final[Mapping[str, int]] = MappingProxyType(
    {"Light": 9, "Risky": 12, "Hard": 15, "Extreme": 18, "Mythic": 21}
)
"""Difficulty rating (DR) by name: meet or beat it to succeed (Core Resolution)."""
DEFAULT_DR: Final = 12
"""The default difficulty rating, DR:12 (Core Resolution, Simple Version)."""

FUZZY_RANGES: Final[Mapping[str, tuple[int, int]]] = MappingProxyType(
    {"Risky": (9, 11), "Hard": (12, 14), "Extreme": (15, 17), "Mythic": (18, 20)}
)
"""Fuzzy range (FR) by name, as ``(low, high)`` (Core Resolution, FR).

Names follow the column order of the source's table, which has no Light column.
With that order the default FR:12-14 is named Hard, though the default DR:12 is
Risky; a FR's strong success starts at the DR of the same name.
"""
DEFAULT_FR: Final = (12, 14)
"""The default fuzzy range, FR:12-14 (Core Resolution, FR)."""
FUZZY_RANGE_WIDTH: Final = 3
"""A fuzzy range always spans three totals (Core Resolution, FR)."""

ALTERNATE_DIFFICULTY_RATINGS: Final[Mapping[str, int]] = MappingProxyType(
    {"Good": 12, "Strong": 16, "Extreme": 20, "Mythic": 24}
)
"""The draft's alternate DR ladder, dated 02/21/22 (not the default)."""
ALTERNATE_FUZZY_RANGES: Final[Mapping[str, tuple[int, int]]] = MappingProxyType(
    {
        "Almost Good": (9, 11),
        "Almost Strong": (13, 15),
        "Almost Extreme": (17, 19),
        "Almost Mythic": (21, 23),
    }
)
"""The draft's alternate FR ladder, dated 02/21/22 (not the default)."""


@cache
def _check_dice(background: bool) -> Pairs:
    import icepool

    return die_pairs(icepool.d10.highest(3, 2) if background else 2 @ icepool.d10)


def probability_at_least(distribution: Mapping[int, Fraction], target: int) -> Fraction:
    """P(total >= target): the chance to meet or beat a target number."""
    return sum((p for o, p in distribution.items() if o >= target), Fraction(0))


def check_roll_distribution(ability: int, background: bool = False) -> dict[int, Fraction]:
    """Exact distribution of a check (2d10 WoDu Hack, Core Resolution; Background).

    2d10 + ability rating, or 3d10 keeping the highest two + ability rating when
    the character's Background applies.
    """
    return shift(_check_dice(bool(background)), require_ability(ability))


def dr_outcomes(ability: int, dr: int, background: bool = False) -> dict[str, Fraction]:
    """Pass or fail against a difficulty rating (2d10 WoDu Hack, Core Resolution, DR).

    Success when the total equals the DR or more. Returns ``{"success", "failure"}``.
    """
    dr = require_int(dr, "the difficulty rating (DR)", "Core Resolution")
    success = probability_at_least(check_roll_distribution(ability, background), dr)
    return {"success": success, "failure": 1 - success}


def fr_outcomes(ability: int, lo: int, hi: int, background: bool = False) -> dict[str, Fraction]:
    """Degrees of success against a fuzzy range (2d10 WoDu Hack, Core Resolution, FR).

    A total from ``lo`` to ``hi`` is a weak success (success with a complication,
    cost or reduced effect); above ``hi`` a strong success; below ``lo`` a
    failure, on which the GM makes a hard move. The range spans three totals.
    Returns ``{"failure", "weak", "strong"}``.
    """
    lo = require_int(lo, "the low end of the fuzzy range", "Core Resolution")
    hi = require_int(hi, "the high end of the fuzzy range", "Core Resolution")
    if hi - lo != FUZZY_RANGE_WIDTH - 1:
        raise ValueError(
            refusal(
                f"a fuzzy range spans three totals, e.g. FR:12-14 (got FR:{lo}-{hi})",
                f"{SYSTEM}, Core Resolution",
            )
        )
    dist = check_roll_distribution(ability, background)
    at_least_lo = probability_at_least(dist, lo)
    strong = probability_at_least(dist, hi + 1)
    return {"failure": 1 - at_least_lo, "weak": at_least_lo - strong, "strong": strong}
