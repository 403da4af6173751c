"""The D10/0 character builder, and the played character feeding the check roller.

Every number comes from :mod:`rules_py.systems.d10_0` (The D10/0 System,
Standard Player Agent Build Process; Skills; Progression Points); this module
assembles the widget from its parts, split by topic as "No module is much over 600
lines; one that grows past that splits by chapter" (docs/architecture.md, One shape for
every system) asks: the fields, the example and a fresh character in
:mod:`._sheet_fields`, the rows of checks in :mod:`._sheet_checks`, the Health and power
tracks in :mod:`._sheet_tracks`, the Edit-mode setup in :mod:`._sheet_setup`. The health
widget, which the sheet feeds too, is in :mod:`._health`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules_py.systems import d10_0
from rules_py.views import View
from rules_py.widgets._blocks import Block, edit_only, text
from rules_py.widgets._blocks import sheet_checks as checks_block
from rules_py.widgets._fields import FieldError
from rules_py.widgets._sheet import (
    Cue,
    FieldsOf,
    called,
    mend_first,
    no_check,
    problems_beside,
    sheet_widget,
    whose,
)
from rules_py.widgets._source import sheet_choice
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.d10_0._common import difficulty, difficulty_text, rolled_check
from rules_py.widgets.d10_0._sheet_checks import (
    SheetCheck,
    check_row,
    find_check,
    sheet_checks,
    skill_rows,
)
from rules_py.widgets.d10_0._sheet_fields import (
    DEFAULT_SKILLS,
    EXAMPLE_NAME,
    EXAMPLE_POWER,
    FIELDS,
    FRESH,
    MAX_ATTRIBUTE_FIELD,
    MAX_HEALTH,
    MAX_INCREASES,
    NAME_FIELD,
    SYSTEM,
    attribute_field,
    character_input,
    unused_circles,
)
from rules_py.widgets.d10_0._sheet_setup import in_play, setup_facts, skills_table
from rules_py.widgets.d10_0._sheet_tracks import failing_health, health_tracks, power_tracks

# --------------------------------------------------------------------------
# Character builder (Standard Player Agent Build Process)
# --------------------------------------------------------------------------


def _builder_show(values: Values) -> list[Block]:
    """The sheet in the printed sheet's order (Character Sheet): its summary, the
    attributes rolled, the power blocks, the skills rolled, then Health; the build's
    numbers (points left, skill costs, purchases) are its setup, for Edit mode."""
    choice = character_input(values)
    sheet = d10_0.build_character(choice)
    blocks = problems_beside(sheet.problems, _FIELDS_OF)
    blocks += [text(f"Note: {warning}") for warning in sheet.warnings]
    name = called(values)
    blocks += [
        text(f"{name}: Action Quota {sheet.action_quota}."),  # Normal: the Health boxes
        edit_only(text(in_play(values, sheet))),
        edit_only(setup_facts(choice, sheet)),
    ]
    failing = failing_health(values, sheet.normal_health)
    if failing:
        blocks.append(text(failing))
    overflow = bool(values["check_overflow"])
    at = _difficulty_words(values)
    targets = {skill: difficulty(values, skill, "check_difficulty") for skill in (False, True)}
    _, checks = sheet_checks(values)
    attributes = [
        check_row(check, targets[False], overflow, at[False]) for check in checks if not check.skill
    ]
    blocks.append(checks_block(f"Attributes: d10 read 0-9, difficulty {at[False]}", attributes))
    blocks += power_tracks(values["powers"])
    blocks.append(
        checks_block(
            f"Skills: d100 read 00-99, difficulty {at[True]}",
            skill_rows(sheet, [c for c in checks if c.skill], targets[True], overflow, at[True]),
        )
    )
    blocks.append(edit_only(skills_table(name, choice, sheet)))
    blocks += health_tracks(values["current_health"], sheet.normal_health)
    return blocks


def _difficulty_words(values: Values) -> dict[bool, str]:
    """The sheet's check difficulty on each scale: ``{False: "2 (Challenge)", True: ...}``
    (a name stands for its row of Degree Information on the check's own scale)."""
    try:
        return {
            skill: difficulty_text(difficulty(values, skill, "check_difficulty"), skill)
            for skill in (False, True)
        }
    except ValueError as broken:
        raise FieldError("check_difficulty", str(broken)) from None


_FIELDS_OF = FieldsOf(
    SYSTEM,
    (
        Cue("Progression Points", ("progression_points", "purchases")),
        Cue("Skill Points", ("skill_points", "skills")),
    ),
)
"""The fields a builder refusal is about, by the rule it cites (the tracked numbers first)."""


# --------------------------------------------------------------------------
# The sheet's checks (Actions: Degrees and Difficulty)
# --------------------------------------------------------------------------


def _builder_check(values: Values, key: str, rng: random.Random) -> View:
    """A sheet row's check: roll under the attribute or the skill's Total, effort = score
    − roll against the sheet's difficulty, the degree and its name (Actions, Degrees and
    Difficulty; Overflow when the sheet turns it on)."""
    sheet, checks = sheet_checks(values)
    mend_first(sheet.problems)
    check = next((c for c in checks if c.key == key), None)
    if check is None:
        raise no_check(key)
    target = difficulty(values, check.skill, "check_difficulty")
    failing = failing_health(values, sheet.normal_health)
    view = rolled_check(
        check.score,
        target,
        check.skill,
        values["check_overflow"],
        rng,
        (failing,) if failing else (),
    )
    what = f"{check.label} {check.score} at difficulty {difficulty_text(target, check.skill)}"
    return {**view, "what": what}


def _normal_of(values: Values) -> int | None:
    """The sheet's Normal Health, or None while the sheet cannot be built."""
    try:
        return d10_0.build_character(character_input(values)).normal_health
    except ValueError:
        return None


def _builder_settle(before: Values, after: Values) -> Mapping[str, Any]:
    """Current Health follows Normal while it equals it: "the Current equals the Normal
    at the beginning" (Health, Health Points), so a sheet still being built keeps them
    together; once Current differs (damage, recovery) it is left as it is."""
    was, now = _normal_of(before), _normal_of(after)
    if was is None or now is None or was == now:
        return {}
    if before["current_health"] == was and after["current_health"] == was:
        return {"current_health": now}
    return {}


BUILDER = sheet_widget(
    "d10-0-builder",
    SYSTEM,
    "d10-0-character",
    FIELDS,
    show=_builder_show,
    unused=unused_circles,
    settle=_builder_settle,
    check=_builder_check,
    play_fields=("check_difficulty",),
    heading=NAME_FIELD,
    fresh=FRESH,
)
"""The D10/0 System, Standard Player Agent Build Process: a sheet checked against the rules."""


# --------------------------------------------------------------------------
# Use my sheet: the played character feeds the check and health widgets
# --------------------------------------------------------------------------

STORE = "d10-0-character"
"""Where the browser keeps the played character's values (the builder fences' ``store``)."""


def check_from_sheet(sheet: Values, mine: Values) -> tuple[dict[str, Any], str]:
    """The check widget's kind and score from the attribute or skill the reader picks on
    the played character: an attribute is checked on a d10, a skill's Total on a d100
    (Actions, Degrees and Difficulty); a dying or dead character's state follows."""
    owner = whose(sheet["name"])
    try:
        built, checks = sheet_checks(sheet)
    except ValueError as broken:
        return {}, f"From {owner}: it cannot be read ({broken}); the score below is yours to set."
    failing = failing_health(sheet, built.normal_health)
    found = find_check(checks, str(mine["sheet_check"]))
    if found is None:
        skills = ", ".join(c.name for c in checks if c.skill)
        return {}, (
            f"From {owner}: nothing is called {str(mine['sheet_check']).strip()!r}. Pick an "
            f"attribute ({', '.join(d10_0.ATTRIBUTE_NAMES)}) or a skill ({skills}); the score "
            "below is yours to set."
        )
    die = "a d100 read 00-99" if found.skill else "a d10 read 0-9"
    kind = "skill" if found.skill else "attribute"
    return {"kind": kind, "score": found.score}, (
        f"From {owner}: {found.label} {found.score}, {'an' if kind == 'attribute' else 'a'} "
        f"{kind} check on {die}." + (f" {failing}" if failing else "")
    )


CHECK_SOURCE = sheet_choice(STORE, BUILDER, check_from_sheet, "sheet_check")
"""The played character's attribute or skill feeds the check roller's kind and score."""

WIDGETS: tuple[Widget, ...] = (BUILDER,)

__all__ = [
    "BUILDER",
    "CHECK_SOURCE",
    "DEFAULT_SKILLS",
    "EXAMPLE_NAME",
    "EXAMPLE_POWER",
    "MAX_ATTRIBUTE_FIELD",
    "MAX_HEALTH",
    "MAX_INCREASES",
    "STORE",
    "SYSTEM",
    "WIDGETS",
    "SheetCheck",
    "attribute_field",
    "character_input",
    "check_row",
    "failing_health",
    "find_check",
    "health_tracks",
    "sheet_checks",
]
