"""The D10/0 System, Powers: power points and the functions Need, Gain, Drain and Hold.

The examples are the guide's two powers (Marksman Focus drains 1 for Snap Shot; the
Spirit Shaman's Barrier Shield needs 3 and holds 3) worked by hand, with the readings
the Powers page states for what the guide leaves open.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_py.systems.d10_0.powers import PowerPoints, apply
from rules_py.widgets import answer
from tests.cli_io import cli_error, cli_json


def test_the_barrier_shield_needs_3_then_holds_3_and_drain_cannot_take_them() -> None:
    shaman = PowerPoints(normal=5, current=5)  # Spirit 5: Normal equal to Spirit
    need = apply(shaman, "need", 3)
    assert need.ok and need.points == shaman
    held = apply(shaman, "hold", 3).points
    assert (held.current, held.held, held.free) == (5, 3, 2)
    with pytest.raises(ValueError, match=r"Drain 3 needs 3 free power points; there are 2"):
        apply(held, "drain", 3)
    assert not apply(held, "need", 3).ok  # a second shield: only 2 free
    # The shield fails and the check keeps the points: released, all 5 free again.
    back = apply(held, "release", 3).points
    assert (back.current, back.held, back.free) == (5, 0, 5)


def test_snap_shot_drains_1_and_rest_gains_back_to_normal_only() -> None:
    marksman = PowerPoints(normal=5, current=5)  # FO 5, PE 5: their average
    after = apply(marksman, "drain", 1).points
    assert after.current == 4
    gained = apply(after, "gain", 3)
    assert gained.points.current == 5
    assert gained.said == "Gain 3: Current 4 → 5 (Current stops at Normal 5)"


@pytest.mark.parametrize(
    ("points", "function", "amount", "message"),
    [
        ((5, 5, 0), "release", 1, "Release 1: only 0 power points are held"),
        ((5, 2, 0), "hold", 3, "Hold 3 needs 3 free power points; there are 2"),
        ((5, 5, 0), "drain", 0, "The amount is a whole number from 1"),
        ((5, 5, 0), "boost", 1, "The functions are need, gain, drain, hold, release"),
    ],
)
def test_impossible_functions_are_refused_with_the_reason(
    points: tuple[int, int, int], function: str, amount: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        apply(PowerPoints(*points), function, amount)  # type: ignore[arg-type]


def test_only_current_points_can_be_held() -> None:
    with pytest.raises(ValueError, match="4 power points are held but Current is 3"):
        PowerPoints(5, 3, 4)
    with pytest.raises(ValueError, match="Current power points is a whole number from 0"):
        PowerPoints(5, -1)


def test_the_power_points_widget_applies_a_function_and_keeps_it_in_current_and_held() -> None:
    values = {"normal": 5, "current": 5, "held": 0, "function": "hold", "amount": 3}
    panel = answer(
        "d10-0-power-points", "show", {"values": values, "previous": values, "act": "apply"}
    )
    assert panel["set"] == {"current": 5, "held": 3}
    assert panel["told"] == "Hold 3: 3 held, 2 free of Current 5."
    assert panel["blocks"][0]["text"] == "Current 5 of Normal 5: 3 held, 2 free."
    too_much = answer(
        "d10-0-power-points", "show", {"values": {**values, "function": "drain", "amount": 9}}
    )
    assert too_much["disabled"] == ["apply"]
    assert (
        "Apply cannot do this: Drain 9 needs 9 free power points" in too_much["blocks"][-1]["text"]
    )
    broken = answer("d10-0-power-points", "show", {"values": {**values, "held": 6}})
    assert broken["invalid"] == ["held", "current"]


def test_calc_power_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "calc", "d10-0", "power", "normal=5", "current=5", "held=3", "need=3")
    assert data["value"] == {
        "met": False,
        "current": 5,
        "held": 3,
        "free": 2,
        "said": "Need 3: not met, 2 free of Current 5",
    }
    data = cli_json(
        capsys, "calc", "d10-0", "power", "normal=5", "current=5", "held=3", "release=3"
    )
    assert data["value"]["free"] == 5 and "met" not in data["value"]
    assert "applies one function" in cli_error(
        capsys, "calc", "d10-0", "power", "normal=5", "current=5"
    )
    assert "needs current=" in cli_error(capsys, "calc", "d10-0", "power", "normal=5", "gain=1")


def test_gain_adds_and_never_takes_current_down_to_normal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Gain "adds to current power points" (Powers, Power Points): above Normal (a power's
    own rules may put Current there) a Gain leaves Current as it is (issue 27, item 3)."""
    above = PowerPoints(normal=5, current=8)
    gained = apply(above, "gain", 1)
    assert gained.points.current == 8
    assert gained.said.startswith("Gain 1: Current stays 8, already at or above Normal 5")
    assert apply(PowerPoints(5, 5), "gain", 2).points.current == 5
    data = cli_json(capsys, "calc", "d10-0", "power", "normal=5", "current=8", "gain=1")
    assert data["value"]["current"] == 8 and data["value"]["free"] == 8
    values = {"normal": 5, "current": 8, "held": 2, "function": "gain", "amount": 1}
    panel = answer(
        "d10-0-power-points", "show", {"values": values, "previous": values, "act": "apply"}
    )
    assert panel["set"] == {"current": 8, "held": 2}


def test_the_powers_page_reads_need_and_the_gain_cap_as_the_tools_do() -> None:
    """The page's Need counts free points and its Spirit Shaman note names the cap the
    tools apply, instead of saying the site adds nothing (issue 27, item 3)."""
    page = (Path(__file__).parents[3] / "docs" / "d10-0" / "powers.md").read_text()
    assert "at least 3 free points" in page
    assert "Current 8, Gain 1, and Current\n      stays 8" in page
    assert "the site adds nothing\n    to either" not in page
    assert "stopping at Normal" in page
