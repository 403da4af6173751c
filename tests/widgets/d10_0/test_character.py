"""The D10/0 System character widgets (widgets/d10_0/_character.py): health, the builder,
and the sheet at the table (its checks, trackers and Use my sheet).

Exact values come from the guide's worked examples and tables (as the rules
pages restate them) or from brute-force enumeration here, never from the code
under test.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from rules_py.systems import d10_0
from rules_py.widgets import WIDGETS, WidgetError, answer
from rules_py.widgets.d10_0._character import DEFAULT_SKILLS
from tests.widgets.d10_0.helpers import (
    DOCS,
    _page_fences,
    errors,
    facts,
    table,
    texts,
    tracks_text,
)
from tests.widgets.panels import blocks_of, show


def test_d10_0_builder_fence_keeps_the_sheet_in_a_named_store(
    convert: Callable[[str], str],
) -> None:
    html = convert("```widget\nwidget: d10-0-builder\nstore: d10-0-character\n```")
    assert 'data-store="d10-0-character"' in html
    assert "Export JSON" in html and "of Normal 55" in html


# --------------------------------------------------------------------------
# Health
# --------------------------------------------------------------------------


def test_d10_0_health_en_5_sp_6_as_the_page_works_it() -> None:
    panel = show("d10-0-health", EN=5, SP=6, current=20)
    got = facts(panel)
    assert got["Normal Health"][0] == "55"
    assert got["State"][0] == "Injured"
    assert got["Each Health Point Increase"][0] == "+6"
    assert got["Recovery per day"][0] == "6"
    assert got["Days back to Normal"][0] == "6"  # 35 to recover at 6 a day
    assert (
        show("d10-0-health", EN=5, SP=6, current=20, rate="3")["blocks"][1]["items"][3]["value"]
        == "18"
    )


@pytest.mark.parametrize(
    ("current", "state"),
    [
        (53, "Exceptional"),
        (50, "Normal"),
        (1, "Injured"),
        (0, "On the Brink"),
        (-50, "Dying"),
        (-51, "Dead"),
    ],
)
def test_d10_0_health_range_for_normal_50(current: int, state: str) -> None:
    panel = show("d10-0-health", EN=5, SP=5, current=current)
    assert facts(panel)["State"][0] == state
    (block,) = blocks_of(panel, "table")
    assert [r["cells"][0] for r in block["rows"] if r["hit"]] == [state]


@pytest.mark.parametrize("current", [-1, -20, -50])
def test_d10_0_health_a_dying_character_gets_failing_health_not_days_back(current: int) -> None:
    # Health, Failing Health: below 0 health is failing; a dying character checks to avoid
    # further degradation, so no days of recovery back to Normal are counted.
    panel = show("d10-0-health", EN=5, SP=5, current=current)
    got = facts(panel)
    assert "Days back to Normal" not in got
    value, title = got["Failing health"]
    assert value == "checks to avoid worse"
    assert "out of the fight" in title
    assert "checks to keep it from getting worse" in texts(panel)


@pytest.mark.parametrize("current", [-51, -500])
def test_d10_0_health_a_dead_character_gets_the_settings_death_not_days_back(
    current: int,
) -> None:
    # Health, Death: what death means is explained by the setting.
    panel = show("d10-0-health", EN=5, SP=5, current=current)
    got = facts(panel)
    assert "Days back to Normal" not in got
    assert got["Death"][0] == "as the setting says"
    assert "what death means is the setting's" in texts(panel)


@pytest.mark.parametrize(("current", "days"), [(0, 10), (1, 10), (49, 1)])
def test_d10_0_health_days_back_from_the_brink_and_injured(current: int, days: int) -> None:
    got = facts(show("d10-0-health", EN=5, SP=5, current=current))
    assert got["Days back to Normal"][0] == str(days)  # 5 a day up to Normal 50
    assert "Failing health" not in got and "Death" not in got


def test_d10_0_health_increases_raise_normal() -> None:
    panel = show("d10-0-health", EN=3, SP=8, increases=2, current=67)
    assert facts(panel)["Normal Health"][0] == "67"  # 55 + 2 × 6
    assert facts(panel)["State"][0] == "Normal"


def test_d10_0_health_refuses_a_normal_of_0() -> None:
    (message,) = errors(show("d10-0-health", EN=0, SP=0, current=0))
    assert "Health Points" in message


# --------------------------------------------------------------------------
# The character builder (Standard Player Agent Build Process)
# --------------------------------------------------------------------------


def builder(**changes: Any) -> dict[str, Any]:
    return show("d10-0-builder", **changes)


def test_d10_0_builder_default_sheet_spends_every_point() -> None:
    panel = builder()
    assert not errors(panel)
    got = facts(panel)
    assert got["Attribute points left"][0] == "0"
    # Normal Health (EN 7 + SP 4) / 2 × 10; Action Quota (AG 6 + FO 4) // 2
    assert "Mara Quill: Action Quota 5." in texts(panel)
    assert "Current Health 55 of Normal 55: Normal." in tracks_text(panel)
    assert got["Skill points spent"][0] == "100 of 100"
    assert got["Reserve"][0] == "none"
    skills = table(panel, "How Mara Quill's skills")
    # Ranged: AG 6, FO 4, PE 6 -> AG and PE circled: 2×6 + 2×6 + 4 = 28; Adjust 25 costs 50.
    assert skills["Ranged"] == ["AG + PE, FO", "28", "25", "53", "50"]
    assert skills["· Pistols"] == ["branch of Ranged", "53", "10", "63", "10"]


def test_d10_0_builder_average_fives_give_base_25_everywhere() -> None:
    fives = dict.fromkeys(d10_0.ATTRIBUTE_NAMES, 5)
    panel = builder(**fives, skills=[])
    skills = table(panel, "How Mara Quill's skills")
    assert {row[1] for row in skills.values()} == {"25"}
    assert "Action Quota 5." in texts(panel)
    assert "of Normal 50: Exceptional." in tracks_text(panel)  # Current is still 55
    assert facts(panel)["Attribute points left"][0] == "5"
    assert facts(panel)["Reserve"][0] == "100 to spend anywhere"
    # Every root ties three ways: each offers its circle choice.
    assert not [u for u in panel["unused"] if u.startswith("circle_")]


def test_d10_0_builder_refusals_name_the_rule() -> None:
    (low,) = errors(builder(AG=0, EN=13))
    assert low == "Every attribute starts at 1; AG is 0 (The D10/0 System, Build Process)"
    (spent,) = errors(builder(CH=6))
    assert spent.startswith("45 points are allocated") and "these use 46" in spent
    (over,) = errors(builder(skill_points=90))
    assert over.startswith("The skills cost 100 skill points; 90 are to spend anywhere")
    assert over.endswith(" (The D10/0 System, Skill Points)")
    (circle,) = errors(builder(circle_ranged="AG+FO"))
    assert circle.startswith("Circle the two highest of Ranged's")


def test_d10_0_builder_branch_rules() -> None:
    rows = [{"name": "Pistols", "parent": "Ranged", "adjust": 0}]
    (first,) = errors(builder(skills=rows))
    assert first.startswith("A branch's first skill point is its first Adjust point")
    rows = [{"name": "Pistols", "parent": "Guns", "adjust": 1}]
    (missing,) = errors(builder(skills=rows))
    assert "branches from 'Guns', which is not a skill on the sheet" in missing
    rows = [{"name": "Cooking", "parent": "", "adjust": 1}]
    (root,) = errors(builder(skills=rows))
    assert "not one of the ten root skills" in root
    # A branch listed before its parent still finds it.
    rows = [
        {"name": "Revolvers", "parent": "Pistols", "adjust": 1},
        {"name": "Pistols", "parent": "Ranged", "adjust": 1},
    ]
    skills = table(builder(skills=rows), "How Mara Quill's skills")
    assert skills["· · Revolvers"][1:4] == ["29", "1", "30"]


def test_d10_0_builder_an_attribute_above_10_is_a_note_not_an_error() -> None:
    # The cap is "typical" (Build Process): AG 11 with EN 2 still spends 45 points.
    panel = builder(AG=11, EN=2)
    assert not errors(panel)
    assert "Note: AG is 11, above the typical cap of 10" in texts(panel)
    assert facts(panel)["Attribute points left"][0] == "0"
    assert "typically capped at 10" in facts(panel)["Attribute points left"][1]


def _line_rows(branches: int) -> list[dict[str, Any]]:
    rows = [{"name": "B1", "parent": "Theory", "adjust": 1}]
    return rows + [
        {"name": f"B{k}", "parent": f"B{k - 1}", "adjust": 1} for k in range(2, branches + 1)
    ]


def test_d10_0_builder_warns_past_five_deep_counting_the_root() -> None:
    # Theory and B1-B4 are five skills deep, as the Focused Example: no note.
    assert "skills deep" not in texts(builder(skills=_line_rows(4)))
    panel = builder(skills=_line_rows(5))
    assert not errors(panel)
    assert "Note: B5 is more than 5 skills deep, counting the root" in texts(panel)
    assert facts(panel)["Reserve"][0] == "95 to spend anywhere"


def test_d10_0_builder_progression_point_purchases() -> None:
    panel = builder(
        progression_points=10,
        purchases=[{"item": "health", "count": 1}, {"item": "skill:Society", "count": 1}],
    )
    assert not errors(panel)
    got = facts(panel)
    assert "of Normal 61: Injured." in tracks_text(panel)  # 55 + (7 + 4) / 2 rounded up
    assert got["Reserve"][0] == "13 for Society's tree"  # SE 7 + IN 6
    assert got["Progression Points"][0] == "10 spent, 0 left"
    (broke,) = errors(builder(progression_points=0, purchases=[{"item": "health", "count": 1}]))
    assert broke.startswith("These purchases cost 5")
    assert broke.endswith(" (The D10/0 System, Progression Points)")


def test_d10_0_builder_export_import_round_trip() -> None:
    values = {"name": "Janet", "AG": 7, "CH": 4, "skill_points": 110}
    file = answer("d10-0-builder", "export", {"values": values})
    assert file["filename"] == "janet.json"  # named after the character, as every builder
    loaded = answer("d10-0-builder", "import", {"text": file["text"]})
    assert loaded["values"]["name"] == "Janet" and loaded["values"]["AG"] == 7
    assert facts(loaded["panel"])["Skill points spent"][0] == "100 of 110"
    document = json.loads(file["text"])
    document["values"].update(AG=11, EN=3)  # above the typical 10, still 45 points
    above = answer("d10-0-builder", "import", {"text": json.dumps(document)})
    assert "Note: AG is 11" in texts(above["panel"])
    document["values"].update(AG=12, EN=7)
    with pytest.raises(WidgetError, match=r"breaks a rule: .*these use 50"):
        answer("d10-0-builder", "import", {"text": json.dumps(document)})
    with pytest.raises(WidgetError, match="marked 'wodu-builder'"):
        answer(
            "d10-0-builder",
            "import",
            {"text": json.dumps({**document, "rollbook": "wodu-builder"})},
        )


# --------------------------------------------------------------------------
# The sheet at the table (issue 17): rows that roll, trackers, Use my sheet
# --------------------------------------------------------------------------

# The builder's first sheet: AG 6, FO 4, PE 6 circle AG and PE for Ranged, so its Base is
# 6 + 6 + 6 + 6 + 4 = 28 and its Total 28 + 25 = 53; Pistols branches from it (Base 53)
# with Adjust 10: Total 63. Normal Health is (EN 7 + SP 4) / 2 x 10 = 55.
ROOK = {"name": "Rook", "check_difficulty": "Challenge"}
PISTOLS = 63
NORMAL = 55


def _check(values: dict[str, Any], key: str, seed: int) -> dict[str, Any]:
    return answer("d10-0-builder", "check", {"values": values, "check": key, "seed": seed})


def _rolls(panel: dict[str, Any]) -> list[dict[str, Any]]:
    """Every check the sheet's rows roll: a row's own, or each of the choices under it."""
    rows = [r for b in blocks_of(panel, "checks") for r in b["rows"]]
    return [c for r in rows for c in (r.get("choices") or [r])]


def test_every_attribute_and_skill_row_of_the_sheet_offers_its_check() -> None:
    panel = show("d10-0-builder", **ROOK)
    keys = [r["key"] for r in _rolls(panel)]
    assert keys[:10] == [f"attribute:{a}" for a in d10_0.ATTRIBUTE_NAMES]
    skills = [k.removeprefix("skill:") for k in keys[10:]]
    assert sorted(skills) == sorted(
        [r.name for r in d10_0.ROOT_SKILLS] + ["Pistols", "Climbing", "Spotting"]
    )
    labels = [r["label"] for r in _rolls(panel)]
    assert "Roll Pistols 63 at difficulty 20 (Challenge)" in labels
    assert "Roll AG (Agility) 6 at difficulty 2 (Challenge)" in labels
    assert not [r for b in blocks_of(panel, "table") for r in b["rows"] if "check" in r]


def test_a_skill_row_rolls_a_d100_read_00_to_99_under_its_total() -> None:
    seen = set()
    for seed in range(60):
        rolled = _check(ROOK, "skill:Pistols", seed)
        face = random.Random(seed).randrange(100)  # two d10s read 00-99
        seen.add(face)
        assert rolled["what"] == f"Rook: Pistols {PISTOLS} at difficulty 20 (Challenge)"
        (line,) = rolled["lines"]
        assert [p["text"] for p in line["parts"]] == [f"{PISTOLS} −", f"{face:02d}"]
        effort = PISTOLS - face
        assert line["total"] == str(effort)
        assert f"effort {effort} against difficulty 20, degree " in rolled["outcome"]
        verdict = "Success" if effort > 20 else "Miss" if effort == 20 else "Failure"
        assert rolled["outcome"].startswith(verdict)
        assert rolled["outcome"].endswith(d10_0.degree_name(effort - 20, True))
        assert rolled["log"]["what"].startswith("Rook: Pistols")
    assert min(seen) < 10  # a roll under 10 shows its leading 0 and counts as itself


def test_an_attribute_row_rolls_a_d10_read_0_to_9_and_words_it_as_the_check_roller() -> None:
    faces = set()
    for seed in range(80):
        rolled = _check({"name": "Rook"}, "attribute:AG", seed)
        assert rolled["what"] == "Rook: AG (Agility) 6 at difficulty 0 (Average)"
        face = int(rolled["lines"][0]["parts"][1]["text"])
        faces.add(face)
        same = answer(
            "d10-0-check",
            "roll",
            {"values": {"kind": "attribute", "score": 6, "difficulty": "0"}, "seed": seed},
        )
        assert (rolled["lines"], rolled["outcome"]) == (same["lines"], same["outcome"])
    assert faces == set(range(10))  # 0 to 9, never 1 to 10


def test_a_sheet_check_rolls_the_same_dice_again_from_its_seed_and_names_the_character() -> None:
    first = _check(ROOK, "skill:Pistols", 1234)
    assert _check(ROOK, "skill:Pistols", 1234)["lines"] == first["lines"]
    assert first["label"].startswith("Rook: Pistols 63 at difficulty 20 (Challenge). ")
    unnamed = _check({"name": " "}, "attribute:EN", 1)
    assert unnamed["what"] == "Unnamed character: EN (Endurance) 7 at difficulty 0 (Average)"


def test_the_sheet_check_takes_overflow_from_the_sheet() -> None:
    # A first roll of 0 on AG 6 re-rolls once with overflow (Actions, Overflow).
    seed = next(s for s in range(1000) if random.Random(s).randrange(10) == 0)
    plain = _check({"name": "Rook"}, "attribute:AG", seed)
    chained = _check({"name": "Rook", "check_overflow": True}, "attribute:AG", seed)
    assert len(plain["lines"]) == 1 and len(chained["lines"]) == 2
    assert chained["lines"][1]["label"].startswith("Overflow after the lowest face")


@pytest.mark.parametrize(
    ("values", "key", "message"),
    [
        ({}, "skill:Sniping", "the sheet has no check 'skill:Sniping'"),
        ({}, "attribute:XX", "the sheet has no check 'attribute:XX'"),
        ({"AG": 10}, "attribute:AG", "Mend the sheet first: 45 points are allocated"),
        ({"check_difficulty": "Tough"}, "attribute:AG", "A difficulty is a whole number or"),
        ({"check_difficulty": "1000"}, "attribute:AG", "A difficulty must be from -999 to 999"),
    ],
)
def test_a_sheet_check_is_refused_with_the_reason(
    values: dict[str, Any], key: str, message: str
) -> None:
    with pytest.raises(WidgetError, match=re.escape(message)):
        _check(values, key, 1)


def test_a_difficulty_out_of_range_marks_the_sheets_difficulty_field() -> None:
    panel = show("d10-0-builder", check_difficulty="-1000")
    assert panel["invalid"] == ["check_difficulty"]


def test_the_sheet_tracks_current_health_and_its_setup_says_what_is_left() -> None:
    builder = WIDGETS["d10-0-builder"]
    tracked = [f.name for f in builder.fields if getattr(f, "track", False)]
    assert tracked == ["current_health"]  # ticked by its Health boxes
    assert builder.play_fields == ("check_difficulty",)
    assert show("d10-0-builder")["blocks"]  # the first sheet starts at Current = Normal
    values = {"current_health": 40, "skill_points": 110, "progression_points": 12}
    panel = show("d10-0-builder", **values, purchases=[{"item": "health", "count": 1}])
    # One Health Point Increase: +6 (the average of 7 and 4, rounded up), for 5 PP.
    assert (
        "In play: Current Health 40 of Normal 61: Injured; Reserve 10 of 110 skill points "
        "unspent; 7 of 12 Progression Points left." in texts(panel)
    )
    for current, state in ((NORMAL + 1, "Exceptional"), (0, "On the Brink"), (-55, "Dying")):
        assert f"of Normal {NORMAL}: {state};" in texts(
            show("d10-0-builder", current_health=current)
        )
    assert f"of Normal {NORMAL}: Dead;" in texts(show("d10-0-builder", current_health=-56))


@pytest.mark.parametrize(
    ("values", "message", "fields"),
    [
        (
            {"progression_points": 4, "purchases": [{"item": "health", "count": 1}]},
            "These purchases cost 5 Progression Points; the character has 4",
            ["progression_points", "purchases"],
        ),
        (
            {"skill_points": 90},
            "The skills cost 100 skill points; 90 are to spend anywhere",
            ["skill_points", "skills"],
        ),
        ({"current_health": 100_001}, "Current Health must be from -100000 to 100000", []),
        ({"skill_points": -1}, "Skill points must be from 0", []),
        ({"progression_points": -1}, "Progression Points earned must be from 0", []),
    ],
)
def test_impossible_tracked_values_are_refused_naming_the_field(
    values: dict[str, Any], message: str, fields: list[str]
) -> None:
    panel = show("d10-0-builder", **values)
    assert any(e.startswith(message) for e in errors(panel)), errors(panel)
    for name in fields or [next(iter(values))]:
        assert name in panel["invalid"]


def test_current_health_follows_normal_until_play_moves_it() -> None:
    builder = WIDGETS["d10-0-builder"]
    start = {"EN": 7, "SP": 4, "current_health": NORMAL}
    # EN 7 -> 6 and AG 6 -> 7 keep the 45 points: Normal (6 + 4) / 2 x 10 = 50.
    moved = builder.panel({**start, "EN": 6, "AG": 7}, previous=start)
    assert moved["set"] == {"current_health": 50}
    hurt = {**start, "current_health": 30}
    assert builder.panel({**hurt, "EN": 6, "AG": 7}, previous=hurt)["set"] == {}


def test_the_play_page_keeps_the_sheet_and_feeds_the_check_and_health_from_it() -> None:
    fences = [s for page, s in _page_fences() if page == "play.md"]
    assert fences[0] == {"widget": "d10-0-builder", "store": "d10-0-character", "play": True}
    fed = {s["widget"] for s in fences if s.get("use_sheet")}
    assert fed == {"d10-0-check", "d10-0-health"}
    sources = {WIDGETS[w].source.store for w in fed}  # type: ignore[union-attr]
    assert sources == {"d10-0-character"}


def _fed(widget: str, values: dict[str, Any], sheet: object) -> dict[str, Any]:
    return answer(widget, "show", {"values": values, "source": sheet})


def test_use_my_sheet_takes_a_skill_or_an_attribute_from_the_played_character() -> None:
    panel = _fed("d10-0-check", {"use_sheet": True, "sheet_check": "pistols"}, {"name": "Rook"})
    assert panel["set"] == {"kind": "skill", "score": PISTOLS}
    assert panel["taken"] == ["kind", "score"]
    assert texts(panel).startswith(
        f"From Rook's sheet: Pistols {PISTOLS}, a skill check on a d100 read 00-99."
    )
    by_name = _fed("d10-0-check", {"use_sheet": True, "sheet_check": "Agility"}, {"name": "Rook"})
    assert by_name["set"] == {"kind": "attribute", "score": 6}
    assert "From Rook's sheet: AG (Agility) 6, an attribute check on a d10 read 0-9." in texts(
        by_name
    )
    unnamed = _fed("d10-0-check", {"use_sheet": True, "sheet_check": "EN"}, {"name": ""})
    assert texts(unnamed).startswith("From your sheet: EN (Endurance) 7")


def test_use_my_sheet_says_when_the_pick_is_not_on_the_sheet_and_takes_nothing() -> None:
    panel = _fed("d10-0-check", {"use_sheet": True, "sheet_check": "Sniping"}, {"name": "Rook"})
    assert panel["set"] == {} and panel["taken"] == []
    assert "From Rook's sheet: nothing is called 'Sniping'" in texts(panel)
    assert "the score below is yours to set" in texts(panel)
    broken = {"name": "Rook", "skills": [{"name": "Pistols", "parent": "Guns", "adjust": 1}]}
    unread = _fed("d10-0-check", {"use_sheet": True, "sheet_check": "AG"}, broken)
    assert unread["set"] == {} and "From Rook's sheet: it cannot be read" in texts(unread)


def test_use_my_sheet_is_a_switch_and_hides_without_a_played_character() -> None:
    off = _fed("d10-0-check", {"use_sheet": False, "sheet_check": "Pistols"}, {"name": "Rook"})
    assert off["set"] == {} and "sheet_check" in off["unused"]
    alone = _fed("d10-0-check", {"use_sheet": True}, None)
    assert "use_sheet" in alone["unused"] and alone["set"] == {}
    rolled = answer(
        "d10-0-check",
        "roll",
        {"values": {"kind": "skill", "score": PISTOLS, "difficulty": "Challenge"}, "seed": 3},
    )
    sheet = _check(ROOK, "skill:Pistols", 3)
    assert rolled["lines"] == sheet["lines"] and rolled["outcome"] == sheet["outcome"]


def test_use_my_sheet_feeds_the_health_reader_from_the_played_character() -> None:
    sheet = {
        "name": "Rook",
        "current_health": -3,
        "progression_points": 10,
        "purchases": [{"item": "health", "count": 2}],
    }
    panel = _fed("d10-0-health", {"use_sheet": True}, sheet)
    assert panel["set"] == {"EN": 7, "SP": 4, "increases": 2, "current": -3}
    said = texts(panel)
    assert said.startswith(
        "From Rook's sheet: EN 7, SP 4, 2 Health Point Increases, Current Health -3."
    )
    # Normal 55 + 2 x 6 = 67; Current -3 is below 0: Dying.
    assert "Current -3 of Normal 67: Dying." in said


@pytest.mark.parametrize(
    ("current", "state", "words"),
    [
        (-1, "Dying", "out of the fight"),
        (-55, "Dying", "great difficulty"),
        (-56, "Dead", "what death means is the setting's"),
    ],
)
def test_a_dying_or_dead_sheet_says_so_beside_its_rolls(
    current: int, state: str, words: str
) -> None:
    """Health, Failing Health and Death (issue 27, item 6): the state stands just above
    the sheet's rows of checks, and every check the sheet rolls repeats it."""
    values = {**ROOK, "current_health": current}
    panel = show("d10-0-builder", **values)
    kinds = [b["type"] for b in panel["blocks"]]
    first_table = kinds.index("checks")
    beside = panel["blocks"][first_table - 1]
    assert beside["type"] == "text"
    assert beside["text"].startswith(f"Rook is {state} (Current Health {current}")
    assert words in beside["text"]
    rolled = _check(values, "skill:Pistols", 7)
    said = " ".join(item for b in rolled["blocks"] for item in b.get("items", []))
    assert said.startswith(f"Rook is {state}") and words in said
    assert f"Rook is {state}" in rolled["label"]


