"""The 36 rolls of 2d6, a 2d6 widget's panel read, a page's fences: for the tests beside it."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

from tests.widgets.panels import blocks_of

DOCS = Path(__file__).resolve().parents[3] / "docs" / "2d6"
ROLLS = [a + b for a, b in itertools.product(range(1, 7), repeat=2)]
AIMED = [max(x, y) for x, y in itertools.product(ROLLS, repeat=2)]


def texts(panel: dict[str, Any]) -> str:
    return " ".join(b["text"] for b in blocks_of(panel, "text"))


def facts(panel: dict[str, Any]) -> dict[str, tuple[str, str]]:
    (block,) = blocks_of(panel, "facts")
    return {item["label"]: (item["value"], item["title"]) for item in block["items"]}


def exact(panel: dict[str, Any], caption: str) -> dict[str, list[Fraction]]:
    """Each row's header mapped to its cells' exact fractions (titles; blanks left out)."""
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"].startswith(caption)]
    return {row["cells"][0]: [Fraction(t) for t in row["titles"][1:] if t] for row in block["rows"]}


def rows_of(panel: dict[str, Any]) -> list[dict[str, Any]]:
    """Every row of the panel's sheet checks (stats, skills, spells, the save at 0 wounds)."""
    return [row for block in blocks_of(panel, "checks") for row in block["rows"]]


def chance(naturals: list[int], ok: Any) -> Fraction:
    return Fraction(sum(1 for n in naturals if ok(n)), len(naturals))


def fences(page: str) -> list[dict[str, Any]]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return [yaml.safe_load(body) for body in re.findall(r"```widget\n(.*?)```", text, re.S)]
