"""Magic of the [2d6] Roleplaying System (chapter "Magic").

* Casting -- a Resolve check (Toughness + Willpower) against the spell's DC.
* Spell XP by DC -- 7: 2 XP, 9: 3, 11: 4, 13: 5, 15: 6, 17: 7
  (:data:`SPELL_XP`); spells are taken as talents.
* Penalties for failure -- a failure by less than 5 fizzles, by 5 or more
  the spell goes wild and turns on the caster.
* Sample spells with their DCs and XP (:data:`SPELLS`).
* Mass Spell (Talents) -- each extra target raises the DC one category, up to
  Legendary.
* Magic in combat -- attacking or defending with a spell is an ordinary opposed
  roll; a Resolve check that falls short of the spell's DC fails it, and the roll
  then gets no bonus.

Readings the tools use (stated on the rules pages):

* Failing by 1-4 fizzles, by 5 or more goes wild (the source says both "less
  than 5" and "no more than 5 points below"; the tools follow "less than 5",
  which agrees with "5 or more" going wild).
* A natural 2 fails and is classed by its total: wild when the total is 5 or
  more below the DC, a fizzle otherwise.
* Spell XP = (DC - 3) / 2 for the six DCs; Negate and Runes have no DC and
  cost 5 XP.
* Mass Spell leaves alone "some spells that affect areas or do not have
  specific targets" without naming them: the tools count Ward (an area),
  Natural Phenomenon (rain, wind, lightning) and Create (something out of
  nothing) among them, and keep their DC whatever the number of targets.
* In combat the opposed roll's total is the dice + Resolve when that reaches the
  DC, and the dice alone when it does not (the spell failed: "no bonus on the
  roll"); a natural 2 is no automatic failure there (Combat, Critical Hits), so it
  casts when 2 + Resolve reaches the DC. The source names no fizzle or wild result
  in combat: the tools give the margin and leave that to the GM.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Final, Literal

from rules_py.systems._params import not_a, refusal
from rules_py.systems.two_d6._common import SYSTEM, counted, find_named, require_range
from rules_py.systems.two_d6.checks import (
    BOXCARS,
    DC_STEP,
    DCS,
    HARDEST_DC,
    MAX_DC,
    MIN_DC,
    SNAKE_EYES,
    CheckRoll,
    check_bonus,
    check_dc,
    check_success,
    natural_distribution,
    parse_dc,
    roll_check,
)

CastResult = Literal["success", "fizzle", "wild"]

CAST_RESULTS: Final[tuple[CastResult, ...]] = ("success", "fizzle", "wild")
WILD_MARGIN: Final = 5
"""A casting roll this far or further below the DC goes wild (Magic, Penalties for failure)."""
NO_DC_SPELL_XP: Final = 5
"""The XP of Negate and Runes, the spells with no DC (Magic, Sample Spells)."""

SPELL_XP: Final[Mapping[int, int]] = MappingProxyType({7: 2, 9: 3, 11: 4, 13: 5, 15: 6, 17: 7})
"""A spell's XP cost by its DC (Magic)."""


def spell_xp(dc: int) -> int:
    """A spell's XP cost from its DC: (DC - 3) / 2, for the six DCs only (Magic)."""
    if dc not in SPELL_XP:
        raise ValueError(
            not_a(
                "a spell's DC",
                f"one of {', '.join(map(str, SPELL_XP))} for its XP to be set",
                dc,
                f"{SYSTEM}, Magic",
            )
        )
    return (dc - 3) // 2


@dataclass(frozen=True, slots=True)
class Spell:
    """A sample spell (Magic, Sample Magic Spells)."""

    name: str
    dc: int | None
    """The basic cast DC for a medium-magic world; None for Negate and Runes."""
    xp: int
    per_target: bool = False
    """True when each time it is taken it applies to a new thing or phenomenon."""
    use: str = ""
    """What the spell stands in for, where the source says (an attack, a skill)."""
    no_dc: str = ""
    """For a spell without a DC, how the source says it works instead."""
    untargeted: str = ""
    """Why Mass Spell leaves it alone (an area, no specific target), or "" (Talents)."""


