"""The rules-py command line: readable lines, a JSON contract, exit status 2 on bad input."""

import json
import os
import re
import shlex
import subprocess
import sys
import types
from collections.abc import Iterator
from fractions import Fraction
from importlib.metadata import version

import pytest

from rules_py._cli import main
from rules_py.systems import SYSTEMS, system


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


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["roll", "-"], "'-': expected a die or a number, found the end"),
        (["roll", "+"], "'+': expected a die or a number, found the end"),
        (["roll", "3d6 5"], "'3d6 5': a space inside the number '6 5'"),
        (["odds", "3d6", "5"], "'3d6 5': a space inside the number '6 5'"),
        (["roll", "1+" * 300 + "1"], "expression is longer than 200 characters"),
        (["odds", "2d6+" + "x" * 150], "found 'x' (at position 5)"),
        (["check", "wodu", "ability=" + "9" * 600, "dr=12"], "is longer than 60 characters"),
        (["check", "wodu", "y" * 600], "expected key=value"),
        (["roll", "2d6", "--seed", "x" * 600], "invalid int value"),
    ],
)
def test_bad_input_is_refused_on_one_short_line(args: list[str], needle: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and needle in result.stderr
    assert len(result.stderr) < 200, result.stderr


def test_a_long_expression_is_clipped_with_an_ellipsis(capsys: pytest.CaptureFixture[str]) -> None:
    expression = "2d6+" * 40 + "x"
    assert main(["odds", expression]) == 2
    line = capsys.readouterr().err
    assert f"'{expression[:59]}…'" in line and expression not in line


@pytest.mark.parametrize(
    "args",
    [
        ["roll", "-1d4+3", "--seed", "4"],
        ["roll", "--seed", "4", "-1d4+3"],
        ["roll", "-1d4", "+3", "--seed", "4"],
        ["roll", "-1d4", "+", "3", "--seed", "4"],
        ["roll", "--seed", "4", "-1d4", "+", "3"],
        ["roll", "--seed=4", "-1d4 + 3"],
    ],
)
def test_an_expression_may_start_with_minus_and_take_several_words(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["terms"][0]["term"] == "d4" and data["terms"][0]["negative"]
    assert data["total"] == 3 - data["dice"][0]


def test_odds_of_words_between_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "2d6", "--json", "+", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["expr"] == "2d6 + 3"
    assert data["distribution"][0] == [5, "1/36"]
    assert main(["odds", "-d6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["distribution"][0] == [-6, "1/6"]


def test_options_may_stand_between_key_value_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "wodu", "ability=2", "--json", "dr=12"]) == 0
    after = capsys.readouterr().out
    assert main(["check", "--json", "wodu", "dr=12", "ability=2"]) == 0
    assert capsys.readouterr().out == after
    assert json.loads(after)["outcomes"]["success"] == "16/25"
    assert main(["calc", "wodu", "--json", "max_hp", "level=3", "str=1"]) == 0
    assert json.loads(capsys.readouterr().out) == {"value": 14}


@pytest.mark.parametrize("args", [["odds", "20d6!"], ["odds", "3d6"], ["--help"]])
def test_output_to_a_closed_pipe_ends_quietly(args: list[str]) -> None:
    """``rules-py odds 20d6! | head -3``, ``odds 3d6 | head -0``: the reader is gone first."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "rules_py", *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    finally:
        os.close(write_end)
    assert result.stderr == ""
    assert result.returncode == 1


@pytest.mark.parametrize("level", ["41", "99999999999", "9" * 23])
def test_a_peupfudge_level_past_the_range_is_refused_at_once(level: str) -> None:
    """``level=99999999999`` priced 2**level: 57 s in 13 GB; 23 digits printed a traceback."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "rules_py",
            "calc",
            "peupfudge",
            "allocate",
            "xp=1",
            f"level={level}",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(
        f"rules-py: error: The unmodified level must be from 0 to 40, got {level} "
    )


@pytest.mark.parametrize(
    "args", [["odds", "3d6"], ["odds", "30d6"], ["--help"], ["check", "--help"]]
)
def test_output_to_a_full_disk_says_so_on_one_line(args: list[str]) -> None:
    """``rules-py odds 3d6 > /dev/full``: one line on stderr, status 1, no traceback."""
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "rules_py", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert result.stderr == (
        "rules-py: error: the output could not be written: no space left on device\n"
    )
    assert result.returncode == 1


def test_a_closed_standard_output_is_named_on_one_line() -> None:
    """``rules-py odds 3d6 >&-``: Python starts with no stdout; the answer has nowhere to go."""
    shell = f"'{sys.executable}' -m rules_py odds 3d6 >&-"
    result = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, check=False)
    assert result.stderr == (
        "rules-py: error: standard output is closed, so there is nowhere to write the answer\n"
    )
    assert result.returncode == 1


def test_output_read_by_head_ends_quietly() -> None:
    shell = f"'{sys.executable}' -m rules_py odds 20d6! | head -3; exit ${{PIPESTATUS[0]}}"
    result = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, check=False)
    assert result.stdout.splitlines()[0] == "20d6!" and len(result.stdout.splitlines()) == 3
    assert result.stderr == ""
    assert result.returncode in (0, 1)


