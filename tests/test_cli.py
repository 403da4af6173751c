"""The rules-py command line: readable lines, a JSON contract, exit status 2 on bad input."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from rules_py._cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_py", *args], capture_output=True, text=True, check=False
    )


def test_roll_prints_one_readable_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "3d10k2+2", "--seed", "1"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("3d10k2+2: [") and " keep " in line and ", +2 = " in line


def test_roll_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "4d6dl1", "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["expr"] == "4d6dl1"
    assert len(data["dice"]) == 4 and data["kept"].count(True) == 3
    assert data["total"] == sum(v for v, k in zip(data["dice"], data["kept"], strict=True) if k)


def test_seeded_rolls_repeat(capsys: pytest.CaptureFixture[str]) -> None:
    main(["roll", "3d10k2+2", "--seed", "9"])
    main(["roll", "3d10k2+2", "--seed", "9"])
    first, second = capsys.readouterr().out.splitlines()
    assert first == second


def test_odds_json_is_exact_and_ascending(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "2d6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["expr"] == "2d6"
    assert data["distribution"][0] == [2, "1/36"]
    assert data["distribution"][5] == [7, "1/6"]
    assert [o for o, _ in data["distribution"]] == list(range(2, 13))
    assert sum(Fraction(p) for _, p in data["distribution"]) == 1
    assert data["mean"] == "7"


def test_odds_certain_outcome_is_written_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    main(["odds", "5", "--json"])
    assert json.loads(capsys.readouterr().out)["distribution"] == [[5, "1"]]


def test_odds_table_is_aligned(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "2d10kh1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["outcome", "P(=)", "P(>=)", "P(<=)"]
    assert len({len(line) for line in lines[1:-1]}) == 1
    assert lines[-1] == "mean 7.15 (143/20)"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["roll", "3d10k4"], "cannot keep 4 of 3 dice (at position 6)"),
        (["odds", "2d6+"], "(at position 5)"),
        (["odds", "100d1000"], "too large"),
        (["roll"], "required"),
        (["fly"], "invalid choice"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], needle: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and needle in result.stderr
    assert "Traceback" not in result.stderr
