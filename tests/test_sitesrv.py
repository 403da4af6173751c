"""The test server's slow link (tests/sitesrv.py Link), which the benchmark's phone uses,
and its held and refused answers, which the browser tests' slow and failed downloads use."""

from __future__ import annotations

import http.client
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.sitesrv import Link, SiteServer


def test_a_slow_link_delays_each_answer_and_is_shared_by_all(tmp_path: Path) -> None:
    (tmp_path / "big.bin").write_bytes(bytes(300_000))
    with SiteServer(tmp_path, link=Link(0.1, 1_000_000)) as server:
        took: list[float] = []

        def fetch() -> None:
            started = time.monotonic()
            with urllib.request.urlopen(server.url + "big.bin") as answer:
                assert len(answer.read()) == 300_000
            took.append(time.monotonic() - started)

        fetch()
        assert 0.4 <= took[0] < 1.0  # 0.1 s to answer, 0.3 s to send at 1 MB/s
        both = [threading.Thread(target=fetch) for _ in range(2)]
        started = time.monotonic()  # before either: each thread's own clock starts later
        for thread in both:
            thread.start()
        for thread in both:
            thread.join()
        # Two at once share the link: 0.1 s to answer, then 0.6 s to send both.
        assert time.monotonic() - started >= 0.7


def test_without_a_link_answers_are_not_held(tmp_path: Path) -> None:
    (tmp_path / "big.bin").write_bytes(bytes(300_000))
    with SiteServer(tmp_path) as server:
        started = time.monotonic()
        with urllib.request.urlopen(server.url + "big.bin") as answer:
            assert len(answer.read()) == 300_000
        assert time.monotonic() - started < 0.3


def test_a_held_answer_waits_for_its_release_and_others_do_not(tmp_path: Path) -> None:
    (tmp_path / "runtime").mkdir()
    (tmp_path / "runtime" / "big.wasm.zst").write_bytes(b"wasm")
    (tmp_path / "other.txt").write_text("other")
    with SiteServer(tmp_path) as server:
        held = server.hold("**/runtime/*.wasm.zst")
        got: list[bytes] = []

        def fetch() -> None:
            with urllib.request.urlopen(server.url + "runtime/big.wasm.zst?v=1") as answer:
                got.append(answer.read())

        waiting = threading.Thread(target=fetch)
        waiting.start()
        assert held.arrived.wait(5)
        with urllib.request.urlopen(server.url + "other.txt") as answer:
            assert answer.read() == b"other"  # not held
        time.sleep(0.2)
        assert got == []
        server.unhold(held)
        waiting.join(5)
        assert got == [b"wasm"]
        fetch()  # once unheld, answered at once
        assert got[-1] == b"wasm"


def test_a_refused_answer_is_a_closed_connection(tmp_path: Path) -> None:
    (tmp_path / "zstd.wasm").write_bytes(b"wasm")
    with SiteServer(tmp_path) as server:
        refused = server.hold("*/zstd.wasm", refuse=True)
        with pytest.raises((urllib.error.URLError, http.client.RemoteDisconnected)):
            urllib.request.urlopen(server.url + "zstd.wasm")
        assert refused.arrived.is_set()
        server.unhold(refused)
        with urllib.request.urlopen(server.url + "zstd.wasm") as answer:
            assert answer.read() == b"wasm"
