"""The 2d10 WoDu Hack character builder (rules_py.widgets.wodu._character).

Every number a widget shows is checked against :mod:`rules_py.systems.wodu`;
rolls are checked against the dice they show.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from pymdownx.superfences import SuperFencesException

from rules_py.systems import wodu
from rules_py.widgets import WIDGETS, WidgetError, answer
from tests.widgets.panels import blocks_of, roll, show
from tests.widgets.wodu.helpers import abilities, errors, line_total, sheet_of

# --------------------------------------------------------------------------
# wodu-builder
# --------------------------------------------------------------------------

STANDARD = {"start_str": "2", "start_dex": "1", "start_wit": "1", "start_cha": "-1"}
GRITTY = {"start_str": "1", "start_dex": "0", "start_wit": "0", "start_cha": "-1"}
ABILITIES = ["str", "dex", "wit", "cha"]
INC_4_TO_8 = ["inc4", "inc6", "inc8"]


def test_wodu_builder_default_is_a_valid_level_1_character() -> None:
    panel = show("wodu-builder")
    assert errors(panel) == []
    sheet = sheet_of(panel)
    assert [sheet[a] for a in wodu.ABILITY_NAMES] == ["+2", "+1", "+1", "-1"]
    assert sheet["Max HP"] == "13"
    assert sheet["Moves known"] == "1"
    assert sheet["Tier"] == "Action Hero"
    assert sheet["Ability maximum"] == "+2"
    assert sheet["XP to Level 2"] == "10 XP"
    # The later increases wait for their level; the sheet's checks are read against a DR.
    assert sorted(panel["unused"]) == sorted(["check_fr", *(f"inc{n}" for n in range(2, 15, 2))])


def test_wodu_builder_increase_fields_follow_the_advancement_table() -> None:
    names = [f.name for f in WIDGETS["wodu-builder"].fields if f.name.startswith("inc")]
    assert names == [f"inc{r.level}" for r in wodu.ADVANCEMENT if r.ability_increase]
    assert names == ["inc2", "inc4", "inc6", "inc8", "inc10", "inc12", "inc14"]
    assert show("wodu-builder", level=7)["unused"] == [
        "check_fr",
        "inc10",
        "inc12",
        "inc14",
        "inc8",
    ]
    assert show("wodu-builder", level=15, check_kind="fr")["unused"] == ["check_dr"]


@pytest.mark.parametrize("level", range(1, 16))
def test_wodu_builder_defaults_stay_valid_at_every_level(level: int) -> None:
    for start in ("standard", "gritty"):
        panel = show("wodu-builder", level=level, start=start)
        assert errors(panel) == []
        sheet = sheet_of(panel)
        ratings = {a: int(sheet[a]) for a in wodu.ABILITY_NAMES}
        assert wodu.validate_sheet(level, start, ratings) == []
        assert sheet["Max HP"] == str(wodu.max_hp(level, ratings["STR"]))
        assert sheet["Moves known"] == str(wodu.ADVANCEMENT[level].moves)


def test_wodu_builder_gritty_level_0() -> None:
    panel = show("wodu-builder", start="gritty", level=0, pace="slow", **GRITTY)
    assert errors(panel) == []
    sheet = sheet_of(panel)
    assert [sheet[a] for a in wodu.ABILITY_NAMES] == ["+1", "+0", "+0", "-1"]
    assert sheet["Max HP"] == "6"  # 5 + STR at Level 0
    assert sheet["Moves known"] == "0"
    assert sheet["Tier"] == "Gritty"
    assert sheet["Ability maximum"] == "+1"
    assert sheet["XP to Level 1"] == "15 XP"
    assert any("2, 1, 1, -1 afresh" in b["text"] for b in blocks_of(panel, "text"))


def test_wodu_builder_level_4_applies_each_increase() -> None:
    values = {**STANDARD, "level": 4, "inc2": "STR", "inc4": "CHA", "name": "Nadia"}
    panel = show("wodu-builder", **values)
    sheet = sheet_of(panel)
    assert [sheet[a] for a in wodu.ABILITY_NAMES] == ["+3", "+1", "+1", "+0"]
    assert sheet["Max HP"] == "17"  # 14 + STR 3
    assert sheet["Moves known"] == "2"
    assert sheet["Gained at this level"] == "+1 to CHA (max +3)"
    assert sheet["Ability maximum"] == "+3"
    assert sheet["XP to Level 5"] == "10 XP"
    assert blocks_of(panel, "text")[0]["text"] == (
        "Nadia: Level 4, Action Hero tier (standard start); Background: Getaway Driver."
    )
    assert sheet_of(show("wodu-builder", **{**values, "pace": "slow"}))["XP to Level 5"] == "15 XP"


def test_wodu_builder_advanced_moves_and_the_top_level() -> None:
    nine = sheet_of(show("wodu-builder", level=9))
    assert nine["Advanced Move"] == "may be this level's move"
    assert nine["Gained at this level"] == "one Special or Advanced Move"
    assert nine["Moves known"] == "5"
    assert nine["Tier"] == "Superhero"
    assert sheet_of(show("wodu-builder", level=7))["Advanced Move"] == "not at this level"
    assert sheet_of(show("wodu-builder", level=10))["Advanced Move"] == "not at this level"
    top = sheet_of(show("wodu-builder", level=15, pace="slow"))
    assert [top[a] for a in wodu.ABILITY_NAMES] == ["+6", "+4", "+1", "-1"]
    assert top["Max HP"] == "31"  # 25 + STR 6
    assert top["Moves known"] == "8"
    assert top["Tier"] == "Beyond Super"
    assert top["Ability maximum"] == "+6"
    assert top["Next level"] == "none: Level 15 is the top of the table"
    assert "XP to Level 16" not in top


def test_wodu_builder_refuses_two_abilities_at_plus_2() -> None:
    panel = show("wodu-builder", **{**STANDARD, "start_dex": "2", "start_wit": "0"})
    (message,) = errors(panel)
    assert "Character Generation" in message
    assert "2, 1, 1, -1 in any order (got 2, 2, 0, -1)" in message
    # The refusal comes first; the rest of the sheet stays in view.
    assert panel_order(panel) == ["error", "text", "checks", "text", "table", "facts"]
    assert sheet_of(panel)["DEX"] == "+2" and sheet_of(panel)["Max HP"] == "13"
    assert panel["invalid"] == ["start_str", "start_dex", "start_wit", "start_cha"]


@pytest.mark.parametrize(
    ("values", "invalid"),
    [
        ({"level": 0}, ["start", "level"]),
        ({**STANDARD, "start_dex": "2", "start_wit": "0"}, [f"start_{a}" for a in ABILITIES]),
        ({"start": "gritty", "level": 0}, ["start_str"]),
        ({"start": "gritty", "level": 1, **GRITTY}, [f"start_{a}" for a in ABILITIES]),
        ({"level": 4, "inc2": "STR", "inc4": "STR"}, ["inc4"]),
        ({"level": 8, "inc2": "STR", "inc4": "STR", "inc6": "STR", "inc8": "STR"}, INC_4_TO_8),
        ({"level": 8, "inc2": "STR", "inc4": "DEX", "inc6": "STR", "inc8": "STR"}, ["inc8"]),
        ({"level": 12}, []),
    ],
)
def test_wodu_builder_names_the_fields_each_refusal_is_about(
    values: dict[str, Any], invalid: list[str]
) -> None:
    panel = show("wodu-builder", **values)
    assert panel["invalid"] == invalid
    assert bool(errors(panel)) == bool(invalid)
    for block in blocks_of(panel, "error"):
        assert block["fields"], block["text"]
    assert len(blocks_of(panel, "facts")) == 1  # the sheet is still shown


def ratings(*values: int) -> dict[str, str]:
    """The four starting fields, STR to CHA, as the form holds them."""
    return {f"start_{a}": str(v) for a, v in zip(ABILITIES, values, strict=True)}


def settled(before: dict[str, Any], **changed: Any) -> dict[str, Any]:
    return answer("wodu-builder", "show", {"values": {**before, **changed}, "previous": before})


def test_wodu_builder_switching_to_gritty_hands_out_the_gritty_array() -> None:
    standard = {"start": "standard", "level": 1, **STANDARD, "start_dex": "-1", "start_cha": "1"}
    panel = settled(standard, start="gritty")
    # Level 0, and 1, 0, 0, -1 in the order the reader ranked the standard array.
    assert panel["set"] == {"level": 0, **ratings(1, -1, 0, 0)}
    assert errors(panel) == [] and panel["invalid"] == []
    assert sheet_of(panel)["Max HP"] == "6"  # 5 + STR 1 at Level 0
    # Back to standard: Level 1 and the standard array again.
    gritty = {**standard, **panel["set"], "start": "gritty"}
    back = settled(gritty, start="standard")
    assert back["set"] == {"level": 1, **ratings(2, -1, 1, 1)}
    assert errors(back) == []


def test_wodu_builder_gritty_level_1_hands_out_the_standard_array_afresh() -> None:
    gritty = {"start": "gritty", "level": 0, **GRITTY}
    panel = settled(gritty, level=1)
    assert panel["set"] == STANDARD
    assert errors(panel) == []
    assert settled(gritty, level=0)["set"] == {}
    # Past Level 1 a new start changes no rating: both play the standard table.
    assert settled({"start": "standard", "level": 5}, start="gritty")["set"] == {}


def test_wodu_builder_refuses_an_increase_above_the_level_maximum() -> None:
    panel = show("wodu-builder", level=4, inc2="STR", inc4="STR")
    (message,) = errors(panel)
    assert message == (
        "STR must be at most +3 at Level 4, got +4 with the +1 of Level 4 "
        "(2d10 WoDu Hack, Advancement)"
    )
    assert sheet_of(panel)["STR"] == "+4"  # what the plan makes, under its refusal
    # Reachable at Level 6 in another order, but this plan passes +3 at Level 4.
    assert errors(show("wodu-builder", level=6, inc2="STR", inc4="STR", inc6="DEX")) == [message]
    # Above Level 4 the same plan is fine once the increase moves elsewhere.
    assert errors(show("wodu-builder", level=6, inc2="STR", inc4="DEX", inc6="STR")) == []


def test_wodu_builder_refuses_level_0_for_standard_characters() -> None:
    problems = errors(show("wodu-builder", level=0, **GRITTY))
    assert problems[0] == (
        "Standard characters start at Level 1; only gritty characters play at Level 0 "
        "(2d10 WoDu Hack, Character Generation)"
    )


def test_wodu_builder_refuses_the_wrong_array_for_the_level() -> None:
    # A gritty array at Level 1: reassign 2, 1, 1, -1 at Level 1.
    (message,) = errors(show("wodu-builder", start="gritty", level=1, **GRITTY))
    assert message.startswith(
        "At Level 1 the ratings are 2, 1, 1, -1 in any order (got 1, 0, 0, -1)"
    )
    # The standard array at Level 0: STR +2 passes the Level 0 maximum of +1.
    (message,) = errors(show("wodu-builder", start="gritty", level=0))
    assert message == "STR must be at most +1 at Level 0, got +2 (2d10 WoDu Hack, Advancement)"
    wrong = {**GRITTY, "start_wit": "1"}
    (message,) = errors(show("wodu-builder", start="gritty", level=0, **wrong))
    assert message.startswith(
        "At Level 0 the ratings are 1, 0, 0, -1 in any order (got 1, 0, 1, -1)"
    )


def test_wodu_builder_refuses_values_outside_the_fields() -> None:
    assert show("wodu-builder", level=16)["invalid"] == ["level"]
    assert show("wodu-builder", start_str="3")["invalid"] == ["start_str"]
    assert show("wodu-builder", inc2="LUCK")["invalid"] == ["inc2"]
    assert show("wodu-builder", pace="medium")["invalid"] == ["pace"]


def test_wodu_builder_has_nothing_to_roll() -> None:
    with pytest.raises(WidgetError, match="nothing to roll"):
        roll("wodu-builder")


def test_wodu_builder_export_import_round_trip() -> None:
    values = {**STANDARD, "name": "Nadia", "level": 6, "pace": "slow", "inc4": "CHA"}
    exported = answer("wodu-builder", "export", {"values": values})
    assert exported["filename"] == "nadia.json"
    nameless = answer("wodu-builder", "export", {"values": {**values, "name": ""}})
    assert nameless["filename"] == "wodu-character.json"
    document = json.loads(exported["text"])
    assert document["rollbook"] == "wodu-builder"
    assert document["values"]["name"] == "Nadia"
    assert document["values"]["level"] == 6
    imported = answer("wodu-builder", "import", {"text": exported["text"]})
    assert json.loads(json.dumps(imported["values"])) == document["values"]
    assert imported["panel"] == show("wodu-builder", **values)
    assert sheet_of(imported["panel"])["CHA"] == "+0"


def _sheet_file(values: dict[str, Any], widget: str = "wodu-builder") -> str:
    return json.dumps({"rollbook": widget, "version": 1, "values": values})


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "not JSON"),
        (_sheet_file({"level": 1}, widget="wodu-check"), "marked 'wodu-check'"),
        (_sheet_file({"level": 1, "luck": 3}), "unknown setting 'luck'"),
        (_sheet_file({"level": 20}), "Level must be from 0 to 15"),
        (_sheet_file({"level": 4, "inc2": "STR", "inc4": "STR"}), "breaks a rule: .*Level 4"),
        (_sheet_file({"level": 0}), "breaks a rule: Standard characters start at Level 1"),
        (json.dumps({"rollbook": "wodu-builder"}), 'no "values"'),
    ],
)
def test_wodu_builder_import_refusals(text: str, reason: str) -> None:
    with pytest.raises(WidgetError, match=reason):
        answer("wodu-builder", "import", {"text": text})


def test_wodu_builder_refuses_to_export_bad_values() -> None:
    with pytest.raises(WidgetError, match="Fix this before exporting"):
        answer("wodu-builder", "export", {"values": {"level": "high"}})


# --------------------------------------------------------------------------
# The widget fences on the WoDu pages
# --------------------------------------------------------------------------


def test_wodu_builder_fence_shares_its_store(convert: Callable[[str], str]) -> None:
    html = convert("```widget\nwidget: wodu-builder\nstore: wodu-sheet\n```\n")
    assert 'data-widget="wodu-builder"' in html
    assert 'data-store="wodu-sheet"' in html
    assert "Export JSON" in html and "Print sheet" in html
    # Its characters are kept in a roster, whose bar takes Import (as the page will draw it).
    assert '<div class="rb-roster" role="group" aria-label="Characters">' in html
    assert 'rb-widget__import rb-roster__button">Import<input type="file"' in html
    assert "Import JSON" not in html and "Back up" not in html  # (not a Play page's)
    assert "Max HP" in html and "<dd" in html


@pytest.mark.parametrize(
    "body",
    [
        "widget: wodu-builder\nlevel: 0\n",
        "widget: wodu-damage\nwr: 5\npaired: true\n",
        "widget: wodu-builder\nluck: 3\n",
    ],
)
def test_wodu_fences_refuse_presets_that_break_a_rule(
    convert: Callable[[str], str], body: str
) -> None:
    with pytest.raises(SuperFencesException):
        convert(f"```widget\n{body}```\n")


# --------------------------------------------------------------------------
# wodu-builder at the table: ability checks and the trackers (issue 17)
# --------------------------------------------------------------------------


def check(key: str, seed: int | None = None, **values: Any) -> dict[str, Any]:
    """The builder's check ``key`` for ``values``, as a sheet row's Roll asks it."""
    args: dict[str, Any] = {"values": values, "check": key}
    if seed is not None:
        args["seed"] = seed
    return answer("wodu-builder", "check", args)


def kept_dice(line: dict[str, Any]) -> list[int]:
    return [int(p["text"]) for p in line["parts"] if p["kind"] == "die"]


def test_wodu_builder_rows_roll_their_ability_checks() -> None:
    block = abilities(show("wodu-builder", name="Rook"))
    assert block["caption"] == "Rook's abilities: 2d10 + rating against DR 12"
    assert [row["title"] for row in block["rows"]] == [
        f"{a.name}: {a.covers}" for a in wodu.ABILITIES
    ]
    assert [(row["key"], row["label"]) for row in block["rows"]] == [
        ("ability:STR", "Roll STR +2 against DR 12"),
        ("ability:DEX", "Roll DEX +1 against DR 12"),
        ("ability:WIT", "Roll WIT +1 against DR 12"),
        ("ability:CHA", "Roll CHA -1 against DR 12"),
    ]
    fr = abilities(show("wodu-builder", check_kind="fr", check_fr="15-17"))
    assert fr["rows"][0]["label"] == "Roll STR +2 against FR 15-17"
    background = abilities(show("wodu-builder", check_background=True))
    assert background["caption"] == (
        "Rook's abilities: 3d10k2 + rating (Getaway Driver) against DR 12"
    )
    assert background["rows"][3]["label"] == "Roll CHA -1 with a Background against DR 12"


@pytest.mark.parametrize("seed", range(30))
def test_wodu_builder_check_rolls_2d10_plus_the_rating_against_the_dr(seed: int) -> None:
    view = check("ability:DEX", seed, name="Rook", check_dr="15")
    assert view["what"] == "Rook: DEX +1 against DR 15"
    assert view["log"]["what"] == "Rook: DEX +1 against DR 15"
    (line,) = view["lines"]
    dice = kept_dice(line)
    assert len(dice) == 2 and all(1 <= d <= 10 for d in dice)
    total = line_total(line)
    assert total == sum(dice) + 1
    verdict = f"Success: {total} meets DR 15" if total >= 15 else f"Failure: {total} is under DR 15"
    assert view["outcome"] == verdict
    # The same seed rolls the same dice again (a shared roll's link).
    assert check("ability:DEX", seed, name="Rook", check_dr="15")["lines"] == view["lines"]


@pytest.mark.parametrize("seed", range(30))
def test_wodu_builder_check_reads_a_fuzzy_range_and_a_background(seed: int) -> None:
    values = {"name": "Vega", "check_kind": "fr", "check_background": True}
    view = check("ability:CHA", seed, **values)
    assert view["what"] == "Vega: CHA -1 with a Background against FR 12-14"
    (line,) = view["lines"]
    kept = kept_dice(line)
    dropped = [int(p["text"]) for p in line["parts"] if p["kind"] == "dropped"]
    assert len(kept) == 2 and len(dropped) == 1 and min(kept) >= dropped[0]  # 3d10, keep two
    total = line_total(line)
    assert total == sum(kept) - 1
    if total > 14:
        assert view["outcome"] == f"Strong success: {total} is over FR 12-14"
    elif total >= 12:
        assert view["outcome"].startswith(f"Weak success: {total} is inside FR 12-14; ")
    else:
        assert view["outcome"] == f"Failure: {total} is under FR 12-14; the GM makes a hard move"


def test_wodu_builder_check_matches_the_check_widget_roll_for_roll() -> None:
    """One rule, one wording: the sheet's check is the Check widget's, seed for seed."""
    for seed in range(10):
        sheet = check("ability:STR", seed, check_kind="fr", check_fr="9-11")
        widget = answer(
            "wodu-check",
            "roll",
            {"values": {"ability": 2, "kind": "fr", "fr": "9-11"}, "seed": seed},
        )
        assert (sheet["lines"], sheet["outcome"]) == (widget["lines"], widget["outcome"])


def test_wodu_builder_check_names_an_unnamed_character_and_uses_the_level_ratings() -> None:
    view = check("ability:STR", 1, name="", level=4, inc2="STR", inc4="DEX")
    assert view["what"] == "Unnamed character: STR +3 against DR 12"
    assert line_total(view["lines"][0]) == sum(kept_dice(view["lines"][0])) + 3


@pytest.mark.parametrize(
    ("key", "values", "message"),
    [
        ("ability:LUCK", {}, "the sheet has no check 'ability:LUCK'"),
        ("skill:0", {}, "the sheet has no check 'skill:0'"),
        (
            "ability:STR",
            {"start_dex": "2", "start_wit": "0"},
            "Mend the sheet first: At Level 1 the ratings are 2, 1, 1, -1 in any order",
        ),
        ("ability:STR", {"check_dr": "13"}, "Difficulty rating must be one of"),
    ],
)
def test_wodu_builder_refuses_a_check_it_cannot_make(
    key: str, values: dict[str, Any], message: str
) -> None:
    with pytest.raises(WidgetError, match=re.escape(message)):
        check(key, **values)


def test_wodu_builder_keeps_the_check_settings_at_hand_and_prints_each_value_once() -> None:
    builder = WIDGETS["wodu-builder"]
    assert builder.play_fields == ("check_kind", "check_dr", "check_fr", "check_background")
    tracked = [f.name for f in builder.fields if getattr(f, "track", False)]
    assert tracked == ["damage", "xp"]
    # A printed sheet leaves out what a roll is read against, and what the sheet itself
    # prints: the name heads it, the start, level, Background, moves and weapons are in
    # its text and table, damage and XP are its tracks' boxes.
    unprinted = {f.name for f in builder.fields if not f.printed}
    assert unprinted == {
        *builder.play_fields,
        "name",
        "start",
        "level",
        *(f"start_{a}" for a in ABILITIES),
        "background",
        "moves",
        "weapons",
        "damage",
        "xp",
    }


def tracks(panel: dict[str, Any]) -> list[dict[str, Any]]:
    return blocks_of(panel, "track")


def test_wodu_builder_tracks_hp_left_against_max_hp_and_xp_against_the_next_level() -> None:
    damage, xp = tracks(show("wodu-builder", name="Rook"))
    assert (damage["label"], damage["filled"], damage["total"]) == ("Damage", 0, 13)
    assert damage["text"] == "0 taken: 13 of 13 HP left"
    assert (xp["label"], xp["filled"], xp["total"]) == ("XP to Level 2", 0, 10)
    assert xp["text"] == "0 of the 10 XP for Level 2"
    hurt = show("wodu-builder", name="Rook", damage=5, xp=7, pace="slow")
    assert panel_order(hurt)[:4] == ["text", "checks", "track", "track"]
    # Boxes to tick: one per HP of Max HP, one per XP of the level's price.
    damage, xp = tracks(hurt)
    assert (damage["filled"], damage["total"]) == (5, 13)
    assert damage["text"] == "5 taken: 8 of 13 HP left"
    assert (xp["filled"], xp["total"], xp["text"]) == (7, 15, "7 of the 15 XP for Level 2")
    # HP left follows Max HP: at Level 2 with the +1 on STR, Max HP is 12 + 3.
    assert tracks(show("wodu-builder", level=2, damage=5))[0]["text"] == "5 taken: 10 of 15 HP left"
    ready = tracks(show("wodu-builder", xp=10))[1]
    assert (ready["filled"], ready["total"]) == (10, 10)
    assert ready["text"] == "10 XP, enough for Level 2 (10 XP): raise the Level and take 10 XP off"
    over = tracks(show("wodu-builder", xp=12))[1]
    assert (over["filled"], over["total"]) == (12, 12)
    top = show("wodu-builder", level=15, xp=4)
    assert [t["label"] for t in tracks(top)] == ["Damage"]
    assert "4 XP; Level 15 is the top of the table." in [b["text"] for b in blocks_of(top, "text")]


def test_wodu_builder_says_the_draft_is_silent_at_0_hp() -> None:
    gritty = {"start": "gritty", "level": 0, **GRITTY}
    panel = show("wodu-builder", damage=6, **gritty)  # Max HP 5 + STR 1
    assert errors(panel) == []
    assert tracks(panel)[0]["text"] == (
        "6 taken: 0 of 6 HP left (the draft does not say what 0 HP means: the GM rules on it)"
    )


def panel_order(panel: dict[str, Any]) -> list[str]:
    return [b["type"] for b in panel["blocks"]]


def test_wodu_builder_refuses_more_damage_than_max_hp_naming_the_field() -> None:
    panel = show("wodu-builder", name="Rook", damage=14)
    assert errors(panel) == [
        "Damage taken is 14, more than Rook's Max HP of 13 (2d10 WoDu Hack, Character Generation)"
    ]
    assert panel["invalid"] == ["damage"]
    assert panel_order(panel)[0] == "error"  # the refusal leads
    assert sheet_of(panel)["Max HP"] == "13"  # and the sheet stays in view
    assert tracks(panel) == []  # no box to tick past Max HP
    # No sheet holds more than Level 15's 25 + STR 6 = 31 HP: the field stops there.
    with pytest.raises(WidgetError, match="Damage taken must be from 0 to 31"):
        answer("wodu-builder", "check", {"values": {"damage": 32}, "check": "ability:STR"})
    assert errors(show("wodu-builder", xp=-1)) == [
        "XP toward the next level must be from 0 to 99, got -1"
    ]


def test_wodu_play_fence_keeps_the_checks_settings_at_hand_and_folds_the_rest(
    convert: Callable[[str], str],
) -> None:
    html = convert("```widget\nwidget: wodu-builder\nstore: wodu-sheet\nplay: true\n```\n")
    form, panel = html.split('<div class="rb-widget__panel">')
    at_hand, folded = form.split('<details class="rb-widget__setup">')
    for name in ("check_kind", "check_dr", "check_fr", "check_background"):
        assert f"rb-field--{name}" in at_hand, name
    for name in ("start", "level", "pace", "start_str", "inc2", "damage", "xp", "weapons"):
        assert f"rb-field--{name}" in folded and f"rb-field--{name}" not in at_hand, name
    assert 'class="rb-step"' not in at_hand  # tracked numbers are ticked by their boxes
    assert panel.count('data-check="ability:') == 4  # a Roll on each ability row
    assert panel.count('data-check="weapon:') == 2  # and on each of Rook's weapons
