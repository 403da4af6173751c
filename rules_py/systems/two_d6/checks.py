"""Checks of the [2d6] Roleplaying System (chapters "The Basics", "Skills", "Running the Game").

* The Basics -- a check rolls 2d6 and adds a bonus; it succeeds when the total
  is the DC or more. The six named DCs, Easy 7 to Legendary 17.
* Character Creation -- the 6x6 chart of every sum of two dice (:data:`SUM_GRID`).
* Skills, Critical Success/Failure -- boxcars (a natural 12) earns a
  cinematic; snake eyes (a natural 2) fails whatever the bonus.
* Skills, Aiding Others and Taking 7.
* Combat, Aiming -- roll twice and keep the higher.
* Running the Game -- the roll-by-bonus chart (:data:`ROLL_CHART`), the
  difficulty-by-bonus chart (:data:`DIFFICULTY_CHART`), steps of DC.

Readings the tools use (stated on the rules pages):

* A check succeeds when the natural roll is not 2 and 2d6 + bonus >= DC. A
  natural 12 earns a cinematic whether or not the check succeeds.
* DC is any whole number from 2 (the death save's DC 5 is allowed, though the
  source says no task is below DC 7); bonus is 0 to 10, stats and skills
  being the only numeric bonuses (at most +5 each).
* Taking 7: success exactly when 7 + bonus >= DC, and no cinematic.
* Aiming: the higher of two 2d6; a natural 2 needs both rolls to be 2.
* Aid: each helper lowers the DC one step (2), never below 7, and everyone
  must succeed against the lowered DC; a DC already below 7 stays where it is.
* The difficulty label goes by DC - bonus: 3 or less "cannot fail", 4-5 easy,
  6-7 average, 8-9 difficult, 10-12 very difficult, 13 or more impossible
  (the chart's cells exactly; 12 stays very difficult since a natural 12 still
  succeeds).

Probabilities are exact :class:`fractions.Fraction` values counted from the
36 rolls of two dice; nothing here imports icepool.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Final, Literal

from rules_py.systems._params import refusal, whole_number
from rules_py.systems.two_d6._common import SYSTEM, require_int, require_range
from rules_py.systems.two_d6.items import armour_dc_steps

Outcome = Literal["success", "failure"]
Label = Literal["cannot fail", "easy", "average", "difficult", "very difficult", "impossible"]

DIE_FACES: Final = 6
"""A check rolls two six-sided dice (The Basics)."""

SUM_GRID: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(a + b for b in range(1, DIE_FACES + 1)) for a in range(1, DIE_FACES + 1)
)
"""The chart of every roll of two dice: ``SUM_GRID[a - 1][b - 1] == a + b`` (Character Creation)."""

NATURALS: Final[tuple[int, ...]] = tuple(range(2, 13))
"""Every natural roll of 2d6, 2 to 12."""

SNAKE_EYES: Final = 2
"""A natural 2 fails any check but an opposed roll (Skills, Critical Success/Failure)."""
BOXCARS: Final = 12
"""A natural 12 earns a cinematic (Skills, Critical Success/Failure)."""

DCS: Final[Mapping[str, int]] = MappingProxyType(
    {
        "Easy": 7,
        "Average": 9,
        "Difficult": 11,
        "Professional": 13,
        "Exceptional": 15,
        "Legendary": 17,
    }
)
"""The six DCs a GM needs, by name (Running the Game, DCs)."""

EASIEST_DC: Final = 7
"""No task is below DC 7, Easy (Running the Game); aid and steps stop here."""
HARDEST_DC: Final = 17
"""No task is above DC 17, Legendary (Running the Game)."""
DC_STEP: Final = 2
"""One step (category) of DC: the named DCs are two apart."""
MIN_DC: Final = 2
"""The lowest DC the tools accept (a tool limit: the death save is DC 5)."""
MAX_DC: Final = 30
"""The highest DC the tools accept (a tool limit: 12 + 10 is the best total)."""
MIN_BONUS: Final = 0
"""The lowest bonus: stats and skills start at +0 and never go below."""
MAX_BONUS: Final = 10
"""The highest bonus: a +5 stat and a rank 5 skill (Stats, Skills)."""
TAKE_SEVEN: Final = 7
"""Taking 7 counts the roll as a 7 (Skills, Taking 7)."""
DEATH_SAVE_DC: Final = 5
"""At 0 wounds a character makes a DC 5 Resolve check or dies (Combat, Wounds)."""

LABELS: Final[tuple[Label, ...]] = (
    "cannot fail",
    "easy",
    "average",
    "difficult",
    "very difficult",
    "impossible",
)
"""The difficulty chart's labels, easiest first (Running the Game)."""

