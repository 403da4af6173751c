"""Playing a character at the table, as a player does on a phone: helpers for the Play pages.

A Play page is opened at 390 x 844 in a context whose service worker may save the
site, so that a test can go offline and carry on. The roster (characters.js) is
driven through its own controls: the "Playing as" list, New, Delete and Undo.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import Choice, Flag, Number, Text
from tests.browser.widgets import NEXT_FRAME, TIMEOUT, set_field, wait_idle, widget
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
SHEETS = {
    "wodu": "wodu-builder",
    "peupfudge": "peupfudge-xp-panel",
    "d10-0": "d10-0-builder",
    "2d6": "2d6-builder",
    "danger-world": "danger-world-sheet",
}
"""Each section's Play-page sheet."""


@contextmanager
def phone_context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh phone-sized context whose service worker may keep the site offline."""
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    try:
        yield context
    finally:
        context.close()


def open_play(context: BrowserContext, server: SiteServer, system: str, sheet: str) -> Page:
    """Open ``/<system>/play/`` and return the page once its sheet is live and Python has
    answered it. Its service worker saves the site meanwhile, while the test plays;
    :func:`go_offline` waits for that before it cuts the network."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    open_sheet(page, server, sheet, system)
    return page


def visit_and_save(context: BrowserContext, url: str) -> Page:
    """Open ``url`` and wait until the footer says the site is available offline."""
    page = context.new_page()
    page.goto(url)
    expect(page.locator(".rb-offline__status")).to_have_text("Available offline", timeout=SAVED)
    return page


def roll_inline(page: Page) -> str:
    """Press the page's first roll button; return its answer's text once it is shown."""
    button = page.locator("button[data-roll]").first
    button.click()
    output = page.locator(f'output[for="{button.get_attribute("id")}"]')
    expect(output.locator(".rb-total, .rb-rolled__outcome").first).to_be_visible(timeout=TIMEOUT)
    return output.inner_text()


def go_offline(page: Page, context: BrowserContext) -> None:
    """Wait until the page says the site is available offline, then cut the network."""
    expect(page.locator(".rb-offline__status")).to_have_text("Available offline", timeout=SAVED)
    context.set_offline(True)


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


def edit(root: Locator) -> None:
    """Open the sheet's Edit mode (its setup, and the tracked numbers typed or stepped)."""
    setup = root.locator(".rb-widget__setup")
    if setup.count() and setup.get_attribute("open") is None:
        setup.locator("> summary").click()
        expect(setup).to_have_attribute("open", "")


def tap(root: Locator, field: str, step: int = 1) -> None:
    """Tap a tracked value's + (or −) once, in Edit mode, and wait until it is saved and
    answered (in play mode its boxes are tapped instead: see :func:`boxes_ticked`)."""
    edit(root)
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
    """Reload the page (with the network cut off first, given the ``offline`` context,
    once the site is saved for offline use).

    Once saved, the service worker serves every file of the site from its copy
    (sw.js precaches them all, cache first), online or not: a reload with the network
    cut is also what a reload online would be, so a test that goes offline need not
    reload online first to prove that what it did was kept."""
    if offline is not None:
        go_offline(page, offline)
    page.reload()
    return widget(page, sheet)


KEPT_DECODED = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith('rollbook.decoded '));
  if (names.length !== 1) return [];
  const cache = await caches.open(names[0]);
  const kept = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    kept.push([request.url.split('/').pop(), response.headers.get('X-Rollbook-Build')]);
  }
  return kept.sort();
}"""
"""The runtime a visit kept decoded (docs/assets/rollbook/decoded-cache.mjs): each entry's
name and the build its header names, sorted ([] unless the site has one such cache)."""

STORE_ONLY = """stored => {
  localStorage.clear();
  for (const [key, text] of Object.entries(stored)) localStorage.setItem(key, text);
}"""


def keep(page: Page, stored: dict[str, str]) -> None:
    """Put ``stored`` (key: text) in the site's storage as the only things kept, and reload."""
    page.evaluate(STORE_ONLY, stored)
    page.reload()


def kept_before(page: Page, server: SiteServer, stored: dict[str, str]) -> None:
    """Put ``stored`` (key: text) in the site's storage as the only things kept, before
    the page that reads it is opened: from the 404 page, which starts no Python (a reader
    who kept it on an earlier visit), rather than from that page and a reload, which
    would start its Python twice."""
    page.goto(server.url + "404.html")
    page.evaluate(STORE_ONLY, stored)


def kept(page: Page, key: str) -> str | None:
    text: str | None = page.evaluate("key => localStorage.getItem(key)", key)
    return text


# The sheet at the table (issue 29): a compact sheet whose rows roll into a result panel.

