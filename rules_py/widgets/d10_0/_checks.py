"""D10/0 checks and effort: one check, conflicting, cooperative and cumulative effort.

Every number comes from :mod:`rules_py.systems.d10_0.checks` (The D10/0 System,
Actions); this module arranges it into blocks and rolls the dice the rules name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from itertools import pairwise
from typing import Any

from rules_py._format import decimal, percent
from rules_py.systems import d10_0
from rules_py.systems.d10_0.checks import (
    MAX_COOPERATORS,
    MAX_CUMULATIVE_CHECKS,
    MAX_CUMULATIVE_GOAL,
    OVERFLOW_DEPTH,
)
from rules_py.views import View
from rules_py.widgets._blocks import (
    Block,
    bar_chart,
    facts,
    listing,
    odds_table,
    rolled,
    row_names,
    table,
    text,
)
from rules_py.widgets._fields import Flag, Number, Rows, Text
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.d10_0._character import CHECK_SOURCE
from rules_py.widgets.d10_0._common import (
    KIND,
    OVERFLOW,
    RESULT_NAMES,
    check_lines,
    die_name,
    difficulty,
    difficulty_field,
    difficulty_text,
    is_skill,
    rolled_check,
    score_field,
    signed_degree,
)

# --------------------------------------------------------------------------
# One check (Actions: Degrees and Difficulty, Degree Information, Overflow)
# --------------------------------------------------------------------------


def _band_text(band: d10_0.DegreeBand, skill: bool) -> str:
    """The degrees a name covers: ``"+20 to +29"``, ``"-6 or less"``, ``"0"``."""
    low, high = band.low, band.high
    if low is None:
        return f"{high:+d} or less"
    if high is None:
        return f"{low:+d} or more"
    if low == high:
        return signed_degree(low)
    return f"{signed_degree(low)} to {signed_degree(high)}"


def _outcomes_table(outcomes: Mapping[str, Fraction], what: str) -> Block:
    return odds_table(what, "Result", {RESULT_NAMES[k]: p for k, p in outcomes.items()})


def _check_show(values: Values) -> list[Block]:
    skill, overflow = is_skill(values), values["overflow"]
    score, target = values["score"], difficulty(values)
    die = die_name(skill)
    outcomes = d10_0.check_outcomes(score, target, skill, overflow)
    named = d10_0.named_degree_distribution(score, target, skill, overflow)
    bands = d10_0.degree_bands(skill)
    dist = d10_0.degree_distribution(score, target, skill, overflow)
    summary = (
        f"Score {score} on a {die}{' with overflow' if overflow else ''} against difficulty "
        f"{difficulty_text(target, skill)}: success {percent(outcomes['success'])}, "
        f"miss {percent(outcomes['miss'])}, failure {percent(outcomes['failure'])}."
    )
    blocks = [
        text(summary),
        _outcomes_table(outcomes, f"Score {score} against difficulty {target}"),
        table(
            "Named degrees (Degree Information)",
            ["Degree", "Degrees", "Chance"],
            ([band.name, _band_text(band, skill), percent(named[band.name])] for band in bands),
            titles=(["", "", str(named[band.name])] for band in bands),
        ),
        bar_chart(dist, f"degree of success, score {score} against {target} on a {die}", 1),
    ]
    if overflow:
        blocks.append(
            text(
                f"The chart follows each overflow chain for at most {OVERFLOW_DEPTH} re-rolls; "
                f"{percent(dist.beyond_cap, 6)} of checks would roll on past that (they are "
                "drawn where the cap stops them). The chances above are exact for the endless "
                "chain."
            )
        )
    return blocks


def _check_roll(values: Values, rng: random.Random) -> View:
    skill = is_skill(values)
    return rolled_check(values["score"], difficulty(values), skill, values["overflow"], rng)


SHEET_CHECK = Text(
    "sheet_check",
    "From my sheet: attribute or skill",
    "AG",
    max_length=40,
    printed=False,
    hint="An attribute (AG, or Agility) or any skill on the played character's sheet, "
    "branches too.",
    options=(
        *((a.abbreviation, a.name) for a in d10_0.ATTRIBUTES),
        *((root.name, "root skill") for root in d10_0.ROOT_SKILLS),
    ),
)


def _check_unused(values: Values) -> list[str]:
    return [] if values["use_sheet"] else ["sheet_check"]


CHECK = Widget(
    name="d10-0-check",
    title="Check",
    fields=(
        KIND,
        score_field(),
        difficulty_field(),
        OVERFLOW,
        Flag(
            "use_sheet",
            "Use my sheet",
            False,
            printed=False,
            hint="Take the check and its score from the character played in this browser.",
        ),
        SHEET_CHECK,
    ),
    show=_check_show,
    unused=_check_unused,
    roll=_check_roll,
    roll_label="Roll the check",
    source=CHECK_SOURCE,
)
"""The D10/0 System, Actions: a check's exact success, miss and failure, its named degrees."""