_LABEL_TOPS: Final[tuple[tuple[int, Label], ...]] = (
    (3, "cannot fail"),
    (5, "easy"),
    (7, "average"),
    (9, "difficult"),
    (12, "very difficult"),
)


# --------------------------------------------------------------------------
# Arguments
# --------------------------------------------------------------------------


def check_bonus(bonus: object, rule: str = "Running the Game") -> int:
    """``bonus`` as an int from 0 to 10 (stat + skill); ``ValueError`` naming the rule."""
    return require_range(bonus, "a bonus (stat + skill)", rule, MIN_BONUS, MAX_BONUS)


def check_dc(dc: object, rule: str = "The Basics") -> int:
    """``dc`` as an int from 2 to 30; ``ValueError`` naming the rule."""
    return require_range(dc, "a DC", rule, MIN_DC, MAX_DC)


def parse_dc(text: str) -> int:
    """A DC given as a whole number (``"11"``) or by name (``"difficult"``, any case)."""
    key = text.strip()
    for name, dc in DCS.items():
        if key.lower() == name.lower():
            return dc
    number = whole_number(key)
    if number is not None:
        return check_dc(number)
    raise ValueError(
        f"A DC must be a whole number from {MIN_DC} to {MAX_DC} or one of "
        f"{', '.join(f'{n} ({d})' for n, d in DCS.items())}, got {text!r} "
        f"({SYSTEM}, Running the Game)"
    )


def dc_name(dc: int) -> str | None:
    """The name of one of the six DCs (``11`` is "Difficult"); None for any other DC."""
    for name, value in DCS.items():
        if value == dc:
            return name
    return None


# --------------------------------------------------------------------------
# Natural rolls
# --------------------------------------------------------------------------


@cache
def _natural(aim: bool) -> Mapping[int, Fraction]:
    counts = dict.fromkeys(NATURALS, 0)
    for row in SUM_GRID:
        for total in row:
            counts[total] += 1
    single = {n: Fraction(c, 36) for n, c in counts.items()}
    if not aim:
        return MappingProxyType(single)
    below = Fraction(0)
    highest: dict[int, Fraction] = {}
    for n in NATURALS:
        at_most = below + single[n]
        highest[n] = at_most * at_most - below * below
        below = at_most
    return MappingProxyType(highest)


def natural_distribution(aim: bool = False) -> Mapping[int, Fraction]:
    """The chance of each natural roll, 2 to 12 (The Basics; Combat, Aiming).

    Without aim, the ways to roll each total in :data:`SUM_GRID` over 36: a 7
    is 1/6, a 12 is 1/36. With aim, the higher of two rolls.
    """
    return _natural(bool(aim))


def cinematic_chance(aim: bool = False, take7: bool = False) -> Fraction:
    """The chance of boxcars, which earns a cinematic (Skills, Critical Success/Failure).

    1/36 on one roll, 71/1296 when aiming (either roll a 12); 0 when taking 7.
    """
    if take7:
        return Fraction(0)
    return natural_distribution(aim)[BOXCARS]


def check_success(natural: int, bonus: int, dc: int) -> bool:
    """Whether a natural roll succeeds: not snake eyes, and natural + bonus >= DC."""
    return natural != SNAKE_EYES and natural + bonus >= dc


def success_chance(bonus: int, dc: int, aim: bool = False, take7: bool = False) -> Fraction:
    """The exact chance a check succeeds (The Basics; Skills; Combat, Aiming).

    ``take7``: 1 when 7 + bonus >= DC, else 0 (Skills, Taking 7).
    """
    bonus = check_bonus(bonus)
    dc = check_dc(dc)
    if take7:
        if aim:
            raise ValueError(
                refusal("taking 7 rolls no dice, so there is nothing to aim", f"{SYSTEM}, Taking 7")
            )
        return Fraction(int(TAKE_SEVEN + bonus >= dc))
    return sum(
        (p for n, p in natural_distribution(aim).items() if check_success(n, bonus, dc)),
        Fraction(0),
    )


def check_outcomes(
    bonus: int, dc: int, aim: bool = False, take7: bool = False
) -> dict[Outcome, Fraction]:
    """``{"success": p, "failure": 1 - p}`` for one check (see :func:`success_chance`)."""
    p = success_chance(bonus, dc, aim, take7)
    return {"success": p, "failure": 1 - p}


