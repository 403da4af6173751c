"""Danger World's GM page (issue 30): the party line, a quick NPC's Defeated and threat-dice
boxes, its checks' exact chances and rolls, the Fighting move's enemies as presets, and
the turn order the GM arranges (the source has no initiative).

Chances are the solver's exact Fractions (Dice Mechanics); rolls are replayed from the
seeded generator as the system rolls a pool.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest

from rules_py.systems import danger_world as dw
from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import read_values
from rules_py.widgets._widget import WidgetError
from rules_py.widgets.danger_world._gm import (
    GM,
    NPC_FIELDS,
    POOLS,
    PRESETS,
    RULES,
    npc_check,
    npc_checks,
    npc_line,
    npc_tracks,
    party_line,
)
from rules_py.widgets.danger_world._sheet import SHEET, STORE
from tests.widgets.gm import empty, line, pressed, table_of


def sheet(**changed: Any) -> dict[str, Any]:
    """The sheet's example, Rook, with ``changed``."""
    values, errors = read_values(SHEET.fields, changed)
    assert not errors, errors
    return values


def npc(**changed: Any) -> dict[str, Any]:
    values, errors = read_values(NPC_FIELDS, changed)
    assert not errors, errors
    return values


def act(values: dict[str, Any], action: str, **more: Any) -> dict[str, Any]:
    """Press ``action`` with ``more`` typed first (tests.widgets.gm.pressed)."""
    return pressed(GM, values, action, **more)


def start() -> dict[str, Any]:
    return empty(GM)


def line_of(values: dict[str, Any], name: str) -> dict[str, Any]:
    return line(GM, values, name)


def names_of(values: dict[str, Any]) -> dict[str, str]:
    table = table_of(values)
    names = {m["id"]: m["values"]["name"] for p in table["parties"] for m in p["members"]}
    names.update({n["id"]: n["name"] for n in table["npcs"]})
    return names


def test_the_page_is_a_widget_of_the_danger_world_section_playing_the_play_pages_sheet() -> None:
    assert WIDGETS["danger-world-gm"] is GM
    assert RULES.sheet is SHEET and RULES.store == STORE == "danger-world-character"
    assert RULES.initiative is None  # no initiative rule: the GM arranges
    assert GM.system == SHEET.system == "Danger World"


def test_a_members_line_gives_danger_damage_and_story_points() -> None:
    assert party_line(sheet()) == (
        "Danger level 1, zone 1: up to 1 danger die. Damage: no damage. "
        "Story points: 3, 0 in the general pool."
    )
    # Level 12 is the third zone (11-15), rank 3; two Bashed boxes and an Injured one.
    hurt = sheet(level=12, track_bashed=2, track_injured=1, injured="Agility",
                 personal_sp=1, general_sp=4)
    assert party_line(hurt) == (
        "Danger level 12, zone 3: up to 3 danger dice. Damage: 2 threat dice in every check "
        "(Bashed) and 1 stat one lower (Injured: Agility). "
        "Story points: 1, 4 in the general pool."
    )
    assert "unconscious, no actions (K.O.'d)" in party_line(sheet(track_kod=1))
    assert "dead" in party_line(sheet(track_dead=1))


def test_a_members_line_carries_the_sheets_boxes_and_its_pairs_chances() -> None:
    values = act(start(), "add_roster", incoming=json.dumps([sheet(level=7)]))
    line = line_of(values, "Rook")
    tracks = {b["label"]: b for b in line["blocks"] if b["type"] == "track"}
    assert set(tracks) == {
        "Rook: Damage", "Rook: Danger level", "Rook: Story points", "Rook: Bonus dice held"
    }
    tap = tracks["Rook: Danger level"]["taps"][-1]
    values = act(values, tap["act"])
    assert table_of(values)["parties"][0]["members"][0]["values"]["level"] == 8
    checks = next(b for b in line["blocks"] if b["type"] == "checks")["rows"][0]["choices"]
    # Rook: Agility 3 with Perception 3, six dice against the sheet's difficulty 3.
    pair = next(c for c in checks if c["name"] == "Agility with Perception")
    assert pair["exact"] == str(dw.success_chance(6, 3))


