"""2d6 checks and casting: one check with every option a player has, a spell's casting roll.

Every number comes from :mod:`rules_py.systems.two_d6` (The Basics; Skills,
Critical Success/Failure, Aiding Others, Taking 7; Combat, Aiming; Items,
Armor; Magic); this module arranges it into blocks and rolls the dice.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from rules_py._format import percent
from rules_py.systems._params import refusal
from rules_py.systems.two_d6 import checks as rules
from rules_py.systems.two_d6 import magic
from rules_py.systems.two_d6.character import SKILLS as SAMPLE_SKILLS
from rules_py.systems.two_d6.character import armour_applies
from rules_py.systems.two_d6.items import armour_dc_steps
from rules_py.views import View
from rules_py.widgets._blocks import Block, facts, listing, odds_table, rolled, text
from rules_py.widgets._fields import Choice, Flag, Number, Text
from rules_py.widgets._source import sheet_choice
from rules_py.widgets._widget import Refusal, Values, Widget
from rules_py.widgets.two_d6._character import (
    BUILDER,
    STAT_CHOICES,
    STORE,
    sheet_check,
    sheet_stats,
    state_line,
    worn,
)
from rules_py.widgets.two_d6._common import (
    AIM,
    DC_OPTIONS,
    SPELL_OPTIONS,
    SYSTEM,
    armour_field,
    bonus_field,
    check_outcome,
    dc_field,
    dc_text,
    dice_line,
    higher,
    signed,
)

MAX_HELPERS = 5
"""The most helpers the check widget takes (a tool limit: each one steps the DC)."""

# --------------------------------------------------------------------------
# One check (The Basics; Skills; Items, Armor)
# --------------------------------------------------------------------------

TAKE7 = Flag(
    "take7",
    "Take 7: count the roll as a 7",
    hint="Out of danger, with time to spare: no dice, no cinematic.",
)
HELPERS = Number(
    "helpers",
    "Helpers",
    0,
    0,
    MAX_HELPERS,
    hint="Each helper lowers the DC one step (never below Easy 7) and must succeed too.",
)
HELPER_BONUS = bonus_field(
    "helper_bonus", "Each helper's bonus", 2, "The helpers' own bonus for the task."
)
ACROBAT = Flag("armored_acrobat", "Armored Acrobat (light armour adds no step)")
USE_SHEET = Flag(
    "use_sheet",
    "Use my sheet",
    hint="Take the bonus from the character you are playing: a skill's ranks and a stat.",
    printed=False,
)
SHEET_SKILL = Text(
    "sheet_skill",
    "Skill from the sheet",
    "",
    max_length=60,
    hint="As the sheet names it (Melee (Light)); blank for the stat alone.",
    options=tuple((s.name, "") for s in SAMPLE_SKILLS),
    printed=False,
)
SHEET_STAT = Choice("sheet_stat", "Stat from the sheet", STAT_CHOICES, "usual", printed=False)


def from_sheet(sheet: Values, own: Values) -> tuple[dict[str, Any], str]:
    """The bonus a check takes from the played character (The Basics: a skill and a stat),
    and the armour its sheet lists when the check is one armour steps (Items, Armor)."""
    name = str(sheet["name"]).strip() or "your character"
    skill = str(own["sheet_skill"]).strip()
    if skill:
        check = sheet_check(sheet, skill, own["sheet_stat"])
        bonus, words, stat, named = check.bonus, check.words, check.stat, check.skill
        if not check.ranks:
            words += " (no ranks on the sheet)"
    elif own["sheet_stat"] == "usual":
        return {}, f"From {name}'s sheet: name a skill, or pick the stat to roll with."
    else:
        stat, named = own["sheet_stat"], ""
        bonus = sheet_stats(sheet)[stat]
        words = f"{stat} {signed(bonus)}"
    armour, acrobat = worn(sheet)
    applies = armour_applies(stat, named)
    if armour == "none":
        wears = ""
    elif applies:
        steps = armour_dc_steps(armour, acrobat)
        wears = f"; in {armour} armour" + ("" if steps else ", with Armored Acrobat")
    else:
        why = "a combat roll" if stat == "AGI" else "not an Agility check"
        wears = f"; its {armour} armour adds no step ({why})"
    taken = {"bonus": bonus, "armour": armour if applies else "none"}
    taken["armored_acrobat"] = acrobat and taken["armour"] == "light"
    said = state_line(sheet)
    return taken, f"From {name}'s sheet: {words}, bonus {signed(bonus)}{wears}." + (
        f" {said}" if said else ""
    )


SOURCE = sheet_choice(STORE, BUILDER, from_sheet, "sheet_skill", "sheet_stat")
"""The character being played (the builder's saved sheet) gives the check its bonus."""


def _refuse_aim_with_take7(values: Values) -> None:
    if values["aim"] and values["take7"]:
        raise Refusal(
            refusal("taking 7 rolls no dice, so there is nothing to aim", f"{SYSTEM}, Taking 7"),
            ("aim", "take7"),
        )


def _odds(values: Values) -> rules.CheckOdds:
    _refuse_aim_with_take7(values)
    return rules.check_odds(
        values["bonus"],
        rules.parse_dc(values["dc"]),
        aim=values["aim"],
        take7=values["take7"],
        helpers=[values["helper_bonus"]] * values["helpers"],
        armour=values["armour"],
        armored_acrobat=values["armored_acrobat"],
    )


def _check_show(values: Values) -> list[Block]:
    odds = _odds(values)
    bonus, asked = values["bonus"], odds.asked_dc
    how = " taking 7" if values["take7"] else " aiming" if values["aim"] else ""
    if odds.dc is None:
        return [
            text(
                f"Bonus {signed(bonus)} against {dc_text(asked)} in {values['armour']} armour: "
                "impossible. " + " ".join(odds.warnings)
            ),
            facts([("Success", percent(odds.success), str(odds.success)), ("Label", "impossible")]),
        ]
    moved = []
    if (
        values["armour"] != "none"
        and rules.armoured_dc(asked, values["armour"], values["armored_acrobat"]) != asked
    ):
        moved.append(f"{values['armour']} armour")
    if values["helpers"]:
        count = values["helpers"]
        moved.append(f"{count} helper{'s' if count > 1 else ''}")
    rolled_against = dc_text(odds.dc) + (
        f" (from {asked} with {listing(moved)})" if odds.dc != asked else ""
    )
    summary = (
        f"Bonus {signed(bonus)}{how} against {rolled_against}: success "
        f"{percent(odds.success)}, failure {percent(odds.failure)}"
    )
    summary += (
        "."
        if values["take7"]
        else f"; boxcars (two sixes) earn a cinematic {percent(odds.cinematic)}."
    )
    items: list[tuple[str, str] | tuple[str, str, str]] = [
        ("Success", percent(odds.success), str(odds.success)),
        (
            "Cinematic",
            percent(odds.cinematic),
            str(odds.cinematic),
        ),
        ("Label", odds.label, f"Running the Game: DC - bonus = {odds.dc - bonus}"),
    ]
    if values["helpers"]:
        items.append(("Alone", percent(odds.alone), str(odds.alone)))
    blocks = [text(summary), facts(items)]
    blocks += [text(f"Note: {warning}") for warning in odds.warnings]
    blocks.append(
        odds_table(
            f"Bonus {signed(bonus)} against DC {odds.dc}",
            "Result",
            {"Success": odds.success, "Failure": odds.failure},
        )
    )
    return blocks


def _check_roll(values: Values, rng: random.Random) -> View:
    odds = _odds(values)
    if odds.dc is None:
        raise ValueError(" ".join(odds.warnings))
    bonus = values["bonus"]
    if values["take7"]:
        line = {
            "label": "Taking 7",
            "parts": [{"kind": "op", "text": f"7 + {bonus}"}],
            "total": str(7 + bonus),
        }
        verdict = "Success" if 7 + bonus >= odds.dc else "Failure"
        return rolled([line], f"{verdict}: {7 + bonus} against DC {odds.dc} (no roll)")
    check = rules.roll_check(bonus, odds.dc, values["aim"], rng)
    lines: list[dict[str, Any]] = [dice_line("", check.dice, higher(check.dice), bonus)]
    outcome = check_outcome(check)
    details: list[str] = []
    if values["helpers"]:
        lines[0]["label"] = "You"
        failed = []
        helper_bonus = values["helper_bonus"]
        for number in range(1, values["helpers"] + 1):
            helper = rules.roll_check(helper_bonus, odds.dc, False, rng)
            lines.append(dice_line(f"Helper {number}", helper.dice, 0, helper_bonus))
            details.append(f"Helper {number}: {check_outcome(helper)}")
            if not helper.success:
                failed.append(f"helper {number}")
        if check.success and failed:
            outcome = f"Failure: {listing(failed)} failed, and everyone must succeed"
            if check.cinematic:
                outcome += "; boxcars: gain a cinematic"
    return rolled(lines, outcome, details)


def _check_unused(values: Values) -> list[str]:
    unused = [] if values["armour"] == "light" else ["armored_acrobat"]
    if not values["use_sheet"]:
        unused += ["sheet_skill", "sheet_stat"]
    return unused if values["helpers"] else ["helper_bonus", *unused]


CHECK = Widget(
    name="2d6-check",
    title="Check",
    fields=(
        USE_SHEET,
        SHEET_SKILL,
        SHEET_STAT,
        bonus_field(),
        dc_field(),
        AIM,
        TAKE7,
        HELPERS,
        HELPER_BONUS,
        armour_field("Only on an Agility check: light adds one step, medium two, heavy three."),
        ACROBAT,
    ),
    show=_check_show,
    roll=_check_roll,
    roll_label="Roll the check",
    unused=_check_unused,
    source=SOURCE,
)
"""[2d6] Roleplaying System, The Basics and Skills: a check's exact chance, cinematic and label."""


# --------------------------------------------------------------------------
# Casting (Magic)
# --------------------------------------------------------------------------

_SPELL_NAMES = ", ".join(s.name for s in magic.SPELLS if s.dc is not None)
_CAST_NAMES = {"success": "Success", "fizzle": "Fizzle", "wild": "Wild"}


def _cast_dc(values: Values) -> int:
    """The spell's DC, raised one category per extra target (Talents, Mass Spell)."""
    try:
        return magic.cast_dc(values["spell"], values["targets"])
    except ValueError as broken:
        fields = ["targets"] if "Mass Spell" in str(broken) else ["spell"]
        raise Refusal(str(broken), fields) from None


def _cast_what(values: Values, dc: int) -> str:
    """The spell as cast: "Blast (DC 9 (Average), 3 XP)", and its targets with Mass Spell."""
    sample = next((s for s in magic.SPELLS if s.name.lower() == values["spell"].lower()), None)
    base = magic.spell_dc(values["spell"])
    what = f"{sample.name} ({dc_text(base)}, {sample.xp} XP)" if sample else dc_text(base)
    exempt = magic.mass_spell_exempt(values["spell"])
    if values["targets"] > 1 and exempt:
        what += f", whatever it reaches: Mass Spell leaves it alone, as {exempt}"
    elif values["targets"] > 1:
        what += f" on {values['targets']} targets with Mass Spell, so {dc_text(dc)}"
    return what


def _cast_show(values: Values) -> list[Block]:
    resolve, dc = values["resolve"], _cast_dc(values)
    what = _cast_what(values, dc)
    if values["combat"]:
        return _combat_cast_show(values, dc, what)
    outcomes = magic.cast_outcomes(resolve, dc, values["aim"])
    cinematic = rules.cinematic_chance(values["aim"])
    return [
        text(
            f"Resolve {signed(resolve)}{' aiming' if values['aim'] else ''} casting {what}: "
            f"cast {percent(outcomes['success'])}, fizzle {percent(outcomes['fizzle'])} "
            f"(missed by 1 to 4), wild {percent(outcomes['wild'])} (missed by 5 or more)."
        ),
        facts(
            [
                ("Cast", percent(outcomes["success"]), str(outcomes["success"])),
                ("Cinematic", percent(cinematic), "Boxcars (two sixes)"),
            ]
        ),
        odds_table(
            f"Resolve {signed(resolve)} against DC {dc}",
            "Result",
            {_CAST_NAMES[k]: p for k, p in outcomes.items()},
        ),
    ]


def _combat_cast_show(values: Values, dc: int, what: str) -> list[Block]:
    """A spell used to attack or defend: the opposed roll's totals (Magic; Combat)."""
    resolve = values["resolve"]
    totals = magic.combat_cast_totals(resolve, dc, values["aim"])
    works = sum((p for t, p in totals.items() if t >= dc), Fraction(0))
    return [
        text(
            f"Resolve {signed(resolve)}{' aiming' if values['aim'] else ''} attacking or "
            f"defending with {what}: the spell works {percent(works)} of the time and the "
            f"opposed roll counts 2d6 {signed(resolve)}; otherwise it fails and the roll "
            "counts the dice alone."
        ),
        facts([("Spell works", percent(works), str(works))]),
        odds_table(
            f"Opposed roll with {what}",
            "Total",
            {str(total): p for total, p in totals.items()},
        ),
    ]


def _cast_roll(values: Values, rng: random.Random) -> View:
    resolve = values["resolve"]
    if values["combat"]:
        return _combat_cast_roll(values, rng)
    cast = magic.roll_cast(resolve, _cast_dc(values), values["aim"], rng)
    check = cast.roll
    verdict = {
        "success": "Cast: the spell takes effect",
        "fizzle": "Fizzle: the spell fails",
        "wild": "Wild: the spell goes wrong and turns on the caster",
    }[cast.result]
    outcome = f"{verdict} ({check.total} against DC {check.dc}"
    outcome += ", snake eyes)" if check.natural == rules.SNAKE_EYES else ")"
    if check.cinematic:
        outcome += "; boxcars: gain a cinematic"
    return rolled([dice_line("", check.dice, higher(check.dice), resolve)], outcome)


def _combat_cast_roll(values: Values, rng: random.Random) -> View:
    """Roll an opposed roll made with a spell: its total for the exchange (Magic; Combat)."""
    resolve, dc = values["resolve"], _cast_dc(values)
    dice = tuple(rules.roll_two_dice(rng) for _ in range(2 if values["aim"] else 1))
    kept = higher(dice)
    natural = sum(dice[kept])
    total = magic.combat_cast_total(natural, resolve, dc)
    if total == natural and natural + resolve < dc:
        outcome = (
            f"The spell fails ({natural + resolve} against DC {dc}): the opposed roll counts "
            f"{natural}, no bonus"
        )
    else:
        outcome = f"The spell works: the opposed roll counts {total} ({natural} {signed(resolve)})"
    if natural == rules.BOXCARS:
        outcome += "; boxcars: gain a cinematic"
    return rolled([dice_line("", dice, kept, resolve)], outcome)


TARGETS = Number(
    "targets",
    "Targets",
    1,
    1,
    magic.MAX_MASS_TARGETS,
    hint="More than one needs the Mass Spell talent: each extra target is one DC step up, "
    "no further once the DC is Legendary.",
)
IN_COMBAT = Flag(
    "combat",
    "Attacking or defending with it (an opposed roll)",
    hint="A spell that falls short of its DC fails, and the roll gets no bonus.",
)

CASTING = Widget(
    name="2d6-casting",
    title="Casting",
    fields=(
        bonus_field("resolve", "Resolve (TOU + WIL)", 4, "The caster's Toughness plus Willpower."),
        Text(
            "spell",
            "Spell or DC",
            "Blast",
            max_length=30,
            hint=f"A sample spell ({_SPELL_NAMES}), a DC's name or a whole number.",
            parse=magic.spell_dc,
            options=SPELL_OPTIONS + DC_OPTIONS,
        ),
        TARGETS,
        IN_COMBAT,
        AIM,
    ),
    show=_cast_show,
    roll=_cast_roll,
    roll_label="Cast",
)
"""[2d6] Roleplaying System, Magic and Talents (Mass Spell): a casting roll's exact success,
fizzle and wild spell, on one target or several, or the opposed roll of a spell in combat."""

WIDGETS: tuple[Widget, ...] = (CHECK, CASTING)
