"""The Peupfudge Play page at the table, on a phone: two characters, a roll from an ability
row, a status ticked by its boxes and XP stepped in Edit mode, the action roller taking L
from the sheet, and a reload offline where all of it was kept (issue 17, "Done means");
the sheet readers kept on the reference sheet before there were characters, adopted as
the first one; and a status removed in one tap put back with Undo, kept over a reload,
and waiting for room in a list filled meanwhile (issue 28, item 7)."""

from __future__ import annotations

import json
import math

from playwright.sync_api import Browser, FloatRect, Locator, Page, expect

from tests.browser.axe import audit_four_ways, serious, visit
from tests.browser.play import (
    PHONE,
    edit,
    kept_before,
    names,
    open_play,
    phone_context,
    play_as,
    playing,
    reloaded,
    roll_check,
    tap,
    tracked,
    two_characters,
    undo_beside,
)
from tests.browser.widgets import expect_panel, pointer_away, set_cell, wait_idle, widget
from tests.sitesrv import SiteServer

SHEET = "peupfudge-xp-panel"
ACTION = "peupfudge-action"


def energy(root_page: Page) -> str:
    """The played character's Energy now, as the status's tracked cell (Edit mode) keeps it."""
    root = widget(root_page, SHEET)
    return (
        root.locator(".rb-field--statuses .rb-row")
        .first.locator('[data-cell="current"]')
        .input_value()
    )


def energy_boxes(root: Locator) -> Locator:
    """Energy's boxes in play: one for each state above Exhausted, filled up to now."""
    return root.locator('.rb-boxes--taps[aria-label="Energy"]')


def test_two_characters_roll_track_reload_and_carry_on_offline(
    browser: Browser, server: SiteServer
) -> None:
    with phone_context(browser) as context:
        page = open_play(context, server, "peupfudge", SHEET)
        edit(widget(page, SHEET))  # the name is typed in Edit mode
        root = two_characters(page, SHEET, "character", "Kotorikh (Kurt)", "Obazana")

        rolled = roll_check(root, "ability:2")
        assert rolled.startswith("Kotorikh (Kurt): Perception (L = 4) against D = 3 on 4dF, A = -1")
        assert "L + A + R = 4 - 1" in rolled and "relative performance" in rolled
        # Energy is tapped in play: Tired's box rubbed out is Exhausted, with Undo beside it.
        boxes = energy_boxes(root)
        expect(boxes.locator(".rb-boxes__box--filled")).to_have_count(1)
        boxes.locator(".rb-boxes__box").first.click()
        expect(boxes.locator(".rb-boxes__box--filled")).to_have_count(0)
        expect_panel(root, "Exhausted (-2), from Exhausted (-2) to Rested (1)")
        expect(boxes.locator(".rb-boxes__undo")).to_contain_text("Energy: Tired (-1) → Exhausted")
        wait_idle(root)
        # The Undo puts Tired back; the box rubbed out again, Exhausted stays.
        undo_beside(root, boxes, 1)
        expect_panel(root, "Tired (-1), from Exhausted (-2) to Rested (1)")
        boxes.locator(".rb-boxes__box").first.click()
        expect(boxes.locator(".rb-boxes__box--filled")).to_have_count(0)
        expect_panel(root, "Exhausted (-2), from Exhausted (-2) to Rested (1)")
        wait_idle(root)
        # XP awarded is stepped in Edit mode, where it is shared out.
        tap(root, "award")
        left = root.locator('.rb-facts dt:text-is("Left to allocate") + dd')
        expect(left).to_have_text("1")
        # The action roller reads the character being played: Perception's L.
        action = widget(page, ACTION)
        expect_panel(action, "From Kotorikh (Kurt)'s sheet: Perception, L = 4.")

        # Obazana was made with New: as the rules start a character, not a copy of Kotorikh.
        play_as(root, "Obazana")
        assert tracked(root, "award") == 0 and energy(page) == "0"
        expect(energy_boxes(root).locator(".rb-boxes__box--filled")).to_have_count(2)

        # A reload, offline (served from the same saved copy as one online would be).
        root = reloaded(page, SHEET, offline=context)
        assert names(root) == ["Kotorikh (Kurt)", "Obazana"]
        assert playing(root) == "Obazana"
        assert roll_check(root, "ability:3").startswith(
            "Obazana: Knowledge (L = 0) against D = 3 on 4dF"
        )
        play_as(root, "Kotorikh (Kurt)")
        expect(root.locator(".rb-field--award input")).to_have_value("51")
        assert energy(page) == "-2"
        energy_boxes(root).locator(".rb-boxes__box").first.click()  # rested to Tired, offline
        expect(energy_boxes(root).locator(".rb-boxes__box--filled")).to_have_count(1)
        wait_idle(root)
        assert energy(page) == "-1"
        assert page.errors == []  # type: ignore[attr-defined]


