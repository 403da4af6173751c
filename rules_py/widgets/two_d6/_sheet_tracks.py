"""The 2d6 sheet's tracks and state: wounds taken and XP earned as boxes, and what the
wounds leave the character (Combat, Wounds; Character Growth).

Split from :mod:`._character` by the rule that no module is much over 600 lines
(docs/architecture.md, "One shape for every system").
"""

from __future__ import annotations

from typing import Any

from rules_py.systems.two_d6 import builder
from rules_py.systems.two_d6 import character as rules
from rules_py.systems.two_d6.checks import DEATH_SAVE_DC
from rules_py.widgets._blocks import Block, counter_taps, track
from rules_py.widgets._sheet import called
from rules_py.widgets._widget import Values
from rules_py.widgets.two_d6._common import signed
from rules_py.widgets.two_d6._sheet_fields import MAX_POINTS, character_input

XP_BOXES = 5
"""The XP track grows five boxes at a time, always with one to tick (a tool's layout)."""


def _wound_taps(taken: int, total: int) -> list[dict[str, Any]]:
    """The taps of the Wounds track: an empty box takes a wound, a filled one heals the
    last taken, as :func:`counter_taps` counts them, also past the boxes (a sheet typed
    with more wounds taken than it has boxes)."""
    if taken <= total:
        return counter_taps("wounds_taken", "Wounds taken", taken, total)
    return [
        {"set": {"wounds_taken": taken - 1}, "said": f"Wounds taken: {taken} → {taken - 1}"}
    ] * total


def tracks(values: Values, sheet: builder.CharacterSheet) -> list[Block]:
    """Wounds taken and XP earned as boxes a player taps (Combat, Wounds; Character
    Growth).

    The Wounds track has a box for each of the sheet's wounds and, once they are all
    taken, one more for a wound taken at 0, which kills; the XP track counts the XP
    earned in play, which buys skills, talents and cinematics in Edit mode.
    """
    blocks: list[Block] = []
    taken = values["wounds_taken"]
    if sheet.wounds is not None:
        state = wound_state(values, sheet)
        total = sheet.wounds + (state != "standing")
        left = max(0, sheet.wounds - taken)
        said = {"standing": f"{left} left", "dying": "0 left: dying", "dead": "dead"}[state]
        names = [f"Wound {n}" for n in range(1, sheet.wounds + 1)]
        names += ["A wound at 0: dead"] * (total - sheet.wounds)
        blocks.append(
            track(
                "Wounds",
                min(taken, total),
                total,
                said,
                taps=_wound_taps(taken, total),
                names=names,
            )
        )
    earned = values["earned_xp"]
    boxes = min(MAX_POINTS, max(XP_BOXES, -(-(earned + 1) // XP_BOXES) * XP_BOXES))
    blocks.append(
        track(
            "XP earned in play",
            earned,
            boxes,
            f"{earned} earned",
            taps=counter_taps("earned_xp", "XP earned", earned, boxes),
        )
    )
    return blocks


def wound_state(values: Values, sheet: builder.CharacterSheet) -> rules.WoundState:
    """What the wounds taken leave the sheet's character (Combat, Wounds); "standing"
    while the sheet has no wounds count."""
    if sheet.wounds is None:
        return "standing"
    return rules.wound_state(sheet.wounds, values["wounds_taken"])


def sheet_state_line(values: Values, sheet: builder.CharacterSheet) -> str:
    """The sentence a dying, dead or unconscious character's rolls carry, or "" (Combat)."""
    state, name = wound_state(values, sheet), called(values)
    if state == "dying":
        return (
            f"{name} is at 0 wounds: unconscious, and dying unless a DC {DEATH_SAVE_DC} "
            f"Resolve check ({signed(sheet.resolve)}) succeeds; then unconscious until a "
            "wound is regained. Any further wound kills (Combat, Wounds)."
        )
    if state == "dead":
        return f"{name} is dead: a wound taken at 0 wounds kills at once (Combat, Wounds)."
    if values["unconscious"]:
        return (
            f"{name} is unconscious: its defensive rolls get no bonus and rely on luck "
            "alone (Combat, Roll Mechanics)."
        )
    return ""


def state_line(values: Values) -> str:
    """What a saved sheet's wounds and state leave its character, or "" (Combat, Wounds)."""
    return sheet_state_line(values, builder.build_character(character_input(values)))
