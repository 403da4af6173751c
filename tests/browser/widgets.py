"""Driving system widgets in the browser: set fields, wait for Python's answer, read rolls."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

TIMEOUT = 30_000


def widget(page: Page, name: str, index: int = 0) -> Locator:
    """The ``index``-th widget called ``name`` on the page, once its form is live."""
    root = page.locator(f'[data-widget="{name}"]').nth(index)
    expect(root.locator(".rb-widget__form")).to_be_visible(timeout=TIMEOUT)
    return root


def set_field(root: Locator, name: str, value: str | bool) -> None:
    """Change a top-level field as a reader would (type, pick or tick)."""
    control = root.locator(f'[data-field="{name}"]')
    tag = control.evaluate("c => c.tagName + ':' + (c.type || '')")
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
