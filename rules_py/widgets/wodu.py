"""2d10 WoDu Hack widgets: the check, damage, initiative and the character builder.

Every number comes from :mod:`rules_py.systems.wodu`; this module only arranges
it into blocks and rolls the dice the rules name.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from rules_py._format import decimal, percent, signed
from rules_py.dice import Distribution
from rules_py.systems import wodu
from rules_py.views import View
from rules_py.widgets._blocks import (
    Block,
    bar_chart,
    error,
    facts,
    listing,
    odds_table,
    roll_line,
    rolled,
    table,
    text,
    track,
    with_modifier,
)
from rules_py.widgets._fields import Choice, Field, Flag, Number, Rows, Text
from rules_py.widgets._source import sheet_choice
from rules_py.widgets._widget import Refusal, Values, Widget

# --------------------------------------------------------------------------
# The check (Core Resolution; Background)
# --------------------------------------------------------------------------

_DR_OPTIONS = tuple(
    (str(dr), f"{name} · DR {dr}") for name, dr in wodu.DIFFICULTY_RATINGS.items()
) + tuple(
    (str(dr), f"{name} · DR {dr} (alternate ladder)")
    for name, dr in wodu.ALTERNATE_DIFFICULTY_RATINGS.items()
    if dr not in wodu.DIFFICULTY_RATINGS.values()
)
_FR_OPTIONS = tuple(
    (f"{lo}-{hi}", f"{name} · FR {lo}-{hi}") for name, (lo, hi) in wodu.FUZZY_RANGES.items()
) + tuple(
    (f"{lo}-{hi}", f"{name} · FR {lo}-{hi} (alternate ladder)")
    for name, (lo, hi) in wodu.ALTERNATE_FUZZY_RANGES.items()
    if (lo, hi) not in wodu.FUZZY_RANGES.values()
)

ABILITY = Number("ability", "Ability rating", 0, wodu.MIN_ABILITY, wodu.MAX_ABILITY)
BACKGROUND_LABEL = f"Background applies ({wodu.BACKGROUND_CHECK_DICE}, keep the highest two)"


def check_dice(ability: int, background: bool) -> str:
    """The check's dice: 2d10 + ability, or 3d10k2 + ability with a Background."""
    return with_modifier(wodu.BACKGROUND_CHECK_DICE if background else wodu.CHECK_DICE, ability)


def against_fields(prefix: str = "", *, printed: bool = True) -> tuple[Field, ...]:
    """What a check is read against, as fields named ``prefix`` + kind, dr, fr
    (2d10 WoDu Hack, Core Resolution): a DR (the default DR:12) or a fuzzy range
    (the default FR:12-14), chosen by the GM."""
    return (
        Choice(
            f"{prefix}kind",
            "Read the total against",
            (("dr", "a difficulty rating (DR)"), ("fr", "a fuzzy range (FR)")),
            "dr",
            printed=printed,
        ),
        Choice(
            f"{prefix}dr", "Difficulty rating", _DR_OPTIONS, str(wodu.DEFAULT_DR), printed=printed
        ),
        Choice(
            f"{prefix}fr",
            "Fuzzy range",
            _FR_OPTIONS,
            "{}-{}".format(*wodu.DEFAULT_FR),
            printed=printed,
        ),
    )


def against_unused(values: Values, prefix: str = "") -> list[str]:
    """The one of DR and FR that the check is not read against."""
    return [f"{prefix}fr"] if values[f"{prefix}kind"] == "dr" else [f"{prefix}dr"]


def _fuzzy_range(values: Values, prefix: str = "") -> tuple[int, int]:
    lo, hi = (int(n) for n in values[f"{prefix}fr"].split("-"))
    return lo, hi


def against_text(values: Values, prefix: str = "") -> str:
    """``"DR 12"`` or ``"FR 12-14"``: what the check's total is read against."""
    if values[f"{prefix}kind"] == "dr":
        return f"DR {int(values[f'{prefix}dr'])}"
    return "FR {}-{}".format(*_fuzzy_range(values, prefix))


