"""Peupfudge's GM page (``/peupfudge/gm/``, issue 30): the party's statuses and levels,
quick NPCs with one status of the GM's and their actions' exact chances, and a plain turn
order the GM arranges.

Every number comes from :mod:`rules_py.systems.peupfudge`: an action succeeds when
L + A + R ≥ D with R = 4dF by default, its exact chance P(NdF ≥ D − L − A) (2 Actions;
D Probability Reference); an opposed action compares each side's L + A + R, 3dF by
default, equal totals a tie (2 Actions, Opposed Actions). The table itself (parties,
NPCs, turns) is the shared toolkit's (:mod:`rules_py.widgets._gm`).

Readings (stated in the GM page's Source notes): the draft has no initiative, so the GM
arranges the order; an NPC is a quick stat line (one ability's L, its A, the dice of its
actions and of its opposed actions) with one status whose states the GM names, ticked a
state at a time from the first; its actions are offered against a ladder of D around its
L + A (the reference sheet's n = D − L − A from -3 to 4), since the GM sets D action by
action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules_py._format import signed
from rules_py.systems.peupfudge import MAX_DICE, MIN_DICE
from rules_py.systems.peupfudge.actions import (
    DEFAULT_ACTION_DICE,
    DEFAULT_OPPOSED_DICE,
    success_chance,
)
from rules_py.views import View
from rules_py.widgets._blocks import Block, CheckRow, counter_taps, roll_line, rolled, text, track
from rules_py.widgets._fields import Field, Number, Text
from rules_py.widgets._gm import gm_widget
from rules_py.widgets._sheet import sheet_row
from rules_py.widgets._table import Stats, TableRules
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.peupfudge._character import (
    STORE,
    XP_PANEL,
    _sheet_abilities,
    ability_level,
)
from rules_py.widgets.peupfudge._common import action_rolled, level_field, sum_text
from rules_py.widgets.peupfudge._traits import MOST_STATUS_BOXES, _state, _state_names

SYSTEM = XP_PANEL.system

LADDER = tuple(range(-3, 5))
"""The rolls n = D − L − A an NPC's actions are offered at: the reference sheet's rows,
P(4dF ≥ n) for n = -3 to 4 (Peupfudge, A Reference Sheet). With fewer dice the rows
that cannot be met or cannot be missed are left out."""

NPC_STATUS = "Health"
NPC_STATES = "Unhurt, Hurt, Badly hurt, Out"
"""A quick NPC's status unless the GM names another: health is one of the draft's
examples of a status (1 Characters), which names no states for it; these four are the
site's, for the GM to rename."""


# --------------------------------------------------------------------------
# The party: what a GM asks of a member
# --------------------------------------------------------------------------


def _statuses_said(statuses: Sequence[Mapping[str, Any]]) -> str:
    """Each status's state now, named as the sheet names it: ``"Energy Tired (-1)"``."""
    said = []
    for row in statuses:
        name = str(row["name"]).strip() or "Status"
        said.append(f"{name} {_state(row['current'], _state_names(row))}")
    return ", ".join(said)


def party_line(values: Values) -> str:
    """What a GM asks of a member (Peupfudge, 1 Characters; 1.1 Abilities; 2 Actions): the
    GM's statuses at their state now, each ability's L in actions (its modified level
    after the XP allocated) and what the sheet's rolls are made against (its D, A and
    number of Fudge dice, which its player sets)."""
    statuses = _statuses_said(values["statuses"])
    try:
        abilities = _sheet_abilities(values)
    except ValueError as broken:
        levels = f"its abilities cannot be read: {broken}"
    else:
        levels = "L in actions: " + ", ".join(
            f"{name} {ability_level(row, spent)}" for name, row, spent in abilities
        )
    extra = f", A = {values['A']}" if values["A"] else ""
    rolls = f"Its rolls: D = {values['D']} on {values['dice']}dF{extra}"
    return ". ".join(part for part in (statuses, levels, rolls) if part) + "."


# --------------------------------------------------------------------------
# A quick NPC: its stat line, its status and its actions
# --------------------------------------------------------------------------


def state_names(raw: str) -> list[str]:
    """A status's states, first to last, from the GM's comma-separated names (Peupfudge,
    1 Characters: the GM decides what states a status can take): at least two, none
    blank, at most :data:`~rules_py.widgets.peupfudge._traits.MOST_STATUS_BOXES` + 1 so
    that its boxes fit a line."""
    names = [n.strip() for n in raw.split(",")]
    if len(names) < 2 or not all(names):
        raise ValueError("Name at least two states, commas between: Unhurt, Hurt, Out")
    if len(names) > MOST_STATUS_BOXES + 1:
        raise ValueError(f"A quick NPC's status takes at most {MOST_STATUS_BOXES + 1} states")
    return names


