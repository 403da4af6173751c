"""2d6 healing and the character builder.

Every number comes from :mod:`rules_py.systems.two_d6` (Combat, Healing;
Character Creation; Stats; Skills; Talents; Magic; Character Growth); this
module arranges it into blocks.

It assembles the builder from its chapters, one private module each, since no module is
much over 600 lines (docs/architecture.md, "One shape for every system"):
:mod:`._healing` (Combat, Healing), :mod:`._sheet_fields` (the builder's fields),
:mod:`._sheet_against` (a check's stat and the DC its armour leaves),
:mod:`._sheet_tracks` (wounds, XP and the character's state), :mod:`._sheet_checks`
(the sheet's checks rows and their rolls) and :mod:`._sheet_setup` (the sheet's lines
and its Edit-mode setup). The names other modules import from here are re-exported.
"""

from __future__ import annotations

from rules_py.systems.two_d6 import builder
from rules_py.systems.two_d6 import character as rules
from rules_py.systems.two_d6._common import counted
from rules_py.systems.two_d6.checks import parse_dc
from rules_py.widgets._blocks import Block, edit_only, sheet_checks, text
from rules_py.widgets._fields import Choice, Flag, Number, Text
from rules_py.widgets._sheet import NAME, called, problems_beside, sheet_widget
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.two_d6._common import ARMOUR_OPTIONS, SYSTEM, dc_field, dc_text, signed
from rules_py.widgets.two_d6._healing import HEALING
from rules_py.widgets.two_d6._sheet_against import against, sheet_check, sheet_stats, worn
from rules_py.widgets.two_d6._sheet_checks import (
    builder_check,
    death_save,
    skill_rows,
    spell_rows,
    stat_rows,
)
from rules_py.widgets.two_d6._sheet_fields import (
    EXAMPLE_NAME,
    EXAMPLE_RACE,
    FIELDS_OF,
    FRESH,
    ITEM_METHOD,
    ITEM_ROWS,
    MAX_POINTS,
    MAX_WOUNDS_TAKEN,
    SKILL_ROWS,
    SPELL_ROWS,
    STAT_CHOICES,
    STORE,
    TALENT_ROWS,
    character_input,
    stat_field,
)
from rules_py.widgets.two_d6._sheet_setup import (
    armour_said,
    equipment_line,
    race_line,
    setup_blocks,
    talents_line,
)
from rules_py.widgets.two_d6._sheet_tracks import sheet_state_line, state_line, tracks, wound_state


def _builder_show(values: Values) -> list[Block]:
    """The sheet in play, in the order it is printed: who the character is, its wounds,
    state and XP as boxes, its stats, skills and spells as rows rolling their checks with
    their exact chance, then its talents and equipment; the setup (points bought, the XP
    account, the item slots) is for Edit mode (Character Creation; Combat, Wounds)."""
    sheet = builder.build_character(character_input(values))
    blocks = problems_beside(sheet.problems, FIELDS_OF)
    blocks += [text(f"Note: {warning}") for warning in sheet.warnings]
    name = called(values)
    wounds = "no wounds count" if sheet.wounds is None else counted(sheet.wounds, "wound")
    state = wound_state(values, sheet)
    dc = parse_dc(values["check_dc"])
    armour_line = armour_said(values, dc)
    said = sheet_state_line(values, sheet)
    rolls = not sheet.problems
    blocks += [
        text(
            f"{name}: {wounds}, resolve {signed(sheet.resolve)}, initiative "
            f"{signed(sheet.initiative)}."
        ),
        *tracks(values, sheet),
        *([text(said)] if said else []),
        *([death_save(values, sheet)] if state == "dying" else []),
    ]
    spells, without_dc = spell_rows(values, sheet, rolls=rolls)
    caption = f"{called(values)}'s checks against {dc_text(dc)}"
    rows = [
        *stat_rows(values, sheet, dc, rolls=rolls),
        *skill_rows(values, sheet, dc, rolls=rolls),
        *spells,
    ]
    blocks.append(sheet_checks(caption, rows))
    if without_dc:
        blocks.append(text(f"Spells without a DC: {'; '.join(without_dc)}."))
    race = f"Race: {values['race']}. " if values["race"] else ""
    kept = f"{race}{talents_line(values)} {equipment_line(values)}"
    blocks.append(text(f"{kept} {armour_line}" if armour_line else kept))
    if values["race"]:
        blocks.append(edit_only(text(race_line(values["race"]))))
    blocks += [edit_only(block) for block in setup_blocks(values, sheet)]
    return blocks


