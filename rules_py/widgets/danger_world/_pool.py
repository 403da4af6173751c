"""The action die pool as both Danger World widgets handle it: its dice, counted and written.

The pool roller and the character sheet's checks roll the same pool the same way:
:func:`pool_dice` counts it from the roller's field names (the sheet hands its
values over under those names, see :func:`rules_py.widgets.danger_world._sheet.pool_values`);
:func:`parse_faces` and :func:`show_faces` read and write the faces of real dice
(``"1, 3, 3, D5, T2"``: D a danger die, T a threat die); :func:`best_words` names
the best set the dice offer and what it brings. Every rule comes from
:mod:`rules_py.systems.danger_world` (Danger World, Dice Mechanics; Special Dice;
The Danger Track).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rules_py.systems import danger_world as dw
from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import MAX_POOL
from rules_py.widgets._blocks import listing
from rules_py.widgets._widget import Refusal
from rules_py.widgets.danger_world._common import SYSTEM, dice_word

KIND_MARK = {"normal": "", "danger": "D", "threat": "T"}
"""How a die's kind is written before its face: nothing, D (danger) or T (threat)."""
_MARK_KIND = {"": "normal", "D": "danger", "T": "threat"}
_TOKEN = re.compile(r"^([DT]?)([1-6])$")
RESULT_WORDS = {"success": "success", "partial": "partial success", "failure": "failure"}

POOL_FIELDS = ("stat_a", "stat_b", "bonus", "lost", "bashed", "danger", "threat", "level")
"""The values a pool is counted from (the roller's field names)."""


def parse_faces(raw: str) -> tuple[dw.Die, ...]:
    """``"1, 3, D5, T2"`` as dice: a bare face is normal, D a danger die, T a threat die."""
    dice = []
    for token in re.split(r"[\s,;]+", raw.strip().upper()):
        if not token:
            continue
        match = _TOKEN.match(token)
        if match is None:
            raise ValueError(
                refusal(
                    "each die is a face 1 to 6, D before a danger die's "
                    f"face, T before a threat die's, e.g. 1, 3, 3, D5, T2 (got {token!r})",
                    f"{SYSTEM}, Dice Mechanics",
                )
            )
        dice.append(dw.Die(int(match[2]), _MARK_KIND[match[1]]))  # type: ignore[arg-type]
    if len(dice) > MAX_POOL:
        raise ValueError(
            refusal(f"the tools roll at most {MAX_POOL} dice", f"{SYSTEM}, Dice Mechanics")
        )
    return tuple(dice)


def show_faces(dice: Sequence[dw.Die]) -> str:
    """Dice as the roller's ``own`` field writes them: ``"1, 3, D5, T2"``."""
    return ", ".join(f"{KIND_MARK[d.kind]}{d.face}" for d in dice)


def field_dice(dice: Sequence[dw.Die], marked: Sequence[int] = ()) -> list[dict[str, Any]]:
    """Dice as the roller's ``dice`` field holds them."""
    return [{"face": d.face, "kind": d.kind, "marked": i in marked} for i, d in enumerate(dice)]


def pool_dice(values: Mapping[str, Any]) -> tuple[int, int, int]:
    """Normal, danger and threat dice of a check, each checked (Dice Mechanics; Special Dice).

    The two stats' dice plus bonus dice, less one per Stunned box (``lost``); danger
    dice up to the rank of the danger level's zone; threat dice from the challenge
    and one per Bashed box (The Danger Track). A refusal names the fields at fault.
    """
    normal = max(0, values["stat_a"] + values["stat_b"] + values["bonus"] - values["lost"])
    try:
        danger = dw.check_danger_dice(values["danger"], values["level"])
    except ValueError as broken:
        raise Refusal(str(broken), ["danger"]) from None
    threat = values["threat"] + values["bashed"]
    if normal + danger + threat > MAX_POOL:
        raise Refusal(
            refusal(
                f"the tools roll at most {MAX_POOL} dice (got {normal + danger + threat})",
                f"{SYSTEM}, Dice Mechanics",
            ),
            ["bonus", "danger", "threat"],
        )
    return normal, danger, threat


def set_name(height: int | None) -> str:
    """``"Set of 3"``, or ``"No set"``."""
    return "No set" if height is None else f"Set of {height}"


def best_words(dice: Sequence[dw.Die], difficulty: int) -> str:
    """The best set's outcome at ``difficulty``: ``"Set of 3: success, 1 bonus die"``."""
    best = dw.outcomes(dice, difficulty)[0]
    words = f"{set_name(best.height)}: {RESULT_WORDS[best.result]}"
    if best.bonus_dice:
        words += f", {dice_word(best.bonus_dice, 'bonus')}"
    return words


def faces_text(dice: Sequence[dw.Die]) -> str:
    """The dice as the roll log writes them: ``"[3] [3] [D5] [T2]"``."""
    return " ".join(f"[{KIND_MARK[d.kind]}{d.face}]" for d in dice)


def botches_text(b: dw.Botches) -> str:
    """``"1 botch: 1 normal die"``, ``"3 botches: 2 normal dice and 1 threat die"``."""
    if not b.total:
        return "none"
    kinds = [
        dice_word(n, k)
        for k, n in (("normal", b.normal), ("danger", b.danger), ("threat", b.threat))
        if n
    ]
    return f"{b.total} botch{'' if b.total == 1 else 'es'}: {listing(kinds)}"
