"""The Danger World widgets: odds, the pool roller with its advice, the character sheet.

One module per part: :mod:`._odds` (Dice Mechanics: the chance of success under
the best rerolls), :mod:`._roller` (a check rolled and rerolled, its sets, botches
and the advice), :mod:`._sheet` (Player Characters and The Danger Track) with
:mod:`._aspects` (its aspects), :mod:`._botches` (the GM's spending of botches on the
GM Options table), :mod:`._gm` (the GM's table: the party, NPCs as challenges, the
turn order).
"""

from __future__ import annotations

from rules_py.widgets._widget import Widget
from rules_py.widgets.danger_world import _botches, _gm, _odds, _roller, _sheet

WIDGETS: tuple[Widget, ...] = (
    *_odds.WIDGETS,
    *_roller.WIDGETS,
    *_sheet.WIDGETS,
    *_botches.WIDGETS,
    *_gm.WIDGETS,
)

__all__ = ["WIDGETS"]
