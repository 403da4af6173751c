"""What the WoDu widget tests share: reading a panel's errors, facts, sheet and
tables, and adding up a roll line."""

from __future__ import annotations

from typing import Any

from tests.widgets.panels import blocks_of


def errors(panel: dict[str, Any]) -> list[str]:
    return [b["text"] for b in blocks_of(panel, "error")]


def facts(panel: dict[str, Any]) -> dict[str, str]:
    (block,) = blocks_of(panel, "facts")
    return {item["label"]: item["value"] for item in block["items"]}


def abilities(panel: dict[str, Any]) -> dict[str, Any]:
    """A builder's rows of abilities in play (its ``checks`` block)."""
    (block,) = blocks_of(panel, "checks")
    assert "'s abilities" in block["caption"]
    return block


def sheet_of(panel: dict[str, Any]) -> dict[str, str]:
    """A builder's sheet: its facts, and each ability's rating from its rows."""
    ratings = {row["name"]: row["value"] for row in abilities(panel)["rows"]}
    return {**facts(panel), **ratings}


def table_titles(block: dict[str, Any]) -> dict[str, list[str]]:
    """Each row's header cell mapped to its cells' titles (the exact fractions)."""
    return {row["cells"][0]: row["titles"][1:] for row in block["rows"]}


def line_total(line: dict[str, Any]) -> int:
    """The total a roll line's dice and modifiers add up to (dropped dice left out)."""
    total, sign = 0, 1
    for part in line["parts"]:
        if part["kind"] == "die":
            total += sign * int(part["text"])
            sign = 1
        elif part["kind"] == "op":
            op = part["text"].replace("−", "-").split()
            sign = -1 if op[0] == "-" else 1
            if len(op) == 2:
                total += sign * int(op[1])
                sign = 1
    return total
