"""Shared by the chapters of the 2d10 WoDu Hack: its name, argument checks and exact dice.

icepool is imported inside :func:`dice_pairs` (and the check's dice in
:mod:`~rules_py.systems.wodu.checks`), never at import, so that importing the
rules stays cheap in the browser.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any, Final

from rules_py.systems import _params
from rules_py.systems._params import out_of_range
from rules_py.systems.wodu.abilities import MAX_ABILITY, MIN_ABILITY

SYSTEM: Final = "2d10 WoDu Hack"
"""The source's working title, cited after the problem in every error message."""


def require_int(value: object, what: str, rule: str) -> int:
    """``value`` as an int (``bool`` refused); ``ValueError`` naming ``rule`` otherwise."""
    return _params.require_int(value, what, f"{SYSTEM}, {rule}")


def require_ability(ability: object, what: str = "an ability rating") -> int:
    """``ability`` as a rating from -1 to +6 (Ability Ratings); ``ValueError`` otherwise."""
    value = require_int(ability, what, "Ability Ratings")
    if not MIN_ABILITY <= value <= MAX_ABILITY:
        raise ValueError(
            out_of_range(
                what,
                f"from {MIN_ABILITY} to +{MAX_ABILITY}",
                value,
                f"{SYSTEM}, Ability Ratings",
            )
        )
    return value


def signed(n: int) -> str:
    """``n`` with its sign, as the messages print a rating: ``"+2"``, ``"0"``, ``"-1"``."""
    return f"+{n}" if n > 0 else str(n)


Pairs = tuple[tuple[int, Fraction], ...]
"""A distribution as (outcome, probability) pairs: hashable, so it can be cached."""


def die_pairs(die: Any) -> Pairs:
    """An icepool die as sorted (outcome, exact probability) pairs."""
    denominator = int(die.denominator())
    return tuple(sorted((int(o), Fraction(int(q), denominator)) for o, q in die.items()))


@cache
def dice_pairs(count: int, sides: int, keep: str) -> Pairs:
    """``count`` dice of ``sides``: summed ("all"), or only the highest/lowest one."""
    import icepool

    die = icepool.d(sides)
    if keep == "highest":
        return die_pairs(die.highest(count, 1))
    if keep == "lowest":
        return die_pairs(die.lowest(count, 1))
    return die_pairs(count @ die)


def shift(pairs: Pairs, modifier: int) -> dict[int, Fraction]:
    """The distribution of ``pairs`` with ``modifier`` added to every outcome."""
    return {outcome + modifier: p for outcome, p in pairs}
