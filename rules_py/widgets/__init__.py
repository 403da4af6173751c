"""The systems' interactive widgets: a check, a damage roll, a character sheet...

Each widget is a form (:mod:`~rules_py.widgets._fields`) and a function from its
values to blocks of results (:mod:`~rules_py.widgets._blocks`). The ``widget``
Markdown fence writes a widget's form and its answer for the page's values at
build time; in the browser the worker answers ``{"op": "widget"}`` requests with
the same code when the reader changes a value, rolls, exports or imports.
"""

from __future__ import annotations

from typing import Any

from rules_py.views import View
from rules_py.widgets import d10_0, danger_world, peupfudge, two_d6, wodu
from rules_py.widgets._widget import Widget, WidgetError, by_name
from rules_py.widgets._widget import answer as _answer

WIDGETS: dict[str, Widget] = by_name(
    (
        *wodu.WIDGETS,
        *peupfudge.WIDGETS,
        *d10_0.WIDGETS,
        *two_d6.WIDGETS,
        *danger_world.WIDGETS,
    )
)
"""Every widget, by the name a ``widget`` fence gives."""


def answer(name: str, action: str, args: dict[str, Any]) -> View:
    """Answer a request from the page for the widget called ``name``."""
    return _answer(WIDGETS, name, action, args)


__all__ = ["WIDGETS", "Widget", "WidgetError", "answer"]
