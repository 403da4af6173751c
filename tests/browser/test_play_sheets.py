"""The sheet at the table, in every system (issue 29): on a 390 x 844 phone with touch, a
Play page's character is a compact sheet at most 1,700 px tall in play mode; a Roll's
result shows in a panel wholly on screen, above which the row tapped stays in view; each
Roll's chance is Python's exact one for the difficulty now set; every target is 44 px; a
first visit plays the section's example, and New starts as the rules start a character;
axe finds nothing in play and Edit modes.

Each sheet's first track, ticked box by box with an Undo beside it and kept over a reload
offline, where it is ticked again, is played in that system's own test of the Play page
(test_play_wodu.py, test_play_peupfudge.py, test_play_d10_0.py, test_play_two_d6.py,
test_play_danger_world.py: test_two_characters_...), which reloads offline as well.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import read_values
from tests.browser.axe import FOUR_WAYS, ON_A_PHONE, audit_four_ways
from tests.browser.play import (
    ASKED,
    FIRST_SEEN,
    MOVED,
    PHONE,
    ROW_ROLLS,
    SMALL_TARGETS,
    another_difficulty,
    chances_shown,
    open_sheet,
    play_height,
    result_off_screen,
    roll_row,
    roster,
    sheet_values,
)
from tests.browser.widgets import ACTIVE_TOOLTIP, TIMEOUT, pointer_away, set_field, wait_idle
from tests.site_config import section_of_parameter
from tests.sitesrv import SiteServer

ROOT = Path(__file__).resolve().parents[2]
PLAY_PAGES = sorted(p.parent.name for p in (ROOT / "docs").glob("*/play.md"))

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
    """A fresh phone with a touch screen, 390 x 844. Its service worker is blocked, as
    the ``context`` fixture's is: nothing here goes offline, and saving the site would
    only compete with the test for the machine."""
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block"
    )
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
def test_a_first_visit_plays_the_example_on_a_compact_sheet_with_exact_chances(
    touch: BrowserContext, server: SiteServer, sheet: str
) -> None:
    """A player's first visit on a phone, in order:
    - the section's example is played, and says so;
    - each Roll shows Python's exact chance for the difficulty set;
    - the sheet in play mode fits (at most 1,700 px, every target 44 px), and a Roll's
      result shows wholly on screen with the row tapped in view, at the top, middle and
      bottom of the sheet, and on a laptop too; closing the result hides it;
    - another difficulty changes the chances to Python's for it; a chance shows its
      exact fraction on a tap, and back;
    - New starts a character as the rules start one.
    """
    page = touch.new_page()
    root = open_sheet(page, server, sheet, section(sheet))
    widget = WIDGETS[sheet]
    defaults = json.loads(root.get_attribute("data-values") or "{}")
    example = widget.character_name(defaults, "")
    assert example, f"{sheet}'s example has no name"
    expect(roster(root).locator("option:checked")).to_have_text(f"{example} (example)")
    expect(root.locator(".rb-roster__said")).to_contain_text("example character")
    before = chances_shown(root)
    assert before == python_chances(sheet, defaults)
    assert all(chance for chance, _ in before.values()), before

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
    page.get_by_role("button", name="Close the result").click()
    page.set_viewport_size(PHONE)

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

    root.locator('[data-roster="new"]').click()
    expect(root.locator(".rb-roster__said")).to_contain_text("A new character")
    wait_idle(root)
    fresh = widget.fresh_values()
    kept, errors = read_values(widget.fields, sheet_values(root))
    assert not errors and kept == fresh
    assert fresh != defaults


WIDGET_TOPS = """() => [...document.querySelectorAll("[data-widget]")].map(
  (widget) => Math.round(widget.getBoundingClientRect().top + scrollY),
)"""
"""Where each widget on the page begins."""

ONCE = (".rb-roster", ".rb-roster__select", ".rb-backup__button", ".rb-print", ".rb-share")
"""Controls the page as built lays out and the page's script replaces: each is there once."""


