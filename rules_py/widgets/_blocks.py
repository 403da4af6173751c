"""The pieces a widget's answer is made of, as JSON-able dicts.

A widget shows a list of blocks; the Markdown extension writes them as HTML at
build time and the page script draws the same blocks when the reader changes an
input. Kinds:

- ``{"type": "text", "text": str}``: a sentence, such as the chance of success;
- ``{"type": "error", "text": str, "fields": [str]}``: why the values are refused (a
  broken rule), and the fields it names (the page marks them ``aria-invalid``);
- ``{"type": "list", "items": [str]}``: a bulleted list of sentences;
- ``{"type": "facts", "items": [{"label", "value", "title"}]}``: named values;
- ``{"type": "table", "caption", "head": [str], "rows": [{"cells", "titles", "hit"}],
  "stack": bool}``: the first cell of a row is its header; ``stack`` says that the table
  is too wide for a phone (see :func:`too_wide_for_a_phone`), where each row is drawn as
  a card of labelled values instead of a line that would scroll off the screen; a row
  with a ``check`` (``{"key", "label"}``) ends in a roll button for that check (a
  sheet's stat or skill: see :attr:`rules_py.widgets._widget.Widget.check`);
- ``{"type": "chart", "chart": ...}``: a bar chart as :func:`rules_py.views.chart` draws it;
- ``{"type": "track", "label", "filled", "total", "text", "taps"?, "names"?}``: a track
  of ``total`` boxes, ``filled`` of them ticked (wounds taken, damage boxes), with
  ``text`` saying so in words; a printed sheet keeps the boxes to tick by hand. With
  ``taps`` (one per box, see :func:`counter_taps`) each box is a button a player taps,
  setting the fields its tap names; ``names`` names each box (Danger World's Bashed...);
- ``{"type": "checks", "caption", "rows": [...]}``: a sheet's rolled values as compact
  rows, each with the number its roll uses, its exact chance against the difficulty
  now set and a Roll (see :func:`sheet_checks`);
- ``{"type": "group", "label", "blocks": [...], "current"?}``: blocks that belong together
  under a label (one line of a GM's table: a character, an NPC), ``current`` marking the
  one whose turn it is;
- ``{"type": "buttons", "items": [{"act", "label", "text"}]}``: buttons that press one of
  the widget's actions with an argument (``"remove:n3"``), ``label`` naming each for a
  screen reader and ``text`` shown on it.

Any block may carry ``"edit": True`` (see :func:`edit_only`): the sheet's setup (points
spent, what a level gives), which a Play page shows only in Edit mode.

A roll is answered with :func:`rolled`: one line per roller, then the outcome
(and, when it has several parts, blocks that detail it).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules_py._format import percent
from rules_py.dice import Distribution, RollResult, parse, roll
from rules_py.views import View, chart, roll_parts, spoken_dice

Block = dict[str, Any]


def text(sentence: str) -> Block:
    """A sentence."""
    return {"type": "text", "text": sentence}


def error(message: str, fields: Iterable[str] = ()) -> Block:
    """A refusal: the rule the values break, and the fields that break it."""
    return {"type": "error", "text": message, "fields": list(fields)}


def edit_only(block: Block) -> Block:
    """``block`` as part of a sheet's setup: a Play page shows it in Edit mode only, where
    the sheet is made (points bought, XP spent), not while it is played."""
    return {**block, "edit": True}


def bullets(sentences: Iterable[str]) -> Block:
    """A list of sentences (the parts of a result)."""
    return {"type": "list", "items": list(sentences)}


def facts(items: Iterable[tuple[str, str] | tuple[str, str, str]]) -> Block:
    """Named values: ``(label, value)`` or ``(label, value, title)``."""
    out = []
    for item in items:
        label, value, *title = item
        out.append({"label": label, "value": value, "title": title[0] if title else ""})
    return {"type": "facts", "items": out}


def table(
    caption: str,
    head: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    titles: Iterable[Sequence[str]] | None = None,
    hits: Iterable[bool] | None = None,
    checks: Iterable[tuple[str, str] | None] | None = None,
) -> Block:
    """A table; ``titles`` gives each cell a tooltip (an exact fraction), ``hits`` marks rows.

    ``checks`` gives each row the check its roll button makes, ``(key, label)`` (the
    label names it for a screen reader: "Roll Melee"), or None for a row without one;
    the table then ends in a "Roll" column.
    """
    rows = [list(r) for r in rows]
    title_rows = [list(t) for t in titles] if titles is not None else [[""] * len(r) for r in rows]
    hit_rows = list(hits) if hits is not None else [False] * len(rows)
    check_rows = list(checks) if checks is not None else [None] * len(rows)
    out = [
        {"cells": cells, "titles": t, "hit": h}
        for cells, t, h in zip(rows, title_rows, hit_rows, strict=True)
    ]
    for row, check in zip(out, check_rows, strict=True):
        if check is not None:
            row["check"] = {"key": check[0], "label": check[1]}
    head = list(head)
    width_rows = rows
    if checks is not None:
        head.append(CHECK_HEAD)
        width_rows = [[*cells, CHECK_HEAD] for cells in rows]
    return {
        "type": "table",
        "caption": caption,
        "head": head,
        "rows": out,
        "stack": too_wide_for_a_phone(head, width_rows),
    }


CHECK_HEAD = "Roll"
"""The heading of a table's column of roll buttons (a sheet's checks)."""


PHONE_TABLE_WIDTH_EM = 21.0
"""The width a widget's table has on a 390 px phone, in ems of its type (337 px at 15.6 px)."""

