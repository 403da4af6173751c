"""Rules of Peupfudge (draft of August 19, 2022), a generic Fudge-dice framework.

Everything here is pure Python and exact: probabilities are
:class:`fractions.Fraction` values computed by enumeration, never floats or
simulation. Values are immutable (frozen dataclasses and tuples).

Sections implemented, in the source's own terms:

* Peupfudge, Introduction -- fudge dice: a die shows -1, 0 or +1 with equal
  chances and ``NdF`` is the sum of ``N`` of them (:func:`fudge_distribution`).
* Peupfudge, 1.1 Abilities -- raising an ability from its current level costs
  ``2 ** level`` XP (:func:`level_cost`); XP may be allocated partially and is
  recorded as progress (:func:`allocate_xp`).
* Peupfudge, 1.1 Intrinsic Aptitude -- an XP bonus (:func:`apply_xp_bonus`) or a
  level modifier (:class:`ModifiedLevel`): the modified level is used in
  actions, the unmodified level sets the XP cost.
* Peupfudge, 2 Actions -- success when ``L + A + R >= D`` with ``R = 4dF`` by
  default; relative performance is ``L + A + R - D``
  (:func:`action_outcomes`, :func:`relative_performance_distribution`).
* Peupfudge, 2 Opposed Actions -- each participant's ``L + A + R`` is compared,
  ``R = 3dF`` by default, equal totals are a tie (:func:`opposed_outcomes`,
  :func:`opposed_vs`).
* Peupfudge, Appendix A Reference Sheet and Appendix D Probability Reference --
  each entry is ``P(NdF >= D)`` for ``N = 1..9`` and ``D = -5..5``
  (:func:`probability_reference`).
* The ``rules-py`` command line (the contract of :mod:`rules_py.systems`):
  :func:`check` answers an action or a two-sided opposed action, :func:`calc`
  answers an XP allocation.

icepool is never imported at module level (import time matters in the
browser); the exact arithmetic here does not need it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum
from fractions import Fraction

from rules_py.systems._params import bounds, out_of_range, unknown_keys, whole_number

__all__ = [
    "DEFAULT_ACTION_DICE",
    "DEFAULT_OPPOSED_DICE",
    "FUDGE_DIE_FACES",
    "MAX_DICE",
    "MIN_DICE",
    "REFERENCE_DICE",
    "REFERENCE_DIFFICULTIES",
    "SHEET_TARGETS",
    "Allocation",
    "ModifiedLevel",
    "OpposedOutcomes",
    "ProbabilityReference",
    "TraitKind",
    "XpTableRow",
    "action_outcomes",
    "action_succeeds",
    "allocate_xp",
    "apply_xp_bonus",
    "at_least",
    "calc",
    "check",
    "cost_to_reach",
    "format_probability",
    "fudge_distribution",
    "level_cost",
    "level_for_total_xp",
    "minimum_roll",
    "modified_level",
    "opposed_outcomes",
    "opposed_top",
    "opposed_vs",
    "probability_reference",
    "reference_sheet",
    "relative_performance",
    "relative_performance_distribution",
    "success_chance",
    "total_xp",
    "xp_table",
]

FUDGE_DIE_FACES: tuple[int, ...] = (-1, 0, 1)
"""Faces of one fudge die, dF (Peupfudge, Introduction)."""

DEFAULT_ACTION_DICE = 4
"""Default number of fudge dice for an action: R = 4dF (Peupfudge, 2 Actions)."""

DEFAULT_OPPOSED_DICE = 3
"""Default number of fudge dice for an opposed action: R = 3dF (Peupfudge, 2 Opposed Actions)."""

MIN_DICE = 1
MAX_DICE = 9
"""Dice counts the site's tools accept: 1dF to 9dF, the range of Appendix D.

The source lets the GM use more or fewer dice; it never gives a limit. The
bound is a tool limit, not a rule.
"""

REFERENCE_DICE: tuple[int, ...] = tuple(range(1, 10))
"""Rows of the Probability Reference (Peupfudge, Appendix D): 1dF to 9dF."""

REFERENCE_DIFFICULTIES: tuple[int, ...] = tuple(range(-5, 6))
"""Columns of the Probability Reference (Peupfudge, Appendix D): >= -5 to >= 5."""

SHEET_TARGETS: tuple[int, ...] = tuple(range(-3, 5))
"""Values of n in the reference sheet's P(4dF >= n) table (Peupfudge, Appendix A)."""


