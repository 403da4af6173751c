"""Reading a system's rules pages for their tests: the nav of mkdocs.yml, and each page's
Markdown converted to HTML and parsed into its tables, ids, links and ordered lists.

No MkDocs build: ``mkdocs.yml`` is read as plain YAML and the pages are converted with the
Markdown extensions their tables, headings and admonitions need.
"""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import markdown
import yaml

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


class _Loader(yaml.SafeLoader):
    """mkdocs.yml with its !ENV and !!python/name tags read as plain values."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def nav() -> list[Any]:
    """The ``nav`` of mkdocs.yml, as YAML gives it."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    found: list[Any] = config["nav"]
    return found


def nav_titles() -> list[str]:
    """The titles of the top-level nav entries, in order."""
    return [next(iter(entry)) if isinstance(entry, dict) else entry for entry in nav()]


def section_pages(title: str) -> list[str]:
    """The page paths of the top-level nav section `title`, in order."""
    for entry in nav():
        if isinstance(entry, dict) and title in entry:
            return [
                item if isinstance(item, str) else next(iter(item.values()))
                for item in entry[title]
            ]
    raise AssertionError(f"no {title!r} section in the nav")


class PageHtml(HTMLParser):
    """Tables (rows of cell text), element ids, hrefs and ordered lists of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.ordered_lists: list[list[str]] = []
        self._cell: list[str] | None = None
        self._item: list[str] | None = None
        self._in_ol = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "a" and found.get("href"):
            self.hrefs.append(str(found["href"]))
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "ol":
            self._in_ol += 1
            self.ordered_lists.append([])
        elif tag == "li" and self._in_ol:
            self._item = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "li" and self._item is not None:
            self.ordered_lists[-1].append(" ".join("".join(self._item).split()))
            self._item = None
        elif tag == "ol":
            self._in_ol -= 1

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        if self._item is not None:
            self._item.append(data)


@cache
def parse_page(path: Path) -> PageHtml:
    """The page at `path`, converted to HTML and parsed."""
    html = markdown.markdown(
        path.read_text(encoding="utf-8"),
        extensions=[
            "tables",
            "toc",
            "attr_list",
            "admonition",
            "md_in_html",
            "pymdownx.superfences",
        ],
    )
    parsed = PageHtml()
    parsed.feed(html)
    return parsed


def table_rows(path: Path, header: list[str]) -> list[list[str]]:
    """The body rows of the table on the page at `path` whose header row is `header`."""
    for table in parse_page(path).tables:
        if table and table[0] == header:
            return table[1:]
    raise AssertionError(f"{path.name}: no table headed {header}")


def broken_links(section: Path) -> list[str]:
    """Links between the section's pages whose file or anchor does not exist."""
    broken = []
    for page in sorted(section.glob("*.md")):
        for href in parse_page(page).hrefs:
            if href.startswith(("http://", "https://")):
                continue
            target, _, anchor = href.partition("#")
            target_path = (section / (target or page.name)).resolve()
            if not target_path.is_file() or (anchor and anchor not in parse_page(target_path).ids):
                broken.append(f"{page.name}: {href}")
    return broken


def prose(path: Path) -> str:
    """A page's Markdown with its line breaks and indentation folded into single spaces."""
    return " ".join(path.read_text(encoding="utf-8").split())


def source_notes(path: Path) -> list[str]:
    """The text of each ``!!! note "Source note"`` on a page, in single spaces."""
    text = path.read_text(encoding="utf-8")
    blocks = re.findall(r'^!!! note "Source note"\n((?:(?: {4}.*)?\n)+)', text, re.MULTILINE)
    return [" ".join(block.split()) for block in blocks]


SEED_WINDOW = 10
"""The shared seed_overlap tool's window: runs of this many words."""

SEEDS = ROOT.parent / "shared" / "seeds"
"""Where scripts/test finds the overlap tool's source documents."""

_SEED_WORDS = re.compile(r"[a-z]+")


def seed_words(text: str) -> list[str]:
    """Lower-case words with apostrophes dropped, so "levels'" and "levels" match."""
    return _SEED_WORDS.findall(text.lower().replace("’", "").replace("'", ""))


def word_runs(words: list[str]) -> set[tuple[str, ...]]:
    """Every run of :data:`SEED_WINDOW` words."""
    return {tuple(words[i : i + SEED_WINDOW]) for i in range(len(words) - SEED_WINDOW + 1)}


def shared_runs(page: list[str], runs: set[tuple[str, ...]]) -> list[str]:
    """The runs of ``page`` that are also in ``runs``, as text."""
    return [
        " ".join(page[i : i + SEED_WINDOW])
        for i in range(len(page) - SEED_WINDOW + 1)
        if tuple(page[i : i + SEED_WINDOW]) in runs
    ]
