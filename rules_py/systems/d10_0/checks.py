"""Actions and checks of the D10/0 System (chapter "Actions").

* Dice and Rolling -- an attribute check rolls one d10 read 0-9, a skill check
  a d100 read 00-99 (two d10s: tens and ones).
* Degrees and Difficulty -- ``(Score) - (Roll) = Degree of Effort``; the check
  succeeds when the effort is greater than the difficulty, is a miss when it is
  equal and fails when it is less; ``(Degree of Effort) - (Difficulty)`` is the
  degree of success (positive) or failure (negative).
* Degree Information -- the seven-row table naming difficulties and degrees
  (:data:`DEGREE_TABLE`).
* Cumulative, Cooperative and Conflicting Effort, and the optional Overflow.

Readings the tools use (stated on the rules pages as source notes):

* Difficulty is in the check's own points: 0-9 scale for attributes, 00-99 for
  skills (so a skill "Challenge" is 20), and may be negative.
* Names go by magnitude, the same for gains and losses: for attributes 1..5
  take rows 1..5 and 6 or more row 6; for skills 1-19 row 1, 20-29 row 2, ...,
  50-59 row 5 and 60 or more row 6; 0 is a miss. A difficulty below 0 takes
  no row's name: it is "easier than Average".
* Overflow: after the lowest face (0 or 00) roll again and add that roll's
  effort only if positive; after the highest face (9 or 99) add it only if
  negative; each repeats on the same end again.
* Conflicting effort: the greater effort wins, equal efforts tie (a miss for
  both). Direct cooperation adds the efforts up against the difficulty.
  Cumulative effort: the goal is met at a total equal to it or more.

Probabilities are exact :class:`fractions.Fraction` values. Overflow chains
have no end, but every chance of success, miss, failure or named degree is
still exact: past a point each further re-roll can only push the effort
further the same way, so the rest of the chain is summed as one geometric
tail. Only the full degree distribution needs a cap on the chain
(:data:`OVERFLOW_DEPTH`), and reports the probability beyond it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Final, Literal

from rules_py.dice import EXPLODE_DEPTH, Distribution
from rules_py.systems._params import bounds, out_of_range, refusal
from rules_py.systems.d10_0._common import SYSTEM, require_int, require_range

Result = Literal["success", "miss", "failure"]
Kind = Literal["attribute", "skill"]

ATTRIBUTE_FACES: Final = 10
"""An attribute check rolls one d10 read 0-9 (Actions, Dice and Rolling)."""
SKILL_FACES: Final = 100
"""A skill check rolls a d100 read 00-99 (Actions, Dice and Rolling)."""

OVERFLOW_DEPTH: Final = EXPLODE_DEPTH
"""Re-rolls of one overflow chain the full distributions follow (and a roll makes).

The rule has no end; the tools stop after this many re-rolls, as the dice
notation does for exploding dice, and report the probability beyond.
"""

MAX_SCORE: Final = 999
"""The highest score the tools accept (a tool limit, not a rule)."""
MAX_DIFFICULTY: Final = 999
"""The largest difficulty, either way, the tools accept (a tool limit)."""
MAX_CUMULATIVE_CHECKS: Final = 100
"""At most this many checks towards a cumulative goal (a tool limit)."""
MAX_CUMULATIVE_GOAL: Final = 10_000
"""The largest cumulative goal the tools accept (a tool limit)."""
MAX_COOPERATORS: Final = 10
"""At most this many characters in a direct cooperation (a tool limit)."""


def faces(skill: bool) -> int:
    """10 for an attribute check (d10), 100 for a skill check (d100)."""
    return SKILL_FACES if skill else ATTRIBUTE_FACES


def read_from_zero(face: int, skill: bool = False) -> int:
    """A die numbered 1-10 (a d100 1-100) as a check reads it: its ten (hundred) is 0.

    A real d10 shows 0 to 9 and a check reads the 0 as 0; a d100 (two d10s, tens
    and units) reads 00 to 99 (Actions, Dice and Rolling).
    """
    n = faces(skill)
    return require_range(face, "a die's face", "Actions, Dice and Rolling", 1, n) % n


def read_dice(roll: int, skill: bool = False) -> tuple[int, ...]:
    """The d10s that show a roll read from 0: ``(7,)``, or tens and units ``(0, 7)``.

    An attribute check reads one d10; a skill check two, one for the tens and one
    for the units (Actions, Dice and Rolling).
    """
    n = faces(skill)
    roll = require_range(roll, "a roll", "Actions, Dice and Rolling", 0, n - 1)
    return divmod(roll, ATTRIBUTE_FACES) if skill else (roll,)


# --------------------------------------------------------------------------
# Degree Information
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DegreeRow:
    """One row of the Degree Information table (Actions, Degrees and Difficulty)."""

    row: int
    attribute_points: int
    """The row's difficulty (and degree) on the attribute scale: 0 to 6."""
    skill_points: int
    """The same on the skill scale: 0, 10, ... 60 (the table's "1(10)")."""
    difficulty: str
    """The difficulty's name."""
    success: str
    """The name of a positive degree (a degree of success)."""
    failure: str
    """The name of a negative degree (a degree of failure)."""

    def points(self, skill: bool) -> int:
        """The row's number on the check's own scale."""
        return self.skill_points if skill else self.attribute_points


