"""Offline and installable: after one visit the whole site works with no network.

The site is built here under a path (``/rollbook/``, as on GitHub Pages) with its
service worker (scripts/offline.mjs), and served from a folder that a test can
swap for a new build at the same address. Each test has a context of its own with
service workers allowed (``offline_context``; the shared ``context`` fixture blocks them).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from scripts.tasks import service_worker
from tests.browser.axe import WIDTHS, audit_four_ways, serious
from tests.browser.conftest import _free_port, build_site
from tests.browser.play import SAVED, roll_inline, visit_and_save
from tests.browser.widgets import TIMEOUT, expect_panel, set_field, widget
from tests.site_config import TITLES, first_section, is_upstream, site_name
from tests.sitesrv import SiteServer

PREFIX = "/rollbook/"


class Site:
    """The built site at ``server.url``, served from ``live`` (a link to one build)."""

    def __init__(self, server: SiteServer, live: Path, build: Path) -> None:
        self.server = server
        self.live = live
        self.build = build

    @property
    def url(self) -> str:
        return self.server.url

    def deploy(self, folder: Path) -> None:
        """Serve ``folder`` from now on, as a new deploy to the same address would."""
        swap = self.live.with_name("swap")
        swap.symlink_to(folder)
        os.replace(swap, self.live)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    port = _free_port()
    folder = tmp_path_factory.mktemp("offline")
    build = folder / "a"
    build_site(build, f"http://127.0.0.1:{port}{PREFIX}")
    live = folder / "live"
    live.symlink_to(build)
    with SiteServer(live, prefix=PREFIX, port=port) as server:
        yield Site(server, live, build)


def test_the_manifest_makes_the_site_installable_under_its_path(site: Site) -> None:
    with urllib.request.urlopen(site.url + first_section() + "/") as answer:
        html = answer.read().decode()
    link = re.search(r'<link rel="manifest" href="([^"]+)"', html)
    assert link and link[1] == "../manifest.webmanifest"
    with urllib.request.urlopen(site.url + "manifest.webmanifest") as answer:
        assert answer.headers["Content-Type"] == "application/manifest+json"
        manifest = json.load(answer)
    assert manifest["short_name"] == site_name() and manifest["name"].startswith(site_name())
    assert manifest["start_url"] == manifest["scope"] == "./"  # the manifest's own folder
    # the page's bar colour is the manifest's
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in html
    if is_upstream():
        assert manifest["theme_color"] == "#7e56c2"  # Material's deep purple, the header's
    sizes = {}
    for icon in manifest["icons"]:
        with urllib.request.urlopen(site.url + icon["src"]) as answer:
            data = answer.read()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}"
            sizes[icon["purpose"], width] = icon["src"]
    assert {("any", 192), ("any", 512), ("maskable", 512)} <= set(sizes)


@pytest.mark.system("wodu", "d10-0", "danger-world")
def test_after_one_visit_every_page_roll_widget_and_search_works_offline(
    offline_context: BrowserContext, site: Site
) -> None:
    page = visit_and_save(offline_context, site.url + "wodu/")
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == site.url + "sw.js"
    offline_context.set_offline(True)

    # Another system, loaded whole: its page, the Python runtime and the snapshot from the copy.
    page.goto(site.url + "d10-0/actions/")
    expect(page.locator("h1")).to_contain_text("Checks and degrees")
    assert re.search(r"Reads \d", roll_inline(page))  # a d10 read from 0, as D10/0 reads it
    assert page.evaluate("window.rollbook.state.how") == "snapshot"
    expect(page.locator(".rb-offline__status")).to_have_text("Available offline")

    # A third, by instant navigation (Material fetches the page): a widget answers.
    page.locator(".md-tabs__link", has_text="Danger World").click()
    expect(page.locator("h1")).to_contain_text("Danger World")
    page.locator(".md-content a[href$='/danger-world/checks/']").first.click()
    expect(page).to_have_url(site.url + "danger-world/checks/")
    roller = widget(page, "danger-world-roller")
    set_field(roller, "threat", "1")
    expect_panel(roller, "1 threat die")

    # Search: Material's index and its worker come from the copy too.
    search = page.locator("input.md-search__input")
    search.click()
    expect(page.locator(".md-search-result__meta")).to_have_text(
        "Type to start searching", timeout=TIMEOUT
    )  # the index is loaded
    search.press_sequentially("botch")  # Material searches on each key
    # Each key's answer redraws the list: wait for the whole word's ("b" finds "Bursts").
    results = page.locator(".md-search-result__item")
    expect(results.first).to_contain_text(re.compile("botch", re.IGNORECASE), timeout=TIMEOUT)


def test_offline_python_reads_the_saved_copy_and_an_unsaved_page_opens_the_offline_page(
    offline_context: BrowserContext, site: Site
) -> None:
    """After one visit, with no network:
    - the worker reads the runtime straight from the offline copy's Cache Storage, not
      through the service worker: through it (its one thread, Workbox's routing, behind
      the page's own requests) Python started slower than from the HTTP cache (issue 16,
      item 23);
    - a page never saved opens the site's offline page, whose links open saved pages.
    """
    visit_and_save(offline_context, site.url + "dice/").close()
    offline_context.set_offline(True)
    asked: list[str] = []
    offline_context.on("request", lambda request: asked.append(request.url))
    page = offline_context.new_page()
    page.goto(site.url + "dice/")
    assert re.search(r"= \d+", roll_inline(page))
    assert page.evaluate("window.rollbook.state.how") == "snapshot"
    # Only the modules imported by name go through it: every download is read directly.
    # Pyodide's two are imported by the page's worker; the decoder's glue (zstd.js) by its
    # nested worker, whose requests Playwright's events can miss (here, once in 9 runs).
    runtime = {url.rsplit("/", 1)[-1] for url in asked if "/assets/rollbook/runtime/" in url}
    pyodide = {"pyodide.asm.mjs", "pyodide.mjs"}
    assert pyodide <= runtime <= {*pyodide, "zstd.js"}, runtime
    assert any(url.endswith("/assets/rollbook/worker.js") for url in asked)  # the page's own

    page.goto(site.url + "no/such/page/")
    expect(page).to_have_url(site.url + "offline/?from=%2Frollbook%2Fno%2Fsuch%2Fpage%2F")
    expect(page.locator("h1")).to_contain_text("You are offline")
    expect(page.locator("#rb-offline-lost code")).to_have_text("/rollbook/no/such/page/")
    # A page of the site: Material's styles, header and menu, links that open saved pages.
    assert page.locator(".md-header").evaluate("h => getComputedStyle(h).position") == "sticky"
    title = TITLES[first_section()]
    page.locator("article a", has_text=title).click()
    expect(page.locator("h1")).to_contain_text(title.removeprefix("The "))


MISSED_TAKEOVER = """navigator.serviceWorker?.addEventListener('controllerchange', (event) => {
  event.stopImmediatePropagation();  // before offline.js's own listener: it never hears it
});"""
"""A page whose scripts miss the event that says a new build took over (an init script)."""


def test_a_new_build_replaces_the_saved_runtime(
    offline_context: BrowserContext, site: Site, tmp_path: Path
) -> None:
    page = visit_and_save(offline_context, site.url + "dice/")
    roll_inline(page)
    # The next deploy: a different runtime and a changed page, same addresses.
    new = tmp_path / "b"
    shutil.copytree(site.build, new, symlinks=True)
    runtime = new / "assets" / "rollbook" / "runtime" / "manifest.json"
    manifest = json.loads(runtime.read_text())
    runtime.write_text(json.dumps({**manifest, "build": "b"}))
    old_time = (site.build / "dice" / "index.html").stat().st_mtime
    for changed in (runtime, new / "dice" / "index.html"):
        os.utime(changed, (old_time - 60, old_time - 60))  # older dates: the hash still tells
    page_html = new / "dice" / "index.html"
    page_html.write_text(page_html.read_text().replace("</h1>", " (build b)</h1>", 1))
    os.utime(page_html, (old_time - 60, old_time - 60))
    service_worker(new)
    site.deploy(new)
    try:
        # The reload's scripts miss the event that says a new build took over, as a page
        # on a busy device whose scripts ran only after the takeover did (the new build
        # saves only what changed, and takes over at once): it learns it all the same.
        page.add_init_script(MISSED_TAKEOVER)
        page.reload()
        expect(page.locator(".rb-offline__status")).to_contain_text(
            "a new version is saved", timeout=SAVED
        )
        page.get_by_role("button", name="Reload to use it").click()
        expect(page.locator("h1")).to_contain_text("(build b)", timeout=TIMEOUT)
        offline_context.set_offline(True)
        page.reload()
        expect(page.locator("h1")).to_contain_text("(build b)", timeout=TIMEOUT)
        runtime_now = page.evaluate(
            "async (url) => (await (await fetch(url)).json()).build",
            "../assets/rollbook/runtime/manifest.json",
        )
        assert runtime_now == "b"
        roll_inline(page)
        assert page.evaluate("window.rollbook.state.how") == "snapshot"
        # The old build's copies are gone: one saved version of each file.
        saved = page.evaluate(
            """async () => {
              const names = (await caches.keys()).filter((n) => n.startsWith('rollbook-'));
              const cache = await caches.open(names.find((n) => n.includes('-precache-')));
              return { names, urls: (await cache.keys()).map((r) => r.url) };
            }"""
        )
        assert len([n for n in saved["names"] if "-precache-" in n]) == 1, saved["names"]
        manifests = [u for u in saved["urls"] if "runtime/manifest.json" in u]
        assert len(manifests) == 1
    finally:
        site.deploy(site.build)


def test_a_question_asked_while_the_dice_start_stays_asked(
    offline_context: BrowserContext, site: Site
) -> None:
    """Asked to remove the copy as a page loads, the footer keeps its question: the save
    that follows the dice's start looks at the copy again, and used to put "Available
    offline" back over the question, dropping the reader's click."""
    visit_and_save(offline_context, site.url).close()
    page = offline_context.new_page()
    page.goto(site.url + first_section() + "/")
    status = page.locator(".rb-offline__status")
    expect(status).to_have_text("Available offline")  # the earlier visit's copy, at once
    page.get_by_role("button", name="Remove offline copy").click()
    question = "Remove the offline copy? Without it, this site needs the network."
    expect(status).to_have_text(question)
    page.wait_for_function("window.rollbookOffline.looked === 1")  # the save after the dice's start
    expect(status).to_have_text(question)
    expect(page.get_by_role("button", name="Keep it")).to_be_focused()


