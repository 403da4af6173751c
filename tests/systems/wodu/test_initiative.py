"""Tests for rules_py.systems.wodu.initiative against the "2d10 WoDu Hack" draft's
Initiative."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_py.systems import wodu
from tests.systems.wodu.helpers import (
    table_rows,
)

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


def test_wodu_initiative_page_chances_match_the_module() -> None:
    rows = table_rows("initiative.md", "| DEX |")
    assert [int(r[0]) for r in rows] == list(range(-1, 7))
    for dex, *cells in rows:
        odds = wodu.initiative_outcomes(int(dex))
        expected = [odds["head start"], odds["ready"], odds["surprised"]]
        assert cells == [f"{round(p * 100)}%" for p in expected]


# --------------------------------------------------------------------------
# Initiative: Round 1, Round 2, Round 3 (the fight's order)
# --------------------------------------------------------------------------


def test_wodu_round_1_head_start_players_then_head_start_enemies_the_rest_skipped() -> None:
    # Round 1: players with a head start, then the enemies with a head start; everyone
    # simply ready or surprised is skipped. Round 2 on: players first, enemies last.
    order = wodu.spotlight_order(
        [("ash", 14), ("bryn", 17), ("cole", 9)], ["guard 1", "guard 2"], gm_total=5
    )
    assert [s.who for s in order] == ["bryn", "ash", "cole", "guard 1", "guard 2"]
    assert [s.band for s in order] == [
        "head start", "ready", "surprised", "head start", "head start",
    ]  # fmt: skip
    assert [s.who for s in order if s.acts_in_round_1] == ["bryn", "guard 1", "guard 2"]
    assert [s.player for s in order] == [True, True, True, False, False]
    assert [s.total for s in order] == [17, 14, 9, None, None]


def test_wodu_the_gms_d6_of_1_to_3_leaves_every_enemy_surprised() -> None:
    order = wodu.spotlight_order([("ash", 16)], ["guard"], gm_total=3)
    assert [(s.who, s.band, s.acts_in_round_1) for s in order] == [
        ("ash", "head start", True), ("guard", "surprised", False),
    ]  # fmt: skip
    # With a -1 or +1 the GM's total runs 0-7: 0 counts as 1-3, 7 as 4-6.
    assert wodu.spotlight_order([], ["guard"], gm_total=0)[0].band == "surprised"
    assert wodu.spotlight_order([], ["guard"], gm_total=7)[0].band == "head start"


def test_wodu_equal_totals_keep_the_tables_order() -> None:
    order = wodu.spotlight_order([("ash", 13), ("bryn", 16), ("cole", 13)], [], gm_total=None)
    assert [s.who for s in order] == ["bryn", "ash", "cole"]
    order = wodu.spotlight_order([("cole", 13), ("ash", 13)], [], gm_total=None)
    assert [s.who for s in order] == ["cole", "ash"]


def test_wodu_enemies_need_the_gms_d6() -> None:
    with pytest.raises(ValueError, match="rolls 1d6 for all the enemies"):
        wodu.spotlight_order([("ash", 12)], ["guard"], gm_total=None)
    with pytest.raises(ValueError, match="totals run 0-7"):
        wodu.spotlight_order([], ["guard"], gm_total=8)
    assert wodu.spotlight_order([], [], gm_total=None) == ()
