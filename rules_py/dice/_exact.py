"""Exact distributions of dice expressions, computed with icepool.

icepool is imported lazily, on the first exact computation: importing it costs
about 250 ms in the browser, and rolling never needs it.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rules_py.dice._ast import DiceTerm, Expression
from rules_py.dice._distribution import Distribution
from rules_py.dice._errors import DiceError
from rules_py.dice._parser import parse
from rules_py.dice._roller import EXPLODE_DEPTH

MAX_WORK = 30_000_000
"""The most work (in estimated steps) an exact computation may do. The estimate errs high:
the worst accepted expressions answer in 0.1 to 0.5 s of CPython here, table and chart
included, well within the 1 s target (``python -m scripts.bench_notation`` times them);
Pyodide in a browser is some 2-3 times slower."""
MAX_TOTALS = 3000
"""The most possible totals an exact distribution may have: its table has a row, its chart
a bar, for each. The browser draws them (a slice at a time, so the page stays free), and
15d1000's 14,986 rows and bars took it seconds of drawing that no reader reads; the
command line's table is the same table (issue 28, item 10)."""
MAX_POOL_FACES = 250
"""Keeping or dropping dice works face by face (recursively): at most this many faces."""

OUTCOME_STEP = 1000
"""Steps each possible total costs: its exact chance, its row of the table (measured)."""
PRODUCT_STEP = 1e-3
"""Steps for the multiplication of the counts, times (its bits) ** 1.585 (Karatsuba; measured).

Sums of dice and of terms are products of polynomials whose coefficients count the ways to
roll each total; they are multiplied as whole numbers (Kronecker substitution), which
CPython does far faster than term-by-term convolution."""


def distribution(expression: Expression | str) -> Distribution:
    """The exact distribution of the total of ``expression``.

    Raises :class:`DiceError` when the computation would exceed :data:`MAX_WORK`; its
    message says the expression can still be rolled (rolling never computes the odds).
    """
    expr = parse(expression) if isinstance(expression, str) else expression
    check_exact(expr)
    return _distribution(tuple(sorted(expr.dice_terms, key=str)), expr.constant)


def check_exact(expr: Expression) -> None:
    """Refuse (:class:`DiceError`) an expression too large for its exact odds.

    Past :data:`MAX_POOL_FACES` in a kept pool, :data:`MAX_WORK` steps, or
    :data:`MAX_TOTALS` possible totals; each message says the dice can still be rolled.
    """
    for term in expr.dice_terms:
        if term.keep is not None and _face_count(term) > MAX_POOL_FACES:
            raise DiceError(
                f"{term} is too large to compute exactly: keeping or dropping works on dice "
                f"of at most {MAX_POOL_FACES} faces (exploding dice count every re-roll), "
                f"but it can still be rolled",
                expr.source,
                None,
            )
    work = estimate_work(expr)
    if work > MAX_WORK:
        raise DiceError(
            f"{expr} is too large to compute exactly "
            f"(about {work:.1e} steps; the limit is {MAX_WORK:.0e}), but it can still be rolled",
            expr.source,
            None,
        )
    totals = possible_totals(expr)
    if totals > MAX_TOTALS:
        raise DiceError(
            f"{expr} is too large to compute exactly ({totals:,} possible totals, a row "
            f"each; the limit is {MAX_TOTALS:,}), but it can still be rolled",
            expr.source,
            None,
        )


def possible_totals(expr: Expression) -> int:
    """How many totals ``expr`` spans, from its lowest to its highest (an upper bound)."""
    return 1 + sum(term.kept_count * (_face_count(term) - 1) for term in expr.dice_terms)


def estimate_work(expr: Expression) -> int:
    """An upper estimate of the steps the exact computation takes (see :data:`MAX_WORK`)."""
    work = 0.0
    length = 1
    bits = 8
    factors = set()  # the numbers multiplied: one for each kind of die, one for each pool
    for term in expr.dice_terms:
        factors.add((term.faces, term.explode, term.keep, term.count if term.keep else 0))
        faces = _face_count(term)
        one_bits = math.log2(len(term.faces)) * (EXPLODE_DEPTH + 1 if term.explode else 1)
        if term.keep is not None:
            # icepool goes face by face through the pool's states (measured: 4d250k3,
            # 10d250k3, 10d100k5, 20d100k10, 50d50k25, 100d10k50, 100d250k1).
            kept = term.kept_count
            work += faces * faces * term.count * (1.5 * kept * (kept + 1) + 12)
        length += term.kept_count * (faces - 1)
        bits += math.ceil(term.count * one_bits)
    levels = 1 + math.ceil(math.log2(max(len(factors), 1)))  # multiplied in pairs
    work += levels * PRODUCT_STEP * (length * bits) ** 1.585 + OUTCOME_STEP * length
    return int(work)


