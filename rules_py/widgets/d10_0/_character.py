"""The D10/0 character builder, and the played character feeding the check roller.

Every number comes from :mod:`rules_py.systems.d10_0` (The D10/0 System,
Standard Player Agent Build Process; Skills; Progression Points); this module
arranges it into blocks. The health widget, which the sheet feeds too, is in
:mod:`._health`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
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
from rules_py.widgets._blocks import (
    Block,
    CheckRow,
    edit_only,
    facts,
    listing,
    table,
    text,
    track,
)
from rules_py.widgets._blocks import sheet_checks as checks_block
from rules_py.widgets._fields import Choice, FieldError, Flag, Number, Text
from rules_py.widgets._sheet import (
    Cue,
    FieldsOf,
    called,
    mend_first,
    no_check,
    problems_beside,
    row_name,
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
        printed=False,  # the sheet's attribute rows print each score with its chance
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
    """The sheet in the printed sheet's order (Character Sheet): its summary, the
    attributes rolled, the power blocks, the skills rolled, then Health; the build's
    numbers (points left, skill costs, purchases) are its setup, for Edit mode."""
    choice = character_input(values)
    sheet = d10_0.build_character(choice)
    blocks = problems_beside(sheet.problems, _FIELDS_OF)
    blocks += [text(f"Note: {warning}") for warning in sheet.warnings]
    name = called(values)
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
        text(f"{name}: Action Quota {sheet.action_quota}."),  # Normal: the Health boxes
        edit_only(text(_in_play(values, sheet))),
        edit_only(facts(items)),
    ]
    failing = failing_health(values, sheet.normal_health)
    if failing:
        blocks.append(text(failing))
    overflow = bool(values["check_overflow"])
    at = _difficulty_words(values)
    targets = {skill: difficulty(values, skill, "check_difficulty") for skill in (False, True)}
    _, checks = sheet_checks(values)
    attributes = [
        check_row(check, targets[False], overflow, at[False]) for check in checks if not check.skill
    ]
    blocks.append(checks_block(f"Attributes: d10 read 0-9, difficulty {at[False]}", attributes))
    blocks += power_tracks(values["powers"])
    blocks.append(
        checks_block(
            f"Skills: d100 read 00-99, difficulty {at[True]}",
            skill_rows(sheet, [c for c in checks if c.skill], targets[True], overflow, at[True]),
        )
    )
    blocks.append(edit_only(_skills_table(name, choice, sheet)))
    blocks += health_tracks(values["current_health"], sheet.normal_health)
    return blocks


UNTRAINED = "Untrained skills"
"""The row folding the root skills still at Adjust 0 with no branch (see :func:`skill_rows`)."""


def skill_rows(
    sheet: d10_0.CharacterSheet,
    checks: Sequence[SheetCheck],
    target: int,
    overflow: bool,
    at: str,
) -> list[CheckRow]:
    """The root skills the character has put points into, in the sheet's order, a row
    each (Skills, Roots and Branches); a root grown into branches rolls itself or one of
    them, picked at its Roll, each with its own Total and chance, as the printed sheet
    lists a root's branches beneath it. The roots still at Adjust 0 with no branch roll
    on their Base alone: they share one last row, each picked at its Roll with its chance,
    so that a phone shows the skills a character has trained without scrolling past the
    ones it has not."""
    by_name = {check.name: check for check in checks}
    root_of: dict[str, str] = {}
    for rating in _in_tree_order(sheet.skills):
        root_of[rating.name] = root_of.get(rating.parent or "", rating.name)
    out, untrained = [], []
    for rating in sheet.skills:
        if rating.parent is not None:
            continue
        row = check_row(by_name[rating.name], target, overflow, at)
        branches = [
            check_row(by_name[name], target, overflow, at)
            for name in root_of
            if root_of[name] == rating.name and name != rating.name
        ]
        if branches:
            row = replace(
                row,
                note=f"and {listing(b.name for b in branches)}",
                label=f"Roll {rating.name} or one of its branches at difficulty {at}",
                choices=tuple(_choice(r) for r in (row, *branches)),
            )
        elif not rating.adjust:
            untrained.append(row)
            continue
        out.append(row)
    if len(untrained) == 1:
        out.append(untrained[0])
    elif untrained:
        out.append(
            CheckRow(
                key=untrained[0].key,
                name=UNTRAINED,
                value="",
                label=f"Roll a skill at Adjust 0 at difficulty {at}",
                note=f"{len(untrained)} roots at Adjust 0",
                choices=tuple(_choice(r) for r in untrained),
            )
        )
    return out


def _choice(row: CheckRow) -> CheckRow:
    """A row as one of the checks another row offers: its button names it with its
    score ("Pistols 63"), the score otherwise shown in the row's own column."""
    return replace(row, name=f"{row.name} {row.value}")