NPC_FIELDS: tuple[Field, ...] = (
    Text(
        "ability",
        "Ability it rolls",
        "Muscle",
        max_length=30,
        hint="One of the campaign's abilities: Muscle, Fitness, Archery...",
    ),
    level_field("L", "L, its level", 4, "Modifier included: 4 is a decent Muscle in example 2."),
    level_field("A", "A, additional factors", 0, "Its gear, a property: Nyrv's -1 in the cave."),
    Number(
        "dice",
        "Fudge dice for its actions",
        DEFAULT_ACTION_DICE,
        MIN_DICE,
        MAX_DICE,
        hint="4dF by default.",
    ),
    Number(
        "opposed_dice",
        "Fudge dice when opposed",
        DEFAULT_OPPOSED_DICE,
        MIN_DICE,
        MAX_DICE,
        hint="3dF by default; example 5's arm wrestling takes 1dF.",
    ),
    Text("status", "Status it tracks", NPC_STATUS, max_length=30, hint="Health, Energy..."),
    Text(
        "states",
        "Its states, first to last",
        NPC_STATES,
        max_length=200,
        parse=state_names,
        hint="Commas between; it starts at the first.",
    ),
    Number(
        "state",
        "States past the first",
        0,
        0,
        MOST_STATUS_BOXES,
        hint="0 for a fresh NPC; in play, tick its boxes.",
    ),
)
"""A quick NPC's stat line (the site's: the draft keeps NPCs' traits with the GM and gives
them no shorter form): what its actions, its opposed actions and its status need."""


def _ladder(dice: int) -> list[int]:
    """The rolls n an action is offered at: the reference sheet's -3 to 4, less those that
    NdF always or never reaches (n ≤ -N or n > N)."""
    return [n for n in LADDER if -dice < n <= dice]


def _name(stats: Stats) -> str:
    return str(stats["ability"]).strip() or "Ability"


def _l_and_a(stats: Stats) -> str:
    """``"L 5, A -1"``, or ``"L 4"`` when A is 0."""
    return f"L {stats['L']}" + (f", A {signed(stats['A'])}" if stats["A"] else "")


def npc_line(stats: Stats) -> str:
    """What a GM reads of an NPC at a glance (Peupfudge, 2 Actions): the ability it rolls,
    its L and A, the dice of its actions and of its opposed actions."""
    return (
        f"{_name(stats)}: {_l_and_a(stats)}. Actions on {stats['dice']}dF, opposed on "
        f"{stats['opposed_dice']}dF."
    )


def npc_tracks(stats: Stats) -> list[Block]:
    """The NPC's status as boxes, one for each state after the first (Peupfudge,
    1 Characters: the GM decides a status's states and what moves it): a tap on the
    first empty box moves it a state on, on the last filled one a state back."""
    status = str(stats["status"]).strip() or "Status"
    names = state_names(str(stats["states"]))
    boxes, state = len(names) - 1, int(stats["state"])
    if state > boxes:
        return [text(f"{status}: {state} states past the first, but it has {boxes + 1}.")]
    taps = [
        {**tap, "said": f"{status}: {names[state]} → {names[tap['set']['state']]}"}
        for tap in counter_taps("state", status, state, boxes)
    ]
    said = f"{names[state]}" + (f", {boxes - state} more to {names[-1]}" if state < boxes else "")
    return [
        track(
            status, state, boxes, said, taps=taps, names=[f"{status}: {n}" for n in names[1:]]
        )
    ]


def npc_checks(stats: Stats) -> list[CheckRow]:
    """The NPC's action against each D of the ladder, with its exact chance that
    L + A + R ≥ D (Peupfudge, 2 Actions; D Probability Reference), and its opposed
    action's L + A + R, whose chance depends on the other side (Opposed Actions)."""
    name, level, extra, dice = _name(stats), stats["L"], stats["A"], stats["dice"]
    base = level + extra
    rows = [
        CheckRow(
            key=f"action:{base + n}",
            name=f"{name} against D = {base + n}",
            value="",
            label=f"Roll {name}, {_l_and_a(stats)}, against D = {base + n} on {dice}dF",
            chance=success_chance(level, extra, base + n, dice),
            detail=f"needs R ≥ {signed(n)} on {dice}dF",
            title=f"L + A + R ≥ D: {sum_text(level, extra) if extra else level} + R ≥ {base + n}",
        )
        for n in _ladder(dice)
    ]
    opposed = stats["opposed_dice"]
    rows.append(
        CheckRow(
            key="opposed",
            name=f"{name}, opposed",
            value=f"{opposed}dF",
            label=f"Roll {name} in an opposed action, {_l_and_a(stats)} on {opposed}dF",
            detail=f"L + A + R from {base - opposed} to {base + opposed}",
            title="The highest L + A + R wins; equal totals tie",
        )
    )
    return rows