SPELLS: Final[tuple[Spell, ...]] = (
    Spell("Animate", 13, 5),
    Spell("Blast", 9, 3, use="a ranged attack"),
    Spell("Charm", 9, 3, use="Diplomacy"),
    Spell("Control", 9, 3, per_target=True),
    Spell("Create", 17, 7, untargeted="it makes something out of nothing, with no target"),
    Spell("Destroy", 17, 7),
    Spell("Entangle", 11, 4, use="Melee (Unarmed) to grapple"),
    Spell("Heal", 13, 5),
    Spell("Illusion", 9, 3),
    Spell("Levitate", 13, 5, use="Athletics, or a thrown improvised weapon"),
    Spell(
        "Natural Phenomenon",
        9,
        3,
        per_target=True,
        untargeted="it calls on a phenomenon such as rain or wind, not on targets",
    ),
    Spell(
        "Negate",
        None,
        5,
        use="an opposed Cast check",
        no_dc="it is cast as an opposed Cast check against another caster",
    ),
    Spell("Repel Attack", 7, 2, use="defence against Melee ( ), Throw, Archery and Shooting"),
    Spell(
        "Runes",
        None,
        5,
        no_dc="it is not cast on its own but lets the caster scribe other spells into runes, "
        "each at its own DC",
    ),
    Spell("Summon", 11, 4),
    Spell("Transmute", 13, 5),
    Spell("Ward", 7, 2, untargeted="it wards an area"),
)
"""The sample spells in the source's order, with DC and XP (Magic)."""


def spell(name: str) -> Spell:
    """The sample spell called ``name`` (any case)."""
    found = find_named(SPELLS, name)
    if found is not None:
        return found
    raise ValueError(
        refusal(
            f"unknown spell {name!r}; the sample spells are {', '.join(s.name for s in SPELLS)}",
            f"{SYSTEM}, Magic",
        )
    )


def cast_result(natural: int, resolve: int, dc: int) -> CastResult:
    """Success, fizzle (missed by 1-4) or wild (missed by 5 or more) (Magic).

    A natural 2 fails whatever the total and is classed by how far its total
    is below the DC.
    """
    if check_success(natural, resolve, dc):
        return "success"
    return "wild" if dc - (natural + resolve) >= WILD_MARGIN else "fizzle"


def cast_outcomes(resolve: int, dc: int, aim: bool = False) -> dict[CastResult, Fraction]:
    """The exact chance of each result of a casting roll (Magic; Combat, Aiming).

    ``resolve`` is the caster's Resolve (Toughness + Willpower, 0 to 10).
    """
    resolve = check_bonus(resolve, "Magic")
    dc = check_dc(dc, "Magic")
    out = dict.fromkeys(CAST_RESULTS, Fraction(0))
    for n, p in natural_distribution(aim).items():
        out[cast_result(n, resolve, dc)] += p
    return out


def spell_dc(name_or_dc: str) -> int:
    """The DC of a casting: a spell's name, a DC's name or a whole number."""
    key = name_or_dc.strip()
    sample = find_named(SPELLS, key)
    if sample is not None:
        if sample.dc is None:
            raise ValueError(
                refusal(
                    f"{sample.name} has no DC: {sample.no_dc}", f"{SYSTEM}, Magic, {sample.name}"
                )
            )
        return sample.dc
    try:
        return parse_dc(key)
    except ValueError:
        raise ValueError(
            "A casting must be against a sample spell's name, a DC's name or a whole "
            f"number from {MIN_DC} to {MAX_DC}, got {name_or_dc!r} ({SYSTEM}, Magic)"
        ) from None


MAX_MASS_TARGETS: Final = 1 + (HARDEST_DC - MIN_DC) // DC_STEP
"""The most targets any spell reaches with Mass Spell (the lowest DC, stepped to Legendary)."""


