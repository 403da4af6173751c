"""What every reading of an inline roll answers: its text, its checks, and the dice read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from rules_py.dice import DiceError, DiceTerm, DieKind, Expression, RollResult

Part = Mapping[str, str]
"""One drawn part of a roll: ``kind`` (``die``, ``dropped``, ``op``), ``text``, maybe ``title``."""


@dataclass(frozen=True, slots=True)
class Read:
    """A roll as a system reads it: never a total unless the system adds the dice."""

    what: str
    """What was rolled, in the system's words: ``"Danger World pool of 8 dice"``."""
    parts: tuple[Part, ...]
    """The dice as the page draws them."""
    spoken: str
    """The dice and the reading as a screen reader says them."""
    result: str
    """What the dice make, shown after them in place of a total: ``"Best set: 3"``."""


class Reading(Protocol):
    """A system's reading of an inline roll (``EXPR as READING`` in Markdown)."""

    @property
    def spec(self) -> str:
        """The reading as written after ``as``, in canonical form (kept in links)."""
        ...

    def check(self, expression: Expression) -> None:
        """Refuse (:class:`~rules_py.dice.DiceError`) an expression this reading cannot read."""
        ...

    def caption(self, expression: Expression) -> str:
        """The button's words when the page gives none."""
        ...

    def title(self, expression: Expression) -> str:
        """The button's hover line, written at build time (it works without JavaScript)."""
        ...

    def read(self, result: RollResult) -> Read:
        """The rolled dice as the system reads them."""
        ...


def single_term(expression: Expression, spec: str, wanted: str) -> DiceTerm:
    """The one plain dice term of ``expression`` (no constant, keep, explosion or minus).

    ``wanted`` says what the reading takes, for the error.
    """
    terms = expression.terms
    term = terms[0] if len(terms) == 1 else None
    if (
        not isinstance(term, DiceTerm)
        or term.negative
        or term.explode
        or term.keep is not None
        or term.kind is DieKind.FUDGE
    ):
        raise DiceError(f"`as {spec}` reads {wanted}, not `{expression}`")
    return term