def check_outcome(total: int, values: Values, prefix: str = "") -> str:
    """A check's total read against its DR or FR (2d10 WoDu Hack, Core Resolution).

    DR: meet or beat it to succeed. FR: above the range a strong success, inside
    it a weak success (with a complication, cost or reduced effect), below it a
    failure on which the GM makes a hard move.
    """
    if values[f"{prefix}kind"] == "dr":
        dr = int(values[f"{prefix}dr"])
        return (
            f"Success: {total} meets DR {dr}"
            if total >= dr
            else f"Failure: {total} is under DR {dr}"
        )
    lo, hi = _fuzzy_range(values, prefix)
    if total > hi:
        return f"Strong success: {total} is over FR {lo}-{hi}"
    if total >= lo:
        return (
            f"Weak success: {total} is inside FR {lo}-{hi}; "
            "it comes with a complication, a cost or a reduced effect"
        )
    return f"Failure: {total} is under FR {lo}-{hi}; the GM makes a hard move"


def roll_check(
    ability: int, background: bool, values: Values, rng: random.Random, prefix: str = ""
) -> View:
    """Roll a check: 2d10 (3d10k2 with a Background) + ability, read against the DR or
    FR the fields ``prefix`` + kind, dr, fr name (2d10 WoDu Hack, Core Resolution; Background)."""
    line, result = roll_line("", check_dice(ability, background), rng)
    return rolled([line], check_outcome(result.total, values, prefix))


def _check_show(values: Values) -> list[Block]:
    ability, background = values["ability"], values["background"]
    dice = check_dice(ability, background)
    dist = wodu.check_roll_distribution(ability, background)
    if values["kind"] == "dr":
        dr = int(values["dr"])
        outcomes = wodu.dr_outcomes(ability, dr, background)
        summary = (
            f"{dice} against DR {dr}: success {percent(outcomes['success'])}, "
            f"failure {percent(outcomes['failure'])}."
        )
        named = {"Success": outcomes["success"], "Failure": outcomes["failure"]}
        chart = bar_chart(dist, dice, dr, axis=f"Total of {dice}")
    else:
        lo, hi = _fuzzy_range(values)
        outcomes = wodu.fr_outcomes(ability, lo, hi, background)
        summary = (
            f"{dice} against FR {lo}-{hi}: failure {percent(outcomes['failure'])}, "
            f"weak success {percent(outcomes['weak'])}, "
            f"strong success {percent(outcomes['strong'])}."
        )
        named = {
            f"Failure (under {lo}; the GM makes a hard move)": outcomes["failure"],
            f"Weak success ({lo}-{hi})": outcomes["weak"],
            f"Strong success ({hi + 1} or more)": outcomes["strong"],
        }
        chart = bar_chart(
            dist,
            dice,
            axis=f"Total of {dice}",
            bands=(
                ("failure", "Failure", min(dist)),
                ("weak", "Weak success", lo),
                ("strong", "Strong success", hi + 1),
            ),
        )
    return [text(summary), odds_table(f"Outcomes of {dice}", "Outcome", named), chart]


def _check_roll(values: Values, rng: random.Random) -> View:
    return roll_check(values["ability"], values["background"], values, rng)


# --------------------------------------------------------------------------
# Damage (Damage & Powers)
# --------------------------------------------------------------------------


def _weapon_label(rating: int) -> str:
    dice = wodu.WEAPON_RATINGS[rating]
    example = next(
        (
            w.example
            for w in wodu.WEAPON_EXAMPLES
            if w.rating == rating and w.damage == dice and w.example != "—"
        ),
        "",
    )
    label = f"WR:{rating} · {dice}" + (f" · {example}" if example else " (no roll)")
    if rating in wodu.GM_OPTION_WEAPON_RATINGS:
        label += " (GM's option)"
    return label


