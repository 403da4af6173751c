"""What ``scripts/build`` writes into a built site after its generator, MkDocs or Zensical.

Both read the derived config (scripts/site_config.py) the generator built from:

* ``manifest.webmanifest``, the web app manifest: a group's copy is installed on a
  phone under the group's own name (issue 19, item 3), from what a Material user
  already sets in ``mkdocs.yml``: ``name`` and ``short_name`` from ``site_name``;
  ``description`` from ``site_description``; ``theme_color`` from ``extra.theme_color``
  (the light palette's primary, or a custom palette's colour: the pages'
  ``<meta name="theme-color">`` says the same); ``icons``, the PNGs in
  ``assets/rollbook/icons/`` (replace them with the group's own) and ``theme.favicon``.
  The pages link it from their head (overrides/main.html); the offline copy saves it
  with the rest of the site (scripts/offline.mjs lists every built file).
* each search result names the system its page belongs to. Five sections share words
  such as "damage" and "initiative", so a result titled only "Initiative" does not say
  whose rules it gives. The search shows each page's title above the page's matches;
  this appends the page's top-level section of the nav to the title of every page
  entry of the search index (``Initiative · 2d6 Roleplaying System``): MkDocs'
  ``search/search_index.json`` and Zensical's ``search.json`` alike. Heading entries
  (whose location holds a ``#``) keep their titles: they are listed under their
  page's. Pages outside a section (Home, Dice notation) and a section's own index,
  whose title is the section's, are left as they are.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from scripts.site_config import ROOT, page_url, primary_colour

MANIFEST = "manifest.webmanifest"
ICONS = (
    ("assets/rollbook/icons/icon-192.png", "192x192", "any"),
    ("assets/rollbook/icons/icon-512.png", "512x512", "any"),
    ("assets/rollbook/icons/maskable-512.png", "512x512", "maskable"),
)
SEPARATOR = " · "
SEARCH_INDEXES = {"search/search_index.json": "docs", "search.json": "items"}
"""Each generator's search index in the built site (MkDocs', Zensical's), and the key
of its list of entries (each with a ``location`` and a ``title``)."""


def manifest(config: Mapping[str, Any]) -> dict[str, Any]:
    """The web app manifest for ``config``'s site."""
    icons: list[dict[str, str]] = [
        {"src": src, "sizes": sizes, "type": "image/png", "purpose": purpose}
        for src, sizes, purpose in ICONS
        if (ROOT / config.get("docs_dir", "docs") / src).is_file()
    ]
    favicon = str((config.get("theme") or {}).get("favicon") or "")
    if favicon.endswith(".svg"):
        icons.append({"src": favicon, "sizes": "any", "type": "image/svg+xml", "purpose": "any"})
    return {
        "name": config["site_name"],
        "short_name": config["site_name"],
        "description": config.get("site_description") or config["site_name"],
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": primary_colour(config),
        "background_color": "#ffffff",
        "icons": icons,
    }


def _nav_pages(item: Any) -> Iterator[str]:
    """The pages (their files under docs/) of a nav entry, in order."""
    if isinstance(item, str):
        if "://" not in item:
            yield item
    elif isinstance(item, list):
        for child in item:
            yield from _nav_pages(child)
    elif isinstance(item, Mapping):
        for value in item.values():
            yield from _nav_pages(value)


def sections(nav: list[Any] | None, directory_urls: bool = True) -> dict[str, str]:
    """Each page's address (as the search index gives its location) -> the title of the
    top-level section of ``nav`` it is in."""
    found: dict[str, str] = {}
    for entry in nav or []:
        if isinstance(entry, Mapping):
            for title, value in entry.items():
                if isinstance(value, list):
                    for page in _nav_pages(value):
                        found[page_url(page, directory_urls)] = str(title)
    return found


def titled(docs: list[dict[str, Any]], sections: dict[str, str]) -> list[dict[str, Any]]:
    """The index's entries, each page's title followed by its section where it has one."""
    out = []
    for doc in docs:
        section = sections.get(doc["location"])
        if section and "#" not in doc["location"] and section not in doc["title"]:
            doc = {**doc, "title": f"{doc['title']}{SEPARATOR}{section}"}
        out.append(doc)
    return out


def name_systems_in_search(site_dir: str | Path, config: Mapping[str, Any]) -> None:
    """The built site's search index, each page's title followed by its section."""
    found = sections(config.get("nav"), bool(config.get("use_directory_urls", True)))
    for name, key in SEARCH_INDEXES.items():
        path = Path(site_dir) / name
        if path.exists():
            index = json.loads(path.read_text(encoding="utf-8"))
            index[key] = titled(index[key], found)
            path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), "utf-8")


def write_manifest(site_dir: str | Path, config: Mapping[str, Any]) -> None:
    path = Path(site_dir) / MANIFEST
    path.write_text(json.dumps(manifest(config), indent=2) + "\n", encoding="utf-8")


def finish(site_dir: str | Path, config: Mapping[str, Any]) -> None:
    """What the build adds to the site the generator built from ``config`` into ``site_dir``."""
    write_manifest(site_dir, config)
    name_systems_in_search(site_dir, config)