def test_an_npcs_boxes_are_defeated_then_one_per_threat_die() -> None:
    fresh = npc()
    assert fresh == {"difficulty": "3", "modifiers": "", "threat": 0, "defeated": 0}
    assert npc_line(fresh) == "Difficulty 3 (meaningful): defeating a common enemy."
    defeated, threat = npc_tracks(fresh)
    assert (defeated["label"], defeated["filled"], defeated["total"]) == ("Defeated", 0, 1)
    assert [tap["set"] for tap in defeated["taps"]] == [{"defeated": 1}]
    assert (threat["label"], threat["filled"], threat["total"]) == ("Threat dice", 0, 3)
    assert [tap["set"] for tap in threat["taps"]] == [{"threat": 1}] * 3
    # Two threat dice on it: a filled box takes the last away, an empty one adds one;
    # with all three filled a fourth box is drawn.
    _, threat = npc_tracks(npc(threat=2))
    assert [tap["set"]["threat"] for tap in threat["taps"]] == [1, 1, 3]
    _, threat = npc_tracks(npc(threat=3))
    assert threat["total"] == 4
    _, threat = npc_tracks(npc(threat=12))
    assert threat["total"] == 12  # the most a quick NPC holds
    out, _ = npc_tracks(npc(defeated=1))
    assert [tap["set"] for tap in out["taps"]] == [{"defeated": 0}]
    boss = npc(difficulty="5", modifiers="armoured, high ground", threat=1)
    assert npc_line(boss) == (
        "Difficulty 5 (major): defeating a local boss. Modifiers: armoured, high ground. "
        "1 threat die in every check against it."
    )


def test_an_npcs_checks_carry_the_solvers_exact_chances() -> None:
    rows = npc_checks(npc(difficulty="4", threat=2))
    assert [r.key for r in rows] == [f"pool:{n}" for n in range(2, 9)]
    for row, dice in zip(rows, POOLS, strict=True):
        assert row.chance == dw.success_chance(dice, 4, 2)
    # Threat dice change no chance; two dice never make a set of 3 or more.
    assert [r.chance for r in npc_checks(npc(difficulty="4"))] == [r.chance for r in rows]
    assert npc_checks(npc(difficulty="3"))[0].chance == 0
    # Difficulty 2 with two dice and two reroll rounds: a pair of 2s or better.
    two = npc_checks(npc(difficulty="2"))[0]
    assert two.chance == dw.success_chance(2, 2) and 0 < (two.chance or 0) < 1
    five = next(r for r in rows if r.key == "pool:5")
    assert five.label == "Roll a check against it with 5 dice and 2 threat dice, difficulty 4 " \
        "(significant)"
    # One modifier either way moves the difficulty by one (Challenges): 3 and 5.
    helped = f"{round(float(dw.success_chance(5, 3)) * 100)}%"
    hindered = f"{round(float(dw.success_chance(5, 5)) * 100)}%"
    assert five.detail == (
        f"two reroll rounds played well; helped by a modifier {helped}, hindered {hindered}"
    )
    # At 6 a hindering modifier makes 7, which no set reaches.
    assert npc_checks(npc(difficulty="6"))[-1].detail.endswith("hindered 0%")
    assert dw.success_chance(8, 7) == Fraction(0)


def test_an_npcs_check_rolls_the_pool_with_its_threat_dice_and_plays_the_rerolls() -> None:
    stats = npc(difficulty="3", threat=1)
    for seed in range(12):
        rng = random.Random(seed)
        dice = dw.roll_pool(5, 0, 1, rng)
        faces = [dice]
        for left in (2, 1):
            keep = dw.advice(dice, 3, left).optimal[0]
            if not keep.rerolled:
                break
            dice = dw.reroll(dice, keep.rerolled, rng)
            faces.append(dice)
        view = npc_check(stats, "pool:5", random.Random(seed))
        assert len(view["lines"]) == len(faces)
        for drawn, rolled in zip(view["lines"], faces, strict=True):
            assert [p["text"] for p in drawn["parts"]] == [
                ("T" if d.kind == "threat" else "") + str(d.face) for d in rolled
            ]
        # The threat die stays as it first landed.
        assert view["lines"][-1]["parts"][-1] == view["lines"][0]["parts"][-1]
        best = dw.outcomes(dice, 3)[0]
        assert view["outcome"].startswith("No set" if best.height is None else
                                          f"Set of {best.height}")
        assert view["what"] == "a check against it with 5 dice and 1 threat die, difficulty " \
            "3 (meaningful)"
        assert any(b.startswith("Fighting: ") for b in view["blocks"][0]["items"])
    with pytest.raises(ValueError):
        npc_check(stats, "pool:9", random.Random(1))  # no such pool offered


