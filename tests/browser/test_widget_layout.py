"""Widget layout shared by every system: what the framework's CSS promises each field."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.axe import visit
from tests.browser.widgets import NEXT_FRAME, TIMEOUT, wait_idle, widget
from tests.sitesrv import SiteServer

ROOT = Path(__file__).resolve().parents[2]

FLAG_HINTS = """root => [...root.querySelectorAll('.rb-field:has(> input[type=checkbox])')]
  .filter(field => !field.hidden && field.querySelector('.rb-field__hint'))
  .map(field => {
    const box = field.querySelector('input[type=checkbox]').getBoundingClientRect();
    const hint = field.querySelector('.rb-field__hint').getBoundingClientRect();
    return {field: field.textContent.trim().slice(0, 40), below: hint.top >= box.bottom - 0.5,
            width: hint.width};
  })"""


def check_box_hints_read_under_them(page: Page, name: str) -> None:
    """A check box's hint reads under it in widget ``name`` on the page, at a desktop's
    width, then at a phone's (the window resized: the layout is the stylesheet's, for the
    width the page has now); the page is left at 1280 px."""
    root = widget(page, name)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate(NEXT_FRAME)
        hints = root.evaluate(FLAG_HINTS)
        assert hints, f"no check box with a hint in {name} at {width} px"
        for hint in hints:
            assert hint["below"], (name, width, hint)
            assert hint["width"] > 150, (name, width, hint)  # a line of text, not a column
    page.set_viewport_size({"width": 1280, "height": 900})


SYSTEMS = ("wodu", "peupfudge", "d10-0", "2d6", "danger-world")
WIDGET_PAGES = sorted(
    f"{page.parent.name}/{page.stem}/"
    for system in SYSTEMS
    for page in (ROOT / "docs" / system).glob("*.md")
    if "```widget" in page.read_text(encoding="utf-8")
)

CELLS_OUT_OF_SIGHT = """() => {
  // Every cell of a widget's answer tables that lies beyond the viewport, or beyond the
  // edge of a box that scrolls (where the reader would have to scroll to see it).
  // Column headers drawn only for screen readers (clipped to 1 px) are not cells to see.
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const widget of document.querySelectorAll('[data-widget]')) {
    for (const cell of widget.querySelectorAll('.rb-widget__panel table :is(th, td)')) {
      const box = cell.getBoundingClientRect();
      if (!box.width || !cell.textContent.trim()) continue;
      let hidden = box.left < -0.5 || box.right > width + 0.5;
      let unseen = false;
      for (let up = cell.parentElement; up && up !== widget; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const edge = up.getBoundingClientRect();
        if (edge.width <= 1 && edge.height <= 1) unseen = true;
        if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5) hidden = true;
      }
      if (hidden && !unseen) {
        const caption = cell.closest('table').caption?.textContent ?? '';
        out.push(`${widget.dataset.widget}: ${caption}: ${cell.textContent.trim().slice(0, 30)}`);
      }
    }
  }
  return out;
}"""

REDRAW_EVERY_WIDGET = """() => {
  // Ask Python again for every widget's answer (as typing does): the page script draws it.
  for (const form of document.querySelectorAll('[data-widget] .rb-widget__form')) {
    form.dispatchEvent(new Event('input', { bubbles: true }));
  }
}"""


@pytest.fixture(scope="module")
def phone_tab(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    """One phone-sized tab for every widget page, and the errors its pages raise.

    The tab goes from page to page by links (tests/browser/axe.py's ``visit``), so
    Python starts once, not once a page.
    """
    context = browser.new_context(viewport={"width": 390, "height": 900}, service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, errors
    context.close()


@pytest.mark.parametrize("path", WIDGET_PAGES)
def test_every_widget_s_table_fits_a_phone(
    phone_tab: tuple[Page, list[str]], server: SiteServer, path: str
) -> None:
    """Issue 16, item 24: at 390 px no value of a widget's table is off screen or scrolled away.

    As the page arrives, and once the page script has drawn each answer again.
    """
    page, errors = phone_tab
    errors.clear()
    visit(page, server.url + path)
    assert page.evaluate(CELLS_OUT_OF_SIGHT) == []
    for root in page.locator("[data-widget]").all():
        expect(root.locator(".rb-widget__form:not([inert])")).to_be_visible(timeout=TIMEOUT)
    page.evaluate(REDRAW_EVERY_WIDGET)
    for root in page.locator("[data-widget]").all():
        wait_idle(root)
    assert page.evaluate(CELLS_OUT_OF_SIGHT) == []
    assert errors == []


OFFERED = """input => {
  const list = input.list;
  return list ? [...list.options].map(option => [option.value, option.label]) : null;
}"""


def closed_list_offered(page: Page, name: str, field: str, first: list[str], count: int) -> None:
    """Issue 16, item 25: the rules' names (from Python) are a datalist of the field."""
    offered = widget(page, name).locator(field).evaluate(OFFERED)
    assert offered is not None, f"{name}'s {field} offers no list"
    assert offered[0] == first, name
    assert len(offered) == count, name


def every_row_s_spell_is_offered_the_sample_spells(page: Page) -> None:
    """A row the reader adds to 2d6's builder shares the one datalist of its column."""
    spells = widget(page, "2d6-builder").locator('[data-rows="spells"]')
    spells.locator(".rb-rows__add").click()
    names = spells.locator('[data-cell="name"]')
    expect(names).to_have_count(2)
    lists = names.evaluate_all("inputs => inputs.map(input => input.list && input.list.id)")
    assert lists[0] and lists[0] == lists[1]
    offered = names.nth(1).evaluate(OFFERED)
    assert [value for value, _ in offered][:3] == ["Animate", "Blast", "Charm"]
    assert page.locator(f"datalist#{lists[0]}").count() == 1


FIELDS: dict[str, list[tuple[str, Callable[[Page], None]]]] = {
    "2d6": [
        ("2d6/combat/", lambda page: check_box_hints_read_under_them(page, "2d6-combat")),
        (
            "2d6/checks/",
            lambda page: closed_list_offered(
                page, "2d6-check", '[data-field="dc"]', ["Easy", "DC 7"], 6
            ),
        ),
        (
            "2d6/magic/",
            lambda page: closed_list_offered(
                page, "2d6-casting", '[data-field="spell"]', ["Animate", "DC 13, 5 XP"], 23
            ),
        ),
        ("2d6/character-creation/", every_row_s_spell_is_offered_the_sample_spells),
    ],
    "d10-0": [
        (
            "d10-0/bursts-and-blasts/",
            lambda page: check_box_hints_read_under_them(page, "d10-0-burst"),
        ),
        (
            "d10-0/actions/",
            lambda page: closed_list_offered(
                page,
                "d10-0-check",
                '[data-field="difficulty"]',
                ["Average", "0 on an attribute, 0 on a skill"],
                7,
            ),
        ),
    ],
}
"""Each section's fields to read, page by page, in the order a reader follows the links."""


@pytest.mark.parametrize("section", sorted(FIELDS))
def test_hints_read_under_check_boxes_and_closed_lists_are_offered(
    page: Page, server: SiteServer, section: str
) -> None:
    """Page after page of the section, followed by links in one tab: a check box's hint
    reads under it at 1280 and 390 px, a field whose values the rules name offers them
    as the reader types, and a row the reader adds shares its column's list."""
    for path, read in FIELDS[section]:
        visit(page, server.url + path)
        read(page)