def test_the_reference_sheets_saved_sheet_becomes_the_first_character(
    page: Page, server: SiteServer
) -> None:
    """Readers kept their abilities on the reference sheet's bare sheet, saved under that
    page's own key; the fence now has the store, which adopts them, and Play, reached by a
    link, plays them."""
    old = {
        "character": "Obazana",
        "award": 50,
        "abilities": [
            {"name": "Muscle", "level": 0, "progress": 0, "modifier": 0, "xp": 21, "bonus": 0},
            {"name": "Charisma", "level": 0, "progress": 0, "modifier": 0, "xp": 13, "bonus": 0},
        ],
    }
    kept_before(
        page, server, {"rollbook:widget:/peupfudge/reference-sheet/#rb-widget-1": json.dumps(old)}
    )
    page.goto(server.url + "peupfudge/reference-sheet/")
    root = widget(page, SHEET)
    assert names(root) == ["Obazana"] and playing(root) == "Obazana"
    expect_panel(root, "4 (+6/16)")
    wait_idle(root)

    # To the Play page by a link, as a reader goes (its roster is read from storage).
    visit(page, server.url + "peupfudge/play/")
    root = widget(page, SHEET)
    assert names(root) == ["Obazana"] and playing(root) == "Obazana"
    assert roll_check(root, "ability:0").startswith("Obazana: Muscle (L = 4) against D = ")


def apart(a: FloatRect, b: FloatRect) -> float:
    """The shortest distance between two boxes, in CSS pixels (0 when they touch)."""
    across = max(b["x"] - (a["x"] + a["width"]), a["x"] - (b["x"] + b["width"]), 0)
    down = max(b["y"] - (a["y"] + a["height"]), a["y"] - (b["y"] + b["height"]), 0)
    return float(math.hypot(across, down))


def box(locator: Locator) -> FloatRect:
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not shown"
    return found


def test_a_status_removed_in_one_tap_comes_back_with_undo_once_there_is_room(
    page: Page, server: SiteServer
) -> None:
    """Issue 28, item 7, on the Play page at 390 px, in order:
    - a status's × sits on a line of its own, one target or more away from its − and +
      (at 390 and 1280 px);
    - removing the status offers Undo where the status was, on screen, focused; axe finds
      nothing serious with the offer shown (light and dark, 390 and 1280 px);
    - Undo puts it back with its state, saved as any tap is: a reload keeps it;
    - Peupfudge keeps 8 statuses at most: a status removed, then the list filled to 8, is
      put back only once one of them goes, and the offer says so where the status was;
      the second row removed still offers its own Undo, at the list's end.
    """
    page.set_viewport_size(PHONE)
    page.goto(server.url + "peupfudge/play/")
    root = widget(page, SHEET)
    edit(root)  # a status's rows are set in Edit mode; in play its boxes are tapped
    statuses = root.locator(".rb-field--statuses")
    statuses.locator(".rb-rows__add").click()
    rows = statuses.locator(".rb-row")
    set_cell(statuses, 1, "name", "Health")
    set_cell(statuses, 1, "maximum", "5")
    set_cell(statuses, 1, "current", "3")
    expect_panel(root, "3, from 0 to 5")
    wait_idle(root)
    health = rows.nth(1)
    health.locator('.rb-step[data-step="1"]').click()
    expect(health.locator('[data-cell="current"]')).to_have_value("4")
    wait_idle(root)

    remove = health.locator(".rb-row__remove")
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 844})
        x = box(remove)
        assert x["width"] >= 44 and x["height"] >= 44, f"{width} px: × is {x}"
        for step in health.locator(".rb-step").all():
            gap = apart(box(step), x)
            assert gap >= 44, f"{width} px: × is {gap:.0f} px from {step.text_content()}"
    page.set_viewport_size(PHONE)
    health.scroll_into_view_if_needed()
    was = box(health)
    remove.click()

    expect(rows).to_have_count(1)
    removed = statuses.locator(".rb-rows__removed")
    expect(removed).to_have_text("Removed status Health. Undo")
    undo = removed.get_by_role("button", name="Undo")
    expect(undo).to_be_focused()  # the × it replaces had the focus
    shown, header = box(undo), box(page.locator(".md-header"))
    assert was["y"] <= shown["y"] < was["y"] + was["height"]  # where the tap was,
    assert header["y"] + header["height"] <= shown["y"] and shown["y"] + shown["height"] <= 844
    assert shown["height"] >= 44
    expect_panel(root, "Tired (-1), from Exhausted (-2) to Rested (1)")
    wait_idle(root)
    pointer_away(page)
    assert audit_four_ways(page, keep=serious) == []
    expect(undo).to_be_visible()  # still on offer after the audit

    undo.click()
    expect(rows).to_have_count(2)
    expect(removed).to_have_count(0)
    expect(root.locator(".rb-widget__message")).to_have_text("Status Health is back.")
    expect(rows.nth(1).locator('[data-cell="name"]')).to_be_focused()
    expect_panel(root, "4, from 0 to 5")
    wait_idle(root)

    root = reloaded(page, SHEET)
    health_boxes = root.locator('.rb-boxes--taps[aria-label="Health"]')
    expect(health_boxes.locator(".rb-boxes__box--filled")).to_have_count(4)
    health = root.locator(".rb-field--statuses .rb-row").nth(1)
    expect(health.locator('[data-cell="name"]')).to_have_value("Health")
    expect(health.locator('[data-cell="current"]')).to_have_value("4")
    expect(health.locator('[data-cell="maximum"]')).to_have_value("5")

    # A list filled meanwhile: Energy removed, the list filled up to its 8 statuses, Undo
    # waits for room.
    statuses = root.locator(".rb-field--statuses")
    rows, add = statuses.locator(".rb-row"), statuses.locator(".rb-rows__add")
    expect(rows.first.locator('[data-cell="name"]')).to_have_value("Energy")
    edit(root)  # the statuses' rows are the sheet's setup
    rows.first.locator(".rb-row__remove").click()
    removed = statuses.locator(".rb-rows__removed")
    undo = removed.first.get_by_role("button", name="Undo")
    expect(rows).to_have_count(1)  # Health, kept
    for _ in range(7):
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
