"""The Danger World character sheet: stats, aspects, story points, danger and damage.

Every rule comes from :class:`rules_py.systems.danger_world.CharacterSheet`
(Danger World, Player Characters; Aspects and Story Points; The Danger Track);
this module reads the form into a sheet, refuses what breaks a rule (naming
the fields) and shows the pool a check on two stats rolls, which the pool
roller takes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules_py._format import percent
from rules_py.systems import danger_world as dw
from rules_py.systems._params import refusal
from rules_py.systems.danger_world.character import MAX_PRIMARIES, USES_TO_UNLOCK
from rules_py.systems.danger_world.danger_track import TRACK_NAMES
from rules_py.systems.danger_world.rerolls import ROUNDS
from rules_py.widgets._blocks import Block, error, facts, listing, table, text
from rules_py.widgets._fields import Choice, Flag, Number, Rows, Text
from rules_py.widgets._widget import Refusal, Values, Widget
from rules_py.widgets.danger_world._common import (
    DIFFICULTY,
    SYSTEM,
    dice_word,
    difficulty_note,
    difficulty_words,
)

MAX_USES = 999
"""The most uses an aspect row takes (a tool limit)."""
MAX_STORY_POINTS = 999
"""The most SP a pool field takes (a tool limit)."""
MAX_LEVEL = 999
"""The highest danger level the form takes (the last zone has no end)."""

DEFAULT_STATS: Mapping[str, int] = {
    "Agility": 3,
    "Endurance": 2,
    "Speed": 2,
    "Strength": 2,
    "Perception": 3,
    "Reasoning": 2,
    "Charisma": 1,
    "Cool": 1,
}
"""A new PC with the eight dice spread (one die in each stat, eight more)."""

STORE = "danger-world-character"
"""Where the browser keeps the sheet (its fence's ``store``); the pool roller reads it."""

TRACK_FIELDS = {name: "track_" + re.sub(r"[^a-z]", "", name.lower()) for name in TRACK_NAMES}
_STAT_OPTIONS = tuple((s, s) for s in dw.STATS)

ASPECTS = Rows(
    "aspects",
    "Aspects",
    (
        Text("name", "Aspect", "", max_length=40),
        Text("parent", "Develops from", "", max_length=40, hint="Blank for a primary aspect."),
        Number("uses", "Times used", 0, 0, MAX_USES),
    ),
    default=(
        {"name": "Soldier", "parent": "", "uses": 2},
        {"name": "Sniper", "parent": "Soldier", "uses": 0},
        {"name": "Curious", "parent": "", "uses": 0},
        {"name": "Loyal", "parent": "", "uses": 1},
    ),
    min_rows=0,
    max_rows=4 + 4 * 3 + 4 * 3 * 2,
    row_label="aspect",
    printed=False,  # the sheet's aspects table: each aspect, its level and its uses
    hint=f"An aspect beneath another needs its parent used {USES_TO_UNLOCK} times first; "
    f"{MAX_PRIMARIES} primaries (three known, one declared in play), three secondaries "
    "under each, two tertiaries under each secondary.",
    new_row={"name": "", "parent": "", "uses": 0},
)


def _aspect_tree(rows: Sequence[Mapping[str, Any]]) -> dw.AspectTree:
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


def character_sheet(values: Values) -> dw.CharacterSheet:
    """The form as the rules package's sheet (``Refusal`` naming the fields on a broken rule)."""
    stats = {s: values[s] for s in dw.STATS}
    try:
        dw.check_stats(stats, values["starting"])
    except ValueError as broken:
        raise Refusal(str(broken), dw.STATS) from None
    damage = dw.damage_from_list([values[TRACK_FIELDS[t]] for t in TRACK_NAMES])
    injured = tuple(s for s in re.split(r"[,;]+", values["injured"]) if s.strip())
    try:
        return dw.CharacterSheet(
            name=values["name"],
            stats=stats,
            aspects=_aspect_tree(values["aspects"]),
            story_points=dw.StoryPoints(values["personal_sp"], values["general_sp"]),
            danger_level=values["level"],
            damage=damage,
            injured=injured,
            starting=values["starting"],
        )
    except Refusal:
        raise
    except ValueError as broken:
        raise Refusal(str(broken), ["injured"]) from None


def _aspect_rows(tree: dw.AspectTree) -> tuple[list[list[str]], list[bool]]:
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


def _sheet_show(values: Values) -> list[Block]:
    sheet = character_sheet(values)
    name = sheet.name or "Your character"
    blocks: list[Block] = [error(problem) for problem in sheet.problems()]
    zone = dw.zone(sheet.danger_level)
    damage = sheet.damage
    effects = []
    if damage.threat_dice:
        effects.append(f"{dice_word(damage.threat_dice, 'threat')} in every check (Bashed)")
    if damage.lost_dice:
        effects.append(f"{dice_word(damage.lost_dice)} fewer in every pool (Stunned)")
    if damage.trait_reductions:
        lowered = damage.trait_reductions
        effects.append(f"{lowered} stat{'' if lowered == 1 else 's'} one lower (Injured)")
    if not damage.can_act:
        effects.append("unconscious, no actions" + (" (Dead)" if damage.dead else " (K.O.'d)"))
    blocks.append(
        text(
            f"{name}: danger level {sheet.danger_level}, zone {zone.rank} ({zone.levels}), up to "
            f"{dice_word(zone.danger_dice, 'danger')} in a check; "
            + (listing(effects) if effects else "no damage")
            + "."
        )
    )
    stats = sheet.effective_stats
    blocks.append(
        facts(
            [
                (
                    "Dice to spread",
                    f"{sheet.dice_left} of {dw.DICE_TO_SPREAD} left"
                    if sheet.starting
                    else "creation done",
                    "One die in each stat, then eight more; each stat 1 to 4",
                ),
                ("Physical", ", ".join(f"{s} {stats[s]}" for s in dw.PHYSICAL_STATS)),
                ("Mental", ", ".join(f"{s} {stats[s]}" for s in dw.MENTAL_STATS)),
                (
                    "Story points",
                    f"{sheet.story_points.personal} personal, {sheet.story_points.general} "
                    "in the general pool",
                    "Spent on an aspect: personal to general; the GM pays from the general pool",
                ),
            ]
        )
    )
    rows, unlocked = _aspect_rows(sheet.aspects)
    if rows:
        blocks.append(
            table(
                f"{name}'s aspects",
                ["Aspect", "Level", "Used", "Bonus dice", "Beneath it"],
                rows,
                hits=unlocked,
            )
        )
    blocks.append(
        table(
            "Damage boxes",
            ["Damage", "Filled", "Effect", "Recovery"],
            (
                [t.name, f"{n} of {t.boxes}", t.effect, t.recovery]
                for t, n in zip(dw.DAMAGE_TRACKS, damage.filled, strict=True)
            ),
            hits=(n > 0 for n in damage.filled),
        )
    )
    first, second = values["check_a"], values["check_b"]
    if first == second:
        raise Refusal(
            refusal(
                f"a check's pool comes from two different stats (got {first} twice)",
                f"{SYSTEM}, Dice Mechanics",
            ),
            ["check_a", "check_b"],
        )
    if not damage.can_act:
        blocks.append(text("No check: a K.O.'d or Dead PC takes no actions."))
        return blocks
    plan = sheet.pool(first, second)
    target = int(values["difficulty"])
    p = dw.success_chance(plan.normal, target, ROUNDS)
    blocks.append(
        text(
            f"A check on {first} and {second}: {dice_word(plan.normal)}"
            + (f" and {dice_word(plan.threat, 'threat')}" if plan.threat else "")
            + f", plus up to {dice_word(zone.danger_dice, 'danger')}. At difficulty "
            f"{difficulty_words(target)} with no danger dice it succeeds {percent(p)} of "
            f"the time ({p}), rerolls played well. The pool roller takes the damage and the "
            f"danger level from this sheet; set it to {stats[first]} and {stats[second]} "
            "stat dice."
        )
    )
    if note := difficulty_note(target):
        blocks.append(text(note))
    return blocks


SHEET = Widget(
    name="danger-world-sheet",
    title="Character sheet",
    fields=(
        Text("name", "Name", hint="Optional; saved with the sheet.", printed=False),
        # A printed sheet lists only what its answer does not show: the answer gives the
        # stats, the dice left to spread, aspects, SP, the danger level and the tracks.
        Flag("starting", "New PC: the eight-dice budget applies", True, printed=False),
        *(
            Number(s, s, DEFAULT_STATS[s], dw.MIN_STAT, dw.MAX_STAT, printed=False)
            for s in dw.STATS
        ),
        ASPECTS,
        Number(
            "personal_sp",
            "Personal SP",
            3,
            0,
            MAX_STORY_POINTS,
            hint="The source does not say how many a session brings: the GM sets it. "
            "The sheet starts at 3, the site's placeholder.",
            printed=False,
        ),
        Number("general_sp", "General pool SP", 0, 0, MAX_STORY_POINTS, printed=False),
        Number(
            "level",
            "Danger level",
            1,
            1,
            MAX_LEVEL,
            hint="1 at the start of an episode.",
            printed=False,
        ),
        *(
            Number(TRACK_FIELDS[t.name], f"{t.name} boxes filled", 0, 0, t.boxes, printed=False)
            for t in dw.DAMAGE_TRACKS
        ),
        Text(
            "injured",
            "Stats lowered by Injured",
            "",
            max_length=120,
            hint="One stat per filled Injured box: the source says random, the GM names "
            "it. E.g. Agility, Cool.",
        ),
        # The check the sheet works out for the pool roller: not part of the character.
        Choice("check_a", "Check on", _STAT_OPTIONS, "Agility", printed=False),
        Choice("check_b", "and", _STAT_OPTIONS, "Speed", printed=False),
        replace(DIFFICULTY, printed=False),
    ),
    show=_sheet_show,
    portable="danger-world-character",
    name_field="name",
    system=SYSTEM,
)
"""Danger World, Player Characters and The Danger Track: a PC's sheet checked by the rules."""

WIDGETS: tuple[Widget, ...] = (SHEET,)