_WR_OPTIONS = tuple((str(wr), _weapon_label(wr)) for wr in wodu.WEAPON_RATINGS)
_PAIRED_RATINGS = ", ".join(f"WR:{wr}" for wr in wodu.PAIRED_WEAPON_RATINGS)


def _damage_args(values: Values) -> tuple[int, int, bool]:
    return int(values["wr"]), values["hero_power"], values["paired"]


def _damage_show(values: Values) -> list[Block]:
    wr, power, paired = _damage_args(values)
    try:
        notation = wodu.damage_notation(wr, power, paired)
    except ValueError as broken:
        raise Refusal(str(broken), ("wr", "paired") if paired else ("wr", "hero_power")) from None
    dist = Distribution.from_weights(wodu.damage_distribution(wr, power, paired))
    mean = dist.mean
    what = f"WR:{wr}" + (" paired weapons" if paired else "")
    if power:
        what += f" with a {signed(power)} hero power"
    if len(dist) == 1:
        summary = f"{what} deals a flat {notation} damage: nothing to roll."
    else:
        summary = (
            f"{what} rolls {notation} for damage: {dist.minimum} to {dist.maximum}, "
            f"{decimal(mean)} on average."
        )
    rows = list(dist.rows())
    return [
        text(summary),
        facts(
            [
                ("Damage roll", notation),
                ("Average damage", decimal(mean), str(mean)),
                (
                    "Range",
                    f"{dist.minimum}-{dist.maximum}" if len(dist) > 1 else str(dist.minimum),
                ),
            ]
        ),
        table(
            f"Damage of {notation}",
            ["Damage", "P(=)", "P(≥)"],
            ([str(o), percent(eq), percent(ge)] for o, eq, ge, _ in rows),
            titles=(["", str(eq), str(ge)] for _, eq, ge, _ in rows),
        ),
        bar_chart(dist, notation, axis="Damage"),
    ]


def _damage_roll(values: Values, rng: random.Random) -> View:
    notation = wodu.damage_notation(*_damage_args(values))
    line, result = roll_line("", notation, rng)
    return rolled([line], f"{result.total} damage")


def _damage_unused(values: Values) -> list[str]:
    # Paired weapons exist at WR:3 only; the box stays visible while ticked so
    # that the reader can clear it when the refusal says so.
    if int(values["wr"]) in wodu.PAIRED_WEAPON_RATINGS or values["paired"]:
        return []
    return ["paired"]


DAMAGE = Widget(
    name="wodu-damage",
    title="Damage",
    fields=(
        Choice(
            "wr",
            "Weapon rating",
            _WR_OPTIONS,
            "3",
            hint=(
                f"WR {min(wodu.GM_OPTION_WEAPON_RATINGS)}-{max(wodu.GM_OPTION_WEAPON_RATINGS)} "
                "are heavier weapons the GM may allow."
            ),
        ),
        Number(
            "hero_power",
            "Hero-power bonus",
            0,
            0,
            wodu.HERO_POWER_BONUSES[-1],
            hint=(
                "0 for an ordinary weapon; a hero power adds +1, and each upgrade "
                f"bought with Special Moves one more, up to +{wodu.HERO_POWER_BONUSES[-1]}. "
                "It counts for damage, never to hit."
            ),
        ),
        Flag(
            "paired",
            "Paired weapons (dual swords, twin pistols): 2d10, keep the highest",
            hint=f"Only at {_PAIRED_RATINGS}.",
        ),
    ),
    show=_damage_show,
    roll=_damage_roll,
    roll_label="Roll damage",
    unused=_damage_unused,
)
"""2d10 WoDu Hack, Damage & Powers: a weapon rating's damage, with its odds."""

# --------------------------------------------------------------------------
# Initiative
# --------------------------------------------------------------------------

