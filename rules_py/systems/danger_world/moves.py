"""Moves of Danger World: pre-defined sets of accomplishments (Moves).

General moves are open to every character and give example difficulties for
common actions; special moves belong to certain characters. Each table lists,
for each set rank (2-6), the accomplishment's name and the source's example
("" where its cell is empty).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import SYSTEM
from rules_py.systems.danger_world.pools import DIFFICULTIES

MoveKind = Literal["general", "special"]


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One row of a move's table: set rank, accomplishment and example."""

    rank: int
    accomplishment: str
    example: str


@dataclass(frozen=True, slots=True)
class Move:
    """A move and its table (Moves)."""

    name: str
    kind: MoveKind
    rows: tuple[MoveRow, ...]


def _move(name: str, kind: MoveKind, *examples: str) -> Move:
    padded = (*examples, *("",) * (len(DIFFICULTIES) - len(examples)))
    rows = tuple(
        MoveRow(rank, DIFFICULTIES[rank], ex) for rank, ex in zip(DIFFICULTIES, padded, strict=True)
    )
    return Move(name, kind, rows)


MOVES: Final[tuple[Move, ...]] = (
    _move(
        "Fighting",
        "general",
        "defeating a minion or minor enemy",
        "defeating a common enemy",
        "defeating an officer or otherwise notable enemy",
        "defeating a local boss",
        "defeating a major campaign threat",
    ),
    _move("Defy Danger", "general"),
    _move("Aid Another", "general", "provide height in bonus dice"),
    _move("Spout Lore", "general"),
    _move("Discern Realities", "general"),
    _move("Parley", "general"),
    _move(
        "Healing",
        "special",
        "minor non-mechanical effects",
        "clearing a bashing box",
        "clearing a stunned box",
        "clearing an injured or K.O.'d box",
        "monumental non-mechanical effects",
    ),
    _move(
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


def move(name: str) -> Move:
    """The move called ``name`` (any case)."""
    for m in MOVES:
        if m.name.lower() == str(name).strip().lower():
            return m
    raise ValueError(
        refusal(
            f"the moves are {', '.join(m.name for m in MOVES)} (got {name!r})", f"{SYSTEM}, Moves"
        )
    )
