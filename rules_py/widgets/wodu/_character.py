"""The 2d10 WoDu Hack character builder: a sheet checked against the rules, kept in
play with its HP and XP ticked box by box, each ability row rolling its check with its
exact chance, its Background, Special Moves and weapons at hand.

Every number comes from :mod:`rules_py.systems.wodu` (Character Generation and
Advancement; Core Resolution; Background; Damage & Powers); this module arranges it
into blocks.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rules_py._format import decimal, signed
from rules_py.dice import Distribution
from rules_py.systems.wodu import SYSTEM
from rules_py.systems.wodu.abilities import ABILITIES, ABILITY_NAMES, MAX_ABILITY, Ability
from rules_py.systems.wodu.character import (
    ABILITY_INCREASE_LEVELS,
    ADVANCEMENT,
    GRITTY_STARTING_RATINGS,
    MAX_LEVEL,
    STANDARD_STARTING_RATINGS,
    STARTING_LEVEL,
    XP_PER_LEVEL,
    advancement_row,
    apply_ability_increases,
    max_hp,
    validate_sheet,
    xp_to_next_level,
)
from rules_py.systems.wodu.checks import (
    BACKGROUND_CHECK_DICE,
    CHECK_DICE,
    dr_outcomes,
    fr_outcomes,
)
from rules_py.systems.wodu.damage import (
    HERO_POWER_BONUSES,
    PAIRED_WEAPON_RATINGS,
    WEAPON_RATINGS,
    damage_distribution,
    damage_notation,
)
from rules_py.views import View
from rules_py.widgets._blocks import (
    Block,
    CheckRow,
    counter_taps,
    edit_only,
    error,
    facts,
    listing,
    roll_line,
    rolled,
    row_names,
    sheet_checks,
    table,
    text,
    track,
)
from rules_py.widgets._fields import Choice, Flag, Number, Text
from rules_py.widgets._sheet import (
    NAME,
    ROW_NAME_LENGTH,
    called,
    mend_first,
    named_words,
    row_name,
    sheet_row,
    sheet_rows,
    sheet_widget,
)
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.wodu._common import (
    ABILITY_OPTIONS,
    SHORT_BACKGROUND_LABEL,
    against_fields,
    against_text,
    against_unused,
    fuzzy_range,
    roll_check,
)

_RATING_OPTIONS = tuple(
    (str(n), signed(n) if n else "0")
    for n in sorted(set(STANDARD_STARTING_RATINGS) | set(GRITTY_STARTING_RATINGS))
)
_START_FIELDS = {a: f"start_{a.lower()}" for a in ABILITY_NAMES}
_INCREASE_FIELDS = {level: f"inc{level}" for level in ABILITY_INCREASE_LEVELS}
_DEFAULT_INCREASES = ("STR", "DEX")
"""The default plan alternates STR and DEX, which keeps every level within its maximum."""

STORE = "wodu-sheet"
"""Where the browser keeps the played character's sheet (the builder fences' ``store``)."""
CHECK_PREFIX = "check_"
"""The builder's fields for what its ability rows are rolled against: check_kind, check_dr..."""
HIGHEST_MAX_HP = ADVANCEMENT[-1].hp_base + MAX_ABILITY
"""31: Max HP at Level 15 with STR +6, the most any character has (Advancement)."""
MAX_XP_FIELD = 99
"""The most XP toward the next level the form takes (a tool limit: a level costs 10 or 15)."""
BACKGROUND_EXAMPLES = ("Soldier", "Pilot", "Scientist", "Psychic")
"""The draft's four examples of a Background, offered as the reader types (Background)."""


def _array_text(array: tuple[int, ...]) -> str:
    return ", ".join(str(n) for n in array)


def _start_field(ability: Ability, default: int) -> Choice:
    return Choice(
        _START_FIELDS[ability.abbreviation],
        f"Starting {ability.abbreviation}",
        _RATING_OPTIONS,
        str(default),
        hint=f"{ability.name}: {ability.covers}",
        printed=False,  # the sheet shows the ratings (with the increases listed)
    )


def _increase_field(index: int, level: int) -> Choice:
    row = ADVANCEMENT[level]
    return Choice(
        _INCREASE_FIELDS[level],
        f"Level {level}: +1 to (max +{row.ability_cap})",
        ABILITY_OPTIONS,
        _DEFAULT_INCREASES[index % len(_DEFAULT_INCREASES)],
    )


