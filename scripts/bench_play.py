"""The Play pages on a phone: each roller's height at 390 px and the first roll from a sheet;
each sheet's height in play mode and the time its chances take (issue 29).

Issue 17 asks for the height of each Play page's roller area at 390 px (its dice, its
actions and its outcome are meant to be on screen together) and for the first roll
made from a Play page, cold (an empty cache) and on a revisit: the time from
navigation until a sheet row's check is answered, the button pressed as soon as the
page has made it live. Run alone with ``python -m scripts.bench_play``.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from scripts import tasks
from tests.browser.play import FIRST_SEEN, KEPT_DECODED, MOVED, difficulties
from tests.sitesrv import CHROMIUM_ARGS, SiteServer, launch

PHONE = {"width": 390, "height": 844}

ROLLERS: dict[str, str] = {
    "wodu": "wodu-check",
    "peupfudge": "peupfudge-action",
    "d10-0": "d10-0-check",
    "2d6": "2d6-check",
    "danger-world": "danger-world-roller",
}
"""Each system's Play page (its section) and the roller widget on it."""

COLD_MS = 900.0
REVISIT_MS = 700.0
"""The site's targets for a first roll after navigation (scripts/bench), cold and revisit."""

SHEETS: dict[str, str] = {
    "wodu": "wodu-builder",
    "peupfudge": "peupfudge-xp-panel",
    "d10-0": "d10-0-builder",
    "2d6": "2d6-builder",
    "danger-world": "danger-world-sheet",
}
"""Each system's Play page (its section) and the character sheet on it."""

CHANCES_MS = 50.0
"""The target for all the chances of one sheet, in one answer from Python in the browser."""
SHEET_PX = 1700.0
"""The tallest a sheet may be in play mode at 390 px (issue 29)."""

CHECK = ".rb-sheet__row > .rb-check:not([disabled]), .rb-sheet__row > .rb-choose:not([disabled])"
"""A sheet row's Roll: its check, or the choice of checks it opens first (Danger World's
stats: which pair to roll)."""
ANSWERED = ".rb-widget__checked .rb-rolled__outcome, .rb-widget__rolled .rb-rolled__outcome"


ROLL = ".rb-widget__roll, .rb-widget__act[data-act='roll']"
"""A roller's own roll button (Danger World's first action is its Roll)."""


def roller_heights(page: Page, widget: str) -> tuple[float, float]:
    """After one roll of the roller's own: its whole height, and the height from the top of
    its form to the bottom of its outcome (the dice, the actions and what they made)."""
    root = page.locator(f'[data-widget="{widget}"]').first
    root.locator(".rb-widget__form").wait_for(state="visible", timeout=120_000)
    root.locator(ROLL).first.click()
    page.wait_for_function(
        "w => !w.hasAttribute('aria-busy')", arg=root.element_handle(), timeout=120_000
    )
    page.wait_for_timeout(300)
    reach: float = root.evaluate(
        """(w) => {
            const top = w.querySelector('.rb-widget__form').getBoundingClientRect().top;
            const parts = [...w.querySelectorAll('.rb-widget__actions, .rb-widget__rolled')]
              .filter((e) => e.getClientRects().length)
              .map((e) => e.getBoundingClientRect().bottom);
            return Math.max(...parts) - top;
        }"""
    )
    box = root.bounding_box()
    return (float(box["height"]) if box else float("nan")), reach


def settle(page: Page) -> None:
    """Let a first visit settle before its revisit, as a reader's later visit finds it:
    its offline copy saved (saving competes for the CPU while it lasts) and the runtime
    kept decoded (docs/assets/rollbook/decoded-cache.mjs). The service worker is then
    unregistered, so that the revisit is served by the HTTP cache: the offline copy has
    rows of its own (scripts/bench measure_offline)."""
    page.wait_for_function(
        "['ready', 'none', 'failed'].includes(window.rollbookOffline.state)", timeout=300_000
    )
    kept(page)
    page.evaluate(
        "navigator.serviceWorker.getRegistrations()"
        ".then((rs) => Promise.all(rs.map((r) => r.unregister())))"
    )


def kept(page: Page) -> None:
    """Wait (up to 30 s) until the page's worker has kept the runtime decoded."""
    deadline = time.monotonic() + 30
    while len(page.evaluate(KEPT_DECODED)) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(100)


SHOWN = """selector => {
  const found = document.querySelector(selector);
  return found && found.getClientRects().length ? performance.now() : 0;
}"""
"""When what ``selector`` finds is shown on the page (ms after navigation), or 0 before."""


def first_check(page: Page, url: str) -> float:
    """Open ``url`` and press its first sheet check as soon as it is live: ms to the answer.

    Each wait is the page's own, frame by frame (``wait_for_function``): a locator's wait
    asks again at growing intervals, up to 500 ms apart, and the answer or the button
    could be there that long before it looked."""
    page.goto(url, wait_until="commit")
    page.wait_for_function(SHOWN, arg=CHECK, timeout=120_000)
    roll = page.locator(CHECK).first
    roll.click(timeout=120_000)
    if "rb-choose" in (roll.get_attribute("class") or ""):  # its first choice, as a player
        choice = ".rb-sheet__row--choices .rb-sheet__choice .rb-check"
        page.wait_for_function(SHOWN, arg=choice, timeout=120_000)
        page.locator(choice).first.click()
    return float(page.wait_for_function(SHOWN, arg=ANSWERED, timeout=120_000).json_value())


