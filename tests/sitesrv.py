"""A static server for the built site on 127.0.0.1, optionally under a path prefix.

Used by the browser tests and the benchmark; it sends the types module workers and
WebAssembly need, and records every path asked for.
"""

from __future__ import annotations

import http.server
import threading
from functools import partial
from pathlib import Path
from types import TracebackType

TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".gz": "application/gzip",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}


class _Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    seen: list[str]
    sent: list[tuple[str, int]]

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            self.sent.append((self.path, int(value)))
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
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        self.seen.append(self.path)


class SiteServer:
    """``with SiteServer(site_dir, prefix="/rollbook/") as server: server.url``."""

    def __init__(self, directory: Path, prefix: str = "/", port: int = 0) -> None:
        self.seen: list[str] = []
        self.sent: list[tuple[str, int]] = []
        handler = type(
            "Handler", (_Handler,), {"prefix": prefix, "seen": self.seen, "sent": self.sent}
        )
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", port), partial(handler, directory=str(directory))
        )
        self.prefix = prefix
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

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
]
