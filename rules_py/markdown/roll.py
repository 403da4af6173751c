"""Inline rolls: `` `#!roll 3d10k2+2` `` becomes a roll button with an ``<output>`` beside it.

`` `#!roll 8d6 as pool | Agility + Speed` `` rolls the same way and shows the dice as a
system reads them (:mod:`rules_py.readings`); the button carries ``data-reading``.

Configure as a pymdownx.inlinehilite custom inline::

    - pymdownx.inlinehilite:
        custom_inline:
          - name: roll
            class: rb-roll
            format: !!python/name:rules_py.markdown.roll.format_roll

A malformed expression stops the build with the parser's message.
"""

from __future__ import annotations

from markdown import Markdown
from pymdownx.inlinehilite import InlineHiliteException

from rules_py._format import decimal
from rules_py.dice import DiceError, distribution, parse
from rules_py.markdown._html import next_id, roll_button
from rules_py.readings import read_as


def format_roll(src: str, language: str, class_name: str, md: Markdown) -> str:
    """Render one inline roll; ``src`` is ``EXPR``, optionally ``EXPR as READING``, then
    optionally ``| label``.

    A reading (:mod:`rules_py.readings`: ``pool``, ``0-9``...) shows the dice as a
    system reads them; it words the button's title, and its caption when no label
    is given.
    """
    roll, _, label = (part.strip() for part in src.partition("|"))
    expr, _, read = (part.strip() for part in roll.partition(" as "))
    try:
        expression = parse(expr)
        reading = read_as(expression, read) if read else None
    except DiceError as error:
        raise InlineHiliteException(f"Rollbook: bad roll `{src}`: {error}") from error
    if reading is None:
        return roll_button(expr, next_id(md, "roll"), _title(expression), label or None)
    return roll_button(
        expr,
        next_id(md, "roll"),
        reading.title(expression),
        label or reading.caption(expression),
        reading=reading.spec,
    )


def _title(expression: object) -> str:
    """A hover line that works without JavaScript: the range and the average."""
    try:
        dist = distribution(str(expression))
    except DiceError:
        return f"Roll {expression}"
    return f"Roll {expression}: {dist.minimum} to {dist.maximum}, average {decimal(dist.mean)}"
