"""What the widgets show, as plain JSON-able data.

The Markdown extensions render these views into HTML at build time, and the
browser worker returns the very same views when the reader rolls or changes an
input: one computation, two places. JavaScript only copies them into the page.

This module is the floor between the rules and the widgets: it imports
:mod:`rules_py.dice` and :mod:`rules_py.readings`, the widgets import it, and the
worker's request handler (:mod:`rules_py.handler`) sits above both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules_py._format import decimal, percent
from rules_py._log import log_entry, parts_text
from rules_py.dice import (
    SEED_LIMIT,
    DiceError,
    DiceTerm,
    DieKind,
    Distribution,
    RollResult,
    distribution,
    fresh_seed,
    parse,
    roll_seeded,
)
from rules_py.readings import read_as

View = dict[str, Any]
"""A JSON-able mapping."""


class RequestError(ValueError):
    """A request the page made that cannot be answered; the message is for the reader."""


class FieldRefused(DiceError):
    """A value typed into one of an odds figure's fields that it refuses.

    ``field`` names the field (``"modifier"``, ``"target"``): the page marks it invalid.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


COLUMNS: Mapping[str, str] = {"eq": "P(=)", "ge": "P(≥)", "le": "P(≤)"}
"""The odds table's probability columns, by key."""

CHART_WIDTH = 640
"""The width of a chart's plot in its own units (it stretches to the page's width)."""
_CHART_PLOT = 190
_CHART_TOP = 6
_CHART_LEGEND = 20
_CHART_AXIS = 22
_CHART_TITLE = 18
_MAX_LABELS = 16
_MAX_LONG_LABELS = 11


FUDGE_FACES: Mapping[int, str] = {-1: "−", 0: " ", 1: "+"}
"""How a Fudge die's faces are drawn: minus, blank and plus."""

FUDGE_WORDS: Mapping[int, str] = {-1: "minus", 0: "blank", 1: "plus"}
"""How a Fudge die's faces are read aloud."""


def roll_parts(result: RollResult) -> list[dict[str, str]]:
    """Each part of a roll as the page draws it: a die (kept or dropped) or an operator.

    Fudge dice show their faces (−, blank, +) with the value as the title.
    """
    parts: list[dict[str, str]] = []
    for i, term in enumerate(result.terms):
        sign = "−" if term.term.negative else ("+" if i else "")
        if not term.dice:
            parts.append({"kind": "op", "text": f"{sign or '+'} {abs(term.subtotal)}"})
            continue
        if sign:
            parts.append({"kind": "op", "text": sign})
        fudge = isinstance(term.term, DiceTerm) and term.term.kind is DieKind.FUDGE
        for die in term.dice:
            part = {"kind": "die" if die.kept else "dropped"}
            if fudge:
                part["text"] = FUDGE_FACES[die.value]
                part["title"] = f"{die.value:+d}" if die.value else "0 (blank)"
            else:
                part["text"] = "+".join(str(r) for r in die.rolls)
            parts.append(part)
    return parts


def spoken_dice(result: RollResult) -> str:
    """A roll as a screen reader should say it: ``3, 5, 1 dropped, 6, total 14``.

    Every die in order, dropped ones marked, Fudge faces as words (``minus, blank,
    plus``), an exploded die as its sum and its rolls, later terms after "plus" or
    "minus".
    """
    words: list[str] = []
    for i, term in enumerate(result.terms):
        fudge = isinstance(term.term, DiceTerm) and term.term.kind is DieKind.FUDGE
        dice = [
            (FUDGE_WORDS[die.value] if fudge else _spoken_rolls(die.rolls))
            + ("" if die.kept else " dropped")
            for die in term.dice
        ] or [str(abs(term.subtotal))]
        if i or term.term.negative:
            dice[0] = f"{'minus' if term.term.negative else 'plus'} {dice[0]}"
        words.extend(dice)
    return f"{', '.join(words)}, total {result.total}"


def _spoken_rolls(rolls: tuple[int, ...]) -> str:
    if len(rolls) == 1:
        return str(rolls[0])
    return f"{sum(rolls)} ({' + '.join(str(r) for r in rolls)})"


MAX_ROLL_LABEL = 60
"""The longest label a roll of the dice box carries ("Goblin 2 attacks")."""


