"""Danger World's GM page (``/danger-world/gm/``, issue 30): each member's danger level,
damage and story points, quick NPCs as the challenges a PC's checks overcome, and a plain
turn order the GM arranges.

Every number comes from :mod:`rules_py.systems.danger_world`: the zone and its danger
dice, the damage boxes and what they do (The Danger Track), a check's exact chance of a
set at or above the difficulty with both reroll rounds played well, its botches and what
a Fighting set accomplishes (Dice Mechanics; Special Dice; Moves). The table itself
(parties, NPCs, turns) is the shared toolkit's (:mod:`rules_py.widgets._gm`).

Readings (stated in the GM page's Source notes): NPCs never roll in Danger World, they
are challenges (Challenges: "obstacles, monsters, traps"), so a quick NPC is what a
check against it needs: its difficulty (the Fighting move's ranks), its modifiers, the
threat dice its complications brought, and whether it is defeated; its checks are a
PC's check against it with 2 to 8 dice (two stats of 1 to 4), rolled with both reroll
rounds played as the advice plays them. The source has no initiative, so the GM
arranges the order; nobody ties in a list the GM arranges.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from rules_py.systems import danger_world as dw
from rules_py.systems.danger_world.danger_track import TRACK_NAMES
from rules_py.systems.danger_world.rerolls import ROUNDS
from rules_py.views import View
from rules_py.widgets._blocks import (
    Block,
    CheckRow,
    counter_taps,
    percent_of,
    rolled,
    track,
)
from rules_py.widgets._fields import Choice, Field, Number, Text
from rules_py.widgets._gm import gm_widget
from rules_py.widgets._sheet import sheet_row
from rules_py.widgets._table import Stats, TableRules
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.danger_world._common import (
    ROUND_NAMES,
    SYSTEM,
    dice_word,
    difficulty_words,
)
from rules_py.widgets.danger_world._pool import KIND_MARK, best_words, botches_text
from rules_py.widgets.danger_world._sheet import (
    SHEET,
    STORE,
    TRACK_FIELDS,
    damage_said,
    pool_chance,
)

FIGHTING = dw.move("Fighting")
"""The general move whose ranks give an enemy's difficulty (Moves, General Moves)."""

POOLS = tuple(range(2 * dw.MIN_STAT, 2 * dw.MAX_STAT + 1))
"""The pools a check against an NPC is offered with: two stats' dice, 1 to 4 each
(Player Characters, Stats; Dice Mechanics), so 2 to 8 dice. Bonus and danger dice make
more: a member's own line rolls its whole pool."""

MOST_THREAT = 12
"""The most threat dice a quick NPC's challenge holds (the source sets no number: with a
pool of 8 dice and 4 danger dice, 24 dice in all, the tools' limit)."""

THREAT_BOXES = 3
"""The threat-dice boxes an NPC's line draws, one more whenever all are filled."""


# --------------------------------------------------------------------------
# The party: what a GM asks of a member
# --------------------------------------------------------------------------


def party_line(values: Values) -> str:
    """What a GM asks of a member (The Danger Track; Aspects and Story Points): the danger
    level with its zone and the danger dice it allows, what the filled damage boxes do
    now, and the story points in the player's personal allocation and the general pool."""
    level = int(values["level"])
    zone = dw.zone(level)
    damage = dw.damage_from_list([values[TRACK_FIELDS[t]] for t in TRACK_NAMES])
    injured = [s.strip() for s in re.split(r"[,;]+", str(values["injured"])) if s.strip()]
    return (
        f"Danger level {level}, zone {zone.rank}: up to "
        f"{dice_word(zone.danger_dice, 'danger')}. Damage: {damage_said(damage, injured)}. "
        f"Story points: {values['personal_sp']}, {values['general_sp']} in the general pool."
    )


# --------------------------------------------------------------------------
# A quick NPC: a challenge, with its difficulty, modifiers and threat dice
# --------------------------------------------------------------------------

DIFFICULTY = Choice(
    "difficulty",
    "Difficulty to defeat it",
    tuple(
        (str(r.height), f"{r.height}: {r.rank}, {r.accomplishment.removeprefix('defeating ')}")
        for r in FIGHTING.rows
    ),
    "3",
    hint="The Fighting move's ranks: 2 a minion, 3 a common enemy, 4 an officer, 5 a local "
    "boss, 6 a major campaign threat.",
)

