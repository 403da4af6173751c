"""Danger World widgets: the odds, the odds table, the pool roller with its advice, the sheet.

Exact values come from brute-force enumeration here, or from the rules package's
solver (itself tested against brute force), never from the widget code under test.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules_py.systems import danger_world as dw
from rules_py.widgets import WIDGETS, WidgetError, answer
from rules_py.widgets._widget import refusals
from tests.widgets.panels import blocks_of

DOCS = Path(__file__).resolve().parents[2] / "docs" / "danger-world"


def show(widget: str, /, previous: dict[str, Any] | None = None, **values: Any) -> dict[str, Any]:
    args: dict[str, Any] = {"values": values}
    if previous is not None:
        args["previous"] = previous
    return answer(widget, "show", args)


def texts(panel: dict[str, Any]) -> str:
    return " ".join(b["text"] for b in blocks_of(panel, "text"))


def table(panel: dict[str, Any], caption: str) -> dict[str, list[str]]:
    """Each row's header mapped to its other cells."""
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"].startswith(caption)]
    return {row["cells"][0]: row["cells"][1:] for row in block["rows"]}


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
        "Danger World, Dice Mechanics: the tools roll at most 24 dice (got 20 + 5 threat)"
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


# --------------------------------------------------------------------------
# Where the fences are
# --------------------------------------------------------------------------


def _fences(page: str) -> list[dict[str, Any]]:
    text = (DOCS / page).read_text(encoding="utf-8")
    bodies = text.split("```widget\n")[1:]
    return [yaml.safe_load(body.split("```")[0]) for body in bodies]


def test_danger_world_fences_sit_on_the_pages_of_their_rules() -> None:
    assert [f["widget"] for f in _fences("player-characters.md")] == ["danger-world-sheet"]
    assert _fences("player-characters.md")[0]["store"] == "danger-world-character"
    names = [f["widget"] for f in _fences("checks.md")]
    assert names[:3] == ["danger-world-roller", "danger-world-odds", "danger-world-odds-table"]
    for page in DOCS.glob("*.md"):
        for fence in _fences(page.name):
            assert fence["widget"] in WIDGETS


@pytest.mark.parametrize("name", [n for n in WIDGETS if n.startswith("danger-world")])
def test_danger_world_widget_defaults_are_refused_nowhere(name: str) -> None:
    assert not refusals(show(name))


# --------------------------------------------------------------------------
# The pool roller
# --------------------------------------------------------------------------

ROLLER = "danger-world-roller"


def roller(previous: dict[str, Any] | None = None, **values: Any) -> dict[str, Any]:
    return show(ROLLER, previous, **values)


def test_danger_world_roller_advises_keeping_the_threes_of_1_3_3_5_6() -> None:
    panel = roller(faces="1, 3, 3, 5, 6", difficulty="3", round="1")
    said = texts(panel)
    # one round left: keep 3, 3 and reroll three dice, which need one more 3: 1 - (5/6)^3
    assert "the best keep is worth 42.13% (91/216)" in said
    assert "stopping now: 0.00%" in said
    (advised,) = blocks_of(panel, "list")
    assert advised["items"] == [
        "Keep 3 and 3 (dice 2 and 3) and reroll 1, 5 and 6 (dice 1, 4 and 5)."
    ]
    two_rounds = texts(roller(faces="1, 3, 3, 5, 6", difficulty="3"))
    assert f"({dw.keep_chance([3, 3], 5, 3, 2)})" in two_rounds
    assert blocks_of(roller(faces="1, 3, 3, 5, 6", difficulty="3"), "list") == [advised]


def test_danger_world_roller_offers_each_set_with_outcome_bonus_botches_and_danger() -> None:
    panel = roller(
        faces="3, 3, 3, 2, D3, T3", danger=1, threat=1, stat_a=2, stat_b=2, difficulty="2"
    )
    sets = table(panel, "The sets the dice offer now")
    # set of 3 from the normal 3s first: the 2 botches below 3, the threat 3 at 3 or below
    assert sets["Set of 3"] == ["success", "1", "2: 1 normal and 1 threat", "+0"]
    assert sets["No set"] == ["failure", "0", "none", "+0"]
    assert table(panel, "The dice showing")["5"] == ["danger", "3", "—"]


def test_danger_world_roller_a_danger_die_needed_in_the_set_raises_danger() -> None:
    panel = roller(faces="1, 3, 3, D3", danger=1, stat_a=2, stat_b=1, difficulty="3")
    assert table(panel, "The sets")["Set of 3"] == ["success", "0", "1: 1 normal", "+1"]


def test_danger_world_roller_refuses_faces_that_do_not_match_the_pool() -> None:
    panel = roller(faces="1, 2, 3")
    assert panel["invalid"] == ["faces"]
    assert (
        "the dice showing are 3 normal, 0 danger, 0 threat, but the pool is 5 normal"
        in (refusals(panel)[0])
    )
    assert roller(faces="1, 9")["invalid"] == ["faces"]


def test_danger_world_roller_refuses_danger_dice_past_the_zone_rank() -> None:
    assert roller(danger=2, level=5)["invalid"] == ["danger"]
    assert not refusals(roller(danger=2, level=6))


def test_danger_world_roller_refuses_marking_a_threat_die_or_a_missing_one() -> None:
    base = {"faces": "1, 3, T2", "stat_a": 1, "stat_b": 1, "threat": 1}
    assert roller(**base, first="3")["invalid"] == ["first"]
    assert roller(**base, first="4")["invalid"] == ["first"]
    assert not refusals(roller(**base, first="1"))


