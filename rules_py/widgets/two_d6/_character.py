"""2d6 healing and the character builder.

Every number comes from :mod:`rules_py.systems.two_d6` (Combat, Healing;
Character Creation; Stats; Skills; Talents; Magic; Character Growth); this
module arranges it into blocks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rules_py._format import decimal, percent
from rules_py.systems._params import refusal
from rules_py.systems.two_d6 import builder
from rules_py.systems.two_d6 import character as rules
from rules_py.systems.two_d6._common import counted, find_named
from rules_py.systems.two_d6.checks import (
    DEATH_SAVE_DC,
    SNAKE_EYES,
    armoured_dc,
    parse_dc,
    roll_check,
    success_chance,
)
from rules_py.systems.two_d6.items import armour_dc_steps
from rules_py.systems.two_d6.magic import SPELL_XP, SPELLS, cast_outcomes, roll_cast
from rules_py.views import View
from rules_py.widgets._blocks import (
    Block,
    CheckRow,
    counter_taps,
    edit_only,
    facts,
    rolled,
    sheet_checks,
    table,
    text,
    track,
)
from rules_py.widgets._fields import Choice, Flag, Number, Text
from rules_py.widgets._sheet import (
    NAME,
    Cue,
    FieldsOf,
    called,
    mend_first,
    problems_beside,
    row_name,
    sheet_row,
    sheet_rows,
    sheet_widget,
)
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.two_d6._common import (
    ARMOUR_OPTIONS,
    SPELL_OPTIONS,
    SYSTEM,
    bonus_field,
    check_outcome,
    dc_field,
    dc_text,
    dice_line,
    signed,
)

# --------------------------------------------------------------------------
# Healing (Combat, Healing)
# --------------------------------------------------------------------------


def _days(n: int) -> str:
    return counted(n, "day")


def _healing_show(values: Values) -> list[Block]:
    lost, rested = values["wounds_lost"], values["rested"]
    healer = values["healer"] if values["tended"] else None
    dc = rules.heal_dc(lost)
    days = rules.healing_days(lost, healer, rested)
    mean = sum((d * p for d, p in days.items()), Fraction(0))
    rate = "one wound a day" if rested else "one wound every two days"
    items: list[tuple[str, str] | tuple[str, str, str]] = [
        ("Heal check", dc_text(dc), "7 for one wound lost, one step more for each further wound"),
    ]
    if healer is None:
        summary = (
            f"{counted(lost, 'wound')} lost, "
            f"{'rested and fed' if rested else 'short of rest or food'}: {rate}, so "
            f"{_days(max(days))} to heal. A healer's check against {dc_text(dc)} "
            "would double the rate."
        )
        return [text(summary), facts(items)]
    today = success_chance(healer, dc)
    items += [
        ("Today's check", percent(today), str(today)),
        ("Average days", decimal(mean), str(mean)),
        ("Fewest days", _days(min(days))),
        ("Most days", _days(max(days))),
    ]
    summary = (
        f"{counted(lost, 'wound')} lost, "
        f"{'rested and fed' if rested else 'short of rest or food'} ({rate}), with a healer at "
        f"{signed(healer)}: today's heal check against {dc_text(dc)} succeeds "
        f"{percent(today)} and doubles the day's recovery. Each day's check is against the "
        f"DC for the wounds still lost; every wound is back in {decimal(mean)} "
        f"day{'' if mean == 1 else 's'} on average."
    )
    rows, titles, running = [], [], Fraction(0)
    for day, p in sorted(days.items()):
        running += p
        rows.append([_days(day), percent(p), percent(running)])
        titles.append(["", str(p), str(running)])
    return [
        text(summary),
        facts(items),
        table(
            f"Days to heal {counted(lost, 'wound')}",
            ["Days", "Exactly", "By then"],
            rows,
            titles=titles,
        ),
    ]


def _healing_unused(values: Values) -> list[str]:
    return [] if values["tended"] else ["healer"]


HEALING = Widget(
    name="2d6-healing",
    title="Healing",
    fields=(
        Number(
            "wounds_lost",
            "Wounds lost",
            3,
            1,
            rules.MAX_WOUNDS_LOST,
            hint="How many wounds the character is down.",
        ),
        Flag("rested", "Eight hours' rest a day, properly fed", True),
        Flag("tended", "A healer makes a Trade (Healing) check each day", True),
        bonus_field("healer", "Healer's bonus", 3, "The healer's Trade (Healing) ranks + stat."),
    ),
    show=_healing_show,
    unused=_healing_unused,
)
"""[2d6] Roleplaying System, Combat, Healing: the heal check's DC, its chance, the days."""


# --------------------------------------------------------------------------
# Character builder (Character Creation; Stats; Skills; Talents; Magic)
# --------------------------------------------------------------------------

MAX_STAT_FIELD = 10
"""The highest stat the form takes (the rules cap stats at +5; the refusal says so)."""
MAX_RANKS_FIELD = 10
"""The most ranks the form takes (the rules cap skills at 5; the refusal says so)."""
MAX_POINTS = 1000
"""The most stat points, earned XP or cinematics the form takes (a tool limit)."""
MAX_WOUNDS_TAKEN = 20
"""The most wounds taken the form takes (a tool limit; one past the sheet's wounds is dead)."""