NPC_FIELDS: tuple[Field, ...] = (
    DIFFICULTY,
    Text(
        "modifiers",
        "Its modifiers",
        "",
        max_length=80,
        hint="Keywords, e.g. armoured, high ground: each one that helps an attempt lowers "
        "the difficulty by one, each that hinders raises it.",
    ),
    Number(
        "threat",
        "Threat dice on it",
        0,
        0,
        MOST_THREAT,
        hint="From complications: each is rolled with every check against it.",
    ),
    Number(
        "defeated",
        "Defeated",
        0,
        0,
        1,
        hint="0 for an NPC still in the fight; in play, tick its box.",
    ),
)
"""A quick NPC's stat line (the site's: the source gives NPCs none, only challenges with a
difficulty, modifiers and threat dice; Challenges, Special Dice, Moves)."""


def _difficulty(stats: Stats) -> int:
    return int(stats["difficulty"])


def npc_line(stats: Stats) -> str:
    """What a GM reads of an NPC at a glance (Challenges; Moves, Fighting): the difficulty
    of defeating it with its rank, its modifiers, and the threat dice on it."""
    difficulty = _difficulty(stats)
    said = f"Difficulty {difficulty_words(difficulty)}: {FIGHTING.row(difficulty).accomplishment}"
    modifiers = str(stats["modifiers"]).strip()
    if modifiers:
        said += f". Modifiers: {modifiers}"
    if stats["threat"]:
        said += f". {dice_word(stats['threat'], 'threat')} in every check against it"
    return said + "."


def npc_tracks(stats: Stats) -> list[Block]:
    """The NPC's boxes: Defeated (a successful Fighting check at its difficulty takes it
    out; Moves, Fighting), then the threat dice on it, one box each (Special Dice: added
    when complications crop up; the GM Options' cost-1 "add a threat die to a
    challenge"): a tap on an empty box adds one, on a filled box takes the last away."""
    defeated = int(stats["defeated"])
    threat = int(stats["threat"])
    boxes = min(MOST_THREAT, max(THREAT_BOXES, threat + 1))
    return [
        track(
            "Defeated",
            defeated,
            1,
            "out of the fight" if defeated else "",
            taps=[
                {**tap, "said": "Defeated" if defeated == 0 else "Back in the fight"}
                for tap in counter_taps("defeated", "Defeated", defeated, 1)
            ],
            names=["Defeated"],
        ),
        track(
            "Threat dice",
            threat,
            boxes,
            f"{threat} on it",
            taps=counter_taps("threat", "Threat dice", threat, boxes),
            names=[f"Threat die {n + 1}" for n in range(boxes)],
        ),
    ]


def _around(dice: int, difficulty: int) -> str:
    """The chance one modifier each way makes (Challenges): ``"a modifier helping: 80%,
    hindering: 26%"``."""
    helping = pool_chance(dice, max(difficulty - 1, 1))
    hindering = pool_chance(dice, min(difficulty + 1, 7))
    return f"helped by a modifier {percent_of(helping)}, hindered {percent_of(hindering)}"


def npc_checks(stats: Stats) -> list[CheckRow]:
    """A PC's check against the NPC with 2 to 8 dice, each with its exact chance of a set at
    or above its difficulty, both reroll rounds played well (Dice Mechanics; the solver
    of :func:`rules_py.systems.danger_world.success_chance`): threat dice change no
    chance (they never make a set). Each says what a modifier either way makes of it."""
    difficulty = _difficulty(stats)
    threat = int(stats["threat"])
    extra = f" and {dice_word(threat, 'threat')}" if threat else ""
    return [
        CheckRow(
            key=f"pool:{dice}",
            name="Against it with",
            value=dice_word(dice),
            label=f"Roll a check against it with {dice_word(dice)}{extra}, difficulty "
            f"{difficulty_words(difficulty)}",
            chance=pool_chance(dice, difficulty),
            detail=f"{ROUND_NAMES[ROUNDS]} played well; {_around(dice, difficulty)}",
            title=f"A set of {difficulty} or higher from {dice_word(dice)}",
        )
        for dice in POOLS
    ]


