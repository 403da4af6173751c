"""Danger World on the rules-py command line: check and calc, JSON shapes, exit status 2.

Expected chances for small pools are counted here from the rolls themselves.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules_py._cli import main
from rules_py.systems import danger_world, system
from tests.cli_io import cli_error, cli_json


def counted_no_rerolls(dice: int, difficulty: int) -> Fraction:
    hits = 0
    for roll in product(range(1, 7), repeat=dice):
        counts = Counter(roll)
        hits += any(counts[h] >= h for h in range(difficulty, 7))
    return Fraction(hits, 6**dice)


def test_danger_world_is_registered() -> None:
    assert system("danger-world") is danger_world


@pytest.mark.parametrize(("dice", "difficulty"), [(2, 2), (4, 2), (5, 3), (6, 4), (3, 6)])
def test_danger_world_check_without_rerolls(
    capsys: pytest.CaptureFixture[str], dice: int, difficulty: int
) -> None:
    p = counted_no_rerolls(dice, difficulty)
    data = cli_json(
        capsys, "check", "danger-world", f"dice={dice}", f"difficulty={difficulty}", "rerolls=0"
    )
    assert data == {"outcomes": {"success": str(p), "failure": str(1 - p)}}


def test_danger_world_check_defaults_to_two_rerolls(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "check", "danger-world", "dice=12", "difficulty=4")
    p = danger_world.success_chance(12, 4, 2)
    assert data == {"outcomes": {"success": str(p), "failure": str(1 - p)}}
    one = cli_json(capsys, "check", "danger-world", "dice=12", "difficulty=4", "rerolls=1")
    assert Fraction(str(one["outcomes"]["success"])) < p  # type: ignore[index]


def test_danger_world_check_threat_dice_change_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    plain = cli_json(capsys, "check", "danger-world", "dice=7", "difficulty=3")
    for threat in ("0", "3", "17"):
        assert (
            cli_json(capsys, "check", "danger-world", "dice=7", "difficulty=3", f"threat={threat}")
            == plain
        )


def test_danger_world_check_names_and_modified_difficulties(
    capsys: pytest.CaptureFixture[str],
) -> None:
    named = cli_json(capsys, "check", "danger-world", "dice=8", "difficulty=significant")
    assert named == cli_json(capsys, "check", "danger-world", "dice=8", "difficulty=4")
    assert cli_json(capsys, "check", "danger-world", "dice=8", "difficulty=1") == cli_json(
        capsys, "check", "danger-world", "dice=8", "difficulty=2"
    )
    assert cli_json(capsys, "check", "danger-world", "dice=24", "difficulty=7") == {
        "outcomes": {"success": "0", "failure": "1"}
    }


def test_danger_world_check_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "danger-world", "dice=2", "difficulty=2", "rerolls=0"]) == 0
    out = capsys.readouterr().out
    assert "success" in out and "(1/36)" in out and "(35/36)" in out


def _calc_text(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(["calc", "danger-world", *words]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


@pytest.mark.parametrize(
    "words",
    [
        ("advice", "roll=1,3,3,5,6", "difficulty=3"),
        ("advice", "roll=3,3,3", "difficulty=3", "rounds=1"),
        ("outcome", "roll=1,3,3,5,6", "difficulty=3", "danger=3", "threat=1"),
    ],
)
def test_danger_world_calc_text_output_is_text_not_json(
    capsys: pytest.CaptureFixture[str], words: tuple[str, ...]
) -> None:
    """Issue 32, item 4: the text output printed the keeps and the choices as JSON."""
    out = _calc_text(capsys, *words)
    assert not any(mark in out for mark in '{}[]"')
    assert "null" not in out and "true" not in out


def test_danger_world_calc_text_output_says_each_keep_and_choice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _calc_text(capsys, "advice", "roll=1,3,3,5,6", "difficulty=3").splitlines() == [
        "success  66.51%  (31031/46656)",
        "best keeps:",
        "  keep 3, 3 and reroll 1, 5, 6",
    ]
    assert "  keep 3, 3, 3 and reroll nothing" in _calc_text(
        capsys, "advice", "roll=3,3,3", "difficulty=3", "rounds=1"
    )
    out = _calc_text(capsys, "outcome", "roll=1,3,3,5,6", "difficulty=3", "danger=3", "threat=1")
    assert out.splitlines() == [
        "choices:",
        "  set of 3: success; bonus dice 0; botches 2 (normal 1, danger 0, threat 1); "
        "danger level +1",
        "  no set: failure; bonus dice 0; botches 2 (normal 1, danger 0, threat 1); "
        "danger level +0",
    ]
    # --json is unchanged: the same values, as JSON
    assert cli_json(capsys, "calc", "danger-world", "advice", "roll=1,3,3,5,6", "difficulty=3") == {
        "value": {"success": "31031/46656", "optimal": [{"keep": [3, 3], "reroll": [1, 5, 6]}]}
    }


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["difficulty=3"], "needs dice="),
        (["dice=0", "difficulty=3"], "dice= must be a whole number from 1 to 24"),
        (["dice=25", "difficulty=3"], "from 1 to 24"),
        (["dice=5"], "needs difficulty="),
        (["dice=5", "difficulty=8"], "difficulty= must be a whole number from 1 to 7"),
        (["dice=5", "difficulty=epic"], "difficulty= must be a whole number"),
        (["dice=5", "difficulty=3", "rerolls=3"], "rerolls= must be a whole number from 0 to 2"),
        (["dice=20", "difficulty=3", "threat=5"], "threat= must be a whole number from 0 to 4"),
        (["dice=5", "difficulty=3", "stat=2"], "takes dice=, difficulty=, rerolls=, threat="),
    ],
)
def test_danger_world_check_refusals(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    err = cli_error(capsys, "check", "danger-world", *words)
    assert "Danger World" in err and message in err


# --------------------------------------------------------------------------
# calc
# --------------------------------------------------------------------------


def test_danger_world_calc_advice_contract(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "calc", "danger-world", "advice", "roll=1,3,3,5,6", "difficulty=3")
    p = danger_world.best_chance([1, 3, 3, 5, 6], 3, 2)
    assert data == {
        "value": {"success": str(p), "optimal": [{"keep": [3, 3], "reroll": [1, 5, 6]}]}
    }


def test_danger_world_calc_advice_one_round_left(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(
        capsys, "calc", "danger-world", "advice", "roll=2,3,3,5,6", "difficulty=2", "rounds=1"
    )
    assert data == {"value": {"success": "5/9", "optimal": [{"keep": [2, 3, 3], "reroll": [5, 6]}]}}


def test_danger_world_calc_advice_keeps_a_success_and_rerolls_its_botches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Issue 16: the set already succeeds, so the dice that would botch under it are rerolled.
    data = cli_json(
        capsys, "calc", "danger-world", "advice", "roll=3,3,3,2,6", "difficulty=3", "rounds=1"
    )
    assert data == {"value": {"success": "1", "optimal": [{"keep": [3, 3, 3, 6], "reroll": [2]}]}}
    data = cli_json(capsys, "calc", "danger-world", "advice", "roll=4,4,1,4,4", "difficulty=3")
    assert data == {"value": {"success": "1", "optimal": [{"keep": [4, 4, 4, 4], "reroll": [1]}]}}


def test_danger_world_calc_advice_breaks_ties_by_fewer_botches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Two dice at difficulty 3 can never succeed, so every keep ties; keeping both has the
    # fewest botches (a kept 2 or 4 never botches without a set; a rerolled die may show 1).
    data = cli_json(capsys, "calc", "danger-world", "advice", "roll=2,4", "difficulty=3")
    assert data == {"value": {"success": "0", "optimal": [{"keep": [2, 4], "reroll": []}]}}
    data = cli_json(capsys, "calc", "danger-world", "advice", "roll=1,3,5", "difficulty=6")
    assert data == {"value": {"success": "0", "optimal": [{"keep": [3, 5], "reroll": [1]}]}}


def test_danger_world_calc_odds(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "calc", "danger-world", "odds", "dice=3")
    value = data["value"]
    assert isinstance(value, dict)
    assert list(value) == ["2", "3", "4", "5", "6"]
    assert value["2"]["0"] == str(counted_no_rerolls(3, 2))
    assert value["4"] == {"0": "0", "1": "0", "2": "0"}
    assert value["3"]["2"] == str(danger_world.success_chance(3, 3, 2))


def test_danger_world_calc_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(
        capsys,
        "calc",
        "danger-world",
        "outcome",
        "roll=3,3,1,2",
        "danger=3,5",
        "threat=3,6",
        "difficulty=2",
    )
    assert data == {
        "value": {
            "choices": [
                {
                    "set": 3,
                    "result": "success",
                    "bonus_dice": 1,
                    "botches": {"normal": 2, "danger": 0, "threat": 1, "total": 3},
                    "danger_change": 1,
                },
                {
                    "set": None,
                    "result": "failure",
                    "bonus_dice": 0,
                    "botches": {"normal": 1, "danger": 0, "threat": 0, "total": 1},
                    "danger_change": 0,
                },
            ]
        }
    }


def test_danger_world_calc_zone(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "calc", "danger-world", "zone", "level=21")
    assert data == {"value": {"zone": 5, "levels": "21+", "danger_dice": 5}}


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["advice", "difficulty=3"], "needs roll="),
        (["advice", "roll=1,7", "difficulty=3"], "roll= lists the faces shown, 1 to 6"),
        (["advice", "roll=" + ",".join(["2"] * 25), "difficulty=3"], "1 to 24 dice"),
        (["advice", "roll=1,3", "difficulty=3", "rounds=0"], "rounds= must be a whole number"),
        (["advice", "roll=1,,3", "difficulty=3"], "roll= has a missing face (got '1,,3')"),
        (["advice", "roll=1,3,", "difficulty=3"], "roll= has a missing face (got '1,3,')"),
        (["advice", "roll=,1", "difficulty=3"], "roll= has a missing face (got ',1')"),
        (["outcome", "roll=2,2", "difficulty=2", "danger=3,"], "danger= has a missing face"),
        (
            ["advice", "roll=1,3", "difficulty=hard"],
            "or one of minor (2), meaningful (3), significant (4), major (5), monumental (6) "
            "(got 'hard')",
        ),
        (["odds", "dice=25"], "dice= must be a whole number from 0 to 24"),
        (["zone", "level=0"], "level= must be a whole number 1 or more"),
        (["outcome", "roll=2,2", "difficulty=2", "bonus=1"], "takes roll=, difficulty="),
        (["health"], "can calculate advice, odds, outcome, zone"),
    ],
)
def test_danger_world_calc_refusals(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    err = cli_error(capsys, "calc", "danger-world", *words)
    assert "Danger World" in err and message in err
