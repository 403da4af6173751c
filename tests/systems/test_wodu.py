"""Tests for rules_py.systems.wodu against the numbers printed in the "2d10 WoDu Hack" draft."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import pairwise, permutations, product
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.systems import wodu

# --------------------------------------------------------------------------
# Source tables, transcribed as printed
# --------------------------------------------------------------------------

# ODDS COMPARISON, "2D10 +0 BONUS": target, percent chance to meet or beat it.
SOURCE_2D10_PLUS_0 = {
    2: "100.00", 3: "99.00", 4: "97.00", 5: "94.00", 6: "90.00", 7: "85.00", 8: "79.00",
    9: "72.00", 10: "64.00", 11: "55.00", 12: "45.00", 13: "36.00", 14: "28.00",
    15: "21.00", 16: "15.00", 17: "10.00", 18: "6.00", 19: "3.00", 20: "1.00",
}  # fmt: skip
# ODDS COMPARISON, 2D10 "+2".
SOURCE_2D10_PLUS_2 = {
    4: "100.00", 5: "99.00", 6: "97.00", 7: "94.00", 8: "90.00", 9: "85.00", 10: "79.00",
    11: "72.00", 12: "64.00", 13: "55.00", 14: "45.00", 15: "36.00", 16: "28.00",
    17: "21.00", 18: "15.00", 19: "10.00", 20: "6.00", 21: "3.00", 22: "1.00",
}  # fmt: skip
# ODDS COMPARISON, "D20 +0 BONUS".
SOURCE_D20_PLUS_0 = {
    1: "100.00", 2: "95.00", 3: "90.00", 4: "85.00", 5: "80.00", 6: "75.00", 7: "70.00",
    8: "65.00", 9: "60.00", 10: "55.00", 11: "50.00", 12: "45.00", 13: "40.00", 14: "35.00",
    15: "30.00", 16: "25.00", 17: "20.00", 18: "15.00", 19: "10.00", 20: "5.00",
}  # fmt: skip
# ODDS COMPARISON, D20 "+2" (the source prints the last value as "5.0").
SOURCE_D20_PLUS_2 = {
    3: "100.00", 4: "95.00", 5: "90.00", 6: "85.00", 7: "80.00", 8: "75.00", 9: "70.00",
    10: "65.00", 11: "60.00", 12: "55.00", 13: "50.00", 14: "45.00", 15: "40.00",
    16: "35.00", 17: "30.00", 18: "25.00", 19: "20.00", 20: "15.00", 21: "10.00", 22: "5.0",
}  # fmt: skip
# "1D6 ODDS": chance to roll at least each face.
SOURCE_1D6_ODDS = {1: "100.00", 2: "83.33", 3: "66.67", 4: "50.00", 5: "33.33", 6: "16.67"}
# "HIGHEST OF 2D6": chance that the higher die shows exactly each face.
SOURCE_HIGHEST_OF_2D6 = {1: "2.78", 2: "8.33", 3: "13.89", 4: "19.44", 5: "25.00", 6: "30.56"}

# ADVANCEMENT table, one tuple per level as printed:
# (level, ability ratings, total, special moves, moves, HP max, notes); "" = empty cell.
SOURCE_ADVANCEMENT = (
    (0, "Distribute 1, 0, 0, -1", 1, "—", "—", "5 +STR", "Gritty"),
    (1, "Distribute 2, 1, 1, -1", 3, "Start with 1 Special Move", 1, "11 +STR", "Action Hero"),
    (2, "+1 (max 3)", 4, "", "", "12 +STR", ""),
    (3, "", "", "+1 Special Move", 2, "13 + STR", ""),
    (4, "+1 (max 3)", 5, "", "", "14 + STR", ""),
    (5, "", "", "+1 Special Move", 3, "15 +STR", ""),
    (6, "+1 (max 4)", 6, "", "", "16 +STR", "Superhero"),
    (7, "", "", "+1 Special Move", 4, "17 +STR", ""),
    (8, "+1 (max 4)", 7, "", "", "18 +STR", ""),
    (9, "", "", "+1 Special or Advanced Move", 5, "19 +STR", ""),
    (10, "+1 (max 5)", 8, "", "", "20 +STR", ""),
    (11, "", "", "+1 Special or Advanced Move", 6, "21 +STR", "Beyond Super"),
    (12, "+1 (max 5)", 9, "", "", "22 +STR", ""),
    (13, "", "", "+1 Special or Advanced Move", 7, "23 + STR", ""),
    (14, "+1 (max 6)", 10, "", "", "24 +STR", ""),
    (15, "", "", "+1 Special or Advanced Move", 8, "25 +STR", ""),
)


def percent(p: Fraction, places: int = 2) -> str:
    return f"{float(p * 100):.{places}f}"


def brute_force_check(ability: int, background: bool) -> dict[int, Fraction]:
    """2d10 (or 3d10 keep highest two) + ability, by listing every roll."""
    dice = 3 if background else 2
    counts = Counter(
        sum(sorted(roll)[-2:]) + ability for roll in product(range(1, 11), repeat=dice)
    )
    total = 10**dice
    return {t: Fraction(c, total) for t, c in counts.items()}


# --------------------------------------------------------------------------
# Odds Comparison
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bonus", "table"), [(0, SOURCE_2D10_PLUS_0), (2, SOURCE_2D10_PLUS_2)], ids=["+0", "+2"]
)
def test_wodu_2d10_odds_comparison_matches_source_table(bonus: int, table: dict[int, str]) -> None:
    dist = wodu.check_roll_distribution(bonus)
    assert {t: percent(p) for t, p in wodu.at_least_table(dist).items()} == table


@pytest.mark.parametrize(
    ("bonus", "table"), [(0, SOURCE_D20_PLUS_0), (2, SOURCE_D20_PLUS_2)], ids=["+0", "+2"]
)
def test_wodu_d20_odds_comparison_matches_source_table(bonus: int, table: dict[int, str]) -> None:
    dist = wodu.d20_comparison_distribution(bonus)
    got = {t: percent(p) for t, p in wodu.at_least_table(dist).items()}
    assert got == {t: f"{float(v):.2f}" for t, v in table.items()}


def test_wodu_1d6_odds_match_source_table() -> None:
    dist = wodu.gm_initiative_distribution(0)
    assert {t: percent(p) for t, p in wodu.at_least_table(dist).items()} == SOURCE_1D6_ODDS


def test_wodu_highest_of_2d6_matches_source_table_and_mirrors_wr1() -> None:
    highest = Counter(max(a, b) for a, b in product(range(1, 7), repeat=2))
    assert {k: percent(Fraction(c, 36)) for k, c in highest.items()} == SOURCE_HIGHEST_OF_2D6
    # WR:1 (2d6 keep lowest) is the same table read from the other end.
    wr1 = wodu.damage_distribution(1)
    assert {7 - k: percent(p) for k, p in wr1.items()} == SOURCE_HIGHEST_OF_2D6


def test_wodu_odds_comparison_2d10_plus_2_is_the_plus_0_column_shifted_by_two() -> None:
    plus0 = wodu.at_least_table(wodu.check_roll_distribution(0))
    plus2 = wodu.at_least_table(wodu.check_roll_distribution(2))
    assert plus2 == {t + 2: p for t, p in plus0.items()}


# --------------------------------------------------------------------------
# Core Resolution
# --------------------------------------------------------------------------


def test_wodu_dr12_with_plus_two_matches_source_table() -> None:
    # 2d10+2 against DR:12 is 2d10 >= 10: 64.00 in the +0 column, at 12 in the +2 column.
    assert wodu.dr_outcomes(2, 12) == {"success": Fraction(64, 100), "failure": Fraction(36, 100)}
    assert percent(wodu.dr_outcomes(2, 12)["success"]) == SOURCE_2D10_PLUS_2[12]


@pytest.mark.parametrize(("name", "dr"), list(wodu.DIFFICULTY_RATINGS.items()))
def test_wodu_named_dr_with_plus_zero_matches_source_table(name: str, dr: int) -> None:
    success = wodu.dr_outcomes(0, dr)["success"]
    expected = {"Light": "72.00", "Risky": "45.00", "Hard": "21.00", "Extreme": "6.00"}
    assert percent(success) == expected.get(name, "0.00")


def test_wodu_difficulty_ladders_as_printed() -> None:
    assert dict(wodu.DIFFICULTY_RATINGS) == {
        "Light": 9, "Risky": 12, "Hard": 15, "Extreme": 18, "Mythic": 21,
    }  # fmt: skip
    assert dict(wodu.FUZZY_RANGES) == {
        "Risky": (9, 11), "Hard": (12, 14), "Extreme": (15, 17), "Mythic": (18, 20),
    }  # fmt: skip
    assert dict(wodu.ALTERNATE_DIFFICULTY_RATINGS) == {
        "Good": 12, "Strong": 16, "Extreme": 20, "Mythic": 24,
    }  # fmt: skip
    assert dict(wodu.ALTERNATE_FUZZY_RANGES) == {
        "Almost Good": (9, 11), "Almost Strong": (13, 15),
        "Almost Extreme": (17, 19), "Almost Mythic": (21, 23),
    }  # fmt: skip
    assert wodu.DEFAULT_DR == 12
    assert wodu.DEFAULT_FR == (12, 14)
    # Every fuzzy range spans three totals, and its strong success starts at the DR of its name.
    for name, (lo, hi) in wodu.FUZZY_RANGES.items():
        assert hi - lo == 2
        assert hi + 1 == wodu.DIFFICULTY_RATINGS[name]
    # Alternate ladder: each "Almost" range ends just below the DR it is named after.
    for name, (_, hi) in wodu.ALTERNATE_FUZZY_RANGES.items():
        assert hi + 1 == wodu.ALTERNATE_DIFFICULTY_RATINGS[name.removeprefix("Almost ")]


def test_wodu_default_fuzzy_range_example() -> None:
    # FR:12-14 at +0: 11 or less fails (55%), 12-14 weak (45 - 21 = 24%), 15+ strong (21%).
    assert wodu.fr_outcomes(0, 12, 14) == {
        "failure": Fraction(55, 100), "weak": Fraction(24, 100), "strong": Fraction(21, 100),
    }  # fmt: skip


def test_wodu_background_check_is_3d10_keep_highest_two() -> None:
    for ability in (-1, 0, 2, 6):
        assert wodu.check_roll_distribution(ability, True) == brute_force_check(ability, True)
        assert wodu.check_roll_distribution(ability) == brute_force_check(ability, False)
    # Getaway Driver example, 3d10k2 + DEX with DEX 2 against the default DR:12.
    assert wodu.dr_outcomes(2, 12, background=True)["success"] == Fraction(846, 1000)


@given(st.integers(-1, 6), st.booleans(), st.integers(-5, 35))
def test_wodu_fuzzy_range_agrees_with_difficulty_ratings(
    ability: int, background: bool, lo: int
) -> None:
    fr = wodu.fr_outcomes(ability, lo, lo + 2, background)
    assert sum(fr.values()) == 1
    assert fr["failure"] == wodu.dr_outcomes(ability, lo, background)["failure"]
    assert fr["strong"] == wodu.dr_outcomes(ability, lo + 3, background)["success"]
    assert all(p >= 0 for p in fr.values())


@given(st.integers(-1, 6), st.booleans())
def test_wodu_check_distribution_is_exact_and_sums_to_one(ability: int, background: bool) -> None:
    dist = wodu.check_roll_distribution(ability, background)
    assert sum(dist.values()) == 1
    assert all(isinstance(p, Fraction) for p in dist.values())
    assert min(dist) == 2 + ability
    assert max(dist) == 20 + ability


@pytest.mark.parametrize("ability", [-2, 7, True, 1.0, "2"])
def test_wodu_check_rejects_ratings_outside_minus_one_to_six(ability: object) -> None:
    with pytest.raises(ValueError, match="2d10 WoDu Hack, Ability Ratings"):
        wodu.check_roll_distribution(ability)  # type: ignore[arg-type]


@pytest.mark.parametrize(("lo", "hi"), [(12, 15), (12, 12), (14, 12)])
def test_wodu_fuzzy_range_must_span_three_totals(lo: int, hi: int) -> None:
    with pytest.raises(ValueError, match="fuzzy range spans three totals"):
        wodu.fr_outcomes(0, lo, hi)


def test_wodu_dr_must_be_a_whole_number() -> None:
    with pytest.raises(
        ValueError, match=r"^The difficulty rating \(DR\) .* \(2d10 WoDu Hack, Core Resolution\)$"
    ):
        wodu.dr_outcomes(0, 12.5)  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# Abilities and character generation
# --------------------------------------------------------------------------


def test_wodu_four_abilities_in_source_order() -> None:
    assert wodu.ABILITY_NAMES == ("STR", "DEX", "WIT", "CHA")
    assert [a.name for a in wodu.ABILITIES] == ["Strength", "Dexterity", "Wits", "Charisma"]
    assert wodu.ABILITIES[2].covers == "Learning, Logic, Sensory Perception"


def test_wodu_starting_ratings() -> None:
    assert wodu.STANDARD_STARTING_RATINGS == (2, 1, 1, -1)
    assert wodu.GRITTY_STARTING_RATINGS == (1, 0, 0, -1)
    assert dict(wodu.STARTING_LEVEL) == {"standard": 1, "gritty": 0}


@pytest.mark.parametrize(
    ("level", "strength", "hp"),
    [(0, 1, 6), (0, -1, 4), (1, 2, 13), (1, 0, 11), (2, 2, 14), (10, 3, 23), (15, 6, 31)],
)
def test_wodu_max_hp(level: int, strength: int, hp: int) -> None:
    assert wodu.max_hp(level, strength) == hp


def test_wodu_max_hp_is_level_plus_ten_plus_str_from_level_one() -> None:
    for level in range(1, 16):
        for strength in range(-1, 7):
            assert wodu.max_hp(level, strength) == level + 10 + strength
    # Level 0 is the exception the source sets: 5 + STR, not 10 + STR.
    assert wodu.max_hp(0, 0) == 5


@pytest.mark.parametrize(("level", "strength"), [(-1, 0), (16, 0), (1, 7), (1, -2)])
def test_wodu_max_hp_rejects_out_of_range(level: int, strength: int) -> None:
    with pytest.raises(ValueError, match="2d10 WoDu Hack"):
        wodu.max_hp(level, strength)


# --------------------------------------------------------------------------
# Advancement
# --------------------------------------------------------------------------


@pytest.mark.parametrize("source_row", SOURCE_ADVANCEMENT, ids=lambda r: f"level-{r[0]}")
def test_wodu_advancement_row_matches_source(source_row: tuple[object, ...]) -> None:
    level, ratings, total, special, moves, hp, note = source_row
    assert isinstance(level, int)
    row = wodu.ADVANCEMENT[level]
    assert row.level == level
    assert row.ability_ratings == ratings
    assert row.special_moves == special
    assert row.note == note
    assert row.hp_max_text.replace(" ", "") == str(hp).replace(" ", "")
    if level == 0:
        # The source prints 1, but its own array 1, 0, 0, -1 adds up to 0.
        assert total == wodu.SOURCE_LEVEL_0_TOTAL == 1
        assert row.ability_total == sum(wodu.GRITTY_STARTING_RATINGS) == 0
    elif total != "":
        assert row.ability_total == total
    if moves == "—":
        assert row.moves == 0
    elif moves != "":
        assert row.moves == moves


def test_wodu_advancement_derived_columns() -> None:
    table = wodu.ADVANCEMENT
    assert [r.level for r in table] == list(range(16))
    for prev, row in pairwise(table[1:]):
        # Even levels raise a rating, odd levels add a move; never both.
        assert row.ability_increase == (row.level % 2 == 0)
        assert row.ability_total == prev.ability_total + row.ability_increase
        assert row.moves == prev.moves + (not row.ability_increase)
        assert row.hp_base == prev.hp_base + 1
        assert row.ability_cap >= prev.ability_cap
    assert [r.ability_cap for r in table] == [1, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6]
    assert [r.ability_total for r in table] == [0, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]
    assert [r.moves for r in table] == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]
    assert [r.level for r in table if r.advanced_move_allowed] == [9, 11, 13, 15]
    assert table[-1].ability_cap == wodu.MAX_ABILITY


def test_wodu_tiers() -> None:
    tiers = [wodu.tier_for_level(n) for n in range(16)]
    assert tiers == ["Gritty"] + ["Action Hero"] * 5 + ["Superhero"] * 5 + ["Beyond Super"] * 5
    assert wodu.ADVANCEMENT[7].tier == "Superhero"


def test_wodu_xp_costs() -> None:
    assert [wodu.xp_to_next_level(n, "fast") for n in range(15)] == [10] * 15
    assert [wodu.xp_to_next_level(n, "slow") for n in range(15)] == [15] * 15
    with pytest.raises(ValueError, match="Level 15 is the highest level"):
        wodu.xp_to_next_level(15, "fast")
    with pytest.raises(ValueError, match='"fast" or "slow"'):
        wodu.xp_to_next_level(3, "medium")  # type: ignore[arg-type]
    assert wodu.xp_between_levels(1, 10, "fast") == 90
    assert wodu.xp_between_levels(0, 15, "slow") == 225


def test_wodu_session_estimates_of_the_source() -> None:
    # "about 20-25 sessions" fast and "about 35-40" slow to reach 10th level at 4 XP a session.
    fast = wodu.estimated_sessions(1, 10, "fast")
    assert fast == Fraction(45, 2)
    assert 20 <= fast <= 25
    assert 20 <= wodu.estimated_sessions(0, 10, "fast") <= 25
    assert 35 <= wodu.estimated_sessions(0, 10, "slow") <= 40
    # From Level 1 the slow pace gives 33.75, a little under the source's "about 35-40".
    assert wodu.estimated_sessions(1, 10, "slow") == Fraction(135, 4)


def test_wodu_xp_awards() -> None:
    assert wodu.GROUP_XP_PER_SESSION == (1, 4)
    assert wodu.INDIVIDUAL_XP_PER_SESSION == (0, 2)
    assert wodu.CHAPTER_BONUS_XP == (1, 4)


# --------------------------------------------------------------------------
# Character sheet validation
# --------------------------------------------------------------------------


def sheet(values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(wodu.ABILITY_NAMES, values, strict=True))


def test_wodu_valid_starting_sheets() -> None:
    assert wodu.validate_sheet(1, "standard", sheet((1, 2, -1, 1)), hp_max=12, moves=1) == []
    assert wodu.validate_sheet(0, "gritty", sheet((0, 1, -1, 0)), hp_max=5, moves=0) == []
    assert wodu.validate_sheet(1, "gritty", sheet((2, 1, 1, -1)), hp_max=13) == []
    assert wodu.validate_sheet(15, "standard", sheet((6, 3, 2, -1)), hp_max=31, moves=8) == []
    assert wodu.validate_sheet(1, "standard", {"str": 2, "Dex": 1, "WIT": 1, "cha": -1}) == []


def test_wodu_sheet_standard_character_cannot_be_level_zero() -> None:
    problems = wodu.validate_sheet(0, "standard", sheet((1, 0, 0, -1)))
    assert problems == [
        "Standard characters start at Level 1; only gritty characters play at Level 0 "
        "(2d10 WoDu Hack, Character Generation)"
    ]


def test_wodu_sheet_messages() -> None:
    assert wodu.validate_sheet(1, "standard", sheet((2, 2, 0, -1))) == [
        "At Level 1 the ratings are 2, 1, 1, -1 in any order (got 2, 2, 0, -1) "
        "(2d10 WoDu Hack, Character Generation)"
    ]
    assert wodu.validate_sheet(0, "gritty", sheet((2, 1, 1, -1))) == [
        "STR must be at most +1 at Level 0, got +2 (2d10 WoDu Hack, Advancement)"
    ]
    assert wodu.validate_sheet(4, "standard", sheet((4, 1, 1, -1))) == [
        "STR must be at most +3 at Level 4, got +4 (2d10 WoDu Hack, Advancement)"
    ]
    assert wodu.validate_sheet(4, "standard", sheet((3, 2, 2, -1))) == [
        "At Level 4 the ratings add up to 5 (2, 1, 1, -1 plus 2 increases of +1), not 6 "
        "(2d10 WoDu Hack, Advancement)"
    ]
    assert wodu.validate_sheet(2, "standard", sheet((3, 3, -1, -1))) == [
        "3, 3, -1, -1 cannot be reached from 2, 1, 1, -1 "
        "by adding +1 to one rating at each ability increase without passing "
        "that level's maximum (2d10 WoDu Hack, Advancement)"
    ]
    assert wodu.validate_sheet(3, "standard", sheet((3, 1, 1, -1)), hp_max=15, moves=1) == [
        "Max HP at Level 3 with STR +3 is 16 (13 + STR), not 15 "
        "(2d10 WoDu Hack, Character Generation)",
        "A Level 3 character knows 2 moves, not 1 (2d10 WoDu Hack, Advancement)",
    ]
    assert wodu.validate_sheet(1, "standard", {"STR": 2, "DEX": 1, "WIT": 1}) == [
        "The sheet needs a rating for CHA (2d10 WoDu Hack, Ability Ratings)"
    ]
    assert wodu.validate_sheet(1, "standard", {**sheet((2, 1, 1, -1)), "LUCK": 1}) == [
        "The abilities are STR, DEX, WIT and CHA (unknown: LUCK) (2d10 WoDu Hack, Ability Ratings)"
    ]
    assert wodu.validate_sheet(1, "standard", sheet((2, 1, 1, -2))) == [
        "CHA must be -1 or more, got -2 (2d10 WoDu Hack, Ability Ratings)"
    ]
    assert wodu.validate_sheet(16, "standard", sheet((2, 1, 1, -1))) == [
        "The level must be from 0 to 15, got 16 (2d10 WoDu Hack, Advancement)"
    ]
    assert wodu.validate_sheet(1, "heroic", sheet((2, 1, 1, -1))) == [  # type: ignore[arg-type]
        '2d10 WoDu Hack, Character Generation: a character is "standard" or "gritty" '
        "(got 'heroic')"
    ]


def brute_force_reachable(level: int) -> set[tuple[int, ...]]:
    """Ratings reachable by trying every assignment of the starting array and every increase."""
    if level == 0:
        return set(permutations((1, 0, 0, -1)))
    caps = [r.ability_cap for r in wodu.ADVANCEMENT[2 : level + 1] if r.ability_increase]
    found = set()
    for start in set(permutations((2, 1, 1, -1))):
        for choice in product(range(4), repeat=len(caps)):
            values = list(start)
            for ability, cap in zip(choice, caps, strict=True):
                values[ability] += 1
                if values[ability] > cap:
                    break
            else:
                found.add(tuple(values))
    return found


@pytest.mark.parametrize("level", range(16))
def test_wodu_sheet_accepts_exactly_the_reachable_ratings(level: int) -> None:
    start: wodu.Start = "gritty" if level == 0 else "standard"
    reachable = brute_force_reachable(level)
    cap = wodu.ADVANCEMENT[level].ability_cap
    for values in product(range(-1, cap + 1), repeat=4):
        problems = wodu.validate_sheet(level, start, sheet(values))
        assert (problems == []) == (values in reachable), (values, problems)


# --------------------------------------------------------------------------
# Damage & Powers
# --------------------------------------------------------------------------


def test_wodu_weapon_ratings_as_printed() -> None:
    assert dict(wodu.WEAPON_RATINGS) == {
        0: "1", 1: "2d6kl1", 2: "d6", 3: "d10", 4: "2d10", 5: "3d10", 6: "4d10",
    }  # fmt: skip
    assert dict(wodu.PAIRED_WEAPON_RATINGS) == {3: "2d10kh1"}
    assert wodu.HERO_POWER_BONUSES == (1, 2, 3, 4)
    by_example = {w.example: (w.rating, w.damage) for w in wodu.WEAPON_EXAMPLES}
    assert by_example["Civilian punch (untrained)"] == (1, "2d6kl1")
    assert by_example["Optic Laser Beam (as revolver +1)"] == (3, "d10+1")
    assert by_example["Mutant Claws (as dual swords +1)"] == (3, "2d10kh1+1")
    assert by_example["C-4"] == (6, "4d10")
    for w in wodu.WEAPON_EXAMPLES:
        paired = w.damage.startswith("2d10kh1")
        assert wodu.damage_notation(w.rating, int(w.hero_power), paired) == w.damage


@pytest.mark.parametrize("rating", range(7))
@pytest.mark.parametrize("hero", range(5))
def test_wodu_damage_distribution_sums_to_one(rating: int, hero: int) -> None:
    dist = wodu.damage_distribution(rating, hero)
    assert sum(dist.values()) == 1
    assert all(isinstance(p, Fraction) for p in dist.values())
    assert dist == {k + hero: p for k, p in wodu.damage_distribution(rating).items()}


def test_wodu_damage_dice_values() -> None:
    assert wodu.damage_distribution(0) == {1: Fraction(1)}
    assert wodu.damage_distribution(0, 2) == {3: Fraction(1)}
    assert wodu.damage_distribution(1) == {k: Fraction(13 - 2 * k, 36) for k in range(1, 7)}
    assert wodu.damage_distribution(2) == {k: Fraction(1, 6) for k in range(1, 7)}
    assert wodu.damage_distribution(3) == {k: Fraction(1, 10) for k in range(1, 11)}
    assert wodu.damage_distribution(3, 1) == {k: Fraction(1, 10) for k in range(2, 12)}
    assert wodu.damage_distribution(3, paired=True) == {
        k: Fraction(2 * k - 1, 100) for k in range(1, 11)
    }
    assert wodu.damage_distribution(4) == brute_force_check(0, False)
    means = {r: sum(k * p for k, p in wodu.damage_distribution(r).items()) for r in range(7)}
    assert means == {
        0: 1, 1: Fraction(91, 36), 2: Fraction(7, 2), 3: Fraction(11, 2), 4: 11,
        5: Fraction(33, 2), 6: 22,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((7, 0, False), "^The weapon rating must be from WR:0 to WR:6, got WR:"),
        ((-1, 0, False), "^The weapon rating must be from WR:0 to WR:6, got WR:"),
        ((3, 5, False), "^The hero-power bonus must be from 0 to \\+4, got 5"),
        ((3, -1, False), "^The hero-power bonus must be from 0 to \\+4, got -1"),
        ((2, 0, True), "listed at WR:3 only"),
    ],
)
def test_wodu_damage_validation(args: tuple[int, int, bool], message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        wodu.damage_distribution(*args)
    assert "2d10 WoDu Hack, Damage & Powers" in str(info.value)


def test_wodu_damage_notation_agrees_with_the_site_dice_engine() -> None:
    dice = pytest.importorskip("rules_py.dice")
    for rating in range(7):
        for hero in range(5):
            notation = wodu.damage_notation(rating, hero)
            assert dict(dice.distribution(notation)) == wodu.damage_distribution(rating, hero)
    notation = wodu.damage_notation(3, 2, paired=True)
    assert notation == "2d10kh1+2"
    assert dict(dice.distribution(notation)) == wodu.damage_distribution(3, 2, paired=True)


# --------------------------------------------------------------------------
# Initiative
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "band"),
    [(25, "head start"), (16, "head start"), (15, "ready"), (13, "ready"),
     (12, "surprised"), (1, "surprised")],
)  # fmt: skip
def test_wodu_initiative_bands(total: int, band: str) -> None:
    assert wodu.initiative_band(total) == band


def test_wodu_initiative_odds_for_dex() -> None:
    # DEX +0: 16+ is 15%, 13-15 is 36 - 15 = 21%, 12 or less is 64% (source 2d10 table).
    assert wodu.initiative_outcomes(0) == {
        "head start": Fraction(15, 100), "ready": Fraction(21, 100),
        "surprised": Fraction(64, 100),
    }  # fmt: skip
    # DEX +2: 2d10 needs 14+ (28%) or 11-13 (55 - 28 = 27%).
    assert wodu.initiative_outcomes(2) == {
        "head start": Fraction(28, 100), "ready": Fraction(27, 100),
        "surprised": Fraction(45, 100),
    }  # fmt: skip
    with_background = wodu.initiative_outcomes(2, background=True)
    assert sum(with_background.values()) == 1
    assert with_background["head start"] > Fraction(28, 100)


def test_wodu_gm_initiative_d6() -> None:
    assert wodu.gm_initiative_outcomes(0) == {
        "surprised": Fraction(1, 2),
        "head start": Fraction(1, 2),
    }
    assert wodu.gm_initiative_outcomes(1) == {
        "surprised": Fraction(1, 3),
        "head start": Fraction(2, 3),
    }
    assert wodu.gm_initiative_outcomes(-1) == {
        "surprised": Fraction(2, 3),
        "head start": Fraction(1, 3),
    }
    assert [wodu.gm_initiative_band(t) for t in range(8)] == ["surprised"] * 4 + ["head start"] * 4
    with pytest.raises(ValueError, match=r"^The GM may declare .* \(2d10 WoDu Hack, Initiative\)$"):
        wodu.gm_initiative_outcomes(2)
    with pytest.raises(ValueError, match="totals run 0-7"):
        wodu.gm_initiative_band(8)


# --------------------------------------------------------------------------
# Module properties
# --------------------------------------------------------------------------


def test_wodu_tables_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        wodu.ADVANCEMENT[1].moves = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        wodu.DIFFICULTY_RATINGS["Light"] = 8  # type: ignore[index]
    assert isinstance(wodu.ADVANCEMENT, tuple)


def test_wodu_import_does_not_import_icepool() -> None:
    code = "import sys, rules_py.systems.wodu; print('icepool' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --------------------------------------------------------------------------
# The rules pages restate the same numbers
# --------------------------------------------------------------------------

DOCS = Path(__file__).resolve().parents[2] / "docs" / "wodu"


def table_rows(page: str, header_start: str) -> list[list[str]]:
    """Cells of the Markdown table whose header row starts with ``header_start``."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header_start))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_wodu_odds_page_reproduces_the_source_comparison() -> None:
    columns = (SOURCE_2D10_PLUS_0, SOURCE_2D10_PLUS_2, SOURCE_D20_PLUS_0, SOURCE_D20_PLUS_2)
    rows = table_rows("odds.md", "| Target | 2d10 +0")
    assert [int(r[0]) for r in rows] == list(range(1, 23))
    for target, *cells in rows:
        for cell, column in zip(cells, columns, strict=True):
            expected = column.get(int(target))
            assert cell == (f"{float(expected):.2f}" if expected else "—"), (target, cell)
    d6_rows = table_rows("odds.md", "| Face |")
    assert {int(r[0]): r[1] for r in d6_rows} == SOURCE_1D6_ODDS
    assert {int(r[0]): r[2] for r in d6_rows} == SOURCE_HIGHEST_OF_2D6


