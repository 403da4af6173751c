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

Each reading's module (and its system's rules) is imported only when a roll names
it, so that a site without Danger World or D10/0 never loads them (issue 19).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from rules_py.dice import DiceError, Expression
from rules_py.readings._reading import Part, Read, Reading


def _imported_when_read(module: str, function: str) -> Callable[[Sequence[str]], Reading]:
    """``module.function``, imported on its first call."""

    def read(words: Sequence[str]) -> Reading:
        found: Callable[[Sequence[str]], Reading] = getattr(
            importlib.import_module(module), function
        )
        return found(words)

    return read


READINGS: Mapping[str, Callable[[Sequence[str]], Reading]] = MappingProxyType(
    {
        "pool": _imported_when_read("rules_py.readings._danger_world", "pool"),
        "0-9": _imported_when_read("rules_py.readings._d10_0", "attribute"),
        "00-99": _imported_when_read("rules_py.readings._d10_0", "skill"),
    }
)
"""Each reading by its name, the first word after ``as``; it takes the words after it.
(The names are the modules' ``NAME``, ``ATTRIBUTE`` and ``SKILL``; a test holds them equal.)"""

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
