"""What the 2d6 widgets share (widgets/two_d6/_common.py): the aim field."""

from __future__ import annotations

import pytest

from rules_py.widgets import WIDGETS
from tests.widgets.two_d6.helpers import DOCS


@pytest.mark.parametrize("name", ["2d6-check", "2d6-combat", "2d6-casting"])
def test_two_d6_aim_hint_is_a_full_round_action_or_half_with_hip_shot(name: str) -> None:
    # Issue 16, item 2: the hint said "A half action".
    (aim,) = [f for f in WIDGETS[name].fields if f.name == "aim"]
    assert "half action" not in aim.hint.lower()
    assert aim.hint.startswith("Aiming takes a full-round action; the Hip Shot talent makes it a ")
    assert "half-round action" in aim.hint
    rules = (DOCS / "combat.md").read_text(encoding="utf-8")
    assert "spends a full-round action aiming" in rules and "Hip Shot" in rules
