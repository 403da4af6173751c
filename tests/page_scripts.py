"""The page layer's own constants, read from its scripts (docs/assets/rollbook/), so that a
test compares against the number the page uses instead of restating it."""

from __future__ import annotations

import re
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1] / "docs" / "assets" / "rollbook"


def exported_number(script: str, name: str) -> int:
    """The number ``script`` (a file under docs/assets/rollbook) exports as ``name``, written
    ``export const NAME = 100;`` (JavaScript's separators allowed: ``1_000_000``); an
    AssertionError unless it is exported exactly once."""
    text = (SCRIPTS / script).read_text(encoding="utf-8")
    found = re.findall(rf"export const {re.escape(name)} = (\d[\d_]*);", text)
    assert len(found) == 1, f"{script} exports {name} as a number {len(found)} times, not once"
    return int(found[0].replace("_", ""))
