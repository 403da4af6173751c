"""Playing a character at the table, as a player does on a phone: helpers for the Play pages.

A Play page is opened at 390 x 844 in a context whose service worker may save the
site, so that a test can go offline and carry on. The roster (characters.js) is
driven through its own controls: the "Playing as" list, New, Delete and Undo.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.browser.widgets import TIMEOUT, set_field, wait_idle, widget
from tests.sitesrv import SiteServer

PHONE = {"width": 390, "height": 844}
LOG_ENTRY = {
    "id": "1764200000000-abc123",
    "time": 1764200000000,
    "source": "inline",
    "what": "2d6",
    "dice": "[3] [4]",
    "total": "7",
    "outcome": "",
    "said": "Rolled 2d6: 7",
}
"""A roll log entry as log.js keeps it (``rollbook:log``), for tests that store one."""
SAVED = 120_000  # saving the site for offline use, on a machine busy with other tests


@contextmanager
def phone_context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh phone-sized context whose service worker may keep the site offline."""
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    try:
        yield context
    finally:
        context.close()


def open_play(context: BrowserContext, server: SiteServer, system: str, sheet: str) -> Page:
    """Open ``/<system>/play/``, wait until it is available offline, and return the page."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(f"{server.url}{system}/play/")
    expect(page.locator(".rb-offline__status")).to_have_text("Available offline", timeout=SAVED)
    widget(page, sheet)
    return page


def roster(root: Locator) -> Locator:
    """The "Playing as" list of a sheet."""
    return root.locator(".rb-roster__select")


def names(root: Locator) -> list[str]:
    """The characters the sheet keeps, in order."""
    return [n.strip() for n in roster(root).locator("option").all_text_contents()]


def playing(root: Locator) -> str:
    """The character being played, as the list shows it."""
    return str(roster(root).evaluate("s => s.selectedOptions[0].textContent")).strip()


def name_character(root: Locator, name_field: str, name: str) -> None:
    """Type the played character's name and wait until the list shows it."""
    set_field(root, name_field, name)
    expect(roster(root).locator("option:checked")).to_have_text(name, timeout=TIMEOUT)
    wait_idle(root)


def new_character(root: Locator, name_field: str, name: str) -> None:
    """Press New and name the new character."""
    root.locator('[data-roster="new"]').click()
    expect(root.locator(".rb-roster__said")).to_contain_text("A new character")
    name_character(root, name_field, name)


def play_as(root: Locator, name: str) -> None:
    """Switch to the character called ``name``."""
    roster(root).select_option(label=name)
    expect(root.locator(".rb-roster__said")).to_contain_text(f"Playing as {name}")
    wait_idle(root)


def roll_check(root: Locator, key: str) -> str:
    """Press a sheet row's roll button; return the answer's text once it is shown."""
    output = root.locator(".rb-widget__checked")
    if output.count():
        output.evaluate("o => o.replaceChildren()")  # so that the next answer is this roll's
    root.locator(f'button.rb-check[data-check="{key}"]').click()
    expect(output.locator(".rb-rolled__outcome")).to_be_visible(timeout=TIMEOUT)
    return output.inner_text()


def tap(root: Locator, field: str, step: int = 1) -> None:
    """Tap a tracked value's + (or −) once and wait until it is saved and answered."""
    box = root.locator(f".rb-field--{field}")
    before = int(box.locator("input").input_value())
    box.locator(f'.rb-step[data-step="{step}"]').click()
    expect(box.locator("input")).to_have_value(str(before + step))
    wait_idle(root)


def tracked(root: Locator, field: str) -> int:
    """A tracked value as the sheet shows it."""
    return int(root.locator(f".rb-field--{field} input").input_value())


def two_characters(page: Page, sheet: str, name_field: str, first: str, second: str) -> Locator:
    """Name the played character ``first``, make a second, then play the first again."""
    root = widget(page, sheet)
    name_character(root, name_field, first)
    new_character(root, name_field, second)
    assert names(root) == [first, second]
    play_as(root, first)
    return root


def reloaded(page: Page, sheet: str, *, offline: BrowserContext | None = None) -> Locator:
    """Reload the page (with the network cut off first, given the ``offline`` context)."""
    if offline is not None:
        offline.set_offline(True)
    page.reload()
    return widget(page, sheet)


def keep(page: Page, stored: dict[str, str]) -> None:
    """Put ``stored`` (key: text) in the site's storage as the only things kept, and reload."""
    page.evaluate(
        """stored => {
          localStorage.clear();
          for (const [key, text] of Object.entries(stored)) localStorage.setItem(key, text);
        }""",
        stored,
    )
    page.reload()


def kept(page: Page, key: str) -> str | None:
    text: str | None = page.evaluate("key => localStorage.getItem(key)", key)
    return text
