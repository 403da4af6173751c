"""Damage and adjustment of the D10/0 System (chapter "DAT": Damage, Adjustment, Threat).

* Damage -- a flat part and a variable part of ten-sided dice, ``F + nD(X)``:
  each die reads 1-10 (a rolled 0 is 10, the maximum), limited by the
  attribute ``X``; metric prefixes K (kilo) and M (mega) mark the scale.
* Note About Zeros -- the optional damage overflow: a 0 adds the die's
  maximum and the die is rolled again, repeating on another 0.
* Adjustment -- flat (``vF``) and repeating (``vR``, v for each 10 points of
  damage), processed left to right.

Readings the tools use (stated on the rules pages as source notes):

* A limit caps each die: a limit of 0 makes every die 0, a limit above 10 caps
  nothing. With overflow, the maximum a 0 adds is the limited maximum.
* Prefixes go on both parts (``5K + 1KD``, ``2MD(ST)``) and multiply by
  1000 and 1 000 000.
* ``vR`` adds ``v`` for each full 10 points of the damage so far; damage is
  floored at 0 after each adjustment.

Grammar of the notation (letters in any case, white space anywhere)::

    notation := part ("+" part)*
    part     := number [prefix] | number [prefix] "D" ["(" limit ")"]
    prefix   := "K" | "M"
    limit    := attribute abbreviation (AG, EN, ... CH) | whole number

Distributions are exact: whole-number weights convolved in plain Python (no
icepool, nothing imported lazily is needed).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from rules_py.dice import Distribution
from rules_py.systems._params import refusal
from rules_py.systems.d10_0._common import SYSTEM, require_range
from rules_py.systems.d10_0.character import ATTRIBUTE_NAMES
from rules_py.systems.d10_0.checks import OVERFLOW_DEPTH

DIE_FACES: Final = 10
"""A damage die is a d10 (DAT, Damage)."""
DIE_MAXIMUM: Final = 10
"""A rolled 0 is the die's maximum, 10 (DAT, Note About Zeros)."""
PREFIXES: Final[Mapping[str, int]] = {"": 1, "K": 1000, "M": 1_000_000}
"""Metric prefixes of damage: none, Kilo and Mega (DAT, Damage)."""
PREFIX_NAMES: Final[Mapping[str, str]] = {"": "", "K": "Kilo", "M": "Mega"}

LIMIT_ATTRIBUTES: Final[tuple[str, ...]] = ATTRIBUTE_NAMES
"""The ten attribute abbreviations a limit may name (The Ten Attributes)."""

MAX_DICE: Final = 100
"""At most this many dice in one part (a tool limit)."""
MAX_PARTS: Final = 20
"""At most this many parts in one notation (a tool limit)."""
MAX_NUMBER: Final = 1_000_000
"""No flat amount, count or numeric limit above this (a tool limit)."""
MAX_LENGTH: Final = 200
"""No notation longer than this many characters (a tool limit)."""
MAX_WORK: Final = 3_000_000
"""The most weight products an exact damage distribution may take (a tool limit)."""
MAX_OUTCOMES: Final = 50_000
"""The most different totals an exact damage distribution may list (a tool limit)."""


