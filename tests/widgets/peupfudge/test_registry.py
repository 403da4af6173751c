"""Peupfudge widgets: the registry and every widget's defaults,
checked against the numbers the source prints (draft of 2022-08-19)."""

from __future__ import annotations

import pytest

from rules_py.dice import reseed
from rules_py.widgets import WIDGETS
from tests.widgets.panels import roll, show

# --------------------------------------------------------------------------
# Registry and defaults
# --------------------------------------------------------------------------


def test_peupfudge_widgets_are_registered() -> None:
    names = {
        "peupfudge-action",
        "peupfudge-opposed",
        "peupfudge-xp",
        "peupfudge-xp-panel",
        "peupfudge-probability",
    }
    assert names <= set(WIDGETS)


@pytest.mark.parametrize("name", sorted(n for n in WIDGETS if n.startswith("peupfudge-")))
def test_peupfudge_widget_defaults_are_valid(name: str) -> None:
    panel = show(name)
    assert panel["invalid"] == []
    assert all(b["type"] != "error" for b in panel["blocks"])
    if WIDGETS[name].roll is not None:
        reseed(1)
        assert roll(name)["lines"]
