"""The views the widgets show, and the JSON requests the browser worker answers."""

import json

import pytest

from rules_py.dice import Constant, DieRoll, RollResult, TermRoll, parse
from rules_py.handler import handle
from rules_py.views import odds_view, roll_view, spoken_dice


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


# Issue 16, items 13 and 14: an inline roll read as its system reads it.


def test_a_pool_roll_shows_faces_and_sets_and_never_a_total() -> None:
    from rules_py.systems import danger_world as dw

    for seed in range(40):
        view = roll_view("8d6", seed=seed, reading="pool")
        faces = [int(p["text"]) for p in view["parts"]]
        assert len(faces) == 8 and all(p["kind"] == "die" for p in view["parts"])
        # the same dice as the plain roll of the same expression and seed
        assert faces == [int(p["text"]) for p in roll_view("8d6", seed=seed)["parts"]]
        assert view["total"] is None and view["reading"] == "pool"
        sets = dw.available_sets(faces)
        assert view["result"] == (
            "No set"
            if not sets
            else f"Best set: {sets[0]}"
            + (f" (also {', '.join(map(str, sets[1:]))})" if sets[1:] else "")
        )
        # the dice of the best set are marked as such, the others are not
        marked = [int(p["text"]) for p in view["parts"] if p.get("title")]
        assert marked == ([sets[0]] * sets[0] if sets else [])
        assert str(sum(faces)) not in view["label"].split(": ", 1)[1].split(";")[-1]
        assert view["what"] == "Danger World pool of 8 dice"
        assert "total" not in view["label"] and "=" not in view["text"]


def test_a_pool_at_a_difficulty_names_the_outcome() -> None:
    from rules_py.systems import danger_world as dw

    seen = set()
    for seed in range(300):
        view = roll_view("5d6", seed=seed, reading="pool difficulty 3")
        faces = [int(p["text"]) for p in view["parts"]]
        best = dw.outcomes(faces, 3)[0]
        words = {"success": "success", "partial": "partial success", "failure": "failure"}
        assert f"; {words[best.result]}" in view["result"]
        botches = best.botches.total
        assert view["result"].endswith(
            "no botch" if not botches else f"{botches} botch" + "es" * (botches > 1)
        )
        seen.add(best.result)
        assert view["what"] == "Danger World pool of 5 dice against difficulty 3 (meaningful)"
    assert seen == {"success", "partial", "failure"}


@pytest.mark.parametrize(
    ("expr", "reading", "skill"),
    [("d10", "0-9", False), ("d100", "00-99", True), ("d%", "00-99", True)],
)
def test_a_d10_0_roll_shows_its_die_read_from_zero(expr: str, reading: str, skill: bool) -> None:
    reads = set()
    for seed in range(400):
        view = roll_view(expr, seed=seed, reading=reading)
        plain = roll_view(expr, seed=seed)["total"]
        read = plain % (100 if skill else 10)  # a real die's 10 (or 100) face reads 0
        dice = [p["text"] for p in view["parts"]]
        assert all(p["kind"] == "die" for p in view["parts"])
        assert dice == ([str(read // 10), str(read % 10)] if skill else [str(read)])
        assert view["result"] == (f"Reads {read:02d}" if skill else f"Reads {read}")
        assert view["total"] is None and "- 1" not in view["text"] and "-1" not in view["text"]
        reads.add(read)
    # 0 comes up (a d10's "0" face, a d100's "00"), and the highest, 9 or 99
    assert {0, 99 if skill else 9} <= reads


def test_a_reading_travels_through_the_worker_request() -> None:
    ok = json.loads(
        handle(json.dumps({"op": "roll", "args": {"expr": "8d6", "reading": "pool", "seed": 7}}))
    )
    assert ok["ok"] and ok["result"]["reading"] == "pool" and ok["result"]["total"] is None
    again = json.loads(
        handle(json.dumps({"op": "roll", "args": {"expr": "8d6", "reading": "pool", "seed": 7}}))
    )
    assert again == ok
    bad = json.loads(
        handle(json.dumps({"op": "roll", "args": {"expr": "3d6+1", "reading": "pool", "seed": 7}}))
    )
    assert bad == {
        "ok": False,
        "error": "`as pool` reads 1 to 24 six-sided dice, such as `8d6`, not `3d6+1`",
    }
    odd = json.loads(handle(json.dumps({"op": "roll", "args": {"expr": "d10", "reading": 3}})))
    assert not odd["ok"] and "reading must be text" in odd["error"]


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


def test_a_name_that_turns_text_around_is_isolated_in_a_sentence() -> None:
    """Issue 28, item 10: a right-to-left override in a name must not reverse the words
    after it; a plain name is left as it is."""
    from rules_py._format import isolated

    assert isolated("Rook") == "Rook"
    assert isolated("Ash\u202eevil") == "\u2068Ash\u202eevil\u2069"
    assert isolated("\u05d0\u05e9") == "\u2068\u05d0\u05e9\u2069"  # Hebrew letters