Refused = list[tuple[str, tuple[str, ...]]]
"""Broken rules, each with the fields that break it."""


def _starting_array(level: int) -> tuple[int, ...]:
    """The array a sheet of ``level`` hands out: gritty at Level 0, standard from Level 1."""
    gritty = level < STARTING_LEVEL["standard"]
    return GRITTY_STARTING_RATINGS if gritty else STANDARD_STARTING_RATINGS


def _rating_fields(problem: str) -> tuple[str, ...]:
    """The starting fields a rule about the ratings names: one ability's, or all four."""
    named = [_START_FIELDS[a] for a in named_words(problem, _START_FIELDS)]
    return tuple(named) if len(named) == 1 else tuple(_START_FIELDS.values())


def builder_sheet(values: Values) -> tuple[dict[str, int], Refused]:
    """The ratings at the chosen level, and the rules they break with the fields to mend.

    Judged in the order a sheet is made: the start and the level (2d10 WoDu
    Hack, Character Generation), the starting ratings, then each ability
    increase in turn (Advancement), so that every refusal names what to change.
    """
    level, start = values["level"], values["start"]
    first = min(level, 1)
    starting = {a: int(values[field]) for a, field in _START_FIELDS.items()}
    placed = validate_sheet(
        first, start, dict(zip(ABILITY_NAMES, _starting_array(first), strict=True))
    )
    if placed:
        return starting, [(problem, ("start", "level")) for problem in placed]
    problems = validate_sheet(first, start, starting)
    if problems:
        return starting, [(problem, _rating_fields(problem)) for problem in problems]
    increases = {lvl: values[field] for lvl, field in _INCREASE_FIELDS.items()}
    refused: Refused = []
    for lvl, field in _INCREASE_FIELDS.items():
        if lvl <= level:
            _, broken = apply_ability_increases(lvl, starting, increases)
            refused += [(problem, (field,)) for problem in broken[len(refused) :]]
    ratings, _ = apply_ability_increases(level, starting, increases)
    if refused:
        return ratings, refused
    row = advancement_row(level)
    hp = max_hp(level, ratings["STR"])
    problems = validate_sheet(level, start, ratings, hp_max=hp, moves=row.moves)
    planned = tuple(f for lvl, f in _INCREASE_FIELDS.items() if lvl <= level)
    return ratings, [(p, (*_START_FIELDS.values(), *planned)) for p in problems]


def _builder_settle(before: Values, after: Values) -> dict[str, Any]:
    """Fill in what a new start or level implies (2d10 WoDu Hack, Character Generation).

    A new start at a starting level moves the sheet to that start's level
    (gritty 0, standard 1); when the sheet then hands out another array (gritty
    at Level 0, standard from Level 1), the ratings become that array in the
    order the reader ranked them.
    """
    changes: dict[str, Any] = {}
    level = after["level"]
    if after["start"] != before["start"] and level <= max(STARTING_LEVEL.values()):
        level = STARTING_LEVEL[after["start"]]
        if level != after["level"]:
            changes["level"] = level
    array = _starting_array(level)
    if array != _starting_array(before["level"]):
        ranked = sorted(_START_FIELDS.values(), key=lambda field: -int(after[field]))
        changes.update(
            (field, str(rating))
            for field, rating in zip(ranked, sorted(array, reverse=True), strict=True)
        )
    return changes


EXAMPLE_NAME = "Rook"
"""The site's example character, STR 2, DEX 1, WIT 1, CHA -1 at Level 1 (Character
creation, Play): the draft gives none."""
EXAMPLE_BACKGROUND = "Getaway Driver"
"""The Background of the draft's own worked example (2d10 WoDu Hack, Background), given
to the site's example."""
EXAMPLE_WEAPONS = (
    {"name": "Revolver", "wr": "3", "hero": 0, "paired": False},
    {"name": "Chef's knife", "wr": "2", "hero": 0, "paired": False},
)
"""Two weapons of the draft's table (Damage & Powers) for the site's example."""
FRESH: dict[str, Any] = {"name": "", "background": "", "moves": [], "weapons": []}
"""A new character as the rules start one (Character Generation): a standard Level 1
character with 2, 1, 1, -1 handed out in the order the form lists them, no damage, no
XP, and nothing chosen yet: no name, no Background, no Special Move, no equipment."""
MOST_MOVES = ADVANCEMENT[-1].moves
"""8: the moves a Level 15 character knows, the most a sheet lists (Advancement)."""
MOST_WEAPONS = 8
"""The most weapons a sheet lists (a tool limit: the draft sets none)."""
_WR_DICE = tuple((str(wr), f"{wr} · {dice}") for wr, dice in WEAPON_RATINGS.items())
"""A weapon row's ratings with their dice, short enough for a row on a phone: "3 · d10"."""