class DamageError(ValueError):
    """A damage notation or adjustment chain that cannot be read or computed.

    ``position`` is the 0-based index of the offending character in ``text``
    (None when the problem is the whole notation).
    """

    def __init__(self, message: str, text: str = "", position: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.position = position

    def __str__(self) -> str:
        where = (
            "" if self.position is None else f" (at position {self.position + 1} of {self.text!r})"
        )
        return refusal(f"{self.message}{where}", f"{SYSTEM}, DAT")

    def pointer(self) -> str:
        """The text with a caret under the offending character, for a terminal."""
        if self.position is None:
            return self.text
        return f"{self.text}\n{' ' * self.position}^"


# --------------------------------------------------------------------------
# Notation
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DamagePart:
    """One part of a damage notation: a flat amount or ``count`` dice, with a prefix."""

    amount: int
    """The flat amount, or the number of dice."""
    prefix: str = ""
    """"" , "K" or "M"."""
    dice: bool = False
    limit: str | int | None = None
    """An attribute abbreviation, a number, or None (no limit)."""

    @property
    def multiplier(self) -> int:
        return PREFIXES[self.prefix]

    def __str__(self) -> str:
        if not self.dice:
            return f"{self.amount}{self.prefix}"
        limit = "" if self.limit is None else f"({self.limit})"
        return f"{self.amount}{self.prefix}D{limit}"

    def describe(self) -> str:
        """In words, e.g. ``"2 Mega-dice limited by ST"``."""
        if not self.dice:
            return f"{self.amount} {PREFIX_NAMES[self.prefix]} flat".replace("  ", " ")
        kind = f"{PREFIX_NAMES[self.prefix]}-di" if self.prefix else "di"
        noun = f"{kind}e" if self.amount == 1 else f"{kind}ce"
        limit = "" if self.limit is None else f" limited by {self.limit}"
        return f"{self.amount} {noun}{limit}"


@dataclass(frozen=True, slots=True)
class DamageNotation:
    """A parsed damage notation (DAT, Damage); ``str()`` gives it in a tidy form."""

    parts: tuple[DamagePart, ...]
    source: str = ""

    @property
    def flat(self) -> int:
        """The flat damage: every flat part times its prefix."""
        return sum(p.amount * p.multiplier for p in self.parts if not p.dice)

    @property
    def dice_parts(self) -> tuple[DamagePart, ...]:
        return tuple(p for p in self.parts if p.dice)

    @property
    def limits(self) -> tuple[str, ...]:
        """The attributes the notation's limits name, in order, each once."""
        names = [p.limit for p in self.parts if isinstance(p.limit, str)]
        return tuple(dict.fromkeys(names))

    def __str__(self) -> str:
        return " + ".join(str(p) for p in self.parts)


def parse_damage(text: str) -> DamageNotation:
    """Read a damage notation such as ``"10 + 2D(ST)"`` or ``"5K + 1KD"`` (DAT, Damage).

    Raises :class:`DamageError` pointing at the offending character.
    """
    if not isinstance(text, str):
        raise DamageError(f"a damage notation is text (got {text!r})")
    if len(text) > MAX_LENGTH:
        raise DamageError(f"a damage notation has at most {MAX_LENGTH} characters", text)
    kept = [(c, n) for n, c in enumerate(text) if not c.isspace()]
    chars = "".join(c for c, _ in kept).upper()
    where = [n for _, n in kept]
    if not chars:
        raise DamageError("empty damage notation: write e.g. 10 + 2D(ST)", text)
    i = 0

    def at(k: int) -> int:
        return where[k] if k < len(where) else len(text.rstrip())

    def number(what: str) -> int:
        nonlocal i
        start = i
        while i < len(chars) and chars[i].isascii() and chars[i].isdigit():
            i += 1
        if i == start:
            found = repr(chars[i]) if i < len(chars) else "the end"
            raise DamageError(f"expected {what}, found {found}", text, at(i))
        value = int(chars[start:i])
        if value > MAX_NUMBER:
            raise DamageError(f"{value} is above the largest number, {MAX_NUMBER}", text, at(start))
        return value

    parts: list[DamagePart] = []
    while True:
        start = i
        amount = number("a number (a flat amount or a count of dice)")
        prefix = ""
        if i < len(chars) and chars[i] in "KM":
            prefix = chars[i]
            i += 1
        part = DamagePart(amount, prefix)
        if i < len(chars) and chars[i] == "D":
            i += 1
            if amount > MAX_DICE:
                raise DamageError(
                    f"at most {MAX_DICE} dice in one part (got {amount})", text, at(start)
                )
            limit: str | int | None = None
            if i < len(chars) and chars[i] == "(":
                i += 1
                limit_at = i
                name = chars[i : i + 2]
                if name in LIMIT_ATTRIBUTES:
                    limit = name
                    i += 2
                elif i < len(chars) and chars[i].isdigit():
                    limit = number("a limit")
                else:
                    raise DamageError(
                        "a limit is an attribute (" + ", ".join(LIMIT_ATTRIBUTES) + ") "
                        "or a whole number",
                        text,
                        at(limit_at),
                    )
                if i >= len(chars) or chars[i] != ")":
                    raise DamageError("expected ')' to close the limit", text, at(i))
                i += 1
            part = DamagePart(amount, prefix, True, limit)
        parts.append(part)
        if len(parts) > MAX_PARTS:
            raise DamageError(f"at most {MAX_PARTS} parts in one notation", text, at(start))
        if i == len(chars):
            return DamageNotation(tuple(parts), text)
        if chars[i] != "+":
            hint = (
                "; damage parts are only added (F + nD)"
                if chars[i] == "-"
                else "; write the count first, e.g. 1D, and the prefix before D, e.g. 1KD"
                if chars[i] in "DKM("
                else ""
            )
            raise DamageError(f"unexpected {chars[i]!r}{hint}", text, at(i))
        i += 1
        if i == len(chars):
            raise DamageError("expected a part after '+'", text, at(i))


def _notation(notation: DamageNotation | str) -> DamageNotation:
    return parse_damage(notation) if isinstance(notation, str) else notation


def resolve_limit(part: DamagePart, attributes: Mapping[str, int] | None) -> int | None:
    """The number a part's limit stands for (None when the part has no limit)."""
    if part.limit is None or isinstance(part.limit, int):
        return part.limit
    scores = {k.upper(): v for k, v in (attributes or {}).items()}
    if part.limit not in scores:
        raise DamageError(f"{part} is limited by {part.limit}: give {part.limit}'s score")
    return require_range(scores[part.limit], f"{part.limit}'s score", "Attributes", 0)


def die_maximum(limit: int | None) -> int:
    """The most one die can read before overflow: 10, or the limit when it is lower."""
    return DIE_MAXIMUM if limit is None else min(DIE_MAXIMUM, limit)


def die_value(face: int, limit: int | None = None) -> int:
    """What a rolled face (0-9) does: 1-9 as read, 0 as 10, capped at the limit."""
    face = require_range(face, "a damage die's face", "DAT, Note About Zeros", 0, DIE_FACES - 1)
    value = DIE_MAXIMUM if face == 0 else face
    return value if limit is None else min(value, limit)


# --------------------------------------------------------------------------
# Exact distributions
# --------------------------------------------------------------------------

_Weights = dict[int, int]


def _die_weights(limit: int | None, overflow: bool, depth: int) -> tuple[_Weights, Fraction]:
    """One die's whole-number weights and its probability beyond the overflow cap."""
    top = die_maximum(limit)
    if not overflow or top == 0:
        weights: _Weights = {}
        for face in range(DIE_FACES):
            v = die_value(face, limit)
            weights[v] = weights.get(v, 0) + 1
        return weights, Fraction(0)
    # k zeros then a non-zero face; after ``depth`` re-rolls a last 0 counts as its maximum.
    denominator = DIE_FACES ** (depth + 1)
    weights = {}
    for k in range(depth + 1):
        each = DIE_FACES ** (depth - k)
        for face in range(1, DIE_FACES):
            v = k * top + die_value(face, limit)
            weights[v] = weights.get(v, 0) + each
    weights[(depth + 1) * top] = weights.get((depth + 1) * top, 0) + 1
    return weights, Fraction(1, denominator)


def _convolve(a: _Weights, b: _Weights) -> _Weights:
    out: _Weights = {}
    for x, wx in a.items():
        for y, wy in b.items():
            out[x + y] = out.get(x + y, 0) + wx * wy
    return out


def _estimate_work(parts: Sequence[tuple[int, int, _Weights]], text: str) -> None:
    """Refuse, before computing, a notation whose convolutions would pass :data:`MAX_WORK`.

    ``parts`` are (count, prefix, one die's weights). Each part's dice are summed
    first (the support of a partial sum is bounded by its span over the prefix),
    then the parts' sums are combined.
    """
    work, size = 0, 1
    for count, multiplier, weights in parts:
        step_span = (max(weights) - min(weights)) // multiplier
        part_size = 1
        for k in range(count):
            work += part_size * len(weights)
            part_size = min(part_size * len(weights), (k + 1) * step_span + 1)
        work += size * part_size
        size *= part_size
    if work > MAX_WORK:
        raise DamageError(
            f"{text} is too large to compute exactly (about {work:,} steps; "
            f"the tools stop at {MAX_WORK:,})",
            text,
        )
    if size > MAX_OUTCOMES:
        raise DamageError(
            f"{text} has too many different totals to list exactly (up to {size:,}; "
            f"the tools stop at {MAX_OUTCOMES:,})",
            text,
        )


def damage_distribution(
    notation: DamageNotation | str,
    attributes: Mapping[str, int] | None = None,
    overflow: bool = False,
    adjustments: Sequence[Adjustment] | str = (),
    depth: int = OVERFLOW_DEPTH,
) -> Distribution:
    """The exact distribution of one hit's damage (DAT, Damage and Adjustment).

    ``attributes`` give the scores limits name (``{"ST": 4}``); ``overflow``
    applies the optional damage overflow, each die's chain cut after ``depth``
    re-rolls (``beyond_cap`` is the chance some die would have gone on);
    ``adjustments`` (a chain such as ``"-10F -2R"``) are applied to the total.
    """
    parsed = _notation(notation)
    depth = require_range(depth, "the overflow depth", "DAT, Note About Zeros", 1, 50)
    parts: list[tuple[int, int, _Weights]] = []
    inside = Fraction(1)  # probability no die went beyond the cap
    for part in parsed.dice_parts:
        weights, beyond = _die_weights(resolve_limit(part, attributes), overflow, depth)
        scaled = {v * part.multiplier: w for v, w in weights.items()}
        parts.append((part.amount, part.multiplier, scaled))
        inside *= (1 - beyond) ** part.amount
    _estimate_work(parts, str(parsed))
    total: _Weights = {parsed.flat: 1}
    for count, _, weights in parts:
        part_total: _Weights = {0: 1}
        for _ in range(count):
            part_total = _convolve(part_total, weights)
        total = _convolve(total, part_total)
    dist = Distribution.from_weights(total, 1 - inside)
    chain = parse_adjustments(adjustments) if isinstance(adjustments, str) else adjustments
    return adjust_distribution(dist, chain) if chain else dist


def damage_mean(
    notation: DamageNotation | str,
    attributes: Mapping[str, int] | None = None,
    overflow: bool = False,
) -> Fraction:
    """The exact mean damage, before adjustment; with overflow, of the endless chain.

    One die's mean is the average of its ten readings; with overflow a 0 adds
    the maximum and rolls again, so the mean is (1..9 read and capped, plus the
    maximum) / 9.
    """
    parsed = _notation(notation)
    mean = Fraction(parsed.flat)
    for part in parsed.dice_parts:
        limit = resolve_limit(part, attributes)
        readings = sum(die_value(face, limit) for face in range(1, DIE_FACES))
        top = die_maximum(limit)
        per_die = Fraction(readings + top, DIE_FACES - 1 if overflow else DIE_FACES)
        mean += part.amount * part.multiplier * per_die
    return mean


def damage_range(
    notation: DamageNotation | str, attributes: Mapping[str, int] | None = None
) -> tuple[int, int]:
    """The least and most damage without overflow, e.g. ``(12, 30)`` for ``10 + 2D``."""
    parsed = _notation(notation)
    low = high = parsed.flat
    for part in parsed.dice_parts:
        limit = resolve_limit(part, attributes)
        values = [die_value(face, limit) for face in range(DIE_FACES)]
        low += part.amount * part.multiplier * min(values)
        high += part.amount * part.multiplier * max(values)
    return low, high


# --------------------------------------------------------------------------
# Rolling
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DamageDie:
    """One damage die as rolled: its faces (0-9; more than one after overflow) and value."""

    part: DamagePart
    faces: tuple[int, ...]
    value: int


@dataclass(frozen=True, slots=True)
class DamageRoll:
    """A rolled damage notation: the flat part, every die, and the total."""

    notation: DamageNotation
    flat: int
    dice: tuple[DamageDie, ...]

    @property
    def total(self) -> int:
        return self.flat + sum(d.value for d in self.dice)


def roll_damage(
    notation: DamageNotation | str,
    attributes: Mapping[str, int] | None = None,
    overflow: bool = False,
    rng: random.Random | None = None,
) -> DamageRoll:
    """Roll a damage notation; overflow chains stop after :data:`OVERFLOW_DEPTH` re-rolls."""
    parsed = _notation(notation)
    rng = rng or random.Random()
    dice: list[DamageDie] = []
    for part in parsed.dice_parts:
        limit = resolve_limit(part, attributes)
        top = die_maximum(limit)
        for _ in range(part.amount):
            rolled = [rng.randrange(DIE_FACES)]
            while overflow and top and rolled[-1] == 0 and len(rolled) <= OVERFLOW_DEPTH:
                rolled.append(rng.randrange(DIE_FACES))
            value = sum(die_value(face, limit) for face in rolled)
            dice.append(DamageDie(part, tuple(rolled), value * part.multiplier))
    return DamageRoll(parsed, parsed.flat, tuple(dice))


# --------------------------------------------------------------------------
# Adjustment
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A flat (``"F"``) or repeating (``"R"``) adjustment of ``value`` (DAT, Adjustment)."""

    value: int
    kind: Literal["F", "R"]

    def apply(self, damage: int) -> int:
        """Flat adds ``value``; repeating adds ``value`` per full 10 points; never below 0."""
        step = self.value if self.kind == "F" else self.value * (damage // 10)
        return max(0, damage + step)

    def __str__(self) -> str:
        return f"{self.value}{self.kind}"

    def describe(self) -> str:
        sign = "+" if self.value > 0 else "-" if self.value < 0 else ""
        if self.kind == "F":
            return f"{sign}{abs(self.value)} points flat"
        return f"{sign}{abs(self.value)} points for every 10 points"


def parse_adjustments(text: str) -> tuple[Adjustment, ...]:
    """Read an adjustment chain such as ``"-10F -2R"`` (DAT, Adjustment Notation).

    Each adjustment is an optional sign, a whole number and F or R; adjustments
    are separated by white space or commas. An empty chain is allowed.
    """
    if len(text) > MAX_LENGTH:
        raise DamageError(f"an adjustment chain has at most {MAX_LENGTH} characters", text)
    found: list[Adjustment] = []
    i, n = 0, len(text)
    while True:
        while i < n and (text[i].isspace() or text[i] == ","):
            i += 1
        if i == n:
            return tuple(found)
        sign = 1
        if text[i] in "+-":
            sign = -1 if text[i] == "-" else 1
            i += 1
            while i < n and text[i].isspace():
                i += 1
        digits = i
        while i < n and text[i].isascii() and text[i].isdigit():
            i += 1
        if i == digits:
            raise DamageError(
                "an adjustment is a whole number then F or R, e.g. -10F or -2R", text, digits
            )
        value = int(text[digits:i])
        if value > MAX_NUMBER:
            raise DamageError(f"{value} is above the largest number, {MAX_NUMBER}", text, digits)
        while i < n and text[i].isspace():
            i += 1
        kind = text[i].upper() if i < n else ""
        if kind not in ("F", "R"):
            raise DamageError(
                "expected F (flat) or R (repeating) after the number", text, min(i, n)
            )
        found.append(Adjustment(sign * value, "F" if kind == "F" else "R"))
        i += 1
        if i < n and not (text[i].isspace() or text[i] == ","):
            raise DamageError("separate adjustments with spaces, e.g. -10F -2R", text, i)


def _chain(adjustments: Iterable[Adjustment] | str) -> tuple[Adjustment, ...]:
    return parse_adjustments(adjustments) if isinstance(adjustments, str) else tuple(adjustments)


def adjust_damage(damage: int, adjustments: Iterable[Adjustment] | str) -> int:
    """Damage after an adjustment chain, left to right, floored at 0 after each step."""
    result = require_range(damage, "damage", "DAT, Adjustment", 0)
    for adjustment in _chain(adjustments):
        result = adjustment.apply(result)
    return result


def adjustment_steps(damage: int, adjustments: Iterable[Adjustment] | str) -> tuple[int, ...]:
    """The damage after each adjustment in turn (the last is :func:`adjust_damage`)."""
    result = require_range(damage, "damage", "DAT, Adjustment", 0)
    steps: list[int] = []
    for adjustment in _chain(adjustments):
        result = adjustment.apply(result)
        steps.append(result)
    return tuple(steps)


def adjust_distribution(
    dist: Distribution, adjustments: Iterable[Adjustment] | str
) -> Distribution:
    """A damage distribution with every outcome adjusted (same ``beyond_cap``)."""
    chain = _chain(adjustments)
    weights: dict[int, Fraction] = {}
    for damage, p in dist.items():
        v = damage
        for adjustment in chain:
            v = adjustment.apply(v)
        weights[v] = weights.get(v, Fraction(0)) + p
    return Distribution.from_weights(weights, dist.beyond_cap)


# --------------------------------------------------------------------------
# The source's tables
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DamageExample:
    """A row of the Damage Examples table (DAT, Damage)."""

    threat: str
    flat: int
    variable: str

    @property
    def notation(self) -> str:
        """The row as one notation, e.g. ``"5 + 1D"``."""
        return f"{self.flat} + {self.variable}"


DAMAGE_EXAMPLES: Final[tuple[DamageExample, ...]] = (
    DamageExample("Punch", 0, "1D(ST)"),
    DamageExample("Pistol", 5, "1D"),
    DamageExample("Knife", 0, "2D(ST)"),
    DamageExample("Sledge Hammer", 10, "2D(ST)"),
    DamageExample("Rifle", 10, "2D"),
    DamageExample("Energy Pistol", 10, "3D"),
    DamageExample("Sniper Rifle", 15, "3D"),
    DamageExample("Energy Rifle", 20, "4D"),
)
"""The Damage Examples table, in the source's order."""
