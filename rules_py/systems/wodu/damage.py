"""Weapon ratings (WR), their damage dice and hero-power bonuses (2d10 WoDu Hack,
Damage & Powers)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from rules_py.systems._params import out_of_range, refusal
from rules_py.systems.wodu._common import SYSTEM, dice_pairs, require_int, shift


@dataclass(frozen=True, slots=True)
class WeaponExample:
    """A row of the Damage & Powers table: an example and its damage."""

    rating: int
    example: str
    damage: str
    """Dice notation of the damage, e.g. ``"2d6kl1"``."""
    delivery: str
    """"melee", "ranged", "blast", "melee or ranged", or "" when not given."""
    hero_power: bool = False
    """True for the table's "Hero Power" rows (damage +1)."""


WEAPON_RATINGS: Final[Mapping[int, str]] = MappingProxyType(
    {0: "1", 1: "2d6kl1", 2: "d6", 3: "d10", 4: "2d10", 5: "3d10", 6: "4d10"}
)
"""Damage dice by weapon rating (WR), in Rollbook notation (Damage & Powers).

WR:0 deals a flat 1. WR 4-6 are given as the GM's option.
"""
PAIRED_WEAPON_RATINGS: Final[Mapping[int, str]] = MappingProxyType({3: "2d10kh1"})
"""Damage of paired weapons ("dual swords, twin pistols") at WR:3: 2d10, keep the
highest. The source lists them in the WR:3 group (its hero version is "3+1")."""
GM_OPTION_WEAPON_RATINGS: Final[tuple[int, ...]] = (4, 5, 6)
"""Weapon ratings the source offers as the GM's option."""
HERO_POWER_BONUSES: Final[tuple[int, ...]] = (1, 2, 3, 4)
"""Damage bonus of a hero power: +1, raised by Special Moves to at most +4
(the source writes "The max will be +4, I think"). Damage only, never to hit."""

_DAMAGE_DICE: Final[Mapping[str, tuple[int, int, str]]] = MappingProxyType(
    {
        "2d6kl1": (2, 6, "lowest"),
        "d6": (1, 6, "all"),
        "d10": (1, 10, "all"),
        "2d10kh1": (2, 10, "highest"),
        "2d10": (2, 10, "all"),
        "3d10": (3, 10, "all"),
        "4d10": (4, 10, "all"),
    }
)
"""Each damage notation as (dice, sides, which dice count) for the exact odds."""

WEAPON_EXAMPLES: Final[tuple[WeaponExample, ...]] = (
    WeaponExample(0, "—", "1", ""),
    WeaponExample(1, "Civilian punch (untrained)", "2d6kl1", ""),
    WeaponExample(2, "Baseball bat", "d6", "melee"),
    WeaponExample(2, "Chef's knife", "d6", "melee or ranged"),
    WeaponExample(3, "Fireaxe, katana", "d10", "melee"),
    WeaponExample(3, "Revolver", "d10", "ranged"),
    WeaponExample(3, "Shotgun", "d10", "blast"),
    WeaponExample(3, "Dual swords, twin pistols", "2d10kh1", ""),
    WeaponExample(3, "Optic Laser Beam (as revolver +1)", "d10+1", "ranged", True),
    WeaponExample(3, "Mutant Claws (as dual swords +1)", "2d10kh1+1", "melee", True),
    WeaponExample(4, "Sniper rifle", "2d10", "ranged"),
    WeaponExample(4, "Grenade", "2d10", "blast"),
    WeaponExample(5, "Helicopter minigun", "3d10", "blast"),
    WeaponExample(6, "C-4", "4d10", "blast"),
)
"""Every example of the Damage & Powers table, in the source's order."""


def _weapon_dice(weapon_rating: int, hero_power: int, paired: bool) -> str:
    weapon_rating = require_int(weapon_rating, "the weapon rating (WR)", "Damage & Powers")
    if weapon_rating not in WEAPON_RATINGS:
        raise ValueError(
            out_of_range(
                "the weapon rating",
                "from WR:0 to WR:6",
                f"WR:{weapon_rating}",
                f"{SYSTEM}, Damage & Powers",
            )
        )
    hero_power = require_int(hero_power, "the hero-power bonus", "Damage & Powers")
    if not 0 <= hero_power <= HERO_POWER_BONUSES[-1]:
        raise ValueError(
            out_of_range(
                "the hero-power bonus",
                f"from 0 to +{HERO_POWER_BONUSES[-1]}",
                hero_power,
                refusal("a hero power adds +1 to damage, upgraded", f"{SYSTEM}, Damage & Powers"),
            )
        )
    if not paired:
        return WEAPON_RATINGS[weapon_rating]
    if weapon_rating not in PAIRED_WEAPON_RATINGS:
        raise ValueError(
            refusal(
                "paired weapons (dual swords, twin pistols) "
                f"are listed at WR:3 only (got WR:{weapon_rating})",
                f"{SYSTEM}, Damage & Powers",
            )
        )
    return PAIRED_WEAPON_RATINGS[weapon_rating]


def damage_notation(weapon_rating: int, hero_power: int = 0, paired: bool = False) -> str:
    """Rollbook dice notation for a weapon's damage (2d10 WoDu Hack, Damage & Powers).

    ``hero_power`` is the hero power's damage bonus: 0 (none), or +1 raised by
    Special Moves up to +4. ``paired`` selects the WR:3 paired-weapon dice
    (dual swords, twin pistols: 2d10, keep the highest). E.g. WR:3 with a +1
    hero power is ``"d10+1"``; WR:0 with +2 is ``"3"``.
    """
    dice = _weapon_dice(weapon_rating, hero_power, paired)
    if dice not in _DAMAGE_DICE:
        return str(int(dice) + hero_power)
    return f"{dice}+{hero_power}" if hero_power else dice


def damage_distribution(
    weapon_rating: int, hero_power: int = 0, paired: bool = False
) -> dict[int, Fraction]:
    """Exact damage distribution of a weapon (2d10 WoDu Hack, Damage & Powers).

    WR:0 deals 1; WR:1 2d6 keep lowest; WR:2 d6; WR:3 d10 (paired: 2d10 keep
    highest); WR:4-6 (GM's option) 2d10, 3d10, 4d10. A hero power adds its bonus
    (+1 to +4) to damage only.
    """
    dice = _weapon_dice(weapon_rating, hero_power, paired)
    if dice not in _DAMAGE_DICE:
        return {int(dice) + hero_power: Fraction(1)}
    return shift(dice_pairs(*_DAMAGE_DICE[dice]), hero_power)
