"""What the systems' character sheets share: the sheet toolkit.

Five widgets keep a character: the WoDu, D10/0 and 2d6 builders, Peupfudge's abilities
and XP, and the Danger World sheet. Each is a form headed by the character's name,
exported and imported as a file, whose rows (skills, aspects, talents...) the reader
adds to, whose broken rules are shown beside the fields they name, and whose rows roll
checks (:attr:`~rules_py.widgets._widget.Widget.check`). The rules differ by system;
the pieces here are the ones at least two of the sheets use alike.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from rules_py.views import View
from rules_py.widgets._blocks import Block, error
from rules_py.widgets._fields import Cell, Field, Number, Rows, Text
from rules_py.widgets._widget import Values, Widget

NAME = Text("name", "Name", hint="Optional; saved with the sheet.", printed=False)
"""The character's name heading a sheet (WoDu, D10/0, 2d6, Danger World): an exported
file is named after it, a printed sheet headed with it."""

UNNAMED = "Your character"
"""What a sheet's answer calls a character with no name."""

ROW_NAME_LENGTH = 40
"""The longest name of a sheet's row (a skill, an aspect, an item, a status)."""


def called(values: Values, field: str = "name") -> str:
    """The character's name as a sheet's answer says it: ``"Rook"``, or "Your character"."""
    return str(values[field]) or UNNAMED


def whose(name: object) -> str:
    """Whose sheet "Use my sheet" reads, for its sentence: ``"Rook's sheet"`` or
    ``"your sheet"`` (D10/0's check and health widgets, Peupfudge's action roller)."""
    named = str(name).strip()
    return f"{named}'s sheet" if named else "your sheet"


def sheet_widget(
    name: str,
    system: str,
    portable: str,
    fields: Iterable[Field],
    *,
    show: Callable[[Values], list[Block]],
    check: Callable[[Values, str, random.Random], View],
    play_fields: tuple[str, ...],
    title: str = "Character builder",
    heading: Text = NAME,
    unused: Callable[[Values], Iterable[str]] | None = None,
    settle: Callable[[Values, Values], Mapping[str, Any]] | None = None,
    fresh: Mapping[str, Any] | None = None,
) -> Widget:
    """A character sheet following the rules of ``system``: ``heading`` (the name field)
    first, then ``fields``; exported and imported as ``portable`` files named after the
    character; rolling the checks of its rows with ``check``; the fields a Play page keeps
    at hand, ``play_fields``. Three of the five are a "Character builder".

    The fields' defaults are the section's example character, named (a first visit to a
    Play page plays it, and says it is an example); ``fresh`` holds the values a new
    character starts with instead, as the rules start one (the roster's New)."""
    widget = Widget(
        name=name,
        title=title,
        fields=(heading, *fields),
        show=show,
        unused=unused,
        settle=settle,
        check=check,
        play_fields=play_fields,
        portable=portable,
        name_field=heading.name,
        system=system,
        fresh=fresh,
    )
    widget.fresh_values()  # a fresh character the fields refuse is the widget's mistake
    known = {f.name for f in widget.fields}
    if len(known) != len(widget.fields) or not known.issuperset(play_fields):
        raise ValueError(f"{name}: a field is repeated, or a play field is not a field")
    return widget


def row_name(label: str, **more: Any) -> Text:
    """The column naming a sheet's row ("Skill", "Aspect", "Item"...), blank at first."""
    return Text("name", label, "", max_length=ROW_NAME_LENGTH, **more)


def tree_columns(name: str, parent: str, parent_hint: str, number: Number) -> tuple[Cell, ...]:
    """The columns of a tree of rows (D10/0's skills, Danger World's aspects): the row's
    ``name``, the ``parent`` it grows from (blank at the top of the tree), and a number."""
    grows_from = Text("parent", parent, "", max_length=ROW_NAME_LENGTH, hint=parent_hint)
    return (row_name(name), grows_from, number)


