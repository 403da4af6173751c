"""Shared by the chapters of the [2d6] Roleplaying System: its name and argument checks."""

from __future__ import annotations

from typing import Final

SYSTEM: Final = "[2d6] Roleplaying System"
"""The source's title, used at the start of every error message."""


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
