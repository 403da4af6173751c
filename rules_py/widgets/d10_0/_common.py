"""Pieces the D10/0 widgets share: the check's kind, score and difficulty fields, helpers."""

from __future__ import annotations

from rules_py.systems import d10_0
from rules_py.systems._params import refusal
from rules_py.systems.d10_0.checks import MAX_DIFFICULTY, MAX_SCORE
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
) -> Text:
    """A difficulty by number or by name, in the check's own points."""
    return Text(
        name,
        label,
        default,
        printed=printed,
        max_length=20,
        hint="A number in the check's own points (negative for very easy tasks), or a name "
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