def _parts(dice: Sequence[dw.Die], in_set: Sequence[int] = ()) -> list[dict[str, Any]]:
    parts = []
    for i, die in enumerate(dice):
        said = [str(die.face)]
        if die.kind != "normal":
            said.append(f"{die.kind} die")
        if i in in_set:
            said.append("in the set")
        parts.append(
            {"kind": "die", "text": f"{KIND_MARK[die.kind]}{die.face}", "title": ", ".join(said)}
        )
    return parts


def _line(label: str, dice: Sequence[dw.Die], in_set: Sequence[int] = ()) -> dict[str, Any]:
    parts = _parts(dice, in_set)
    sets = dw.available_sets(dice)
    result = f"Best set: {sets[0]}" if sets else "No set"
    spoken = ", ".join(p["title"] for p in parts) + f". {result}"
    return {"label": label, "parts": parts, "total": "", "result": result, "spoken": spoken}


def npc_check(stats: Stats, key: str, rng: random.Random) -> View:
    """A PC's check against the NPC, rolled as the system rolls it (Dice Mechanics; Special
    Dice): the pool with the NPC's threat dice, then both reroll rounds, each rerolling
    the dice the advice marks (the first of its best keeps; threat dice never reroll),
    and the best set at the NPC's difficulty with its botches and what Fighting makes
    of it (Moves)."""
    _, which = sheet_row(key, pool=tuple(str(d) for d in POOLS))
    pool, difficulty, threat = int(which), _difficulty(stats), int(stats["threat"])
    dice = dw.roll_pool(pool, 0, threat, rng)
    lines = [_line("Roll", dice)]
    for left in range(ROUNDS, 0, -1):
        advised = dw.advice(dice, difficulty, left)
        rerolled = advised.optimal[0].rerolled if advised.optimal else ()
        if not rerolled:
            break
        dice = dw.reroll(dice, rerolled, rng)
        lines.append(_line(f"Reroll {ROUNDS - left + 1}", dice))
    best = dw.outcomes(dice, difficulty)[0]
    lines[-1] = _line(lines[-1]["label"], dice, best.set_dice)
    with_set = " with that set" if best.height else ""
    details = [
        f"Botches{with_set}: {botches_text(best.botches)}, for the GM to spend.",
        dw.move_result(FIGHTING, dice, difficulty, best.height) + ".",
    ]
    view = rolled(lines, best_words(dice, difficulty), details)
    what = f"a check against it with {dice_word(pool)}"
    if threat:
        what += f" and {dice_word(threat, 'threat')}"
    return {**view, "what": f"{what}, difficulty {difficulty_words(difficulty)}"}


# --------------------------------------------------------------------------
# The source's opponents: the Fighting move's five kinds of enemy
# --------------------------------------------------------------------------


def _preset(difficulty: int) -> dict[str, Any]:
    return {"difficulty": str(difficulty), "modifiers": "", "threat": 0, "defeated": 0}


PRESETS: tuple[tuple[str, Mapping[str, Any]], ...] = (
    ("Minion", _preset(2)),
    ("Common enemy", _preset(3)),
    ("Officer", _preset(4)),
    ("Local boss", _preset(5)),
    ("Major campaign threat", _preset(6)),
)
"""The opponents the source names, with the difficulty of defeating each (Moves, General
Moves, Fighting: a minion or minor enemy 2, a common enemy 3, an officer or otherwise
notable enemy 4, a local boss 5, a major campaign threat 6)."""


# --------------------------------------------------------------------------
# The turn order: the GM's (the source has no initiative)
# --------------------------------------------------------------------------

ORDER_NOTE = (
    "Danger World has no initiative (Dice Mechanics): Set the order lists the party, then "
    "the NPCs; ↑ moves one up."
)

RULES = TableRules(
    name="danger-world-gm",
    system=SYSTEM,
    sheet=SHEET,
    store=STORE,
    party_line=party_line,
    npc_fields=NPC_FIELDS,
    npc_line=npc_line,
    npc_tracks=npc_tracks,
    npc_checks=npc_checks,
    npc_check=npc_check,
    order_note=ORDER_NOTE,
    initiative=None,
    presets=PRESETS,
)
"""Danger World's table: the Play page's characters, quick NPCs as challenges with the
Fighting move's enemies as presets, an order the GM arranges."""

GM = gm_widget(RULES)
"""Danger World: the GM's table (issue 30)."""

WIDGETS: tuple[Widget, ...] = (GM,)
