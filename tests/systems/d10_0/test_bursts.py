"""The D10/0 System, Advanced Simulations: the four blocks, hits and per-shot damage."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py.systems.d10_0 import bursts as b
from rules_py.systems.d10_0 import damage as dm

THREE = b.block("Three Shot Burst")
X_SHOT = b.block("X Shot Burst")
SHOTGUN = b.block("Shotgun Blast")
PROTON = b.block("Proton Stream")

# The spreads as the blocks print them: (threshold, Amount), highest first.
THREE_SPREAD = ((10, 3), (0, 2), (-10, 1))
X_SHOT_SPREAD = ((50, 5), (25, 4), (10, 3), (0, 2), (-10, 1))  # each Amount times X


def threatening(spread: tuple[tuple[int, int], ...], degree: int, x: int = 1) -> int:
    """Attacks that threaten at a degree of success, read off a printed spread."""
    return next((amount * x for above, amount in spread if degree > above), 0)


def threatening_by_rule(blk: b.Block, degree: int, x: int = 1) -> int:
    """The same through the rules package: the step a degree lands on, then its Amount."""
    index = b.spread_step(blk, degree)
    return 0 if index is None else blk.steps[index].threatening(x)


def test_d10_0_the_four_blocks_as_printed() -> None:
    assert [blk.title for blk in b.BLOCKS] == [
        "Three Shot Burst",
        "X Shot Burst",
        "Shotgun Blast",
        "Proton Stream",
    ]
    assert [(s.above, s.amount) for s in THREE.steps] == [(-10, 1), (0, 2), (10, 3)]
    assert THREE.damage == "10 + 2D" and THREE.per_shot and THREE.ap_choices == (3,)
    assert [(s.above, s.amount_text()) for s in X_SHOT.steps] == [
        (-10, "1X"),
        (0, "2X"),
        (10, "3X"),
        (25, "4X"),
        (50, "5X"),
    ]
    assert X_SHOT.damage == "10" and X_SHOT.shots_per_x == 5
    assert [(s.above, s.damage) for s in SHOTGUN.steps] == [
        (-10, "5 + 1D"),
        (0, "10 + 2D"),
        (20, "15 + 3D"),
    ]
    assert PROTON.damage_by_ap == ((3, "5 + 2D"), (4, "5 + 3D"), (5, "5 + 4D"))
    assert [s.above for s in PROTON.steps] == [0]


def test_d10_0_x_shot_worked_example_9_of_15() -> None:
    # "a 3 + 3 AP Cost and ... a 11 positive effort": 9 (3 * 3) shots of 15 (3 * 5).
    assert b.ap_cost(X_SHOT, x=3) == 6
    assert b.shots_fired(X_SHOT, x=3) == 15
    assert threatening_by_rule(X_SHOT, 11, x=3) == 9


@pytest.mark.parametrize(
    ("degree", "three", "shotgun_step"),
    [
        (-11, 0, None),
        (-10, 0, None),
        (-9, 1, 0),
        (0, 1, 0),
        (1, 2, 1),
        (10, 2, 1),
        (11, 3, 1),
        (21, 3, 2),
    ],
)
def test_d10_0_spread_reads_the_highest_threshold_passed(
    degree: int, three: int, shotgun_step: int | None
) -> None:
    assert threatening_by_rule(THREE, degree) == threatening(THREE_SPREAD, degree) == three
    assert b.spread_step(SHOTGUN, degree) == shotgun_step


def test_d10_0_hits_distribution_matches_enumeration() -> None:
    score, difficulty = 50, 10
    expected: dict[int, Fraction] = {}
    for roll in range(100):
        n = threatening(X_SHOT_SPREAD, score - roll - difficulty, x=2)
        expected[n] = expected.get(n, Fraction(0)) + Fraction(1, 100)
    assert dict(b.hits_distribution(X_SHOT, score, difficulty, x=2)) == expected


def test_d10_0_three_shot_burst_damage_each_shot_with_armour() -> None:
    score, difficulty, chain = 30, 0, "-10F -2R"
    shot = dm.damage_distribution("10 + 2D", adjustments=chain)
    rolls_per_hits: dict[int, int] = {}
    for roll in range(100):
        n = threatening(THREE_SPREAD, score - roll - difficulty)
        rolls_per_hits[n] = rolls_per_hits.get(n, 0) + 1
    expected: dict[int, Fraction] = {}
    for n, rolls in rolls_per_hits.items():
        # every shot rolled and adjusted on its own
        for totals in product(shot.items(), repeat=n):
            value = sum(v for v, _ in totals)
            p = Fraction(rolls, 100)
            for _, q in totals:
                p *= q
            expected[value] = expected.get(value, Fraction(0)) + p
    got = b.block_damage_distribution(THREE, score, difficulty, adjustments=chain)
    assert dict(got) == expected


def test_d10_0_burst_shortcut_multiplies_one_adjusted_shot() -> None:
    got = b.block_damage_distribution(X_SHOT, 60, 0, x=3, adjustments="-2F", each_shot=False)
    # Flat 10 a shot, -2F each: 8 per hit. Steps > -10, > 0, > 10, > 25, > 50.
    assert dict(got) == {
        0: Fraction(30, 100),
        24: Fraction(10, 100),
        48: Fraction(10, 100),
        72: Fraction(15, 100),
        96: Fraction(25, 100),
        120: Fraction(10, 100),
    }
    assert got == b.block_damage_distribution(X_SHOT, 60, 0, x=3, adjustments="-2F")


def test_d10_0_shotgun_damage_goes_by_step_and_proton_by_ap() -> None:
    got = b.block_damage_distribution(SHOTGUN, 50, 0)
    chances = b.step_chances(SHOTGUN, 50, 0)
    expected = chances[0] * 0
    for index, notation in enumerate(("5 + 1D", "10 + 2D", "15 + 3D"), start=1):
        expected += chances[index] * dm.damage_distribution(notation).mean
    assert got.mean == expected
    for ap, dice in ((3, 2), (4, 3), (5, 4)):
        stream = b.block_damage_distribution(PROTON, 50, 0, ap=ap)
        hit = Fraction(50, 100)  # effort above 0: rolls 00-49
        assert stream.mean == hit * (5 + dice * Fraction(55, 10))


def test_d10_0_block_refusals_name_the_rule() -> None:
    with pytest.raises(ValueError, match="needs X"):
        b.hits_distribution(X_SHOT, 50, 0)
    with pytest.raises(ValueError, match="3, 4 or 5 AP"):
        b.block_damage_distribution(PROTON, 50, 0, ap=6)
    with pytest.raises(ValueError, match="no X"):
        b.hits_distribution(THREE, 50, 0, x=2)
    with pytest.raises(ValueError, match="Advanced Simulations"):
        b.block("Laser")


@settings(deadline=None)  # exact sums, not timings: speed lives in benchmarks
@given(st.integers(0, 120), st.integers(-40, 60), st.integers(1, 6), st.booleans())
def test_d10_0_hits_probabilities_sum_to_one(
    score: int, difficulty: int, x: int, overflow: bool
) -> None:
    dist = b.hits_distribution(X_SHOT, score, difficulty, x=x, overflow=overflow)
    assert sum(dist.values()) == 1
    assert set(dist) <= {0, x, 2 * x, 3 * x, 4 * x, 5 * x}
