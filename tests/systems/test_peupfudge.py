"""Tests for rules_py.systems.peupfudge against the numbers printed in Peupfudge (2022-08-19)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.systems import peupfudge as pf
from tests.sources import PEUPFUDGE_PROBABILITY_REFERENCE

# Appendix D Probability Reference, transcribed from the source: P(NdF >= D).
SOURCE_DIFFICULTIES = (-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5)
SOURCE_PROBABILITY_REFERENCE = PEUPFUDGE_PROBABILITY_REFERENCE

# Appendix A Reference Sheet: n, P(4dF >= n) as printed.
SOURCE_SHEET_4DF = (
    (-3, ".99"),
    (-2, ".94"),
    (-1, ".81"),
    (0, ".62"),
    (1, ".38"),
    (2, ".19"),
    (3, ".06"),
    (4, ".01"),
)

# Section 1.1 / Appendix A level table.
SOURCE_LEVELS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
SOURCE_XP_COST = (0, 1, 2, 4, 8, 16, 32, 64, 128, 256)
SOURCE_TOTAL_XP = (0, 1, 3, 7, 15, 31, 63, 127, 255, 511)


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


# --------------------------------------------------------------------------
# Probability reference (Appendix D) and reference sheet (Appendix A)
# --------------------------------------------------------------------------


def test_peupfudge_probability_reference_matches_source() -> None:
    table = pf.probability_reference(range(1, 10), range(-5, 6))
    assert table.dice == tuple(range(1, 10))
    assert table.difficulties == SOURCE_DIFFICULTIES
    printed = table.rounded(2)
    for i, n in enumerate(table.dice):
        assert printed[i] == tuple(SOURCE_PROBABILITY_REFERENCE[n].split()), f"{n}dF row"


def test_peupfudge_probability_reference_measures_ndf_at_least_d() -> None:
    table = pf.probability_reference()
    # Exact values behind a few printed cells: P(NdF >= D).
    assert table.probability(4, 4) == Fraction(1, 81)
    assert table.probability(4, -3) == Fraction(80, 81)
    assert table.probability(1, 0) == Fraction(2, 3)
    assert table.probability(1, 2) == 0
    assert table.probability(3, 3) == Fraction(1, 27)
    # 1.00 is rounded, not certain: 7dF can fall below -5.
    assert table.probability(7, -5) == 1 - Fraction(8, 3**7)
    # Not P(NdF > D): that would print 0.33 for 1dF >= 0.
    assert pf.format_probability(table.probability(1, 0)) == "0.67"
    with pytest.raises(ValueError):
        table.probability(10, 0)


def test_peupfudge_reference_sheet_4df_matches_source() -> None:
    sheet = pf.reference_sheet()
    assert tuple(n for n, _ in sheet) == tuple(n for n, _ in SOURCE_SHEET_4DF)
    printed = tuple((n, pf.format_probability(p, leading_zero=False)) for n, p in sheet)
    assert printed == SOURCE_SHEET_4DF


def test_peupfudge_format_probability_rounds_half_up() -> None:
    assert pf.format_probability(Fraction(1, 200)) == "0.01"
    assert pf.format_probability(Fraction(1, 201)) == "0.00"
    assert pf.format_probability(Fraction(1)) == "1.00"
    assert pf.format_probability(Fraction(50, 81), leading_zero=False) == ".62"
    with pytest.raises(ValueError):
        pf.format_probability(Fraction(3, 2))


# --------------------------------------------------------------------------
# Abilities and XP (section 1.1)
# --------------------------------------------------------------------------


def test_peupfudge_level_table_matches_source() -> None:
    rows = pf.xp_table(SOURCE_LEVELS)
    assert tuple(r.level for r in rows) == SOURCE_LEVELS
    assert tuple(r.xp_cost for r in rows) == SOURCE_XP_COST
    assert tuple(r.total_xp for r in rows) == SOURCE_TOTAL_XP


def test_peupfudge_level_cost_is_two_to_the_current_level() -> None:
    assert [pf.level_cost(lv) for lv in range(10)] == [2**lv for lv in range(10)]
    assert pf.level_cost(0) == 1
    assert pf.level_cost(6) == 64  # Example 1: 64 XP to go from 6 to 7
    assert pf.level_cost(7) == 2**7  # Example 5: the ant
    with pytest.raises(ValueError, match="0 or more"):
        pf.level_cost(-1)


@given(st.integers(min_value=0, max_value=40))
def test_peupfudge_totals_are_sums_of_costs(level: int) -> None:
    assert pf.total_xp(level) == sum(pf.level_cost(lv) for lv in range(level))
    assert pf.level_for_total_xp(pf.total_xp(level)) == pf.Allocation(
        level, 0, pf.level_cost(level)
    )


@given(
    st.integers(min_value=0, max_value=12),
    st.integers(min_value=0, max_value=5000),
    st.integers(min_value=0, max_value=5000),
)
def test_peupfudge_allocation_is_additive(level: int, first: int, second: int) -> None:
    once = pf.allocate_xp(first + second, level)
    partial = pf.allocate_xp(first, level)
    twice = pf.allocate_xp(second, partial.level, partial.progress)
    assert once == twice
    assert 0 <= once.progress < once.next_cost == 2**once.level
    assert once.spent == pf.total_xp(level) + first + second


def test_peupfudge_allocation_validation() -> None:
    with pytest.raises(ValueError, match="spent"):
        pf.allocate_xp(-1)
    with pytest.raises(ValueError, match=r"^Progress must be from 0 to 3 at level 2, got 4"):
        pf.allocate_xp(1, level=2, progress=4)
    with pytest.raises(ValueError, match=r"^Progress must be from 0 to 3 at level 2, got -1"):
        pf.allocate_xp(1, level=2, progress=-1)
    with pytest.raises(ValueError, match="level"):
        pf.allocate_xp(1, level=-1)


def test_peupfudge_allocation_notation() -> None:
    assert str(pf.Allocation(4, 11, 16)) == "4 (+11/16)"
    assert str(pf.Allocation(5, 0, 32)) == "5"


# --------------------------------------------------------------------------
# Intrinsic aptitude
# --------------------------------------------------------------------------


def test_peupfudge_level_modifier_uses_unmodified_level_for_cost() -> None:
    hobbit = pf.ModifiedLevel(3, -1)
    assert hobbit.modified == 2
    assert str(hobbit) == "3 - 1 = 2"
    assert hobbit.next_cost == 8
    assert not hobbit.is_standard
    assert pf.ModifiedLevel(3).is_standard
    assert pf.modified_level(3, 2) == 5
    with pytest.raises(ValueError):
        pf.ModifiedLevel(-1, 0)


def test_peupfudge_xp_bonus_advances_as_usual() -> None:
    assert pf.apply_xp_bonus(7, 4, 4) == pf.allocate_xp(7, 4, 4)
    with pytest.raises(ValueError):
        pf.apply_xp_bonus(-1)


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


# --------------------------------------------------------------------------
# Worked examples (Appendix C)
# --------------------------------------------------------------------------


def test_peupfudge_example_1_magical_bridge() -> None:
    # L = 6, A = -1, R = +3, D = 7 and 8 >= 7.
    assert 6 + -1 + 3 == 8
    assert pf.action_succeeds(6, -1, 3, 7)
    assert pf.relative_performance(6, -1, 3, 7) == 1
    assert pf.minimum_roll(6, -1, 7) == 2
    # 10 XP: 7 to Construction Magic (level 6, 22 of 64 XP) and 3 to Mycology (level 0).
    construction = pf.allocate_xp(7, level=6, progress=22)
    assert construction == pf.Allocation(level=6, progress=29, next_cost=64)
    mycology = pf.allocate_xp(3, level=0)
    assert mycology.level == 2 and mycology.progress == 0
    assert 7 + 3 == 10


def test_peupfudge_example_2_kotorikh_and_obazana_allocation() -> None:
    # Starting XP 50 each.
    kotorikh = {"Muscle": 0, "Charisma": 0, "Perception": 19, "Knowledge": 31}
    obazana = {"Muscle": 21, "Charisma": 13, "Perception": 7, "Knowledge": 9}
    assert sum(kotorikh.values()) == 50 and sum(obazana.values()) == 50

    k = {name: pf.level_for_total_xp(xp) for name, xp in kotorikh.items()}
    assert str(k["Muscle"]) == "0"
    assert str(k["Charisma"]) == "0"
    assert str(k["Perception"]) == "4 (+4/16)"  # before the property's bonus
    assert str(k["Knowledge"]) == "5"
    # "talented observer": +7 starting XP to Perception -> still 4, 11/16.
    perception = pf.apply_xp_bonus(7, k["Perception"].level, k["Perception"].progress)
    assert perception == pf.Allocation(4, 11, 16)
    assert str(perception) == "4 (+11/16)"
    # The character sheet's "+5" would not give the printed 11/16.
    assert pf.apply_xp_bonus(5, 4, 4) != pf.Allocation(4, 11, 16)

    o = {name: str(pf.level_for_total_xp(xp)) for name, xp in obazana.items()}
    assert o == {
        "Muscle": "4 (+6/16)",
        "Charisma": "3 (+6/8)",
        "Perception": "3",
        "Knowledge": "3 (+2/8)",
    }

    # Perception checks while sleeping: D = 3, both Tired (A = -1).
    assert 4 - 1 - 1 == 2 and not pf.action_succeeds(4, -1, -1, 3)  # Kotorikh, R = -1
    assert 3 - 1 + 0 == 2 and not pf.action_succeeds(3, -1, 0, 3)  # Obazana, R = 0


def test_peupfudge_example_3_archery() -> None:
    # A month of dedicated training = 2 XP, so a year = 24 XP, "a level of about 4".
    year = pf.level_for_total_xp(12 * 2)
    assert year.level == 4 and year.progress == 9
    # Archery level 2 corresponds to 3 XP = 1.5 months at 2 XP a month.
    assert pf.total_xp(2) == 3
    assert Fraction(pf.total_xp(2), 2) == Fraction(3, 2)
    # L = 2, D = 4: needs at least +2; about 1/5 with 4dF.
    assert pf.minimum_roll(2, 0, 4) == 2
    chance = pf.action_outcomes(2, 0, 4)["success"]
    assert chance == Fraction(5, 27)
    assert abs(chance - Fraction(1, 5)) < Fraction(1, 50)
    # R = -1 fails; relative performance 2 + 0 - 1 - 4 = -3.
    assert not pf.action_succeeds(2, 0, -1, 4)
    assert pf.relative_performance(2, 0, -1, 4) == -3


def test_peupfudge_example_4_race_for_the_marbles() -> None:
    # Gromanno 2 + 1 + 0, Nyrv 5 - 1 + 2, Polthova 8 + 0 - 3; 3dF each.
    results = [2 + 1 + 0, 5 - 1 + 2, 8 + 0 - 3]
    assert results == [3, 6, 5]
    assert pf.opposed_top(results) == 1  # Nyrv
    odds = pf.opposed_outcomes([2 + 1, 5 - 1, 8 + 0], dice=3)
    assert odds.dice == pf.DEFAULT_OPPOSED_DICE == 3
    assert sum(odds.alone_on_top) + odds.tie == 1
    assert odds.alone_on_top[2] > odds.alone_on_top[1] > odds.alone_on_top[0]
    assert odds.alone_on_top == (
        Fraction(23, 19683),
        Fraction(62, 6561),
        Fraction(18790, 19683),
    )


def test_peupfudge_example_5_arm_wrestling() -> None:
    hobbit = pf.ModifiedLevel(3, -1)
    cyborg_left = pf.ModifiedLevel(3, 2)
    cyborg_other = pf.ModifiedLevel(3, 0)
    ant = pf.ModifiedLevel(7, -50)
    assert (hobbit.modified, cyborg_left.modified, cyborg_other.modified) == (2, 5, 3)
    assert ant.modified == -43
    # Match 1 with 1dF: hobbit +1 -> 3, cyborg -1 -> 4; cyborg wins.
    assert [2 + 0 + 1, 5 + 0 - 1] == [3, 4]
    assert pf.opposed_top([3, 4]) == 1
    # Match 2: hobbit A = -1 rolls -1 -> 0; ant rolls +1 -> -42; hobbit wins.
    assert [2 - 1 - 1, -43 + 0 + 1] == [0, -42]
    assert pf.opposed_top([0, -42]) == 0
    assert pf.opposed_vs(2 - 1, -43, dice=1) == {
        "win": Fraction(1),
        "tie": Fraction(0),
        "lose": Fraction(0),
    }
    # Training: the hobbit's 9 XP at unmodified 3 -> 4 (+1/16), L = 4 - 1 = 3.
    new_hobbit, progress = hobbit.allocate(9)
    assert str(progress) == "4 (+1/16)"
    assert new_hobbit.modified == 3
    # The ant needs 2**7 XP and then has L = 8 - 50 = -42.
    assert ant.next_cost == 2**7 == 128
    new_ant, ant_progress = ant.allocate(128)
    assert new_ant == pf.ModifiedLevel(8, -50) and ant_progress.progress == 0
    assert new_ant.modified == -42
