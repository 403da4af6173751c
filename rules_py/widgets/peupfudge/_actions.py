"""Peupfudge actions: the action check (with "Use my sheet") and opposed actions.

Every number comes from :mod:`rules_py.systems.peupfudge.actions` (Peupfudge,
2 Actions and Opposed Actions); this module arranges it into blocks and rolls
the Fudge dice the rules name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules_py._format import percent, signed
from rules_py.systems.peupfudge.actions import (
    DEFAULT_ACTION_DICE,
    DEFAULT_OPPOSED_DICE,
    action_outcomes,
    minimum_roll,
    opposed_outcomes,
    opposed_top,
    relative_performance_distribution,
)
from rules_py.views import View
from rules_py.widgets._blocks import (
    Block,
    bar_chart,
    listing,
    odds_table,
    roll_line,
    rolled,
    row_names,
    table,
    text,
    with_modifier,
)
from rules_py.widgets._fields import Flag, Rows, Text
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.peupfudge._character import SOURCE
from rules_py.widgets.peupfudge._common import (
    action_rolled,
    dice_field,
    level_field,
    sum_text,
)


def _chance(p: Fraction) -> str:
    """An exact chance and its percentage: ``"5/27 (18.52%)"``, ``"1 (certain)"``."""
    if p in (0, 1):
        return f"{p} ({'certain' if p else 'impossible'})"
    return f"{p} ({percent(p)})"


# --------------------------------------------------------------------------
# Action check (Peupfudge, 2 Actions)
# --------------------------------------------------------------------------


def _action_show(values: Values) -> list[Block]:
    level, extra, difficulty, dice = values["L"], values["A"], values["D"], values["dice"]
    need = minimum_roll(level, extra, difficulty)
    outcomes = action_outcomes(level, extra, difficulty, dice)
    success = outcomes["success"]
    roll = f"{dice}dF"
    if need > dice:
        reach = f"{roll} reaches at most +{dice}, so it cannot succeed"
    elif need <= -dice:
        reach = f"{roll} rolls no lower than -{dice}, so it cannot fail"
    else:
        reach = f"needs R ≥ {signed(need)} on {roll}"
    summary = (
        f"L + A + R ≥ D with L = {level}, A = {extra}, D = {difficulty}: "
        f"{reach}. Chance of success {_chance(success)}."
    )
    return [
        text(summary),
        odds_table(
            f"Outcomes of {roll} at L + A = {level + extra} against D = {difficulty}",
            "Outcome",
            {
                f"Success (L + A + R ≥ {difficulty})": success,
                f"Failure (L + A + R < {difficulty})": outcomes["failure"],
            },
        ),
        bar_chart(
            relative_performance_distribution(level, extra, difficulty, dice),
            f"Relative performance L + A + R - D with {roll}",
            0,
            axis="L + A + R − D (relative performance)",
        ),
    ]


def _action_roll(values: Values, rng: random.Random) -> View:
    return action_rolled(values["L"], values["A"], values["D"], values["dice"], rng)


ACTION = Widget(
    name="peupfudge-action",
    title="Action check",
    fields=(
        level_field("L", "L, ability level", 4, "the modified level if the ability has a modifier"),
        level_field("A", "A, additional character factors", 0),
        level_field("D", "D, difficulty", 4),
        dice_field(DEFAULT_ACTION_DICE, "Fudge dice (4dF by default)"),
        Flag(
            "use_sheet",
            "Use my sheet",
            True,
            printed=False,
            hint="Take L from the character played in this browser.",
        ),
        Text(
            "ability",
            "Ability from my sheet",
            "",
            max_length=40,
            printed=False,
            hint="as the sheet names it; blank: the sheet's first ability",
        ),
    ),
    show=_action_show,
    roll=_action_roll,
    roll_label="Roll the action",
    unused=lambda values: [] if values["use_sheet"] else ["ability"],
    source=SOURCE,
)
"""Peupfudge, 2 Actions: the chance that L + A + R ≥ D, and a roll of R."""


# --------------------------------------------------------------------------
# Opposed action (Peupfudge, 2 Actions, Opposed Actions)
# --------------------------------------------------------------------------

PARTICIPANTS = Rows(
    "participants",
    "Participants",
    (
        Text("name", "Name", "", max_length=40),
        level_field("L", "L", 0),
        level_field("A", "A", 0),
    ),
    default=(
        {"name": "First", "L": 3, "A": 0},
        {"name": "Second", "L": 4, "A": 0},
        {"name": "Third", "L": 5, "A": 0},
    ),
    min_rows=2,
    max_rows=6,
    row_label="participant",
    hint="each one's L + A; all roll the same number of Fudge dice",
    new_row={"name": "", "L": 0, "A": 0},
)


def _names(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each participant's name (numbered when it is blank or repeated)."""
    names = row_names(rows, "Participant")
    return [
        f"{name} ({i})" if names.count(name) > 1 else name for i, name in enumerate(names, start=1)
    ]


