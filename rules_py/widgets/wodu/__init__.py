"""The 2d10 WoDu Hack widgets: the check, damage, initiative and the character builder.

One module per chapter: :mod:`._checks` (Core Resolution; Background),
:mod:`._damage` (Damage & Powers), :mod:`._initiative` (Initiative),
:mod:`._character` (Character Generation and Advancement: the builder).
"""

from __future__ import annotations

from rules_py.widgets._widget import Widget
from rules_py.widgets.wodu import _character, _checks, _damage, _initiative

WIDGETS: tuple[Widget, ...] = (
    *_checks.WIDGETS,
    *_damage.WIDGETS,
    *_initiative.WIDGETS,
    *_character.WIDGETS,
)

__all__ = ["WIDGETS"]
