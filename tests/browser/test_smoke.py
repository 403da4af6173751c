"""The smoke tests every build passes, whichever generator made it (issue 33, item 3).

The site is built by MkDocs (the ``server`` fixture) and by Zensical (``zensical_server``),
each once per run, and each test runs on both: each section's first page and its Play
page, reached by instant navigation, roll; search finds a rules page and names its
system; a system this site leaves out is nowhere (its pages 404, and neither the tabs,
the home page's cards nor search name it); the site works offline after one visit; the
manifest names the site; axe finds nothing on the home page, a rules page and a Play
page, light and dark, at 390 and 1280 px.

A group's copy runs these on its own two builds too (tests/test_group_copy.py's gate):
every check reads what this checkout's ``mkdocs.yml`` publishes (tests/site_config.py).
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from scripts.tasks import GENERATORS
from tests.browser.axe import ARRIVED, LEAVING, audit_four_ways, click_through, visit
from tests.browser.conftest import SERVERS
from tests.browser.play import SHEETS, roll_inline, roll_row, visit_and_save
from tests.browser.widgets import (
    MATERIAL_RAN,
    TIMEOUT,
    pointer_away,
    wait_frames,
    wait_idle,
    wait_until,
    widget,
)
from tests.site_config import TITLES, first_section, published, site_name
from tests.sitesrv import SiteServer

LEFT_OUT = tuple(section for section in TITLES if section not in published())

MARK = "window.rbSmoke"
"""Set on the page a test first loads: it survives instant navigation, not a reload."""

PLAY_LINK = re.compile(r"^Play .+ at the table$")
"""Each section's Play page, as the section's navigation names it."""


@pytest.fixture(params=GENERATORS)
def generator(request: pytest.FixtureRequest) -> str:
    generator: str = request.param
    return generator


@pytest.fixture
def site(request: pytest.FixtureRequest, generator: str) -> SiteServer:
    """The site ``generator`` built, served (built when a test first asks for it)."""
    served: SiteServer = request.getfixturevalue(SERVERS[generator])
    return served


def follow(page: Page, link: Locator, url: str) -> None:
    """Click ``link`` and wait for ``url``, reached by instant navigation: the page the
    test loaded is still the one open, not loaded afresh."""
    click_through(page, link, url)
    arrived(page, url)


def arrived(page: Page, url: str) -> None:
    """The page is at ``url`` with its content in, reached by instant navigation: not
    loaded afresh. (The address changes as the link is clicked, the content once it has
    arrived: the content left was marked, tests/browser/axe.py LEAVING.)"""
    expect(page).to_have_url(url, timeout=TIMEOUT)
    page.wait_for_function(ARRIVED, arg=url, timeout=TIMEOUT)
    assert page.evaluate(MARK) == 1, f"{url} was loaded afresh, not by instant navigation"


def tab(page: Page, section: str) -> Locator:
    return page.locator(f'.md-tabs__link:text-is("{TITLES[section]}")').first


def test_each_section_and_its_play_page_roll_after_instant_navigation(
    page: Page, site: SiteServer
) -> None:
    page.goto(site.url)
    page.evaluate(f"{MARK} = 1")
    # Instant navigation is Material's: its bundle runs once the home page's dice have
    # answered (material.js); a link followed before then loads its page afresh.
    page.wait_for_function(MATERIAL_RAN, timeout=TIMEOUT)
    # The home page's cards and the tabs name this site's systems, and only them.
    names = [TITLES[section] for section in published()]
    expect(page.locator(".rb-card h3 > a:not(.headerlink)")).to_have_text(names)
    tabs = page.locator(".md-tabs__link").all_inner_texts()
    assert [t.strip() for t in tabs if t.strip() in TITLES.values()] == names
    for section in published():
        follow(page, tab(page, section), f"{site.url}{section}/")
        expect(page.locator("h1")).to_contain_text(TITLES[section].removeprefix("The "))
        roll_inline(page)
        play = page.locator(".md-sidebar--primary").get_by_role("link", name=PLAY_LINK)
        follow(page, play.first, f"{site.url}{section}/play/")
        sheet = widget(page, SHEETS[section])
        wait_idle(sheet)
        roll_row(sheet, 0)
    assert page.errors == []  # type: ignore[attr-defined]


def search(page: Page, generator: str, words: str) -> list[tuple[str, str]]:
    """Search for ``words`` as a reader does; return each result's address and what it
    names it by (its title, and in Zensical's search its place in the site)."""
    if generator == "mkdocs":
        page.locator(".md-search__input").click()
        results = ".md-search-result__item > a.md-search-result__link:first-child"  # its page
        named = "a => a.querySelector('h1').innerText"
    else:  # Zensical's search is a dialog in a shadow root (which Playwright's CSS pierces)
        page.locator(".md-search__button").click()
        results = "ol[role=listbox] a[role=option]"
        named = "a => [...a.querySelectorAll('h2, menu li')].map((e) => e.innerText).join(' / ')"
    box = page.locator("input.md-search__input, input[role=combobox]").first
    expect(box).to_be_focused()
    box.press_sequentially(words)  # both search on key events, not on fill
    expect(page.locator(results).nth(4)).to_be_visible(timeout=TIMEOUT)
    # The results of the whole words, not of the keys typed before the last (both search
    # on each key, and name the words searched in each result's address: ?h=...).
    expect(page.locator(results).first).to_have_attribute(
        "href", re.compile(rf"[?&]h={re.escape(words)}(&|#|$)"), timeout=TIMEOUT
    )
    # Zensical's list goes on changing while its search runs (more pages match, and the
    # results are reordered): read it once two looks, frames apart, find the same list.
    read = f"links => links.map((a) => [a.href, ({named})(a)])"
    found: list[tuple[str, str]] = page.locator(results).evaluate_all(read)
    if generator != "mkdocs":
        before: list[tuple[str, str]] = []
        deadline = time.monotonic() + TIMEOUT / 1000
        while found != before and time.monotonic() < deadline:
            before = found
            wait_frames(page, 20)
            found = page.locator(results).evaluate_all(read)
        assert found == before, f"Zensical's results for {words!r} never stopped changing"
    return found


def open_result(page: Page, generator: str, url: str) -> None:
    """Open the search result for ``url`` as a reader does.

    In Material's list, by a click where the result is shown. Zensical's list is drawn
    anew while its search goes on, reordered as more pages match and as the pointer
    comes over a result (the one under it is selected), so a result found a moment ago
    may have moved or been replaced: there the reader's keyboard picks it, Down until
    it is the selected one, then Enter.
    """
    if generator == "mkdocs":
        link = page.locator(f'.md-search-result__item a[href="{url}"]').first
        link.scroll_into_view_if_needed()
        shown = link.bounding_box()
        assert shown is not None, f"the result for {url} is not shown"
        page.mouse.click(shown["x"] + shown["width"] / 2, shown["y"] + shown["height"] / 2)
        return
    box = page.locator("input[role=combobox]").first
    selected = page.locator("ol[role=listbox] a[role=option][aria-selected=true]")

    def picked() -> bool:
        """Whether the result for ``url`` is the selected one; if not, one step down
        (a list drawn anew starts again from its top, and the steps go on from there)."""
        if selected.evaluate_all("links => links.map((a) => a.getAttribute('href'))") == [url]:
            return True
        box.press("ArrowDown")
        return False

    wait_until(page, picked, f"the result for {url} to be selected")
    box.press("Enter")


def test_search_finds_rules_pages_naming_their_system(
    page: Page, site: SiteServer, generator: str
) -> None:
    page.goto(site.url + "404.html")  # a page of the site that starts no Python
    page.evaluate(f"{MARK} = 1")
    results = search(page, generator, "damage")
    sections = {}
    for url, named in results:
        section = url.removeprefix(site.url).split("/")[0]
        assert section not in LEFT_OUT, f"search finds {url}, left out of this site"
        if section in published():
            assert TITLES[section] in named, f"{url}'s result does not name its system: {named!r}"
            sections.setdefault(section, url)
    assert sections, results  # a rules page at least (Zensical lists the first ten at once)
    url = next(iter(sections.values()))
    page.evaluate(LEAVING)
    open_result(page, generator, url)
    arrived(page, url)
    expect(page.locator(".md-content h1")).to_be_visible()


def test_the_sections_this_site_leaves_out_are_not_found(site: SiteServer) -> None:
    for section in LEFT_OUT:
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{site.url}{section}/")
        assert missing.value.code == 404, section


def test_the_manifest_names_the_site(site: SiteServer) -> None:
    with urllib.request.urlopen(site.url) as answer:
        html = answer.read().decode()
    assert re.search(r'<link rel="manifest" href="(\./)?manifest\.webmanifest">', html)
    with urllib.request.urlopen(site.url + "manifest.webmanifest") as answer:
        assert answer.headers["Content-Type"] == "application/manifest+json"
        manifest = json.load(answer)
    assert manifest["short_name"] == site_name() and manifest["name"].startswith(site_name())
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in html
    assert f"<title>{site_name()}</title>" in html


def test_material_s_bundle_is_written_held_for_material_js_to_run(site: SiteServer) -> None:
    """overrides/main.html finds the theme's own tag for its bundle, MkDocs' Material's and
    Zensical's alike, and writes it held: material.js, right after it, runs it (on a page
    with dice once they have answered, start.js). A tag it no longer found would run as
    the page is parsed, in the dice's way again."""
    with urllib.request.urlopen(site.url) as answer:
        html = answer.read().decode()
    tags = re.findall(r"<script[^>]*javascripts/bundle\.[0-9a-f]+\.min\.js[^>]*>", html)
    assert len(tags) == 1 and 'type="rollbook/held"' in tags[0], tags
    assert html.index(tags[0]) < html.index("assets/rollbook/material.js")


def test_after_one_visit_the_site_works_offline(
    offline_context: BrowserContext, site: SiteServer
) -> None:
    """As tests/browser/test_offline.py checks in full (on the MkDocs build, under a path)."""
    first = first_section()
    page = visit_and_save(offline_context, f"{site.url}{first}/")
    offline_context.set_offline(True)
    page.goto(f"{site.url}{first}/play/")  # a page loaded whole from the offline copy
    assert page.evaluate("navigator.onLine") is False
    page.evaluate(f"{MARK} = 1")
    roll_row(widget(page, SHEETS[first]), 0)
    assert page.evaluate("window.rollbook.state.how") == "snapshot"
    expect(page.locator(".rb-offline__status")).to_have_text("Available offline")
    other = published()[-1]
    follow(page, tab(page, other), f"{site.url}{other}/")
    roll_inline(page)


def test_axe_finds_nothing_on_a_sample_of_pages(page: Page, site: SiteServer) -> None:
    """The home page, a section's first page and its Play page, each light and dark at 390
    and 1280 px (tests/browser/axe.py), the second and third reached by links."""
    section = first_section()
    failures: list[str] = []
    for path in ("", f"{section}/", f"{section}/play/"):
        visit(page, site.url + path)
        if path.endswith("play/"):
            wait_idle(widget(page, SHEETS[section]))
        page.evaluate("document.activeElement?.blur()")
        pointer_away(page)
        failures += [f"/{path} {line}" for line in audit_four_ways(page)]
    assert not failures, "\n".join(failures)
