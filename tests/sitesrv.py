"""A static server for the built site on 127.0.0.1, optionally under a path prefix.

Used by the browser tests and the benchmark; it sends the types module workers and
WebAssembly need, and records every path asked for. With ``gzip=True`` it compresses
what a static host such as GitHub Pages compresses (gzip -6), so that the bytes it
records are those such a host sends. ``server.policy`` (a Content-Security-Policy, or
None) is sent as a header with every file while it is set, as a host that sets one
does; with it, the reports of what it refused are posted back and kept in
``server.csp_reports``. ``server.hold(pattern)`` keeps the answers to the paths
``pattern`` matches waiting until released (a download that has not arrived yet), or
with ``refuse=True`` closes the connection unanswered (a failed download): whoever
asked, a nested worker too, whose requests routing in the browser can miss.
"""

from __future__ import annotations

import fnmatch
import gzip
import http.server
import io
import threading
import time
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Playwright

TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".gz": "application/gzip",
    ".zst": "application/zstd",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}

COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".txt", ".xml"})
"""What a gzipping host compresses; archives (.gz, .zst, .zip, .whl) and images are sent as
they are."""


REPORTS = "/__csp-reports"
"""Where the browser posts what the policy refused (the header's ``report-uri``)."""


class _Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    seen: list[str]
    sent: list[tuple[str, int]]
    gzip = False
    packed: dict[tuple[str, int], bytes]
    server_state: SiteServer

    def do_POST(self) -> None:
        if self.path != REPORTS:
            self.send_error(405)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.server_state.csp_reports.append(body.decode("utf-8", "replace"))
        self.send_response(204)
        self.end_headers()

    def do_GET(self) -> None:
        for hold in list(self.server_state.holds):
            if fnmatch.fnmatchcase(self.path.split("?")[0], hold.pattern):
                hold.arrived.set()
                if hold.refuse:
                    self.close_connection = True  # no answer at all: a network error
                    return
                hold.released.wait(HOLD_LIMIT)
        link = self.server_state.link
        if link is not None:
            time.sleep(link.latency)  # the request's round trip
        path = Path(self.translate_path(self.path.split("?")[0]))
        wanted = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.gzip and wanted and path.suffix in COMPRESSIBLE and path.is_file()):
            super().do_GET()
            return
        key = (str(path), path.stat().st_mtime_ns)
        if key not in self.packed:
            self.packed[key] = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        body = self.packed[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.copyfile(io.BytesIO(body), self.wfile)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        link = self.server_state.link
        if link is None:
            super().copyfile(source, outputfile)
            return
        while chunk := source.read(16 << 10):
            link.wait(len(chunk))
            outputfile.write(chunk)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            self.sent.append((self.path, int(value)))
        if keyword.lower() == "content-encoding":
            self.server_state.encodings[self.path] = value
        super().send_header(keyword, value)

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "__outside_prefix__")
        return super().translate_path("/" + path[len(self.prefix) :])

    def guess_type(self, path: str | Path) -> str:
        suffix = Path(path).suffix
        return TYPES.get(suffix) or super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "public, max-age=3600")
        policy = self.server_state.policy
        if policy is not None:
            self.send_header("Content-Security-Policy", f"{policy}; report-uri {REPORTS}")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        self.seen.append(self.path)


HOLD_LIMIT = 120.0
"""The longest a held answer waits (seconds), should a test never release it."""


class Hold:
    """The answers to the paths ``pattern`` matches (``fnmatch``: ``*`` matches ``/`` too),
    kept waiting until :meth:`release`, or with ``refuse`` never given."""

    def __init__(self, pattern: str, *, refuse: bool = False) -> None:
        self.pattern = pattern
        self.refuse = refuse
        self.arrived = threading.Event()
        """Set once such a path has been asked for."""
        self.released = threading.Event()

    def release(self) -> None:
        self.released.set()


