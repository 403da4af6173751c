"""Tests for rules_py.systems.wodu.abilities against the "2d10 WoDu Hack" draft's
Ability Ratings."""

from __future__ import annotations

from rules_py.systems import wodu

# --------------------------------------------------------------------------
# Ability Ratings
# --------------------------------------------------------------------------


def test_wodu_four_abilities_in_source_order() -> None:
    assert wodu.ABILITY_NAMES == ("STR", "DEX", "WIT", "CHA")
    assert [a.name for a in wodu.ABILITIES] == ["Strength", "Dexterity", "Wits", "Charisma"]
    assert wodu.ABILITIES[2].covers == "Learning, Logic, Sensory Perception"