# --------------------------------------------------------------------------
# Labels and charts (Running the Game)
# --------------------------------------------------------------------------


def label(bonus: int, dc: int) -> Label:
    """The difficulty chart's label of a DC for a bonus, by DC - bonus (Running the Game).

    3 or less "cannot fail" (only snake eyes fails), 4-5 "easy", 6-7
    "average", 8-9 "difficult", 10-12 "very difficult", 13 or more
    "impossible". E.g. DC 11 at +4 is "average".
    """
    need = check_dc(dc) - check_bonus(bonus)
    for top, name in _LABEL_TOPS:
        if need <= top:
            return name
    return "impossible"


ROLL_CHART_BONUSES: Final[tuple[int, ...]] = tuple(range(MIN_BONUS, MAX_BONUS + 1))
"""The columns of the roll-by-bonus chart: +0 to +10 (Running the Game)."""

ROLL_CHART: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(n + b for b in ROLL_CHART_BONUSES) for n in NATURALS
)
"""Every total at each bonus: ``ROLL_CHART[natural - 2][bonus]`` (Running the Game)."""

DIFFICULTY_CHART_BONUSES: Final[tuple[int, ...]] = (0, 2, 4, 6, 8, 10)
"""The columns of the difficulty-by-bonus chart (Running the Game)."""

DIFFICULTY_CHART: Final[tuple[tuple[Label, ...], ...]] = tuple(
    tuple(label(b, dc) for b in DIFFICULTY_CHART_BONUSES) for dc in DCS.values()
)
"""The difficulty of each named DC at each bonus, rows Easy to Legendary.

``DIFFICULTY_CHART[i][j]`` is the label of the i-th DC of :data:`DCS` at
``DIFFICULTY_CHART_BONUSES[j]``; rebuilt from the source's scrambled chart.
"""


# --------------------------------------------------------------------------
# Steps of DC: aid and armour
# --------------------------------------------------------------------------


def step_dc(dc: int, steps: int) -> int:
    """A DC moved ``steps`` categories (2 each), kept from Easy 7 to Legendary 17.

    Statuses and items move a task's category but never push it past
    Legendary or below Easy (Running the Game). A DC already outside that
    range is not moved further out.
    """
    dc = check_dc(dc)
    steps = require_int(steps, "steps", "Running the Game")
    moved = dc + DC_STEP * steps
    if steps > 0:
        return max(dc, min(moved, HARDEST_DC))
    return min(dc, max(moved, EASIEST_DC))


def aided_dc(dc: int, helpers: int) -> int:
    """The DC after ``helpers`` characters aid: one step lower each, never below 7.

    A DC already below 7 stays where it is (Skills, Aiding Others).
    """
    helpers = require_range(helpers, "the number of helpers", "Aiding Others", 0)
    return step_dc(dc, -helpers)


def armoured_dc(dc: int, armour: str, armored_acrobat: bool = False) -> int | None:
    """The DC of an Agility check in armour; None when the task becomes impossible.

    Light armour adds one step, medium two, heavy three (Items, Armor); a DC
    pushed past Legendary (17) is impossible, as the armour rules list.
    Armored Acrobat removes light armour's step.
    """
    dc = check_dc(dc)
    moved = dc + DC_STEP * armour_dc_steps(armour, armored_acrobat)
    return None if moved > HARDEST_DC and moved != dc else moved


@dataclass(frozen=True, slots=True)
class CheckOdds:
    """Everything a check widget shows: the chance, the cinematic and the label.

    ``dc`` is the DC actually rolled against (after armour and aid), or None
    when armour makes the task impossible. ``alone`` is the chance without the
    helpers; ``warnings`` says when aid lowers the chance.
    """

    bonus: int
    asked_dc: int
    dc: int | None
    success: Fraction
    cinematic: Fraction
    label: Label
    alone: Fraction
    warnings: tuple[str, ...]

    @property
    def failure(self) -> Fraction:
        return 1 - self.success

    def outcomes(self) -> dict[Outcome, Fraction]:
        return {"success": self.success, "failure": self.failure}