_GM_MODIFIER_OPTIONS = tuple(
    (
        signed(m) if m else "0",
        f"{signed(m)}: {wodu.GM_INITIATIVE_DIE}{signed(m)}"
        if m
        else f"none: {wodu.GM_INITIATIVE_DIE}",
    )
    for m in wodu.GM_INITIATIVE_MODIFIERS
)
_BAND_NAMES: dict[wodu.InitiativeBand, str] = {
    "head start": "Head start",
    "ready": "Simply ready",
    "surprised": "Surprised",
}
_BAND_RANGES = {
    band.name: (
        f"{band.lowest}+"
        if band.highest is None
        else f"{band.highest}-"
        if band.lowest is None
        else f"{band.lowest}-{band.highest}"
    )
    for band in wodu.INITIATIVE_BANDS
}
_DEFAULT_PLAYERS = (
    {"name": "Rook", "dex": 2, "background": False},
    {"name": "Vega", "dex": 0, "background": False},
)


def _player_name(row: Mapping[str, Any], number: int) -> str:
    return str(row["name"]) or f"Player {number}"


def _initiative_show(values: Values) -> list[Block]:
    modifier = int(values["gm_modifier"])
    gm_dice = with_modifier(wodu.GM_INITIATIVE_DIE, modifier)
    enemies = wodu.gm_initiative_outcomes(modifier)
    low, high = wodu.GM_SURPRISED_HIGHEST, wodu.GM_SURPRISED_HIGHEST + 1
    blocks = [
        text(
            f"The GM rolls {gm_dice} for all the enemies: {percent(enemies['surprised'])} "
            f"that one or all of them are surprised ({low} or less), "
            f"{percent(enemies['head start'])} that one or all get a head start "
            f"({high} or more)."
        ),
        odds_table(
            f"The enemies ({gm_dice})",
            "Result",
            {
                f"Surprised ({low} or less)": enemies["surprised"],
                f"Head start ({high} or more)": enemies["head start"],
            },
        ),
    ]
    rows, titles = [], []
    bands = [b.name for b in wodu.INITIATIVE_BANDS]
    for number, row in enumerate(values["players"], start=1):
        outcomes = wodu.initiative_outcomes(row["dex"], row["background"])
        rows.append(
            [
                _player_name(row, number),
                check_dice(row["dex"], row["background"]),
                *(percent(outcomes[b]) for b in bands),
            ]
        )
        titles.append(["", "", *(str(outcomes[b]) for b in bands)])
    blocks.append(
        table(
            "The players",
            ["Player", "Roll", *(f"{_BAND_NAMES[b]} ({_BAND_RANGES[b]})" for b in bands)],
            rows,
            titles=titles,
        )
    )
    first = values["players"][0]
    dice = check_dice(first["dex"], first["background"])
    blocks.append(
        bar_chart(
            wodu.check_roll_distribution(first["dex"], first["background"]),
            f"{_player_name(first, 1)}: {dice}",
            wodu.INITIATIVE_BANDS[0].lowest,
            axis=f"{_player_name(first, 1)}'s total, {dice}",
        )
    )
    return blocks


def _has(names: list[str]) -> str:
    return "has" if len(names) == 1 else "have"


