"""Characters of the [2d6] Roleplaying System (chapters "Stats", "Talents", "Skills", "Combat").

* Stats -- eight stats, four physical (STR AGI DEX TOU) and four mental (INT
  WIL CHA PER), all starting at +0; 36 points to spend; each +1 costs its own
  value (triangular costs 1, 3, 6, 10, 15); +5 at most; points left over
  become starting XP.
* Resolve (Toughness + Willpower) and Initiative (Agility + Perception).
* Talents -- every sample talent with its XP and limits (:data:`TALENTS`).
* Skills -- ranks 1 to 5, each rank costing its own value in XP; every sample
  skill with its stats (:data:`SKILLS`) and the sample trades.
* Combat, Wounds and Healing -- wounds 3 + Toughness (+1 Extra Wound, -1 per
  lost limb); the DC 5 death save; the heal-check DC ladder.
* Character Growth -- cinematics for 2 XP.

Readings the tools use (stated on the rules pages):

* Starting XP = 15 + unspent stat points, spent on skills, talents, spells and
  cinematics (the source lists "stats, skills, and cinematics" in one place and
  "talents and skills" in another; stats rise by XP only through Stat Boost).
* Heal-check DC = 7 for one wound lost, one category (+2) per further wound,
  at most 17; the check is made each rest day and, when it succeeds, doubles
  that day's recovery.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Final, Literal

from rules_py.systems._params import refusal
from rules_py.systems.two_d6._common import (
    SYSTEM,
    counted,
    find_named,
    require_int,
    require_range,
)
from rules_py.systems.two_d6.checks import (
    DC_STEP,
    DEATH_SAVE_DC,
    EASIEST_DC,
    HARDEST_DC,
    check_bonus,
    success_chance,
)

StatName = Literal["STR", "AGI", "DEX", "TOU", "INT", "WIL", "CHA", "PER"]

# --------------------------------------------------------------------------
# Stats
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stat:
    """One of the eight stats (Stats)."""

    abbreviation: StatName
    name: str
    kind: Literal["physical", "mental"]


STATS: Final[tuple[Stat, ...]] = (
    Stat("STR", "Strength", "physical"),
    Stat("AGI", "Agility", "physical"),
    Stat("DEX", "Dexterity", "physical"),
    Stat("TOU", "Toughness", "physical"),
    Stat("INT", "Intelligence", "mental"),
    Stat("WIL", "Willpower", "mental"),
    Stat("CHA", "Charisma", "mental"),
    Stat("PER", "Perception", "mental"),
)
"""The eight stats, the four physical first, in the source's order (Stats)."""

STAT_NAMES: Final[tuple[StatName, ...]] = tuple(s.abbreviation for s in STATS)
"""``("STR", "AGI", "DEX", "TOU", "INT", "WIL", "CHA", "PER")``."""

STAT_POINTS: Final = 36
"""Points to spend on stats at character creation; a game may change it (Stats)."""
MAX_STAT: Final = 5
"""The highest a stat can ever be, +5 (Stats)."""
MAX_SKILL_RANK: Final = 5
"""No character has more than 5 ranks in a skill (Skills)."""
STARTING_XP: Final = 15
"""XP each starting character receives, before leftover stat points (Talents; Skills)."""
CINEMATIC_XP: Final = 2
"""A cinematic costs two XP (Character Growth)."""
BASE_WOUNDS: Final = 3
"""Wounds are 3 + Toughness (Combat, Wounds)."""


def stat(name: str) -> Stat:
    """The stat called ``name``: its abbreviation or full name, any case."""
    key = name.strip().lower()
    for s in STATS:
        if key in (s.abbreviation.lower(), s.name.lower()):
            return s
    raise ValueError(
        refusal(f"the stats are {', '.join(STAT_NAMES)} (got {name!r})", f"{SYSTEM}, Stats")
    )


def triangular_cost(bonus: int) -> int:
    """1 + 2 + ... + ``bonus``: the total cost of a +``bonus`` stat or skill rank."""
    return bonus * (bonus + 1) // 2


