"""Rolling a dice expression: every die, which were kept, and the total."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules_py.dice._ast import Constant, DiceTerm, DieKind, Expression
from rules_py.dice._parser import parse

EXPLODE_DEPTH = 9
"""An exploding die is re-rolled at most this many times (the exact odds use the same cap)."""

SEED_LIMIT = 2**53
"""Seeds are whole numbers from 0 to ``SEED_LIMIT - 1``: a JavaScript number holds each exactly."""

_rng = random.Random()


def reseed(seed: int | None = None) -> None:
    """Seed the shared generator afresh (``None``: from the operating system's entropy)."""
    _rng.seed(seed)


def fresh_seed() -> int:
    """A new seed for one roll, drawn from the shared generator."""
    return _rng.getrandbits(53)


@dataclass(frozen=True, slots=True)
class DieRoll:
    """One die: its rolls (more than one when it exploded), their sum, and whether it counts."""

    rolls: tuple[int, ...]
    kept: bool = True

    @property
    def value(self) -> int:
        return sum(self.rolls)


@dataclass(frozen=True, slots=True)
class TermRoll:
    """One term of a roll: its dice (none for a constant) and its signed subtotal."""

    term: DiceTerm | Constant
    dice: tuple[DieRoll, ...]
    subtotal: int


@dataclass(frozen=True, slots=True)
class RollResult:
    """The result of rolling an expression."""

    expression: Expression
    terms: tuple[TermRoll, ...]

    @property
    def total(self) -> int:
        return sum(t.subtotal for t in self.terms)

    @property
    def dice(self) -> tuple[DieRoll, ...]:
        return tuple(d for t in self.terms for d in t.dice)

    def describe(self) -> str:
        """One readable line: ``3d10k2+2: [7, 3, 9] keep 9, 7, +2 = 18``."""
        parts = []
        for i, t in enumerate(self.terms):
            sign = "-" if t.term.negative else ("+" if i else "")
            if isinstance(t.term, Constant):
                parts.append(f"{'-' if t.term.negative else '+'}{abs(t.term.value)}")
                continue
            fudge = t.term.kind is DieKind.FUDGE
            text = sign + "[" + ", ".join(_die_text(d, fudge) for d in t.dice) + "]"
            if t.term.keep is not None:
                kept = sorted((d.value for d in t.dice if d.kept), reverse=True)
                text += " keep " + ", ".join(str(v) for v in kept)
            parts.append(text)
        name = self.expression.source.strip() or str(self.expression)
        return f"{name}: {', '.join(parts)} = {self.total}"


def _die_text(die: DieRoll, fudge: bool) -> str:
    if fudge:  # a Fudge die reads -1, 0 or +1: every face with its sign, 0 without one
        return f"{die.value:+d}" if die.value else "0"
    return "+".join(str(r) for r in die.rolls)


def roll(expression: Expression | str, rng: random.Random | None = None) -> RollResult:
    """Roll ``expression``; pass a seeded ``random.Random`` for a reproducible roll."""
    expr = parse(expression) if isinstance(expression, str) else expression
    rng = rng or _rng
    return RollResult(expr, tuple(_roll_term(t, rng) for t in expr.terms))


def roll_seeded(expression: Expression | str, seed: int) -> RollResult:
    """Roll ``expression`` with a generator seeded with ``seed``: the same seed, the same roll."""
    return roll(expression, random.Random(seed))


def _roll_term(term: DiceTerm | Constant, rng: random.Random) -> TermRoll:
    if isinstance(term, Constant):
        return TermRoll(term, (), term.value)
    faces = term.faces
    top = faces[-1]
    rolled: list[tuple[int, ...]] = []
    for _ in range(term.count):
        chain = [rng.choice(faces)]
        while term.explode and chain[-1] == top and len(chain) <= EXPLODE_DEPTH:
            chain.append(rng.choice(faces))
        rolled.append(tuple(chain))
    kept = _kept_indices(term, [sum(c) for c in rolled])
    dice = tuple(DieRoll(c, i in kept) for i, c in enumerate(rolled))
    subtotal = sum(d.value for d in dice if d.kept)
    return TermRoll(term, dice, -subtotal if term.negative else subtotal)


def _kept_indices(term: DiceTerm, values: list[int]) -> frozenset[int]:
    if term.keep is None:
        return frozenset(range(len(values)))
    order = sorted(range(len(values)), key=lambda i: values[i], reverse=term.keep.highest)
    return frozenset(order[: term.keep.count])
