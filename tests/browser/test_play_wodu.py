"""The WoDu Hack Play page at the table, on a phone: two characters, a check from an
ability row, damage tapped, a reload, the check roller taking the played character's
rating, and the same again offline (issue 17, "Done means")."""

from __future__ import annotations

import re

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
from tests.browser.widgets import TIMEOUT, expect_panel, set_field, widget
from tests.sitesrv import SiteServer

SHEET = "wodu-builder"
OUTCOME = re.compile(r"(Success|Failure|Strong success|Weak success): \d+ ")


def test_two_characters_roll_track_reload_and_carry_on_offline(
    browser: Browser, server: SiteServer
) -> None:
    with phone_context(browser) as context:
        page = open_play(context, server, "wodu", SHEET)
        root = two_characters(page, SHEET, "name", "Rook", "Vega")

        # The DR is kept at hand above the sheet; the ability row rolls against it.
        set_field(root, "check_dr", "15")
        rolled = roll_check(root, "ability:STR")
        assert rolled.startswith("Rook: STR +2 against DR 15"), rolled
        assert OUTCOME.search(rolled), rolled
        tap(root, "damage")
        expect_panel(root, "In play: 12 of 13 HP left; 0 of the 10 XP for Level 2.")

        root = reloaded(page, SHEET)
        assert names(root) == ["Rook", "Vega"] and playing(root) == "Rook"
        assert tracked(root, "damage") == 1
        # The check roller below takes the played character's rating, and says so.
        roller = widget(page, "wodu-check")
        set_field(roller, "sheet_ability", "DEX")
        expect_panel(roller, "From Rook's sheet: DEX +1.")
        expect(roller.locator('[data-field="ability"]')).to_have_value("1", timeout=TIMEOUT)
        play_as(root, "Vega")
        assert tracked(root, "damage") == 0

        root = reloaded(page, SHEET, offline=context)
        assert playing(root) == "Vega"
        rolled = roll_check(root, "ability:WIT")
        assert rolled.startswith("Vega: WIT +1 against DR 12"), rolled
        assert OUTCOME.search(rolled), rolled
        play_as(root, "Rook")
        expect(root.locator(".rb-field--damage input")).to_have_value("1")
        assert page.errors == []  # type: ignore[attr-defined]
