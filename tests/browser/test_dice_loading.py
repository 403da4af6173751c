"""Getting the dice ready: progress on a slow start, "Dice unavailable" and Retry on a failed one.

Python's start-up downloads the runtime (``pyodide.asm.wasm``, stored as a Zstandard
frame, the standard library), then either the memory snapshot or, when the snapshot
cannot be used, the wheels.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from scripts import tasks
from tests.browser.axe import SETTLED
from tests.browser.play import ASKED, KEPT_DECODED, ROW_ROLLS, SHEETS, STORE_ONLY
from tests.browser.widgets import MATERIAL_RAN, TIMEOUT, release, wait_until
from tests.site_config import published
from tests.sitesrv import Hold, SiteServer

WASM = "**/runtime/pyodide.asm.wasm.zst"
SNAPSHOT = "**/runtime/rollbook.snapshot.zst"
DECODER = "**/runtime/zstd.wasm"
WHEEL = "**/runtime/rules_py-*.whl"
STDLIB = "**/runtime/python_stdlib.zip"


@pytest.fixture
def held_wasm(hold: Callable[..., Hold]) -> Hold:
    """The runtime's download held back at the test server, not by routing it in the
    browser: the decoder's nested worker fetches it as it starts, and Playwright's routes
    can miss such a request (a roll was then made at once, CI at 6b67cfb)."""
    return hold(WASM)


def click_roll(page: Page, expr: str = "d20") -> tuple[Locator, Locator]:
    button = page.locator(f"button[data-roll='{expr}']").first
    button.click()
    return button, page.locator(f'output[for="{button.get_attribute("id")}"]')


def expect_unavailable(page: Page, output: Locator, button: Locator) -> None:
    """The one-line failed state: the words, a Retry button, and nothing still busy."""
    expect(output).to_contain_text("Dice unavailable", timeout=TIMEOUT)
    expect(output.get_by_role("button", name="Retry")).to_be_visible()
    expect(output).not_to_contain_text("Getting the dice ready")
    expect(button).not_to_have_attribute("aria-busy", "true")
    assert page.evaluate("window.rollbook.state.status") == "failed"
    assert page.locator("[aria-busy='true']").count() == 0
    assert (output.bounding_box() or {"height": 99})["height"] < 40  # one line


@pytest.mark.parametrize(
    "blocked",
    [[WASM], [DECODER], [SNAPSHOT, STDLIB], [SNAPSHOT, WHEEL]],
    ids=["wasm", "zstd decoder", "snapshot+stdlib", "snapshot+wheel"],
)
def test_a_failed_download_says_dice_unavailable_and_retry_loads_them(
    context: BrowserContext, server: SiteServer, hold: Callable[..., Hold], blocked: list[str]
) -> None:
    refused = [hold(pattern, refuse=True) for pattern in blocked]
    page = context.new_page()
    page.goto(server.url + "dice/")
    button, output = click_roll(page)
    expect_unavailable(page, output, button)
    # The tables built with the site are all still there.
    expect(page.locator("[data-odds] table").first).to_be_visible()
    # The connection comes back: Retry starts Python again and makes the roll asked for.
    for held in refused:
        server.unhold(held)
    output.get_by_role("button", name="Retry").click()
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    assert 1 <= int(output.locator(".rb-part--die").text_content() or 0) <= 20
    assert page.evaluate("window.rollbook.state.status") == "ready"


@pytest.mark.parametrize(
    ("blocked", "how"),
    [(SNAPSHOT, "fresh"), (WHEEL, "snapshot"), (STDLIB, "snapshot")],
    ids=[
        "no snapshot: Python loads afresh",
        "no wheel: the snapshot needs none",
        "no standard library: the snapshot holds what the widgets import",
    ],
)
def test_the_dice_start_without_a_download_they_can_do_without(
    context: BrowserContext, server: SiteServer, hold: Callable[..., Hold], blocked: str, how: str
) -> None:
    hold(blocked, refuse=True)
    page = context.new_page()
    page.goto(server.url + "dice/")
    _, output = click_roll(page)
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("window.rollbook.state.how") == how


def test_a_download_that_never_answers_times_out(
    context: BrowserContext, server: SiteServer, held_wasm: Hold
) -> None:
    """The runtime's download never answers (``held_wasm`` is never released)."""
    context.add_init_script("window.rollbookConfig = { loadTimeout: 3000 }")
    page = context.new_page()
    page.goto(server.url + "dice/")
    button, output = click_roll(page)
    expect(output).to_contain_text("Getting the dice ready")
    expect_unavailable(page, output, button)
    assert "nothing arrived for 3 s" in page.evaluate("window.rollbook.state.error")


