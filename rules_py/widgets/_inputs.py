"""A widget's key inputs in a few words, for the roll log: ``Check (Ability rating 2, DR 12)``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules_py.widgets._fields import Choice, Dice, Field, Flag, Number, Rows, Text

MAX_INPUTS = 4
"""At most this many inputs are named (the first ones the form shows that apply)."""


def short_label(label: str) -> str:
    """A field's label without its explanation: ``"Aim: roll 2d6 twice..."`` -> ``"Aim"``."""
    for mark in (" (", ": ", ", "):
        label = label.split(mark)[0]
    return label.strip()


def input_text(field: Field, value: Any) -> str:
    """One input as the log names it ("" when there is nothing worth saying, an unticked box)."""
    name = short_label(field.label)
    if isinstance(field, Flag):
        return name if value else ""
    if isinstance(field, Choice):
        chosen = dict(field.options).get(str(value), str(value))
        return f"{name} {short_label(chosen)}"
    if isinstance(field, Rows):
        return f"{len(value)} {field.row_label}{'' if len(value) == 1 else 's'}"
    if isinstance(field, Dice):
        return f"{len(value)} {'die' if len(value) == 1 else 'dice'}" if value else ""
    if isinstance(field, Text | Number):
        return f"{name} {value}" if str(value) != "" else ""
    raise TypeError(f"unknown field {field!r}")


def what_rolled(
    title: str,
    fields: Sequence[Field],
    values: Mapping[str, Any],
    unused: Iterable[str] = (),
    keys: Sequence[str] = (),
) -> str:
    """The widget's title and its key inputs: ``keys`` if named, else the first that apply."""
    skipped = set(unused)
    chosen = [f for f in fields if f.name in keys] if keys else fields
    words = [
        text
        for f in chosen
        if f.name not in skipped and f.name in values and (text := input_text(f, values[f.name]))
    ][:MAX_INPUTS]
    return f"{title} ({', '.join(words)})" if words else title