def test_wodu_resolution_page_chances_match_the_module() -> None:
    rows = {r[0]: r[1:] for r in table_rows("resolution.md", "| Difficulty | Light")}
    assert rows["**DR**"] == [str(dr) for dr in wodu.DIFFICULTY_RATINGS.values()]
    for label, bonus in (("Chance with +0", 0), ("Chance with +2", 2)):
        got = [wodu.dr_outcomes(bonus, dr)["success"] for dr in wodu.DIFFICULTY_RATINGS.values()]
        assert rows[label] == [f"{round(p * 100)}%" for p in got]


def test_wodu_initiative_page_chances_match_the_module() -> None:
    rows = table_rows("initiative.md", "| DEX |")
    assert [int(r[0]) for r in rows] == list(range(-1, 7))
    for dex, *cells in rows:
        odds = wodu.initiative_outcomes(int(dex))
        expected = [odds["head start"], odds["ready"], odds["surprised"]]
        assert cells == [f"{round(p * 100)}%" for p in expected]


def test_wodu_advancement_page_matches_the_table() -> None:
    rows = table_rows("advancement.md", "| Level | Ability ratings")
    assert len(rows) == 16
    for cells, row in zip(rows, wodu.ADVANCEMENT, strict=True):
        level, _, total, _, moves, hp, tier = cells
        assert int(level) == row.level
        assert total.strip("*").split()[0] == str(row.ability_total)
        assert moves.strip("*") == (str(row.moves) if row.level else "—")
        assert hp == row.hp_max_text
        assert tier.strip("*") == row.tier