def stat_cost(bonus: int) -> int:
    """Stat points to reach a +``bonus`` stat from +0: 0, 1, 3, 6, 10, 15 (Stats)."""
    return triangular_cost(require_range(bonus, "a stat", "Stats", 0, MAX_STAT))


def skill_cost(ranks: int) -> int:
    """XP to reach ``ranks`` in a skill from none: 0, 1, 3, 6, 10, 15 (Skills)."""
    return triangular_cost(require_range(ranks, "a skill's ranks", "Skills", 0, MAX_SKILL_RANK))


COST_TABLE: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (b, b, triangular_cost(b)) for b in range(1, MAX_STAT + 1)
)
"""The source's cost chart, shared by stats and skills: (bonus, its cost, total to reach it)."""


def starting_xp(unspent_stat_points: int) -> int:
    """15 XP plus every stat point left unspent (Stats; Skills)."""
    return STARTING_XP + require_range(unspent_stat_points, "unspent stat points", "Stats", 0)


def resolve(tou: int, wil: int) -> int:
    """Resolve = Toughness + Willpower (Stats, Resolve and Initiative)."""
    return _stat(tou, "TOU") + _stat(wil, "WIL")


def initiative(agi: int, per: int) -> int:
    """Initiative = Agility + Perception (Stats, Resolve and Initiative)."""
    return _stat(agi, "AGI") + _stat(per, "PER")


NEVER_NEGATIVE: Final = "wounds are never negative"
"""The reason a sheet that loses more limbs than it has wounds is refused (Combat, Wounds)."""


def wounds_problem(tou: int, extra_wound: bool = False, lost_limbs: int = 0) -> str | None:
    """Why these can give no wounds count, or None: more limbs lost than wounds to lose.

    Each limb lost for good takes a wound (Combat, Healing) and wounds count
    down to 0 (Combat, Wounds): the source says nothing of a count below 0, so
    a sheet that would have one is refused, the message leading with what is
    wrong. E.g. TOU +0 and 4 limbs lost: 4 against 3 wounds.
    """
    lost = require_range(lost_limbs, "lost limbs", "Combat, Healing", 0, 4)
    toughness = _stat(tou, "TOU")
    before = BASE_WOUNDS + toughness + int(bool(extra_wound))
    if lost <= before:
        return None
    how = f"{BASE_WOUNDS} + TOU {toughness:+d}" + (" + 1 Extra Wound" if extra_wound else "")
    return (
        f"Too many limbs lost: {lost} against {counted(before, 'wound')} ({how}); "
        f"{NEVER_NEGATIVE}, so at most {before} can be lost ({SYSTEM}, Combat, Wounds and Healing)"
    )


def wounds(tou: int, extra_wound: bool = False, lost_limbs: int = 0) -> int:
    """Wounds = 3 + Toughness, +1 with Extra Wound, -1 per limb lost for good (Combat).

    Never below 0: ``ValueError`` (see :func:`wounds_problem`) when the lost
    limbs outnumber the wounds.
    """
    problem = wounds_problem(tou, extra_wound, lost_limbs)
    if problem is not None:
        raise ValueError(problem)
    return BASE_WOUNDS + _stat(tou, "TOU") + int(bool(extra_wound)) - lost_limbs


def _stat(value: int, name: str) -> int:
    return require_range(value, name, "Stats", 0, MAX_STAT)


# --------------------------------------------------------------------------
# Skills
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Skill:
    """A sample skill with the stats most often used with it (Skills, Sample Skills)."""

    name: str
    stats: tuple[StatName, ...]
    needs_subset: bool = False
    """Written "Name ( )": each time it is taken a field must be named."""
    subsets: tuple[str, ...] = ()
    """The fields the source names, where it names them (Melee's three flavours)."""
    attack: bool = False
    """Usable to attack in combat."""
    defend: bool = False
    """Usable to defend in combat."""
    field_stats: tuple[tuple[str, tuple[StatName, ...]], ...] = ()
    """The stat each named field is almost always modified by, where the source says so
    (Melee: Heavy STR, Light AGI, Unarmed either, as the situation decides)."""