def _initiative_roll(values: Values, rng: random.Random) -> View:
    modifier = int(values["gm_modifier"])
    gm_line, gm_result = roll_line("GM", with_modifier(wodu.GM_INITIATIVE_DIE, modifier), rng)
    gm_band = wodu.gm_initiative_band(gm_result.total)
    lines = [gm_line]
    by_band: dict[wodu.InitiativeBand, list[tuple[str, int]]] = {
        b.name: [] for b in wodu.INITIATIVE_BANDS
    }
    for number, row in enumerate(values["players"], start=1):
        name = _player_name(row, number)
        line, result = roll_line(name, check_dice(row["dex"], row["background"]), rng)
        lines.append(line)
        by_band[wodu.initiative_band(result.total)].append((name, result.total))

    if gm_band == "surprised":
        enemies = "one or all of them are surprised, the GM chooses; any others are simply ready"
    else:
        enemies = "one or all of them have a head start; the rest are simply ready"
    items = [f"Enemies ({gm_result.total}): {enemies}."]
    items += [
        f"{_BAND_NAMES[band]}: {listing(f'{n} ({t})' for n, t in rolled_names)}."
        for band, rolled_names in by_band.items()
        if rolled_names
    ]
    leaders = [n for n, _ in by_band["head start"]]
    if leaders and gm_band == "head start":
        round_1 = f"to {listing(leaders)} first, then to the enemies with a head start"
    elif leaders:
        round_1 = f"only to {listing(leaders)}"
    elif gm_band == "head start":
        round_1 = "only to the enemies with a head start"
    else:
        round_1 = ""
    if round_1:
        items.append(f"Round 1: the spotlight goes {round_1}; everyone else is skipped.")
    else:
        items.append("Round 1: no one has a head start, so no one acts.")
    if leaders and gm_band == "surprised":
        items.append(
            f"{listing(leaders)} {_has(leaders)} advantage attacking the surprised enemies "
            "in Round 1."
        )
    surprised = [n for n, _ in by_band["surprised"]]
    if surprised and gm_band == "head start":
        items.append(
            f"{listing(surprised)} {_has(surprised)} disadvantage defending against the "
            "enemies with a head start in Round 1."
        )
    items.append(
        "Round 2: every player takes the spotlight, then all the enemies act; nobody is "
        "surprised any more. Round 3 and after: the same, players first."
    )
    return rolled(lines, "Who acts when:", items)


INITIATIVE = Widget(
    name="wodu-initiative",
    title="Initiative",
    fields=(
        Choice(
            "gm_modifier",
            "GM's modifier",
            _GM_MODIFIER_OPTIONS,
            "0",
            hint="Declared before the roll, when the fiction calls for it.",
        ),
        Rows(
            "players",
            "Players",
            (
                Text("name", "Name", max_length=40),
                Number(
                    "dex",
                    "DEX",
                    0,
                    wodu.MIN_ABILITY,
                    wodu.MAX_ABILITY,
                    hint="Or the ability the GM calls for.",
                ),
                Flag(
                    "background",
                    f"Background ({wodu.BACKGROUND_CHECK_DICE})",
                    hint="Only if the GM allows it here.",
                ),
            ),
            _DEFAULT_PLAYERS,
            1,
            6,
            row_label="player",
            hint=f"Each player rolls {wodu.CHECK_DICE} + DEX: "
            + ", ".join(f"{_BAND_RANGES[b]} {_BAND_NAMES[b].lower()}" for b in _BAND_NAMES)
            + ".",
            new_row={"name": "", "dex": 0, "background": False},
        ),
    ),
    show=_initiative_show,
    roll=_initiative_roll,
    roll_label="Roll initiative",
)
"""2d10 WoDu Hack, Initiative: the GM's d6 and each player's DEX roll, with the odds."""

# --------------------------------------------------------------------------
# Character builder (Character Generation; Advancement)
# --------------------------------------------------------------------------

_RATING_OPTIONS = tuple(
    (str(n), signed(n) if n else "0")
    for n in sorted(set(wodu.STANDARD_STARTING_RATINGS) | set(wodu.GRITTY_STARTING_RATINGS))
)
_ABILITY_OPTIONS = tuple((a.abbreviation, f"{a.abbreviation} ({a.name})") for a in wodu.ABILITIES)
_START_FIELDS = {a: f"start_{a.lower()}" for a in wodu.ABILITY_NAMES}
_INCREASE_FIELDS = {level: f"inc{level}" for level in wodu.ABILITY_INCREASE_LEVELS}
_DEFAULT_INCREASES = ("STR", "DEX")
"""The default plan alternates STR and DEX, which keeps every level within its maximum."""

