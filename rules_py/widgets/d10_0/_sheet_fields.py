"""The D10/0 character sheet's fields, its example and a fresh character, read as the
rules package's :class:`CharacterInput`.

Every number comes from :mod:`rules_py.systems.d10_0` (The D10/0 System, Standard Player
Agent Build Process; Skills; Progression Points). Split from :mod:`._character`, which
assembles the builder, as "No module is much over 600 lines; one that grows past that
splits by chapter" (docs/architecture.md, One shape for every system).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_py.systems import d10_0
from rules_py.systems._params import refusal
from rules_py.systems.d10_0.character import (
    HEALTH_INCREASE_COST,
    KARMA_COSTS,
    POWER_COST,
    SKILL_POINT_PURCHASE_COST,
    TAB_COSTS,
)
from rules_py.systems.d10_0.skills import MAX_ADJUST, STARTING_SKILL_POINTS
from rules_py.widgets._fields import Choice, Field, Flag, Number, Text
from rules_py.widgets._sheet import row_name, sheet_rows, tree_columns
from rules_py.widgets._widget import Values
from rules_py.widgets.d10_0._common import difficulty_field

MAX_ATTRIBUTE_FIELD = 20
"""The highest attribute the forms take (a tool limit; above 10 the builder warns)."""
MAX_HEALTH = 100_000
"""The largest Current or Normal Health the forms take (a tool limit)."""
MAX_INCREASES = 100
"""The most Health Point Increases the forms take (a tool limit)."""
MAX_POINTS = 100_000
"""The most skill or Progression Points the forms take (a tool limit)."""

SYSTEM = "The D10/0 System"


def attribute_field(a: d10_0.character.Attribute, default: int, low: int = 0) -> Number:
    side = "tangible" if a.tangible else "intangible"
    return Number(
        a.abbreviation,
        f"{a.abbreviation} ({a.name})",
        default,
        low,
        MAX_ATTRIBUTE_FIELD,
        hint=f"{side.capitalize()}; pairs with {a.pair}.",
        printed=False,  # the sheet's attribute rows print each score with its chance
    )


DEFAULT_ATTRIBUTES: Mapping[str, int] = {
    "AG": 6,
    "EN": 7,
    "IN": 6,
    "PE": 6,
    "ST": 5,
    "FO": 4,
    "SP": 4,
    "SE": 7,
    "BE": 5,
    "CH": 5,
}
"""A first sheet spending all 45 points (every attribute starts at 1), with no ties to circle."""

DEFAULT_NORMAL_HEALTH = d10_0.normal_health(DEFAULT_ATTRIBUTES["EN"], DEFAULT_ATTRIBUTES["SP"])
"""The first sheet's Normal Health, its Current at the start (Health, Health Points)."""

DEFAULT_SKILLS: tuple[Mapping[str, Any], ...] = (
    {"name": "Ranged", "parent": "", "adjust": 25},
    {"name": "Pistols", "parent": "Ranged", "adjust": 10},
    {"name": "Athletic", "parent": "", "adjust": 10},
    {"name": "Climbing", "parent": "Athletic", "adjust": 5},
    {"name": "Close", "parent": "", "adjust": 10},
    {"name": "Sensory", "parent": "", "adjust": 10},
    {"name": "Spotting", "parent": "Sensory", "adjust": 5},
)
"""A first tree spending the 100 skill points."""

EXAMPLE_NAME = "Mara Quill"
"""The name of the site's own example character, the sheet's defaults (a first visit to
the Play page plays her, and the page says she is an example)."""

EXAMPLE_POWER = "Marksman Focus"
"""The example's power (Powers, Example Power: Marksman Focus), bought for 10 Progression
Points; its Normal power points are the average of Focus and Perception."""

EXAMPLE_POWER_POINTS = (DEFAULT_ATTRIBUTES["FO"] + DEFAULT_ATTRIBUTES["PE"]) // 2
"""Marksman Focus's Normal for the example: (FO 4 + PE 6) / 2 = 5, a whole average."""