EXAMPLE_NAME = "Kestrel"
"""The site's example character (Creating a character; Play): the rules give none."""

DEFAULT_STATS: Mapping[str, int] = {
    "STR": 2,
    "AGI": 3,
    "DEX": 2,
    "TOU": 3,
    "INT": 1,
    "WIL": 2,
    "CHA": 2,
    "PER": 3,
}
"""A first sheet: 31 of the 36 stat points, so 15 + 5 = 20 starting XP."""

SKILL_ROWS = sheet_rows(
    "skills",
    "Skills",
    (
        row_name("Skill"),
        Text("field", "Field", "", max_length=40, hint="For a Name ( ) skill: Melee (Light)."),
        Number("ranks", "Ranks", 1, 0, MAX_RANKS_FIELD),
    ),
    default=(("Melee", "Light", 3), ("Athletics", "", 2), ("Notice", "", 2), ("Stealth", "", 1)),
    max_rows=40,
    row_label="skill",
    printed=False,  # the sheet's skill rows name each with its stat and ranks
    hint="Ranks 1 to 5, costing 1, 3, 6, 10 and 15 XP in all.",
)
EXAMPLE_RACE = "Goblin"
"""The rules' one example race (Races, Example Race: Goblin)."""

ITEM_KIND_OPTIONS: tuple[tuple[str, str], ...] = (
    ("mundane", "Mundane"),
    ("special", "Special"),
    ("money", "A mundane slot spent on money"),
)
ITEM_ROWS = sheet_rows(
    "items",
    "Starting items",
    (
        row_name("Item"),
        Choice("kind", "Kind", ITEM_KIND_OPTIONS, "mundane"),
        Text("note", "Note", "", max_length=60, hint="Armour's weight, a weapon's kind..."),
    ),
    default=(("Leather jacket", "mundane", "light armour"),),
    max_rows=40,
    row_label="item",
    printed=False,  # the sheet's line "Equipment: ..."
    hint="The fast method: one special item (two with Rich) and ten mundane ones; light "
    "armour is mundane, medium and heavy special.",
)
ITEM_METHOD = Choice(
    "item_method",
    "Starting items by",
    (
        ("fast", "The fast method: one special, ten mundane"),
        ("slow", "The slow method: the GM's money and price list"),
    ),
    "fast",
    hint="Which the game uses; only the fast method's counts are checked.",
    printed=False,  # setup: the item slots are counted in Edit mode
)


def _race_line(race: str) -> str:
    """What the sheet says of a race (Character Creation, Part 5; Races)."""
    if race.lower() == EXAMPLE_RACE.lower():
        return (
            "Race: Goblin, the rules' example: racial talents darkvision (required) and "
            "bloodhound nose (optional), which the rules give no price; the GM sets them. "
            "Take each as a talent (Extra Sense, say) with its name as the detail (Races)."
        )
    return f"Race: {race}, a template of the GM's: its required racial talents must be bought."


TALENT_ROWS = sheet_rows(
    "talents",
    "Talents",
    (
        Choice("name", "Talent", tuple((t.name, t.name) for t in rules.TALENTS), "Acrobat"),
        Text(
            "option",
            "Stat or organ",
            "",
            max_length=20,
            hint="Stat Boost: the stat (e.g. STR). Extra Organ: cosmetic, functional or powerful.",
        ),
        Text("detail", "Detail", "", max_length=40, hint="Which language, companion..."),
        Flag("later", "Bought after creation"),
    ),
    default=({"name": "Armor Proficiency"},),
    max_rows=30,
    row_label="talent",
    printed=False,  # the sheet's line "Talents: ..."
    hint="Most talents once; Stat Boost up to four times; Literacy, Polyglot and Rich only "
    "at creation.",
)
SPELL_ROWS = sheet_rows(
    "spells",
    "Spells",
    (
        row_name("Spell", options=SPELL_OPTIONS),
        Choice(
            "dc",
            "DC",
            (("", "its own"), *((str(dc), f"{dc} ({xp} XP)") for dc, xp in SPELL_XP.items())),
            "",
        ),
    ),
    default=({"name": "Ward", "dc": ""},),
    max_rows=30,
    row_label="spell",
    printed=False,  # the sheet's spell rows name each spell and its DC
    hint=f"A sample spell ({', '.join(s.name for s in SPELLS)}) at its own DC, or a spell "
    "of the GM's with one of the six DCs. Spell XP = (DC - 3) / 2.",
)

_FIELDS_OF = FieldsOf(
    SYSTEM,
    (
        Cue("Stats", ("stat_points",), "The stat budget"),
        Cue("Stats", ("stat_points",), "These stats cost"),
        Cue("Stats", rules.STAT_NAMES, named=True),
        Cue("Skills", ("skills",)),
        Cue("Talents", ("talents",)),
        Cue("Magic", ("spells",)),
        Cue("Character Growth", ("cinematics",), "Cinematics"),
        Cue("Character Growth", ("earned_xp",), "Earned"),
        Cue("Combat, Healing", ("lost_limbs",)),
        Cue("Items, Starting Items", ("items",)),
        Cue("Races", ("race", "talents")),
        Cue("Character Creation", ("skills", "talents", "spells", "cinematics")),
    ),
    said=((rules.NEVER_NEGATIVE, ("lost_limbs", "TOU")),),
)
"""The fields a builder refusal is about: by the rule it cites and how its problem starts
(a stat it names, or the list it comes from); too many limbs lost, wherever it is said."""


