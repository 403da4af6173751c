"""The views the widgets show, and the JSON requests the browser worker answers."""

import json

from rules_py.views import handle, odds_view, roll_view


def test_roll_view_marks_dropped_dice_and_totals() -> None:
    view = roll_view("4d6dl1")
    kinds = [p["kind"] for p in view["parts"]]
    assert kinds.count("die") == 3 and kinds.count("dropped") == 1
    assert view["total"] == sum(int(p["text"]) for p in view["parts"] if p["kind"] == "die")


def test_odds_view_applies_modifier_and_target() -> None:
    view = odds_view("2d6", modifier=1, target=9)
    assert view["expr"] == "2d6+1"
    assert view["rows"][0]["cells"] == ["3", "2.78%", "100.00%", "2.78%"]
    assert [r["outcome"] for r in view["rows"] if r["hit"]] == [9, 10, 11, 12, 13]
    assert view["summary"] == "Mean 8 · P(≥ 9) = 41.67%"
    assert len(view["chart"]["bars"]) == 11


def test_odds_view_columns() -> None:
    view = odds_view("d6", columns=["ge"])
    assert [c["key"] for c in view["columns"]] == ["outcome", "ge"]
    assert view["rows"][0]["exact"] == ["1"]


def test_handle_answers_json_and_reports_errors() -> None:
    ok = json.loads(handle(json.dumps({"op": "odds", "args": {"expr": "4dF", "target": 1}})))
    assert ok["ok"] and ok["result"]["expr"] == "4dF"
    bad = json.loads(handle(json.dumps({"op": "roll", "args": {"expr": "3d10k4"}})))
    assert bad == {"ok": False, "error": "cannot keep 4 of 3 dice (at position 6)"}
    unknown = json.loads(handle(json.dumps({"op": "explode"})))
    assert not unknown["ok"] and "bad request" in unknown["error"]
    wrong_type = json.loads(
        handle(json.dumps({"op": "odds", "args": {"expr": "d6", "modifier": "x"}}))
    )
    assert not wrong_type["ok"] and "whole number" in wrong_type["error"]


def test_seed_makes_rolls_repeat_and_differ() -> None:
    def rolls(entropy: list[int]) -> list[int]:
        handle(json.dumps({"op": "seed", "args": {"entropy": entropy}}))
        return [roll_view("d1000")["total"] for _ in range(5)]

    assert rolls([1, 2, 3]) == rolls([1, 2, 3])
    assert rolls([1, 2, 3]) != rolls([4, 5, 6])


def test_roll_view_draws_fudge_faces_with_their_values_as_titles() -> None:
    from rules_py.views import FUDGE_FACES, roll_view

    for _ in range(20):
        view = roll_view("4dF+1")
        dice = [p for p in view["parts"] if p["kind"] == "die"]
        assert len(dice) == 4
        values = {"−": -1, " ": 0, "+": 1}
        assert {p["text"] for p in dice} <= set(FUDGE_FACES.values())
        assert view["total"] == sum(values[p["text"]] for p in dice) + 1
        assert all(p["title"] in {"-1", "0 (blank)", "+1"} for p in dice)
