"""The 2d10 WoDu Hack GM's table (issue 30): the party from the Play page's sheets, quick
NPCs with their HP and weapon rating, and the fight's order as the draft's Initiative
gives it (each player's DEX roll, the GM's one d6 for every enemy).

Every number comes from :mod:`rules_py.systems.wodu` (Core Resolution; Character
Generation; Damage & Powers; Initiative); the table itself is the toolkit's
(:mod:`rules_py.widgets._gm`), and this module says what WoDu asks of it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules_py._format import signed
from rules_py.systems.wodu import SYSTEM
from rules_py.systems.wodu.abilities import MAX_ABILITY, MIN_ABILITY
from rules_py.systems.wodu.character import max_hp
from rules_py.systems.wodu.checks import DIFFICULTY_RATINGS, FUZZY_RANGES, dr_outcomes, fr_outcomes
from rules_py.systems.wodu.damage import WEAPON_RATINGS, damage_notation
from rules_py.systems.wodu.initiative import (
    GM_INITIATIVE_DIE,
    GM_SURPRISED_HIGHEST,
    INITIATIVE_BANDS,
    Spotlight,
    spotlight_order,
)
from rules_py.views import View
from rules_py.widgets._blocks import Block, CheckRow, counter_taps, roll_line, rolled, track
from rules_py.widgets._fields import Choice, Field, Number
from rules_py.widgets._gm import gm_widget
from rules_py.widgets._sheet import sheet_row
from rules_py.widgets._table import Combatant, Placed, Stats, TableRules
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.wodu._character import BUILDER, HIGHEST_MAX_HP, STORE, builder_sheet
from rules_py.widgets.wodu._common import check_dice, roll_check

NPC_MAX_HP = 11
"""A quick NPC's Max HP unless the GM sets another: a Level 1 character's with STR 0
(level + 10 + STR, Character Generation). The draft gives NPCs no stat line."""
NPC_WR = "2"
"""A quick NPC's weapon rating unless the GM sets another: WR:2, d6, a baseball bat or a
chef's knife (Damage & Powers)."""
_WR_OPTIONS = tuple((str(wr), f"WR:{wr} · {dice}") for wr, dice in WEAPON_RATINGS.items())
_DR_KEYS = tuple(str(dr) for dr in DIFFICULTY_RATINGS.values())
_FR_KEYS = tuple(f"{lo}-{hi}" for lo, hi in FUZZY_RANGES.values())
_BAND_WORDS = {
    band.name: (
        f"{band.name} ({band.lowest}+)"
        if band.highest is None
        else f"simply ready ({band.lowest}-{band.highest})"
        if band.lowest is not None
        else f"{band.name} ({band.highest}-)"
    )
    for band in INITIATIVE_BANDS
}
"""A player's band as a turn order's note says it: "head start (16+)"..."""

NPC_FIELDS: tuple[Field, ...] = (
    Number(
        "ability",
        "Ability rating",
        0,
        MIN_ABILITY,
        MAX_ABILITY,
        hint="Its checks: 2d10 + this.",
    ),
    Number(
        "hp",
        "Max HP",
        NPC_MAX_HP,
        1,
        HIGHEST_MAX_HP,
        hint="Level 1, STR 0: 11.",
    ),
    Choice(
        "wr",
        "Weapon rating",
        _WR_OPTIONS,
        NPC_WR,
        hint="Its damage dice.",
    ),
    Number("damage", "Damage taken", 0, 0, HIGHEST_MAX_HP, hint="Tap its boxes later."),
)
"""A quick NPC's stat line (the site's: the draft gives NPCs none): what its checks, its
damage roll and its Damage track need."""


def party_line(values: Values) -> str:
    """What a GM asks of a party member (2d10 WoDu Hack, Character Generation;
    Initiative): its level, the HP it has left of its Max HP, and the DEX its initiative
    roll adds to 2d10."""
    ratings, _ = builder_sheet(values)
    level, dex = values["level"], ratings["DEX"]
    try:
        hp = max_hp(level, ratings["STR"])
    except ValueError:  # a sheet whose STR is off the scale: the line still reads
        health = "Max HP —"
    else:
        health = f"{max(hp - values['damage'], 0)} of {hp} HP left"
    return f"Level {level} · {health} · DEX {signed(dex)}: initiative {check_dice(dex, False)}"


def npc_line(stats: Stats) -> str:
    """A quick NPC's stat line in the draft's terms: its checks' dice and its weapon's
    rating and damage (Core Resolution; Damage & Powers); its Damage track says its HP."""
    wr = int(stats["wr"])
    return (
        f"Checks {check_dice(stats['ability'], False)} · WR:{wr}, damage "
        f"{damage_notation(wr, 0, False)}"
    )


def npc_tracks(stats: Stats) -> list[Block]:
    """A quick NPC's damage taken against its Max HP, as boxes the GM taps (Character
    Generation: Max HP). The draft does not say what 0 HP means; the line says so."""
    hp, damage = stats["hp"], stats["damage"]
    boxes = max(hp, damage)  # more damage than Max HP can be typed, never tapped
    left = max(hp - damage, 0)
    said = f"{damage} taken: {left} of {hp} HP left"
    if left == 0:
        said += " (the draft does not say what 0 HP means: you rule on it)"
    taps = counter_taps("damage", "Damage", damage, boxes)
    return [track("Damage", damage, boxes, said, taps=taps)]