def sheet_rows(
    name: str,
    label: str,
    cells: Sequence[Cell],
    *,
    row_label: str,
    max_rows: int,
    default: Iterable[Mapping[str, Any] | tuple[Any, ...]] = (),
    min_rows: int = 0,
    hint: str = "",
    printed: bool = True,
    new: Mapping[str, Any] | None = None,
) -> Rows:
    """Rows of a sheet the reader adds and removes (none at the least, unless
    ``min_rows``): a row added holds each column's default, but for ``new``'s values.
    A ``default`` row is a mapping, or every column's value in order."""
    names = [cell.name for cell in cells]
    rows = tuple(
        row if isinstance(row, Mapping) else dict(zip(names, row, strict=True)) for row in default
    )
    new_row = {cell.name: cell.default for cell in cells}
    if new is not None:
        if not new_row.keys() >= new.keys():
            raise ValueError(f"{name}: a new row has no column {sorted(new.keys() - new_row)}")
        new_row.update(new)
    return Rows(
        name,
        label,
        tuple(cells),
        rows,
        min_rows,
        max_rows,
        row_label=row_label,
        hint=hint,
        printed=printed,
        new_row=new_row,
    )


def named_words(text: str, words: Iterable[str]) -> tuple[str, ...]:
    """The ``words`` that ``text`` names as whole words, in their order: a refusal's stats
    (2d6) or abilities (WoDu)."""
    return tuple(w for w in words if re.search(rf"\b{re.escape(w)}\b", text))


@dataclass(frozen=True, slots=True)
class Cue:
    """How a refusal about ``fields`` is known: the rule it cites begins with ``rule``
    and its problem with ``lead`` ("" for any). ``named``: only the fields the problem
    names as whole words, or all of them when it names none."""

    rule: str
    fields: tuple[str, ...]
    lead: str = ""
    named: bool = False


@dataclass(frozen=True, slots=True)
class FieldsOf:
    """The fields a sheet's refusal is about, so that the page marks them (D10/0, 2d6).

    A refusal ends with the rule it cites, ``"... (<system>, <rule>)"``; the first of
    ``cues`` it answers gives its fields. Before them, ``said`` pairs words with fields:
    a refusal holding the words anywhere is about those fields.
    """

    system: str
    cues: tuple[Cue, ...]
    said: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def __call__(self, problem: str) -> tuple[str, ...]:
        for words, fields in self.said:
            if words in problem:
                return fields
        pattern = rf"(?P<problem>.*) \({re.escape(self.system)}, (?P<rule>[^()]*)\)"
        cited = re.fullmatch(pattern, problem, re.DOTALL)
        if cited is None:
            return ()
        for cue in self.cues:
            if cited["rule"].startswith(cue.rule) and cited["problem"].startswith(cue.lead):
                named = named_words(cited["problem"], cue.fields) if cue.named else ()
                return named or cue.fields
        return ()


def problems_beside(
    problems: Iterable[str], fields_of: Callable[[str], Iterable[str]] = lambda _: ()
) -> list[Block]:
    """A sheet's broken rules as error blocks, each naming the fields ``fields_of`` finds
    in it (none by default), which the page marks beside them."""
    return [error(problem, fields_of(problem)) for problem in problems]


def no_check(key: str) -> ValueError:
    """The refusal of a check key no row of the sheet offers."""
    return ValueError(f"the sheet has no check {key!r}")


def sheet_row(key: str, **rows: Collection[str] | int) -> tuple[str, str]:
    """The kind and the row of a sheet check's ``key``: ``"ability:STR"`` is
    ``("ability", "STR")``. ``rows`` gives each kind's rows, by name (``ability=("STR",
    ...)``) or by how many there are (``skill=3``: keys ``"skill:0"`` to ``"skill:2"``);
    any other key is refused (:func:`no_check`)."""
    kind, _, which = key.partition(":")
    known = rows.get(kind)
    if isinstance(known, int):
        found = which.isdigit() and int(which) < known
    else:
        found = known is not None and which in known
    if not found:
        raise no_check(key)
    return kind, which


def mend_first(problems: Iterable[object]) -> None:
    """Refuse a check on a sheet that breaks a rule, citing the first it breaks."""
    for problem in problems:
        raise ValueError(f"Mend the sheet first: {problem}")


@contextmanager
def mended() -> Iterator[None]:
    """Refuse a check on a sheet whose reading refuses it (Peupfudge's abilities, read
    as they are needed): the refusal, said as :func:`mend_first` says it."""
    try:
        yield
    except ValueError as broken:
        mend_first([broken])
