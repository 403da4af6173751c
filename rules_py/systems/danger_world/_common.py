"""Shared by the chapters of Danger World: the source's name and argument checks."""

from __future__ import annotations

from typing import Final

SYSTEM: Final = "Danger World"
"""The source's title, used at the start of every error message."""

FACES: Final = 6
"""All dice used in the game are six-sided (Dice Mechanics)."""

MAX_POOL: Final = 24
"""The largest pool the tools accept: four dice in each of two stats, bonus,
danger and threat dice to spare (a tool limit, not a rule)."""


def require_int(value: object, what: str, rule: str) -> int:
    """``value`` as an int (``bool`` refused); ``ValueError`` naming ``rule`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{SYSTEM}, {rule}: {what} must be a whole number (got {value!r})")
    return value


def require_range(value: object, what: str, rule: str, lo: int, hi: int | None = None) -> int:
    """``value`` as an int from ``lo`` to ``hi`` (no upper bound when ``hi`` is None)."""
    number = require_int(value, what, rule)
    if number < lo or (hi is not None and number > hi):
        bound = f"{lo} or more" if hi is None else f"from {lo} to {hi}"
        raise ValueError(f"{SYSTEM}, {rule}: {what} must be {bound} (got {number})")
    return number
