"""The source's Odds Comparison: 2d10 against d20, as chances to meet or beat each
total (2d10 WoDu Hack, Odds Comparison)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules_py.systems.wodu._common import dice_pairs, require_int, shift
from rules_py.systems.wodu.checks import probability_at_least


def at_least_table(distribution: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """P(total >= t) for every possible total t, as in the source's odds tables."""
    return {t: probability_at_least(distribution, t) for t in sorted(distribution)}


def d20_comparison_distribution(bonus: int = 0) -> dict[int, Fraction]:
    """d20 + bonus, the yardstick of the source's Odds Comparison (not a game roll)."""
    bonus = require_int(bonus, "the bonus", "Odds Comparison")
    return shift(dice_pairs(1, 20, "all"), bonus)