def test_the_offline_copy_stays_while_offline_and_online_is_removed_and_saved_again(
    offline_context: BrowserContext, site: Site
) -> None:
    """Offline, the copy is what the site runs on: removing it is refused, and says why.
    Back online, it can be removed (after a question, which Keep it answers no), stays
    removed over a reload, and is saved again on the reader's word."""
    page = visit_and_save(offline_context, site.url)
    status = page.locator(".rb-offline__status")
    offline_context.set_offline(True)
    page.get_by_role("button", name="Remove offline copy").click()
    expect(status).to_contain_text("You are offline now")
    expect(page.get_by_role("button", name="Remove", exact=True)).to_have_count(0)
    # Asked while online, confirmed once offline: still refused.
    offline_context.set_offline(False)
    expect(status).to_have_text("Available offline")
    page.get_by_role("button", name="Remove offline copy").click()
    offline_context.set_offline(True)
    expect(status).to_contain_text("You are offline now")
    assert page.evaluate(
        """async () => [
          (await navigator.serviceWorker.getRegistrations()).length,
          (await caches.keys()).filter((n) => n.startsWith('rollbook-precache-')).length,
        ]"""
    ) == [1, 1]  # (and beside the saved files, when this build took over: sw.js TOOK_OVER)
    page.reload()  # and the site still opens from the copy
    expect(status).to_have_text("Available offline", timeout=TIMEOUT)
    offline_context.set_offline(False)
    expect(status).to_have_text("Available offline")
    assert status.get_attribute("role") == "status"
    # It asks first, and keeping the copy leaves it as it was.
    page.get_by_role("button", name="Remove offline copy").click()
    expect(status).to_have_text("Remove the offline copy? Without it, this site needs the network.")
    expect(page.get_by_role("button", name="Keep it")).to_be_focused()  # the pressed one is gone
    page.get_by_role("button", name="Keep it").click()
    expect(status).to_have_text("Available offline")
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 1
    page.get_by_role("button", name="Remove offline copy").click()
    page.get_by_role("button", name="Remove", exact=True).click()
    expect(status).to_have_text("Not saved for offline")
    assert page.evaluate(
        """async () => [
          (await navigator.serviceWorker.getRegistrations()).length,
          (await caches.keys()).filter((n) => n.startsWith('rollbook-')).length,
        ]"""
    ) == [0, 0]
    page.reload()  # the reader's choice holds: nothing is saved again on its own
    expect(status).to_have_text("Not saved for offline")
    # Past the moment a save would start (offline.js waits for the page, and for its dice
    # if they are loading):
    page.wait_for_function(
        "document.readyState === 'complete' && window.rollbook?.state.status !== 'loading'"
    )
    assert page.evaluate("window.rollbookOffline.looked") == 0
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    page.get_by_role("button", name="Save for offline").click()
    expect(status).to_have_text("Available offline", timeout=SAVED)


