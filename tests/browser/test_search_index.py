"""The site's search index holds the rules, not the widgets' controls or chart data.

Material's search plugin indexes text nodes back to back: without
``data-search-exclude`` a form reads "Add playerRoll initiativeReset" and a chart
"12345678910". This reads the same built site the browser tests serve (so no
browser is involved) and rebuilds, from each page's own HTML, the runs that
Material would glue together from its forms and charts.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from itertools import pairwise
from pathlib import Path

from tests.browser.test_accessibility import site_pages


class _Runs(HTMLParser):
    """Text nodes inside each <form> and each chart <svg>, in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[list[str]] = []
        self.charts: list[list[str]] = []
        self._in: list[str] | None = None
        self._tag = ""
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._in is not None:
            self._depth += tag == self._tag
            return
        classes = (dict(attrs).get("class") or "").split()
        if tag == "form" or (tag == "svg" and "rb-chart" in classes):
            self._in, self._tag, self._depth = [], tag, 1
            (self.forms if tag == "form" else self.charts).append(self._in)

    def handle_endtag(self, tag: str) -> None:
        if self._in is not None and tag == self._tag:
            self._depth -= 1
            if not self._depth:
                self._in = None

    def handle_data(self, data: str) -> None:
        if self._in is not None and data.strip():
            self._in.append(data)


def _glue(parts: list[str]) -> str:
    """Text nodes joined as Material's indexer joins them (newlines to spaces, runs collapsed)."""
    return re.sub(r"\s+", " ", "".join(parts)).strip()


def test_search_index_has_no_controls_or_chart_runs(built_site: tuple[Path, int]) -> None:
    site = built_site[0]
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    texts = [re.sub(r"\s+", " ", doc["text"]) for doc in index["docs"]]
    runs: dict[str, str] = {}
    for path in site_pages(site):
        parser = _Runs()
        parser.feed((site / path / "index.html").read_text(encoding="utf-8"))
        for form in parser.forms:  # two neighbouring labels, buttons or options, glued
            for a, b in pairwise(form):
                if len(a.strip()) >= 3 and len(b.strip()) >= 3:
                    runs[_glue([a, b])] = f"/{path} form"
        for chart in parser.charts:  # the whole run of tick labels and bar titles
            runs[_glue(chart)] = f"/{path} chart"
    assert len(runs) > 50  # the site has many forms and charts: the parser found them
    found = sorted(
        f"{where}: {run[:60]!r}" for run, where in runs.items() if any(run in t for t in texts)
    )
    assert not found, "indexed:\n" + "\n".join(found)
    assert not any("Add playerRoll initiativeReset" in t for t in texts)