# --------------------------------------------------------------------------
# Conflicting effort (Actions, Conflicting Effort)
# --------------------------------------------------------------------------


def _conflict_show(values: Values) -> list[Block]:
    skill = is_skill(values)
    mine, theirs = values["score"], values["opponent"]
    odds = d10_0.conflict_outcomes(mine, theirs, skill)
    die = die_name(skill)
    return [
        text(
            f"Each side rolls a {die}: score {mine} against score {theirs}. The greater effort "
            f"wins ({percent(odds['win'])}), equal efforts tie, a miss for both "
            f"({percent(odds['tie'])}), and the smaller loses ({percent(odds['lose'])})."
        ),
        odds_table(
            f"Score {mine} against {theirs}",
            "Result",
            {"Win": odds["win"], "Tie (a miss for both)": odds["tie"], "Lose": odds["lose"]},
        ),
    ]


def _conflict_roll(values: Values, rng: random.Random) -> View:
    skill = is_skill(values)
    mine = d10_0.roll_check(values["score"], 0, skill, rng=rng)
    theirs = d10_0.roll_check(values["opponent"], 0, skill, rng=rng)
    lines = check_lines(mine, "You") + check_lines(theirs, "Opponent")
    if mine.effort > theirs.effort:
        outcome = f"You win: effort {mine.effort} beats {theirs.effort}"
    elif mine.effort < theirs.effort:
        outcome = f"You lose: effort {mine.effort} is less than {theirs.effort}"
    else:
        outcome = f"A tie at effort {mine.effort}: a miss for both"
    return rolled(lines, outcome)


CONFLICT = Widget(
    name="d10-0-conflict",
    title="Conflicting effort",
    fields=(
        KIND,
        score_field("score", "Your score", 6),
        score_field("opponent", "Opponent's score", 5, "The score the other side checks against."),
    ),
    show=_conflict_show,
    roll=_conflict_roll,
    roll_label="Roll both checks",
)
"""The D10/0 System, Conflicting Effort: the chances to win, tie and lose."""


# --------------------------------------------------------------------------
# Cooperative effort (Actions, Cooperative Effort)
# --------------------------------------------------------------------------

HELPERS = Rows(
    "helpers",
    "Characters",
    (
        Text("name", "Name", "", max_length=40),
        score_field("score", "Score"),
    ),
    default=({"name": "Ash", "score": 5}, {"name": "Bryn", "score": 4}),
    min_rows=1,
    max_rows=MAX_COOPERATORS,
    row_label="character",
    hint="Each rolls their own check; the efforts add up against one difficulty.",
    new_row={"name": "", "score": 5},
)


def _cooperation_show(values: Values) -> list[Block]:
    skill = is_skill(values)
    scores = [row["score"] for row in values["helpers"]]
    target = difficulty(values)
    outcomes = d10_0.cooperation_outcomes(scores, target, skill)
    dist = d10_0.cooperation_distribution(scores, skill)
    names = row_names(values["helpers"], "Character")
    return [
        text(
            f"{listing(names)} each roll a {die_name(skill)} and add their efforts against "
            f"difficulty {difficulty_text(target, skill)}: success {percent(outcomes['success'])}, "
            f"miss {percent(outcomes['miss'])}, failure {percent(outcomes['failure'])}."
        ),
        facts([("Average total effort", decimal(dist.mean), str(dist.mean))]),
        _outcomes_table(outcomes, f"Total effort against difficulty {target}"),
        bar_chart(dist, "total effort", target + 1),
    ]


