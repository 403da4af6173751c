"""Peupfudge's worked examples (Appendix C) against rules_py.systems.peupfudge, as the draft
of 2022-08-19 prints them."""

from __future__ import annotations

from fractions import Fraction

from rules_py.systems import peupfudge as pf

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
