"""Rules of the "2d10 WoDu Hack" (working title), by J.E. Abernathy.

A light, unfinished fan hack of World of Dungeons and KULT, for personal use.
This module restates its mechanics in pure Python, section by section:

* Ability Ratings: four abilities, each rated from -1 to +6.
* Core Resolution: roll 2d10 + ability against a difficulty rating (DR) or a
  fuzzy range (FR); a Background adds a third d10 and keeps the highest two.
* Odds Comparison: the source's 2d10 versus d20 tables.
* Character Generation and Advancement: starting ratings, the level 0-15
  table, Max HP, XP costs.
* Damage & Powers: weapon ratings (WR) and hero-power bonuses.
* Initiative: the GM's d6 for the enemies and each player's DEX roll.

Exact probabilities are :class:`fractions.Fraction`. icepool is imported lazily,
inside the functions that compute distributions, so importing this module stays
cheap in the browser.

Where the draft is unclear, the reading used here is stated in the docstring of
the value or function concerned (and in a "Source note" on the rules pages).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations
from types import MappingProxyType
from typing import Any, Final, Literal

from rules_py.systems._params import (
    bounds,
    out_of_range,
    refusal,
    refuse_unknown_keys,
    whole_number,
)

SYSTEM: Final = "2d10 WoDu Hack"

# --------------------------------------------------------------------------
# Ability Ratings
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ability:
    """One of the four abilities (2d10 WoDu Hack, Ability Ratings)."""

    name: str
    abbreviation: str
    covers: str


ABILITIES: Final[tuple[Ability, ...]] = (
    Ability("Strength", "STR", "Stamina, Brute Force, Close Combat"),
    Ability("Dexterity", "DEX", "Agility, Quick Precision, Ranged Combat"),
    Ability("Wits", "WIT", "Learning, Logic, Sensory Perception"),
    Ability("Charisma", "CHA", "Willpower, Confidence, Social Perception"),
)
"""The four abilities, in the source's order (2d10 WoDu Hack, Ability Ratings)."""

ABILITY_NAMES: Final[tuple[str, ...]] = tuple(a.abbreviation for a in ABILITIES)
"""``("STR", "DEX", "WIT", "CHA")``: the keys a character sheet uses."""

MIN_ABILITY: Final = -1
"""Lowest ability rating: the -1 of both starting arrays (Character Generation)."""
MAX_ABILITY: Final = 6
"""Highest ability rating: the "+1 (max 6)" increase at level 14 (Advancement)."""

# --------------------------------------------------------------------------
# Core Resolution
# --------------------------------------------------------------------------

CHECK_DICE: Final = "2d10"
"""The core roll: 2d10 + ability rating (2d10 WoDu Hack, Core Resolution)."""
BACKGROUND_CHECK_DICE: Final = "3d10k2"
"""With a Background that applies: 3d10, keep the highest two (Background)."""

DIFFICULTY_RATINGS: Final[Mapping[str, int]] = MappingProxyType(
    {"Light": 9, "Risky": 12, "Hard": 15, "Extreme": 18, "Mythic": 21}
)
"""Difficulty rating (DR) by name: meet or beat it to succeed (Core Resolution)."""
DEFAULT_DR: Final = 12
"""The default difficulty rating, DR:12 (Core Resolution, Simple Version)."""

FUZZY_RANGES: Final[Mapping[str, tuple[int, int]]] = MappingProxyType(
    {"Risky": (9, 11), "Hard": (12, 14), "Extreme": (15, 17), "Mythic": (18, 20)}
)
"""Fuzzy range (FR) by name, as ``(low, high)`` (Core Resolution, FR).

Names follow the column order of the source's table, which has no Light column.
With that order the default FR:12-14 is named Hard, though the default DR:12 is
Risky; a FR's strong success starts at the DR of the same name.
"""
DEFAULT_FR: Final = (12, 14)
"""The default fuzzy range, FR:12-14 (Core Resolution, FR)."""
FUZZY_RANGE_WIDTH: Final = 3
"""A fuzzy range always spans three totals (Core Resolution, FR)."""

ALTERNATE_DIFFICULTY_RATINGS: Final[Mapping[str, int]] = MappingProxyType(
    {"Good": 12, "Strong": 16, "Extreme": 20, "Mythic": 24}
)
"""The draft's alternate DR ladder, dated 02/21/22 (not the default)."""
ALTERNATE_FUZZY_RANGES: Final[Mapping[str, tuple[int, int]]] = MappingProxyType(
    {
        "Almost Good": (9, 11),
        "Almost Strong": (13, 15),
        "Almost Extreme": (17, 19),
        "Almost Mythic": (21, 23),
    }
)
"""The draft's alternate FR ladder, dated 02/21/22 (not the default)."""

# --------------------------------------------------------------------------
# Character Generation and Advancement
# --------------------------------------------------------------------------

Start = Literal["standard", "gritty"]
Pace = Literal["fast", "slow"]

STANDARD_STARTING_RATINGS: Final[tuple[int, ...]] = (2, 1, 1, -1)
"""Distributed among the four abilities at Level 1 (Character Generation)."""
GRITTY_STARTING_RATINGS: Final[tuple[int, ...]] = (1, 0, 0, -1)
"""Distributed at Level 0 by gritty characters (Character Generation)."""
STARTING_LEVEL: Final[Mapping[str, int]] = MappingProxyType({"standard": 1, "gritty": 0})
"""The level each kind of character starts at (Character Generation)."""

