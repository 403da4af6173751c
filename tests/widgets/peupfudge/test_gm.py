"""Peupfudge's GM page (issue 30): the party line, a quick NPC's status boxes, its
actions' exact chances and rolls, the draft's example characters as presets, and the
turn order the GM arranges (the draft has no initiative).

Chances are the rules' exact Fractions (Peupfudge, 2 Actions; D Probability Reference);
rolls are replayed from the seeded generator's own Fudge dice.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest

from rules_py.systems import peupfudge
from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import read_values
from rules_py.widgets._widget import WidgetError
from rules_py.widgets.peupfudge._character import STORE, XP_PANEL
from rules_py.widgets.peupfudge._gm import (
    GM,
    NPC_FIELDS,
    PRESETS,
    RULES,
    npc_check,
    npc_checks,
    npc_line,
    npc_tracks,
    party_line,
    state_names,
)
from tests.widgets.gm import empty, line, pressed, table_of
from tests.widgets.peupfudge.helpers import RACE


def sheet(**changed: Any) -> dict[str, Any]:
    """The sheet's example, Kotorikh, with ``changed``."""
    values, errors = read_values(XP_PANEL.fields, changed)
    assert not errors
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


def test_the_page_is_a_widget_of_the_peupfudge_section_playing_the_play_pages_sheet() -> None:
    assert WIDGETS["peupfudge-gm"] is GM
    assert RULES.sheet is XP_PANEL and RULES.store == STORE == "peupfudge-character"
    assert RULES.initiative is None  # the draft has no initiative: the GM arranges
    assert GM.system == XP_PANEL.system == "Peupfudge"


def test_kotorikhs_line_gives_his_energy_his_levels_and_what_his_sheet_rolls_against() -> None:
    # Example 2: Kotorikh after 50 XP and the talented observer's +7 is Muscle 0,
    # Charisma 0, Perception 4 (+11/16), Knowledge 5; Tired; the jewels' night, D = 3, A = -1.
    assert party_line(sheet()) == (
        "Energy Tired (-1). L in actions: Muscle 0, Charisma 0, Perception 4, Knowledge 5. "
        "Its rolls: D = 3 on 4dF, A = -1."
    )
    rested = sheet(statuses=[{"name": "Energy", "current": 1, "minimum": -2, "maximum": 1,
                              "states": "Exhausted, Tired, Neutral, Rested"}])
    assert party_line(rested).startswith("Energy Rested (1). ")
    # The hobbit's level modifier: unmodified 3 (7 XP), -1 in actions (Intrinsic Aptitude).
    hobbit = sheet(abilities=[{"name": "Strength", "xp": 7, "modifier": -1}], A=0, D=4)
    assert "L in actions: Strength 2. Its rolls: D = 4 on 4dF." in party_line(hobbit)
    assert party_line(sheet(statuses=[])).startswith("L in actions: ")


def test_a_members_line_carries_its_energy_boxes_and_its_abilities_chances() -> None:
    values = act(start(), "add_roster", **{"incoming": json.dumps([sheet()])})
    line = line_of(values, "Kotorikh")
    (energy,) = [b for b in line["blocks"] if b["type"] == "track"]
    assert (energy["filled"], energy["total"]) == (1, 3)  # Tired: one state above Exhausted
    checks = next(b for b in line["blocks"] if b["type"] == "checks")["rows"][0]["choices"]
    perception = next(c for c in checks if c["name"].startswith("Perception"))
    # L 4, A -1, D 3: R >= 0 on 4dF, 50/81 (Appendix D's .62).
    assert perception["exact"] == str(peupfudge.at_least(4, 0)) == "50/81"


