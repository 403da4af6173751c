"""Pieces the Peupfudge widgets share: the L, A, D and dice fields, a sum as the source
writes it, and a rolled action."""

from __future__ import annotations

import random

from rules_py._format import signed
from rules_py.systems.peupfudge import MAX_DICE, MIN_DICE
from rules_py.systems.peupfudge.actions import action_succeeds, relative_performance
from rules_py.views import View
from rules_py.widgets._blocks import roll_line, rolled
from rules_py.widgets._fields import Number

LEVEL_LIMIT = 100
"""Largest L, A or D (either sign) the forms take: a tool limit, the source sets none."""


def sum_text(first: int, *terms: int) -> str:
    """``6, -1, 3`` -> ``"6 - 1 + 3"``: a sum written as the source writes it."""
    out = str(first)
    for term in terms:
        out += f" - {-term}" if term < 0 else f" + {term}"
    return out


def dice_field(default: int, label: str, *, printed: bool = True) -> Number:
    return Number(
        "dice",
        label,
        default,
        MIN_DICE,
        MAX_DICE,
        hint=f"R is the total of this many Fudge dice ({MIN_DICE} to {MAX_DICE})",
        printed=printed,
    )


def level_field(
    name: str, label: str, default: int, hint: str = "", *, printed: bool = True
) -> Number:
    return Number(name, label, default, -LEVEL_LIMIT, LEVEL_LIMIT, hint=hint, printed=printed)


def action_rolled(level: int, extra: int, difficulty: int, dice: int, rng: random.Random) -> View:
    """Roll R = NdF and judge L + A + R ≥ D, with the relative performance L + A + R − D
    (Peupfudge, 2 Actions): the action roller's roll and a sheet row's check alike."""
    line, result = roll_line("R", f"{dice}dF", rng)
    roll = result.total
    total = level + extra + roll
    performance = relative_performance(level, extra, roll, difficulty)
    verdict = "Success" if action_succeeds(level, extra, roll, difficulty) else "Failure"
    compare = "≥" if total >= difficulty else "<"
    outcome = (
        f"{verdict}: L + A + R = {sum_text(level, extra, roll)} = {total} "
        f"{compare} D = {difficulty}; "
        f"relative performance {signed(performance)}"
    )
    return rolled([line], outcome)