def character_input(values: Values) -> builder.CharacterInput:
    """The builder's fields as the rules package's :class:`CharacterInput`."""
    return builder.CharacterInput(
        stats={s: values[s] for s in rules.STAT_NAMES},
        stat_points=values["stat_points"],
        skills=tuple(
            builder.SkillPick(str(r["name"]), r["ranks"], str(r["field"])) for r in values["skills"]
        ),
        talents=tuple(
            builder.TalentPick(r["name"], str(r["option"]), str(r["detail"]), r["later"])
            for r in values["talents"]
        ),
        spells=tuple(
            builder.SpellPick(str(r["name"]), int(r["dc"]) if r["dc"] else None)
            for r in values["spells"]
        ),
        cinematics=values["cinematics"],
        earned_xp=values["earned_xp"],
        lost_limbs=values["lost_limbs"],
        name=values["name"],
        race=values["race"],
        items=tuple(
            builder.ItemPick(str(r["name"]), str(r["kind"]), str(r["note"]))
            for r in values["items"]
        ),
        item_method=values["item_method"],
    )


def _builder_show(values: Values) -> list[Block]:
    """The sheet in play, in the order it is printed: who the character is, its wounds,
    state and XP as boxes, its stats, skills and spells as rows rolling their checks with
    their exact chance, then its talents and equipment; the setup (points bought, the XP
    account, the item slots) is for Edit mode (Character Creation; Combat, Wounds)."""
    sheet = builder.build_character(character_input(values))
    blocks = problems_beside(sheet.problems, _FIELDS_OF)
    blocks += [text(f"Note: {warning}") for warning in sheet.warnings]
    name = called(values)
    wounds = "no wounds count" if sheet.wounds is None else counted(sheet.wounds, "wound")
    state = wound_state(values, sheet)
    dc = parse_dc(values["check_dc"])
    armour_line = _armour_line(values, dc)
    said = _state_line(values, sheet)
    rolls = not sheet.problems
    blocks += [
        text(
            f"{name}: {wounds}, resolve {signed(sheet.resolve)}, initiative "
            f"{signed(sheet.initiative)}."
        ),
        *_tracks(values, sheet),
        *([text(said)] if said else []),
        *([_death_save(values, sheet)] if state == "dying" else []),
    ]
    spells, without_dc = _spell_rows(values, sheet, rolls=rolls)
    caption = f"{called(values)}'s checks against {dc_text(dc)}"
    rows = [
        *_stat_rows(values, sheet, dc, rolls=rolls),
        *_skill_rows(values, sheet, dc, rolls=rolls),
        *spells,
    ]
    blocks.append(sheet_checks(caption, rows))
    if without_dc:
        blocks.append(text(f"Spells without a DC: {'; '.join(without_dc)}."))
    race = f"Race: {values['race']}. " if values["race"] else ""
    kept = f"{race}{_talents_line(values)} {_equipment_line(values)}"
    blocks.append(text(f"{kept} {armour_line}" if armour_line else kept))
    if values["race"]:
        blocks.append(edit_only(text(_race_line(values["race"]))))
    blocks += [edit_only(block) for block in _setup(values, sheet)]
    return blocks


def _setup(values: Values, sheet: builder.CharacterSheet) -> list[Block]:
    """How the sheet was bought: stat points, starting XP, the stats before Stat Boost, the
    item slots and every XP purchase (Character Creation; Stats; Items, Starting Items)."""
    blocks = [
        text(f"{sheet.xp_spent} of {sheet.xp_available} XP spent."),
        facts(
            [
                (
                    "Stat points",
                    f"{sheet.stat_points_spent} of {sheet.stat_points} spent",
                    "Each stat costs 1, 3, 6, 10 or 15 points for +1 to +5",
                ),
                (
                    "Starting XP",
                    str(sheet.starting_xp),
                    f"{rules.STARTING_XP} + {max(0, sheet.stat_points_left)} unspent stat points",
                ),
                ("XP left", str(sheet.xp_left), f"{sheet.xp_available} available"),
                (
                    "Wounds",
                    "refused" if sheet.wounds is None else str(sheet.wounds),
                    "3 + TOU (+1 Extra Wound, -1 a lost limb); never below 0",
                ),
                ("Resolve", signed(sheet.resolve), "TOU + WIL"),
                ("Initiative", signed(sheet.initiative), "AGI + PER"),
            ]
        ),
        table(
            f"{called(values)}'s stats as bought",
            ["Stat", "Bought", "Points", "With Stat Boost"],
            (
                [
                    f"{s.abbreviation} ({s.name})",
                    signed(sheet.bought_stats[s.abbreviation]),
                    str(rules.triangular_cost(max(0, sheet.bought_stats[s.abbreviation]))),
                    signed(sheet.stats[s.abbreviation]),
                ]
                for s in rules.STATS
            ),
        ),
    ]
    if values["items"] or values["item_method"] == "fast":
        blocks.append(text(_items_line(values)))
    if sheet.costs:
        blocks.append(
            table(
                f"{called(values)}'s XP",
                ["Purchase", "Kind", "XP"],
                ([c.name, c.kind, str(c.xp)] for c in sheet.costs),
            )
        )
    return blocks


