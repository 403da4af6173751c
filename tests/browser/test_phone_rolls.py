"""Rolls on a phone (390 px, touch): buttons that fit their tables, and no tooltip over a result."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.axe import ANIMATIONS_ENDED, NEXT_FRAMES
from tests.browser.widgets import ACTIVE_TOOLTIP, TIMEOUT, release
from tests.sitesrv import Hold, SiteServer

READY = "window.rollbook && window.rollbook.state.status === 'ready'"


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    yield context.new_page()
    context.close()


def _roll_buttons_fit_their_cells_and_the_screen(phone: Page) -> None:
    boxes = phone.evaluate(
        """() => [...document.querySelectorAll("td .rb-roll__button")].map(button => {
          const own = button.getBoundingClientRect();
          const cell = button.closest("td").getBoundingClientRect();
          const icon = button.querySelector(".rb-die-icon").getBoundingClientRect();
          return {roll: button.dataset.roll, left: own.left, right: own.right,
                  cellLeft: cell.left, cellRight: cell.right, icon: icon.width};
        })"""
    )
    assert boxes, "no roll button in a table"
    for box in boxes:
        assert box["icon"] > 0, box
        assert box["cellLeft"] <= box["left"] and box["right"] <= box["cellRight"] + 0.5, box
        assert box["left"] >= 0 and box["right"] <= 390, box


def _a_tapped_roll_leaves_no_tooltip_over_its_result(phone: Page) -> None:
    button = phone.locator("td button[data-roll='2d10kh1']")
    button.scroll_into_view_if_needed()
    button.tap()
    output = phone.locator(f'output[for="{button.get_attribute("id")}"]')
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    # Material shows a tooltip at once on focus or hover, so by the time the result is
    # drawn it would be there; once the result's flash has ended, none may be left.
    phone.evaluate(ANIMATIONS_ENDED)
    expect(phone.locator(".md-tooltip2")).to_have_count(0)
    # A second tap rolls again: the button still works after letting go of the focus.
    button.tap()
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    phone.evaluate(ANIMATIONS_ENDED)
    expect(phone.locator(".md-tooltip2")).to_have_count(0)


def _a_tapped_roll_does_not_stay_filled_as_if_hovered(phone: Page) -> None:
    """On a touch screen the last tap counts as a hover until the next: no fill for it."""
    button = phone.locator("button[data-roll='d20']").first
    button.scroll_into_view_if_needed()
    resting = button.evaluate("b => getComputedStyle(b).backgroundColor")
    button.tap()
    output = phone.locator(f'output[for="{button.get_attribute("id")}"]')
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    # Whatever the hover would fill has finished changing: the button's transitions end.
    button.evaluate("b => Promise.all(b.getAnimations().map((a) => a.finished.catch(() => null)))")
    assert button.evaluate("b => b.matches(':hover')"), "the tap should count as a hover"
    assert button.evaluate("b => getComputedStyle(b).backgroundColor") == resting


TAPS: dict[str, Callable[[Page], None]] = {
    "wodu/damage/": _a_tapped_roll_leaves_no_tooltip_over_its_result,
    "dice/": _a_tapped_roll_does_not_stay_filled_as_if_hovered,
}
"""What a tap on each page's roll leaves behind: no tooltip, no hover's fill."""


@pytest.mark.parametrize("path", sorted(TAPS))
def test_roll_buttons_fit_their_cells_and_a_tap_leaves_no_hover_behind(
    phone: Page, server: SiteServer, path: str
) -> None:
    """Every roll button in a table fits its cell and the screen; then a tap on a roll
    leaves neither a tooltip over its result nor a hover's fill."""
    phone.goto(server.url + path)
    phone.wait_for_function(READY, timeout=TIMEOUT)
    _roll_buttons_fit_their_cells_and_the_screen(phone)
    TAPS[path](phone)


@pytest.fixture
def slow_phone(browser: Browser) -> Iterator[tuple[BrowserContext, Page]]:
    """A phone whose page scripts and Python arrive late: held until released."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        service_workers="block",
    )
    yield context, context.new_page()
    context.close()


def test_a_tap_before_the_page_script_runs_is_answered_once_python_is_ready(
    slow_phone: tuple[BrowserContext, Page], server: SiteServer, hold: Callable[..., Hold]
) -> None:
    """From first paint a roll button takes a tap (issue 16, item 20): before rollbook.js
    and Python have arrived, the tap is kept, the roll says it is getting ready, and it
    is answered once they have."""
    _, phone = slow_phone
    # Held at the test server: Playwright's routes can miss what a nested worker asks for.
    held = [hold("**/assets/rollbook/rollbook.js"), hold("**/runtime/pyodide.asm.wasm.zst")]
    phone.goto(server.url + "dice/", wait_until="commit")
    button = phone.locator("button[data-roll='d20']").first
    expect(button).to_be_enabled(timeout=TIMEOUT)
    assert phone.evaluate("typeof window.rollbook") == "undefined"  # the page script is held
    # With scripting on, the button's title is its roll, never "Rolling needs JavaScript".
    title = button.get_attribute("title") or ""
    assert title.startswith("Roll d20: 1 to 20") and "JavaScript" not in title
    button.scroll_into_view_if_needed()
    button.tap()
    output = phone.locator(f'output[for="{button.get_attribute("id")}"]')
    expect(output).to_contain_text("Getting the dice ready")
    expect(button).to_have_attribute("aria-busy", "true")
    release(phone, *held, what="the page script and Pyodide's wasm to be asked")
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    assert 1 <= int(output.locator(".rb-part--die").text_content() or 0) <= 20
    expect(button).not_to_have_attribute("aria-busy", "true")
    # One tap, one roll: the roll log holds it once.
    assert phone.evaluate("JSON.parse(localStorage.getItem('rollbook:log') || '[]').length") == 1


TAPPED = (
    '[data-widget="2d6-check"] .rb-panel__table td[title]',  # an exact fraction
    '[data-widget="2d6-check"] .rb-facts dd[title]',
    "#rb-log-button",  # the header's Roll log: its panel opens, its name goes (last)
)


@pytest.mark.system("2d6")
def test_a_tap_leaves_no_tooltip_over_what_it_tapped(phone: Page, server: SiteServer) -> None:
    """Issue 16, item 25: on a touch screen a tap is no hover that stays; each of
    :data:`TAPPED` in turn."""
    phone.clock.install()  # the page's timers, to run ahead instead of waiting them out
    phone.goto(server.url + "2d6/checks/")
    phone.wait_for_function(READY, timeout=TIMEOUT)
    for target in TAPPED:
        tapped = phone.locator(target).first
        tapped.scroll_into_view_if_needed()
        tapped.tap()
        phone.clock.run_for(1000)  # past Material's 250 ms before a hovered title shows
        phone.evaluate(NEXT_FRAMES)
        expect(phone.locator(ACTIVE_TOOLTIP), target).to_have_count(0)


def test_a_mouse_still_gets_the_tooltip(page: Page, server: SiteServer) -> None:
    """Hovering with a mouse shows the exact fraction as before: only taps let go."""
    page.goto(server.url + "2d6/checks/")
    page.wait_for_function(READY, timeout=TIMEOUT)
    cell = page.locator('[data-widget="2d6-check"] .rb-panel__table td[title]').first
    fraction = cell.get_attribute("title")
    cell.hover()
    expect(page.locator(ACTIVE_TOOLTIP)).to_have_text(fraction or "", timeout=TIMEOUT)
