"""Shared by the chapters of the D10/0 System: the source's name and argument checks."""

from __future__ import annotations

from typing import Final

from rules_py.systems import _params

SYSTEM: Final = "The D10/0 System"
"""The source's title, cited after the problem in every error message."""


def require_int(value: object, what: str, rule: str) -> int:
    """``value`` as an int (``bool`` refused); ``ValueError`` naming ``rule`` otherwise."""
    return _params.require_int(value, what, f"{SYSTEM}, {rule}")


def require_range(value: object, what: str, rule: str, lo: int, hi: int | None = None) -> int:
    """``value`` as an int from ``lo`` to ``hi`` (no upper bound when ``hi`` is None)."""
    return _params.require_range(value, what, f"{SYSTEM}, {rule}", lo, hi)
