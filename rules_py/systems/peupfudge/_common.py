"""Shared by the chapters of Peupfudge: the tools' range of fudge dice and argument checks."""

from __future__ import annotations

from rules_py.systems._params import bounds, out_of_range

MIN_DICE = 1
MAX_DICE = 9
"""Dice counts the site's tools accept: 1dF to 9dF, the range of Appendix D.

The source lets the GM use more or fewer dice; it never gives a limit. The
bound is a tool limit, not a rule.
"""


def check_dice(dice: int) -> None:
    """Refuse a number of fudge dice not an int from MIN_DICE to MAX_DICE (``ValueError``)."""
    if isinstance(dice, bool) or not isinstance(dice, int):
        raise ValueError(f"number of fudge dice must be an integer, got {dice!r}")
    if not MIN_DICE <= dice <= MAX_DICE:
        raise ValueError(
            out_of_range(
                "the number of fudge dice", f"{bounds(MIN_DICE, MAX_DICE)} (1dF to 9dF)", dice
            )
        )


def check_int(name: str, value: int) -> None:
    """Refuse ``value`` unless it is an int (``bool`` refused); ``ValueError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")
