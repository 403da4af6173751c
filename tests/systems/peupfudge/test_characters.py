"""Tests for rules_py.systems.peupfudge.characters (1 Characters, 1.1 Abilities)
against the numbers printed in Peupfudge (2022-08-19)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.systems import peupfudge as pf

# Section 1.1 / Appendix A level table.
SOURCE_LEVELS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
SOURCE_XP_COST = (0, 1, 2, 4, 8, 16, 32, 64, 128, 256)
SOURCE_TOTAL_XP = (0, 1, 3, 7, 15, 31, 63, 127, 255, 511)


# --------------------------------------------------------------------------
# Abilities and XP (section 1.1)
# --------------------------------------------------------------------------


def test_peupfudge_level_table_matches_source() -> None:
    rows = pf.xp_table(SOURCE_LEVELS)
    assert tuple(r.level for r in rows) == SOURCE_LEVELS
    assert tuple(r.xp_cost for r in rows) == SOURCE_XP_COST
    assert tuple(r.total_xp for r in rows) == SOURCE_TOTAL_XP


def test_peupfudge_level_cost_is_two_to_the_current_level() -> None:
    assert [pf.level_cost(lv) for lv in range(10)] == [2**lv for lv in range(10)]
    assert pf.level_cost(0) == 1
    assert pf.level_cost(6) == 64  # Example 1: 64 XP to go from 6 to 7
    assert pf.level_cost(7) == 2**7  # Example 5: the ant
    with pytest.raises(ValueError, match="0 or more"):
        pf.level_cost(-1)


@given(st.integers(min_value=0, max_value=40))
def test_peupfudge_totals_are_sums_of_costs(level: int) -> None:
    assert pf.total_xp(level) == sum(pf.level_cost(lv) for lv in range(level))
    assert pf.level_for_total_xp(pf.total_xp(level)) == pf.Allocation(
        level, 0, pf.level_cost(level)
    )


@given(
    st.integers(min_value=0, max_value=12),
    st.integers(min_value=0, max_value=5000),
    st.integers(min_value=0, max_value=5000),
)
def test_peupfudge_allocation_is_additive(level: int, first: int, second: int) -> None:
    once = pf.allocate_xp(first + second, level)
    partial = pf.allocate_xp(first, level)
    twice = pf.allocate_xp(second, partial.level, partial.progress)
    assert once == twice
    assert 0 <= once.progress < once.next_cost == 2**once.level
    assert once.spent == pf.total_xp(level) + first + second


def test_peupfudge_allocation_validation() -> None:
    with pytest.raises(ValueError, match="spent"):
        pf.allocate_xp(-1)
    with pytest.raises(ValueError, match=r"^Progress must be from 0 to 3 at level 2, got 4"):
        pf.allocate_xp(1, level=2, progress=4)
    with pytest.raises(ValueError, match=r"^Progress must be from 0 to 3 at level 2, got -1"):
        pf.allocate_xp(1, level=2, progress=-1)
    with pytest.raises(ValueError, match="level"):
        pf.allocate_xp(1, level=-1)


def test_xp_is_refused_for_a_level_past_the_tools_range() -> None:
    """The source sets no upper limit, but 2**level for an eleven-digit level takes gigabytes."""
    from rules_py.systems.peupfudge.characters import MAX_UNMODIFIED_LEVEL

    top = pf.allocate_xp(1, level=MAX_UNMODIFIED_LEVEL)
    assert top.next_cost == 2**MAX_UNMODIFIED_LEVEL
    for level in (MAX_UNMODIFIED_LEVEL + 1, 10**22):
        with pytest.raises(
            ValueError, match=rf"^The unmodified level must be from 0 to 40, got {level} "
        ):
            pf.allocate_xp(1, level=level)
    # XP that carries an ability past the limit is still counted.
    assert pf.allocate_xp(2**MAX_UNMODIFIED_LEVEL, level=MAX_UNMODIFIED_LEVEL).level == 41


def test_peupfudge_allocation_notation() -> None:
    assert str(pf.Allocation(4, 11, 16)) == "4 (+11/16)"
    assert str(pf.Allocation(5, 0, 32)) == "5"


# --------------------------------------------------------------------------
# Intrinsic aptitude
# --------------------------------------------------------------------------


def test_peupfudge_level_modifier_uses_unmodified_level_for_cost() -> None:
    hobbit = pf.ModifiedLevel(3, -1)
    assert hobbit.modified == 2
    assert str(hobbit) == "3 - 1 = 2"
    assert hobbit.next_cost == 8
    assert not hobbit.is_standard
    assert pf.ModifiedLevel(3).is_standard
    assert pf.modified_level(3, 2) == 5
    with pytest.raises(ValueError):
        pf.ModifiedLevel(-1, 0)


def test_peupfudge_xp_bonus_advances_as_usual() -> None:
    assert pf.apply_xp_bonus(7, 4, 4) == pf.allocate_xp(7, 4, 4)
    with pytest.raises(ValueError):
        pf.apply_xp_bonus(-1)
