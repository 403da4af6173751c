"""Danger World aspects on the character sheet: the rows the reader fills in, read as
the rules package's aspect tree, and the tree shown row by row.

Every rule comes from :class:`rules_py.systems.danger_world.AspectTree` (Danger World,
Aspects and Story Points); the sheet (:mod:`._sheet`) refuses what breaks one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_py.systems import danger_world as dw
from rules_py.systems._params import refusal
from rules_py.systems.danger_world.character import MAX_PRIMARIES, USES_TO_UNLOCK
from rules_py.widgets._fields import Number
from rules_py.widgets._sheet import sheet_rows, tree_columns
from rules_py.widgets._widget import Refusal
from rules_py.widgets.danger_world._common import SYSTEM

MAX_USES = 999
"""The most uses an aspect row takes (a tool limit)."""

ASPECTS = sheet_rows(
    "aspects",
    "Aspects",
    tree_columns(
        "Aspect",
        "Develops from",
        "Blank for a primary aspect.",
        Number("uses", "Times used", 0, 0, MAX_USES),
    ),
    default=(("Soldier", "", 2), ("Sniper", "Soldier", 0), ("Curious", "", 0), ("Loyal", "", 1)),
    max_rows=4 + 4 * 3 + 4 * 3 * 2,
    row_label="aspect",
    printed=False,  # the sheet's aspects table: each aspect, its level and its uses
    hint=f"An aspect beneath another needs its parent used {USES_TO_UNLOCK} times first; "
    f"{MAX_PRIMARIES} primaries (three known, one declared in play), three secondaries "
    "under each, two tertiaries under each secondary.",
)


def aspect_tree(rows: Sequence[Mapping[str, Any]]) -> dw.AspectTree:
    """The rows as an aspect tree (a row may come before its parent's)."""
    tree = dw.AspectTree()
    paths: dict[str, tuple[str, ...]] = {}
    pending = list(enumerate(rows, start=1))
    while pending:
        ready = [
            (n, row)
            for n, row in pending
            if not str(row["parent"]).strip() or str(row["parent"]).strip() in paths
        ]
        if not ready:
            number, row = pending[0]
            raise Refusal(
                refusal(
                    f"aspect {number} ({str(row['name']).strip()!r}) develops "
                    f"from {str(row['parent']).strip()!r}, which is not an aspect on the sheet",
                    f"{SYSTEM}, Aspects",
                ),
                ["aspects"],
            )
        for number, row in ready:
            name = str(row["name"]).strip()
            if name in paths:
                raise Refusal(
                    refusal(f"there are two aspects called {name!r}", f"{SYSTEM}, Aspects"),
                    ["aspects"],
                )
            parent = paths.get(str(row["parent"]).strip(), ())
            try:
                tree = tree.add(name, parent)
            except ValueError as broken:
                raise Refusal(f"{broken} (aspect {number})", ["aspects"]) from None
            paths[name] = (*parent, name)
            for _ in range(row["uses"]):
                tree = tree.use(paths[name])
        pending = [(n, row) for n, row in pending if (n, row) not in ready]
    return tree


def aspect_rows(tree: dw.AspectTree) -> tuple[list[list[str]], list[bool]]:
    """The tree's aspects in order, each beneath its parent: its name, level, uses, bonus
    dice and what it has room for beneath it, and whether it is unlocked (Aspects)."""
    rows: list[list[str]] = []
    unlocked: list[bool] = []
    levels = ("primary", "secondary", "tertiary")

    def visit(aspect: dw.Aspect, depth: int) -> None:
        room = (3, 2, 0)[depth]
        if room == 0:
            state = "no aspects beneath a tertiary"
        elif aspect.unlocked:
            state = f"unlocked: {len(aspect.children)} of {room} beneath"
        else:
            more = USES_TO_UNLOCK - aspect.uses
            state = f"locked: {more} more use{'' if more == 1 else 's'} to unlock"
        bonus = dw.ASPECT_BONUS[levels[depth]]  # type: ignore[index]
        rows.append(
            [
                ("· " * depth) + aspect.name,
                levels[depth],
                str(aspect.uses),
                f"+{bonus}" if bonus else "none",
                state,
            ]
        )
        unlocked.append(aspect.unlocked and room > 0)
        for child in aspect.children:
            visit(child, depth + 1)

    for primary in tree.primaries:
        visit(primary, 0)
    return rows, unlocked
