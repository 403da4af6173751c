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
"""The most work (in estimated elementary steps) an exact computation may do: about a
second of CPython here, a few in the browser."""
MAX_POOL_FACES = 250
"""Keeping or dropping dice works face by face (recursively): at most this many faces."""


def distribution(expression: Expression | str) -> Distribution:
    """The exact distribution of the total of ``expression``.

    Raises :class:`DiceError` when the computation would exceed :data:`MAX_WORK`.
    """
    expr = parse(expression) if isinstance(expression, str) else expression
    for term in expr.dice_terms:
        if term.keep is not None and _face_count(term) > MAX_POOL_FACES:
            raise DiceError(
                f"{term} is too large to compute exactly: keeping or dropping works on dice "
                f"of at most {MAX_POOL_FACES} faces (exploding dice count every re-roll)",
                expr.source,
                None,
            )
    work = estimate_work(expr)
    if work > MAX_WORK:
        raise DiceError(
            f"{expr} is too large to compute exactly "
            f"(about {work:.1e} steps; the limit is {MAX_WORK:.0e})",
            expr.source,
            None,
        )
    return _distribution(tuple(sorted(expr.dice_terms, key=str)), expr.constant)


def estimate_work(expr: Expression) -> int:
    """An upper estimate of the steps the exact computation takes (see :data:`MAX_WORK`)."""
    work = 0
    support = 1
    for term in expr.dice_terms:
        faces = _face_count(term)
        kept = term.kept_count
        if term.keep is None:
            term_support = term.count * faces
            # Convolution in pure Python costs about 16 times a pool step (measured).
            work += 16 * term_support * faces * (math.ceil(math.log2(term.count)) + 1)
        else:
            term_support = kept * faces
            work += faces * (kept + 1) * term_support * term.count
        work += support * term_support
        support += term_support
    return work


def _face_count(term: DiceTerm) -> int:
    """Distinct values one die of ``term`` can show, re-rolls of exploding dice included."""
    return len(term.faces) * (EXPLODE_DEPTH + 1 if term.explode else 1)


@lru_cache(maxsize=256)
def _distribution(terms: tuple[DiceTerm, ...], constant: int) -> Distribution:
    import icepool

    total: Any = icepool.Die([constant])
    beyond_cap = Fraction(0)
    for term in terms:
        die, cap = _term_die(term)
        total = total - die if term.negative else total + die
        beyond_cap = 1 - (1 - beyond_cap) * (1 - cap)
    denominator = total.denominator()
    weights = {int(o): Fraction(q, denominator) for o, q in total.items()}
    return Distribution.from_weights(weights, beyond_cap)


@lru_cache(maxsize=256)
def _term_die(term: DiceTerm) -> tuple[Any, Fraction]:
    """The icepool die of one term's (unsigned) total, and its probability beyond the cap."""
    import icepool

    one: Any = icepool.Die(term.faces)
    beyond_cap = Fraction(0)
    if term.explode:
        one = one.explode(depth=EXPLODE_DEPTH)
        one_beyond = Fraction(1, len(term.faces)) ** (EXPLODE_DEPTH + 1)
        beyond_cap = 1 - (1 - one_beyond) ** term.count
    if term.keep is None:
        return term.count @ one, beyond_cap
    pool = one.pool(term.count)
    kept = pool.highest(term.keep.count) if term.keep.highest else pool.lowest(term.keep.count)
    return kept.sum(), beyond_cap
