"""Tests for rules_py.systems.wodu.damage against the "2d10 WoDu Hack" draft's Damage
& Powers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_py.systems import wodu
from tests.systems.wodu.helpers import (
    brute_force_check,
)

# --------------------------------------------------------------------------
# Damage & Powers
# --------------------------------------------------------------------------


def test_wodu_weapon_ratings_as_printed() -> None:
    assert dict(wodu.WEAPON_RATINGS) == {
        0: "1", 1: "2d6kl1", 2: "d6", 3: "d10", 4: "2d10", 5: "3d10", 6: "4d10",
    }  # fmt: skip
    assert dict(wodu.PAIRED_WEAPON_RATINGS) == {3: "2d10kh1"}
    assert wodu.HERO_POWER_BONUSES == (1, 2, 3, 4)
    by_example = {w.example: (w.rating, w.damage) for w in wodu.WEAPON_EXAMPLES}
    assert by_example["Civilian punch (untrained)"] == (1, "2d6kl1")
    assert by_example["Optic Laser Beam (as revolver +1)"] == (3, "d10+1")
    assert by_example["Mutant Claws (as dual swords +1)"] == (3, "2d10kh1+1")
    assert by_example["C-4"] == (6, "4d10")
    for w in wodu.WEAPON_EXAMPLES:
        paired = w.damage.startswith("2d10kh1")
        assert wodu.damage_notation(w.rating, int(w.hero_power), paired) == w.damage


@pytest.mark.parametrize("rating", range(7))
@pytest.mark.parametrize("hero", range(5))
def test_wodu_damage_distribution_sums_to_one(rating: int, hero: int) -> None:
    dist = wodu.damage_distribution(rating, hero)
    assert sum(dist.values()) == 1
    assert all(isinstance(p, Fraction) for p in dist.values())
    assert dist == {k + hero: p for k, p in wodu.damage_distribution(rating).items()}


def test_wodu_damage_dice_values() -> None:
    assert wodu.damage_distribution(0) == {1: Fraction(1)}
    assert wodu.damage_distribution(0, 2) == {3: Fraction(1)}
    assert wodu.damage_distribution(1) == {k: Fraction(13 - 2 * k, 36) for k in range(1, 7)}
    assert wodu.damage_distribution(2) == {k: Fraction(1, 6) for k in range(1, 7)}
    assert wodu.damage_distribution(3) == {k: Fraction(1, 10) for k in range(1, 11)}
    assert wodu.damage_distribution(3, 1) == {k: Fraction(1, 10) for k in range(2, 12)}
    assert wodu.damage_distribution(3, paired=True) == {
        k: Fraction(2 * k - 1, 100) for k in range(1, 11)
    }
    assert wodu.damage_distribution(4) == brute_force_check(0, False)
    means = {r: sum(k * p for k, p in wodu.damage_distribution(r).items()) for r in range(7)}
    assert means == {
        0: 1, 1: Fraction(91, 36), 2: Fraction(7, 2), 3: Fraction(11, 2), 4: 11,
        5: Fraction(33, 2), 6: 22,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((7, 0, False), "^The weapon rating must be from WR:0 to WR:6, got WR:"),
        ((-1, 0, False), "^The weapon rating must be from WR:0 to WR:6, got WR:"),
        ((3, 5, False), "^The hero-power bonus must be from 0 to \\+4, got 5"),
        ((3, -1, False), "^The hero-power bonus must be from 0 to \\+4, got -1"),
        ((2, 0, True), "listed at WR:3 only"),
    ],
)
def test_wodu_damage_validation(args: tuple[int, int, bool], message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        wodu.damage_distribution(*args)
    assert "2d10 WoDu Hack, Damage & Powers" in str(info.value)


def test_wodu_damage_notation_agrees_with_the_site_dice_engine() -> None:
    dice = pytest.importorskip("rules_py.dice")
    for rating in range(7):
        for hero in range(5):
            notation = wodu.damage_notation(rating, hero)
            assert dict(dice.distribution(notation)) == wodu.damage_distribution(rating, hero)
    notation = wodu.damage_notation(3, 2, paired=True)
    assert notation == "2d10kh1+2"
    assert dict(dice.distribution(notation)) == wodu.damage_distribution(3, 2, paired=True)
