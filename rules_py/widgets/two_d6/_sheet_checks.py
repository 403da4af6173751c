"""The 2d6 sheet's checks rows and their rolls: each stat, skill and spell a row with its
exact chance, the check at 0 wounds, and the roll a row's Roll makes (The Basics;
Skills; Magic; Combat, Wounds).

Split from :mod:`._character` by the rule that no module is much over 600 lines
(docs/architecture.md, "One shape for every system").
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

from rules_py.systems._params import refusal
from rules_py.systems.two_d6 import builder
from rules_py.systems.two_d6 import character as rules
from rules_py.systems.two_d6._common import counted, find_named
from rules_py.systems.two_d6.checks import (
    DEATH_SAVE_DC,
    SNAKE_EYES,
    parse_dc,
    roll_check,
    success_chance,
)
from rules_py.systems.two_d6.magic import SPELLS, cast_outcomes, roll_cast
from rules_py.views import View
from rules_py.widgets._blocks import Block, CheckRow, rolled, sheet_checks
from rules_py.widgets._sheet import called, mend_first, sheet_row
from rules_py.widgets._widget import Values
from rules_py.widgets.two_d6._common import SYSTEM, check_outcome, dc_text, dice_line, signed
from rules_py.widgets.two_d6._sheet_against import Against, against, skill_check
from rules_py.widgets.two_d6._sheet_fields import character_input
from rules_py.widgets.two_d6._sheet_tracks import sheet_state_line, wound_state


@lru_cache(maxsize=512)
def _success(bonus: int, dc: int) -> Fraction:
    """The exact chance that 2d6 + ``bonus`` meets ``dc``, snake eyes failing (The Basics)."""
    return success_chance(bonus, dc)


@lru_cache(maxsize=256)
def _casting(resolve: int, dc: int) -> tuple[Fraction, Fraction, Fraction]:
    """The exact chances that a casting succeeds, fizzles and goes wild (Magic)."""
    outcomes = cast_outcomes(resolve, dc)
    return outcomes["success"], outcomes["fizzle"], outcomes["wild"]


def _row_chance(bonus: int, target: Against, *, rolls: bool) -> tuple[Fraction | None, str]:
    """A sheet row's chance against the DC its armour leaves (0 where armour makes the
    task impossible), and what the row says of that DC; no chance on a sheet whose
    checks are refused (The Basics; Items, Armor)."""
    if target.dc is None:
        return (Fraction(0) if rolls else None), f"impossible in {target.armour} armour"
    said = f"armour DC {target.dc}" if target.note else ""
    return (_success(bonus, target.dc) if rolls else None), said


def stat_rows(
    values: Values, sheet: builder.CharacterSheet, dc: int, *, rolls: bool
) -> list[CheckRow]:
    """The eight stats in the source's order, each a row rolling 2d6 + the stat (Stat
    Boosts included) against the sheet's DC, stepped by armour for AGI (The Basics;
    Stats; Items, Armor)."""
    rows = []
    for s in rules.STATS:
        bonus = sheet.stats[s.abbreviation]
        target = against(values, dc, s.abbreviation)
        chance, note = _row_chance(bonus, target, rolls=rolls)
        asked = dc_text(dc) if target.dc is None else dc_text(target.dc)
        rows.append(
            CheckRow(
                key=f"stat:{s.abbreviation}",
                name=s.abbreviation,
                value=signed(bonus),
                label=f"Roll {s.name} {signed(bonus)} against {asked}",
                chance=chance,
                title=s.name,
                note=note,
            )
        )
    return rows


def skill_rows(
    values: Values, sheet: builder.CharacterSheet, dc: int, *, rolls: bool
) -> list[CheckRow]:
    """Each skill a row rolling 2d6 + its stat + its ranks against the sheet's DC, with the
    stat the sheet picks; armour steps the Agility skills that do not fight (Skills;
    Items, Armor)."""
    rows = []
    for i in range(len(values["skills"])):
        c = skill_check(values, sheet.stats, i)
        target = against(values, dc, c.stat, c.skill)
        chance, said = _row_chance(c.bonus, target, rolls=rolls)
        asked = dc_text(dc) if target.dc is None else dc_text(target.dc)
        other = f" or {c.other}" if c.other else ""
        note = f"{c.stat}{other} {signed(c.stat_bonus)}, {counted(c.ranks, 'rank')}"
        rows.append(
            CheckRow(
                key=f"skill:{i}",
                name=c.label,
                value=signed(c.bonus),
                label=f"Roll {c.label} {signed(c.bonus)} against {asked}",
                chance=chance,
                note=f"{note}; {said}" if said else note,
                title=c.words,
            )
        )
    return rows


def spell_rows(
    values: Values, sheet: builder.CharacterSheet, *, rolls: bool
) -> tuple[list[CheckRow], list[str]]:
    """The spells the sheet lists: each with a DC a row casting it, a Resolve check
    against that DC whose miss by 5 or more goes wild; and those without a DC (Negate
    and Runes), named with how they work instead (Magic)."""
    rows, others = [], []
    for i, row in enumerate(values["spells"]):
        label = str(row["name"]).strip() or f"Spell {i + 1}"
        spell_dc = _spell_dc(row)
        if spell_dc is None:
            sample = find_named(SPELLS, label)
            others.append(f"{label} ({sample.no_dc})" if sample else label)
            continue
        cast = fizzle = wild = None
        if rolls:
            cast, fizzle, wild = _casting(sheet.resolve, spell_dc)
        rows.append(
            CheckRow(
                key=f"spell:{i}",
                name=label,
                value=signed(sheet.resolve),
                label=(
                    f"Roll to cast {label}, Resolve {signed(sheet.resolve)} against DC {spell_dc}"
                ),
                chance=cast,
                detail="" if cast is None else f"fizzle {fizzle}, wild {wild}",
                note=f"Resolve against DC {spell_dc}",
            )
        )
    return rows, others


def _spell_dc(row: Values) -> int | None:
    """A spell row's DC: the DC set on it, or the sample spell's own; None for one that
    has neither (Negate, Runes, or a spell of the GM's left without a DC) (Magic)."""
    if row["dc"]:
        return int(row["dc"])
    sample = find_named(SPELLS, str(row["name"]))
    return None if sample is None else sample.dc


def death_save(values: Values, sheet: builder.CharacterSheet) -> Block:
    """The DC 5 Resolve check a character at 0 wounds makes, a row with its chance and its
    Roll (Combat, Wounds)."""
    row = CheckRow(
        key=DEATH_SAVE_KEY,
        name="Resolve",
        value=signed(sheet.resolve),
        label=f"Roll Resolve {signed(sheet.resolve)} against DC {DEATH_SAVE_DC}",
        chance=rules.death_save_chance(sheet.resolve),
        note="to live",
    )
    return sheet_checks(
        f"{called(values)}'s check at 0 wounds: Resolve against DC {DEATH_SAVE_DC}", [row]
    )


DEATH_SAVE_KEY = "save:death"
"""The sheet check of the DC 5 Resolve check at 0 wounds."""


def builder_check(values: Values, key: str, rng: random.Random) -> View:
    """A sheet row's check: 2d6 + stat (+ skill ranks) against the sheet's DC (The Basics)."""
    sheet = builder.build_character(character_input(values))
    mend_first(sheet.problems)
    dc = parse_dc(values["check_dc"])
    said = sheet_state_line(values, sheet)
    details = [said] if said else []
    if key == DEATH_SAVE_KEY:
        if wound_state(values, sheet) != "dying":
            raise ValueError(
                refusal(
                    f"no check at 0 wounds to make: {called(values)} is "
                    f"{'dead' if wound_state(values, sheet) == 'dead' else 'not at 0 wounds'}",
                    f"{SYSTEM}, Combat, Wounds",
                )
            )
        save = roll_check(sheet.resolve, DEATH_SAVE_DC, rng=rng)
        boxcars = "; boxcars: gain a cinematic"
        said = check_outcome(save)
        life = ": alive, unconscious until a wound is regained" if save.success else ": dead"
        outcome = said.removesuffix(boxcars) + life + (boxcars if save.cinematic else "")
        return {
            **rolled([dice_line("", save.dice, 0, sheet.resolve)], outcome),
            "what": f"Resolve {signed(sheet.resolve)} against DC {DEATH_SAVE_DC} at 0 wounds",
        }
    kind, which = sheet_row(
        key, stat=rules.STAT_NAMES, skill=len(values["skills"]), spell=len(values["spells"])
    )
    if kind == "spell":
        return _cast(values, sheet, int(which), details, rng)
    if kind == "stat":
        stat = rules.stat(which).abbreviation
        bonus, what = sheet.stats[stat], f"{stat} {signed(sheet.stats[stat])}"
        target = against(values, dc, stat)
    else:
        check = skill_check(values, sheet.stats, int(which))
        bonus, what = check.bonus, check.words
        target = against(values, dc, check.stat, check.skill)
    if target.dc is None:
        raise ValueError(target.impossible)
    result = roll_check(bonus, target.dc, rng=rng)
    line = dice_line("", result.dice, 0, bonus)
    what += f" against {dc_text(target.dc)}" + (f": {target.note}" if target.note else "")
    return {**rolled([line], check_outcome(result), details), "what": what}


def _cast(
    values: Values,
    sheet: builder.CharacterSheet,
    index: int,
    details: list[str],
    rng: random.Random,
) -> View:
    """A spell row's casting: a Resolve check against the spell's DC; missing by 1-4
    fizzles, by 5 or more goes wild (Magic)."""
    row = values["spells"][index]
    label = str(row["name"]).strip() or f"Spell {index + 1}"
    spell_dc = _spell_dc(row)
    if spell_dc is None:
        raise ValueError(refusal(f"{label} has no DC to cast against", f"{SYSTEM}, Magic"))
    cast = roll_cast(sheet.resolve, spell_dc, rng=rng)
    check = cast.roll
    verdict = {
        "success": "Cast: the spell takes effect",
        "fizzle": "Fizzle: the spell fails",
        "wild": "Wild: the spell goes wrong and turns on the caster",
    }[cast.result]
    outcome = f"{verdict} ({check.total} against DC {check.dc}"
    outcome += ", snake eyes)" if check.natural == SNAKE_EYES else ")"
    if check.cinematic:
        outcome += "; boxcars: gain a cinematic"
    line = dice_line("", check.dice, 0, sheet.resolve)
    what = f"{label}: Resolve {signed(sheet.resolve)} against DC {spell_dc}"
    return {**rolled([line], outcome, details), "what": what}