def _opposed_show(values: Values) -> list[Block]:
    rows, dice = values["participants"], values["dice"]
    names = _names(rows)
    bases = [row["L"] + row["A"] for row in rows]
    odds = opposed_outcomes(bases, dice)
    best = max(odds.alone_on_top)
    leaders = [name for name, p in zip(names, odds.alone_on_top, strict=True) if p == best]
    summary = (
        f"Everyone rolls {dice}dF and adds L + A; the highest total wins, and equal highest "
        f"totals are a tie. Most likely alone on top: {listing(leaders)}, "
        f"{_chance(best)}{' each' if len(leaders) > 1 else ''}; "
        f"a tie for the top: {_chance(odds.tie)}."
    )
    body = [
        [name, f"{sum_text(row['L'], row['A'])} = {base}", percent(alone), percent(tied)]
        for name, row, base, alone, tied in zip(
            names, rows, bases, odds.alone_on_top, odds.tied_on_top, strict=True
        )
    ]
    titles = [
        ["", "", str(alone), str(tied)]
        for alone, tied in zip(odds.alone_on_top, odds.tied_on_top, strict=True)
    ]
    body.append(["Tie for the top (nobody wins)", "", percent(odds.tie), ""])
    titles.append(["", "", str(odds.tie), ""])
    return [
        text(summary),
        table(
            f"Who comes out on top with {dice}dF each",
            ["Participant", "L + A", "Alone on top", "Tied for the top"],
            body,
            titles=titles,
            hits=[p == best for p in odds.alone_on_top] + [False],
        ),
    ]


def _opposed_roll(values: Values, rng: random.Random) -> View:
    rows, dice = values["participants"], values["dice"]
    names = _names(rows)
    lines, totals, sums = [], [], []
    for name, row in zip(names, rows, strict=True):
        line, result = roll_line(name, with_modifier(f"{dice}dF", row["L"] + row["A"]), rng)
        roll = result.total - row["L"] - row["A"]
        lines.append(line)
        totals.append(result.total)
        sums.append(f"{name} {sum_text(row['L'], row['A'], roll)} = {result.total}")
    top = opposed_top(totals)
    if top is not None:
        verdict = f"{names[top]} wins with {totals[top]}"
    else:
        best = max(totals)
        tied = [name for name, total in zip(names, totals, strict=True) if total == best]
        verdict = f"Tie for the top at {best} between {listing(tied)}: nobody wins"
    return rolled(lines, f"{verdict} (L + A + R: {'; '.join(sums)}).")


OPPOSED = Widget(
    name="peupfudge-opposed",
    title="Opposed action",
    fields=(PARTICIPANTS, dice_field(DEFAULT_OPPOSED_DICE, "Fudge dice (3dF by default)")),
    show=_opposed_show,
    roll=_opposed_roll,
    roll_label="Roll for everyone",
)
"""Peupfudge, 2 Opposed Actions: who comes out alone on top, the chance of a tie, a roll."""

WIDGETS: tuple[Widget, ...] = (ACTION, OPPOSED)