@lru_cache(maxsize=1024)
def _dr_chance(rating: int, background: bool, dr: int) -> Fraction:
    """The chance that a check meets ``dr`` (2d10 WoDu Hack, Core Resolution, DR)."""
    return dr_outcomes(rating, dr, background)["success"]


@lru_cache(maxsize=1024)
def _fr_chances(rating: int, background: bool, lo: int, hi: int) -> tuple[Fraction, Fraction]:
    """A check's chances of a strong and of a weak success against FR ``lo``-``hi``
    (2d10 WoDu Hack, Core Resolution, FR)."""
    outcomes = fr_outcomes(rating, lo, hi, background)
    return outcomes["strong"], outcomes["weak"]


@lru_cache(maxsize=64)
def _average_damage(rating: int, hero_power: int, paired: bool) -> Fraction:
    """A weapon's average damage (2d10 WoDu Hack, Damage & Powers)."""
    return Distribution.from_weights(damage_distribution(rating, hero_power, paired)).mean


def _ability_rows(ratings: dict[str, int], values: Values, *, rolled: bool) -> list[CheckRow]:
    """Each ability as a row of the sheet in play, with its exact chance against the DR
    or the FR now set (2d10 WoDu Hack, Core Resolution; Background): 2d10 + the rating,
    3d10 keeping the highest two with a Background. Against a FR the chance is that of
    at least a weak success, the detail each degree's. ``rolled`` False (a sheet that
    breaks a rule, whose checks are refused): no chance."""
    background = bool(values[f"{CHECK_PREFIX}background"])
    against = against_text(values, CHECK_PREFIX)
    rows = []
    for ability in ABILITIES:
        name, rating = ability.abbreviation, ratings[ability.abbreviation]
        chance: Fraction | None = None
        detail = ""
        if rolled and values[f"{CHECK_PREFIX}kind"] == "dr":
            chance = _dr_chance(rating, background, int(values[f"{CHECK_PREFIX}dr"]))
        elif rolled:
            strong, weak = _fr_chances(rating, background, *fuzzy_range(values, CHECK_PREFIX))
            chance, detail = strong + weak, f"strong success {strong}, weak success {weak}"
        with_background = " with a Background" if background else ""
        rows.append(
            CheckRow(
                key=f"ability:{name}",
                name=name,
                value=signed(rating),
                label=f"Roll {name} {signed(rating)}{with_background} against {against}",
                chance=chance,
                detail=detail,
                title=f"{ability.name}: {ability.covers}",
            )
        )
    return rows


def _abilities(ratings: dict[str, int], values: Values, *, rolled: bool) -> Block:
    """The four abilities in the draft's order, each rolling its check."""
    background = str(values["background"])
    if values[f"{CHECK_PREFIX}background"]:
        dice = f"{BACKGROUND_CHECK_DICE} + rating" + (f" ({background})" if background else "")
    else:
        dice = f"{CHECK_DICE} + rating"
    against = against_text(values, CHECK_PREFIX)
    caption = f"{called(values)}'s abilities: {dice} against {against}"
    return sheet_checks(caption, _ability_rows(ratings, values, rolled=rolled))


