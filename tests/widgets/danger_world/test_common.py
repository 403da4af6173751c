"""What the Danger World widgets share (widgets/danger_world/_common.py): difficulties 1 and 7."""

from __future__ import annotations

import pytest

from rules_py.widgets._widget import refusals
from tests.widgets.danger_world.helpers import ROLLER, show, texts


@pytest.mark.parametrize("widget", [ROLLER, "danger-world-odds", "danger-world-sheet"])
def test_danger_world_modified_difficulties_1_and_7_come_with_the_gm_s_call(widget: str) -> None:
    one, seven = show(widget, difficulty="1"), show(widget, difficulty="7")
    assert not refusals(one) and not refusals(seven)
    assert "reads it as 2" in texts(one) and "the GM's call" in texts(one)
    assert "cannot succeed" in texts(seven) and "the GM's call" in texts(seven)
    assert "GM's call" not in texts(show(widget, difficulty="2"))
