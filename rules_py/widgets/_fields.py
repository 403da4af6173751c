"""The inputs a widget offers, and how the reader's raw values are read.

The page sends what the reader typed as it stands (text, or true/false for a
check box); each field turns it into a value or raises :class:`FieldError`
naming the field and the allowed values. The same fields describe the form the
Markdown extension writes, so the limits in the HTML and in Python agree.

Each field also says whether a printed sheet lists its value (``printed``, a
keyword): a field that only drives a roll or the form (the stats a check is made
on, a switch such as "Use my sheet"), or whose value the widget's answer already
shows (a sheet prints each value once), is declared ``printed=False``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from rules_py.systems._params import bounds, out_of_range


class FieldError(ValueError):
    """A value the reader entered that a field refuses; ``field`` is its name."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.field = name


@dataclass(frozen=True, slots=True)
class Number:
    """A whole number between ``minimum`` and ``maximum``."""

    name: str
    label: str
    printed: bool = field(default=True, kw_only=True)
    """False: a printed sheet leaves this field out (see the module's docstring)."""
    track: bool = field(default=False, kw_only=True)
    """True: a value that changes in play (current HP, XP): the page puts a − and a +
    beside it, each tap saved at once and undoable, and a printed sheet gives it boxes."""
    default: int
    minimum: int
    maximum: int
    hint: str = ""

    def read(self, raw: object) -> int:
        """``raw`` as a whole number in range."""
        if isinstance(raw, bool):
            raise FieldError(self.name, f"{self.label} must be a whole number")
        if isinstance(raw, int):
            number = raw
        else:
            # A JSON null (a shared link's or an import's missing value) is as empty as "".
            text = "" if raw is None else str(raw).strip().replace("−", "-")
            if not text:
                raise FieldError(
                    self.name,
                    f"{self.label} is empty: enter a whole number from "
                    f"{self.minimum} to {self.maximum}",
                )
            # ASCII digits after one sign at most: "²" is a digit to isdigit() but not
            # to int(), and "+-5" passes lstrip("+-") (issue 28: Python's wording leaked).
            if not re.fullmatch(r"[+-]?[0-9]+", text) or len(text) > 12:
                raise FieldError(self.name, f"{self.label} must be a whole number (got {text!r})")
            number = int(text)
        if not self.minimum <= number <= self.maximum:
            raise FieldError(
                self.name, out_of_range(self.label, bounds(self.minimum, self.maximum), number)
            )
        return number


@dataclass(frozen=True, slots=True)
class Choice:
    """One of a fixed list of ``(value, label)`` options."""

    name: str
    label: str
    printed: bool = field(default=True, kw_only=True)
    """False: a printed sheet leaves this field out (see the module's docstring)."""
    options: tuple[tuple[str, str], ...]
    default: str
    hint: str = ""

    def read(self, raw: object) -> str:
        """``raw`` if it is one of the options' values."""
        value = str(raw)
        if value not in {v for v, _ in self.options}:
            allowed = ", ".join(v for v, _ in self.options)
            if raw is None:
                raise FieldError(self.name, f"{self.label} is missing: choose one of {allowed}")
            raise FieldError(self.name, f"{self.label} must be one of {allowed} (got {value!r})")
        return value


@dataclass(frozen=True, slots=True)
class Flag:
    """On or off (a check box)."""

    name: str
    label: str
    printed: bool = field(default=True, kw_only=True)
    """False: a printed sheet leaves this field out (see the module's docstring)."""
    default: bool = False
    hint: str = ""

    def read(self, raw: object) -> bool:
        """``raw`` as true or false (the words "true"/"false" and "yes"/"no" too)."""
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in {"true", "yes", "on", "1"}:
            return True
        if text in {"false", "no", "off", "0", ""}:
            return False
        raise FieldError(self.name, f"{self.label} must be on or off (got {raw!r})")


@dataclass(frozen=True, slots=True)
class Text:
    """A short line of text, such as a name, a difficulty's name or a damage notation.

    ``parse``, when given, is a rule's reader that must accept the text: its
    ``ValueError`` becomes this field's refusal, so the field is the one marked.
    What the text stands for may depend on other fields and is the widget's work.

    ``options`` lists the names a closed list of the rules offers, as ``(value,
    label)``: the page offers them as the reader types (a ``datalist``), and any
    other text ``parse`` accepts (a number, a GM's own spell) still goes.
    """

    name: str
    label: str
    printed: bool = field(default=True, kw_only=True)
    """False: a printed sheet leaves this field out (see the module's docstring)."""
    default: str = ""
    max_length: int = 60
    hint: str = ""
    parse: Callable[[str], object] | None = None
    options: tuple[tuple[str, str], ...] = ()

    def read(self, raw: object) -> str:
        """``raw`` as text of at most ``max_length`` characters that ``parse`` accepts."""
        if not isinstance(raw, str | int):
            raise FieldError(self.name, f"{self.label} must be text")
        text = str(raw).strip()
        if len(text) > self.max_length:
            raise FieldError(
                self.name, f"{self.label} must be at most {self.max_length} characters"
            )
        if self.parse is not None:
            try:
                self.parse(text)
            except ValueError as broken:
                raise FieldError(self.name, str(broken)) from None
        return text


Cell: TypeAlias = Number | Choice | Flag | Text
"""A field that holds one value: top level, or a column of :class:`Rows`."""


