"""The [2d6] Roleplaying System widgets: checks, combat, casting, healing and the builder.

One module per chapter: :mod:`._checks` (The Basics, Skills, Magic),
:mod:`._combat` (Combat: exchanges and initiative), :mod:`._character`
(healing and the character builder), :mod:`._gm` (the GM's table: party, NPCs and
the initiative order).
"""

from __future__ import annotations

from rules_py.widgets._widget import Widget
from rules_py.widgets.two_d6 import _character, _checks, _combat, _gm

WIDGETS: tuple[Widget, ...] = (
    *_checks.WIDGETS,
    *_combat.WIDGETS,
    *_character.WIDGETS,
    *_gm.WIDGETS,
)

__all__ = ["WIDGETS"]