def test_the_presets_are_the_fighting_moves_enemies_at_their_difficulties() -> None:
    for name, stats in PRESETS:
        values, errors = read_values(NPC_FIELDS, stats)
        assert not errors and values == stats, name
    fighting = dw.move("Fighting")
    assert [(name, int(stats["difficulty"])) for name, stats in PRESETS] == [
        ("Minion", 2), ("Common enemy", 3), ("Officer", 4), ("Local boss", 5),
        ("Major campaign threat", 6),
    ]
    for name, stats in PRESETS:
        row = fighting.row(int(stats["difficulty"]))
        assert name.lower().split()[0] in row.accomplishment, (name, row)
    values = act(start(), "add_npc", npc_name="", npc_preset="Local boss")
    (boss,) = table_of(values)["npcs"]
    assert boss["name"] == "Local boss" and boss["stats"]["difficulty"] == "5"


def test_the_courtyard_guards_are_set_in_order_by_the_gm_with_no_ties() -> None:
    # The courtyard's skilled guards (difficulty 4, the source's example) against a party of
    # two: the order is the party, then the NPCs, each place without a number to tie on.
    party = [sheet(name="Rook"), sheet(name="Wren", level=3)]
    values = act(start(), "add_roster", incoming=json.dumps(party))
    values = act(values, "add_npc", npc_name="Guard", npc_count=2, npc_difficulty="4")
    panel = GM.panel(values, values, act="roll_order")
    assert panel.get("log") is None  # nothing rolled: the GM's order
    values = {**values, **panel["set"]}
    names = names_of(values)
    table = table_of(values)
    assert [names[p["id"]] for p in table["order"]] == ["Rook", "Wren", "Guard 1", "Guard 2"]
    assert {p["score"] for p in table["order"]} == {None}  # no number: nothing to tie
    guard = table["order"][3]["id"]
    values = act(values, f"up:{guard}")
    values = act(values, f"up:{guard}")
    values = act(values, f"up:{guard}")
    assert [names[p["id"]] for p in table_of(values)["order"]] == [
        "Guard 2", "Rook", "Wren", "Guard 1"
    ]
    with pytest.raises(WidgetError, match="already at that end"):
        act(values, f"up:{guard}")
    # Before the first Next turn the turn is the first place's: Guard 2, moved there.
    assert table_of(values)["turn"] == 0
    # Set the order again keeps the GM's arrangement; a newcomer joins at the end.
    values = act(values, "add_npc", npc_name="", npc_count=1, npc_preset="Officer")
    values = act(values, "roll_order")
    names = names_of(values)
    assert [names[p["id"]] for p in table_of(values)["order"]] == [
        "Guard 2", "Rook", "Wren", "Guard 1", "Officer"
    ]
    values = act(values, "next_turn")
    assert table_of(values)["turn"] == 1
    said = next(b for b in GM.panel(values)["blocks"] if b.get("label") == "Turn order")["blocks"]
    assert any("no initiative" in b.get("text", "") for b in said)
    assert "who" in GM.panel(values)["unused"]  # no initiative to set by hand


def test_a_fight_on_the_page_defeats_a_guard_and_rolls_a_check_against_it() -> None:
    values = act(start(), "add_npc", npc_name="Guard", npc_count=2, npc_difficulty="4")
    guard = table_of(values)["npcs"][1]
    assert guard["name"] == "Guard 2" and guard["stats"]["difficulty"] == "4"
    line = line_of(values, "Guard 2")
    defeated = next(b for b in line["blocks"] if b["type"] == "track")
    assert defeated["label"] == "Guard 2: Defeated"
    values = act(values, defeated["taps"][0]["act"])
    assert [n["stats"]["defeated"] for n in table_of(values)["npcs"]] == [0, 1]
    threat = [b for b in line_of(values, "Guard 1")["blocks"] if b["type"] == "track"][1]
    values = act(values, threat["taps"][0]["act"])
    assert table_of(values)["npcs"][0]["stats"]["threat"] == 1
    rolled = GM.checked(values, f"{table_of(values)['npcs'][0]['id']}|pool:6", seed=3)
    assert rolled["what"] == (
        "Guard 1: a check against it with 6 dice and 1 threat die, difficulty 4 (significant)"
    )
    assert rolled["log"]["gm"] is True