def roll_view(
    expr: str, seed: int | None = None, reading: str | None = None, label: str | None = None
) -> View:
    """Roll ``expr``: the dice (kept or dropped), each part as text, the total, the seed
    and its roll log entry.

    Each roll has its own seed, drawn from the shared generator unless given: the
    same ``expr`` and ``seed`` give the same dice again (a shared roll's link holds
    both), and rolling from a given seed leaves the shared generator untouched.

    With ``reading`` (``"pool"``, ``"0-9"``...: :mod:`rules_py.readings`) the same
    dice are shown as that system reads them: the view's ``result`` says what they
    make and its ``total`` is ``None`` (see :func:`read_view`).

    ``label`` names what the roll is for ("Goblin 2 attacks", a GM's roll in the dice
    box): the roll log's entry and the spoken sentence lead with it, and the view keeps
    it as its ``caption`` (its link shows it again).
    """
    seed = fresh_seed() if seed is None else read_seed(seed)
    named = (label or "").strip()
    if len(named) > MAX_ROLL_LABEL:
        raise RequestError(f"A roll's label is at most {MAX_ROLL_LABEL} characters")
    if named:
        view = roll_view(expr, seed, reading)
        log = view["log"]
        what = f"{named}: {log['what']}"
        said = log["said"].replace(f"Rolled {log['what']}", f"Rolled {what}", 1)
        return {
            **view,
            "caption": named,
            "label": f"{named}: {view['label']}",
            "log": {**log, "what": what, "said": said},
        }
    if reading is not None:
        return read_view(expr, seed, reading)
    result = roll_seeded(expr, seed)
    parts = roll_parts(result)
    line = {"label": "", "parts": parts, "total": result.total}
    return {
        "expr": str(result.expression),
        "seed": seed,
        "total": result.total,
        "parts": parts,
        "text": result.describe(),
        "label": f"{result.expression}: {spoken_dice(result)}",
        "log": log_entry(str(result.expression), [line]),
    }


def read_view(expr: str, seed: int, reading: str) -> View:
    """Roll ``expr`` from ``seed`` and show it as ``reading`` reads it: no total.

    ``what`` names the roll in the system's words, ``result`` is what the dice
    make (shown where a total would be), and the log entry has no total either.
    """
    how = read_as(parse(expr), reading)
    result = roll_seeded(expr, seed)
    read = how.read(result)
    parts = [dict(part) for part in read.parts]
    line = {"label": "", "parts": parts, "total": ""}
    return {
        "expr": str(result.expression),
        "reading": how.spec,
        "seed": seed,
        "total": None,
        "result": read.result,
        "what": read.what,
        "parts": parts,
        "text": f"{read.what}: {parts_text(parts)}: {read.result}",
        "label": f"{read.what}: {read.spoken}",
        "log": log_entry(read.what, [line], read.result),
    }


def odds_view(
    expr: str,
    modifier: int | str = 0,
    target: int | str | None = None,
    columns: Iterable[str] = ("eq", "ge", "le"),
) -> View:
    """The exact odds of ``expr`` plus ``modifier``: table rows, chart bars, a summary line.

    ``modifier`` and ``target`` may be the text typed into the figure's fields (an
    empty target is no target); a value refused raises :class:`FieldRefused`.
    """
    columns = tuple(columns)
    for key in columns:
        if key not in COLUMNS:
            raise DiceError(f"unknown column {key!r}: use {', '.join(COLUMNS)}")
    modifier = _field(modifier, "modifier")
    expression = parse(expr).with_modifier(modifier)
    no_target = target is None or (isinstance(target, str) and not target.strip())
    target = None if no_target else _field(target, "target")
    dist = distribution(expression)
    rows = []
    for outcome, eq, ge, le in dist.rows():
        exact = {"eq": eq, "ge": ge, "le": le}
        rows.append(
            {
                "outcome": outcome,
                "cells": [str(outcome), *(percent(exact[k]) for k in columns)],
                "exact": [str(exact[k]) for k in columns],
                "hit": target is not None and outcome >= target,
            }
        )
    summary = f"Mean {decimal(dist.mean)}"
    if target is not None:
        summary += f" · P(≥ {target}) = {percent(dist.p_ge(target))}"
    return {
        "expr": str(expression),
        "modifier": modifier,
        "target": target,
        "columns": [{"key": "outcome", "label": "Result"}]
        + [{"key": k, "label": COLUMNS[k]} for k in columns],
        "rows": rows,
        "mean": str(dist.mean),
        "summary": summary,
        "note": _cap_note(dist),
        "chart": chart(dist, target, str(expression)),
    }