@pytest.mark.parametrize(
    ("path", "root", "field", "status", "answer"),
    [
        ("dice/", "[data-odds='4dF']", "input[name=modifier]", ".rb-odds__status", "4dF+1"),
        (
            "wodu/damage/",
            "[data-widget='wodu-damage']",
            "[data-field='hero_power']",
            ".rb-widget__status",
            "rolls d10+1",
        ),
    ],
    ids=["odds figure", "widget"],
)
def test_inputs_say_dice_unavailable_with_retry(
    context: BrowserContext,
    server: SiteServer,
    hold: Callable[..., Hold],
    path: str,
    root: str,
    field: str,
    status: str,
    answer: str,
) -> None:
    refused = hold(WASM, refuse=True)
    page = context.new_page()
    page.goto(server.url + path)
    figure = page.locator(root)
    figure.locator(field).fill("1")
    said = figure.locator(status)
    expect(said).to_have_text("Dice unavailable. Retry", timeout=TIMEOUT)
    server.unhold(refused)
    said.get_by_role("button", name="Retry").click()
    expect(figure).to_contain_text(answer, timeout=TIMEOUT)
    expect(said).to_have_text("")


@pytest.mark.parametrize(
    ("path", "button", "output", "result"),
    [
        ("dice/", "button[data-roll='d20']", 'output[for="{id}"]', ".rb-total"),
        ("wodu/damage/", ".rb-widget__roll", ".rb-widget__rolled", ".rb-rolled__outcome"),
    ],
    ids=["inline roll", "widget roll"],
)
def test_the_wait_speaks_to_players_and_shows_progress(
    context: BrowserContext,
    server: SiteServer,
    held_wasm: Hold,
    path: str,
    button: str,
    output: str,
    result: str,
) -> None:
    """Inline and widget roll buttons wait alike: a spinning die, the megabytes so far
    of the megabytes a first visit needs, and then that the dice are starting."""
    page = context.new_page()
    page.goto(server.url + path)
    pressed = page.locator(button).first
    expect(pressed).to_be_enabled()
    pressed.click()
    shown = page.locator(output.format(id=pressed.get_attribute("id"))).first
    expect(shown).to_have_class(re.compile("rb-loading"))
    expect(pressed).to_have_attribute("aria-busy", "true")
    icon = pressed.locator(".rb-die-icon")
    assert icon.evaluate("i => getComputedStyle(i).animationName") == "rb-spin"
    # The snapshot arrives while the runtime is held back: the bytes so far, of their total.
    progress = re.compile(
        r"^Getting the dice ready… (\d+\.\d) of (\d+\.\d) MB \(first visit only\)$"
    )
    expect(shown).to_have_text(progress, timeout=TIMEOUT)
    found = progress.match(shown.inner_text())
    assert found and 0 < float(found[1]) < float(found[2])
    # The total is what the runtime's files weigh: the start-up's own downloads.
    assert 4 < float(found[2]) < 12
    assert "Python" not in page.locator("article").inner_text()
    # Once everything has arrived, the wait says the dice are starting, not silence.
    page.evaluate(
        """(output) => {
          window.seen = [];
          new MutationObserver(() => window.seen.push(output.textContent))
            .observe(output, { childList: true, characterData: true, subtree: true });
        }""",
        shown.element_handle(),
    )
    release(page, held_wasm)
    expect(shown.locator(result)).to_be_visible(timeout=TIMEOUT)
    assert "Getting the dice ready… downloaded, starting up" in page.evaluate("window.seen")
    expect(pressed).not_to_have_attribute("aria-busy", "true")


def _runtime_bytes(server: SiteServer, start: int) -> dict[str, int]:
    """What ``server`` sent of the runtime's files since ``start``, by name."""
    sent: dict[str, int] = {}
    for path, size in server.sent[start:]:
        if "/assets/rollbook/runtime/" in path:
            sent[path.rsplit("/", 1)[-1]] = sent.get(path.rsplit("/", 1)[-1], 0) + size
    return sent


