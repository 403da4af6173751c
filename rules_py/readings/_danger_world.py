"""Danger World's reading of an inline roll: a pool of d6s read for sets, never summed.

``8d6 as pool`` rolls eight dice of an action die pool and shows their faces,
the sets they offer (``h`` dice showing ``h``) and the best of them;
``5d6 as pool difficulty 3`` also names the outcome at that difficulty, with
its bonus dice and botches (Danger World, Dice Mechanics; the readings of
:mod:`rules_py.systems.danger_world.pools`). Every rule comes from
:mod:`rules_py.systems.danger_world`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_py._format import percent
from rules_py.dice import DiceError, Expression, RollResult
from rules_py.readings._reading import Part, Read, single_term
from rules_py.systems import danger_world as dw
from rules_py.systems.danger_world._common import FACES, MAX_POOL
from rules_py.systems.danger_world.pools import set_dice
from rules_py.systems.danger_world.rerolls import ROUNDS

NAME = "pool"
_WANTS = f"1 to {MAX_POOL} six-sided dice, such as `8d6`"
_RESULTS = {"success": "success", "partial": "partial success", "failure": "failure"}


def _dice(n: int, kind: str = "") -> str:
    return f"{n} {kind + ' ' if kind else ''}{'die' if n == 1 else 'dice'}"


def _set(height: int | None) -> str:
    return "no set" if height is None else f"a set of {height}"


@dataclass(frozen=True, slots=True)
class Pool:
    """An action die pool, optionally read at a named difficulty (2 to 6)."""

    difficulty: int | None = None

    @property
    def spec(self) -> str:
        return NAME if self.difficulty is None else f"{NAME} difficulty {self.difficulty}"

    def _against(self) -> str:
        if self.difficulty is None:
            return ""
        return f" against difficulty {self.difficulty} ({dw.difficulty_name(self.difficulty)})"

    def _count(self, expression: Expression) -> int:
        term = single_term(expression, self.spec, _WANTS)
        if term.sides != FACES or not 1 <= term.count <= MAX_POOL:
            raise DiceError(f"`as {self.spec}` reads {_WANTS}, not `{expression}`")
        return term.count

    def check(self, expression: Expression) -> None:
        self._count(expression)

    def caption(self, expression: Expression) -> str:
        return _dice(self._count(expression))

    def title(self, expression: Expression) -> str:
        n = self._count(expression)
        if self.difficulty is None:
            first = dw.success_chance(n, 2, 0)
            return (
                f"Roll {_dice(n)} and look for sets (h dice showing h, h from 2 to 6): "
                f"{percent(first)} of first rolls hold a set; the highest set is the best"
            )
        d = self.difficulty
        return (
            f"Roll {_dice(n)}{self._against()}: a set of {d} or higher succeeds; "
            f"{percent(dw.success_chance(n, d, 0))} on the first roll, "
            f"{percent(dw.success_chance(n, d, ROUNDS))} with both reroll rounds played well"
        )

    def read(self, result: RollResult) -> Read:
        faces = tuple(die.value for die in result.dice)
        sets = dw.available_sets(faces)
        best = sets[0] if sets else None
        in_set = set(set_dice(faces, best)) if best is not None else set()
        parts: list[Part] = []
        for i, face in enumerate(faces):
            if i in in_set:
                parts.append({"kind": "die", "text": str(face), "title": f"{face}, in the set"})
            else:
                parts.append({"kind": "die", "text": str(face)})
        shown = _sets_text(sets)
        if self.difficulty is not None:
            chosen = dw.outcomes(faces, self.difficulty)[0]
            shown += f"; {_outcome_text(chosen)}"
        what = f"Danger World pool of {_dice(len(faces))}{self._against()}"
        spoken = f"{', '.join(str(f) for f in faces)}; {shown}"
        return Read(what, tuple(parts), spoken, shown[0].upper() + shown[1:])


def _sets_text(sets: Sequence[int]) -> str:
    """``"best set: 3 (also 2)"``, or ``"no set"``."""
    if not sets:
        return "no set"
    others = f" (also {', '.join(str(h) for h in sets[1:])})" if len(sets) > 1 else ""
    return f"best set: {sets[0]}{others}"


def _outcome_text(chosen: dw.SetOutcome) -> str:
    """``"success, 1 bonus die, 2 botches"`` for the set used (or none)."""
    words = [_RESULTS[chosen.result]]
    if chosen.bonus_dice:
        words.append(_dice(chosen.bonus_dice, "bonus"))
    botches = chosen.botches.total
    words.append("no botch" if not botches else f"{botches} botch{'es' if botches > 1 else ''}")
    return ", ".join(words)


def pool(args: Sequence[str]) -> Pool:
    """``pool`` or ``pool difficulty N`` (N a named difficulty, 2 to 6)."""
    if not args:
        return Pool()
    if len(args) == 2 and args[0] == "difficulty" and args[1].isdigit():
        difficulty = int(args[1])
        if difficulty in dw.DIFFICULTIES:
            return Pool(difficulty)
    names = ", ".join(f"{d} ({name})" for d, name in dw.DIFFICULTIES.items())
    raise DiceError(
        f"`as {NAME} {' '.join(args)}`: a pool is read as `pool` or `pool difficulty N`, "
        f"N one of {names}"
    )
