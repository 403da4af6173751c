"""Shared by the chapters of Danger World: the source's name and argument checks."""

from __future__ import annotations

from typing import Final

from rules_py.systems import _params

SYSTEM: Final = "Danger World"
"""The source's title, cited after the problem in every error message."""

FACES: Final = 6
"""All dice used in the game are six-sided (Dice Mechanics)."""

MAX_POOL: Final = 24
"""The largest pool the tools accept: four dice in each of two stats, bonus,
danger and threat dice to spare (a tool limit, not a rule)."""


def require_int(value: object, what: str, rule: str) -> int:
    """``value`` as an int (``bool`` refused); ``ValueError`` naming ``rule`` otherwise."""
    return _params.require_int(value, what, f"{SYSTEM}, {rule}")


def require_range(value: object, what: str, rule: str, lo: int, hi: int | None = None) -> int:
    """``value`` as an int from ``lo`` to ``hi`` (no upper bound when ``hi`` is None)."""
    return _params.require_range(value, what, f"{SYSTEM}, {rule}", lo, hi)


def one_of(what: str, choices: str, value: object, rule: str) -> str:
    """The refusal of ``value`` where ``what`` must be one of ``choices``.

    A value given is quoted: ``"A hit is reduced, full or overload (got 'x') (Danger
    World, The Danger Track)"``; a missing one (``None``) or a blank one says so instead
    of quoting it: ``"A hit's kind is missing: a hit is reduced, full or overload (...)"``
    (issue 27: never ``got None``).
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        state = "missing" if value is None else "empty"
        return _params.refusal(f"{what} is {state}: {choices}", f"{SYSTEM}, {rule}")
    return _params.refusal(f"{choices} (got {value!r})", f"{SYSTEM}, {rule}")
