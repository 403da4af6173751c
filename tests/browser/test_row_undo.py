"""A row removed from a list (a skill, a player, a setback, a status) can be put back
(issue 28, item 7: one tap must not delete for good): every system's lists, and a list
that filled up meanwhile."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.play import edit
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


@pytest.mark.system("peupfudge")
def test_undo_waits_for_room_in_a_list_filled_meanwhile(page: Page, server: SiteServer) -> None:
    """Peupfudge keeps 8 statuses at most: a status removed, then 8 added, is put back only
    once one of them goes, and the offer says so where the status was."""
    page.goto(server.url + "peupfudge/play/")
    root = widget(page, "peupfudge-xp-panel")
    box = root.locator(".rb-field--statuses")
    rows, add = box.locator(".rb-row"), box.locator(".rb-rows__add")
    expect(rows.first.locator('[data-cell="name"]')).to_have_value("Energy")
    edit(root)  # the statuses' rows are the sheet's setup
    rows.first.locator(".rb-row__remove").click()
    removed = box.locator(".rb-rows__removed")
    undo = removed.first.get_by_role("button", name="Undo")
    for _ in range(8):
        add.click()
    expect(add).to_be_disabled()
    undo.click()
    expect(removed).to_have_text("No room for status Energy: remove another status first. Undo")
    expect(rows).to_have_count(8)
    rows.last.locator(".rb-row__remove").click()
    undo.click()
    expect(rows).to_have_count(8)
    expect(rows.first.locator('[data-cell="name"]')).to_have_value("Energy")
    expect(rows.first.locator('[data-cell="current"]')).to_have_value("-1")
    # The second row removed still offers its own Undo, at the list's end where it was.
    expect(removed).to_have_text("Removed status 8. Undo")
    wait_idle(root)
    assert page.errors == []  # type: ignore[attr-defined]
