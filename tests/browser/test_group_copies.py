"""A group's own copy (issue 19): a build that publishes only some systems, in a browser.

Two copies are served: one built from a config that publishes only the 2d6 Roleplaying
System and Rollbook's example house page, and the group's copy of tests/group_copy.py
(2d6 and Danger World, a house page of its own, the developers' pages off), built by its
own ``scripts/build`` from its own ``mkdocs.yml``; tests/test_group_copy.py reads the
same build and runs the copy's gate on it. Each passes the smoke tests of its sections
(the home page's cards and the tabs name only its systems; each section's first page and
Play page open, roll and answer), no page of it links a section it left out, and its
Python starts from its own snapshot, which warmed only its systems' widgets.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from scripts import tasks
from tests.browser.axe import audit_four_ways, visit
from tests.browser.conftest import _free_port, build_site, site_port
from tests.browser.play import SHEETS, roll_row
from tests.browser.widgets import TIMEOUT, pointer_away, wait_idle, widget
from tests.group_copy import SYSTEMS, built_copy, serving_alone
from tests.site_config import TITLES, is_upstream
from tests.sitesrv import SiteServer

ALL = tuple(TITLES)
EXAMPLE = ("2d6",)
"""The copy built from a config (``tasks.config_for``), with Rollbook's example house page."""
GROUP = tuple(SYSTEMS)
"""The group's copy (tests/group_copy.py), with a house page of its own.

(It took the place of a copy of the WoDu Hack and Danger World built from a config:
built by its own scripts/build, it is the copy a group makes, and its build serves
tests/test_group_copy.py too. A copy's WoDu sheet from its snapshot is the same path as
its 2d6 and Danger World sheets; house rules left out are Rollbook's own setting, and
tests/test_site_config.py's test_house_rules_are_left_out_unless_asked_for.)"""


@pytest.fixture(scope="module", params=(EXAMPLE, GROUP), ids=lambda c: "+".join(c))
def copy(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[tuple[str, ...], Path, SiteServer]]:
    """A copy publishing ``systems``, built as ``scripts/build`` builds one, and served."""
    systems: tuple[str, ...] = request.param
    if systems == GROUP:
        site = built_copy(tmp_path_factory) / "site"
        with serving_alone(tmp_path_factory), SiteServer(site, port=site_port(site)) as server:
            yield systems, site, server
        return
    folder = tmp_path_factory.mktemp("copy")
    config = tasks.config_for(list(systems), folder, house_rules=True)
    port = _free_port()
    site = folder / "site"
    build_site(site, f"http://127.0.0.1:{port}/", config)
    with SiteServer(site, port=port) as server:
        yield systems, site, server


def test_no_page_links_a_section_the_copy_left_out(
    copy: tuple[tuple[str, ...], Path, SiteServer],
) -> None:
    systems, site, _ = copy
    left_out = [s for s in ALL if s not in systems]
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 10
    link = re.compile(r'href="[^"]*?(?:^|/|")(' + "|".join(map(re.escape, left_out)) + r")/")
    for html in pages:
        found = link.search(html.read_text(encoding="utf-8"))
        assert found is None, f"{html.relative_to(site)} links /{found[1]}/"
    for section in left_out:
        assert not (site / section).exists()
    for section in systems:
        assert (site / section / "play" / "index.html").exists()
    assert (site / "house-rules" / "index.html").exists()  # both publish their house rules
    index = json.loads((site / "search" / "search_index.json").read_text())
    searched = {d["location"].split("/")[0] for d in index["docs"] if "/" in d["location"]}
    assert searched & {*ALL} == {*systems}  # none of a left-out system's pages is searched
    manifest = json.loads((site / "assets/rollbook/runtime/manifest.json").read_text())
    assert manifest["systems"] == list(systems)


def _ready(page: Page) -> None:
    page.wait_for_function(
        "['ready', 'failed'].includes(window.rollbook?.state.status)", timeout=TIMEOUT
    )
    assert page.evaluate("window.rollbook.state.how") == "snapshot"


def test_home_names_only_the_copys_systems_and_each_section_rolls(
    browser: Browser, copy: tuple[tuple[str, ...], Path, SiteServer]
) -> None:
    systems, _, server = copy
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url)
        cards = page.locator(".rb-card h3 > a:not(.headerlink)")
        expect(cards).to_have_text([TITLES[s] for s in systems])
        tabs = page.locator(".md-tabs__link").all_inner_texts()
        assert [t for t in tabs if t in TITLES.values()] == [TITLES[s] for s in systems]
        _ready(page)  # Python starts from this copy's own snapshot
        for system in systems:
            visit(page, f"{server.url}{system}/")  # by a link, as a reader goes: one Python
            expect(page.locator("h1")).to_contain_text(TITLES[system].removeprefix("The "))
            button = page.locator("button[data-roll]").first
            if button.count():
                button.click()
                output = page.locator(f'output[for="{button.get_attribute("id")}"]')
                expect(output.locator(".rb-total, .rb-rolled__outcome").first).to_be_visible(
                    timeout=TIMEOUT
                )
            visit(page, f"{server.url}{system}/play/")
            _ready(page)
            if system in SHEETS:
                sheet = widget(page, SHEETS[system])
                wait_idle(sheet)
                expect(sheet.locator(".rb-widget__panel")).not_to_be_empty()
                roll_row(sheet, 0)  # (a row with choices: its first)
        if systems == EXAMPLE and is_upstream():  # Rollbook's example house page
            _the_house_page_rolls_at_its_house_values(page, server)
        # A widget of a system the copy left out is still answered, from the package.
        other = next(s for s in ALL if s not in systems)
        name = {"wodu": "wodu-check", "peupfudge": "peupfudge-action", "d10-0": "d10-0-check"}
        answer = page.evaluate(
            "name => window.rollbook.ask('widget', {name, action: 'show', values: {}})",
            name.get(other, "2d6-check"),
        )
        assert answer["blocks"]
        assert errors == []
    finally:
        context.close()


def _the_house_page_rolls_at_its_house_values(page: Page, server: SiteServer) -> None:
    """The example house page: a tab after the systems; its roll, odds and widget work."""
    visit(page, server.url)
    tabs = page.locator(".md-tabs__link").all_inner_texts()
    assert tabs.index("House rules") == tabs.index(TITLES["2d6"]) + 1
    visit(page, f"{server.url}house-rules/")
    _ready(page)
    button = page.locator("button[data-roll='2d6+1']")
    button.click()
    output = page.locator(f'output[for="{button.get_attribute("id")}"]')
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    figure = page.locator("[data-odds]").first
    expect(figure.locator("input[name=target]")).to_have_value("10")
    check = widget(page, "2d6-check")
    expect(check.locator('[data-field="dc"]')).to_have_value("10")
    expect(check.locator('[data-field="bonus"]')).to_have_value("3")
    wait_idle(check)
    # The page at rest: no focus or pointer left on a titled button, whose Material
    # tooltip would sit outside every landmark.
    page.evaluate("document.activeElement?.blur()")
    pointer_away(page)
    assert audit_four_ways(page) == []  # light and dark, at 390 and 1280 px
