"""Moves of Danger World: pre-defined sets of accomplishments (Danger World, Moves).

A move ties an accomplishment to each set height from 2 to 6; circumstances may
override it, and uses it does not name are judged by likening them to the ones
it does. General moves are open to every character and give example
difficulties for common actions; special moves belong to certain characters
(special or supernatural abilities) and give the difficulties of their usual
uses. Each row of a move's table is the set's height, the PC difficulty of that
height (its rank: minor to monumental) and the accomplishment.

Where the source leaves an accomplishment empty, the row keeps ``""``: Defy
Danger, Spout Lore, Discern Realities and Parley have no accomplishment on any
row, and Aid Another has one on the minor row only ("provide height in bonus
dice"); the tools do not fill these in.

Reading (issue 27, stated on the Moves page): a check under a move aims at the row of
its difficulty, the accomplishment the player described. A set at or above the
difficulty accomplishes that row (a higher set adds the extra benefit and its bonus
dice, not the higher row); a lower set is a partial success, which gives bonus dice
and accomplishes none of the move's rows, not even the row of its own height.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import SYSTEM, one_of, require_range
from rules_py.systems.danger_world.pools import (
    DIFFICULTIES,
    MAX_DIFFICULTY,
    MIN_SET,
    DieLike,
    effective_difficulty,
    outcome,
)

MoveKind = Literal["general", "special"]


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One row of a move's table (Moves): set height, rank and accomplishment."""

    height: int
    """The set's height, 2 to 6."""
    rank: str
    """The PC difficulty of that height: minor, meaningful, significant, major, monumental."""
    accomplishment: str
    """What a set of this height accomplishes ("" where the source's cell is empty)."""


@dataclass(frozen=True, slots=True)
class Move:
    """A move and its table (Moves)."""

    name: str
    kind: MoveKind
    rows: tuple[MoveRow, ...]

    def row(self, height: int) -> MoveRow:
        """The row for a set of ``height`` (2 to 6; Moves, Dice Mechanics)."""
        require_range(height, "a set's height", "Moves", MIN_SET, MAX_DIFFICULTY)
        return self.rows[height - MIN_SET]


def make_move(name: str, kind: MoveKind, *accomplishments: str) -> Move:
    """A move whose rows, from set 2 upwards, hold ``accomplishments`` (later rows empty).

    Also builds a character's special moves as the GM writes them (Moves).
    """
    if len(accomplishments) > len(DIFFICULTIES):
        raise ValueError(
            refusal(
                f"a move has {len(DIFFICULTIES)} rows, sets 2 to 6 "
                f"(got {len(accomplishments)} accomplishments)",
                f"{SYSTEM}, Moves",
            )
        )
    padded = (*accomplishments, *("",) * (len(DIFFICULTIES) - len(accomplishments)))
    rows = tuple(
        MoveRow(height, DIFFICULTIES[height], text.strip())
        for height, text in zip(DIFFICULTIES, padded, strict=True)
    )
    return Move(name.strip(), kind, rows)


MOVES: Final[tuple[Move, ...]] = (
    make_move(
        "Fighting",
        "general",
        "defeating a minion or minor enemy",
        "defeating a common enemy",
        "defeating an officer or otherwise notable enemy",
        "defeating a local boss",
        "defeating a major campaign threat",
    ),
    make_move("Defy Danger", "general"),
    make_move("Aid Another", "general", "provide height in bonus dice"),
    make_move("Spout Lore", "general"),
    make_move("Discern Realities", "general"),
    make_move("Parley", "general"),
    make_move(
        "Healing",
        "special",
        "minor non-mechanical effects",
        "clearing a bashing box",
        "clearing a stunned box",
        "clearing an injured or K.O.'d box",
        "monumental non-mechanical effects",
    ),
    make_move(
        "Teleportation",
        "special",
        "teleporting a few feet",
        "teleporting a few dozen yards within line of sight",
        "teleporting within the local area to well-known areas",
        "teleporting outside the local area or to poorly-known areas",
        "long-range teleportation",
    ),
)
"""Every move in the source's order: six general moves, then two special moves."""

GENERAL_MOVES: Final[tuple[Move, ...]] = tuple(m for m in MOVES if m.kind == "general")
"""The moves every character has (Moves, General Moves)."""


def move(name: str) -> Move:
    """The move called ``name`` (any case)."""
    for m in MOVES:
        if m.name.lower() == str(name).strip().lower():
            return m
    raise ValueError(
        one_of(
            "the move's name", f"the moves are {', '.join(m.name for m in MOVES)}", name, "Moves"
        )
    )


def accomplishes(chosen: Move, height: int) -> str:
    """What a set of ``height`` accomplishes under ``chosen`` (Moves), as a sentence part.

    ``"Fighting: a set of 3 (meaningful) means defeating a common enemy"``; where
    the move's cell is empty, the sentence says the move names no accomplishment there.
    """
    row = chosen.row(height)
    said = f"{chosen.name}: a set of {height} ({row.rank})"
    if row.accomplishment:
        return f"{said} means {row.accomplishment}"
    return f"{said}: the move names no accomplishment for it"


def move_result(chosen: Move, roll: Sequence[DieLike], difficulty: int, height: int | None) -> str:
    """What the move gives when ``roll`` is finished with the set of ``height`` (or none)
    at ``difficulty`` (Moves; Dice Mechanics), as a sentence part, naming only what that
    set achieves (issue 27):

    * at or above the difficulty: the accomplishment of the difficulty's row, with the
      extra benefit and its bonus dice when the set is higher;
    * below it: a partial success, which accomplishes no row and gives bonus dice;
    * no set: nothing.

    A modified difficulty 1 aims at the row of 2; a difficulty 7 has no row, and no set
    reaches it (issue 11).
    """
    if height is None:
        return f"{chosen.name}: no set, so the move accomplishes nothing"
    result = outcome(roll, difficulty, height)
    needed = effective_difficulty(difficulty)
    bonus = f"{result.bonus_dice} bonus {'die' if result.bonus_dice == 1 else 'dice'}"
    said = f"{chosen.name}: the set of {height}"
    if needed is None:
        return (
            f"{said} is below difficulty {difficulty}, which no set reaches: a partial "
            f"success, which accomplishes nothing of the move and gives {bonus}"
        )
    row = chosen.row(needed)
    aim = f"difficulty {needed} ({row.rank})"
    if result.result == "partial":
        missed = f" ({row.accomplishment})" if row.accomplishment else ""
        return (
            f"{said} is below {aim}: a partial success, which does not accomplish the "
            f"attempt{missed} and gives {bonus}"
        )
    extra = (
        f", with an extra benefit to work out with the GM and {bonus}" if height > needed else ""
    )
    if row.accomplishment:
        return f"{said} reaches {aim}, so it accomplishes {row.accomplishment}{extra}"
    return f"{said} reaches {aim}; the move names no accomplishment for that row{extra}"
