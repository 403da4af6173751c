"""The 2d6 character builder's fields: its limits, the example sheet, the rows of skills,
talents, spells and items, a fresh character, and the fields a refusal is about
(Character Creation; Stats; Skills; Talents; Magic; Items, Starting Items).

Split from :mod:`._character` by the rule that no module is much over 600 lines
(docs/architecture.md, "One shape for every system").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_py.systems.two_d6 import builder
from rules_py.systems.two_d6 import character as rules
from rules_py.systems.two_d6.magic import SPELL_XP, SPELLS
from rules_py.widgets._fields import Choice, Flag, Number, Text
from rules_py.widgets._sheet import Cue, FieldsOf, row_name, sheet_rows
from rules_py.widgets._widget import Values
from rules_py.widgets.two_d6._common import SPELL_OPTIONS, SYSTEM

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

FIELDS_OF = FieldsOf(
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


STORE = "2d6-character"
"""Where the browser keeps the played character's sheet (the builder fence's ``store``)."""


STAT_CHOICES: tuple[tuple[str, str], ...] = (
    ("usual", "The skill's usual stat"),
    *((s, s) for s in rules.STAT_NAMES),
)
"""The stat a skill check is made with: the skill's usual one, or any the GM asks for."""


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


def stat_field(s: rules.Stat) -> Number:
    return Number(
        s.abbreviation,
        f"{s.abbreviation} ({s.name})",
        DEFAULT_STATS[s.abbreviation],
        0,
        MAX_STAT_FIELD,
        hint=f"{s.kind.capitalize()}; +0 to +{rules.MAX_STAT}.",
        printed=False,  # the sheet's stats table, column Bought
    )