SKILLS: Final[tuple[Skill, ...]] = (
    Skill("Archery", ("DEX",), attack=True),
    Skill("Athletics", ("STR", "AGI", "DEX"), defend=True),
    Skill("Bluff", ("CHA", "WIL")),
    Skill("Diplomacy", ("CHA",)),
    Skill("Drive", ("DEX",)),
    Skill("Intimidate", ("WIL", "STR")),
    Skill("Knowledge", ("INT",), needs_subset=True),
    Skill("Language", ("INT", "CHA"), needs_subset=True),
    Skill("Lockpicking", ("DEX", "INT")),
    Skill(
        "Melee",
        ("STR", "AGI"),
        needs_subset=True,
        subsets=("Heavy", "Light", "Unarmed"),
        attack=True,
        defend=True,
        field_stats=(("Heavy", ("STR",)), ("Light", ("AGI",)), ("Unarmed", ("STR", "AGI"))),
    ),
    Skill("Notice", ("PER",)),
    Skill(
        "Perform",
        ("CHA", "DEX", "AGI", "INT", "TOU", "STR", "WIL", "PER"),
        needs_subset=True,
        defend=True,
    ),
    Skill("Pilot", ("DEX", "INT")),
    Skill("Research", ("INT", "CHA")),
    Skill("Ride", ("DEX", "AGI")),
    Skill("Shooting", ("DEX",), attack=True),
    Skill("Sleight of Hand", ("DEX",)),
    Skill("Stealth", ("AGI",)),
    Skill("Throwing", ("DEX",), attack=True),
    Skill("Trade", ("INT", "DEX"), needs_subset=True),
)
"""The sample skills in the source's order, with their usual stats (Skills)."""

TRADES: Final[tuple[str, ...]] = (
    "Blacksmithing",
    "Carpentry",
    "Cooking",
    "Engineering",
    "Farming",
    "Forgery",
    "Healing",
    "Mining",
    "Programming",
    "Pottery",
    "Stonecutting",
    "Tailoring",
    "Weaving",
)
"""The sample trades, fields of Trade ( ), in the source's order (Skills, Trades)."""


def skill(name: str) -> Skill:
    """The sample skill called ``name`` (any case)."""
    found = find_named(SKILLS, name)
    if found is not None:
        return found
    raise ValueError(
        refusal(
            f"unknown skill {name!r}; the sample skills are {', '.join(s.name for s in SKILLS)}",
            f"{SYSTEM}, Skills",
        )
    )


def usual_stats(name: str, field: str = "") -> tuple[StatName, ...]:
    """The stats a check of skill ``name`` (in ``field``) is usually made with (Skills).

    Where the source says which stat a field is "almost always modified by", that
    one: Melee (Heavy) STR, Melee (Light) AGI; Melee (Unarmed) "could be modified by
    either depending on the situation", so both, STR first. Otherwise the stats the
    source lists with the skill, in its order; none for a skill of the GM's.
    """
    sample = find_named(SKILLS, name)
    if sample is None:
        return ()
    wanted = " ".join(field.split()).lower()
    for known, stats in sample.field_stats:
        if known.lower() == wanted:
            return stats
    return sample.stats


def armour_applies(stat_name: str, skill_name: str = "") -> bool:
    """Whether armour's DC steps fall on a check made with ``stat_name`` (Items, Armor).

    Armour raises the DC of "all skill checks modified by Agility", but "combat
    rolls based on agility are exempt". A check with AGI is stepped unless its skill
    is one the source uses to attack (Archery, Melee ( ), Shooting, Throwing): those
    are rolled in combat. Athletics, a defence only when dodging, is stepped.
    """
    if stat(stat_name).abbreviation != "AGI":
        return False
    sample = find_named(SKILLS, skill_name) if skill_name else None
    return not (sample is not None and sample.attack)


