"""The 2d10 WoDu Hack widgets: the check, damage, initiative, the character builder and
the GM's table.

One module per chapter: :mod:`._checks` (Core Resolution; Background),
:mod:`._damage` (Damage & Powers), :mod:`._initiative` (Initiative),
:mod:`._character` (Character Generation and Advancement: the builder), :mod:`._gm`
(the GM's table: the party, NPCs and the fight's order).
"""

from __future__ import annotations

from rules_py.widgets._widget import Widget
from rules_py.widgets.wodu import _character, _checks, _damage, _gm, _initiative

WIDGETS: tuple[Widget, ...] = (
    *_checks.WIDGETS,
    *_damage.WIDGETS,
    *_initiative.WIDGETS,
    *_character.WIDGETS,
    *_gm.WIDGETS,
)

__all__ = ["WIDGETS"]