@pytest.mark.parametrize("current", [NORMAL, 1, 0])
def test_a_sheet_on_the_brink_or_better_adds_nothing_beside_its_rolls(current: int) -> None:
    values = {**ROOK, "current_health": current}
    assert " is Dying" not in texts(show("d10-0-builder", **values))
    assert _check(values, "attribute:AG", 3)["blocks"] == []


def test_the_play_page_states_how_a_dying_sheet_reads() -> None:
    """The Play page's Source note says where the state shows and what the tools do not
    change (issue 27, item 6)."""
    page = (DOCS / "play.md").read_text()
    assert "The guide has no unconscious state" in page
    assert "just above its\n    rows of checks and under every roll it makes" in page


def test_the_builder_keeps_points_bought_for_ranged_in_ranged_s_tree() -> None:
    """Issue 27, item 4: 12 points bought for Ranged (AG 6 + PE 6) were listed as "to spend
    anywhere" and accepted on Domestic; they stay Ranged's until marked Bought there."""
    bought = {"progression_points": 5, "purchases": [{"item": "skill:Ranged", "count": 1}]}
    panel = builder(**bought)
    assert not errors(panel)
    assert facts(panel)["Reserve"][0] == "12 for Ranged's tree"
    skills = [*(dict(row, bought=0) for row in DEFAULT_SKILLS)]
    domestic = builder(**bought, skills=[*skills, {"name": "Domestic", "parent": "", "adjust": 11}])
    (refused,) = errors(domestic)
    assert "12 bought for Ranged go only into Ranged's tree" in refused
    assert "skills" in domestic["invalid"]
    marked = builder(
        **bought, skills=[*skills, {"name": "Domestic", "parent": "", "adjust": 11, "bought": 12}]
    )
    (refused,) = errors(marked)
    assert refused.startswith("Domestic's tree is marked with 12 bought skill points, but none")
    pistols = [
        dict(row, adjust=15, bought=10) if row["name"] == "Pistols" else row for row in skills
    ]
    spent = builder(**bought, skills=pistols)
    assert not errors(spent)
    assert facts(spent)["Reserve"][0] == "2 for Ranged's tree"


