"""The test server's slow link (tests/sitesrv.py Link), which the benchmark's phone uses."""

from __future__ import annotations

import threading
import time
import urllib.request
from pathlib import Path

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
        for thread in both:
            thread.start()
        for thread in both:
            thread.join()
        assert max(took[1:]) >= 0.7  # two at once share the link: 0.6 s to send both


def test_without_a_link_answers_are_not_held(tmp_path: Path) -> None:
    (tmp_path / "big.bin").write_bytes(bytes(300_000))
    with SiteServer(tmp_path) as server:
        started = time.monotonic()
        with urllib.request.urlopen(server.url + "big.bin") as answer:
            assert len(answer.read()) == 300_000
        assert time.monotonic() - started < 0.3
