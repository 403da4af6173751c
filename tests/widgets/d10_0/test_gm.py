"""The D10/0 System's GM page (issue 30): the party line, a quick NPC's Health boxes,
checks and weapon, and the initiative order of a strict period with its tie checks.

Chances are the rules' exact Fractions; rolls are replayed from the seeded generator's
own faces (a d10 read 0-9, a d100 read 00-99, a damage die read 1-10).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest

from rules_py.systems import d10_0
from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import read_values
from rules_py.widgets._table import TABLE, Combatant
from rules_py.widgets.d10_0._character import BUILDER
from rules_py.widgets.d10_0._gm import (
    GM,
    NPC_FIELDS,
    RULES,
    initiative,
    npc_check,
    npc_checks,
    npc_line,
    npc_tracks,
    party_line,
)
from tests.widgets.gm import pressed


def sheet(**changed: Any) -> dict[str, Any]:
    """The builder's example, Mara Quill, with ``changed``."""
    values, errors = read_values(BUILDER.fields, changed)
    assert not errors
    return values


def npc(**changed: Any) -> dict[str, Any]:
    values, errors = read_values(NPC_FIELDS, changed)
    assert not errors
    return values


def pc(who: str, name: str, ag: int, fo: int) -> Combatant:
    return Combatant(who, name, True, sheet(name=name, AG=ag, FO=fo))


def act(values: dict[str, Any], action: str, **more: Any) -> dict[str, Any]:
    """Press ``action`` with ``more`` typed first (tests.widgets.gm.pressed)."""
    return pressed(GM, values, action, **more)


def test_the_page_is_a_widget_of_the_d10_0_section_playing_the_builders_characters() -> None:
    assert WIDGETS["d10-0-gm"] is GM
    assert RULES.sheet is BUILDER and RULES.store == "d10-0-character"
    assert RULES.presets == ()  # the guide gives no example characters or opponents


def test_a_members_line_gives_current_health_its_state_and_the_action_quota() -> None:
    # Mara Quill: EN 7, SP 4 give Normal (7 + 4) / 2 x 10 = 55; AG 6, FO 4 give 5.
    assert party_line(sheet()) == "Current Health 55 of Normal 55: Normal. Action Quota 5."
    assert party_line(sheet(current_health=54)).startswith(
        "Current Health 54 of Normal 55: Injured"
    )
    assert ": On the Brink." in party_line(sheet(current_health=0))
    assert ": Dying." in party_line(sheet(current_health=-55))
    assert ": Dead." in party_line(sheet(current_health=-56))
    assert party_line(sheet(AG=9, FO=4)).endswith("Action Quota 6.")


def test_an_npcs_health_boxes_tick_state_by_state_as_a_sheets_do() -> None:
    fresh = npc()
    assert "Current Health 50 of Normal 50: Normal" in npc_line(fresh)
    (track,) = npc_tracks(fresh)
    assert track["filled"] == 0 and track["names"] == [
        "Injured",
        "On the Brink",
        "Dying",
        "Dead",
    ]
    # Any empty box ticks the next state: Injured at Normal - 1, i.e. 1 Health Point lost.
    assert {tap["set"]["lost"] for tap in track["taps"]} == {1}
    (track,) = npc_tracks(npc(lost=1))
    assert track["filled"] == 1
    # The ticked box rubs out (back to Normal); the next goes On the Brink (0: 50 lost).
    assert [tap["set"]["lost"] for tap in track["taps"]] == [0, 50, 50, 50]
    (track,) = npc_tracks(npc(lost=50))
    assert [tap["set"]["lost"] for tap in track["taps"]] == [1, 1, 51, 51]
    (track,) = npc_tracks(npc(lost=51))
    assert [tap["set"]["lost"] for tap in track["taps"]] == [50, 50, 50, 101]
    assert track["filled"] == 3 and "Dying" in npc_line(npc(lost=51))
    assert "Dead" in npc_line(npc(lost=101)) and "Dying" in npc_line(npc(lost=100))


def test_an_npcs_checks_carry_the_exact_chances_of_the_rules() -> None:
    stats = npc(attribute="PE", attribute_score=7, skill="Close", skill_total=35)
    stats = {**stats, "difficulty": "Challenge"}
    attribute, skill, damage = npc_checks(stats)
    # Challenge is 2 on an attribute, 20 on a skill (Degree Information).
    assert attribute.chance == d10_0.check_chances(7, 2).success == Fraction(1, 2)
    assert skill.chance == d10_0.check_chances(35, 20, skill=True).success == Fraction(3, 20)
    assert (attribute.name, skill.name) == ("PE", "Close")
    assert damage.value == "5 + 1D: 6-15" and damage.detail.startswith("6 to 15 damage")
    knife = npc_checks({**stats, "weapon": "0 + 2D(ST)"})[2]
    assert knife.value == "0 + 2D(ST)" and "give ST's score" in knife.detail
    limited = npc_checks({**stats, "attribute": "ST", "attribute_score": 4, "weapon": "2D(ST)"})
    assert limited[2].value == "2D(ST): 2-8"  # each die capped at ST 4 (DAT, Limits)
    overflowed = npc_checks({**stats, "overflow": True})[0]
    assert overflowed.chance == d10_0.check_chances(7, 2, overflow=True).success


