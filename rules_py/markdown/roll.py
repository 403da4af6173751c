"""Inline rolls: `` `#!roll 3d10k2+2` `` becomes a roll button with an ``<output>`` beside it.

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


def format_roll(src: str, language: str, class_name: str, md: Markdown) -> str:
    """Render one inline roll; ``src`` is the dice expression, optionally ``EXPR | label``."""
    expr, _, label = (part.strip() for part in src.partition("|"))
    try:
        expression = parse(expr)
    except DiceError as error:
        raise InlineHiliteException(f"Rollbook: bad roll `{src}`: {error}") from error
    return roll_button(expr, next_id(md, "roll"), _title(expression), label or None)


def _title(expression: object) -> str:
    """A hover line that works without JavaScript: the range and the average."""
    try:
        dist = distribution(str(expression))
    except DiceError:
        return f"Roll {expression}"
    return f"Roll {expression}: {dist.minimum} to {dist.maximum}, average {decimal(dist.mean)}"
