"""Rules of Peupfudge (draft of August 19, 2022), a generic Fudge-dice framework.

Everything here is pure Python and exact: probabilities are
:class:`fractions.Fraction` values computed by enumeration, never floats or
simulation. Values are immutable (frozen dataclasses and tuples). One module
per chapter of the source:

* :mod:`~rules_py.systems.peupfudge.dice` -- Introduction: fudge dice; a die
  shows -1, 0 or +1 with equal chances and ``NdF`` is the sum of ``N`` of them.
* :mod:`~rules_py.systems.peupfudge.characters` -- 1 Characters and
  1.1 Abilities: traits, levels and their XP cost (``2 ** level``), XP
  allocated partially and recorded as progress, intrinsic aptitude (an XP
  bonus or a level modifier).
* :mod:`~rules_py.systems.peupfudge.actions` -- 2 Actions: success when
  ``L + A + R >= D`` with ``R = 4dF`` by default, relative performance; opposed
  actions with ``R = 3dF`` by default, equal totals a tie.
* :mod:`~rules_py.systems.peupfudge.reference` -- Appendix A Reference Sheet
  and Appendix D Probability Reference: ``P(NdF >= D)`` for ``N = 1..9`` and
  ``D = -5..5``.

The tools accept 1dF to 9dF (:data:`MIN_DICE`, :data:`MAX_DICE`), a tool
limit, not a rule. This package answers ``rules-py check peupfudge`` (an
action or a two-sided opposed action) and ``rules-py calc peupfudge`` (an XP
allocation) (:data:`CHECK_HELP`, :data:`CALC_HELP`).

icepool is never imported at module level (import time matters in the
browser); the exact arithmetic here does not need it.
"""

from rules_py.systems.peupfudge._command import CALC_HELP, CHECK_HELP, calc, check
from rules_py.systems.peupfudge._common import MAX_DICE, MIN_DICE
from rules_py.systems.peupfudge.actions import (
    DEFAULT_ACTION_DICE,
    DEFAULT_OPPOSED_DICE,
    OpposedOutcomes,
    action_outcomes,
    action_succeeds,
    minimum_roll,
    opposed_outcomes,
    opposed_top,
    opposed_vs,
    relative_performance,
    relative_performance_distribution,
    success_chance,
)
from rules_py.systems.peupfudge.characters import (
    Allocation,
    ModifiedLevel,
    TraitKind,
    XpTableRow,
    allocate_xp,
    apply_xp_bonus,
    cost_to_reach,
    level_cost,
    level_for_total_xp,
    modified_level,
    total_xp,
    xp_table,
)
from rules_py.systems.peupfudge.dice import FUDGE_DIE_FACES, at_least, fudge_distribution
from rules_py.systems.peupfudge.reference import (
    REFERENCE_DICE,
    REFERENCE_DIFFICULTIES,
    SHEET_TARGETS,
    ProbabilityReference,
    format_probability,
    probability_reference,
    reference_sheet,
)

SYSTEM_NAME = "peupfudge"
"""The command line's name for this system."""

__all__ = [
    "CALC_HELP",
    "CHECK_HELP",
    "DEFAULT_ACTION_DICE",
    "DEFAULT_OPPOSED_DICE",
    "FUDGE_DIE_FACES",
    "MAX_DICE",
    "MIN_DICE",
    "REFERENCE_DICE",
    "REFERENCE_DIFFICULTIES",
    "SHEET_TARGETS",
    "SYSTEM_NAME",
    "Allocation",
    "ModifiedLevel",
    "OpposedOutcomes",
    "ProbabilityReference",
    "TraitKind",
    "XpTableRow",
    "action_outcomes",
    "action_succeeds",
    "allocate_xp",
    "apply_xp_bonus",
    "at_least",
    "calc",
    "check",
    "cost_to_reach",
    "format_probability",
    "fudge_distribution",
    "level_cost",
    "level_for_total_xp",
    "minimum_roll",
    "modified_level",
    "opposed_outcomes",
    "opposed_top",
    "opposed_vs",
    "probability_reference",
    "reference_sheet",
    "relative_performance",
    "relative_performance_distribution",
    "success_chance",
    "total_xp",
    "xp_table",
]
