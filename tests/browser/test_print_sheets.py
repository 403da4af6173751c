"""Printable sheets: each character builder prints alone, on one page, values as text.

"Print sheet" marks the widget and the path to it, then prints; the print
stylesheet hides the site around it and the form's controls, and shows a heading
(the character's name, the system) and the form's values as "Label: value" lines
above Python's answer: only the values the answer does not show, never a field
that only drives a roll or the form (Python declares them ``printed=False``).
Chromium prints the page to a PDF here (``page.pdf()`` uses print media) and the
PDF's pages are counted. Print takes light colours whatever the scheme.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from rules_py.widgets import WIDGETS
from tests.browser.axe import SCHEMES, set_scheme, visit
from tests.browser.contrast import text_contrasts
from tests.browser.widgets import TIMEOUT, expect_panel, set_field, wait_idle, widget
from tests.sitesrv import SiteServer

# (builder's page, Play page, widget, name field, a character's name, the system named in
# the heading)
BUILDERS = [
    (
        "wodu/character-creation/",
        "wodu/play/",
        "wodu-builder",
        "name",
        "Rook Halloway",
        "2d10 WoDu Hack",
    ),
    (
        "d10-0/building-a-character/",
        "d10-0/play/",
        "d10-0-builder",
        "name",
        "Ilse Marrow",
        "The D10/0 System",
    ),
    (
        "2d6/character-creation/",
        "2d6/play/",
        "2d6-builder",
        "name",
        "Vessa Quill",
        "[2d6] Roleplaying System",
    ),
    (
        "danger-world/player-characters/",
        "danger-world/play/",
        "danger-world-sheet",
        "name",
        "Cass Dunmore",
        "Danger World",
    ),
    (
        "peupfudge/aptitude/",
        "peupfudge/play/",
        "peupfudge-xp-panel",
        "character",
        "Odo Fenwick",
        "Peupfudge",
    ),
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


def _cells(text: str, less: str = "") -> list[list[str]]:
    """A panel's text as lines of cells, blank cells and (``less``) one heading dropped."""
    lines = [[c.strip() for c in line.split("\t")] for line in text.splitlines()]
    kept = [[c for c in line if c and c != less] for line in lines]
    return [line for line in kept if line]


def printed_labels(name: str, values: dict[str, str]) -> list[str]:
    """The labels a sheet lists, as Python declares them: printed fields that apply."""
    builder = WIDGETS[name]
    unused = set(builder.panel(values)["unused"])
    return [f"{f.label}:" for f in builder.fields if f.printed and f.name not in unused]


@pytest.mark.parametrize(
    ("path", "play", "name", "field", "who", "system"), BUILDERS, ids=lambda v: v
)
def test_each_builder_and_its_play_page_print_one_light_page_headed_with_name_and_system(
    page: Page,
    server: SiteServer,
    path: str,
    play: str,
    name: str,
    field: str,
    who: str,
    system: str,
) -> None:
    """The builder's sheet printed from the light scheme, then from the dark one
    (Material's palette toggle, as a reader switches: the page as it stands when loaded
    in that scheme). Then, back in the light scheme, the section's Play page (by a link):
    its sheet prints on one A4 and one Letter page, with its tracks."""
    page.goto(server.url + path)
    root = widget(page, name)
    set_field(root, field, who)
    wait_idle(root)
    expect_panel(root, who)
    panel = root.locator(".rb-widget__panel").inner_text()
    for scheme in ("light", "dark"):
        set_scheme(page, scheme)
        assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
        _prints_as_one_light_page(page, name, field, who, system, panel, scheme)

    set_scheme(page, "light")
    visit(page, server.url + play)
    _play_page_prints_on_one_page(page, play, name, field, who, system)


