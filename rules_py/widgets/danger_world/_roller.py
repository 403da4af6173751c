"""The Danger World pool roller: roll, two rounds of marked rerolls, sets, botches, advice.

The page has no clickable dice, so the roll lives in fields: ``faces`` holds the
dice showing (``"1, 3, 3, D5, T2"``: a bare face is a normal die, ``D`` marks a
danger die and ``T`` a threat die; the reader may also type the faces of real
dice), ``first`` and ``second`` the dice marked for each reroll round (by their
numbers), and the ``action`` choice rolls, rerolls the marked dice or marks the
advised ones through :attr:`Widget.settle`. Every rule comes from
:mod:`rules_py.systems.danger_world` (Danger World, Dice Mechanics; Special Dice;
The Danger Track; the readings of issue 11).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from rules_py._format import percent
from rules_py.systems import danger_world as dw
from rules_py.systems.danger_world._common import MAX_POOL
from rules_py.systems.danger_world.rerolls import ROUNDS
from rules_py.widgets._blocks import Block, bullets, listing, table, text
from rules_py.widgets._fields import Choice, Flag, Number, Text
from rules_py.widgets._widget import Refusal, Values, Widget
from rules_py.widgets.danger_world._common import DIFFICULTY, SYSTEM, dice_word

_KIND_MARK = {"normal": "", "danger": "D", "threat": "T"}
_MARK_KIND = {"": "normal", "D": "danger", "T": "threat"}
_TOKEN = re.compile(r"^([DT]?)([1-6])$")
_ROUND_FIELDS = ("first", "second")
_ROUND_WORDS = ("round one", "round two")
_POOL_FIELDS = ("stat_a", "stat_b", "bonus", "lost", "danger", "threat", "level")


def parse_faces(raw: str) -> tuple[dw.Die, ...]:
    """``"1, 3, D5, T2"`` as dice: a bare face is normal, D a danger die, T a threat die."""
    dice = []
    for token in re.split(r"[\s,;]+", raw.strip().upper()):
        if not token:
            continue
        match = _TOKEN.match(token)
        if match is None:
            raise ValueError(
                f"{SYSTEM}, Dice Mechanics: each die is a face 1 to 6, D before a danger die's "
                f"face, T before a threat die's, e.g. 1, 3, 3, D5, T2 (got {token!r})"
            )
        dice.append(dw.Die(int(match[2]), _MARK_KIND[match[1]]))  # type: ignore[arg-type]
    if len(dice) > MAX_POOL:
        raise ValueError(f"{SYSTEM}, Dice Mechanics: the tools roll at most {MAX_POOL} dice")
    return tuple(dice)


def show_faces(dice: Sequence[dw.Die]) -> str:
    """Dice as the ``faces`` field writes them: ``"1, 3, D5, T2"``."""
    return ", ".join(f"{_KIND_MARK[d.kind]}{d.face}" for d in dice)


def parse_marks(raw: str) -> tuple[int, ...]:
    """``"1 4 5"`` (dice numbers, counted from 1) as sorted positions from 0."""
    numbers = set()
    for token in re.split(r"[\s,;]+", raw.strip()):
        if not token:
            continue
        if not token.isdigit() or len(token) > 3:
            raise ValueError(
                f"{SYSTEM}, Dice Mechanics: mark dice by their numbers, e.g. 1, 4, 5 "
                f"(got {token!r})"
            )
        numbers.add(int(token))
    return tuple(sorted(n - 1 for n in numbers))


def _pool(values: Values) -> tuple[int, int, int]:
    """Normal, danger and threat dice of the check (each checked)."""
    normal = max(0, values["stat_a"] + values["stat_b"] + values["bonus"] - values["lost"])
    try:
        danger = dw.check_danger_dice(values["danger"], values["level"])
    except ValueError as broken:
        raise Refusal(str(broken), ["danger"]) from None
    if normal + danger + values["threat"] > MAX_POOL:
        raise Refusal(
            f"{SYSTEM}, Dice Mechanics: the tools roll at most {MAX_POOL} dice (got "
            f"{normal + danger + values['threat']})",
            ["bonus", "danger", "threat"],
        )
    return normal, danger, values["threat"]


def _rounds_used(values: Values) -> int:
    return int(values["round"])


def _marks(values: Values, dice: Sequence[dw.Die], name: str) -> tuple[int, ...]:
    """The dice marked in field ``name``, refused past the pool or on a threat die."""
    marks = parse_marks(values[name])
    for p in marks:
        if not 0 <= p < len(dice):
            raise Refusal(
                f"{SYSTEM}, Dice Mechanics: there is no die {p + 1}; the dice are numbered "
                f"1 to {len(dice)}",
                [name],
            )
        if not dice[p].rerollable:
            raise Refusal(
                f"{SYSTEM}, Special Dice: die {p + 1} is a threat die, rolled once and never "
                "rerolled",
                [name],
            )
    return marks


def _checked_dice(values: Values) -> tuple[dw.Die, ...]:
    """The dice showing, refused when they do not match the pool's counts."""
    normal, danger, threat = _pool(values)
    dice = parse_faces(values["faces"])
    if not dice:
        return dice
    have = {k: sum(d.kind == k for d in dice) for k in ("normal", "danger", "threat")}
    want = {"normal": normal, "danger": danger, "threat": threat}
    if have != want:

        def told(counts: Mapping[str, int]) -> str:
            return ", ".join(f"{n} {k}" for k, n in counts.items())

        raise Refusal(
            f"{SYSTEM}, Dice Mechanics: the dice showing are {told(have)}, but the pool is "
            f"{told(want)}: roll the pool again or correct the faces",
            ["faces"],
        )
    return dice


