"""Peupfudge, Introduction: fudge dice.

A fudge die shows -1, 0 or +1 with equal chances and ``NdF`` is the sum of
``N`` of them (:func:`fudge_distribution`); :func:`at_least` gives
``P(NdF >= target)``, the entries of Appendix D. Exact enumeration: icepool is
not needed here.
"""

from __future__ import annotations

from fractions import Fraction

from rules_py.systems.peupfudge._common import check_dice, check_int

FUDGE_DIE_FACES: tuple[int, ...] = (-1, 0, 1)
"""Faces of one fudge die, dF (Peupfudge, Introduction)."""


def fudge_distribution(dice: int) -> dict[int, Fraction]:
    """Exact distribution of ``NdF``, the sum of ``dice`` fudge dice.

    Peupfudge, Introduction: a fudge die yields -1, 0 or +1 with equal chances,
    and the result of ``NdF`` is the sum of the individual dice.
    """
    check_dice(dice)
    counts: dict[int, int] = {0: 1}
    for _ in range(dice):
        following: dict[int, int] = {}
        for total, ways in counts.items():
            for face in FUDGE_DIE_FACES:
                following[total + face] = following.get(total + face, 0) + ways
        counts = following
    denominator = len(FUDGE_DIE_FACES) ** dice
    return {total: Fraction(ways, denominator) for total, ways in sorted(counts.items())}


def at_least(dice: int, target: int) -> Fraction:
    """Exact ``P(NdF >= target)`` (Peupfudge, Appendix D Probability Reference)."""
    check_int("target", target)
    return sum(
        (p for total, p in fudge_distribution(dice).items() if total >= target),
        Fraction(0),
    )
