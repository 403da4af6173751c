"""Accessibility of the built site: axe-core over every page, both schemes, phone and desktop.

Every page the build wrote is audited once its widgets are mounted and Python is
ready, so the page a reader uses is the one checked. Nothing serious or critical
may remain; neither may the rules issue 8 named (landmarks, headings, scroll boxes,
empty table headers). A few colour pairs are also measured directly, so that a
contrast regression names the element rather than only an axe rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from rules_py.markdown.systems import SECTIONS
from scripts.site_config import HOUSE_RULES
from tests import site_config
from tests.browser.axe import (
    SETTLED,
    WIDTHS,
    audit_four_ways,
    scheme_context,
    serious,
    visit,
)
from tests.browser.contrast import COLOURS, contrast_ratio
from tests.browser.widgets import TIMEOUT, widget
from tests.sitesrv import SiteServer

ROOT = Path(__file__).resolve().parents[2]


def site_pages(site: Path) -> list[str]:
    """Every page of the built site, as a path under its root ("", "dice/", ...)."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        folder = index.parent.relative_to(site)
        if folder.parts[:1] in (("assets",), ("search",)):
            continue
        pages.append("" if folder == Path(".") else folder.as_posix() + "/")
    return pages


def docs_pages() -> list[str]:
    """Every page the docs make, as a path under the site's root, read from docs/ (no build):
    only what mkdocs.yml publishes (``extra.systems``, ``extra.house_rules``,
    ``extra.developer_pages``)."""
    left_out = {"includes", *(s for s in SECTIONS if s not in site_config.published())}
    if not site_config.house_rules():
        left_out.add(HOUSE_RULES)
    pages = []
    for source in sorted((ROOT / "docs").rglob("*.md")):
        relative = source.relative_to(ROOT / "docs")
        if left_out & set(relative.parts):
            continue
        folder = relative.parent if relative.stem == "index" else relative.with_suffix("")
        pages.append("" if folder == Path(".") else folder.as_posix() + "/")
    if not site_config.developer_pages():
        pages = [p for p in pages if p not in site_config.developer_page_paths()]
    return sorted(pages)


PAGES = docs_pages()


def test_every_page_of_the_site_is_audited(built_site: tuple[Path, int]) -> None:
    assert sorted(site_pages(built_site[0])) == PAGES and len(PAGES) > 20


@pytest.fixture(scope="module")
def audit_page(browser: Browser) -> Iterator[Page]:
    """One tab for the whole sweep: its HTTP cache is warm after the first page."""
    with scheme_context(browser, "light", WIDTHS[0]) as context:
        yield context.new_page()


@pytest.mark.parametrize("path", [*PAGES, "404.html"], ids=lambda p: f"/{p}")
def test_axe_finds_nothing_serious(audit_page: Page, server: SiteServer, path: str) -> None:
    """Each page reached as a reader reaches it, then audited in light and dark at 390 px
    and at 1280 px.

    The tab follows a link from the page before (Material's instant navigation), so
    Python starts once for the sweep, not once a page; the first page, and the 404 page
    that no link reaches, load afresh.
    """
    audit_page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    visit(audit_page, server.url + path)
    failures = [f"/{path} {line}" for line in audit_four_ways(audit_page, keep=serious)]
    assert not failures, f"{len(failures)} axe violations:\n" + "\n".join(failures)


# Direct measurements of the item 12 cases (WCAG 2 contrast ratio): in each scheme, the
# pages below read in turn in one tab, as a reader follows links from one to the next.
ITEM_12 = (
    ("wodu/damage/", "button[data-roll] .rb-roll__expr"),
    ("peupfudge/abilities/", ".rb-widget__reset"),
    ("peupfudge/abilities/", ".rb-field__hint"),
    ("wodu/", ".md-tabs__item:not(.md-tabs__item--active) .md-tabs__link"),
)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_of_item_12_reads_at_4_5_to_1(
    browser: Browser, server: SiteServer, scheme: str
) -> None:
    """Each case of a section this site publishes (a group's copy may leave one out)."""
    cases = [(p, s) for p, s in ITEM_12 if site_config.publishes(p.split("/")[0])]
    if not cases:
        pytest.skip(site_config.left_out_reason("wodu"))
    failures = []
    with scheme_context(browser, scheme, 1280) as context:
        page = context.new_page()
        for path, selector in cases:
            if page.url != server.url + path:
                visit(page, server.url + path)
            colours = page.evaluate(COLOURS, selector)
            ratio = contrast_ratio(colours["fore"], colours["back"])
            if ratio < 4.5:
                failures.append(f"{selector} on /{path} ({scheme}): {ratio:.2f}:1 {colours}")
    assert not failures, "\n".join(failures)


def test_links_in_running_text_are_underlined(page: Page, server: SiteServer) -> None:
    page.goto(server.url + site_config.first_section() + "/")
    lines = page.locator("article p a, article li a").evaluate_all(
        "links => links.map((a) => getComputedStyle(a).textDecorationLine)"
    )
    assert lines and set(lines) == {"underline"}


def test_scroll_boxes_take_the_focus_and_say_what_they_hold(page: Page, server: SiteServer) -> None:
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(server.url + "dice/")
    page.wait_for_function(SETTLED, timeout=30_000)
    boxes = page.locator(".rb-odds__table")
    tall = boxes.evaluate_all("bs => bs.findIndex((b) => b.scrollHeight > b.clientHeight + 10)")
    assert tall >= 0, "no odds table on the Dice page has more rows than it shows"
    box = boxes.nth(tall)
    assert box.get_attribute("tabindex") == "0"
    assert re.fullmatch(r"Odds of \S+: table", box.get_attribute("aria-label") or "")
    box.focus()
    page.keyboard.press("End")  # scrolls the focused box (smoothly: wait for the end)
    page.wait_for_function(
        "b => b.scrollTop + b.clientHeight >= b.scrollHeight - 1", arg=box.element_handle()
    )
    # The cue: a shadow fixed at the box's bottom edge, under a cover that scrolls with the rows.
    cue = box.evaluate(
        "b => [getComputedStyle(b).backgroundImage, getComputedStyle(b).backgroundAttachment]"
    )
    assert cue[0].count("linear-gradient") == 2 and cue[1] == "local, scroll"


@pytest.mark.system("peupfudge")
def test_widget_tables_redrawn_by_the_script_keep_focus_and_name(
    page: Page, server: SiteServer
) -> None:
    page.goto(server.url + "peupfudge/abilities/")
    root = widget(page, "peupfudge-xp")
    page.wait_for_function("window.rollbook?.state.status === 'ready'", timeout=TIMEOUT)
    old = root.locator(".rb-panel__table").first.element_handle()
    root.locator('input[type="number"]').first.fill("5")
    page.wait_for_function("b => !b.isConnected", arg=old, timeout=TIMEOUT)  # redrawn
    box = root.locator(".rb-panel__table").first
    assert box.get_attribute("tabindex") == "0" and box.get_attribute("role") == "group"
    assert box.get_attribute("aria-label") == box.locator("caption").text_content()
    assert box.locator("th:empty").count() == 0
