"""Asking a widget for its panel or its roll, as the page does, and picking its blocks."""

from __future__ import annotations

from typing import Any

from rules_py.widgets import answer


def show(widget: str, /, **values: Any) -> dict[str, Any]:
    """The panel ``widget`` shows for ``values``."""
    return answer(widget, "show", {"values": values})


def roll(widget: str, /, **values: Any) -> dict[str, Any]:
    """What ``widget`` rolls for ``values``."""
    return answer(widget, "roll", {"values": values})


def blocks_of(panel: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """The panel's blocks of one ``kind`` ("text", "table", ...), in order."""
    return [b for b in panel["blocks"] if b["type"] == kind]
