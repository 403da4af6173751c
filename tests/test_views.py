"""The views the widgets show, and the JSON requests the browser worker answers."""

import json

import pytest

from rules_py.dice import Constant, DieRoll, RollResult, TermRoll, parse
from rules_py.views import handle, odds_view, roll_view, spoken_dice


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
    assert bad == {
        "ok": False,
        "error": "cannot keep 4 of 3 dice (at position 6)",
        "where": {"expression": "3d10k4", "position": 5, "caret": "     ^"},
    }
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


def _rolled(expr: str, *dice: tuple[tuple[int, ...], ...]) -> RollResult:
    """A roll of ``expr`` whose dice terms came up as given (each die: its rolls, kept
    unless the term keeps fewer; the lowest are dropped first)."""
    expression = parse(expr)
    terms, faces = [], iter(dice)
    for term in expression.terms:
        if isinstance(term, Constant):
            terms.append(TermRoll(term, (), term.value))
            continue
        rolls = next(faces)
        order = sorted(range(len(rolls)), key=lambda i: sum(rolls[i]), reverse=True)
        kept = set(order[: term.kept_count])
        rolled = tuple(DieRoll(r, i in kept) for i, r in enumerate(rolls))
        subtotal = sum(d.value for d in rolled if d.kept)
        terms.append(TermRoll(term, rolled, -subtotal if term.negative else subtotal))
    return RollResult(expression, tuple(terms))


@pytest.mark.parametrize(
    ("expr", "dice", "spoken"),
    [
        ("3d6", [((3,), (5,), (3,))], "3, 5, 3, total 11"),
        ("4d6dl1", [((3,), (5,), (1,), (6,))], "3, 5, 1 dropped, 6, total 14"),
        ("4dF", [((-1,), (0,), (1,), (1,))], "minus, blank, plus, plus, total 1"),
        ("2d6+d4-1", [((2,), (6,)), ((4,),)], "2, 6, plus 4, minus 1, total 11"),
        ("d6!", [((6, 6, 2),)], "14 (6 + 6 + 2), total 14"),
    ],
)
def test_a_roll_is_spoken_die_by_die(
    expr: str, dice: list[tuple[tuple[int, ...], ...]], spoken: str
) -> None:
    assert spoken_dice(_rolled(expr, *dice)) == spoken


def test_roll_view_label_names_the_expression_then_each_die() -> None:
    view = roll_view("3d6")
    dice = [p["text"] for p in view["parts"]]
    assert view["label"] == f"3d6: {', '.join(dice)}, total {view['total']}"


@pytest.mark.parametrize(
    ("args", "field", "message"),
    [
        ({"modifier": "1.5"}, "modifier", "Modifier must be a whole number from -10000 to"),
        ({"modifier": ""}, "modifier", "Modifier is empty: enter a whole number from -10000"),
        ({"target": "20000"}, "target", "Target must be from -10000 to 10000, got 20000"),
    ],
)
def test_an_odds_figure_s_refused_value_names_its_field(
    args: dict[str, str], field: str, message: str
) -> None:
    """Issue 16, item 25: the page marks the field Python names (aria-invalid)."""
    answer = json.loads(handle(json.dumps({"op": "odds", "args": {"expr": "2d6", **args}})))
    assert answer["ok"] is False
    assert answer["field"] == field
    assert answer["error"].startswith(message)


def test_an_odds_figure_reads_its_fields_as_typed() -> None:
    assert odds_view("2d6", modifier="2", target="")["expr"] == "2d6+2"
    assert odds_view("2d6", modifier="-1", target="9")["target"] == 9
    assert odds_view("2d6", target=" ")["target"] is None  # an empty Target: no target
