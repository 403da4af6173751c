"""Tests for the rules_py.systems.wodu package as a whole: its tables, its imports,
its rules pages."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from rules_py.systems import wodu
from tests.systems.wodu.helpers import (
    DOCS,
)

# --------------------------------------------------------------------------
# Module properties
# --------------------------------------------------------------------------


def test_wodu_tables_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        wodu.ADVANCEMENT[1].moves = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        wodu.DIFFICULTY_RATINGS["Light"] = 8  # type: ignore[index]
    assert isinstance(wodu.ADVANCEMENT, tuple)


def test_wodu_import_does_not_import_icepool() -> None:
    code = "import sys, rules_py.systems.wodu; print('icepool' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_wodu_every_page_ends_with_the_abbreviations() -> None:
    for page in DOCS.glob("*.md"):
        last = page.read_text(encoding="utf-8").rstrip().splitlines()[-1]
        assert last == '--8<-- "includes/wodu-abbreviations.md"', page.name
