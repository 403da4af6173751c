"""Loose ends of issue 27 (audit fixes) and issue 32 (item 4) in the page layer: what a
player sees of a sheet's Roll buttons, of the header with the roll log open, of tables
looked up mid-game on a phone, and of the keyboard's focus on the Play pages, and of the
console under scripts/serve. (Search results under axe: tests/browser/test_search_results.py.)"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import Browser, ConsoleMessage, Page, Route, expect

from tests import site_config
from tests.browser.axe import set_scheme, visit
from tests.browser.contrast import contrast_ratio
from tests.browser.test_roll_log import open_log
from tests.browser.widgets import pointer_away, wait_until, widget
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


def _a_sheet_rows_roll_draws_its_die_not_a_filled_square(page: Page) -> None:
    """Issue 32, item 4: ``.md-typeset .rb-check svg { fill: currentcolor }`` outweighed
    ``.rb-die-icon { fill: none }``, so the die's box was filled in the button's colour
    and its pips vanished into it: a purple square."""
    button = widget(page, "danger-world-sheet").locator(".rb-sheet__row > .rb-choose").first
    drawn = button.evaluate(DIE_ICON)
    assert drawn["icon"] == "none" and drawn["box"] == ["none", drawn["ink"]], drawn
    assert drawn["pips"] == [drawn["ink"]] * 3, drawn  # the pips filled, on an empty box


def _an_inline_roll_draws_its_die_the_same_way(page: Page) -> None:
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


def _the_open_roll_log_leaves_every_header_tab_in_sight(page: Page, server: SiteServer) -> None:
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


# Each table under a heading of the page, as a phone shows it: whether it scrolls sideways
# (Material's scroll box, or the table itself), whether any cell ends off the screen, and
# its cells' text.
TABLES_UNDER = """(heading) => {
  const start = document.getElementById(heading);
  const tables = [];
  for (let node = start.nextElementSibling; node && !/^H[12]$/.test(node.tagName);
       node = node.nextElementSibling) {
    for (const table of node.matches('table') ? [node] : node.querySelectorAll('table')) {
      const box = table.closest('.md-typeset__scrollwrap') ?? table;
      const cells = [...table.querySelectorAll('th, td')];
      tables.push({
        scrolls: box.scrollWidth > box.clientWidth + 1 || table.scrollWidth > table.clientWidth + 1,
        off: cells.filter((c) => c.getBoundingClientRect().right > innerWidth + 0.5).length,
        text: cells.map((c) => c.textContent.trim()),
      });
    }
  }
  return tables;
}"""


def _tables_looked_up_mid_game_keep_every_column_on_a_phone(page: Page, server: SiteServer) -> None:
    """Issue 27, item 9: at 390 px WoDu's "At a glance" scrolled Extreme 18 and Mythic 21
    out of sight, and Peupfudge's level table was 1,200 px wide. Nothing a player needs
    may sit in a column off the screen (a table scrolled sideways counts as hidden)."""
    page.set_viewport_size({"width": 390, "height": 844})
    wanted = {
        ("wodu/play/", "at-a-glance"): ["Extreme", "18", "Mythic", "21", "18-20"],
        ("wodu/resolution/", "difficulty-rating"): ["Extreme", "18", "Mythic", "21", "3%"],
        ("wodu/resolution/", "fuzzy-range"): ["Mythic", "18-20"],
        ("peupfudge/play/", "at-a-glance"): ["XP cost", "Total XP", "256", "511"],
        ("peupfudge/reference-sheet/", "levelling-up"): ["XP cost", "256", "511"],
        ("peupfudge/abilities/", "the-cost-of-levelling-up"): ["XP cost", "256", "511"],
    }
    published = [(p, h) for p, h in wanted if p.split("/")[0] in site_config.published()]
    for path, heading in published:
        needed = wanted[path, heading]
        visit(page, server.url + path)
        tables = page.evaluate(TABLES_UNDER, heading)
        assert tables, path
        for table in tables:
            assert not table["scrolls"] and table["off"] == 0, (path, table)
        cells = [cell for table in tables for cell in table["text"]]
        assert all(text in cells for text in needed), (path, cells)


def test_a_reader_looks_up_tables_on_a_phone_then_keeps_the_log_open_beside_the_tabs(
    page: Page, server: SiteServer
) -> None:
    """A reader, on a phone (390 px), looks up the tables of WoDu and Peupfudge (those a
    copy publishes) mid-game: every column is on the screen. Then, at 1280 px, the open
    roll log leaves every header tab in sight and in reach."""
    _tables_looked_up_mid_game_keep_every_column_on_a_phone(page, server)
    _the_open_roll_log_leaves_every_header_tab_in_sight(page, server)


# The focused element's ring, and the colour it is drawn on: the first background (from
# the element's parent up, composited over white) that the ring's offset lets show.
FOCUS_RING = """() => {
  const element = document.activeElement;
  const parse = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const style = getComputedStyle(element);
  const layers = [];
  for (let e = element.parentElement; e; e = e.parentElement) {
    const [r, g, b, a = 1] = parse(getComputedStyle(e).backgroundColor);
    if (a > 0) layers.unshift([r, g, b, a]);
    if (a >= 1) break;
  }
  const back = layers.reduce(
    (below, [r, g, b, a]) => [r, g, b].map((c, i) => c * a + below[i] * (1 - a)), [255, 255, 255]);
  return {
    what: `${element.tagName} ${(element.textContent || '').trim().slice(0, 24)}`,
    content: Boolean(element.closest('.md-content')),
    style: style.outlineStyle, width: parseFloat(style.outlineWidth),
    colour: parse(style.outlineColor).slice(0, 3), back,
  };
}"""


def _the_keyboards_focus_stands_out(page: Page, scheme: str) -> None:
    """Issue 27, item 9: the focus ring, Material's amber (1.9:1 on white), was hard to see
    on the Play pages. Every control, link and summary the Tab key reaches in the page's
    content shows a solid ring of 2 px or more, at 3:1 or more against what is around it."""
    set_scheme(page, scheme)  # as a reader switches, with the palette's toggle
    page.locator(".md-content h1").click()  # Tab starts from the page's title
    rings = []
    for _ in range(60):
        page.keyboard.press("Tab")
        ring = page.evaluate(FOCUS_RING)
        if ring["content"]:
            rings.append(ring)
    kinds = {ring["what"].split()[0] for ring in rings}
    assert {"A", "BUTTON", "SUMMARY", "SELECT"} <= kinds, (scheme, kinds)  # links and controls
    faint = [
        (
            ring["what"],
            ring["style"],
            ring["width"],
            round(contrast_ratio(ring["colour"], ring["back"]), 2),
        )
        for ring in rings
        if ring["style"] != "solid"
        or ring["width"] < 2
        or contrast_ratio(ring["colour"], ring["back"]) < 3
    ]
    assert faint == [], scheme


def test_danger_world_s_play_page_draws_its_dice_and_shows_the_keyboards_focus_in_both_schemes(
    page: Page, server: SiteServer
) -> None:
    """On Danger World's Play page, then the Dice page reached by a link:
    - a sheet row's Roll draws its die as an outline with filled pips, not a filled square;
    - the keyboard's focus stands out on every control the Tab key reaches, light, then
      dark once the reader switches;
    - an inline roll's die on the Dice page is drawn the same way.
    """
    visit(page, server.url + "danger-world/play/")
    widget(page, "danger-world-sheet")
    _a_sheet_rows_roll_draws_its_die_not_a_filled_square(page)
    for scheme in ("light", "dark"):
        _the_keyboards_focus_stands_out(page, scheme)
    visit(page, server.url + "dice/")
    _an_inline_roll_draws_its_die_the_same_way(page)


SERVED_WITHOUT = '<meta name="rollbook:service-worker" content="none">'
"""What a page built by scripts/serve carries (tests/test_tasks.py checks that it does)."""


def _as_served(route: Route) -> None:
    """A page as scripts/serve answers it: with its no-service-worker meta tag."""
    if route.request.resource_type != "document":
        route.fallback()
        return
    answer = route.fetch()
    route.fulfill(
        response=answer, body=answer.text().replace("</head>", SERVED_WITHOUT + "</head>")
    )


def _linked(source: str, target: str) -> None:
    """A copy of a built file that costs nothing: a hard link (a real copy across disks)."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def test_a_page_served_without_a_service_worker_logs_no_error(
    browser: Browser, built_site: tuple[Path, int], tmp_path: Path
) -> None:
    """Issue 32, item 4: under scripts/serve, which writes no sw.js, every page registered
    it, and the browser refused with a red "bad HTTP response code (404)" error in the
    console. A page that says it has no service worker registers none and says so once,
    as information. The site is served as scripts/serve serves it: without sw.js (a copy
    of the built site, its files linked), each page carrying the meta tag."""
    site = tmp_path / "site"
    shutil.copytree(built_site[0], site, copy_function=_linked)
    (site / "sw.js").unlink()
    messages: list[ConsoleMessage] = []
    with SiteServer(site) as server:
        context = browser.new_context()  # service workers allowed, as in a reader's browser
        try:
            context.route("**/*", _as_served)
            page = context.new_page()
            page.on("console", lambda message: messages.append(message))
            page.goto(server.url)
            said = lambda: any("Rollbook" in m.text for m in messages)  # noqa: E731
            wait_until(page, said, "offline.js to say whether the site is saved")
            page.wait_for_timeout(500)  # an error that follows the sentence would show now
            registered = page.evaluate(
                "async () => (await navigator.serviceWorker.getRegistrations()).length"
            )
        finally:
            context.close()
    errors = [m.text for m in messages if m.type == "error"]
    assert errors == []
    told = [m for m in messages if "Rollbook" in m.text]
    assert len(told) == 1 and told[0].type == "info", [(m.type, m.text) for m in told]
    assert "scripts/serve writes no service worker" in told[0].text
    assert registered == 0