BUILDER = sheet_widget(
    "2d6-builder",
    SYSTEM,
    "2d6-character",
    (
        *(stat_field(s) for s in rules.STATS),
        Number(
            "stat_points",
            "Stat points",
            rules.STAT_POINTS,
            0,
            MAX_POINTS,
            hint=f"{rules.STAT_POINTS} unless the game says otherwise; unspent points become XP.",
            printed=False,  # "Stat points: N of this spent"
        ),
        SKILL_ROWS,
        TALENT_ROWS,
        SPELL_ROWS,
        Number(
            "cinematics",
            "Cinematics bought",
            1,
            0,
            MAX_POINTS,
            hint=f"{rules.CINEMATIC_XP} XP each.",
            printed=False,  # a line of the sheet's XP table
        ),
        Text(
            "race",
            "Race",
            "",
            max_length=30,
            hint="Optional, where the setting has races: Goblin is the rules' example.",
            options=((EXAMPLE_RACE, "the rules' example race"),),
            printed=False,  # the sheet's line "Race: ..."
        ),
        ITEM_METHOD,
        ITEM_ROWS,
        Number(
            "earned_xp",
            "XP earned in play",
            0,
            0,
            MAX_POINTS,
            track=True,
            hint="In play, tap a box of the XP track for each XP earned.",
            printed=False,  # the XP track prints as boxes
        ),
        Number("lost_limbs", "Limbs lost", 0, 0, 4, hint="Each costs a wound for good."),
        Number(
            "wounds_taken",
            "Wounds taken",
            0,
            0,
            MAX_WOUNDS_TAKEN,
            track=True,
            hint="In play, tap a box of the Wounds track for each wound taken, a filled "
            "one as a wound heals.",
            printed=False,  # the Wounds track prints as boxes
        ),
        dc_field(
            "Average",
            "check_dc",
            "DC for the sheet's checks",
            printed=False,
            hint="",
        ),
        Choice(
            "check_stat",
            "Stat for skill checks",
            STAT_CHOICES,
            "usual",
            printed=False,
        ),
        Choice(
            "armour",
            "Armour worn",
            ARMOUR_OPTIONS,
            "light",
            hint="Raises the DC of Agility checks one step (light), two (medium) or three "
            "(heavy); combat rolls are exempt.",
            printed=False,  # the sheet's line "Armour: ..."
        ),
        Flag(
            "unconscious",
            "Knocked unconscious",
            printed=False,  # the sheet says so beside its rolls
        ),
    ),
    show=_builder_show,
    check=builder_check,
    play_fields=("check_dc", "check_stat", "unconscious"),
    heading=Text("name", NAME.label, EXAMPLE_NAME, hint=NAME.hint, printed=False),
    fresh=FRESH,
)
"""[2d6] Roleplaying System, Character Creation: a starting sheet checked against the rules."""

WIDGETS: tuple[Widget, ...] = (HEALING, BUILDER)

__all__ = [
    "BUILDER",
    "HEALING",
    "SPELL_ROWS",
    "STAT_CHOICES",
    "STORE",
    "WIDGETS",
    "against",
    "character_input",
    "sheet_check",
    "sheet_stats",
    "state_line",
    "worn",
    "wound_state",
]