def check_odds(
    bonus: int,
    dc: int,
    *,
    aim: bool = False,
    take7: bool = False,
    helpers: Sequence[int] = (),
    armour: str = "none",
    armored_acrobat: bool = False,
) -> CheckOdds:
    """The odds of a check with every option a player has (Skills; Items, Armor).

    ``helpers`` are the bonuses of the characters aiding: each lowers the DC
    one step (not below 7) and each must succeed too, so the chance is the
    product of everyone's chances against the aided DC. Aim applies to the
    acting character's roll only; taking 7 to everyone's. ``armour`` (on an
    Agility check) steps the DC first; past Legendary the task is impossible
    and aid cannot bring it back.
    """
    bonus = check_bonus(bonus)
    helper_bonuses = tuple(check_bonus(b, "Aiding Others") for b in helpers)
    success_chance(bonus, check_dc(dc), aim, take7)  # refuses aim with take 7
    stepped = armoured_dc(dc, armour, armored_acrobat)
    cinematic = cinematic_chance(aim, take7)
    if stepped is None:
        return CheckOdds(
            bonus,
            dc,
            None,
            Fraction(0),
            cinematic,
            "impossible",
            Fraction(0),
            (
                refusal(
                    f"in {armour} armour this Agility task is past Legendary, so it is impossible",
                    f"{SYSTEM}, Armor",
                ),
            ),
        )
    alone = success_chance(bonus, stepped, aim, take7)
    target = aided_dc(stepped, len(helper_bonuses))
    success = success_chance(bonus, target, aim, take7)
    for helper in helper_bonuses:
        success *= success_chance(helper, target, False, take7)
    warnings: tuple[str, ...] = ()
    if helper_bonuses and success < alone:
        warnings = (
            refusal(
                "every helper must also succeed, so this aid "
                f"lowers the chance from {alone} to {success}",
                f"{SYSTEM}, Aiding Others",
            ),
        )
    return CheckOdds(bonus, dc, target, success, cinematic, label(bonus, target), alone, warnings)


# --------------------------------------------------------------------------
# Rolling a check
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckRoll:
    """One rolled check: the dice, the natural kept, the total and what it means."""

    dice: tuple[tuple[int, int], ...]
    """Each roll of two dice (two when aiming)."""
    natural: int
    bonus: int
    dc: int
    success: bool
    cinematic: bool

    @property
    def total(self) -> int:
        return self.natural + self.bonus

    @property
    def text(self) -> str:
        """The result named as a player says it, e.g. "9 + 2 = 11 vs DC 11: success"."""
        if self.natural == SNAKE_EYES:
            verdict = "snake eyes: automatic failure"
        else:
            verdict = "success" if self.success else "failure"
        if self.cinematic:
            verdict += "; boxcars: gain a cinematic"
        return f"{self.natural} + {self.bonus} = {self.total} vs DC {self.dc}: {verdict}"


def roll_two_dice(rng: random.Random) -> tuple[int, int]:
    """One roll of 2d6 as its two dice."""
    return (rng.randint(1, DIE_FACES), rng.randint(1, DIE_FACES))


def roll_check(
    bonus: int, dc: int, aim: bool = False, rng: random.Random | None = None
) -> CheckRoll:
    """Roll a check (twice, keeping the higher, when aiming) and name the result."""
    bonus = check_bonus(bonus)
    dc = check_dc(dc)
    source = rng if rng is not None else random.Random()
    dice = tuple(roll_two_dice(source) for _ in range(2 if aim else 1))
    natural = max(sum(d) for d in dice)
    return CheckRoll(
        dice, natural, bonus, dc, check_success(natural, bonus, dc), natural == BOXCARS
    )


__all__ = [
    "BOXCARS",
    "DCS",
    "DC_STEP",
    "DEATH_SAVE_DC",
    "DIFFICULTY_CHART",
    "DIFFICULTY_CHART_BONUSES",
    "EASIEST_DC",
    "HARDEST_DC",
    "LABELS",
    "MAX_BONUS",
    "MAX_DC",
    "MIN_BONUS",
    "MIN_DC",
    "NATURALS",
    "ROLL_CHART",
    "ROLL_CHART_BONUSES",
    "SNAKE_EYES",
    "SUM_GRID",
    "TAKE_SEVEN",
    "CheckOdds",
    "CheckRoll",
    "Label",
    "Outcome",
    "aided_dc",
    "armoured_dc",
    "check_bonus",
    "check_dc",
    "check_odds",
    "check_outcomes",
    "check_success",
    "cinematic_chance",
    "dc_name",
    "label",
    "natural_distribution",
    "parse_dc",
    "roll_check",
    "roll_two_dice",
    "step_dc",
    "success_chance",
]
