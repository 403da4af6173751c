"""A Danger World widget shown and read, the pages' fences, a sheet's check: for the tests here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from rules_py.widgets import answer
from tests.widgets.panels import blocks_of

DOCS = Path(__file__).resolve().parents[3] / "docs" / "danger-world"


def show(widget: str, /, previous: dict[str, Any] | None = None, **values: Any) -> dict[str, Any]:
    args: dict[str, Any] = {"values": values}
    if previous is not None:
        args["previous"] = previous
    return answer(widget, "show", args)


def texts(panel: dict[str, Any]) -> str:
    return " ".join(b["text"] for b in blocks_of(panel, "text"))


def table(panel: dict[str, Any], caption: str) -> dict[str, list[str]]:
    """Each row's header mapped to its other cells."""
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"].startswith(caption)]
    return {row["cells"][0]: row["cells"][1:] for row in block["rows"]}


def stat_rows(panel: dict[str, Any]) -> list[dict[str, Any]]:
    """The sheet's stat rows (its ``checks`` block), in order."""
    (block,) = blocks_of(panel, "checks")
    rows: list[dict[str, Any]] = block["rows"]
    return rows


def _fences(page: str) -> list[dict[str, Any]]:
    text = (DOCS / page).read_text(encoding="utf-8")
    bodies = text.split("```widget\n")[1:]
    return [yaml.safe_load(body.split("```")[0]) for body in bodies]


ROLLER = "danger-world-roller"
SHEET = "danger-world-sheet"


FLIGHT = {
    "name": "Flight",
    "set_2": "hovering in place",
    "set_3": "",
    "set_4": "outflying a car",
    "set_5": "",
    "set_6": "",
}


def _sheet_check(values: dict[str, Any], key: str, seed: int = 7) -> dict[str, Any]:
    return answer(SHEET, "check", {"values": values, "check": key, "seed": seed})
