"""The systems' interactive widgets: a check, a damage roll, a character sheet...

Each widget is a form (:mod:`~rules_py.widgets._fields`) and a function from its
values to blocks of results (:mod:`~rules_py.widgets._blocks`). The ``widget``
Markdown fence writes a widget's form and its answer for the page's values at
build time; in the browser the worker answers ``{"op": "widget"}`` requests with
the same code when the reader changes a value, rolls, exports or imports.

A widget's name starts with its system's (``2d6-check``, ``danger-world-roller``),
and a system's widgets are imported only when one of them is asked for: a site that
publishes one system never loads the other four in the browser (issue 19).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from rules_py.systems import SYSTEMS
from rules_py.views import View
from rules_py.widgets._widget import Widget, WidgetError, by_name
from rules_py.widgets._widget import answer as _answer

SYSTEM_WIDGETS: dict[str, str] = {
    name: rules.replace("rules_py.systems.", "rules_py.widgets.", 1)
    for name, rules in SYSTEMS.items()
}
"""Each system's widget module, by the system's name (the site section's): the package
beside its rules' (``rules_py.systems.two_d6``: ``rules_py.widgets.two_d6``)."""

_LOADED: dict[str, dict[str, Widget]] = {}


def system_widgets(system: str) -> dict[str, Widget]:
    """The widgets of ``system`` by name, imported on the first call."""
    if system not in SYSTEM_WIDGETS:
        raise WidgetError(f"unknown system {system!r}: choose from {', '.join(SYSTEM_WIDGETS)}")
    if system not in _LOADED:
        module = importlib.import_module(SYSTEM_WIDGETS[system])
        _LOADED[system] = by_name(module.WIDGETS)
    return _LOADED[system]


def system_of(name: str) -> str | None:
    """The system whose widget ``name`` would be (its longest matching prefix), if any."""
    owners = [s for s in SYSTEM_WIDGETS if name.startswith(s + "-")]
    return max(owners, key=len) if owners else None


def find(name: str) -> Widget | None:
    """The widget called ``name``, importing only its system's widgets."""
    system = system_of(name)
    return None if system is None else system_widgets(system).get(name)


def widgets_of(systems: Iterable[str]) -> dict[str, Widget]:
    """Every widget of ``systems``, by name."""
    return by_name([w for system in systems for w in system_widgets(system).values()])


def answer(name: str, action: str, args: dict[str, Any]) -> View:
    """Answer a request from the page for the widget called ``name``."""
    widget = find(name)
    return _answer({} if widget is None else {name: widget}, name, action, args)


def __getattr__(attribute: str) -> dict[str, Widget]:
    # WIDGETS, every widget of the five systems, is made when first read (the build's
    # fences and the tests read it; the browser asks for one system at a time).
    if attribute == "WIDGETS":
        return widgets_of(SYSTEM_WIDGETS)
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")


WIDGETS: dict[str, Widget]
"""Every widget, by the name a ``widget`` fence gives (all five systems imported)."""

__all__ = [
    "SYSTEM_WIDGETS",
    "WIDGETS",
    "Widget",
    "WidgetError",
    "answer",
    "find",
    "system_of",
    "system_widgets",
    "widgets_of",
]
