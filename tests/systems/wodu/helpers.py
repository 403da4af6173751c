"""What the WoDu rules tests share: the draft's odds tables as printed, the
percentages they print, a brute-force check, and the rules pages' tables."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

# --------------------------------------------------------------------------
# Source tables, transcribed as printed
# --------------------------------------------------------------------------

# ODDS COMPARISON, "2D10 +0 BONUS": target, percent chance to meet or beat it.
SOURCE_2D10_PLUS_0 = {
    2: "100.00", 3: "99.00", 4: "97.00", 5: "94.00", 6: "90.00", 7: "85.00", 8: "79.00",
    9: "72.00", 10: "64.00", 11: "55.00", 12: "45.00", 13: "36.00", 14: "28.00",
    15: "21.00", 16: "15.00", 17: "10.00", 18: "6.00", 19: "3.00", 20: "1.00",
}  # fmt: skip
# ODDS COMPARISON, 2D10 "+2".
SOURCE_2D10_PLUS_2 = {
    4: "100.00", 5: "99.00", 6: "97.00", 7: "94.00", 8: "90.00", 9: "85.00", 10: "79.00",
    11: "72.00", 12: "64.00", 13: "55.00", 14: "45.00", 15: "36.00", 16: "28.00",
    17: "21.00", 18: "15.00", 19: "10.00", 20: "6.00", 21: "3.00", 22: "1.00",
}  # fmt: skip
# ODDS COMPARISON, "D20 +0 BONUS".
SOURCE_D20_PLUS_0 = {
    1: "100.00", 2: "95.00", 3: "90.00", 4: "85.00", 5: "80.00", 6: "75.00", 7: "70.00",
    8: "65.00", 9: "60.00", 10: "55.00", 11: "50.00", 12: "45.00", 13: "40.00", 14: "35.00",
    15: "30.00", 16: "25.00", 17: "20.00", 18: "15.00", 19: "10.00", 20: "5.00",
}  # fmt: skip
# ODDS COMPARISON, D20 "+2" (the source prints the last value as "5.0").
SOURCE_D20_PLUS_2 = {
    3: "100.00", 4: "95.00", 5: "90.00", 6: "85.00", 7: "80.00", 8: "75.00", 9: "70.00",
    10: "65.00", 11: "60.00", 12: "55.00", 13: "50.00", 14: "45.00", 15: "40.00",
    16: "35.00", 17: "30.00", 18: "25.00", 19: "20.00", 20: "15.00", 21: "10.00", 22: "5.0",
}  # fmt: skip
# "1D6 ODDS": chance to roll at least each face.
SOURCE_1D6_ODDS = {1: "100.00", 2: "83.33", 3: "66.67", 4: "50.00", 5: "33.33", 6: "16.67"}
# "HIGHEST OF 2D6": chance that the higher die shows exactly each face.
SOURCE_HIGHEST_OF_2D6 = {1: "2.78", 2: "8.33", 3: "13.89", 4: "19.44", 5: "25.00", 6: "30.56"}


def percent(p: Fraction, places: int = 2) -> str:
    return f"{float(p * 100):.{places}f}"


def brute_force_check(ability: int, background: bool) -> dict[int, Fraction]:
    """2d10 (or 3d10 keep highest two) + ability, by listing every roll."""
    dice = 3 if background else 2
    counts = Counter(
        sum(sorted(roll)[-2:]) + ability for roll in product(range(1, 11), repeat=dice)
    )
    total = 10**dice
    return {t: Fraction(c, total) for t, c in counts.items()}


# --------------------------------------------------------------------------
# The rules pages restate the same numbers
# --------------------------------------------------------------------------

DOCS = Path(__file__).resolve().parents[3] / "docs" / "wodu"


def table_rows(page: str, header_start: str) -> list[list[str]]:
    """Cells of the Markdown table whose header row starts with ``header_start``."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header_start))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows
