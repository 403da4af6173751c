"""Every Danger World widget: on the page of its rules, its defaults refused nowhere."""

from __future__ import annotations

import pytest

from rules_py.widgets import WIDGETS
from rules_py.widgets._widget import refusals
from tests.widgets.danger_world.helpers import DOCS, _fences, show


def test_danger_world_fences_sit_on_the_pages_of_their_rules() -> None:
    assert [f["widget"] for f in _fences("player-characters.md")] == ["danger-world-sheet"]
    assert _fences("player-characters.md")[0]["store"] == "danger-world-character"
    names = [f["widget"] for f in _fences("checks.md")]
    assert names[:3] == ["danger-world-roller", "danger-world-odds", "danger-world-odds-table"]
    for page in DOCS.glob("*.md"):
        for fence in _fences(page.name):
            assert fence["widget"] in WIDGETS


@pytest.mark.parametrize("name", [n for n in WIDGETS if n.startswith("danger-world")])
def test_danger_world_widget_defaults_are_refused_nowhere(name: str) -> None:
    assert not refusals(show(name))
