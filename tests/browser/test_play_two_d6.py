"""The 2d6 Play page at the table, on a phone: two characters, a check from a skill row,
a wound marked, a reload and the same again offline (issue 17, "Done means")."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

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
from tests.browser.widgets import expect_panel
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
