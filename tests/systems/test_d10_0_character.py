"""The D10/0 System: attributes, health, action quota, progression points and the builder."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py.systems.d10_0 import builder as bd
from rules_py.systems.d10_0 import character as ch
from rules_py.systems.d10_0 import skills as sk

AVERAGE = dict.fromkeys(ch.ATTRIBUTE_NAMES, 5)


# --------------------------------------------------------------------------
# Attributes
# --------------------------------------------------------------------------


def test_d10_0_ten_attributes_in_complementing_pairs() -> None:
    tangible = [a.abbreviation for a in ch.ATTRIBUTES if a.tangible]
    intangible = [a.abbreviation for a in ch.ATTRIBUTES if not a.tangible]
    assert tangible == ["AG", "EN", "IN", "PE", "ST"]
    assert intangible == ["FO", "SP", "SE", "BE", "CH"]
    pairs = {(a.abbreviation, a.pair) for a in ch.ATTRIBUTES}
    assert {("AG", "FO"), ("EN", "SP"), ("IN", "SE"), ("PE", "BE"), ("ST", "CH")} <= pairs
    assert all((a.pair, a.abbreviation) in pairs for a in ch.ATTRIBUTES)


def test_d10_0_attribute_scale() -> None:
    assert ch.ATTRIBUTE_SCALE == (
        ("0", "Non-existent"),
        ("1", "Barely noted"),
        ("5", "Average"),
        ("10", "Amazing"),
        ("10+", "Exceptional"),
    )
    assert [ch.attribute_meaning(s) for s in (0, 1, 4, 5, 9, 10, 11)] == [
        "Non-existent",
        "Barely noted",
        "Barely noted",
        "Average",
        "Average",
        "Amazing",
        "Exceptional",
    ]


# --------------------------------------------------------------------------
# Health
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("en", "sp", "normal", "increase"),
    [(5, 5, 50, 5), (5, 4, 45, 5), (1, 2, 15, 2), (10, 10, 100, 10), (0, 1, 5, 1)],
)
def test_d10_0_health_and_its_increase(en: int, sp: int, normal: int, increase: int) -> None:
    assert ch.normal_health(en, sp) == normal
    assert ch.health_increase(en, sp) == increase


def test_d10_0_recovery_per_day_and_never_past_normal() -> None:
    assert [ch.recovery_per_day(5, 4, rate) for rate in (1, 2, 3)] == [5, 10, 15]
    assert ch.recover(40, 45, 10) == 45
    assert ch.recover(-10, 45, 5) == -5
    assert ch.recover(50, 45, 5) == 50  # exceptional health is kept
    assert ch.days_to_recover(20, 45, 5) == 5
    with pytest.raises(ValueError, match="rate is 1"):
        ch.recovery_per_day(5, 5, 4)


@pytest.mark.parametrize(
    ("current", "state"),
    [
        (51, "Exceptional"),
        (50, "Normal"),
        (49, "Injured"),
        (1, "Injured"),
        (0, "On the Brink"),
        (-1, "Dying"),
        (-50, "Dying"),  # at exactly -Normal still dying
        (-51, "Dead"),
    ],
)
def test_d10_0_health_range(current: int, state: str) -> None:
    assert ch.health_state(current, 50) == state


def test_d10_0_health_state_needs_a_positive_normal() -> None:
    with pytest.raises(ValueError, match="Health Range"):
        ch.health_state(0, 0)


# --------------------------------------------------------------------------
# Action Quota and timing
# --------------------------------------------------------------------------


def test_d10_0_action_quota_rounds_down() -> None:
    assert ch.action_quota(5, 5) == 5
    assert ch.action_quota(6, 5) == 5
    assert ch.action_quota(7, 10) == 8


def test_d10_0_action_costs_and_initiative_steps() -> None:
    assert [(c.action, c.points) for c in ch.ACTION_COSTS] == [
        ("Moving (Carefully), 1 meter", 1),
        ("Crawling Prone, 1 meter", 2),
        ("Drawing a weapon", 1),
        ("Changing Stance (Carefully)", 1),
        ("Running Agility value in meters", 1),
        ("Reloading a Magazine", 2),
        ("Simple Close Attack", 2),
        ("Simple Ranged Attack", 2),
    ]
    assert len(ch.INITIATIVE_STEPS) == 7
    assert ch.INITIATIVE_STEPS[1] == "Refresh action quota"
    assert ch.ROUND_SECONDS == 10
    assert ch.initiative_order({"Bob": 4, "Janet": 6, "Giant": 4}) == (("Janet",), ("Bob", "Giant"))
    assert ch.rounds_to_complete(7, 3) == 3


# --------------------------------------------------------------------------
# Progression Points
# --------------------------------------------------------------------------


def test_d10_0_reward_and_cost_tables() -> None:
    assert [(r.degree, r.amount) for r in ch.REWARDS] == [
        ("Minor", 1),
        ("Small", 2),
        ("Larger", 5),
        ("Major", 10),
    ]
    assert [(c.item, c.text) for c in ch.COSTS] == [
        ("Health Point Increase", "5"),
        ("Skill Point Purchase", "5"),
        ("TAB", "5 - 10"),
        ("Powers", "10"),
        ("Karma", "1 - 10"),
    ]


# --------------------------------------------------------------------------
# The builder
# --------------------------------------------------------------------------


def test_d10_0_builder_average_character() -> None:
    sheet = bd.build_character(bd.CharacterInput(AVERAGE))
    assert sheet.valid and sheet.warnings == ()
    assert sheet.attribute_points_left == 45 - 40
    assert (sheet.normal_health, sheet.action_quota) == (50, 5)
    assert [r.base for r in sheet.roots] == [25] * 10
    assert sheet.reserve == 100


def test_d10_0_builder_starts_from_ones() -> None:
    sheet = bd.build_character(bd.default_character())
    assert sheet.attribute_points_left == 45
    assert sheet.roots[0].base == 5


def test_d10_0_builder_refusals_name_the_rule() -> None:
    too_many = {**AVERAGE, "AG": 10, "FO": 10}  # 50 points
    sheet = bd.build_character(bd.CharacterInput(too_many))
    assert sheet.problems == (
        "The D10/0 System, Build Process: 45 points are allocated to attributes above "
        "the starting 1s; these use 50",
    )
    below = bd.build_character(bd.CharacterInput({**AVERAGE, "CH": 0}))
    assert below.problems == (
        "The D10/0 System, Build Process: every attribute starts at 1; CH is 0",
    )
    tree = sk.SkillTree.roots().set_adjust("Ranged", 40)  # 10 + 20 + 40 + 80 = 150 points
    overspent = bd.build_character(bd.CharacterInput(AVERAGE, tree=tree))
    assert overspent.problems == (
        "The D10/0 System, Skill Points: the skills cost 150 skill points; "
        "100 are available (100 to spend anywhere)",
    )


def test_d10_0_builder_purchases_with_progression_points() -> None:
    scores = {**AVERAGE, "AG": 7, "FO": 6}
    tree = sk.SkillTree.roots().branch("Firearms", "Ranged").set_adjust("Firearms", 21)
    choice = bd.CharacterInput(
        scores,
        tree=tree,
        progression_points=12,
        purchases=(bd.Purchase("health"), bd.Purchase("skill_points", "Ranged")),
    )
    sheet = bd.build_character(choice)
    assert sheet.valid
    assert sheet.normal_health == 50 + 5
    assert sheet.skill_points_available == 100 + 13  # AG + FO, Ranged's circled pair
    assert sheet.skill_points_spent == sk.adjust_cost(0, 21) == 10 + 20 + 4
    assert sheet.reserve_by_root == {}
    assert sheet.reserve_general == 100 - (34 - 13)
    assert sheet.progression_points_left == 2
    short = bd.build_character(
        bd.CharacterInput(scores, progression_points=4, purchases=(bd.Purchase("health"),))
    )
    assert short.problems == (
        "The D10/0 System, Progression Points: these purchases cost 5 Progression Points; "
        "the character has 4",
    )


@pytest.mark.parametrize("score", [11, 14])
def test_d10_0_builder_an_attribute_above_10_is_a_warning_not_a_breach(score: int) -> None:
    # Build Process: attributes are "typically" capped at 10; special reasons allow more.
    sheet = bd.build_character(bd.CharacterInput({**AVERAGE, "ST": score, "CH": 1}))
    assert sheet.valid, sheet.problems
    assert sheet.warnings == (
        f"ST is {score}, above the typical cap of 10: scores past it take a special reason "
        "and are not common (The D10/0 System, Build Process)",
    )
    assert bd.build_character(bd.CharacterInput({**AVERAGE, "ST": 10})).warnings == ()


def _line(root: str, branches: int) -> sk.SkillTree:
    tree, parent = sk.SkillTree.roots(), root
    for depth in range(1, branches + 1):
        tree = tree.branch(f"T{depth}", parent)
        parent = f"T{depth}"
    return tree


def test_d10_0_builder_depth_counts_the_root_as_the_focused_example_does() -> None:
    # Skill Trees: rarely more than five skills deep; the Focused Example is a root and
    # four branches (Branch A to D), five deep, and draws no warning.
    assert bd.build_character(bd.CharacterInput(AVERAGE, tree=_line("Theory", 4))).warnings == ()
    sheet = bd.build_character(bd.CharacterInput(AVERAGE, tree=_line("Theory", 5)))
    assert sheet.valid
    assert sheet.warnings == (
        "T5 is more than 5 skills deep, counting the root: trees rarely branch that deep "
        "(The D10/0 System, Skill Trees)",
    )


def test_d10_0_builder_round_trips_through_json() -> None:
    choice = bd.CharacterInput(
        {**AVERAGE, "AG": 7, "PE": 7, "FO": 3},
        circled={"Ranged": ("AG", "PE")},
        tree=sk.SkillTree.roots().set_adjust("Close", 3).branch("Bows", "Ranged"),
        skill_points=102,
        progression_points=10,
        purchases=(bd.Purchase("skill_points", "Ranged"),),
    )
    text = json.dumps(choice.to_dict())
    again = bd.character_from_dict(json.loads(text))
    assert again == choice
    assert bd.build_character(again) == bd.build_character(choice)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"attributes": []}, "attributes must be an object"),
        ({"attributes": {"XX": 5}}, "The Ten Attributes"),
        ({"attributes": AVERAGE, "version": 9}, "version"),
        ({"attributes": AVERAGE, "purchases": [{"item": "karma"}]}, "health or skill_points"),
        ({"attributes": AVERAGE, "skills": [{"name": "Bows", "parent": "Nope"}]}, "no skill"),
        ({"attributes": AVERAGE, "circled": {"Close": ["AG"]}}, "circle two attributes"),
    ],
)
def test_d10_0_builder_import_refusals(data: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        bd.character_from_dict(data)


@settings(deadline=None)  # exact values, not timings: speed lives in benchmarks
@given(st.integers(0, 20), st.integers(0, 20))
def test_d10_0_health_is_ten_times_the_average(en: int, sp: int) -> None:
    assert 2 * ch.normal_health(en, sp) == 10 * (en + sp)
    assert ch.health_increase(en, sp) * 2 in (en + sp, en + sp + 1)


@settings(deadline=None)  # exact values, not timings: speed lives in benchmarks
@given(st.integers(-300, 300), st.integers(1, 200))
def test_d10_0_every_current_has_exactly_one_state(current: int, normal: int) -> None:
    state = ch.health_state(current, normal)
    assert state in ch.HEALTH_STATES
    assert (state == "Dead") == (current < -normal)
