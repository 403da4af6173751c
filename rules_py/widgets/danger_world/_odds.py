"""Danger World odds: the exact chance of success under the best rerolls.

Every number comes from :func:`rules_py.systems.danger_world.success_chance`
(Danger World, Dice Mechanics: two reroll rounds, sets; the readings of issue
11); this module arranges it into blocks.
"""

from __future__ import annotations

from fractions import Fraction

from rules_py._format import percent
from rules_py.dice import Distribution
from rules_py.systems import danger_world as dw
from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import MAX_POOL
from rules_py.systems.danger_world.rerolls import ROUNDS
from rules_py.widgets._blocks import Block, bar_chart, table, text
from rules_py.widgets._fields import Choice, Number
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.danger_world._common import (
    DIFFICULTY,
    ROUND_NAMES,
    dice_word,
    difficulty_note,
    difficulty_words,
)

MAX_DICE = MAX_POOL
"""The largest pool the odds cover (the solver's limit, 24)."""
TABLE_DICE = range(2, 17)
"""The pools of the pre-rendered table: 2 to 16 dice."""


def highest_set(dice: int) -> Distribution:
    """The highest set a first roll of ``dice`` dice shows (0 for none), before any reroll.

    P(highest >= h) is the chance a roll with no rerolls succeeds at difficulty h.
    """
    at_least = {h: dw.success_chance(dice, h, 0) for h in dw.DIFFICULTIES}
    weights: dict[int, Fraction] = {0: 1 - at_least[min(at_least)]}
    for h, p in at_least.items():
        weights[h] = p - at_least.get(h + 1, Fraction(0))
    return Distribution.from_weights({h: w for h, w in weights.items() if w})


def _odds_show(values: Values) -> list[Block]:
    dice, threat, target = values["dice"], values["threat"], int(values["difficulty"])
    if dice + threat > MAX_POOL:
        raise ValueError(
            refusal(
                f"the tools roll at most {MAX_POOL} dice (got {dice} + {threat} threat)",
                "Danger World, Dice Mechanics",
            )
        )
    odds = dw.success_odds(dice)
    none, one, two = (dw.success_chance(dice, target, r) for r in range(ROUNDS + 1))
    needed = dw.effective_difficulty(target)
    threat_note = ""
    if threat == 1:
        threat_note = (
            " The threat die changes nothing here: it never makes a set and is not rerolled "
            "(it only adds botches)."
        )
    elif threat:
        threat_note = (
            f" The {dice_word(threat, 'threat')} change nothing here: they never make a set "
            "and are not rerolled (they only add botches)."
        )
    rows = [[f"{d}: {name}", *(percent(p) for p in odds[d])] for d, name in dw.DIFFICULTIES.items()]
    titles = [["", *(str(p) for p in odds[d])] for d in dw.DIFFICULTIES]
    note = difficulty_note(target)
    return [
        *([text(note)] if note else []),
        text(
            f"{dice_word(dice)} at difficulty {difficulty_words(target)}: "
            f"{percent(none)} with {ROUND_NAMES[0]}, {percent(one)} with {ROUND_NAMES[1]}, "
            f"{percent(two)} with {ROUND_NAMES[2]} played well.{threat_note}"
        ),
        table(
            f"Chance of success with {dice_word(dice)}, rerolls played well",
            ["Difficulty", "No rerolls", "One round", "Two rounds"],
            rows,
            titles=titles,
            hits=(d == needed for d in dw.DIFFICULTIES),
        ),
        bar_chart(
            highest_set(dice),
            f"the highest set a first roll of {dice_word(dice)} shows (0: no set)",
            target if needed is None else needed,
            axis="Highest set on the first roll (0: none)",
        ),
    ]


ODDS = Widget(
    name="danger-world-odds",
    title="Odds of success",
    fields=(
        Number(
            "dice",
            "Dice that can make sets",
            5,
            1,
            MAX_DICE,
            hint="Normal and danger dice: the two stats, bonus dice, less lost dice.",
        ),
        Number("threat", "Threat dice", 0, 0, MAX_DICE, hint="They never change the chance."),
        DIFFICULTY,
    ),
    show=_odds_show,
)
"""Danger World, Dice Mechanics: the exact chance of success by difficulty and rerolls."""


def _table_show(values: Values) -> list[Block]:
    rounds = int(values["rerolls"])
    rows, titles = [], []
    for dice in TABLE_DICE:
        chances = [dw.success_chance(dice, d, rounds) for d in dw.DIFFICULTIES]
        rows.append([str(dice), *(percent(p) for p in chances)])
        titles.append(["", *(str(p) for p in chances)])
    return [
        table(
            f"Chance of success by difficulty (2 minor to 6 monumental) with "
            f"{ROUND_NAMES[rounds]}" + (" played well" if rounds else ""),
            ["Dice", *(str(d) for d in dw.DIFFICULTIES)],
            rows,
            titles=titles,
        )
    ]


ODDS_TABLE = Widget(
    name="danger-world-odds-table",
    title="Odds table",
    fields=(
        Choice(
            "rerolls",
            "Reroll rounds",
            tuple((str(r), name.capitalize()) for r, name in enumerate(ROUND_NAMES)),
            str(ROUNDS),
        ),
    ),
    show=_table_show,
)
"""Danger World, Dice Mechanics: chances for pools of 2 to 16 dice at every difficulty."""

WIDGETS: tuple[Widget, ...] = (ODDS, ODDS_TABLE)