def _tracks(values: Values, hp_max: int) -> list[Block]:
    """Damage taken against Max HP and XP against the next level's price, as boxes a
    player taps, or the refusal of more damage than Max HP (2d10 WoDu Hack, Character
    Generation; Advancement).

    The sheet tracks the damage taken, so that HP left follows Max HP as the level and
    STR change. The draft says nothing of what 0 HP means; the sheet says so and leaves
    it to the GM. At Level 15, the top of the table, XP buys nothing more: no boxes.
    """
    damage, xp, level = values["damage"], values["xp"], values["level"]
    if damage > hp_max:
        return [
            error(
                f"Damage taken is {damage}, more than {called(values)}'s Max HP of {hp_max} "
                f"({SYSTEM}, Character Generation)",
                ["damage"],
            )
        ]
    left = hp_max - damage
    health = f"{damage} taken: {left} of {hp_max} HP left"
    if left == 0:
        health += " (the draft does not say what 0 HP means: the GM rules on it)"
    taps = counter_taps("damage", "Damage", damage, hp_max)
    blocks = [track("Damage", damage, hp_max, health, taps=taps)]
    if level == MAX_LEVEL:
        blocks.append(text(f"{xp} XP; Level {level} is the top of the table."))
        return blocks
    price = xp_to_next_level(level, values["pace"])
    if xp >= price:
        growth = (
            f"{xp} XP, enough for Level {level + 1} ({price} XP): raise the Level "
            f"and take {price} XP off"
        )
    else:
        growth = f"{xp} of the {price} XP for Level {level + 1}"
    boxes = max(price, xp)
    taps = counter_taps("xp", "XP", xp, boxes)
    blocks.append(track(f"XP to Level {level + 1}", xp, boxes, growth, taps=taps))
    return blocks


def _moves(values: Values) -> list[Block]:
    """The Special (and, from Level 9, Advanced) Moves the sheet lists against the moves
    a character of its level knows (2d10 WoDu Hack, Advancement; Special Moves). The
    draft has no moves yet ("TBD, forthcoming"): their names are the group's."""
    level = values["level"]
    known = advancement_row(level).moves
    names = row_names(values["moves"], "Move")
    blocks = []
    if len(names) > known:
        blocks.append(
            error(
                f"{called(values)} lists {len(names)} moves, but a Level {level} character "
                f"knows {known} ({SYSTEM}, Advancement)",
                ["moves"],
            )
        )
    if not known and not names:
        blocks.append(text("Special Moves: none at Level 0."))
    elif not names:
        blocks.append(text(f"Special Moves ({known} at Level {level}): none written yet."))
    else:
        blocks.append(
            text(
                f"Special Moves ({len(names)} of {known} at Level {level}): "
                f"{listing(names)}."
            )
        )
    return blocks


def _weapon_rating(weapon: Values) -> str:
    """A weapon's rating as the draft writes it: ``"WR:3"``, a hero power ``"WR:3+1"``."""
    return f"WR:{weapon['wr']}" + (f"+{weapon['hero']}" if weapon["hero"] else "")


def _weapons(values: Values) -> list[Block]:
    """The sheet's weapons with their rating and damage dice, each rolling its damage
    (2d10 WoDu Hack, Damage & Powers), or the rule a weapon breaks (paired weapons are
    WR:3 only)."""
    weapons = values["weapons"]
    if not weapons:
        return [text("Weapons: none on the sheet.")]
    problems: list[Block] = []
    rows: list[list[str]] = []
    titles: list[list[str]] = []
    checks: list[tuple[str, str] | None] = []
    names = row_names(weapons, "Weapon")
    for number, (weapon, name) in enumerate(zip(weapons, names, strict=True)):
        rating = int(weapon["wr"])
        try:
            notation = damage_notation(rating, weapon["hero"], weapon["paired"])
        except ValueError as broken:
            problems.append(error(f"{name}: {broken}", ["weapons"]))
            rows.append([name, _weapon_rating(weapon), "—"])
            titles.append(["", "", ""])
            checks.append(None)
            continue
        mean = _average_damage(rating, weapon["hero"], weapon["paired"])
        rows.append([name, _weapon_rating(weapon), notation])
        titles.append(["", "", f"{decimal(mean)} on average"])
        checks.append((f"weapon:{number}", f"Roll {name}'s damage, {notation}"))
    caption = f"{called(values)}'s weapons"
    return [
        *problems,
        table(caption, ["Weapon", "WR", "Damage"], rows, titles=titles, checks=checks),
    ]


def _builder_check(values: Values, key: str, rng: random.Random) -> View:
    """An ability row's check: 2d10 + the rating (3d10k2 with a Background) against the
    DR or FR the sheet is set to (2d10 WoDu Hack, Core Resolution; Background); a
    weapon row's damage roll (Damage & Powers)."""
    kind, which = sheet_row(key, ability=ABILITY_NAMES, weapon=len(values["weapons"]))
    if kind == "weapon":
        weapon = values["weapons"][int(which)]
        name = row_names(values["weapons"], "Weapon")[int(which)]
        notation = damage_notation(int(weapon["wr"]), weapon["hero"], weapon["paired"])
        line, result = roll_line("", notation, rng)
        return {**rolled([line], f"{result.total} damage"), "what": f"{name} damage, {notation}"}
    ratings, refused = builder_sheet(values)
    mend_first(problem for problem, _ in refused)
    rating, background = ratings[which], values[f"{CHECK_PREFIX}background"]
    view = roll_check(rating, background, values, rng, CHECK_PREFIX)
    what = f"{which} {signed(rating)}" + (" with a Background" if background else "")
    return {**view, "what": f"{what} against {against_text(values, CHECK_PREFIX)}"}


