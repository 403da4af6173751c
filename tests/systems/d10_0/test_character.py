"""The D10/0 System: attributes, health, action quota, progression points and the builder."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

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


# --------------------------------------------------------------------------
# Progression Points
# --------------------------------------------------------------------------


def test_d10_0_purchase_costs_follow_the_standard_cost_table() -> None:
    assert (ch.HEALTH_INCREASE_COST, ch.SKILL_POINT_PURCHASE_COST) == (5, 5)


# --------------------------------------------------------------------------
# The builder
# --------------------------------------------------------------------------


def test_d10_0_builder_average_character() -> None:
    sheet = bd.build_character(bd.CharacterInput(AVERAGE))
    assert sheet.problems == sheet.warnings == ()
    assert sheet.attribute_points_left == 45 - 40
    assert (sheet.normal_health, sheet.action_quota) == (50, 5)
    assert [r.base for r in sheet.roots] == [25] * 10
    assert (sheet.reserve_general, sheet.reserve_by_root) == (100, {})


def test_d10_0_builder_starts_from_ones() -> None:
    sheet = bd.build_character(bd.CharacterInput(dict.fromkeys(ch.ATTRIBUTE_NAMES, 1)))
    assert sheet.attribute_points_left == 45
    assert sheet.roots[0].base == 5


def test_d10_0_builder_refusals_name_the_rule() -> None:
    too_many = {**AVERAGE, "AG": 10, "FO": 10}  # 50 points
    sheet = bd.build_character(bd.CharacterInput(too_many))
    assert sheet.problems == (
        "45 points are allocated to attributes above the starting 1s; these use 50 "
        "(The D10/0 System, Build Process)",
    )
    below = bd.build_character(bd.CharacterInput({**AVERAGE, "CH": 0}))
    assert below.problems == (
        "Every attribute starts at 1; CH is 0 (The D10/0 System, Build Process)",
    )
    tree = sk.SkillTree.roots().set_adjust("Ranged", 40)  # 10 + 20 + 40 + 80 = 150 points
    overspent = bd.build_character(bd.CharacterInput(AVERAGE, tree=tree))
    assert overspent.problems == (
        "The skills cost 150 skill points; 100 are to spend anywhere "
        "(The D10/0 System, Skill Points)",
    )


def test_d10_0_builder_purchases_with_progression_points() -> None:
    scores = {**AVERAGE, "AG": 7, "FO": 6}
    tree = sk.SkillTree.roots().branch("Firearms", "Ranged").set_adjust("Firearms", 21)
    choice = bd.CharacterInput(
        scores,
        tree=tree,
        progression_points=12,
        purchases=(bd.Purchase("health"), bd.Purchase("skill_points", "Ranged")),
        bought={"Firearms": 13},  # the 13 bought for Ranged paid for Firearms, in its tree
    )
    sheet = bd.build_character(choice)
    assert sheet.problems == ()
    assert sheet.normal_health == 50 + 5
    assert sheet.skill_points_available == 100 + 13  # AG + FO, Ranged's circled pair
    assert sheet.skill_points_spent == sk.adjust_cost(0, 21) == 10 + 20 + 4
    assert sheet.reserve_by_root == {}
    assert sheet.reserve_general == 100 - (34 - 13)
    assert sheet.progression_points_left == 2
    # Not marked, the 13 stay Ranged's: they never become points to spend anywhere.
    unmarked = bd.build_character(replace(choice, bought={}))
    assert unmarked.problems == ()
    assert unmarked.reserve_by_root == {"Ranged": 13}
    assert unmarked.reserve_general == 100 - 34
    short = bd.build_character(
        bd.CharacterInput(scores, progression_points=4, purchases=(bd.Purchase("health"),))
    )
    assert short.problems == (
        "These purchases cost 5 Progression Points; the character has 4 "
        "(The D10/0 System, Progression Points)",
    )


# The default sheet's 100 points with AG 6, FO 4, PE 6: a Skill Point Purchase for Ranged
# (AG and PE circled) buys 12, the case (issue 27, item 4).
SPENT_100 = (
    sk.SkillTree.roots()
    .set_adjust("Ranged", 25)  # 50
    .branch("Pistols", "Ranged")
    .set_adjust("Pistols", 10)  # 10
    .set_adjust("Athletic", 10)  # 10
    .set_adjust("Close", 10)  # 10
    .set_adjust("Sensory", 15)  # 20
)
DEFAULT_SCORES = {**AVERAGE, "AG": 6, "FO": 4, "PE": 6}
FOR_RANGED = (bd.Purchase("skill_points", "Ranged"),)


def test_points_bought_for_a_root_are_never_points_to_spend_anywhere() -> None:
    sheet = bd.build_character(
        bd.CharacterInput(
            DEFAULT_SCORES, tree=SPENT_100, progression_points=5, purchases=FOR_RANGED
        )
    )
    assert sheet.problems == ()
    assert (sheet.reserve_general, sheet.reserve_by_root) == (0, {"Ranged": 12})


def test_points_bought_for_ranged_spent_on_domestic_are_refused_naming_the_tree() -> None:
    domestic = SPENT_100.set_adjust("Domestic", 11)  # 10 + 2 = 12 more
    choice = bd.CharacterInput(
        DEFAULT_SCORES, tree=domestic, progression_points=5, purchases=FOR_RANGED
    )
    (unmarked,) = bd.build_character(choice).problems
    assert unmarked == (
        "The skills cost 112 skill points; 100 are to spend anywhere (12 bought for Ranged "
        "go only into Ranged's tree: mark them as bought on the skills they paid for) "
        "(The D10/0 System, Skill Points)"
    )
    (marked,) = bd.build_character(replace(choice, bought={"Domestic": 12})).problems
    assert marked == (
        "Domestic's tree is marked with 12 bought skill points, but none were bought for "
        "Domestic: points bought for a root go only into that root's tree (these were "
        "bought for Ranged) (The D10/0 System, Skill Points)"
    )
    pistols = SPENT_100.set_adjust("Pistols", 15)  # 10 more, in Ranged's tree
    fine = bd.build_character(replace(choice, tree=pistols, bought={"Pistols": 10}))
    assert fine.problems == ()
    assert (fine.reserve_general, fine.reserve_by_root) == (0, {"Ranged": 2})


def test_bought_marks_stay_within_what_was_bought_and_what_a_skill_cost() -> None:
    choice = bd.CharacterInput(
        DEFAULT_SCORES, tree=SPENT_100, progression_points=5, purchases=FOR_RANGED
    )
    (too_many,) = bd.build_character(replace(choice, bought={"Ranged": 13})).problems
    assert too_many.startswith(
        "Ranged's tree is marked with 13 bought skill points, but 12 were bought for Ranged"
    )
    (above_cost,) = bd.build_character(replace(choice, bought={"Pistols": 11})).problems
    assert above_cost.startswith(
        "Pistols is marked with 11 bought skill points, but its Adjust 10 cost 10"
    )


@pytest.mark.parametrize("score", [11, 14])
def test_d10_0_builder_an_attribute_above_10_is_a_warning_not_a_breach(score: int) -> None:
    # Build Process: attributes are "typically" capped at 10; special reasons allow more.
    sheet = bd.build_character(bd.CharacterInput({**AVERAGE, "ST": score, "CH": 1}))
    assert sheet.problems == ()
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
    assert sheet.problems == ()
    assert sheet.warnings == (
        "T5 is more than 5 skills deep, counting the root: trees rarely branch that deep "
        "(The D10/0 System, Skill Trees)",
    )


@settings(deadline=None)  # exact values, not timings: speed lives in benchmarks
@given(st.integers(0, 20), st.integers(0, 20))
def test_d10_0_health_is_ten_times_the_average(en: int, sp: int) -> None:
    assert 2 * ch.normal_health(en, sp) == 10 * (en + sp)
    assert ch.health_increase(en, sp) * 2 in (en + sp, en + sp + 1)


@settings(deadline=None)  # exact values, not timings: speed lives in benchmarks
@given(st.integers(-300, 300), st.integers(1, 200))
def test_d10_0_every_current_has_exactly_one_state(current: int, normal: int) -> None:
    state = ch.health_state(current, normal)
    assert state in ("Exceptional", "Normal", "Injured", "On the Brink", "Dying", "Dead")
    assert (state == "Dead") == (current < -normal)


def test_the_pages_state_how_bought_skill_points_are_marked() -> None:
    """The Bought column's reading is stated where the rule and the builder are (item 4)."""
    docs = Path(__file__).parents[3] / "docs" / "d10-0"
    rule = " ".join((docs / "skill-points.md").read_text().split())
    assert "each skill has a **Bought** column" in rule
    assert "they never become points to spend anywhere" in rule
    builder = " ".join((docs / "building-a-character.md").read_text().split())
    assert "Progression Points for a root go only into that root's tree" in builder