@lru_cache(maxsize=512)
def _success(bonus: int, dc: int) -> Fraction:
    """The exact chance that 2d6 + ``bonus`` meets ``dc``, snake eyes failing (The Basics)."""
    return success_chance(bonus, dc)


@lru_cache(maxsize=256)
def _casting(resolve: int, dc: int) -> tuple[Fraction, Fraction, Fraction]:
    """The exact chances that a casting succeeds, fizzles and goes wild (Magic)."""
    outcomes = cast_outcomes(resolve, dc)
    return outcomes["success"], outcomes["fizzle"], outcomes["wild"]


def _row_chance(bonus: int, target: Against, *, rolls: bool) -> tuple[Fraction | None, str]:
    """A sheet row's chance against the DC its armour leaves (0 where armour makes the
    task impossible), and what the row says of that DC; no chance on a sheet whose
    checks are refused (The Basics; Items, Armor)."""
    if target.dc is None:
        return (Fraction(0) if rolls else None), f"impossible in {target.armour} armour"
    said = f"armour DC {target.dc}" if target.note else ""
    return (_success(bonus, target.dc) if rolls else None), said


def _stat_rows(
    values: Values, sheet: builder.CharacterSheet, dc: int, *, rolls: bool
) -> list[CheckRow]:
    """The eight stats in the source's order, each a row rolling 2d6 + the stat (Stat
    Boosts included) against the sheet's DC, stepped by armour for AGI (The Basics;
    Stats; Items, Armor)."""
    rows = []
    for s in rules.STATS:
        bonus = sheet.stats[s.abbreviation]
        target = against(values, dc, s.abbreviation)
        chance, note = _row_chance(bonus, target, rolls=rolls)
        asked = dc_text(dc) if target.dc is None else dc_text(target.dc)
        rows.append(
            CheckRow(
                key=f"stat:{s.abbreviation}",
                name=s.abbreviation,
                value=signed(bonus),
                label=f"Roll {s.name} {signed(bonus)} against {asked}",
                chance=chance,
                title=s.name,
                note=note,
            )
        )
    return rows


def _skill_rows(
    values: Values, sheet: builder.CharacterSheet, dc: int, *, rolls: bool
) -> list[CheckRow]:
    """Each skill a row rolling 2d6 + its stat + its ranks against the sheet's DC, with the
    stat the sheet picks; armour steps the Agility skills that do not fight (Skills;
    Items, Armor)."""
    rows = []
    for i in range(len(values["skills"])):
        c = _skill_check(values, sheet.stats, i)
        target = against(values, dc, c.stat, c.skill)
        chance, said = _row_chance(c.bonus, target, rolls=rolls)
        asked = dc_text(dc) if target.dc is None else dc_text(target.dc)
        other = f" or {c.other}" if c.other else ""
        note = f"{c.stat}{other} {signed(c.stat_bonus)}, {counted(c.ranks, 'rank')}"
        rows.append(
            CheckRow(
                key=f"skill:{i}",
                name=c.label,
                value=signed(c.bonus),
                label=f"Roll {c.label} {signed(c.bonus)} against {asked}",
                chance=chance,
                note=f"{note}; {said}" if said else note,
                title=c.words,
            )
        )
    return rows


def _spell_rows(
    values: Values, sheet: builder.CharacterSheet, *, rolls: bool
) -> tuple[list[CheckRow], list[str]]:
    """The spells the sheet lists: each with a DC a row casting it, a Resolve check
    against that DC whose miss by 5 or more goes wild; and those without a DC (Negate
    and Runes), named with how they work instead (Magic)."""
    rows, others = [], []
    for i, row in enumerate(values["spells"]):
        label = str(row["name"]).strip() or f"Spell {i + 1}"
        spell_dc = _spell_dc(row)
        if spell_dc is None:
            sample = find_named(SPELLS, label)
            others.append(f"{label} ({sample.no_dc})" if sample else label)
            continue
        cast = fizzle = wild = None
        if rolls:
            cast, fizzle, wild = _casting(sheet.resolve, spell_dc)
        rows.append(
            CheckRow(
                key=f"spell:{i}",
                name=label,
                value=signed(sheet.resolve),
                label=(
                    f"Roll to cast {label}, Resolve {signed(sheet.resolve)} against DC {spell_dc}"
                ),
                chance=cast,
                detail="" if cast is None else f"fizzle {fizzle}, wild {wild}",
                note=f"Resolve against DC {spell_dc}",
            )
        )
    return rows, others


def _spell_dc(row: Values) -> int | None:
    """A spell row's DC: the DC set on it, or the sample spell's own; None for one that
    has neither (Negate, Runes, or a spell of the GM's left without a DC) (Magic)."""
    if row["dc"]:
        return int(row["dc"])
    sample = find_named(SPELLS, str(row["name"]))
    return None if sample is None else sample.dc