def mass_spell_dc(dc: int, targets: int) -> int:
    """A spell's DC on ``targets`` targets with Mass Spell: one category up per extra target.

    Targets stop once the DC reaches Legendary (17): a DC that would pass it
    raises ``ValueError`` (Talents, Mass Spell).
    """
    dc = check_dc(dc, "Mass Spell")
    targets = require_range(targets, "targets", "Talents, Mass Spell", 1)
    raised = dc + DC_STEP * (targets - 1)
    if raised > max(dc, HARDEST_DC):
        most = 1 + max(0, (HARDEST_DC - dc) // DC_STEP)
        raise ValueError(
            refusal(
                "no more targets once the DC reaches Legendary "
                f"({DCS['Legendary']}); a DC {dc} spell reaches at most "
                f"{counted(most, 'target')}",
                f"{SYSTEM}, Talents, Mass Spell",
            )
        )
    return raised


def mass_spell_exempt(name: str) -> str:
    """Why Mass Spell does not change the sample spell ``name``, or "" when it does
    (Talents, Mass Spell: "spells that affect areas or do not have specific targets")."""
    sample = find_named(SPELLS, name)
    return sample.untargeted if sample is not None else ""


def cast_dc(spell_or_dc: str, targets: int = 1) -> int:
    """The DC of a casting (a spell's name, a DC's name or a number) on ``targets``.

    Each target past the first raises the DC one category with Mass Spell (see
    :func:`mass_spell_dc`), except for a spell that affects an area or has no specific
    target, whose DC stays (Talents, Mass Spell).
    """
    dc = spell_dc(spell_or_dc)
    count = require_range(targets, "targets", "Talents, Mass Spell", 1)
    return dc if mass_spell_exempt(spell_or_dc) else mass_spell_dc(dc, count)


def combat_cast_total(natural: int, resolve: int, dc: int) -> int:
    """An opposed roll made with a spell: the dice + Resolve if that reaches the DC, else the
    dice alone (Magic: "it fails and you receive no bonus on the roll")."""
    return natural + resolve if natural + resolve >= dc else natural


def combat_cast_totals(resolve: int, dc: int, aim: bool = False) -> dict[int, Fraction]:
    """The exact chance of each total an opposed roll made with a spell reaches (Magic)."""
    resolve = check_bonus(resolve, "Magic")
    dc = check_dc(dc, "Magic")
    out: dict[int, Fraction] = {}
    for n, p in natural_distribution(aim).items():
        total = combat_cast_total(n, resolve, dc)
        out[total] = out.get(total, Fraction(0)) + p
    return dict(sorted(out.items()))


@dataclass(frozen=True, slots=True)
class CastRoll:
    """One rolled casting: the check and its result."""

    roll: CheckRoll
    result: CastResult

    @property
    def text(self) -> str:
        words = {
            "success": "the spell is cast",
            "fizzle": "the spell fizzles",
            "wild": "the spell goes wild and turns on the caster",
        }
        r = self.roll
        head = f"{r.natural} + {r.bonus} = {r.total} vs DC {r.dc}: "
        if r.natural == SNAKE_EYES:
            head += "snake eyes, "
        tail = "; boxcars: gain a cinematic" if r.natural == BOXCARS else ""
        return head + words[self.result] + tail


def roll_cast(
    resolve: int, dc: int, aim: bool = False, rng: random.Random | None = None
) -> CastRoll:
    """Roll a casting and name the result (Magic)."""
    roll = roll_check(check_bonus(resolve, "Magic"), check_dc(dc, "Magic"), aim, rng)
    return CastRoll(roll, cast_result(roll.natural, roll.bonus, roll.dc))


__all__ = [
    "CAST_RESULTS",
    "MAX_MASS_TARGETS",
    "NO_DC_SPELL_XP",
    "SPELLS",
    "SPELL_XP",
    "WILD_MARGIN",
    "CastResult",
    "CastRoll",
    "Spell",
    "cast_dc",
    "cast_outcomes",
    "cast_result",
    "combat_cast_total",
    "combat_cast_totals",
    "mass_spell_dc",
    "mass_spell_exempt",
    "roll_cast",
    "spell",
    "spell_dc",
    "spell_xp",
]
