"""Peupfudge, 2 Actions: actions and opposed actions.

* 2 Actions -- success when ``L + A + R >= D`` with ``R = 4dF`` by default;
  relative performance is ``L + A + R - D`` (:func:`action_outcomes`,
  :func:`relative_performance_distribution`).
* 2 Opposed Actions -- each participant's ``L + A + R`` is compared,
  ``R = 3dF`` by default, equal totals are a tie (:func:`opposed_outcomes`,
  :func:`opposed_vs`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules_py.systems.peupfudge._common import check_int
from rules_py.systems.peupfudge.dice import at_least, fudge_distribution

DEFAULT_ACTION_DICE = 4
"""Default number of fudge dice for an action: R = 4dF (Peupfudge, 2 Actions)."""

DEFAULT_OPPOSED_DICE = 3
"""Default number of fudge dice for an opposed action: R = 3dF (Peupfudge, 2 Opposed Actions)."""


# --------------------------------------------------------------------------
# Actions (Peupfudge, 2 Actions)
# --------------------------------------------------------------------------


def action_succeeds(level: int, additional: int, roll: int, difficulty: int) -> bool:
    """An attempt succeeds when ``L + A + R >= D`` (Peupfudge, 2 Actions).

    That is, when the relative performance ``L + A + R - D`` is 0 or more.
    """
    return relative_performance(level, additional, roll, difficulty) >= 0


def relative_performance(level: int, additional: int, roll: int, difficulty: int) -> int:
    """Actual performance given all the information: ``L + A + R - D`` (Peupfudge, 2 Actions).

    Example 3: 2 + 0 - 1 - 4 = -3.
    """
    for name, value in (
        ("level", level),
        ("additional", additional),
        ("roll", roll),
        ("difficulty", difficulty),
    ):
        check_int(name, value)
    return level + additional + roll - difficulty


def minimum_roll(level: int, additional: int, difficulty: int) -> int:
    """Smallest R that succeeds: ``D - L - A`` (Peupfudge, 2 Actions; Example 3: +2)."""
    for name, value in (("level", level), ("additional", additional), ("difficulty", difficulty)):
        check_int(name, value)
    return difficulty - level - additional


def relative_performance_distribution(
    level: int, additional: int, difficulty: int, dice: int = DEFAULT_ACTION_DICE
) -> dict[int, Fraction]:
    """Exact distribution of ``L + A + R - D`` with ``R = NdF`` (Peupfudge, 2 Actions).

    The action succeeds exactly when this value is 0 or more.
    """
    shift = -minimum_roll(level, additional, difficulty)
    return {total + shift: p for total, p in fudge_distribution(dice).items()}


def success_chance(
    level: int, additional: int, difficulty: int, dice: int = DEFAULT_ACTION_DICE
) -> Fraction:
    """Exact chance that ``L + A + R >= D`` with ``R = NdF`` (Peupfudge, 2 Actions)."""
    return at_least(dice, minimum_roll(level, additional, difficulty))


def action_outcomes(
    level: int, additional: int, difficulty: int, dice: int = DEFAULT_ACTION_DICE
) -> dict[str, Fraction]:
    """Exact chances of ``"success"`` (``L + A + R >= D``) and ``"failure"`` (Peupfudge, 2 Actions).

    Example 3: L = 2, A = 0, D = 4 with 4dF gives success 5/27 ("about 1/5").
    """
    success = success_chance(level, additional, difficulty, dice)
    return {"success": success, "failure": 1 - success}


# --------------------------------------------------------------------------
# Opposed actions (Peupfudge, 2 Actions, Opposed Actions)
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class OpposedOutcomes:
    """Exact outcome chances of one opposed action (Peupfudge, 2 Opposed Actions).

    ``alone_on_top[i]``: participant ``i`` has the single highest ``L + A + R``.
    ``tied_on_top[i]``: participant ``i`` shares the highest total with someone.
    ``tie``: the highest total is shared, so nobody wins outright.
    """

    participants: tuple[int, ...]
    dice: int
    alone_on_top: tuple[Fraction, ...]
    tied_on_top: tuple[Fraction, ...]
    tie: Fraction


def _cdf_below(dist: dict[int, Fraction], value: int, *, inclusive: bool) -> Fraction:
    return sum(
        (p for t, p in dist.items() if t < value or (inclusive and t == value)),
        Fraction(0),
    )


def opposed_outcomes(
    participants: Sequence[int], dice: int = DEFAULT_OPPOSED_DICE
) -> OpposedOutcomes:
    """Chance each participant is alone on top, and of a tie for the top.

    Peupfudge, 2 Opposed Actions: each participant's ``L + A + R`` is compared
    (``participants`` holds each one's ``L + A``; everyone rolls ``R = NdF``,
    3dF by default); equal highest totals are a tie, not a success for anyone.
    """
    totals = _opposed_values(participants, "participants", " (L + A)")
    roll = fudge_distribution(dice)
    dists = [{r + base: p for r, p in roll.items()} for base in totals]
    alone: list[Fraction] = []
    tied: list[Fraction] = []
    for i, mine in enumerate(dists):
        p_alone = Fraction(0)
        p_tied = Fraction(0)
        others = [d for j, d in enumerate(dists) if j != i]
        for value, p in mine.items():
            below = Fraction(1)
            at_most = Fraction(1)
            for other in others:
                below *= _cdf_below(other, value, inclusive=False)
                at_most *= _cdf_below(other, value, inclusive=True)
            p_alone += p * below
            p_tied += p * (at_most - below)
        alone.append(p_alone)
        tied.append(p_tied)
    return OpposedOutcomes(
        participants=totals,
        dice=dice,
        alone_on_top=tuple(alone),
        tied_on_top=tuple(tied),
        tie=1 - sum(alone, Fraction(0)),
    )


def opposed_vs(
    total: int, opponent_total: int, dice: int = DEFAULT_OPPOSED_DICE
) -> dict[str, Fraction]:
    """Two-sided opposed action: chances to ``"win"``, ``"tie"`` and ``"lose"``.

    Peupfudge, 2 Opposed Actions. ``total`` and ``opponent_total`` are each
    side's ``L + A``; both roll ``NdF`` (3dF by default).
    """
    result = opposed_outcomes((total, opponent_total), dice)
    return {
        "win": result.alone_on_top[0],
        "tie": result.tie,
        "lose": result.alone_on_top[1],
    }


def _opposed_values(values: Sequence[int], name: str, meaning: str = "") -> tuple[int, ...]:
    """One whole number per participant, at least two of them (Peupfudge, 2 Opposed Actions)."""
    checked = tuple(values)
    if len(checked) < 2:
        raise ValueError(f"an opposed action needs at least 2 participants, got {len(checked)}")
    for i, value in enumerate(checked):
        check_int(f"{name}[{i}]{meaning}", value)
    return checked


def opposed_top(results: Sequence[int]) -> int | None:
    """Index of the participant alone on top of the rolled ``L + A + R`` totals, or None on a tie.

    Peupfudge, 2 Opposed Actions (Example 4: totals 3, 6, 5 -> index 1, Nyrv).
    """
    values = _opposed_values(results, "results")
    best = max(values)
    return values.index(best) if values.count(best) == 1 else None