@pytest.mark.parametrize("gzipping", [False, True], ids=["plain host", "gzipping host"])
def test_a_first_visit_downloads_the_packed_runtime_from_any_host(
    browser: Browser, built_site: tuple[Path, int], gzipping: bool
) -> None:
    """A host that compresses nothing sends the runtime packed all the same (its .zst
    and .gz files, as they are), and the worker decodes it: the first roll's bytes do not
    depend on the host (issue 16, item 22), but for Pyodide's JavaScript half, imported as
    the file it is, which a Content-Security-Policy of script-src 'self' allows (issue 28,
    item 9): a gzipping host sends it compressed."""
    site = built_site[0]
    manifest = json.loads((site / "assets/rollbook/runtime/manifest.json").read_text())
    with SiteServer(site, gzip=gzipping) as host:
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(host.url + "dice/")
        _, output = click_roll(page)
        expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
        assert page.evaluate("window.rollbook.state.how") == "snapshot"
        sent = _runtime_bytes(host, 0)
        context.close()
    # What the host sent each file with, as the server records it (the browser's own
    # response events can miss what a nested worker fetches as it starts).
    encodings = {path.rsplit("/", 1)[-1]: how for path, how in host.encodings.items()}
    encodings.update({name: "" for name in sent if name not in encodings})
    first_roll = ["pyodide.asm.wasm.zst", "pyodide-lock.json.gz"]
    for name in [*first_roll, manifest["snapshot"]]:
        stored = (site / "assets/rollbook/runtime" / name).stat().st_size
        assert sent[name] == manifest["sizes"][name] == stored
        assert encodings[name] == ""  # sent as stored, decoded by the worker
    # The decoder's own module, a wasm file like any other: a gzipping host compresses it.
    assert encodings["zstd.wasm"] == ("gzip" if gzipping else "")
    packed = (site / "assets/rollbook/runtime/pyodide.asm.wasm.zst").read_bytes()
    frames = manifest["frames"]["pyodide.asm.wasm.zst"]  # decoded and compiled as they arrive
    assert len(frames) > 1 and sum(stored for stored, _ in frames) == len(packed)
    wasm = tasks.unsqueeze(packed, frames)
    assert wasm[:4] == b"\0asm"
    assert manifest["unpacked"]["pyodide.asm.wasm.zst"] == len(wasm)
    assert not {"pyodide.asm.wasm", "pyodide.asm.mjs.gz", "pyodide-lock.json"} & set(sent)
    assert encodings["pyodide.asm.mjs"] == ("gzip" if gzipping else "")


SEARCH_INDEX = "/search/search_index.json"
READY = "window.rollbook && window.rollbook.state.status === 'ready'"


def _index_asked(context: BrowserContext) -> list[str]:
    asked: list[str] = []
    context.on("request", lambda r: asked.append(r.url) if r.url.endswith(SEARCH_INDEX) else None)
    return asked


def test_the_search_index_waits_for_the_dice_unless_the_reader_searches(
    context: BrowserContext, server: SiteServer, held_wasm: Hold
) -> None:
    """Material's search builds its index as the page loads (0.7 s of CPU, measured): on
    a page with dice, its download waits until they are ready (start.js), but not when
    the reader goes for the search first."""
    # the dice stay loading (held_wasm)
    asked = _index_asked(context)
    page = context.new_page()
    page.goto(server.url + "dice/")
    page.wait_for_load_state("load")  # (Material's bundle waits for the dice as well)
    assert page.evaluate("document.documentElement.classList.contains('js')")
    page.wait_for_timeout(300)
    assert asked == [], "the search index was downloaded while the dice started"
    search = page.locator(".md-search__input")
    search.click()
    search.press_sequentially("botch")
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=TIMEOUT)
    assert len(asked) == 1
    release(page, held_wasm)
    page.wait_for_function(READY, timeout=TIMEOUT)


BUNDLE = "/assets/javascripts/bundle."
WAIT_LONG = "window.rollbookConfig = { materialWait: 60000 }"
"""Material's bundle waits for the dice 60 s at the longest rather than 2 s (start.js):
what a test checks of the wait does not hang on how busy the machine is."""


def _bundles(context: BrowserContext) -> list[str]:
    asked: list[str] = []
    context.on("request", lambda r: asked.append(r.url) if BUNDLE in r.url else None)
    return asked