def test_an_npcs_status_ticks_a_state_at_a_time_with_its_states_named() -> None:
    fresh = npc()
    assert npc_line(fresh) == "Muscle: L 4. Actions on 4dF, opposed on 3dF."
    (track,) = npc_tracks(fresh)
    assert (track["label"], track["filled"], track["total"]) == ("Health", 0, 3)
    assert track["names"] == ["Health: Hurt", "Health: Badly hurt", "Health: Out"]
    assert [tap["set"] for tap in track["taps"]] == [{"state": 1}] * 3
    assert track["taps"][0]["said"] == "Health: Unhurt → Hurt"
    (track,) = npc_tracks(npc(state=2))
    assert [tap["set"]["state"] for tap in track["taps"]] == [1, 1, 3]
    assert track["text"] == "Badly hurt, 1 more to Out"
    energy = npc(status="Energy", states="Rested, Neutral, Tired, Exhausted", state=3)
    (track,) = npc_tracks(energy)
    assert track["text"] == "Exhausted" and track["filled"] == 3
    past = npc_tracks(npc(states="Up, Down", state=4))
    assert past[0]["type"] == "text" and "it has 2" in past[0]["text"]


def test_a_status_needs_two_named_states() -> None:
    assert state_names(" Up ,Down") == ["Up", "Down"]
    for bad in ("Alone", "Up, , Down", ""):
        with pytest.raises(ValueError, match="at least two states"):
            state_names(bad)
    _, errors = read_values(NPC_FIELDS, {"states": "Alone"})
    assert errors and "at least two states" in str(errors[0])


def test_an_npcs_actions_carry_the_exact_chances_of_appendix_d() -> None:
    rows = npc_checks(npc(ability="Archery", L=2))  # example 3's archer
    actions = [r for r in rows if r.key.startswith("action:")]
    assert [r.key for r in actions] == [f"action:{d}" for d in range(-1, 7)]
    for row in actions:
        difficulty = int(row.key.split(":")[1])
        assert row.chance == peupfudge.success_chance(2, 0, difficulty, 4)
    # D = 4 needs R >= +2: "about a 1/5 chance", exactly 5/27.
    four = next(r for r in actions if r.key == "action:4")
    assert four.chance == Fraction(5, 27) and four.detail == "needs R ≥ +2 on 4dF"
    # The ladder is the reference sheet's P(4dF >= n), n = -3..4, from L + A.
    assert [round(float(r.chance or 0), 2) for r in actions] == [
        0.99, 0.94, 0.81, 0.62, 0.38, 0.19, 0.06, 0.01,
    ]
    # With 1dF only the rolls that can be missed and met: n = 0 and 1.
    one = [r for r in npc_checks(npc(L=2, dice=1)) if r.key.startswith("action:")]
    assert [(r.key, r.chance) for r in one] == [
        ("action:2", Fraction(2, 3)),
        ("action:3", Fraction(1, 3)),
    ]
    opposed = rows[-1]
    assert opposed.key == "opposed" and opposed.chance is None
    assert opposed.detail == "L + A + R from -1 to 5"


def test_an_npcs_action_and_opposed_roll_are_made_from_its_fudge_dice() -> None:
    stats = npc(ability="Fitness", L=5, A=-1)  # Nyrv in the cave
    for seed in range(20):
        faces = random.Random(seed)
        roll = sum(faces.choice((-1, 0, 1)) for _ in range(4))
        view = npc_check(stats, "action:4", random.Random(seed))
        assert view["lines"][0]["total"] == str(roll)
        verdict = "Success" if 5 - 1 + roll >= 4 else "Failure"
        assert view["outcome"].startswith(f"{verdict}: L + A + R = 5 - 1")
        assert view["what"] == "Fitness (L 5, A -1) against D = 4 on 4dF"
        faces = random.Random(seed)
        roll = sum(faces.choice((-1, 0, 1)) for _ in range(3))
        view = npc_check(stats, "opposed", random.Random(seed))
        assert view["outcome"].startswith(f"L + A + R = 5 - 1 {'-' if roll < 0 else '+'}")
        assert f"= {4 + roll}: the highest total wins" in view["outcome"]
    with pytest.raises(ValueError):
        npc_check(stats, "action:40", random.Random(1))  # off the ladder


