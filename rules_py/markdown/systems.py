"""The systems a build publishes: what belongs to a left-out system leaves the page.

A group's copy may publish only the systems it plays (``extra.systems`` in
``mkdocs.yml``, issue 19). Pages shared by every system (Home, the offline page,
the command line) mark what belongs to one system with ``data-system``::

    <div class="rb-card" markdown data-system="wodu">...</div>

    - [Peupfudge](peupfudge/index.md)
      { data-system="peupfudge" }

(attr_list reads a list item's mark on the line under it, not at the line's end).

An element marked for systems none of which is published is dropped, headings and
all (so the table of contents never names it). A link into a left-out system's
section (``wodu/...``, ``../2d6/checks.md``) becomes its plain text: a house page may
name a rule of a system the copy does not publish without a broken link.

The pages for developers (writing rules pages, the command line, how Rollbook is
built, hosting a copy) may be left out too (``extra.developer_pages: false``, issue 32):
then what a shared page marks ``data-for="developers"`` is dropped, and a link to one of
those pages becomes its plain text.

Options: ``systems``, the published systems (the site sections' names; all five
unless told); ``developer_pages``, the developers' pages when they are left out
(``authoring.md``...; none unless told). The build's derived config
(scripts/site_config.py) gives both.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from collections.abc import Iterable
from typing import Any

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

from rules_py.systems import SYSTEMS

SECTIONS = tuple(SYSTEMS)
"""The five systems, by the name of the site section (and folder) each has."""

MARKER = "data-system"
FOR = "data-for"
"""Marks what a shared page says only to developers (``data-for="developers"``)."""


def published(systems: object) -> list[str]:
    """``systems`` checked (a non-empty list of the five's names) and in the site's order;
    ``ValueError`` says what is wrong, to follow the setting's name."""
    if not isinstance(systems, list) or not all(isinstance(s, str) for s in systems):
        raise ValueError(f"is a list of system names, any of {', '.join(SECTIONS)}")
    for name in systems:
        if name not in SECTIONS:
            raise ValueError(f"names an unknown system {name!r}: choose from {', '.join(SECTIONS)}")
    if not systems:
        raise ValueError(f"names no system: choose one or more of {', '.join(SECTIONS)}")
    return [s for s in SECTIONS if s in systems]


def _parts(href: str) -> list[str]:
    """The folders and file a relative link names, ``.`` and ``..`` left out."""
    if not href or "://" in href or href.startswith(("#", "/", "mailto:")):
        return []
    return [p for p in href.split("#", 1)[0].split("/") if p not in ("", ".", "..")]


def section_of(href: str) -> str | None:
    """The system whose section a relative link leads into (``../2d6/checks.md``: 2d6)."""
    parts = _parts(href)
    return parts[0] if len(parts) > 1 and parts[0] in SECTIONS else None


def top_page_of(href: str) -> str | None:
    """The top-level page a relative link leads to (``../authoring.md#x``: authoring.md)."""
    parts = _parts(href)
    return parts[0] if len(parts) == 1 else None


class _LeaveOut(Treeprocessor):  # type: ignore[misc]  # markdown has no types
    def __init__(
        self, md: Markdown, systems: Iterable[str], developer_pages: Iterable[str]
    ) -> None:
        super().__init__(md)
        self.published = set(systems)
        self.left_out_pages = set(developer_pages)

    def run(self, root: etree.Element) -> None:
        self._prune(root)

    def _prune(self, parent: etree.Element) -> None:
        for child in list(parent):
            marked = child.get(MARKER)
            if marked is not None:
                del child.attrib[MARKER]
                if not self.published.intersection(marked.split()):
                    _remove(parent, child)
                    continue
            if child.attrib.pop(FOR, None) == "developers" and self.left_out_pages:
                _remove(parent, child)
                continue
            self._prune(child)
            href = child.get("href", "")
            if child.tag == "a" and (
                section_of(href) not in (None, *self.published)
                or top_page_of(href) in self.left_out_pages
            ):
                _unlink(child)


def _remove(parent: etree.Element, child: etree.Element) -> None:
    """Take ``child`` out of ``parent``, keeping the text that followed it."""
    if child.tail and child.tail.strip():
        index = list(parent).index(child)
        if index:
            before = parent[index - 1]
            before.tail = (before.tail or "") + child.tail
        else:
            parent.text = (parent.text or "") + child.tail
    parent.remove(child)


def _unlink(link: etree.Element) -> None:
    """Make a link its own text: a ``span`` with the link's content and no address."""
    link.tag = "span"
    link.attrib.clear()


class SystemsExtension(Extension):  # type: ignore[misc]  # markdown has no types
    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "systems": [list(SECTIONS), "the systems the site publishes"],
            "developer_pages": [[], "the developers' pages, when the site leaves them out"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        try:
            systems = published(self.getConfig("systems"))
        except ValueError as error:
            raise ValueError(f"Rollbook: the systems option {error}") from None
        # After attr_list (8) has set the markers, before toc (5) lists the headings.
        developer_pages = self.getConfig("developer_pages")
        md.treeprocessors.register(_LeaveOut(md, systems, developer_pages), "rb_systems", 6)


def makeExtension(**kwargs: Any) -> SystemsExtension:
    return SystemsExtension(**kwargs)
