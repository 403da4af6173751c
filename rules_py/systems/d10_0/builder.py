"""The Standard Player Agent Build Process of the D10/0 System, as one checked sheet.

:func:`build_character` takes what a player chooses -- attributes, circled
attributes, a skill tree, skill points, progression point purchases -- and
returns every derived value with the refusals (each naming its rule) and
warnings. The widget saves, exports and imports the form's values (see
:mod:`rules_py.widgets.d10_0`); this module only checks them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from rules_py.systems._params import refusal
from rules_py.systems.d10_0._common import SYSTEM, require_int
from rules_py.systems.d10_0.character import (
    ATTRIBUTE_CAP,
    ATTRIBUTE_NAMES,
    ATTRIBUTE_POINTS,
    HEALTH_INCREASE_COST,
    POWER_COST,
    SKILL_POINT_PURCHASE_COST,
    STARTING_ATTRIBUTE,
    action_quota,
    attribute,
    health_increase,
    karma_cost,
    normal_health,
    tab_cost,
)
from rules_py.systems.d10_0.skills import (
    ROOT_SKILLS,
    STARTING_SKILL_POINTS,
    USUAL_MAX_DEPTH,
    Skill,
    SkillRating,
    SkillTree,
    adjust_cost,
    circle_options,
    circled_attributes,
    purchased_skill_points,
    root_base,
    root_skill,
    too_deep,
)

PurchaseItem = Literal["health", "skill_points", "tab", "power", "karma"]


@dataclass(frozen=True, slots=True)
class Purchase:
    """One Progression Point purchase (Standard Cost Table): a Health Point Increase,
    skill points for a root, a TAB or a karma at the price its degree or value sets
    (``price``), or a power."""

    item: PurchaseItem
    root: str | None = None
    price: int | None = None
    """What a TAB (5 - 10) or a karma (1 - 10) costs; None for the fixed prices."""

    @property
    def cost(self) -> int:
        if self.item == "health":
            return HEALTH_INCREASE_COST
        if self.item == "skill_points":
            return SKILL_POINT_PURCHASE_COST
        if self.item == "power":
            return POWER_COST
        if self.price is None:
            priced = "a TAB costs 5 to 10, by its degree" if self.item == "tab" else ""
            raise ValueError(
                refusal(
                    f"say what this {'TAB' if self.item == 'tab' else 'karma'} costs: "
                    + (priced or "karma costs 1 to 10, by its value"),
                    f"{SYSTEM}, Progression Points",
                )
            )
        return tab_cost(self.price) if self.item == "tab" else karma_cost(self.price)


@dataclass(frozen=True, slots=True)
class CharacterInput:
    """What the player chooses (everything else on the sheet is derived)."""

    attributes: Mapping[str, int]
    circled: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """Root name -> the two circled attributes, where a tie lets the player pick."""
    tree: SkillTree = field(default_factory=SkillTree.roots)
    skill_points: int = STARTING_SKILL_POINTS
    """General skill points: the 100 of the build, plus any the GM granted."""
    progression_points: int = 0
    purchases: tuple[Purchase, ...] = ()
    bought: Mapping[str, int] = field(default_factory=dict)
    """Skill name -> how many of its skill points were bought for its root (Skill Points):
    the sheet's note of where purchased points went. Unmarked points are general ones."""


@dataclass(frozen=True, slots=True)
class RootLine:
    """A root skill on the built sheet: its circled attributes and Base."""

    name: str
    attributes: tuple[str, str, str]
    circled: tuple[str, str]
    choices: tuple[tuple[str, str], ...]
    """Every pair the player could circle (more than one on a tie)."""
    base: int


@dataclass(frozen=True, slots=True)
class CharacterSheet:
    """A built character: derived values, refusals (``problems``) and ``warnings``."""

    attributes: Mapping[str, int]
    attribute_points_left: int
    normal_health: int
    action_quota: int
    roots: tuple[RootLine, ...]
    skills: tuple[SkillRating, ...]
    skill_points_available: int
    skill_points_spent: int
    reserve_by_root: Mapping[str, int]
    """Purchased skill points not yet spent, by the root whose tree they belong to."""
    reserve_general: int
    progression_points_spent: int
    progression_points_left: int
    problems: tuple[str, ...]
    warnings: tuple[str, ...]


