"""How numbers are written for readers: one place, used by the command line and the widgets."""

from __future__ import annotations

from fractions import Fraction


def percent(p: Fraction, places: int = 2) -> str:
    """``Fraction(9, 20)`` -> ``"45.00%"``; a chance too small to show is ``"<0.01%"``."""
    return percent_of(p.numerator, p.denominator, places)


def percent_of(ways: int, total: int, places: int = 2) -> str:
    """The chance ``ways / total`` (``total`` positive) as :func:`percent` writes it.

    Whole numbers only, no :class:`Fraction` made: a table of thousands of rows stays fast.
    """
    scale = 10 ** (places + 2)
    if ways > 0 and ways * scale < total:
        return f"<{1 / 10**places:.{places}f}%"
    if ways < total and (total - ways) * scale < total:
        return f">{100 - 1 / 10**places:.{places}f}%"
    return f"{100 * ways / total:.{places}f}%"


def decimal(p: Fraction, places: int = 2) -> str:
    """A fraction as a plain decimal: ``Fraction(31, 2)`` -> ``"15.5"`` (trailing zeros dropped)."""
    text = f"{float(p):.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def signed(n: int) -> str:
    """``2`` -> ``"+2"``, ``-1`` -> ``"-1"``, ``0`` -> ``"+0"``."""
    return f"{n:+d}"