def _prints_as_one_light_page(
    page: Page, name: str, field: str, who: str, system: str, panel: str, scheme: str
) -> None:
    """Print Sheet prints the widget alone (its answer ``panel`` as on screen), headed with
    ``who`` and ``system``, in light colours, on one A4 and one Letter page; then puts the
    page back as it was."""
    root = widget(page, name)
    page.evaluate("window.printed = 0")
    print_sheet(page, name)
    page.emulate_media(media="print")

    assert page.evaluate(VISIBLE, CHROME) == []
    values = root.locator(".rb-print-values")
    expect(values).to_be_visible()
    expect(values.locator(".rb-print-values__title")).to_have_text(who)
    expect(values.locator(".rb-print-values__system")).to_contain_text(system)
    # Each value once: only the fields Python prints, never a roller's or the form's own.
    labels = values.locator("dl > div > dt").all_inner_texts()
    assert labels == printed_labels(name, {field: who})
    assert not {"Name:", "Character:", "Check on:", "Difficulty:", "Use my sheet:"} & set(labels)
    expect(root.locator(".rb-widget__panel")).to_be_visible()
    # The same answer, less the column of roll buttons (the screen's, not the paper's).
    assert _cells(root.locator(".rb-widget__panel").inner_text()) == _cells(panel, less="Roll")
    # Nothing else of the page: the article holds only this widget's branch.
    article = page.locator(".md-content__inner")
    shown = article.evaluate(
        "a => [...a.querySelectorAll(':scope > *')].filter(e => e.getClientRects().length).length"
    )
    assert shown == 1
    assert page.locator("h1").evaluate("h => h.getClientRects().length") == 0
    # Light colours on paper, whatever the screen's scheme: all text at least 4.5:1.
    contrasts = text_contrasts(root)
    assert contrasts, "no text measured"
    low = [(text, ratio) for text, ratio in contrasts if ratio < 4.5]
    assert low == [], f"{name} in the {scheme} scheme prints text below 4.5:1: {low[:8]}"

    # Room to write by hand, and every track as boxes to tick; no roll button of the sheet's.
    expect(root.locator(".rb-print-notes")).to_be_visible()
    expect(root.locator(".rb-print-notes")).to_contain_text("Notes")
    for boxes in root.locator(".rb-boxes").all():  # (a tapped track prints its paper boxes)
        expect(boxes.locator(".rb-boxes__box:visible").first).to_be_visible()
    assert (
        root.locator(".rb-check-col").evaluate_all(
            "cells => cells.filter(c => c.getClientRects().length).length"
        )
        == 0
    )

    for paper in ("A4", "Letter"):
        if paper != "A4":  # Chromium's "afterprint" after the last PDF put the page back
            page.emulate_media(media="screen")
            page.evaluate("window.printed = 0")
            print_sheet(page, name)
            page.emulate_media(media="print")
        pdf = page.pdf(format=paper, print_background=True)
        assert pdf.startswith(b"%PDF")
        assert pages_in(pdf) == 1, f"{name} prints on {pages_in(pdf)} {paper} pages"

    page.emulate_media(media="screen")
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    expect(root.locator(".rb-print-values")).to_have_count(0)
    expect(root.locator(".rb-print-notes")).to_have_count(0)
    assert page.evaluate("document.querySelectorAll('.rb-print-path, .rb-printing').length") == 0
    expect(root.locator(".rb-widget__form")).to_be_visible()


@pytest.mark.system("d10-0")
def test_a_printed_sheet_lists_the_values_its_answer_does_not_show(
    page: Page, server: SiteServer
) -> None:
    """The D10/0 builder: PP earned as a line; attributes once, on their rows with their
    chances; skills only in the answer's table."""
    page.goto(server.url + "d10-0/building-a-character/")
    root = widget(page, "d10-0-builder")
    set_field(root, "AG", "7")
    wait_idle(root)
    print_sheet(page, "d10-0-builder")
    page.emulate_media(media="print")
    lines = [
        " ".join(t.split()) for t in root.locator(".rb-print-values dl > div").all_inner_texts()
    ]
    assert "Progression Points earned: 10" in lines
    assert not [line for line in lines if line.startswith("AG ")]  # printed once: on its row
    agility = root.locator(".rb-sheet__row").filter(has_text="AG")
    expect(agility.first.locator(".rb-sheet__value")).to_have_text("7")
    expect(agility.first.locator(".rb-sheet__paper")).to_be_visible()
    assert not [line for line in lines if line.startswith(("Skills:", "Skill points:"))]
    # The skills' table (after the attributes' checks) prints with the answer.
    expect(root.locator(".rb-widget__panel table").filter(has_text="Pistols")).to_be_visible()


def test_the_whole_page_prints_without_share_or_print_buttons_nor_a_check_a_sheet(
    page: Page, server: SiteServer
) -> None:
    """Printing the page itself (Ctrl+P) still prints it all, minus the share actions.
    Then, on another page reached by a link, a widget that is no character sheet (a
    check) shares its values but prints no sheet: only portable widgets print one."""
    page.goto(server.url + "2d6/character-creation/")
    widget(page, "2d6-builder")
    page.emulate_media(media="print")
    expect(page.locator("h1")).to_be_visible()
    assert page.evaluate(VISIBLE, ".rb-share, .rb-print") == []
    assert pages_in(page.pdf(format="A4")) > 1

    page.emulate_media(media="screen")
    visit(page, server.url + "2d6/checks/")
    root = widget(page, "2d6-check")
    expect(root.get_by_role("button", name="Share a link to these values")).to_be_visible(
        timeout=TIMEOUT
    )
    assert root.get_by_role("button", name="Print sheet").count() == 0


@pytest.mark.system("wodu")
def test_print_sheet_needs_javascript(browser: Browser, server: SiteServer) -> None:
    context: BrowserContext = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(server.url + "wodu/character-creation/")
        assert page.locator("[data-widget]").count()
        assert page.get_by_role("button", name="Print sheet").count() == 0
    finally:
        context.close()


def _play_page_prints_on_one_page(
    page: Page, path: str, name: str, field: str, who: str, system: str
) -> None:
    """A Play page's sheet (the page open at ``path``) prints on one A4 and one Letter
    page, headed with ``who`` and ``system``, with its room for notes and no site around."""
    root = widget(page, name)
    set_field(root, field, who)
    wait_idle(root)
    for paper in ("A4", "Letter"):
        page.emulate_media(media="screen")
        page.evaluate("window.printed = 0")
        print_sheet(page, name)
        page.emulate_media(media="print")
        values = root.locator(".rb-print-values")
        expect(values.locator(".rb-print-values__title")).to_have_text(who)
        expect(values.locator(".rb-print-values__system")).to_contain_text(system)
        expect(root.locator(".rb-print-notes")).to_be_visible()
        assert page.evaluate(VISIBLE, CHROME) == []
        pdf = page.pdf(format=paper, print_background=True)
        assert pages_in(pdf) == 1, f"{path} prints on {pages_in(pdf)} {paper} pages"
