"""Rules of the five systems, one module each.

System-specific mechanics live here, not in the dice notation. A system that
answers ``rules-py check`` and ``rules-py calc`` defines, in its module::

    def check(params: Mapping[str, str]) -> dict[str, object]: ...
    def calc(what: str, params: Mapping[str, str]) -> dict[str, object]: ...

``params`` are the ``key=value`` words of the command line; bad ones raise
``ValueError`` with a message naming the rule. ``check`` answers
``{"outcomes": {name: Fraction}}`` and may add keys beside ``outcomes`` (a
chance such as ``"cinematic": Fraction(1, 36)``, shown after the outcomes and
kept in the JSON); ``calc`` answers ``{"value": ...}``.

A module may also define ``calc_text(what, value) -> list[str] | None``: the lines
``calc`` prints without ``--json`` for a value the command line would otherwise show
as JSON (a list of keeps, say), or ``None`` to leave the value to it.

The module also holds the text of ``rules-py check --help`` and ``calc --help``::

    CHECK_HELP: str  # one line per key with its range, then "e.g. rules-py check NAME ..."
    CALC_HELP: str   # one line per calculation with its keys and ranges, then an example
"""

from __future__ import annotations

import importlib
from types import ModuleType

SYSTEMS: dict[str, str] = {
    "wodu": "rules_py.systems.wodu",
    "peupfudge": "rules_py.systems.peupfudge",
    "d10-0": "rules_py.systems.d10_0",
    "2d6": "rules_py.systems.two_d6",
    "danger-world": "rules_py.systems.danger_world",
}
"""The command line's system names and their modules (imported when asked for)."""


def system(name: str) -> ModuleType:
    """The module of the system called ``name`` (``ValueError`` for an unknown name)."""
    if name not in SYSTEMS:
        raise ValueError(f"unknown system {name!r}: choose from {', '.join(SYSTEMS)}")
    return importlib.import_module(SYSTEMS[name])