def test_the_presets_are_the_drafts_example_characters_with_their_numbers() -> None:
    presets = dict(PRESETS)
    for name, stats in PRESETS:
        values, errors = read_values(NPC_FIELDS, stats)
        assert not errors and values == stats, name
    for racer in RACE:  # example 4: Fitness and A, 3dF
        stats = presets[str(racer["name"])]
        assert (stats["ability"], stats["L"], stats["A"]) == ("Fitness", racer["L"], racer["A"])
        assert stats["opposed_dice"] == 3
    # Example 5 on 1dF: the hobbit 3 - 1, the cyborg's left arm 3 + 2, the ant 7 - 50.
    assert [presets[n]["L"] for n in ("Hobbit", "Cyborg (left arm)", "Ant")] == [2, 5, -43]
    assert {presets[n]["opposed_dice"] for n in ("Hobbit", "Cyborg (left arm)", "Ant")} == {1}
    # Example 1: L 6, A -1, D 7 needs R >= +2 on 4dF.
    mage = presets["Mage"]
    chance = next(r for r in npc_checks(mage) if r.key == "action:7").chance
    assert chance == peupfudge.success_chance(6, -1, 7) == Fraction(5, 27)


def names_to_id(table: dict[str, Any], names: dict[str, str], name: str) -> str:
    """The id at the table of the one called ``name``."""
    return next(i for i, n in names.items() if n == name)


def test_example_4s_race_is_set_in_order_by_the_gm_with_no_ties() -> None:
    # Gromanno and Polthova are the party; Nyrv, the NPC, comes in from the presets.
    racers = [
        sheet(character=r["name"], A=r["A"], abilities=[{"name": "Fitness", "level": r["L"]}])
        for r in (RACE[0], RACE[2])
    ]
    values = act(start(), "add_roster", incoming=json.dumps(racers))
    values = act(values, "add_npc", npc_name="", npc_preset="Nyrv")
    panel = GM.panel(values, values, act="roll_order")
    assert panel.get("log") is None  # nothing rolled: the GM's order
    values = {**values, **panel["set"]}
    assert "Fitness 2" in line_of(values, "Gromanno")["blocks"][0]["text"]
    table = table_of(values)
    names = {m["id"]: m["values"]["character"] for m in table["parties"][0]["members"]}
    names.update({n["id"]: n["name"] for n in table["npcs"]})
    order = [names[p["id"]] for p in table["order"]]
    assert order == ["Gromanno", "Polthova", "Nyrv"]  # the party, then the NPCs
    assert {p["score"] for p in table["order"]} == {None}  # no number: nothing to tie
    nyrv = table["order"][2]["id"]
    values = act(values, f"up:{nyrv}")
    values = act(values, f"up:{nyrv}")
    assert [names[p["id"]] for p in table_of(values)["order"]] == [
        "Nyrv", "Gromanno", "Polthova"
    ]
    with pytest.raises(WidgetError, match="already at that end"):
        act(values, f"up:{nyrv}")
    # Before the first Next turn the turn is the first place's: Nyrv, moved there, starts.
    assert table_of(values)["turn"] == 0
    values = act(values, "next_turn")
    assert table_of(values)["turn"] == 1
    # Once the fight is under way, a move keeps the turn with whoever holds it.
    values = act(values, f"up:{names_to_id(table_of(values), names, 'Polthova')}")
    assert names[table_of(values)["order"][table_of(values)["turn"]]["id"]] == "Gromanno"
    # The page says where ties would come from: example 4's opposed action.
    said = next(b for b in GM.panel(values)["blocks"] if b.get("label") == "Turn order")["blocks"]
    assert any("no initiative rule" in b.get("text", "") for b in said)
    assert any("equal totals" in b.get("text", "") for b in said)
    assert "who" in GM.panel(values)["unused"]  # no initiative to set by hand


def test_a_fight_on_the_page_ticks_an_npc_and_rolls_its_action() -> None:
    values = act(start(), "add_npc", npc_name="Guard", npc_count=2, npc_L=3)
    guard = table_of(values)["npcs"][1]
    assert guard["name"] == "Guard 2" and guard["stats"]["L"] == 3
    tap = next(b for b in line_of(values, "Guard 2")["blocks"] if b["type"] == "track")
    values = act(values, tap["taps"][0]["act"])
    assert table_of(values)["npcs"][1]["stats"]["state"] == 1
    assert table_of(values)["npcs"][0]["stats"]["state"] == 0
    rolled = GM.checked(values, f"{guard['id']}|action:3", seed=2)
    assert rolled["what"] == "Guard 2: Muscle (L 3) against D = 3 on 4dF"
    assert rolled["log"]["gm"] is True
