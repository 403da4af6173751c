"""[2d6] Roleplaying System, combat: opposed rolls, margins, armour rerolls, aim, initiative.

Expected odds are counted here by walking every roll of the dice -- the
defender's first roll and, when armour allows, every reroll -- not with the
package's distributions.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py.systems.two_d6 import combat as k
from rules_py.systems.two_d6 import items

ROLLS = [sum(r) for r in product(range(1, 7), repeat=2)]
REROLLS = {"none": (), "light": (2,), "medium": (2, 3), "heavy": (2, 3, 4)}


def defence_rolls(armour: str, proficient: bool) -> dict[int, Fraction]:
    """Every path of the defender's dice, gathered by the natural kept."""
    faces = REROLLS[armour]
    if armour in ("medium", "heavy") and not proficient:
        faces = (2,)
    out: dict[int, Fraction] = {}
    for first in ROLLS:
        for second in ROLLS:
            kept = second if first in faces else first
            out[kept] = out.get(kept, Fraction(0)) + Fraction(1, 36 * 36)
    return out


def attack_rolls(aim: bool) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for a, b in product(ROLLS, repeat=2):
        kept = max(a, b) if aim else a
        out[kept] = out.get(kept, Fraction(0)) + Fraction(1, 36 * 36)
    return out


def brute(
    attack: int, defend: int, armour: str = "none", proficient: bool = False, aim: bool = False
) -> dict[str, Fraction]:
    out = dict.fromkeys(["defender", "margin_1", "margin_5", "margin_10", "by_5"], Fraction(0))
    for a, pa in attack_rolls(aim).items():
        for d, pd in defence_rolls(armour, proficient).items():
            margin = (a + attack) - (d + defend)
            key = (
                "defender"
                if margin <= 0
                else "margin_1"
                if margin <= 4
                else "margin_5"
                if margin <= 9
                else "margin_10"
            )
            out[key] += pa * pd
            if margin <= -5:
                out["by_5"] += pa * pd
    return out


def test_two_d6_combat_example_eleven_against_nine() -> None:
    # Attacker 2d6 + 2 + 2 rolling the average 7 is 11; the defender 2d6 + 1 + 1 is 9.
    roll = k.CombatRoll(((3, 4),), ((2, 5),), 7, 7, 2 + 2, 1 + 1)
    assert (roll.attack_total, roll.defence_total) == (11, 9)
    assert roll.margin == 2 and roll.band == "margin_1"
    assert roll.options == (("margin_1", k.MARGIN_OPTIONS["margin_1"]),)
    assert "Deal one wound" in k.MARGIN_OPTIONS["margin_1"]
    assert roll.text == "attack 7 + 4 = 11 vs defence 7 + 2 = 9: the attacker wins by 2"
    odds = k.combat_odds(4, 2)
    assert odds.margins[2] == Fraction(73, 648)
    assert odds.outcomes() == {key: value for key, value in brute(4, 2).items() if key != "by_5"}


@pytest.mark.parametrize("armour", ["none", "light", "medium", "heavy"])
@pytest.mark.parametrize("proficient", [False, True])
@pytest.mark.parametrize("aim", [False, True])
@pytest.mark.parametrize(("attack", "defend"), [(4, 2), (0, 10), (10, 0), (5, 5)])
def test_two_d6_combat_counts_every_roll(
    armour: str, proficient: bool, aim: bool, attack: int, defend: int
) -> None:
    expected = brute(attack, defend, armour, proficient, aim)
    odds = k.combat_odds(attack, defend, armour, proficient, aim)
    assert odds.outcomes() == {key: expected[key] for key in k.BANDS}
    assert odds.defender_by_5 == expected["by_5"]
    assert sum(odds.margins.values()) == 1


def test_two_d6_ties_go_to_the_defender() -> None:
    roll = k.CombatRoll(((3, 3),), ((4, 4),), 6, 8, 2, 0)
    assert roll.margin == 0 and roll.band == "defender"
    assert "tie, the defender wins" in roll.text
    assert k.band(0) == "defender"