def _talents_line(values: Values) -> str:
    """The talents the sheet lists, with their stat or detail (Talents)."""
    talents = [
        str(row["name"])
        + "".join(f" ({part})" for part in (row["option"], row["detail"]) if str(part).strip())
        for row in values["talents"]
    ]
    return f"Talents: {', '.join(talents) if talents else 'none'}."


def _equipment_line(values: Values) -> str:
    """What the character carries, as the sheet lists it (Items)."""
    items = [
        f"{row['name'] or f'Item {i}'}"
        + (" (special)" if row["kind"] == "special" else "")
        + (" (money)" if row["kind"] == "money" else "")
        + (f" ({row['note']})" if row["note"] else "")
        for i, row in enumerate(values["items"], start=1)
    ]
    return f"Items: {', '.join(items) if items else 'none'}."


def _items_line(values: Values) -> str:
    """The starting items, with the fast method's slots used (Items, Starting Items)."""
    rows = values["items"]
    items = [
        f"{row['name'] or f'Item {i}'}"
        + (" (special)" if row["kind"] == "special" else "")
        + (" (money)" if row["kind"] == "money" else "")
        + (f" ({row['note']})" if row["note"] else "")
        for i, row in enumerate(rows, start=1)
    ]
    listed = f": {', '.join(items)}." if items else ": none yet."
    if values["item_method"] == "slow":
        return f"Starting items, bought with the GM's money{listed}"
    rich = any(str(row["name"]) == "Rich" for row in values["talents"])
    special, mundane = builder.item_allowance(rich)
    used = sum(1 for row in rows if row["kind"] == "special")
    slots = len(rows) - used
    money = "; Rich doubles each slot's money" if rich else ""
    return (
        f"Starting items by the fast method, {used} of {counted(special, 'special item')} "
        f"and {slots} of {mundane} mundane slots{money}{listed}"
    )


XP_BOXES = 5
"""The XP track grows five boxes at a time, always with one to tick (a tool's layout)."""


def _wound_taps(taken: int, total: int) -> list[dict[str, Any]]:
    """The taps of the Wounds track: an empty box takes a wound, a filled one heals the
    last taken, as :func:`counter_taps` counts them, also past the boxes (a sheet typed
    with more wounds taken than it has boxes)."""
    if taken <= total:
        return counter_taps("wounds_taken", "Wounds taken", taken, total)
    return [
        {"set": {"wounds_taken": taken - 1}, "said": f"Wounds taken: {taken} → {taken - 1}"}
    ] * total


