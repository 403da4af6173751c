"""Rollbook's dice notation: parse, roll, and compute exact odds.

>>> roll_seeded("3d10k2+2", 1).total in distribution("3d10k2+2")
True
"""

from rules_py.dice._ast import Constant, DiceTerm, DieKind, Expression, Keep
from rules_py.dice._distribution import Distribution
from rules_py.dice._errors import DiceError
from rules_py.dice._exact import (
    MAX_TOTALS,
    MAX_WORK,
    check_exact,
    distribution,
    estimate_work,
    possible_totals,
)
from rules_py.dice._parser import MAX_DICE, MAX_SIDES, parse
from rules_py.dice._roller import (
    EXPLODE_DEPTH,
    SEED_LIMIT,
    DieRoll,
    RollResult,
    TermRoll,
    fresh_seed,
    reseed,
    roll,
    roll_seeded,
)

__all__ = [
    "EXPLODE_DEPTH",
    "MAX_DICE",
    "MAX_SIDES",
    "MAX_TOTALS",
    "MAX_WORK",
    "SEED_LIMIT",
    "Constant",
    "DiceError",
    "DiceTerm",
    "DieKind",
    "DieRoll",
    "Distribution",
    "Expression",
    "Keep",
    "RollResult",
    "TermRoll",
    "check_exact",
    "distribution",
    "estimate_work",
    "fresh_seed",
    "parse",
    "possible_totals",
    "reseed",
    "roll",
    "roll_seeded",
]