def test_material_waits_until_the_dice_have_answered_the_first_roll(
    context: BrowserContext, page: Page, server: SiteServer, held_wasm: Hold
) -> None:
    """Material's bundle (some 300 ms of the page's thread) runs once the dice have
    answered the roll tapped while they started, not while Python restores (start.js,
    material.js); meanwhile the page reads whole, its search box showing, in the scheme
    the reader's system asks for (dark here), and the roll is kept. Material then starts
    as on any page: it wraps the tables."""
    context.add_init_script(WAIT_LONG)
    asked = _bundles(context)
    page.emulate_media(color_scheme="dark")
    page.goto(server.url + "dice/")
    button, output = click_roll(page)
    expect(button).to_have_attribute("aria-busy", "true")
    expect(page.locator(".md-search__input")).to_be_visible()
    shown, wanted = page.evaluate(SCHEME_SHOWN)
    if wanted is not None:  # (a palette that follows the system: this site's does)
        assert shown == wanted, f"the page shows {shown} to a system that asks for {wanted}"
    page.wait_for_timeout(500)
    assert asked == [] and not page.evaluate(MATERIAL_RAN), "Material ran as the dice started"
    release(page, held_wasm)
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    page.wait_for_function(MATERIAL_RAN, timeout=TIMEOUT)
    page.wait_for_function(SETTLED, timeout=TIMEOUT)  # its tables wrapped
    after = page.evaluate(BUNDLE_AFTER_ROLL)
    assert after >= 0, f"Material's bundle was asked for {-after:.0f} ms before the answer"
    assert len(asked) == 1
    assert page.errors == []  # type: ignore[attr-defined]


SCHEME_SHOWN = """() => {
  const input = [...document.querySelectorAll('[data-md-component=palette] input')]
    .find((option) => matchMedia(option.dataset.mdColorMedia).matches);
  return [document.body.dataset.mdColorScheme, input && input.dataset.mdColorScheme];
}"""
"""The page's colour scheme, and the one its palette gives the reader's system."""

BUNDLE_AFTER_ROLL = """() => {
  const bundle = performance.getEntriesByType('resource')
    .find((e) => e.name.includes('/javascripts/bundle.'));
  return bundle.startTime - performance.getEntriesByName('rollbook:first-roll')[0].startTime;
}"""
"""How long after the first roll was drawn Material's bundle was asked for (ms)."""


def test_material_runs_at_once_when_the_reader_reaches_for_it_or_the_dice_are_slow(
    context: BrowserContext, page: Page, server: SiteServer, held_wasm: Hold
) -> None:
    """While the dice start, a tap on Material's search box runs its bundle (its palette
    toggle shows then, as on any page). Dice slower than the longest wait (2 s; 300 ms
    here) do not keep it: a reader waits no longer for Material's parts of the page."""
    context.add_init_script(WAIT_LONG)
    page.goto(server.url + "dice/")
    toggle = page.locator('[data-md-component="palette"] label:visible')
    expect(toggle).to_have_count(0)
    page.locator(".md-search__input").click()
    page.wait_for_function(MATERIAL_RAN, timeout=TIMEOUT)
    expect(toggle).to_have_count(1)
    assert page.evaluate("window.rollbook.state.status") == "loading"  # the dice still start

    context.add_init_script("window.rollbookConfig = { materialWait: 300 }")
    page.goto(server.url + "dice/")
    page.wait_for_function(MATERIAL_RAN, timeout=TIMEOUT)
    page.wait_for_function(SETTLED, timeout=TIMEOUT)
    assert page.evaluate("window.rollbook.state.status") == "loading"
    assert page.errors == []  # type: ignore[attr-defined]
    release(page, held_wasm)


def test_a_roll_held_down_as_material_starts_is_still_rolled(
    context: BrowserContext, page: Page, server: SiteServer, held_wasm: Hold
) -> None:
    """Material moves the page's tables into boxes as it starts, and Chromium gives no
    click for a press whose element moved between down and up: a roll in a table pressed
    as Material started was lost (a failed start lets it run at once). It starts once the
    press is over (material.js), and the roll is taken."""
    context.add_init_script(WAIT_LONG)
    page.goto(server.url + "dice/")
    button = page.locator("button[data-roll='d20']").first
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }))")
    page.wait_for_function("!!window.document$", timeout=TIMEOUT)  # its bundle ran: it waits
    page.wait_for_timeout(100)
    assert page.locator(".md-typeset__scrollwrap").count() == 0, "Material started mid-press"
    page.mouse.up()
    output = page.locator(f'output[for="{button.get_attribute("id")}"]')
    expect(output).to_contain_text("Getting the dice ready")
    page.wait_for_function(SETTLED, timeout=TIMEOUT)  # and Material has started
    release(page, held_wasm)
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    assert page.errors == []  # type: ignore[attr-defined]


