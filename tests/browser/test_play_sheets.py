"""The sheet at the table, in every system (issue 29): on a 390 x 844 phone with touch, a
Play page's character is a compact sheet at most 1,700 px tall in play mode; a Roll's
result shows in a panel wholly on screen, above which the row tapped stays in view; each
Roll's chance is Python's exact one for the difficulty now set; tracks are ticked box by
box with an Undo beside them, kept over a reload and offline; every target is 44 px; a
first visit plays the section's example, and New starts as the rules start a character.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import read_values
from tests.browser.axe import FOUR_WAYS, audit_four_ways
from tests.browser.play import (
    PHONE,
    ROW_ROLLS,
    SMALL_TARGETS,
    another_difficulty,
    boxes_ticked,
    chances_shown,
    open_play,
    open_sheet,
    phone_context,
    play_height,
    reloaded,
    result_off_screen,
    roll_row,
    roster,
    sheet_values,
)
from tests.browser.widgets import TIMEOUT, pointer_away, set_field, wait_idle
from tests.site_config import section_of_parameter
from tests.sitesrv import SiteServer

SHEETS = (
    "wodu-builder",
    "peupfudge-xp-panel",
    "d10-0-builder",
    "2d6-builder",
    "danger-world-sheet",
)
"""Each section's Play-page sheet (the conftest skips a section a copy leaves out)."""

MOST_PX = 1_700
"""The tallest a sheet may be in play mode at 390 px (issue 29, item 1)."""

DESKTOP = {"width": 1280, "height": 800}


def section(sheet: str) -> str:
    found = section_of_parameter(sheet)
    assert found is not None
    return found


@pytest.fixture
def touch(browser: Browser) -> Any:
    """A fresh phone with a touch screen, 390 x 844."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield context
    context.close()


def python_chances(sheet: str, values: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """What Python answers for the chance of each of the sheet's checks, given ``values``."""
    out: dict[str, tuple[str, str]] = {}
    for block in WIDGETS[sheet].panel(values)["blocks"]:
        if block["type"] != "checks":
            continue
        for row in block["rows"]:
            for check in [row] if not row.get("choices") else row["choices"]:
                exact = check["exact"] + (f"; {check['detail']}" if check["detail"] else "")
                out[check["key"]] = (check["chance"], exact if check["chance"] else "")
    return out


