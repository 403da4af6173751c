"""Getting the dice ready: progress on a slow start, "Dice unavailable" and Retry on a failed one.

Python's start-up downloads the runtime (``pyodide.asm.wasm``, the standard library),
then either the memory snapshot or, when the snapshot cannot be used, the wheels.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

from tests.browser.widgets import TIMEOUT, widget
from tests.sitesrv import SiteServer

WASM = "**/runtime/pyodide.asm.wasm"
SNAPSHOT = "**/runtime/rollbook.snapshot.gz"
WHEEL = "**/runtime/rules_py-*.whl"
STDLIB = "**/runtime/python_stdlib.zip"


def click_roll(page: Page, expr: str = "d20") -> tuple[Locator, Locator]:
    button = page.locator(f"button[data-roll='{expr}']").first
    button.click()
    return button, page.locator(f'output[for="{button.get_attribute("id")}"]')


def expect_unavailable(page: Page, output: Locator, button: Locator) -> None:
    """The one-line failed state: the words, a Retry button, and nothing still busy."""
    expect(output).to_contain_text("Dice unavailable", timeout=TIMEOUT)
    expect(output.get_by_role("button", name="Retry")).to_be_visible()
    expect(output).not_to_contain_text("Getting the dice ready")
    expect(button).not_to_have_attribute("aria-busy", "true")
    assert page.evaluate("window.rollbook.state.status") == "failed"
    assert page.locator("[aria-busy='true']").count() == 0
    assert (output.bounding_box() or {"height": 99})["height"] < 40  # one line


@pytest.mark.parametrize("blocked", [[WASM], [STDLIB], [SNAPSHOT, WHEEL]], ids=str)
def test_a_failed_download_says_dice_unavailable_and_retry_loads_them(
    context: BrowserContext, server: SiteServer, blocked: list[str]
) -> None:
    for pattern in blocked:
        context.route(pattern, lambda route: route.abort())
    page = context.new_page()
    page.goto(server.url + "dice/")
    button, output = click_roll(page)
    expect_unavailable(page, output, button)
    # The tables built with the site are all still there.
    expect(page.locator("[data-odds] table").first).to_be_visible()
    # The connection comes back: Retry starts Python again and makes the roll asked for.
    for pattern in blocked:
        context.unroute(pattern)
    output.get_by_role("button", name="Retry").click()
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    assert 1 <= int(output.locator(".rb-part--die").text_content() or 0) <= 20
    assert page.evaluate("window.rollbook.state.status") == "ready"


def test_a_failed_snapshot_loads_python_afresh(context: BrowserContext, server: SiteServer) -> None:
    context.route(SNAPSHOT, lambda route: route.abort())
    page = context.new_page()
    page.goto(server.url + "dice/")
    _, output = click_roll(page)
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("window.rollbook.state.how") == "fresh"


def test_the_snapshot_needs_no_wheel_to_roll(context: BrowserContext, server: SiteServer) -> None:
    context.route(WHEEL, lambda route: route.abort())
    page = context.new_page()
    page.goto(server.url + "dice/")
    _, output = click_roll(page)
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("window.rollbook.state.how") == "snapshot"


def test_a_download_that_never_answers_times_out(
    context: BrowserContext, server: SiteServer
) -> None:
    held: list[Route] = []
    context.route(WASM, lambda route: held.append(route))
    context.add_init_script("window.rollbookConfig = { loadTimeout: 3000 }")
    page = context.new_page()
    page.goto(server.url + "dice/")
    button, output = click_roll(page)
    expect(output).to_contain_text("Getting the dice ready")
    expect_unavailable(page, output, button)
    assert "nothing arrived for 3 s" in page.evaluate("window.rollbook.state.error")


def test_odds_inputs_say_dice_unavailable_with_retry(
    context: BrowserContext, server: SiteServer
) -> None:
    context.route(WASM, lambda route: route.abort())
    page = context.new_page()
    page.goto(server.url + "dice/")
    figure = page.locator("[data-odds='4dF']")
    figure.locator("input[name=modifier]").fill("1")
    status = figure.locator(".rb-odds__status")
    expect(status).to_contain_text("Dice unavailable", timeout=TIMEOUT)
    context.unroute(WASM)
    status.get_by_role("button", name="Retry").click()
    expect(figure.locator(".rb-odds__expr")).to_have_text("4dF+1", timeout=TIMEOUT)
    expect(status).to_have_text("")


def test_the_wait_speaks_to_players_and_shows_progress(
    context: BrowserContext, server: SiteServer
) -> None:
    held: list[Route] = []
    context.route(WASM, lambda route: held.append(route))
    page = context.new_page()
    page.goto(server.url + "dice/")
    button, output = click_roll(page)
    expect(output).to_have_class(re.compile("rb-loading"))
    expect(button).to_have_attribute("aria-busy", "true")
    # The snapshot arrives while the runtime is held back: the bytes so far are shown.
    expect(output).to_have_text(
        re.compile(r"^Getting the dice ready… \d+\.\d MB$"), timeout=TIMEOUT
    )
    assert "Python" not in (output.text_content() or "")
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)


def test_a_widget_roll_button_shows_the_same_busy_state(
    context: BrowserContext, server: SiteServer
) -> None:
    held: list[Route] = []
    context.route(SNAPSHOT, lambda route: held.append(route))
    page = context.new_page()
    page.goto(server.url + "wodu/damage/")
    damage = widget(page, "wodu-damage")
    button = damage.locator(".rb-widget__roll")
    icon = button.locator(".rb-die-icon")
    expect(icon).to_be_visible()
    button.click()
    output = damage.locator(".rb-widget__rolled")
    expect(output).to_contain_text("Getting the dice ready…")
    expect(button).to_have_attribute("aria-busy", "true")
    assert icon.evaluate("i => getComputedStyle(i).animationName") == "rb-spin"
    status = damage.locator(".rb-widget__status")
    assert "Python" not in (status.text_content() or "")
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    expect(output.locator(".rb-rolled__outcome")).to_be_visible(timeout=TIMEOUT)
    expect(button).not_to_have_attribute("aria-busy", "true")
