"""The 2d6 Play page at the table, on a phone: two characters, a check from a skill row,
a wound marked, a reload and the same again offline (issue 17, "Done means")."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.axe import ON_A_PHONE, audit_four_ways, serious
from tests.browser.play import (
    PHONE,
    name_character,
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
from tests.browser.widgets import expect_panel, pointer_away, set_field, widget
from tests.sitesrv import SiteServer

SHEET = "2d6-builder"


def test_two_characters_roll_track_reload_and_carry_on_offline(
    browser: Browser, server: SiteServer
) -> None:
    with phone_context(browser) as context:
        page = open_play(context, server, "2d6", SHEET)
        root = two_characters(page, SHEET, "name", "Ash", "Bryn")

        rolled = roll_check(root, "skill:0")
        # Melee (Light) goes with AGI (Skills, Melee); a combat skill, so no armour step.
        assert rolled.startswith("Ash: Melee (Light) +3, AGI +3 against DC 9 (Average)")
        # Stealth is an Agility check: the example's light armour raises it one step.
        assert roll_check(root, "skill:3").startswith(
            "Ash: Stealth +1, AGI +3 against DC 11 (Difficult): light armour raises DC 9"
        )
        tap(root, "wounds_taken")
        expect_panel(root, "In play: 5 wounds left of 6.")

        root = reloaded(page, SHEET)
        assert names(root) == ["Ash", "Bryn"] and playing(root) == "Ash"
        assert tracked(root, "wounds_taken") == 1
        play_as(root, "Bryn")
        assert tracked(root, "wounds_taken") == 0

        root = reloaded(page, SHEET, offline=context)
        assert playing(root) == "Bryn"
        assert roll_check(root, "stat:AGI").startswith("Bryn: AGI +3 against DC 11 (Difficult)")
        play_as(root, "Ash")
        expect(root.locator(".rb-field--wounds_taken input")).to_have_value("1")
        assert page.errors == []  # type: ignore[attr-defined]


def test_use_my_sheet_takes_the_usual_stat_and_the_armour_and_the_sheet_says_dying_or_dead(
    browser: Browser, server: SiteServer
) -> None:
    """Issue 27, items 1, 2 and 6: Melee (Light) with AGI, the sheet's light armour on an
    Agility check, and the states a wound count leaves, on the Play page at 390 px."""
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}2d6/play/")
        sheet = widget(page, SHEET)
        name_character(sheet, "name", "Ash")
        check = widget(page, "2d6-check")
        set_field(check, "use_sheet", True)
        set_field(check, "sheet_skill", "Melee (Light)")
        expect_panel(check, "From Ash's sheet: Melee (Light) +3, AGI +3, bonus +6")
        expect(check.locator('[data-field="bonus"]')).to_have_value("6")
        set_field(check, "sheet_skill", "Stealth")
        expect_panel(check, "From Ash's sheet: Stealth +1, AGI +3, bonus +4; in light armour.")
        expect_panel(check, "Bonus +4 against DC 11 (Difficult) (from 9 with light armour)")

        for _ in range(6):
            tap(sheet, "wounds_taken")
        expect_panel(sheet, "Ash is at 0 wounds: unconscious, and dying unless a DC 5")
        saved = roll_check(sheet, "save:death")
        assert saved.startswith("Ash: Resolve +5 against DC 5 at 0 wounds")
        rolled = roll_check(sheet, "stat:STR")
        assert "Ash is at 0 wounds: unconscious, and dying" in rolled
        pointer_away(page)
        failures = audit_four_ways(page, keep=serious, ways=ON_A_PHONE)
        assert failures == [], f"/2d6/play/ at 0 wounds: {failures}"
        tap(sheet, "wounds_taken")
        expect_panel(sheet, "Ash is dead: a wound taken at 0 wounds kills at once")
        expect(sheet.locator(".rb-field--wounds_taken input")).to_have_value("7")
        expect(sheet.locator('.rb-field--wounds_taken input[aria-invalid="true"]')).to_have_count(0)
        assert "Ash is dead" in roll_check(sheet, "skill:2")
        assert errors == []
    finally:
        context.close()
