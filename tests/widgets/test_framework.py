"""The widget framework: fields read the reader's raw values, widgets answer and refuse."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_py.views import handle
from rules_py.widgets import WIDGETS
from rules_py.widgets._blocks import error, facts, text
from rules_py.widgets._fields import Choice, FieldError, Flag, Number, Rows, Text, read_values
from rules_py.widgets._widget import Refusal, Values, Widget, WidgetError, answer, by_name, slug

LEVEL = Number("level", "Level", 1, 0, 15)
SIDE = Choice("side", "Side", (("a", "A"), ("b", "B")), "a")
BOLD = Flag("bold", "Bold")
NAME = Text("name", "Name", "Ann", max_length=8)
CREW = Rows(
    "crew",
    "Crew",
    (Text("name", "Name"), Number("rank", "Rank", 0, 0, 5)),
    default=({"name": "Ann", "rank": 1}, {"name": "Bo", "rank": 2}),
    min_rows=1,
    max_rows=3,
    row_label="sailor",
)


def _sheet_show(values: Values) -> list[dict[str, Any]]:
    if values["level"] > 10 and values["side"] == "b":
        return [error("Side B stops at Level 10", ["side", "level"])]
    if values["level"] == 13:
        raise Refusal("Level 13 is unlucky", ["level"])
    return [
        text(f"{values['name']} at {values['level']}"),
        facts([("Crew", str(len(values["crew"])))]),
    ]


SHEET = Widget(
    name="test-sheet",
    title="Test sheet",
    fields=(NAME, LEVEL, SIDE, BOLD, CREW),
    show=_sheet_show,
    unused=lambda values: [] if values["bold"] else ["side"],
    settle=lambda before, after: (
        {"level": 10} if after["side"] == "b" != before["side"] and after["level"] > 10 else {}
    ),
    portable="test-sheet",
    name_field="name",
)
REGISTRY = by_name([SHEET])


@pytest.mark.parametrize(
    ("raw", "value"), [("3", 3), (" 15 ", 15), ("0", 0), (7, 7), ("+2", 2), ("−0", 0)]
)
def test_number_reads_whole_numbers_in_range(raw: object, value: int) -> None:
    assert LEVEL.read(raw) == value


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("", "Level is empty: enter a whole number from 0 to 15"),
        ("  ", "Level is empty: enter a whole number from 0 to 15"),
        ("2.5", "Level must be a whole number (got '2.5')"),
        ("x", "Level must be a whole number (got 'x')"),
        (True, "Level must be a whole number"),
        ("16", "Level must be from 0 to 15 (got 16)"),
        ("-1", "Level must be from 0 to 15 (got -1)"),
        ("9" * 40, "Level must be a whole number"),
    ],
)
def test_number_refuses_with_the_field_named(raw: object, message: str) -> None:
    with pytest.raises(FieldError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        LEVEL.read(raw)


def test_choice_flag_and_text() -> None:
    assert SIDE.read("b") == "b"
    with pytest.raises(FieldError, match="Side must be one of a, b"):
        SIDE.read("c")
    assert BOLD.read(True) is True
    assert BOLD.read("no") is False
    with pytest.raises(FieldError, match="on or off"):
        BOLD.read("maybe")
    assert NAME.read("  Kit ") == "Kit"
    with pytest.raises(FieldError, match="at most 8 characters"):
        NAME.read("Bartholomew")


def test_rows_read_each_cell_and_count() -> None:
    assert CREW.read([{"name": "Cy", "rank": "4"}]) == ({"name": "Cy", "rank": 4},)
    with pytest.raises(FieldError, match=r"Crew: from 1 to 3 sailors \(got 0\)"):
        CREW.read([])
    with pytest.raises(FieldError, match="Sailor 2: Rank must be from 0 to 5"):
        CREW.read([{"name": "Cy"}, {"name": "Di", "rank": 9}])
    with pytest.raises(FieldError, match="sailor 1 has unknown hat"):
        CREW.read([{"name": "Cy", "hat": 1}])
    with pytest.raises(FieldError, match="list of sailors"):
        CREW.read("Cy")


def test_read_values_keeps_defaults_for_fields_in_error() -> None:
    values, errors = read_values(SHEET.fields, {"level": "99", "side": "b"})
    assert values["level"] == 1 and values["side"] == "b"
    assert [e.field for e in errors] == ["level"]
    _, strict = read_values(SHEET.fields, {"hat": 1}, strict=True)
    assert [str(e) for e in strict] == ["unknown setting 'hat'"]


def test_panel_answers_refuses_and_names_invalid_fields() -> None:
    shown = answer(REGISTRY, "test-sheet", "show", {"values": {"level": "4"}})
    assert shown["blocks"][0] == {"type": "text", "text": "Ann at 4"}
    assert shown["invalid"] == [] and shown["unused"] == ["side"]
    broken = answer(REGISTRY, "test-sheet", "show", {"values": {"level": "11", "side": "b"}})
    assert broken["blocks"] == [
        {"type": "error", "text": "Side B stops at Level 10", "fields": ["side", "level"]}
    ]
    assert broken["invalid"] == ["side", "level"]
    unlucky = answer(REGISTRY, "test-sheet", "show", {"values": {"level": "13"}})
    assert unlucky["invalid"] == ["level"]
    bad = answer(REGISTRY, "test-sheet", "show", {"values": {"level": "x", "crew": []}})
    assert bad["invalid"] == ["level", "crew"]
    assert [b["type"] for b in bad["blocks"]] == ["error", "error"]
    assert [b["fields"] for b in bad["blocks"]] == [["level"], ["crew"]]


def test_panel_fills_in_what_settle_answers_for_a_change() -> None:
    before = {"level": "12", "side": "a", "bold": True}
    moved = answer(
        REGISTRY, "test-sheet", "show", {"values": {**before, "side": "b"}, "previous": before}
    )
    assert moved["set"] == {"level": 10}
    assert moved["blocks"][0]["text"] == "Ann at 10" and moved["invalid"] == []
    # Without the previous values (a page's first answer), nothing is filled in.
    plain = answer(REGISTRY, "test-sheet", "show", {"values": {**before, "side": "b"}})
    assert plain["set"] == {} and plain["invalid"] == ["side", "level"]
    with pytest.raises(WidgetError, match="previous values"):
        answer(REGISTRY, "test-sheet", "show", {"values": before, "previous": [1]})


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("Thorn Ironhand", "thorn-ironhand"),
        ("  Zoë  d'Arc!", "zoe-d-arc"),
        ("???", ""),
        ("x" * 100, "x" * 60),
    ],
)
def test_slug_makes_a_file_name_of_a_name(name: str, stem: str) -> None:
    assert slug(name) == stem


@pytest.mark.parametrize(
    ("name", "filename"),
    [("Kit Ox", "kit-ox.json"), ("", "test-sheet.json"), ("?!", "test-sheet.json")],
)
def test_export_is_named_after_the_character(name: str, filename: str) -> None:
    exported = answer(REGISTRY, "test-sheet", "export", {"values": {"name": name}})
    assert exported["filename"] == filename


def test_export_then_import_round_trips() -> None:
    values = {"name": "Kit", "level": "7", "bold": True, "crew": [{"name": "Cy", "rank": "3"}]}
    exported = answer(REGISTRY, "test-sheet", "export", {"values": values})
    assert exported["filename"] == "kit.json"
    loaded = answer(REGISTRY, "test-sheet", "import", {"text": exported["text"]})
    assert loaded["values"] == {
        "name": "Kit",
        "level": 7,
        "side": "a",
        "bold": True,
        "crew": ({"name": "Cy", "rank": 3},),
    }
    assert loaded["panel"]["blocks"][0]["text"] == "Kit at 7"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "This file is not JSON"),
        ("[1, 2]", 'it has no "values"'),
        ('{"rollbook": "other", "values": {}}', "it is marked 'other', not 'test-sheet'"),
        ('{"rollbook": "test-sheet", "values": [1]}', "are not a set of named values"),
        ('{"rollbook": "test-sheet", "values": {"hat": 1}}', "unknown setting 'hat'"),
        ('{"rollbook": "test-sheet", "values": {"level": 40}}', "Level must be from 0 to 15"),
        (
            '{"rollbook": "test-sheet", "values": {"level": 12, "side": "b"}}',
            "breaks a rule: Side B stops at Level 10",
        ),
        (" " * 30_000, "too large"),
    ],
)
def test_import_refuses_what_is_not_a_valid_sheet(text: str, message: str) -> None:
    with pytest.raises(WidgetError, match=message.replace("[", r"\[")):
        answer(REGISTRY, "test-sheet", "import", {"text": text})


def test_unknown_widget_and_action_are_refused() -> None:
    with pytest.raises(WidgetError, match="unknown widget 'nope'"):
        answer(REGISTRY, "nope", "show", {})
    with pytest.raises(WidgetError, match="unknown widget action 'fly'"):
        answer(REGISTRY, "test-sheet", "fly", {})
    with pytest.raises(WidgetError, match="nothing to roll"):
        answer(REGISTRY, "test-sheet", "roll", {})
    with pytest.raises(ValueError, match="two widgets"):
        by_name([SHEET, SHEET])


def test_the_worker_protocol_answers_widget_requests() -> None:
    request = {"op": "widget", "args": {"name": "wodu-check", "values": {"ability": "2"}}}
    answered = json.loads(handle(json.dumps(request)))
    assert answered["ok"] is True
    assert answered["result"]["blocks"][0]["text"].startswith("2d10+2 against DR 12")
    refused = json.loads(handle(json.dumps({"op": "widget", "args": {"name": "nope"}})))
    assert refused == {"ok": False, "error": "unknown widget 'nope'"}


def test_every_registered_widget_answers_its_defaults() -> None:
    for name, widget in WIDGETS.items():
        panel = widget.panel({})
        assert panel["blocks"], name
        assert not [b for b in panel["blocks"] if b["type"] == "error"], name
        if widget.roll is not None:
            rolled = widget.rolled({})
            assert rolled["lines"] and rolled["outcome"], name


def test_a_text_field_with_a_rule_s_reader_refuses_what_the_rule_refuses() -> None:
    """A difficulty by name or number: the reader's message is the refusal, on that field."""

    def difficulty(text: str) -> int:
        if text.lstrip("-").isdigit():
            return int(text)
        if text.lower() in {"hard", "tricky"}:
            return 3
        raise ValueError(f"{text!r} is not a difficulty")

    field = Text("difficulty", "Difficulty", "0", parse=difficulty)
    assert field.read(" Hard ") == "Hard"
    assert field.read(-2) == "-2"
    with pytest.raises(FieldError, match="'easyish' is not a difficulty") as refused:
        field.read("easyish")
    assert refused.value.field == "difficulty"
    _values, errors = read_values((field,), {"difficulty": "easyish"})
    assert [e.field for e in errors] == ["difficulty"]


def test_rows_left_unnamed_are_numbered_by_their_place() -> None:
    from rules_py.widgets._blocks import row_names

    rows = [{"name": "Ash"}, {"name": ""}, {"name": "Cy"}]
    assert row_names(rows, "Character") == ["Ash", "Character 2", "Cy"]
