"""System readings of inline rolls: ``EXPR as READING`` rolls the dice of ``EXPR`` and
shows them as the system reads them, never as a sum the system does not use.

A small registry (:data:`READINGS`) names each reading by the first word after
``as``; the rest are its options:

* ``pool``, ``pool difficulty N`` -- Danger World: a pool of d6s, its faces and
  the sets they offer, the best set, and the outcome at a named difficulty.
* ``0-9``, ``00-99`` -- D10/0: a d10 read from 0, or a d100 read as a tens die
  and a units die.

A reading only changes how the dice are shown: the same expression and seed
roll the same dice with or without it. Layering: this package sits on
:mod:`rules_py.dice` and :mod:`rules_py.systems`, under :mod:`rules_py.views`
(the worker's roll) and :mod:`rules_py.markdown` (the build's button).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from rules_py.dice import DiceError, Expression
from rules_py.readings import _d10_0, _danger_world
from rules_py.readings._reading import Part, Read, Reading

READINGS: Mapping[str, Callable[[Sequence[str]], Reading]] = MappingProxyType(
    {
        _danger_world.NAME: _danger_world.pool,
        _d10_0.ATTRIBUTE: _d10_0.attribute,
        _d10_0.SKILL: _d10_0.skill,
    }
)
"""Each reading by its name, the first word after ``as``; it takes the words after it."""

USAGE = "`pool`, `pool difficulty N` (Danger World), `0-9` or `00-99` (D10/0)"


def reading(text: str) -> Reading:
    """The reading ``text`` names (``"pool difficulty 3"``), checked; DiceError otherwise."""
    if not isinstance(text, str):
        raise DiceError(f"a roll's reading must be text, one of {USAGE}")
    words = text.replace(",", " ").split()
    if not words or words[0] not in READINGS:
        raise DiceError(f"unknown reading `{text.strip()}`: use {USAGE}")
    return READINGS[words[0]](words[1:])


def read_as(expression: Expression, text: str) -> Reading:
    """The reading ``text`` names, refused (DiceError) when it cannot read ``expression``."""
    found = reading(text)
    found.check(expression)
    return found


__all__ = ["READINGS", "USAGE", "Part", "Read", "Reading", "read_as", "reading"]