def _attribute_problems(scores: Mapping[str, int]) -> list[str]:
    problems: list[str] = []
    for name in ATTRIBUTE_NAMES:
        value = scores[name]
        if value < STARTING_ATTRIBUTE:
            problems.append(
                refusal(
                    f"every attribute starts at {STARTING_ATTRIBUTE}; {name} is {value}",
                    f"{SYSTEM}, Build Process",
                )
            )
    spent = sum(v - STARTING_ATTRIBUTE for v in scores.values())
    if spent > ATTRIBUTE_POINTS:
        problems.append(
            refusal(
                f"{ATTRIBUTE_POINTS} points are allocated to attributes "
                f"above the starting {STARTING_ATTRIBUTE}s; these use {spent}",
                f"{SYSTEM}, Build Process",
            )
        )
    return problems


def _attribute_warnings(scores: Mapping[str, int]) -> list[str]:
    """Attributes above the typical cap: allowed for a special reason, so a warning."""
    return [
        f"{name} is {value}, above the typical cap of {ATTRIBUTE_CAP}: scores past it take "
        f"a special reason and are not common ({SYSTEM}, Build Process)"
        for name in ATTRIBUTE_NAMES
        if (value := scores[name]) > ATTRIBUTE_CAP
    ]


def _bought(
    choice: CharacterInput,
    ratings: tuple[SkillRating, ...],
    pools: Mapping[str, int],
    problems: list[str],
) -> tuple[dict[str, int], int]:
    """Bought skill points marked on each root's tree, and how many of the marks count.

    Points bought for a root go only into that root's tree (Skill Points): a mark in
    another tree, more marks in a tree than were bought for it, or a mark above what a
    skill's Adjust cost is refused. A mark counts up to its skill's cost.
    """
    rule = f"{SYSTEM}, Skill Points"
    root_of = {r.name.lower(): r for r in ratings}
    by_root: dict[str, int] = {}
    marked = 0
    for name, points in choice.bought.items():
        points = require_int(points, f"{name}'s bought skill points", "Skill Points")
        if points <= 0:
            continue
        rating = root_of.get(name.strip().lower())
        if rating is None:
            raise ValueError(refusal(f"no skill called {name!r} on the sheet", rule))
        cost = adjust_cost(0, rating.adjust)
        if points > cost:
            problems.append(
                refusal(
                    f"{rating.name} is marked with {points} bought skill points, but its "
                    f"Adjust {rating.adjust} cost {cost}",
                    rule,
                )
            )
        by_root[rating.root] = by_root.get(rating.root, 0) + points
        marked += min(points, cost)
    for root, points in by_root.items():
        if points <= pools[root]:
            continue
        bought_for = [r for r, n in pools.items() if n]
        if not pools[root]:
            elsewhere = f" (these were bought for {' and '.join(bought_for)})" if bought_for else ""
            problems.append(
                refusal(
                    f"{root}'s tree is marked with {points} bought skill points, but none were "
                    f"bought for {root}: points bought for a root go only into that root's "
                    f"tree{elsewhere}",
                    rule,
                )
            )
        else:
            problems.append(
                refusal(
                    f"{root}'s tree is marked with {points} bought skill points, but "
                    f"{pools[root]} were bought for {root}",
                    rule,
                )
            )
    return by_root, marked


