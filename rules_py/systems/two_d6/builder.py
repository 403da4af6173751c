"""Character creation in the [2d6] Roleplaying System, as one checked sheet.

:func:`build_character` takes what a player chooses -- stats by point-buy,
skills with ranks, talents, spells and cinematics -- and returns the derived
values (wounds, resolve, initiative), the XP account, and every refusal
(``problems``, each naming its rule) and warning. :meth:`CharacterInput.to_dict`
and :func:`character_from_dict` give a plain, JSON-ready form for saving,
exporting and importing.

Readings the builder makes (stated on the rules pages):

* Stat points: 36 by default, adjustable; stats are +0 to +5 and Stat Boost
  cannot lift one past +5. Unspent points join the starting 15 XP.
* XP buys skills (triangular, ranks 1-5), talents, spells and cinematics
  (2 XP each); ``earned_xp`` adds XP gained in play.
* A talent is taken once unless the source says it applies anew each time;
  Extra Wound and Rich once, Stat Boost four times. Literacy, Polyglot and
  Rich only at creation (a refusal when marked as bought later); Extra Organ
  is a warning, since the source allows rare exceptions.
* A sample spell costs the XP of its DC (a GM may set another of the six
  DCs); a spell of the GM's own needs one of the six DCs. A spell is taken
  once unless it applies to a new thing each time (Control, Natural
  Phenomenon).
* Skills not on the sample list are allowed with a warning; a skill written
  "Name ( )" needs its field; Language at rank 5 becomes the Polyglot talent.
* Wounds are never negative: a sheet that loses more limbs than it has
  wounds is refused.
* Starting items by the fast method: at most one special item (two with Rich)
  and ten mundane slots, each kept as an item or spent on money; fewer is
  allowed, since the GM may start a game with less. The slow method (money
  and the GM's list) has no count to check.
* A race of the rules' example, Goblin, must take its required racial talent,
  darkvision: a talent row (Extra Sense, say) whose name or detail names it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from rules_py.systems._params import (
    bounds,
    json_list,
    json_object,
    not_a,
    out_of_range,
    refusal,
)
from rules_py.systems.two_d6._common import SYSTEM, counted, find_named, require_int
from rules_py.systems.two_d6.character import (
    CINEMATIC_XP,
    EXTRA_ORGAN_XP,
    MAX_SKILL_RANK,
    MAX_STAT,
    SKILLS,
    STAT_NAMES,
    STAT_POINTS,
    StatName,
    initiative,
    resolve,
    skill_cost,
    starting_xp,
    stat,
    talent,
    triangular_cost,
    wounds,
    wounds_problem,
)
from rules_py.systems.two_d6.items import FAST_METHOD_MUNDANE_ITEMS, FAST_METHOD_SPECIAL_ITEMS
from rules_py.systems.two_d6.magic import SPELL_XP, SPELLS, Spell, spell_xp

FORMAT_VERSION: Final = 1
"""Version of the dictionary form of a character (:meth:`CharacterInput.to_dict`)."""

CostKind = Literal["skill", "talent", "spell", "cinematics"]
ItemKind = Literal["mundane", "special", "money"]
ItemMethod = Literal["fast", "slow"]

ITEM_KINDS: Final[tuple[ItemKind, ...]] = ("mundane", "special", "money")
"""A starting item slot: a mundane item, a special item, or a mundane slot spent on money."""
ITEM_METHODS: Final[tuple[ItemMethod, ...]] = ("fast", "slow")
"""The two ways of equipping a character (Items, Starting Items)."""


@dataclass(frozen=True, slots=True)
class RaceRule:
    """A race of the rules with the racial talents it requires (Races)."""

    name: str
    required: tuple[str, ...]
    optional: tuple[str, ...] = ()


RACES: Final[tuple[RaceRule, ...]] = (
    RaceRule("Goblin", required=("darkvision",), optional=("blood hound nose",)),
)
"""The rules' example race (Races, Example Race: Goblin)."""


