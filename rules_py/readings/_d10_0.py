"""D10/0's reading of an inline roll: a die read from 0, as a player reads a real one.

``d10 as 0-9`` is an attribute check's d10, whose 0 face reads 0 (0 to 9);
``d100 as 00-99`` a skill check's two d10s, a tens die and a units die, read
00 to 99 (The D10/0 System, Actions, Dice and Rolling). The dice are drawn as
they show, never as a roll minus one; every rule comes from
:mod:`rules_py.systems.d10_0`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_py._format import percent
from rules_py.dice import DiceError, Expression, RollResult, distribution
from rules_py.readings._reading import Part, Read, single_term
from rules_py.systems import d10_0
from rules_py.systems.d10_0.checks import faces

ATTRIBUTE = "0-9"
SKILL = "00-99"


@dataclass(frozen=True, slots=True)
class FromZero:
    """One d10 read 0-9 (an attribute check) or a d100 read 00-99 as two d10s (a skill)."""

    skill: bool

    @property
    def spec(self) -> str:
        return SKILL if self.skill else ATTRIBUTE

    @property
    def _sides(self) -> int:
        return faces(self.skill)

    def check(self, expression: Expression) -> None:
        die = "`d100` (or `d%`)" if self.skill else "`d10`"
        term = single_term(expression, self.spec, f"one {die}")
        if term.count != 1 or term.sides != self._sides:
            raise DiceError(f"`as {self.spec}` reads one {die}, not `{expression}`")

    def caption(self, expression: Expression) -> str:
        self.check(expression)
        return f"d100 ({SKILL})" if self.skill else f"d10 ({ATTRIBUTE})"

    def title(self, expression: Expression) -> str:
        self.check(expression)
        dist = distribution(str(expression))
        reads = sorted(d10_0.read_from_zero(face, self.skill) for face, _ in dist.items())
        chances = {p for _, p in dist.items()}
        each = f", each {percent(chances.pop())}" if len(chances) == 1 else ""
        if self.skill:
            return f"Roll two d10s, a tens die and a units die: {reads[0]:02d} to {reads[-1]}{each}"
        return f"Roll a d10 read from 0: {reads[0]} to {reads[-1]}{each}"

    def read(self, result: RollResult) -> Read:
        roll = d10_0.read_from_zero(result.dice[0].value, self.skill)
        dice = d10_0.read_dice(roll, self.skill)
        if self.skill:
            parts: tuple[Part, ...] = (
                {"kind": "die", "text": str(dice[0]), "title": f"tens die, {dice[0]}"},
                {"kind": "die", "text": str(dice[1]), "title": f"units die, {dice[1]}"},
            )
            shown = f"{roll:02d}"
            spoken = f"tens die {dice[0]}, units die {dice[1]}: {shown}"
            what = "d100 read 00 to 99 (tens and units)"
        else:
            parts = ({"kind": "die", "text": str(roll), "title": f"d10, {roll}"},)
            shown = str(roll)
            spoken = f"d10 showing {roll}"
            what = "d10 read 0 to 9"
        return Read(what, parts, spoken, f"Reads {shown}")


def _no_words(spec: str, args: Sequence[str]) -> None:
    if args:
        raise DiceError(f"`as {spec}` takes nothing after it (got `{' '.join(args)}`)")


def attribute(args: Sequence[str]) -> FromZero:
    """``0-9``: an attribute check's d10."""
    _no_words(ATTRIBUTE, args)
    return FromZero(skill=False)


def skill(args: Sequence[str]) -> FromZero:
    """``00-99``: a skill check's d100, as a tens die and a units die."""
    _no_words(SKILL, args)
    return FromZero(skill=True)
