"""The Danger World character sheet: stats, aspects, story points, danger and damage.

Every rule comes from :class:`rules_py.systems.danger_world.CharacterSheet`
(Danger World, Player Characters; Aspects and Story Points; The Danger Track);
this module reads the form into a sheet, refuses what breaks a rule (naming
the fields) and shows the pool a check on two stats rolls, which the pool
roller takes.

The module assembles the widget from its chapters (docs/architecture.md, "One shape
for every system": no module is much over 600 lines; one that grows past that splits
by chapter): :mod:`._sheet_fields` (the fields, the example PC, the form read into the
rules' sheet), :mod:`._sheet_checks` (the stat rows and a stat's Roll) and
:mod:`._sheet_tracks` (the boxes tapped, a hit taken, a rest made). The names other
modules import from here are re-exported from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules_py.systems import danger_world as dw
from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import MAX_POOL
from rules_py.widgets._blocks import (
    Block,
    edit_only,
    error,
    facts,
    listing,
    sheet_checks,
    table,
    text,
)
from rules_py.widgets._fields import Choice, Flag, Number, Text
from rules_py.widgets._sheet import NAME, called, problems_beside, sheet_widget
from rules_py.widgets._widget import Refusal, Values, Widget
from rules_py.widgets.danger_world._aspects import ASPECTS, aspect_rows
from rules_py.widgets.danger_world._common import (
    DIFFICULTY,
    SYSTEM,
    difficulty_note,
)
from rules_py.widgets.danger_world._pool import pool_dice
from rules_py.widgets.danger_world._sheet_checks import (
    check_pair,
    checked_pair,
    no_check,
    pair_chance,
    pool_chance,
    pool_values,
    sheet_check,
    stat_rows,
)
from rules_py.widgets.danger_world._sheet_fields import (
    CONSEQUENCES,
    DEFAULT_STATS,
    EXAMPLE_NAME,
    LAST_CHECK_LENGTH,
    MAX_LEVEL,
    MAX_SPECIAL_MOVES,
    MAX_STORY_POINTS,
    ROLLER_NAME,
    SPECIAL_MOVES,
    STORE,
    TRACK_FIELDS,
    character_sheet,
    parse_last_check,
    special_moves,
    stats_in_play,
)
from rules_py.widgets.danger_world._sheet_tracks import (
    BONUS_BOXES,
    HITS_AND_RESTS,
    MOST_SP_BOXES,
    bonus_track,
    damage_said,
    damage_taps,
    damage_tracks,
    danger_track,
    sheet_act,
    sheet_disabled,
    story_points,
)

__all__ = [
    "BONUS_BOXES",
    "CONSEQUENCES",
    "DEFAULT_STATS",
    "EXAMPLE_NAME",
    "FRESH",
    "HITS_AND_RESTS",
    "LAST_CHECK_LENGTH",
    "MAX_LEVEL",
    "MAX_SPECIAL_MOVES",
    "MAX_STORY_POINTS",
    "MOST_SP_BOXES",
    "ROLLER_NAME",
    "SHEET",
    "SPECIAL_MOVES",
    "STORE",
    "TRACK_FIELDS",
    "WIDGETS",
    "aspects_said",
    "bonus_track",
    "character_sheet",
    "check_pair",
    "checked_pair",
    "damage_said",
    "damage_taps",
    "damage_tracks",
    "danger_track",
    "no_check",
    "pair_chance",
    "parse_last_check",
    "pool_chance",
    "pool_values",
    "special_moves",
    "stat_rows",
    "stats_in_play",
    "story_points",
]

_STAT_OPTIONS = tuple((s, s) for s in dw.STATS)


def aspects_said(tree: dw.AspectTree) -> str:
    """The aspects in one line (Aspects and Story Points): each with the times it was used
    (×2) and the bonus dice a secondary or tertiary adds when invoked (+1, +2)."""
    said: list[str] = []

    def visit(aspect: dw.Aspect, depth: int) -> None:
        bonus = dw.ASPECT_BONUS[("primary", "secondary", "tertiary")[depth]]
        said.append(
            ("› " * depth)
            + aspect.name
            + (f" +{bonus}" if bonus else "")
            + (f" ×{aspect.uses}" if aspect.uses else "")
        )
        for child in aspect.children:
            visit(child, depth + 1)

    for primary in tree.primaries:
        visit(primary, 0)
    return f"Aspects: {', '.join(said)}." if said else "No aspects yet."


def _sheet_show(values: Values) -> list[Block]:
    sheet = character_sheet(values)
    name = called(values)
    blocks = problems_beside(sheet.problems())
    damage = sheet.damage
    stats = sheet.effective_stats
    first, second = values["check_a"], values["check_b"]
    if first == second:
        blocks.append(
            error(
                refusal(
                    f"a check's pool comes from two different stats (got {first} twice)",
                    f"{SYSTEM}, Dice Mechanics",
                ),
                ["check_a", "check_b"],
            )
        )
    elif damage.can_act:
        try:
            pool_dice(pool_values(values, stats, first, second))
        except Refusal as broken:
            blocks.append(error(str(broken), broken.fields))
    target = int(values["difficulty"])
    blocks.append(
        sheet_checks(
            f"{name}'s stats (Injured counted) and their chances",
            stat_rows(values, stats, damage.can_act),
        )
    )
    if not damage.can_act:
        blocks.append(text(no_check(name, damage)))
    if note := difficulty_note(target):
        blocks.append(text(note))
    blocks += damage_tracks(damage, sheet.injured)
    blocks.append(danger_track(sheet.danger_level))
    blocks.append(story_points(sheet.story_points.personal, sheet.story_points.general))
    blocks.append(bonus_track(values["bonus_held"]))
    blocks.append(text(aspects_said(sheet.aspects)))
    if kept := [row for row in values["consequences"] if row["kind"] or row["note"]]:
        blocks.append(
            text(
                "Long-term consequences: "
                + listing(
                    " — ".join(str(part) for part in (row["kind"], row["note"]) if part)
                    for row in kept
                )
                + "."
            )
        )
    blocks.append(
        edit_only(
            facts(
                [
                    (
                        "Dice to spread",
                        f"{sheet.dice_left} of {dw.DICE_TO_SPREAD} left"
                        if sheet.starting
                        else "creation done",
                        "One die in each stat, then eight more; each stat 1 to 4",
                    ),
                ]
            )
        )
    )
    rows, unlocked = aspect_rows(sheet.aspects)
    if rows:
        blocks.append(
            edit_only(
                table(
                    f"{name}'s aspects",
                    ["Aspect", "Level", "Used", "Bonus dice", "Beneath it"],
                    rows,
                    hits=unlocked,
                )
            )
        )
    return blocks


FRESH: Mapping[str, Any] = {
    "name": "",
    "starting": True,
    **dw.starting_stats(),
    "aspects": [],
    "level": dw.ZONES[0].first,
    "bonus_held": 0,
    "special_moves": [],
}
"""A new PC as the rules start one (Player Characters; The Danger Track): a die in each
stat and the eight to spread, no aspect written yet (three known primaries to choose),
danger level 1, no damage; the story points keep the sheet's placeholder (the source
gives no number)."""

SHEET = sheet_widget(
    "danger-world-sheet",
    SYSTEM,
    "danger-world-character",
    (
        # A printed sheet lists only what its answer does not show: the answer gives the
        # stats, the dice left to spread, aspects, SP, the danger level, the tracks, the
        # stats Injured lowers and the long-term consequences.
        Flag("starting", "New PC: the eight-dice budget applies", True, printed=False),
        *(
            Number(s, s, DEFAULT_STATS[s], dw.MIN_STAT, dw.MAX_STAT, printed=False)
            for s in dw.STATS
        ),
        ASPECTS,
        # In play: ticked box by box in the answer, each tap saved at once; typed (with a −
        # and a +) in Edit mode.
        Number(
            "level",
            "Danger level",
            1,
            1,
            MAX_LEVEL,
            track=True,
            hint="1 at the start of an episode; +1 for each danger die in a set used.",
            printed=False,
        ),
        *(
            Number(
                TRACK_FIELDS[t.name],
                f"{t.name} boxes filled",
                0,
                0,
                t.boxes,
                track=True,
                hint=f"{t.boxes} {'box' if t.boxes == 1 else 'boxes'}: {t.effect}.",
                printed=False,
            )
            for t in dw.DAMAGE_TRACKS
        ),
        Text(
            "injured",
            "Stats lowered by Injured",
            "",
            max_length=120,
            hint="One stat per filled Injured box: the source says random, the GM names "
            "it. E.g. Agility, Cool.",
            printed=False,
        ),
        Number(
            "personal_sp",
            "Personal SP",
            3,
            0,
            MAX_STORY_POINTS,
            track=True,
            hint="The source does not say how many a session brings: the GM sets it. "
            "The sheet starts at 3, the site's placeholder. Spent SP go to the general pool.",
            printed=False,
        ),
        Number(
            "general_sp",
            "General pool SP",
            0,
            0,
            MAX_STORY_POINTS,
            track=True,
            hint="The GM pays you from it to invoke an aspect against you.",
            printed=False,
        ),
        Number(
            "bonus_held",
            "Bonus dice held",
            0,
            0,
            MAX_POOL,
            track=True,
            hint="One-use dice: a partial success gives the set's height, an extra success "
            "one per step above the difficulty. Clear a box for each one you put in a check.",
            printed=False,
        ),
        replace(CONSEQUENCES, printed=False),  # the answer says them
        SPECIAL_MOVES,
        # The check a stat's Roll makes (and the pool roller takes): not part of the character.
        Choice(
            "check_a",
            "First stat",
            _STAT_OPTIONS,
            "Agility",
            hint="A stat's Roll makes it the first stat; the pool roller rolls these two.",
            printed=False,
        ),
        Choice(
            "check_b",
            "Second stat",
            _STAT_OPTIONS,
            "Speed",
            hint="A stat's row pairs it with this one until you pick another at its Roll.",
            printed=False,
        ),
        # The check's own dice, kept at hand on a Play page: short, without hints (the
        # page's text says what each holds), so that the sheet fits a phone (issue 29).
        replace(DIFFICULTY, printed=False, hint=""),
        Number(
            "danger",
            "Danger dice",
            0,
            0,
            dw.ZONES[-1].rank,
            printed=False,
        ),
        Number(
            "bonus",
            "Bonus dice",
            0,
            0,
            MAX_POOL,
            printed=False,
        ),
        Number(
            "threat",
            "Threat dice",
            0,
            0,
            MAX_POOL,
            printed=False,
        ),
        Text(
            "last_check",
            "Dice of the last check",
            "",
            max_length=LAST_CHECK_LENGTH,
            parse=parse_last_check,
            printed=False,
        ),
    ),
    show=_sheet_show,
    unused=lambda values: ["last_check"],
    check=sheet_check,
    # What a check's chance is rolled against; the rest (the partner stat: a Roll picks it;
    # the challenge's threat dice, which change no chance) is set in Edit mode or ticked in
    # the answer's boxes, so that the sheet fits a phone (issue 29).
    play_fields=("difficulty", "danger", "bonus"),
    title="Character sheet",
    heading=replace(NAME, default=EXAMPLE_NAME),
    fresh=FRESH,
)
SHEET = replace(
    SHEET,
    actions=HITS_AND_RESTS,
    act=sheet_act,
    disabled=sheet_disabled,
    undoable=tuple(action for action, _ in HITS_AND_RESTS),
)
"""Danger World, Player Characters and The Danger Track: a PC's sheet checked by the rules,
with taps for a hit taken and a rest made."""

WIDGETS: tuple[Widget, ...] = (SHEET,)
