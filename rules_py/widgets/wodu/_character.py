"""The 2d10 WoDu Hack character builder: a sheet checked against the rules, kept in
play with its HP and XP, each ability row rolling its check.

Every number comes from :mod:`rules_py.systems.wodu.character` (Character
Generation and Advancement); this module arranges it into blocks.
"""

from __future__ import annotations

import random
from typing import Any

from rules_py._format import signed
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
from rules_py.views import View
from rules_py.widgets._blocks import Block, error, facts, listing, table, text, track
from rules_py.widgets._fields import Choice, Flag, Number
from rules_py.widgets._sheet import called, mend_first, named_words, sheet_row, sheet_widget
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.wodu._common import (
    ABILITY_OPTIONS,
    BACKGROUND_LABEL,
    against_fields,
    against_text,
    against_unused,
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


def _in_play(values: Values, hp_max: int | None) -> list[Block]:
    """HP left against Max HP and XP against the next level's price, in words and as
    boxes to tick, or the refusal of more damage than Max HP (2d10 WoDu Hack,
    Character Generation; Advancement).

    The sheet tracks the damage taken, so that HP left follows Max HP as the level
    and STR change. The draft says nothing of what 0 HP means; the sheet says so
    and leaves it to the GM.
    """
    if hp_max is None:
        return []
    damage, xp, level = values["damage"], values["xp"], values["level"]
    name = called(values)
    if damage > hp_max:
        return [
            error(
                f"Damage taken is {damage}, more than {name}'s Max HP of {hp_max} "
                f"({SYSTEM}, Character Generation)",
                ["damage"],
            )
        ]
    left = hp_max - damage
    health = f"{left} of {hp_max} HP left"
    if left == 0:
        health += " (the draft does not say what 0 HP means: the GM rules on it)"
    boxes = [track("Damage", damage, hp_max, f"{damage} taken, {left} HP left")]
    if level == MAX_LEVEL:
        growth = f"{xp} XP; Level {level} is the top of the table"
    else:
        price = xp_to_next_level(level, values["pace"])
        if xp >= price:
            growth = (
                f"{xp} XP, enough for Level {level + 1} ({price} XP): raise the Level "
                f"and take {price} XP off"
            )
        else:
            growth = f"{xp} of the {price} XP for Level {level + 1}"
            boxes.append(track(f"XP to Level {level + 1}", xp, price, f"{xp} of {price}"))
    return [text(f"In play: {health}; {growth}."), *boxes]


def _builder_check(values: Values, key: str, rng: random.Random) -> View:
    """An ability row's check: 2d10 + the rating (3d10k2 with a Background) against the
    DR or FR the sheet is set to (2d10 WoDu Hack, Core Resolution; Background)."""
    _, name = sheet_row(key, ability=ABILITY_NAMES)
    ratings, refused = builder_sheet(values)
    mend_first(problem for problem, _ in refused)
    rating, background = ratings[name], values[f"{CHECK_PREFIX}background"]
    view = roll_check(rating, background, values, rng, CHECK_PREFIX)
    what = f"{name} {signed(rating)}" + (" with a Background" if background else "")
    return {**view, "what": f"{what} against {against_text(values, CHECK_PREFIX)}"}


_ADVANCED_MOVE_NOTE = (
    "Levels "
    + listing([str(row.level) for row in ADVANCEMENT if row.advanced_move_allowed])
    + " may add an Advanced Move instead of a Special Move"
)


def _builder_show(values: Values) -> list[Block]:
    ratings, refused = builder_sheet(values)
    blocks = [error(problem, fields) for problem, fields in refused]
    level, start = values["level"], values["start"]
    row = advancement_row(level)
    strength = ratings["STR"]
    try:
        hp_max: int | None = max_hp(level, strength)
    except ValueError:  # a refused increase took STR off the scale
        hp_max = None
    hp = "—" if hp_max is None else str(hp_max)
    name = called(values)
    in_play = [] if refused else _in_play(values, hp_max)
    blocks += [b for b in in_play if b["type"] == "error"]  # a refusal leads
    blocks.append(text(f"{name}: Level {level}, {row.tier} tier ({start} start)."))
    blocks += [b for b in in_play if b["type"] != "error"]
    target = against_text(values, CHECK_PREFIX)
    blocks.append(
        table(
            f"{name}'s abilities",
            ["Ability", "Rating"],
            ([f"{a.abbreviation} ({a.name})", signed(ratings[a.abbreviation])] for a in ABILITIES),
            titles=([a.covers, ""] for a in ABILITIES),  # one line a row on a phone
            checks=(
                (
                    f"ability:{a.abbreviation}",
                    f"Roll {a.abbreviation} {signed(ratings[a.abbreviation])} against {target}",
                )
                for a in ABILITIES
            ),
        )
    )
    items: list[tuple[str, str, str]] = []
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
    items += [
        ("Max HP", hp, f"{row.hp_base} + STR ({signed(strength)})"),
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
    blocks.append(facts(items))
    if level == 0:
        blocks.append(
            text(
                "At Level 1 a gritty character hands out "
                f"{_array_text(STANDARD_STARTING_RATINGS)} afresh and takes a normal "
                "Background."
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
        Number(
            "damage",
            "Damage taken",
            0,
            0,
            HIGHEST_MAX_HP,
            track=True,
            hint="In play: tap + for each point of damage, − for each one healed. "
            "HP left = Max HP − damage taken.",
        ),
        Number(
            "xp",
            "XP toward the next level",
            0,
            0,
            MAX_XP_FIELD,
            track=True,
            hint="Tap + for each XP the group or you earn.",
        ),
        *against_fields(CHECK_PREFIX, printed=False),
        Flag(f"{CHECK_PREFIX}background", BACKGROUND_LABEL, printed=False),
    ),
    show=_builder_show,
    unused=_builder_unused,
    settle=_builder_settle,
    check=_builder_check,
    play_fields=tuple(f"{CHECK_PREFIX}{f}" for f in ("kind", "dr", "fr", "background")),
)
"""2d10 WoDu Hack, Character Generation and Advancement: a sheet checked against the rules."""

WIDGETS: tuple[Widget, ...] = (BUILDER,)
