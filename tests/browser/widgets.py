"""Driving system widgets in the browser: set fields, wait for Python's answer, read rolls."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from tests.sitesrv import Hold

TIMEOUT = 30_000
MATERIAL_RAN = "!!window.rollbookMaterialRan && !!window.document$"
"""Material's bundle has run (it made its document$) and started on the page (material.js):
on a page with dice, once they have answered what was asked as they started
(docs/assets/rollbook/start.js), 2 s at the most."""
ACTIVE_TOOLTIP = ".md-tooltip2--active, .md-tooltip--active"
"""Material's tooltips while shown (content.tooltips, and the header's buttons)."""
NEXT_FRAME = """() => new Promise((done) => {
  requestAnimationFrame(() => done(null));
  setTimeout(() => done(null), 100);  // a page that draws no frame is still polled
})"""


def wait_until(page: Page, ready: Callable[[], bool], what: str, timeout: int = TIMEOUT) -> None:
    """Wait a frame at a time until ``ready()``, a condition on the test's side (a held
    request has arrived, say), holds: Playwright hands the test its events in between."""
    deadline = time.monotonic() + timeout / 1000
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} ms for {what}")
        page.evaluate(NEXT_FRAME)


def wait_frames(page: Page, count: int) -> None:
    """Let the page draw ``count`` frames (a page that draws none, 100 ms each)."""
    for _ in range(count):
        page.evaluate(NEXT_FRAME)


def release(page: Page, *held: Hold, what: str = "the held request") -> None:
    """Let downloads held at the test server (``SiteServer.hold``) go, once each has been
    asked for."""
    wait_until(page, lambda: all(h.arrived.is_set() for h in held), what)
    for h in held:
        h.release()


def roster_text(*characters: dict[str, object]) -> str:
    """A sheet's characters as characters.js keeps them (``rollbook:characters:<store>``),
    each given by its values, the first one played: what a reader kept on an earlier visit."""
    listed = [{"id": f"c{n}", "values": v} for n, v in enumerate(characters, start=1)]
    return json.dumps({"version": 1, "active": "c1", "characters": listed})


def pointer_away(page: Page) -> None:
    """Move the test's mouse to the header's corner, where nothing has a title, and wait
    until Material's tooltip of what it rested on is gone. A phone has no resting
    pointer, and a tooltip sits outside every landmark, where axe would find it."""
    page.mouse.move(0, 0)
    expect(page.locator("[id^=__tooltip]")).to_have_count(0)


def widget(page: Page, name: str, index: int = 0) -> Locator:
    """The ``index``-th widget called ``name`` on the page, once its form is live."""
    root = page.locator(f'[data-widget="{name}"]').nth(index)
    expect(root.locator(".rb-widget__form:not([inert])")).to_be_visible(timeout=TIMEOUT)
    return root


def set_field(root: Locator, name: str, value: str | bool) -> None:
    """Change a top-level field as a reader would (type, pick or tick), opening a Play
    page's Edit mode first when the field is part of the sheet's setup."""
    control = root.locator(f'[data-field="{name}"]')
    tag = control.evaluate(
        """c => { const setup = c.closest('details.rb-widget__setup');
                  if (setup && !setup.open) setup.querySelector(':scope > summary').click();
                  return c.tagName + ':' + (c.type || ''); }"""
    )
    if tag.startswith("SELECT"):
        control.select_option(str(value))
    elif tag.endswith("checkbox"):
        control.set_checked(bool(value))
    else:
        control.fill(str(value))


def set_cell(root: Locator, row: int, name: str, value: str | bool) -> None:
    """Change a cell of a row field (row counted from 0)."""
    control = root.locator(".rb-row").nth(row).locator(f'[data-cell="{name}"]')
    if isinstance(value, bool):
        control.set_checked(value)
    else:
        control.fill(value)


def expect_panel(root: Locator, pattern: str | re.Pattern[str]) -> None:
    """Wait until the widget's answer shows ``pattern`` (text or regular expression)."""
    expect(root.locator(".rb-widget__panel")).to_contain_text(pattern, timeout=TIMEOUT)


def roll(root: Locator) -> Locator:
    """Press the widget's roll button; return its output once the outcome is shown."""
    output = root.locator(".rb-widget__rolled")
    output.evaluate("o => o.replaceChildren()")  # so that the next outcome is this roll's
    root.locator(".rb-widget__roll").click()
    expect(output.locator(".rb-rolled__outcome")).to_be_visible(timeout=TIMEOUT)
    return output


def line_dice(line: Locator) -> tuple[list[str], list[str], int]:
    """A rolled line's kept dice, dropped dice (as shown) and total."""
    kept = line.locator(".rb-part--die").all_text_contents()
    dropped = line.locator(".rb-part--dropped").all_text_contents()
    total = int((line.locator(".rb-total").text_content() or "").removeprefix("= "))
    return kept, dropped, total


def cell_titles(root: Locator, row_header: str) -> list[str]:
    """The exact fractions (cell titles) of the answer's table row headed ``row_header``."""
    row = root.locator(".rb-widget__panel tr", has=root.page.locator(f'th:text-is("{row_header}")'))
    return [t or "" for t in row.locator("td").evaluate_all("cells => cells.map(c => c.title)")]


