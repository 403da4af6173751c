"""The 2d10 WoDu Hack check widget (rules_py.widgets.wodu._checks), and the registry.

Every number a widget shows is checked against :mod:`rules_py.systems.wodu`;
rolls are checked against the dice they show.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_py.widgets import WIDGETS, answer
from tests.widgets.wodu.helpers import errors

# --------------------------------------------------------------------------
# The registry
# --------------------------------------------------------------------------


def test_wodu_widgets_are_registered_with_the_check() -> None:
    for name in ("wodu-check", "wodu-damage", "wodu-initiative", "wodu-builder"):
        assert name in WIDGETS
    assert WIDGETS["wodu-builder"].portable == "wodu-character"
    assert WIDGETS["wodu-builder"].roll is None
    assert WIDGETS["wodu-damage"].roll is not None
    assert WIDGETS["wodu-initiative"].roll is not None


# --------------------------------------------------------------------------
# wodu-check: Use my sheet (issue 17)
# --------------------------------------------------------------------------


def from_sheet(own: dict[str, Any], sheet: Any) -> dict[str, Any]:
    """The check's panel with the played character's saved values (None: no sheet saved)."""
    return answer("wodu-check", "show", {"values": own, "source": sheet})


@pytest.mark.parametrize(
    ("which", "rating"), [("STR", "+3"), ("DEX", "+2"), ("WIT", "+1"), ("CHA", "-1")]
)
def test_wodu_check_takes_the_picked_ability_from_the_played_character(
    which: str, rating: str
) -> None:
    rook = {"name": "Rook", "level": 4, "inc2": "STR", "inc4": "DEX"}  # ratings at Level 4
    panel = from_sheet({"use_sheet": True, "sheet_ability": which, "ability": 0}, rook)
    assert panel["blocks"][0]["text"] == f"From Rook's sheet: {which} {rating}."
    assert panel["set"] == {"ability": int(rating)}
    assert panel["taken"] == ["ability"]  # read-only while the sheet gives it
    dice = f"2d10{rating}" if rating != "+0" else "2d10"
    assert panel["blocks"][1]["text"].startswith(f"{dice} against DR 12: success ")


def test_wodu_check_by_hand_when_the_switch_is_off_or_no_sheet_is_saved() -> None:
    rook = {"name": "Rook"}
    off = from_sheet({"use_sheet": False, "ability": 4}, rook)
    assert off["set"] == {} and off["taken"] == []
    assert off["blocks"][0]["text"].startswith("2d10+4 against DR 12")
    assert "sheet_ability" in off["unused"]
    none = from_sheet({"use_sheet": True, "ability": 4}, None)
    assert none["set"] == {} and "use_sheet" in none["unused"]
    unnamed = from_sheet({"use_sheet": True, "sheet_ability": "WIT"}, {"name": ""})
    assert unnamed["blocks"][0]["text"] == "From your sheet: WIT +1."


def test_wodu_check_takes_nothing_from_a_sheet_that_breaks_a_rule() -> None:
    broken = {"name": "Vex", "start_dex": "2"}  # two +2 ratings at Level 1
    panel = from_sheet({"use_sheet": True, "ability": 1}, broken)
    assert panel["set"] == {} and panel["taken"] == []
    assert panel["blocks"][0]["text"].startswith(
        "Vex's sheet breaks a rule, so the ability rating is yours to set: At Level 1 the "
        "ratings are 2, 1, 1, -1 in any order"
    )
    assert errors(panel) == []  # the check itself still works with the rating typed in