def test_wodu_every_page_ends_with_the_abbreviations() -> None:
    for page in DOCS.glob("*.md"):
        last = page.read_text(encoding="utf-8").rstrip().splitlines()[-1]
        assert last == '--8<-- "includes/wodu-abbreviations.md"', page.name


# --------------------------------------------------------------------------
# Ability increases, one level at a time
# --------------------------------------------------------------------------


def test_ability_increase_levels_are_the_even_levels_of_the_table() -> None:
    assert wodu.ABILITY_INCREASE_LEVELS == (2, 4, 6, 8, 10, 12, 14)


def test_apply_ability_increases_adds_one_at_each_increase_up_to_the_level() -> None:
    start = {"STR": 2, "DEX": 1, "WIT": 1, "CHA": -1}
    plan = {2: "STR", 4: "DEX", 6: "STR", 8: "wit", 10: "STR", 12: "DEX", 14: "STR"}
    assert wodu.apply_ability_increases(1, start, plan) == (start, [])
    assert wodu.apply_ability_increases(5, start, plan) == (
        {"STR": 3, "DEX": 2, "WIT": 1, "CHA": -1},
        [],
    )
    ratings, problems = wodu.apply_ability_increases(15, start, plan)
    assert (ratings, problems) == ({"STR": 6, "DEX": 3, "WIT": 2, "CHA": -1}, [])
    assert wodu.validate_sheet(15, "standard", ratings) == []