def wait_idle(root: Locator) -> None:
    """Wait until the widget has no question out to Python, nor one waiting on a pause in typing."""
    expect(root).not_to_have_attribute("aria-busy", "true", timeout=TIMEOUT)


# Layout, measured in the page: the tests compare boxes, not pixels of screenshots.

LABEL_TOPS_BY_LINE = """root => {
  const lines = new Map();
  for (const field of root.querySelectorAll('.rb-widget__fields > .rb-field:not([hidden])')) {
    const label = field.querySelector(':scope > .rb-field__label');
    if (!label || field.querySelector(':scope > input[type=checkbox]')) continue;
    const line = Math.round(field.getBoundingClientRect().top);
    const top = Math.round(label.getBoundingClientRect().top * 10) / 10;
    lines.set(line, [...(lines.get(line) || []), top]);
  }
  return [...lines.values()];
}"""
"""Each line of a widget's fields: the tops of its labels (check boxes aside)."""

ACTION_HEIGHTS = """root => [...root.querySelectorAll(
  '.rb-widget__actions > button, .rb-widget__actions > label.md-button'
)].map(b => Math.round(b.getBoundingClientRect().height * 10) / 10)"""
"""The heights of the buttons in a widget's action bar."""

COLUMN_MISALIGNMENTS = """root => {
  // For each column of each table: the header's text and a body cell's text must line up
  // on the side the body cell is aligned to (right for numbers, left for names).
  const textBox = (cell) => {
    // A control (a sheet row's Roll button) lines up by its box: its text sits in padding.
    const control = cell.querySelector('button');
    if (control) return control.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(cell);
    const rects = [...range.getClientRects()];
    return rects.length ? rects[rects.length - 1] : null;
  };
  const out = [];
  for (const table of root.querySelectorAll('.rb-widget__panel table')) {
    // A table drawn as cards on a phone shows no header row: each value carries its name.
    if (table.tHead && table.tHead.getBoundingClientRect().width <= 1) continue;
    // Every cell of the header row, so that column i is column i (a blank heading is a td).
    const heads = [...table.querySelectorAll('thead tr > *')];
    const row = table.querySelector('tbody tr');
    if (!row) continue;
    heads.forEach((th, i) => {
      const td = row.children[i];
      if (!td || !th.textContent.trim() || !td.textContent.trim()) return;
      // A sheet's roll button: its word sits inside the button's padded border, so it is
      // the button, not its text, that lines up under "Roll".
      const button = td.querySelector('.rb-check');
      const a = textBox(th), b = button ? button.getBoundingClientRect() : textBox(td);
      const side = getComputedStyle(td).textAlign === 'right' ? 'right' : 'left';
      const gap = Math.abs(a[side] - b[side]);
      const where = `${table.caption?.textContent}: column ${i + 1}`;
      if (gap > 1.5) out.push(`${where} ${side} edges ${gap.toFixed(1)} px apart`);
    });
  }
  return out;
}"""
"""Every table column whose header is not aligned with its cells, described."""

WRAPPED_ROWS = """root => [...root.querySelectorAll('.rb-row')].filter(row => {
  const tops = [...row.children].map(c => Math.round(c.getBoundingClientRect().bottom));
  return Math.max(...tops) - Math.min(...tops) > 1;
}).map(row => row.getAttribute('aria-label'))"""
"""The rows whose cells do not end on one line (their controls wrapped)."""


def chart_text_heights(chart: Locator) -> list[float]:
    """The rendered heights of a chart's texts (ticks, axis title, legend)."""
    return list(
        chart.evaluate(
            "svg => [...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect().height)"
        )
    )


OVERLAPPING_CELLS = """root => {
  // A cell's extent: its box and any text that overflows it.
  const extent = (cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const rects = [cell.getBoundingClientRect(), ...range.getClientRects()];
    return {
      left: Math.min(...rects.map(r => r.left)), right: Math.max(...rects.map(r => r.right)),
      top: Math.min(...rects.map(r => r.top)), bottom: Math.max(...rects.map(r => r.bottom)),
    };
  };
  const out = [];
  for (const row of root.querySelectorAll('.rb-row')) {
    const cells = [...row.children].map(extent);
    cells.forEach((a, i) => cells.slice(i + 1).forEach((b, j) => {
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      const where = row.getAttribute('aria-label');
      if (x > 0.5 && y > 0.5) out.push(`${where}: cells ${i + 1} and ${i + j + 2}`);
    }));
  }
  return out;
}"""
"""Every pair of cells in a row whose boxes or text overlap, described."""


def copy_roll_link(page: Page, share: Locator) -> str:
    """Press a roll's "Share this roll" (in ``share``) and return the link it copied."""
    share.get_by_role("button", name="Share this roll").click()
    expect(share.locator(".rb-share__said")).to_have_text("Link copied")
    link: str = page.evaluate("navigator.clipboard.readText()")
    return link
