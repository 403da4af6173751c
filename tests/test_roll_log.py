"""The roll log's entries and the dice box's error positions, as Python words them."""

from __future__ import annotations

import json

import pytest

from rules_py._log import log_entry, parts_text
from rules_py.handler import handle
from rules_py.views import roll_view
from rules_py.widgets import answer
from rules_py.widgets._fields import Dice
from rules_py.widgets._inputs import short_label, what_rolled
from rules_py.widgets.wodu import WIDGETS as WODU


def test_parts_text_brackets_dice_and_marks_dropped_ones() -> None:
    parts = [
        {"kind": "dropped", "text": "2"},
        {"kind": "die", "text": "5"},
        {"kind": "die", "text": "6+3"},
        {"kind": "op", "text": "+ 2"},
    ]
    assert parts_text(parts) == "[2 dropped] [5] [6+3] + 2"


def test_inline_roll_carries_its_log_entry() -> None:
    view = roll_view("3d6+1")
    entry = view["log"]
    assert entry["what"] == "3d6+1"
    assert entry["total"] == str(view["total"])
    assert entry["dice"] == parts_text(view["parts"])
    assert entry["dice"].count("[") == 3 and entry["dice"].endswith("+ 1")
    assert entry["outcome"] == ""
    assert entry["said"] == f"Rolled 3d6+1: {view['total']}"


def test_one_line_entry_keeps_its_label_and_total() -> None:
    line = {"label": "You", "parts": [{"kind": "die", "text": "4"}], "total": "4"}
    entry = log_entry("Check (Bonus 2)", [line], "Success", "Check")
    assert entry == {
        "what": "Check (Bonus 2)",
        "dice": "You: [4]",
        "total": "4",
        "outcome": "Success",
        "said": "Rolled Check: 4. Success",
    }


def test_several_lines_list_their_totals_and_leave_the_entry_total_empty() -> None:
    lines = [
        {"label": "Attacker", "parts": [{"kind": "die", "text": "3"}], "total": "3"},
        {"label": "Defender", "parts": [{"kind": "die", "text": "5"}], "total": "5"},
    ]
    entry = log_entry("Exchange of blows", lines, "The defender holds by 2")
    assert entry["dice"] == "Attacker: [3] = 3; Defender: [5] = 5"
    assert entry["total"] == ""
    assert entry["said"] == "Rolled Exchange of blows. The defender holds by 2"


def test_wodu_check_roll_names_its_title_inputs_and_outcome() -> None:
    view = answer("wodu-check", "roll", {"values": {"ability": 2, "dr": "12"}})
    entry = view["log"]
    assert entry["what"].startswith("Check (Ability rating 2, ")
    assert "DR 12" in entry["what"]
    assert entry["outcome"] == view["outcome"]
    assert entry["total"] == view["lines"][0]["total"]
    assert entry["said"] == f"Rolled Check: {entry['total']}. {view['outcome']}"


def test_2d6_combat_roll_lists_both_rollers() -> None:
    view = answer("2d6-combat", "roll", {"values": {}})
    entry = view["log"]
    assert entry["what"] == "Exchange of blows (Attack 4, Defence 2, Armour None)"
    assert entry["dice"].startswith("Attacker: ") and "; Defender: " in entry["dice"]
    assert entry["total"] == ""


def test_what_rolled_skips_unused_fields_and_unticked_boxes() -> None:
    check = next(w for w in WODU if w.name == "wodu-check")
    values = {f.name: getattr(f, "default", None) for f in check.fields}
    everything = what_rolled(check.title, check.fields, values)
    assert "Background" not in everything  # an unticked box says nothing
    ticked = what_rolled(check.title, check.fields, {**values, "background": True})
    assert "Background applies" in ticked
    skipped = what_rolled(check.title, check.fields, values, unused=["ability"])
    assert "Ability rating" not in skipped
    assert what_rolled("Roll", (), {}) == "Roll"


@pytest.mark.parametrize(
    ("label", "short"),
    [
        ("Aim: roll 2d6 twice and keep the higher", "Aim"),
        ("Bonus (stat + skill)", "Bonus"),
        ("L, ability level", "L"),
        ("Score", "Score"),
    ],
)
def test_short_label_drops_the_explanation(label: str, short: str) -> None:
    assert short_label(label) == short


@pytest.mark.parametrize(
    ("expr", "caret"),
    [("3d6+", "    ^"), ("2d", "  ^"), ("3d6 5", "   ^"), ("2x6", " ^")],
)
def test_a_dice_error_says_where_it_is_as_the_cli_points(expr: str, caret: str) -> None:
    for op in ("roll", "odds"):
        answer_ = json.loads(handle(json.dumps({"op": op, "args": {"expr": expr}})))
        assert not answer_["ok"]
        assert answer_["where"] == {"expression": expr, "position": len(caret) - 1, "caret": caret}
        assert f"(at position {len(caret)})" in answer_["error"]


def test_an_error_without_a_position_has_no_where() -> None:
    answer_ = json.loads(
        handle(json.dumps({"op": "odds", "args": {"expr": "d6", "modifier": "x"}}))
    )
    assert not answer_["ok"] and "where" not in answer_


def test_what_rolled_counts_a_dice_field_and_says_nothing_of_an_empty_one() -> None:
    field = Dice("dice", "Dice showing", kinds=("normal", "threat"), fixed=("threat",))
    roll = ({"face": 5, "kind": "normal", "marked": False}, {"face": 2, "kind": "threat"})
    assert what_rolled("Pool", (field,), {"dice": field.read(roll)}) == "Pool (2 dice)"
    assert what_rolled("Pool", (field,), {"dice": field.read(roll[:1])}) == "Pool (1 die)"
    assert what_rolled("Pool", (field,), {"dice": ()}) == "Pool"


def test_a_read_roll_logs_its_dice_and_reading_and_no_total() -> None:
    """Issue 16, items 13 and 14: the log speaks the system, as the page does."""
    pool = roll_view("8d6", seed=11, reading="pool difficulty 4")["log"]
    assert pool["what"] == "Danger World pool of 8 dice against difficulty 4 (significant)"
    assert pool["total"] == "" and pool["dice"].count("[") == 8
    assert pool["outcome"].startswith(("Best set", "No set"))
    assert pool["said"] == f"Rolled {pool['what']}. {pool['outcome']}"
    skill = roll_view("d100", seed=11, reading="00-99")
    entry = skill["log"]
    assert entry["total"] == "" and entry["dice"].count("[") == 2
    assert entry["outcome"] == skill["result"] and "- 1" not in json.dumps(entry)
