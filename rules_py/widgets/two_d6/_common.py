"""Pieces the 2d6 widgets share: the bonus and DC fields, and a rolled 2d6 as a line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_py.systems.two_d6.checks import (
    DCS,
    MAX_BONUS,
    MIN_BONUS,
    SNAKE_EYES,
    CheckRoll,
    dc_name,
    parse_dc,
)
from rules_py.systems.two_d6.magic import SPELLS
from rules_py.widgets._fields import Choice, Flag, Number, Text

SYSTEM = "[2d6] Roleplaying System"
"""The source's title, as the rules package's messages cite it."""

AIM = Flag(
    "aim",
    "Aim: roll 2d6 twice and keep the higher",
    hint="Aiming takes a full-round action; the Hip Shot talent makes it a half-round action "
    "(Combat, Aiming; Talents, Hip Shot).",
)
ARMOUR_OPTIONS: tuple[tuple[str, str], ...] = (
    ("none", "None"),
    ("light", "Light"),
    ("medium", "Medium"),
    ("heavy", "Heavy"),
)


def bonus_field(
    name: str = "bonus", label: str = "Bonus (stat + skill)", default: int = 2, hint: str = ""
) -> Number:
    """A check's bonus: a stat (+0 to +5) plus a skill's ranks (0 to 5)."""
    return Number(
        name,
        label,
        default,
        MIN_BONUS,
        MAX_BONUS,
        hint=hint or "A stat's bonus plus a skill's ranks, +0 to +10.",
    )


DC_OPTIONS: tuple[tuple[str, str], ...] = tuple((name, f"DC {dc}") for name, dc in DCS.items())
"""The six named DCs, offered as the reader types a DC (Running the Game, DCs)."""


SPELL_OPTIONS: tuple[tuple[str, str], ...] = tuple(
    (s.name, f"DC {s.dc}, {s.xp} XP" if s.dc is not None else f"opposed, {s.xp} XP") for s in SPELLS
)
"""The sample spells, offered as the reader types a spell (Magic, Sample Magic Spells)."""


def dc_field(
    default: str = "Difficult",
    name: str = "dc",
    label: str = "DC",
    *,
    printed: bool = True,
    hint: str = "A whole number from 2, or Easy (7), Average (9), Difficult (11), "
    "Professional (13), Exceptional (15), Legendary (17).",
) -> Text:
    """A DC by number or by one of the six names (Easy 7 ... Legendary 17)."""
    return Text(
        name,
        label,
        default,
        printed=printed,
        max_length=20,
        hint=hint,
        parse=parse_dc,
        options=DC_OPTIONS,
    )


def armour_field(hint: str) -> Choice:
    """The armour worn: none, light, medium or heavy (Items, Armor)."""
    return Choice("armour", "Armour", ARMOUR_OPTIONS, "none", hint=hint)


def dc_text(dc: int) -> str:
    """``"DC 11 (Difficult)"``, or ``"DC 8"`` for a DC without a name."""
    name = dc_name(dc)
    return f"DC {dc} ({name})" if name else f"DC {dc}"


def signed(bonus: int) -> str:
    """A bonus with its sign: ``+3``, ``+0``."""
    return f"{bonus:+d}"


def dice_line(
    label: str, rolls: Sequence[tuple[int, int]], kept: int, bonus: int
) -> dict[str, Any]:
    """A rolled check as a line: each die (the rolls not kept shown dropped), then the bonus.

    ``kept`` is the index of the roll of two dice that counts (the higher when
    aiming, the reroll after armour).
    """
    parts: list[dict[str, str]] = []
    words: list[str] = []
    for i, pair in enumerate(rolls):
        kind = "die" if i == kept else "dropped"
        for die in pair:
            parts.append({"kind": kind, "text": str(die)})
            words.append(str(die) + ("" if i == kept else " dropped"))
    parts.append({"kind": "op", "text": f"+ {bonus}"})
    total = sum(rolls[kept]) + bonus
    return {
        "label": label,
        "parts": parts,
        "total": str(total),
        "spoken": f"{', '.join(words)}, plus {bonus}, total {total}",
    }


def higher(rolls: Sequence[tuple[int, int]]) -> int:
    """The index of the roll an aimed check keeps: the first with the highest sum."""
    sums = [sum(pair) for pair in rolls]
    return sums.index(max(sums))


def check_outcome(roll: CheckRoll) -> str:
    """The result named as a player says it (snake eyes and boxcars included)."""
    if roll.natural == SNAKE_EYES:
        verdict = "Failure: snake eyes fails whatever the bonus"
    else:
        verdict = f"{'Success' if roll.success else 'Failure'}: {roll.total} against DC {roll.dc}"
    if roll.cinematic:
        verdict += "; boxcars: gain a cinematic"
    return verdict
