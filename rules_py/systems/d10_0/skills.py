"""Skills of the D10/0 System (chapter "Skills").

* Roots and Branches -- ten root skills every character has; branch skills
  grow from a root or another branch, forming a skill tree.
* Skill Rating and Fields -- Base, Adjust and Total; a root's Base adds its
  three attributes with the two circled (major) ones counted twice; a branch's
  Base is its parent's Total.
* Skill Points and the Exchange Rate -- the cost of raising Adjust doubles
  every 10 points; a new branch costs 1 skill point.

Readings the tools use (stated on the rules pages as source notes):

* The roots' attributes are the character sheet's. Close is AG FO ST: the
  text's list (Agility, Endurance, Strength) repeats Athletic's.
* The circled attributes are the two highest; on a tie the player picks, and
  the Base does not change.
* Raising Adjust by one costs ``2 ** (current adjust // 10)``: the two
  50-point examples (Focused, General) add up only this way.
* A new branch costs 1 skill point, which is its first Adjust point; it
  starts with Adjust 1.
* "Five skills deep" counts the root: the Focused Example's root and four
  branches are five deep.
* Buying skill points with 5 PP gives the sum of a root's two circled
  attributes, to spend in that root's tree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Final

from rules_py.systems._params import refusal
from rules_py.systems.d10_0._common import SYSTEM, require_range
from rules_py.systems.d10_0.character import attribute

# --------------------------------------------------------------------------
# Root skills
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RootSkill:
    """A root skill and its three contributing attributes, as on the character sheet."""

    name: str
    attributes: tuple[str, str, str]


ROOT_SKILLS: Final[tuple[RootSkill, ...]] = (
    RootSkill("Athletic", ("AG", "EN", "ST")),
    RootSkill("Close", ("AG", "FO", "ST")),
    RootSkill("Domestic", ("CH", "SE", "SP")),
    RootSkill("Interaction", ("CH", "SP", "ST")),
    RootSkill("Navigation", ("BE", "IN", "PE")),
    RootSkill("Ranged", ("AG", "FO", "PE")),
    RootSkill("Sensory", ("BE", "FO", "PE")),
    RootSkill("Society", ("CH", "IN", "SE")),
    RootSkill("Theory", ("BE", "IN", "SE")),
    RootSkill("Vocational", ("EN", "IN", "SE")),
)
"""The ten root skills (Roots and Branches), attributes as the character sheet prints them."""

ROOT_NAMES: Final[tuple[str, ...]] = tuple(r.name for r in ROOT_SKILLS)

STARTING_SKILL_POINTS: Final = 100
"""Skill points spent at character creation (Build Process, Calculate Skills)."""
NEW_BRANCH_COST: Final = 1
"""Skill points for a new branch skill (Skill Trees)."""
USUAL_MAX_DEPTH: Final = 5
"""Trees rarely branch more than five skills deep (Skill Trees): past it, a warning.

Counted in skills from the root, the root included: the Focused Example, a root
and four branches, is five deep (:attr:`SkillRating.skills_deep`).
"""
MAX_ADJUST: Final = 200
"""The highest Adjust the tools follow (a tool limit; the cost keeps doubling)."""


def root_skill(name: str) -> RootSkill:
    """The root skill called ``name`` (any case)."""
    for root in ROOT_SKILLS:
        if root.name.lower() == name.strip().lower():
            return root
    raise ValueError(
        refusal(
            f"the root skills are {', '.join(ROOT_NAMES)} (got {name!r})",
            f"{SYSTEM}, Roots and Branches",
        )
    )


def skill_base(major: tuple[int, int], minor: int) -> int:
    """A root's Base: the two major (circled) attributes twice, plus the third.

    With average attributes of 5 this is 25 (Build Process, Calculate Skills).
    The circled attributes are the two highest, so the minor cannot be higher.
    """
    a = require_range(major[0], "a major attribute", "Skill Rating and Fields", 0)
    b = require_range(major[1], "a major attribute", "Skill Rating and Fields", 0)
    c = require_range(minor, "the minor attribute", "Skill Rating and Fields", 0)
    if c > min(a, b):
        raise ValueError(
            refusal(
                "the two circled (major) attributes are the two "
                f"highest, so the minor one ({c}) cannot be higher than a major one ({a}, {b})",
                f"{SYSTEM}, Build Process",
            )
        )
    return 2 * a + 2 * b + c


def _scores(root: RootSkill, attributes: Mapping[str, int]) -> dict[str, int]:
    """The root's three attribute scores (keys of ``attributes`` in any case)."""
    given = {k.strip().upper(): v for k, v in attributes.items()}
    missing = [a for a in root.attributes if a not in given]
    if missing:
        raise ValueError(
            refusal(
                f"{root.name}'s Base needs {', '.join(missing)}",
                f"{SYSTEM}, Skill Rating and Fields",
            )
        )
    return {a: require_range(given[a], a, "Attributes", 0) for a in root.attributes}