def test_two_d6_margin_bands_are_exclusive() -> None:
    assert [k.band(m) for m in (-3, 0, 1, 4, 5, 9, 10, 22)] == [
        "defender",
        "defender",
        "margin_1",
        "margin_1",
        "margin_5",
        "margin_5",
        "margin_10",
        "margin_10",
    ]
    assert [b for b, _ in k.options_unlocked(12)] == ["margin_1", "margin_5", "margin_10"]
    assert k.options_unlocked(0) == ()
    assert k.WOUNDS_BY_BAND == {"defender": 0, "margin_1": 1, "margin_5": 2, "margin_10": 3}


def test_two_d6_wound_split_example() -> None:
    # Beating the defence by 6 deals two wounds: two to the defender, two to the
    # armour, or one to each.
    assert k.band(6) == "margin_5"
    assert set(k.wound_splits(k.WOUNDS_BY_BAND["margin_5"])) == {(2, 0), (0, 2), (1, 1)}


def test_two_d6_armour_rerolls() -> None:
    assert items.reroll_faces("light") == (2,)
    assert items.reroll_faces("medium", proficient=True) == (2, 3)
    assert items.reroll_faces("heavy", proficient=True) == (2, 3, 4)
    assert items.reroll_faces("heavy") == items.reroll_faces("medium") == (2,)
    light = k.defence_naturals("light")
    assert light[2] == Fraction(1, 36 * 36)
    assert light[7] == Fraction(6, 36) + Fraction(1, 36) * Fraction(6, 36)
    with pytest.raises(ValueError, match="Armor"):
        k.defence_naturals("chainmail")


def test_two_d6_armour_classes() -> None:
    worn = items.ARMOURS
    assert [worn[n].dc_steps for n in ("light", "medium", "heavy")] == [1, 2, 3]
    # Legendary is impossible in light armour, Exceptional up in medium, Professional up in heavy.
    assert [worn[n].impossible_from for n in ("none", "light", "medium", "heavy")] == [
        None,
        17,
        15,
        13,
    ]
    assert [worn[n].item for n in ("light", "medium", "heavy")] == ["mundane", "special", "special"]
    assert items.armour_dc_steps("light", armored_acrobat=True) == 0
    assert items.armour_dc_steps("heavy", armored_acrobat=True) == 3
    assert items.armour(" Heavy ").name == "heavy"


def test_two_d6_cinematic_of_each_side() -> None:
    odds = k.combat_odds(3, 3, "heavy", proficient=True, aim=True)
    assert odds.attacker_cinematic == Fraction(71, 1296)
    assert odds.defender_cinematic == Fraction(1, 36) * (1 + Fraction(6, 36))
    assert k.combat_odds(3, 3).defender_cinematic == Fraction(1, 36)


def test_two_d6_roll_combat_follows_the_dice() -> None:
    seen_reroll = False
    for seed in range(400):
        r = k.roll_combat(3, 2, "heavy", proficient=True, aim=True, rng=random.Random(seed))
        assert len(r.attack_dice) == 2
        assert r.attack_natural == max(sum(d) for d in r.attack_dice)
        assert r.defence_natural == sum(r.defence_dice[-1])
        assert (len(r.defence_dice) == 2) == (sum(r.defence_dice[0]) in (2, 3, 4))
        seen_reroll |= len(r.defence_dice) == 2
        if r.vicious_parry:
            assert "by 5 or more" in r.text
    assert seen_reroll


# --------------------------------------------------------------------------
# Initiative
# --------------------------------------------------------------------------


def two_way(a: int, b: int) -> Fraction:
    """A acts first: wins outright, or ties and wins the rerolls (a geometric series)."""
    win = Fraction(sum(1 for x, y in product(ROLLS, repeat=2) if x + a > y + b), 1296)
    tie = Fraction(sum(1 for x, y in product(ROLLS, repeat=2) if x + a == y + b), 1296)
    return win / (1 - tie)


@pytest.mark.parametrize(("a", "b"), [(0, 0), (3, 1), (0, 10), (5, 4)])
def test_two_d6_initiative_two_characters(a: int, b: int) -> None:
    first = k.initiative_first([a, b])
    assert first == (two_way(a, b), two_way(b, a))
    assert sum(first) == 1


