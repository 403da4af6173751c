"""The Danger World pages in a real browser: the pool roller and its advice, the odds, the sheet."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from rules_py.systems import danger_world as dw
from tests.browser.widgets import (
    TIMEOUT,
    cell_titles,
    expect_panel,
    set_field,
    wait_idle,
    widget,
)
from tests.sitesrv import SiteServer


def _faces(roller: Locator) -> list[str]:
    return roller.locator('[data-field="faces"]').input_value().split(", ")


def _act(roller: Locator, action: str) -> None:
    set_field(roller, "action", action)
    expect(roller.locator('[data-field="action"]')).to_have_value("hold", timeout=TIMEOUT)
    wait_idle(roller)


def test_roller_rolls_rerolls_two_rounds_and_advises(page: Page, server: SiteServer) -> None:
    page.goto(server.url + "danger-world/checks/")
    roller = widget(page, "danger-world-roller")
    expect_panel(roller, "No dice yet")
    set_field(roller, "threat", "1")
    expect_panel(roller, "1 threat die")
    _act(roller, "roll")
    first = _faces(roller)
    assert len(first) == 6 and first[5].startswith("T")
    expect_panel(roller, "The sets the dice offer now")
    expect(roller.locator('[data-field="first"]')).to_be_visible()
    expect(roller.locator('[data-field="second"]')).to_be_hidden()

    set_field(roller, "first", "1, 2")
    expect_panel(roller, re.compile(r"Round one: dice 1 and 2 \(showing \d and \d\) are marked"))
    _act(roller, "reroll")
    after = _faces(roller)
    assert after[2:] == first[2:]
    expect(roller.locator('[data-field="round"]')).to_have_value("1")
    expect(roller.locator('[data-field="second"]')).to_be_visible()
    expect(roller.locator('[data-field="first"]')).to_be_hidden()

    set_field(roller, "second", "6")
    expect_panel(roller, "die 6 is a threat die")
    expect(roller.locator('[data-field="second"]')).to_have_attribute("aria-invalid", "true")
    set_field(roller, "second", "3")
    expect(roller.locator('[data-field="second"]')).not_to_have_attribute(
        "aria-invalid", "true", timeout=TIMEOUT
    )
    _act(roller, "reroll")
    final = _faces(roller)
    assert final[:2] == after[:2] and final[3:] == after[3:]
    expect_panel(roller, "Both reroll rounds are used")
    expect_panel(roller, "no reroll round is left")

    # The reader's own dice: the advice for 1, 3, 3, 5, 6 at difficulty 3 keeps the 3s.
    set_field(roller, "threat", "0")
    expect(roller.locator('[data-field="faces"]')).to_have_value("", timeout=TIMEOUT)
    set_field(roller, "faces", "1, 3, 3, 5, 6")
    best = dw.keep_chance([3, 3], 5, 3, 2)
    expect_panel(roller, f"the best keep is worth {float(best) * 100:.2f}% ({best})")
    expect_panel(roller, "Keep 3 and 3 (dice 2 and 3) and reroll 1, 5 and 6 (dice 1, 4 and 5).")
    _act(roller, "advised")
    expect(roller.locator('[data-field="first"]')).to_have_value("1, 4, 5")

    page.reload()
    roller = widget(page, "danger-world-roller")
    expect(roller.locator('[data-field="faces"]')).to_have_value("1, 3, 3, 5, 6")
    expect(roller.locator('[data-field="first"]')).to_have_value("1, 4, 5")
    assert page.errors == []  # type: ignore[attr-defined]


def test_odds_widget_recomputes_exactly_for_the_readers_pool(
    page: Page, server: SiteServer
) -> None:
    page.goto(server.url + "danger-world/checks/")
    odds = widget(page, "danger-world-odds")
    set_field(odds, "dice", "12")
    set_field(odds, "difficulty", "5")
    expect_panel(odds, "12 dice at difficulty 5 (major)")
    wait_idle(odds)
    assert [Fraction(t) for t in cell_titles(odds, "5: major")] == [
        dw.success_chance(12, 5, r) for r in range(3)
    ]
    expect(odds.locator(".rb-widget__panel svg, .rb-widget__panel .rb-chart")).not_to_have_count(0)
    set_field(odds, "dice", "30")
    expect(odds.locator('[data-field="dice"]')).to_have_attribute(
        "aria-invalid", "true", timeout=TIMEOUT
    )

    table = widget(page, "danger-world-odds-table")
    set_field(table, "rerolls", "1")
    expect_panel(table, "with one reroll round played well")
    wait_idle(table)
    assert [Fraction(t) for t in cell_titles(table, "16")] == [
        dw.success_chance(16, d, 1) for d in range(2, 7)
    ]
    assert page.errors == []  # type: ignore[attr-defined]


def test_sheet_refuses_keeps_across_a_reload_exports_and_imports(
    page: Page, server: SiteServer, tmp_path: Path
) -> None:
    page.goto(server.url + "danger-world/player-characters/")
    sheet = widget(page, "danger-world-sheet")
    set_field(sheet, "name", "Ada")
    set_field(sheet, "Cool", "2")
    expect_panel(sheet, "a new PC spreads 8 dice beyond one in each stat (these stats spread 9)")
    expect(sheet.locator('[data-field="Cool"]')).to_have_attribute("aria-invalid", "true")
    set_field(sheet, "Charisma", "1")
    set_field(sheet, "Agility", "2")
    set_field(sheet, "track_bashed", "1")
    expect_panel(sheet, "A check on Agility and Speed: 4 dice and 1 threat die")
    expect(sheet.locator(".rb-panel__error")).to_have_count(0)

    page.reload()
    sheet = widget(page, "danger-world-sheet")
    expect(sheet.locator('[data-field="name"]')).to_have_value("Ada")
    expect(sheet.locator('[data-field="Cool"]')).to_have_value("2")
    expect_panel(sheet, "4 dice and 1 threat die")

    with page.expect_download() as download:
        sheet.locator(".rb-widget__export").click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert download.value.suggested_filename == "ada.json"
    assert saved["rollbook"] == "danger-world-sheet" and saved["values"]["track_bashed"] == 1

    chooser = sheet.locator(".rb-widget__import input[type=file]")
    status = sheet.locator(".rb-widget__message")
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(dict(saved, values={**saved["values"], "Strength": 4})))
    chooser.set_input_files(broken)
    expect(status).to_contain_text("breaks a rule", timeout=TIMEOUT)
    expect(sheet.locator('[data-field="Strength"]')).to_have_value("2")

    good = tmp_path / "wren.json"
    good.write_text(json.dumps(dict(saved, values={**saved["values"], "name": "Wren", "level": 8})))
    chooser.set_input_files(good)
    expect(status).to_contain_text("Imported wren.json", timeout=TIMEOUT)
    expect_panel(sheet, "Wren: danger level 8, zone 2 (6-10)")
    page.reload()
    expect(widget(page, "danger-world-sheet").locator('[data-field="name"]')).to_have_value("Wren")
    assert page.errors == []  # type: ignore[attr-defined]
