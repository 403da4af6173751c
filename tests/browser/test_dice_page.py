"""The Dice page in a real browser: roll, recompute odds, navigate, no outside request."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from rules_py.views import odds_view
from tests.browser.conftest import Requests
from tests.sitesrv import SiteServer

READY = "window.rollbook && window.rollbook.state.status === 'ready'"


def roll_parts(page: Page, button_id: str) -> tuple[list[int], list[int], int]:
    """Click a roll button; return the kept dice, the dropped dice and the total shown."""
    output = page.locator(f'output[for="{button_id}"]')
    page.click(f"#{button_id}")
    expect(output.locator(".rb-total")).to_be_visible(timeout=30_000)
    kept = [int(t) for t in output.locator(".rb-part--die").all_text_contents()]
    dropped = [int(t) for t in output.locator(".rb-part--dropped").all_text_contents()]
    total = int(output.locator(".rb-total").text_content().removeprefix("= "))  # type: ignore[union-attr]
    return kept, dropped, total


def test_inline_roll_shows_the_dice_and_the_total(page: Page, server: SiteServer) -> None:
    page.goto(server.url + "dice/")
    button = page.locator("button[data-roll='3d6']")
    button_id = button.get_attribute("id")
    assert button_id
    kept, dropped, total = roll_parts(page, button_id)
    assert len(kept) == 3 and not dropped and all(1 <= d <= 6 for d in kept)
    assert total == sum(kept)
    assert page.errors == []  # type: ignore[attr-defined]


def test_keep_highest_roll_strikes_the_dropped_die(page: Page, server: SiteServer) -> None:
    page.goto(server.url + "dice/")
    button_id = page.locator("button[data-roll='3d10k2']").first.get_attribute("id")
    assert button_id
    kept, dropped, total = roll_parts(page, button_id)
    assert len(kept) == 2 and len(dropped) == 1 and min(kept) >= dropped[0]
    assert total == sum(kept)


def test_click_before_python_is_ready_shows_loading_then_result(
    context: BrowserContext, server: SiteServer
) -> None:
    gate: list[Route] = []
    context.route("**/rollbook.snapshot.gz", lambda route: gate.append(route))
    page = context.new_page()
    page.goto(server.url + "dice/")
    button_id = page.locator("button[data-roll='d20']").get_attribute("id")
    page.click(f"#{button_id}")
    output = page.locator(f'output[for="{button_id}"]')
    expect(output).to_have_text("Loading dice…")
    expect(output).to_have_class(re.compile("rb-loading"))
    page.wait_for_function("() => true")
    while not gate:
        page.wait_for_timeout(50)
    gate[0].continue_()
    expect(output.locator(".rb-total")).to_be_visible(timeout=30_000)
    assert 1 <= int(output.locator(".rb-part--die").text_content() or 0) <= 20


def test_odds_inputs_recompute_the_table_and_chart(page: Page, server: SiteServer) -> None:
    page.goto(server.url + "dice/")
    figure = page.locator("[data-odds='3d10k2+2']")
    expect(figure.locator("form")).to_be_visible()
    figure.locator("input[name=modifier]").fill("3")
    figure.locator("input[name=target]").fill("20")
    expect(figure.locator(".rb-odds__expr")).to_have_text("3d10k2+5", timeout=30_000)
    expected = odds_view("3d10k2+2", modifier=3, target=20)
    expect(figure.locator(".rb-odds__text")).to_have_text(expected["summary"])
    rows = figure.locator("tbody tr")
    expect(rows).to_have_count(len(expected["rows"]))
    first = rows.first.locator("th, td").all_text_contents()
    assert first == expected["rows"][0]["cells"]
    assert figure.locator("tr.rb-hit").count() == sum(r["hit"] for r in expected["rows"])
    assert figure.locator("rect.rb-chart__bar--hit").count() == sum(
        b["hit"] for b in expected["chart"]["bars"]
    )


def test_bad_input_says_so_and_keeps_the_table(page: Page, server: SiteServer) -> None:
    page.goto(server.url + "dice/")
    figure = page.locator("[data-odds='4dF']")
    before = figure.locator("tbody").inner_text()
    figure.locator("input[name=modifier]").fill("99999")
    expect(figure.locator(".rb-odds__status")).to_contain_text("between", timeout=30_000)
    assert figure.locator("tbody").inner_text() == before


def test_odds_inputs_survive_a_reload(page: Page, server: SiteServer) -> None:
    page.goto(server.url + "dice/")
    figure = page.locator("[data-odds='4dF']")
    figure.locator("input[name=modifier]").fill("2")
    expect(figure.locator(".rb-odds__expr")).to_have_text("4dF+2", timeout=30_000)
    page.reload()
    figure = page.locator("[data-odds='4dF']")
    expect(figure.locator("input[name=modifier]")).to_have_value("2")
    expect(figure.locator(".rb-odds__expr")).to_have_text("4dF+2", timeout=30_000)


def test_instant_navigation_keeps_one_python(page: Page, server: SiteServer) -> None:
    workers_before = server.seen.count("/assets/rollbook/worker.js")
    page.goto(server.url + "dice/")
    page.wait_for_function(READY, timeout=30_000)
    page.evaluate("window.__sameDocument = true")
    page.locator("article a[href$='authoring/']").first.click()
    page.wait_for_url("**/authoring/")
    # The address changes before the new content is swapped in: wait for the content.
    expect(page.locator("article h1")).to_contain_text("Writing rules pages")
    assert page.evaluate("window.__sameDocument === true"), "navigation reloaded the page"
    assert page.evaluate(READY)
    button_id = page.locator("button[data-roll='2d10+2']").first.get_attribute("id")
    assert button_id
    kept, _, total = roll_parts(page, button_id)
    assert total == sum(kept) + 2
    assert server.seen.count("/assets/rollbook/worker.js") == workers_before + 1


def test_two_page_loads_roll_differently(browser: Browser, server: SiteServer) -> None:
    """A memory snapshot restores Python's random state: each load must reseed."""
    sequences = []
    for _ in range(2):
        context = browser.new_context()
        page = context.new_page()
        page.goto(server.url + "dice/")
        page.wait_for_function(READY, timeout=30_000)
        button_id = page.locator("button[data-roll='d20']").get_attribute("id")
        assert button_id
        sequences.append([roll_parts(page, button_id)[2] for _ in range(8)])
        context.close()
    assert sequences[0] != sequences[1]


