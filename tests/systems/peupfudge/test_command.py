"""Peupfudge on the rules-py command line: check and calc, JSON shapes, exit status 2.

Expected odds are computed here independently, by enumerating every face
combination of the fudge dice (Peupfudge, Introduction: each die shows -1, 0
or +1 with equal chances).
"""

import json
import subprocess
import sys
from fractions import Fraction
from itertools import product

import pytest

from rules_py._cli import main
from rules_py.systems import peupfudge

FACES = (-1, 0, 1)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_py", *args], capture_output=True, text=True, check=False
    )


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, dict[str, object]]:
    assert main([*args, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    data: dict[str, dict[str, object]] = json.loads(captured.out)
    return data


def enumerate_action(level: int, additional: int, difficulty: int, dice: int) -> Fraction:
    """P(L + A + R >= D), R the sum of ``dice`` fudge dice, by brute force."""
    rolls = list(product(FACES, repeat=dice))
    wins = sum(1 for r in rolls if level + additional + sum(r) >= difficulty)
    return Fraction(wins, len(rolls))


def enumerate_opposed(mine: int, theirs: int, dice: int) -> tuple[Fraction, Fraction, Fraction]:
    """(win, tie, lose) when both sides roll ``dice`` fudge dice, by brute force."""
    win = tie = lose = 0
    rolls = list(product(FACES, repeat=dice))
    for a in rolls:
        for b in rolls:
            me, them = mine + sum(a), theirs + sum(b)
            win += me > them
            tie += me == them
            lose += me < them
    n = len(rolls) ** 2
    return Fraction(win, n), Fraction(tie, n), Fraction(lose, n)


# --------------------------------------------------------------------------
# check: actions (Peupfudge, 2 Actions)
# --------------------------------------------------------------------------


def test_action_json_is_exact_with_default_4df(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "check", "peupfudge", "L=2", "A=0", "D=3")
    success = enumerate_action(2, 0, 3, 4)
    assert success == Fraction(31, 81)
    assert data == {"outcomes": {"success": str(success), "failure": str(1 - success)}}


@pytest.mark.parametrize(
    ("words", "args"),
    [
        (["L=2", "D=4"], (2, 0, 4, 4)),  # Example 3: about 1/5 (5/27); A defaults to 0
        (["L=6", "A=-1", "D=7"], (6, -1, 7, 4)),  # Example 1's bridge spell
        (["L=0", "A=+1", "D=-2", "dice=2"], (0, 1, -2, 2)),
        (["L=-3", "A=2", "D=5", "dice=9"], (-3, 2, 5, 9)),
        (["L=1", "D=1", "dice=1"], (1, 0, 1, 1)),
    ],
)
def test_action_matches_enumeration(
    capsys: pytest.CaptureFixture[str], words: list[str], args: tuple[int, int, int, int]
) -> None:
    outcomes = cli_json(capsys, "check", "peupfudge", *words)["outcomes"]
    success = enumerate_action(*args)
    assert list(outcomes) == ["success", "failure"]
    assert outcomes["success"] == str(success)
    assert Fraction(str(outcomes["success"])) + Fraction(str(outcomes["failure"])) == 1


def test_example_3_is_5_in_27(capsys: pytest.CaptureFixture[str]) -> None:
    outcomes = cli_json(capsys, "check", "peupfudge", "L=2", "A=0", "D=4")["outcomes"]
    assert outcomes["success"] == "5/27"


def test_action_readable_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "peupfudge", "L=2", "A=0", "D=3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["success", "failure"]
    assert lines[0].endswith("(31/81)") and lines[1].endswith("(50/81)")


# --------------------------------------------------------------------------
# check: opposed actions (Peupfudge, 2 Opposed Actions)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "mine", "theirs", "dice"),
    [
        (["L=2", "vs=3"], 2, 3, 3),  # default 3dF, A defaults to 0
        (["L=2", "A=1", "vs=3"], 3, 3, 3),
        (["L=4", "A=-2", "vs=0", "dice=4"], 2, 0, 4),
        (["L=0", "vs=0", "dice=1"], 0, 0, 1),
        (["L=5", "vs=-1", "dice=2"], 5, -1, 2),
    ],
)
def test_opposed_matches_enumeration_and_sums_to_one(
    capsys: pytest.CaptureFixture[str], words: list[str], mine: int, theirs: int, dice: int
) -> None:
    outcomes = cli_json(capsys, "check", "peupfudge", *words)["outcomes"]
    win, tie, lose = enumerate_opposed(mine, theirs, dice)
    assert outcomes == {"win": str(win), "tie": str(tie), "lose": str(lose)}
    assert sum(Fraction(str(p)) for p in outcomes.values()) == 1


def test_equal_opposed_sides_are_symmetric(capsys: pytest.CaptureFixture[str]) -> None:
    outcomes = cli_json(capsys, "check", "peupfudge", "L=3", "A=1", "vs=4")["outcomes"]
    assert outcomes["win"] == outcomes["lose"]
    assert outcomes["tie"] == str(enumerate_opposed(0, 0, 3)[1])


# --------------------------------------------------------------------------
# calc allocate (Peupfudge, 1.1 Abilities; Appendix C examples)
# --------------------------------------------------------------------------


def test_example_1_construction_magic(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "calc", "peupfudge", "allocate", "xp=7", "level=6", "progress=22")
    assert data == {"value": {"level": 6, "progress": 29, "next_cost": 64}}


def test_example_1_mycology(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "calc", "peupfudge", "allocate", "xp=3")
    assert data == {"value": {"level": 2, "progress": 0, "next_cost": 4}}


@pytest.mark.parametrize(
    ("xp", "level", "progress", "next_cost"),
    [(19, 4, 4, 16), (31, 5, 0, 32), (21, 4, 6, 16), (13, 3, 6, 8), (0, 0, 0, 1)],
)
def test_example_2_starting_xp(
    capsys: pytest.CaptureFixture[str], xp: int, level: int, progress: int, next_cost: int
) -> None:
    data = cli_json(capsys, "calc", "peupfudge", "allocate", f"xp={xp}")
    assert data == {"value": {"level": level, "progress": progress, "next_cost": next_cost}}


def test_example_2_talented_observer(capsys: pytest.CaptureFixture[str]) -> None:
    # Perception 4 (+4/16) plus the property's 7 bonus XP: 4 (+11/16).
    data = cli_json(capsys, "calc", "peupfudge", "allocate", "xp=7", "level=4", "progress=4")
    assert data == {"value": {"level": 4, "progress": 11, "next_cost": 16}}


def test_allocate_readable_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", "peupfudge", "allocate", "xp=7", "level=6", "progress=22"]) == 0
    assert capsys.readouterr().out.splitlines() == ["level: 6", "progress: 29", "next_cost: 64"]


def test_module_functions_answer_fractions() -> None:
    outcomes = peupfudge.check({"L": "2", "D": "3"})["outcomes"]
    assert outcomes == {"success": Fraction(31, 81), "failure": Fraction(50, 81)}
    assert peupfudge.calc("allocate", {"xp": "1"}) == {
        "value": {"level": 1, "progress": 0, "next_cost": 2}
    }


# --------------------------------------------------------------------------
# Errors: exit status 2, exactly one line on stderr, no traceback
# --------------------------------------------------------------------------

BAD_INPUT = [
    pytest.param(["check", "peupfudge", "L=2", "D=3", "X=1"], "unknown key 'X'", id="unknown"),
    pytest.param(["check", "peupfudge", "l=2", "D=3"], "unknown key 'l'", id="case"),
    pytest.param(["check", "peupfudge", "A=1", "D=3"], "L (ability level) is required", id="no-L"),
    pytest.param(["check", "peupfudge", "L=2", "D=3", "vs=1"], "not both", id="D-and-vs"),
    pytest.param(["check", "peupfudge", "L=2", "A=1"], "exactly one of D", id="neither"),
    pytest.param(["check", "peupfudge", "L=two", "D=3"], "whole number", id="L-text"),
    pytest.param(["check", "peupfudge", "L=2", "A=1.5", "D=3"], "whole number", id="A-float"),
    pytest.param(["check", "peupfudge", "L=2", "D=3x"], "whole number", id="D-text"),
    pytest.param(["check", "peupfudge", "L=2", "vs=a"], "whole number", id="vs-text"),
    pytest.param(["check", "peupfudge", "L=2", "D=3", "dice=0"], "from 1 to 9", id="dice0"),
    pytest.param(["check", "peupfudge", "L=2", "vs=3", "dice=10"], "from 1 to 9", id="dice10"),
    pytest.param(["check", "peupfudge", "L=2", "D=3", "dice=3dF"], "whole number", id="dice-txt"),
    pytest.param(["calc", "peupfudge", "level", "xp=3"], "choose from allocate", id="what"),
    pytest.param(["calc", "peupfudge", "allocate"], "xp is required", id="no-xp"),
    pytest.param(["calc", "peupfudge", "allocate", "xp=3", "lvl=1"], "unknown key", id="calc-key"),
    pytest.param(["calc", "peupfudge", "allocate", "xp=-1"], "0 or more", id="negative-xp"),
    pytest.param(["calc", "peupfudge", "allocate", "xp=x"], "whole number", id="xp-text"),
    pytest.param(
        ["calc", "peupfudge", "allocate", "xp=1", "level=6", "progress=64"],
        "Progress must be from 0 to 63 at level 6, got 64",
        id="progress-too-big",
    ),
    pytest.param(["calc", "peupfudge", "allocate", "xp=1", "level=-1"], "0 or more", id="level"),
]


@pytest.mark.parametrize(("argv", "message"), BAD_INPUT)
def test_bad_input_exits_2_with_one_line(argv: list[str], message: str) -> None:
    for args in (argv, [*argv, "--json"]):
        result = run(*args)
        assert result.returncode == 2
        assert result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith("rules-py: error: ")
        assert message in lines[0]
        assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("argv", "message"), BAD_INPUT)
def test_bad_input_in_process(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err


def test_good_input_exits_0_through_python_m() -> None:
    result = run("check", "peupfudge", "L=2", "A=0", "D=3", "--json")
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout)["outcomes"]["success"] == "31/81"


def test_help_names_every_key_and_calculation_with_its_range() -> None:
    def first_words(text: str) -> list[str]:
        return [line.split()[0].split("=")[0] for line in text.splitlines()[:-1]]

    assert first_words(peupfudge.CHECK_HELP) == ["L", "A", "D", "vs", "dice"]
    assert "1 to 9" in peupfudge.CHECK_HELP
    assert first_words(peupfudge.CALC_HELP) == ["allocate"]
    assert "0 to 2**L - 1" in peupfudge.CALC_HELP
    assert "e.g. rules-py calc peupfudge allocate" in run("calc", "--help").stdout
