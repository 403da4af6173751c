"""The D10/0 System, Skills: roots, circled attributes, bases, the exchange rate, trees."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py.systems.d10_0 import skills as sk
from rules_py.systems.d10_0.character import ATTRIBUTE_NAMES

AVERAGE = dict.fromkeys(ATTRIBUTE_NAMES, 5)
AVERAGE_BASES = {root.name: sk.root_base(root, AVERAGE) for root in sk.ROOT_SKILLS}

# The character sheet's root skills and their three attributes.
SOURCE_ROOTS = (
    ("Athletic", "AG EN ST"),
    ("Close", "AG FO ST"),
    ("Domestic", "CH SE SP"),
    ("Interaction", "CH SP ST"),
    ("Navigation", "BE IN PE"),
    ("Ranged", "AG FO PE"),
    ("Sensory", "BE FO PE"),
    ("Society", "CH IN SE"),
    ("Theory", "BE IN SE"),
    ("Vocational", "EN IN SE"),
)


def test_d10_0_ten_root_skills_from_the_character_sheet() -> None:
    assert [(r.name, " ".join(r.attributes)) for r in sk.ROOT_SKILLS] == list(SOURCE_ROOTS)
    # The Basic Skills text gives Close Athletic's attributes; the sheet's are used.
    assert sk.root_skill("close").attributes != sk.root_skill("athletic").attributes


def test_d10_0_skill_25_from_average_5s() -> None:
    assert sk.skill_base((5, 5), 5) == 25
    assert dict.fromkeys(sk.ROOT_NAMES, 25) == AVERAGE_BASES


def test_d10_0_base_counts_the_circled_attributes_twice() -> None:
    scores = {**AVERAGE, "AG": 8, "FO": 6, "ST": 3}
    close = sk.root_skill("Close")
    assert sk.circled_attributes(close, scores) == ("AG", "FO")
    assert sk.root_base(close, scores) == 2 * 8 + 2 * 6 + 3
    assert sk.purchased_skill_points(close, scores) == 14


def test_d10_0_a_tie_is_the_players_pick_and_keeps_the_base() -> None:
    scores = {**AVERAGE, "AG": 7, "FO": 5, "PE": 5}
    ranged = sk.root_skill("Ranged")
    assert sk.circle_options(ranged, scores) == (("AG", "FO"), ("AG", "PE"))
    assert sk.circled_attributes(ranged, scores, ["PE", "AG"]) == ("AG", "PE")
    with pytest.raises(ValueError, match=r"^Circle the two highest"):
        sk.circled_attributes(ranged, scores, ["FO", "PE"])
    assert sk.root_base(ranged, scores) == 2 * 7 + 2 * 5 + 5


def test_d10_0_skill_base_refuses_a_minor_above_a_major() -> None:
    with pytest.raises(ValueError, match="two highest"):
        sk.skill_base((5, 4), 6)


def test_d10_0_exchange_rate_table() -> None:
    # Adjusted Rating 00-09: 1 skill point, 10-19: 2, 20-29: 4, 30-39: 8, 40-49: 16.
    for low, cost in ((0, 1), (10, 2), (20, 4), (30, 8), (40, 16)):
        assert {sk.increment_cost(a) for a in range(low, low + 10)} == {cost}


def test_d10_0_adjust_cost_examples() -> None:
    assert sk.adjust_cost(0, 10) == 10
    assert sk.adjust_cost(0, 25) == 10 * 1 + 10 * 2 + 5 * 4 == 50
    assert sk.adjust_cost(10, 20) == 20
    assert sk.adjust_cost(7, 7) == 0
    with pytest.raises(ValueError, match="would lower it"):
        sk.adjust_cost(10, 5)


def _example(*skills: tuple[str, str | None, int]) -> sk.SkillTree:
    """A tree of the source's examples: (name, parent, Adjust), the root first."""
    (root, _, adjust), *branches = skills
    tree = sk.SkillTree((sk.Skill(root, None, adjust),))
    for name, parent, branch_adjust in branches:
        tree = tree.branch(name, str(parent)).set_adjust(name, branch_adjust)
    return tree


def _lines(tree: sk.SkillTree, base: int) -> list[tuple[str, int, int, int]]:
    ratings = tree.ratings({tree.skills[0].name: base})
    return [(r.name, r.base, r.adjust, r.total) for r in ratings]