STORE = "wodu-sheet"
"""Where the browser keeps the played character's sheet (the builder fences' ``store``)."""
CHECK_PREFIX = "check_"
"""The builder's fields for what its ability rows are rolled against: check_kind, check_dr..."""
HIGHEST_MAX_HP = wodu.ADVANCEMENT[-1].hp_base + wodu.MAX_ABILITY
"""31: Max HP at Level 15 with STR +6, the most any character has (Advancement)."""
MAX_XP_FIELD = 99
"""The most XP toward the next level the form takes (a tool limit: a level costs 10 or 15)."""


def _array_text(array: tuple[int, ...]) -> str:
    return ", ".join(str(n) for n in array)


def _start_field(ability: wodu.Ability, default: int) -> Choice:
    return Choice(
        _START_FIELDS[ability.abbreviation],
        f"Starting {ability.abbreviation}",
        _RATING_OPTIONS,
        str(default),
        hint=f"{ability.name}: {ability.covers}",
        printed=False,  # the sheet shows the ratings (with the increases listed)
    )


def _increase_field(index: int, level: int) -> Choice:
    row = wodu.ADVANCEMENT[level]
    return Choice(
        _INCREASE_FIELDS[level],
        f"Level {level}: +1 to (max +{row.ability_cap})",
        _ABILITY_OPTIONS,
        _DEFAULT_INCREASES[index % len(_DEFAULT_INCREASES)],
    )


Refused = list[tuple[str, tuple[str, ...]]]
"""Broken rules, each with the fields that break it."""


def _starting_array(level: int) -> tuple[int, ...]:
    """The array a sheet of ``level`` hands out: gritty at Level 0, standard from Level 1."""
    gritty = level < wodu.STARTING_LEVEL["standard"]
    return wodu.GRITTY_STARTING_RATINGS if gritty else wodu.STANDARD_STARTING_RATINGS


def _rating_fields(problem: str) -> tuple[str, ...]:
    """The starting fields a rule about the ratings names: one ability's, or all four."""
    named = [f for a, f in _START_FIELDS.items() if re.search(rf"\b{a}\b", problem)]
    return tuple(named) if len(named) == 1 else tuple(_START_FIELDS.values())


def _builder_sheet(values: Values) -> tuple[dict[str, int], Refused]:
    """The ratings at the chosen level, and the rules they break with the fields to mend.

    Judged in the order a sheet is made: the start and the level (2d10 WoDu
    Hack, Character Generation), the starting ratings, then each ability
    increase in turn (Advancement), so that every refusal names what to change.
    """
    level, start = values["level"], values["start"]
    first = min(level, 1)
    starting = {a: int(values[field]) for a, field in _START_FIELDS.items()}
    placed = wodu.validate_sheet(
        first, start, dict(zip(wodu.ABILITY_NAMES, _starting_array(first), strict=True))
    )
    if placed:
        return starting, [(problem, ("start", "level")) for problem in placed]
    problems = wodu.validate_sheet(first, start, starting)
    if problems:
        return starting, [(problem, _rating_fields(problem)) for problem in problems]
    increases = {lvl: values[field] for lvl, field in _INCREASE_FIELDS.items()}
    refused: Refused = []
    for lvl, field in _INCREASE_FIELDS.items():
        if lvl <= level:
            _, broken = wodu.apply_ability_increases(lvl, starting, increases)
            refused += [(problem, (field,)) for problem in broken[len(refused) :]]
    ratings, _ = wodu.apply_ability_increases(level, starting, increases)
    if refused:
        return ratings, refused
    row = wodu.advancement_row(level)
    hp = wodu.max_hp(level, ratings["STR"])
    problems = wodu.validate_sheet(level, start, ratings, hp_max=hp, moves=row.moves)
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
    if after["start"] != before["start"] and level <= max(wodu.STARTING_LEVEL.values()):
        level = wodu.STARTING_LEVEL[after["start"]]
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
    name = values["name"] or "Your character"
    if damage > hp_max:
        return [
            error(
                f"Damage taken is {damage}, more than {name}'s Max HP of {hp_max} "
                f"({wodu.SYSTEM}, Character Generation)",
                ["damage"],
            )
        ]
    left = hp_max - damage
    health = f"{left} of {hp_max} HP left"
    if left == 0:
        health += " (the draft does not say what 0 HP means: the GM rules on it)"
    boxes = [track("Damage", damage, hp_max, f"{damage} taken, {left} HP left")]
    if level == wodu.MAX_LEVEL:
        growth = f"{xp} XP; Level {level} is the top of the table"
    else:
        price = wodu.xp_to_next_level(level, values["pace"])
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
    kind, _, name = key.partition(":")
    if kind != "ability" or name not in wodu.ABILITY_NAMES:
        raise ValueError(f"the sheet has no check {key!r}")
    ratings, refused = _builder_sheet(values)
    if refused:
        raise ValueError(f"Mend the sheet first: {refused[0][0]}")
    rating, background = ratings[name], values[f"{CHECK_PREFIX}background"]
    view = roll_check(rating, background, values, rng, CHECK_PREFIX)
    what = f"{name} {signed(rating)}" + (" with a Background" if background else "")
    return {**view, "what": f"{what} against {against_text(values, CHECK_PREFIX)}"}