# Standard Cost Table: TAB 5 - 10 by degree, Powers 10, Karma 1 - 10 by value (issue 27,
# item 8).


def test_tabs_powers_and_karma_cost_what_the_cost_table_gives() -> None:
    assert [bd.Purchase("tab", price=p).cost for p in (5, 7, 10)] == [5, 7, 10]
    assert bd.Purchase("power").cost == 10
    assert [bd.Purchase("karma", price=p).cost for p in (1, 10)] == [1, 10]
    sheet = bd.build_character(
        bd.CharacterInput(
            AVERAGE,
            progression_points=30,
            purchases=(
                bd.Purchase("tab", price=6),
                bd.Purchase("power"),
                bd.Purchase("karma", price=4),
                bd.Purchase("health"),
            ),
        )
    )
    assert sheet.problems == ()
    assert (sheet.progression_points_spent, sheet.progression_points_left) == (25, 5)
    assert sheet.normal_health == 50 + 5  # only the Health Point Increase changes a number
    short = bd.build_character(
        bd.CharacterInput(AVERAGE, progression_points=9, purchases=(bd.Purchase("power"),))
    )
    assert short.problems == (
        "These purchases cost 10 Progression Points; the character has 9 "
        "(The D10/0 System, Progression Points)",
    )


@pytest.mark.parametrize(
    ("purchase", "message"),
    [
        (bd.Purchase("tab", price=4), "A TAB costs 5 to 10 Progression Points, by its degree"),
        (bd.Purchase("tab", price=11), r"by its degree \(got 11\)"),
        (bd.Purchase("karma", price=0), "Karma costs 1 to 10 Progression Points, by its value"),
        (bd.Purchase("tab"), "Say what this TAB costs"),
        (bd.Purchase("karma"), "Say what this karma costs"),
    ],
)
def test_a_tab_or_karma_price_outside_the_table_is_refused(
    purchase: bd.Purchase, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        _ = purchase.cost


def test_calc_progression_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.cli_io import cli_error, cli_json

    words = ["earned=40", "health=1", "tab=5,7", "power=1", "karma=3"]
    data = cli_json(capsys, "calc", "d10-0", "progression", *words)
    assert data["value"] == {
        "Health Point Increase": 5,
        "power": 10,
        "TAB": 12,
        "karma": 3,
        "spent": 30,
        "left": 10,
    }
    for bad, message in (
        (["tab=4"], "A TAB costs 5 to 10 Progression Points"),
        (["karma=1,x"], "karma= is the price of each karma"),
        (["earned=10", "power=2"], "These purchases cost 20 Progression Points; the character"),
        ([], "needs something to buy"),
    ):
        assert message in cli_error(capsys, "calc", "d10-0", "progression", *bad)


def test_the_progression_page_says_how_the_tools_price_tabs_and_karma() -> None:
    page = " ".join((Path(__file__).parents[3] / "docs/d10-0/progression.md").read_text().split())
    assert "the site's tools let the player pick the price within the range" in page
    assert "5 + 12 + 10 + 3 = 30 spent, 10 left" in page