def _face_count(term: DiceTerm) -> int:
    """Distinct values one die of ``term`` can show, re-rolls of exploding dice included."""
    return len(term.faces) * (EXPLODE_DEPTH + 1 if term.explode else 1)


_Counts = tuple[int, tuple[int, ...]]
"""A polynomial of counts: the lowest total, then the ways to roll it and each total above."""


@lru_cache(maxsize=256)
def _distribution(terms: tuple[DiceTerm, ...], constant: int) -> Distribution:
    beyond_cap = Fraction(0)
    parts: list[tuple[_Counts, int]] = []
    for term in terms:
        counts, power, cap = _term_counts(term)
        if term.negative:
            low, ways = counts
            counts = (-(low + len(ways) - 1), ways[::-1])
        parts.append((counts, power))
        beyond_cap = 1 - (1 - beyond_cap) * (1 - cap)
    low, ways = _product(parts)
    total = sum(ways)
    weights = {constant + low + i: Fraction(w, total) for i, w in enumerate(ways) if w}
    return Distribution(tuple(weights), tuple(weights.values()), beyond_cap)


def _product(parts: list[tuple[_Counts, int]]) -> _Counts:
    """The counts of the sum of independent parts, each ``(counts, power)``: counts of one
    die raised to ``power`` (the sum of that many), or a pool's counts to the power 1."""
    bound = 1
    low = 0
    length = 1
    for (part_low, ways), power in parts:
        bound *= sum(ways) ** power
        low += part_low * power
        length += (len(ways) - 1) * power
    width = bound.bit_length() // 8 + 1  # bytes a slot needs: no count reaches bound * 256
    powers: dict[tuple[int, ...], int] = {}
    for (_, ways), power in parts:  # 3d6+2d6 is d6 to the power 5: one factor
        powers[ways] = powers.get(ways, 0) + power
    factors = [
        int.from_bytes(b"".join(w.to_bytes(width, "little") for w in ways), "little") ** power
        for ways, power in powers.items()
    ]
    while len(factors) > 1:  # in pairs: multiplying numbers of like size is the fast way
        factors = [math.prod(factors[i : i + 2]) for i in range(0, len(factors), 2)]
    product = factors[0] if factors else 1
    data = product.to_bytes(length * width, "little")
    return low, tuple(
        int.from_bytes(data[i : i + width], "little") for i in range(0, len(data), width)
    )


@lru_cache(maxsize=256)
def _term_counts(term: DiceTerm) -> tuple[_Counts, int, Fraction]:
    """One term's (unsigned) counts, the power they are raised to, and the chance beyond the
    exploding cap: a plain sum is one die's counts to the power ``count``."""
    import icepool

    one: Any = icepool.Die(term.faces)
    beyond_cap = Fraction(0)
    if term.explode:
        one = one.explode(depth=EXPLODE_DEPTH)
        one_beyond = Fraction(1, len(term.faces)) ** (EXPLODE_DEPTH + 1)
        beyond_cap = 1 - (1 - one_beyond) ** term.count
    if term.keep is None:
        return _counts(one), term.count, beyond_cap
    pool = one.pool(term.count)
    kept = pool.highest(term.keep.count) if term.keep.highest else pool.lowest(term.keep.count)
    return _counts(kept.sum()), 1, beyond_cap


def _counts(die: Any) -> _Counts:
    """An icepool die's quantities as dense counts from its lowest outcome."""
    low, high = int(die.min_outcome()), int(die.max_outcome())
    ways = [0] * (high - low + 1)
    for outcome, quantity in die.items():
        ways[int(outcome) - low] = int(quantity)
    return low, tuple(ways)
