"""The build's service worker (scripts/offline.mjs via tasks.service_worker): what it lists.

Fast: a few files stand in for a built site; Workbox (npm workbox-build) writes sw.js.
The browser side is tested in tests/browser/test_offline.py.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from scripts import tasks


def _site(root: Path) -> Path:
    files = {
        "index.html": "<h1>Home</h1>",
        "offline/index.html": "<h1>You are offline</h1>",
        "wodu/index.html": "<h1>WoDu</h1>",
        "assets/rollbook/runtime/manifest.json": '{"snapshot": "s.gz"}',
        "assets/rollbook/runtime/s.gz": "snapshot bytes",
        "assets/javascripts/bundle.min.js.map": "a source map",
        "assets/javascripts/lunr/min/lunr.de.min.js": "German stemmer",
        "sitemap.xml.gz": "zipped sitemap",
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _precache(site: Path) -> dict[str, dict[str, Any]]:
    worker = (site / "sw.js").read_text()
    found = re.search(r"const PRECACHE = (\[.*?\]);", worker)
    assert found, "sw.js holds no precache list"
    return {entry["url"]: entry for entry in json.loads(found[1])}


def test_every_file_is_listed_with_its_size_and_hash(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    tasks.service_worker(site)
    listed = _precache(site)
    assert set(listed) == {
        "index.html",
        "offline/index.html",
        "wodu/index.html",
        "assets/rollbook/runtime/manifest.json",
        "assets/rollbook/runtime/s.gz",
    }  # no source maps, other languages' stemmers, sw.js or Workbox's own files
    for url, entry in listed.items():
        data = (site / url).read_bytes()
        assert entry["size"] == len(data)
        assert entry["revision"] == hashlib.md5(data).hexdigest()
        assert entry["sha256"] == base64.b64encode(hashlib.sha256(data).digest()).decode()
    worker = (site / "sw.js").read_text()
    folder = re.search(r'importScripts\("(workbox-v[\d.]+)/workbox-sw\.js"\)', worker)
    assert folder, "sw.js does not load Workbox from beside it (a relative path)"
    shipped = {p.name for p in (site / folder[1]).iterdir()}
    assert {"workbox-sw.js", "workbox-precaching.prod.js", "workbox-routing.prod.js"} <= shipped
    assert not {n for n in shipped if n.endswith((".map", ".dev.js"))}


def test_a_changed_file_changes_the_worker_and_only_its_entry(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    tasks.service_worker(site)
    before, worker = _precache(site), (site / "sw.js").read_text()
    (site / "assets/rollbook/runtime/s.gz").write_text("the next build's snapshot")
    tasks.service_worker(site)
    after = _precache(site)
    assert (site / "sw.js").read_text() != worker  # the browser sees a new worker
    changed = {url for url in before if before[url]["revision"] != after[url]["revision"]}
    assert changed == {"assets/rollbook/runtime/s.gz"}


def test_a_site_without_its_offline_page_is_refused(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    (site / "offline" / "index.html").unlink()
    with pytest.raises(subprocess.CalledProcessError):
        tasks.service_worker(site)
    assert not (site / "sw.js").exists()
