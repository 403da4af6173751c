"""Peupfudge, Appendix A Reference Sheet and Appendix D Probability Reference.

Each entry is ``P(NdF >= D)`` for ``N = 1..9`` and ``D = -5..5``
(:func:`probability_reference`); the reference sheet prints ``P(4dF >= n)``
(:func:`reference_sheet`). Rounded half-up as the source prints them
(:func:`format_probability`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from rules_py.systems.peupfudge._common import check_int
from rules_py.systems.peupfudge.actions import DEFAULT_ACTION_DICE
from rules_py.systems.peupfudge.dice import at_least

REFERENCE_DICE: tuple[int, ...] = tuple(range(1, 10))
"""Rows of the Probability Reference (Peupfudge, Appendix D): 1dF to 9dF."""

REFERENCE_DIFFICULTIES: tuple[int, ...] = tuple(range(-5, 6))
"""Columns of the Probability Reference (Peupfudge, Appendix D): >= -5 to >= 5."""

SHEET_TARGETS: tuple[int, ...] = tuple(range(-3, 5))
"""Values of n in the reference sheet's P(4dF >= n) table (Peupfudge, Appendix A)."""


def format_probability(p: Fraction, places: int = 2, *, leading_zero: bool = True) -> str:
    """Round an exact probability half-up to ``places`` decimals, as the source prints it.

    ``leading_zero=False`` gives the reference sheet's style (``".62"``).
    """
    if not 0 <= p <= 1:
        raise ValueError(f"a probability must be between 0 and 1, got {p}")
    if places < 0:
        raise ValueError(f"places must be 0 or more, got {places}")
    quantum = Decimal(1).scaleb(-places)
    value = (Decimal(p.numerator) / Decimal(p.denominator)).quantize(
        quantum, rounding=ROUND_HALF_UP
    )
    text = f"{value:.{places}f}"
    if not leading_zero and text.startswith("0."):
        text = text[1:]
    return text


@dataclass(frozen=True)
class ProbabilityReference:
    """Table of ``P(NdF >= D)``: one row per N, one column per D (Peupfudge, Appendix D)."""

    dice: tuple[int, ...]
    difficulties: tuple[int, ...]
    rows: tuple[tuple[Fraction, ...], ...]

    def probability(self, dice: int, difficulty: int) -> Fraction:
        """Exact entry for ``dice`` fudge dice and column ``>= difficulty``."""
        try:
            row = self.dice.index(dice)
            col = self.difficulties.index(difficulty)
        except ValueError:
            raise ValueError(f"no entry for {dice}dF >= {difficulty} in this table") from None
        return self.rows[row][col]

    def rounded(self, places: int = 2) -> tuple[tuple[str, ...], ...]:
        """The table as the source prints it: each entry rounded to ``places`` decimals."""
        return tuple(tuple(format_probability(p, places) for p in row) for row in self.rows)


def probability_reference(
    dice_range: Iterable[int] = REFERENCE_DICE,
    difficulty_range: Iterable[int] = REFERENCE_DIFFICULTIES,
) -> ProbabilityReference:
    """Exact Probability Reference: ``P(NdF >= D)`` for each N and D.

    Peupfudge, Appendix D: "the probability that NdF will be >= D" for
    N = 1..9 and D = -5..5. This is also the chance of success for a character
    with L + A = 0 (or, shifting, P(R >= D - L - A)). Rounded half-up to two
    decimals it reproduces every printed entry.
    """
    dice = tuple(dice_range)
    difficulties = tuple(difficulty_range)
    if not dice:
        raise ValueError("dice_range must name at least one number of dice")
    if not difficulties:
        raise ValueError("difficulty_range must name at least one difficulty")
    for d in difficulties:
        check_int("difficulty", d)
    rows = tuple(tuple(at_least(n, d) for d in difficulties) for n in dice)
    return ProbabilityReference(dice=dice, difficulties=difficulties, rows=rows)


def reference_sheet(
    targets: Iterable[int] = SHEET_TARGETS, dice: int = DEFAULT_ACTION_DICE
) -> tuple[tuple[int, Fraction], ...]:
    """The reference sheet's table of ``P(4dF >= n)`` for n = -3..4 (Peupfudge, Appendix A)."""
    return tuple((n, at_least(dice, n)) for n in targets)