# --------------------------------------------------------------------------
# Talents
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Talent:
    """A sample talent with its XP and limits (Talents)."""

    name: str
    xp: tuple[int, ...]
    """Its cost; Extra Organ's three costs are cosmetic 1, functional 3, powerful 5."""
    repeatable: bool = False
    """The source says each time it is taken it applies anew (or stacks)."""
    max_times: int | None = None
    """A limit the source states: 1 for Extra Wound and Rich, 4 for Stat Boost."""
    creation_only: bool = False
    """Taken only at character creation (Extra Organ with rare exceptions)."""

    @property
    def limit(self) -> int | None:
        """How often a builder lets it be taken: the stated limit, else 1 unless repeatable."""
        if self.max_times is not None:
            return self.max_times
        return None if self.repeatable else 1


EXTRA_ORGAN_XP: Final[Mapping[str, int]] = MappingProxyType(
    {"cosmetic": 1, "functional": 3, "powerful": 5}
)
"""Extra Organ's cost by the kind of organ (Talents, Extra Organ)."""

TALENTS: Final[tuple[Talent, ...]] = (
    Talent("Acrobat", (1,)),
    Talent("Alternate Form", (5,)),
    Talent("Altered State", (2,), repeatable=True),
    Talent("Animal Kinship", (1,)),
    Talent("Armor Proficiency", (3,)),
    Talent("Armored Acrobat", (3,)),
    Talent("Companion", (5,), repeatable=True),
    Talent("Computer Literacy", (1,)),
    Talent("Connections", (2,), repeatable=True),
    Talent("Credentials", (3,), repeatable=True),
    Talent("Extra Organ", (1, 3, 5), repeatable=True, creation_only=True),
    Talent("Extra Sense", (2,), repeatable=True),
    Talent("Extra Wound", (5,), max_times=1),
    Talent("Fast Caster", (4,)),
    Talent("Favored Enemy / Culture", (3,), repeatable=True),
    Talent("Fearless", (2,)),
    Talent("Graceful", (3,)),
    Talent("Hip Shot", (3,)),
    Talent("Improvisation", (1,)),
    Talent("Literacy", (1,), repeatable=True, creation_only=True),
    Talent("Mass Spell", (5,)),
    Talent("Multiattack", (4,)),
    Talent("Polyglot", (1,), repeatable=True, creation_only=True),
    Talent("Rich", (3,), max_times=1, creation_only=True),
    Talent("Spell Turning", (3,)),
    Talent("Stat Boost", (5,), max_times=4),
    Talent("Vicious Parry", (3,)),
)
"""Every sample talent, in the source's (alphabetical) order (Talents)."""


def talent(name: str) -> Talent:
    """The sample talent called ``name`` (any case; "Favored Enemy" and "Favored Culture" too)."""
    key = " ".join(name.strip().lower().split())
    for t in TALENTS:
        names = {t.name.lower(), *(part.strip() for part in t.name.lower().split("/"))}
        if t.name == "Favored Enemy / Culture":
            names |= {"favored enemy", "favored culture"}
        if key in names:
            return t
    raise ValueError(
        refusal(
            f"unknown talent {name!r}; the sample talents are {', '.join(t.name for t in TALENTS)}",
            f"{SYSTEM}, Talents",
        )
    )


# --------------------------------------------------------------------------
# Wounds, death and healing (Combat)
# --------------------------------------------------------------------------

HEAL_DC_FIRST: Final = EASIEST_DC
"""The heal check's DC with one wound lost (Combat, Healing)."""
MAX_WOUNDS_LOST: Final = 30
"""The most wounds lost :func:`healing_days` follows (a tool limit)."""


def heal_dc(wounds_lost: int) -> int:
    """The heal check's DC: 7 for one wound lost, +2 per further wound, at most 17.

    The source's examples: three wounds lost is DC 11; six or more is DC 17
    (Combat, Healing).
    """
    lost = require_range(wounds_lost, "wounds lost", "Combat, Healing", 1)
    return min(HEAL_DC_FIRST + DC_STEP * (lost - 1), HARDEST_DC)