def circle_options(root: RootSkill, attributes: Mapping[str, int]) -> tuple[tuple[str, str], ...]:
    """Every pair the player may circle for ``root``: the two highest, ties in any way."""
    scores = _scores(root, attributes)
    names = root.attributes
    options: list[tuple[str, str]] = []
    for i, j, third in ((0, 1, 2), (0, 2, 1), (1, 2, 0)):
        if scores[names[third]] <= min(scores[names[i]], scores[names[j]]):
            options.append((names[i], names[j]))
    return tuple(options)


def circled_attributes(
    root: RootSkill, attributes: Mapping[str, int], pick: Iterable[str] | None = None
) -> tuple[str, str]:
    """The two attributes circled for ``root``: the two highest (Build Process).

    On a tie ``pick`` (two abbreviations) chooses; without it the first valid
    pair in the sheet's order is taken. Refuses a pick that is not the two highest.
    """
    options = circle_options(root, attributes)
    if pick is None:
        return options[0]
    chosen = tuple(sorted(attribute(a).abbreviation for a in pick))
    for option in options:
        if tuple(sorted(option)) == chosen:
            return option
    allowed = " or ".join("+".join(o) for o in options)
    raise ValueError(
        refusal(
            f"circle the two highest of {root.name}'s "
            f"{', '.join(root.attributes)}: {allowed} (got {'+'.join(chosen)})",
            f"{SYSTEM}, Build Process",
        )
    )


def root_base(root: RootSkill, attributes: Mapping[str, int]) -> int:
    """A root's Base from the character's attributes (Skill Rating and Fields)."""
    scores = _scores(root, attributes)
    major = circled_attributes(root, scores)
    minor = next(a for a in root.attributes if a not in major)
    return skill_base((scores[major[0]], scores[major[1]]), scores[minor])


def purchased_skill_points(root: RootSkill, attributes: Mapping[str, int]) -> int:
    """Skill points one Skill Point Purchase (5 PP) gives: the two circled attributes' sum.

    They are spent on ``root`` or any skill branching from it (Skill Points).
    """
    scores = _scores(root, attributes)
    major = circled_attributes(root, scores)
    return scores[major[0]] + scores[major[1]]


# --------------------------------------------------------------------------
# Exchange rate
# --------------------------------------------------------------------------


def _adjust(value: int, what: str) -> int:
    return require_range(value, what, "Exchange Rate", 0, MAX_ADJUST)


