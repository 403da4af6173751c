"""Reading a D10/0 widget's panel, and the pages' widget fences, for the tests beside it."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

from rules_py.widgets._widget import refusals
from tests.widgets.panels import blocks_of

DOCS = Path(__file__).resolve().parents[3] / "docs" / "d10-0"


def errors(panel: dict[str, Any]) -> list[str]:
    return refusals(panel)


def texts(panel: dict[str, Any]) -> str:
    return " ".join(b["text"] for b in blocks_of(panel, "text"))


def tracks_text(panel: dict[str, Any]) -> str:
    """What the panel's tracks (Health, power points) say in words."""
    return " ".join(b["text"] for b in blocks_of(panel, "track"))


def facts(panel: dict[str, Any]) -> dict[str, tuple[str, str]]:
    (block,) = blocks_of(panel, "facts")
    return {item["label"]: (item["value"], item["title"]) for item in block["items"]}


def table(panel: dict[str, Any], caption: str) -> dict[str, list[str]]:
    """Each row's header mapped to its other cells."""
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"].startswith(caption)]
    return {row["cells"][0]: row["cells"][1:] for row in block["rows"]}


def exact(panel: dict[str, Any], caption: str) -> dict[str, list[Fraction]]:
    """Each row's header mapped to its cells' exact fractions (titles; blanks left out)."""
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"].startswith(caption)]
    return {row["cells"][0]: [Fraction(t) for t in row["titles"][1:] if t] for row in block["rows"]}


def _page_fences() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for page in sorted(DOCS.glob("*.md")):
        for body in re.findall(r"```widget\n(.*?)```", page.read_text(), re.S):
            found.append((page.name, yaml.safe_load(body)))
    return found
