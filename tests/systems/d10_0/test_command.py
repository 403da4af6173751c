"""The D10/0 System on the rules-py command line: check and calc, JSON shapes, exit status 2.

Expected odds are counted here from the rolls themselves (a d10 read 0-9, a
d100 read 00-99), not taken from the rules package.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from rules_py._cli import main
from rules_py.systems import d10_0, system
from tests.cli_io import cli_error, cli_json


def counted(score: int, difficulty: int, n: int) -> dict[str, str]:
    success = sum(score - r > difficulty for r in range(n))
    miss = sum(score - r == difficulty for r in range(n))
    return {
        "success": str(Fraction(success, n)),
        "miss": str(Fraction(miss, n)),
        "failure": str(Fraction(n - success - miss, n)),
    }


def test_d10_0_is_registered() -> None:
    assert system("d10-0") is d10_0


# --------------------------------------------------------------------------
# check
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "score", "difficulty", "n"),
    [
        (["score=5", "difficulty=0"], 5, 0, 10),
        (["score=7", "difficulty=hard"], 7, 3, 10),
        (["score=3", "difficulty=-2"], 3, -2, 10),
        (["score=25", "difficulty=challenge", "skill=yes"], 25, 20, 100),
        (["score=40", "difficulty=25", "skill=yes"], 40, 25, 100),  # the shaman's shield
        (["score=60", "difficulty=Impossible?", "skill=yes"], 60, 60, 100),
        (["score=12", "difficulty=tricky", "skill=no"], 12, 1, 10),
    ],
)
def test_d10_0_check_against_a_difficulty(
    capsys: pytest.CaptureFixture[str], words: list[str], score: int, difficulty: int, n: int
) -> None:
    data = cli_json(capsys, "check", "d10-0", *words)
    assert data["outcomes"] == counted(score, difficulty, n)


def test_d10_0_check_with_overflow(capsys: pytest.CaptureFixture[str]) -> None:
    # Score 3 vs 5: only a first 0 then a re-roll of 1 (miss) or 0 (success) helps.
    data = cli_json(capsys, "check", "d10-0", "score=3", "difficulty=5", "overflow=yes")
    assert data["outcomes"] == {"success": "1/100", "miss": "1/100", "failure": "49/50"}


def test_d10_0_check_returns_named_degrees() -> None:
    result = d10_0.check({"score": "5", "difficulty": "0"})
    degrees = result["degrees"]
    assert isinstance(degrees, dict)
    assert degrees["Amazing"] == Fraction(1, 10)
    assert sum(degrees.values()) == 1


@pytest.mark.parametrize(
    ("words", "mine", "theirs", "n"),
    [
        (["score=5", "vs=5"], 5, 5, 10),
        (["score=5", "vs=3"], 5, 3, 10),
        (["score=40", "vs=55", "skill=yes"], 40, 55, 100),
    ],
)
def test_d10_0_check_conflicting_effort(
    capsys: pytest.CaptureFixture[str], words: list[str], mine: int, theirs: int, n: int
) -> None:
    win = tie = 0
    for a, b in product(range(n), repeat=2):
        win += mine - a > theirs - b
        tie += mine - a == theirs - b
    data = cli_json(capsys, "check", "d10-0", *words)
    assert data["outcomes"] == {
        "win": str(Fraction(win, n * n)),
        "tie": str(Fraction(tie, n * n)),
        "lose": str(Fraction(n * n - win - tie, n * n)),
    }


def test_d10_0_check_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "d10-0", "score=5", "difficulty=0"]) == 0
    out = capsys.readouterr().out
    assert "success" in out and "(1/2)" in out and "(1/10)" in out


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["difficulty=0"], "needs score="),
        (["score=5"], "give exactly one"),
        (["score=5", "difficulty=0", "vs=3"], "give exactly one"),
        (["score=5", "difficulty=easy"], "Degree Information"),
        (["score=five", "difficulty=0"], "whole number"),
        (["score=-1", "difficulty=0"], "0 to 999"),
        (["score=5", "difficulty=0", "overflow=maybe"], "yes or no"),
        (["score=5", "vs=3", "overflow=yes"], "Overflow"),
        (["score=5", "difficulty=0", "dice=2"], "unknown: dice"),
    ],
)
def test_d10_0_check_errors_exit_2(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert message in cli_error(capsys, "check", "d10-0", *words)


# --------------------------------------------------------------------------
# check: cooperative and cumulative effort, bursts and blasts (issue 17, item 9)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "scores", "difficulty", "n"),
    [
        (["scores=5,4", "difficulty=challenge"], (5, 4), 2, 10),
        (["scores=7,3,2", "difficulty=5"], (7, 3, 2), 5, 10),
        (["scores=40,35", "difficulty=hard", "skill=yes"], (40, 35), 30, 100),
    ],
)
def test_d10_0_check_cooperative_effort_adds_the_efforts(
    capsys: pytest.CaptureFixture[str],
    words: list[str],
    scores: tuple[int, ...],
    difficulty: int,
    n: int,
) -> None:
    success = miss = 0
    for rolls in product(range(n), repeat=len(scores)):
        total = sum(s - r for s, r in zip(scores, rolls, strict=True))
        success += total > difficulty
        miss += total == difficulty
    every = n ** len(scores)
    data = cli_json(capsys, "check", "d10-0", *words)
    assert data["outcomes"] == {
        "success": str(Fraction(success, every)),
        "miss": str(Fraction(miss, every)),
        "failure": str(Fraction(every - success - miss, every)),
    }


@pytest.mark.parametrize("losses", [False, True])
def test_d10_0_check_cumulative_effort_counts_each_check_until_the_goal(
    capsys: pytest.CaptureFixture[str], losses: bool
) -> None:
    score, goal, checks = 6, 9, 3
    reached = [0] * checks
    for rolls in product(range(10), repeat=checks):
        total = 0
        for k, roll in enumerate(rolls):
            effort = score - roll
            total += effort if losses or effort > 0 else 0
            if total >= goal:
                for later in range(k, checks):
                    reached[later] += 1
                break
    words = [f"score={score}", f"goal={goal}", f"checks={checks}"]
    data = cli_json(capsys, "check", "d10-0", *words, f"losses={'yes' if losses else 'no'}")
    by_check = [str(Fraction(r, 10**checks)) for r in reached]
    assert data["reached_within"] == [[k, p] for k, p in enumerate(by_check, start=1)]
    assert data["outcomes"]["reached"] == by_check[-1]


def test_d10_0_check_x_shot_burst_as_the_guide_works_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 3 + 3 AP fires 15 shots; a degree of 11 passes "> 10" and threatens 3 x 3 = 9.
    data = cli_json(
        capsys, "check", "d10-0", "block=x-shot-burst", "score=45", "difficulty=20", "x=3"
    )
    assert data["block"] == "X Shot Burst" and data["ap"] == 6
    thresholds = (-10, 0, 10, 25, 50)
    counts = dict.fromkeys(range(0, 16, 3), 0)
    for roll in range(100):  # a d100 read 00-99
        degree = 45 - roll - 20
        passed = sum(degree > t for t in thresholds)
        counts[3 * passed] += 1
    expected = [[n, str(Fraction(c, 100))] for n, c in counts.items() if c]
    assert data["threatening"] == expected
    assert data["outcomes"]["> +10 (9 threatening)"] == str(Fraction(counts[9], 100))


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["scores=5,x", "difficulty=1"], "scores= is 1 to 10 whole numbers"),
        (["scores=5,4"], "needs difficulty="),
        (["scores=5,4", "difficulty=1", "vs=3"], "unknown: vs"),
        (["score=5", "goal=10"], "needs checks="),
        (["score=5", "goal=0", "checks=3"], "The goal must be from 1 to 10000"),
        (["block=laser", "score=45", "difficulty=0"], "The blocks are Three Shot Burst"),
        (["block=x-shot-burst", "score=45", "difficulty=0"], "needs X"),
        (["block=three-shot-burst", "score=45", "difficulty=0", "skill=no"], "skill check"),
        (["block=proton-stream", "score=45", "difficulty=0"], "fired for 3, 4 or 5 AP"),
        # Issue 27, item 7: the AP follow from X, so a contradicting ap= is refused, and a
        # missing AP cost is named instead of "(got None)".
        (["block=x-shot-burst", "x=3", "ap=5"], "X Shot Burst with X 3 costs 6 AP (3 + X), not 5"),
        (
            ["block=x-shot-burst", "x=3", "ap=5", "score=45", "difficulty=20"],
            "costs 6 AP (3 + X), not 5",
        ),
        (["block=proton-stream", "score=45", "difficulty=0"], "Proton Stream needs its AP cost"),
    ],
)
def test_d10_0_check_effort_and_burst_errors_exit_2(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    said = cli_error(capsys, "check", "d10-0", *words)
    assert message in said
    assert "None" not in said


# --------------------------------------------------------------------------
# calc
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "value"),
    [
        (["health", "en=5", "sp=4"], 45),
        (["hp_increase", "en=5", "sp=4"], 5),
        (["recovery", "en=5", "sp=4"], 5),
        (["recovery", "en=5", "sp=4", "rate=2"], 10),
        (["recovery", "en=5", "sp=4", "rate=3"], 15),
        (["health_state", "current=-50", "normal=50"], "Dying"),
        (["health_state", "current=-51", "normal=50"], "Dead"),
        (["health_state", "current=0", "normal=50"], "On the Brink"),
        (["action_quota", "ag=7", "fo=4"], 5),
        (["skill_base", "major=5,5", "minor=5"], 25),
        (["skill_base", "major=8,6", "minor=3"], 31),
        (["adjust_cost", "from=0", "to=25"], 50),
        (["adjust_cost", "from=0", "to=10"], 10),
        (["adjust", "damage=35", "chain=-10F -2R"], 21),
        (["adjust", "damage=35", "chain=-1R -10F"], 22),
    ],
)
def test_d10_0_calc_values(
    capsys: pytest.CaptureFixture[str], words: list[str], value: object
) -> None:
    assert cli_json(capsys, "calc", "d10-0", *words) == {"value": value}


def test_d10_0_calc_damage_distribution(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "calc", "d10-0", "damage", "notation=10 + 2D(ST)", "ST=4")
    weights: dict[int, int] = {}
    for a, b in product(range(10), repeat=2):
        total = 10 + min(10 if a == 0 else a, 4) + min(10 if b == 0 else b, 4)
        weights[total] = weights.get(total, 0) + 1
    mean = Fraction(sum(t * w for t, w in weights.items()), 100)
    assert data == {
        "value": {
            "distribution": [[t, str(Fraction(w, 100))] for t, w in sorted(weights.items())],
            "mean": str(mean),
        }
    }


def test_d10_0_calc_damage_with_prefixes_and_overflow(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "calc", "d10-0", "damage", "notation=5K + 1KD")
    value = data["value"]
    assert isinstance(value, dict)
    assert value["distribution"] == [[5000 + 1000 * v, "1/10"] for v in range(1, 11)]
    assert value["mean"] == "10500"
    data = cli_json(capsys, "calc", "d10-0", "damage", "notation=1D", "overflow=yes")
    value = data["value"]
    assert isinstance(value, dict)
    assert value["mean"] == "55/9"
    assert value["beyond_cap"] == "1/10000000000"


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["skill_base", "major=5,5", "minor=6"], "cannot be higher than a major"),
        (["adjust_cost", "from=10", "to=5"], "would lower it"),
        (["damage", "notation=2D(XX)"], "at position 4"),
        (["damage", "notation=2D(ST)"], "give ST's score"),
        (["damage", "notation=1D", "XX=3"], "unknown: XX"),
        (["recovery", "en=5", "sp=5", "rate=4"], "rate= is 1"),
        (["health_state", "current=5", "normal=0"], "Normal Health"),
        (["adjust", "damage=10", "chain=-10"], "F (flat) or R"),
        (["health", "en=5"], "needs sp="),
        (["skill_base", "major=5", "minor=3"], "major= is the two circled"),
        (["karma"], "can calculate"),
    ],
)
def test_d10_0_calc_errors_exit_2(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert message in cli_error(capsys, "calc", "d10-0", *words)


def test_d10_0_help_texts_end_with_an_example() -> None:
    for text, command in ((d10_0.CHECK_HELP, "check"), (d10_0.CALC_HELP, "calc")):
        lines = text.splitlines()
        assert lines[-1].startswith(f"e.g. rules-py {command} d10-0 ")
    for key in ("score=", "difficulty=", "vs=", "skill=", "overflow="):
        assert key in d10_0.CHECK_HELP
    for what in (
        "health ",
        "hp_increase ",
        "recovery ",
        "health_state ",
        "action_quota ",
        "skill_base ",
        "adjust_cost ",
        "damage ",
        "adjust ",
    ):
        assert any(line.startswith(what) for line in d10_0.CALC_HELP.splitlines())


def test_the_bursts_page_says_the_x_shot_cost_follows_from_x() -> None:
    """The Source note states the reading the refusal above makes (issue 27, item 7)."""
    page = (Path(__file__).parents[3] / "docs" / "d10-0" / "bursts-and-blasts.md").read_text()
    assert "5 AP for X = 3" in page and "is refused, never quietly" in page
