"""The D10/0 character builder, and the played character feeding the check roller.

Every number comes from :mod:`rules_py.systems.d10_0` (The D10/0 System,
Standard Player Agent Build Process; Skills; Progression Points); this module
arranges it into blocks. The health widget, which the sheet feeds too, is in
:mod:`._health`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_py.systems import d10_0
from rules_py.systems._params import refusal
from rules_py.systems.d10_0.builder import RootLine
from rules_py.systems.d10_0.character import (
    ATTRIBUTE_CAP,
    ATTRIBUTE_POINTS,
    HEALTH_INCREASE_COST,
    KARMA_COSTS,
    POWER_COST,
    SKILL_POINT_PURCHASE_COST,
    TAB_COSTS,
)
from rules_py.systems.d10_0.skills import MAX_ADJUST, STARTING_SKILL_POINTS, SkillRating
from rules_py.views import View
from rules_py.widgets._blocks import Block, facts, listing, table, text
from rules_py.widgets._fields import Choice, FieldError, Flag, Number
from rules_py.widgets._sheet import (
    Cue,
    FieldsOf,
    called,
    mend_first,
    no_check,
    problems_beside,
    sheet_rows,
    sheet_widget,
    tree_columns,
    whose,
)
from rules_py.widgets._source import sheet_choice
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.d10_0._common import (
    difficulty,
    difficulty_field,
    difficulty_text,
    rolled_check,
)

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
    )


# --------------------------------------------------------------------------
# Character builder (Standard Player Agent Build Process)
# --------------------------------------------------------------------------

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
    printed=False,  # the sheet's skills table lists each skill, its branch and Adjust
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
    default=({"item": "health", "count": 0},),
    max_rows=len(_PURCHASES),
    row_label="purchase",
    hint="Skill points bought for a root go only into that root's tree: mark where they "
    "went in the skills' Bought column.",
    new={"count": 1},
)


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


def _in_tree_order(ratings: Sequence[SkillRating]) -> list[SkillRating]:
    children: dict[str | None, list[SkillRating]] = {}
    for rating in ratings:
        children.setdefault(rating.parent, []).append(rating)
    out: list[SkillRating] = []

    def visit(rating: SkillRating) -> None:
        out.append(rating)
        for child in children.get(rating.name, []):
            visit(child)

    for root in children.get(None, []):
        visit(root)
    return out


def _circled_text(line: RootLine) -> str:
    third = next(a for a in line.attributes if a not in line.circled)
    tie = " (tie: player's pick)" if len(line.choices) > 1 else ""
    return f"{line.circled[0]} + {line.circled[1]}, {third}{tie}"


def _builder_show(values: Values) -> list[Block]:
    choice = character_input(values)
    sheet = d10_0.build_character(choice)
    blocks = problems_beside(sheet.problems, _FIELDS_OF)
    blocks += [text(f"Note: {warning}") for warning in sheet.warnings]
    name = called(values)
    roots = {line.name: line for line in sheet.roots}
    costs = {s.name: d10_0.adjust_cost(0, s.adjust) for s in choice.tree.skills}
    reserve = [f"{points} for {root}'s tree" for root, points in sheet.reserve_by_root.items()]
    if sheet.reserve_general:
        reserve.insert(0, f"{sheet.reserve_general} to spend anywhere")
    items: list[tuple[str, str] | tuple[str, str, str]] = [
        (
            "Attribute points left",
            str(sheet.attribute_points_left),
            f"{ATTRIBUTE_POINTS} points above the starting 1s; attributes are typically "
            f"capped at {ATTRIBUTE_CAP}",
        ),
        ("Normal Health", str(sheet.normal_health), "(EN + SP) / 2 × 10, plus any increases"),
        ("Action Quota", str(sheet.action_quota), "(AG + FO) / 2, rounded down"),
        (
            "Skill points spent",
            f"{sheet.skill_points_spent} of {sheet.skill_points_available}",
            "Through the exchange rate: each Adjust point costs 2^(Adjust // 10)",
        ),
        ("Reserve", listing(reserve) if reserve else "none", "Unspent skill points"),
        (
            "Progression Points",
            f"{sheet.progression_points_spent} spent, {sheet.progression_points_left} left",
            _spent_on(choice.purchases),
        ),
    ]
    blocks += [
        text(
            f"{name}: Normal Health {sheet.normal_health}, Action Quota {sheet.action_quota}, "
            f"{sheet.skill_points_spent} skill points spent."
        ),
        text(_in_play(values, sheet)),
        facts(items),
    ]
    at = _difficulty_words(values)
    failing = failing_health(values, sheet.normal_health)
    if failing:
        blocks.append(text(failing))
    blocks.append(
        table(
            f"{name}'s attribute checks (a d10 read 0-9) at difficulty {at[False]}",
            ["Attribute", "Score", "Pairs with"],
            (
                [f"{a.abbreviation} ({a.name})", str(sheet.attributes[a.abbreviation]), a.pair]
                for a in d10_0.ATTRIBUTES
            ),
            checks=(
                (f"attribute:{a.abbreviation}", f"Roll {a.name} at difficulty {at[False]}")
                for a in d10_0.ATTRIBUTES
            ),
        )
    )
    rows, titles, checks = [], [], []
    for rating in _in_tree_order(sheet.skills):
        checks.append((f"skill:{rating.name}", f"Roll {rating.name} at difficulty {at[True]}"))
        line = roots.get(rating.name)
        rows.append(
            [
                ("· " * rating.depth) + rating.name,
                _circled_text(line) if line else f"branch of {rating.parent}",
                str(rating.base),
                str(rating.adjust),
                str(rating.total),
                str(costs[rating.name])
                + (f" ({paid} bought)" if (paid := choice.bought.get(rating.name)) else ""),
            ]
        )
        titles.append(["", "", "", "", "", f"Adjust 0 to {rating.adjust}"])
    blocks.append(
        table(
            f"{name}'s skills: checks on a d100 read 00-99 at difficulty {at[True]}",
            ["Skill", "Circled, third", "Base", "Adjust", "Total", "Skill points"],
            rows,
            titles=titles,
            checks=checks,
        )
    )
    return blocks


_BOUGHT_NAMES = {
    "health": "Health Point Increase",
    "skill_points": "Skill Point Purchase",
    "tab": "TAB",
    "power": "power",
    "karma": "karma",
}


def _spent_on(purchases: Sequence[d10_0.Purchase]) -> str:
    """What the Progression Points bought, by line of the Standard Cost Table."""
    if not purchases:
        return "Nothing bought yet (Standard Cost Table)"
    lines: dict[str, list[int]] = {}
    for purchase in purchases:
        lines.setdefault(purchase.item, []).append(purchase.cost)
    said = []
    for item, costs in lines.items():
        name = _BOUGHT_NAMES[item]
        count = len(costs)
        plural = name + ("" if count == 1 or item == "karma" else "s")
        prices = " + ".join(map(str, costs)) if item in ("tab", "karma") else ""
        said.append(
            f"{count} {plural}: {prices} = {sum(costs)}"
            if prices and count > 1
            else f"{count} {plural}: {sum(costs)}"
        )
    return "; ".join(said)


def _difficulty_words(values: Values) -> dict[bool, str]:
    """The sheet's check difficulty on each scale: ``{False: "2 (Challenge)", True: ...}``
    (a name stands for its row of Degree Information on the check's own scale)."""
    try:
        return {
            skill: difficulty_text(difficulty(values, skill, "check_difficulty"), skill)
            for skill in (False, True)
        }
    except ValueError as broken:
        raise FieldError("check_difficulty", str(broken)) from None


def failing_health(values: Values, normal: int) -> str:
    """What a dying or dead character's Current Health does to its checks, in a sentence,
    or "" while it is On the Brink or better (Health, Failing Health; Death).

    The guide has no unconscious state: a dying character "may remain conscious".
    """
    current = values["current_health"]
    if normal < 1:
        return ""
    state = d10_0.health_state(current, normal)
    name = called(values)
    if state == "Dying":
        return (
            f"{name} is Dying (Current Health {current}, below 0): out of the fight, it may "
            "check to keep its health from getting worse, and any significant action risks "
            "more harm at great difficulty (Health, Failing Health)."
        )
    if state == "Dead":
        return (
            f"{name} is Dead (Current Health {current}, below -{normal}): no longer "
            "functioning; what death means is the setting's (Health, Death)."
        )
    return ""


def _in_play(values: Values, sheet: d10_0.CharacterSheet) -> str:
    """Current Health against Normal with its state (Health, The Health Range), the
    Reserve of unspent skill points (Skill Points) and the Progression Points left."""
    current, normal = values["current_health"], sheet.normal_health
    health = f"Current Health {current} of Normal {normal}"
    if normal >= 1:
        health += f": {d10_0.health_state(current, normal)}"
    reserve = sheet.reserve_general + sum(sheet.reserve_by_root.values())
    return (
        f"In play: {health}; Reserve {reserve} of {sheet.skill_points_available} skill points "
        f"unspent; {max(0, sheet.progression_points_left)} of {values['progression_points']} "
        "Progression Points left."
    )


_FIELDS_OF = FieldsOf(
    SYSTEM,
    (
        Cue("Progression Points", ("progression_points", "purchases")),
        Cue("Skill Points", ("skill_points", "skills")),
    ),
)
"""The fields a builder refusal is about, by the rule it cites (the tracked numbers first)."""


# --------------------------------------------------------------------------
# The sheet's checks (Actions: Degrees and Difficulty)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SheetCheck:
    """A check a sheet offers: an attribute on a d10 read 0-9, or a skill's Total on a
    d100 read 00-99 (Actions, Degrees and Difficulty; Skills)."""

    key: str
    """``"attribute:AG"`` or ``"skill:Pistols"``."""
    name: str
    """``"AG"`` or ``"Pistols"``."""
    label: str
    """``"AG (Agility)"`` or ``"Pistols"``."""
    score: int
    skill: bool


def sheet_checks(values: Values) -> tuple[d10_0.CharacterSheet, list[SheetCheck]]:
    """The built sheet and every check it offers: the ten attributes, then each skill in
    tree order with its Total."""
    sheet = d10_0.build_character(character_input(values))
    checks = [
        SheetCheck(
            f"attribute:{a.abbreviation}",
            a.abbreviation,
            f"{a.abbreviation} ({a.name})",
            sheet.attributes[a.abbreviation],
            False,
        )
        for a in d10_0.ATTRIBUTES
    ]
    checks += [
        SheetCheck(f"skill:{r.name}", r.name, r.name, r.total, True)
        for r in _in_tree_order(sheet.skills)
    ]
    return sheet, checks


def find_check(checks: Sequence[SheetCheck], wanted: str) -> SheetCheck | None:
    """The check named ``wanted``: an attribute by abbreviation or name, a skill by name
    (any case)."""
    key = wanted.strip().lower()
    for check in checks:
        names = {check.name.lower(), check.label.lower(), check.key.lower()}
        if not check.skill:
            names.add(d10_0.character.attribute(check.name).name.lower())
        if key in names:
            return check
    return None


def _builder_check(values: Values, key: str, rng: random.Random) -> View:
    """A sheet row's check: roll under the attribute or the skill's Total, effort = score
    − roll against the sheet's difficulty, the degree and its name (Actions, Degrees and
    Difficulty; Overflow when the sheet turns it on)."""
    sheet, checks = sheet_checks(values)
    mend_first(sheet.problems)
    check = next((c for c in checks if c.key == key), None)
    if check is None:
        raise no_check(key)
    target = difficulty(values, check.skill, "check_difficulty")
    failing = failing_health(values, sheet.normal_health)
    view = rolled_check(
        check.score,
        target,
        check.skill,
        values["check_overflow"],
        rng,
        (failing,) if failing else (),
    )
    what = f"{check.label} {check.score} at difficulty {difficulty_text(target, check.skill)}"
    return {**view, "what": what}


def _normal_of(values: Values) -> int | None:
    """The sheet's Normal Health, or None while the sheet cannot be built."""
    try:
        return d10_0.build_character(character_input(values)).normal_health
    except ValueError:
        return None


def _builder_settle(before: Values, after: Values) -> Mapping[str, Any]:
    """Current Health follows Normal while it equals it: "the Current equals the Normal
    at the beginning" (Health, Health Points), so a sheet still being built keeps them
    together; once Current differs (damage, recovery) it is left as it is."""
    was, now = _normal_of(before), _normal_of(after)
    if was is None or now is None or was == now:
        return {}
    if before["current_health"] == was and after["current_health"] == was:
        return {"current_health": now}
    return {}


def _builder_unused(values: Values) -> list[str]:
    attributes = {a: max(0, values[a]) for a in d10_0.ATTRIBUTE_NAMES}
    unused = []
    for root in _ROOTS:
        ties = len(d10_0.skills.circle_options(root, attributes)) > 1
        if not ties and not values[_CIRCLE[root.name]]:
            unused.append(_CIRCLE[root.name])
    return unused


BUILDER = sheet_widget(
    "d10-0-builder",
    SYSTEM,
    "d10-0-character",
    (
        *(attribute_field(a, DEFAULT_ATTRIBUTES[a.abbreviation]) for a in d10_0.ATTRIBUTES),
        *(_circle_field(root) for root in _ROOTS),
        SKILLS,
        Number(
            "skill_points",
            "Skill points",
            STARTING_SKILL_POINTS,
            0,
            MAX_POINTS,
            track=True,
            hint=f"{STARTING_SKILL_POINTS} at creation; tap + for each one the GM awards. "
            "What no Adjust uses is the Reserve.",
            printed=False,  # "Skill points spent: N of this"
        ),
        Number(
            "progression_points",
            "Progression Points earned",
            0,
            0,
            MAX_POINTS,
            track=True,
            hint="Tap + for each one the GM awards; purchases spend them.",
        ),
        PURCHASES,
        Number(
            "current_health",
            "Current Health",
            DEFAULT_NORMAL_HEALTH,
            -MAX_HEALTH,
            MAX_HEALTH,
            track=True,
            hint="Equals Normal at the start; tap − for each point of damage, + as it "
            "recovers. Above Normal is Exceptional; below -Normal, Dead.",
        ),
        difficulty_field(
            "Average", "check_difficulty", "Difficulty of the sheet's checks", printed=False
        ),
        Flag(
            "check_overflow",
            "Overflow (optional) on the sheet's checks",
            printed=False,
            hint="A 0 or a 9 (00 or 99) rolls again, as on the check roller.",
        ),
    ),
    show=_builder_show,
    unused=_builder_unused,
    settle=_builder_settle,
    check=_builder_check,
    play_fields=("check_difficulty", "check_overflow"),
)
"""The D10/0 System, Standard Player Agent Build Process: a sheet checked against the rules."""


# --------------------------------------------------------------------------
# Use my sheet: the played character feeds the check and health widgets
# --------------------------------------------------------------------------

STORE = "d10-0-character"
"""Where the browser keeps the played character's values (the builder fences' ``store``)."""


def check_from_sheet(sheet: Values, mine: Values) -> tuple[dict[str, Any], str]:
    """The check widget's kind and score from the attribute or skill the reader picks on
    the played character: an attribute is checked on a d10, a skill's Total on a d100
    (Actions, Degrees and Difficulty); a dying or dead character's state follows."""
    owner = whose(sheet["name"])
    try:
        built, checks = sheet_checks(sheet)
    except ValueError as broken:
        return {}, f"From {owner}: it cannot be read ({broken}); the score below is yours to set."
    failing = failing_health(sheet, built.normal_health)
    found = find_check(checks, str(mine["sheet_check"]))
    if found is None:
        skills = ", ".join(c.name for c in checks if c.skill)
        return {}, (
            f"From {owner}: nothing is called {str(mine['sheet_check']).strip()!r}. Pick an "
            f"attribute ({', '.join(d10_0.ATTRIBUTE_NAMES)}) or a skill ({skills}); the score "
            "below is yours to set."
        )
    die = "a d100 read 00-99" if found.skill else "a d10 read 0-9"
    kind = "skill" if found.skill else "attribute"
    return {"kind": kind, "score": found.score}, (
        f"From {owner}: {found.label} {found.score}, {'an' if kind == 'attribute' else 'a'} "
        f"{kind} check on {die}." + (f" {failing}" if failing else "")
    )


CHECK_SOURCE = sheet_choice(STORE, BUILDER, check_from_sheet, "sheet_check")
"""The played character's attribute or skill feeds the check roller's kind and score."""

WIDGETS: tuple[Widget, ...] = (BUILDER,)

__all__ = [
    "BUILDER",
    "CHECK_SOURCE",
    "WIDGETS",
    "SheetCheck",
    "attribute_field",
    "character_input",
    "failing_health",
    "find_check",
    "sheet_checks",
]
