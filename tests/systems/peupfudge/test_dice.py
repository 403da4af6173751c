"""Tests for rules_py.systems.peupfudge.dice (Introduction: fudge dice)
against the numbers printed in Peupfudge (2022-08-19)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_py.systems import peupfudge as pf

# --------------------------------------------------------------------------
# Dice
# --------------------------------------------------------------------------


def test_peupfudge_fudge_die_is_uniform_over_minus_one_zero_plus_one() -> None:
    assert pf.fudge_distribution(1) == {-1: Fraction(1, 3), 0: Fraction(1, 3), 1: Fraction(1, 3)}


def test_peupfudge_4df_counts() -> None:
    dist = pf.fudge_distribution(4)
    counts = {k: v * 81 for k, v in dist.items()}
    assert counts == {-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}
    assert all(isinstance(v, Fraction) for v in dist.values())


@pytest.mark.parametrize("dice", range(1, 10))
def test_peupfudge_fudge_distribution_matches_icepool(dice: int) -> None:
    import icepool

    die = dice @ icepool.Die([-1, 0, 1])
    expected = {int(k): Fraction(int(q), die.denominator()) for k, q in die.items()}
    assert pf.fudge_distribution(dice) == expected


@pytest.mark.parametrize("bad", [0, 10, -1, 2.0, True])
def test_peupfudge_dice_count_validated(bad: object) -> None:
    with pytest.raises(ValueError, match="fudge dice"):
        pf.fudge_distribution(bad)  # type: ignore[arg-type]
