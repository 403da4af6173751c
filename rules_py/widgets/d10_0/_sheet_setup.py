"""The D10/0 character sheet's setup, shown in Edit mode only: the build's points left,
its Reserve and Progression Points, and how each skill was built.

Standard Player Agent Build Process; Skills; Skill Points, Exchange Rate; Progression
Points, Standard Cost Table. Split from :mod:`._character`, which assembles the builder,
as "No module is much over 600 lines; one that grows past that splits by chapter"
(docs/architecture.md, One shape for every system).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_py.systems import d10_0
from rules_py.systems.d10_0.builder import RootLine
from rules_py.systems.d10_0.character import ATTRIBUTE_CAP, ATTRIBUTE_POINTS
from rules_py.widgets._blocks import Block, facts, listing, table
from rules_py.widgets._widget import Values
from rules_py.widgets.d10_0._sheet_checks import in_tree_order


def setup_facts(choice: d10_0.CharacterInput, sheet: d10_0.CharacterSheet) -> Block:
    """The build's numbers: attribute points left, skill points spent through the
    exchange rate, the Reserve, and the Progression Points spent and what they bought
    (Standard Player Agent Build Process; Skill Points; Progression Points)."""
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
    return facts(items)


def in_play(values: Values, sheet: d10_0.CharacterSheet) -> str:
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


def _circled_text(line: RootLine) -> str:
    third = next(a for a in line.attributes if a not in line.circled)
    tie = " (tie: player's pick)" if len(line.choices) > 1 else ""
    return f"{line.circled[0]} + {line.circled[1]}, {third}{tie}"


def skills_table(name: str, choice: d10_0.CharacterInput, sheet: d10_0.CharacterSheet) -> Block:
    """How each skill was built: circled attributes, Base, Adjust, Total and the skill
    points its Adjust cost (Skills; Skill Points, Exchange Rate)."""
    roots = {line.name: line for line in sheet.roots}
    costs = {s.name: d10_0.adjust_cost(0, s.adjust) for s in choice.tree.skills}
    rows, titles = [], []
    for rating in in_tree_order(sheet.skills):
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


__all__ = ["in_play", "setup_facts", "skills_table"]