def test_the_skills_table_shows_the_points_marked_bought() -> None:
    skills = [dict(row, bought=6) if row["name"] == "Pistols" else row for row in DEFAULT_SKILLS]
    panel = builder(
        progression_points=5, purchases=[{"item": "skill:Ranged", "count": 1}], skills=skills
    )
    assert table(panel, "How Mara Quill's skills")["· Pistols"][-1] == "10 (6 bought)"
    assert table(panel, "How Mara Quill's skills")["Ranged"][-1] == "50"


def test_the_builder_buys_tabs_powers_and_karma_at_the_table_s_prices() -> None:
    """Issue 27, item 8: every line of the Standard Cost Table is a purchase."""
    (purchases,) = [f for f in WIDGETS["d10-0-builder"].fields if f.name == "purchases"]
    (item,) = [c for c in purchases.cells if c.name == "item"]
    offered = [value for value, _ in item.options]
    assert [o for o in offered if o.startswith("tab:")] == [f"tab:{c}" for c in range(5, 11)]
    assert [o for o in offered if o.startswith("karma:")] == [f"karma:{c}" for c in range(1, 11)]
    assert "power" in offered
    panel = builder(
        progression_points=40,
        purchases=[
            {"item": "tab:7", "count": 1},
            {"item": "tab:5", "count": 1},
            {"item": "power", "count": 1},
            {"item": "karma:3", "count": 2},
            {"item": "health", "count": 1},
        ],
    )
    assert not errors(panel)
    assert facts(panel)["Progression Points"] == (
        "33 spent, 7 left",
        "2 TABs: 7 + 5 = 12; 1 power: 10; 2 karma: 3 + 3 = 6; 1 Health Point Increase: 5",
    )
    (short,) = errors(builder(progression_points=9, purchases=[{"item": "power", "count": 1}]))
    assert short.startswith("These purchases cost 10 Progression Points; the character has 9")


def test_use_my_sheet_says_when_the_played_character_is_dying() -> None:
    """The Play page's check roller rolls the sheet's checks too (issue 27, item 6)."""
    dying = {"name": "Rook", "current_health": -3}
    panel = _fed("d10-0-check", {"use_sheet": True, "sheet_check": "Pistols"}, dying)
    assert panel["set"] == {"kind": "skill", "score": PISTOLS}
    assert "Rook is Dying (Current Health -3, below 0): out of the fight" in texts(panel)
    well = _fed("d10-0-check", {"use_sheet": True, "sheet_check": "Pistols"}, {"name": "Rook"})
    assert " is Dying" not in texts(well)
