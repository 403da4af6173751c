"""The widget registry: a widget is found by its name, importing its system's only (issue 19)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rules_py import widgets
from rules_py.systems import SYSTEMS
from rules_py.widgets import WidgetError

# In a fresh interpreter: which systems' modules a start and a 2d6 answer import.
IMPORTED = """
import sys
import rules_py.handler
def systems():
    return sorted({m.split('.')[2] for m in sys.modules
                   if m.startswith(('rules_py.systems.', 'rules_py.widgets.', 'rules_py.readings.'))
                   and not m.split('.')[2].startswith('_')})
print(systems())
rules_py.handler.handle('{"op": "widget", "args": {"name": "2d6-check", "action": "show"}}')
print(systems())
rules_py.handler.handle('{"op": "roll", "args": {"expr": "3d6", "reading": "pool"}}')
print(systems())
"""


def test_the_worker_imports_a_system_only_when_one_of_its_widgets_is_asked_for() -> None:
    out = subprocess.run(
        [sys.executable, "-c", IMPORTED], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == ["[]", "['two_d6']", "['danger_world', 'two_d6']"]


def test_the_registry_knows_the_five_systems_by_their_sections_names() -> None:
    assert list(widgets.SYSTEM_WIDGETS) == list(SYSTEMS)
    for name, widget in widgets.WIDGETS.items():
        assert widgets.system_of(name) is not None
        assert widgets.find(name) is widget


def test_a_widget_belongs_to_the_system_with_the_longest_matching_name() -> None:
    assert widgets.system_of("d10-0-check") == "d10-0"
    assert widgets.system_of("danger-world-roller") == "danger-world"
    assert widgets.system_of("dnd-check") is None


def test_an_unknown_widget_or_system_is_refused() -> None:
    with pytest.raises(WidgetError, match="unknown widget 'dnd-check'"):
        widgets.answer("dnd-check", "show", {})
    with pytest.raises(WidgetError, match="unknown widget '2d6-nothing'"):
        widgets.answer("2d6-nothing", "show", {})
    with pytest.raises(WidgetError, match="unknown system 'dnd'"):
        widgets.system_widgets("dnd")


def test_readings_name_the_modules_they_import() -> None:
    from rules_py.readings import READINGS, _d10_0, _danger_world

    assert set(READINGS) == {_danger_world.NAME, _d10_0.ATTRIBUTE, _d10_0.SKILL}


def test_a_one_system_snapshot_warms_that_systems_widgets_only() -> None:
    warm = (
        "import sys, rules_py.snapshot as s\ns.warm_up(['2d6'])\nimport rules_py.handler\n"
        + IMPORTED.split("\n", 3)[3]
    )
    out = subprocess.run(
        [sys.executable, "-c", warm], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[0] == "['two_d6']"