@pytest.mark.parametrize("sheet", SHEETS)
def test_a_sheet_in_play_mode_fits_and_rolls_on_screen(
    touch: BrowserContext, server: SiteServer, sheet: str
) -> None:
    page = touch.new_page()
    root = open_sheet(page, server, sheet, section(sheet))
    height = play_height(root)
    assert height <= MOST_PX, f"{sheet} is {height:.0f} px tall in play mode"
    small = root.evaluate(SMALL_TARGETS)
    assert not small, f"targets under 44 px: {small}"
    rows = root.locator(ROW_ROLLS).count()
    assert rows >= 3, f"{sheet} rolls {rows} values"
    for index in (0, rows // 2, rows - 1):
        row = roll_row(root, index)
        assert not result_off_screen(root, row), (index, result_off_screen(root, row))
    # The result stays until it is closed; closing hands the focus back to the Roll.
    page.get_by_role("button", name="Close the result").click()
    expect(page.locator(".rb-widget__checks--pinned")).to_be_hidden()
    # On a laptop too.
    page.set_viewport_size(DESKTOP)
    row = roll_row(root, rows - 1)
    assert not result_off_screen(root, row)


@pytest.mark.parametrize("sheet", SHEETS)
def test_each_roll_shows_pythons_exact_chance_for_the_difficulty_set(
    touch: BrowserContext, server: SiteServer, sheet: str
) -> None:
    page = touch.new_page()
    root = open_sheet(page, server, sheet, section(sheet))
    defaults = json.loads(root.get_attribute("data-values") or "{}")
    before = chances_shown(root)
    assert before == python_chances(sheet, defaults)
    assert all(chance for chance, _ in before.values()), before
    field, value = another_difficulty(sheet, defaults)
    set_field(root, field, value)
    wait_idle(root)
    after = chances_shown(root)
    assert after == python_chances(sheet, sheet_values(root))
    assert after != before, f"changing {field} changed no chance"
    # The exact fraction on demand, and back.
    chance = root.locator(".rb-sheet__row > .rb-chance").first
    shown = chance.inner_text()
    chance.click()
    expect(chance).to_have_text(chance.get_attribute("data-exact") or "")
    chance.click()
    expect(chance).to_have_text(shown)


def tick(page: Page, root: Locator) -> Locator:
    """Tap the first empty box of the sheet's first track; return the track."""
    track = root.locator(".rb-boxes--taps").first
    label = track.get_attribute("aria-label")
    ticked = boxes_ticked(track)
    track.locator(".rb-boxes__box:not(.rb-boxes__box--filled)").first.click()
    track = root.locator(f'.rb-boxes--taps[aria-label="{label}"]')
    expect(track.locator(".rb-boxes__box--filled")).to_have_count(ticked + 1, timeout=TIMEOUT)
    wait_idle(root)
    return track


@pytest.mark.parametrize("sheet", SHEETS)
def test_a_track_ticks_like_paper_with_undo_kept_over_a_reload_and_offline(
    browser: Browser, server: SiteServer, sheet: str
) -> None:
    with phone_context(browser) as context:
        page = open_play(context, server, section(sheet), sheet)
        root = reloaded(page, sheet)
        wait_idle(root)
        first = root.locator(".rb-boxes--taps").first
        ticked = boxes_ticked(first)
        track = tick(page, root)
        # The Undo is beside the track tapped, and stays until the next change.
        undo = track.locator(".rb-boxes__undo").get_by_role("button", name="Undo")
        expect(undo).to_be_visible()
        undo.click()
        expect(track.locator(".rb-boxes__box--filled")).to_have_count(ticked, timeout=TIMEOUT)
        wait_idle(root)
        track = tick(page, root)
        label = track.get_attribute("aria-label")
        root = reloaded(page, sheet)
        wait_idle(root)
        assert boxes_ticked(root.locator(f'.rb-boxes--taps[aria-label="{label}"]')) == ticked + 1
        root = reloaded(page, sheet, offline=context)
        wait_idle(root)
        assert boxes_ticked(root.locator(f'.rb-boxes--taps[aria-label="{label}"]')) == ticked + 1
        track = tick(page, root)
        assert boxes_ticked(track) == ticked + 2


@pytest.mark.parametrize("sheet", SHEETS)
def test_a_first_visit_plays_the_example_and_new_starts_afresh(
    touch: BrowserContext, server: SiteServer, sheet: str
) -> None:
    page = touch.new_page()
    root = open_sheet(page, server, sheet, section(sheet))
    widget = WIDGETS[sheet]
    example = widget.character_name(json.loads(root.get_attribute("data-values") or "{}"), "")
    assert example, f"{sheet}'s example has no name"
    expect(roster(root).locator("option:checked")).to_have_text(f"{example} (example)")
    expect(root.locator(".rb-roster__said")).to_contain_text("example character")
    root.locator('[data-roster="new"]').click()
    expect(root.locator(".rb-roster__said")).to_contain_text("A new character")
    wait_idle(root)
    fresh = widget.fresh_values()
    kept, errors = read_values(widget.fields, sheet_values(root))
    assert not errors and kept == fresh
    assert fresh != json.loads(root.get_attribute("data-values") or "{}")


@pytest.mark.parametrize("sheet", SHEETS)
def test_axe_finds_nothing_in_play_and_edit_modes(
    browser: Browser, server: SiteServer, sheet: str
) -> None:
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        root = open_sheet(page, server, sheet, section(sheet))
        roll_row(root, 0)
        page.evaluate("document.activeElement?.blur()")  # a focused Roll shows its tooltip
        pointer_away(page)
        failures = audit_four_ways(page, ways=FOUR_WAYS)
        root.locator(".rb-widget__setup > summary").click()
        pointer_away(page)
        expect(root).to_have_class(re.compile(r"\brb-widget--editing\b"))
        failures += [f"edit mode: {f}" for f in audit_four_ways(page, ways=FOUR_WAYS)]
        assert not failures, "\n".join(failures)
    finally:
        context.close()
