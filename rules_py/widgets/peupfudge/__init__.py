"""Peupfudge widgets: the action check, opposed actions, XP, the probability reference and
the GM's table.

One module per chapter: :mod:`._actions` (2 Actions and Opposed Actions),
:mod:`._character` (1 Characters and 1.1 Abilities: XP and the character sheet),
:mod:`._reference` (Appendix D Probability Reference), and the GM page's table,
:mod:`._gm`.
"""

from __future__ import annotations

from rules_py.widgets._widget import Widget
from rules_py.widgets.peupfudge import _actions, _character, _gm, _reference
from rules_py.widgets.peupfudge._character import STORE

WIDGETS: tuple[Widget, ...] = (
    *_actions.WIDGETS,
    *_character.WIDGETS,
    *_reference.WIDGETS,
    *_gm.WIDGETS,
)

__all__ = ["STORE", "WIDGETS"]