@dataclass(frozen=True, slots=True)
class Rows:
    """A list of like rows (participants, abilities), between ``min_rows`` and ``max_rows``.

    Each row is a mapping of ``cells``' names to values; ``default`` holds the
    rows shown at first, ``new_row`` the values of a row the reader adds.
    """

    name: str
    label: str
    printed: bool = field(default=True, kw_only=True)
    """False: a printed sheet leaves this field out (see the module's docstring)."""
    cells: tuple[Cell, ...]
    default: tuple[Mapping[str, Any], ...]
    min_rows: int
    max_rows: int
    row_label: str = "row"
    hint: str = ""
    new_row: Mapping[str, Any] = field(default_factory=dict)

    def read(self, raw: object) -> tuple[dict[str, Any], ...]:
        """``raw`` as a tuple of rows, each read cell by cell."""
        if not isinstance(raw, Sequence) or isinstance(raw, str):
            raise FieldError(self.name, f"{self.label} must be a list of {self.row_label}s")
        if not self.min_rows <= len(raw) <= self.max_rows:
            raise FieldError(
                self.name,
                f"{self.label}: from {self.min_rows} to {self.max_rows} "
                f"{self.row_label}s (got {len(raw)})",
            )
        rows = []
        for number, row in enumerate(raw, start=1):
            if not isinstance(row, Mapping):
                raise FieldError(self.name, f"{self.label}: {self.row_label} {number} is not a row")
            unknown = set(row) - {c.name for c in self.cells}
            if unknown:
                raise FieldError(
                    self.name,
                    f"{self.label}: {self.row_label} {number} has unknown "
                    f"{', '.join(sorted(map(str, unknown)))}",
                )
            values: dict[str, Any] = {}
            for cell in self.cells:
                try:
                    values[cell.name] = cell.read(row.get(cell.name, cell.default))
                except FieldError as error:
                    raise FieldError(
                        self.name, f"{self.row_label.capitalize()} {number}: {error}"
                    ) from None
            rows.append(values)
        return tuple(rows)


@dataclass(frozen=True, slots=True)
class Dice:
    """The dice of a roll on the table: each die's face, kind and whether the reader marked it.

    The value is a tuple of ``{"face": int, "kind": str, "marked": bool}``, one per
    die in order. ``kinds`` lists the kinds a die may be (the first is the plain
    one); dice of a kind in ``fixed`` cannot be marked (a threat die is never
    rerolled). The page draws the dice as toggle buttons: tapping one marks it.
    """

    name: str
    label: str
    printed: bool = field(default=True, kw_only=True)
    """False: a printed sheet leaves this field out (see the module's docstring)."""
    kinds: tuple[str, ...] = ("normal",)
    fixed: tuple[str, ...] = ()
    faces: int = 6
    max_dice: int = 24
    mark_word: str = "marked"
    """What a marked die's name says: ``"Die 3: 5, danger, marked for reroll"``."""
    fixed_word: str = ""
    """What a fixed die's name says instead (``"never rerolled"``)."""
    hint: str = ""
    default: tuple[Mapping[str, Any], ...] = ()

    def read(self, raw: object) -> tuple[dict[str, Any], ...]:
        """``raw`` as a tuple of dice, each checked (face in range, known kind, markable)."""
        if not isinstance(raw, Sequence) or isinstance(raw, str):
            raise FieldError(self.name, f"{self.label} must be a list of dice")
        if len(raw) > self.max_dice:
            raise FieldError(
                self.name, f"{self.label} must hold at most {self.max_dice} dice, got {len(raw)}"
            )
        dice = []
        for number, die in enumerate(raw, start=1):
            if not isinstance(die, Mapping) or set(die) - {"face", "kind", "marked"}:
                raise FieldError(self.name, f"{self.label}: die {number} is not a die")
            face = die.get("face")
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= self.faces:
                raise FieldError(
                    self.name,
                    f"{self.label}: die {number} must show 1 to {self.faces} (got {face!r})",
                )
            kind = die.get("kind", self.kinds[0])
            if kind not in self.kinds:
                raise FieldError(
                    self.name,
                    f"{self.label}: die {number} is {', '.join(self.kinds)} (got {kind!r})",
                )
            marked = die.get("marked", False)
            if not isinstance(marked, bool):
                raise FieldError(self.name, f"{self.label}: die {number} is marked or not")
            if marked and kind in self.fixed:
                raise FieldError(
                    self.name,
                    f"{self.label}: die {number} is a {kind} die and cannot be marked"
                    + (f" ({self.fixed_word})" if self.fixed_word else ""),
                )
            dice.append({"face": face, "kind": kind, "marked": marked})
        return tuple(dice)

    def die_name(self, number: int, die: Mapping[str, Any]) -> str:
        """A die's accessible name: ``"Die 3: 5, danger, marked for reroll"``."""
        state = ""
        if die["kind"] in self.fixed and self.fixed_word:
            state = f", {self.fixed_word}"
        elif die["marked"]:
            state = f", {self.mark_word}"
        return f"Die {number}: {die['face']}, {die['kind']}{state}"


Field: TypeAlias = Cell | Rows | Dice
"""Any input of a widget."""


def read_values(
    fields: Sequence[Field], raw: Mapping[str, Any], *, strict: bool = False
) -> tuple[dict[str, Any], list[FieldError]]:
    """Read every field from ``raw`` (defaults for the missing ones).

    Returns the values read and the errors found; a field in error keeps its
    default so that the rest can still be shown. ``strict`` also refuses
    unknown names (for imported files).
    """
    values: dict[str, Any] = {}
    errors: list[FieldError] = []
    if strict:
        names = {f.name for f in fields}
        for key in raw:
            if key not in names:
                errors.append(FieldError(str(key), f"unknown setting {key!r}"))
    for f in fields:
        try:
            values[f.name] = f.read(raw[f.name]) if f.name in raw else default(f)
        except FieldError as error:
            errors.append(error)
            values[f.name] = default(f)
    return values, errors


def default(f: Field) -> Any:
    """A field's default value, as :meth:`read` would return it."""
    if isinstance(f, Rows | Dice):
        return f.read(list(f.default))
    return f.default
