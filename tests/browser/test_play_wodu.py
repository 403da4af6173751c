"""The WoDu Hack Play page at the table, on a phone: two characters, a check from an
ability row with its chance against the DR set, a weapon's damage, damage ticked box by
box, the check roller taking the played character's rating, and a reload offline where
all of it was kept (issues 17 and 29, "Done means")."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, expect

from rules_py.systems import wodu
from rules_py.widgets._blocks import percent_of
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
    tick,
    two_characters,
    undo_beside,
)
from tests.browser.widgets import TIMEOUT, expect_panel, set_field, widget
from tests.sitesrv import SiteServer

SHEET = "wodu-builder"
OUTCOME = re.compile(r"(Success|Failure|Strong success|Weak success): \d+ ")


def damage_track(root: Locator) -> Locator:
    return root.locator('.rb-boxes--taps[aria-label="Damage"]')


def chance(root: Locator, key: str) -> Locator:
    """The chance shown beside the row that rolls ``key``."""
    return root.locator(f'.rb-sheet__row:has(> .rb-check[data-check="{key}"]) > .rb-chance')


def test_two_characters_roll_track_reload_and_carry_on_offline(
    browser: Browser, server: SiteServer
) -> None:
    with phone_context(browser) as context:
        page = open_play(context, server, "wodu", SHEET)
        edit(widget(page, SHEET))  # where the name is typed
        root = two_characters(page, SHEET, "name", "Wren", "Vega")

        # The DR is kept at hand above the sheet; the ability row says its chance against
        # it and rolls against it: STR +2 against DR 15 is 2d10 >= 13.
        dr_12, dr_15 = (percent_of(wodu.dr_outcomes(2, dr)["success"]) for dr in (12, 15))
        assert (dr_12, dr_15) == ("64%", "36%")
        expect(chance(root, "ability:STR")).to_have_text(dr_12)
        set_field(root, "check_dr", "15")
        expect(chance(root, "ability:STR")).to_have_text(dr_15, timeout=TIMEOUT)
        rolled = roll_check(root, "ability:STR")
        assert rolled.startswith("Wren: STR +2 against DR 15"), rolled
        assert OUTCOME.search(rolled), rolled
        rolled = roll_check(root, "weapon:0")
        assert rolled.startswith("Wren: Revolver damage, d10"), rolled
        # Damage is ticked like paper: the leftmost empty box fills. The Undo beside the
        # track puts it back; ticked again, it stays.
        tick(root, damage_track(root))
        expect(damage_track(root).locator(".rb-boxes__count")).to_have_text(
            "1 taken: 12 of 13 HP left"
        )
        undo_beside(root, damage_track(root), 0)
        tick(root, damage_track(root))

        # The check roller below takes the played character's rating, and says so.
        roller = widget(page, "wodu-check")
        set_field(roller, "sheet_ability", "DEX")
        expect_panel(roller, "From Wren's sheet: DEX +1.")
        expect(roller.locator('[data-field="ability"]')).to_have_value("1", timeout=TIMEOUT)
        play_as(root, "Vega")
        assert boxes_ticked(damage_track(root)) == 0
        # Vega started afresh (New): no weapon yet, so no damage to roll.
        expect_panel(root, "Weapons: none on the sheet.")
        expect(root.locator('[data-check^="weapon:"]')).to_have_count(0)

        # A reload, offline (served from the same saved copy as one online would be).
        root = reloaded(page, SHEET, offline=context)
        assert names(root) == ["Wren", "Vega"] and playing(root) == "Vega"
        rolled = roll_check(root, "ability:WIT")
        assert rolled.startswith("Vega: WIT +1 against DR 12"), rolled
        assert OUTCOME.search(rolled), rolled
        play_as(root, "Wren")
        assert boxes_ticked(damage_track(root)) == 1
        tick(root, damage_track(root))  # and ticked offline too
        assert boxes_ticked(damage_track(root)) == 2
        # The roller kept its choice, and reads Wren's kept sheet again.
        roller = widget(page, "wodu-check")
        expect_panel(roller, "From Wren's sheet: DEX +1.")
        expect(roller.locator('[data-field="ability"]')).to_have_value("1", timeout=TIMEOUT)
        assert page.errors == []  # type: ignore[attr-defined]