def test_danger_world_roller_rolls_then_rerolls_two_rounds_through_settle() -> None:
    start = {"stat_a": 3, "stat_b": 2, "danger": 1, "threat": 1, "difficulty": "3"}
    panel = roller(previous=start, **start, action="roll")
    faces = panel["set"]["faces"]
    assert panel["set"]["action"] == "hold" and panel["set"]["round"] == "0"
    dice = faces.split(", ")
    assert len(dice) == 7 and dice[5].startswith("D") and dice[6].startswith("T")
    shown = {**start, **panel["set"]}
    # mark the advised dice for round one, then reroll them
    marked = roller(previous=shown, **{**shown, "action": "advised"})
    state = {**shown, **marked["set"]}
    assert marked["set"]["action"] == "hold"
    again = roller(previous=state, **{**state, "first": "1, 2", "action": "reroll"})
    assert again["set"]["round"] == "1"
    after = again["set"]["faces"].split(", ")
    assert after[2:] == dice[2:]  # only dice 1 and 2 were rerolled
    assert again["unused"] == ["first"]
    state = {**state, "first": "1, 2", **again["set"]}
    last = roller(previous=state, **{**state, "second": "7, 3", "action": "reroll"})
    assert refusals(last) and last["invalid"] == ["second"]  # die 7 is the threat die
    last = roller(previous=state, **{**state, "second": "3", "action": "reroll"})
    assert last["set"]["round"] == "2"
    assert "Both reroll rounds are used" in texts(last)
    assert "no reroll round is left" in texts(last)


def test_danger_world_roller_changing_the_pool_clears_the_roll() -> None:
    state = {"faces": "1, 3, 3, 5, 6", "round": "1", "first": "1"}
    panel = roller(previous=state, **{**state, "bonus": 1})
    assert panel["set"] == {"faces": "", "round": "0", "first": "", "second": ""}
    assert "No dice yet" in texts(panel)


def test_danger_world_roller_a_roll_at_the_difficulty_keeps_everything() -> None:
    panel = roller(faces="3, 3, 3, 2, 6", difficulty="3")
    assert "stop and keep them all" in texts(panel)


# --------------------------------------------------------------------------
# The character sheet
# --------------------------------------------------------------------------

SHEET = "danger-world-sheet"


def test_danger_world_sheet_refuses_a_ninth_spread_die_naming_the_stats() -> None:
    panel = show(SHEET, Cool=2)
    assert refusals(panel) == [
        "Danger World, Player Characters: a new PC spreads 8 dice beyond one in each stat "
        "(these stats spread 9)"
    ]
    assert "Cool" in panel["invalid"] and "Agility" in panel["invalid"]
    assert not refusals(show(SHEET, Cool=2, starting=False))
    assert show(SHEET, Cool=5)["invalid"] == ["Cool"]


def test_danger_world_sheet_unlocks_beneath_an_aspect_used_twice_only() -> None:
    rows = [
        {"name": "Soldier", "parent": "", "uses": 1},
        {"name": "Sniper", "parent": "Soldier", "uses": 0},
    ]
    panel = show(SHEET, aspects=rows)
    assert panel["invalid"] == ["aspects"]
    assert "used twice ('Soldier' has been used 1) (aspect 2)" in refusals(panel)[0]
    rows[0]["uses"] = 2
    panel = show(SHEET, aspects=[rows[1], rows[0]])  # a child may be listed first
    aspects = table(panel, "Your character's aspects")
    assert aspects["· Sniper"] == ["secondary", "0", "+1", "locked: 2 more use(s) to unlock"]
    assert aspects["Soldier"][-1] == "unlocked: 1 of 3 beneath"
    assert "2 known primary aspects still to choose" in refusals(panel)[0]


def test_danger_world_sheet_damage_feeds_the_pool() -> None:
    panel = show(
        SHEET, track_bashed=2, track_stunned=1, level=7, check_a="Agility", check_b="Speed"
    )
    said = texts(panel)
    assert "zone 2 (6-10), up to 2 danger dice" in said
    # Agility 3 + Speed 2, one lost to Stunned; two threat dice from Bashed
    assert "A check on Agility and Speed: 4 dice and 2 threat dice" in said
    p = dw.success_chance(4, 3)
    assert f"({p})" in said
    assert table(panel, "Damage tracks")["Bashed"][0] == "2 of 3"


def test_danger_world_sheet_injured_stats_are_named_by_the_gm() -> None:
    panel = show(SHEET, track_injured=1, injured="Agility")
    assert "Agility 2" in str(blocks_of(panel, "facts"))
    assert "1 Injured box(es) without the stat" in refusals(show(SHEET, track_injured=1))[0]
    assert show(SHEET, injured="Agility")["invalid"] == ["injured"]


def test_danger_world_sheet_a_knocked_out_pc_rolls_no_check() -> None:
    assert "No check: a K.O.'d or Dead PC" in texts(show(SHEET, track_kod=1))


def test_danger_world_sheet_exports_and_imports() -> None:
    values = {"name": "Ada Vance", "Cool": 2, "starting": False}
    saved = answer(SHEET, "export", {"values": values})
    assert saved["filename"] == "ada-vance.json"
    loaded = answer(SHEET, "import", {"text": saved["text"]})
    assert loaded["values"]["Cool"] == 2 and loaded["values"]["name"] == "Ada Vance"
    broken = saved["text"].replace('"starting": false', '"starting": true')
    with pytest.raises(WidgetError, match="breaks a rule"):
        answer(SHEET, "import", {"text": broken})