def test_two_d6_initiative_three_characters_by_first_step() -> None:
    # Condition on the first roll-off only, settling two-way ties with two_way().
    bonuses = (2, 0, 4)
    direct = [Fraction(0)] * 3
    all_tie = Fraction(0)
    ways = Counter(ROLLS)  # each natural with its number of rolls
    for rolls in product(ways, repeat=3):
        totals = [r + b for r, b in zip(rolls, bonuses, strict=True)]
        top = max(totals)
        tied = [i for i, t in enumerate(totals) if t == top]
        p = Fraction(ways[rolls[0]] * ways[rolls[1]] * ways[rolls[2]], 36**3)
        if len(tied) == 1:
            direct[tied[0]] += p
        elif len(tied) == 2:
            i, j = tied
            direct[i] += p * two_way(bonuses[i], bonuses[j])
            direct[j] += p * two_way(bonuses[j], bonuses[i])
        else:
            all_tie += p
    assert k.initiative_first(bonuses) == tuple(d / (1 - all_tie) for d in direct)


def test_two_d6_initiative_equal_bonuses_are_fair_and_parties_are_limited() -> None:
    assert k.initiative_first([2] * 5) == (Fraction(1, 5),) * 5
    with pytest.raises(ValueError, match="Initiative"):
        k.initiative_first([1] * (k.MAX_PARTY + 1))
    with pytest.raises(ValueError, match="Initiative"):
        k.initiative_first([])


def test_two_d6_roll_initiative_settles_every_tie() -> None:
    for seed in range(200):
        r = k.roll_initiative([1, 1, 1, 0], random.Random(seed))
        assert sorted(r.order) == [0, 1, 2, 3]
        first = r.rounds[0]
        assert set(first) == {0, 1, 2, 3}
        # Anyone strictly ahead in the first roll-off acts before those behind.
        for i in first:
            for j in first:
                if first[i] > first[j]:
                    assert r.order.index(i) < r.order.index(j)


def test_two_d6_a_gms_table_rolls_an_order_of_a_hundred_and_the_calculator_six() -> None:
    # The GM's table rolls a whole fight (a party and its NPCs); the exact chances of
    # the rules pages' calculator stay at six characters.
    bonuses = [n % 11 for n in range(k.MAX_TABLE_ORDER)]
    r = k.roll_initiative(bonuses, random.Random(3), k.MAX_TABLE_ORDER)
    assert sorted(r.order) == list(range(k.MAX_TABLE_ORDER))
    with pytest.raises(ValueError, match="1 to 100 characters"):
        k.roll_initiative([0] * (k.MAX_TABLE_ORDER + 1), random.Random(3), k.MAX_TABLE_ORDER)
    with pytest.raises(ValueError, match="1 to 6 characters"):
        k.roll_initiative([0] * (k.MAX_PARTY + 1), random.Random(3))


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10),
    st.integers(0, 10),
    st.sampled_from(items.ARMOUR_NAMES),
    st.booleans(),
    st.booleans(),
)
def test_two_d6_bands_partition_every_exchange(
    attack: int, defend: int, armour: str, proficient: bool, aim: bool
) -> None:
    odds = k.combat_odds(attack, defend, armour, proficient, aim)
    assert sum(odds.outcomes().values()) == 1
    assert odds.defender_by_5 <= odds.defender


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10), st.integers(0, 10), st.sampled_from(["light", "medium", "heavy"]))
def test_two_d6_armour_and_aim_help_their_side(attack: int, defend: int, armour: str) -> None:
    bare = k.combat_odds(attack, defend)
    worn = k.combat_odds(attack, defend, armour, proficient=True)
    aimed = k.combat_odds(attack, defend, aim=True)
    assert worn.defender >= bare.defender
    assert aimed.defender <= bare.defender
    unskilled = k.combat_odds(attack, defend, armour, proficient=False)
    assert unskilled.outcomes() == k.combat_odds(attack, defend, "light").outcomes()


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 10), min_size=1, max_size=4))
def test_two_d6_initiative_chances_add_to_one(bonuses: list[int]) -> None:
    first = k.initiative_first(bonuses)
    assert sum(first) == 1
    for i, j in product(range(len(bonuses)), repeat=2):
        if bonuses[i] > bonuses[j]:
            assert first[i] > first[j]
