"""D10/0 tools for the table: the initiative order and its tie checks, action points
round by round, power points.

Every number comes from :mod:`rules_py.systems.d10_0` (The D10/0 System, Action
Quota and Timing; Powers, Power Points); this module arranges it into blocks, rolls
the tie checks and applies the power functions.
"""

from __future__ import annotations

import random
from typing import Any

from rules_py.systems import d10_0
from rules_py.systems.d10_0.powers import MAX_POWER_POINTS, PowerPoints, apply
from rules_py.systems.d10_0.timing import (
    MAX_ACTION_COST,
    MAX_ACTIONS,
    MAX_AGENTS,
    allot_action_points,
    initiative_order,
    roll_ties,
)
from rules_py.views import View
from rules_py.widgets._blocks import Block, facts, listing, rolled, row_names, table, text
from rules_py.widgets._fields import Choice, Number, Rows, Text
from rules_py.widgets._widget import Refusal, Values, Widget
from rules_py.widgets.d10_0._character import MAX_ATTRIBUTE_FIELD
from rules_py.widgets.d10_0._common import check_lines

AGENTS = Rows(
    "agents",
    "Characters",
    (
        Text("name", "Name", "", max_length=40),
        Number("AG", "AG (Agility)", 5, 0, MAX_ATTRIBUTE_FIELD),
        Number("FO", "FO (Focus)", 5, 0, MAX_ATTRIBUTE_FIELD),
    ),
    default=(
        {"name": "Ana", "AG": 7, "FO": 4},
        {"name": "Bo", "AG": 5, "FO": 5},
        {"name": "Cy", "AG": 4, "FO": 4},
    ),
    min_rows=1,
    max_rows=MAX_AGENTS,
    row_label="character",
    hint="Action Quota is the average of AG and FO, rounded down.",
    new_row={"name": "", "AG": 5, "FO": 5},
)


def _quotas(values: Values) -> dict[str, int]:
    names = row_names(values["agents"], "Character")
    quotas: dict[str, int] = {}
    for name, row in zip(names, values["agents"], strict=True):
        if name in quotas:
            raise ValueError(f"Two characters are called {name}: give each its own name")
        quotas[name] = d10_0.action_quota(row["AG"], row["FO"])
    return quotas


def _initiative_show(values: Values) -> list[Block]:
    quotas = _quotas(values)
    groups = initiative_order(quotas)
    rows: list[list[str]] = []
    place = 1
    for group in groups:
        for name in group:
            where = f"{place} (tie)" if len(group) > 1 else str(place)
            rows.append([name, where, str(quotas[name])])
        place += len(group)
    ties = [listing(list(g)) for g in groups if len(g) > 1]
    if ties:
        summary = (
            f"By Action Quota, highest first; {'; '.join(ties)} tie: they act together if "
            "that is workable, else each checks against its Action Quota (Roll the tie "
            "checks)."
        )
    else:
        summary = "By Action Quota, highest first: no ties, so no checks are needed."
    return [
        text(summary),
        table("Initiative in the first round", ["Character", "Initiative", "Action Quota"], rows),
    ]


def _initiative_roll(values: Values, rng: random.Random) -> View:
    quotas = _quotas(values)
    if all(len(g) == 1 for g in initiative_order(quotas)):
        raise ValueError("No characters tie: the order needs no checks")
    order, checks = roll_ties(quotas, rng)
    lines: list[dict[str, Any]] = []
    for check in checks:
        again = f", check {check.round}" if check.round > 1 else ""
        lines += check_lines(check.roll, f"{check.name} (Action Quota {check.roll.score}{again})")
    return rolled(lines, f"Initiative order: {', '.join(order)}")


INITIATIVE = Widget(
    name="d10-0-initiative",
    title="Initiative order",
    fields=(AGENTS,),
    show=_initiative_show,
    roll=_initiative_roll,
    roll_label="Roll the tie checks",
)
"""The D10/0 System, Strict Period Structure: who gets the initiative first, ties settled."""


# --------------------------------------------------------------------------
# Action points within rounds (Action Quota; During an Agent's Initiative)
# --------------------------------------------------------------------------

ACTIONS = Rows(
    "actions",
    "Actions, in order",
    (
        Text("name", "Action", "", max_length=40),
        Number("cost", "Cost (action points)", 1, 1, MAX_ACTION_COST),
    ),
    default=(
        {"name": "Draw a weapon", "cost": 1},
        {"name": "Simple ranged attack", "cost": 2},
        {"name": "Reload a revolver with a speed loader", "cost": 4},
    ),
    min_rows=1,
    max_rows=MAX_ACTIONS,
    row_label="action",
    hint="About one action point for each major verb of the action.",
    new_row={"name": "", "cost": 1},
)


