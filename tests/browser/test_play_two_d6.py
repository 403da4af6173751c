"""The 2d6 Play page at the table, on a phone: two characters, a check from a skill row
with its chance against the DC set, a wound ticked box by box, and a reload offline where
all of it was kept; the states a wound count leaves (issues 17 and 29, "Done means")."""

from __future__ import annotations

from playwright.sync_api import Browser, Locator, Page, expect

from rules_py.systems.two_d6.checks import success_chance
from rules_py.widgets._blocks import percent_of
from tests.browser.axe import ON_A_PHONE, audit_four_ways, serious
from tests.browser.play import (
    PHONE,
    boxes_ticked,
    edit,
    name_character,
    names,
    open_play,
    phone_context,
    play_as,
    playing,
    reloaded,
    roll_check,
    tick,
    tracked,
    two_characters,
    undo_beside,
)
from tests.browser.widgets import (
    TIMEOUT,
    expect_panel,
    pointer_away,
    set_field,
    wait_idle,
    widget,
)
from tests.sitesrv import SiteServer

SHEET = "2d6-builder"


def wounds(root: Locator) -> Locator:
    return root.locator('.rb-boxes--taps[aria-label="Wounds"]')


def chance(root: Locator, key: str) -> Locator:
    """The chance shown beside the row that rolls ``key``."""
    return root.locator(f'.rb-sheet__row:has(> .rb-check[data-check="{key}"]) > .rb-chance')


def take_a_wound(root: Locator) -> None:
    """Tick the leftmost empty box of the Wounds track, as a player does at the table."""
    tick(root, wounds(root))


def test_two_characters_roll_track_reload_and_carry_on_offline(
    browser: Browser, server: SiteServer
) -> None:
    with phone_context(browser) as context:
        page = open_play(context, server, "2d6", SHEET)
        edit(widget(page, SHEET))  # where the name is typed
        root = two_characters(page, SHEET, "name", "Ash", "Bryn")

        # Melee (Light) goes with AGI (Skills, Melee): +6, a combat skill, so no armour step.
        at_9, at_11 = (percent_of(success_chance(6, dc)) for dc in (9, 11))
        assert (at_9, at_11) == ("97%", "83%")
        expect(chance(root, "skill:0")).to_have_text(at_9)
        set_field(root, "check_dc", "Difficult")
        expect(chance(root, "skill:0")).to_have_text(at_11, timeout=TIMEOUT)
        rolled = roll_check(root, "skill:0")
        assert rolled.startswith("Ash: Melee (Light) +3, AGI +3 against DC 11 (Difficult)")
        # Stealth is an Agility check: the example's light armour raises it one step.
        set_field(root, "check_dc", "Average")
        wait_idle(root)
        assert roll_check(root, "skill:3").startswith(
            "Ash: Stealth +1, AGI +3 against DC 11 (Difficult): light armour raises DC 9"
        )
        take_a_wound(root)
        expect(wounds(root).locator(".rb-boxes__count")).to_have_text("5 left")
        # The Undo beside the track puts the box back; ticked again, it stays.
        undo_beside(root, wounds(root), 0)
        take_a_wound(root)

        play_as(root, "Bryn")
        assert boxes_ticked(wounds(root)) == 0
        # Bryn started afresh (New): every stat +0, no armour, 3 wounds, no skill to roll.
        expect(wounds(root).locator(".rb-boxes__box")).to_have_count(3)
        expect(root.locator('[data-check^="skill:"]')).to_have_count(0)

        # A reload, offline (served from the same saved copy as one online would be).
        root = reloaded(page, SHEET, offline=context)
        assert names(root) == ["Ash", "Bryn"] and playing(root) == "Bryn"
        assert roll_check(root, "stat:AGI").startswith("Bryn: AGI +0 against DC 9 (Average)")
        play_as(root, "Ash")
        assert boxes_ticked(wounds(root)) == 1 and tracked(root, "wounds_taken") == 1
        expect(root.locator(".rb-field--wounds_taken input")).to_have_value("1")
        take_a_wound(root)  # and ticked offline too
        assert boxes_ticked(wounds(root)) == 2
        assert page.errors == []  # type: ignore[attr-defined]


def test_use_my_sheet_takes_the_usual_stat_and_the_armour_and_the_sheet_says_dying_or_dead(
    page: Page, server: SiteServer
) -> None:
    """Issue 27, items 1, 2 and 6: Melee (Light) with AGI, the sheet's light armour on an
    Agility check, and the states a wound count leaves, ticked on the Wounds track of the
    Play page at 390 px (issue 29)."""
    page.set_viewport_size(PHONE)
    page.goto(f"{server.url}2d6/play/")
    sheet = widget(page, SHEET)
    edit(sheet)  # where the name is typed
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
        take_a_wound(sheet)
    expect_panel(sheet, "Ash is at 0 wounds: unconscious, and dying unless a DC 5")
    expect(wounds(sheet).locator(".rb-boxes__count")).to_have_text("0 left: dying")
    # At 0 the track shows one more box, for the wound that kills.
    expect(wounds(sheet).locator(".rb-boxes__box")).to_have_count(7)
    expect(chance(sheet, "save:death")).to_have_text(percent_of(success_chance(5, 5)))
    saved = roll_check(sheet, "save:death")
    assert saved.startswith("Ash: Resolve +5 against DC 5 at 0 wounds")
    rolled = roll_check(sheet, "stat:STR")
    assert "Ash is at 0 wounds: unconscious, and dying" in rolled
    pointer_away(page)
    # (The footer's offline line, absent with the service worker blocked, is audited in
    # each of its states in tests/browser/test_offline.py.)
    failures = audit_four_ways(page, keep=serious, ways=ON_A_PHONE)
    assert failures == [], f"/2d6/play/ at 0 wounds: {failures}"
    take_a_wound(sheet)
    expect_panel(sheet, "Ash is dead: a wound taken at 0 wounds kills at once")
    expect(sheet.locator(".rb-field--wounds_taken input")).to_have_value("7")
    expect(sheet.locator('.rb-field--wounds_taken input[aria-invalid="true"]')).to_have_count(0)
    assert "Ash is dead" in roll_check(sheet, "skill:2")
    assert page.errors == []  # type: ignore[attr-defined]
