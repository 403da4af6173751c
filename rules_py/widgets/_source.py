"""Values one widget takes from another's saved values (the pool roller from the sheet).

The browser keeps each widget's values under its ``store``; a widget with a
:class:`Source` gets the source's saved values with every ``show`` request (or
none, when the reader has not filled the source in). Python reads them with the
source's own fields, and :attr:`Source.take` answers this widget's fields to set
and a sentence saying where they come from. A check box of this widget
(:attr:`Source.switch`) lets the reader set those fields by hand instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules_py.widgets._fields import Field, read_values

if TYPE_CHECKING:
    from rules_py.widgets._widget import Widget

Values = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Source:
    """Another widget's saved values feeding some of this widget's fields."""

    store: str
    """Where the browser keeps the source's values (its fence's ``store``)."""
    fields: tuple[Field, ...]
    """The source widget's fields, to read its values."""
    switch: str
    """This widget's :class:`~rules_py.widgets._fields.Flag`: take the values or not."""
    take: Callable[[Values, Values], tuple[Mapping[str, Any], str]]
    """``take(source_values, own_values)`` -> (this widget's field values, the sentence that
    says so); what is taken may depend on this widget's own values (which skill of the
    sheet a check is made with, say)."""
    choices: tuple[str, ...] = ()
    """This widget's fields that pick what to take (which ability, which skill): hidden
    with the switch while the reader has no sheet saved."""
    give: Callable[[str, Values, Values], Mapping[str, Any]] | None = None
    """``give(action, own_values, source_values)`` -> the source's fields an action of this
    widget changes (the pool roller carrying a roll's danger and bonus dice back to the
    sheet); the page merges them into the source's saved values at once. Empty for an
    action that changes nothing there."""

    def values(self, raw: object) -> Values | None:
        """The source's saved values as its fields read them (defaults where unreadable)."""
        if not isinstance(raw, Mapping):
            return None
        values, _errors = read_values(self.fields, raw)
        return values


def sheet_choice(
    store: str,
    sheet: Widget,
    take: Callable[[Values, Values], tuple[Mapping[str, Any], str]],
    *choices: str,
) -> Source:
    """ "Use my sheet" on a check: the played character's ``sheet`` saved under ``store``, a
    switch field called ``use_sheet``, and this widget's ``choices`` (which ability or
    skill) given to ``take`` with the sheet's values."""
    return Source(
        store=store,
        fields=sheet.fields,
        switch="use_sheet",
        take=take,
        choices=choices,
    )
