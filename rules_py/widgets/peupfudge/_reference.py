"""Peupfudge's probability reference: P(NdF ≥ D) for a range of N and D.

Every number comes from :mod:`rules_py.systems.peupfudge.reference` (Peupfudge,
Appendix D Probability Reference); this module arranges it into a table.
"""

from __future__ import annotations

from rules_py.systems.peupfudge import MAX_DICE, MIN_DICE
from rules_py.systems.peupfudge.actions import DEFAULT_ACTION_DICE
from rules_py.systems.peupfudge.reference import (
    REFERENCE_DICE,
    REFERENCE_DIFFICULTIES,
    format_probability,
    probability_reference,
)
from rules_py.widgets._blocks import Block, table, text
from rules_py.widgets._fields import Number
from rules_py.widgets._widget import Refusal, Values, Widget
from rules_py.widgets.peupfudge._common import LEVEL_LIMIT

MAX_COLUMNS = 25
"""Most difficulty columns the probability table draws (D from -12 to 12)."""


# --------------------------------------------------------------------------
# Probability reference (Peupfudge, Appendix D)
# --------------------------------------------------------------------------


def _range_field(name: str, label: str, default: int, lo: int, hi: int) -> Number:
    return Number(name, label, default, lo, hi)


def _probability_show(values: Values) -> list[Block]:
    n_from, n_to, d_from, d_to = values["n_from"], values["n_to"], values["d_from"], values["d_to"]
    if n_from > n_to:
        raise Refusal(
            f"Dice from ({n_from}) must not be more than dice to ({n_to})", ("n_from", "n_to")
        )
    if d_from > d_to:
        raise Refusal(f"D from ({d_from}) must not be more than D to ({d_to})", ("d_from", "d_to"))
    columns = d_to - d_from + 1
    if columns > MAX_COLUMNS:
        raise Refusal(
            f"At most {MAX_COLUMNS} columns of D fit the table (D from {d_from} to {d_to} "
            f"makes {columns}): narrow the range",
            ("d_from", "d_to"),
        )
    reference = probability_reference(range(n_from, n_to + 1), range(d_from, d_to + 1))
    rows = [
        [f"{n}dF", *(format_probability(p) for p in row)]
        for n, row in zip(reference.dice, reference.rows, strict=True)
    ]
    titles = [["", *(str(p) for p in row)] for row in reference.rows]
    return [
        text(
            "Chance that NdF comes out at D or higher, rounded half-up to two decimals; "
            "the exact fraction is in each entry's tooltip. The 4dF row is the standard roll."
        ),
        table(
            "P(NdF ≥ D)",
            ["", *(f"≥ {d}" for d in reference.difficulties)],
            rows,
            titles=titles,
            hits=[n == DEFAULT_ACTION_DICE for n in reference.dice],
        ),
    ]


PROBABILITY = Widget(
    name="peupfudge-probability",
    title="Probability reference",
    fields=(
        _range_field("n_from", "Dice from", REFERENCE_DICE[0], MIN_DICE, MAX_DICE),
        _range_field("n_to", "Dice to", REFERENCE_DICE[-1], MIN_DICE, MAX_DICE),
        _range_field(
            "d_from", "D from", REFERENCE_DIFFICULTIES[0], -LEVEL_LIMIT // 2, LEVEL_LIMIT // 2
        ),
        _range_field(
            "d_to", "D to", REFERENCE_DIFFICULTIES[-1], -LEVEL_LIMIT // 2, LEVEL_LIMIT // 2
        ),
    ),
    show=_probability_show,
)
"""Peupfudge, Appendix D: P(NdF ≥ D) for a range of N and D, computed exactly."""

WIDGETS: tuple[Widget, ...] = (PROBABILITY,)
