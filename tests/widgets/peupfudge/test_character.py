"""Peupfudge widgets: XP, the character sheet and what it feeds the action check
(1 Characters, 1.1 Abilities, 2 Actions),
checked against the numbers the source prints (draft of 2022-08-19)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from rules_py.markdown.widget import parse_settings
from rules_py.widgets import WIDGETS, WidgetError, answer
from tests.widgets.panels import show
from tests.widgets.peupfudge.helpers import (
    KOTORIKH,
    OBAZANA,
    blocks,
    faces,
    facts_of,
    of_type,
    refusal,
    table_rows,
)
from tests.widgets.peupfudge.helpers import page_fences as _page_fences

# --------------------------------------------------------------------------
# XP (Peupfudge, 1.1 Abilities and Intrinsic Aptitude)
# --------------------------------------------------------------------------


def test_example_1_construction_magic_has_29_of_64() -> None:
    found = blocks("peupfudge-xp", level=6, progress=22, xp=7)
    fact = facts_of(found)
    assert fact["Before"] == "6 (+22/64)"
    assert fact["Result"] == "6 (+29/64)"
    assert fact["Next level costs"] == "64 XP"
    assert "no level gained; 35 more XP reach level 7" in found[0]["text"]


def test_example_1_mycology_three_xp_buy_two_levels() -> None:
    found = blocks("peupfudge-xp", xp=3)
    assert facts_of(found)["Result"] == "2"
    steps = table_rows(found)
    assert steps["Level 0 → 1"]["cells"]["XP"] == "1"
    assert steps["Level 1 → 2"]["cells"]["XP"] == "2"
    assert steps["Left as progress toward level 3"]["cells"]["XP"] == "0"


def test_example_2_talented_observer_bonus_gives_11_of_16() -> None:
    fact = facts_of(blocks("peupfudge-xp", level=0, xp=19, bonus=7))
    assert fact["After the XP"] == "4 (+4/16)"
    assert fact["Result"] == "4 (+11/16)"
    assert fact["XP in this ability since level 0"] == "26"
    # The sheet's +5 would not give the printed 11/16.
    assert (
        facts_of(blocks("peupfudge-xp", level=4, progress=4, xp=0, bonus=5))["Result"]
        == "4 (+9/16)"
    )


def test_example_3_year_of_training_is_level_4_and_9_of_16() -> None:
    found = blocks("peupfudge-xp", xp=24)
    assert facts_of(found)["Result"] == "4 (+9/16)"
    assert table_rows(found)["Left as progress toward level 5"]["cells"]["XP"] == "9"


def test_example_5_hobbit_modifier_leaves_the_cost_alone() -> None:
    fact = facts_of(blocks("peupfudge-xp", level=3, modifier=-1, xp=9))
    assert fact["Result"] == "4 (+1/16)"
    assert fact["Modified level (L in actions)"] == "4 - 1 = 3"
    assert fact["Next level costs"] == "16 XP"


def test_xp_refuses_progress_that_would_have_bought_the_level() -> None:
    message = refusal("peupfudge-xp", level=4, progress=16)
    assert "Progress must be from 0 to 15 at level 4, got 16" in message
    assert "the next level costs 16 XP" in message
    assert "Peupfudge, 1.1 Abilities" in message


def test_xp_refuses_negative_levels_and_xp() -> None:
    assert "Unmodified level must be from 0 to 40, got -1" in refusal("peupfudge-xp", level=-1)
    assert "XP to allocate must be from 0" in refusal("peupfudge-xp", xp=-3)
    assert WIDGETS["peupfudge-xp"].roll is None


# --------------------------------------------------------------------------
# XP panel
# --------------------------------------------------------------------------


def test_example_2_kotorikh_panel_matches_the_source() -> None:
    found = blocks("peupfudge-xp-panel", character="Kotorikh", award=50, abilities=KOTORIKH)
    rows = table_rows(found)
    assert of_type(found, "table")[0]["caption"] == "Kotorikh: abilities and XP"
    assert rows["Perception"]["cells"]["After XP"] == "4 (+4/16)"
    assert {name: row["cells"]["With bonus"] for name, row in rows.items()} == {
        "Muscle": "0",
        "Charisma": "0",
        "Perception": "4 (+11/16)",
        "Knowledge": "5",
    }
    fact = facts_of(found)
    assert (fact["XP awarded"], fact["XP allocated"], fact["Left to allocate"]) == ("50", "50", "0")
    assert fact["XP bonuses (free)"] == "7"


def test_example_2_obazana_panel_matches_the_source() -> None:
    found = blocks("peupfudge-xp-panel", character="Obazana", award=50, abilities=OBAZANA)
    rows = table_rows(found)
    assert "With bonus" not in of_type(found, "table")[0]["head"]
    assert {name: row["cells"]["After XP"] for name, row in rows.items()} == {
        "Muscle": "4 (+6/16)",
        "Charisma": "3 (+6/8)",
        "Perception": "3",
        "Knowledge": "3 (+2/8)",
    }
    assert facts_of(found)["Left to allocate"] == "0"


def test_example_1_panel_shares_out_ten_xp() -> None:
    found = blocks(
        "peupfudge-xp-panel",
        award=10,
        abilities=[
            {"name": "Construction Magic", "level": 6, "progress": 22, "xp": 7},
            {"name": "Mycology", "xp": 3},
        ],
    )
    rows = table_rows(found)
    assert rows["Construction Magic"]["cells"]["After XP"] == "6 (+29/64)"
    assert rows["Construction Magic"]["cells"]["Next level"] == "64 XP (35 to go)"
    assert rows["Mycology"]["cells"]["After XP"] == "2"


def test_example_5_training_panel_modified_levels() -> None:
    rows = table_rows(
        blocks(
            "peupfudge-xp-panel",
            abilities=[
                {"name": "Hobbit", "level": 3, "modifier": -1, "xp": 9},
                {"name": "Cyborg", "level": 3, "modifier": 2},
                {"name": "Ant", "level": 7, "modifier": -50, "xp": 128},
            ],
            award=0,
        )
    )
    assert rows["Hobbit"]["cells"]["After XP"] == "4 (+1/16)"
    assert rows["Hobbit"]["cells"]["L in actions"] == "4 - 1 = 3"
    assert rows["Cyborg"]["cells"]["L in actions"] == "3 + 2 = 5"
    assert rows["Ant"]["cells"]["L in actions"] == "8 - 50 = -42"


def test_panel_refuses_more_xp_than_awarded() -> None:
    message = refusal("peupfudge-xp-panel", award=49, abilities=OBAZANA)
    assert message.startswith("50 XP allocated but only 49 XP awarded")
    assert show("peupfudge-xp-panel", award=49, abilities=OBAZANA)["invalid"] == [
        "award",
        "abilities",
    ]


def test_panel_refusal_names_the_ability() -> None:
    message = refusal(
        "peupfudge-xp-panel", abilities=[{"name": "Archery", "level": 2, "progress": 4}]
    )
    assert message.startswith("Archery: Progress must be from 0 to 3 at level 2, got 4")


def test_panel_exports_and_imports_a_sheet() -> None:
    values = {"character": "Obazana", "award": 50, "abilities": OBAZANA}
    saved = answer("peupfudge-xp-panel", "export", {"values": values})
    loaded = answer("peupfudge-xp-panel", "import", {"text": saved["text"]})
    assert loaded["values"]["abilities"][0]["xp"] == 21
    broken = json.loads(saved["text"])
    broken["values"]["award"] = 10
    with pytest.raises(WidgetError, match="breaks a rule: 50 XP allocated"):
        answer("peupfudge-xp-panel", "import", {"text": json.dumps(broken)})


# --------------------------------------------------------------------------
# Playing a character: rolls on the sheet, XP and statuses, "Use my sheet"
# (Peupfudge, 1 Characters; 1.1 Abilities; 2 Actions)
# --------------------------------------------------------------------------

ENERGY = {"name": "Energy", "current": -1, "minimum": -2, "maximum": 1}
"""Example 2's one status, as Kotorikh's sheet draws it: Tired (-1) of -2 to 1."""

KOTORIKH_SHEET = {
    "character": "Kotorikh",
    "award": 50,
    "D": 3,
    "A": -1,
    "statuses": [ENERGY],
    "abilities": KOTORIKH,
}
"""Example 2: Kotorikh after his starting XP, Tired, facing the bandit (D = 3, A = -1)."""


def check(values: dict[str, Any], key: str, seed: int = 7) -> dict[str, Any]:
    return answer("peupfudge-xp-panel", "check", {"values": values, "check": key, "seed": seed})


def test_a_sheet_row_rolls_its_ability_and_names_the_character() -> None:
    (checks,) = of_type(blocks("peupfudge-xp-panel", **KOTORIKH_SHEET), "checks")
    perception = checks["rows"][2]
    assert (perception["key"], perception["label"]) == (
        "ability:2",
        "Roll Perception, L = 4, against D = 3 on 4dF, A = -1",
    )
    view = check(KOTORIKH_SHEET, "ability:2")
    assert view["what"] == "Kotorikh: Perception (L = 4) against D = 3 on 4dF, A = -1"
    assert view["log"]["what"] == view["what"]
    (line,) = view["lines"]
    r = sum(faces(line))
    assert len(faces(line)) == 4 and line["total"] == str(r)
    total = 4 - 1 + r
    verdict = "Success" if total >= 3 else "Failure"
    assert view["outcome"].startswith(f"{verdict}: L + A + R = 4 - 1")
    assert view["outcome"].endswith(f"relative performance {total - 3:+d}")


@pytest.mark.parametrize("seed", range(20))
def test_a_sheet_check_is_the_action_rollers_roll_for_the_same_seed(seed: int) -> None:
    sheet = check(KOTORIKH_SHEET, "ability:3", seed)  # Knowledge 5
    action = answer(
        "peupfudge-action",
        "roll",
        {"values": {"L": 5, "A": -1, "D": 3, "dice": 4, "use_sheet": False}, "seed": seed},
    )
    assert sheet["lines"] == action["lines"] and sheet["outcome"] == action["outcome"]
    assert check(KOTORIKH_SHEET, "ability:3", seed)["lines"] == sheet["lines"]


def test_a_sheet_check_rolls_the_sheets_dice_and_the_modified_level() -> None:
    hobbit = {
        "character": "Hobbit",
        "D": 3,
        "A": 0,
        "dice": 1,
        "abilities": [{"name": "Strength", "level": 3, "modifier": -1, "xp": 9}],
    }
    view = check(hobbit, "ability:0", 3)
    assert view["what"] == "Hobbit: Strength (L = 4 - 1 = 3) against D = 3 on 1dF"
    assert len(faces(view["lines"][0])) == 1
    assert view["outcome"].startswith(
        ("Success: L + A + R = 3 + 0 ", "Failure: L + A + R = 3 + 0 ")
    )
    unnamed = check({**hobbit, "character": ""}, "ability:0")
    assert unnamed["what"].startswith("Unnamed character: Strength")


@pytest.mark.parametrize(
    ("values", "key", "message"),
    [
        (KOTORIKH_SHEET, "ability:4", "the sheet has no check 'ability:4'"),
        (KOTORIKH_SHEET, "skill:0", "the sheet has no check 'skill:0'"),
        (
            {**KOTORIKH_SHEET, "award": 49},
            "ability:0",
            "Mend the sheet first: 50 XP allocated but only 49 XP awarded",
        ),
        (
            {"abilities": [{"name": "Archery", "level": 2, "progress": 4}]},
            "ability:0",
            "Mend the sheet first: Archery: Progress must be from 0 to 3 at level 2",
        ),
        ({**KOTORIKH_SHEET, "dice": 10}, "ability:0", "from 1 to 9"),
    ],
)
def test_a_check_the_sheet_cannot_make_is_refused(
    values: dict[str, Any], key: str, message: str
) -> None:
    with pytest.raises(WidgetError, match=re.escape(message)):
        check(values, key)


def test_statuses_are_shown_with_their_range() -> None:
    found = blocks("peupfudge-xp-panel", **KOTORIKH_SHEET)
    (energy,) = of_type(found, "track")
    assert (energy["label"], energy["text"]) == ("Energy", "-1, from -2 to 1")
    named = blocks("peupfudge-xp-panel")  # the example names Energy's states
    assert of_type(named, "track")[0]["text"] == "Tired (-1), from Exhausted (-2) to Rested (1)"
    assert of_type(blocks("peupfudge-xp-panel", statuses=[]), "track") == []


@pytest.mark.parametrize(
    ("status", "message"),
    [
        ({"current": 2}, "Statuses: Energy: it is at 2, above its highest state (1)"),
        ({"current": -3}, "Statuses: Energy: it is at -3, below its lowest state (-2)"),
        ({"minimum": 2}, "Statuses: Energy: its lowest state (2) is above its highest (1)"),
        ({"name": ""}, None),
    ],
)
def test_a_status_out_of_its_range_is_refused_by_name(
    status: dict[str, Any], message: str | None
) -> None:
    statuses = [{"name": "Health", "current": 5, "maximum": 10}, {**ENERGY, **status}]
    panel = show("peupfudge-xp-panel", **{**KOTORIKH_SHEET, "statuses": statuses})
    errors = [b["text"] for b in panel["blocks"] if b["type"] == "error"]
    if message is None:  # a blank name is numbered, and in range it is fine
        assert errors == [] and panel["invalid"] == []
        assert [t["label"] for t in of_type(panel["blocks"], "track")] == ["Health", "Status 2"]
        return
    assert errors == [message] and panel["invalid"] == ["statuses"]
    # the rest of the sheet still shows, its rolls with it, and the status in range
    (checks,) = of_type(panel["blocks"], "checks")
    assert checks["rows"][3]["key"] == "ability:3" and checks["rows"][3]["chance"]
    assert [t["label"] for t in of_type(panel["blocks"], "track")] == ["Health"]


def test_the_sheet_tracks_xp_awarded_and_each_statuss_state() -> None:
    fields = {f.name: f for f in WIDGETS["peupfudge-xp-panel"].fields}
    assert fields["award"].track  # type: ignore[union-attr]
    cells = {c.name: c for c in fields["statuses"].cells}  # type: ignore[union-attr]
    assert cells["current"].track and not cells["maximum"].track  # type: ignore[union-attr]
    # Statuses are tapped as boxes in play, their rows set in Edit mode.
    assert WIDGETS["peupfudge-xp-panel"].play_fields == ("D", "A", "dice")
    too_many = show("peupfudge-xp-panel", **{**KOTORIKH_SHEET, "award": 10})
    assert too_many["invalid"] == ["award", "abilities"]


def test_a_sheet_saved_before_it_played_still_reads() -> None:
    """A reader's sheet from before (no D, A, dice or statuses) shows and rolls as it was."""
    old = {"character": "Obazana", "award": 50, "abilities": OBAZANA}
    assert of_type(blocks("peupfudge-xp-panel", **old), "table")
    view = check(old, "ability:0")
    assert view["what"] == "Obazana: Muscle (L = 4) against D = 3 on 4dF, A = -1"


