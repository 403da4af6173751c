"""[2d6] Roleplaying System, checks: the sum grid, both charts, criticals, aim, take 7, aid, armour.

Expected values are counted here from the 36 (or, aiming, 1296) rolls of the
dice, or typed in from the source, never taken from the package's own tables.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.systems.two_d6 import checks as c

ROLLS = list(product(range(1, 7), repeat=2))
AIMED = list(product(ROLLS, repeat=2))


def brute(bonus: int, dc: int, aim: bool = False) -> Fraction:
    """Count the rolls that succeed: not snake eyes, and natural + bonus >= DC."""
    naturals = [max(sum(a), sum(b)) for a, b in AIMED] if aim else [sum(r) for r in ROLLS]
    hits = sum(1 for n in naturals if n != 2 and n + bonus >= dc)
    return Fraction(hits, len(naturals))


# --------------------------------------------------------------------------
# The sum grid and the chance of each natural
# --------------------------------------------------------------------------


def test_two_d6_sum_grid_is_the_sources_six_by_six_chart() -> None:
    # Typed in from the chart under "Character Creation": row a, column b.
    source = (
        (2, 3, 4, 5, 6, 7),
        (3, 4, 5, 6, 7, 8),
        (4, 5, 6, 7, 8, 9),
        (5, 6, 7, 8, 9, 10),
        (6, 7, 8, 9, 10, 11),
        (7, 8, 9, 10, 11, 12),
    )
    assert source == c.SUM_GRID


def test_two_d6_seven_is_one_in_six_and_twelve_one_in_thirty_six() -> None:
    naturals = c.natural_distribution()
    assert naturals[7] == Fraction(6, 36) == Fraction(1, 6)
    assert naturals[12] == Fraction(1, 36)
    assert naturals == {n: Fraction(sum(1 for r in ROLLS if sum(r) == n), 36) for n in range(2, 13)}
    assert sum(naturals.values()) == 1


def test_two_d6_aim_keeps_the_higher_of_two_rolls() -> None:
    aimed = c.natural_distribution(aim=True)
    for n in range(2, 13):
        count = sum(1 for a, b in AIMED if max(sum(a), sum(b)) == n)
        assert aimed[n] == Fraction(count, 1296)
    assert aimed[2] == Fraction(1, 1296)  # both rolls snake eyes
    assert c.cinematic_chance(aim=True) == Fraction(71, 1296)


# --------------------------------------------------------------------------
# The two charts of Running the Game, cell by cell
# --------------------------------------------------------------------------


def test_two_d6_roll_chart_every_cell() -> None:
    # The source's columns +0 ... +10, each listed for the naturals 2 ... 12.
    source_columns = {
        0: (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
        1: (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13),
        2: (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14),
        3: (5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
        4: (6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16),
        5: (7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17),
        6: (8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18),
        7: (9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19),
        8: (10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20),
        9: (11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21),
        10: (12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22),
    }
    assert tuple(source_columns) == c.ROLL_CHART_BONUSES
    assert len(c.ROLL_CHART) == 11
    for bonus, column in source_columns.items():
        assert tuple(row[bonus] for row in c.ROLL_CHART) == column


CF, E, A, D, VD, IM = "cannot fail", "easy", "average", "difficult", "very difficult", "impossible"

SOURCE_DIFFICULTY_CHART = {
    # DC: labels at +0, +2, +4, +6, +8, +10 (rebuilt from the scrambled extraction)
    7: (A, E, CF, CF, CF, CF),
    9: (D, A, E, CF, CF, CF),
    11: (VD, D, A, E, CF, CF),
    13: (IM, VD, D, A, E, CF),
    15: (IM, IM, VD, D, A, E),
    17: (IM, IM, IM, VD, D, A),
}


def test_two_d6_difficulty_chart_every_cell() -> None:
    assert c.DIFFICULTY_CHART_BONUSES == (0, 2, 4, 6, 8, 10)
    assert tuple(c.DCS.values()) == tuple(SOURCE_DIFFICULTY_CHART)
    for row, (dc, labels) in zip(c.DIFFICULTY_CHART, SOURCE_DIFFICULTY_CHART.items(), strict=True):
        assert row == labels, dc
        for bonus, name in zip(c.DIFFICULTY_CHART_BONUSES, labels, strict=True):
            assert c.label(bonus, dc) == name


def test_two_d6_six_named_dcs() -> None:
    assert dict(c.DCS) == {
        "Easy": 7,
        "Average": 9,
        "Difficult": 11,
        "Professional": 13,
        "Exceptional": 15,
        "Legendary": 17,
    }
    assert c.parse_dc("legendary") == 17
    assert c.parse_dc(" Professional ") == 13
    assert c.parse_dc("5") == 5
    assert c.dc_name(15) == "Exceptional"
    assert c.dc_name(8) is None


@pytest.mark.parametrize("text", ["hard", "1", "31", "-7", "7.5", ""])
def test_two_d6_bad_dcs_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"\[2d6\] Roleplaying System"):
        c.parse_dc(text)


@pytest.mark.parametrize(
    ("need", "name"),
    [
        (-8, CF),
        (2, CF),
        (3, CF),
        (4, E),
        (5, E),
        (6, A),
        (7, A),
        (8, D),
        (9, D),
        (10, VD),
        (11, VD),
        (12, VD),
        (13, IM),
        (20, IM),
    ],
)
def test_two_d6_label_bands_by_dc_minus_bonus(need: int, name: str) -> None:
    bonus = 10 if need < 2 else 0
    assert c.label(bonus, need + bonus) == name


# --------------------------------------------------------------------------
# Checks
# --------------------------------------------------------------------------


def test_two_d6_snake_eyes_fails_whatever_the_bonus() -> None:
    assert c.success_chance(10, 2) == Fraction(35, 36)
    assert c.check_outcomes(10, 7) == {"success": Fraction(35, 36), "failure": Fraction(1, 36)}
    assert not c.check_success(2, 10, 7)
    assert c.check_success(12, 0, 12)


def test_two_d6_death_save_is_dc_5() -> None:
    assert c.DEATH_SAVE_DC == 5
    assert c.success_chance(0, 5) == brute(0, 5) == Fraction(30, 36)


@pytest.mark.parametrize("bonus", range(0, 11))
@pytest.mark.parametrize("dc", [2, 5, 7, 9, 11, 13, 15, 17, 22, 23])
def test_two_d6_check_counts_every_roll(bonus: int, dc: int) -> None:
    assert c.success_chance(bonus, dc) == brute(bonus, dc)
    assert c.success_chance(bonus, dc, aim=True) == brute(bonus, dc, aim=True)


def test_two_d6_take_seven() -> None:
    assert c.success_chance(2, 9, take7=True) == 1
    assert c.success_chance(1, 9, take7=True) == 0
    assert c.cinematic_chance(take7=True) == 0
    with pytest.raises(ValueError, match="Taking 7"):
        c.success_chance(2, 9, aim=True, take7=True)
    with pytest.raises(ValueError, match="Taking 7"):
        c.check_odds(2, 17, aim=True, take7=True, armour="heavy")
    odds = c.check_odds(3, 11, take7=True, helpers=(2, 0))
    assert (odds.dc, odds.success) == (7, 1)  # everyone takes 7 against DC 7
    assert c.check_odds(3, 11, take7=True, helpers=(2,)).success == 1  # 10 and 9 against DC 9
    assert c.check_odds(3, 11, take7=True, helpers=(1,)).success == 0  # the helper's 8 misses


def test_two_d6_armour_steps_before_aid_as_the_aid_note_says() -> None:
    # docs/2d6/aid-and-take-7.md: Average in medium armour is DC 13; one helper brings it to 11.
    odds = c.check_odds(2, 9, helpers=(2,), armour="medium")
    assert (odds.dc, odds.alone, odds.success) == (11, brute(2, 13), brute(2, 11) ** 2)
    assert odds.warnings  # 25/324 helped against 27/324 alone: the aid is a loss
    assert c.check_odds(2, 13, helpers=(2, 2, 2), armour="heavy").dc is None


@pytest.mark.parametrize("bonus", [-1, 11, True])
def test_two_d6_bonus_is_zero_to_ten(bonus: int) -> None:
    with pytest.raises(ValueError, match="bonus"):
        c.success_chance(bonus, 9)


# --------------------------------------------------------------------------
# Aid and steps of DC
# --------------------------------------------------------------------------


def test_two_d6_aid_lowers_one_step_each_never_below_seven() -> None:
    assert c.aided_dc(13, 1) == 11
    assert c.aided_dc(13, 2) == 9
    assert c.aided_dc(13, 5) == 7
    assert c.aided_dc(8, 1) == 7
    assert c.aided_dc(5, 2) == 5  # already below Easy: not moved


def test_two_d6_aid_needs_everyone_to_succeed() -> None:
    odds = c.check_odds(2, 13, helpers=(3,))
    assert odds.dc == 11
    assert odds.success == brute(2, 11) * brute(3, 11)
    assert odds.alone == brute(2, 13)
    assert odds.warnings == ()


def test_two_d6_aid_that_lowers_the_chance_is_warned() -> None:
    odds = c.check_odds(2, 9, helpers=(0,))
    assert odds.success == brute(2, 7) * brute(0, 7) < brute(2, 9)
    assert odds.warnings and "Aiding Others" in odds.warnings[0]


def test_two_d6_statuses_move_dcs_between_easy_and_legendary() -> None:
    assert c.step_dc(11, 1) == 13
    assert c.step_dc(15, 3) == 17
    assert c.step_dc(9, -4) == 7
    assert c.step_dc(20, 1) == 20  # already past Legendary: not moved further


@pytest.mark.parametrize(
    ("armour", "dc", "stepped"),
    [
        ("none", 17, 17),
        ("light", 15, 17),
        ("light", 17, None),
        ("medium", 13, 17),
        ("medium", 15, None),
        ("heavy", 11, 17),
        ("heavy", 13, None),
        ("heavy", 7, 13),
    ],
)
def test_two_d6_armour_steps_agility_checks(armour: str, dc: int, stepped: int | None) -> None:
    assert c.armoured_dc(dc, armour) == stepped


def test_two_d6_armoured_acrobat_and_impossible_agility_tasks() -> None:
    assert c.armoured_dc(17, "light", armored_acrobat=True) == 17
    assert c.armoured_dc(13, "medium", armored_acrobat=True) == 17
    odds = c.check_odds(10, 15, armour="medium")
    assert odds.dc is None and odds.success == 0 and odds.label == "impossible"
    assert odds.cinematic == Fraction(1, 36)
    assert odds.warnings and "Armor" in odds.warnings[0]


# --------------------------------------------------------------------------
# Rolling
# --------------------------------------------------------------------------


def test_two_d6_roll_check_names_the_result() -> None:
    rolls = [c.roll_check(3, 9, aim=True, rng=random.Random(seed)) for seed in range(300)]
    for r in rolls:
        assert len(r.dice) == 2 and r.natural == max(sum(d) for d in r.dice)
        assert r.success == (r.natural != 2 and r.total >= 9)
        assert r.cinematic == (r.natural == 12)
        assert f"{r.natural} + 3 = {r.total} vs DC 9" in r.text
    assert any(r.cinematic and "cinematic" in r.text for r in rolls)
    snake = next(
        c.roll_check(10, 7, rng=random.Random(s))
        for s in range(2000)
        if c.roll_check(10, 7, rng=random.Random(s)).natural == 2
    )
    assert not snake.success and "snake eyes" in snake.text


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------


@given(st.integers(0, 10), st.integers(2, 30), st.booleans())
def test_two_d6_success_and_failure_add_to_one(bonus: int, dc: int, aim: bool) -> None:
    out = c.check_outcomes(bonus, dc, aim)
    assert sum(out.values()) == 1
    best = Fraction(1295, 1296) if aim else Fraction(35, 36)
    assert 0 <= out["success"] <= best


@given(st.integers(0, 9), st.integers(2, 30), st.booleans())
def test_two_d6_more_bonus_never_hurts(bonus: int, dc: int, aim: bool) -> None:
    assert c.success_chance(bonus + 1, dc, aim) >= c.success_chance(bonus, dc, aim)
    assert c.success_chance(bonus, dc, aim=True) >= c.success_chance(bonus, dc)


@given(st.integers(0, 10), st.integers(2, 30))
def test_two_d6_label_agrees_with_the_chance(bonus: int, dc: int) -> None:
    p = c.success_chance(bonus, dc)
    name = c.label(bonus, dc)
    assert (name == "impossible") == (p == 0)
    assert (name == "cannot fail") == (p == Fraction(35, 36))


@given(st.integers(0, 10), st.integers(7, 17), st.lists(st.integers(0, 10), max_size=4))
def test_two_d6_aid_is_the_product_of_everyones_chance(
    bonus: int, dc: int, helpers: list[int]
) -> None:
    odds = c.check_odds(bonus, dc, helpers=helpers)
    target = max(7, dc - 2 * len(helpers)) if helpers else dc
    assert odds.dc == target
    expected = brute(bonus, target)
    for h in helpers:
        expected *= brute(h, target)
    assert odds.success == expected
    assert bool(odds.warnings) == (expected < brute(bonus, dc))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Issue 16, item 25: the problem and the range first, the rule cited after.
        ("-3", r"^A DC must be from 2 to 30, got -3 \(\[2d6\] Roleplaying System, The Basics\)$"),
        ("31", r"^A DC must be from 2 to 30, got 31 \("),
        ("tough", r"^A DC must be a whole number from 2 to 30 or one of Easy \(7\), .*got 'tough'"),
    ],
)
def test_a_dc_out_of_range_leads_with_the_range(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        c.parse_dc(text)