DEGREE_TABLE: Final[tuple[DegreeRow, ...]] = (
    DegreeRow(0, 0, 0, "Average", "Miss", "Miss"),
    DegreeRow(1, 1, 10, "Tricky", "Minor Success", "Almost Successful"),
    DegreeRow(2, 2, 20, "Challenge", "Noted Success", "Noted Failure"),
    DegreeRow(3, 3, 30, "Hard", "Well Done", "Fouled Up"),
    DegreeRow(4, 4, 40, "Worrisome", "Like a Pro", "Complete Klutz"),
    DegreeRow(5, 5, 50, "Improbable", "Amazing", "FUBAR"),
    DegreeRow(
        6,
        6,
        60,
        "Impossible?",
        "Awe-Inspiring for all the right reasons",
        "Awe-Inspiring for all the wrong reasons",
    ),
)
"""The Degree Information table, rows 0 to 6, in the source's order."""

TOP_ROW: Final = DEGREE_TABLE[-1]


def degree_row(value: int, skill: bool = False) -> DegreeRow:
    """The Degree Information row of a degree or difficulty, read by magnitude.

    Reading (issue 9): attribute 1..5 are rows 1..5 and 6 or more row 6; skill
    1-19 is row 1, 20-29 row 2, ..., 50-59 row 5 and 60 or more row 6; 0 is
    row 0. Gains and losses of the same size share a row.
    """
    size = abs(require_int(value, "a degree", "Degree Information"))
    if skill:
        return DEGREE_TABLE[0 if size == 0 else max(1, min(size // 10, 6))]
    return DEGREE_TABLE[min(size, 6)]


def degree_name(degree: int, skill: bool = False) -> str:
    """The name of a degree of success or failure (Degree Information).

    0 is "Miss"; a positive degree takes its row's success name, a negative one
    its failure name, e.g. attribute +2 "Noted Success", skill -45 "Complete Klutz".
    """
    row = degree_row(degree, skill)
    return row.success if degree > 0 else row.failure


BELOW_AVERAGE: Final = "easier than Average"
"""What the tools call a negative difficulty (a reading of Degree Information).

The Degree Information table names difficulties from Average (0) upwards
only; a negative difficulty (a ridiculously easy task) takes none of its
names, since "Hard" or "Challenge" would say the opposite of what it is.
"""


def difficulty_name(difficulty: int, skill: bool = False) -> str:
    """The name of a difficulty (Degree Information): 20 on a skill is "Challenge".

    From 0 up the name goes by size, as degrees do; below 0 it is
    :data:`BELOW_AVERAGE`, whatever the size: -3 is not "Hard".
    """
    if require_int(difficulty, "a difficulty", "Degree Information") < 0:
        return BELOW_AVERAGE
    return degree_row(difficulty, skill).difficulty


def degree_names(skill: bool = False) -> tuple[str, ...]:
    """Every degree name, from the worst failure to the best success (13 names)."""
    failures = tuple(row.failure for row in reversed(DEGREE_TABLE[1:]))
    return (*failures, "Miss", *(row.success for row in DEGREE_TABLE[1:]))


@dataclass(frozen=True, slots=True)
class DegreeBand:
    """The degrees that share a name: ``low`` to ``high`` (None: no end that way)."""

    name: str
    low: int | None
    high: int | None


def degree_bands(skill: bool = False) -> tuple[DegreeBand, ...]:
    """The named degree bands in order, worst to best (Degree Information, by magnitude).

    Attribute: ..., -6 or less, -5, ..., -1, 0, 1, ..., 5, 6 or more.
    Skill: -60 or less, -59..-50, ..., -19..-1, 0, 1..19, 20..29, ..., 60 or more.
    """
    rows = DEGREE_TABLE[1:]
    ups = tuple(
        DegreeBand(
            row.success,
            1 if row.row == 1 else row.points(skill),
            DEGREE_TABLE[row.row + 1].points(skill) - 1 if row is not TOP_ROW else None,
        )
        for row in rows
    )
    downs = tuple(
        DegreeBand(row.failure, None if up.high is None else -up.high, -(up.low or 0))
        for row, up in zip(rows, ups, strict=True)
    )
    return (*reversed(downs), DegreeBand("Miss", 0, 0), *ups)


def parse_difficulty(text: str, skill: bool = False) -> int:
    """A difficulty given as a whole number (``-10``, ``25``) or by name (``hard``, any case).

    A name stands for its row of the Degree Information table on the check's
    scale: "Hard" is 3 for an attribute, 30 for a skill; "Impossible" may be
    written with or without its question mark.
    """
    key = text.strip().lower()
    for row in DEGREE_TABLE:
        if key in (row.difficulty.lower(), row.difficulty.lower().rstrip("?")):
            return row.points(skill)
    sign = key[:1] if key[:1] in "+-" else ""
    digits = key[len(sign) :].strip()
    if digits.isdigit() and digits.isascii():
        return int(sign + digits)
    names = ", ".join(f"{r.difficulty} ({r.points(skill)})" for r in DEGREE_TABLE)
    raise ValueError(
        refusal(
            f"a difficulty is a whole number or one of {names} (got {text!r})",
            f"{SYSTEM}, Degree Information",
        )
    )


# --------------------------------------------------------------------------
# One check
# --------------------------------------------------------------------------


def _score(score: int) -> int:
    return require_range(score, "a score", "Degrees and Difficulty", 0, MAX_SCORE)


def _difficulty(difficulty: int) -> int:
    return require_range(
        difficulty, "a difficulty", "Degrees and Difficulty", -MAX_DIFFICULTY, MAX_DIFFICULTY
    )


def degree_of_success(effort: int, difficulty: int) -> int:
    """``(Degree of Effort) - (Difficulty)``: positive is success, negative failure."""
    return require_int(effort, "an effort", "Degrees and Difficulty") - require_int(
        difficulty, "a difficulty", "Degrees and Difficulty"
    )


def check_result(effort: int, difficulty: int) -> Result:
    """Success when the effort is greater than the difficulty, miss when equal, else failure."""
    degree = degree_of_success(effort, difficulty)
    return "success" if degree > 0 else "miss" if degree == 0 else "failure"


def _chain(score: int, n: int, first: int) -> tuple[int, tuple[int, ...]]:
    """An overflow chain after the end face ``first``: (what a repeat adds, what a stop adds).

    After the lowest face a re-roll adds its effort only when positive, after the
    highest only when negative; rolling the same end again repeats the chain.
    Returns the addition of one repeat and the additions of the n-1 other faces.
    """
    if first == 0:
        return max(0, score), tuple(max(0, score - r) for r in range(1, n))
    return min(0, score - (n - 1)), tuple(min(0, score - r) for r in range(n - 1))


def _efforts(
    score: int, skill: bool, overflow: bool, low: int | None, high: int | None, depth: int
) -> tuple[dict[int, Fraction], Fraction]:
    """Effort probabilities, clamped to ``[low, high]``, and the probability beyond the cap.

    With both bounds the answer is exact whatever the chain's length: a repeat
    moves the effort one way only, so once the smallest effort of a depth is
    past the bound, all deeper chains are added at the bound at once. Without a
    bound that way, chains stop after ``depth`` re-rolls (the last end face
    counts its own effort) and their probability is returned as beyond the cap.
    """
    n = faces(skill)
    if not overflow:
        # Each face once: count the faces of each (clamped) effort, one fraction each. A
        # sheet asks this of every attribute and skill at each change of its difficulty.
        counts: dict[int, int] = {}
        for roll in range(n):
            effort = score - roll
            effort = effort if low is None else max(effort, low)
            effort = effort if high is None else min(effort, high)
            counts[effort] = counts.get(effort, 0) + 1
        return {effort: Fraction(count, n) for effort, count in counts.items()}, Fraction(0)
    each = Fraction(1, n)
    out: dict[int, Fraction] = {}
    beyond = Fraction(0)

    def add(effort: int, p: Fraction) -> None:
        if low is not None:
            effort = max(effort, low)
        if high is not None:
            effort = min(effort, high)
        out[effort] = out.get(effort, Fraction(0)) + p

    for roll in range(n):
        effort = score - roll
        if not overflow or roll not in (0, n - 1):
            add(effort, each)
            continue
        step, stops = _chain(score, n, roll)
        if step == 0:  # the chain can add nothing ("mathematically impossible")
            add(effort, each)
            continue
        grouped: dict[int, int] = {}
        for extra in stops:
            grouped[extra] = grouped.get(extra, 0) + 1
        bound = high if step > 0 else low  # the chain moves towards this bound
        near = low if step > 0 else high  # and away from this one
        reached = each  # probability of arriving at depth j of the chain
        j = 0
        while True:
            base = effort + j * step
            if bound is not None and (base >= bound if step > 0 else base <= bound):
                add(bound, reached)
                break
            if bound is None and j == depth:
                add(base, reached)
                beyond += reached
                break
            nearest = base + (max(stops) if step > 0 else min(stops))
            if near is not None and (nearest <= near if step > 0 else nearest >= near):
                # Every stop at depths j..last lands at the near bound: sum them at once.
                last = j + (near - nearest) // step
                if bound is None:
                    last = min(last, depth - 1)
                carried = reached * each ** (last - j + 1)
                add(near, reached - carried)
                reached, j = carried, last + 1
                continue
            for extra, count in grouped.items():
                add(base + extra, reached * each * count)
            reached *= each
            j += 1
            if j > depth:  # pragma: no cover - the exact depth is always enough
                raise AssertionError("overflow chain did not end")
    return out, beyond


def _exact_depth(score: int, skill: bool, low: int, high: int) -> int:
    """Re-rolls after which a chain is surely past ``[low, high]`` (bounds the exact loop)."""
    return (high - low) + 2 * (MAX_SCORE + faces(skill)) + 2


def _clamped(score: int, skill: bool, overflow: bool, low: int, high: int) -> dict[int, Fraction]:
    efforts, _ = _efforts(score, skill, overflow, low, high, _exact_depth(score, skill, low, high))
    return efforts


def check_outcomes(
    score: int, difficulty: int, skill: bool = False, overflow: bool = False
) -> dict[str, Fraction]:
    """Exact chances of ``success``, ``miss`` and ``failure`` (Degrees and Difficulty).

    ``score`` is the attribute (d10, 0-9) or, with ``skill``, the skill's Total
    (d100, 00-99); ``difficulty`` is on the same scale. ``overflow`` applies the
    optional Overflow rule, still exactly.
    """
    score, difficulty = _score(score), _difficulty(difficulty)
    efforts = _clamped(score, skill, overflow, difficulty - 1, difficulty + 1)
    return {
        "success": efforts.get(difficulty + 1, Fraction(0)),
        "miss": efforts.get(difficulty, Fraction(0)),
        "failure": efforts.get(difficulty - 1, Fraction(0)),
    }


def effort_distribution(
    score: int, skill: bool = False, overflow: bool = False, depth: int = OVERFLOW_DEPTH
) -> Distribution:
    """The degree of effort's distribution; with overflow, chains cut after ``depth`` re-rolls.

    ``beyond_cap`` is the probability that a chain would have gone on (such
    rolls are counted where the cap stopped them).
    """
    score = _score(score)
    depth = require_range(depth, "the overflow depth", "Overflow", 1, 50)
    efforts, beyond = _efforts(score, skill, overflow, None, None, depth)
    return Distribution.from_weights(efforts, beyond)


def degree_distribution(
    score: int,
    difficulty: int,
    skill: bool = False,
    overflow: bool = False,
    depth: int = OVERFLOW_DEPTH,
) -> Distribution:
    """The degree of success or failure (effort - difficulty).

    With overflow, capped as in :func:`effort_distribution`.
    """
    return effort_distribution(score, skill, overflow, depth).shifted(-_difficulty(difficulty))


def named_degree_distribution(
    score: int, difficulty: int, skill: bool = False, overflow: bool = False
) -> dict[str, Fraction]:
    """Exact chance of each named degree, worst to best (Degree Information, by magnitude).

    Exact with overflow too: the outermost names have no end.
    """
    score, difficulty = _score(score), _difficulty(difficulty)
    top = TOP_ROW.points(skill)
    efforts = _clamped(score, skill, overflow, difficulty - top, difficulty + top)
    names = {name: Fraction(0) for name in degree_names(skill)}
    for effort, p in efforts.items():
        names[degree_name(effort - difficulty, skill)] += p
    return names


@dataclass(frozen=True, slots=True)
class CheckChances:
    """A check's exact chances (Degrees and Difficulty; Degree Information): of success,
    of a miss and of failure, and of each named degree that can come up, worst to best."""

    success: Fraction
    miss: Fraction
    failure: Fraction
    degrees: tuple[tuple[str, Fraction], ...]
    """Each named degree with a chance above 0, from the worst failure to the best success."""


@lru_cache(maxsize=4096)
def check_chances(
    score: int, difficulty: int, skill: bool = False, overflow: bool = False
) -> CheckChances:
    """:func:`check_outcomes` and :func:`named_degree_distribution` of one check, kept once
    worked out: a character sheet asks for every attribute and skill at each change."""
    outcomes = check_outcomes(score, difficulty, skill, overflow)
    named = named_degree_distribution(score, difficulty, skill, overflow)
    return CheckChances(
        outcomes["success"],
        outcomes["miss"],
        outcomes["failure"],
        tuple((name, p) for name, p in named.items() if p),
    )


# --------------------------------------------------------------------------
# Rolling
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckRoll:
    """One check as rolled: the first roll, the overflow chain, and what they make."""

    score: int
    difficulty: int
    skill: bool
    rolls: tuple[int, ...]
    """The first roll then each overflow re-roll (0-9, or 0-99 for a skill)."""
    additions: tuple[int, ...]
    """What each overflow re-roll added to the effort (0 when it could not add)."""

    @property
    def effort(self) -> int:
        """Degree of effort: score - first roll + the overflow additions."""
        return self.score - self.rolls[0] + sum(self.additions)

    @property
    def degree(self) -> int:
        """Degree of success (positive) or failure (negative)."""
        return self.effort - self.difficulty

    @property
    def result(self) -> Result:
        return check_result(self.effort, self.difficulty)

    @property
    def degree_name(self) -> str:
        return degree_name(self.degree, self.skill)


def roll_check(
    score: int,
    difficulty: int,
    skill: bool = False,
    overflow: bool = False,
    rng: random.Random | None = None,
) -> CheckRoll:
    """Roll one check (a seeded ``rng`` makes it reproducible); overflow stops after
    :data:`OVERFLOW_DEPTH` re-rolls like the distributions."""
    score, difficulty = _score(score), _difficulty(difficulty)
    rng = rng or random.Random()
    n = faces(skill)
    rolls = [rng.randrange(n)]
    additions: list[int] = []
    end = rolls[0]
    if overflow and end in (0, n - 1) and _chain(score, n, end)[0] != 0:
        while len(additions) < OVERFLOW_DEPTH:
            again = rng.randrange(n)
            rolls.append(again)
            effort = score - again
            additions.append(max(0, effort) if end == 0 else min(0, effort))
            if again != end:
                break
    return CheckRoll(score, difficulty, skill, tuple(rolls), tuple(additions))


# --------------------------------------------------------------------------
# Conflicting, cooperative and cumulative effort
# --------------------------------------------------------------------------


def _uniform_efforts(score: int, skill: bool) -> range:
    return range(score - faces(skill) + 1, score + 1)


def conflict_outcomes(score: int, opponent: int, skill: bool = False) -> dict[str, Fraction]:
    """Exact chances to ``win``, ``tie`` and ``lose`` a conflict (Actions, Conflicting Effort).

    Each side rolls its own check; the greater effort wins and equal efforts
    are a tie (a miss for both).
    """
    mine = _uniform_efforts(_score(score), skill)
    theirs = _uniform_efforts(_score(opponent), skill)
    n = faces(skill)
    win = tie = 0
    for effort in mine:
        below = min(max(effort - theirs.start, 0), n)
        win += below
        tie += effort in theirs
    total = n * n
    return {
        "win": Fraction(win, total),
        "tie": Fraction(tie, total),
        "lose": Fraction(total - win - tie, total),
    }


def _convolve(a: Mapping[int, int], b: Mapping[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for x, wx in a.items():
        for y, wy in b.items():
            out[x + y] = out.get(x + y, 0) + wx * wy
    return out


def cooperation_distribution(scores: Sequence[int], skill: bool = False) -> Distribution:
    """The total effort of characters directly helping each other (Cooperative Effort)."""
    checked = tuple(scores)
    if not 1 <= len(checked) <= MAX_COOPERATORS:
        raise ValueError(
            refusal(
                f"from 1 to {MAX_COOPERATORS} characters (got {len(checked)})",
                f"{SYSTEM}, Cooperative Effort",
            )
        )
    total: dict[int, int] = {0: 1}
    for score in checked:
        total = _convolve(total, dict.fromkeys(_uniform_efforts(_score(score), skill), 1))
    return Distribution.from_weights(total)


def cooperation_outcomes(
    scores: Sequence[int], difficulty: int, skill: bool = False
) -> dict[str, Fraction]:
    """Direct cooperation: the efforts add up against one difficulty (Cooperative Effort)."""
    difficulty = _difficulty(difficulty)
    dist = cooperation_distribution(scores, skill)
    return {
        "success": dist.p_ge(difficulty + 1),
        "miss": dist.p_eq(difficulty),
        "failure": dist.p_le(difficulty - 1),
    }


def cumulative_chances(
    score: int, goal: int, checks: int, skill: bool = False, losses: bool = False
) -> tuple[Fraction, ...]:
    """Chance the goal is met within 1, 2, ... ``checks`` checks (Actions, Cumulative Effort).

    The total starts at 0; each check adds its effort and the task is complete
    once the total equals the goal or more. By default only positive efforts
    count (the total "is only increased"); with ``losses`` negative efforts
    subtract, for tasks where failures postpone or undo.
    """
    score = _score(score)
    goal = require_range(goal, "the goal", "Cumulative Effort", 1, MAX_CUMULATIVE_GOAL)
    checks = require_range(checks, "the number of checks", "Cumulative Effort", 1)
    if checks > MAX_CUMULATIVE_CHECKS:
        raise ValueError(
            out_of_range(
                "the number of checks",
                f"{bounds(1, MAX_CUMULATIVE_CHECKS)} (the most the tools follow)",
                checks,
                f"{SYSTEM}, Cumulative Effort",
            )
        )
    return tuple(_cumulative(score, goal, checks, faces(skill), losses))


def _cumulative(score: int, goal: int, checks: int, n: int, losses: bool) -> Iterator[Fraction]:
    """Yield P(total >= goal by check k); weights are whole numbers over ``n ** k``."""
    lo_step, hi_step = score - n + 1, score
    zeros = 0
    if not losses:  # a non-positive effort adds nothing
        zeros = max(0, min(n, 1 - lo_step))
        lo_step = max(lo_step, 1)
    offset, weights = 0, [1]  # weights[i]: totals offset + i, all still below the goal
    scale = 1
    for _ in range(checks):
        scale *= n
        offset, weights = _cumulative_step(offset, weights, goal, lo_step, hi_step, zeros)
        yield 1 - Fraction(sum(weights), scale)


def _cumulative_step(
    offset: int, weights: list[int], goal: int, lo_step: int, hi_step: int, zeros: int
) -> tuple[int, list[int]]:
    """One more check: every increment lo_step..hi_step once, 0 ``zeros`` times."""
    prefix = [0]
    for w in weights:
        prefix.append(prefix[-1] + w)
    last = len(weights) - 1
    new_offset = offset + (0 if zeros else lo_step)
    new = [0] * max(goal - new_offset, 0)
    for k in range(len(new)):
        t = new_offset + k
        i, j = max(t - hi_step - offset, 0), min(t - lo_step - offset, last)
        w = prefix[j + 1] - prefix[i] if i <= j else 0
        if zeros and 0 <= t - offset <= last:
            w += zeros * weights[t - offset]
        new[k] = w
    first = next((k for k, w in enumerate(new) if w), len(new))
    return new_offset + first, new[first:] or [0]