@pytest.mark.parametrize("sheet", SHEETS)
def test_the_rows_stay_where_a_player_first_sees_them_as_the_page_s_scripts_start(
    touch: BrowserContext, server: SiteServer, sheet: str
) -> None:
    """The sheet's controls (the roster, the difficulty, Edit the sheet, Print sheet,
    Share) are laid out from first paint, inert, and the live ones take their places: the
    first Roll does not move when the page's scripts mount the sheet (it moved 408 to 770
    px down at 390 px when they were put in at mount), and each control is there once.

    That Roll takes a tap from first paint too: before the page's module has run, the tap
    is kept and answered once it has, and a row's choice of checks opens at once
    (start.js). It stayed disabled until then, about a second of a cold start."""
    touch.add_init_script(FIRST_SEEN)
    touch.add_init_script(ASKED)
    page = touch.new_page()
    root = open_sheet(page, server, sheet, section(sheet))
    # A first visit asks Python nothing: each widget is built answering for the page as
    # built (a roller that reads the sheet asked again at mount, ahead of any Roll tapped).
    assert page.evaluate("window.__rollbookAsked") == []
    moved = float(page.evaluate(MOVED))
    assert abs(moved) < 1, f"{sheet}'s first Roll moved {moved:.0f} px as the page started"
    assert root.locator(".rb-widget__form").get_attribute("inert") is None
    for control in ONCE:
        expect(root.locator(control)).to_have_count(1)
    expect(root.locator(".rb-roster .rb-widget__import")).to_have_text("Import")
    expect(root.locator(".rb-widget__import")).to_have_count(1)
    # Nor does any widget below it: the page as built (its module held back, as a reader
    # sees it until the module runs) lays each out where the mounted page has it. The
    # roller answers for the sheet above it as built; its "use my sheet" fields were put in
    # at mount (105-260 px on D10/0's Play page).
    built = touch.new_page()
    held: list[Route] = []
    built.route("**/assets/rollbook/rollbook.js", lambda route: held.append(route))
    built.goto(f"{server.url}{section(sheet)}/play/", wait_until="commit")
    built.wait_for_function("document.readyState !== 'loading'", timeout=TIMEOUT)  # parsed
    assert built.evaluate(WIDGET_TOPS) == page.evaluate(WIDGET_TOPS)
    assert held and built.evaluate("typeof window.rollbook") == "undefined"
    first = built.locator(f'[data-widget="{sheet}"]').locator(ROW_ROLLS).first
    expect(first).to_be_enabled()
    assert "JavaScript" not in (first.get_attribute("title") or "")
    first.tap()
    if "rb-choose" in (first.get_attribute("class") or ""):  # its choices open; one is taken
        expect(first).to_have_attribute("aria-expanded", "true")
        first = first.locator("xpath=..").locator(".rb-sheet__choice .rb-check").first
        first.tap()
    expect(first).to_have_attribute("aria-busy", "true")
    assert built.evaluate("typeof window.rollbook") == "undefined"
    for route in held:
        route.continue_()
    outcome = built.locator(".rb-widget__checks--pinned .rb-rolled__outcome")
    expect(outcome).to_be_visible(timeout=TIMEOUT)
    expect(first).not_to_have_attribute("aria-busy", "true")
    # Nor does the tap leave the Roll's tooltip over the rows once Material has mounted
    # its tooltips (tooltips.js lets go of it, as of a tap after them).
    expect(built.locator(ACTIVE_TOOLTIP)).to_have_count(0)
    # One tap, one roll.
    assert built.evaluate("JSON.parse(localStorage.getItem('rollbook:log') || '[]').length") == 1


def test_every_play_page_s_sheet_is_among_those_tested_here() -> None:
    """Each section's Play page (docs/<section>/play.md) is played and audited above and below."""
    assert sorted(section(sheet) for sheet in SHEETS) == PLAY_PAGES


@pytest.mark.parametrize("sheet", SHEETS)
def test_axe_finds_nothing_in_play_and_edit_modes(
    page: Page, server: SiteServer, sheet: str
) -> None:
    """A Play page in use: a check rolled from the sheet into the result panel and a box of
    the sheet's first track tapped, its Undo beside it, audited in play mode light and dark
    at 390 px, then with the setup unfolded (Edit mode) light and dark at 390 and 1280 px.

    Edit mode hides nothing that play mode shows (it unfolds the setup and shows the
    edit-only lines: rollbook.css), and the result panel and the Undo stay: its audit at
    1280 px audits every element of play mode at that width as well.
    """
    page.set_viewport_size(PHONE)
    root = open_sheet(page, server, sheet, section(sheet))
    roll_row(root, 0)
    track = root.locator(".rb-widget__panel .rb-boxes--taps").first
    track.locator(".rb-boxes__box").first.click()
    undo = track.locator(".rb-boxes__undo")
    expect(undo).to_contain_text("Undo", timeout=TIMEOUT)
    wait_idle(root)
    result = page.locator(".rb-widget__checks--pinned")
    expect(result).to_be_visible()
    page.evaluate("document.activeElement?.blur()")  # a focused Roll or box shows its tooltip
    pointer_away(page)
    failures = audit_four_ways(page, ways=ON_A_PHONE)
    root.locator(".rb-widget__setup > summary").click()
    pointer_away(page)
    expect(root).to_have_class(re.compile(r"\brb-widget--editing\b"))
    expect(result).to_be_visible()
    expect(undo).to_contain_text("Undo")
    failures += [f"edit mode: {f}" for f in audit_four_ways(page, ways=FOUR_WAYS)]
    assert not failures, "\n".join(failures)