def increment_cost(adjust: int) -> int:
    """Skill points to raise Adjust from ``adjust`` by one: ``2 ** (adjust // 10)``."""
    return 1 << (_adjust(adjust, "the Adjust rating") // 10)


def adjust_cost(start: int, end: int) -> int:
    """Skill points to raise Adjust from ``start`` to ``end`` (Exchange Rate).

    0 to 10 costs 10; 0 to 25 costs 10 + 20 + 20 = 50 (the General Example).
    """
    start, end = _adjust(start, "the starting Adjust"), _adjust(end, "the final Adjust")
    if start > end:
        raise ValueError(
            refusal(
                f"skill points raise Adjust; from {start} to {end} would lower it",
                f"{SYSTEM}, Skill Points",
            )
        )
    return sum(increment_cost(a) for a in range(start, end))


# --------------------------------------------------------------------------
# Skill trees
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Skill:
    """A skill on the sheet: its name, its parent (None for a root) and its Adjust."""

    name: str
    parent: str | None
    adjust: int = 0


@dataclass(frozen=True, slots=True)
class SkillRating:
    """A computed line of the sheet: depth (0 for a root), Base, Adjust and Total."""

    name: str
    parent: str | None
    root: str
    depth: int
    base: int
    adjust: int

    @property
    def total(self) -> int:
        return self.base + self.adjust

    @property
    def skills_deep(self) -> int:
        """How many skills deep it is, its root counted: 1 for a root (Skill Trees)."""
        return self.depth + 1


@dataclass(frozen=True, slots=True)
class SkillTree:
    """Skills in order, each parent before its branches (Skill Trees)."""

    skills: tuple[Skill, ...]

    @classmethod
    def roots(cls, names: Iterable[str] = ROOT_NAMES) -> SkillTree:
        """Only root skills, Adjust 0: the tree a character starts with."""
        return cls(tuple(Skill(n, None) for n in names))

    def skill(self, name: str) -> Skill:
        for s in self.skills:
            if s.name.lower() == name.strip().lower():
                return s
        raise ValueError(
            refusal(f"no skill called {name!r} on the sheet", f"{SYSTEM}, Skill Trees")
        )

    def has(self, name: str) -> bool:
        return any(s.name.lower() == name.strip().lower() for s in self.skills)

    def branch(self, name: str, parent: str) -> SkillTree:
        """Add a branch under ``parent`` for 1 skill point: its first Adjust point."""
        clean = name.strip()
        if not clean:
            raise ValueError(refusal("a branch skill needs a name", f"{SYSTEM}, Skill Trees"))
        if self.has(clean):
            raise ValueError(
                refusal(f"there is already a skill called {clean!r}", f"{SYSTEM}, Skill Trees")
            )
        above = self.skill(parent)
        return SkillTree((*self.skills, Skill(clean, above.name, NEW_BRANCH_COST)))

    def set_adjust(self, name: str, adjust: int) -> SkillTree:
        """The tree with one skill's Adjust changed (a branch keeps at least 1)."""
        target = self.skill(name)
        value = _adjust(adjust, f"{target.name}'s Adjust")
        if target.parent is not None and value < NEW_BRANCH_COST:
            raise ValueError(
                refusal(
                    "a branch's first skill point is its first Adjust "
                    f"point, so {target.name}'s Adjust is at least {NEW_BRANCH_COST}",
                    f"{SYSTEM}, Skill Trees",
                )
            )
        return SkillTree(tuple(replace(s, adjust=value) if s is target else s for s in self.skills))

    def ratings(self, root_bases: Mapping[str, int]) -> tuple[SkillRating, ...]:
        """Every skill's Base, Adjust and Total: a branch's Base is its parent's Total."""
        done: dict[str, SkillRating] = {}
        out: list[SkillRating] = []
        for s in self.skills:
            if s.parent is None:
                if s.name not in root_bases:
                    raise ValueError(
                        refusal(f"no Base for the root {s.name!r}", f"{SYSTEM}, Skill Trees")
                    )
                rating = SkillRating(s.name, None, s.name, 0, root_bases[s.name], s.adjust)
            else:
                up = done.get(s.parent)
                if up is None:
                    raise ValueError(
                        refusal(
                            f"{s.name}'s parent {s.parent!r} must come first",
                            f"{SYSTEM}, Skill Trees",
                        )
                    )
                rating = SkillRating(s.name, s.parent, up.root, up.depth + 1, up.total, s.adjust)
            done[s.name] = rating
            out.append(rating)
        return tuple(out)

    def cost_by_root(self) -> dict[str, int]:
        """Skill points spent in each root's tree."""
        roots: dict[str, str] = {}
        spent: dict[str, int] = {}
        for s in self.skills:
            root = s.name if s.parent is None else roots.get(s.parent, s.parent)
            roots[s.name] = root
            spent[root] = spent.get(root, 0) + adjust_cost(0, s.adjust)
        return spent


def too_deep(ratings: Iterable[SkillRating]) -> tuple[str, ...]:
    """Branches more than five skills deep, the root counted (Skill Trees: rarely done).

    A root and four branches (the Focused Example) is five deep and not listed;
    a fifth branch down the same line, six deep, is.
    """
    return tuple(r.name for r in ratings if r.skills_deep > USUAL_MAX_DEPTH)
