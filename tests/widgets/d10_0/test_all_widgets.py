"""The D10/0 System widgets as a set: registered, on the pages of their rules, refusing alike."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules_py.systems import d10_0
from rules_py.widgets import WIDGETS
from tests.widgets.d10_0.helpers import _page_fences, errors
from tests.widgets.panels import show

# --------------------------------------------------------------------------
# Registration and the pages' fences
# --------------------------------------------------------------------------

NAMES = (
    "d10-0-check",
    "d10-0-conflict",
    "d10-0-cooperation",
    "d10-0-cumulative",
    "d10-0-damage",
    "d10-0-damage-examples",
    "d10-0-burst",
    "d10-0-health",
    "d10-0-builder",
    "d10-0-action-points",
)


def test_d10_0_widgets_are_registered() -> None:
    for name in NAMES:
        assert name in WIDGETS
        assert not errors(WIDGETS[name].panel({})), name


def test_d10_0_pages_carry_every_widget_where_its_rules_are() -> None:
    where = {(page, settings["widget"]) for page, settings in _page_fences()}
    assert where >= {
        ("actions.md", "d10-0-check"),
        ("effort.md", "d10-0-conflict"),
        ("effort.md", "d10-0-cooperation"),
        ("effort.md", "d10-0-cumulative"),
        ("damage.md", "d10-0-damage"),
        ("damage.md", "d10-0-damage-examples"),
        ("bursts-and-blasts.md", "d10-0-burst"),
        ("health.md", "d10-0-health"),
        ("building-a-character.md", "d10-0-builder"),
        ("action-quota-and-timing.md", "d10-0-action-points"),
    }
    blocks = {s["block"] for _, s in _page_fences() if s["widget"] == "d10-0-burst"}
    assert blocks == {b.title for b in d10_0.BLOCKS}


@pytest.mark.parametrize(
    ("widget", "values", "field"),
    [
        ("d10-0-check", {"difficulty": "tough"}, "difficulty"),
        ("d10-0-damage", {"notation": "2D(XX)"}, "notation"),
        ("d10-0-damage", {"armour": "-10"}, "armour"),
        ("d10-0-burst", {"degree": "lots"}, "degree"),
    ],
)
def test_d10_0_refused_text_marks_its_field(
    widget: str, values: dict[str, Any], field: str
) -> None:
    panel = show(widget, **values)
    assert panel["invalid"] == [field]
    (message,) = errors(panel)
    assert re.search(r" \(The D10/0 System, [^()]+\)$", message)