def test_bare_command_prints_help_naming_commands_and_systems() -> None:
    result = run()
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("usage: rules-py")
    for word in ("roll", "odds", "check", "calc", *SYSTEMS, "e.g. rules-py"):
        assert word in result.stdout


def test_version_is_the_package_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout == f"rules-py {version('rules-py')}\n"


@pytest.mark.parametrize(("command", "attribute"), [("check", "CHECK_HELP"), ("calc", "CALC_HELP")])
def test_command_help_lists_every_system_and_its_keys(command: str, attribute: str) -> None:
    result = run(command, "--help")
    assert result.returncode == 0 and result.stderr == ""
    for name in SYSTEMS:
        lines = str(getattr(system(name), attribute)).strip().splitlines()
        assert f"\n{name}: " in result.stdout
        for line in lines:
            assert f"  {line}\n" in result.stdout


@pytest.mark.parametrize("name", list(SYSTEMS))
@pytest.mark.parametrize("attribute", ["CHECK_HELP", "CALC_HELP"])
def test_each_system_help_ends_with_an_example_that_runs(
    name: str, attribute: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = str(getattr(system(name), attribute)).strip().splitlines()
    assert len(lines) >= 2
    example = lines[-1]
    command = attribute.split("_")[0].lower()
    assert example.startswith(f"e.g. rules-py {command} {name} ")
    assert main(shlex.split(example.removeprefix("e.g. rules-py "))) == 0
    assert capsys.readouterr().err == ""


@pytest.fixture
def cinematic_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """A system whose check answers a chance beside its outcomes, as the 2d6 system does."""
    module = types.ModuleType("fake_cinematic_system")

    def check(params: object) -> dict[str, object]:
        return {
            "outcomes": {"success": Fraction(7, 12), "failure": Fraction(5, 12)},
            "cinematic": Fraction(1, 36),
            "detail": {"bands": [Fraction(1, 2), 3]},
        }

    module.check = check  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(SYSTEMS, "cinematic", module.__name__)


@pytest.mark.usefixtures("cinematic_system")
def test_check_json_carries_every_key_of_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "cinematic", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "outcomes": {"success": "7/12", "failure": "5/12"},
        "cinematic": "1/36",
        "detail": {"bands": ["1/2", 3]},
    }


@pytest.mark.usefixtures("cinematic_system")
def test_check_text_prints_the_other_keys_after_the_outcomes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "cinematic"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "success      58.33%  (7/12)",
        "failure      41.67%  (5/12)",
        "cinematic     2.78%  (1/36)",
        "detail: bands (1/2, 3)",  # text, never JSON (issue 32)
    ]