def _spent(tree: sk.SkillTree) -> int:
    return sum(tree.cost_by_root().values())


INITIAL = _example(("Root Skill", None, 5))
FOCUSED = _example(
    ("Root Skill", None, 10),
    ("Branch A", "Root Skill", 10),
    ("Branch B", "Branch A", 10),
    ("Branch C", "Branch B", 10),
    ("Branch D", "Branch C", 10),
)


def test_d10_0_initial_and_first_branch_examples() -> None:
    assert _lines(INITIAL, 10) == [("Root Skill", 10, 5, 15)]
    # Buying the branch cost 1 skill point: its first Adjust point.
    grown = INITIAL.branch("Branch Skill A1", "Root Skill")
    assert _lines(grown, 10) == [("Root Skill", 10, 5, 15), ("Branch Skill A1", 15, 1, 16)]
    assert _spent(grown) - _spent(INITIAL) == sk.NEW_BRANCH_COST == 1


def test_d10_0_branches_off_the_root_and_off_a_branch() -> None:
    tree = _example(
        ("Common Root Skill", None, 5),
        ("Branch Skill A1", "Common Root Skill", 1),
        ("Branch Skill B1", "Branch Skill A1", 1),
        ("Branch Skill A2", "Common Root Skill", 1),
    )
    assert _lines(tree, 10) == [
        ("Common Root Skill", 10, 5, 15),
        ("Branch Skill A1", 15, 1, 16),
        ("Branch Skill B1", 16, 1, 17),
        ("Branch Skill A2", 15, 1, 16),
    ]


def test_d10_0_focused_and_general_50_point_spends() -> None:
    assert _lines(FOCUSED, 0) == [
        ("Root Skill", 0, 10, 10),
        ("Branch A", 10, 10, 20),
        ("Branch B", 20, 10, 30),
        ("Branch C", 30, 10, 40),
        ("Branch D", 40, 10, 50),
    ]
    general = _example(("Common Root Skill", None, 25))
    assert _lines(general, 0) == [("Common Root Skill", 0, 25, 25)]
    assert _spent(FOCUSED) == _spent(general) == 50


def test_d10_0_a_branch_follows_its_parents_total() -> None:
    tree = sk.SkillTree.roots().branch("Blades", "Close").set_adjust("Blades", 4)
    before = {r.name: r.total for r in tree.ratings(AVERAGE_BASES)}
    raised = tree.set_adjust("Close", 10)
    after = {r.name: r.total for r in raised.ratings(AVERAGE_BASES)}
    assert (before["Blades"], after["Blades"]) == (29, 39)
    assert raised.cost_by_root()["Close"] == 10 + 4


def test_d10_0_tree_refusals_and_depth_warning() -> None:
    tree = sk.SkillTree.roots()
    with pytest.raises(ValueError, match="already"):
        tree.branch("Close", "Athletic")
    with pytest.raises(ValueError, match=r"^No skill called"):
        tree.branch("Blades", "Fencing")
    with pytest.raises(ValueError, match="at least 1"):
        tree.branch("Blades", "Close").set_adjust("Blades", 0)
    parent = "Close"
    for depth in range(1, 7):
        tree = tree.branch(f"Level {depth}", parent)
        parent = f"Level {depth}"
    ratings = tree.ratings(AVERAGE_BASES)
    # The root counts: Level 4 is five skills deep, Level 5 six.
    assert {r.name: r.skills_deep for r in ratings}["Level 4"] == 5
    assert sk.too_deep(ratings) == ("Level 5", "Level 6")


def test_d10_0_the_focused_example_is_five_skills_deep_and_not_too_deep() -> None:
    ratings = FOCUSED.ratings({"Root Skill": 0})
    assert [r.skills_deep for r in ratings] == [1, 2, 3, 4, 5]
    assert sk.too_deep(ratings) == ()


@settings(deadline=None)  # exact values, not timings: speed lives in benchmarks
@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60))
def test_d10_0_adjust_cost_adds_up(a: int, b: int, c: int) -> None:
    low, mid, high = sorted((a, b, c))
    assert sk.adjust_cost(low, high) == sk.adjust_cost(low, mid) + sk.adjust_cost(mid, high)
    assert sk.adjust_cost(low, high) >= high - low