if (DEFAULT_ATTRIBUTES["FO"] + DEFAULT_ATTRIBUTES["PE"]) % 2:  # pragma: no cover - a mistake here
    raise ValueError("the example's Focus and Perception must average to a whole number")

MAX_POWER_POINTS_FIELD = 100
"""The most Normal or Current power points the sheet's boxes take (a tool limit)."""

_ROOTS = d10_0.ROOT_SKILLS
_CIRCLE = {root.name: f"circle_{root.name.lower()}" for root in _ROOTS}


def _pairs(root: d10_0.skills.RootSkill) -> tuple[tuple[str, str], ...]:
    a, b, c = root.attributes
    return ((a, b), (a, c), (b, c))


def _circle_field(root: d10_0.skills.RootSkill) -> Choice:
    return Choice(
        _CIRCLE[root.name],
        f"{root.name}: circle",
        (("", "the two highest"), *((f"{x}+{y}", f"{x} and {y}") for x, y in _pairs(root))),
        "",
        hint=f"{root.name} draws on {', '.join(root.attributes)}; on a tie the player picks.",
        printed=False,  # the sheet's skills table names the circled pair
    )


_PURCHASES = (
    ("health", f"Health Point Increase ({HEALTH_INCREASE_COST} PP)"),
    *(
        (f"skill:{root.name}", f"Skill points for {root.name} ({SKILL_POINT_PURCHASE_COST} PP)")
        for root in _ROOTS
    ),
    *(
        (f"tab:{cost}", f"TAB whose degree costs {cost} PP")
        for cost in range(TAB_COSTS[0], TAB_COSTS[1] + 1)
    ),
    ("power", f"Power ({POWER_COST} PP)"),
    *(
        (f"karma:{cost}", f"Karma whose value costs {cost} PP")
        for cost in range(KARMA_COSTS[0], KARMA_COSTS[1] + 1)
    ),
)
"""Every line of the Standard Cost Table; a TAB and a karma once for each price they
may have (Progression Points)."""


def _purchase(item: str) -> d10_0.Purchase:
    """The purchase a row's choice names: ``health``, ``skill:Ranged``, ``tab:7``, ``power``
    or ``karma:3``."""
    kind, _, rest = item.partition(":")
    if kind == "health":
        return d10_0.Purchase("health")
    if kind == "skill":
        return d10_0.Purchase("skill_points", rest)
    if kind == "power":
        return d10_0.Purchase("power")
    return d10_0.Purchase("tab" if kind == "tab" else "karma", price=int(rest))


SKILLS = sheet_rows(
    "skills",
    "Skills",
    (
        *tree_columns(
            "Skill",
            "Branches from",
            "Blank for a root skill.",
            Number("adjust", "Adjust", 0, 0, MAX_ADJUST),
        ),
        Number(
            "bought",
            "Bought",
            0,
            0,
            MAX_POINTS,
            hint="How many of this skill's skill points were bought with Progression Points "
            "for its root; they go only into that root's tree.",
        ),
    ),
    default=DEFAULT_SKILLS,
    max_rows=60,
    row_label="skill",
    printed=False,  # the sheet's skill rows and setup table list each skill and its Adjust
    hint="A root's Adjust, or a branch under a root or another branch (its Base is its "
    "parent's Total). A new branch's first skill point is its first Adjust point. Bought: "
    "how many of the skill's points a Skill Point Purchase for its root paid.",
    new={"adjust": 1},
)

PURCHASES = sheet_rows(
    "purchases",
    "Progression Point purchases",
    (
        Choice("item", "Purchase", _PURCHASES, "health"),
        Number("count", "Times", 0, 0, MAX_INCREASES),
    ),
    default=({"item": "power", "count": 1},),
    max_rows=len(_PURCHASES),
    row_label="purchase",
    hint="Skill points bought for a root go only into that root's tree: mark where they "
    "went in the skills' Bought column.",
    new={"count": 1},
)