def _cooperation_roll(values: Values, rng: random.Random) -> View:
    skill = is_skill(values)
    target = difficulty(values)
    lines: list[dict[str, Any]] = []
    total = 0
    for name, row in zip(row_names(values["helpers"], "Character"), values["helpers"], strict=True):
        check = d10_0.roll_check(row["score"], 0, skill, rng=rng)
        lines += check_lines(check, name)
        total += check.effort
    degree = total - target
    verdict = "Success" if degree > 0 else "Miss" if degree == 0 else "Failure"
    return rolled(
        lines,
        f"{verdict}: total effort {total} against difficulty {target}, degree "
        f"{signed_degree(degree)}: {d10_0.degree_name(degree, skill)}",
    )


COOPERATION = Widget(
    name="d10-0-cooperation",
    title="Cooperative effort",
    fields=(KIND, HELPERS, difficulty_field()),
    show=_cooperation_show,
    roll=_cooperation_roll,
    roll_label="Roll for everyone",
)
"""The D10/0 System, Cooperative Effort: direct cooperation, the efforts added up."""


# --------------------------------------------------------------------------
# Cumulative effort (Actions, Cumulative Effort)
# --------------------------------------------------------------------------


def _cumulative_show(values: Values) -> list[Block]:
    skill, losses = is_skill(values), values["losses"]
    score, goal, checks = values["score"], values["goal"], values["checks"]
    chances = d10_0.cumulative_chances(score, goal, checks, skill, losses)
    first = [chances[0], *(b - a for a, b in pairwise(chances))]
    summary = (
        f"Score {score} on a {die_name(skill)}, each check adding its effort "
        + ("(negative efforts subtract)" if losses else "(only positive efforts count)")
        + f" towards a goal of {goal}: {percent(chances[-1])} to reach it within "
        f"{checks} check{'s' if checks > 1 else ''}."
    )
    within = next((k for k, p in enumerate(chances, start=1) if p >= Fraction(1, 2)), None)
    items: list[tuple[str, str] | tuple[str, str, str]] = [
        (f"Within {checks} checks", percent(chances[-1]), str(chances[-1]))
    ]
    items.append(
        (
            "Even odds by",
            f"check {within}" if within else f"not within {checks} checks",
        )
    )
    return [
        text(summary),
        facts(items),
        table(
            f"Reaching {goal}",
            ["Checks", "Reached by then", "Reached at exactly this check"],
            (
                [str(k), percent(p), percent(q)]
                for k, (p, q) in enumerate(zip(chances, first, strict=True), start=1)
            ),
            titles=(["", str(p), str(q)] for p, q in zip(chances, first, strict=True)),
            hits=(
                p >= Fraction(1, 2) and (k == 0 or chances[k - 1] < Fraction(1, 2))
                for k, p in enumerate(chances)
            ),
        ),
    ]


def _cumulative_roll(values: Values, rng: random.Random) -> View:
    skill, losses = is_skill(values), values["losses"]
    goal = values["goal"]
    lines: list[dict[str, Any]] = []
    total = 0
    for k in range(1, values["checks"] + 1):
        check = d10_0.roll_check(values["score"], 0, skill, rng=rng)
        added = check.effort if losses or check.effort > 0 else 0
        total += added
        lines += check_lines(check, f"Check {k} (total {total})")
        if total >= goal:
            return rolled(
                lines,
                f"Goal reached: total {total} of {goal} after {k} check{'s' if k > 1 else ''}",
            )
    return rolled(lines, f"Not reached: total {total} of {goal} after {values['checks']} checks")


CUMULATIVE = Widget(
    name="d10-0-cumulative",
    title="Cumulative effort",
    fields=(
        KIND,
        score_field(),
        Number(
            "goal",
            "Goal",
            10,
            1,
            MAX_CUMULATIVE_GOAL,
            hint="The total effort that completes the task. Small goals (tension): 10 for an "
            "attribute check, 100 for a skill check; large ones (long projects): 100+ or 1000+.",
        ),
        Number(
            "checks",
            "Checks",
            5,
            1,
            MAX_CUMULATIVE_CHECKS,
            hint="How many checks there is time for.",
        ),
        Flag("losses", "Negative efforts subtract (failures set the task back)"),
    ),
    show=_cumulative_show,
    roll=_cumulative_roll,
    roll_label="Roll the checks",
)
"""The D10/0 System, Cumulative Effort: the chance of reaching a goal within n checks."""

WIDGETS: tuple[Widget, ...] = (CHECK, CONFLICT, COOPERATION, CUMULATIVE)