class Link:
    """A slow link shared by every request (as a phone's): each waits ``latency`` seconds
    before its answer, and the answers share ``throughput`` bytes a second. Unlike
    Chromium's emulation (DevTools), it slows every download, a nested worker's too."""

    def __init__(self, latency: float, throughput: float) -> None:
        self.latency = latency
        self.throughput = throughput
        self.lock = threading.Lock()
        self.free = 0.0  # when the link is next free, by time.monotonic()

    def wait(self, size: int) -> None:
        """Wait until ``size`` more bytes have crossed the link."""
        with self.lock:
            self.free = max(self.free, time.monotonic()) + size / self.throughput
            until = self.free
        time.sleep(max(0.0, until - time.monotonic()))


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that closes a connection mid-download (a page closed) is no error."""
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


class SiteServer:
    """``with SiteServer(site_dir, prefix="/rollbook/") as server: server.url``."""

    def __init__(
        self,
        directory: Path,
        prefix: str = "/",
        port: int = 0,
        *,
        gzip: bool = False,
        link: Link | None = None,
    ) -> None:
        self.link = link
        self.seen: list[str] = []
        self.sent: list[tuple[str, int]] = []
        self.encodings: dict[str, str] = {}
        """The Content-Encoding each path was sent with (none: not listed)."""
        self.policy: str | None = None
        self.csp_reports: list[str] = []
        self.holds: list[Hold] = []
        fields = {"prefix": prefix, "seen": self.seen, "sent": self.sent, "server_state": self}
        handler = type("Handler", (_Handler,), {**fields, "gzip": gzip, "packed": {}})
        self.httpd = _Server(("127.0.0.1", port), partial(handler, directory=str(directory)))
        self.prefix = prefix
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def hold(self, pattern: str, *, refuse: bool = False) -> Hold:
        """From now, keep the answers to the paths ``pattern`` matches waiting until the
        hold is released, or with ``refuse`` refuse them, until :meth:`unhold`."""
        held = Hold(pattern, refuse=refuse)
        self.holds.append(held)
        return held

    def unhold(self, held: Hold) -> None:
        held.release()
        if held in self.holds:
            self.holds.remove(held)

    @property
    def port(self) -> int:
        return int(self.httpd.server_address[1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.prefix}"

    def __enter__(self) -> SiteServer:
        self.thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


CHROMIUM = "/usr/bin/chromium"
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
"""The features Playwright (1.65) turns off in every Chromium it launches.

Chromium honours only the last ``--disable-features`` on its command line, so a list of
our own must restate these (tests/test_chromium_args.py fails if Playwright's changes)."""

OMNIBOX_POPUP_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup")
"""Chromium's address-bar popup, a web page of its own in every new window.

Headless Chromium 156 loads it in a renderer of its own for every tab the tests or the
bench open, whether or not anything types in an address bar: 0.5 to 0.9 s of CPU a tab,
spent while the page the tab opened is loading, and nothing of the site's own. A
reader's browser has loaded it before they navigate (it is the popup they typed the
address in) or never does; on two cores the bench's own tab-opening took that CPU from
the page it measured (cold ``/dice/``, 8 paired loads: first roll 999 against 705 ms)."""

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--disable-features=" + ",".join((*PLAYWRIGHT_DISABLED_FEATURES, *OMNIBOX_POPUP_FEATURES)),
]
"""The project's Chromium, the bench's and (with one flag more) the tests': headless,
without the address-bar popup."""

WASM_BASELINE_ONLY = "--js-flags=--liftoff-only"
"""V8 runs the WebAssembly as first compiled (Liftoff) and never compiles it again.

By default V8 recompiles the functions a page calls often (Python's interpreter loop among
them) with its optimising compiler, on background threads: some 0.6 s of CPU for every
start of the dice, to make a reading session's later rolls faster. A browser test ends
seconds after its start, before that pays back, and with a test per core and one more,
the suite is CPU-bound: in paired runs of the same test files (tests of GM pages and of
rolls read by their system), the flag saved 10 to 13 % of all the CPU they used. The
code's behaviour is the same at either tier; only how fast it runs differs, and
``scripts/bench`` measures that in a browser without the flag, as a reader's is."""

TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, WASM_BASELINE_ONLY]
"""The browser tests' Chromium: the project's, its WebAssembly left at its first tier."""


def launch(playwright: Playwright, args: list[str]) -> Browser:
    """Debian's Chromium with ``args``, whose contexts bypass the pages'
    Content-Security-Policy unless one asks for ``bypass_csp=False``.

    The built pages carry a policy (scripts/csp.py) that refuses what Playwright does to
    drive them: ``wait_for_function`` evaluates its text in the page, and
    ``add_script_tag`` (axe-core) adds an inline script. The test of that policy
    (tests/browser/test_security_policy.py) keeps it.
    """
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
    new_context = browser.new_context

    def bypassing(**options: Any) -> BrowserContext:
        options.setdefault("bypass_csp", True)
        return new_context(**options)

    browser.new_context = bypassing  # type: ignore[method-assign]
    return browser