_ADVANCED_MOVE_NOTE = (
    "Levels "
    + listing([str(row.level) for row in wodu.ADVANCEMENT if row.advanced_move_allowed])
    + " may add an Advanced Move instead of a Special Move"
)


def _builder_show(values: Values) -> list[Block]:
    ratings, refused = _builder_sheet(values)
    blocks = [error(problem, fields) for problem, fields in refused]
    level, start = values["level"], values["start"]
    row = wodu.advancement_row(level)
    strength = ratings["STR"]
    try:
        hp_max: int | None = wodu.max_hp(level, strength)
    except ValueError:  # a refused increase took STR off the scale
        hp_max = None
    hp = "—" if hp_max is None else str(hp_max)
    name = values["name"] or "Your character"
    in_play = [] if refused else _in_play(values, hp_max)
    blocks += [b for b in in_play if b["type"] == "error"]  # a refusal leads
    blocks.append(text(f"{name}: Level {level}, {row.tier} tier ({start} start)."))
    blocks += [b for b in in_play if b["type"] != "error"]
    target = against_text(values, CHECK_PREFIX)
    blocks.append(
        table(
            f"{name}'s abilities",
            ["Ability", "Rating"],
            (
                [f"{a.abbreviation} ({a.name})", signed(ratings[a.abbreviation])]
                for a in wodu.ABILITIES
            ),
            titles=([a.covers, ""] for a in wodu.ABILITIES),  # one line a row on a phone
            checks=(
                (
                    f"ability:{a.abbreviation}",
                    f"Roll {a.abbreviation} {signed(ratings[a.abbreviation])} against {target}",
                )
                for a in wodu.ABILITIES
            ),
        )
    )
    items: list[tuple[str, str, str]] = []
    if level == 0:
        gained = f"the gritty array, {_array_text(wodu.GRITTY_STARTING_RATINGS)}"
    elif level == 1:
        gained = f"the standard array, {_array_text(wodu.STANDARD_STARTING_RATINGS)}, and 1 move"
    elif row.ability_increase:
        gained = f"+1 to {values[_INCREASE_FIELDS[level]]} (max +{row.ability_cap})"
    else:
        gained = "one Special or Advanced Move" if row.advanced_move_allowed else "one Special Move"
    if level == wodu.MAX_LEVEL:
        next_level = ("Next level", f"none: Level {level} is the top of the table", "")
    else:
        xp = wodu.xp_to_next_level(level, values["pace"])
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
                f"{_array_text(wodu.STANDARD_STARTING_RATINGS)} afresh and takes a normal "
                "Background."
            )
        )
    return blocks


