"""Parsed dice expressions: immutable values, printed back in canonical notation."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum


class DieKind(Enum):
    """What a die's faces are."""

    STANDARD = "standard"  # 1..sides
    PERCENT = "percent"  # d%: 1..100
    FUDGE = "fudge"  # dF: -1, 0, +1


@dataclass(frozen=True, slots=True)
class Keep:
    """Which dice of a term count: ``highest`` or lowest ``count`` of them.

    ``notation`` keeps the author's spelling (``k2``, ``dl1``) for printing.
    """

    highest: bool
    count: int
    notation: str


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` dice of one kind, maybe exploding, maybe keeping some of them."""

    count: int
    sides: int
    kind: DieKind = DieKind.STANDARD
    explode: bool = False
    keep: Keep | None = None
    negative: bool = False

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces of one die, ascending."""
        if self.kind is DieKind.FUDGE:
            return (-1, 0, 1)
        return tuple(range(1, self.sides + 1))

    @property
    def kept_count(self) -> int:
        return self.count if self.keep is None else self.keep.count

    def __str__(self) -> str:
        die = {DieKind.STANDARD: str(self.sides), DieKind.PERCENT: "%", DieKind.FUDGE: "F"}
        count = str(self.count) if self.count != 1 else ""
        text = f"{count}d{die[self.kind]}{'!' if self.explode else ''}"
        return text + (self.keep.notation if self.keep else "")


@dataclass(frozen=True, slots=True)
class Constant:
    """A whole number added to (or, when negative, taken from) the total."""

    value: int

    @property
    def negative(self) -> bool:
        return self.value < 0

    def __str__(self) -> str:
        return str(abs(self.value))


Term = DiceTerm | Constant


@dataclass(frozen=True, slots=True)
class Expression:
    """A sum of dice terms and constants, as written in ``source``."""

    terms: tuple[Term, ...]
    source: str

    @property
    def dice_terms(self) -> tuple[DiceTerm, ...]:
        return tuple(t for t in self.terms if isinstance(t, DiceTerm))

    @property
    def constant(self) -> int:
        """The sum of the constant terms."""
        return sum(t.value for t in self.terms if isinstance(t, Constant))

    def with_modifier(self, modifier: int) -> Expression:
        """This expression with ``modifier`` added to its constant (a new value)."""
        if modifier == 0:
            return self
        dice = self.dice_terms
        constant = self.constant + modifier
        terms: tuple[Term, ...] = (*dice, Constant(constant)) if constant else dice
        if not terms:
            terms = (Constant(0),)
        canonical = replace(self, terms=terms, source="")
        return replace(canonical, source=str(canonical))

    def __str__(self) -> str:
        out = ""
        for i, term in enumerate(self.terms):
            if term.negative:
                out += "-"
            elif i:
                out += "+"
            out += str(term)
        return out
