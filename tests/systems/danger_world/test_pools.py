"""Danger World pools: sets, outcomes, botches, danger and threat dice, the courtyard example."""

from __future__ import annotations

import random

import pytest

from rules_py.systems.danger_world import pools as pl
from rules_py.systems.danger_world import rerolls as rr
from rules_py.systems.danger_world.pools import Die


def n(face: int) -> Die:
    return Die(face)


def dz(face: int) -> Die:
    return Die(face, "danger")


def th(face: int) -> Die:
    return Die(face, "threat")


def test_danger_world_difficulties_name_their_accomplishments() -> None:
    assert dict(pl.DIFFICULTIES) == {
        2: "minor",
        3: "meaningful",
        4: "significant",
        5: "major",
        6: "monumental",
    }
    assert pl.difficulty_name(4) == "significant"
    with pytest.raises(
        ValueError,
        match=r"^A difficulty must be from 2 to 6, got .* \(Danger World, Dice Mechanics\)",
    ):
        pl.difficulty_name(7)


def test_danger_world_sets_need_h_dice_showing_h() -> None:
    assert pl.available_sets([2, 2, 3, 3, 3, 1]) == (3, 2)
    assert pl.available_sets([3, 3, 3, 3, 3]) == (3,)  # more than h still one set of h
    assert pl.available_sets([4, 4, 4, 5, 5, 5, 5]) == ()
    assert pl.available_sets([1, 1, 1]) == ()  # sets are 2 to 6 high
    assert pl.available_sets([th(3), th(3), n(3)]) == ()  # threat dice never set
    assert pl.available_sets([dz(2), n(2)]) == (2,)


def test_danger_world_outcomes_success_partial_failure_and_bonus_dice() -> None:
    roll = [5, 5, 5, 5, 5, 2, 2, 1]
    success = pl.outcome(roll, 3, 5)
    assert (success.result, success.bonus_dice) == ("success", 2)  # height - difficulty
    partial = pl.outcome(roll, 3, 2)
    assert (partial.result, partial.bonus_dice) == ("partial", 2)  # a lower set: its height
    failure = pl.outcome(roll, 3, None)
    assert (failure.result, failure.bonus_dice) == ("failure", 0)
    assert [o.height for o in pl.outcomes(roll, 3)] == [5, 2, None]
    assert pl.outcome([6] * 6, 6, 6).bonus_dice == 0
    with pytest.raises(ValueError, match=r"^A set of height 4 needs 4 dice"):
        pl.outcome(roll, 3, 4)


def test_danger_world_modified_difficulties_one_and_seven() -> None:
    assert pl.outcome([2, 2], 1, 2).result == "success"
    assert pl.outcome([2, 2], 1, 2).bonus_dice == 0  # 1 behaves as 2
    assert pl.outcome([6] * 6, 7, 6).result == "partial"  # 7 cannot succeed
    assert pl.outcome([6] * 6, 7, 6).bonus_dice == 6
    assert not pl.succeeds([6] * 6, 7)
    assert pl.effective_difficulty(1) == 2 and pl.effective_difficulty(7) is None
    assert pl.modified_difficulty(4, helping=1) == 3
    assert pl.modified_difficulty(6, hindering=1) == 7
    assert pl.modified_difficulty(2, helping=1) == 1
    with pytest.raises(
        ValueError, match=r"^Difficulty 2 with 2 helping .* \(Danger World, Challenges\)$"
    ):
        pl.modified_difficulty(2, helping=2)


# --------------------------------------------------------------------------
# Botches on worked pools
# --------------------------------------------------------------------------


def test_danger_world_each_one_is_a_botch_once() -> None:
    # Set of 3 used: the 1 is below the set too, but botches once; the 2 botches.
    o = pl.outcome([1, 2, 3, 3, 3, 4], 3, 3)
    assert o.botches == pl.Botches(normal=2, danger=0, threat=0)
    # No set: only 1s botch, the 2 does not.
    assert pl.outcome([1, 2, 3, 3, 3, 4], 3, None).botches.total == 1


def test_danger_world_dice_below_the_used_set_botch_by_kind() -> None:
    roll = [n(5), n(5), n(5), n(5), dz(5), n(4), dz(2), n(6), dz(1)]
    o = pl.outcome(roll, 4, 5)
    assert o.botches == pl.Botches(normal=1, danger=2, threat=0)
    assert o.botches.total == 3
    assert o.danger_change == 1  # five 5s needed: four normal and the danger 5
    assert o.set_dice == (0, 1, 2, 3, 4)


def test_danger_world_normal_dice_form_the_set_before_danger_dice() -> None:
    roll = [dz(3), n(3), dz(3), n(3), n(3), n(1)]
    o = pl.outcome(roll, 3, 3)
    assert o.danger_change == 0
    assert o.set_dice == (1, 3, 4)
    two_danger = pl.outcome([dz(3), n(3), dz(3)], 3, 3)
    assert two_danger.danger_change == 2
    # A danger die not in the set raises nothing, but botches below the set as normal.
    low = pl.outcome([n(4), n(4), n(4), n(4), dz(2)], 4, 4)
    assert (low.danger_change, low.botches.danger) == (0, 1)