ROW_ROLLS = ".rb-sheet__row > .rb-check, .rb-sheet__row > .rb-choose"
"""Each row's Roll (a row with a choice of checks opens them first)."""

FIRST_SEEN = f"""(() => {{
  const look = () => {{
    const roll = document.querySelector({json.dumps(ROW_ROLLS)});
    if (roll) window.__rollbookFirstSeen = roll.getBoundingClientRect().top + scrollY;
    else requestAnimationFrame(look);
  }};
  requestAnimationFrame(look);
}})();"""
"""An init script: where the sheet's first Roll is on the page in the first frame that
has it (in the page as built, before the page's scripts mount it). Read by :data:`MOVED`."""

MOVED = f"""() => {{
  const roll = document.querySelector({json.dumps(ROW_ROLLS)});
  return roll.getBoundingClientRect().top + scrollY - window.__rollbookFirstSeen;
}}"""
"""How far down that Roll has moved since: what the page's scripts put above it once they
start (tests/browser/test_play_sheets.py; scripts/bench prints it for each Play page)."""

ASKED = """(() => {
  const post = Worker.prototype.postMessage;
  window.__rollbookAsked = [];
  window.__rollbookOrder = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.op) {
      if (!this.__rollbookHeard) {
        this.__rollbookHeard = true;
        this.addEventListener('message', ({ data }) => {
          if (typeof data?.id === 'number') window.__rollbookOrder.push(['answered', data.id]);
        });
      }
      const { name, action } = message.args || {};
      window.__rollbookAsked.push([message.op, name, action].filter(Boolean).join(" "));
      const later = Boolean(message.later);
      window.__rollbookOrder.push(['asked', message.id, action || message.op, later]);
    }
    return post.call(this, message, ...rest);
  };
})();"""
"""An init script: what the page asks of Python (``window.__rollbookAsked``: "op name
action" for each request posted to its worker), and its asks (id, action, marked later)
and answers (id) in the order they happened (``window.__rollbookOrder``)."""

ON_SCREEN = """([panel, row]) => {
  // The result panel wholly inside the viewport, and the row just tapped above it, below
  // Material's header: both seen without scrolling.
  const p = panel.getBoundingClientRect(), r = row.getBoundingClientRect();
  const header = document.querySelector('.md-header');
  const top = header ? header.getBoundingClientRect().bottom : 0;
  const out = [];
  if (p.top < 0 || p.bottom > innerHeight + 0.5 || p.left < 0 || p.right > innerWidth + 0.5)
    out.push(`the result panel is at ${Math.round(p.top)}..${Math.round(p.bottom)}, `
      + `the screen 0..${innerHeight}`);
  if (r.top < top - 0.5 || r.bottom > p.top + 0.5)
    out.push(`the row is at ${Math.round(r.top)}..${Math.round(r.bottom)}, `
      + `not between ${Math.round(top)} and the panel at ${Math.round(p.top)}`);
  return out;
}"""

SMALL_TARGETS = """root => [...root.querySelectorAll(
  'button, select, input, summary, label.md-button'
)].filter((c) => c.getClientRects().length && getComputedStyle(c).visibility !== 'hidden')
.map((c) => {
  // A check box's target is the line of its label, which toggles it too; a file input
  // drawn as its label (Import), that label.
  const labelled = c.type === 'checkbox' || c.classList.contains('rb-visually-hidden');
  const target = labelled ? (c.closest('label, .rb-field') ?? c) : c;
  const r = target.getBoundingClientRect();
  const name = c.getAttribute('aria-label') || c.textContent.trim() || c.dataset.field || c.tagName;
  const small = r.width < 43.5 || r.height < 43.5;
  return small ? `${name}: ${r.width.toFixed(0)} x ${r.height.toFixed(0)}` : null;
}).filter(Boolean)"""
"""The controls of a widget smaller than a finger's 44 x 44 px, described."""


def open_sheet(page: Page, server: SiteServer, sheet: str, section: str) -> Locator:
    """Open ``/<section>/play/`` in ``page`` and return its sheet once Python has answered."""
    page.goto(f"{server.url}{section}/play/")
    root = widget(page, sheet)
    page.wait_for_function("window.rollbook?.state.status === 'ready'", timeout=TIMEOUT)
    wait_idle(root)
    return root


def play_height(root: Locator) -> float:
    """The sheet's height with its setup folded away (play mode), in CSS pixels."""
    expect(root.locator(".rb-widget__setup")).not_to_have_attribute("open", "")
    return float(root.evaluate("w => w.getBoundingClientRect().height"))