def _botches_text(b: dw.Botches) -> str:
    if not b.total:
        return "none"
    kinds = [
        f"{n} {k}"
        for k, n in (("normal", b.normal), ("danger", b.danger), ("threat", b.threat))
        if n
    ]
    return f"{b.total}: {listing(kinds)}"


def _set_name(height: int | None) -> str:
    return "No set" if height is None else f"Set of {height}"


def _dice_numbers(positions: Sequence[int]) -> str:
    return listing(str(p + 1) for p in positions)


def _advice_blocks(dice: tuple[dw.Die, ...], target: int, left: int) -> list[Block]:
    if left == 0:
        return [text("Advise: no reroll round is left; pick the set to use from the table.")]
    found = dw.advice(dice, target, left)
    rounds = f"{left} reroll round{'s' if left > 1 else ''} left"
    if found.stop == 1:
        return [
            text(
                f"Advise ({rounds}): the dice already hold a set at difficulty {target}; "
                "stop and keep them all (success 100%)."
            )
        ]
    lines = []
    for keep in found.optimal:
        kept = (
            f"keep {listing(map(str, keep.keep))} (dice {_dice_numbers(keep.kept)})"
            if keep.kept
            else "keep nothing"
        )
        again = (
            f"reroll {listing(map(str, keep.reroll))} (dice {_dice_numbers(keep.rerolled)})"
            if keep.rerolled
            else "reroll nothing"
        )
        lines.append(f"{kept.capitalize()} and {again}.")
    several = len(found.optimal) > 1
    summary = (
        f"Advise ({rounds}): {'these keeps are' if several else 'the best keep is'} worth "
        f"{percent(found.success)} ({found.success}) with the rerolls after played well; "
        f"stopping now: {percent(found.stop)}."
    )
    return [text(summary), bullets(lines)]


def _roller_show(values: Values) -> list[Block]:
    normal, danger, threat = _pool(values)
    target = int(values["difficulty"])
    dice = _checked_dice(values)
    used = _rounds_used(values)
    pool_parts = [dice_word(normal, "normal")]
    if danger:
        pool_parts.append(dice_word(danger, "danger"))
    if threat:
        pool_parts.append(dice_word(threat, "threat"))
    before = dw.success_chance(normal + danger, target, ROUNDS)
    blocks: list[Block] = [
        text(
            f"The pool: {listing(pool_parts)} against difficulty {target} "
            f"({dw.difficulty_name(target)}). Played well with both reroll rounds it succeeds "
            f"{percent(before)} of the time ({before})."
        )
    ]
    if not dice:
        blocks.append(
            text(
                "No dice yet: choose “Roll the pool” under Next, or type the faces your own "
                "dice show."
            )
        )
        return blocks
    marked = {name: _marks(values, dice, name) for name in _ROUND_FIELDS}
    left = ROUNDS - used
    rows = []
    for i, die in enumerate(dice):
        notes = [
            word
            for name, word in zip(_ROUND_FIELDS, _ROUND_WORDS, strict=True)
            if i in marked[name]
        ]
        rows.append([str(i + 1), die.kind, str(die.face), listing(notes) or "—"])
    blocks.append(
        table(
            "The dice showing",
            ["Die", "Kind", "Shows", "Marked to reroll in"],
            rows,
        )
    )
    if left:
        name = _ROUND_FIELDS[used]
        word = _ROUND_WORDS[used]
        if marked[name]:
            faces = listing(str(dice[p].face) for p in marked[name])
            blocks.append(
                text(
                    f"{word.capitalize()}: dice {_dice_numbers(marked[name])} (showing {faces}) "
                    "are marked; choose “Reroll the marked dice” under Next."
                )
            )
        else:
            blocks.append(
                text(
                    f"{word.capitalize()} of {ROUNDS}: mark the dice to reroll by their numbers, "
                    "or stop here."
                )
            )
    else:
        blocks.append(text("Both reroll rounds are used: the dice are final."))
    rows, hits = [], []
    for result in dw.outcomes(dice, target):
        rows.append(
            [
                _set_name(result.height),
                result.result,
                str(result.bonus_dice),
                _botches_text(result.botches),
                f"+{result.danger_change}",
            ]
        )
        hits.append(result.result == "success")
    blocks.append(
        table(
            "The sets the dice offer now",
            ["Set", "Outcome", "Bonus dice", "Botches", "Danger level"],
            rows,
            hits=hits,
        )
    )
    if values["advise"]:
        blocks += _advice_blocks(dice, target, left)
    return blocks


