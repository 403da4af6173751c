"""The widget framework: fields read the reader's raw values, widgets answer and refuse."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from rules_py.handler import handle
from rules_py.systems._params import out_of_range, require_range
from rules_py.widgets import WIDGETS
from rules_py.widgets._blocks import error, facts, table, text, too_wide_for_a_phone
from rules_py.widgets._fields import (
    Choice,
    Dice,
    FieldError,
    Flag,
    Number,
    Rows,
    Text,
    default,
    read_values,
)
from rules_py.widgets._source import Source
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
        ("16", "Level must be from 0 to 15, got 16"),
        ("-1", "Level must be from 0 to 15, got -1"),
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
        (
            '{"rollbook": "test-sheet", "version": 1, "values": [1]}',
            "are not a set of named values",
        ),
        ('{"rollbook": "test-sheet", "version": 1, "values": {"hat": 1}}', "unknown setting 'hat'"),
        (
            '{"rollbook": "test-sheet", "version": 1, "values": {"level": 40}}',
            "Level must be from 0 to 15",
        ),
        (
            '{"rollbook": "test-sheet", "version": 1, "values": {"level": 12, "side": "b"}}',
            "breaks a rule: Side B stops at Level 10",
        ),
        (" " * 2_500_001, "too large"),
        (
            '{"rollbook": "test-sheet", "values": {}}',
            "This file has no version, so it is not a file Rollbook wrote: this site reads "
            "versions 1 to 2",
        ),
        (
            '{"rollbook": "test-sheet", "version": 3, "values": {}}',
            "may come from a newer Rollbook",
        ),
        ('{"rollbook": "test-sheet", "version": 2, "characters": []}', "not a list of characters"),
        (
            '{"rollbook": "test-sheet", "version": 2, "characters": [{"level": 99}]}',
            "character 1 cannot be used: Level must be from 0 to 15",
        ),
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


# --------------------------------------------------------------------------
# Dice fields, action buttons and values taken from another widget
# --------------------------------------------------------------------------

ROLL = Dice(
    "roll",
    "Dice",
    kinds=("plain", "wild", "stuck"),
    fixed=("stuck",),
    max_dice=3,
    mark_word="marked for reroll",
    fixed_word="never rerolled",
)


def test_a_dice_field_reads_each_die_and_names_it() -> None:
    raw = [{"face": 4}, {"face": 2, "kind": "wild", "marked": True}, {"face": 6, "kind": "stuck"}]
    dice = ROLL.read(raw)
    assert dice == (
        {"face": 4, "kind": "plain", "marked": False},
        {"face": 2, "kind": "wild", "marked": True},
        {"face": 6, "kind": "stuck", "marked": False},
    )
    names = [ROLL.die_name(n, d) for n, d in enumerate(dice, start=1)]
    assert names == [
        "Die 1: 4, plain",
        "Die 2: 2, wild, marked for reroll",
        "Die 3: 6, stuck, never rerolled",
    ]
    assert default(ROLL) == ()


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("4, 2", "Dice must be a list of dice"),
        ([{"face": 1}] * 4, "must hold at most 3 dice, got 4"),
        ([{"face": 7}], "die 1 must show 1 to 6 (got 7)"),
        ([{"face": True}], "die 1 must show 1 to 6"),
        ([{"face": 2, "kind": "odd"}], "die 1 is plain, wild, stuck (got 'odd')"),
        ([{"face": 2, "marked": "yes"}], "die 1 is marked or not"),
        ([{"face": 2, "colour": "red"}], "die 1 is not a die"),
        ([{"face": 2}, {"face": 3, "kind": "stuck", "marked": True}], "die 2 is a stuck die"),
    ],
)
def test_a_dice_field_refuses_what_is_not_a_die(raw: object, message: str) -> None:
    with pytest.raises(FieldError, match=re.escape(message)) as refused:
        ROLL.read(raw)
    assert refused.value.field == "roll"


def _game_act(action: str, values: Values) -> tuple[dict[str, Any], str]:
    if action == "clear":
        raise Refusal("Nothing to clear")
    dice = [{**d, "face": 6} if d["marked"] else d for d in values["roll"]]
    return {"roll": dice}, f"Rerolled {sum(d['marked'] for d in dice)}"


GAME = Widget(
    name="test-game",
    title="Test game",
    fields=(ROLL, Number("bonus", "Bonus", 0, 0, 3), Flag("use_card", "Use my card", True)),
    show=lambda values: [text(f"{len(values['roll'])} dice, bonus {values['bonus']}")],
    actions=(("reroll", "Reroll marked"), ("clear", "Clear"), ("noop", "Nothing")),
    act=_game_act,
    disabled=lambda values: [] if any(d["marked"] for d in values["roll"]) else ["reroll"],
    source=Source(
        store="test-card",
        fields=(Number("luck", "Luck", 0, 0, 3),),
        switch="use_card",
        take=lambda card, _own: ({"bonus": card["luck"]}, f"From your card: luck {card['luck']}"),
    ),
)
GAMES = by_name([GAME])


def test_an_action_answers_its_fields_and_says_what_it_did() -> None:
    values = {"roll": [{"face": 1, "marked": True}, {"face": 2}]}
    done = answer(GAMES, "test-game", "show", {"values": values, "act": "reroll"})
    assert done["set"] == {
        "roll": [
            {"face": 6, "kind": "plain", "marked": True},
            {"face": 2, "kind": "plain", "marked": False},
        ]
    }
    assert done["told"] == "Rerolled 1" and done["disabled"] == []
    # a disabled action does nothing; a refusing one says why; an unknown one is refused
    idle = answer(GAMES, "test-game", "show", {"values": {"roll": [{"face": 1}]}, "act": "reroll"})
    assert idle["set"] == {} and idle["told"] == "" and idle["disabled"] == ["reroll"]
    refused = answer(GAMES, "test-game", "show", {"values": {}, "act": "clear"})
    assert refused["blocks"] == [{"type": "error", "text": "Nothing to clear", "fields": []}]
    assert refused["disabled"] == ["reroll", "clear", "noop"]
    with pytest.raises(WidgetError, match="no button 'jump'"):
        answer(GAMES, "test-game", "show", {"values": {}, "act": "jump"})
    with pytest.raises(WidgetError, match="act must name"):
        answer(GAMES, "test-game", "show", {"values": {}, "act": 3})


def test_a_source_s_saved_values_set_fields_unless_the_reader_turns_it_off() -> None:
    fed = answer(GAMES, "test-game", "show", {"values": {"bonus": 0}, "source": {"luck": 2}})
    assert fed["set"] == {"bonus": 2} and fed["taken"] == ["bonus"]
    assert [b["text"] for b in fed["blocks"]] == ["From your card: luck 2", "0 dice, bonus 2"]
    assert fed["unused"] == []
    # unreadable source values are read as the source's defaults
    assert answer(GAMES, "test-game", "show", {"values": {}, "source": {"luck": 9}})["set"] == {
        "bonus": 0
    }
    off = answer(
        GAMES, "test-game", "show", {"values": {"bonus": 1, "use_card": False}, "source": {}}
    )
    assert off["set"] == {} and off["taken"] == [] and off["blocks"][0]["text"].startswith("0")
    # no source saved: the switch is hidden and nothing is taken
    alone = answer(GAMES, "test-game", "show", {"values": {"bonus": 1}})
    assert alone["unused"] == ["use_card"] and alone["set"] == {}


def test_a_table_too_wide_for_a_phone_is_marked_to_stack() -> None:
    """Issue 16, item 24: a table whose columns cannot fit 390 px is drawn as cards there."""
    narrow = table("Odds", ["Outcome", "Chance"], [["Strong success", "36.00%"]])
    assert narrow["stack"] is False
    tracks = table(
        "Damage tracks",
        ["Track", "Filled", "Effect", "Recovery"],
        [["Stunned", "0 of 3", "one less die for each filled box", "short rest"]],
    )
    assert tracks["stack"] is True
    # Headings and row headers wrap at their spaces: only their longest word counts.
    wrapping = table("T", ["A very long heading that wraps", "B"], [["a long row header", "1"]])
    assert wrapping["stack"] is False


def test_the_width_of_a_phone_s_table_counts_each_column_s_widest_value() -> None:
    columns = ["Who", *(f"≥ {d}" for d in range(-5, 6))]
    row = ["4dF", *["1.00"] * 11]
    assert too_wide_for_a_phone(columns, [row]) is True
    assert too_wide_for_a_phone(columns[:4], [row[:4]]) is False


@pytest.mark.parametrize(
    ("what", "bound", "got", "rule", "message"),
    [
        (
            "a DC",
            "from 2 to 30",
            -3,
            "2d6, Checks",
            "A DC must be from 2 to 30, got -3 (2d6, Checks)",
        ),
        ("Level", "0 or more", -1, "", "Level must be 0 or more, got -1"),
    ],
)
def test_a_range_error_leads_with_the_problem_and_the_range(
    what: str, bound: str, got: int, rule: str, message: str
) -> None:
    """Issue 16, item 25: the citation, when there is one, comes after the problem."""
    assert out_of_range(what, bound, got, rule) == message
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        require_range(
            got,
            what,
            rule or "",
            2 if bound.startswith("from") else 0,
            30 if bound.startswith("from") else None,
        )


def test_closed_lists_of_the_rules_are_offered_with_their_values() -> None:
    """Issue 16, item 25: 2d6 DCs and spells, D10/0 difficulties: every offer is accepted."""
    from rules_py.systems import d10_0
    from rules_py.systems.two_d6 import checks, magic
    from rules_py.widgets.d10_0._common import difficulty_field
    from rules_py.widgets.two_d6._character import SPELL_ROWS
    from rules_py.widgets.two_d6._checks import CASTING
    from rules_py.widgets.two_d6._common import dc_field

    dc = dc_field()
    assert [v for v, _ in dc.options] == list(checks.DCS)
    assert dict(dc.options)["Difficult"] == "DC 11"
    assert [dc.read(v) for v, _ in dc.options] == list(checks.DCS)
    spell = next(c for c in SPELL_ROWS.cells if c.name == "name")
    assert isinstance(spell, Text)
    assert [v for v, _ in spell.options] == [s.name for s in magic.SPELLS]
    cast = next(f for f in CASTING.fields if f.name == "spell")
    assert isinstance(cast, Text)
    for value, _ in cast.options:
        if value not in ("Negate", "Runes"):  # cast as opposed checks, as the field says
            cast.read(value)
    difficulty = difficulty_field()
    names = [row.difficulty for row in d10_0.DEGREE_TABLE]
    assert [v for v, _ in difficulty.options] == names
    assert [d10_0.parse_difficulty(v) for v, _ in difficulty.options] == list(range(7))


# --------------------------------------------------------------------------
# A sheet's rows roll their checks; a file may hold all of a system's characters
# --------------------------------------------------------------------------


def _crew_check(values: Values, key: str, rng: Any) -> dict[str, Any]:
    from rules_py.widgets._blocks import roll_line, rolled

    index = int(key.removeprefix("crew:"))
    if not 0 <= index < len(values["crew"]):
        raise ValueError(f"there is no sailor {index + 1}")
    sailor = values["crew"][index]
    line, result = roll_line("", f"1d6+{sailor['rank']}", rng)
    return {**rolled([line], f"{result.total} against 4"), "what": f"{sailor['name']}'s watch"}


CHECKING = Widget(
    name="test-checking",
    title="Checking sheet",
    fields=(NAME, CREW),
    show=lambda values: [
        table(
            "Crew",
            ["Sailor", "Rank"],
            ([r["name"], str(r["rank"])] for r in values["crew"]),
            checks=((f"crew:{i}", f"Roll {r['name']}") for i, r in enumerate(values["crew"])),
        )
    ],
    portable="test-checking",
    name_field="name",
    check=_crew_check,
)
CHECKS = by_name([CHECKING, SHEET])


def test_a_sheet_row_check_names_the_character_and_rolls_again_from_its_seed() -> None:
    args = {"values": {"name": "Rook"}, "check": "crew:1", "seed": 99}
    first = answer(CHECKS, "test-checking", "check", args)
    assert first["what"] == "Rook: Bo's watch"
    assert first["log"]["what"] == "Rook: Bo's watch"
    assert first["label"].startswith("Rook: Bo's watch. ")
    assert first["key"] == "crew:1" and first["seed"] == 99
    again = answer(CHECKS, "test-checking", "check", args)
    assert again["lines"] == first["lines"]
    unnamed = answer(CHECKS, "test-checking", "check", {"values": {"name": ""}, "check": "crew:0"})
    assert unnamed["what"] == "Unnamed character: Ann's watch"
    # Issue 28, item 10: a right-to-left override in the name stays inside the name.
    turned = {"values": {"name": "Ash\u202e"}, "check": "crew:0"}
    assert answer(CHECKS, "test-checking", "check", turned)["what"] == (
        "\u2068Ash\u202e\u2069: Ann's watch"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"values": {}, "check": "crew:7"}, "there is no sailor 8"),
        ({"values": {}, "check": ""}, "check must name one of the sheet's checks"),
        ({"values": {"name": "far too long a name"}, "check": "crew:0"}, "Name"),
    ],
)
def test_a_check_the_sheet_cannot_make_is_refused(args: dict[str, Any], message: str) -> None:
    with pytest.raises(WidgetError, match=message):
        answer(CHECKS, "test-checking", "check", args)
    with pytest.raises(WidgetError, match="no checks to roll"):
        answer(CHECKS, "test-sheet", "check", {"values": {}, "check": "crew:0"})


def test_a_table_with_checks_ends_in_a_roll_column() -> None:
    block = table("T", ["A", "B"], [["x", "1"], ["y", "2"]], checks=[("k:x", "Roll x"), None])
    assert block["head"] == ["A", "B", "Roll"]
    assert block["rows"][0]["check"] == {"key": "k:x", "label": "Roll x"}
    assert "check" not in block["rows"][1]


def test_export_all_then_import_brings_every_character() -> None:
    crews = [{"name": "Kit", "level": "2"}, {"name": "Ash", "level": 3, "bold": True}]
    exported = answer(REGISTRY, "test-sheet", "export_all", {"characters": crews})
    assert exported["filename"] == "test-sheet-all.json"
    document = json.loads(exported["text"])
    assert document["version"] == 2 and len(document["characters"]) == 2
    loaded = answer(REGISTRY, "test-sheet", "import", {"text": exported["text"]})
    assert [c["name"] for c in loaded["characters"]] == ["Kit", "Ash"]
    assert loaded["values"]["name"] == "Kit"


def test_a_file_of_one_sheet_from_before_still_imports() -> None:
    text_v1 = json.dumps({"rollbook": "test-sheet", "version": 1, "values": {"name": "Old"}})
    loaded = answer(REGISTRY, "test-sheet", "import", {"text": text_v1})
    assert [c["name"] for c in loaded["characters"]] == ["Old"]


@pytest.mark.parametrize(
    ("characters", "message"),
    [
        ([], "no characters to export"),
        ([{"name": "Kit"}] * 101, "At most 100 characters"),
    ],
)
def test_export_all_refuses_what_it_cannot_write(characters: list[Any], message: str) -> None:
    with pytest.raises(WidgetError, match=message):
        answer(REGISTRY, "test-sheet", "export_all", {"characters": characters})
