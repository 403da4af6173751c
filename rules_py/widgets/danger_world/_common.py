"""Pieces the Danger World widgets share: the difficulty field and how a chance is told."""

from __future__ import annotations

from rules_py.systems import danger_world as dw
from rules_py.widgets._fields import Choice

SYSTEM = "Danger World"

MODIFIED: dict[int, str] = {1: "modified, read as 2", 7: "modified, cannot succeed"}
"""The difficulties a modifier can reach beyond 2-6, and how the tools read them (issue 11)."""

DIFFICULTY = Choice(
    "difficulty",
    "Difficulty",
    (
        ("1", f"1: {MODIFIED[1]}"),
        *((str(d), f"{d}: {name}") for d, name in dw.DIFFICULTIES.items()),
        ("7", f"7: {MODIFIED[7]}"),
    ),
    "3",
    hint="The accomplishment the check aims at: a set of this height or higher succeeds.",
)

ROUND_NAMES = ("no rerolls", "one reroll round", "two reroll rounds")
"""How many reroll rounds a chance assumes, played well (Dice Mechanics)."""


def difficulty_words(difficulty: int) -> str:
    """``"3 (meaningful)"``, or for a modified difficulty ``"1 (modified, read as 2)"``."""
    if difficulty in MODIFIED:
        return f"{difficulty} ({MODIFIED[difficulty]})"
    return f"{difficulty} ({dw.difficulty_name(difficulty)})"


def difficulty_note(difficulty: int) -> str:
    """The note a modified difficulty 1 or 7 brings ("" for 2 to 6)."""
    if difficulty == 1:
        return (
            "Difficulty 1: a modifier took a minor action below 2. The site reads it as 2 "
            "(a set of two 2s or higher), but the source leaves it to the GM's call."
        )
    if difficulty == 7:
        return (
            "Difficulty 7: a modifier took a monumental action above 6. No set is that high, "
            "so the site reads it as a check that cannot succeed; the source leaves it to the "
            "GM's call (a set may still give a partial success)."
        )
    return ""


def dice_word(n: int, kind: str = "") -> str:
    """``"1 die"``, ``"3 danger dice"``."""
    word = "die" if n == 1 else "dice"
    return f"{n} {kind + ' ' if kind else ''}{word}"
