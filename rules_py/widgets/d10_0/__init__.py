"""The D10/0 System widgets: checks and effort, damage and blocks, health and the builder.

One module per chapter: :mod:`._checks` (Actions), :mod:`._damage` (DAT and its
Advanced Simulations), :mod:`._health` (Health), :mod:`._character` (the build process),
:mod:`._timing` (Action Quota and Timing), and the GM page's table, :mod:`._gm`.
"""

from __future__ import annotations

from rules_py.widgets._widget import Widget
from rules_py.widgets.d10_0 import _character, _checks, _damage, _gm, _health, _timing

WIDGETS: tuple[Widget, ...] = (
    *_checks.WIDGETS,
    *_damage.WIDGETS,
    *_health.WIDGETS,
    *_character.WIDGETS,
    *_timing.WIDGETS,
    *_gm.WIDGETS,
)

__all__ = ["WIDGETS"]