def _builder_unused(values: Values) -> list[str]:
    later = [field for level, field in _INCREASE_FIELDS.items() if level > values["level"]]
    return later + against_unused(values, CHECK_PREFIX)


BUILDER = Widget(
    name="wodu-builder",
    title="Character builder",
    fields=(
        Text("name", "Name", hint="Optional; saved with the sheet.", printed=False),
        Choice(
            "start",
            "Start",
            (
                (
                    "standard",
                    f"Standard: Level 1, {_array_text(wodu.STANDARD_STARTING_RATINGS)}",
                ),
                ("gritty", f"Gritty: Level 0, {_array_text(wodu.GRITTY_STARTING_RATINGS)}"),
            ),
            "standard",
            hint=(
                "A gritty character plays Level 0 with "
                f"{_array_text(wodu.GRITTY_STARTING_RATINGS)}, then hands out "
                f"{_array_text(wodu.STANDARD_STARTING_RATINGS)} afresh at Level 1."
            ),
            printed=False,
        ),
        Number(
            "level",
            "Level",
            1,
            0,
            wodu.MAX_LEVEL,
            hint="Level 0 is for gritty characters only.",
            printed=False,
        ),
        Choice(
            "pace",
            "Advancement pace",
            tuple(
                (pace, f"{pace.capitalize()}: {xp} XP a level")
                for pace, xp in wodu.XP_PER_LEVEL.items()
            ),
            "fast",
        ),
        *(
            _start_field(a, n)
            for a, n in zip(wodu.ABILITIES, wodu.STANDARD_STARTING_RATINGS, strict=True)
        ),
        *(_increase_field(i, level) for i, level in enumerate(wodu.ABILITY_INCREASE_LEVELS)),
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
    portable="wodu-character",
    name_field="name",
    system=wodu.SYSTEM,
)
"""2d10 WoDu Hack, Character Generation and Advancement: a sheet checked against the rules."""

# --------------------------------------------------------------------------
# The check, with "Use my sheet" (Core Resolution; the builder's saved sheet)
# --------------------------------------------------------------------------


def from_sheet(sheet: Values, own: Values) -> tuple[dict[str, Any], str]:
    """The ability rating a check takes from the character being played: the one the
    check's "Ability from the sheet" names, at the sheet's level (2d10 WoDu Hack,
    Ability Ratings; Advancement). A sheet that breaks a rule gives nothing."""
    name = str(sheet["name"]).strip()
    whose = f"{name}'s sheet" if name else "your sheet"
    ratings, refused = _builder_sheet(sheet)
    if refused:
        return {}, (
            f"{whose[0].upper()}{whose[1:]} breaks a rule, so the ability rating is yours "
            f"to set: {refused[0][0]}"
        )
    which = own["sheet_ability"]
    return {"ability": ratings[which]}, f"From {whose}: {which} {signed(ratings[which])}."


SOURCE = sheet_choice(STORE, BUILDER, from_sheet, "sheet_ability")
"""The character being played (the builder's saved sheet) gives the check its ability."""


def _check_unused(values: Values) -> list[str]:
    return against_unused(values) + ([] if values["use_sheet"] else ["sheet_ability"])


CHECK = Widget(
    name="wodu-check",
    title="Check",
    fields=(
        Flag(
            "use_sheet",
            "Use my sheet",
            hint="Take the ability rating from the character you are playing.",
            printed=False,
        ),
        Choice("sheet_ability", "Ability from the sheet", _ABILITY_OPTIONS, "STR", printed=False),
        ABILITY,
        Flag("background", BACKGROUND_LABEL),
        *against_fields(),
    ),
    show=_check_show,
    roll=_check_roll,
    roll_label="Roll the check",
    unused=_check_unused,
    source=SOURCE,
)
"""2d10 WoDu Hack, Core Resolution: a check against a DR or a FR, with its odds, its
ability rating typed in or taken from the character being played."""

WIDGETS: tuple[Widget, ...] = (CHECK, DAMAGE, INITIATIVE, BUILDER)
