"""The D10/0 Play page at the table, on a phone: two characters, a check from a skill row
on dice read from 0 (a branch picked at its root's Roll), Health and power points ticked
in their boxes, the check and health widgets fed from the played character, and a reload
offline where all of it was kept (issues 17 and 29)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.browser.play import (
    boxes_ticked,
    edit,
    names,
    open_play,
    phone_context,
    play_as,
    playing,
    reloaded,
    roll_check,
    sheet_values,
    tap,
    tick,
    tracked,
    two_characters,
    undo_beside,
)
from tests.browser.widgets import expect_panel, set_field, wait_idle, widget
from tests.sitesrv import SiteServer

SHEET = "d10-0-builder"
# The first sheet's Pistols: Ranged Base 28 (AG 6 and PE 6 circled, FO 4) + Adjust 25,
# then Adjust 10 more; Normal Health (EN 7 + SP 4) / 2 x 10 = 55. Bryn, made with New,
# starts every attribute at 1.
PISTOLS = re.compile(r"\nAsh: Pistols 63 at difficulty 0 \(Average\)\n\n63 −\n\d\d\n= ")
AGILITY = re.compile(r"\nBryn: AG \(Agility\) 1 at difficulty 0 \(Average\)\n\n1 −\n\d\n= ")


def test_two_characters_roll_track_reload_and_carry_on_offline(
    browser: Browser, server: SiteServer
) -> None:
    with phone_context(browser) as context:
        page = open_play(context, server, "d10-0", SHEET)
        edit(widget(page, SHEET))  # where the name is typed
        root = two_characters(page, SHEET, "name", "Ash", "Bryn")
        root.locator(".rb-widget__setup > summary").click()  # back to play mode

        # Pistols is a branch of Ranged: its row's Roll offers Ranged and Pistols.
        root.locator(".rb-sheet__row", has_text="Ranged").locator(".rb-choose").click()
        rolled = roll_check(root, "skill:Pistols")
        assert PISTOLS.search(rolled), rolled  # a d100 read 00-99, shown with both digits
        health = root.locator('.rb-boxes--taps[aria-label^="Health"]')
        health.locator(".rb-boxes__box").first.click()  # Injured
        expect_panel(root, "Current Health 54 of Normal 55: Injured.")
        assert boxes_ticked(health) == 1
        focus = root.locator('.rb-boxes--taps[aria-label^="Marksman Focus"]')
        focus.locator(".rb-boxes__box").first.click()  # a power point drained
        expect_panel(root, "Current 4 of Normal 5.")
        # The Undo beside the track puts the point back; drained again, it stays.
        wait_idle(root)
        undo_beside(root, focus, 0)
        expect_panel(root, "Current 5 of Normal 5.")
        tick(root, focus)
        expect_panel(root, "Current 4 of Normal 5.")
        (focus_row,) = sheet_values(root)["powers"]  # type: ignore[misc]
        assert (focus_row["name"], str(focus_row["current"])) == ("Marksman Focus", "4")

        # The check and health widgets of the page read the character being played.
        check = widget(page, "d10-0-check")
        expect_panel(check, "From Ash's sheet: Pistols 63, a skill check on a d100 read 00-99.")
        expect(check.locator('[data-field="score"]')).to_have_value("63")
        health = widget(page, "d10-0-health")
        expect_panel(health, "From Ash's sheet: EN 7, SP 4, 0 Health Point Increases, Current")
        expect_panel(health, "Current 54 of Normal 55: Injured.")

        play_as(root, "Bryn")  # made with New: at 1s, Normal (1 + 1) / 2 x 10 = 10
        assert tracked(root, "current_health") == 10
        tap(root, "current_health", -1)  # Edit mode keeps the exact number, stepped
        expect_panel(root, "Current Health 9 of Normal 10: Injured.")

        # A reload, offline (served from the same saved copy as one online would be).
        root = reloaded(page, SHEET, offline=context)
        assert names(root) == ["Ash", "Bryn"] and playing(root) == "Bryn"
        assert tracked(root, "current_health") == 9
        agility = roll_check(root, "attribute:AG")
        assert AGILITY.search(agility), agility  # one d10 read 0-9
        play_as(root, "Ash")
        expect(root.locator(".rb-field--current_health input")).to_have_value("54")
        expect_panel(root, "Current 4 of Normal 5.")  # kept with the character
        focus = root.locator('.rb-boxes--taps[aria-label^="Marksman Focus"]')
        assert boxes_ticked(focus) == 1
        tick(root, focus)  # and drained offline too
        expect_panel(root, "Current 3 of Normal 5.")

        # Dying (issue 27, item 6): the sheet says so above its rolls and under each roll.
        edit(root)
        set_field(root, "current_health", "-1")
        expect_panel(root, "Ash is Dying (Current Health -1, below 0): out of the fight")
        dying = roll_check(root, "attribute:AG")
        assert "Ash is Dying (Current Health -1, below 0)" in dying, dying
        expect_panel(
            check, "From Ash's sheet: Pistols 63, a skill check on a d100 read 00-99. Ash is Dying"
        )
        assert page.errors == []  # type: ignore[attr-defined]
