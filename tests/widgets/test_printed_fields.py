"""What a printed sheet lists (issue 16, item 16), as the widgets' fields declare it.

A field declared ``printed=False`` is left out of a printed sheet: a field that
only drives a roll or the form, or whose value the widget's answer already shows
(each value is printed once). The fence writes ``data-print="no"`` on such a field
for docs/assets/rollbook/print.js, and each portable widget names its system and
its name field, which head the sheet.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import Text
from tests.widgets.panels import show

PORTABLE = sorted(name for name, w in WIDGETS.items() if w.portable and not w.gm)
"""The character sheets (a GM's table exports too, but heads no sheet)."""
SYSTEMS = {
    "wodu-builder": "2d10 WoDu Hack",
    "d10-0-builder": "The D10/0 System",
    "2d6-builder": "[2d6] Roleplaying System",
    "danger-world-sheet": "Danger World",
    "peupfudge-xp-panel": "Peupfudge",
}


def _printed(widget: str) -> dict[str, bool]:
    return {f.name: f.printed for f in WIDGETS[widget].fields}


def test_every_portable_widget_names_its_system_and_its_name_field() -> None:
    assert sorted(SYSTEMS) == PORTABLE
    for name in PORTABLE:
        widget = WIDGETS[name]
        assert widget.system == SYSTEMS[name]
        (field,) = [f for f in widget.fields if f.name == widget.name_field]
        assert isinstance(field, Text) and not field.printed  # it heads the sheet instead


def test_the_danger_world_sheet_leaves_out_its_check_and_the_roller_its_dice_and_flags() -> None:
    sheet = _printed("danger-world-sheet")
    assert not any(sheet[f] for f in ("check_a", "check_b", "difficulty", "starting"))
    assert not sheet["injured"]  # which stats Injured lowered: the answer's damage rows name them
    roller = _printed("danger-world-roller")
    assert not any(roller[f] for f in ("dice", "use_sheet", "advise"))
    # The odds widget shares the sheet's difficulty field, and keeps it printed.
    assert _printed("danger-world-odds")["difficulty"]


# (widget, values, a field left out, what the answer shows of it instead)
SHOWN: list[tuple[str, dict[str, Any], str, str]] = [
    ("wodu-builder", {"level": 3}, "level", "Level 3"),
    ("wodu-builder", {"start": "gritty", "level": 0}, "start", "(gritty start)"),
    ("d10-0-builder", {"skill_points": 120}, "skill_points", "100 of 120"),
    ("2d6-builder", {"stat_points": 40}, "stat_points", "of 40 spent"),
    ("2d6-builder", {"cinematics": 3}, "cinematics", "3 cinematics"),
    ("2d6-builder", {"STR": 3}, "STR", "STR (Strength) | +3"),
    ("danger-world-sheet", {"personal_sp": 7}, "personal_sp", "Story points | 7 yours"),
    ("danger-world-sheet", {"level": 12}, "level", "Danger level | 12, zone 3"),
    ("danger-world-sheet", {"track_stunned": 2}, "track_stunned", "Stunned | 2 of"),
    ("peupfudge-xp-panel", {"award": 12}, "award", "XP awarded | 12"),
]


def _text(panel: dict[str, Any]) -> str:
    """The answer's words: text blocks, facts and table rows (cells joined by " | ")."""
    out = []
    for block in panel["blocks"]:
        if block["type"] in ("text", "error"):
            out.append(block["text"])
        elif block["type"] == "facts":
            out += [f"{i['label']} | {i['value']}" for i in block["items"]]
        elif block["type"] == "table":
            out += [" | ".join(row["cells"]) for row in block["rows"]]
        elif block["type"] == "checks":
            out += [f"{row['name']} | {row['value']}" for row in block["rows"]]
        elif block["type"] == "track":
            out.append(f"{block['label']} | {block['text']}")
    return "\n".join(out)


@pytest.mark.parametrize(("widget", "values", "field", "shown"), SHOWN, ids=lambda v: str(v))
def test_a_value_left_off_the_list_is_on_the_answer(
    widget: str, values: dict[str, Any], field: str, shown: str
) -> None:
    assert not _printed(widget)[field]
    text = _text(show(widget, **values))
    assert shown in text, text


def test_the_fence_marks_the_fields_a_sheet_leaves_out(convert: Any) -> None:
    html = convert("```widget\nwidget: danger-world-sheet\n```")
    root = re.search(r'<div class="rb-widget[^"]*"[^>]*>', html)
    assert root and 'data-system="Danger World"' in root[0] and 'data-name-field="name"' in root[0]
    for f in WIDGETS["danger-world-sheet"].fields:
        tag = re.search(
            rf'<(?:label|fieldset|div) class="rb-(?:field|rows)[^"]* rb-field--{f.name}"[^>]*>',
            html,
        )
        assert tag, f.name
        assert ('data-print="no"' in tag[0]) == (not f.printed), tag[0]
    roller = convert("```widget\nwidget: danger-world-roller\n```")
    dice = re.search(r"<fieldset[^>]*data-dice=\"dice\"[^>]*>", roller)
    assert dice and 'data-print="no"' in dice[0]
