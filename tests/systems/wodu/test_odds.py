"""Tests for rules_py.systems.wodu.odds against the "2d10 WoDu Hack" draft's Odds
Comparison."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules_py.systems import wodu
from tests.systems.wodu.helpers import (
    SOURCE_1D6_ODDS,
    SOURCE_2D10_PLUS_0,
    SOURCE_2D10_PLUS_2,
    SOURCE_D20_PLUS_0,
    SOURCE_D20_PLUS_2,
    SOURCE_HIGHEST_OF_2D6,
    percent,
    table_rows,
)

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