@dataclass(frozen=True, slots=True)
class SkillPick:
    """Ranks bought in a skill; ``field`` names the subset of a "Name ( )" skill."""

    name: str
    ranks: int
    field: str = ""

    @property
    def label(self) -> str:
        return f"{self.name} ({self.field})" if self.field else self.name


@dataclass(frozen=True, slots=True)
class TalentPick:
    """A talent taken once.

    ``option``: the stat of a Stat Boost (e.g. "STR"), the kind of an Extra
    Organ (cosmetic, functional, powerful). ``detail``: free text (which
    language, which companion). ``later``: bought after character creation.
    """

    name: str
    option: str = ""
    detail: str = ""
    later: bool = False


@dataclass(frozen=True, slots=True)
class SpellPick:
    """A spell taken as a talent: a sample spell, or the GM's own with its DC."""

    name: str
    dc: int | None = None
    """None for a sample spell's own DC; one of the six DCs otherwise."""


@dataclass(frozen=True, slots=True)
class ItemPick:
    """A starting item: a name, its kind (mundane, special, or a mundane slot spent on
    money) and a note."""

    name: str
    kind: str = "mundane"
    note: str = ""


@dataclass(frozen=True, slots=True)
class CharacterInput:
    """What the player chooses (everything else on the sheet is derived)."""

    stats: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(STAT_NAMES, 0))
    stat_points: int = STAT_POINTS
    """The stat budget: 36 unless the game changes it (Stats)."""
    skills: tuple[SkillPick, ...] = ()
    talents: tuple[TalentPick, ...] = ()
    spells: tuple[SpellPick, ...] = ()
    cinematics: int = 0
    earned_xp: int = 0
    """XP gained in play, on top of the starting XP (Character Growth)."""
    lost_limbs: int = 0
    name: str = ""
    race: str = ""
    items: tuple[ItemPick, ...] = ()
    item_method: str = "fast"
    """"fast" (one special, ten mundane) or "slow" (money and the GM's list)."""

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form (see :func:`character_from_dict`)."""
        return {
            "version": FORMAT_VERSION,
            "name": self.name,
            "stats": {s: self.stats.get(s, 0) for s in STAT_NAMES},
            "stat_points": self.stat_points,
            "skills": [
                {"name": s.name, "ranks": s.ranks, **({"field": s.field} if s.field else {})}
                for s in self.skills
            ],
            "talents": [
                {
                    "name": t.name,
                    **({"option": t.option} if t.option else {}),
                    **({"detail": t.detail} if t.detail else {}),
                    **({"later": True} if t.later else {}),
                }
                for t in self.talents
            ],
            "spells": [
                {"name": s.name, **({"dc": s.dc} if s.dc is not None else {})} for s in self.spells
            ],
            "cinematics": self.cinematics,
            "earned_xp": self.earned_xp,
            "lost_limbs": self.lost_limbs,
            "race": self.race,
            "items": [
                {"name": i.name, "kind": i.kind, **({"note": i.note} if i.note else {})}
                for i in self.items
            ],
            "item_method": self.item_method,
        }


@dataclass(frozen=True, slots=True)
class CostLine:
    """One XP purchase on the sheet."""

    kind: CostKind
    name: str
    xp: int


@dataclass(frozen=True, slots=True)
class CharacterSheet:
    """A built character: derived values, the XP account, ``problems`` and ``warnings``."""

    stats: Mapping[StatName, int]
    """Stats after Stat Boost."""
    bought_stats: Mapping[StatName, int]
    """Stats as bought with stat points."""
    stat_points: int
    stat_points_spent: int
    starting_xp: int
    xp_available: int
    costs: tuple[CostLine, ...]
    wounds: int | None
    """None when the limbs lost outnumber the wounds (a problem says so)."""
    resolve: int
    initiative: int
    problems: tuple[str, ...]
    warnings: tuple[str, ...]

    @property
    def valid(self) -> bool:
        return not self.problems

    @property
    def stat_points_left(self) -> int:
        return self.stat_points - self.stat_points_spent

    @property
    def xp_spent(self) -> int:
        return sum(c.xp for c in self.costs)

    @property
    def xp_left(self) -> int:
        return self.xp_available - self.xp_spent


def _stats(choice: CharacterInput) -> dict[StatName, int]:
    bought: dict[StatName, int] = {}
    for key, value in choice.stats.items():
        bought[stat(key).abbreviation] = require_int(value, key, "Stats")
    return {s: bought.get(s, 0) for s in STAT_NAMES}


def _stat_problems(bought: Mapping[StatName, int], budget: int) -> tuple[list[str], int]:
    problems: list[str] = []
    for name, value in bought.items():
        if not 0 <= value <= MAX_STAT:
            problems.append(
                refusal(
                    f"every stat is from +0 to +{MAX_STAT}; {name} is {value:+d}",
                    f"{SYSTEM}, Stats",
                )
            )
    spent = sum(triangular_cost(max(0, v)) for v in bought.values())
    if spent > budget:
        problems.append(
            refusal(f"these stats cost {spent} points; the budget is {budget}", f"{SYSTEM}, Stats")
        )
    return problems, spent


def _skills(picks: Sequence[SkillPick], problems: list[str], warnings: list[str]) -> list[CostLine]:
    lines: list[CostLine] = []
    seen: Counter[str] = Counter()
    for pick in picks:
        ranks = require_int(pick.ranks, f"{pick.label}'s ranks", "Skills")
        sample = find_named(SKILLS, pick.name)
        name = sample.name if sample else pick.name.strip()
        if not name:
            raise ValueError(refusal("a skill needs a name", f"{SYSTEM}, Skills"))
        pick = SkillPick(name, ranks, pick.field.strip())
        seen[pick.label.lower()] += 1
        if sample is None:
            warnings.append(refusal(f"{name} is not one of the sample skills", f"{SYSTEM}, Skills"))
        elif sample.needs_subset and not pick.field:
            problems.append(
                refusal(f"{name} ( ) is taken for a particular field; name it", f"{SYSTEM}, Skills")
            )
        if not 0 <= ranks <= MAX_SKILL_RANK:
            problems.append(
                out_of_range(
                    f"the ranks in {pick.label}",
                    bounds(0, MAX_SKILL_RANK),
                    ranks,
                    f"{SYSTEM}, Skills",
                )
            )
            cost = triangular_cost(max(0, ranks))
        else:
            cost = skill_cost(ranks)
        if name == "Language" and ranks == MAX_SKILL_RANK:
            warnings.append(
                refusal(
                    f"the fifth rank of {pick.label} becomes the Polyglot talent for that language",
                    f"{SYSTEM}, Skills",
                )
            )
        lines.append(CostLine("skill", pick.label, cost))
    for label, count in seen.items():
        if count > 1:
            problems.append(
                refusal(
                    f"{label} is listed {count} times; raise its ranks instead", f"{SYSTEM}, Skills"
                )
            )
    return lines


def _talents(
    picks: Sequence[TalentPick],
    boosted: dict[StatName, int],
    problems: list[str],
    warnings: list[str],
) -> list[CostLine]:
    lines: list[CostLine] = []
    counts: Counter[str] = Counter()
    boosts: Counter[str] = Counter()
    for pick in picks:
        t = talent(pick.name)
        counts[t.name] += 1
        xp = t.xp[0]
        label = t.name
        if t.name == "Extra Organ":
            kind = pick.option.strip().lower()
            if kind not in EXTRA_ORGAN_XP:
                problems.append(
                    not_a(
                        "Extra Organ's kind",
                        "cosmetic (1 XP), functional (3 XP) or powerful (5 XP)",
                        pick.option,
                        f"{SYSTEM}, Talents, Extra Organ",
                    )
                )
            else:
                xp = EXTRA_ORGAN_XP[kind]
                label = f"Extra Organ ({kind})"
        elif t.name == "Stat Boost":
            if not pick.option.strip():
                problems.append(
                    refusal("name the stat it raises", f"{SYSTEM}, Talents, Stat Boost")
                )
            else:
                boosted_stat = stat(pick.option).abbreviation
                boosted[boosted_stat] += 1
                boosts[boosted_stat] += 1
                label = f"Stat Boost ({boosted_stat})"
        if pick.detail.strip():
            label += f": {pick.detail.strip()}"
        if t.creation_only and pick.later:
            if t.name == "Extra Organ":
                warnings.append(
                    refusal(
                        "with a few rare exceptions it is taken during character creation",
                        f"{SYSTEM}, Talents, Extra Organ",
                    )
                )
            else:
                problems.append(
                    refusal(
                        "this talent is taken only at character creation",
                        f"{SYSTEM}, Talents, {t.name}",
                    )
                )
        lines.append(CostLine("talent", label, xp))
    for name, count in counts.items():
        t = talent(name)
        limit = t.limit
        if limit is not None and count > limit:
            if t.max_times is None:
                reason = "the source does not say it can be taken again"
            elif limit == 1:
                reason = "it can only be taken once"
            else:
                reason = f"it can be taken {limit} times"
            problems.append(
                refusal(f"{name} is taken {count} times; {reason}", f"{SYSTEM}, Talents, {name}")
            )
    for name, value in boosted.items():
        if value > MAX_STAT and boosts[name]:
            problems.append(
                refusal(
                    f"the maximum bonus for a stat is +{MAX_STAT}; Stat Boost "
                    f"makes {name} {value:+d}",
                    f"{SYSTEM}, Stats",
                )
            )
    return lines


def _spell(pick: SpellPick) -> tuple[Spell | None, str]:
    sample = find_named(SPELLS, pick.name)
    return sample, sample.name if sample else pick.name.strip()


def _spells(picks: Sequence[SpellPick], problems: list[str]) -> list[CostLine]:
    lines: list[CostLine] = []
    counts: Counter[str] = Counter()
    repeatable: set[str] = set()
    for pick in picks:
        sample, name = _spell(pick)
        if not name:
            raise ValueError(refusal("a spell needs a name", f"{SYSTEM}, Magic"))
        counts[name] += 1
        if sample is not None and sample.per_target:
            repeatable.add(name)
        dc = pick.dc if pick.dc is not None else (sample.dc if sample else None)
        if sample is not None and sample.dc is None:
            if pick.dc is not None:
                problems.append(refusal(f"{name} has no DC", f"{SYSTEM}, Magic"))
            lines.append(CostLine("spell", name, sample.xp))
            continue
        if dc is None or dc not in SPELL_XP:
            problems.append(
                refusal(
                    f"a spell's DC is one of {', '.join(map(str, SPELL_XP))}; "
                    f"{name} has {dc if dc is not None else 'none'}",
                    f"{SYSTEM}, Magic",
                )
            )
            lines.append(CostLine("spell", name, 0))
            continue
        lines.append(CostLine("spell", f"{name} (DC {dc})", spell_xp(dc)))
    for name, count in counts.items():
        if count > 1 and name not in repeatable:
            problems.append(
                refusal(
                    f"{name} is taken {count} times; only a spell that applies "
                    "to a new thing each time is taken again",
                    f"{SYSTEM}, Magic",
                )
            )
    return lines


def item_allowance(rich: bool = False) -> tuple[int, int]:
    """Special items and mundane slots by the fast method: (1, 10), (2, 10) with Rich
    (Items, Starting Items; Talents, Rich)."""
    return FAST_METHOD_SPECIAL_ITEMS + int(bool(rich)), FAST_METHOD_MUNDANE_ITEMS


def item_problems(items: Sequence[ItemPick], method: str, rich: bool = False) -> list[str]:
    """Why these starting items break the fast method, or nothing (Items, Starting Items).

    At most one special item (a second with Rich) and ten mundane slots, each an
    item or spent on money. The slow method buys from the GM's list: no count.
    """
    if method not in ITEM_METHODS:
        raise ValueError(not_a("the item method", "fast or slow", method, f"{SYSTEM}, Items"))
    for item in items:
        if item.kind not in ITEM_KINDS:
            raise ValueError(
                not_a(f"{item.name or 'an item'}'s kind", "mundane, special or money", item.kind)
            )
    if method == "slow":
        return []
    special, mundane = item_allowance(rich)
    count = Counter(item.kind for item in items)
    problems = []
    if count["special"] > special:
        why = "Rich gives a second" if rich else "Rich would give a second"
        problems.append(
            refusal(
                f"too many special items: {count['special']}, and the fast method gives "
                f"{counted(special, 'special item')} ({why})",
                f"{SYSTEM}, Items, Starting Items",
            )
        )
    slots = count["mundane"] + count["money"]
    if slots > mundane:
        problems.append(
            refusal(
                f"too many mundane items: {slots} slots ({count['mundane']} items, "
                f"{count['money']} spent on money), and the fast method gives {mundane}",
                f"{SYSTEM}, Items, Starting Items",
            )
        )
    return problems


def race_problems(race: str, talents: Sequence[TalentPick]) -> list[str]:
    """The required racial talents a race of the rules lacks (Races, Example Race: Goblin).

    A racial talent is bought as a talent; the sheet finds it in a talent's name or
    detail ("Extra Sense: darkvision"). A race of the GM's has no rule here.
    """
    known = find_named(RACES, race)
    if known is None:
        return []
    taken = " ".join(f"{t.name} {t.detail}".lower() for t in talents)
    return [
        refusal(
            f"a {known.name} needs its required racial talent, {needed}: take it as a talent "
            f"(Extra Sense, say) with {needed} as its detail",
            f"{SYSTEM}, Races, Example Race: {known.name}",
        )
        for needed in known.required
        if needed not in taken
    ]


def build_character(choice: CharacterInput) -> CharacterSheet:
    """Build and check a starting character (Character Creation; Stats; Talents; Skills).

    Raises ``ValueError`` for input that is not a sheet at all (an unknown
    stat or talent, a number that is not whole); returns rule breaches as
    ``problems`` and advice as ``warnings``.
    """
    bought = _stats(choice)
    budget = require_int(choice.stat_points, "the stat points", "Stats")
    problems, spent = _stat_problems(bought, budget)
    warnings: list[str] = []
    if budget < 0:
        problems.append(
            refusal(f"the stat budget cannot be negative ({budget})", f"{SYSTEM}, Stats")
        )
    boosted = dict(bought)
    costs = _skills(choice.skills, problems, warnings)
    costs += _talents(choice.talents, boosted, problems, warnings)
    costs += _spells(choice.spells, problems)
    cinematics = require_int(choice.cinematics, "cinematics", "Character Growth")
    if cinematics < 0:
        problems.append(refusal("cinematics cannot be negative", f"{SYSTEM}, Character Growth"))
    elif cinematics:
        costs.append(
            CostLine("cinematics", counted(cinematics, "cinematic"), CINEMATIC_XP * cinematics)
        )
    earned = require_int(choice.earned_xp, "earned XP", "Character Growth")
    if earned < 0:
        problems.append(refusal("earned XP cannot be negative", f"{SYSTEM}, Character Growth"))
    start = starting_xp(max(0, budget - spent))
    available = start + max(0, earned)
    total = sum(c.xp for c in costs)
    if total > available:
        source = f"{start} starting XP" + (f" + {earned} earned" if earned > 0 else "")
        problems.append(
            refusal(
                f"these purchases cost {total} XP; the character has {available} ({source})",
                f"{SYSTEM}, Character Creation",
            )
        )
    lost = require_int(choice.lost_limbs, "lost limbs", "Combat, Healing")
    if not 0 <= lost <= 4:
        problems.append(
            refusal(f"lost limbs are 0 to 4 (got {lost})", f"{SYSTEM}, Combat, Healing")
        )
    clamp = {k: min(max(v, 0), MAX_STAT) for k, v in boosted.items()}
    extra = any(talent(p.name).name == "Extra Wound" for p in choice.talents)
    limbs = min(max(lost, 0), 4)
    negative = wounds_problem(clamp["TOU"], extra, limbs)
    if negative is not None:
        problems.append(negative)
    rich = any(talent(p.name).name == "Rich" for p in choice.talents)
    problems += item_problems(choice.items, choice.item_method, rich)
    problems += race_problems(choice.race, choice.talents)
    return CharacterSheet(
        stats=boosted,
        bought_stats=bought,
        stat_points=budget,
        stat_points_spent=spent,
        starting_xp=start,
        xp_available=available,
        costs=tuple(costs),
        wounds=None if negative is not None else wounds(clamp["TOU"], extra, limbs),
        resolve=resolve(clamp["TOU"], clamp["WIL"]),
        initiative=initiative(clamp["AGI"], clamp["PER"]),
        problems=tuple(problems),
        warnings=tuple(warnings),
    )


def default_character() -> CharacterInput:
    """Every stat at +0, the 36 points unspent, nothing bought."""
    return CharacterInput()


def character_from_dict(data: Mapping[str, object]) -> CharacterInput:
    """Read the form :meth:`CharacterInput.to_dict` writes; ``ValueError`` naming what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError(
            refusal(f"a saved character is an object (got {type(data).__name__})", SYSTEM)
        )
    version = data.get("version", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise ValueError(refusal(f"unknown saved-character version {version!r}", SYSTEM))
    stats: dict[str, int] = {
        stat(str(k)).abbreviation: require_int(v, str(k), "Stats")
        for k, v in _mapping(data.get("stats", {}), "stats").items()
    }
    skills = tuple(
        SkillPick(
            _text(item, "name", "a skill"),
            require_int(item.get("ranks", 0), "a skill's ranks", "Skills"),
            _text(item, "field", "a skill", ""),
        )
        for item in (_mapping(e, "a skill") for e in _sequence(data.get("skills", []), "skills"))
    )
    talents = tuple(
        TalentPick(
            talent(_text(item, "name", "a talent")).name,
            _text(item, "option", "a talent", ""),
            _text(item, "detail", "a talent", ""),
            _flag(item.get("later", False), "a talent's later"),
        )
        for item in (_mapping(e, "a talent") for e in _sequence(data.get("talents", []), "talents"))
    )
    spells = tuple(
        SpellPick(
            _text(item, "name", "a spell"),
            None
            if item.get("dc") is None
            else require_int(item.get("dc"), "a spell's DC", "Magic"),
        )
        for item in (_mapping(e, "a spell") for e in _sequence(data.get("spells", []), "spells"))
    )
    return CharacterInput(
        stats=stats,
        stat_points=require_int(data.get("stat_points", STAT_POINTS), "stat_points", "Stats"),
        skills=skills,
        talents=talents,
        spells=spells,
        cinematics=require_int(data.get("cinematics", 0), "cinematics", "Character Growth"),
        earned_xp=require_int(data.get("earned_xp", 0), "earned_xp", "Character Growth"),
        lost_limbs=require_int(data.get("lost_limbs", 0), "lost_limbs", "Combat, Healing"),
        name=_text(data, "name", "a character", ""),
        race=_text(data, "race", "a character", ""),
        items=tuple(
            ItemPick(
                _text(item, "name", "an item"),
                _text(item, "kind", "an item", "mundane"),
                _text(item, "note", "an item", ""),
            )
            for item in (_mapping(e, "an item") for e in _sequence(data.get("items", []), "items"))
        ),
        item_method=_text(data, "item_method", "a character", "fast"),
    )


def _mapping(value: object, what: str) -> Mapping[str, object]:
    return json_object(value, what, SYSTEM)


def _sequence(value: object, what: str) -> Sequence[object]:
    return json_list(value, what, SYSTEM)


def _text(item: Mapping[str, object], key: str, what: str, default: str | None = None) -> str:
    value = item.get(key, default)
    if not isinstance(value, str):
        raise ValueError(not_a(f"{what}'s {key}", "text", value, SYSTEM))
    return value


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(not_a(what, "true or false", value, SYSTEM))
    return value


__all__ = [
    "FORMAT_VERSION",
    "ITEM_KINDS",
    "ITEM_METHODS",
    "RACES",
    "CharacterInput",
    "CharacterSheet",
    "CostLine",
    "ItemKind",
    "ItemMethod",
    "ItemPick",
    "RaceRule",
    "SkillPick",
    "SpellPick",
    "TalentPick",
    "build_character",
    "character_from_dict",
    "default_character",
    "item_allowance",
    "item_problems",
    "race_problems",
]
