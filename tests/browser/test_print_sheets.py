"""Printable sheets: each character builder prints alone, on one page, values as text.

"Print sheet" marks the widget and the path to it, then prints; the print
stylesheet hides the site around it and the form's controls, and shows the
form's values as "Label: value" lines above Python's answer. Chromium prints the
page to a PDF here (``page.pdf()`` uses print media) and the PDF's pages are counted.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.widgets import TIMEOUT, expect_panel, set_field, wait_idle, widget
from tests.sitesrv import SiteServer

# (page, widget, name field, a character's name, a value the sheet must show as "Label: value")
BUILDERS = [
    ("wodu/character-creation/", "wodu-builder", "name", "Rook Halloway", ("Starting STR", "+2")),
    ("d10-0/building-a-character/", "d10-0-builder", "name", "Ilse Marrow", ("AG (Agility)", "6")),
    ("2d6/character-creation/", "2d6-builder", "name", "Vessa Quill", ("STR (Strength)", "2")),
    (
        "danger-world/player-characters/",
        "danger-world-sheet",
        "name",
        "Cass Dunmore",
        ("Agility", "3"),
    ),
    ("peupfudge/aptitude/", "peupfudge-xp-panel", "character", "Odo Fenwick", ("XP awarded", "0")),
]
# What a printed sheet must not show: the site's frame, navigation and any control.
CHROME = ".md-header, .md-tabs, .md-sidebar, .md-footer, nav, button, input, select, textarea"
VISIBLE = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => e.outerHTML.slice(0, 80))"""


def pages_in(pdf: bytes) -> int:
    """The number of pages of a PDF: its ``/Type /Page`` objects (not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def print_sheet(page: Page, name: str) -> None:
    """Press the widget's Print sheet with the browser's print dialog stubbed out."""
    page.evaluate("() => { window.print = () => (window.printed = (window.printed || 0) + 1); }")
    root = widget(page, name)
    root.get_by_role("button", name="Print sheet").click()
    assert page.evaluate("window.printed") == 1


@pytest.mark.parametrize(("path", "name", "field", "who", "value"), BUILDERS, ids=lambda v: v)
def test_each_builder_prints_as_one_page_of_values(
    page: Page,
    server: SiteServer,
    path: str,
    name: str,
    field: str,
    who: str,
    value: tuple[str, str],
) -> None:
    page.goto(server.url + path)
    root = widget(page, name)
    set_field(root, field, who)
    wait_idle(root)
    expect_panel(root, who)
    panel = root.locator(".rb-widget__panel").inner_text()
    print_sheet(page, name)
    page.emulate_media(media="print")

    assert page.evaluate(VISIBLE, CHROME) == []
    values = root.locator(".rb-print-values")
    expect(values).to_be_visible()
    lines = [t.replace("\n", " ").strip() for t in values.locator("dl > div").all_inner_texts()]
    label = "Character" if field == "character" else "Name"
    assert f"{label}: {who}" in lines, lines
    assert f"{value[0]}: {value[1]}" in lines, lines
    expect(root.locator(".rb-widget__panel")).to_be_visible()
    assert root.locator(".rb-widget__panel").inner_text() == panel
    # Nothing else of the page: the article holds only this widget's branch.
    article = page.locator(".md-content__inner")
    shown = article.evaluate(
        "a => [...a.querySelectorAll(':scope > *')].filter(e => e.getClientRects().length).length"
    )
    assert shown == 1
    assert page.locator("h1").evaluate("h => h.getClientRects().length") == 0

    pdf = page.pdf(format="A4", print_background=True)
    assert pdf.startswith(b"%PDF")
    assert pages_in(pdf) == 1, f"{name} prints on {pages_in(pdf)} pages"

    page.emulate_media(media="screen")
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    expect(root.locator(".rb-print-values")).to_have_count(0)
    assert page.evaluate("document.querySelectorAll('.rb-print-path, .rb-printing').length") == 0
    expect(root.locator(".rb-widget__form")).to_be_visible()


def test_the_whole_page_prints_without_share_or_print_buttons(
    page: Page, server: SiteServer
) -> None:
    """Printing the page itself (Ctrl+P) still prints it all, minus the share actions."""
    page.goto(server.url + "2d6/character-creation/")
    widget(page, "2d6-builder")
    page.emulate_media(media="print")
    expect(page.locator("h1")).to_be_visible()
    assert page.evaluate(VISIBLE, ".rb-share, .rb-print") == []
    assert pages_in(page.pdf(format="A4")) > 1


def test_print_sheet_needs_javascript(browser: Browser, server: SiteServer) -> None:
    context: BrowserContext = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(server.url + "wodu/character-creation/")
        assert page.locator("[data-widget]").count()
        assert page.get_by_role("button", name="Print sheet").count() == 0
    finally:
        context.close()


def test_only_portable_widgets_print_a_sheet(page: Page, server: SiteServer) -> None:
    page.goto(server.url + "2d6/checks/")
    root = widget(page, "2d6-check")
    expect(root.get_by_role("button", name="Share a link to these values")).to_be_visible(
        timeout=TIMEOUT
    )
    assert root.get_by_role("button", name="Print sheet").count() == 0
