"""Tests for rules_py.systems.peupfudge.actions (2 Actions, Opposed Actions)
against the numbers printed in Peupfudge (2022-08-19)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.systems import peupfudge as pf

# --------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------


def test_peupfudge_meeting_the_difficulty_exactly_succeeds() -> None:
    assert pf.action_succeeds(4, 0, 0, 4)
    assert not pf.action_succeeds(4, 0, -1, 4)
    assert pf.relative_performance(4, 0, 0, 4) == 0
    with pytest.raises(ValueError, match="roll"):
        pf.action_succeeds(4, 0, 0.5, 4)  # type: ignore[arg-type]


def test_peupfudge_module_does_not_import_icepool() -> None:
    import subprocess
    import sys

    code = (
        "import sys; import rules_py.systems.peupfudge as m; "
        "m.opposed_outcomes([1, 2]); m.probability_reference(); "
        "print('icepool' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "False"


def test_peupfudge_action_outcomes_and_relative_performance() -> None:
    out = pf.action_outcomes(0, 0, 0)
    assert out == {"success": Fraction(50, 81), "failure": Fraction(31, 81)}
    dist = pf.relative_performance_distribution(6, -1, 7)
    assert min(dist) == -6 and max(dist) == 2
    assert sum(p for v, p in dist.items() if v >= 0) == pf.action_outcomes(6, -1, 7)["success"]
    assert sum(dist.values()) == 1
    with pytest.raises(ValueError, match="fudge dice"):
        pf.action_outcomes(0, 0, 0, dice=0)


@given(st.integers(-10, 10), st.integers(-5, 5), st.integers(-10, 10), st.integers(1, 9))
def test_peupfudge_success_matches_icepool(level: int, extra: int, diff: int, dice: int) -> None:
    import icepool

    r = dice @ icepool.Die([-1, 0, 1])
    expected = (r + level + extra).probability(">=", diff)
    assert pf.action_outcomes(level, extra, diff, dice)["success"] == expected


# --------------------------------------------------------------------------
# Opposed actions
# --------------------------------------------------------------------------


def test_peupfudge_opposed_symmetric_even_match() -> None:
    vs = pf.opposed_vs(4, 4)
    assert vs["win"] == vs["lose"]
    assert vs["win"] + vs["tie"] + vs["lose"] == 1
    # 3dF vs 3dF tie: sum of squared probabilities of 3dF.
    assert vs["tie"] == sum(p * p for p in pf.fudge_distribution(3).values())


@given(st.lists(st.integers(-6, 6), min_size=2, max_size=4), st.integers(1, 3))
def test_peupfudge_opposed_matches_brute_force(totals: list[int], dice: int) -> None:
    import itertools

    roll = pf.fudge_distribution(dice)
    alone = [Fraction(0)] * len(totals)
    tie = Fraction(0)
    for combo in itertools.product(roll.items(), repeat=len(totals)):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        results = [base + r for base, (r, _) in zip(totals, combo, strict=True)]
        top = pf.opposed_top(results)
        if top is None:
            tie += p
        else:
            alone[top] += p
    out = pf.opposed_outcomes(totals, dice)
    assert out.alone_on_top == tuple(alone)
    assert out.tie == tie


def test_peupfudge_opposed_validation() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        pf.opposed_outcomes([3])
    with pytest.raises(ValueError, match="fudge dice"):
        pf.opposed_vs(1, 2, dice=12)