def test_without_javascript_every_table_and_chart_is_there(
    browser: Browser, server: SiteServer, built_site: tuple[Path, int]
) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server.url + "dice/")
    html = (built_site[0] / "dice" / "index.html").read_text()
    fences = html.count("data-odds=")
    assert fences >= 5
    expect(page.locator("[data-odds] table")).to_have_count(fences)
    expect(page.locator("[data-odds] svg rect.rb-chart__bar").first).to_be_visible()
    assert page.locator("[data-odds='2d10kh1'] tbody tr").count() == 10
    expect(page.locator("[data-odds] form").first).to_be_hidden()
    context.close()


def test_python_that_cannot_load_says_so_in_one_line(
    context: BrowserContext, server: SiteServer
) -> None:
    context.route("**/runtime/manifest.json", lambda route: route.fulfill(status=404))
    page = context.new_page()
    page.goto(server.url + "dice/")
    button_id = page.locator("button[data-roll='d20']").get_attribute("id")
    page.click(f"#{button_id}")
    output = page.locator(f'output[for="{button_id}"]')
    expect(output).to_contain_text("Dice unavailable: Python could not load", timeout=30_000)
    expect(page.locator("[data-odds] table").first).to_be_visible()
    expect(page.locator("h1")).to_contain_text("Dice notation")


def test_site_served_from_a_subpath(
    browser: Browser, built_site: tuple[Path, int], requests: Requests
) -> None:
    with SiteServer(built_site[0], prefix="/rollbook/") as sub:
        context = browser.new_context()
        context.on("request", lambda request: requests.urls.append(request.url))
        page = context.new_page()
        page.goto(sub.url + "dice/")
        button_id = page.locator("button[data-roll='d20']").get_attribute("id")
        assert button_id
        kept, _, total = roll_parts(page, button_id)
        assert total == kept[0]
        assert "/rollbook/assets/rollbook/runtime/manifest.json" in sub.seen
        context.close()
    assert requests.outside() == []


def test_phone_layout_does_not_scroll_sideways(browser: Browser, server: SiteServer) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.goto(server.url + "dice/")
    page.wait_for_function(READY, timeout=30_000)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()


def test_keyboard_rolls(page: Page, server: SiteServer) -> None:
    page.goto(server.url + "dice/")
    button = page.locator("button[data-roll='d%']")
    button.focus()
    page.keyboard.press("Enter")
    output = page.locator(f'output[for="{button.get_attribute("id")}"]')
    expect(output.locator(".rb-total")).to_be_visible(timeout=30_000)