def _tracks(values: Values, sheet: builder.CharacterSheet) -> list[Block]:
    """Wounds taken and XP earned as boxes a player taps (Combat, Wounds; Character
    Growth).

    The Wounds track has a box for each of the sheet's wounds and, once they are all
    taken, one more for a wound taken at 0, which kills; the XP track counts the XP
    earned in play, which buys skills, talents and cinematics in Edit mode.
    """
    blocks: list[Block] = []
    taken = values["wounds_taken"]
    if sheet.wounds is not None:
        state = wound_state(values, sheet)
        total = sheet.wounds + (state != "standing")
        left = max(0, sheet.wounds - taken)
        said = {"standing": f"{left} left", "dying": "0 left: dying", "dead": "dead"}[state]
        names = [f"Wound {n}" for n in range(1, sheet.wounds + 1)]
        names += ["A wound at 0: dead"] * (total - sheet.wounds)
        blocks.append(
            track(
                "Wounds",
                min(taken, total),
                total,
                said,
                taps=_wound_taps(taken, total),
                names=names,
            )
        )
    earned = values["earned_xp"]
    boxes = min(MAX_POINTS, max(XP_BOXES, -(-(earned + 1) // XP_BOXES) * XP_BOXES))
    blocks.append(
        track(
            "XP earned in play",
            earned,
            boxes,
            f"{earned} earned",
            taps=counter_taps("earned_xp", "XP earned", earned, boxes),
        )
    )
    return blocks


def wound_state(values: Values, sheet: builder.CharacterSheet) -> rules.WoundState:
    """What the wounds taken leave the sheet's character (Combat, Wounds); "standing"
    while the sheet has no wounds count."""
    if sheet.wounds is None:
        return "standing"
    return rules.wound_state(sheet.wounds, values["wounds_taken"])


def _state_line(values: Values, sheet: builder.CharacterSheet) -> str:
    """The sentence a dying, dead or unconscious character's rolls carry, or "" (Combat)."""
    state, name = wound_state(values, sheet), called(values)
    if state == "dying":
        return (
            f"{name} is at 0 wounds: unconscious, and dying unless a DC {DEATH_SAVE_DC} "
            f"Resolve check ({signed(sheet.resolve)}) succeeds; then unconscious until a "
            "wound is regained. Any further wound kills (Combat, Wounds)."
        )
    if state == "dead":
        return f"{name} is dead: a wound taken at 0 wounds kills at once (Combat, Wounds)."
    if values["unconscious"]:
        return (
            f"{name} is unconscious: its defensive rolls get no bonus and rely on luck "
            "alone (Combat, Roll Mechanics)."
        )
    return ""


def state_line(values: Values) -> str:
    """What a saved sheet's wounds and state leave its character, or "" (Combat, Wounds)."""
    return _state_line(values, builder.build_character(character_input(values)))


def _death_save(values: Values, sheet: builder.CharacterSheet) -> Block:
    """The DC 5 Resolve check a character at 0 wounds makes, a row with its chance and its
    Roll (Combat, Wounds)."""
    row = CheckRow(
        key=DEATH_SAVE_KEY,
        name="Resolve",
        value=signed(sheet.resolve),
        label=f"Roll Resolve {signed(sheet.resolve)} against DC {DEATH_SAVE_DC}",
        chance=rules.death_save_chance(sheet.resolve),
        note="to live",
    )
    return sheet_checks(
        f"{called(values)}'s check at 0 wounds: Resolve against DC {DEATH_SAVE_DC}", [row]
    )


DEATH_SAVE_KEY = "save:death"
"""The sheet check of the DC 5 Resolve check at 0 wounds."""


def _armour_line(values: Values, dc: int) -> str:
    """What the armour the sheet lists does to its checks, or "" for none (Items, Armor:
    Agility checks but combat rolls; Talents, Armored Acrobat)."""
    armour, acrobat = worn(values)
    if armour == "none":
        return ""
    target = against(values, dc, "AGI")
    if acrobat and target.dc == dc:
        return "Armour: light, its step taken away by Armored Acrobat."
    if target.dc is None:
        return f"Armour: {armour}, Agility checks past Legendary: impossible."
    return f"Armour: {armour}, Agility checks {counted(target.steps, 'step')} harder."


@dataclass(frozen=True, slots=True)
class SkillCheck:
    """A skill row's check: 2d6 + a stat + the skill's ranks (The Basics; Skills)."""

    label: str
    """The skill as the sheet names it: "Melee (Light)"."""
    ranks: int
    stat: str
    stat_bonus: int
    other: str = ""
    """The other stat the situation may call for instead (Melee (Unarmed): AGI)."""

    @property
    def bonus(self) -> int:
        return self.stat_bonus + self.ranks

    @property
    def skill(self) -> str:
        """The skill's name without its field: "Melee"."""
        return _split_label(self.label)[0]

    @property
    def stat_words(self) -> str:
        """``"AGI +3"``, or ``"STR +2 (or AGI, as the GM picks)"`` for Melee (Unarmed)."""
        words = f"{self.stat} {signed(self.stat_bonus)}"
        return words + (f" (or {self.other}, as the GM picks)" if self.other else "")

    @property
    def words(self) -> str:
        """``"Melee (Light) +3, AGI +3"``."""
        return f"{self.label} {signed(self.ranks)}, {self.stat_words}"


def _skill_check(values: Values, stats: Mapping[Any, int], index: int) -> SkillCheck:
    """The check of skill row ``index`` with the stat the sheet's "Stat for skill checks" picks."""
    row = values["skills"][index]
    name, field = str(row["name"]).strip(), str(row["field"]).strip()
    if not name and not field:
        name = f"Skill {index + 1}"
    return _with_stat(name, field, row["ranks"], values["check_stat"], stats)


def _with_stat(
    name: str, field: str, ranks: int, choice: str, stats: Mapping[Any, int]
) -> SkillCheck:
    """A skill's check with the stat ``choice`` names, or its usual one.

    "usual" takes the stat the source says the skill (or its field) is almost always
    modified by: Melee (Heavy) STR, Melee (Light) AGI; Melee (Unarmed) either, as the
    situation decides, so STR until the GM picks AGI; otherwise the first stat the
    source lists with a sample skill (Skills, Sample Skills), and for a skill of the
    GM's, which lists none, the highest stat. The player may pick any stat instead.
    """
    label = f"{name} ({field})" if field else name
    stat, other = choice, ""
    if stat == "usual":
        usual = rules.usual_stats(name, field)
        stat = usual[0] if usual else max(rules.STAT_NAMES, key=lambda s: stats[s])
        sample = find_named(rules.SKILLS, name)
        by_field = {f.lower(): f_stats for f, f_stats in sample.field_stats} if sample else {}
        if len(by_field.get(field.lower(), ())) > 1:
            other = ", ".join(usual[1:])
    return SkillCheck(label, ranks, stat, stats[stat], other)


def _split_label(label: str) -> tuple[str, str]:
    """``"Melee (Light)"`` as ``("Melee", "Light")``; ``"Bluff"`` as ``("Bluff", "")``."""
    name, bracket, rest = " ".join(label.split()).partition(" (")
    return (name, rest.removesuffix(")").strip()) if bracket else (name, "")


ARMOURED_ACROBAT = "Armored Acrobat"


def worn(values: Values) -> tuple[str, bool]:
    """The armour the sheet lists and whether it has the Armored Acrobat talent."""
    acrobat = any(str(row["name"]) == ARMOURED_ACROBAT for row in values["talents"])
    return values["armour"], acrobat


@dataclass(frozen=True, slots=True)
class Against:
    """The DC a sheet check is rolled against once the armour it lists is applied."""

    asked: int
    dc: int | None
    """None when armour makes the task impossible (Items, Armor)."""
    armour: str
    steps: int

    @property
    def note(self) -> str:
        """``"light armour raises DC 9 (Average) one step"``, or "" when armour moves nothing."""
        if self.dc is None or self.dc == self.asked:
            return ""
        steps = {1: "one step", 2: "two steps", 3: "three steps"}[self.steps]
        return f"{self.armour} armour raises {dc_text(self.asked)} {steps}"

    @property
    def impossible(self) -> str:
        """The refusal of a task the armour makes impossible."""
        return refusal(
            f"in {self.armour} armour this Agility task at {dc_text(self.asked)} is past "
            "Legendary, so it is impossible",
            f"{SYSTEM}, Items, Armor",
        )


def against(values: Values, dc: int, stat: str, skill: str = "") -> Against:
    """The DC a check with ``stat`` (and ``skill``) is rolled against in the sheet's armour:
    one step up for light, two for medium, three for heavy, on Agility checks but combat
    rolls; Armored Acrobat takes light armour's step away (Items, Armor)."""
    armour, acrobat = worn(values)
    if armour == "none" or not rules.armour_applies(stat, skill):
        return Against(dc, dc, armour, 0)
    steps = armour_dc_steps(armour, acrobat)
    return Against(dc, armoured_dc(dc, armour, acrobat), armour, steps)


STORE = "2d6-character"
"""Where the browser keeps the played character's sheet (the builder fence's ``store``)."""


def sheet_stats(sheet_values: Values) -> Mapping[str, int]:
    """A saved sheet's stats, Stat Boosts included (Stats; Talents, Stat Boost)."""
    built = builder.build_character(character_input(sheet_values)).stats
    return {str(stat): bonus for stat, bonus in built.items()}


def sheet_check(sheet_values: Values, skill: str, choice: str) -> SkillCheck:
    """A check made from a saved sheet: ``skill`` as the sheet names it ("Melee (Light)";
    one it does not list has 0 ranks, Skills: "no bonus ... except from their stats"), and
    the stat ``choice`` picks ("usual", or one of the eight)."""
    stats = sheet_stats(sheet_values)
    wanted = " ".join(skill.split()).lower()
    for index in range(len(sheet_values["skills"])):
        check = _skill_check({**sheet_values, "check_stat": choice}, stats, index)
        if check.label.lower() == wanted:
            return check
    return _with_stat(*_split_label(skill), 0, choice, stats)


STAT_CHOICES: tuple[tuple[str, str], ...] = (
    ("usual", "The skill's usual stat"),
    *((s, s) for s in rules.STAT_NAMES),
)
"""The stat a skill check is made with: the skill's usual one, or any the GM asks for."""


def _builder_check(values: Values, key: str, rng: random.Random) -> View:
    """A sheet row's check: 2d6 + stat (+ skill ranks) against the sheet's DC (The Basics)."""
    sheet = builder.build_character(character_input(values))
    mend_first(sheet.problems)
    dc = parse_dc(values["check_dc"])
    said = _state_line(values, sheet)
    details = [said] if said else []
    if key == DEATH_SAVE_KEY:
        if wound_state(values, sheet) != "dying":
            raise ValueError(
                refusal(
                    f"no check at 0 wounds to make: {called(values)} is "
                    f"{'dead' if wound_state(values, sheet) == 'dead' else 'not at 0 wounds'}",
                    f"{SYSTEM}, Combat, Wounds",
                )
            )
        save = roll_check(sheet.resolve, DEATH_SAVE_DC, rng=rng)
        boxcars = "; boxcars: gain a cinematic"
        said = check_outcome(save)
        life = ": alive, unconscious until a wound is regained" if save.success else ": dead"
        outcome = said.removesuffix(boxcars) + life + (boxcars if save.cinematic else "")
        return {
            **rolled([dice_line("", save.dice, 0, sheet.resolve)], outcome),
            "what": f"Resolve {signed(sheet.resolve)} against DC {DEATH_SAVE_DC} at 0 wounds",
        }
    kind, which = sheet_row(
        key, stat=rules.STAT_NAMES, skill=len(values["skills"]), spell=len(values["spells"])
    )
    if kind == "spell":
        return _cast(values, sheet, int(which), details, rng)
    if kind == "stat":
        stat = rules.stat(which).abbreviation
        bonus, what = sheet.stats[stat], f"{stat} {signed(sheet.stats[stat])}"
        target = against(values, dc, stat)
    else:
        check = _skill_check(values, sheet.stats, int(which))
        bonus, what = check.bonus, check.words
        target = against(values, dc, check.stat, check.skill)
    if target.dc is None:
        raise ValueError(target.impossible)
    result = roll_check(bonus, target.dc, rng=rng)
    line = dice_line("", result.dice, 0, bonus)
    what += f" against {dc_text(target.dc)}" + (f": {target.note}" if target.note else "")
    return {**rolled([line], check_outcome(result), details), "what": what}


def _cast(
    values: Values,
    sheet: builder.CharacterSheet,
    index: int,
    details: list[str],
    rng: random.Random,
) -> View:
    """A spell row's casting: a Resolve check against the spell's DC; missing by 1-4
    fizzles, by 5 or more goes wild (Magic)."""
    row = values["spells"][index]
    label = str(row["name"]).strip() or f"Spell {index + 1}"
    spell_dc = _spell_dc(row)
    if spell_dc is None:
        raise ValueError(refusal(f"{label} has no DC to cast against", f"{SYSTEM}, Magic"))
    cast = roll_cast(sheet.resolve, spell_dc, rng=rng)
    check = cast.roll
    verdict = {
        "success": "Cast: the spell takes effect",
        "fizzle": "Fizzle: the spell fails",
        "wild": "Wild: the spell goes wrong and turns on the caster",
    }[cast.result]
    outcome = f"{verdict} ({check.total} against DC {check.dc}"
    outcome += ", snake eyes)" if check.natural == SNAKE_EYES else ")"
    if check.cinematic:
        outcome += "; boxcars: gain a cinematic"
    line = dice_line("", check.dice, 0, sheet.resolve)
    what = f"{label}: Resolve {signed(sheet.resolve)} against DC {spell_dc}"
    return {**rolled([line], outcome, details), "what": what}


def _fresh() -> dict[str, Any]:
    """A new character as the rules start one (Character Creation; Stats): every stat
    +0 with the 36 stat points unspent (so 51 XP to spend), nothing bought, no items,
    no armour, no XP earned, unhurt, and no name yet."""
    start = builder.default_character()
    return {
        "name": start.name,
        **{s: start.stats.get(s, 0) for s in rules.STAT_NAMES},
        "stat_points": start.stat_points,
        "skills": [],
        "talents": [],
        "spells": [],
        "cinematics": start.cinematics,
        "race": start.race,
        "item_method": start.item_method,
        "items": [],
        "armour": "none",
        "earned_xp": start.earned_xp,
        "unconscious": False,
        "lost_limbs": start.lost_limbs,
        "wounds_taken": 0,
    }


FRESH = _fresh()


def _stat_field(s: rules.Stat) -> Number:
    return Number(
        s.abbreviation,
        f"{s.abbreviation} ({s.name})",
        DEFAULT_STATS[s.abbreviation],
        0,
        MAX_STAT_FIELD,
        hint=f"{s.kind.capitalize()}; +0 to +{rules.MAX_STAT}.",
        printed=False,  # the sheet's stats table, column Bought
    )


BUILDER = sheet_widget(
    "2d6-builder",
    SYSTEM,
    "2d6-character",
    (
        *(_stat_field(s) for s in rules.STATS),
        Number(
            "stat_points",
            "Stat points",
            rules.STAT_POINTS,
            0,
            MAX_POINTS,
            hint=f"{rules.STAT_POINTS} unless the game says otherwise; unspent points become XP.",
            printed=False,  # "Stat points: N of this spent"
        ),
        SKILL_ROWS,
        TALENT_ROWS,
        SPELL_ROWS,
        Number(
            "cinematics",
            "Cinematics bought",
            1,
            0,
            MAX_POINTS,
            hint=f"{rules.CINEMATIC_XP} XP each.",
            printed=False,  # a line of the sheet's XP table
        ),
        Text(
            "race",
            "Race",
            "",
            max_length=30,
            hint="Optional, where the setting has races: Goblin is the rules' example.",
            options=((EXAMPLE_RACE, "the rules' example race"),),
            printed=False,  # the sheet's line "Race: ..."
        ),
        ITEM_METHOD,
        ITEM_ROWS,
        Number(
            "earned_xp",
            "XP earned in play",
            0,
            0,
            MAX_POINTS,
            track=True,
            hint="In play, tap a box of the XP track for each XP earned.",
            printed=False,  # the XP track prints as boxes
        ),
        Number("lost_limbs", "Limbs lost", 0, 0, 4, hint="Each costs a wound for good."),
        Number(
            "wounds_taken",
            "Wounds taken",
            0,
            0,
            MAX_WOUNDS_TAKEN,
            track=True,
            hint="In play, tap a box of the Wounds track for each wound taken, a filled "
            "one as a wound heals.",
            printed=False,  # the Wounds track prints as boxes
        ),
        dc_field(
            "Average",
            "check_dc",
            "DC for the sheet's checks",
            printed=False,
            hint="",
        ),
        Choice(
            "check_stat",
            "Stat for skill checks",
            STAT_CHOICES,
            "usual",
            printed=False,
        ),
        Choice(
            "armour",
            "Armour worn",
            ARMOUR_OPTIONS,
            "light",
            hint="Raises the DC of Agility checks one step (light), two (medium) or three "
            "(heavy); combat rolls are exempt.",
            printed=False,  # the sheet's line "Armour: ..."
        ),
        Flag(
            "unconscious",
            "Knocked unconscious",
            printed=False,  # the sheet says so beside its rolls
        ),
    ),
    show=_builder_show,
    check=_builder_check,
    play_fields=("check_dc", "check_stat", "unconscious"),
    heading=Text("name", NAME.label, EXAMPLE_NAME, hint=NAME.hint, printed=False),
    fresh=FRESH,
)
"""[2d6] Roleplaying System, Character Creation: a starting sheet checked against the rules."""

WIDGETS: tuple[Widget, ...] = (HEALING, BUILDER)

__all__ = [
    "BUILDER",
    "HEALING",
    "WIDGETS",
    "against",
    "character_input",
    "state_line",
    "worn",
]
