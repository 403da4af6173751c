"""The Peupfudge Play page at the table, on a phone: two characters, a roll from an ability
row, XP and a status tapped, the action roller taking L from the sheet, a reload and the
same again offline (issue 17, "Done means"); and the sheet readers kept on the reference
sheet before there were characters, adopted as the first one."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page, expect

from tests.browser.play import (
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
)
from tests.browser.widgets import expect_panel, wait_idle, widget
from tests.sitesrv import SiteServer

SHEET = "peupfudge-xp-panel"
ACTION = "peupfudge-action"


def energy(root_page: Page) -> str:
    """Kotorikh's Energy now, as the status's tracked cell shows it."""
    root = widget(root_page, SHEET)
    return (
        root.locator(".rb-field--statuses .rb-row")
        .first.locator('[data-cell="current"]')
        .input_value()
    )


def test_two_characters_roll_track_reload_and_carry_on_offline(
    browser: Browser, server: SiteServer
) -> None:
    with phone_context(browser) as context:
        page = open_play(context, server, "peupfudge", SHEET)
        root = two_characters(page, SHEET, "character", "Kotorikh (Kurt)", "Obazana")

        rolled = roll_check(root, "ability:2")
        assert rolled.startswith("Kotorikh (Kurt): Perception (L = 4) against D = 3 on 4dF, A = -1")
        assert "L + A + R = 4 - 1" in rolled and "relative performance" in rolled
        tap(root, "award")
        left = root.locator('.rb-facts dt:text-is("Left to allocate") + dd')
        expect(left).to_have_text("1")
        status = root.locator(".rb-field--statuses .rb-row").first
        status.locator('.rb-step[data-step="-1"]').click()
        expect_panel(root, "Statuses: Energy -2 (from -2 to 1).")
        wait_idle(root)
        # The action roller reads the character being played: Perception's L.
        action = widget(page, ACTION)
        expect_panel(action, "From Kotorikh (Kurt)'s sheet: Perception, L = 4.")

        root = reloaded(page, SHEET)
        assert names(root) == ["Kotorikh (Kurt)", "Obazana"]
        assert playing(root) == "Kotorikh (Kurt)"
        assert tracked(root, "award") == 51 and energy(page) == "-2"
        play_as(root, "Obazana")
        assert tracked(root, "award") == 50 and energy(page) == "-1"

        root = reloaded(page, SHEET, offline=context)
        assert playing(root) == "Obazana"
        assert roll_check(root, "ability:3").startswith(
            "Obazana: Knowledge (L = 5) against D = 3 on 4dF, A = -1"
        )
        play_as(root, "Kotorikh (Kurt)")
        expect(root.locator(".rb-field--award input")).to_have_value("51")
        assert energy(page) == "-2"
        assert page.errors == []  # type: ignore[attr-defined]


def test_the_reference_sheets_saved_sheet_becomes_the_first_character(
    page: Page, server: SiteServer
) -> None:
    """Readers kept their abilities on the reference sheet's bare sheet, saved under that
    page's own key; the fence now has the store, which adopts them, and Play plays them."""
    page.goto(server.url + "peupfudge/reference-sheet/")
    old = {
        "character": "Obazana",
        "award": 50,
        "abilities": [
            {"name": "Muscle", "level": 0, "progress": 0, "modifier": 0, "xp": 21, "bonus": 0},
            {"name": "Charisma", "level": 0, "progress": 0, "modifier": 0, "xp": 13, "bonus": 0},
        ],
    }
    page.evaluate(
        "([key, values]) => { localStorage.clear(); localStorage.setItem(key, values); }",
        ["rollbook:widget:/peupfudge/reference-sheet/#rb-widget-1", json.dumps(old)],
    )
    page.reload()
    root = widget(page, SHEET)
    assert names(root) == ["Obazana"] and playing(root) == "Obazana"
    expect_panel(root, "4 (+6/16)")
    wait_idle(root)

    page.goto(server.url + "peupfudge/play/")
    root = widget(page, SHEET)
    assert names(root) == ["Obazana"] and playing(root) == "Obazana"
    assert roll_check(root, "ability:0").startswith("Obazana: Muscle (L = 4) against D = ")
