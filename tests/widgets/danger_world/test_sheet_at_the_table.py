"""The Danger World sheet at the table (issue 29): a row per stat with its exact chance and a
choice of partner stat, tracks ticked box by box, the setup in Edit mode, the example PC
and a fresh one.

Exact chances come from the rules package's solver (``dw.success_chance``, itself tested
against brute force in tests/systems/danger_world), never from the widget code under test.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_py.systems import danger_world as dw
from rules_py.widgets import WidgetError
from tests.widgets.danger_world.helpers import SHEET, _sheet_check, show, stat_rows
from tests.widgets.panels import blocks_of

EXAMPLE = {
    "Agility": 3,
    "Endurance": 2,
    "Speed": 2,
    "Strength": 2,
    "Perception": 3,
    "Reasoning": 2,
    "Charisma": 1,
    "Cool": 1,
}
"""Rook's stats, the sheet's example, as the test reads them (not the widget's constant)."""


def tracks(panel: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {b["label"]: b for b in blocks_of(panel, "track")}


def test_the_courtyard_sneak_each_row_has_its_exact_chance_at_difficulty_4_not_3() -> None:
    """The source's example: sneaking past the courtyard's guards is a significant, difficulty
    4 check. Every row and every partner carry the solver's exact chance, two reroll rounds
    played well, and the chances follow the difficulty."""
    courtyard = stat_rows(show(SHEET, difficulty="4"))
    meaningful = stat_rows(show(SHEET, difficulty="3"))
    assert [r["name"] for r in courtyard] == list(dw.STATS)
    for row, before in zip(courtyard, meaningful, strict=True):
        stat = row["name"]
        partner = "Agility" if stat == "Speed" else "Speed"  # the Second stat's own row
        assert row["note"] == f"with {partner}" and row["value"] == str(EXAMPLE[stat])
        assert row["exact"] == str(dw.success_chance(EXAMPLE[stat] + EXAMPLE[partner], 4))
        assert row["exact"] != before["exact"]
        choices = {c["key"]: c for c in row["choices"]}
        assert list(choices) == [f"stat:{stat}+{s}" for s in dw.STATS if s != stat]
        for s in dw.STATS:
            if s == stat:
                continue
            choice = choices[f"stat:{stat}+{s}"]
            assert choice["name"] == f"with {s}"
            assert choice["exact"] == str(dw.success_chance(EXAMPLE[stat] + EXAMPLE[s], 4, 2))
        assert choices[f"stat:{stat}+{partner}"]["exact"] == row["exact"]
    # Agility 3 + Perception 3 is the example's best pair: 6 dice.
    agility = {c["name"]: c for c in courtyard[0]["choices"]}
    assert agility["with Perception"]["exact"] == str(dw.success_chance(6, 4))
    assert agility["with Perception"]["chance"] == "22%"  # 35163147665/156728328192


def test_a_chance_counts_bonus_danger_and_lost_dice_but_never_threat_dice() -> None:
    values = {"bonus": 2, "danger": 1, "threat": 3, "track_stunned": 1, "level": 2}
    (agility, *_) = stat_rows(show(SHEET, **values))
    # Agility 3 + Speed 2 + 2 bonus - 1 Stunned, 1 danger die: 7 dice that make sets
    assert agility["exact"] == str(dw.success_chance(7, 3))
    assert agility["detail"] == "with Speed: 10 dice, two reroll rounds played well"
    # Too many danger dice for the zone: the rules refuse the pool, and no chance is shown.
    refused = show(SHEET, danger=2)
    assert refused["invalid"] == ["danger"]
    assert all(r["chance"] == "" for r in stat_rows(refused))


def test_a_partner_picked_at_the_roll_rolls_that_pair_and_the_roller_follows() -> None:
    rolled = _sheet_check({"name": "Rook"}, "stat:Agility+Cool")
    assert rolled["what"] == "Rook: Agility + Cool, 4 dice against difficulty 3 (meaningful)"
    assert rolled["follow"] == "danger-world-roller"
    kept = rolled["set"]
    assert (kept["check_a"], kept["check_b"]) == ("Agility", "Cool")
    faces = ", ".join(p["text"] for p in rolled["lines"][0]["parts"])
    assert kept["last_check"].endswith(f": {faces}")
    # The row then pairs with Cool, and Cool's own row with Agility.
    rows = {r["name"]: r for r in stat_rows(show(SHEET, check_a="Agility", check_b="Cool"))}
    assert rows["Strength"]["note"] == "with Cool" and rows["Cool"]["note"] == "with Agility"
    with pytest.raises(WidgetError, match="two different stats"):
        _sheet_check({}, "stat:Agility+Agility")
    with pytest.raises(WidgetError, match="no check 'stat:Agility\\+Luck'"):
        _sheet_check({}, "stat:Agility+Luck")


def test_the_damage_boxes_fill_the_leftmost_empty_box_and_clear_the_last_filled() -> None:
    damage = tracks(show(SHEET, track_bashed=3, track_stunned=1))["Damage"]
    assert damage["names"] == [
        "Bashed 1",
        "Bashed 2",
        "Bashed 3",
        "Stunned 1",
        "Stunned 2",
        "Stunned 3",
        "Injured 1",
        "Injured 2",
        "Injured 3",
        "K.O.'d",
        "Dead",
    ]
    assert (damage["filled"], damage["total"]) == (4, 11)
    fill = {
        "track_bashed": 3,
        "track_stunned": 2,
        "track_injured": 0,
        "track_kod": 0,
        "track_dead": 0,
        "injured": "",
    }
    clear = {**fill, "track_stunned": 0}
    for n, tap in enumerate(damage["taps"]):
        if n < 4:
            assert tap == {"set": clear, "said": "Damage: Stunned 1 → 0"}
        else:  # any empty box: the leftmost empty one, as a reduced hit fills it
            assert tap == {"set": fill, "said": "Damage: Stunned 1 → 2"}


def test_a_hit_of_the_current_zone_leaves_a_gap_and_each_row_is_then_ticked_alone() -> None:
    panel = show(SHEET, track_injured=2, injured="Agility, Perception", level=12)
    rows = tracks(panel)
    assert "Damage" not in rows
    injured = rows["Damage: Injured"]
    assert (injured["filled"], injured["total"]) == (2, 3)
    assert injured["names"] == ["Injured 1", "Injured 2", "Injured 3"]
    # Clearing a box names one stat fewer (the last named), filling keeps the names.
    assert injured["taps"][0]["set"]["track_injured"] == 1
    assert injured["taps"][0]["set"]["injured"] == "Agility"
    assert injured["taps"][2]["set"]["track_injured"] == 3
    assert injured["taps"][2]["set"]["injured"] == "Agility, Perception"
    bashed = rows["Damage: Bashed"]
    assert [t["set"]["track_bashed"] for t in bashed["taps"]] == [1, 1, 1]
    assert "Damage: 2 stats one lower (Injured: Agility, Perception)." in [
        b["text"] for b in blocks_of(panel, "text")
    ]


def test_the_danger_level_ticks_through_its_zone_into_the_next() -> None:
    five = tracks(show(SHEET, level=5))["Danger level"]
    assert (five["filled"], five["total"]) == (5, 6)
    assert five["names"][-1] == "Danger level 6 (zone 2)"
    assert five["taps"][5] == {"set": {"level": 6}, "said": "Danger level: 5 → 6"}
    assert five["taps"][0] == {"set": {"level": 4}, "said": "Danger level: 5 → 4"}
    six = tracks(show(SHEET, level=6))["Danger level"]
    assert (six["filled"], six["names"][0]) == (1, "Danger level 6 (zone 2)")
    assert six["text"] == "6, zone 2: up to 2 danger dice"
    assert six["taps"][0]["set"] == {"level": 5}
    first = tracks(show(SHEET, level=1))["Danger level"]
    assert first["taps"][0]["set"] == {"level": 1}  # an episode starts at 1: never below


def test_story_points_are_spent_into_the_general_pool_and_paid_back() -> None:
    sp = tracks(show(SHEET, personal_sp=2, general_sp=1))["Story points"]
    assert (sp["filled"], sp["total"], sp["text"]) == (2, 3, "2 yours, 1 in the pool")
    assert sp["taps"][0]["set"] == {"personal_sp": 1, "general_sp": 2}
    assert sp["taps"][2]["set"] == {"personal_sp": 3, "general_sp": 0}
    none = show(SHEET, personal_sp=0, general_sp=0)
    assert "Story points" not in tracks(none)  # nothing to tick: the count, typed in Edit mode


def test_bonus_dice_held_are_a_row_of_boxes_with_one_to_spare() -> None:
    held = tracks(show(SHEET, bonus_held=2))["Bonus dice held"]
    assert (held["filled"], held["total"]) == (2, 6)
    assert held["taps"][1]["set"] == {"bonus_held": 1}
    assert held["taps"][4]["set"] == {"bonus_held": 3}
    assert tracks(show(SHEET, bonus_held=6))["Bonus dice held"]["total"] == 7


def test_every_track_the_player_ticks_has_a_tap_per_box() -> None:
    panel = show(SHEET, track_bashed=1, bonus_held=1)
    assert set(tracks(panel)) == {"Damage", "Danger level", "Story points", "Bonus dice held"}
    for block in tracks(panel).values():
        assert len(block["taps"]) == block["total"]


def test_setup_is_edit_only_and_the_play_box_holds_what_a_check_is_rolled_against() -> None:
    from rules_py.widgets.danger_world._sheet import SHEET as WIDGET

    assert WIDGET.play_fields == ("difficulty", "danger", "bonus")
    panel = show(SHEET)
    setup = [b for b in panel["blocks"] if b.get("edit")]
    assert [b["type"] for b in setup] == ["facts", "table"]  # dice to spread, aspects
    (aspects,) = [b["text"] for b in blocks_of(panel, "text") if b["text"].startswith("Aspects")]
    assert aspects == "Aspects: Soldier ×2, › Sniper +1, Curious, Loyal ×1."
    # Each value printed once: the answer says these, so the list of fields leaves them out.
    printed = {f.name for f in WIDGET.fields if f.printed}
    assert printed.isdisjoint({"injured", "consequences", "level", "bonus_held", "aspects"})
    assert "special_moves" in printed


def test_the_example_is_rook_and_new_starts_a_pc_as_the_rules_do() -> None:
    from rules_py.widgets.danger_world._sheet import SHEET as WIDGET

    defaults = {f.name: f.default for f in WIDGET.fields}
    assert defaults["name"] == "Rook"
    assert {s: defaults[s] for s in dw.STATS} == EXAMPLE
    fresh = WIDGET.fresh_values()
    assert fresh != defaults
    assert fresh["name"] == "" and fresh["starting"] is True
    assert {s: fresh[s] for s in dw.STATS} == dict.fromkeys(dw.STATS, 1)  # one die each
    assert fresh["aspects"] == () and fresh["level"] == 1
    assert all(fresh[f"track_{t}"] == 0 for t in ("bashed", "stunned", "injured", "kod", "dead"))
    panel = show(SHEET, **{k: list(v) if isinstance(v, tuple) else v for k, v in fresh.items()})
    said = [b["text"] for b in blocks_of(panel, "error")]
    assert any("8 of 8" in s or "8 dice" in s for s in said), said  # still to spread