XP_PER_LEVEL: Final[Mapping[str, int]] = MappingProxyType({"fast": 10, "slow": 15})
"""XP needed for each new level, by the group's chosen pace (Advancement)."""
GROUP_XP_PER_SESSION: Final = (1, 4)
"""Group XP at the end of each session, lowest and highest (Advancement)."""
INDIVIDUAL_XP_PER_SESSION: Final = (0, 2)
"""Extra XP each PC may earn in a session (Advancement, Individual XP)."""
CHAPTER_BONUS_XP: Final = (1, 4)
"""Bonus for the whole group at the end of a multi-session arc (Advancement)."""
AVERAGE_XP_PER_SESSION: Final = 4
"""The average the source uses for its session estimates (Advancement)."""

MAX_LEVEL: Final = 15


@dataclass(frozen=True, slots=True)
class Tier:
    """A named band of levels, from the Notes column of the Advancement table."""

    name: str
    first_level: int
    last_level: int


TIERS: Final[tuple[Tier, ...]] = (
    Tier("Gritty", 0, 0),
    Tier("Action Hero", 1, 5),
    Tier("Superhero", 6, 10),
    Tier("Beyond Super", 11, 15),
)
"""Tier names. The source writes each name once, on the tier's first level; a tier
is read here as lasting until the next name appears."""


@dataclass(frozen=True, slots=True)
class AdvancementRow:
    """One level of the Advancement table (2d10 WoDu Hack, Advancement).

    ``ability_ratings``, ``special_moves`` and ``note`` keep the source's wording
    ("" for an empty cell); the other fields are the values the tools use.
    """

    level: int
    ability_ratings: str
    """Source text: the starting array to distribute, "+1 (max N)" or ""."""
    ability_increase: bool
    """True when this level adds +1 to one ability rating."""
    ability_cap: int
    """The highest any single rating may be at this level."""
    ability_total: int
    """Sum of the four ratings (the "Total" column)."""
    special_moves: str
    """Source text of the "Special Moves, Etc." column."""
    moves: int
    """Moves known in total (the "Moves" column; 0 where the source has a dash)."""
    advanced_move_allowed: bool
    """True when the move gained here may be an Advanced Move."""
    hp_base: int
    """Max HP is this number + STR (the "HP Max" column)."""
    note: str
    """Source text of the Notes column (a tier name, or "")."""

    @property
    def tier(self) -> str:
        """The tier this level belongs to (see :data:`TIERS`)."""
        return tier_for_level(self.level)

    @property
    def hp_max_text(self) -> str:
        """The "HP Max" cell as the site prints it, e.g. ``"13 + STR"``."""
        return f"{self.hp_base} + STR"


def _build_advancement() -> tuple[AdvancementRow, ...]:
    caps = {2: 3, 4: 3, 6: 4, 8: 4, 10: 5, 12: 5, 14: 6}
    notes = {0: "Gritty", 1: "Action Hero", 6: "Superhero", 11: "Beyond Super"}
    rows = [
        AdvancementRow(
            level=0,
            ability_ratings="Distribute 1, 0, 0, -1",
            ability_increase=False,
            ability_cap=1,
            ability_total=0,
            special_moves="—",
            moves=0,
            advanced_move_allowed=False,
            hp_base=5,
            note="Gritty",
        ),
        AdvancementRow(
            level=1,
            ability_ratings="Distribute 2, 1, 1, -1",
            ability_increase=False,
            ability_cap=2,
            ability_total=3,
            special_moves="Start with 1 Special Move",
            moves=1,
            advanced_move_allowed=False,
            hp_base=11,
            note="Action Hero",
        ),
    ]
    for level in range(2, MAX_LEVEL + 1):
        prev = rows[-1]
        increase = level in caps
        if increase:
            text, moves_text = f"+1 (max {caps[level]})", ""
        elif level <= 7:
            text, moves_text = "", "+1 Special Move"
        else:
            text, moves_text = "", "+1 Special or Advanced Move"
        rows.append(
            AdvancementRow(
                level=level,
                ability_ratings=text,
                ability_increase=increase,
                ability_cap=caps.get(level, prev.ability_cap),
                ability_total=prev.ability_total + (1 if increase else 0),
                special_moves=moves_text,
                moves=prev.moves + (0 if increase else 1),
                advanced_move_allowed=level >= 9 and not increase,
                hp_base=level + 10,
                note=notes.get(level, ""),
            )
        )
    return tuple(rows)


ADVANCEMENT: Final[tuple[AdvancementRow, ...]] = _build_advancement()
"""The Advancement table, levels 0 to 15; ``ADVANCEMENT[n].level == n``.

Source note: the source prints 1 in the Total column of level 0, but its own
array 1, 0, 0, -1 adds up to 0; ``ability_total`` is 0 there (see
:data:`SOURCE_LEVEL_0_TOTAL`).
"""
SOURCE_LEVEL_0_TOTAL: Final = 1
"""The Total the source prints for level 0 (the array there sums to 0)."""

# --------------------------------------------------------------------------
# Damage & Powers
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WeaponExample:
    """A row of the Damage & Powers table: an example and its damage."""

    rating: int
    example: str
    damage: str
    """Dice notation of the damage, e.g. ``"2d6kl1"``."""
    delivery: str
    """"melee", "ranged", "blast", "melee or ranged", or "" when not given."""
    hero_power: bool = False
    """True for the table's "Hero Power" rows (damage +1)."""