def build_character(choice: CharacterInput) -> CharacterSheet:
    """Build and check a character (Standard Player Agent Build Process).

    Raises ``ValueError`` for input that is not a sheet at all (an unknown
    attribute, a missing score, an unknown skill); returns rule breaches as
    ``problems``: attributes below 1, more than 45 points, a circled pair that
    is not the two highest, more skill points spent than available, more
    Progression Points spent than earned. Two things are ``warnings``, as the
    source makes them usual limits, not rules: an attribute above 10 (the cap
    is "typical"; special reasons allow more) and a tree more than five skills
    deep, the root counted (trees "rarely" are).
    """
    scores = {
        attribute(k).abbreviation: require_int(v, k, "Attributes")
        for k, v in choice.attributes.items()
    }
    missing = [a for a in ATTRIBUTE_NAMES if a not in scores]
    if missing:
        raise ValueError(refusal(f"give a score for {', '.join(missing)}", f"{SYSTEM}, Attributes"))
    problems = _attribute_problems(scores)
    warnings = _attribute_warnings(scores)
    positive = {a: max(v, 0) for a, v in scores.items()}

    roots: list[RootLine] = []
    bases: dict[str, int] = {}
    picks = {root_skill(k).name: v for k, v in choice.circled.items()}
    for root in ROOT_SKILLS:
        pair = circled_attributes(root, positive)
        if root.name in picks:
            try:
                pair = circled_attributes(root, positive, picks[root.name])
            except ValueError as error:
                problems.append(str(error))
        bases[root.name] = root_base(root, positive)
        roots.append(
            RootLine(
                root.name, root.attributes, pair, circle_options(root, positive), bases[root.name]
            )
        )

    for s in choice.tree.skills:
        if s.parent is None and s.name not in bases:
            raise ValueError(
                refusal(f"{s.name!r} is not a root skill", f"{SYSTEM}, Roots and Branches")
            )
    ratings = choice.tree.ratings(bases)
    deep = too_deep(ratings)
    if deep:
        warnings.append(
            f"{', '.join(deep)} {'is' if len(deep) == 1 else 'are'} more than "
            f"{USUAL_MAX_DEPTH} skills deep, counting the root: trees rarely branch that "
            f"deep ({SYSTEM}, Skill Trees)"
        )

    pp_spent = sum(p.cost for p in choice.purchases)
    if pp_spent > choice.progression_points:
        problems.append(
            refusal(
                f"these purchases cost {pp_spent} Progression "
                f"Points; the character has {choice.progression_points}",
                f"{SYSTEM}, Progression Points",
            )
        )
    pools = dict.fromkeys(bases, 0)
    health_bonus = 0
    for purchase in choice.purchases:
        if purchase.item == "health":
            health_bonus += health_increase(positive["EN"], positive["SP"])
        elif purchase.item == "skill_points":
            if purchase.root is None:
                raise ValueError(
                    refusal("a Skill Point Purchase names a root skill", f"{SYSTEM}, Skill Points")
                )
            root = root_skill(purchase.root)
            pools[root.name] += purchased_skill_points(root, positive)

    bought_by_root, marked = _bought(choice, ratings, pools, problems)
    spent_by_root = choice.tree.cost_by_root()
    spent = sum(spent_by_root.values())
    from_general = spent - marked
    available = choice.skill_points + sum(pools.values())
    unspent = {r: pools[r] - bought_by_root.get(r, 0) for r in pools}
    unspent = {r: n for r, n in unspent.items() if n > 0}
    if from_general > choice.skill_points:
        left = "; ".join(f"{n} bought for {r} go only into {r}'s tree" for r, n in unspent.items())
        problems.append(
            refusal(
                f"the skills cost {spent} skill points"
                + (f", {from_general} of them not marked as bought" if marked else "")
                + f"; {choice.skill_points} are to spend anywhere"
                + (
                    f" ({left}: mark them as bought on the skills they paid for)" if unspent else ""
                ),
                f"{SYSTEM}, Skill Points",
            )
        )
    return CharacterSheet(
        attributes=scores,
        attribute_points_left=ATTRIBUTE_POINTS
        - sum(v - STARTING_ATTRIBUTE for v in scores.values()),
        normal_health=normal_health(positive["EN"], positive["SP"]) + health_bonus,
        action_quota=action_quota(positive["AG"], positive["FO"]),
        roots=tuple(roots),
        skills=ratings,
        skill_points_available=available,
        skill_points_spent=spent,
        reserve_by_root=unspent,
        reserve_general=max(0, choice.skill_points - from_general),
        progression_points_spent=pp_spent,
        progression_points_left=choice.progression_points - pp_spent,
        problems=tuple(problems),
        warnings=tuple(warnings),
    )


__all__ = [
    "CharacterInput",
    "CharacterSheet",
    "Purchase",
    "RootLine",
    "Skill",
    "build_character",
]