def action(source: dict[str, Any] | None = None, **values: Any) -> dict[str, Any]:
    args: dict[str, Any] = {"values": values}
    if source is not None:
        args["source"] = source
    return answer("peupfudge-action", "show", args)


def test_use_my_sheet_takes_l_from_the_named_ability() -> None:
    panel = action(KOTORIKH_SHEET, ability="perception", D=3, A=-1)
    assert panel["set"] == {"L": 4} and panel["taken"] == ["L"]
    assert panel["blocks"][0]["text"] == "From Kotorikh's sheet: Perception, L = 4."
    assert "L = 4, A = -1, D = 3" in panel["blocks"][1]["text"]
    first = action(KOTORIKH_SHEET)
    assert first["set"] == {"L": 0}
    assert first["blocks"][0]["text"] == "From Kotorikh's sheet: Muscle, L = 0."
    hobbit = {
        "character": "",
        "abilities": [{"name": "Strength", "level": 3, "modifier": -1, "xp": 9}],
    }
    assert action(hobbit)["blocks"][0]["text"] == "From your sheet: Strength, L = 4 - 1 = 3."
    assert action(hobbit)["set"] == {"L": 3}


def test_use_my_sheet_says_when_it_cannot_and_steps_aside_when_off() -> None:
    missing = action(KOTORIKH_SHEET, ability="Archery", L=2)
    assert missing["set"] == {} and missing["taken"] == []
    assert missing["blocks"][0]["text"] == (
        "Kotorikh's sheet has no ability called 'Archery': it has Muscle, Charisma, "
        "Perception and Knowledge. L is the one entered here."
    )
    off = action(KOTORIKH_SHEET, use_sheet=False, L=2)
    assert off["set"] == {} and off["unused"] == ["ability"]
    assert off["blocks"][0]["text"].startswith("L + A + R ≥ D with L = 2")
    alone = action(None, L=2)
    assert alone["set"] == {} and "use_sheet" in alone["unused"]


