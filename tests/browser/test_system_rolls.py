"""Inline rolls that speak their system (issue 16, items 1, 13, 14, 15), in a real browser.

A Danger World pool shows its faces and its sets, never a total, in the page, the
roll log and a shared roll's panel; a D10/0 die is read from 0, never drawn as
"n - 1". axe finds nothing on them. (2d6 initiative, which shows each roll as its two
dice, is tested with the Combat page's other widgets in test_two_d6_page.py.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import unquote

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from rules_py.views import roll_view
from tests.browser.axe import SETTLED, WIDTHS, audit_four_ways, scheme_context, visit
from tests.browser.widgets import TIMEOUT, copy_roll_link, pointer_away
from tests.sitesrv import SiteServer


@contextmanager
def _second_reader(browser: Browser) -> Iterator[BrowserContext]:
    """A second reader, who opens a shared link: nothing saved, nothing cached."""
    context = browser.new_context(viewport={"width": 390, "height": 900})
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def fresh(browser: Browser) -> Iterator[BrowserContext]:
    """A second reader, who opens the shared link: nothing saved, nothing cached."""
    with _second_reader(browser) as context:
        yield context


def _roll(page: Page, button: Locator) -> Locator:
    """Click an inline roll button; return its output once the dice are shown."""
    output = page.locator(f'output[for="{button.get_attribute("id")}"]')
    output.evaluate("o => o.replaceChildren()")  # so that what shows next is this roll's
    button.click()
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    return output


def _shared_link(page: Page, output: Locator) -> str:
    share = output.locator("xpath=following-sibling::span[contains(@class, 'rb-roll-share')]")
    return copy_roll_link(page, share)


def _seed(link: str) -> int:
    found = re.search(r"&seed=(\d+)&", link)
    assert found, link
    return int(found.group(1))


def test_a_danger_world_pool_shows_faces_and_sets_never_a_total(
    context: BrowserContext, fresh: BrowserContext, server: SiteServer
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(server.url + "danger-world/player-characters/")
    # Item 1: the focused character's Agility 4 + Speed 4 is eight dice.
    expect(page.locator("article")).to_contain_text("rolls eight dice when Agility and Speed")
    button = page.locator("button[data-roll='8d6'][data-reading='pool']")
    expect(button).to_have_text("Agility + Speed")
    expect(button).to_be_enabled(timeout=TIMEOUT)
    title = button.get_attribute("title") or ""
    assert title.startswith("Roll 8 dice and look for sets") and "average" not in title
    output = _roll(page, button)
    faces = output.locator(".rb-part").all_text_contents()
    result = output.locator(".rb-total").text_content() or ""
    assert len(faces) == 8 and all(f in "123456" for f in faces)
    assert re.fullmatch(r"(Best set: [2-6]( \(also [2-6](, [2-6])*\))?|No set)", result), result
    assert "=" not in (output.text_content() or "")

    link = _shared_link(page, output)
    assert re.search(r"#roll=8d6&reading=pool&seed=\d+&at=\d{4}-", link), link
    expected: dict[str, Any] = roll_view("8d6", seed=_seed(link), reading="pool")
    assert faces == [p["text"] for p in expected["parts"]] and result == expected["result"]

    # The roll log: the pool in Danger World's words, the dice, the sets, no total.
    page.locator("#rb-log-button").click()
    entry = page.locator("#rb-log .rb-log__entry").first
    expect(entry.locator(".rb-log__what")).to_have_text("Danger World pool of 8 dice")
    expect(entry.locator(".rb-log__dice")).to_have_text(" ".join(f"[{f}]" for f in faces))
    expect(entry.locator(".rb-log__outcome")).to_have_text(result)
    assert entry.locator(".rb-log__total").count() == 0
    logged = entry.locator(".rb-log__link").get_attribute("href") or ""
    assert "&reading=pool&" in logged and f"&seed={_seed(link)}&" in logged

    # Whoever opens the link sees the same faces and sets, and no total.
    other = fresh.new_page()
    other.goto(link)
    line = other.get_by_role("region", name="Shared roll").locator(".rb-shared__roll")
    expect(line.locator(".rb-total")).to_have_text(result, timeout=TIMEOUT)
    assert line.locator(".rb-part").all_text_contents() == faces
    # under its page's caption, what was rolled in the system's words
    expect(line).to_contain_text("Agility + Speed (Danger World pool of 8 dice) rolled at")
    assert "=" not in (line.text_content() or "")


D10_0_DICE = (
    ("d10-0/attributes/", "d10", "0-9", 1),
    ("d10-0/skills/", "d100", "00-99", 2),
)
"""Each D10/0 page, the roll its buttons read from 0, that reading, and the dice shown."""


@pytest.mark.system("d10-0")
def test_a_d10_0_die_is_read_from_zero_never_minus_one_and_shared_so(
    context: BrowserContext, browser: Browser, server: SiteServer
) -> None:
    """On Attributes (a d10 read 0 to 9), then Skills (a d100 read 00 to 99), reached by
    a link: the button's title says so; twelve rolls each show the dice from 0, no
    operator, no "- 1", no total, "Reads" them, and are rolled anew; a second reader
    (a fresh context for each link) who opens the shared link sees the same roll, no "- 1"."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    for path, expr, reading, dice in D10_0_DICE:
        visit(page, server.url + path)
        button = page.locator(f"button[data-roll='{expr}'][data-reading='{reading}']").first
        expect(button).to_be_enabled(timeout=TIMEOUT)
        title = button.get_attribute("title") or ""
        assert reading.replace("-", " to ") in title and "- 1" not in title  # "0 to 9", "00 to 99"
        seen = set()
        for _ in range(12):
            output = _roll(page, button)
            shown = output.locator(".rb-part").all_text_contents()
            assert len(shown) == dice and all(re.fullmatch(r"[0-9]", d) for d in shown), shown
            assert output.locator(".rb-part--op").count() == 0
            text = output.text_content() or ""
            assert "- 1" not in text and "−" not in text and "=" not in text
            expect(output.locator(".rb-total")).to_have_text(f"Reads {''.join(shown)}")
            seen.add("".join(shown))
        assert len(seen) > 1, path  # rolled anew each time

        link = _shared_link(page, output)
        assert f"#roll={expr}&reading={reading}&seed=" in unquote(link), link
        expected = roll_view(expr, seed=_seed(link), reading=reading)
        with _second_reader(browser) as second:
            other = second.new_page()
            other.goto(link)
            line = other.get_by_role("region", name="Shared roll").locator(".rb-shared__roll")
            expect(line.locator(".rb-total")).to_have_text(expected["result"], timeout=TIMEOUT)
            parts = [p["text"] for p in expected["parts"]]
            assert line.locator(".rb-part").all_text_contents() == parts, path
            assert "- 1" not in (line.text_content() or "")


@pytest.mark.system("d10-0", "danger-world")
def test_axe_finds_nothing_on_rolls_read_by_their_system(
    browser: Browser, server: SiteServer
) -> None:
    """Each roll audited light and dark, at 390 and 1280 px (tests/browser/axe.py)."""
    with scheme_context(browser, "light", WIDTHS[0]) as context:
        page = context.new_page()
        for path, selector in (
            ("danger-world/player-characters/", "button[data-reading='pool']"),
            ("d10-0/actions/", "button[data-reading='00-99']"),
        ):
            visit(page, server.url + path)
            button = page.locator(selector).first
            expect(button).to_be_enabled(timeout=TIMEOUT)
            _roll(page, button)
            button.blur()  # Material's tooltip for the roll button goes with the focus...
            pointer_away(page)  # ... and with the pointer
            page.wait_for_function(SETTLED)
            assert audit_four_ways(page) == [], path
        page.goto(
            f"{server.url}danger-world/checks/#roll=5d6&reading=pool&seed=42&at=2026-11-22T20:14:00Z"
        )
        line = page.get_by_role("region", name="Shared roll").locator(".rb-shared__roll")
        expect(line.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
        page.wait_for_function(SETTLED)
        assert audit_four_ways(page) == []
