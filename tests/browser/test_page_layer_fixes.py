"""Loose ends of issue 27 (audit fixes) and issue 32 (item 4) in the page layer: what a
player sees of a sheet's Roll buttons, of the header with the roll log open, of search
results, of tables looked up mid-game on a phone, and of the keyboard's focus on the Play
pages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.axe import run_axe, serious, visit
from tests.browser.contrast import contrast
from tests.browser.test_roll_log import open_log
from tests.browser.test_search_results import search
from tests.browser.widgets import pointer_away, widget
from tests.sitesrv import SiteServer

DIE_ICON = """(button) => {
  const icon = button.querySelector('.rb-die-icon');
  const style = (node) => getComputedStyle(node);
  return {
    icon: style(icon).fill,
    box: [style(icon.querySelector('rect')).fill, style(icon.querySelector('rect')).stroke],
    pips: [...icon.querySelectorAll('circle')].map((pip) => style(pip).fill),
    ink: style(button).color,
  };
}"""


def test_a_sheet_rows_roll_draws_its_die_not_a_filled_square(
    page: Page, server: SiteServer
) -> None:
    """Issue 32, item 4: ``.md-typeset .rb-check svg { fill: currentcolor }`` outweighed
    ``.rb-die-icon { fill: none }``, so the die's box was filled in the button's colour
    and its pips vanished into it: a purple square."""
    visit(page, server.url + "danger-world/play/")
    button = widget(page, "danger-world-sheet").locator("button.rb-check").first
    drawn = button.evaluate(DIE_ICON)
    assert drawn["icon"] == "none" and drawn["box"] == ["none", drawn["ink"]], drawn
    assert drawn["pips"] == [drawn["ink"]] * 3, drawn  # the pips filled, on an empty box
    # ... as an inline roll's die is drawn
    visit(page, server.url + "dice/")
    inline = page.locator("button[data-roll]").first.evaluate(DIE_ICON)
    assert inline["icon"] == "none" and inline["box"][0] == "none", inline


TABS_IN_SIGHT = """() => {
  const edge = document.getElementById('rb-log').getBoundingClientRect().left;
  return [...document.querySelectorAll('.md-tabs__link')].map((link) => {
    const box = link.getBoundingClientRect();
    const seen = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
    return { tab: link.textContent.trim(), right: box.right, edge,
             shown: link === seen || link.contains(seen) };
  });
}"""


def test_the_open_roll_log_leaves_every_header_tab_in_sight(page: Page, server: SiteServer) -> None:
    """Issue 32, item 4: at 1280 px the open log narrows the page, and the header's tabs,
    held on one line, were cut off at its edge: the last ones out of sight and reach."""
    page.set_viewport_size({"width": 1280, "height": 900})
    visit(page, server.url)
    tabs = page.evaluate(TABS_IN_SIGHT)
    assert len(tabs) >= 3 and all(t["shown"] for t in tabs), tabs  # closed: all on one line
    open_log(page)
    pointer_away(page)  # the log button's tooltip would cover a tab
    tabs = page.evaluate(TABS_IN_SIGHT)
    assert all(t["shown"] and t["right"] <= t["edge"] for t in tabs), tabs
    last = page.locator(".md-tabs__link").last
    expect(last).to_be_visible()
    last.click()  # reachable: it opens its section, the log still open
    expect(page.locator("#rb-log")).to_be_visible()
    assert page.evaluate("location.pathname") != "/"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_with_search_results_open(
    page: Page, server: SiteServer, scheme: str
) -> None:
    """Issue 27, item 10: Material's "N matching documents" line over the results was
    4.41:1 in light (axe: serious), and under 4.5:1 in dark too."""
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    search(page, server, "initiative")
    assert page.evaluate("document.body.dataset.mdColorScheme") == (
        "slate" if scheme == "dark" else "default"
    )
    meta = page.locator(".md-search-result__meta")
    expect(meta).to_contain_text("matching documents")
    assert serious(run_axe(page)) == []
    assert contrast(meta) >= 4.5
