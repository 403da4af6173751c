"""The D10/0 character sheet's checks: each attribute and skill it offers, and its rows of
checks in play, each with the exact chance of its effort beating the difficulty.

Actions, Degrees and Difficulty; Skills, Roots and Branches. Split from
:mod:`._character`, which assembles the builder, as "No module is much over 600 lines;
one that grows past that splits by chapter" (docs/architecture.md, One shape for every
system).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules_py.systems import d10_0
from rules_py.systems.d10_0.skills import SkillRating
from rules_py.widgets._blocks import CheckRow, listing
from rules_py.widgets._widget import Values
from rules_py.widgets.d10_0._sheet_fields import character_input


@dataclass(frozen=True, slots=True)
class SheetCheck:
    """A check a sheet offers: an attribute on a d10 read 0-9, or a skill's Total on a
    d100 read 00-99 (Actions, Degrees and Difficulty; Skills)."""

    key: str
    """``"attribute:AG"`` or ``"skill:Pistols"``."""
    name: str
    """``"AG"`` or ``"Pistols"``."""
    label: str
    """``"AG (Agility)"`` or ``"Pistols"``."""
    score: int
    skill: bool


def sheet_checks(values: Values) -> tuple[d10_0.CharacterSheet, list[SheetCheck]]:
    """The built sheet and every check it offers: the ten attributes, then each skill in
    tree order with its Total."""
    sheet = d10_0.build_character(character_input(values))
    checks = [
        SheetCheck(
            f"attribute:{a.abbreviation}",
            a.abbreviation,
            f"{a.abbreviation} ({a.name})",
            sheet.attributes[a.abbreviation],
            False,
        )
        for a in d10_0.ATTRIBUTES
    ]
    checks += [
        SheetCheck(f"skill:{r.name}", r.name, r.name, r.total, True)
        for r in in_tree_order(sheet.skills)
    ]
    return sheet, checks


def find_check(checks: Sequence[SheetCheck], wanted: str) -> SheetCheck | None:
    """The check named ``wanted``: an attribute by abbreviation or name, a skill by name
    (any case)."""
    key = wanted.strip().lower()
    for check in checks:
        names = {check.name.lower(), check.label.lower(), check.key.lower()}
        if not check.skill:
            names.add(d10_0.character.attribute(check.name).name.lower())
        if key in names:
            return check
    return None


def in_tree_order(ratings: Sequence[SkillRating]) -> list[SkillRating]:
    """The skills with each branch after the skill it grows from (Skills, Skill Trees)."""
    children: dict[str | None, list[SkillRating]] = {}
    for rating in ratings:
        children.setdefault(rating.parent, []).append(rating)
    out: list[SkillRating] = []

    def visit(rating: SkillRating) -> None:
        out.append(rating)
        for child in children.get(rating.name, []):
            visit(child)

    for root in children.get(None, []):
        visit(root)
    return out


UNTRAINED = "Untrained skills"
"""The row folding the root skills still at Adjust 0 with no branch (see :func:`skill_rows`)."""


def skill_rows(
    sheet: d10_0.CharacterSheet,
    checks: Sequence[SheetCheck],
    target: int,
    overflow: bool,
    at: str,
) -> list[CheckRow]:
    """The root skills the character has put points into, in the sheet's order, a row
    each (Skills, Roots and Branches); a root grown into branches rolls itself or one of
    them, picked at its Roll, each with its own Total and chance, as the printed sheet
    lists a root's branches beneath it. The roots still at Adjust 0 with no branch roll
    on their Base alone: they share one last row, each picked at its Roll with its chance,
    so that a phone shows the skills a character has trained without scrolling past the
    ones it has not."""
    by_name = {check.name: check for check in checks}
    root_of: dict[str, str] = {}
    for rating in in_tree_order(sheet.skills):
        root_of[rating.name] = root_of.get(rating.parent or "", rating.name)
    out, untrained = [], []
    for rating in sheet.skills:
        if rating.parent is not None:
            continue
        row = check_row(by_name[rating.name], target, overflow, at)
        branches = [
            check_row(by_name[name], target, overflow, at)
            for name in root_of
            if root_of[name] == rating.name and name != rating.name
        ]
        if branches:
            row = replace(
                row,
                note=f"and {listing(b.name for b in branches)}",
                label=f"Roll {rating.name} or one of its branches at difficulty {at}",
                choices=tuple(_choice(r) for r in (row, *branches)),
            )
        elif not rating.adjust:
            untrained.append(row)
            continue
        out.append(row)
    if len(untrained) == 1:
        out.append(untrained[0])
    elif untrained:
        out.append(
            CheckRow(
                key=untrained[0].key,
                name=UNTRAINED,
                value="",
                label=f"Roll a skill at Adjust 0 at difficulty {at}",
                note=f"{len(untrained)} roots at Adjust 0",
                choices=tuple(_choice(r) for r in untrained),
            )
        )
    return out


def _choice(row: CheckRow) -> CheckRow:
    """A row as one of the checks another row offers: its button names it with its
    score ("Pistols 63"), the score otherwise shown in the row's own column."""
    return replace(row, name=f"{row.name} {row.value}")


def _chance_detail(chances: d10_0.CheckChances) -> str:
    """A row's exact answer: success, miss and failure, then each named degree that can
    come up (Degrees and Difficulty; Degree Information)."""
    degrees = ", ".join(f"{degree} {p}" for degree, p in chances.degrees)
    return (
        f"success {chances.success}, miss {chances.miss}, failure {chances.failure}; "
        f"by degree: {degrees}"
    )


def check_row(check: SheetCheck, target: int, overflow: bool, at: str) -> CheckRow:
    """One attribute or skill of the sheet in play: its score, its exact chance of an
    effort greater than the difficulty (Actions, Degrees and Difficulty; Overflow when the
    sheet turns it on), and its Roll."""
    chances = d10_0.check_chances(check.score, target, check.skill, overflow)
    return CheckRow(
        key=check.key,
        name=check.name,
        value=str(check.score),
        label=f"Roll {check.label} {check.score} at difficulty {at}",
        chance=chances.success,
        detail=_chance_detail(chances),
        title=check.label,
    )


__all__ = [
    "UNTRAINED",
    "SheetCheck",
    "check_row",
    "find_check",
    "in_tree_order",
    "sheet_checks",
    "skill_rows",
]
