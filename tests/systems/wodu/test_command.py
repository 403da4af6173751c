"""``rules-py check wodu`` and ``rules-py calc wodu``: the real command line.

Expected odds are computed here by enumerating every roll of the d10s, not with
the package's own distribution code.
"""

import json
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from itertools import product

import pytest

from rules_py._cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_py", *args], capture_output=True, text=True, check=False
    )


def check_json(capsys: pytest.CaptureFixture[str], *params: str) -> dict[str, str]:
    assert main(["check", "wodu", *params, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    data = json.loads(captured.out)
    assert list(data) == ["outcomes"]
    outcomes: dict[str, str] = data["outcomes"]
    return outcomes


def calc_json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    assert main(["calc", "wodu", *args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["value"]
    return data["value"]


def enumerate_checks(ability: int, background: bool) -> list[int]:
    """Every equally likely total: 2d10, or 3d10 keeping the highest two, + ability."""
    if background:
        return [sum(sorted(r)[1:]) + ability for r in product(range(1, 11), repeat=3)]
    return [sum(r) + ability for r in product(range(1, 11), repeat=2)]


def chance(totals: list[int], hit: Callable[[int], bool]) -> Fraction:
    return Fraction(sum(1 for t in totals if hit(t)), len(totals))


def expected_dr(ability: int, dr: int, background: bool = False) -> dict[str, str]:
    success = chance(enumerate_checks(ability, background), lambda t: t >= dr)
    return {"success": str(success), "failure": str(1 - success)}


def expected_fr(ability: int, lo: int, hi: int, background: bool = False) -> dict[str, str]:
    totals = enumerate_checks(ability, background)
    return {
        "failure": str(chance(totals, lambda t: t < lo)),
        "weak": str(chance(totals, lambda t: lo <= t <= hi)),
        "strong": str(chance(totals, lambda t: t > hi)),
    }


# --------------------------------------------------------------------------
# check: difficulty rating (DR)
# --------------------------------------------------------------------------


def test_dr_json_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    outcomes = check_json(capsys, "ability=0", "dr=12")
    assert outcomes == {"success": "9/20", "failure": "11/20"}
    assert list(outcomes) == ["success", "failure"]
    assert outcomes == expected_dr(0, 12)  # 45 of the 100 rolls of 2d10 reach 12


@pytest.mark.parametrize(
    ("ability", "dr", "background"),
    [(-1, 9, False), (2, 12, False), (6, 21, False), (1, 15, True), (-1, 2, True), (0, 30, True)],
)
def test_dr_matches_enumeration(
    capsys: pytest.CaptureFixture[str], ability: int, dr: int, background: bool
) -> None:
    params = [f"ability={ability}", f"dr={dr}", f"background={'yes' if background else 'no'}"]
    assert check_json(capsys, *params) == expected_dr(ability, dr, background)


@pytest.mark.parametrize(
    ("name", "dr"),
    [("light", 9), ("risky", 12), ("Risky", 12), ("HARD", 15), ("extreme", 18), ("mythic", 21)],
)
def test_dr_by_name(capsys: pytest.CaptureFixture[str], name: str, dr: int) -> None:
    assert check_json(capsys, "ability=1", f"dr={name}") == expected_dr(1, dr)


def test_signed_ability_and_background_spellings(capsys: pytest.CaptureFixture[str]) -> None:
    with_background = expected_dr(2, 12, background=True)
    for word in ("yes", "YES", "true", "True"):
        assert check_json(capsys, "ability=+2", "dr=12", f"background={word}") == with_background
    for word in ("no", "false", "No"):
        assert check_json(capsys, "ability=2", "dr=12", f"background={word}") == expected_dr(2, 12)


def test_dr_readable_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "wodu", "ability=0", "dr=12"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("success") and lines[0].endswith("(9/20)")
    assert lines[1].startswith("failure") and lines[1].endswith("(11/20)")


# --------------------------------------------------------------------------
# check: fuzzy range (FR)
# --------------------------------------------------------------------------


def test_fr_json_is_exact_and_ordered(capsys: pytest.CaptureFixture[str]) -> None:
    outcomes = check_json(capsys, "ability=0", "fr=12-14")
    assert list(outcomes) == ["failure", "weak", "strong"]
    # 2d10: 55 rolls total 11 or less, 9 + 8 + 7 = 24 total 12-14, 21 total 15 or more.
    assert outcomes == {"failure": "11/20", "weak": "6/25", "strong": "21/100"}
    assert outcomes == expected_fr(0, 12, 14)
    assert sum(Fraction(p) for p in outcomes.values()) == 1


def test_fr_with_background(capsys: pytest.CaptureFixture[str]) -> None:
    outcomes = check_json(capsys, "ability=2", "fr=12-14", "background=yes")
    assert outcomes == expected_fr(2, 12, 14, background=True)
    assert outcomes == {"failure": "77/500", "weak": "28/125", "strong": "311/500"}
    assert Fraction(outcomes["strong"]) > Fraction(expected_fr(2, 12, 14)["strong"])


@pytest.mark.parametrize(
    ("name", "lo", "hi"),
    [("risky", 9, 11), ("hard", 12, 14), ("Hard", 12, 14), ("EXTREME", 15, 17), ("mythic", 18, 20)],
)
def test_fr_by_name(capsys: pytest.CaptureFixture[str], name: str, lo: int, hi: int) -> None:
    assert check_json(capsys, "ability=3", f"fr={name}", "background=true") == expected_fr(
        3, lo, hi, background=True
    )


def test_fr_readable_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "wodu", "ability=-1", "fr=hard"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["failure", "weak", "strong"]


# --------------------------------------------------------------------------
# calc
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "strength", "hp"),
    # Level 0 (gritty) is 5 + STR; from Level 1 on, level + 10 + STR.
    [(0, 1, 6), (0, -1, 4), (1, 2, 13), (3, 1, 14), (10, 4, 24), (15, 6, 31), (15, -1, 24)],
)
def test_calc_max_hp(
    capsys: pytest.CaptureFixture[str], level: int, strength: int, hp: int
) -> None:
    assert calc_json(capsys, "max_hp", f"level={level}", f"str={strength}") == hp
    assert main(["calc", "wodu", "max_hp", f"level={level}", f"str={strength}"]) == 0
    assert capsys.readouterr().out == f"{hp}\n"


@pytest.mark.parametrize(("pace", "xp"), [("fast", 10), ("slow", 15), ("SLOW", 15)])
def test_calc_xp_to_next(capsys: pytest.CaptureFixture[str], pace: str, xp: int) -> None:
    for level in (0, 1, 7, 14):
        assert calc_json(capsys, "xp_to_next", f"level={level}", f"pace={pace}") == xp


def test_subprocess_success(capsys: pytest.CaptureFixture[str]) -> None:
    result = run("check", "wodu", "ability=0", "dr=risky", "--json")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {"outcomes": {"success": "9/20", "failure": "11/20"}}
    result = run("calc", "wodu", "max_hp", "level=3", "str=1", "--json")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {"value": 14}


# --------------------------------------------------------------------------
# errors: exit status 2, one line on stderr, no traceback
# --------------------------------------------------------------------------

BAD_INPUT = [
    (["check", "wodu", "ability=1", "dr=12", "colour=red"], "colour"),
    (["check", "wodu", "dr=12"], "ability="),
    (["check", "wodu", "ability=1"], "exactly one"),
    (["check", "wodu", "ability=1", "dr=12", "fr=12-14"], "exactly one"),
    (["check", "wodu", "ability=one", "dr=12"], "whole number"),
    (["check", "wodu", "ability=1.5", "dr=12"], "whole number"),
    (["check", "wodu", "ability=1", "dr=twelve"], "dr="),
    (["check", "wodu", "ability=1", "dr=12.0"], "dr="),
    (["check", "wodu", "ability=7", "dr=12"], "-1 to +6"),
    (["check", "wodu", "ability=-2", "dr=12"], "-1 to +6"),
    (["check", "wodu", "ability=1", "fr=12-"], "fr="),
    (["check", "wodu", "ability=1", "fr=12"], "fr="),
    (["check", "wodu", "ability=1", "fr=a-b"], "fr="),
    (["check", "wodu", "ability=1", "fr=12-15"], "three totals"),
    (["check", "wodu", "ability=1", "dr=12", "background=maybe"], "background="),
    (["check", "wodu", "ability=1", "dr=12", "background=1"], "background="),
    (["check", "wodu", "ability=1", "dr"], "key=value"),
    (["calc", "wodu", "armour", "level=1"], "max_hp, xp_to_next"),
    (["calc", "wodu", "max_hp", "level=1"], "str="),
    (["calc", "wodu", "max_hp", "str=1"], "level="),
    (["calc", "wodu", "max_hp", "level=1", "str=1", "dex=2"], "dex"),
    (["calc", "wodu", "max_hp", "level=16", "str=1"], "0 to 15"),
    (["calc", "wodu", "max_hp", "level=1", "str=7"], "-1 to +6"),
    (["calc", "wodu", "max_hp", "level=x", "str=1"], "whole number"),
    (["calc", "wodu", "xp_to_next", "level=15", "pace=fast"], "highest level"),
    (["calc", "wodu", "xp_to_next", "level=3", "pace=medium"], "pace="),
    (["calc", "wodu", "xp_to_next", "level=3"], "pace="),
]


@pytest.mark.parametrize(("argv", "fragment"), BAD_INPUT, ids=[" ".join(a) for a, _ in BAD_INPUT])
def test_bad_input_in_process(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("rules-py: error: ")
    assert fragment in lines[0]


@pytest.mark.parametrize(("argv", "fragment"), BAD_INPUT, ids=[" ".join(a) for a, _ in BAD_INPUT])
def test_bad_input_exits_2(argv: list[str], fragment: str) -> None:
    result = run(*argv, "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("rules-py: error: ")
    assert fragment in lines[0]


def test_rule_is_named_in_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "wodu", "ability=1", "fr=12-"]) == 2
    assert "2d10 WoDu Hack, Core Resolution" in capsys.readouterr().err
    assert main(["check", "wodu", "ability=9", "dr=12"]) == 2
    assert "2d10 WoDu Hack, Ability Ratings" in capsys.readouterr().err


def help_keys(text: str) -> list[str]:
    """The first word of each line but the example, up to its '=' (or the whole word)."""
    return [line.split()[0].split("=")[0] for line in text.splitlines()[:-1]]


def test_help_names_every_key_and_calculation_with_its_range() -> None:
    from rules_py.systems import wodu

    assert help_keys(wodu.CHECK_HELP) == ["ability", "dr", "fr", "background"]
    assert "-1 to +6" in wodu.CHECK_HELP.splitlines()[0]
    assert "risky (12)" in wodu.CHECK_HELP and "hard (12-14)" in wodu.CHECK_HELP
    assert help_keys(wodu.CALC_HELP) == ["max_hp", "xp_to_next"]
    assert "level 0 to 15" in wodu.CALC_HELP and "level 0 to 14" in wodu.CALC_HELP
    assert run("check", "--help").stdout.count("ability=A") == 1
