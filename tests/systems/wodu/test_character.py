"""Tests for rules_py.systems.wodu.character against the "2d10 WoDu Hack" draft's
Character Generation and Advancement."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise, permutations, product

import pytest

from rules_py.systems import wodu
from tests.systems.wodu.helpers import (
    table_rows,
)

# ADVANCEMENT table, one tuple per level as printed:
# (level, ability ratings, total, special moves, moves, HP max, notes); "" = empty cell.
SOURCE_ADVANCEMENT = (
    (0, "Distribute 1, 0, 0, -1", 1, "—", "—", "5 +STR", "Gritty"),
    (1, "Distribute 2, 1, 1, -1", 3, "Start with 1 Special Move", 1, "11 +STR", "Action Hero"),
    (2, "+1 (max 3)", 4, "", "", "12 +STR", ""),
    (3, "", "", "+1 Special Move", 2, "13 + STR", ""),
    (4, "+1 (max 3)", 5, "", "", "14 + STR", ""),
    (5, "", "", "+1 Special Move", 3, "15 +STR", ""),
    (6, "+1 (max 4)", 6, "", "", "16 +STR", "Superhero"),
    (7, "", "", "+1 Special Move", 4, "17 +STR", ""),
    (8, "+1 (max 4)", 7, "", "", "18 +STR", ""),
    (9, "", "", "+1 Special or Advanced Move", 5, "19 +STR", ""),
    (10, "+1 (max 5)", 8, "", "", "20 +STR", ""),
    (11, "", "", "+1 Special or Advanced Move", 6, "21 +STR", "Beyond Super"),
    (12, "+1 (max 5)", 9, "", "", "22 +STR", ""),
    (13, "", "", "+1 Special or Advanced Move", 7, "23 + STR", ""),
    (14, "+1 (max 6)", 10, "", "", "24 +STR", ""),
    (15, "", "", "+1 Special or Advanced Move", 8, "25 +STR", ""),
)


# --------------------------------------------------------------------------
# Character generation
# --------------------------------------------------------------------------


def test_wodu_starting_ratings() -> None:
    assert wodu.STANDARD_STARTING_RATINGS == (2, 1, 1, -1)
    assert wodu.GRITTY_STARTING_RATINGS == (1, 0, 0, -1)
    assert dict(wodu.STARTING_LEVEL) == {"standard": 1, "gritty": 0}


@pytest.mark.parametrize(
    ("level", "strength", "hp"),
    [(0, 1, 6), (0, -1, 4), (1, 2, 13), (1, 0, 11), (2, 2, 14), (10, 3, 23), (15, 6, 31)],
)
def test_wodu_max_hp(level: int, strength: int, hp: int) -> None:
    assert wodu.max_hp(level, strength) == hp


def test_wodu_max_hp_is_level_plus_ten_plus_str_from_level_one() -> None:
    for level in range(1, 16):
        for strength in range(-1, 7):
            assert wodu.max_hp(level, strength) == level + 10 + strength
    # Level 0 is the exception the source sets: 5 + STR, not 10 + STR.
    assert wodu.max_hp(0, 0) == 5


@pytest.mark.parametrize(("level", "strength"), [(-1, 0), (16, 0), (1, 7), (1, -2)])
def test_wodu_max_hp_rejects_out_of_range(level: int, strength: int) -> None:
    with pytest.raises(ValueError, match="2d10 WoDu Hack"):
        wodu.max_hp(level, strength)


# --------------------------------------------------------------------------
# Advancement
# --------------------------------------------------------------------------


@pytest.mark.parametrize("source_row", SOURCE_ADVANCEMENT, ids=lambda r: f"level-{r[0]}")
def test_wodu_advancement_row_matches_source(source_row: tuple[object, ...]) -> None:
    level, ratings, total, special, moves, hp, note = source_row
    assert isinstance(level, int)
    row = wodu.ADVANCEMENT[level]
    assert row.level == level
    assert row.ability_ratings == ratings
    assert row.special_moves == special
    assert row.note == note
    assert row.hp_max_text.replace(" ", "") == str(hp).replace(" ", "")
    if level == 0:
        # The source prints 1, but its own array 1, 0, 0, -1 adds up to 0.
        assert total == wodu.SOURCE_LEVEL_0_TOTAL == 1
        assert row.ability_total == sum(wodu.GRITTY_STARTING_RATINGS) == 0
    elif total != "":
        assert row.ability_total == total
    if moves == "—":
        assert row.moves == 0
    elif moves != "":
        assert row.moves == moves


def test_wodu_advancement_derived_columns() -> None:
    table = wodu.ADVANCEMENT
    assert [r.level for r in table] == list(range(16))
    for prev, row in pairwise(table[1:]):
        # Even levels raise a rating, odd levels add a move; never both.
        assert row.ability_increase == (row.level % 2 == 0)
        assert row.ability_total == prev.ability_total + row.ability_increase
        assert row.moves == prev.moves + (not row.ability_increase)
        assert row.hp_base == prev.hp_base + 1
        assert row.ability_cap >= prev.ability_cap
    assert [r.ability_cap for r in table] == [1, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6]
    assert [r.ability_total for r in table] == [0, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]
    assert [r.moves for r in table] == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]
    assert [r.level for r in table if r.advanced_move_allowed] == [9, 11, 13, 15]
    assert table[-1].ability_cap == wodu.MAX_ABILITY


def test_wodu_tiers() -> None:
    tiers = [wodu.tier_for_level(n) for n in range(16)]
    assert tiers == ["Gritty"] + ["Action Hero"] * 5 + ["Superhero"] * 5 + ["Beyond Super"] * 5
    assert wodu.ADVANCEMENT[7].tier == "Superhero"


def test_wodu_xp_costs() -> None:
    assert [wodu.xp_to_next_level(n, "fast") for n in range(15)] == [10] * 15
    assert [wodu.xp_to_next_level(n, "slow") for n in range(15)] == [15] * 15
    with pytest.raises(ValueError, match="Level 15 is the highest level"):
        wodu.xp_to_next_level(15, "fast")
    with pytest.raises(ValueError, match='"fast" or "slow"'):
        wodu.xp_to_next_level(3, "medium")  # type: ignore[arg-type]
    assert wodu.xp_between_levels(1, 10, "fast") == 90
    assert wodu.xp_between_levels(0, 15, "slow") == 225


def test_wodu_session_estimates_of_the_source() -> None:
    # "about 20-25 sessions" fast and "about 35-40" slow to reach 10th level at 4 XP a session.
    fast = wodu.estimated_sessions(1, 10, "fast")
    assert fast == Fraction(45, 2)
    assert 20 <= fast <= 25
    assert 20 <= wodu.estimated_sessions(0, 10, "fast") <= 25
    assert 35 <= wodu.estimated_sessions(0, 10, "slow") <= 40
    # From Level 1 the slow pace gives 33.75, a little under the source's "about 35-40".
    assert wodu.estimated_sessions(1, 10, "slow") == Fraction(135, 4)


def test_wodu_xp_awards() -> None:
    assert wodu.GROUP_XP_PER_SESSION == (1, 4)
    assert wodu.INDIVIDUAL_XP_PER_SESSION == (0, 2)
    assert wodu.CHAPTER_BONUS_XP == (1, 4)


# --------------------------------------------------------------------------
# Character sheet validation
# --------------------------------------------------------------------------


def sheet(values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(wodu.ABILITY_NAMES, values, strict=True))


def test_wodu_valid_starting_sheets() -> None:
    assert wodu.validate_sheet(1, "standard", sheet((1, 2, -1, 1)), hp_max=12, moves=1) == []
    assert wodu.validate_sheet(0, "gritty", sheet((0, 1, -1, 0)), hp_max=5, moves=0) == []
    assert wodu.validate_sheet(1, "gritty", sheet((2, 1, 1, -1)), hp_max=13) == []
    assert wodu.validate_sheet(15, "standard", sheet((6, 3, 2, -1)), hp_max=31, moves=8) == []
    assert wodu.validate_sheet(1, "standard", {"str": 2, "Dex": 1, "WIT": 1, "cha": -1}) == []


def test_wodu_sheet_standard_character_cannot_be_level_zero() -> None:
    problems = wodu.validate_sheet(0, "standard", sheet((1, 0, 0, -1)))
    assert problems == [
        "Standard characters start at Level 1; only gritty characters play at Level 0 "
        "(2d10 WoDu Hack, Character Generation)"
    ]


def test_wodu_sheet_messages() -> None:
    assert wodu.validate_sheet(1, "standard", sheet((2, 2, 0, -1))) == [
        "At Level 1 the ratings are 2, 1, 1, -1 in any order (got 2, 2, 0, -1) "
        "(2d10 WoDu Hack, Character Generation)"
    ]
    assert wodu.validate_sheet(0, "gritty", sheet((2, 1, 1, -1))) == [
        "STR must be at most +1 at Level 0, got +2 (2d10 WoDu Hack, Advancement)"
    ]
    assert wodu.validate_sheet(4, "standard", sheet((4, 1, 1, -1))) == [
        "STR must be at most +3 at Level 4, got +4 (2d10 WoDu Hack, Advancement)"
    ]
    assert wodu.validate_sheet(4, "standard", sheet((3, 2, 2, -1))) == [
        "At Level 4 the ratings add up to 5 (2, 1, 1, -1 plus 2 increases of +1), not 6 "
        "(2d10 WoDu Hack, Advancement)"
    ]
    assert wodu.validate_sheet(2, "standard", sheet((3, 3, -1, -1))) == [
        "3, 3, -1, -1 cannot be reached from 2, 1, 1, -1 "
        "by adding +1 to one rating at each ability increase without passing "
        "that level's maximum (2d10 WoDu Hack, Advancement)"
    ]
    assert wodu.validate_sheet(3, "standard", sheet((3, 1, 1, -1)), hp_max=15, moves=1) == [
        "Max HP at Level 3 with STR +3 is 16 (13 + STR), not 15 "
        "(2d10 WoDu Hack, Character Generation)",
        "A Level 3 character knows 2 moves, not 1 (2d10 WoDu Hack, Advancement)",
    ]
    assert wodu.validate_sheet(1, "standard", {"STR": 2, "DEX": 1, "WIT": 1}) == [
        "The sheet needs a rating for CHA (2d10 WoDu Hack, Ability Ratings)"
    ]
    assert wodu.validate_sheet(1, "standard", {**sheet((2, 1, 1, -1)), "LUCK": 1}) == [
        "The abilities are STR, DEX, WIT and CHA (unknown: LUCK) (2d10 WoDu Hack, Ability Ratings)"
    ]
    assert wodu.validate_sheet(1, "standard", sheet((2, 1, 1, -2))) == [
        "CHA must be -1 or more, got -2 (2d10 WoDu Hack, Ability Ratings)"
    ]
    assert wodu.validate_sheet(16, "standard", sheet((2, 1, 1, -1))) == [
        "The level must be from 0 to 15, got 16 (2d10 WoDu Hack, Advancement)"
    ]
    assert wodu.validate_sheet(1, "heroic", sheet((2, 1, 1, -1))) == [  # type: ignore[arg-type]
        '2d10 WoDu Hack, Character Generation: a character is "standard" or "gritty" '
        "(got 'heroic')"
    ]


def brute_force_reachable(level: int) -> set[tuple[int, ...]]:
    """Ratings reachable by trying every assignment of the starting array and every increase."""
    if level == 0:
        return set(permutations((1, 0, 0, -1)))
    caps = [r.ability_cap for r in wodu.ADVANCEMENT[2 : level + 1] if r.ability_increase]
    found = set()
    for start in set(permutations((2, 1, 1, -1))):
        for choice in product(range(4), repeat=len(caps)):
            values = list(start)
            for ability, cap in zip(choice, caps, strict=True):
                values[ability] += 1
                if values[ability] > cap:
                    break
            else:
                found.add(tuple(values))
    return found


@pytest.mark.parametrize("level", range(16))
def test_wodu_sheet_accepts_exactly_the_reachable_ratings(level: int) -> None:
    start: wodu.Start = "gritty" if level == 0 else "standard"
    reachable = brute_force_reachable(level)
    cap = wodu.ADVANCEMENT[level].ability_cap
    for values in product(range(-1, cap + 1), repeat=4):
        problems = wodu.validate_sheet(level, start, sheet(values))
        assert (problems == []) == (values in reachable), (values, problems)


def test_wodu_advancement_page_matches_the_table() -> None:
    rows = table_rows("advancement.md", "| Level | Ability ratings")
    assert len(rows) == 16
    for cells, row in zip(rows, wodu.ADVANCEMENT, strict=True):
        level, _, total, _, moves, hp, tier = cells
        assert int(level) == row.level
        assert total.strip("*").split()[0] == str(row.ability_total)
        assert moves.strip("*") == (str(row.moves) if row.level else "—")
        assert hp == row.hp_max_text
        assert tier.strip("*") == row.tier


# --------------------------------------------------------------------------
# Ability increases, one level at a time
# --------------------------------------------------------------------------


def test_ability_increase_levels_are_the_even_levels_of_the_table() -> None:
    assert wodu.ABILITY_INCREASE_LEVELS == (2, 4, 6, 8, 10, 12, 14)


def test_apply_ability_increases_adds_one_at_each_increase_up_to_the_level() -> None:
    start = {"STR": 2, "DEX": 1, "WIT": 1, "CHA": -1}
    plan = {2: "STR", 4: "DEX", 6: "STR", 8: "wit", 10: "STR", 12: "DEX", 14: "STR"}
    assert wodu.apply_ability_increases(1, start, plan) == (start, [])
    assert wodu.apply_ability_increases(5, start, plan) == (
        {"STR": 3, "DEX": 2, "WIT": 1, "CHA": -1},
        [],
    )
    ratings, problems = wodu.apply_ability_increases(15, start, plan)
    assert (ratings, problems) == ({"STR": 6, "DEX": 3, "WIT": 2, "CHA": -1}, [])
    assert wodu.validate_sheet(15, "standard", ratings) == []


def test_apply_ability_increases_checks_each_level_maximum_in_turn() -> None:
    start = {"str": 2, "dex": 1, "wit": 1, "cha": -1}
    ratings, problems = wodu.apply_ability_increases(6, start, {2: "STR", 4: "STR", 6: "DEX"})
    # The final ratings are reachable in another order; this plan is not.
    assert wodu.validate_sheet(6, "standard", ratings) == []
    assert problems == [
        "STR must be at most +3 at Level 4, got +4 with the +1 of Level 4 "
        "(2d10 WoDu Hack, Advancement)"
    ]


def test_apply_ability_increases_refuses_missing_choices_and_sheets() -> None:
    start = {"STR": 2, "DEX": 1, "WIT": 1, "CHA": -1}
    _, problems = wodu.apply_ability_increases(4, start, {2: "STR", 4: "LUCK"})
    assert problems == [
        "Level 4 adds +1 to one of STR, DEX, WIT or CHA (got 'LUCK') (2d10 WoDu Hack, Advancement)"
    ]
    with pytest.raises(ValueError, match=r"^The ratings are STR, DEX, WIT and CHA"):
        wodu.apply_ability_increases(2, {"STR": 2}, {2: "STR"})
    with pytest.raises(ValueError, match=r"^The level must be from 0 to 15, got"):
        wodu.apply_ability_increases(16, start, {})


def test_wodu_refusals_name_a_missing_value_instead_of_none() -> None:
    """Issue 27, item 7: "(got None)" reads badly; a missing value is said to be missing."""
    from rules_py.systems.wodu import _common

    with pytest.raises(ValueError) as missing:
        _common.require_int(None, "STR", "Ability Ratings")
    assert str(missing.value) == (
        "STR is missing: it must be a whole number (2d10 WoDu Hack, Ability Ratings)"
    )
    with pytest.raises(ValueError) as pace:
        wodu.xp_to_next_level(1, None)  # type: ignore[arg-type]
    assert "None" not in str(pace.value) and "it is missing" in str(pace.value)