def chart(
    dist: Distribution,
    target: int | None,
    title: str,
    *,
    axis: str = "",
    bands: Sequence[tuple[str, str, int]] = (),
) -> View:
    """Bars of P(=) for each outcome, scaled to the tallest; results reaching ``target`` marked.

    The chart is laid out for any width: the bars sit in a plot that stretches
    (``x`` and ``width`` in :data:`CHART_WIDTH` units across), while the tick
    labels, the axis title and the legend are text placed in CSS pixels (``x`` as
    a percentage), so that they keep their size on a phone. Each outcome has its
    own slot, so exploding dice leave gaps where a total cannot occur, and the
    ticks fall on round numbers (multiples of 1, 2, 5, 10, 20, 50...).

    ``axis`` names the horizontal axis under the ticks; ``bands`` colours the bars
    by ranges of results, as ``(key, name, lowest)`` in increasing order: a bar
    belongs to the last band whose lowest it reaches, and a legend names them.
    """
    lowest, highest = dist.minimum, dist.maximum
    slots = highest - lowest + 1
    legend_top = _CHART_LEGEND if bands else 0
    plot_top = _CHART_TOP + legend_top
    baseline = plot_top + _CHART_PLOT
    height = baseline + _CHART_AXIS + (_CHART_TITLE if axis else 0)
    step = CHART_WIDTH / slots
    gap = min(step * 0.15, 2.0) if slots < 200 else 0.0
    tallest = max(dist.probabilities)
    bars = []
    for outcome, p in dist.items():
        bar_height = float(p / tallest) * _CHART_PLOT
        band = next((key for key, _, low in reversed(bands) if outcome >= low), "")
        bars.append(
            {
                "x": round((outcome - lowest) * step + gap / 2, 2),
                "y": round(_CHART_PLOT - bar_height, 2),
                "width": round(step - gap, 2),
                "height": round(bar_height, 2),
                "hit": target is not None and outcome >= target,
                "band": band,
                "title": f"{outcome}: {percent(p)}",
            }
        )
    labels = [
        {"x": f"{round(100 * (tick - lowest + 0.5) / slots, 3):g}%", "text": str(tick)}
        for tick in ticks(lowest, highest)
    ]
    chance = "" if target is None else f"; {percent(dist.p_ge(target))} to reach {target} or more"
    return {
        "width": CHART_WIDTH,
        "height": height,
        "plot": {"top": plot_top, "height": _CHART_PLOT},
        "baseline": baseline,
        "bars": bars,
        "labels": labels,
        "label_y": baseline + 16,
        "axis": {"text": axis, "y": baseline + _CHART_AXIS + 12} if axis else None,
        "legend": {"y": 13, "items": [{"band": key, "text": name} for key, name, _ in bands]}
        if bands
        else None,
        "label": f"Bar chart of {title}: results {lowest} to {highest}{chance}",
    }


def ticks(lowest: int, highest: int) -> list[int]:
    """Round numbers to label an axis from ``lowest`` to ``highest``.

    Every result when few enough fit (16 of up to two characters, 11 longer);
    otherwise the multiples of the smallest of 2, 5, 10, 20, 50, 100... that fit.
    """
    longest = max(len(str(lowest)), len(str(highest)))
    most = _MAX_LABELS if longest <= 2 else _MAX_LONG_LABELS
    step, factors = 1, (2, 2.5, 2)  # 1, 2, 5, 10, 20, 50, 100...
    i = 0
    while True:
        first = -(-lowest // step) * step
        if (highest - first) // step + 1 <= most:
            return list(range(first, highest + 1, step))
        step = int(step * factors[i % 3])
        i += 1


def _cap_note(dist: Distribution) -> str:
    if not dist.beyond_cap:
        return ""
    return (
        f"Exploding dice stop after the cap: {percent(dist.beyond_cap, 6)} of rolls would "
        "have exploded further and are counted at the cap."
    )


def _int(value: object, name: str, low: int = -10_000, high: int = 10_000) -> int:
    """``value`` as a whole number from ``low`` to ``high``: the problem and the range first."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise DiceError(f"{name} must be a whole number from {low} to {high}")
    if isinstance(value, str) and not value.strip():
        raise DiceError(f"{name} is empty: enter a whole number from {low} to {high}")
    try:
        number = int(value)
    except ValueError:
        raise DiceError(
            f"{name} must be a whole number from {low} to {high}, got {value!r}"
        ) from None
    if not low <= number <= high:
        raise DiceError(f"{name} must be from {low} to {high}, got {number}")
    return number


def _field(value: object, field: str) -> int:
    """An odds figure's field (named as its label names it) as a whole number, or refused."""
    try:
        return _int(value, field.capitalize())
    except DiceError as error:
        raise FieldRefused(field, error.message) from None


def read_seed(value: object) -> int:
    """A roll's seed as the page sent it (a whole number, or its digits), checked."""
    return _int(value, "a roll's seed", 0, SEED_LIMIT - 1)