def _rolled(context: BrowserContext, server: SiteServer) -> Page:
    """A new visit to the dice page, once its first roll is answered from the snapshot."""
    page = context.new_page()
    page.goto(server.url + "dice/")
    _, output = click_roll(page)
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("window.rollbook.state.how") == "snapshot"
    return page


def test_the_first_roll_restores_the_snapshot_and_the_rest_waits_until_the_dice_are_quiet(
    context: BrowserContext, server: SiteServer
) -> None:
    """The production build, a first visit then two later ones:
    - the worker starts in the page's head, Python restores from the memory snapshot,
      and nothing the first roll can do without is downloaded first: not the standard
      library, no wheel, nor the search index while the first rolls are answered (its
      worker would slow them);
    - once the dice have been quiet a moment, the standard library arrives (for a module
      imported later) and the dice still answer, the search index arrives and search
      works, and the wasm and the snapshot are kept decoded (decoded-cache.mjs);
    - a later visit reads them instead of decoding them, but not another build's.
    """
    # What was asked is read from the test server's record: Playwright's request events
    # can miss what the decoder's nested worker asks for (the runtime's wasm among it).
    start = len(server.seen)

    def asked() -> list[str]:
        return [path.split("?")[0].rsplit("/", 1)[-1] for path in server.seen[start:]]

    index = _index_asked(context)
    page = _rolled(context, server)
    # Started while the page was still being parsed, not once rollbook.js ran.
    assert page.evaluate(
        """performance.getEntriesByName('rollbook:worker-start')[0].startTime <
           performance.getEntriesByType('navigation')[0].domInteractive"""
    )
    before = asked()
    assert before.count("pyodide.asm.wasm.zst") == 1  # compiled from its one download
    assert "pyodide.asm.wasm" not in before  # Pyodide's own request is answered in the worker
    assert "python_stdlib.zip" not in before
    assert not [name for name in before if name.endswith(".whl")]
    assert index == []
    # Once the worker has been idle a moment: the standard library, and the dice answer.
    wait_until(page, lambda: "python_stdlib.zip" in asked(), "the standard library to be asked")
    _, output = click_roll(page, "3d6")
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    # The search index, once the dice are quiet, and search works as on any page.
    wait_until(page, lambda: len(index) == 1, "the search index, once the dice are quiet")
    search = page.locator(".md-search__input")
    search.click()
    search.press_sequentially("botch")
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=TIMEOUT)
    # The runtime kept decoded, for a later visit.
    manifest = server.url + "assets/rollbook/runtime/manifest.json"
    fingerprint = page.evaluate("(u) => fetch(u).then((r) => r.json())", manifest)["fingerprint"]
    wait_until(page, lambda: len(page.evaluate(KEPT_DECODED)) == 2, "the runtime kept decoded")
    assert page.evaluate(KEPT_DECODED) == [
        ["pyodide.asm.wasm.zst?decoded", fingerprint],
        ["rollbook.snapshot.zst?decoded", fingerprint],
    ]
    assert not [n for n in page.evaluate("caches.keys()") if n.startswith("rollbook-")]
    page.close()
    again = _rolled(context, server)
    steps = again.evaluate("window.rollbook.state.steps")
    assert "pyodide.asm.wasm.zst kept decoded" in steps
    assert "rollbook.snapshot.zst kept decoded" in steps
    # Another build's file (the header names it) is not used: it is decoded afresh.
    again.evaluate(
        """async () => {
          const name = (await caches.keys()).find((n) => n.startsWith('rollbook.decoded '));
          const cache = await caches.open(name);
          const key = (await cache.keys()).find((r) => r.url.includes('rollbook.snapshot'));
          const old = await cache.match(key);
          const headers = { 'X-Rollbook-Build': 'an earlier build' };
          await cache.put(key, new Response(await old.arrayBuffer(), { headers }));
        }"""
    )
    again.close()
    third = _rolled(context, server)
    steps = third.evaluate("window.rollbook.state.steps")
    assert "rollbook.snapshot.zst kept decoded" not in steps
    assert "pyodide.asm.wasm.zst kept decoded" in steps
    wait_until(
        third,
        lambda: third.evaluate(KEPT_DECODED)[1] == ["rollbook.snapshot.zst?decoded", fingerprint],
        "the current build's snapshot kept in its place",
    )


