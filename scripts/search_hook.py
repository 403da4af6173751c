"""A MkDocs hook: each search result names the system its page belongs to.

Five sections share words such as "damage" and "initiative", so a result titled
only "Initiative" does not say whose rules it gives. Material's search shows each
page's title above the page's matches; after the search plugin has written
``search/search_index.json``, this appends the page's top-level section to the
title of every page entry (``Initiative · 2d6 Roleplaying System``). Section
entries (headings, whose location holds a ``#``) keep their titles: they are
listed under their page's. Pages outside a section (Home, Dice notation) and a
section's own index, whose title is the section's, are left as they are.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

SEPARATOR = " · "
_SECTIONS: dict[str, str] = {}
"""Each page's URL (as the search index gives its location) -> its top-level section."""


def _pages(item: Any) -> list[Page]:
    if isinstance(item, Page):
        return [item]
    if isinstance(item, Section):
        return [page for child in item.children for page in _pages(child)]
    return []


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    _SECTIONS.clear()
    for item in nav.items:
        if isinstance(item, Section):
            for page in _pages(item):
                _SECTIONS[page.url] = str(item.title)
    return nav


def titled(docs: list[dict[str, Any]], sections: dict[str, str]) -> list[dict[str, Any]]:
    """The index's entries, each page's title followed by its section where it has one."""
    out = []
    for doc in docs:
        section = sections.get(doc["location"])
        if section and "#" not in doc["location"] and section not in doc["title"]:
            doc = {**doc, "title": f"{doc['title']}{SEPARATOR}{section}"}
        out.append(doc)
    return out


@event_priority(-100)  # after the search plugin has written the index
def on_post_build(config: MkDocsConfig) -> None:
    path = Path(config.site_dir) / "search" / "search_index.json"
    if not path.exists():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    index["docs"] = titled(index["docs"], _SECTIONS)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), "utf-8")
