"""The roll log in a real browser: inline, widget and dice box rolls, kept across pages and reloads.

Every roll on the site is logged with its time, what was rolled, the dice, the
total and the outcome (as Python words them); the log opens from the header on
any page, copies as text, clears with Undo, follows the other tabs and speaks
new entries politely while it is open.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.browser.axe import click_through, visit
from tests.browser.widgets import MATERIAL_RAN, TIMEOUT, widget
from tests.browser.widgets import roll as roll_widget
from tests.site_config import TITLES, first_section
from tests.sitesrv import SiteServer

ENTRIES = "#rb-log .rb-log__entry"
STORED = "JSON.parse(localStorage.getItem('rollbook:log') || '[]')"


def roll_inline(page: Page, expr: str) -> int:
    """Click the first inline roll of ``expr``; return the total it shows."""
    button = page.locator(f"button[data-roll='{expr}']").first
    output = page.locator(f'output[for="{button.get_attribute("id")}"]')
    output.evaluate("o => o.replaceChildren()")  # so that the total read is this roll's
    button.click()
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    return int((output.locator(".rb-total").text_content() or "").removeprefix("= "))


def open_log(page: Page) -> Locator:
    page.locator("#rb-log-button").click()
    log = page.locator("#rb-log")
    expect(log).to_be_visible()
    return log


@pytest.mark.system("wodu", "peupfudge")
def test_rolls_from_inline_widget_and_dice_box_are_logged_across_pages_and_reload(
    page: Page, server: SiteServer
) -> None:
    page.goto(server.url + "dice/")
    total = roll_inline(page, "3d6")

    visit(page, server.url + "wodu/resolution/")  # by a link (the reload below reads the log)
    check = widget(page, "wodu-check")
    outcome = roll_widget(check).locator(".rb-rolled__outcome").text_content() or ""

    page.keyboard.press("d")
    box = page.locator("#rb-dicebox")
    expect(box).to_be_visible()
    page.locator("#rb-dicebox-expr").fill("2d10k1+2")
    page.locator("#rb-dicebox-expr").press("Enter")
    expect(box.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    box_total = int((box.locator(".rb-total").text_content() or "").removeprefix("= "))
    page.keyboard.press("Escape")

    # Another page (by instant navigation), then a reload: the log is still there.
    page.locator(".md-tabs__link", has_text="Peupfudge").click()
    page.wait_for_url(re.compile(r"/peupfudge/$"))
    page.reload()
    log = open_log(page)
    entries = page.locator(ENTRIES)
    expect(entries).to_have_count(3)
    newest, middle, oldest = (entries.nth(i) for i in range(3))
    expect(oldest.locator(".rb-log__what")).to_have_text("3d6")
    expect(oldest.locator(".rb-log__total")).to_have_text(f"= {total}")
    assert re.fullmatch(r"\[\d\] \[\d\] \[\d\]", oldest.locator(".rb-log__dice").inner_text())
    expect(middle.locator(".rb-log__what")).to_contain_text("Check (Ability rating")
    expect(middle.locator(".rb-log__outcome")).to_have_text(outcome)
    assert re.fullmatch(
        r"\[\d+\] \[\d+\]( [+−] \d+)?", middle.locator(".rb-log__dice").inner_text()
    )
    expect(newest.locator(".rb-log__what")).to_have_text("2d10k1+2")
    expect(newest.locator(".rb-log__total")).to_have_text(f"= {box_total}")
    expect(newest.locator(".rb-log__dice")).to_contain_text("dropped")
    for entry in (newest, middle, oldest):
        assert re.fullmatch(r"\d\d:\d\d:\d\d", entry.locator("time").inner_text())
        assert entry.locator("time").get_attribute("datetime")
    sources = page.evaluate(f"{STORED}.map((e) => e.source)")
    assert sources == ["inline", "widget", "dicebox"]
    expect(log.locator(".rb-log__empty")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]


REFUSE_CLIPBOARD = """() => {
  navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
  window.copied = [];
  document.addEventListener('copy', () => window.copied.push(
    document.activeElement && document.activeElement.value));
}"""
"""From now on the Clipboard API refuses (log.js asks it at each copy), and each copy the
older way is recorded with what was selected to copy."""

FILL_THE_LOG = """() => localStorage.setItem('rollbook:log', JSON.stringify(
  Array.from({ length: 200 }, (_, i) => ({ id: 'old-' + i, time: Date.now() - 1e6 + i,
    source: 'inline', what: 'd6', dice: '[1]', total: '1', outcome: '', said: '' }))))"""
"""200 rolls kept before (log.js reads what is kept at each roll)."""


def test_a_reader_works_the_log_by_keyboard_copies_shares_clears_and_keeps_it(
    context: BrowserContext, server: SiteServer
) -> None:
    """The dice page in one tab, its log used in turn as a reader does, then another page:

    - the header button: named, its shortcut in its title; Enter opens the panel, Escape
      closes it and gives the focus back (aria-expanded follows); L toggles it, but not
      while typing in Material's search;
    - a new entry is said politely (the list itself is not live);
    - Copy as text puts the log on the clipboard as text;
    - a logged roll links to its exact dice, opened in another tab;
    - a roll in that other tab is listed in the first and said there;
    - the panel stays open beside the page while the reader rolls;
    - Clear empties the log (and what is kept), Undo brings it back;
    - Copy falls back when the Clipboard API refuses, and the focus comes back to it;
    - the log keeps the last 200 rolls;
    - after instant navigation, one header button and one panel each, in Material's header
      before the search, the panel still open with every entry;
    - cleared for good: a reload finds nothing.
    """
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url[:-1])
    page = context.new_page()
    page.goto(server.url + "dice/")

    # The header button from the keyboard, before any roll.
    button = page.locator("#rb-log-button")
    assert button.get_attribute("aria-label") == "Roll log"
    assert "(L)" in (button.get_attribute("title") or "")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#rb-log")).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(page.locator("#rb-log")).to_be_hidden()
    expect(button).to_be_focused()
    expect(button).to_have_attribute("aria-expanded", "false")
    # The shortcut, not while typing in the search.
    page.keyboard.press("l")
    expect(page.locator("#rb-log")).to_be_visible()
    page.keyboard.press("l")
    expect(page.locator("#rb-log")).to_be_hidden()
    page.keyboard.press("s")  # Material opens its search
    expect(page.locator("#__search")).to_be_checked()
    page.keyboard.type("l")
    expect(page.locator("#rb-log")).to_be_hidden()
    page.keyboard.press("Escape")  # ... and closes it
    expect(page.locator("#__search")).not_to_be_checked()

    # A roll with the panel open: said politely.
    log = open_log(page)
    said = log.locator(".rb-log__said")
    assert said.get_attribute("aria-live") == "polite"
    assert log.locator(".rb-log__list").get_attribute("aria-live") is None
    first = page.locator("button[data-roll='3d6']").first
    output = page.locator(f'output[for="{first.get_attribute("id")}"]')
    total = roll_inline(page, "3d6")
    expect(said).to_have_text(f"Rolled 3d6: {total}")
    dice = output.locator(".rb-part").all_text_contents()
    shown = output.locator(".rb-total").text_content() or ""

    # Copied as text.
    log.locator(".rb-log__copy").click()
    expect(log.locator(".rb-log__status")).to_have_text("Copied 1 roll.")
    text = page.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(
        rf"\d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d  3d6: \[\d\] \[\d\] \[\d\] = {total}\n", text
    )

    # The entry's link, opened in another tab: the exact dice.
    link = page.locator(ENTRIES).first.locator("a.rb-log__link")
    expect(link).to_have_attribute("href", re.compile(r"#roll=3d6&seed=\d+&at=\d{4}-"))
    other = context.new_page()
    other.goto(link.get_attribute("href") or "")
    line = other.get_by_role("region", name="Shared roll").locator(".rb-shared__roll")
    expect(line.locator(".rb-total")).to_have_text(shown, timeout=TIMEOUT)
    assert line.locator(".rb-part").all_text_contents() == dice

    # A roll in the other tab: the first follows, and says it.
    other_total = roll_inline(other, "2d10+2")
    expect(page.locator(ENTRIES)).to_have_count(2)
    expect(page.locator(ENTRIES).first.locator(".rb-log__what")).to_have_text("2d10+2")
    expect(said).to_have_text(f"Rolled 2d10+2: {other_total}")
    other.close()

    # The panel stays open beside the page while the reader rolls; Clear, then Undo.
    roll_inline(page, "d20")
    expect(log).to_be_visible()
    expect(page.locator(ENTRIES)).to_have_count(3)
    log.locator(".rb-log__clear").click()
    expect(page.locator(ENTRIES)).to_have_count(0)
    expect(log.locator(".rb-log__empty")).to_be_visible()
    expect(log.locator(".rb-log__status")).to_contain_text("Cleared 3 rolls.")
    assert page.evaluate(STORED) == []
    log.locator(".rb-log__undo").click()
    expect(page.locator(ENTRIES)).to_have_count(3)
    expect(log.locator(".rb-log__status")).to_have_text("The rolls are back.")
    assert len(page.evaluate(STORED)) == 3

    # A Clipboard API that refuses: copied the older way, the focus given back.
    page.evaluate(REFUSE_CLIPBOARD)
    log.locator(".rb-log__copy").click()
    expect(log.locator(".rb-log__status")).to_have_text("Copied 3 rolls.")
    expect(log.locator(".rb-log__copy")).to_be_focused()  # the hidden text area gave it back
    copied = page.evaluate("window.copied")
    assert len(copied) == 1 and "d20: [" in copied[0]

    # The last 200 rolls are kept.
    page.evaluate(FILL_THE_LOG)
    roll_inline(page, "3d6")
    expect(page.locator(ENTRIES)).to_have_count(200)
    stored = page.evaluate(STORED)
    assert len(stored) == 200
    assert stored[0]["id"] == "old-1" and stored[-1]["what"] == "3d6"

    # Another page by instant navigation: one button and one panel, still open.
    tab = page.locator(".md-tabs__link", has_text=TITLES[first_section()])
    click_through(page, tab, f"{server.url}{first_section()}/")
    for selector in ("#rb-log-button", "#rb-log", "#rb-dicebox-button", "#rb-dicebox"):
        expect(page.locator(selector)).to_have_count(1)
    expect(page.locator("#rb-log")).to_be_visible()
    expect(page.locator(ENTRIES)).to_have_count(200)
    # The buttons sit in Material's header, before the search.
    order = page.evaluate(
        """() => [...document.querySelector('.md-header__inner').children]
             .map((e) => e.id || e.getAttribute('for') || '').filter(Boolean)"""
    )
    assert order.index("rb-log-button") < order.index("__search")
    assert order.index("rb-dicebox-button") < order.index("__search")

    # Cleared for good: a reload finds nothing.
    log.locator(".rb-log__clear").click()
    page.reload()
    open_log(page)
    expect(page.locator(ENTRIES)).to_have_count(0)


def test_without_javascript_there_is_no_log_button(browser: Browser, server: SiteServer) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(server.url + "dice/")
        expect(page.locator(".md-header__inner")).to_be_visible()
        expect(page.locator("#rb-log-button, #rb-dicebox-button")).to_have_count(0)
    finally:
        context.close()


@pytest.mark.system("wodu")
def test_when_storage_stops_answering_rolls_the_log_and_the_box_go_on(
    page: Page, server: SiteServer
) -> None:
    # Storage that throws (as when site data is blocked) once the page is up: Material
    # reads it unguarded as it starts, so only afterwards is a page left to test.
    page.goto(server.url + "wodu/resolution/")
    page.wait_for_function(MATERIAL_RAN, timeout=TIMEOUT)  # (once the dice are ready)
    check = widget(page, "wodu-check")
    page.evaluate(
        """Object.defineProperty(window, 'localStorage', { configurable: true,
             get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } })"""
    )
    outcome = roll_widget(check).locator(".rb-rolled__outcome").text_content() or ""
    page.keyboard.press("d")
    box = page.locator("#rb-dicebox")
    page.locator("#rb-dicebox-expr").fill("4dF")
    page.locator("#rb-dicebox-expr").press("Enter")
    expect(box.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    page.keyboard.press("Escape")
    # Nothing could be kept: the log lasts as long as the page does.
    open_log(page)
    expect(page.locator(ENTRIES)).to_have_count(2)
    expect(page.locator(ENTRIES).filter(has_text=outcome)).to_have_count(1)
    expect(page.locator(ENTRIES).filter(has_text="4dF")).to_have_count(1)
    assert page.errors == []  # type: ignore[attr-defined]
