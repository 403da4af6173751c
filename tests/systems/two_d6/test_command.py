"""The [2d6] Roleplaying System on the rules-py command line: check and calc, JSON, exit status 2.

Expected odds are counted here from the 36 rolls of two dice (1296 pairs when
aiming or rerolling), not taken from the rules package.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rules_py._cli import main
from rules_py.systems import system, two_d6
from tests.cli_io import cli_error, cli_json

ROLLS = [sum(r) for r in product(range(1, 7), repeat=2)]


def naturals(aim: bool) -> list[tuple[int, Fraction]]:
    if aim:
        return [(max(a, b), Fraction(1, 1296)) for a, b in product(ROLLS, repeat=2)]
    return [(n, Fraction(1, 36)) for n in ROLLS]


def test_two_d6_is_registered() -> None:
    assert system("2d6") is two_d6


# --------------------------------------------------------------------------
# check: a plain check
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "bonus", "dc", "aim"),
    [
        (["bonus=4", "dc=11"], 4, 11, False),
        (["bonus=0", "dc=easy"], 0, 7, False),
        (["bonus=10", "dc=Legendary"], 10, 17, False),
        (["bonus=3", "dc=13", "aim=yes"], 3, 13, True),
        (["bonus=2", "dc=5"], 2, 5, False),  # the death save's DC
        (["bonus=0", "dc=13"], 0, 13, False),
    ],
)
def test_two_d6_check(
    capsys: pytest.CaptureFixture[str], words: list[str], bonus: int, dc: int, aim: bool
) -> None:
    success = sum((p for n, p in naturals(aim) if n != 2 and n + bonus >= dc), Fraction(0))
    twelve = sum((p for n, p in naturals(aim) if n == 12), Fraction(0))
    data = cli_json(capsys, "check", "2d6", *words)
    assert list(data)[:2] == ["outcomes", "cinematic"]
    assert data["outcomes"] == {"success": str(success), "failure": str(1 - success)}
    assert data["cinematic"] == str(twelve)


def test_two_d6_check_take_seven(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "check", "2d6", "bonus=2", "dc=9", "take7=yes")
    assert data["outcomes"] == {"success": "1", "failure": "0"}
    assert data["cinematic"] == "0"
    data = cli_json(capsys, "check", "2d6", "bonus=1", "dc=9", "take7=yes")
    assert data["outcomes"] == {"success": "0", "failure": "1"}


def test_two_d6_check_label_aid_and_armour(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "check", "2d6", "bonus=4", "dc=difficult")
    assert data["dc"] == 11
    assert data["difficulty"] == (
        "average, the difficulty-by-bonus chart's word for DC 11 at +4 (Running the Game)"
    )
    data = cli_json(capsys, "check", "2d6", "bonus=2", "dc=9", "helpers=0")
    assert data["dc"] == 7
    assert data["outcomes"] == {"success": "35/72", "failure": "37/72"}  # 5/6 x 7/12
    assert "lowers the chance" in str(data["warnings"])
    data = cli_json(capsys, "check", "2d6", "bonus=5", "dc=11", "armor=heavy")
    assert data["dc"] == 17
    data = cli_json(capsys, "check", "2d6", "bonus=5", "dc=15", "armor=medium")
    assert data["dc"] == "impossible"
    assert data["outcomes"] == {"success": "0", "failure": "1"}
    data = cli_json(capsys, "check", "2d6", "bonus=5", "dc=15", "armor=light", "acrobat=yes")
    assert data["dc"] == 15


def test_two_d6_check_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "2d6", "bonus=4", "dc=11"]) == 0
    out = capsys.readouterr().out
    assert "success" in out and "(7/12)" in out
    assert "cinematic" in out and "(1/36)" in out
    # Issue 32: "label: average" beside DC 11 (Difficult) said nothing of what it was.
    assert "label" not in out
    assert "difficulty: average, the difficulty-by-bonus chart's word for DC 11 at +4" in out


# --------------------------------------------------------------------------
# check: combat
# --------------------------------------------------------------------------


def combat(attack: int, defend: int, rerolls: tuple[int, ...], aim: bool) -> dict[str, str]:
    defence: list[tuple[int, Fraction]] = []
    for first in ROLLS:
        if first in rerolls:
            defence += [(second, Fraction(1, 1296)) for second in ROLLS]
        else:
            defence.append((first, Fraction(1, 36)))
    out = dict.fromkeys(["defender", "margin_1", "margin_5", "margin_10"], Fraction(0))
    for a, pa in naturals(aim):
        for d, pd in defence:
            margin = a + attack - d - defend
            key = (
                "defender"
                if margin <= 0
                else f"margin_{1 if margin < 5 else 5 if margin < 10 else 10}"
            )
            out[key] += pa * pd
    return {k: str(v) for k, v in out.items()}


@pytest.mark.parametrize(
    ("words", "attack", "defend", "rerolls", "aim"),
    [
        (["attack=4", "defend=2"], 4, 2, (), False),  # the source's 11 against 9 at 7s
        (["attack=4", "defend=2", "armor=none"], 4, 2, (), False),
        (["attack=6", "defend=3", "armor=light"], 6, 3, (2,), False),
        (["attack=6", "defend=3", "armor=medium"], 6, 3, (2,), False),
        (["attack=6", "defend=3", "armor=medium", "proficient=yes"], 6, 3, (2, 3), False),
        (["attack=6", "defend=3", "armor=heavy", "proficient=yes"], 6, 3, (2, 3, 4), False),
        (["attack=2", "defend=8", "armor=heavy", "aim=yes"], 2, 8, (2,), True),
    ],
)
def test_two_d6_check_combat(
    capsys: pytest.CaptureFixture[str],
    words: list[str],
    attack: int,
    defend: int,
    rerolls: tuple[int, ...],
    aim: bool,
) -> None:
    data = cli_json(capsys, "check", "2d6", *words)
    outcomes = data["outcomes"]
    assert isinstance(outcomes, dict)
    assert list(outcomes) == ["defender", "margin_1", "margin_5", "margin_10"]
    assert outcomes == combat(attack, defend, rerolls, aim)
    assert {"defender_by_5", "attacker_cinematic", "defender_cinematic"} <= set(data)


def test_two_d6_check_combat_extras(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "check", "2d6", "attack=0", "defend=5")
    by_5 = sum(1 for a, d in product(ROLLS, repeat=2) if d + 5 - a >= 5)
    assert data["defender_by_5"] == str(Fraction(by_5, 1296))
    assert data["attacker_cinematic"] == data["defender_cinematic"] == "1/36"


# --------------------------------------------------------------------------
# check: casting
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "resolve", "dc"),
    [
        (["cast=yes", "bonus=3", "dc=11"], 3, 11),
        (["cast=yes", "bonus=0", "dc=13"], 0, 13),
        (["cast=yes", "bonus=6", "dc=Blast"], 6, 9),
        (["cast=yes", "bonus=1", "dc=legendary"], 1, 17),
    ],
)
def test_two_d6_check_cast(
    capsys: pytest.CaptureFixture[str], words: list[str], resolve: int, dc: int
) -> None:
    out = dict.fromkeys(["success", "fizzle", "wild"], Fraction(0))
    for n in ROLLS:
        total = n + resolve
        key = "success" if n != 2 and total >= dc else "wild" if dc - total >= 5 else "fizzle"
        out[key] += Fraction(1, 36)
    data = cli_json(capsys, "check", "2d6", *words)
    assert data["outcomes"] == {k: str(v) for k, v in out.items()}


# --------------------------------------------------------------------------
# calc
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "value"),
    [
        (["stat_cost", "bonus=0"], 0),
        (["stat_cost", "bonus=3"], 6),
        (["stat_cost", "bonus=5"], 15),
        (["skill_cost", "ranks=4"], 10),
        (["heal_dc", "wounds_lost=1"], 7),
        (["heal_dc", "wounds_lost=3"], 11),
        (["heal_dc", "wounds_lost=6"], 17),
        (["heal_dc", "wounds_lost=9"], 17),
        (["heal_dc", "wounds_lost=500"], 17),
        (["spell_xp", "dc=7"], 2),
        (["spell_xp", "dc=13"], 5),
        (["spell_xp", "dc=legendary"], 7),
        (["label", "bonus=4", "dc=11"], "average"),
        (["label", "bonus=0", "dc=13"], "impossible"),
        (["label", "bonus=10", "dc=easy"], "cannot fail"),
        (["label", "bonus=0", "dc=12"], "very difficult"),
        (["wounds", "tou=2", "extra_wound=yes"], 6),
        (["resolve", "tou=3", "wil=4"], 7),
        (["initiative", "agi=2", "per=5"], 7),
        (["starting_xp", "unspent=3"], 18),
        (["death_save", "resolve=0"], "5/6"),
        (["first", "bonuses=2,2,2"], ["1/3", "1/3", "1/3"]),
        (["healing", "wounds_lost=2"], {"days": [[2, "1"]], "mean": "2"}),
    ],
)
def test_two_d6_calc(capsys: pytest.CaptureFixture[str], words: list[str], value: object) -> None:
    assert cli_json(capsys, "calc", "2d6", *words) == {"value": value}


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["calc", "2d6", "stat_cost", "bonus=6"], "Stats"),
        (["calc", "2d6", "stat_cost", "bonus=-1"], "Stats"),
        (["calc", "2d6", "stat_cost", "bonus=x"], "whole number"),
        (["calc", "2d6", "stat_cost"], "needs bonus="),
        (["calc", "2d6", "heal_dc", "wounds_lost=0"], "Healing"),
        (["calc", "2d6", "spell_xp", "dc=8"], "Magic"),
        (["calc", "2d6", "label", "bonus=11", "dc=9"], "bonus"),
        (["calc", "2d6", "label", "bonus=1", "dc=hard"], "Running the Game"),
        (["calc", "2d6", "max_hp"], "can calculate"),
        (["calc", "2d6", "first", "bonuses=1,2,3,4,5,6,7"], "Initiative"),
        (["check", "2d6", "bonus=4"], "needs dc="),
        (["check", "2d6", "bonus=11", "dc=9"], "0 to 10"),
        (["check", "2d6", "bonus=4", "dc=1"], "DC"),
        (["check", "2d6", "bonus=4", "dc=9", "aim=maybe"], "yes or no"),
        (["check", "2d6", "bonus=4", "dc=9", "aim=yes", "take7=yes"], "Taking 7"),
        (["check", "2d6", "bonus=4", "dc=9", "luck=2"], "unknown: luck"),
        (["check", "2d6", "attack=4"], "needs defend="),
        (["check", "2d6", "attack=4", "defend=2", "armor=plate"], "Armor"),
        (["check", "2d6", "attack=4", "defend=2", "dc=9"], "unknown: dc"),
        (["check", "2d6", "cast=yes", "bonus=3", "dc=Negate"], "no DC"),
        (["check", "2d6", "cast=yes", "bonus=3", "dc=Fireball"], "sample spell's name"),
    ],
)
def test_two_d6_bad_words_exit_2_naming_the_rule(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    err = cli_error(capsys, *words)
    assert "[2d6] Roleplaying System" in err
    assert message in err


def test_two_d6_wounds_below_zero_exit_2_leading_with_the_problem(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Issue 16, item 3: `calc 2d6 wounds tou=0 lost_limbs=4` printed -1.
    err = cli_error(capsys, "calc", "2d6", "wounds", "tou=0", "lost_limbs=4")
    assert err.startswith("rules-py: error: Too many limbs lost: 4 against 3 wounds")
    assert "wounds are never negative" in err
    assert cli_json(capsys, "calc", "2d6", "wounds", "tou=0", "lost_limbs=3") == {"value": 0}
    extra = ("calc", "2d6", "wounds", "tou=0", "lost_limbs=4", "extra_wound=yes")
    assert cli_json(capsys, *extra) == {"value": 0}


@pytest.mark.parametrize(
    ("command", "text"), [("check", two_d6.CHECK_HELP), ("calc", two_d6.CALC_HELP)]
)
def test_two_d6_help_ends_with_a_working_example(command: str, text: str) -> None:
    *lines, example = text.strip().splitlines()
    assert example.startswith(f"e.g. rules-py {command} 2d6 ")
    assert all(not line.startswith("e.g.") for line in lines)
    assert main(example.removeprefix("e.g. rules-py ").split()) == 0


def test_two_d6_calc_starting_items(capsys: pytest.CaptureFixture[str]) -> None:
    # Items, the fast method: one special and ten mundane items; Rich adds a special
    # item and doubles what each mundane slot spent on money is worth.
    data = cli_json(capsys, "calc", "2d6", "starting_items")
    assert data["value"] == {
        "special_items": 1,
        "mundane_slots": 10,
        "money_per_slot": "the GM's sum",
    }
    data = cli_json(capsys, "calc", "2d6", "starting_items", "rich=yes", "special=2", "money=3")
    assert data["value"]["special_items"] == 2
    assert data["value"]["money_per_slot"] == "twice the GM's sum"
    assert data["value"]["left"] == {"special": 0, "mundane": 7}
    assert main(["calc", "2d6", "starting_items", "special=2"]) == 2
    assert capsys.readouterr().err.startswith("rules-py: error: Too many special items: 2")


def test_two_d6_check_cast_mass_spell_exemption(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "check", "2d6", "cast=yes", "bonus=4", "dc=ward", "targets=3")
    assert data["dc"] == 7
    assert data["mass_spell"] == "no DC step: Mass Spell leaves Ward alone, as it wards an area"
    data = cli_json(capsys, "check", "2d6", "cast=yes", "bonus=4", "dc=blast", "targets=3")
    assert data["dc"] == 13 and "mass_spell" not in data