def npc_check(stats: Stats, key: str, rng: random.Random) -> View:
    """An NPC's action rolled as a sheet's is, L + A + R ≥ D with its relative performance
    (Peupfudge, 2 Actions); or its side of an opposed action, L + A + R to compare with
    the others' (Opposed Actions)."""
    name, level, extra = _name(stats), stats["L"], stats["A"]
    against = tuple(str(level + extra + n) for n in _ladder(stats["dice"]))
    kind, which = sheet_row(key, action=against, opposed=("",))
    if kind == "opposed":
        dice = stats["opposed_dice"]
        line, result = roll_line("R", f"{dice}dF", rng)
        total = level + extra + result.total
        outcome = (
            f"L + A + R = {sum_text(level, extra, result.total)} = {total}: the highest total "
            "wins, equal totals tie"
        )
        return {**rolled([line], outcome), "what": f"{name} opposed, {_l_and_a(stats)}"}
    difficulty = int(which)
    view = action_rolled(level, extra, difficulty, stats["dice"], rng)
    what = f"{name} ({_l_and_a(stats)}) against D = {difficulty} on {stats['dice']}dF"
    return {**view, "what": what}


# --------------------------------------------------------------------------
# The source's example characters, as quick NPCs (Peupfudge, C Examples)
# --------------------------------------------------------------------------


def _preset(ability: str, level: int, extra: int = 0, **more: int) -> dict[str, Any]:
    return {
        "ability": ability,
        "L": level,
        "A": extra,
        "dice": more.get("dice", DEFAULT_ACTION_DICE),
        "opposed_dice": more.get("opposed_dice", DEFAULT_OPPOSED_DICE),
        "status": NPC_STATUS,
        "states": NPC_STATES,
        "state": 0,
    }


PRESETS: tuple[tuple[str, Mapping[str, Any]], ...] = (
    ("Nyrv", _preset("Fitness", 5, -1)),
    ("Gromanno", _preset("Fitness", 2, 1)),
    ("Polthova", _preset("Fitness", 8)),
    ("Hobbit", _preset("Strength", 3 - 1, opposed_dice=1)),
    ("Cyborg (left arm)", _preset("Strength", 3 + 2, opposed_dice=1)),
    ("Ant", _preset("Strength", 7 - 50, opposed_dice=1)),
    ("Archer", _preset("Archery", 2)),
    ("Mage", _preset("Construction Magic", 6, -1)),
)
"""The draft's example characters with the numbers their actions use (Peupfudge,
C Examples): example 4's racers (Fitness; A +1 for Gromanno's old running shoes, -1 for
Nyrv's poor low-light vision in the cave; 3dF), example 5's arm wrestlers (Strength as
L, unmodified level and modifier summed: the hobbit 3 - 1, the cyborg's left arm 3 + 2,
the ant 7 - 50; 1dF), example 3's archer (Archery 2) and example 1's mage (Construction
Magic 6, A -1 for Shroom Belly). Nyrv is the draft's one NPC; the others are offered as
opponents all the same."""


# --------------------------------------------------------------------------
# The turn order: the GM's (the draft has no initiative)
# --------------------------------------------------------------------------

ORDER_NOTE = (
    "Peupfudge has no initiative rule (2 Actions): Set the order lists the party, then the "
    "NPCs; ↑ moves one up. For the dice to decide, run an opposed action as in example 4's "
    "race: the highest L + A + R first, equal totals rolled again."
)

RULES = TableRules(
    name="peupfudge-gm",
    system=SYSTEM,
    sheet=XP_PANEL,
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
"""Peupfudge's table: the Play page's characters, quick NPCs and the example characters
as presets, an order the GM arranges."""

GM = gm_widget(RULES)
"""Peupfudge: the GM's table (issue 30)."""

WIDGETS: tuple[Widget, ...] = (GM,)
