"""What the tests of a system's rules pages read: the nav and each page's tables, ids and links.

A page is converted with plain Python-Markdown (the extensions that shape tables, ids and
admonitions), without MkDocs, so these tests stay fast.
"""

from __future__ import annotations

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
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    entries: list[Any] = config["nav"]
    return entries


def nav_titles() -> list[str]:
    """The top-level nav entries' titles (a bare page counts by its path)."""
    return [next(iter(e)) if isinstance(e, dict) else e for e in nav()]


def section_pages(title: str) -> list[str]:
    """The pages of the top-level nav section `title`, in nav order."""
    for entry in nav():
        if isinstance(entry, dict) and title in entry:
            return [
                item if isinstance(item, str) else next(iter(item.values()))
                for item in entry[title]
            ]
    raise AssertionError(f"no {title!r} section in the nav")


def section_titles(title: str) -> dict[str, str]:
    """{page: nav title} for the titled pages of the top-level nav section `title`."""
    for entry in nav():
        if isinstance(entry, dict) and title in entry:
            return {
                next(iter(item.values())): next(iter(item))
                for item in entry[title]
                if isinstance(item, dict)
            }
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
def parse(path: Path) -> PageHtml:
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


def table(path: Path, header: list[str]) -> list[list[str]]:
    """The body rows of the table on the page at `path` whose header row is `header`."""
    for found in parse(path).tables:
        if found and found[0] == header:
            return found[1:]
    raise AssertionError(f"{path.name}: no table headed {header}")


def broken_links(section: Path) -> list[str]:
    """Links on the section's pages to a missing page or anchor, as "page: href"."""
    broken = []
    for page in sorted(section.glob("*.md")):
        for href in parse(page).hrefs:
            if href.startswith(("http://", "https://")):
                continue
            target, _, anchor = href.partition("#")
            target_path = (section / (target or page.name)).resolve()
            if not target_path.is_file() or (anchor and anchor not in parse(target_path).ids):
                broken.append(f"{page.name}: {href}")
    return broken