def _chance_detail(chances: d10_0.CheckChances) -> str:
    """A row's exact answer: success, miss and failure, then each named degree that can
    come up (Degrees and Difficulty; Degree Information)."""
    degrees = ", ".join(f"{degree} {p}" for degree, p in chances.degrees)
    return (
        f"success {chances.success}, miss {chances.miss}, failure {chances.failure}; "
        f"by degree: {degrees}"
    )


def check_row(check: SheetCheck, target: int, overflow: bool, at: str) -> CheckRow:
    """One attribute or skill of the sheet in play: its score, its exact chance of an
    effort greater than the difficulty (Actions, Degrees and Difficulty; Overflow when the
    sheet turns it on), and its Roll."""
    chances = d10_0.check_chances(check.score, target, check.skill, overflow)
    return CheckRow(
        key=check.key,
        name=check.name,
        value=str(check.score),
        label=f"Roll {check.label} {check.score} at difficulty {at}",
        chance=chances.success,
        detail=_chance_detail(chances),
        title=check.label,
    )


def _skills_table(name: str, choice: d10_0.CharacterInput, sheet: d10_0.CharacterSheet) -> Block:
    """How each skill was built: circled attributes, Base, Adjust, Total and the skill
    points its Adjust cost (Skills; Skill Points, Exchange Rate)."""
    roots = {line.name: line for line in sheet.roots}
    costs = {s.name: d10_0.adjust_cost(0, s.adjust) for s in choice.tree.skills}
    rows, titles = [], []
    for rating in _in_tree_order(sheet.skills):
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
    return table(
        f"How {name}'s skills are built",
        ["Skill", "Circled, third", "Base", "Adjust", "Total", "Skill points"],
        rows,
        titles=titles,
    )


HEALTH_BOXES: tuple[d10_0.character.HealthState, ...] = (
    "Injured",
    "On the Brink",
    "Dying",
    "Dead",
)
"""The Health Range's states below Normal, in the guide's order (Health, The Health
Range): the sheet's Health boxes, ticked as Current falls through them."""


def _health_at(boxes: int, normal: int) -> int:
    """The Current Health at the top of the state ``boxes`` ticks reach: none ticked is
    Normal, then Injured at Normal − 1, On the Brink at 0, Dying at -1 and Dead at
    -Normal − 1 (Health, The Health Range; Death)."""
    return (normal, normal - 1, 0, -1, -normal - 1)[boxes]


def health_tracks(current: int, normal: int) -> list[Block]:
    """Health as boxes (Health, The Health Range): one box for each state below Normal,
    Injured, On the Brink, Dying and Dead, ticked down to the state Current is in. A tap
    ticks the next state (Current goes to its top: Normal − 1, 0, -1, -Normal − 1) or
    rubs out the last one (Current back to the top of the state before, or Normal); the
    exact Current is typed in Edit mode."""
    if normal < 1:
        return []
    state = d10_0.health_state(current, normal)
    ticked = HEALTH_BOXES.index(state) + 1 if state in HEALTH_BOXES else 0
    taps = []
    for n in range(len(HEALTH_BOXES)):
        boxes = ticked - 1 if n < ticked else ticked + 1
        now = _health_at(boxes, normal)
        now_state = d10_0.health_state(now, normal)
        taps.append(
            {
                "set": {"current_health": now},
                "said": f"Current Health: {current} → {now} ({now_state})",
            }
        )
    return [
        track(
            f"Health: {', '.join(HEALTH_BOXES)}",
            ticked,
            len(HEALTH_BOXES),
            f"Current Health {current} of Normal {normal}: {state}.",
            taps=taps,
            names=HEALTH_BOXES,
        )
    ]


def power_tracks(powers: Sequence[Mapping[str, Any]]) -> list[Block]:
    """Each power block's points as boxes (Powers, Power Points): one box per Normal
    power point, ticked as Drain spends Current, rubbed out as Gain brings it back."""
    blocks: list[Block] = []
    for number, power in enumerate(powers):
        power_name = str(power["name"]).strip() or f"Power {number + 1}"
        normal, current = power["normal"], power["current"]
        spent = min(max(normal - current, 0), normal)
        said = f"{power_name}: Current {current} of Normal {normal} power points"
        if normal < 1:
            blocks.append(text(f"{said}."))
            continue
        taps = []
        for n in range(normal):
            now = current + 1 if n < spent else current - 1
            rows = [dict(row) for row in powers]
            rows[number]["current"] = now
            taps.append({"set": {"powers": rows}, "said": f"{power_name}: {current} → {now}"})
        blocks.append(
            track(
                f"{power_name} power points",
                spent,
                normal,
                f"Current {current} of Normal {normal}.",
                taps=taps,
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
    ),
    show=_builder_show,
    unused=_builder_unused,
    settle=_builder_settle,
    check=_builder_check,
    play_fields=("check_difficulty",),
    heading=Text(
        "name",
        "Name",
        EXAMPLE_NAME,
        max_length=40,
        printed=False,
        hint="Saved with the sheet. The sheet starts as the site's own example character.",
    ),
    fresh=FRESH,
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
