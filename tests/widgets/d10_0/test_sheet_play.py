"""The D10/0 sheet at the table (issue 29): the rows a player rolls with their exact
chances, the Health and power point boxes a player taps, the setup kept for Edit mode,
and the example character beside the fresh one New starts.

The chances are asked of :mod:`rules_py.systems.d10_0` for each row, and the ones named
after the example are worked by hand: a roll under the score on a d10 read 0-9 (or a
d100 read 00-99), the effort score − roll greater than the difficulty (Actions, Degrees
and Difficulty).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules_py.systems import d10_0
from rules_py.widgets import WIDGETS
from rules_py.widgets.d10_0._character import EXAMPLE_NAME, EXAMPLE_POWER
from tests.widgets.d10_0.helpers import errors
from tests.widgets.panels import blocks_of, show

# The example, Mara Quill: AG 6, EN 7, FO 4, PE 6, SP 4 ...; Ranged circles AG and PE, Base
# 28, Adjust 25, Total 53; Pistols branches from it with Adjust 10: Total 63. Normal Health
# (EN 7 + SP 4) / 2 x 10 = 55. Marksman Focus: Normal (FO 4 + PE 6) / 2 = 5 power points.
NORMAL = 55


def sheet(**changes: Any) -> dict[str, Any]:
    return show("d10-0-builder", **changes)


def rows(panel: dict[str, Any], caption: str) -> dict[str, dict[str, Any]]:
    """Every check of the checks block whose caption starts with ``caption``, by its name
    (a row's, or each of the choices a row offers)."""
    (block,) = [b for b in blocks_of(panel, "checks") if b["caption"].startswith(caption)]
    found = {}
    for row in block["rows"]:
        for check in row.get("choices") or [row]:
            found[check["key"].partition(":")[2]] = check
    return found


def tracks(panel: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The panel's tracks by what they count ("Health", "Marksman Focus power points")."""
    return {b["label"].partition(":")[0]: b for b in blocks_of(panel, "track")}


def tapped(values: dict[str, Any], tap: dict[str, Any]) -> dict[str, Any]:
    """The sheet after a tap: its fields set as the page sets them."""
    return {**values, **tap["set"]}


# --------------------------------------------------------------------------
# Rows and their chances
# --------------------------------------------------------------------------


def test_mara_quill_s_ag_6_at_average_succeeds_on_a_roll_of_0_to_5() -> None:
    row = rows(sheet(), "Attributes:")["AG"]
    assert row["value"] == "6" and row["key"] == "attribute:AG"
    assert row["exact"] == str(Fraction(6, 10))  # rolls 0-5 give an effort of 6 to 1 > 0
    assert row["chance"] == "60%"
    assert row["detail"].startswith("success 3/5, miss 1/10, failure 3/10; by degree: ")
    assert row["label"] == "Roll AG (Agility) 6 at difficulty 0 (Average)"


def test_the_chances_follow_the_difficulty_mara_quill_s_pistols_63_at_challenge() -> None:
    average = rows(sheet(), "Skills:")["Pistols"]
    challenge = rows(sheet(check_difficulty="Challenge"), "Skills:")["Pistols"]
    assert Fraction(average["exact"]) == Fraction(63, 100)  # 63 − roll > 0 for 00-62
    assert Fraction(challenge["exact"]) == Fraction(43, 100)  # 63 − roll > 20 for 00-42
    ag = rows(sheet(check_difficulty="Challenge"), "Attributes:")["AG"]
    assert Fraction(ag["exact"]) == Fraction(2, 5)  # 6 − roll > 2 for 0-3
    assert challenge["label"] == "Roll Pistols 63 at difficulty 20 (Challenge)"


@pytest.mark.parametrize(
    ("difficulty", "overflow"), [("0", False), ("Challenge", False), ("-3", True), ("Hard", True)]
)
def test_every_row_s_chance_is_the_rules_exact_chance(difficulty: str, overflow: bool) -> None:
    panel = sheet(check_difficulty=difficulty, check_overflow=overflow)
    assert not errors(panel)
    for skill, caption in ((False, "Attributes:"), (True, "Skills:")):
        target = d10_0.parse_difficulty(difficulty, skill)
        for row in rows(panel, caption).values():
            score = int(row["value"])
            outcomes = d10_0.check_outcomes(score, target, skill, overflow)
            assert Fraction(row["exact"]) == outcomes["success"], row["name"]
            assert row["detail"].startswith(
                f"success {outcomes['success']}, miss {outcomes['miss']}, "
                f"failure {outcomes['failure']}; "
            )


def test_the_chances_follow_the_values() -> None:
    raised = sheet(AG=8, EN=5)  # 45 points still: AG up 2, EN down 2
    assert Fraction(rows(raised, "Attributes:")["AG"]["exact"]) == Fraction(8, 10)
    assert Fraction(rows(raised, "Attributes:")["EN"]["exact"]) == Fraction(5, 10)


def test_the_detail_names_each_degree_the_roll_can_come_to() -> None:
    # AG 6 at Average: efforts 6 down to -3 (rolls 0-9), each a tenth; 6 is row 6's name.
    detail = rows(sheet(), "Attributes:")["AG"]["detail"]
    degrees = detail.split("by degree: ")[1].split(", ")
    assert degrees[0] == "Fouled Up 1/10"  # effort -3
    assert degrees[-1] == "Awe-Inspiring for all the right reasons 1/10"  # effort 6
    assert len(degrees) == 10


def test_rows_come_in_the_printed_sheet_s_order() -> None:
    panel = sheet()
    assert list(rows(panel, "Attributes:")) == list(d10_0.ATTRIBUTE_NAMES)
    (block,) = [b for b in blocks_of(panel, "checks") if b["caption"].startswith("Skills:")]
    trained = ["Athletic", "Close", "Ranged", "Sensory"]  # the roots given Adjust points
    assert [r["name"] for r in block["rows"]] == [*trained, "Untrained skills"]
    assert sorted(rows(panel, "Skills:")) == sorted(
        [r.name for r in d10_0.ROOT_SKILLS] + ["Pistols", "Climbing", "Spotting"]
    )
    kinds = [(b["type"], b.get("caption") or b.get("label")) for b in panel["blocks"]]
    order = [k for k in kinds if k[0] in ("checks", "track")]
    assert [k[0] for k in order] == ["checks", "track", "checks", "track"]
    assert order[1][1] == f"{EXAMPLE_POWER} power points"
    assert order[3][1].startswith("Health: ")


def test_a_root_grown_into_branches_rolls_itself_or_a_branch_picked_at_its_roll() -> None:
    panel = sheet(check_difficulty="Challenge")
    (block,) = [b for b in blocks_of(panel, "checks") if b["caption"].startswith("Skills:")]
    ranged = next(r for r in block["rows"] if r["name"] == "Ranged")
    assert ranged["note"] == "and Pistols"
    assert ranged["value"] == "53" and Fraction(ranged["exact"]) == Fraction(33, 100)
    assert [(c["name"], c["key"], c["value"]) for c in ranged["choices"]] == [
        ("Ranged 53", "skill:Ranged", "53"),
        ("Pistols 63", "skill:Pistols", "63"),
    ]
    assert ranged["label"] == "Roll Ranged or one of its branches at difficulty 20 (Challenge)"
    close = next(r for r in block["rows"] if r["name"] == "Close")
    assert "choices" not in close and close["note"] == ""


def test_the_roots_left_at_adjust_0_share_a_row_each_rolled_on_its_base() -> None:
    (block,) = [b for b in blocks_of(sheet(), "checks") if b["caption"].startswith("Skills:")]
    untrained = block["rows"][-1]
    assert (untrained["name"], untrained["chance"], untrained["note"]) == (
        "Untrained skills",
        "",
        "6 roots at Adjust 0",
    )
    # Domestic: CH 5, SE 7, SP 4, SE and CH circled: 7 + 7 + 5 + 5 + 4 = 28.
    domestic = untrained["choices"][0]
    assert (domestic["name"], domestic["key"]) == ("Domestic 28", "skill:Domestic")
    assert Fraction(domestic["exact"]) == Fraction(28, 100)
    fresh = show("d10-0-builder", **WIDGETS["d10-0-builder"].fresh_values())
    (block,) = [b for b in blocks_of(fresh, "checks") if b["caption"].startswith("Skills:")]
    (only,) = block["rows"]  # a new character has trained nothing yet
    assert len(only["choices"]) == len(d10_0.ROOT_SKILLS)


def test_the_sheet_s_setup_is_shown_in_edit_mode_only() -> None:
    panel = sheet()
    edit = {b["type"] for b in panel["blocks"] if b.get("edit")}
    assert edit == {"facts", "table", "text"}
    assert not any(b.get("edit") for b in panel["blocks"] if b["type"] in ("checks", "track"))
    assert not blocks_of(panel, "table")[0]["rows"][0].get("check")  # rolled in the rows


def test_the_play_box_keeps_only_what_checks_are_rolled_against() -> None:
    builder = WIDGETS["d10-0-builder"]
    assert builder.play_fields == ("check_difficulty",)
    tracked = [f.name for f in builder.fields if getattr(f, "track", False)]
    assert tracked == ["current_health"]  # ticked by its Health boxes in play


# --------------------------------------------------------------------------
# Tracks tapped like paper
# --------------------------------------------------------------------------


def test_the_health_boxes_are_the_states_below_normal_in_the_guide_s_order() -> None:
    health = tracks(sheet())["Health"]
    assert health["names"] == ["Injured", "On the Brink", "Dying", "Dead"]
    assert health["label"] == "Health: Injured, On the Brink, Dying, Dead"  # drawn above
    assert (health["filled"], health["total"]) == (0, 4)
    assert health["text"] == f"Current Health {NORMAL} of Normal {NORMAL}: Normal."
    first = health["taps"][0]
    assert first == {
        "set": {"current_health": NORMAL - 1},
        "said": f"Current Health: {NORMAL} → {NORMAL - 1} (Injured)",
    }
    assert all(tap == first for tap in health["taps"])  # the leftmost empty box fills


@pytest.mark.parametrize(
    ("current", "ticked", "next_current", "back_current"),
    [
        (NORMAL + 3, 0, NORMAL - 1, None),  # Exceptional: nothing ticked
        (30, 1, 0, NORMAL),  # Injured -> On the Brink; rubbed out, back to Normal
        (0, 2, -1, NORMAL - 1),  # On the Brink -> Dying; back to the top of Injured
        (-NORMAL, 3, -NORMAL - 1, 0),  # still Dying at -Normal -> Dead; back to 0
        (-NORMAL - 1, 4, None, -1),  # Dead; rubbed out, back to the top of Dying
    ],
)
def test_a_tap_ticks_the_next_state_or_rubs_out_the_last(
    current: int, ticked: int, next_current: int | None, back_current: int | None
) -> None:
    values = {"current_health": current}
    health = tracks(sheet(**values))["Health"]
    assert health["filled"] == ticked
    if next_current is not None:
        after = tapped(values, health["taps"][ticked])
        assert after["current_health"] == next_current
        assert tracks(sheet(**after))["Health"]["filled"] == ticked + 1
    if back_current is not None:
        after = tapped(values, health["taps"][0])
        assert after["current_health"] == back_current
        assert tracks(sheet(**after))["Health"]["filled"] == ticked - 1


def test_marksman_focus_s_power_points_are_boxes_drained_and_regained() -> None:
    values: dict[str, Any] = {}
    points = tracks(sheet())[f"{EXAMPLE_POWER} power points"]
    assert (points["filled"], points["total"]) == (0, 5)
    drained = tapped(values, points["taps"][0])
    assert drained["powers"] == [{"name": EXAMPLE_POWER, "normal": 5, "current": 4}]
    assert points["taps"][0]["said"] == f"{EXAMPLE_POWER}: 5 → 4"
    again = tracks(sheet(**drained))[f"{EXAMPLE_POWER} power points"]
    assert again["filled"] == 1
    assert tapped(drained, again["taps"][0])["powers"][0]["current"] == 5  # regained
    assert tapped(drained, again["taps"][3])["powers"][0]["current"] == 3


def test_each_power_block_gets_its_own_boxes_and_taps_leave_the_others_alone() -> None:
    powers = [
        {"name": EXAMPLE_POWER, "normal": 5, "current": 2},
        {"name": "Spirit Lance", "normal": 3, "current": 3},
    ]
    found = tracks(sheet(powers=powers))
    lance = found["Spirit Lance power points"]
    assert (lance["filled"], lance["total"]) == (0, 3)
    assert lance["taps"][0]["set"]["powers"] == [
        powers[0],
        {"name": "Spirit Lance", "normal": 3, "current": 2},
    ]
    assert found[f"{EXAMPLE_POWER} power points"]["filled"] == 3


# --------------------------------------------------------------------------
# The example, and a fresh character
# --------------------------------------------------------------------------


def test_the_sheet_starts_as_the_example_by_name() -> None:
    panel = sheet()
    assert not errors(panel)
    assert panel["blocks"][0]["text"] == f"{EXAMPLE_NAME}: Action Quota 5."
    defaults = {f.name: f.default for f in WIDGETS["d10-0-builder"].fields}
    assert defaults["name"] == EXAMPLE_NAME
    assert defaults["progression_points"] == 10  # the 10 its power cost


def test_new_starts_a_character_as_the_build_process_does() -> None:
    fresh = WIDGETS["d10-0-builder"].fresh_values()
    assert fresh["name"] == ""
    assert {fresh[a] for a in d10_0.ATTRIBUTE_NAMES} == {1}  # every attribute starts at 1
    assert fresh["skill_points"] == 100 and fresh["progression_points"] == 0
    assert not fresh["purchases"] and not fresh["powers"] and not fresh["skills"]
    assert fresh["current_health"] == 10  # (1 + 1) / 2 x 10: Current equals Normal
    panel = show("d10-0-builder", **fresh)
    assert not errors(panel)
    facts = {i["label"]: i["value"] for i in blocks_of(panel, "facts")[0]["items"]}
    assert facts["Attribute points left"] == "45"
    assert facts["Reserve"] == "100 to spend anywhere"
    assert {r["value"] for r in rows(panel, "Attributes:").values()} == {"1"}
    assert tracks(panel)["Health"]["text"] == "Current Health 10 of Normal 10: Normal."
    assert not [t for t in tracks(panel) if t.endswith("power points")]


def test_the_printed_sheet_prints_each_attribute_once() -> None:
    printed = [f.name for f in WIDGETS["d10-0-builder"].fields if f.printed]
    assert not set(printed) & set(d10_0.ATTRIBUTE_NAMES)  # the rows print them
    assert "powers" not in printed  # its boxes print
