"""Tests for rules_py.systems.wodu.checks against the "2d10 WoDu Hack" draft's Core
Resolution and Background."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.systems import wodu
from tests.systems.wodu.helpers import (
    SOURCE_2D10_PLUS_2,
    brute_force_check,
    percent,
    table_rows,
)

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


def test_wodu_resolution_page_chances_match_the_module() -> None:
    # A difficulty a row (it keeps every column on a phone): name, DR, chance at +0, at +2.
    rows = {r[0]: r[1:] for r in table_rows("resolution.md", "| Difficulty | **DR** | +0 | +2")}
    assert list(rows) == list(wodu.DIFFICULTY_RATINGS)
    for name, dr in wodu.DIFFICULTY_RATINGS.items():
        chances = [f"{round(wodu.dr_outcomes(bonus, dr)['success'] * 100)}%" for bonus in (0, 2)]
        assert rows[name] == [str(dr), *chances], name
