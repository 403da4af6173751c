"""Starting ratings, the level 0-15 table, Max HP, XP and a sheet's checks (2d10 WoDu
Hack, Character Generation and Advancement)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations
from types import MappingProxyType
from typing import Final, Literal

from rules_py.systems._params import bounds, not_a, out_of_range, refusal
from rules_py.systems.wodu._common import SYSTEM, require_ability, require_int, signed
from rules_py.systems.wodu.abilities import ABILITY_NAMES, MIN_ABILITY

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


def _require_level(level: object) -> int:
    value = require_int(level, "the level", "Advancement")
    if not 0 <= value <= MAX_LEVEL:
        raise ValueError(
            out_of_range("the level", bounds(0, MAX_LEVEL), value, f"{SYSTEM}, Advancement")
        )
    return value


def _array(values: tuple[int, ...]) -> str:
    return ", ".join(str(v) for v in values)


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
    strength = require_ability(strength, "STR")
    return advancement_row(level).hp_base + strength


def xp_to_next_level(level: int, pace: Pace) -> int:
    """XP needed to go from ``level`` to the next (2d10 WoDu Hack, Advancement).

    10 XP per level with fast advancement, 15 with slow; the cost is the same at
    every level. The source does not price Level 0 to 1 separately, so a gritty
    character pays the same. Level 15 is the top of the table (ValueError).
    """
    level = _require_level(level)
    if pace not in XP_PER_LEVEL:
        got = "it is missing" if pace is None else f"got {pace!r}"
        raise ValueError(f'{SYSTEM}, Advancement: the pace is "fast" or "slow" ({got})')
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
    xp_per_session = require_int(xp_per_session, "XP per session", "Advancement")
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
            f'{SYSTEM}, Character Generation: a character is "standard" or "gritty" '
            f"({'it is missing' if start is None else f'got {start!r}'})"
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
            problems.append(not_a(name, "a whole number", value, f"{SYSTEM}, Ability Ratings"))
        elif value < MIN_ABILITY:
            problems.append(
                out_of_range(name, bounds(MIN_ABILITY), value, f"{SYSTEM}, Ability Ratings")
            )
        elif value > row.ability_cap:
            problems.append(
                out_of_range(
                    name,
                    f"at most +{row.ability_cap} at Level {level}",
                    signed(value),
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
                    f"{signed(strength)} is {expected} ({row.hp_max_text}), not {hp_max}",
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
    current = {name: require_ability(sheet[name], name) for name in ABILITY_NAMES}
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
                    f"{signed(current[name])} with the +1 of Level {row.level}",
                    f"{SYSTEM}, Advancement",
                )
            )
    return current, problems