def browser_rows(
    browser: Browser, server: SiteServer, runs: int
) -> tuple[dict[str, tuple[float, float]], list[tuple[str, float, float | None]]]:
    """Each Play page's roller heights in px (whole, and form to outcome: see
    :func:`roller_heights`), and rows of (measure, median ms, target ms)."""
    heights: dict[str, tuple[float, float]] = {}
    rows: list[tuple[str, float, float | None]] = []
    for section, widget in ROLLERS.items():
        url = f"{server.url}{section}/play/"
        cold: list[float] = []
        revisit: list[float] = []
        for _ in range(runs):
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()
            cold.append(first_check(page, url))
            heights[section] = roller_heights(page, widget)
            settle(page)  # as on the Dice page's revisit (scripts/bench)
            again = context.new_page()
            page.close()
            revisit.append(first_check(again, url))
            context.close()
        rows += [
            (f"{section} Play page: first sheet check (cold)", statistics.median(cold), COLD_MS),
            (
                f"{section} Play page: first sheet check (revisit)",
                statistics.median(revisit),
                REVISIT_MS,
            ),
        ]
    return heights, rows


ASK_SHOW = """async ([name, values]) => {
  const t = performance.now();
  await window.rollbook.ask('widget', { name, action: 'show', values, previous: values });
  return performance.now() - t;
}"""


def sheet_rows(
    browser: Browser, server: SiteServer, runs: int
) -> list[tuple[str, float, float | None]]:
    """Each sheet's height in play mode at 390 px, how far its first Roll moves as the page's
    scripts start (:data:`MOVED`, no target: a player who reaches for it first sees it
    move), and the time Python takes in the browser to answer it for a difficulty not asked
    before (every chance of the sheet, in one answer): rows of (measure, median, target)."""
    rows: list[tuple[str, float, float | None]] = []
    for section, sheet in SHEETS.items():
        context = browser.new_context(viewport=PHONE)
        context.add_init_script(FIRST_SEEN)
        page = context.new_page()
        page.goto(f"{server.url}{section}/play/")
        root = page.locator(f'[data-widget="{sheet}"]').first
        page.wait_for_function("window.rollbook?.state.status === 'ready'", timeout=120_000)
        page.wait_for_function("w => w.dataset.rbMounted", arg=root.element_handle())
        height = float(root.evaluate("w => w.getBoundingClientRect().height"))
        moved = float(page.evaluate(MOVED))
        values = json.loads(root.get_attribute("data-values") or "{}")
        field, others = difficulties(sheet, values)
        took = [
            float(page.evaluate(ASK_SHOW, [sheet, {**values, field: value}]))
            for value in others[: max(runs, 3)]
        ]
        context.close()
        rows += [
            (f"{section} sheet in play mode at 390 px (px)", height, SHEET_PX),
            (f"{section} sheet's first Roll, moved as the page's scripts start (px)", moved, None),
            (f"{section} sheet's chances, a new {field} (ms)", statistics.median(took), CHANCES_MS),
        ]
    return rows


GM_TABLES: dict[str, str] = {section: f"{section}-gm" for section in SHEETS}
"""Each system's GM page (its section) and its table widget."""

FIRST_GM_ROLL = """async () => {
  const check = await new Promise((found) => {
    const look = () => {
      const button = document.querySelector('.rb-group .rb-choose:not([disabled])');
      if (button) found(button); else requestAnimationFrame(look);
    };
    look();
  });
  check.click();
  const choice = check.parentElement.querySelector('.rb-sheet__choice .rb-check');
  choice.click();
  await new Promise((done) => {
    const look = () => {
      if (document.querySelector('.rb-widget__checks--pinned .rb-rolled__outcome')) done(null);
      else requestAnimationFrame(look);
    };
    look();
  });
  return performance.now();
}"""


def gm_rows(
    browser: Browser, server: SiteServer, runs: int
) -> list[tuple[str, float, float | None]]:
    """Each GM page's first roll after navigation (an NPC's check from its line), with a
    table already kept in this browser: rows of (measure, median ms, target ms)."""
    from rules_py.widgets import WIDGETS
    from rules_py.widgets._fields import read_values

    rows: list[tuple[str, float, float | None]] = []
    for section, name in GM_TABLES.items():
        gm = WIDGETS[name]
        values, _ = read_values(gm.fields, {"npc_name": "Guard", "npc_count": 2})
        values = {**values, **gm.panel(values, values, act="add_npc")["set"]}
        stored = json.dumps(values)
        took: list[float] = []
        for _ in range(runs):
            context = browser.new_context(viewport=PHONE)
            context.add_init_script(
                f"localStorage.setItem('rollbook:widget:{section}-gm-table', {json.dumps(stored)})"
            )
            page = context.new_page()
            page.goto(f"{server.url}{section}/gm/", wait_until="commit")
            took.append(float(page.evaluate(FIRST_GM_ROLL)))
            context.close()
        rows.append((f"{section} GM page: first roll (ms)", statistics.median(took), COLD_MS))
    return rows


def main(argv: Sequence[str]) -> None:
    runs = int(argv[0]) if argv else 3
    with tempfile.TemporaryDirectory() as site:
        tasks.generate(Path(site), None, "mkdocs", tasks.RUNTIME)  # as scripts/build makes them
        with SiteServer(Path(site)) as server, sync_playwright() as p:
            browser = launch(p, CHROMIUM_ARGS)  # bypassing the pages' policy: see launch
            heights, rows = browser_rows(browser, server, runs)
            rows += sheet_rows(browser, server, runs)
            rows += gm_rows(browser, server, runs)
            for section, (whole, reach) in heights.items():
                print(
                    f"{section} Play page roller at 390 px: {whole:.0f} px, "
                    f"{reach:.0f} px from its form to its outcome"
                )
            for name, measured, target in rows:
                print(f"{name}: {measured:.0f}" + (f" (target <= {target:g})" if target else ""))
            browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
