"""What the GM's table tests share (tests/widgets/test_table.py and each system's
test_gm.py): press an action as the page does, read the kept table, find a line, and
write the link a player's Share copies."""

from __future__ import annotations

import base64
import json
from typing import Any

from rules_py.widgets._table import TABLE
from rules_py.widgets._widget import Widget, WidgetError


def pressed(gm: Widget, values: dict[str, Any], action: str, **more: Any) -> dict[str, Any]:
    """Press ``action`` of ``gm`` with ``more`` typed first; the values after it (a
    refusal raises, with the rule's message)."""
    now = {**values, **more}
    panel = gm.panel(now, now, act=action)
    errors = [b["text"] for b in panel["blocks"] if b["type"] == "error"]
    if errors:
        raise WidgetError(errors[0])
    return {**now, **panel["set"]}


def table_of(values: dict[str, Any]) -> dict[str, Any]:
    """The table the values keep, read."""
    data: dict[str, Any] = json.loads(values[TABLE])
    return data


def empty(gm: Widget) -> dict[str, Any]:
    """A table's values before anything is added."""
    return {f.name: f.default for f in gm.fields}


def line(gm: Widget, values: dict[str, Any], name: str) -> dict[str, Any]:
    """The line of the one called ``name`` at the table (a party member or an NPC)."""
    for group in (b for b in gm.panel(values)["blocks"] if b["type"] == "group"):
        for block in group["blocks"]:
            if block.get("label") == name:
                found: dict[str, Any] = block
                return found
    raise AssertionError(f"no line for {name}")


def link_to(values: dict[str, Any], section: str = "toy") -> str:
    """The link a player's Share copies from their Play page (docs/assets/rollbook/share.js)."""
    data = base64.urlsafe_b64encode(json.dumps(values).encode()).decode().rstrip("=")
    return f"https://example.org/{section}/play/#share=widget-1:{data}"
