"""Danger World characters: stats and their budget, aspects, story points, the danger track,
moves and the character sheet in play."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.systems.danger_world import character as ch
from rules_py.systems.danger_world import danger_track as dt
from rules_py.systems.danger_world import moves as mv
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


# --------------------------------------------------------------------------
# Stats
# --------------------------------------------------------------------------


def test_danger_world_eight_stats_physical_and_mental() -> None:
    assert ch.PHYSICAL_STATS == ("Agility", "Endurance", "Speed", "Strength")
    assert ch.MENTAL_STATS == ("Perception", "Reasoning", "Charisma", "Cool")
    assert ch.starting_stats() == dict.fromkeys(ch.STATS, 1)
    assert ch.dice_left(ch.starting_stats()) == 8


def test_danger_world_the_eight_dice_budget() -> None:
    assert ch.dice_spread(SPREAD) == 8 and ch.dice_left(SPREAD) == 0
    assert list(ch.check_stats({k.lower(): v for k, v in SPREAD.items()})) == list(ch.STATS)
    over = {**SPREAD, "Cool": 2}
    with pytest.raises(ValueError, match=r"^A new PC spreads 8 dice .* spread 9"):
        ch.check_stats(over)
    assert ch.check_stats(over, starting=False)["Cool"] == 2  # improved over time
    with pytest.raises(
        ValueError, match=r"^Agility must be from 1 to 4, got 5 \(Danger World, Stats\)"
    ):
        ch.check_stats({**SPREAD, "Agility": 5}, starting=False)
    with pytest.raises(ValueError, match="missing: Cool"):
        ch.check_stats({k: v for k, v in SPREAD.items() if k != "Cool"})
    with pytest.raises(ValueError, match=r"^The stats are Agility"):
        ch.stat_name("Luck")


@given(st.lists(st.integers(1, 4), min_size=8, max_size=8))
def test_danger_world_budget_holds_for_any_starting_stats(values: list[int]) -> None:
    stats = dict(zip(ch.STATS, values, strict=True))
    if sum(values) - 8 <= 8:
        assert ch.dice_left(stats) == 16 - sum(values)
    else:
        with pytest.raises(ValueError, match="Player Characters"):
            ch.check_stats(stats)


def test_danger_world_action_pool_from_two_stats() -> None:
    # Agility and Perception for a pressure-plate trap (Challenges).
    assert ch.action_pool(SPREAD, "Agility", "Perception") == 7
    assert ch.action_pool(SPREAD, "agility", "speed", bonus=2, lost=1) == 6
    assert ch.action_pool(SPREAD, "Strength", "Cool", lost=3) == 0
    with pytest.raises(ValueError, match="two different stats"):
        ch.action_pool(SPREAD, "Agility", "agility")


# --------------------------------------------------------------------------
# Aspects and story points
# --------------------------------------------------------------------------


def test_danger_world_aspect_hierarchy_and_unlock_rule() -> None:
    tree = ch.AspectTree.starting("Soldier", "Gambler", "Exile")
    with pytest.raises(ValueError, match="'Sniper' cannot be named beneath 'Soldier' yet"):
        tree.add("Sniper", ("Soldier",))
    tree = tree.use(("Soldier",))
    with pytest.raises(ValueError, match="'Soldier' has been used once"):
        tree.add("Sniper", ("Soldier",))
    tree = tree.use(("Soldier",)).add("Sniper", ("Soldier",))
    assert tree.level(("Soldier", "Sniper")) == "secondary"
    tree = tree.add("Medic", ("Soldier",)).add("Scout", ("Soldier",))
    with pytest.raises(ValueError, match=r"^A primary aspect develops at most 3"):
        tree.add("Cook", ("Soldier",))
    tree = tree.use(("Soldier", "Sniper")).use(("Soldier", "Sniper"))
    tree = tree.add("Patient", ("Soldier", "Sniper")).add("Steady", ("Soldier", "Sniper"))
    with pytest.raises(ValueError, match=r"^A secondary aspect develops at most 2"):
        tree.add("Third", ("Soldier", "Sniper"))
    assert tree.level(("Soldier", "Sniper", "Steady")) == "tertiary"
    tree = tree.use(("Soldier", "Sniper", "Steady")).use(("Soldier", "Sniper", "Steady"))
    with pytest.raises(ValueError, match=r"^A tertiary aspect has no aspects beneath it"):
        tree.add("Deeper", ("Soldier", "Sniper", "Steady"))
    # The unknown primary, declared in play; no fifth.
    tree = tree.add("Haunted")
    with pytest.raises(ValueError, match="at most 4 primary aspects"):
        tree.add("Fifth")
    with pytest.raises(ValueError, match="starts with 3 known primary aspects"):
        ch.AspectTree.starting("One", "Two")


def test_danger_world_aspects_round_trip_through_json() -> None:
    tree = ch.AspectTree.starting("Soldier", "Gambler", "Exile").use(("Soldier",))
    tree = tree.use(("Soldier",)).add("Sniper", ("Soldier",)).use(("Soldier", "Sniper"))
    data = json.loads(json.dumps(tree.to_dict()))
    assert ch.aspects_from_dict(data) == tree
    data["primaries"][0]["uses"] = 1  # the secondary is no longer unlocked
    with pytest.raises(ValueError, match="used twice"):
        ch.aspects_from_dict(data)


def test_danger_world_invoking_aspects_and_story_points() -> None:
    assert ch.invoke_bonus_dice(2) == 2
    assert ch.invoke_bonus_dice(2, "secondary") == 3
    assert ch.invoke_bonus_dice(1, "tertiary") == 3
    assert ch.gm_threat_dice(2) == 2
    sp = ch.StoryPoints(personal=3, general=0).spend(2)
    assert sp == ch.StoryPoints(1, 2)
    assert sp.gm_pays(2) == ch.StoryPoints(3, 0)
    with pytest.raises(ValueError, match="2 SP to spend but 1"):
        sp.spend(2)
    with pytest.raises(ValueError, match=r"^The GM pays from the general pool, which holds 0"):
        ch.StoryPoints(3, 0).gm_pays(1)
    with pytest.raises(ValueError, match=r"^Story points spent must be 1 or more, got"):
        ch.invoke_bonus_dice(0)


# --------------------------------------------------------------------------
# The danger track
# --------------------------------------------------------------------------


def test_danger_world_zones_and_danger_dice() -> None:
    assert [z.levels for z in dt.ZONES] == ["1-5", "6-10", "11-15", "16-20", "21+"]
    assert [dt.zone(level).rank for level in (1, 5, 6, 10, 11, 16, 20, 21, 99)] == [
        1,
        1,
        2,
        2,
        3,
        4,
        4,
        5,
        5,
    ]
    assert dt.zone(12).danger_dice == 3
    assert dt.check_danger_dice(2, 7) == 2
    with pytest.raises(
        ValueError,
        match=r"^Danger dice must be .* \(Danger World, Special Dice \(danger level 7\)\)",
    ):
        dt.check_danger_dice(3, 7)
    with pytest.raises(ValueError, match="danger level must be 1 or more"):
        dt.zone(0)


def test_danger_world_damage_tracks() -> None:
    assert [(t.name, t.boxes, t.recovery) for t in dt.DAMAGE_TRACKS] == [
        ("Bashed", 3, "short rest"),
        ("Stunned", 3, "short rest"),
        ("Injured", 3, "long rest"),
        ("K.O.'d", 1, "short rest"),
        ("Dead", 1, "semi-permanent"),
    ]
    assert [t.zone for t in dt.DAMAGE_TRACKS] == [1, 2, 3, 4, 5]
    assert dt.track("ko'd").name == "K.O.'d" and dt.track("KO").name == "K.O.'d"
    assert dt.LONG_TERM_CONSEQUENCES[-1] == "Killed"


def test_danger_world_hits_fill_boxes_by_zone() -> None:
    damage = dt.Damage()
    damage = damage.hit("reduced", 14)  # left-most box, whatever the zone
    assert damage.filled == (1, 0, 0, 0, 0)
    damage = damage.hit("full", 7)  # zone 2: Stunned
    assert damage.filled == (1, 1, 0, 0, 0)
    damage = damage.hit("overload", 12)  # zone 3: one Injured box, all of Bashed and Stunned
    assert damage.filled == (3, 3, 1, 0, 0)
    assert (damage.threat_dice, damage.lost_dice, damage.trait_reductions) == (3, 3, 1)
    assert damage.can_act
    damage = damage.hit("reduced", 1)  # Bashed and Stunned full: the next box is Injured
    assert damage.filled == (3, 3, 2, 0, 0)
    ko = damage.hit("full", 18)
    assert not ko.can_act and not ko.dead
    with pytest.raises(ValueError, match="whose boxes are all filled; the source does not say"):
        ko.hit("full", 18)
    with pytest.raises(ValueError, match="whose boxes are all filled"):
        dt.Damage((3, 0, 0, 0, 0)).hit("overload", 3)


def test_danger_world_rests_and_healing_clear_boxes() -> None:
    damage = dt.Damage((3, 2, 2, 1, 0))
    assert damage.rest("short").filled == (0, 0, 2, 0, 0)
    assert damage.rest("long").filled == (0, 0, 0, 0, 0)
    dead = dt.Damage((3, 3, 3, 1, 1))
    assert dead.rest("long").filled == (0, 0, 0, 0, 1) and dead.dead
    assert damage.clear("Bashed").filled == (2, 2, 2, 1, 0)  # Healing, meaningful
    with pytest.raises(ValueError, match="Dead has 0 filled boxes"):
        damage.clear("Dead")
    assert dt.damage_from_list(damage.to_list()) == damage
    with pytest.raises(ValueError, match=r"^Filled Bashed boxes must be from 0 to 3, got"):
        dt.damage_from_list([4, 0, 0, 0, 0])


def test_danger_world_moves_tables() -> None:
    assert [m.name for m in mv.GENERAL_MOVES] == [
        "Fighting",
        "Defy Danger",
        "Aid Another",
        "Spout Lore",
        "Discern Realities",
        "Parley",
    ]
    healing = mv.move("healing")
    assert [(r.height, r.rank) for r in healing.rows][:2] == [(2, "minor"), (3, "meaningful")]
    assert healing.rows[3].accomplishment == "clearing an injured or K.O.'d box"
    assert mv.move("Aid Another").rows[0].accomplishment == "provide height in bonus dice"
    assert mv.move("Parley").rows[4].accomplishment == ""


# --------------------------------------------------------------------------
# The character sheet
# --------------------------------------------------------------------------


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
    with pytest.raises(ValueError, match=r"^A new PC spreads 8 dice"):
        pc().with_stats({**SPREAD, "Cool": 2})
    assert pc().improve().with_stats({**SPREAD, "Cool": 2}).stats["Cool"] == 2


def test_danger_world_sheet_pool_feeds_danger_bashed_and_stunned() -> None:
    sheet = pc()
    assert sheet.pool("Agility", "Perception") == sh.PoolPlan(7, 0, 0)
    with pytest.raises(
        ValueError, match=r"^Danger dice must be from 0 to 1, got .*danger level 1\)"
    ):
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
        "1 Injured box without the stat lowered: the GM names it (The Danger Track)",
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
    with pytest.raises(ValueError, match="PC is out cold and makes no check"):
        sheet.pool("Agility", "Speed")
    assert sheet.rest("short").pool("Agility", "Speed").normal == 5


def test_danger_world_a_dead_pc_is_dead_not_out_cold() -> None:
    # Issue 27, item 6: an overload hit in zone 5 fills Dead and every lower box.
    sheet = pc().raise_danger(20).hit("overload")
    with pytest.raises(ValueError, match=r"^A Dead PC makes no check") as info:
        sheet.pool("Agility", "Speed")
    assert "out cold" not in str(info.value)
    with pytest.raises(ValueError, match=r"^A Dead PC makes no check"):
        sheet.rest("short").pool("Agility", "Speed")  # Dead stays through a rest


def test_danger_world_sheet_round_trips_through_json() -> None:
    sheet = pc().raise_danger(10).hit("overload").name_injury("Agility")
    data = json.loads(json.dumps(sheet.to_dict()))
    assert sh.sheet_from_dict(data) == sheet
    with pytest.raises(
        ValueError, match=r"^A saved sheet has version 1 \(got 2\) \(Danger World\)$"
    ):
        sh.sheet_from_dict({**data, "version": 2})
    with pytest.raises(ValueError, match="Agility must be from 1 to 4"):
        sh.sheet_from_dict({**data, "stats": {**SPREAD, "Agility": 6}})
    with pytest.raises(ValueError, match="danger level must be 1 or more"):
        sh.sheet_from_dict({**data, "danger_level": 0})
