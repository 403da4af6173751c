"""The sheet toolkit (rules_py.widgets._sheet) that the five character sheets share."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules_py.views import View
from rules_py.widgets import WIDGETS, answer
from rules_py.widgets._blocks import Block, text
from rules_py.widgets._fields import Choice, Dice, Field, Flag, Number, Rows, Text, read_values
from rules_py.widgets._sheet import (
    NAME,
    Cue,
    FieldsOf,
    called,
    mend_first,
    mended,
    named_words,
    no_check,
    problems_beside,
    row_name,
    sheet_row,
    sheet_rows,
    sheet_widget,
    tree_columns,
    whose,
)
from rules_py.widgets._widget import (
    MAX_CHARACTERS,
    MAX_IMPORT_CHARS,
    MAX_NESTING,
    Values,
    WidgetError,
)
from tests.page_scripts import exported_number


def _show(values: Values) -> list[Block]:
    return [text(called(values))]


def _check(values: Values, key: str, rng: random.Random) -> View:
    return {"what": key}


def test_a_sheet_widget_is_headed_by_the_name_and_exported_under_it() -> None:
    widget = sheet_widget(
        "test-builder",
        "Test System",
        "test-character",
        (Number("level", "Level", 1, 0, 5), Flag("check_bonus", "Bonus")),
        show=_show,
        check=_check,
        play_fields=("check_bonus",),
    )
    assert widget.fields[0] is NAME
    assert [f.name for f in widget.fields] == ["name", "level", "check_bonus"]
    assert (widget.title, widget.portable, widget.system) == (
        "Character builder",
        "test-character",
        "Test System",
    )
    assert widget.name_field == "name" and widget.check is _check
    assert widget.export({"name": "Thorn Ironhand"})["filename"] == "thorn-ironhand.json"
    assert widget.export({})["filename"] == "test-character.json"
    assert widget.panel({})["blocks"] == [text("Your character")]


def test_a_sheet_widget_takes_another_heading_and_title() -> None:
    heading = Text("character", "Character", "", max_length=40, printed=False)
    widget = sheet_widget(
        "xp",
        "Peupfudge",
        "abilities",
        (),
        show=_show,
        check=_check,
        play_fields=(),
        title="Abilities and XP",
        heading=heading,
    )
    assert widget.fields == (heading,)
    assert widget.name_field == "character"
    assert widget.title == "Abilities and XP"
    assert widget.character_name({"character": " Ana "}) == "Ana"


def test_a_sheet_widget_refuses_a_play_field_it_does_not_have() -> None:
    with pytest.raises(ValueError, match="play field"):
        sheet_widget("x", "S", "x", (), show=_show, check=_check, play_fields=("check_dc",))
    with pytest.raises(ValueError, match="repeated"):
        sheet_widget("x", "S", "x", (NAME,), show=_show, check=_check, play_fields=())


def test_called_and_whose_name_the_character_or_say_it_has_none() -> None:
    assert called({"name": "Rook"}) == "Rook"
    assert called({"name": ""}) == "Your character"
    assert called({"character": "Ana"}, "character") == "Ana"
    assert whose("Rook") == "Rook's sheet"
    assert whose("  ") == "your sheet"


def test_sheet_rows_new_row_holds_the_columns_defaults_but_for_new() -> None:
    rows = sheet_rows(
        "skills",
        "Skills",
        (row_name("Skill"), Number("ranks", "Ranks", 1, 0, 5), Flag("later", "Later")),
        row_label="skill",
        max_rows=3,
        default=(("Melee", 3, False), {"name": "Notice"}),
        hint="ranks",
    )
    assert rows.new_row == {"name": "", "ranks": 1, "later": False}
    assert rows.default == (
        {"name": "Melee", "ranks": 3, "later": False},
        {"name": "Notice"},
    )
    assert (rows.min_rows, rows.max_rows, rows.row_label, rows.printed) == (0, 3, "skill", True)
    assert rows.cells[0] == Text("name", "Skill", "", max_length=40)
    changed = sheet_rows(
        "buys",
        "Buys",
        (Choice("item", "Item", (("a", "A"),), "a"), Number("count", "Times", 0, 0, 9)),
        row_label="buy",
        max_rows=1,
        new={"count": 1},
    )
    assert changed.new_row == {"item": "a", "count": 1}


def test_sheet_rows_refuse_a_new_value_for_no_column_and_a_short_default_row() -> None:
    with pytest.raises(ValueError, match="no column"):
        sheet_rows("r", "R", (row_name("Row"),), row_label="row", max_rows=1, new={"x": 1})
    with pytest.raises(ValueError):
        sheet_rows(
            "r",
            "R",
            (row_name("Row"), row_name("Other")),
            row_label="r",
            max_rows=1,
            default=(("only one",),),
        )


def test_tree_columns_are_a_name_a_parent_and_a_number() -> None:
    number = Number("uses", "Times used", 0, 0, 9)
    name, parent, last = tree_columns("Aspect", "Develops from", "Blank for a primary.", number)
    assert name == Text("name", "Aspect", "", max_length=40)
    assert parent == Text("parent", "Develops from", "", max_length=40, hint="Blank for a primary.")
    assert last is number


def test_named_words_finds_whole_words_in_order() -> None:
    assert named_words("STR +3 is above DEX", ("DEX", "STR", "TOU")) == ("DEX", "STR")
    assert named_words("STRONG and DEXTEROUS", ("STR", "DEX")) == ()


_FIELDS_OF = FieldsOf(
    "Test System",
    (
        Cue("Stats", ("budget",), "The stat budget"),
        Cue("Stats", ("STR", "DEX", "TOU"), named=True),
        Cue("Skill Points", ("skill_points", "skills")),
    ),
    said=(("never negative", ("limbs", "TOU")),),
)


@pytest.mark.parametrize(
    ("problem", "fields"),
    [
        ("The stat budget is 36 (Test System, Stats)", ("budget",)),
        ("STR +6 and DEX +6 are above +5 (Test System, Stats)", ("STR", "DEX")),
        ("A stat is above +5 (Test System, Stats)", ("STR", "DEX", "TOU")),
        ("Too many points (Test System, Skill Points)", ("skill_points", "skills")),
        ("Too many points (Test System, Skill Points, Reserve)", ("skill_points", "skills")),
        ("Too many points (Other System, Skill Points)", ()),
        ("No rule cited", ()),
        ("A rule no cue knows (Test System, Magic)", ()),
        ("Wounds are never negative (Test System, Combat)", ("limbs", "TOU")),
        ("Two lines\nof problem (Test System, Skill Points)", ("skill_points", "skills")),
    ],
)
def test_fields_of_reads_the_cited_rule_and_the_problem(
    problem: str, fields: tuple[str, ...]
) -> None:
    assert _FIELDS_OF(problem) == fields


def test_problems_beside_names_the_fields_of_each_problem() -> None:
    problems = ["The stat budget is 36 (Test System, Stats)", "No rule cited"]
    assert problems_beside(problems, _FIELDS_OF) == [
        {"type": "error", "text": problems[0], "fields": ["budget"]},
        {"type": "error", "text": problems[1], "fields": []},
    ]
    assert problems_beside(["Broken"]) == [{"type": "error", "text": "Broken", "fields": []}]
    assert problems_beside([]) == []


def test_sheet_row_reads_a_check_key_by_name_or_by_number() -> None:
    assert sheet_row("ability:STR", ability=("STR", "DEX")) == ("ability", "STR")
    assert sheet_row("skill:2", stat=("STR",), skill=3) == ("skill", "2")
    for key in ("ability:CON", "skill:3", "skill:x", "skill:", "stat", "power:STR"):
        with pytest.raises(ValueError) as refused:
            sheet_row(key, ability=("STR",), skill=3)
        assert str(refused.value) == f"the sheet has no check {key!r}"
    assert str(no_check("x:1")) == "the sheet has no check 'x:1'"


def test_mend_first_cites_the_first_problem_only() -> None:
    mend_first([])
    with pytest.raises(ValueError) as refused:
        mend_first(["STR is too high (S, Stats)", "DEX too"])
    assert str(refused.value) == "Mend the sheet first: STR is too high (S, Stats)"
    with pytest.raises(ValueError) as refused, mended():
        raise ValueError("An award is spent twice")
    assert str(refused.value) == "Mend the sheet first: An award is spent twice"
    with mended():
        values, errors = read_values((NAME,), {"name": "Rook"})
    assert values == {"name": "Rook"} and errors == []


# --------------------------------------------------------------------------
# Export all and Import (issue 28, item 6): a file Export all writes, Import takes
# --------------------------------------------------------------------------

DOCS = Path(__file__).resolve().parents[2] / "docs"
SHEETS = sorted(name for name, widget in WIDGETS.items() if widget.portable and not widget.gm)


def _largest_default(name: str) -> dict[str, Any]:
    """The largest sheet a page of the site starts ``name`` with (its fences' values)."""
    widget = WIDGETS[name]
    found = [read_values(widget.fields, {})[0]]
    for page in DOCS.glob("*/*.md"):
        text = page.read_text(encoding="utf-8")
        for body in re.findall(r"```widget\n(.*?)```", text, re.S):
            fence = yaml.safe_load(body)
            if fence.get("widget") == name and fence.get("values"):
                found.append(read_values(widget.fields, fence["values"])[0])
    return max(found, key=lambda values: len(json.dumps(values)))


def _largest_allowed(field: Field) -> Any:
    """The longest value ``field`` could hold (a Rows field: every row of it), valid or not."""
    if isinstance(field, Text):
        return "W" * field.max_length
    if isinstance(field, Number):
        return min(field.minimum, -field.maximum) if field.minimum < 0 else field.maximum
    if isinstance(field, Choice):
        return max((value for value, _ in field.options), key=len)
    if isinstance(field, Flag):
        return False
    if isinstance(field, Rows):
        return [{cell.name: _largest_allowed(cell) for cell in field.cells}] * field.max_rows
    assert isinstance(field, Dice)
    die = {"face": field.faces, "kind": max(field.kinds, key=len), "marked": False}
    return [die] * field.max_dice


@pytest.mark.parametrize("name", SHEETS)
def test_a_backup_of_100_of_the_largest_default_sheets_imports_every_one(name: str) -> None:
    widget = WIDGETS[name]
    sheet = _largest_default(name)
    exported = answer(name, "export_all", {"characters": [sheet] * MAX_CHARACTERS})
    assert exported["breaking"] == []
    assert len(exported["text"]) <= MAX_IMPORT_CHARS
    loaded = answer(name, "import", {"text": exported["text"]})
    assert len(loaded["characters"]) == MAX_CHARACTERS and loaded["left_out"] == []
    names = [str(c.get(widget.name_field, "")) for c in loaded["characters"]]
    assert len(set(names)) == (1 if not sheet.get(widget.name_field) else MAX_CHARACTERS)


@pytest.mark.parametrize("name", SHEETS)
def test_a_file_of_100_of_the_largest_sheets_the_fields_allow_fits_the_limit(name: str) -> None:
    widget = WIDGETS[name]
    largest = {field.name: _largest_allowed(field) for field in widget.fields}
    exported = answer(name, "export_all", {"characters": [largest] * MAX_CHARACTERS})
    assert len(exported["text"]) <= MAX_IMPORT_CHARS


def test_the_page_reads_files_as_large_as_python_does() -> None:
    assert exported_number("characters.js", "MAX_FILE_CHARS") == MAX_IMPORT_CHARS
    assert exported_number("characters.js", "MAX_NESTING") == MAX_NESTING
    # A roster holds no more than Export all saves.
    assert exported_number("characters.js", "MAX_CHARACTERS") == MAX_CHARACTERS


def test_export_all_names_an_over_budget_character_and_import_leaves_only_it_out() -> None:
    roster = [{"name": "Ash"}, {"name": "Rook", "STR": 6}, {"name": "Kit", "INT": 99}, {"name": ""}]
    exported = answer("2d6-builder", "export_all", {"characters": roster})
    assert [line.split(":")[0] for line in exported["breaking"]] == ["Rook", "Kit"]
    assert len(json.loads(exported["text"])["characters"]) == 4
    loaded = answer("2d6-builder", "import", {"text": exported["text"]})
    assert [c["name"] for c in loaded["characters"]] == ["Ash", ""]
    rook, kit = loaded["left_out"]
    assert rook.startswith("Rook: ") and "(" in rook  # the rule, cited
    assert kit.startswith("Kit: INT") and "whole number" not in kit
    one = json.dumps({"rollbook": "2d6-builder", "version": 1, "values": {"STR": 6}})
    with pytest.raises(WidgetError, match=r"^This file's sheet breaks a rule: "):
        answer("2d6-builder", "import", {"text": one})


def test_importing_a_file_twice_numbers_the_names_it_would_repeat() -> None:
    exported = answer(
        "2d6-builder",
        "export_all",
        {"characters": [{"name": "Ash"}, {"name": "Ash"}, {"name": ""}]},
    )["text"]
    first = answer("2d6-builder", "import", {"text": exported, "taken": []})
    assert [c["name"] for c in first["characters"]] == ["Ash", "Ash (2)", ""]
    assert first["renamed"] == ["Ash as Ash (2)"]
    taken = ["Ash", "Ash (2)", ""]
    again = answer("2d6-builder", "import", {"text": exported, "taken": taken})
    assert [c["name"] for c in again["characters"]] == ["Ash (3)", "Ash (4)", ""]
    assert again["renamed"] == ["Ash as Ash (3)", "Ash as Ash (4)"]
    long = "W" * 60  # the longest name the field holds
    file = json.dumps({"rollbook": "2d6-builder", "version": 1, "values": {"name": long}})
    (renamed,) = answer("2d6-builder", "import", {"text": file, "taken": [long]})["characters"]
    assert renamed["name"] == "W" * 56 + " (2)"
    with pytest.raises(WidgetError, match=r"^taken must list"):
        answer("2d6-builder", "import", {"text": file, "taken": "Ash"})


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("", "This file is not JSON, so it is not a file Rollbook wrote (it may be damaged)"),
        ('{"rollbook": "2d6-builder", "values": {}}', "This file has no version, so it is not"),
        ("[" * 100_000 + "]" * 100_000, "This file nests lists more than 16 deep"),
        ('{"a": "[[[[[[[[[[[[[[[[[[[[[["}', "This file is not a Rollbook character builder: it"),
    ],
)
def test_import_refuses_a_broken_file_in_a_sentence(text: str, refusal: str) -> None:
    with pytest.raises(WidgetError) as refused:
        answer("2d6-builder", "import", {"text": text})
    assert str(refused.value).startswith(refusal)
    for python in ("Expecting value", "line 1 column", "None", "recursion"):
        assert python not in str(refused.value)


@pytest.mark.parametrize("typed", ["²", "d²", "+-5", "5²", "٣"])
def test_a_number_typed_with_other_digits_is_refused_as_not_a_whole_number(typed: str) -> None:
    file = json.dumps({"rollbook": "2d6-builder", "version": 1, "values": {"STR": typed}})
    with pytest.raises(WidgetError) as refused:
        answer("2d6-builder", "import", {"text": file})
    assert str(refused.value) == (
        f"This file's sheet cannot be used: STR (Strength) must be a whole number (got {typed!r})"
    )