POWERS = sheet_rows(
    "powers",
    "Powers",
    (
        row_name("Power"),
        Number("normal", "Normal", 0, 0, MAX_POWER_POINTS_FIELD, hint="Set by the power's rules."),
        Number(
            "current",
            "Current",
            0,
            0,
            MAX_POWER_POINTS_FIELD,
            hint="Ticked on the sheet as the power drains points; its rules may take it "
            "above Normal.",
        ),
    ),
    default=(
        {"name": EXAMPLE_POWER, "normal": EXAMPLE_POWER_POINTS, "current": EXAMPLE_POWER_POINTS},
    ),
    max_rows=10,
    row_label="power",
    printed=False,  # each power prints as its boxes of power points
    hint="A power block of the sheet: the power, and its Normal and Current power points "
    "(Powers, Power Points). A power costs 10 Progression Points.",
    new={"normal": 1, "current": 1},
)
"""The sheet's power blocks: Power, Normal and Current (Character Sheet, Power Blocks)."""


def _tree(rows: Sequence[Mapping[str, Any]]) -> d10_0.SkillTree:
    """The sheet's skill tree from the rows (a branch may be listed before its parent)."""
    tree = d10_0.SkillTree.roots()
    seen: set[str] = set()
    pending: list[tuple[int, Mapping[str, Any]]] = []
    for number, row in enumerate(rows, start=1):
        name = str(row["name"]).strip()
        if not name:
            raise ValueError(refusal(f"skill row {number} needs a name", f"{SYSTEM}, Skill Trees"))
        if name.lower() in seen:
            raise ValueError(
                refusal(f"there is already a row for {name!r}", f"{SYSTEM}, Skill Trees")
            )
        seen.add(name.lower())
        if not str(row["parent"]).strip():
            root = next((r.name for r in _ROOTS if r.name.lower() == name.lower()), None)
            if root is None:
                raise ValueError(
                    refusal(
                        f"{name!r} is not one of the ten root skills "
                        f"({', '.join(r.name for r in _ROOTS)}); a branch names the skill it "
                        "grows from",
                        f"{SYSTEM}, Roots and Branches",
                    )
                )
            tree = tree.set_adjust(root, row["adjust"])
        else:
            pending.append((number, row))
    while pending:
        ready = [(n, row) for n, row in pending if tree.has(str(row["parent"]))]
        if not ready:
            number, row = pending[0]
            raise ValueError(
                refusal(
                    f"{str(row['name']).strip()!r} branches from "
                    f"{str(row['parent']).strip()!r}, which is not a skill on the sheet",
                    f"{SYSTEM}, Skill Trees",
                )
            )
        for _, row in ready:
            name = str(row["name"]).strip()
            tree = tree.branch(name, str(row["parent"])).set_adjust(name, row["adjust"])
        pending = [(n, row) for n, row in pending if (n, row) not in ready]
    return tree


def character_input(values: Values) -> d10_0.CharacterInput:
    """The builder's fields as the rules package's :class:`CharacterInput`."""
    circled: dict[str, tuple[str, str]] = {}
    for root in _ROOTS:
        pick = values[_CIRCLE[root.name]]
        if pick:
            first, second = pick.split("+")
            circled[root.name] = (first, second)
    purchases: list[d10_0.Purchase] = []
    for row in values["purchases"]:
        purchases += [_purchase(row["item"])] * row["count"]
    bought = {str(row["name"]).strip(): row["bought"] for row in values["skills"] if row["bought"]}
    return d10_0.CharacterInput(
        attributes={a: values[a] for a in d10_0.ATTRIBUTE_NAMES},
        bought=bought,
        circled=circled,
        tree=_tree(values["skills"]),
        skill_points=values["skill_points"],
        progression_points=values["progression_points"],
        purchases=tuple(purchases),
    )


