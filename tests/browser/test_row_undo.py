"""A row removed from a list (a skill, a player, a setback, a status) can be put back
(issue 28, item 7: one tap must not delete for good): a list of each system's widgets.
Peupfudge's statuses, and a list that filled up meanwhile, are put back on its Play page in
test_play_peupfudge.py (test_a_status_removed_in_one_tap_comes_back_with_undo_once_...)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.widgets import wait_idle, widget
from tests.sitesrv import SiteServer

CELLS = """box => [...box.querySelectorAll(':scope > .rb-rows__list > .rb-row')].map((row) =>
  [...row.querySelectorAll('[data-cell]')].map((c) => c.type === 'checkbox' ? c.checked : c.value)
)"""


def cells(rows: Locator) -> list[list[str | bool]]:
    """Every row's cells, as the list shows them."""
    found: list[list[str | bool]] = rows.evaluate(CELLS)
    return found


@pytest.mark.parametrize(
    ("path", "name", "rows"),
    [
        ("wodu/initiative/", "wodu-initiative", "players"),
        ("2d6/character-creation/", "2d6-builder", "skills"),
        ("d10-0/building-a-character/", "d10-0-builder", "skills"),
        ("danger-world/botches/", "danger-world-botches", "setbacks"),
    ],
)
def test_a_removed_row_comes_back_in_its_place_with_undo(
    page: Page, server: SiteServer, path: str, name: str, rows: str
) -> None:
    page.goto(server.url + path)
    root = widget(page, name)
    box = root.locator(f'[data-rows="{rows}"]')
    while len(cells(box)) < 2:  # a row after the one removed, to show where it comes back
        box.locator(".rb-rows__add").click()
    before = cells(box)
    label = str(box.get_attribute("data-row-label"))
    row = box.locator(".rb-row").first
    texts = row.locator('input[data-cell="name"]')
    called = texts.input_value().strip() if texts.count() else ""
    what = f"{label} {called or 1}"
    row.locator(".rb-row__remove").click()

    removed = box.locator(".rb-rows__removed")
    expect(removed).to_have_text(f"Removed {what}. Undo")
    assert cells(box) == before[1:]
    wait_idle(root)
    removed.get_by_role("button", name="Undo").click()
    expect(removed).to_have_count(0)
    expect(root.locator(".rb-widget__message")).to_have_text(
        f"{what[0].upper()}{what[1:]} is back."
    )
    assert cells(box) == before
    wait_idle(root)
    assert page.errors == []  # type: ignore[attr-defined]