WEAPON_RATINGS: Final[Mapping[int, str]] = MappingProxyType(
    {0: "1", 1: "2d6kl1", 2: "d6", 3: "d10", 4: "2d10", 5: "3d10", 6: "4d10"}
)
"""Damage dice by weapon rating (WR), in Rollbook notation (Damage & Powers).

WR:0 deals a flat 1. WR 4-6 are given as the GM's option.
"""
PAIRED_WEAPON_RATINGS: Final[Mapping[int, str]] = MappingProxyType({3: "2d10kh1"})
"""Damage of paired weapons ("dual swords, twin pistols") at WR:3: 2d10, keep the
highest. The source lists them in the WR:3 group (its hero version is "3+1")."""
GM_OPTION_WEAPON_RATINGS: Final[tuple[int, ...]] = (4, 5, 6)
"""Weapon ratings the source offers as the GM's option."""
HERO_POWER_BONUSES: Final[tuple[int, ...]] = (1, 2, 3, 4)
"""Damage bonus of a hero power: +1, raised by Special Moves to at most +4
(the source writes "The max will be +4, I think"). Damage only, never to hit."""

_DAMAGE_DICE: Final[Mapping[str, tuple[int, int, str]]] = MappingProxyType(
    {
        "2d6kl1": (2, 6, "lowest"),
        "d6": (1, 6, "all"),
        "d10": (1, 10, "all"),
        "2d10kh1": (2, 10, "highest"),
        "2d10": (2, 10, "all"),
        "3d10": (3, 10, "all"),
        "4d10": (4, 10, "all"),
    }
)
"""Each damage notation as (dice, sides, which dice count) for the exact odds."""

WEAPON_EXAMPLES: Final[tuple[WeaponExample, ...]] = (
    WeaponExample(0, "—", "1", ""),
    WeaponExample(1, "Civilian punch (untrained)", "2d6kl1", ""),
    WeaponExample(2, "Baseball bat", "d6", "melee"),
    WeaponExample(2, "Chef's knife", "d6", "melee or ranged"),
    WeaponExample(3, "Fireaxe, katana", "d10", "melee"),
    WeaponExample(3, "Revolver", "d10", "ranged"),
    WeaponExample(3, "Shotgun", "d10", "blast"),
    WeaponExample(3, "Dual swords, twin pistols", "2d10kh1", ""),
    WeaponExample(3, "Optic Laser Beam (as revolver +1)", "d10+1", "ranged", True),
    WeaponExample(3, "Mutant Claws (as dual swords +1)", "2d10kh1+1", "melee", True),
    WeaponExample(4, "Sniper rifle", "2d10", "ranged"),
    WeaponExample(4, "Grenade", "2d10", "blast"),
    WeaponExample(5, "Helicopter minigun", "3d10", "blast"),
    WeaponExample(6, "C-4", "4d10", "blast"),
)
"""Every example of the Damage & Powers table, in the source's order."""

# --------------------------------------------------------------------------
# Initiative
# --------------------------------------------------------------------------

InitiativeBand = Literal["surprised", "ready", "head start"]


@dataclass(frozen=True, slots=True)
class PlayerInitiativeBand:
    """A band of a player's initiative (DEX) roll (2d10 WoDu Hack, Initiative)."""

    name: InitiativeBand
    label: str
    """The source's label ("Great", "Fair") or "" where it gives none."""
    lowest: int | None
    """Lowest total in the band (None: no lower limit)."""
    highest: int | None
    """Highest total in the band (None: no upper limit)."""


INITIATIVE_BANDS: Final[tuple[PlayerInitiativeBand, ...]] = (
    PlayerInitiativeBand("head start", "Great", 16, None),
    PlayerInitiativeBand("ready", "Fair", 13, 15),
    PlayerInitiativeBand("surprised", "", None, 12),
)
"""16+ head start, 13+ simply ready, 12- surprised (Initiative)."""
GM_INITIATIVE_DIE: Final = "d6"
"""The GM rolls one d6 for all the enemies (Initiative)."""
GM_INITIATIVE_MODIFIERS: Final[tuple[int, ...]] = (-1, 0, 1)
"""The GM may declare -1 or +1 before rolling, from the fiction (Initiative)."""
GM_SURPRISED_HIGHEST: Final = 3
"""GM d6 of 1-3: one or all enemies surprised; 4-6: one or all get a head start."""

# --------------------------------------------------------------------------
# Validation helpers
# --------------------------------------------------------------------------


