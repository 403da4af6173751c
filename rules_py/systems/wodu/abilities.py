"""The four abilities and the range of their ratings (2d10 WoDu Hack, Ability Ratings)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Ability:
    """One of the four abilities (2d10 WoDu Hack, Ability Ratings)."""

    name: str
    abbreviation: str
    covers: str


ABILITIES: Final[tuple[Ability, ...]] = (
    Ability("Strength", "STR", "Stamina, Brute Force, Close Combat"),
    Ability("Dexterity", "DEX", "Agility, Quick Precision, Ranged Combat"),
    Ability("Wits", "WIT", "Learning, Logic, Sensory Perception"),
    Ability("Charisma", "CHA", "Willpower, Confidence, Social Perception"),
)
"""The four abilities, in the source's order (2d10 WoDu Hack, Ability Ratings)."""

ABILITY_NAMES: Final[tuple[str, ...]] = tuple(a.abbreviation for a in ABILITIES)
"""``("STR", "DEX", "WIT", "CHA")``: the keys a character sheet uses."""

MIN_ABILITY: Final = -1
"""Lowest ability rating: the -1 of both starting arrays (Character Generation)."""
MAX_ABILITY: Final = 6
"""Highest ability rating: the "+1 (max 6)" increase at level 14 (Advancement)."""
