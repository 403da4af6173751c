"""Seeded rolls: a roll (an expression's or a widget's) answers its seed, which rolls it again.

A shared roll's link carries the expression and the seed; whoever opens it sees
Python roll the very same dice from that seed.
"""

from __future__ import annotations

import json

import pytest

from rules_py.dice import SEED_LIMIT
from rules_py.handler import handle
from rules_py.views import roll_view
from rules_py.widgets import WIDGETS


def _ask(op: str, **args: object) -> dict[str, object]:
    answer: dict[str, object] = json.loads(handle(json.dumps({"op": op, "args": args})))
    return answer


def _seeded_shared_generator(words: list[int]) -> None:
    assert _ask("seed", entropy=words)["ok"]


def test_each_roll_answers_a_fresh_seed_in_range() -> None:
    _seeded_shared_generator([11, 12])
    seeds = [roll_view("3d6")["seed"] for _ in range(20)]
    assert len(set(seeds)) == 20
    assert all(isinstance(s, int) and 0 <= s < SEED_LIMIT for s in seeds)


def test_the_same_seed_rolls_the_same_dice() -> None:
    _seeded_shared_generator([5])
    first = roll_view("4d6dl1+2")
    again = roll_view("4d6dl1+2", seed=first["seed"])
    assert again == first
    exploding = roll_view("10d6!")
    assert roll_view("10d6!", seed=exploding["seed"])["parts"] == exploding["parts"]


def test_the_seed_comes_through_the_worker_request_as_number_or_text() -> None:
    first = _ask("roll", expr="3d6")["result"]
    assert isinstance(first, dict)
    for seed in (first["seed"], str(first["seed"])):
        again = _ask("roll", expr="3d6", seed=seed)
        assert again == {"ok": True, "result": first}


def test_a_given_seed_leaves_other_rolls_randomness_alone() -> None:
    def rolls(interleave: bool) -> list[object]:
        _seeded_shared_generator([7, 8, 9])
        totals: list[object] = []
        for _ in range(5):
            if interleave:
                roll_view("20d20", seed=12345)
            view = roll_view("d1000")
            totals.append((view["total"], view["seed"]))
        return totals

    assert rolls(interleave=False) == rolls(interleave=True)


def test_different_seeds_roll_differently() -> None:
    totals = {tuple(roll_view("10d100", seed=s)["text"]) for s in range(10)}
    assert len(totals) == 10


def test_a_bad_seed_is_refused_with_a_reason() -> None:
    for seed, reason in (
        ("abc", "whole number"),
        (-1, "must be from 0 to"),
        (SEED_LIMIT, "must be from 0 to"),
        (True, "whole number"),
        (1.5, "whole number"),
    ):
        answer = _ask("roll", expr="3d6", seed=seed)
        assert answer["ok"] is False, seed
        assert "seed" in str(answer["error"]) and reason in str(answer["error"]), answer


# A widget's roll is shared the same way: the link holds the widget's values and the
# roll's seed, and the page that opens it asks the widget to roll them again.

ROLLING_WIDGETS = sorted(name for name, w in WIDGETS.items() if w.roll is not None)


@pytest.mark.parametrize("name", ROLLING_WIDGETS)
def test_a_widget_roll_comes_again_from_its_seed_whatever_else_was_rolled(name: str) -> None:
    widget = WIDGETS[name]
    for words in ([1], [2], [3], [4], [5]):
        _seeded_shared_generator(words)
        first = widget.rolled({})
        assert isinstance(first["seed"], int) and 0 <= first["seed"] < SEED_LIMIT
        _seeded_shared_generator([w + 100 for w in words])  # other rolls, other randomness
        roll_view("20d20")
        assert widget.rolled({}, first["seed"]) == first, name


def test_widget_rolls_differ_from_seed_to_seed() -> None:
    """Every rolling widget draws its dice from the seed: some seed rolls other dice."""
    for name in ROLLING_WIDGETS:
        widget = WIDGETS[name]
        lines = {json.dumps(widget.rolled({}, seed)["lines"]) for seed in range(40)}
        assert len(lines) > 1, name


def test_a_widget_roll_s_seed_comes_through_the_worker_request_as_number_or_text() -> None:
    args = {"name": "wodu-check", "action": "roll", "values": {"ability": "2"}}
    first = _ask("widget", **args)["result"]
    assert isinstance(first, dict)
    for seed in (first["seed"], str(first["seed"])):
        assert _ask("widget", **args, seed=seed) == {"ok": True, "result": first}


@pytest.mark.parametrize("seed", [-1, SEED_LIMIT, "x", "1.5", True, [3]])
def test_a_widget_roll_refuses_a_seed_out_of_range(seed: object) -> None:
    args = {"name": "wodu-check", "action": "roll", "values": {}, "seed": seed}
    answer = _ask("widget", **args)
    assert answer["ok"] is False
    assert "a roll's seed must be" in str(answer["error"])


def test_a_labelled_roll_is_the_same_roll_named_for_what_it_is() -> None:
    """The dice box's label ("Goblin 2 attacks") names the roll in the log and aloud; the
    dice are those of the same seed unlabelled."""
    plain, named = roll_view("2d6+1", 7), roll_view("2d6+1", 7, label=" Goblin 2 attacks ")
    assert named["parts"] == plain["parts"] and named["total"] == plain["total"]
    assert named["log"]["what"] == "Goblin 2 attacks: 2d6+1"
    assert named["log"]["said"].startswith("Rolled Goblin 2 attacks: 2d6+1: ")
    assert named["caption"] == "Goblin 2 attacks"
    with pytest.raises(Exception, match="at most 60"):
        roll_view("2d6", 7, label="x" * 61)