_CHARACTER_EM = 0.52
"""The average width of a character of the table's type (tabular figures, letters), in ems."""

_CELL_PADDING_EM = 1.2
"""The padding a cell takes on its two sides, in ems."""


def too_wide_for_a_phone(head: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """Whether a table's narrowest layout is wider than a phone's screen.

    Headings and row headers wrap at their spaces, so their longest word counts; a value
    stays on one line, so all of it counts. The page stacks such a table on a phone, one
    card per row, rather than leave its right-hand columns off the screen.
    """
    widths = [max((len(word) for word in text.split()), default=0) for text in head]
    widths += [0] * (max((len(r) for r in rows), default=0) - len(widths))
    for cells in rows:
        for i, text in enumerate(cells):
            wraps = i == 0
            needed = max((len(w) for w in text.split()), default=0) if wraps else len(text)
            widths[i] = max(widths[i], needed)
    width = sum(widths) * _CHARACTER_EM + len(widths) * _CELL_PADDING_EM
    return width > PHONE_TABLE_WIDTH_EM


def odds_table(caption: str, head: str, outcomes: Mapping[str, Fraction]) -> Block:
    """A two-column table of named outcomes and their exact chances."""
    return table(
        caption,
        [head, "Chance"],
        ([name, percent(p)] for name, p in outcomes.items()),
        titles=(["", str(p)] for p in outcomes.values()),
    )


def bar_chart(
    dist: Mapping[int, Fraction],
    title: str,
    target: int | None = None,
    *,
    axis: str = "",
    bands: Sequence[tuple[str, str, int]] = (),
) -> Block:
    """A bar chart of an exact distribution; results at or over ``target`` marked.

    ``axis`` titles the horizontal axis; ``bands`` colours ranges of results (see
    :func:`rules_py.views.chart`).
    """
    distribution = dist if isinstance(dist, Distribution) else Distribution.from_weights(dist)
    return {
        "type": "chart",
        "chart": chart(distribution, target, title, axis=axis, bands=bands),
    }


def track(
    label: str,
    filled: int,
    total: int,
    text: str,
    *,
    taps: Sequence[Mapping[str, Any]] | None = None,
    names: Sequence[str] | None = None,
) -> Block:
    """A track of boxes to tick (see the module's docstring).

    ``taps`` makes the boxes buttons: ``taps[n]`` is what tapping box ``n`` does,
    ``{"set": {field: value, ...}, "said": "Damage: 3 taken"}`` (the fields to set, and
    the sentence the Undo beside the track starts with), or ``{"act": "tick:n3:1", "said":
    ...}`` (the widget's action to press, with its argument). ``names`` names each box.
    """
    if not 0 <= filled <= total:
        raise ValueError(f"a track of {total} boxes cannot have {filled} filled")
    block: Block = {"type": "track", "label": label, "filled": filled, "total": total, "text": text}
    if taps is not None:
        if len(taps) != total:
            raise ValueError(f"a track of {total} boxes needs {total} taps, not {len(taps)}")
        block["taps"] = [
            {"act": str(tap["act"]), "said": str(tap["said"])}
            if "act" in tap
            else {"set": dict(tap["set"]), "said": str(tap["said"])}
            for tap in taps
        ]
    if names is not None:
        if len(names) != total:
            raise ValueError(f"a track of {total} boxes needs {total} names, not {len(names)}")
        block["names"] = list(names)
    return block


def counter_taps(field: str, label: str, filled: int, total: int) -> list[dict[str, Any]]:
    """The taps of a track that counts ``field`` (damage taken, XP): tapping an empty box
    fills the leftmost empty one (``filled + 1``), tapping a filled box clears the last
    filled one (``filled - 1``), as a player ticks and rubs out boxes on paper."""
    return [
        {
            "set": {field: filled - 1 if n < filled else filled + 1},
            "said": f"{label}: {filled} → {filled - 1 if n < filled else filled + 1}",
        }
        for n in range(total)
    ]


@dataclass(frozen=True, slots=True)
class CheckRow:
    """One rolled value of a sheet in play (a stat, an ability, a skill).

    ``key`` is the check its Roll makes (:attr:`~rules_py.widgets._widget.Widget.check`);
    ``name`` and ``value`` are what the row shows ("STR", "+2"), ``title`` says more of
    the name (the ability's full name); ``label`` names the Roll for a screen reader
    ("Roll STR +2 against DR 12"); ``chance`` is the exact chance of success against the
    difficulty now set, shown as a percentage, and ``detail`` what else the exact
    answer says (the chance of each outcome, in fractions); ``note`` a few words under
    the name ("with AGI", "3d10 keep 2"). ``choices`` are other checks the same row
    may roll, the player picking one at the tap (Danger World's partner stat): each
    a :class:`CheckRow` whose ``name`` labels the choice.
    """

    key: str
    name: str
    value: str
    label: str
    chance: Fraction | None = None
    detail: str = ""
    title: str = ""
    note: str = ""
    choices: tuple[CheckRow, ...] = ()

    def block(self) -> dict[str, Any]:
        """The row as the page draws it."""
        out: dict[str, Any] = {
            "key": self.key,
            "name": self.name,
            "value": self.value,
            "label": self.label,
            "chance": "" if self.chance is None else percent_of(self.chance, 0),
            "exact": "" if self.chance is None else str(self.chance),
            "detail": self.detail,
            "title": self.title,
            "note": self.note,
        }
        if self.choices:
            out["choices"] = [choice.block() for choice in self.choices]
        return out


def sheet_checks(caption: str, rows: Iterable[CheckRow]) -> Block:
    """A sheet's rolled values in play: one compact row each, with its exact chance."""
    return {"type": "checks", "caption": caption, "rows": [row.block() for row in rows]}


def group(label: str, blocks: Iterable[Block], *, current: bool = False) -> Block:
    """Blocks under one ``label`` (see the module's docstring)."""
    return {"type": "group", "label": label, "blocks": list(blocks), "current": current}


def buttons(items: Iterable[tuple[str, str, str]]) -> Block:
    """Buttons pressing the widget's actions with an argument: ``(act, label, text)``."""
    return {
        "type": "buttons",
        "items": [{"act": act, "label": label, "text": text} for act, label, text in items],
    }


def percent_of(p: Fraction, places: int = 0) -> str:
    """A chance as a sheet's row shows it: ``Fraction(11, 20)`` -> ``"55%"``; never
    "0%" or "100%" for a chance that is neither (``"<1%"``, ``">99%"``)."""
    return percent(Fraction(p), places)


def listing(names: Iterable[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` (one name as it is, none as "")."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def row_names(rows: Iterable[Mapping[str, Any]], unnamed: str) -> list[str]:
    """Each row's ``name``, or ``"<unnamed> N"`` (counting from 1) for a row left unnamed."""
    return [str(row["name"]) or f"{unnamed} {i}" for i, row in enumerate(rows, start=1)]


def with_modifier(dice: str, modifier: int) -> str:
    """Dice plus a modifier as notation: ``("2d10", 2)`` -> ``"2d10+2"``, 0 left out."""
    return str(parse(dice).with_modifier(modifier))


def roll_line(label: str, expr: str, rng: random.Random) -> tuple[dict[str, Any], RollResult]:
    """Roll ``expr`` with ``rng`` for one roller: the line to show, and the result to judge."""
    result = roll(expr, rng)
    line = {
        "label": label,
        "parts": roll_parts(result),
        "total": str(result.total),
        "spoken": spoken_dice(result),
    }
    return line, result


def rolled(lines: Sequence[Mapping[str, Any]], outcome: str, details: Sequence[str] = ()) -> View:
    """A widget's roll: the dice of each line, then what it means (``details`` as a list)."""
    spoken = "; ".join(
        f"{line['label'] + ': ' if line['label'] else ''}"
        f"{line.get('spoken') or 'total ' + line['total']}"
        for line in lines
    )
    label = " ".join([f"{spoken}. {outcome}", *details])
    return {
        "lines": list(lines),
        "outcome": outcome,
        "blocks": [bullets(details)] if details else [],
        "label": label,
    }