def _answered_in_order(page: Page) -> list[tuple[str, bool]]:
    """Once every ask is answered: each answer's (action, marked later), in turn."""
    page.wait_for_function(
        """() => {
          const count = (what) => window.__rollbookOrder.filter(([w]) => w === what).length;
          return count('asked') === count('answered');
        }""",
        timeout=TIMEOUT,
    )
    order = page.evaluate("window.__rollbookOrder")
    asked = {ask[1]: (ask[2], ask[3]) for ask in order if ask[0] == "asked"}
    return [asked[answer[1]] for answer in order if answer[0] == "answered"]


def _asked(page: Page, action: str, count: int = 1) -> None:
    page.wait_for_function(
        "([action, count]) => (window.__rollbookOrder || [])"
        ".filter(([what, , asked]) => what === 'asked' && asked === action).length === count",
        arg=[action, count],
        timeout=TIMEOUT,
    )


def _kept_then_reloaded(page: Page, stored: dict[str, str]) -> None:
    """Keep ``stored`` (key: text) as the only things kept, and reload the page recording
    its asks and answers (:data:`tests.browser.play.ASKED`). The tests below hold the
    runtime's download throughout: no Python starts until they release it."""
    page.evaluate(STORE_ONLY, stored)
    page.add_init_script(ASKED)
    page.reload()


def test_a_roll_tapped_as_the_page_starts_goes_ahead_of_its_redraws_of_what_is_kept(
    page: Page, server: SiteServer, held_wasm: Hold
) -> None:
    """A player's kept character is redrawn as the Play page mounts (the sheet, and a
    roller that reads it): Python is asked for them before it is ready. A Roll tapped
    meanwhile is answered first, then the redraws, which leave its answer shown; it
    waited behind them (130 ms of Danger World's first check on a revisit). On the Play
    page of the site's last system (Danger World's on Rollbook's own)."""
    section = published()[-1]
    page.goto(f"{server.url}{section}/play/")
    root = page.locator(f'[data-widget="{SHEETS[section]}"]')
    store = root.get_attribute("data-store")
    name_field = root.get_attribute("data-name-field")
    assert store and name_field
    _kept_then_reloaded(page, {f"rollbook:widget:{store}": json.dumps({name_field: "Old Tom"})})
    redraws = 1 + page.locator(f'[data-widget][data-source="{store}"]').count()
    _asked(page, "show", redraws)
    first = root.locator(ROW_ROLLS).first
    first.click()
    if "rb-choose" in (first.get_attribute("class") or ""):  # its choices open; one is taken
        first = first.locator("xpath=..").locator(".rb-sheet__choice .rb-check").first
        first.click()
    _asked(page, "check")
    held_wasm.release()
    outcome = page.locator(".rb-widget__checks--pinned .rb-rolled__outcome")
    expect(outcome).to_be_visible(timeout=TIMEOUT)
    answered = _answered_in_order(page)
    assert answered[0] == ("check", False), answered
    assert answered.count(("show", True)) == redraws, answered
    # The redraws drew Old Tom, and left the Roll's answer where it was.
    expect(root.locator(f'[data-field="{name_field}"]')).to_have_value("Old Tom")
    expect(outcome).to_be_visible()


def test_a_roll_tapped_as_the_page_starts_goes_ahead_of_a_kept_odds_figure_s_redraw(
    page: Page, server: SiteServer, held_wasm: Hold
) -> None:
    """Likewise an odds figure whose modifier this browser keeps, on the dice page."""
    page.goto(server.url + "dice/")
    figure = page.locator("figure[data-odds]").first
    key = page.evaluate(
        "f => `rollbook:odds:${location.pathname}#${f.id}`", figure.element_handle()
    )
    _kept_then_reloaded(page, {key: json.dumps({"modifier": "3"})})
    _asked(page, "odds")
    _, output = click_roll(page)
    _asked(page, "roll")
    held_wasm.release()
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    assert _answered_in_order(page) == [("roll", False), ("odds", True)]
    expect(figure.locator('input[name="modifier"]')).to_have_value("3")
    expect(figure).not_to_have_attribute("aria-busy", "true")
