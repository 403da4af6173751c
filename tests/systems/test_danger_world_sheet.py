"""Danger World character sheet: the pool it fields, hits and rests, Injured picks, JSON."""

from __future__ import annotations

import json

import pytest

from rules_py.systems.danger_world import character as ch
from rules_py.systems.danger_world import sheet as sh

SPREAD = {
    "Agility": 3,
    "Endurance": 2,
    "Speed": 2,
    "Strength": 1,
    "Perception": 4,
    "Reasoning": 2,
    "Charisma": 1,
    "Cool": 1,
}


def pc() -> sh.CharacterSheet:
    return sh.CharacterSheet(
        name="Vesna",
        stats=SPREAD,
        aspects=ch.AspectTree.starting("Soldier", "Gambler", "Exile"),
        story_points=ch.StoryPoints(3),
    )


def test_danger_world_a_new_sheet_lists_what_is_missing() -> None:
    blank = sh.CharacterSheet()
    assert blank.problems() == (
        "8 of the 8 dice still to spread (Player Characters)",
        "3 known primary aspects still to choose (Player Characters)",
    )
    assert pc().problems() == ()
    with pytest.raises(ValueError, match="a new PC spreads 8 dice"):
        pc().with_stats({**SPREAD, "Cool": 2})
    assert pc().improve().with_stats({**SPREAD, "Cool": 2}).stats["Cool"] == 2


def test_danger_world_sheet_pool_feeds_danger_bashed_and_stunned() -> None:
    sheet = pc()
    assert sheet.pool("Agility", "Perception") == sh.PoolPlan(7, 0, 0)
    with pytest.raises(ValueError, match=r"danger level 1\): danger dice must be from 0 to 1"):
        sheet.pool("Agility", "Perception", danger=2)
    sheet = sheet.raise_danger(6)  # level 7: zone 2
    assert sheet.danger_dice == 2
    sheet = sheet.hit("reduced").hit("full")  # a Bashed box, then zone 2's Stunned box
    plan = sheet.pool("Agility", "Perception", bonus=2, danger=2)
    assert plan == sh.PoolPlan(normal=8, danger=2, threat=1)
    assert plan.total == 11
    assert sheet.rest("short").pool("Agility", "Perception") == sh.PoolPlan(7, 0, 0)
    assert sheet.new_episode().danger_level == 1


def test_danger_world_injured_boxes_lower_the_stats_the_gm_names() -> None:
    sheet = pc().raise_danger(10).hit("full")  # level 11: zone 3, Injured
    assert sheet.problems() == (
        "1 Injured box(es) without the stat lowered: the GM names it (The Danger Track)",
    )
    sheet = sheet.name_injury("perception")
    assert sheet.effective_stats["Perception"] == 3
    assert sheet.pool("Agility", "Perception").normal == 6
    with pytest.raises(ValueError, match="1 filled, 2 stats named"):
        sheet.name_injury("Agility")
    with pytest.raises(ValueError, match="cannot lower Cool"):
        pc().raise_danger(10).hit("full").name_injury("Cool")
    assert sheet.rest("short").injured == ("Perception",)
    assert sheet.rest("long").injured == ()
    assert sheet.clear("Injured").effective_stats["Perception"] == 4


def test_danger_world_a_knocked_out_pc_cannot_act() -> None:
    sheet = pc().raise_danger(15).hit("full")  # level 16: zone 4, K.O.'d
    with pytest.raises(ValueError, match="unconscious and unable to take actions"):
        sheet.pool("Agility", "Speed")
    assert sheet.rest("short").pool("Agility", "Speed").normal == 5


def test_danger_world_sheet_round_trips_through_json() -> None:
    sheet = pc().raise_danger(10).hit("overload").name_injury("Agility")
    data = json.loads(json.dumps(sheet.to_dict()))
    assert sh.sheet_from_dict(data) == sheet
    with pytest.raises(ValueError, match="a saved sheet has version 1"):
        sh.sheet_from_dict({**data, "version": 2})
    with pytest.raises(ValueError, match="Agility must be from 1 to 4"):
        sh.sheet_from_dict({**data, "stats": {**SPREAD, "Agility": 6}})
    with pytest.raises(ValueError, match="danger level must be 1 or more"):
        sh.sheet_from_dict({**data, "danger_level": 0})