def test_danger_world_threat_dice_botch_at_the_set_height_or_below() -> None:
    roll = [n(4), n(4), n(4), n(4), th(4), th(3), th(5), th(1), n(6)]
    o = pl.outcome(roll, 4, 4)
    assert o.botches == pl.Botches(normal=0, danger=0, threat=3)  # 4, 3 and 1; not the 5
    # With no set, threat dice botch on 1 only.
    assert pl.outcome(roll, 4, None).botches == pl.Botches(0, 0, 1)
    # Threat dice showing the set's height are not part of it.
    assert pl.outcome(roll, 4, 4).set_dice == (0, 1, 2, 3)


def test_danger_world_courtyard_example() -> None:
    """Dice Mechanics: sneaking past skilled guards, a difficulty-4 check, 3 botches."""
    difficulty = 4
    assert pl.DIFFICULTIES[difficulty] == "significant"
    succeeded = pl.outcome([4, 4, 4, 4, 1, 2, 3], difficulty, 4)
    failed = pl.outcome([1, 1, 1, 5, 6, 6], difficulty, None)
    assert succeeded.result == "success" and failed.result == "failure"
    assert succeeded.botches.total == failed.botches.total == 3
    # The GM spends the 3 botches on a cost-3 setback, which a difficulty-3 check overcomes:
    # escaping the trap before the courtyard can be tried again, or a final check.
    setback = pl.gm_option(3)
    assert setback.narrative == "meaningful consequence"
    assert pl.setback_difficulty(3) == 3
    assert pl.DIFFICULTIES[pl.setback_difficulty(3)] == "meaningful"


def test_danger_world_gm_options_table() -> None:
    assert [o.cost for o in pl.GM_OPTIONS] == [1, 2, 3, 4, 5, 6]
    assert pl.gm_option(1).mechanical == (
        "the character's danger level is increased by one",
        "add a threat die to a challenge",
    )
    assert [o.mechanical for o in pl.GM_OPTIONS[1:]] == [
        ("reduced hit against PC",),
        (),
        ("full hit against PC",),
        (),
        ("overload hit against PC",),
    ]
    with pytest.raises(
        ValueError,
        match=r"^A setback's cost must be from 1 to 6, got .* \(Danger World, GM Options\)",
    ):
        pl.gm_option(7)


# --------------------------------------------------------------------------
# Rolling
# --------------------------------------------------------------------------


def test_danger_world_roll_pool_and_two_reroll_rounds() -> None:
    rng = random.Random(11)
    roll = pl.roll_pool(4, danger=2, threat=1, rng=rng)
    assert [d.kind for d in roll] == ["normal"] * 4 + ["danger"] * 2 + ["threat"]
    assert all(1 <= d.face <= 6 for d in roll)
    first = pl.reroll(roll, [0, 4], rng)
    assert first[1:4] == roll[1:4] and first[5:] == roll[5:]
    assert [d.kind for d in first] == [d.kind for d in roll]
    second = pl.reroll(first, [0, 1], rng)  # a die rerolled in round one may go again
    assert second[2:] == first[2:]
    with pytest.raises(ValueError, match="position 6 is a threat die"):
        pl.reroll(roll, [6], rng)
    with pytest.raises(ValueError, match="at most 24 dice"):
        pl.roll_pool(20, danger=3, threat=2)


def test_danger_world_rolled_faces_are_uniform() -> None:
    rng = random.Random(5)
    counts = [0] * 6
    for _ in range(600):
        for die in pl.roll_pool(5, rng=rng):
            counts[die.face - 1] += 1
    assert all(400 < c < 600 for c in counts)


def test_danger_world_die_refusals() -> None:
    with pytest.raises(
        ValueError,
        match=r"^A die's face must be from 1 to 6, got 0 \(Danger World, Dice Mechanics\)",
    ):
        Die(0)
    with pytest.raises(ValueError, match=r"^A die is normal, danger or threat"):
        Die(3, "bonus")  # type: ignore[arg-type]


def test_danger_world_threat_dice_do_not_change_the_odds_of_a_rolled_pool() -> None:
    roll = [n(2), n(5), dz(6), n(1)]
    for difficulty in range(2, 7):
        base = rr.best_chance(roll, difficulty, 2)
        assert rr.best_chance([*roll, th(2), th(2)], difficulty, 2) == base


def test_only_a_narrative_setback_is_overcome_by_a_check() -> None:
    # Issue 27, item 7: the height of the check a setback typically calls for
    assert [pl.overcoming_difficulty(c, mechanical=False) for c in range(2, 7)] == [2, 3, 4, 5, 6]
    assert {pl.overcoming_difficulty(c, mechanical=True) for c in range(1, 7)} == {None}
