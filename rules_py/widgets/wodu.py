"""2d10 WoDu Hack widgets: the check, damage, initiative and the character builder.

Every number comes from :mod:`rules_py.systems.wodu`; this module only arranges
it into blocks and rolls the dice the rules name.
"""

from __future__ import annotations

from rules_py._format import percent, signed
from rules_py.systems import wodu
from rules_py.views import View
from rules_py.widgets._blocks import Block, bar_chart, odds_table, roll_line, rolled, text
from rules_py.widgets._fields import Choice, Flag, Number
from rules_py.widgets._widget import Values, Widget

# --------------------------------------------------------------------------
# The check (Core Resolution; Background)
# --------------------------------------------------------------------------

_DR_OPTIONS = tuple(
    (str(dr), f"{name} · DR {dr}") for name, dr in wodu.DIFFICULTY_RATINGS.items()
) + tuple(
    (str(dr), f"{name} · DR {dr} (alternate ladder)")
    for name, dr in wodu.ALTERNATE_DIFFICULTY_RATINGS.items()
    if dr not in wodu.DIFFICULTY_RATINGS.values()
)
_FR_OPTIONS = tuple(
    (f"{lo}-{hi}", f"{name} · FR {lo}-{hi}") for name, (lo, hi) in wodu.FUZZY_RANGES.items()
) + tuple(
    (f"{lo}-{hi}", f"{name} · FR {lo}-{hi} (alternate ladder)")
    for name, (lo, hi) in wodu.ALTERNATE_FUZZY_RANGES.items()
    if (lo, hi) not in wodu.FUZZY_RANGES.values()
)

ABILITY = Number("ability", "Ability rating", 0, wodu.MIN_ABILITY, wodu.MAX_ABILITY)
BACKGROUND = Flag("background", "Background applies (3d10, keep the highest two)")


def check_dice(ability: int, background: bool) -> str:
    """The check's dice: 2d10 + ability, or 3d10k2 + ability with a Background."""
    dice = wodu.BACKGROUND_CHECK_DICE if background else wodu.CHECK_DICE
    return f"{dice}{signed(ability)}" if ability else dice


def _fuzzy_range(values: Values) -> tuple[int, int]:
    lo, hi = (int(n) for n in values["fr"].split("-"))
    return lo, hi


def _check_show(values: Values) -> list[Block]:
    ability, background = values["ability"], values["background"]
    dice = check_dice(ability, background)
    dist = wodu.check_roll_distribution(ability, background)
    if values["kind"] == "dr":
        dr = int(values["dr"])
        outcomes = wodu.dr_outcomes(ability, dr, background)
        summary = (
            f"{dice} against DR {dr}: success {percent(outcomes['success'])}, "
            f"failure {percent(outcomes['failure'])}."
        )
        named = {"Success": outcomes["success"], "Failure": outcomes["failure"]}
        target = dr
    else:
        lo, hi = _fuzzy_range(values)
        outcomes = wodu.fr_outcomes(ability, lo, hi, background)
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
        target = lo
    return [
        text(summary),
        odds_table(f"Outcomes of {dice}", "Outcome", named),
        bar_chart(dist, dice, target),
    ]


def _check_roll(values: Values) -> View:
    dice = check_dice(values["ability"], values["background"])
    line, result = roll_line("", dice)
    total = result.total
    if values["kind"] == "dr":
        dr = int(values["dr"])
        outcome = (
            f"Success: {total} meets DR {dr}"
            if total >= dr
            else f"Failure: {total} is under DR {dr}"
        )
    else:
        lo, hi = _fuzzy_range(values)
        if total > hi:
            outcome = f"Strong success: {total} is over FR {lo}-{hi}"
        elif total >= lo:
            outcome = (
                f"Weak success: {total} is inside FR {lo}-{hi}; "
                "it comes with a complication, a cost or a reduced effect"
            )
        else:
            outcome = f"Failure: {total} is under FR {lo}-{hi}; the GM makes a hard move"
    return rolled([line], outcome)


CHECK = Widget(
    name="wodu-check",
    title="Check",
    fields=(
        ABILITY,
        BACKGROUND,
        Choice(
            "kind",
            "Read the total against",
            (("dr", "a difficulty rating (DR)"), ("fr", "a fuzzy range (FR)")),
            "dr",
        ),
        Choice("dr", "Difficulty rating", _DR_OPTIONS, str(wodu.DEFAULT_DR)),
        Choice("fr", "Fuzzy range", _FR_OPTIONS, "{}-{}".format(*wodu.DEFAULT_FR)),
    ),
    show=_check_show,
    roll=_check_roll,
    roll_label="Roll the check",
    unused=lambda values: ["fr"] if values["kind"] == "dr" else ["dr"],
)
"""2d10 WoDu Hack, Core Resolution: a check against a DR or a FR, with its odds."""

WIDGETS: tuple[Widget, ...] = (CHECK,)
