"""What the Peupfudge widget tests share: the source's examples, the pages' fences, and
readers of a panel's blocks."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.sources import PEUPFUDGE_PROBABILITY_REFERENCE
from tests.widgets.panels import show

DOCS = Path(__file__).resolve().parents[3] / "docs" / "peupfudge"

FACES = {"−": -1, " ": 0, "+": 1}
"""How roll_parts draws a Fudge die: minus, blank, plus."""

# Appendix D Probability Reference as printed: P(NdF >= D), D = -5..5.
SOURCE_TABLE = PEUPFUDGE_PROBABILITY_REFERENCE

RACE = [
    {"name": "Gromanno", "L": 2, "A": 1},
    {"name": "Nyrv", "L": 5, "A": -1},
    {"name": "Polthova", "L": 8, "A": 0},
]
"""Example 4: Fitness and additional factors of the three racers."""

KOTORIKH = [
    {"name": "Muscle", "xp": 0},
    {"name": "Charisma", "xp": 0},
    {"name": "Perception", "xp": 19, "bonus": 7},
    {"name": "Knowledge", "xp": 31},
]
OBAZANA = [
    {"name": "Muscle", "xp": 21},
    {"name": "Charisma", "xp": 13},
    {"name": "Perception", "xp": 7},
    {"name": "Knowledge", "xp": 9},
]


def blocks(name: str, **values: Any) -> list[dict[str, Any]]:
    panel = show(name, **values)
    assert panel["invalid"] == []
    assert [b for b in panel["blocks"] if b["type"] == "error"] == []
    return panel["blocks"]


def refusal(name: str, **values: Any) -> str:
    errors = [b["text"] for b in show(name, **values)["blocks"] if b["type"] == "error"]
    assert errors, "the values should have been refused"
    return errors[0]


def of_type(found: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [b for b in found if b["type"] == kind]


def table_rows(found: list[dict[str, Any]], index: int = 0) -> dict[str, dict[str, Any]]:
    """A table's rows by their first cell: cells and titles keyed by the header (a sheet's
    last column of roll buttons has no cells: each row's ``check`` is kept instead)."""
    block = of_type(found, "table")[index]
    head = block["head"][:-1] if block["head"][-1] == "Roll" else block["head"]
    return {
        row["cells"][0]: {
            "cells": dict(zip(head, row["cells"], strict=True)),
            "titles": dict(zip(head, row["titles"], strict=True)),
            "hit": row["hit"],
            "check": row.get("check"),
        }
        for row in block["rows"]
    }


def facts_of(found: list[dict[str, Any]]) -> dict[str, str]:
    return {item["label"]: item["value"] for item in of_type(found, "facts")[0]["items"]}


def faces(line: dict[str, Any]) -> list[int]:
    """The Fudge dice a roll line shows, as numbers."""
    return [FACES[part["text"]] for part in line["parts"] if part["kind"] == "die"]


FENCE = re.compile(r"^```widget\n(.*?)^```", re.MULTILINE | re.DOTALL)


def page_fences() -> list[tuple[str, str]]:
    """Each ```widget fence on the Peupfudge pages: the page's file name and the fence's body."""
    return [
        (page.name, match.group(1))
        for page in sorted(DOCS.glob("*.md"))
        for match in FENCE.finditer(page.read_text(encoding="utf-8"))
    ]