def test_the_offline_line_and_page_pass_axe(browser: Browser, site: Site) -> None:
    """Each state audited light and dark, at 390 and 1280 px (tests/browser/axe.py)."""
    context = browser.new_context(
        viewport={"width": WIDTHS[0], "height": 900},
        color_scheme="light",
        service_workers="allow",
    )
    try:
        page = visit_and_save(context, site.url + "offline/?from=/rollbook/gone/")
        failures = []
        for path in ("offline/?from=/rollbook/gone/", ""):
            page.goto(site.url + path)
            expect(page.locator(".rb-offline__status")).to_have_text("Available offline")
            failures += [f"/{path} {line}" for line in audit_four_ways(page, keep=serious)]
        # The footer while it asks before removing the copy, and while it refuses offline.
        status = page.locator(".rb-offline__status")
        page.get_by_role("button", name="Remove offline copy").click()
        expect(page.get_by_role("button", name="Keep it")).to_be_focused()
        failures += [f"asking {line}" for line in audit_four_ways(page, keep=serious)]
        page.get_by_role("button", name="Keep it").click()
        context.set_offline(True)
        page.get_by_role("button", name="Remove offline copy").click()
        expect(status).to_contain_text("You are offline now")
        failures += [f"refused {line}" for line in audit_four_ways(page, keep=serious)]
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def test_a_site_served_without_its_worker_drops_the_old_copy(
    offline_context: BrowserContext, site: Site, tmp_path: Path
) -> None:
    """As ``scripts/serve`` on an address where a build was served before."""
    page = visit_and_save(offline_context, site.url)
    live = tmp_path / "served"
    shutil.copytree(site.build, live, symlinks=True)
    (live / "sw.js").unlink()
    site.deploy(live)
    try:
        page.reload()
        expect(page.locator(".rb-offline")).to_have_count(0, timeout=TIMEOUT)
        page.wait_for_function(
            """async () => (await navigator.serviceWorker.getRegistrations()).length === 0
              && (await caches.keys()).every((n) => !n.startsWith('rollbook-'))""",
            timeout=TIMEOUT,
        )
    finally:
        site.deploy(site.build)
