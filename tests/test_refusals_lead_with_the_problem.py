"""Every system's refusals lead with the problem, the rule they cite after it (issue 16, item 25).

A reader who types a bad value wants to read what is wrong first ("The stats are
Agility, ... (got 'Luck')"), not the name of a book and a chapter. This walks a
representative set of bad inputs through the command line and the widgets of all
five systems and checks that no message starts with a system's name or a chapter.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from rules_py.systems._params import json_list, json_object, refusal, require_int, yes_no
from rules_py.systems.danger_world.sheet import FORMAT_VERSION, sheet_from_dict
from rules_py.widgets import WidgetError, answer
from rules_py.widgets._widget import refusals
from tests.cli_io import cli_error

SYSTEM_NAMES = (
    "Danger World",
    "[2d6]",
    "The D10/0 System",
    "D10/0",
    "2d10 WoDu Hack",
    "WoDu",
    "Peupfudge",
)

_CHAPTER = re.compile(r"[A-Z][\w&'./-]*(?: [A-Z&][\w&'./-]*)*(?:, [A-Z][\w&'./ -]*)*: ")
"""A chapter cited first: "Dice Mechanics: ...", "Combat, Healing: ..."."""


def _leads_with_a_citation(message: str) -> bool:
    return message.startswith(SYSTEM_NAMES) or _CHAPTER.match(message) is not None


CLI_REFUSALS: tuple[tuple[str, ...], ...] = (
    ("check", "danger-world", "dice=5"),
    ("check", "danger-world", "dice=5", "difficulty=epic"),
    ("check", "danger-world", "dice=5", "difficulty=3", "stat=2"),
    ("calc", "danger-world", "advice", "roll=1,,3", "difficulty=3"),
    ("calc", "danger-world", "odds", "dice=30"),
    ("calc", "danger-world", "karma"),
    ("check", "2d6", "bonus=2"),
    ("check", "2d6", "bonus=x", "dc=9"),
    ("check", "2d6", "bonus=2", "dc=9", "take7=maybe"),
    ("calc", "2d6", "stat_cost", "bonus=6"),
    ("calc", "2d6", "spell_xp", "dc=8"),
    ("calc", "2d6", "karma"),
    ("check", "d10-0", "score=5", "difficulty=easy"),
    ("check", "d10-0", "score=5", "difficulty=0", "dice=2"),
    ("calc", "d10-0", "skill_base", "major=5,5", "minor=6"),
    ("calc", "d10-0", "adjust_cost", "from=10", "to=5"),
    ("calc", "d10-0", "damage", "notation=2D(XX)"),
    ("calc", "d10-0", "recovery", "en=5", "sp=5", "rate=4"),
    ("calc", "d10-0", "karma"),
    ("check", "wodu", "ability=0"),
    ("check", "wodu", "ability=x", "dr=12"),
    ("check", "wodu", "ability=0", "dr=risky!"),
    ("calc", "wodu", "max_hp", "level=3"),
    ("calc", "wodu", "karma"),
    ("check", "peupfudge", "D=1"),
    ("calc", "peupfudge", "karma"),
)


@pytest.mark.parametrize("words", CLI_REFUSALS, ids=" ".join)
def test_cli_refusals_lead_with_the_problem(
    capsys: pytest.CaptureFixture[str], words: tuple[str, ...]
) -> None:
    message = cli_error(capsys, *words).strip().removeprefix("rules-py: error: ")
    assert not _leads_with_a_citation(message), message


WIDGET_REFUSALS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("danger-world-odds", {"dice": 20, "threat": 5, "difficulty": "3"}),
    (
        "danger-world-roller",
        {"dice": [{"face": f, "kind": "normal", "marked": False} for f in (1, 2, 3)]},
    ),
    ("danger-world-sheet", {"Cool": 2}),
    (
        "danger-world-sheet",
        {
            "aspects": [
                {"name": "Soldier", "parent": "", "uses": 1},
                {"name": "Sniper", "parent": "Soldier", "uses": 0},
            ]
        },
    ),
    ("2d6-builder", {"STR": 6}),
    ("2d6-builder", {"skills": [{"name": "Notice", "field": "", "ranks": 6}]}),
    ("2d6-builder", {"talents": [{"name": "Fearless"}] * 2, "earned_xp": 9}),
    ("2d6-builder", {"spells": [{"name": "Negate", "dc": "9"}]}),
    ("2d6-builder", {"cinematics": 5}),
    ("2d6-check", {"take7": True, "aim": True}),
    ("d10-0-check", {"difficulty": "tough"}),
    ("d10-0-damage", {"notation": "10 - 2D"}),
    ("d10-0-burst", {"degree": "lots"}),
    ("d10-0-builder", {"AG": 0, "EN": 13}),
    ("d10-0-builder", {"circle_ranged": "AG+FO"}),
    ("d10-0-builder", {"skills": [{"name": "Pistols", "parent": "Guns", "adjust": 1}]}),
    (
        "wodu-builder",
        {"level": 0, "start_str": "1", "start_dex": "0", "start_wit": "0", "start_cha": "-1"},
    ),
    ("wodu-builder", {"level": 4, "inc2": "STR", "inc4": "STR"}),
)


@pytest.mark.parametrize(("widget", "values"), WIDGET_REFUSALS, ids=lambda v: str(v)[:40])
def test_widget_refusals_lead_with_the_problem(widget: str, values: dict[str, Any]) -> None:
    panel = answer(widget, "show", {"values": values})
    messages = refusals(panel)
    assert messages, f"{widget} refused nothing for {values}"
    for message in messages:
        assert not _leads_with_a_citation(message), message


def test_widget_import_refusal_leads_with_the_problem() -> None:
    broken = {"rollbook": "2d6-builder", "version": 1, "values": {"STR": 6}}
    with pytest.raises(WidgetError) as info:
        answer("2d6-builder", "import", {"text": json.dumps(broken)})
    _, reason = str(info.value).split("breaks a rule: ", 1)
    assert not _leads_with_a_citation(reason), str(info.value)


@pytest.mark.parametrize(
    ("problem", "where", "message"),
    [
        (
            "an aspect needs a name",
            "Danger World, Aspects",
            "An aspect needs a name (Danger World, Aspects)",
        ),
        ("dc= is empty", "[2d6] Roleplaying System", "dc= is empty ([2d6] Roleplaying System)"),
        ("3d6 is too many", "", "3d6 is too many"),
    ],
)
def test_refusal_leads_with_the_problem_capitalised(problem: str, where: str, message: str) -> None:
    assert refusal(problem, where) == message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"story_points": {"personal": None}},
            "Personal SP is missing: it must be a whole number "
            "(Danger World, Aspects and Story Points)",
        ),
        (
            {"danger_level": None},
            "The danger level is missing: it must be a whole number "
            "(Danger World, The Danger Track)",
        ),
        (
            {"danger_level": "three"},
            "The danger level must be a whole number (got 'three') "
            "(Danger World, The Danger Track)",
        ),
    ],
)
def test_a_missing_value_is_named_missing_a_real_one_quoted(
    data: dict[str, object], message: str
) -> None:
    """A JSON null reads "X is missing", never "(got None)"; a real value is still quoted."""
    with pytest.raises(ValueError) as info:
        sheet_from_dict({"version": FORMAT_VERSION, **data})
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("check", "message"),
    [
        (
            lambda: require_int(None, "bonus dice", "R"),
            "Bonus dice is missing: it must be a whole number (R)",
        ),
        (
            lambda: json_list(None, "the aspect list", "R"),
            "The aspect list is missing: it must be a list (R)",
        ),
        (lambda: json_object(None, "a row", "R"), "A row is missing: it must be an object (R)"),
        (
            lambda: json_list("", "the aspect list", "R"),
            "The aspect list is empty: it must be a list (R)",
        ),
        (lambda: json_object(3, "a row", "R"), "A row must be an object (got 3) (R)"),
        (
            lambda: yes_no({"take7": "maybe"}, "take7", "R"),
            "take7= must be yes or no (got 'maybe') (R)",
        ),
    ],
)
def test_shared_refusals_name_what_is_missing(check: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError) as info:
        check()
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("widget", "values", "message"),
    [
        ("danger-world-sheet", {"Cool": None}, "Cool is empty: enter a whole number from 1 to 4"),
        ("wodu-builder", {"level": 0, "start_str": None}, "Starting STR is missing: choose one of"),
    ],
)
def test_a_widget_field_sent_null_is_missing_not_none(
    widget: str, values: dict[str, Any], message: str
) -> None:
    """A shared link's or an import's JSON null reads as missing, not "(got 'None')"."""
    messages = refusals(answer(widget, "show", {"values": values}))
    assert any(m.startswith(message) for m in messages), messages
    assert not any("None" in m for m in messages), messages