WoundState = Literal["standing", "dying", "dead"]


def wound_state(wounds_count: int, taken: int) -> WoundState:
    """What the wounds taken leave a character (Combat, Wounds).

    "standing" with a wound left; "dying" at 0 wounds: unconscious at once, and dead
    unless a DC 5 Resolve check succeeds (and then unconscious until a wound is
    regained); "dead" once any wound is taken at 0, since such a wound kills at once.
    E.g. 6 wounds: 5 taken is standing, 6 dying, 7 dead.
    """
    total = require_range(wounds_count, "wounds", "Combat, Wounds", 0)
    lost = require_range(taken, "wounds taken", "Combat, Wounds", 0)
    if lost < total:
        return "standing"
    return "dying" if lost == total else "dead"


def death_save_chance(resolve_bonus: int) -> Fraction:
    """The chance of surviving at 0 wounds: a DC 5 Resolve check (Combat, Wounds)."""
    return success_chance(check_bonus(resolve_bonus, "Combat, Wounds"), DEATH_SAVE_DC)


def healing_days(
    wounds_lost: int, healer: int | None = None, rested: bool = True
) -> dict[int, Fraction]:
    """The exact chance of each number of days to regain every wound lost (Combat, Healing).

    Rested and fed, a character regains one wound a day, otherwise one every
    two days. With a healer (their Trade (Healing) bonus, 0 to 10) a heal check
    is made each day against the DC for the wounds still lost; a success
    doubles that day's recovery. Without a healer the days are certain.
    """
    lost = require_range(wounds_lost, "wounds lost", "Combat, Healing", 0, MAX_WOUNDS_LOST)
    step = 2 if rested else 1  # half-wounds regained a day
    if healer is not None:
        healer = check_bonus(healer, "Combat, Healing")
    states: dict[int, Fraction] = {2 * lost: Fraction(1)}
    days: dict[int, Fraction] = {}
    day = 0
    while states:
        done = states.pop(0, None)
        if done:
            days[day] = done
        if not states:
            break
        day += 1
        after: dict[int, Fraction] = {}
        for halves, p in states.items():
            if healer is None:
                moves = {step: p}
            else:
                chance = success_chance(healer, heal_dc((halves + 1) // 2))
                moves = {step: p * (1 - chance), 2 * step: p * chance}
            for gain, q in moves.items():
                if q:
                    left = max(0, halves - gain)
                    after[left] = after.get(left, Fraction(0)) + q
        states = after
    return days


def expected_healing_days(
    wounds_lost: int, healer: int | None = None, rested: bool = True
) -> Fraction:
    """The mean of :func:`healing_days`."""
    return sum((d * p for d, p in healing_days(wounds_lost, healer, rested).items()), Fraction(0))


def require_stat(value: object, name: str) -> int:
    """A stat value from 0 to 5 (``ValueError`` naming the Stats rule)."""
    return require_range(require_int(value, name, "Stats"), name, "Stats", 0, MAX_STAT)


__all__ = [
    "BASE_WOUNDS",
    "CINEMATIC_XP",
    "COST_TABLE",
    "EXTRA_ORGAN_XP",
    "HEAL_DC_FIRST",
    "MAX_SKILL_RANK",
    "MAX_STAT",
    "NEVER_NEGATIVE",
    "SKILLS",
    "STARTING_XP",
    "STATS",
    "STAT_NAMES",
    "STAT_POINTS",
    "TALENTS",
    "TRADES",
    "Skill",
    "Stat",
    "StatName",
    "Talent",
    "armour_applies",
    "death_save_chance",
    "expected_healing_days",
    "heal_dc",
    "healing_days",
    "initiative",
    "require_stat",
    "resolve",
    "skill",
    "skill_cost",
    "starting_xp",
    "stat",
    "stat_cost",
    "talent",
    "triangular_cost",
    "usual_stats",
    "wound_state",
    "wounds",
    "wounds_problem",
]
