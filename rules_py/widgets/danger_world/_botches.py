"""The GM's spending of botches: setbacks picked from the GM Options table, within the botches.

A check's botches are the GM's to spend (Danger World, Dice Mechanics): each option of
the GM Options table costs as many botches as its cost, and a setback of a cost is
typically overcome by a successful check of that height. The GM lists the setbacks
bought; the widget adds up their costs, refuses spending more botches than the check
gave, and names the check each narrative setback calls for (a mechanical one takes
effect at once: issue 27). Every rule comes from
:mod:`rules_py.systems.danger_world`.
"""

from __future__ import annotations

from rules_py.systems import danger_world as dw
from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import MAX_POOL
from rules_py.widgets._blocks import Block, error, table, text
from rules_py.widgets._fields import Choice, Number, Rows
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.danger_world._common import SYSTEM, difficulty_words


def _options() -> tuple[tuple[str, str], ...]:
    """Every option of the GM Options table as ``(value, label)``: ``("2m0", "2: reduced hit
    against PC")``, narrative options ``"<cost>n"``, mechanical ``"<cost>m<index>"``."""
    out = []
    for option in dw.GM_OPTIONS:
        for i, mechanical in enumerate(option.mechanical):
            out.append((f"{option.cost}m{i}", f"{option.cost}: {mechanical}"))
        if option.narrative:
            out.append((f"{option.cost}n", f"{option.cost}: {option.narrative}"))
    return tuple(out)


OPTIONS = _options()
_LABELS = dict(OPTIONS)


def _cost(value: str) -> int:
    """The cost of an option's value: its leading digit (the GM Options table's cost)."""
    return int(value[0])


def _to_overcome(value: str) -> str:
    """The check that typically overcomes the option bought, or why none does (GM Options;
    the reading of :func:`rules_py.systems.danger_world.overcoming_difficulty`)."""
    difficulty = dw.overcoming_difficulty(_cost(value), mechanical="m" in value)
    if difficulty is None:
        return "no check: it takes effect at once"
    return f"difficulty {difficulty_words(difficulty)}"


def _botches_show(values: Values) -> list[Block]:
    botches = values["botches"]
    chosen = [row["option"] for row in values["setbacks"]]
    spent = sum(_cost(v) for v in chosen)
    if spent > botches:
        return [
            error(
                refusal(
                    f"these setbacks cost {spent} botches, but the check gave {botches}",
                    f"{SYSTEM}, Dice Mechanics",
                ),
                ["setbacks", "botches"],
            )
        ]
    left = botches - spent
    blocks: list[Block] = [
        text(
            f"{botches} botch{'' if botches == 1 else 'es'} to spend: {spent} spent, {left} left"
            + ("." if left == 0 else " for the GM to spend.")
        )
    ]
    if chosen:
        blocks.append(
            table(
                "The setbacks bought, and the check that typically overcomes each one a "
                "check can overcome",
                ["Setback", "Cost", "To overcome"],
                ([_LABELS[v].split(": ", 1)[1], str(_cost(v)), _to_overcome(v)] for v in chosen),
            )
        )
    return blocks


BOTCHES = Widget(
    name="danger-world-botches",
    title="Spending botches",
    fields=(
        Number("botches", "Botches to spend", 3, 0, MAX_POOL, hint="From the check's dice."),
        Rows(
            "setbacks",
            "Setbacks",
            (Choice("option", "GM option", OPTIONS, "1m0"),),
            default=({"option": "3n"},),
            min_rows=0,
            max_rows=MAX_POOL,
            row_label="setback",
            hint="Each costs as many botches as the number before it (GM Options).",
            new_row={"option": "1m0"},
        ),
    ),
    show=_botches_show,
)
"""Danger World, Dice Mechanics (GM Options): botches spent on setbacks, and what each calls for."""

WIDGETS: tuple[Widget, ...] = (BOTCHES,)