FIELDS: tuple[Field, ...] = (
    *(attribute_field(a, DEFAULT_ATTRIBUTES[a.abbreviation]) for a in d10_0.ATTRIBUTES),
    *(_circle_field(root) for root in _ROOTS),
    SKILLS,
    Number(
        "skill_points",
        "Skill points",
        STARTING_SKILL_POINTS,
        0,
        MAX_POINTS,
        hint=f"{STARTING_SKILL_POINTS} at creation, more as the GM awards them. "
        "What no Adjust uses is the Reserve.",
        printed=False,  # "Skill points spent: N of this"
    ),
    Number(
        "progression_points",
        "Progression Points earned",
        POWER_COST,
        0,
        MAX_POINTS,
        hint="As the GM awards them; purchases spend them.",
    ),
    PURCHASES,
    POWERS,
    Number(
        "current_health",
        "Current Health",
        DEFAULT_NORMAL_HEALTH,
        -MAX_HEALTH,
        MAX_HEALTH,
        track=True,
        printed=False,  # the Health boxes print it, with Normal and the state
        hint="Equals Normal at the start; in play, tick the Health box of the state it "
        "falls to. Above Normal is Exceptional; below -Normal, Dead.",
    ),
    difficulty_field(
        "Average",
        "check_difficulty",
        "Difficulty of the sheet's checks",
        printed=False,
        hint="Or a name: Challenge is 2, or 20 on a skill.",
    ),
    Flag(
        "check_overflow",
        "Overflow (optional) on the sheet's checks: a 0 or a 9 (00 or 99) rolls again",
        printed=False,
    ),
)
"""The builder's fields after its name, in the sheet's order (Standard Player Agent
Build Process)."""

NAME_FIELD = Text(
    "name",
    "Name",
    EXAMPLE_NAME,
    max_length=40,
    printed=False,
    hint="Saved with the sheet. The sheet starts as the site's own example character.",
)
"""The sheet's name, its heading; the example's name at first."""

FRESH: Mapping[str, Any] = {
    "name": "",
    **{a: 1 for a in d10_0.ATTRIBUTE_NAMES},
    "skills": [],
    "skill_points": STARTING_SKILL_POINTS,
    "progression_points": 0,
    "purchases": [],
    "powers": [],
    "current_health": d10_0.normal_health(1, 1),
}
"""A character as the Standard Player Agent Build Process starts one: every attribute
at its minimum of 1 with the 45 points still to share, the ten root skills at Adjust 0
with the 100 skill points to spend, no Progression Points, purchases or powers, and
Current Health equal to its Normal of (1 + 1) / 2 × 10 = 10."""


def unused_circles(values: Values) -> list[str]:
    """The circle fields the sheet has no use for: those of the roots with no tie for
    their two highest attributes and no pair circled, which draw on the two highest
    (Skills, Roots and Branches)."""
    attributes = {a: max(0, values[a]) for a in d10_0.ATTRIBUTE_NAMES}
    unused = []
    for root in _ROOTS:
        ties = len(d10_0.skills.circle_options(root, attributes)) > 1
        if not ties and not values[_CIRCLE[root.name]]:
            unused.append(_CIRCLE[root.name])
    return unused


__all__ = [
    "DEFAULT_ATTRIBUTES",
    "DEFAULT_NORMAL_HEALTH",
    "DEFAULT_SKILLS",
    "EXAMPLE_NAME",
    "EXAMPLE_POWER",
    "EXAMPLE_POWER_POINTS",
    "FIELDS",
    "FRESH",
    "MAX_ATTRIBUTE_FIELD",
    "MAX_HEALTH",
    "MAX_INCREASES",
    "MAX_POINTS",
    "MAX_POWER_POINTS_FIELD",
    "NAME_FIELD",
    "POWERS",
    "PURCHASES",
    "SKILLS",
    "SYSTEM",
    "attribute_field",
    "character_input",
    "unused_circles",
]