def roll_row(root: Locator, index: int) -> Locator:
    """Tap the Roll of the sheet's ``index``-th row (the first of its choices, if it
    offers several); return the row once its result is shown."""
    output = root.locator(".rb-widget__checked")
    if output.count():
        output.evaluate("o => o.replaceChildren()")  # so that the next answer is this roll's
    button = root.locator(ROW_ROLLS).nth(index)
    row = root.locator(".rb-sheet__row").nth(index)
    # As a player scrolls: the row to the middle of the screen, above a result still shown.
    button.evaluate("b => b.scrollIntoView({ block: 'center', behavior: 'instant' })")
    choices = "rb-choose" in (button.get_attribute("class") or "")
    if not choices or button.get_attribute("aria-expanded") != "true":
        button.click()  # (a row's choices already open stay open)
    if choices:
        row = row.locator(".rb-sheet__choice").first
        row.locator(".rb-check").click()
    expect(output.locator(".rb-rolled__outcome")).to_be_visible(timeout=TIMEOUT)
    wait_idle(root)
    carried = root.page.locator(".rb-widget__checks--pinned > .rb-widget")
    if carried.count():  # the widget carrying the roll on has answered too
        wait_idle(carried.first)
    root.page.evaluate(NEXT_FRAME)
    return row


def result_off_screen(root: Locator, row: Locator) -> list[str]:
    """How the result panel or the row tapped is out of sight (nothing: both in view)."""
    panel = root.page.locator(".rb-widget__checks--pinned")
    expect(panel).to_be_visible()
    handles = [panel.element_handle(), row.element_handle()]
    found: list[str] = root.page.evaluate(ON_SCREEN, handles)
    return found


def chances_shown(root: Locator) -> dict[str, tuple[str, str]]:
    """Each row's (and choice's) check: the chance beside it and its exact answer."""
    shown: dict[str, tuple[str, str]] = root.evaluate(
        """root => Object.fromEntries([...root.querySelectorAll(
          '.rb-sheet__row > .rb-check, .rb-sheet__choice > .rb-check'
        )].map((b) => {
          const c = b.parentElement.querySelector(':scope > .rb-chance');
          return [b.dataset.check, [c?.dataset.chance ?? '', c?.dataset.exact ?? '']];
        }))"""
    )
    return {key: (chance, exact) for key, (chance, exact) in shown.items()}


def sheet_values(root: Locator) -> dict[str, object]:
    """The values the sheet saved at once, as the page keeps them."""
    store = root.get_attribute("data-store")
    text = kept(root.page, f"rollbook:widget:{store}")
    assert text is not None, f"nothing kept for {store}"
    values: dict[str, object] = json.loads(text)
    return values


def boxes_ticked(track: Locator) -> int:
    """How many of a track's boxes are ticked."""
    return track.locator(".rb-boxes__box--filled").count()


def tick(root: Locator, track: Locator) -> None:
    """Tap the first empty box of a track in play (the leftmost fills, as on paper) and
    wait until it is ticked and saved."""
    ticked = boxes_ticked(track)
    track.locator(".rb-boxes__box:not(.rb-boxes__box--filled)").first.click()
    expect(track.locator(".rb-boxes__box--filled")).to_have_count(ticked + 1, timeout=TIMEOUT)
    wait_idle(root)


def undo_beside(root: Locator, track: Locator, before: int) -> None:
    """Press the Undo beside a track just tapped (it stays there until the next change)
    and wait until the track is back to ``before`` boxes ticked, and saved."""
    undo = track.locator(".rb-boxes__undo").get_by_role("button", name="Undo")
    expect(undo).to_be_visible()
    undo.click()
    expect(track.locator(".rb-boxes__box--filled")).to_have_count(before, timeout=TIMEOUT)
    wait_idle(root)


def difficulties(sheet: str, values: dict[str, Any]) -> tuple[str, list[str | bool]]:
    """The first play field the sheet's checks are rolled against (a difficulty, a DC...)
    and every other value it may take near ``values``'s (a choice's options, a number's
    neighbours up to 6 away, a flag's other state)."""
    widget = WIDGETS[sheet]
    unused = set(widget.panel(values)["unused"])
    for field in widget.fields:
        if field.name not in widget.play_fields or field.name in unused:
            continue
        now = values[field.name]
        if isinstance(field, Choice):
            return field.name, [v for v, _ in field.options if v != now]
        if isinstance(field, Number):
            near = range(max(field.minimum, now - 6), min(field.maximum, now + 6) + 1)
            return field.name, [str(n) for n in near if n != now]
        if isinstance(field, Flag):
            return field.name, [not now]
        if isinstance(field, Text) and field.options:
            return field.name, [v for v, _ in field.options if v != now]
    raise AssertionError(f"{sheet} keeps no difficulty at hand to change")


def another_difficulty(sheet: str, values: dict[str, Any]) -> tuple[str, str | bool]:
    """A play field (what the checks are rolled against) and another value for it."""
    field, others = difficulties(sheet, values)
    return field, others[0]