_ADVANCED_MOVE_NOTE = (
    "Levels "
    + listing([str(row.level) for row in ADVANCEMENT if row.advanced_move_allowed])
    + " may add an Advanced Move instead of a Special Move"
)


def _level_facts(values: Values, ratings: dict[str, int], hp: str) -> Block:
    """What the level gives (2d10 WoDu Hack, Character Generation; Advancement): the
    sheet's setup, shown on a Play page in Edit mode."""
    level = values["level"]
    row = advancement_row(level)
    if level == 0:
        gained = f"the gritty array, {_array_text(GRITTY_STARTING_RATINGS)}"
    elif level == 1:
        gained = f"the standard array, {_array_text(STANDARD_STARTING_RATINGS)}, and 1 move"
    elif row.ability_increase:
        gained = f"+1 to {values[_INCREASE_FIELDS[level]]} (max +{row.ability_cap})"
    else:
        gained = "one Special or Advanced Move" if row.advanced_move_allowed else "one Special Move"
    if level == MAX_LEVEL:
        next_level = ("Next level", f"none: Level {level} is the top of the table", "")
    else:
        xp = xp_to_next_level(level, values["pace"])
        next_level = (
            f"XP to Level {level + 1}",
            f"{xp} XP",
            f"{values['pace'].capitalize()} advancement: {xp} XP for every level",
        )
    return facts(
        [
            ("Max HP", hp, f"{row.hp_base} + STR ({signed(ratings['STR'])})"),
            ("Moves known", str(row.moves), row.special_moves if row.special_moves != "—" else ""),
            ("Gained at this level", gained, ""),
            (
                "Advanced Move",
                "may be this level's move" if row.advanced_move_allowed else "not at this level",
                _ADVANCED_MOVE_NOTE,
            ),
            ("Tier", row.tier, ""),
            ("Ability maximum", f"+{row.ability_cap}", f"No rating may exceed +{row.ability_cap}"),
            next_level,
        ]
    )


def _builder_show(values: Values) -> list[Block]:
    """The sheet in the order a character is made (2d10 WoDu Hack, Character Generation):
    who it is, its abilities rolling their checks, HP and XP as boxes, its Special Moves
    and its weapons; what the level gives is the sheet's setup (Edit mode on a Play page).
    Refusals lead, the rest of the sheet stays in view under them."""
    ratings, refused = builder_sheet(values)
    blocks = [error(problem, fields) for problem, fields in refused]
    level, start = values["level"], values["start"]
    row = advancement_row(level)
    try:
        hp_max: int | None = max_hp(level, ratings["STR"])
    except ValueError:  # a refused increase took STR off the scale
        hp_max = None
    tracks = [] if refused or hp_max is None else _tracks(values, hp_max)
    moves, weapons = _moves(values), _weapons(values)
    blocks += [b for b in (*tracks, *moves, *weapons) if b["type"] == "error"]  # they lead
    background = str(values["background"]) or "none yet"
    blocks.append(
        text(
            f"{called(values)}: Level {level}, {row.tier} tier ({start} start); "
            f"Background: {background}."
        )
    )
    blocks.append(_abilities(ratings, values, rolled=not refused))
    blocks += [b for b in (*tracks, *moves, *weapons) if b["type"] != "error"]
    blocks.append(edit_only(_level_facts(values, ratings, "—" if hp_max is None else str(hp_max))))
    if level == 0:
        blocks.append(
            edit_only(
                text(
                    "At Level 1 a gritty character hands out "
                    f"{_array_text(STANDARD_STARTING_RATINGS)} afresh and takes a normal "
                    "Background."
                )
            )
        )
    return blocks


def _builder_unused(values: Values) -> list[str]:
    later = [field for level, field in _INCREASE_FIELDS.items() if level > values["level"]]
    return later + against_unused(values, CHECK_PREFIX)