def _roller_settle(before: Values, after: Values) -> Mapping[str, Any]:
    """Roll, reroll or mark the advised dice when ``action`` asks; clear a stale roll."""
    action = after["action"]
    changes: dict[str, Any] = {}
    fresh = {"faces": "", "round": "0", "first": "", "second": ""}
    if any(before[f] != after[f] for f in _POOL_FIELDS) and after["faces"]:
        changes.update(fresh)
    if action == "hold":
        return changes
    changes["action"] = "hold"
    values = {**after, **changes}
    try:
        normal, danger, threat = _pool(values)
        dice = _checked_dice(values)
    except ValueError:
        return changes
    if action == "roll":
        rolled = dw.roll_pool(normal, danger, threat, random.Random())
        return {**changes, **fresh, "faces": show_faces(rolled)}
    used = _rounds_used(values)
    if not dice or used >= ROUNDS:
        return changes
    name = _ROUND_FIELDS[used]
    try:
        marks = _marks(values, dice, name)
    except ValueError:
        return changes
    if action == "advised":
        found = dw.advice(dice, int(values["difficulty"]), ROUNDS - used)
        best = found.optimal[0].rerolled if found.stop == 0 else ()
        return {**changes, name: ", ".join(str(p + 1) for p in best)}
    if not marks:
        return changes
    again = dw.reroll(dice, marks, random.Random())
    return {**changes, "faces": show_faces(again), "round": str(used + 1)}


def _roller_unused(values: Values) -> list[str]:
    used = _rounds_used(values)
    return [name for i, name in enumerate(_ROUND_FIELDS) if i != used]


ROLLER = Widget(
    name="danger-world-roller",
    title="Pool roller",
    fields=(
        Number("stat_a", "First stat's dice", 3, 1, 4, hint="A stat is 1 to 4 dice."),
        Number("stat_b", "Second stat's dice", 2, 1, 4),
        Number(
            "bonus",
            "Bonus dice",
            0,
            0,
            MAX_POOL,
            hint="From a partial or extra success, an aspect or story points.",
        ),
        Number("lost", "Dice lost", 0, 0, MAX_POOL, hint="One per filled Stunned box."),
        Number("level", "Danger level", 1, 1, 999, hint="Its zone's rank caps the danger dice."),
        Number(
            "danger",
            "Danger dice",
            0,
            0,
            5,
            hint="Up to the zone's rank.",
        ),
        Number(
            "threat",
            "Threat dice",
            0,
            0,
            MAX_POOL,
            hint="Never rerolled, never in a set.",
        ),
        DIFFICULTY,
        Choice(
            "action",
            "Next",
            (
                ("hold", "Keep the dice as they are"),
                ("roll", "Roll the pool"),
                ("reroll", "Reroll the marked dice"),
                ("advised", "Mark the advised dice"),
            ),
            "hold",
            hint="Rolling anew clears the rerolls; a reroll uses the round's marks.",
        ),
        Text(
            "faces",
            "Dice showing",
            "",
            max_length=120,
            hint="Filled by a roll, or type your own: 1, 3, 3, D5, T2 (D a danger die, "
            "T a threat die).",
            parse=parse_faces,
        ),
        Choice(
            "round",
            "Reroll rounds used",
            (("0", "None yet"), ("1", "Round one"), ("2", "Both rounds")),
            "0",
        ),
        Text(
            "first",
            "Round one: reroll dice",
            "",
            max_length=80,
            hint="The dice's numbers, e.g. 1, 4, 5.",
            parse=parse_marks,
        ),
        Text(
            "second",
            "Round two: reroll dice",
            "",
            max_length=80,
            hint="The dice's numbers, e.g. 1, 4, 5.",
            parse=parse_marks,
        ),
        Flag("advise", "Advise: show the best dice to keep", True),
    ),
    show=_roller_show,
    unused=_roller_unused,
    settle=_roller_settle,
)
"""Danger World, Dice Mechanics: a check rolled, rerolled twice, its sets and the advice."""

WIDGETS: tuple[Widget, ...] = (ROLLER,)