def test_apply_ability_increases_checks_each_level_maximum_in_turn() -> None:
    start = {"str": 2, "dex": 1, "wit": 1, "cha": -1}
    ratings, problems = wodu.apply_ability_increases(6, start, {2: "STR", 4: "STR", 6: "DEX"})
    # The final ratings are reachable in another order; this plan is not.
    assert wodu.validate_sheet(6, "standard", ratings) == []
    assert problems == [
        "STR must be at most +3 at Level 4, got +4 with the +1 of Level 4 "
        "(2d10 WoDu Hack, Advancement)"
    ]


def test_apply_ability_increases_refuses_missing_choices_and_sheets() -> None:
    start = {"STR": 2, "DEX": 1, "WIT": 1, "CHA": -1}
    _, problems = wodu.apply_ability_increases(4, start, {2: "STR", 4: "LUCK"})
    assert problems == [
        "Level 4 adds +1 to one of STR, DEX, WIT or CHA (got 'LUCK') (2d10 WoDu Hack, Advancement)"
    ]
    with pytest.raises(ValueError, match=r"^The ratings are STR, DEX, WIT and CHA"):
        wodu.apply_ability_increases(2, {"STR": 2}, {2: "STR"})
    with pytest.raises(ValueError, match=r"^The level must be from 0 to 15, got"):
        wodu.apply_ability_increases(16, start, {})