def test_nested_chances_read_as_lines_and_fractions_never_as_reprs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A check's named degrees and a damage distribution, as a player reads them in a terminal."""
    assert main(["check", "d10-0", "score=5", "difficulty=2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3] == "degrees:"
    assert lines[4].startswith("  Awe-Inspiring for all the wrong reasons")
    assert lines[4].endswith("10.00%  (1/10)")
    assert main(["calc", "d10-0", "damage", "notation=10 + 2D(ST)", "ST=4"]) == 0
    out = capsys.readouterr().out
    assert "Fraction(" not in out
    assert out.splitlines()[:3] == [
        "distribution:",
        "  12     1.00%  (1/100)",
        "  13     2.00%  (1/50)",
    ]


# --------------------------------------------------------------------------
# Issue 16, item 27: calc prints chances as check does, and words its refusals
# --------------------------------------------------------------------------

CALCULATIONS: dict[str, list[str]] = {
    "wodu": ["max_hp level=3 str=1", "xp_to_next level=3 pace=fast"],
    "peupfudge": ["allocate xp=7 level=6 progress=22"],
    "d10-0": [
        "health en=3 sp=4",
        "hp_increase en=3 sp=4",
        "recovery en=3 sp=4 rate=2",
        "health_state current=3 normal=5",
        "action_quota ag=3 fo=4",
        "skill_base major=5,5 minor=3",
        "adjust_cost from=0 to=10",
        "damage 'notation=10 + 2D(ST)' ST=4",
        "damage notation=1D overflow=yes",
        "adjust damage=30 'chain=-10F -2R'",
        "initiative quotas=Ana:5,Bo:5,Cy:4",
        "power normal=6 current=5 held=2 drain=3",
        "progression earned=30 health=1 tab=6 power=1 karma=2",
        "action_points quota=5 actions=Draw:1,Shoot:2,Reload:4 reserve=1",
    ],
    "2d6": [
        "stat_cost bonus=3",
        "skill_cost ranks=2",
        "starting_xp unspent=2",
        "wounds tou=2",
        "resolve tou=2 wil=3",
        "initiative agi=2 per=1",
        "heal_dc wounds_lost=3",
        "healing wounds_lost=3 healer=4",
        "death_save resolve=2",
        "spell_xp dc=9",
        "label bonus=2 dc=9",
        "first bonuses=3,2,2",
        "starting_items rich=yes special=2 mundane=8 money=2",
    ],
    "danger-world": [
        "advice roll=1,3,3,5,6 difficulty=3",
        "odds dice=3",
        "outcome roll=1,3,3 difficulty=3 danger=2",
        "zone level=7",
    ],
}
"""One command (or more) for every calculation each system's ``calc --help`` lists."""


def _chances_in(value: object, key: str = "") -> Iterator[str]:
    """Every exact chance in a ``--json`` answer (a string such as "1/36", "0" or "1")."""
    if isinstance(value, dict):
        for inner, item in value.items():
            yield from _chances_in(item, inner)
    elif isinstance(value, list):
        for item in value:
            yield from _chances_in(item, key)
    elif isinstance(value, str) and key != "mean" and re.fullmatch(r"-?\d+(/\d+)?", value):
        yield value


@pytest.mark.parametrize("name", list(SYSTEMS))
def test_every_calculation_is_tried_here(name: str) -> None:
    help_lines = str(system(name).CALC_HELP).splitlines()
    listed = {line.split()[0] for line in help_lines if line[:1].isalpha()} - {"e.g."}
    assert {words.split()[0] for words in CALCULATIONS[name]} == listed


@pytest.mark.parametrize(
    ("name", "words"),
    [(name, words) for name, all_words in CALCULATIONS.items() for words in all_words],
)
def test_calc_prints_each_chance_as_a_percent_and_its_fraction(
    name: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["calc", name, *shlex.split(words)]
    assert main([*argv, "--json"]) == 0
    chances = list(_chances_in(json.loads(capsys.readouterr().out)["value"]))
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    text = captured.out
    assert not re.search(r"""['"]-?\d+/\d+['"]""", text), text  # no list of fraction strings
    for chance in chances:
        assert re.search(rf"\d%  \({re.escape(chance)}\)", text), (chance, text)


def test_calc_names_its_chances_in_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", "2d6", "first", "bonuses=3,2"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "1    62.37%  (721/1156)",
        "2    37.63%  (435/1156)",
    ]
    assert main(["calc", "2d6", "death_save", "resolve=2"]) == 0
    assert capsys.readouterr().out == "97.22%  (35/36)\n"
    assert main(["calc", "2d6", "healing", "wounds_lost=3", "healer=0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "days:",
        "  2    33.80%  (73/216)",
        "  3    66.20%  (143/216)",
        "mean: 2.662 (575/216)",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["calc", "wodu"], "calc wodu needs what to calculate: max_hp, xp_to_next"),
        (["calc", "danger-world"], "needs what to calculate: advice, odds, outcome, zone"),
        (["calc"], "calc needs a system: wodu, peupfudge, d10-0, 2d6, danger-world"),
        (["check"], "check needs a system: wodu, peupfudge, d10-0, 2d6, danger-world"),
        (["calc", "d10-0", "damage", "notation="], "notation= is empty"),
        (["check", "wodu", "ability=", "dr=12"], "ability= is empty"),
        (["check", "wodu", "ability=2", "dr= "], "dr= is empty"),
    ],
)
def test_missing_words_are_named_and_optional_keys_never_called_required(
    args: list[str], message: str
) -> None:
    result = run(*args)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
    assert "required" not in result.stderr and "key=value" not in result.stderr
