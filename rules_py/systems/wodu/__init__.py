"""Rules of the "2d10 WoDu Hack" (working title), by J.E. Abernathy.

A light, unfinished fan hack of World of Dungeons and KULT, for personal use:
checks of 2d10 + ability against a difficulty rating or a fuzzy range, weapon
damage, initiative, and levelled characters. One module per chapter of the
source:

* :mod:`~rules_py.systems.wodu.abilities` -- Ability Ratings: the four
  abilities, each rated from -1 to +6.
* :mod:`~rules_py.systems.wodu.checks` -- Core Resolution and Background: roll
  2d10 + ability against a difficulty rating (DR) or a fuzzy range (FR); a
  Background adds a third d10 and keeps the highest two.
* :mod:`~rules_py.systems.wodu.odds` -- Odds Comparison: the source's 2d10
  versus d20 tables.
* :mod:`~rules_py.systems.wodu.character` -- Character Generation and
  Advancement: starting ratings, the level 0-15 table, Max HP, XP costs, a
  sheet's checks.
* :mod:`~rules_py.systems.wodu.damage` -- Damage & Powers: weapon ratings (WR)
  and hero-power bonuses.
* :mod:`~rules_py.systems.wodu.initiative` -- Initiative: the GM's d6 for the
  enemies, each player's DEX roll and the fight's order they make.

Exact probabilities are :class:`fractions.Fraction`. icepool is imported lazily,
inside the functions that compute distributions, so importing this package stays
cheap in the browser.

Where the draft is unclear, the reading used here is stated in the docstring of
the value or function concerned (and in a "Source note" on the rules pages).
This package answers ``rules-py check wodu`` and ``rules-py calc wodu``
(:data:`CHECK_HELP`, :data:`CALC_HELP`).
"""

from rules_py.systems.wodu._command import CALC_HELP, CHECK_HELP, calc, check
from rules_py.systems.wodu._common import SYSTEM
from rules_py.systems.wodu.abilities import (
    ABILITIES,
    ABILITY_NAMES,
    MAX_ABILITY,
    MIN_ABILITY,
    Ability,
)
from rules_py.systems.wodu.character import (
    ABILITY_INCREASE_LEVELS,
    ADVANCEMENT,
    AVERAGE_XP_PER_SESSION,
    CHAPTER_BONUS_XP,
    GRITTY_STARTING_RATINGS,
    GROUP_XP_PER_SESSION,
    INDIVIDUAL_XP_PER_SESSION,
    MAX_LEVEL,
    SOURCE_LEVEL_0_TOTAL,
    STANDARD_STARTING_RATINGS,
    STARTING_LEVEL,
    TIERS,
    XP_PER_LEVEL,
    AdvancementRow,
    Pace,
    Start,
    Tier,
    advancement_row,
    apply_ability_increases,
    estimated_sessions,
    max_hp,
    tier_for_level,
    validate_sheet,
    xp_between_levels,
    xp_to_next_level,
)
from rules_py.systems.wodu.checks import (
    ALTERNATE_DIFFICULTY_RATINGS,
    ALTERNATE_FUZZY_RANGES,
    BACKGROUND_CHECK_DICE,
    CHECK_DICE,
    DEFAULT_DR,
    DEFAULT_FR,
    DIFFICULTY_RATINGS,
    FUZZY_RANGE_WIDTH,
    FUZZY_RANGES,
    check_roll_distribution,
    dr_outcomes,
    fr_outcomes,
    probability_at_least,
)
from rules_py.systems.wodu.damage import (
    GM_OPTION_WEAPON_RATINGS,
    HERO_POWER_BONUSES,
    PAIRED_WEAPON_RATINGS,
    WEAPON_EXAMPLES,
    WEAPON_RATINGS,
    WeaponExample,
    damage_distribution,
    damage_notation,
)
from rules_py.systems.wodu.initiative import (
    GM_INITIATIVE_DIE,
    GM_INITIATIVE_MODIFIERS,
    GM_SURPRISED_HIGHEST,
    INITIATIVE_BANDS,
    InitiativeBand,
    PlayerInitiativeBand,
    Spotlight,
    gm_initiative_band,
    gm_initiative_distribution,
    gm_initiative_outcomes,
    initiative_band,
    initiative_outcomes,
    spotlight_order,
)
from rules_py.systems.wodu.odds import at_least_table, d20_comparison_distribution

SYSTEM_NAME = "wodu"
"""The command line's name for this system."""

__all__ = [
    "ABILITIES",
    "ABILITY_INCREASE_LEVELS",
    "ABILITY_NAMES",
    "ADVANCEMENT",
    "ALTERNATE_DIFFICULTY_RATINGS",
    "ALTERNATE_FUZZY_RANGES",
    "AVERAGE_XP_PER_SESSION",
    "BACKGROUND_CHECK_DICE",
    "CALC_HELP",
    "CHAPTER_BONUS_XP",
    "CHECK_DICE",
    "CHECK_HELP",
    "DEFAULT_DR",
    "DEFAULT_FR",
    "DIFFICULTY_RATINGS",
    "FUZZY_RANGES",
    "FUZZY_RANGE_WIDTH",
    "GM_INITIATIVE_DIE",
    "GM_INITIATIVE_MODIFIERS",
    "GM_OPTION_WEAPON_RATINGS",
    "GM_SURPRISED_HIGHEST",
    "GRITTY_STARTING_RATINGS",
    "GROUP_XP_PER_SESSION",
    "HERO_POWER_BONUSES",
    "INDIVIDUAL_XP_PER_SESSION",
    "INITIATIVE_BANDS",
    "MAX_ABILITY",
    "MAX_LEVEL",
    "MIN_ABILITY",
    "PAIRED_WEAPON_RATINGS",
    "SOURCE_LEVEL_0_TOTAL",
    "STANDARD_STARTING_RATINGS",
    "STARTING_LEVEL",
    "SYSTEM",
    "SYSTEM_NAME",
    "TIERS",
    "WEAPON_EXAMPLES",
    "WEAPON_RATINGS",
    "XP_PER_LEVEL",
    "Ability",
    "AdvancementRow",
    "InitiativeBand",
    "Pace",
    "PlayerInitiativeBand",
    "Spotlight",
    "Start",
    "Tier",
    "WeaponExample",
    "advancement_row",
    "apply_ability_increases",
    "at_least_table",
    "calc",
    "check",
    "check_roll_distribution",
    "d20_comparison_distribution",
    "damage_distribution",
    "damage_notation",
    "dr_outcomes",
    "estimated_sessions",
    "fr_outcomes",
    "gm_initiative_band",
    "gm_initiative_distribution",
    "gm_initiative_outcomes",
    "initiative_band",
    "initiative_outcomes",
    "max_hp",
    "probability_at_least",
    "spotlight_order",
    "tier_for_level",
    "validate_sheet",
    "xp_between_levels",
    "xp_to_next_level",
]
