"""Pieces the Danger World widgets share: the difficulty field and how a chance is told."""

from __future__ import annotations

from rules_py.systems import danger_world as dw
from rules_py.widgets._fields import Choice

SYSTEM = "Danger World"

DIFFICULTY = Choice(
    "difficulty",
    "Difficulty",
    tuple((str(d), f"{d}: {name}") for d, name in dw.DIFFICULTIES.items()),
    "3",
    hint="The accomplishment the check aims at: a set of this height or higher succeeds.",
)

ROUND_NAMES = ("no rerolls", "one reroll round", "two reroll rounds")
"""How many reroll rounds a chance assumes, played well (Dice Mechanics)."""


def dice_word(n: int, kind: str = "") -> str:
    """``"1 die"``, ``"3 danger dice"``."""
    word = "die" if n == 1 else "dice"
    return f"{n} {kind + ' ' if kind else ''}{word}"