def npc_checks(stats: Stats) -> list[CheckRow]:
    """A quick NPC's checks, each with its exact chance (2d10 WoDu Hack, Core
    Resolution): 2d10 + its rating against each DR of the ladder, against each fuzzy
    range (the chance of at least a weak success, each degree's in the detail), and its
    weapon's damage (Damage & Powers), which has no chance to show."""
    ability = stats["ability"]
    dice = check_dice(ability, False)
    rows = [
        CheckRow(
            key=f"dr:{dr}",
            name=f"{name} DR {dr}",
            value="",
            label=f"Roll {dice} against DR {dr}",
            chance=dr_outcomes(ability, dr)["success"],
            title=f"{dice}: {dr} or more succeeds",
        )
        for name, dr in DIFFICULTY_RATINGS.items()
    ]
    for name, (lo, hi) in FUZZY_RANGES.items():
        outcomes = fr_outcomes(ability, lo, hi)
        rows.append(
            CheckRow(
                key=f"fr:{lo}-{hi}",
                name=f"{name} FR {lo}-{hi}",
                value="",
                label=f"Roll {dice} against FR {lo}-{hi}",
                chance=outcomes["strong"] + outcomes["weak"],
                detail=f"strong success {outcomes['strong']}, weak success {outcomes['weak']}",
                title=f"{dice}: over {hi} a strong success, {lo}-{hi} a weak one",
            )
        )
    wr = int(stats["wr"])
    notation = damage_notation(wr, 0, False)
    rows.append(
        CheckRow(
            key="damage",
            name=f"Damage {notation} (WR:{wr})",
            value="",
            label=f"Roll its damage, {notation} (WR:{wr})",
        )
    )
    return rows


def npc_check(stats: Stats, key: str, rng: random.Random) -> View:
    """Roll one of a quick NPC's checks as the draft rolls a check (Core Resolution: 2d10 +
    the rating, read against the DR or FR), or its weapon's damage (Damage & Powers)."""
    kind, which = sheet_row(key, dr=_DR_KEYS, fr=_FR_KEYS, damage=("",))
    if kind == "damage":
        wr = int(stats["wr"])
        notation = damage_notation(wr, 0, False)
        line, result = roll_line("", notation, rng)
        return {**rolled([line], f"{result.total} damage"), "what": f"Damage WR:{wr}, {notation}"}
    against = {"kind": kind, "dr": which, "fr": which}
    view = roll_check(stats["ability"], False, against, rng)
    dice = check_dice(stats["ability"], False)
    return {**view, "what": f"{dice} against {kind.upper()} {which}"}


def _note(spot: Spotlight, gm_total: int | None) -> str:
    """What a place in the order means in Round 1 (2d10 WoDu Hack, Initiative)."""
    round_1 = "acts in Round 1" if spot.acts_in_round_1 else "skips Round 1"
    if spot.player:
        return f"{_BAND_WORDS[spot.band]}: {round_1}"
    said = f"enemies' d6 {gm_total}: {spot.band}, {round_1}"
    if gm_total == GM_SURPRISED_HIGHEST:
        said += " (a +1 declared: head start)"
    elif gm_total == GM_SURPRISED_HIGHEST + 1:
        said += " (a -1 declared: surprised)"
    return said


def initiative(combatants: Sequence[Combatant], rng: random.Random) -> list[Placed]:
    """The fight's order (2d10 WoDu Hack, Initiative): each player rolls DEX, 2d10 + DEX
    from their sheet, and the GM one d6 for all the enemies, shown once on the first
    enemy; :func:`~rules_py.systems.wodu.spotlight_order` orders them, players first.
    An enemy has no number of its own (its score is empty), so that an initiative the
    GM sets by hand still sorts every enemy after the players."""
    lines = {}
    players = []
    for c in combatants:
        if c.pc:
            dex = builder_sheet(c.stats)[0]["DEX"]
            line, result = roll_line(c.name, check_dice(dex, False), rng)
            lines[c.id] = line
            players.append((c.id, result.total))
    enemies = [c.id for c in combatants if not c.pc]
    gm_total = None
    if enemies:
        line, result = roll_line("The enemies", GM_INITIATIVE_DIE, rng)
        lines[enemies[0]] = line
        gm_total = result.total
    return [
        Placed(spot.who, spot.total, lines.get(spot.who), _note(spot, gm_total))
        for spot in spotlight_order(players, enemies, gm_total)
    ]


ORDER_NOTE = (
    "Each player rolls DEX (2d10 + DEX), the GM one d6 for all the enemies (Initiative). "
    "Players go first, a higher total first, then the enemies, every round; in Round 1 only "
    "a head start acts (a player's 16+, the enemies' 4-6), so skip anyone whose note says "
    "so."
)

RULES = TableRules(
    name="wodu-gm",
    system=SYSTEM,
    sheet=BUILDER,
    store=STORE,
    party_line=party_line,
    npc_fields=NPC_FIELDS,
    npc_line=npc_line,
    npc_tracks=npc_tracks,
    npc_checks=npc_checks,
    npc_check=npc_check,
    order_note=ORDER_NOTE,
    initiative=initiative,
)
"""What the 2d10 WoDu Hack GM's table needs of the rules. No presets: the draft gives no
example characters or opponents."""
GM = gm_widget(RULES)
"""2d10 WoDu Hack: the GM's table (issue 30)."""

WIDGETS: tuple[Widget, ...] = (GM,)