def test_the_action_roller_rolls_again_from_its_seed() -> None:
    args = {"values": {"L": 4, "A": -1, "D": 3}, "seed": 11}
    first = answer("peupfudge-action", "roll", args)
    assert answer("peupfudge-action", "roll", args)["lines"] == first["lines"]
    assert len(faces(first["lines"][0])) == 4


def test_play_page_keeps_the_character_in_the_store_the_reference_sheet_saves_to() -> None:
    """The sheet readers filled before Play pages is the bare one on the reference sheet:
    its fence now has the store, so the page adopts what was saved under its old key,
    and the Play page plays the same characters."""
    stores = {}
    for page in ("play.md", "reference-sheet.md"):
        for body in (b for p, b in _page_fences() if p == page):
            widget, values, store, play = parse_settings(body)
            if widget.name == "peupfudge-xp-panel":
                stores[page] = (store, play, values)
    assert stores["reference-sheet.md"][:2] == ("peupfudge-character", False)
    assert stores["play.md"][:2] == ("peupfudge-character", True)
    # Play's sheet is example 2's Kotorikh, and his Perception roll is the source's
    kotorikh = stores["play.md"][2]
    assert check(kotorikh, "ability:2")["what"].startswith(
        "Kotorikh: Perception (L = 4) against D = 3 on 4dF, A = -1"
    )
    from rules_py.widgets.peupfudge import STORE

    assert STORE == "peupfudge-character"