def _points_word(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _action_points_show(values: Values) -> list[Block]:
    names = row_names(values["actions"], "Action")
    actions = [(name, row["cost"]) for name, row in zip(names, values["actions"], strict=True)]
    quota, reserve = values["quota"], values["reserve"]
    try:
        rounds = allot_action_points(quota, actions, reserve)
    except ValueError as broken:
        fields = ["reserve", "quota"] if "back for reactions" in str(broken) else ["quota"]
        raise Refusal(str(broken), fields) from None
    rows: list[list[str]] = []
    for one in rounds:
        done = "; ".join(
            f"{a.action}: {_points_word(a.points)}"
            + (" (done)" if a.finished else f" ({a.paid} of {a.cost} so far)")
            for a in one.allotments
        )
        rows.append([str(one.round), done, str(one.reserved), str(one.unused)])
    kept = f", {reserve} kept back for reactions" if reserve else ""
    count = len(rounds)
    return [
        text(
            f"{len(actions)} action{'' if len(actions) == 1 else 's'} costing "
            f"{sum(c for _, c in actions)} action points take {count} "
            f"round{'' if count == 1 else 's'} at an Action Quota of {quota}{kept}."
        ),
        table(
            "Action points round by round",
            ["Round", "Points put into actions", "Kept back", "Unused"],
            rows,
        ),
    ]


ACTION_POINTS = Widget(
    name="d10-0-action-points",
    title="Action points round by round",
    fields=(
        Number(
            "quota",
            "Action Quota",
            5,
            0,
            MAX_ATTRIBUTE_FIELD,
            hint="The average of AG and FO, rounded down; refreshed each time the character "
            "gets the initiative.",
        ),
        Number(
            "reserve",
            "Kept back for reactions each round",
            0,
            0,
            MAX_ATTRIBUTE_FIELD,
            hint="Points saved to react while another character has the initiative.",
        ),
        ACTIONS,
    ),
    show=_action_points_show,
)
"""The D10/0 System, Action Quota: an action takes points from as many rounds as its cost
needs, after the points kept back for reactions."""


# --------------------------------------------------------------------------
# Power points (Powers: Power Points)
# --------------------------------------------------------------------------

_FUNCTION_NAMES = {
    "need": "Need: are there enough free points?",
    "gain": "Gain: add to Current (up to Normal)",
    "drain": "Drain: take from the free points",
    "hold": "Hold: set free points aside",
    "release": "Release: free held points again",
}


def _points(values: Values) -> PowerPoints:
    try:
        return PowerPoints(values["normal"], values["current"], values["held"])
    except ValueError as broken:
        raise Refusal(str(broken), ["held", "current"]) from None


def _power_show(values: Values) -> list[Block]:
    points = _points(values)
    preview = apply(points, values["function"], values["amount"]) if _can(values) else None
    blocks: list[Block] = [
        text(
            f"Current {points.current} of Normal {points.normal}: {points.held} held, "
            f"{points.free} free."
        ),
        facts(
            [
                ("Normal", str(points.normal), "The power's typical number of points"),
                ("Current", str(points.current), "Available now, held points included"),
                ("Held", str(points.held), "Set aside: Drain cannot take them"),
                ("Free", str(points.free), "What Need, Drain and Hold use"),
            ]
        ),
    ]
    if preview is not None:
        blocks.append(text(f"Apply would do: {preview.said}."))
    else:
        blocks.append(text(f"Apply cannot do this: {_why_not(values)}."))
    return blocks


def _can(values: Values) -> bool:
    try:
        apply(_points(values), values["function"], values["amount"])
    except ValueError:
        return False
    return True


def _why_not(values: Values) -> str:
    try:
        apply(_points(values), values["function"], values["amount"])
    except ValueError as broken:
        return str(broken)
    return ""


def _power_act(action: str, values: Values) -> tuple[dict[str, Any], str]:
    """Apply the chosen function to the points (Powers, Power Points)."""
    done = apply(_points(values), values["function"], values["amount"])
    return {"current": done.points.current, "held": done.points.held}, f"{done.said}."


POWER_POINTS = Widget(
    name="d10-0-power-points",
    title="Power points",
    fields=(
        Number("normal", "Normal power points", 5, 0, MAX_POWER_POINTS),
        Number("current", "Current power points", 5, 0, MAX_POWER_POINTS, track=True),
        Number("held", "Held power points", 0, 0, MAX_POWER_POINTS, track=True),
        Choice("function", "Function", tuple(_FUNCTION_NAMES.items()), "need"),
        Number("amount", "Amount", 1, 1, MAX_POWER_POINTS),
    ),
    show=_power_show,
    actions=(("apply", "Apply"),),
    act=_power_act,
    disabled=lambda values: [] if _can(values) else ["apply"],
)
"""The D10/0 System, Power Points: Normal, Current and held points, and the functions."""

WIDGETS: tuple[Widget, ...] = (INITIATIVE, ACTION_POINTS, POWER_POINTS)
