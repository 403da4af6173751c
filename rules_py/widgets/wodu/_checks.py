"""2d10 WoDu Hack checks: 2d10 + ability against a DR or a FR, the rating typed in or
taken from the character being played.

Every number comes from :mod:`rules_py.systems.wodu.checks` (Core Resolution;
Background); this module arranges it into blocks and rolls the dice the rules name.
"""

from __future__ import annotations

import random
from typing import Any

from rules_py._format import percent, signed
from rules_py.systems.wodu.abilities import MAX_ABILITY, MIN_ABILITY
from rules_py.systems.wodu.checks import check_roll_distribution, dr_outcomes, fr_outcomes
from rules_py.views import View
from rules_py.widgets._blocks import Block, bar_chart, odds_table, text
from rules_py.widgets._fields import Choice, Flag, Number
from rules_py.widgets._source import sheet_choice
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.wodu._character import BUILDER, STORE, builder_sheet
from rules_py.widgets.wodu._common import (
    ABILITY_OPTIONS,
    BACKGROUND_LABEL,
    against_fields,
    against_unused,
    check_dice,
    fuzzy_range,
    roll_check,
)

ABILITY = Number("ability", "Ability rating", 0, MIN_ABILITY, MAX_ABILITY)


def _check_show(values: Values) -> list[Block]:
    ability, background = values["ability"], values["background"]
    dice = check_dice(ability, background)
    dist = check_roll_distribution(ability, background)
    if values["kind"] == "dr":
        dr = int(values["dr"])
        outcomes = dr_outcomes(ability, dr, background)
        summary = (
            f"{dice} against DR {dr}: success {percent(outcomes['success'])}, "
            f"failure {percent(outcomes['failure'])}."
        )
        named = {"Success": outcomes["success"], "Failure": outcomes["failure"]}
        chart = bar_chart(dist, dice, dr, axis=f"Total of {dice}")
    else:
        lo, hi = fuzzy_range(values)
        outcomes = fr_outcomes(ability, lo, hi, background)
        summary = (
            f"{dice} against FR {lo}-{hi}: failure {percent(outcomes['failure'])}, "
            f"weak success {percent(outcomes['weak'])}, "
            f"strong success {percent(outcomes['strong'])}."
        )
        named = {
            f"Failure (under {lo}; the GM makes a hard move)": outcomes["failure"],
            f"Weak success ({lo}-{hi})": outcomes["weak"],
            f"Strong success ({hi + 1} or more)": outcomes["strong"],
        }
        chart = bar_chart(
            dist,
            dice,
            axis=f"Total of {dice}",
            bands=(
                ("failure", "Failure", min(dist)),
                ("weak", "Weak success", lo),
                ("strong", "Strong success", hi + 1),
            ),
        )
    return [text(summary), odds_table(f"Outcomes of {dice}", "Outcome", named), chart]


def _check_roll(values: Values, rng: random.Random) -> View:
    return roll_check(values["ability"], values["background"], values, rng)


def from_sheet(sheet: Values, own: Values) -> tuple[dict[str, Any], str]:
    """The ability rating a check takes from the character being played: the one the
    check's "Ability from the sheet" names, at the sheet's level (2d10 WoDu Hack,
    Ability Ratings; Advancement). A sheet that breaks a rule gives nothing."""
    name = str(sheet["name"]).strip()
    whose = f"{name}'s sheet" if name else "your sheet"
    ratings, refused = builder_sheet(sheet)
    if refused:
        return {}, (
            f"{whose[0].upper()}{whose[1:]} breaks a rule, so the ability rating is yours "
            f"to set: {refused[0][0]}"
        )
    which = own["sheet_ability"]
    return {"ability": ratings[which]}, f"From {whose}: {which} {signed(ratings[which])}."


SOURCE = sheet_choice(STORE, BUILDER, from_sheet, "sheet_ability")
"""The character being played (the builder's saved sheet) gives the check its ability."""


def _check_unused(values: Values) -> list[str]:
    return against_unused(values) + ([] if values["use_sheet"] else ["sheet_ability"])


CHECK = Widget(
    name="wodu-check",
    title="Check",
    fields=(
        Flag(
            "use_sheet",
            "Use my sheet",
            hint="Take the ability rating from the character you are playing.",
            printed=False,
        ),
        Choice("sheet_ability", "Ability from the sheet", ABILITY_OPTIONS, "STR", printed=False),
        ABILITY,
        Flag("background", BACKGROUND_LABEL),
        *against_fields(),
    ),
    show=_check_show,
    roll=_check_roll,
    roll_label="Roll the check",
    unused=_check_unused,
    source=SOURCE,
)
"""2d10 WoDu Hack, Core Resolution: a check against a DR or a FR, with its odds, its
ability rating typed in or taken from the character being played."""


WIDGETS: tuple[Widget, ...] = (CHECK,)
