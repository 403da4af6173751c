"""Rules of The D10/0 System (system reference guide, CC BY 3.0 Unported).

A roll-under d10/d100 system. One module per chapter of the source:

* :mod:`~rules_py.systems.d10_0.checks` -- Actions: checks, degrees and the
  Degree Information table, overflow, conflicting, cooperative and cumulative
  effort.
* :mod:`~rules_py.systems.d10_0.damage` -- DAT: damage notation with prefixes
  and limits, damage overflow, flat and repeating adjustments.
* :mod:`~rules_py.systems.d10_0.bursts` -- DAT, Advanced Simulations: the block
  template and its four blocks.
* :mod:`~rules_py.systems.d10_0.skills` -- Skills: roots, circled attributes,
  Base/Adjust/Total, the exchange rate, branches.
* :mod:`~rules_py.systems.d10_0.character` -- Attributes, Health, Action Quota
  and timing, Progression Points.
* :mod:`~rules_py.systems.d10_0.builder` -- the build process as one checked
  sheet.
* :mod:`~rules_py.systems.d10_0.timing` -- Action Quota and Timing: the
  initiative order and its tie checks.

Probabilities are exact :class:`fractions.Fraction` values; nothing here
imports icepool. Each module states the readings it makes where the source is
ambiguous. This package answers ``rules-py check d10-0`` and ``rules-py calc
d10-0`` (:data:`CHECK_HELP`, :data:`CALC_HELP`).
"""

from rules_py.systems.d10_0._command import CALC_HELP, CHECK_HELP, calc, check
from rules_py.systems.d10_0.builder import (
    CharacterInput,
    CharacterSheet,
    Purchase,
    build_character,
)
from rules_py.systems.d10_0.bursts import (
    BLOCKS,
    Block,
    SpreadStep,
    block,
    block_damage_distribution,
    hits_distribution,
    shots_fired,
    spread_step,
    step_chances,
)
from rules_py.systems.d10_0.character import (
    ATTRIBUTE_NAMES,
    ATTRIBUTES,
    action_quota,
    health_increase,
    health_state,
    normal_health,
    recovery_per_day,
)
from rules_py.systems.d10_0.checks import (
    DEGREE_TABLE,
    CheckChances,
    CheckRoll,
    DegreeBand,
    check_chances,
    check_outcomes,
    conflict_outcomes,
    cooperation_distribution,
    cooperation_outcomes,
    cumulative_chances,
    degree_bands,
    degree_distribution,
    degree_name,
    degree_names,
    difficulty_name,
    effort_distribution,
    named_degree_distribution,
    parse_difficulty,
    read_dice,
    read_from_zero,
    roll_check,
)
from rules_py.systems.d10_0.damage import (
    DAMAGE_EXAMPLES,
    Adjustment,
    DamageError,
    DamageNotation,
    adjust_damage,
    adjust_distribution,
    adjustment_steps,
    damage_distribution,
    damage_mean,
    damage_range,
    parse_adjustments,
    parse_damage,
    roll_damage,
)
from rules_py.systems.d10_0.skills import (
    ROOT_SKILLS,
    SkillTree,
    adjust_cost,
    increment_cost,
    skill_base,
)

SYSTEM_NAME = "d10-0"
"""The command line's name for this system."""

__all__ = [
    "ATTRIBUTES",
    "ATTRIBUTE_NAMES",
    "BLOCKS",
    "CALC_HELP",
    "CHECK_HELP",
    "DAMAGE_EXAMPLES",
    "DEGREE_TABLE",
    "ROOT_SKILLS",
    "SYSTEM_NAME",
    "Adjustment",
    "Block",
    "CharacterInput",
    "CharacterSheet",
    "CheckChances",
    "CheckRoll",
    "DamageError",
    "DamageNotation",
    "DegreeBand",
    "Purchase",
    "SkillTree",
    "SpreadStep",
    "action_quota",
    "adjust_cost",
    "adjust_damage",
    "adjust_distribution",
    "adjustment_steps",
    "block",
    "block_damage_distribution",
    "build_character",
    "calc",
    "check",
    "check_chances",
    "check_outcomes",
    "conflict_outcomes",
    "cooperation_distribution",
    "cooperation_outcomes",
    "cumulative_chances",
    "damage_distribution",
    "damage_mean",
    "damage_range",
    "degree_bands",
    "degree_distribution",
    "degree_name",
    "degree_names",
    "difficulty_name",
    "effort_distribution",
    "health_increase",
    "health_state",
    "hits_distribution",
    "increment_cost",
    "named_degree_distribution",
    "normal_health",
    "parse_adjustments",
    "parse_damage",
    "parse_difficulty",
    "read_dice",
    "read_from_zero",
    "recovery_per_day",
    "roll_check",
    "roll_damage",
    "shots_fired",
    "skill_base",
    "spread_step",
    "step_chances",
]