class TraitKind(Enum):
    """The five types of traits that represent a character (Peupfudge, 1 Characters)."""

    CHARACTERISTIC = "characteristic"
    ABILITY = "ability"
    INVENTORY = "inventory"
    STATUS = "status"
    PROPERTY = "property"


# --------------------------------------------------------------------------
# Validation helpers
# --------------------------------------------------------------------------


def _check_dice(dice: int) -> None:
    if isinstance(dice, bool) or not isinstance(dice, int):
        raise ValueError(f"number of fudge dice must be an integer, got {dice!r}")
    if not MIN_DICE <= dice <= MAX_DICE:
        raise ValueError(
            out_of_range(
                "the number of fudge dice", f"{bounds(MIN_DICE, MAX_DICE)} (1dF to 9dF)", dice
            )
        )


def _check_int(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")


def _check_unmodified_level(level: int, name: str = "level") -> None:
    _check_int(name, level)
    if level < 0:
        raise ValueError(
            f"{name} must be 0 or more: XP levels start at 0 and the cost 2**level "
            f"is only defined in whole XP from level 0 up, got {level}"
        )


# --------------------------------------------------------------------------
# Fudge dice (Peupfudge, Introduction)
# --------------------------------------------------------------------------


def fudge_distribution(dice: int) -> dict[int, Fraction]:
    """Exact distribution of ``NdF``, the sum of ``dice`` fudge dice.

    Peupfudge, Introduction: a fudge die yields -1, 0 or +1 with equal chances,
    and the result of ``NdF`` is the sum of the individual dice.
    """
    _check_dice(dice)
    counts: dict[int, int] = {0: 1}
    for _ in range(dice):
        following: dict[int, int] = {}
        for total, ways in counts.items():
            for face in FUDGE_DIE_FACES:
                following[total + face] = following.get(total + face, 0) + ways
        counts = following
    denominator = len(FUDGE_DIE_FACES) ** dice
    return {total: Fraction(ways, denominator) for total, ways in sorted(counts.items())}


def at_least(dice: int, target: int) -> Fraction:
    """Exact ``P(NdF >= target)`` (Peupfudge, Appendix D Probability Reference)."""
    _check_int("target", target)
    return sum(
        (p for total, p in fudge_distribution(dice).items() if total >= target),
        Fraction(0),
    )


# --------------------------------------------------------------------------
# Abilities, levels and XP (Peupfudge, 1.1 Abilities)
# --------------------------------------------------------------------------


def level_cost(level: int) -> int:
    """XP needed to raise an ability from ``level`` to ``level + 1``: ``2 ** level``.

    Peupfudge, 1.1 Abilities (and Appendix A: "xp required to level up" is 2 to
    the power of the old, unmodified level). So level 0 -> 1 costs 1 XP,
    6 -> 7 costs 64 XP. ``level`` is the unmodified level; negative values are
    rejected because the source's levels of practice start at 0.
    """
    _check_unmodified_level(level)
    return 1 << level


def cost_to_reach(level: int) -> int:
    """The "XP Cost" row of the source's level table: XP to reach ``level`` from the one below.

    Peupfudge, 1.1 Abilities table: 0, 1, 2, 4, 8, ... for levels 0, 1, 2, 3, 4, ...
    (level 0 costs nothing; otherwise ``2 ** (level - 1)``, which is
    :func:`level_cost` of the level below).
    """
    _check_unmodified_level(level)
    return 0 if level == 0 else level_cost(level - 1)


def total_xp(level: int) -> int:
    """Cumulative XP from level 0 to ``level``: ``2 ** level - 1``.

    Peupfudge, 1.1 Abilities table, "Total XP" row: 0, 1, 3, 7, 15, 31, ...
    """
    _check_unmodified_level(level)
    return (1 << level) - 1


@dataclass(frozen=True)
class XpTableRow:
    """One column of the source's level table (Peupfudge, 1.1 Abilities)."""

    level: int
    xp_cost: int
    total_xp: int


def xp_table(levels: Iterable[int] = range(10)) -> tuple[XpTableRow, ...]:
    """The level / XP cost / total XP table (Peupfudge, 1.1 Abilities; Appendix A).

    The source prints levels 0 to 9; any non-negative levels may be asked for.
    """
    return tuple(XpTableRow(lv, cost_to_reach(lv), total_xp(lv)) for lv in levels)


@dataclass(frozen=True)
class Allocation:
    """An ability's unmodified level and the XP recorded towards the next level.

    Peupfudge, 1.1 Abilities: XP below the cost of the next level is recorded as
    progress; allocated XP is spent and never moves to another ability.
    ``str()`` gives the source's notation, e.g. ``"4 (+11/16)"`` or ``"5"``.
    """

    level: int
    progress: int
    next_cost: int

    @property
    def spent(self) -> int:
        """All XP this ability has absorbed since level 0: total_xp(level) + progress."""
        return total_xp(self.level) + self.progress

    @property
    def needed(self) -> int:
        """XP still missing for the next level-up."""
        return self.next_cost - self.progress

    def __str__(self) -> str:
        if self.progress:
            return f"{self.level} (+{self.progress}/{self.next_cost})"
        return str(self.level)


def allocate_xp(xp: int, level: int = 0, progress: int = 0) -> Allocation:
    """Allocate ``xp`` to an ability at unmodified ``level`` with ``progress`` recorded.

    Peupfudge, 1.1 Abilities: each level-up costs ``2 ** (current level)``; XP
    short of that cost is recorded and the ability levels up once enough has
    accumulated. One award may pay for several level-ups (Example 1: 3 XP take
    Mycology from 0 to 2). XP cannot be negative: allocated XP is spent and can
    never be taken back or moved.
    """
    _check_int("xp", xp)
    if xp < 0:
        raise ValueError(
            f"xp must be 0 or more: allocated XP is spent and cannot be withdrawn, got {xp}"
        )
    _check_unmodified_level(level)
    _check_int("progress", progress)
    if not 0 <= progress < level_cost(level):
        raise ValueError(
            out_of_range(
                "progress",
                f"{bounds(0, level_cost(level) - 1)} at level {level}",
                progress,
                f"the next level costs {level_cost(level)} XP",
            )
        )
    pool = progress + xp
    while pool >= level_cost(level):
        pool -= level_cost(level)
        level += 1
    return Allocation(level=level, progress=pool, next_cost=level_cost(level))


def level_for_total_xp(xp: int) -> Allocation:
    """Level and progress of an ability that received ``xp`` in total from level 0.

    Peupfudge, 1.1 Abilities (e.g. 31 XP -> level 5; 19 XP -> 4 (+4/16)).
    """
    return allocate_xp(xp)


# --------------------------------------------------------------------------
# Intrinsic aptitude (Peupfudge, 1.1 Abilities, Intrinsic Aptitude)
# --------------------------------------------------------------------------


def apply_xp_bonus(bonus: int, level: int = 0, progress: int = 0) -> Allocation:
    """Intrinsic aptitude as an XP bonus: free XP that advances the ability as usual.

    Peupfudge, 1.1 Intrinsic Aptitude, method 1. The character simply moves
    further along the same learning curve (Example 2: the "talented observer"
    property's +7 XP takes Perception 4 (+4/16) to 4 (+11/16)).
    """
    _check_int("bonus", bonus)
    if bonus < 0:
        raise ValueError(f"an XP bonus must be 0 or more, got {bonus}")
    return allocate_xp(bonus, level, progress)


def modified_level(unmodified: int, modifier: int) -> int:
    """Modified level = unmodified level + level modifier.

    Peupfudge, 1.1 Intrinsic Aptitude, method 2. The result (the level used as
    L in actions) may be any integer, e.g. the ant's 7 - 50 = -43 (Example 5).
    """
    return ModifiedLevel(unmodified, modifier).modified


@dataclass(frozen=True)
class ModifiedLevel:
    """An ability written as [unmodified level] + [modifier] = [modified level].

    Peupfudge, 1.1 Intrinsic Aptitude, method 2: the modified level is the
    character's actual proficiency and is used in actions; the unmodified level
    is the position on the learning curve and sets the XP cost of levelling up.
    A standard being has modifier 0. ``str()`` gives e.g. ``"3 - 1 = 2"``.
    """

    unmodified: int
    modifier: int = 0

    def __post_init__(self) -> None:
        _check_unmodified_level(self.unmodified, "unmodified level")
        _check_int("modifier", self.modifier)

    @property
    def modified(self) -> int:
        """The level used as L when the ability is used in an action."""
        return self.unmodified + self.modifier

    @property
    def next_cost(self) -> int:
        """XP to level up, from the unmodified level: ``2 ** unmodified``."""
        return level_cost(self.unmodified)

    @property
    def is_standard(self) -> bool:
        """True for a standard being: no modifier for this ability."""
        return self.modifier == 0

    def allocate(self, xp: int, progress: int = 0) -> tuple[ModifiedLevel, Allocation]:
        """Spend ``xp`` at the unmodified level; the modifier carries over unchanged."""
        result = allocate_xp(xp, self.unmodified, progress)
        return ModifiedLevel(result.level, self.modifier), result

    def __str__(self) -> str:
        sign = "-" if self.modifier < 0 else "+"
        return f"{self.unmodified} {sign} {abs(self.modifier)} = {self.modified}"


# --------------------------------------------------------------------------
# Actions (Peupfudge, 2 Actions)
# --------------------------------------------------------------------------


def action_succeeds(level: int, additional: int, roll: int, difficulty: int) -> bool:
    """An attempt succeeds when ``L + A + R >= D`` (Peupfudge, 2 Actions).

    That is, when the relative performance ``L + A + R - D`` is 0 or more.
    """
    return relative_performance(level, additional, roll, difficulty) >= 0


def relative_performance(level: int, additional: int, roll: int, difficulty: int) -> int:
    """Actual performance given all the information: ``L + A + R - D`` (Peupfudge, 2 Actions).

    Example 3: 2 + 0 - 1 - 4 = -3.
    """
    for name, value in (
        ("level", level),
        ("additional", additional),
        ("roll", roll),
        ("difficulty", difficulty),
    ):
        _check_int(name, value)
    return level + additional + roll - difficulty


def minimum_roll(level: int, additional: int, difficulty: int) -> int:
    """Smallest R that succeeds: ``D - L - A`` (Peupfudge, 2 Actions; Example 3: +2)."""
    for name, value in (("level", level), ("additional", additional), ("difficulty", difficulty)):
        _check_int(name, value)
    return difficulty - level - additional


def relative_performance_distribution(
    level: int, additional: int, difficulty: int, dice: int = DEFAULT_ACTION_DICE
) -> dict[int, Fraction]:
    """Exact distribution of ``L + A + R - D`` with ``R = NdF`` (Peupfudge, 2 Actions).

    The action succeeds exactly when this value is 0 or more.
    """
    shift = -minimum_roll(level, additional, difficulty)
    return {total + shift: p for total, p in fudge_distribution(dice).items()}


def success_chance(
    level: int, additional: int, difficulty: int, dice: int = DEFAULT_ACTION_DICE
) -> Fraction:
    """Exact chance that ``L + A + R >= D`` with ``R = NdF`` (Peupfudge, 2 Actions)."""
    return at_least(dice, minimum_roll(level, additional, difficulty))


def action_outcomes(
    level: int, additional: int, difficulty: int, dice: int = DEFAULT_ACTION_DICE
) -> dict[str, Fraction]:
    """Exact chances of ``"success"`` (``L + A + R >= D``) and ``"failure"`` (Peupfudge, 2 Actions).

    Example 3: L = 2, A = 0, D = 4 with 4dF gives success 5/27 ("about 1/5").
    """
    success = success_chance(level, additional, difficulty, dice)
    return {"success": success, "failure": 1 - success}


# --------------------------------------------------------------------------
# Opposed actions (Peupfudge, 2 Actions, Opposed Actions)
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class OpposedOutcomes:
    """Exact outcome chances of one opposed action (Peupfudge, 2 Opposed Actions).

    ``alone_on_top[i]``: participant ``i`` has the single highest ``L + A + R``.
    ``tied_on_top[i]``: participant ``i`` shares the highest total with someone.
    ``tie``: the highest total is shared, so nobody wins outright.
    """

    participants: tuple[int, ...]
    dice: int
    alone_on_top: tuple[Fraction, ...]
    tied_on_top: tuple[Fraction, ...]
    tie: Fraction


def _cdf_below(dist: dict[int, Fraction], value: int, *, inclusive: bool) -> Fraction:
    return sum(
        (p for t, p in dist.items() if t < value or (inclusive and t == value)),
        Fraction(0),
    )


def opposed_outcomes(
    participants: Sequence[int], dice: int = DEFAULT_OPPOSED_DICE
) -> OpposedOutcomes:
    """Chance each participant is alone on top, and of a tie for the top.

    Peupfudge, 2 Opposed Actions: each participant's ``L + A + R`` is compared
    (``participants`` holds each one's ``L + A``; everyone rolls ``R = NdF``,
    3dF by default); equal highest totals are a tie, not a success for anyone.
    """
    totals = _opposed_values(participants, "participants", " (L + A)")
    roll = fudge_distribution(dice)
    dists = [{r + base: p for r, p in roll.items()} for base in totals]
    alone: list[Fraction] = []
    tied: list[Fraction] = []
    for i, mine in enumerate(dists):
        p_alone = Fraction(0)
        p_tied = Fraction(0)
        others = [d for j, d in enumerate(dists) if j != i]
        for value, p in mine.items():
            below = Fraction(1)
            at_most = Fraction(1)
            for other in others:
                below *= _cdf_below(other, value, inclusive=False)
                at_most *= _cdf_below(other, value, inclusive=True)
            p_alone += p * below
            p_tied += p * (at_most - below)
        alone.append(p_alone)
        tied.append(p_tied)
    return OpposedOutcomes(
        participants=totals,
        dice=dice,
        alone_on_top=tuple(alone),
        tied_on_top=tuple(tied),
        tie=1 - sum(alone, Fraction(0)),
    )


def opposed_vs(
    total: int, opponent_total: int, dice: int = DEFAULT_OPPOSED_DICE
) -> dict[str, Fraction]:
    """Two-sided opposed action: chances to ``"win"``, ``"tie"`` and ``"lose"``.

    Peupfudge, 2 Opposed Actions. ``total`` and ``opponent_total`` are each
    side's ``L + A``; both roll ``NdF`` (3dF by default).
    """
    result = opposed_outcomes((total, opponent_total), dice)
    return {
        "win": result.alone_on_top[0],
        "tie": result.tie,
        "lose": result.alone_on_top[1],
    }


def _opposed_values(values: Sequence[int], name: str, meaning: str = "") -> tuple[int, ...]:
    """One whole number per participant, at least two of them (Peupfudge, 2 Opposed Actions)."""
    checked = tuple(values)
    if len(checked) < 2:
        raise ValueError(f"an opposed action needs at least 2 participants, got {len(checked)}")
    for i, value in enumerate(checked):
        _check_int(f"{name}[{i}]{meaning}", value)
    return checked


def opposed_top(results: Sequence[int]) -> int | None:
    """Index of the participant alone on top of the rolled ``L + A + R`` totals, or None on a tie.

    Peupfudge, 2 Opposed Actions (Example 4: totals 3, 6, 5 -> index 1, Nyrv).
    """
    values = _opposed_values(results, "results")
    best = max(values)
    return values.index(best) if values.count(best) == 1 else None


# --------------------------------------------------------------------------
# Probability reference (Peupfudge, Appendix A and Appendix D)
# --------------------------------------------------------------------------


def format_probability(p: Fraction, places: int = 2, *, leading_zero: bool = True) -> str:
    """Round an exact probability half-up to ``places`` decimals, as the source prints it.

    ``leading_zero=False`` gives the reference sheet's style (``".62"``).
    """
    if not 0 <= p <= 1:
        raise ValueError(f"a probability must be between 0 and 1, got {p}")
    if places < 0:
        raise ValueError(f"places must be 0 or more, got {places}")
    quantum = Decimal(1).scaleb(-places)
    value = (Decimal(p.numerator) / Decimal(p.denominator)).quantize(
        quantum, rounding=ROUND_HALF_UP
    )
    text = f"{value:.{places}f}"
    if not leading_zero and text.startswith("0."):
        text = text[1:]
    return text


@dataclass(frozen=True)
class ProbabilityReference:
    """Table of ``P(NdF >= D)``: one row per N, one column per D (Peupfudge, Appendix D)."""

    dice: tuple[int, ...]
    difficulties: tuple[int, ...]
    rows: tuple[tuple[Fraction, ...], ...]

    def probability(self, dice: int, difficulty: int) -> Fraction:
        """Exact entry for ``dice`` fudge dice and column ``>= difficulty``."""
        try:
            row = self.dice.index(dice)
            col = self.difficulties.index(difficulty)
        except ValueError:
            raise ValueError(f"no entry for {dice}dF >= {difficulty} in this table") from None
        return self.rows[row][col]

    def rounded(self, places: int = 2) -> tuple[tuple[str, ...], ...]:
        """The table as the source prints it: each entry rounded to ``places`` decimals."""
        return tuple(tuple(format_probability(p, places) for p in row) for row in self.rows)


def probability_reference(
    dice_range: Iterable[int] = REFERENCE_DICE,
    difficulty_range: Iterable[int] = REFERENCE_DIFFICULTIES,
) -> ProbabilityReference:
    """Exact Probability Reference: ``P(NdF >= D)`` for each N and D.

    Peupfudge, Appendix D: "the probability that NdF will be >= D" for
    N = 1..9 and D = -5..5. This is also the chance of success for a character
    with L + A = 0 (or, shifting, P(R >= D - L - A)). Rounded half-up to two
    decimals it reproduces every printed entry.
    """
    dice = tuple(dice_range)
    difficulties = tuple(difficulty_range)
    if not dice:
        raise ValueError("dice_range must name at least one number of dice")
    if not difficulties:
        raise ValueError("difficulty_range must name at least one difficulty")
    for d in difficulties:
        _check_int("difficulty", d)
    rows = tuple(tuple(at_least(n, d) for d in difficulties) for n in dice)
    return ProbabilityReference(dice=dice, difficulties=difficulties, rows=rows)


def reference_sheet(
    targets: Iterable[int] = SHEET_TARGETS, dice: int = DEFAULT_ACTION_DICE
) -> tuple[tuple[int, Fraction], ...]:
    """The reference sheet's table of ``P(4dF >= n)`` for n = -3..4 (Peupfudge, Appendix A)."""
    return tuple((n, at_least(dice, n)) for n in targets)


# --------------------------------------------------------------------------
# Command line (rules-py check / calc; contract in rules_py.systems)
# --------------------------------------------------------------------------


_CHECK_KEYS: tuple[str, ...] = ("L", "A", "D", "vs", "dice")
"""Keys of ``rules-py check peupfudge``, case-sensitive, in the source's letters."""

_CALC_CHOICES: tuple[str, ...] = ("allocate",)
"""What ``rules-py calc peupfudge`` can calculate."""

_ALLOCATE_KEYS: tuple[str, ...] = ("xp", "level", "progress")
"""Keys of ``rules-py calc peupfudge allocate``."""

CHECK_HELP = "\n".join(
    [
        "L=l     the ability level, any whole number (required; keys are case-sensitive)",
        "A=a     additional character factors, any whole number (default 0)",
        "D=d     an action's difficulty, any whole number: success when L + A + R >= D",
        "vs=T    or an opposed action against one participant whose L + A is T, any whole number",
        f"dice=N  fudge dice in R, {MIN_DICE} to {MAX_DICE} "
        f"(default {DEFAULT_ACTION_DICE} with D, {DEFAULT_OPPOSED_DICE} with vs)",
        "e.g. rules-py check peupfudge L=2 A=0 D=3",
    ]
)
"""``rules-py check --help`` for this system: its keys, their ranges and an example."""

CALC_HELP = "\n".join(
    [
        "allocate xp=X [level=L] [progress=P]  spend X XP (0 or more) on an ability at "
        "unmodified level L (0 or more, default 0) with P XP recorded (0 to 2**L - 1, default 0)",
        "e.g. rules-py calc peupfudge allocate xp=7 level=6 progress=22",
    ]
)
"""``rules-py calc --help`` for this system: its calculations, their ranges and an example."""


def _reject_unknown(params: Mapping[str, str], allowed: Sequence[str], usage: str) -> None:
    unknown = unknown_keys(params, allowed)
    if unknown:
        raise ValueError(
            f"unknown key {unknown[0]!r} for {usage}: "
            f"choose from {', '.join(allowed)} (keys are case-sensitive)"
        )


def _int_param(params: Mapping[str, str], key: str, meaning: str, default: int) -> int:
    text = params.get(key)
    if text is None:
        return default
    number = whole_number(text)
    if number is None or text != text.strip():
        raise ValueError(f"{key} ({meaning}) must be a whole number, got {text!r}")
    return number


def check(params: Mapping[str, str]) -> dict[str, object]:
    """Exact odds of an action, or of a two-sided opposed action, from ``key=value`` words.

    * ``L=l A=a D=d [dice=N]`` -- Peupfudge, 2 Actions: success when
      ``L + A + R >= D`` with ``R = NdF``, 4dF by default
      (:func:`action_outcomes`); answers ``success`` and ``failure``.
    * ``L=l A=a vs=T [dice=N]`` -- Peupfudge, 2 Opposed Actions: against one
      participant whose ``L + A`` is ``T``; both roll ``NdF``, 3dF by default,
      and equal totals are a tie (:func:`opposed_vs`); answers ``win``,
      ``tie`` and ``lose``.

    ``L`` is required, ``A`` defaults to 0, exactly one of ``D`` and ``vs`` is
    given, and ``dice`` is 1 to 9 (the tools' range, Appendix D). Keys are
    case-sensitive. Bad input raises ``ValueError``. Returns
    ``{"outcomes": {name: Fraction}}``.
    """
    _reject_unknown(params, _CHECK_KEYS, "peupfudge check")
    if "L" not in params:
        raise ValueError(
            "L (ability level) is required: an action succeeds when L + A + R >= D "
            "(Peupfudge, 2 Actions)"
        )
    has_d, has_vs = "D" in params, "vs" in params
    if has_d == has_vs:
        raise ValueError(
            "give exactly one of D (difficulty, Peupfudge 2 Actions) or vs "
            "(the opponent's L + A, Peupfudge 2 Opposed Actions)" + (", not both" if has_d else "")
        )
    level = _int_param(params, "L", "ability level", 0)
    additional = _int_param(params, "A", "additional character factors", 0)
    default_dice = DEFAULT_ACTION_DICE if has_d else DEFAULT_OPPOSED_DICE
    dice = _int_param(params, "dice", "number of fudge dice", default_dice)
    _check_dice(dice)
    if has_d:
        difficulty = _int_param(params, "D", "difficulty", 0)
        return {"outcomes": action_outcomes(level, additional, difficulty, dice)}
    opponent = _int_param(params, "vs", "opponent's L + A", 0)
    return {"outcomes": opposed_vs(level + additional, opponent, dice)}


def calc(what: str, params: Mapping[str, str]) -> dict[str, object]:
    """A Peupfudge value from ``key=value`` words; ``what`` names the calculation.

    * ``allocate xp=X [level=L] [progress=P]`` -- Peupfudge, 1.1 Abilities:
      spend ``X`` XP on an ability at unmodified level ``L`` (default 0) with
      ``P`` XP already recorded (default 0); each level-up costs
      ``2 ** level`` (:func:`allocate_xp`). Example 1: Construction Magic 6
      with 22 progress and 7 XP gives level 6, progress 29, next cost 64.
      Answers ``{"value": {"level": int, "progress": int, "next_cost": int}}``.

    Bad input (an unknown ``what`` or key, a missing or non-integer value, an
    out-of-range level, progress or XP) raises ``ValueError``.
    """
    if what not in _CALC_CHOICES:
        raise ValueError(
            f"unknown peupfudge calculation {what!r}: choose from {', '.join(_CALC_CHOICES)}"
        )
    _reject_unknown(params, _ALLOCATE_KEYS, "peupfudge calc allocate")
    if "xp" not in params:
        raise ValueError("xp is required: the XP to allocate (Peupfudge, 1.1 Abilities)")
    xp = _int_param(params, "xp", "XP to allocate", 0)
    level = _int_param(params, "level", "unmodified ability level", 0)
    progress = _int_param(params, "progress", "XP already recorded", 0)
    result = allocate_xp(xp, level, progress)
    return {
        "value": {
            "level": result.level,
            "progress": result.progress,
            "next_cost": result.next_cost,
        }
    }