def test_an_npcs_checks_roll_as_a_sheets_and_its_weapon_as_damage() -> None:
    stats = {**npc(attribute_score=6, skill_total=40), "difficulty": "Tricky"}
    for seed in range(20):
        faces = random.Random(seed)
        face = faces.randrange(10)
        view = npc_check(stats, "attribute", random.Random(seed))
        assert view["lines"][0]["total"] == str(6 - face)
        assert view["what"] == "AG (Agility) 6 at difficulty 1 (Tricky)"
        skill_face = random.Random(seed).randrange(100)  # a d100 read 00-99
        skill = npc_check(stats, "skill", random.Random(seed))
        assert skill["lines"][0]["total"] == str(40 - skill_face)
        assert skill["what"] == "Ranged 40 at difficulty 10 (Tricky)"
        damage = npc_check(stats, "damage", random.Random(seed))
        die = random.Random(seed).randrange(10) or 10  # a 0 reads 10 (DAT)
        assert damage["lines"][0]["total"] == str(5 + die)
    dying = npc_check({**stats, "lost": 51}, "attribute", random.Random(1))
    assert "out of the fight" in dying["blocks"][0]["items"][0]
    assert npc_check(stats, "attribute", random.Random(1))["blocks"] == []
    with pytest.raises(ValueError, match="make the weapon's limit the attribute it checks"):
        npc_check({**stats, "weapon": "2D(ST)"}, "damage", random.Random(1))
    with pytest.raises(ValueError, match="not 'parry'"):
        npc_check(stats, "parry", random.Random(1))


def test_ana_and_bo_tie_at_action_quota_5_and_check_while_cy_goes_last() -> None:
    # The site's example on Action quota and timing: Ana AG 7 FO 4 and Bo AG 5 FO 5 both
    # have Action Quota 5; Cy, here an NPC, has 4; Di (AG 9, FO 5) has 7 and goes first.
    combatants = [
        pc("m1", "Ana", 7, 4),
        pc("m2", "Bo", 5, 5),
        Combatant("n3", "Cy", False, npc(quota=4)),
        pc("m4", "Di", 9, 5),
    ]
    for seed in range(40):
        placed = initiative(combatants, random.Random(seed))
        assert [p.score for p in placed] == [7, 5, 5, 4]
        assert placed[0].id == "m4" and placed[-1].id == "n3"
        assert placed[0].line is None and placed[-1].note == ""
        faces = random.Random(seed)
        ana, bo = 5 - faces.randrange(10), 5 - faces.randrange(10)
        first, second = placed[1], placed[2]
        if ana != bo:
            assert first.id == ("m1" if ana > bo else "m2")
            assert first.note == f"tie check: effort {max(ana, bo)}"
        else:  # tied again: both check again
            assert "tie checks: effort" in first.note and ", then " in first.note
        assert first.line is not None and first.line["label"] in ("Ana", "Bo")
        assert {first.id, second.id} == {"m1", "m2"}


def test_ties_check_again_until_settled_and_the_order_has_no_fixed_cap() -> None:
    guards = [Combatant(f"n{i}", f"Guard {i}", False, npc(quota=3)) for i in range(1, 31)]
    placed = initiative(guards, random.Random(7))
    assert len(placed) == 30 and {p.score for p in placed} == {3}
    firsts = [int(p.note.split("effort ")[1].split(",")[0]) for p in placed]
    assert firsts == sorted(firsts, reverse=True)  # the greater first effort goes first
    assert any(", then " in p.note for p in placed)  # 30 d10s tie somewhere: checked again


def test_a_fight_on_the_page_ticks_an_npc_and_keeps_the_order() -> None:
    values: dict[str, Any] = {f.name: f.default for f in GM.fields}
    values = act(values, "add_npc", npc_name="Guard", npc_count=2, npc_normal=30)
    values = act(values, "roll_order")
    table = json.loads(values[TABLE])
    assert [p["score"] for p in table["order"]] == [5, 5] and table["round"] == 1
    guard = table["npcs"][1]
    lines = next(b for b in GM.panel(values)["blocks"] if b.get("label") == "NPCs")["blocks"]
    line = next(b for b in lines if b["label"] == "Guard 2")
    tap = next(b for b in line["blocks"] if b["type"] == "track")["taps"][2]
    values = act(values, tap["act"])
    assert json.loads(values[TABLE])["npcs"][1]["stats"]["lost"] == 1  # Injured: 29 of 30
    rolled = GM.checked(values, f"{guard['id']}|skill", seed=2)
    assert rolled["what"] == "Guard 2: Ranged 35 at difficulty 0 (Average)"
    assert rolled["log"]["gm"] is True