def _require_int(value: object, what: str, rule: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(
            refusal(f"{what} must be a whole number (got {value!r})", f"{SYSTEM}, {rule}")
        )
    return value


def _require_ability(ability: object, what: str = "an ability rating") -> int:
    value = _require_int(ability, what, "Ability Ratings")
    if not MIN_ABILITY <= value <= MAX_ABILITY:
        raise ValueError(
            out_of_range(
                what,
                f"from {MIN_ABILITY} to +{MAX_ABILITY}",
                value,
                f"{SYSTEM}, Ability Ratings",
            )
        )
    return value


def _require_level(level: object) -> int:
    value = _require_int(level, "the level", "Advancement")
    if not 0 <= value <= MAX_LEVEL:
        raise ValueError(
            out_of_range("the level", bounds(0, MAX_LEVEL), value, f"{SYSTEM}, Advancement")
        )
    return value


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _array(values: tuple[int, ...]) -> str:
    return ", ".join(str(v) for v in values)


# --------------------------------------------------------------------------
# Exact distributions (icepool, imported lazily)
# --------------------------------------------------------------------------

_Pairs = tuple[tuple[int, Fraction], ...]


def _die_pairs(die: Any) -> _Pairs:
    denominator = int(die.denominator())
    return tuple(sorted((int(o), Fraction(int(q), denominator)) for o, q in die.items()))


@cache
def _check_dice(background: bool) -> _Pairs:
    import icepool

    return _die_pairs(icepool.d10.highest(3, 2) if background else 2 @ icepool.d10)


@cache
def _dice(count: int, sides: int, keep: str) -> _Pairs:
    """``count`` dice of ``sides``: summed ("all"), or only the highest/lowest one."""
    import icepool

    die = icepool.d(sides)
    if keep == "highest":
        return _die_pairs(die.highest(count, 1))
    if keep == "lowest":
        return _die_pairs(die.lowest(count, 1))
    return _die_pairs(count @ die)


def _shift(pairs: _Pairs, modifier: int) -> dict[int, Fraction]:
    return {outcome + modifier: p for outcome, p in pairs}


def probability_at_least(distribution: Mapping[int, Fraction], target: int) -> Fraction:
    """P(total >= target): the chance to meet or beat a target number."""
    return sum((p for o, p in distribution.items() if o >= target), Fraction(0))


def at_least_table(distribution: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """P(total >= t) for every possible total t, as in the source's odds tables."""
    return {t: probability_at_least(distribution, t) for t in sorted(distribution)}


def check_roll_distribution(ability: int, background: bool = False) -> dict[int, Fraction]:
    """Exact distribution of a check (2d10 WoDu Hack, Core Resolution; Background).

    2d10 + ability rating, or 3d10 keeping the highest two + ability rating when
    the character's Background applies.
    """
    return _shift(_check_dice(bool(background)), _require_ability(ability))


def d20_comparison_distribution(bonus: int = 0) -> dict[int, Fraction]:
    """d20 + bonus, the yardstick of the source's Odds Comparison (not a game roll)."""
    bonus = _require_int(bonus, "the bonus", "Odds Comparison")
    return _shift(_dice(1, 20, "all"), bonus)


def dr_outcomes(ability: int, dr: int, background: bool = False) -> dict[str, Fraction]:
    """Pass or fail against a difficulty rating (2d10 WoDu Hack, Core Resolution, DR).

    Success when the total equals the DR or more. Returns ``{"success", "failure"}``.
    """
    dr = _require_int(dr, "the difficulty rating (DR)", "Core Resolution")
    success = probability_at_least(check_roll_distribution(ability, background), dr)
    return {"success": success, "failure": 1 - success}


def fr_outcomes(ability: int, lo: int, hi: int, background: bool = False) -> dict[str, Fraction]:
    """Degrees of success against a fuzzy range (2d10 WoDu Hack, Core Resolution, FR).

    A total from ``lo`` to ``hi`` is a weak success (success with a complication,
    cost or reduced effect); above ``hi`` a strong success; below ``lo`` a
    failure, on which the GM makes a hard move. The range spans three totals.
    Returns ``{"failure", "weak", "strong"}``.
    """
    lo = _require_int(lo, "the low end of the fuzzy range", "Core Resolution")
    hi = _require_int(hi, "the high end of the fuzzy range", "Core Resolution")
    if hi - lo != FUZZY_RANGE_WIDTH - 1:
        raise ValueError(
            refusal(
                f"a fuzzy range spans three totals, e.g. FR:12-14 (got FR:{lo}-{hi})",
                f"{SYSTEM}, Core Resolution",
            )
        )
    dist = check_roll_distribution(ability, background)
    at_least_lo = probability_at_least(dist, lo)
    strong = probability_at_least(dist, hi + 1)
    return {"failure": 1 - at_least_lo, "weak": at_least_lo - strong, "strong": strong}


# --------------------------------------------------------------------------
# Advancement
# --------------------------------------------------------------------------


def advancement_row(level: int) -> AdvancementRow:
    """The row of the Advancement table for ``level`` (0-15)."""
    return ADVANCEMENT[_require_level(level)]


def tier_for_level(level: int) -> str:
    """The tier name of ``level`` (2d10 WoDu Hack, Advancement, Notes column)."""
    level = _require_level(level)
    return next(t.name for t in TIERS if t.first_level <= level <= t.last_level)


def max_hp(level: int, strength: int) -> int:
    """Max HP (2d10 WoDu Hack, Character Generation; Advancement "HP Max").

    From Level 1 on, Max HP = current level + 10 + STR (11 + STR at Level 1,
    25 + STR at Level 15). A gritty Level 0 character has 5 + STR: the general
    formula would give 10 + STR there, but the source sets 5 + STR for Level 0
    both in its text and in the table, so that value is used. STR is the
    character's current Strength rating.
    """
    strength = _require_ability(strength, "STR")
    return advancement_row(level).hp_base + strength


def xp_to_next_level(level: int, pace: Pace) -> int:
    """XP needed to go from ``level`` to the next (2d10 WoDu Hack, Advancement).

    10 XP per level with fast advancement, 15 with slow; the cost is the same at
    every level. The source does not price Level 0 to 1 separately, so a gritty
    character pays the same. Level 15 is the top of the table (ValueError).
    """
    level = _require_level(level)
    if pace not in XP_PER_LEVEL:
        raise ValueError(f'{SYSTEM}, Advancement: the pace is "fast" or "slow" (got {pace!r})')
    if level == MAX_LEVEL:
        raise ValueError(
            refusal(
                f"Level {MAX_LEVEL} is the highest level in the table", f"{SYSTEM}, Advancement"
            )
        )
    return XP_PER_LEVEL[pace]


def xp_between_levels(from_level: int, to_level: int, pace: Pace) -> int:
    """Total XP to advance from ``from_level`` to ``to_level`` (Advancement)."""
    from_level, to_level = _require_level(from_level), _require_level(to_level)
    if to_level < from_level:
        raise ValueError(
            refusal(
                f"characters do not lose levels (from {from_level} to {to_level})",
                f"{SYSTEM}, Advancement",
            )
        )
    return sum(xp_to_next_level(n, pace) for n in range(from_level, to_level))


def estimated_sessions(
    from_level: int, to_level: int, pace: Pace, xp_per_session: int = AVERAGE_XP_PER_SESSION
) -> Fraction:
    """Sessions needed at a steady XP rate (Advancement, Fast or Slow estimate)."""
    xp_per_session = _require_int(xp_per_session, "XP per session", "Advancement")
    if xp_per_session <= 0:
        raise ValueError(refusal("XP per session must be positive", f"{SYSTEM}, Advancement"))
    return Fraction(xp_between_levels(from_level, to_level, pace), xp_per_session)


@cache
def _reachable_ratings(level: int) -> frozenset[tuple[int, ...]]:
    """Every (STR, DEX, WIT, CHA) a character of ``level`` can legally have."""
    if level == 0:
        return frozenset(permutations(GRITTY_STARTING_RATINGS))
    states = frozenset(permutations(STANDARD_STARTING_RATINGS))
    for row in ADVANCEMENT[2 : level + 1]:
        if row.ability_increase:
            states = frozenset(
                (*s[:i], s[i] + 1, *s[i + 1 :])
                for s in states
                for i in range(len(s))
                if s[i] + 1 <= row.ability_cap
            )
    return states


def _ability_increases(level: int) -> int:
    return sum(1 for row in ADVANCEMENT[2 : level + 1] if row.ability_increase)


def validate_sheet(
    level: int,
    start: Start,
    ratings: Mapping[str, int],
    *,
    hp_max: int | None = None,
    moves: int | None = None,
) -> list[str]:
    """Rule violations of a character sheet, as sentences (empty when valid).

    Checks (2d10 WoDu Hack, Character Generation and Advancement): the level
    (0-15; Level 0 only for gritty characters); the four ratings keyed STR, DEX,
    WIT, CHA (any case); each rating between -1 and that level's maximum; the
    starting array at Levels 0 and 1; the ratings' total; that the ratings can
    be reached with one +1 at each ability increase; and, when given, Max HP and
    the number of moves. From Level 1 a gritty character uses the standard
    array, reassigned at Level 1, so both kinds follow the same table.
    """
    try:
        level = _require_level(level)
    except ValueError as err:
        return [str(err)]
    problems: list[str] = []
    if start not in STARTING_LEVEL:
        problems.append(
            f'{SYSTEM}, Character Generation: a character is "standard" or "gritty" (got {start!r})'
        )
    elif level < STARTING_LEVEL[start]:
        problems.append(
            refusal(
                "standard characters start at Level 1; only gritty characters play at Level 0",
                f"{SYSTEM}, Character Generation",
            )
        )
    sheet = {str(k).upper(): v for k, v in ratings.items()}
    missing = [a for a in ABILITY_NAMES if a not in sheet]
    unknown = [k for k in sheet if k not in ABILITY_NAMES]
    if missing:
        problems.append(
            refusal(
                f"the sheet needs a rating for {', '.join(missing)}", f"{SYSTEM}, Ability Ratings"
            )
        )
    if unknown:
        problems.append(
            refusal(
                f"the abilities are STR, DEX, WIT and CHA (unknown: {', '.join(unknown)})",
                f"{SYSTEM}, Ability Ratings",
            )
        )
    if missing or unknown:
        return problems

    row = ADVANCEMENT[level]
    rated: list[int] = []
    for name in ABILITY_NAMES:
        value = sheet[name]
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(
                refusal(
                    f"{name} must be a whole number (got {value!r})", f"{SYSTEM}, Ability Ratings"
                )
            )
        elif value < MIN_ABILITY:
            problems.append(
                out_of_range(name, bounds(MIN_ABILITY), value, f"{SYSTEM}, Ability Ratings")
            )
        elif value > row.ability_cap:
            problems.append(
                out_of_range(
                    name,
                    f"at most +{row.ability_cap} at Level {level}",
                    _signed(value),
                    f"{SYSTEM}, Advancement",
                )
            )
        else:
            rated.append(value)
    values = tuple(rated)
    all_in_range = len(values) == len(ABILITY_NAMES)

    if all_in_range and level <= 1:
        array = GRITTY_STARTING_RATINGS if level == 0 else STANDARD_STARTING_RATINGS
        if sorted(values) != sorted(array):
            problems.append(
                refusal(
                    f"at Level {level} the ratings are "
                    f"{_array(array)} in any order (got {_array(values)})",
                    f"{SYSTEM}, Character Generation",
                )
            )
    elif all_in_range and sum(values) != row.ability_total:
        increases = _ability_increases(level)
        problems.append(
            refusal(
                f"at Level {level} the ratings add up to "
                f"{row.ability_total} (2, 1, 1, -1 plus {increases} increase"
                f"{'' if increases == 1 else 's'} of +1), not {sum(values)}",
                f"{SYSTEM}, Advancement",
            )
        )
    elif all_in_range and values not in _reachable_ratings(level):
        problems.append(
            refusal(
                f"{_array(values)} cannot be reached from 2, 1, 1, -1 "
                "by adding +1 to one rating at each ability increase without passing "
                "that level's maximum",
                f"{SYSTEM}, Advancement",
            )
        )

    strength = sheet["STR"]
    if hp_max is not None and not isinstance(strength, bool) and isinstance(strength, int):
        expected = row.hp_base + strength
        if hp_max != expected:
            problems.append(
                refusal(
                    f"Max HP at Level {level} with STR "
                    f"{_signed(strength)} is {expected} ({row.hp_max_text}), not {hp_max}",
                    f"{SYSTEM}, Character Generation",
                )
            )
    if moves is not None and moves != row.moves:
        problems.append(
            refusal(
                f"a Level {level} character knows {row.moves} "
                f"move{'' if row.moves == 1 else 's'}, not {moves}",
                f"{SYSTEM}, Advancement",
            )
        )
    return problems


ABILITY_INCREASE_LEVELS: Final[tuple[int, ...]] = tuple(
    row.level for row in ADVANCEMENT if row.ability_increase
)
"""The levels that add +1 to one ability rating: 2, 4, ... 14 (Advancement)."""


def apply_ability_increases(
    level: int, ratings: Mapping[str, int], increases: Mapping[int, str]
) -> tuple[dict[str, int], list[str]]:
    """A character's ratings at ``level``, one increase at a time (2d10 WoDu Hack, Advancement).

    ``ratings`` are the four Level 1 ratings keyed STR, DEX, WIT, CHA (any case);
    ``increases`` maps each ability-increase level (2, 4, ... 14, see
    :data:`ABILITY_INCREASE_LEVELS`) to the ability that gets its +1. Levels
    above ``level`` are ignored, so one plan of increases serves every level.
    Returns the ratings reached and the rule violations, as sentences: a missing
    or unknown choice, and any +1 that takes a rating above the maximum of the
    level where it is taken (even when a later level would allow it).
    """
    level = _require_level(level)
    sheet = {str(k).upper(): v for k, v in ratings.items()}
    if sorted(sheet) != sorted(ABILITY_NAMES):
        raise ValueError(
            refusal(
                f"the ratings are STR, DEX, WIT and CHA (got {', '.join(sorted(sheet)) or 'none'})",
                f"{SYSTEM}, Ability Ratings",
            )
        )
    current = {name: _require_ability(sheet[name], name) for name in ABILITY_NAMES}
    problems: list[str] = []
    for row in ADVANCEMENT[2 : level + 1]:
        if not row.ability_increase:
            continue
        name = str(increases.get(row.level, "")).upper()
        if name not in ABILITY_NAMES:
            problems.append(
                refusal(
                    f"Level {row.level} adds +1 to one of STR, DEX, WIT "
                    f"or CHA (got {increases.get(row.level)!r})",
                    f"{SYSTEM}, Advancement",
                )
            )
            continue
        current[name] += 1
        if current[name] > row.ability_cap:
            problems.append(
                out_of_range(
                    name,
                    f"at most +{row.ability_cap} at Level {row.level}",
                    f"{_signed(current[name])} with the +1 of Level {row.level}",
                    f"{SYSTEM}, Advancement",
                )
            )
    return current, problems


# --------------------------------------------------------------------------
# Damage & Powers
# --------------------------------------------------------------------------


def _weapon_dice(weapon_rating: int, hero_power: int, paired: bool) -> str:
    weapon_rating = _require_int(weapon_rating, "the weapon rating (WR)", "Damage & Powers")
    if weapon_rating not in WEAPON_RATINGS:
        raise ValueError(
            out_of_range(
                "the weapon rating",
                "from WR:0 to WR:6",
                f"WR:{weapon_rating}",
                f"{SYSTEM}, Damage & Powers",
            )
        )
    hero_power = _require_int(hero_power, "the hero-power bonus", "Damage & Powers")
    if not 0 <= hero_power <= HERO_POWER_BONUSES[-1]:
        raise ValueError(
            out_of_range(
                "the hero-power bonus",
                f"from 0 to +{HERO_POWER_BONUSES[-1]}",
                hero_power,
                refusal("a hero power adds +1 to damage, upgraded", f"{SYSTEM}, Damage & Powers"),
            )
        )
    if not paired:
        return WEAPON_RATINGS[weapon_rating]
    if weapon_rating not in PAIRED_WEAPON_RATINGS:
        raise ValueError(
            refusal(
                "paired weapons (dual swords, twin pistols) "
                f"are listed at WR:3 only (got WR:{weapon_rating})",
                f"{SYSTEM}, Damage & Powers",
            )
        )
    return PAIRED_WEAPON_RATINGS[weapon_rating]


def damage_notation(weapon_rating: int, hero_power: int = 0, paired: bool = False) -> str:
    """Rollbook dice notation for a weapon's damage (2d10 WoDu Hack, Damage & Powers).

    ``hero_power`` is the hero power's damage bonus: 0 (none), or +1 raised by
    Special Moves up to +4. ``paired`` selects the WR:3 paired-weapon dice
    (dual swords, twin pistols: 2d10, keep the highest). E.g. WR:3 with a +1
    hero power is ``"d10+1"``; WR:0 with +2 is ``"3"``.
    """
    dice = _weapon_dice(weapon_rating, hero_power, paired)
    if dice not in _DAMAGE_DICE:
        return str(int(dice) + hero_power)
    return f"{dice}+{hero_power}" if hero_power else dice


def damage_distribution(
    weapon_rating: int, hero_power: int = 0, paired: bool = False
) -> dict[int, Fraction]:
    """Exact damage distribution of a weapon (2d10 WoDu Hack, Damage & Powers).

    WR:0 deals 1; WR:1 2d6 keep lowest; WR:2 d6; WR:3 d10 (paired: 2d10 keep
    highest); WR:4-6 (GM's option) 2d10, 3d10, 4d10. A hero power adds its bonus
    (+1 to +4) to damage only.
    """
    dice = _weapon_dice(weapon_rating, hero_power, paired)
    if dice not in _DAMAGE_DICE:
        return {int(dice) + hero_power: Fraction(1)}
    return _shift(_dice(*_DAMAGE_DICE[dice]), hero_power)


# --------------------------------------------------------------------------
# Initiative
# --------------------------------------------------------------------------


def initiative_band(total: int) -> InitiativeBand:
    """The band of a player's initiative total (2d10 WoDu Hack, Initiative).

    16 or more: "head start" (Great: may act in Round 1, advantage to attack
    surprised enemies); 13-15: "ready" (Fair: no spotlight in Round 1, not
    surprised); 12 or less: "surprised" (no spotlight in Round 1, disadvantage
    to defend against enemies with a head start).
    """
    total = _require_int(total, "the initiative total", "Initiative")
    for band in INITIATIVE_BANDS:
        if (band.lowest is None or total >= band.lowest) and (
            band.highest is None or total <= band.highest
        ):
            return band.name
    raise AssertionError("the initiative bands cover every total")  # pragma: no cover


def initiative_outcomes(dex: int, background: bool = False) -> dict[str, Fraction]:
    """Exact odds of each initiative band for a player (2d10 WoDu Hack, Initiative).

    The player rolls DEX, read as the core check 2d10 + DEX (the GM may call for
    another ability; pass its rating instead). The source does not mention
    Backgrounds here; ``background=True`` applies the general Background rule
    (3d10 keep highest two) for a GM who allows it.
    Returns ``{"head start", "ready", "surprised"}``.
    """
    result: dict[str, Fraction] = {b.name: Fraction(0) for b in INITIATIVE_BANDS}
    for total, p in check_roll_distribution(dex, background).items():
        result[initiative_band(total)] += p
    return result


def _require_gm_modifier(modifier: int) -> int:
    modifier = _require_int(modifier, "the GM's initiative modifier", "Initiative")
    if modifier not in GM_INITIATIVE_MODIFIERS:
        raise ValueError(
            refusal(
                f"the GM may declare +1 or -1 before rolling, or nothing (got {_signed(modifier)})",
                f"{SYSTEM}, Initiative",
            )
        )
    return modifier


def gm_initiative_distribution(modifier: int = 0) -> dict[int, Fraction]:
    """The GM's initiative roll for all enemies: d6 + modifier (-1, 0 or +1)."""
    return _shift(_dice(1, 6, "all"), _require_gm_modifier(modifier))


def gm_initiative_band(total: int) -> InitiativeBand:
    """The enemies' side of initiative (2d10 WoDu Hack, Initiative).

    1-3: "surprised" (one enemy or all of them, the GM's choice; the rest are
    simply ready); 4-6: "head start" (one or all; the rest simply ready). With
    a -1 or +1 a total of 0 or 7 is possible; the source gives no band for them,
    so 0 counts as 1-3 and 7 as 4-6.
    """
    total = _require_int(total, "the GM's initiative total", "Initiative")
    if not 0 <= total <= 7:
        raise ValueError(
            refusal(
                f"the GM rolls 1d6, -1 or +1, so totals run 0-7 (got {total})",
                f"{SYSTEM}, Initiative",
            )
        )
    return "surprised" if total <= GM_SURPRISED_HIGHEST else "head start"


def gm_initiative_outcomes(modifier: int = 0) -> dict[str, Fraction]:
    """Exact odds of the enemies' initiative result: ``{"surprised", "head start"}``."""
    result: dict[str, Fraction] = {"surprised": Fraction(0), "head start": Fraction(0)}
    for total, p in gm_initiative_distribution(modifier).items():
        result[gm_initiative_band(total)] += p
    return result


# --------------------------------------------------------------------------
# Command line (``rules-py check wodu`` and ``rules-py calc wodu``)
# --------------------------------------------------------------------------

_CHECK_KEYS: Final[tuple[str, ...]] = ("ability", "dr", "fr", "background")
_BOOLEANS: Final[Mapping[str, bool]] = MappingProxyType(
    {"yes": True, "true": True, "no": False, "false": False}
)
_CALC_KEYS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {"max_hp": ("level", "str"), "xp_to_next": ("level", "pace")}
)

CHECK_HELP: Final = "\n".join(
    [
        f"ability=A          the ability rating, {MIN_ABILITY} to +{MAX_ABILITY} (required)",
        "dr=N               a difficulty rating: a whole number or "
        + ", ".join(f"{name.lower()} ({dr})" for name, dr in DIFFICULTY_RATINGS.items()),
        "fr=LO-HI           or a fuzzy range of three totals: LO-HI or "
        + ", ".join(f"{name.lower()} ({lo}-{hi})" for name, (lo, hi) in FUZZY_RANGES.items()),
        "background=yes|no  a Background applies: 3d10, keep the highest two (default no)",
        "e.g. rules-py check wodu ability=2 fr=12-14 background=yes",
    ]
)
"""``rules-py check --help`` for this system: its keys, their ranges and an example."""

CALC_HELP: Final = "\n".join(
    [
        f"max_hp level=L str=S          Max HP at level 0 to {MAX_LEVEL}, "
        f"STR {MIN_ABILITY} to +{MAX_ABILITY}",
        f"xp_to_next level=L pace=P     XP for the next level, level 0 to {MAX_LEVEL - 1}, "
        "pace fast or slow",
        "e.g. rules-py calc wodu max_hp level=3 str=1",
    ]
)
"""``rules-py calc --help`` for this system: its calculations, their ranges and an example."""


def _whole_number(text: str, what: str, rule: str) -> int:
    """``text`` as a whole number such as ``2``, ``+2`` or ``-1`` (ValueError otherwise)."""
    number = whole_number(text)
    if number is None:
        raise ValueError(
            refusal(f"{what} must be a whole number (got {text!r})", f"{SYSTEM}, {rule}")
        )
    return number


def _only_keys(params: Mapping[str, str], allowed: tuple[str, ...], command: str) -> None:
    refuse_unknown_keys(params, allowed, command, SYSTEM)


def _needed(params: Mapping[str, str], key: str, command: str, rule: str) -> str:
    if key not in params:
        raise ValueError(refusal(f"{command} needs {key}=", f"{SYSTEM}, {rule}"))
    return params[key]


def _named_dr(text: str) -> int:
    """A DR given as a number (``12``) or by name (``risky``, any case)."""
    by_name = {name.lower(): dr for name, dr in DIFFICULTY_RATINGS.items()}
    if text.strip().lower() in by_name:
        return by_name[text.strip().lower()]
    try:
        return _whole_number(text, "the difficulty rating (dr=)", "Core Resolution")
    except ValueError:
        names = ", ".join(f"{name.lower()} ({dr})" for name, dr in DIFFICULTY_RATINGS.items())
        raise ValueError(
            refusal(
                f"dr= is a whole number or one of {names} (got {text!r})",
                f"{SYSTEM}, Core Resolution",
            )
        ) from None


def _named_fr(text: str) -> tuple[int, int]:
    """A FR given as ``LO-HI`` (``12-14``) or by name (``hard``, any case)."""
    by_name = {name.lower(): fr for name, fr in FUZZY_RANGES.items()}
    key = text.strip().lower()
    if key in by_name:
        return by_name[key]
    lo, sep, hi = key.replace("–", "-").partition("-")
    try:
        if not sep:
            raise ValueError
        return (
            _whole_number(lo, "the fuzzy range", "Core Resolution"),
            _whole_number(hi, "the fuzzy range", "Core Resolution"),
        )
    except ValueError:
        names = ", ".join(f"{name.lower()} ({lo}-{hi})" for name, (lo, hi) in FUZZY_RANGES.items())
        raise ValueError(
            refusal(
                f"fr= is LO-HI, e.g. fr=12-14, or one of {names} (got {text!r})",
                f"{SYSTEM}, Core Resolution",
            )
        ) from None


def check(params: Mapping[str, str]) -> dict[str, object]:
    """Exact odds of a check, for ``rules-py check wodu`` (2d10 WoDu Hack, Core Resolution).

    ``ability=A`` (-1 to +6) with exactly one of ``dr=N`` or ``fr=LO-HI``, and
    optionally ``background=yes|no`` (also true/false). The roll is 2d10 + ability,
    or with a Background that applies 3d10 keeping the highest two + ability.
    Against a difficulty rating (DR) the check succeeds on a total equal to the
    DR or more: ``{"outcomes": {"success", "failure"}}`` (see :func:`dr_outcomes`).
    Against a fuzzy range (FR) a total below LO fails, LO-HI is a weak success
    and above HI a strong success: ``{"outcomes": {"failure", "weak", "strong"}}``
    (see :func:`fr_outcomes`). ``dr`` and ``fr`` also take the names of the
    source's tables, in any case: ``dr=risky`` is DR:12, ``fr=hard`` is FR:12-14.
    Bad parameters raise ``ValueError`` naming the rule.
    """
    _only_keys(params, _CHECK_KEYS, "check wodu")
    ability = _require_ability(
        _whole_number(
            _needed(params, "ability", "check wodu", "Core Resolution"),
            "the ability rating (ability=)",
            "Ability Ratings",
        ),
        "the ability rating (ability=)",
    )
    background_text = params.get("background", "no")
    if background_text.strip().lower() not in _BOOLEANS:
        raise ValueError(
            refusal(
                f"background= is yes or no (or true/false) (got {background_text!r})",
                f"{SYSTEM}, Background",
            )
        )
    background = _BOOLEANS[background_text.strip().lower()]
    if ("dr" in params) == ("fr" in params):
        raise ValueError(
            refusal(
                "a check is against a difficulty rating (dr=N) "
                "or a fuzzy range (fr=LO-HI): give exactly one",
                f"{SYSTEM}, Core Resolution",
            )
        )
    if "dr" in params:
        outcomes = dr_outcomes(ability, _named_dr(params["dr"]), background)
    else:
        lo, hi = _named_fr(params["fr"])
        outcomes = fr_outcomes(ability, lo, hi, background)
    return {"outcomes": outcomes}


def calc(what: str, params: Mapping[str, str]) -> dict[str, object]:
    """A derived value, for ``rules-py calc wodu WHAT`` (2d10 WoDu Hack, Advancement).

    * ``max_hp level=L str=S``: Max HP, the "HP Max" column + STR (see :func:`max_hp`;
      Level 0 is 5 + STR, Level L from 1 on is L + 10 + STR).
    * ``xp_to_next level=L pace=fast|slow``: XP for the next level, 10 (fast) or
      15 (slow) (see :func:`xp_to_next_level`).

    Returns ``{"value": int}``; bad parameters raise ``ValueError`` naming the rule.
    """
    if what not in _CALC_KEYS:
        raise ValueError(
            refusal(f"calc wodu can calculate {', '.join(_CALC_KEYS)} (got {what!r})", SYSTEM)
        )
    command = f"calc wodu {what}"
    _only_keys(params, _CALC_KEYS[what], command)
    level = _whole_number(
        _needed(params, "level", command, "Advancement"), "the level (level=)", "Advancement"
    )
    if what == "max_hp":
        strength = _whole_number(
            _needed(params, "str", command, "Character Generation"),
            "STR (str=)",
            "Ability Ratings",
        )
        return {"value": max_hp(level, strength)}
    pace = _needed(params, "pace", command, "Advancement").strip().lower()
    if pace == "fast":
        return {"value": xp_to_next_level(level, "fast")}
    if pace == "slow":
        return {"value": xp_to_next_level(level, "slow")}
    raise ValueError(f'{SYSTEM}, Advancement: pace= is "fast" or "slow" (got {params["pace"]!r})')