BUILDER = sheet_widget(
    "wodu-builder",
    SYSTEM,
    "wodu-character",
    (
        Choice(
            "start",
            "Start",
            (
                (
                    "standard",
                    f"Standard: Level 1, {_array_text(STANDARD_STARTING_RATINGS)}",
                ),
                ("gritty", f"Gritty: Level 0, {_array_text(GRITTY_STARTING_RATINGS)}"),
            ),
            "standard",
            hint=(
                "A gritty character plays Level 0 with "
                f"{_array_text(GRITTY_STARTING_RATINGS)}, then hands out "
                f"{_array_text(STANDARD_STARTING_RATINGS)} afresh at Level 1."
            ),
            printed=False,
        ),
        Number(
            "level",
            "Level",
            1,
            0,
            MAX_LEVEL,
            hint="Level 0 is for gritty characters only.",
            printed=False,
        ),
        Choice(
            "pace",
            "Advancement pace",
            tuple(
                (pace, f"{pace.capitalize()}: {xp} XP a level") for pace, xp in XP_PER_LEVEL.items()
            ),
            "fast",
        ),
        *(_start_field(a, n) for a, n in zip(ABILITIES, STANDARD_STARTING_RATINGS, strict=True)),
        *(_increase_field(i, level) for i, level in enumerate(ABILITY_INCREASE_LEVELS)),
        Text(
            "background",
            "Background",
            default=EXAMPLE_BACKGROUND,
            max_length=ROW_NAME_LENGTH,
            hint=(
                "Your calling, chosen, rolled or made up (the draft's examples: Soldier, "
                "Pilot, Scientist, Psychic). When it applies to a check, tick "
                "Background applies."
            ),
            options=tuple((b, b) for b in BACKGROUND_EXAMPLES),
            printed=False,  # the sheet says it
        ),
        sheet_rows(
            "moves",
            "Special Moves",
            (row_name("Move"),),
            row_label="move",
            max_rows=MOST_MOVES,
            hint=(
                "One at Level 1 that fits the Background, one more at Levels 3, 5 and 7, "
                "a Special or Advanced Move at Levels 9, 11, 13 and 15. The draft has "
                "none written yet: name your group's."
            ),
            printed=False,  # the sheet lists them
        ),
        sheet_rows(
            "weapons",
            "Weapons",
            (
                row_name("Weapon"),
                Choice("wr", "WR", _WR_DICE, "3", hint="The weapon rating sets the damage dice."),
                Number(
                    "hero",
                    "Hero bonus",
                    0,
                    0,
                    HERO_POWER_BONUSES[-1],
                    hint="0 for a weapon; a hero power adds +1, raised by Special Moves.",
                ),
                Flag(
                    "paired",
                    "Paired",
                    hint="Dual swords, twin pistols: 2d10, keep the highest (at "
                    + listing([f"WR:{wr}" for wr in PAIRED_WEAPON_RATINGS])
                    + " only).",
                ),
            ),
            row_label="weapon",
            max_rows=MOST_WEAPONS,
            default=EXAMPLE_WEAPONS,
            printed=False,  # the sheet lists them with their damage
        ),
        Number(
            "damage",
            "Damage taken",
            0,
            0,
            HIGHEST_MAX_HP,
            track=True,
            hint="In play, tap the Damage track's boxes: one for each point taken, "
            "a filled one for each point healed. HP left = Max HP − damage taken.",
            printed=False,  # the Damage track prints as boxes
        ),
        Number(
            "xp",
            "XP toward the next level",
            0,
            0,
            MAX_XP_FIELD,
            track=True,
            hint="In play, tap the XP track's boxes for each XP the group or you earn.",
            printed=False,  # the XP track prints as boxes
        ),
        *against_fields(CHECK_PREFIX, printed=False),
        # One line at hand on a phone; the abilities' caption then names the dice.
        Flag(f"{CHECK_PREFIX}background", SHORT_BACKGROUND_LABEL, printed=False),
    ),
    show=_builder_show,
    unused=_builder_unused,
    settle=_builder_settle,
    check=_builder_check,
    play_fields=tuple(f"{CHECK_PREFIX}{f}" for f in ("kind", "dr", "fr", "background")),
    heading=Text("name", NAME.label, EXAMPLE_NAME, hint=NAME.hint, printed=False),
    fresh=FRESH,
)
"""2d10 WoDu Hack, Character Generation and Advancement: a sheet checked against the rules."""

WIDGETS: tuple[Widget, ...] = (BUILDER,)
