"""Browser tests: the built site, served on 127.0.0.1, driven in Debian's Chromium.

The site is built once per session with its ``site_url`` at the test server's own
address, so that Material's instant navigation is live, exactly as on GitHub Pages.
Every test here is marked ``browser`` by tests/conftest.py: ``-m "not browser"`` skips them.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from tests.sitesrv import CHROMIUM, TEST_CHROMIUM_ARGS, Hold, SiteServer, launch

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def build_site(
    site: Path, site_url: str, config: Path | None = None, generator: str = "mkdocs"
) -> None:
    """Build the runtime (if needed) and the site for ``site_url`` into ``site``, as
    scripts/build does (``tasks.build``): with its service worker (the ``context``
    fixture below leaves it unregistered), from ``config`` if given (a group's copy),
    by ``generator`` (MkDocs unless told: Zensical builds the same pages)."""
    build = (
        f"from scripts import tasks; tasks.build({str(site)!r}, {config and str(config)!r}, "
        f"generator={generator!r})"
    )
    env = {**os.environ, "SITE_URL": site_url, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run([sys.executable, "-c", build], cwd=ROOT, env=env, check=True)


def site_port(site: Path) -> int:
    """The port a built site was built for: its sitemap's first address names it."""
    found = re.search(r"<loc>http://127\.0\.0\.1:(\d+)/", (site / "sitemap.xml").read_text())
    if found is None:
        raise pytest.UsageError(f"{site} was not built for http://127.0.0.1:PORT/")
    return int(found[1])


def _built_once(
    tmp_path_factory: pytest.TempPathFactory, generator: str, reuse: str
) -> tuple[Path, int]:
    """The site built by ``generator`` for a server on a free port, or the one the
    environment variable ``reuse`` names (built earlier for such a server)."""
    if os.environ.get(reuse):
        reused = Path(os.environ[reuse])
        return reused, site_port(reused)
    port = _free_port()
    site = tmp_path_factory.mktemp("site" if generator == "mkdocs" else f"site-{generator}")
    build_site(site, f"http://127.0.0.1:{port}/", generator=generator)
    return site, port


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """The site built for a server on a free port.

    ``ROLLBOOK_SITE=DIR`` reuses a site built earlier by this fixture (it lives under
    pytest's temporary folder, ``site0``), to rerun browser tests without building.
    """
    return _built_once(tmp_path_factory, "mkdocs", "ROLLBOOK_SITE")


def _serving(built: tuple[Path, int]) -> Iterator[SiteServer]:
    site, port = built
    with SiteServer(site, port=port) as running:
        yield running


@pytest.fixture(scope="session")
def server(built_site: tuple[Path, int]) -> Iterator[SiteServer]:
    yield from _serving(built_site)


@pytest.fixture(scope="session")
def zensical_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    """The same site built by Zensical, once per run, for a server on a free port, served.

    ``ROLLBOOK_ZENSICAL_SITE=DIR`` reuses one built earlier by this fixture
    (``site-zensical0``), as ``ROLLBOOK_SITE`` does the MkDocs build.
    """
    yield from _serving(_built_once(tmp_path_factory, "zensical", "ROLLBOOK_ZENSICAL_SITE"))


@pytest.fixture
def hold(server: SiteServer) -> Iterator[Callable[..., Hold]]:
    """``hold(pattern, refuse=False)``: the test server's answers to the paths ``pattern``
    matches kept waiting (or refused) during this test (``SiteServer.hold``); ended with it."""
    holds: list[Hold] = []

    def holding(pattern: str, *, refuse: bool = False) -> Hold:
        holds.append(server.hold(pattern, refuse=refuse))
        return holds[-1]

    yield holding
    for held in holds:
        server.unhold(held)


SERVERS = {"mkdocs": "server", "zensical": "zensical_server"}
"""Each generator's served site, by its fixture's name (``request.getfixturevalue``)."""


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/test, which installs Debian's chromium")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = launch(playwright, TEST_CHROMIUM_ARGS)  # bypassing the pages' policy: see launch
    yield browser
    browser.close()


class Requests:
    """Every URL the context asked for, pages and workers alike."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def outside(self) -> list[str]:
        return [
            u
            for u in self.urls
            if not u.startswith(("http://127.0.0.1:", "data:", "blob:", "about:"))
        ]


@pytest.fixture
def requests() -> Requests:
    return Requests()


def _watched(
    browser: Browser, requests: Requests, service_workers: Literal["allow", "block"]
) -> Iterator[BrowserContext]:
    """A fresh context (empty cache) whose requests ``requests`` keeps; at the end, no
    request may have left 127.0.0.1."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, service_workers=service_workers
    )
    context.on("request", lambda request: requests.urls.append(request.url))
    yield context
    context.close()
    assert requests.outside() == [], f"requests left 127.0.0.1: {requests.outside()}"


@pytest.fixture
def context(browser: Browser, requests: Requests) -> Iterator[BrowserContext]:
    """A fresh context (empty cache); at the end, no request may have left 127.0.0.1.

    Service workers are blocked: each test sees the network as a first visit does
    (tests/browser/test_offline.py tests the offline copy in contexts of its own).
    """
    yield from _watched(browser, requests, "block")


@pytest.fixture
def offline_context(browser: Browser, requests: Requests) -> Iterator[BrowserContext]:
    """A fresh context like ``context``, whose service worker may save the site for offline
    use (tests/browser/play.py's ``visit_and_save`` waits for it)."""
    yield from _watched(browser, requests, "allow")


@pytest.fixture
def page(context: BrowserContext) -> Page:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page
