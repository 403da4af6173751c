"""Peupfudge widgets (filled in by the Peupfudge widget work)."""

from __future__ import annotations

from rules_py.widgets._widget import Widget

WIDGETS: tuple[Widget, ...] = ()
