"""How numbers are written for readers: one place, used by the command line and the widgets."""

from __future__ import annotations

import unicodedata
from fractions import Fraction

_DIRECTIONAL = frozenset({"R", "AL", "RLE", "RLO", "RLI", "LRE", "LRO", "LRI", "FSI", "PDF", "PDI"})
"""Bidirectional classes of characters that can turn the text around them."""


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


def isolated(text: str) -> str:
    """A reader's text (a character's name) set into a sentence so that it cannot turn the
    words after it around: one holding right-to-left letters or a direction control
    (U+202E, say) is wrapped in FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE; any other
    comes back as it is."""
    if any(unicodedata.bidirectional(c) in _DIRECTIONAL for c in text):
        return f"\u2068{text}\u2069"
    return text
