"""Pieces the D10/0 widgets share: the check's kind, score and difficulty fields, helpers,
and one check rolled and told, which the check widget, the sheet and the damage and
timing widgets all roll through."""

from __future__ import annotations

import random
from typing import Any

from rules_py.systems import d10_0
from rules_py.systems._params import refusal
from rules_py.systems.d10_0.checks import MAX_DIFFICULTY, MAX_SCORE, CheckRoll
from rules_py.views import View
from rules_py.widgets._blocks import rolled
from rules_py.widgets._fields import Choice, Flag, Number, Text
from rules_py.widgets._widget import Values

KIND = Choice(
    "kind",
    "Check",
    (
        ("attribute", "Attribute check: d10, read 0-9"),
        ("skill", "Skill check: d100, read 00-99"),
    ),
    "attribute",
)
OVERFLOW = Flag(
    "overflow",
    "Overflow (optional): a 0 or a 9 (00 or 99) rolls again",
    hint="After the lowest face a re-roll adds only a positive effort, after the highest "
    "only a negative one; the same end again repeats.",
)
_DIFFICULTY_NAMES = ", ".join(row.difficulty for row in d10_0.DEGREE_TABLE)
DIFFICULTY_OPTIONS: tuple[tuple[str, str], ...] = tuple(
    (row.difficulty, f"{row.attribute_points} on an attribute, {row.skill_points} on a skill")
    for row in d10_0.DEGREE_TABLE
)
"""The Degree Information table's difficulties, offered as the reader types one."""


def score_field(
    name: str = "score", label: str = "Score", default: int = 5, hint: str = ""
) -> Number:
    """An attribute score (0-9 scale) or a skill Total (00-99 scale)."""
    return Number(
        name,
        label,
        default,
        0,
        MAX_SCORE,
        hint=hint or "The attribute, or the skill's Total; effort = score - roll.",
    )


def difficulty_field(
    default: str = "0",
    name: str = "difficulty",
    label: str = "Difficulty",
    *,
    printed: bool = True,
    hint: str = "",
) -> Text:
    """A difficulty by number or by name, in the check's own points (``hint`` says so
    shorter where a sheet keeps it at hand)."""
    return Text(
        name,
        label,
        default,
        printed=printed,
        max_length=20,
        hint=hint
        or "A number in the check's own points (negative for very easy tasks), or a name "
        f"from the Degree Information table ({_DIFFICULTY_NAMES}).",
        parse=d10_0.parse_difficulty,
        options=DIFFICULTY_OPTIONS,
    )


def is_skill(values: Values) -> bool:
    """True for a skill check (d100), False for an attribute check (d10)."""
    return bool(values["kind"] == "skill")


def difficulty(values: Values, skill: bool | None = None, field: str = "difficulty") -> int:
    """The difficulty field read by number or by name (``ValueError`` naming the table)."""
    skill = is_skill(values) if skill is None else skill
    number = d10_0.parse_difficulty(str(values[field]), skill)
    if abs(number) > MAX_DIFFICULTY:
        raise ValueError(
            refusal(
                f"a difficulty must be from -{MAX_DIFFICULTY} to {MAX_DIFFICULTY} (got {number})",
                "The D10/0 System, Degrees and Difficulty",
            )
        )
    return number


def die_name(skill: bool) -> str:
    """``"d100"`` for a skill check, ``"d10"`` for an attribute check."""
    return "d100" if skill else "d10"


def shown_roll(roll: int, skill: bool) -> str:
    """A check's roll as the dice show it: ``7`` or ``07``."""
    return f"{roll:02d}" if skill else str(roll)


def difficulty_text(number: int, skill: bool) -> str:
    """``"20 (Challenge)"``: a difficulty and its name by size."""
    return f"{number} ({d10_0.difficulty_name(number, skill)})"


def signed_degree(n: int) -> str:
    """A degree written with its sign, 0 as it is."""
    return f"{n:+d}" if n else "0"


RESULT_NAMES = {"success": "Success", "miss": "Miss", "failure": "Failure"}
"""A check's result, as the Degree Information table names it."""


def check_lines(roll: CheckRoll, label: str = "") -> list[dict[str, Any]]:
    """A rolled check as lines: score - roll = effort, then each overflow re-roll."""
    first = roll.rolls[0]
    lines: list[dict[str, Any]] = [
        {
            "label": label,
            "parts": [
                {"kind": "op", "text": f"{roll.score} −"},
                {"kind": "die", "text": shown_roll(first, roll.skill)},
            ],
            "total": str(roll.score - first),
        }
    ]
    end = "lowest" if first == 0 else "highest"
    for again, added in zip(roll.rolls[1:], roll.additions, strict=True):
        note = f"adds {added:+d}" if added else "adds nothing"
        lines.append(
            {
                "label": f"Overflow after the {end} face ({note})",
                "parts": [
                    {"kind": "op", "text": f"{roll.score} −"},
                    {"kind": "die", "text": shown_roll(again, roll.skill)},
                ],
                "total": str(roll.score - again),
            }
        )
    return lines


def describe_roll(roll: CheckRoll) -> str:
    """``"Success: effort 4 against difficulty 2, degree +2, Noted Success"``."""
    verdict = RESULT_NAMES[roll.result]
    chain = ""
    if roll.additions:
        count = len(roll.additions)
        chain = f" (after {count} overflow re-roll{'s' if count > 1 else ''})"
    return (
        f"{verdict}: effort {roll.effort}{chain} against difficulty {roll.difficulty}, "
        f"degree {signed_degree(roll.degree)}: {roll.degree_name}"
    )


def rolled_check(
    score: int,
    target: int,
    skill: bool,
    overflow: bool,
    rng: random.Random,
    details: tuple[str, ...] = (),
) -> View:
    """One check rolled and told (Actions: Degrees and Difficulty; Overflow): the lines
    score − roll = effort, and the result with its degree and the degree's name, then
    ``details`` (a dying sheet's state). The check widget (:mod:`._checks`) and a sheet's
    rows (:mod:`._character`) roll through it."""
    check = d10_0.roll_check(score, target, skill, overflow, rng)
    return rolled(check_lines(check), describe_roll(check), details)
