"""The Danger World odds widgets (widgets/danger_world/_odds.py): the odds and the odds table.

Exact values come from brute-force enumeration here, or from the rules package's
solver (itself tested against brute force), never from the widget code under test.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

from rules_py.systems import danger_world as dw
from rules_py.widgets._widget import refusals
from tests.widgets.danger_world.helpers import show, table, texts
from tests.widgets.panels import blocks_of


def titles(panel: dict[str, Any], caption: str) -> dict[str, list[str]]:
    """Each row's header mapped to its cells' exact fractions."""
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"].startswith(caption)]
    return {row["cells"][0]: row["titles"][1:] for row in block["rows"]}


def first_roll_chance(dice: int, difficulty: int) -> Fraction:
    """Danger World, Dice Mechanics: a set of height >= difficulty on one roll, by enumeration."""
    hits = 0
    for faces in itertools.product(range(1, 7), repeat=dice):
        counts = Counter(faces)
        hits += any(counts[h] >= h for h in range(difficulty, 7))
    return Fraction(hits, 6**dice)


# --------------------------------------------------------------------------
# Odds
# --------------------------------------------------------------------------


def test_danger_world_odds_without_rerolls_match_enumeration() -> None:
    panel = show("danger-world-odds", dice=5, difficulty="3")
    assert not refusals(panel)
    exact = titles(panel, "Chance of success with 5 dice")
    for d in range(2, 7):
        assert Fraction(exact[f"{d}: {dw.DIFFICULTIES[d]}"][0]) == first_roll_chance(5, d)


def test_danger_world_odds_equal_the_solver_for_every_round() -> None:
    for dice in (1, 2, 7, 12):
        panel = show("danger-world-odds", dice=dice, difficulty="4")
        exact = titles(panel, f"Chance of success with {dice} di")
        for d, name in dw.DIFFICULTIES.items():
            assert [Fraction(p) for p in exact[f"{d}: {name}"]] == [
                dw.success_chance(dice, d, r) for r in range(3)
            ]


def test_danger_world_odds_two_dice_at_minor_need_two_twos() -> None:
    panel = show("danger-world-odds", dice=2, difficulty="2")
    assert titles(panel, "Chance")["2: minor"][0] == "1/36"
    assert "2 dice at difficulty 2 (minor): 2.78% with no rerolls" in texts(panel)


def test_danger_world_odds_threat_dice_change_nothing() -> None:
    plain = show("danger-world-odds", dice=6, difficulty="4")
    threat = show("danger-world-odds", dice=6, threat=3, difficulty="4")
    assert table(plain, "Chance") == table(threat, "Chance")
    assert "3 threat dice change nothing" in texts(threat)
    one = show("danger-world-odds", dice=5, difficulty="3", threat=1)
    assert "The threat die changes nothing here: it never makes a set" in texts(one)


def test_danger_world_odds_chart_is_the_first_rolls_highest_set() -> None:
    panel = show("danger-world-odds", dice=4, difficulty="2")
    (chart,) = blocks_of(panel, "chart")
    bars = chart["chart"]["bars"]
    # four dice: a set of 2 or more needs two 2s, three 3s or four 4s
    assert [b["title"].split(":")[0] for b in bars] == ["0", "2", "3", "4"]
    assert [b["hit"] for b in bars] == [False, True, True, True]


def test_danger_world_odds_refuse_a_pool_past_24_dice() -> None:
    panel = show("danger-world-odds", dice=20, threat=5, difficulty="3")
    assert refusals(panel) == [
        "The tools roll at most 24 dice (got 20 + 5 threat) (Danger World, Dice Mechanics)"
    ]
    assert show("danger-world-odds", dice=25)["invalid"] == ["dice"]


def test_danger_world_odds_table_covers_2_to_16_dice_and_equals_the_solver() -> None:
    for rounds in ("0", "2"):
        panel = show("danger-world-odds-table", rerolls=rounds)
        exact = titles(panel, "Chance of success")
        assert list(exact) == [str(n) for n in range(2, 17)]
        for n in range(2, 17):
            assert [Fraction(p) for p in exact[str(n)]] == [
                dw.success_chance(n, d, int(rounds)) for d in range(2, 7)
            ]
    no_rerolls = titles(show("danger-world-odds-table", rerolls="0"), "Chance")
    assert Fraction(no_rerolls["3"][0]) == first_roll_chance(3, 2)


def test_danger_world_odds_at_difficulty_1_are_those_of_2_and_at_7_nothing() -> None:
    one = show("danger-world-odds", dice=6, difficulty="1")
    assert "6 dice at difficulty 1 (modified, read as 2): " in texts(one)
    assert f"({dw.success_chance(6, 2, 0)})" not in texts(one)  # percent shown, not fractions
    two = show("danger-world-odds", dice=6, difficulty="2")
    assert texts(two).split(": ", 1)[1] == texts(one).split("read as 2): ", 1)[1]
    (block,) = blocks_of(one, "table")
    assert [row["hit"] for row in block["rows"]] == [True, False, False, False, False]
    seven = show("danger-world-odds", dice=6, difficulty="7")
    assert "0.00% with no rerolls, 0.00% with one reroll round, 0.00% with two" in texts(seven)
    (block,) = blocks_of(seven, "table")
    assert not any(row["hit"] for row in block["rows"])
