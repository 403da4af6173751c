"""A MkDocs hook: the build publishes only the systems ``extra.systems`` names.

A group's copy usually plays one or two of the five systems (issue 19). With
``systems: [2d6]`` under ``extra`` in ``mkdocs.yml``, the other four sections are left
out of the build (``exclude_docs``), out of the navigation, and, through the
``rules_py.markdown.systems`` extension, out of the pages every system shares (their
home cards, their links). Search, the sitemap and the offline copy are made from the
pages built, so they follow. ``scripts/tasks.py`` reads the same setting to warm only
those systems' widgets in the browser's memory snapshot.

Without ``extra.systems`` every system is published.

``extra.house_rules: true`` publishes the group's own pages, ``docs/house-rules/``
(``index.md`` first, then the folder's other pages by file name), as a "House rules"
tab after the systems; off (the default), the folder is left out of the build.

``extra.developer_pages: false`` leaves out the "For developers" section (a group's
readers play; they do not write Rollbook): its pages, its tab, what a shared page
marks ``data-for="developers"``, and links to those pages, which become plain text.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pathspec
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import ConfigurationError

from rules_py.markdown.systems import SECTIONS, published, section_of

EXTENSION = "rules_py.markdown.systems"
HOUSE_RULES = "house-rules"
"""The folder (under docs/) of a group's own pages."""
DEVELOPERS = "For developers"
"""The nav section of the developers' pages (``extra.developer_pages``)."""


def chosen_systems(extra: Mapping[str, Any]) -> list[str]:
    """The systems ``extra`` publishes, in the site's order; a bad setting says what is wrong."""
    try:
        return published(extra.get("systems", list(SECTIONS)))
    except ValueError as error:
        raise ConfigurationError(f"extra.systems {error}") from None


def _in_section(entry: Any, left_out: set[str]) -> bool:
    """A nav page (``wodu/play.md``) in a left-out system's folder."""
    return isinstance(entry, str) and section_of(entry) in left_out


def published_nav(nav: list[Any], left_out: set[str]) -> list[Any]:
    """``nav`` without the left-out systems' pages, nor the sections they empty."""
    kept: list[Any] = []
    for entry in nav:
        if isinstance(entry, dict):
            [(title, value)] = entry.items()
            if isinstance(value, list):
                children = published_nav(value, left_out)
                if children:
                    kept.append({title: children})
            elif not _in_section(value, left_out):
                kept.append(entry)
        elif not _in_section(entry, left_out):
            kept.append(entry)
    return kept


def house_pages(docs: Path) -> list[str]:
    """The house pages in ``docs``: ``house-rules/index.md`` first, the others by name."""
    folder = docs / HOUSE_RULES
    if not (folder / "index.md").is_file():
        raise ConfigurationError(
            f"extra.house_rules is on, but docs/{HOUSE_RULES}/index.md is missing: "
            "add the house rules' first page there, or set house_rules: false"
        )
    others = sorted(p.name for p in folder.glob("*.md") if p.name != "index.md")
    return [f"{HOUSE_RULES}/{name}" for name in ["index.md", *others]]


def with_house_rules(nav: list[Any], pages: list[str]) -> list[Any]:
    """``nav`` with a "House rules" tab after the last system's."""
    systems = [i for i, entry in enumerate(nav) if _holds_a_system(entry)]
    at = systems[-1] + 1 if systems else len(nav)
    return [*nav[:at], {"House rules": pages}, *nav[at:]]


def _holds_a_system(entry: Any) -> bool:
    if isinstance(entry, dict):
        return any(_holds_a_system(value) for value in entry.values())
    if isinstance(entry, list):
        return any(_holds_a_system(value) for value in entry)
    return isinstance(entry, str) and _in_section(entry, set(SECTIONS))


def _switch(extra: Mapping[str, Any], name: str, default: bool) -> bool:
    value = extra.get(name, default)
    if not isinstance(value, bool):
        raise ConfigurationError(f"extra.{name} is true or false (got {value!r})")
    return value


def developer_pages(nav: list[Any]) -> list[str]:
    """The pages of the nav's "For developers" section."""
    for entry in nav:
        if isinstance(entry, dict) and DEVELOPERS in entry:
            return [
                item if isinstance(item, str) else next(iter(item.values()))
                for item in entry[DEVELOPERS]
            ]
    return []


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    chosen = chosen_systems(config.extra)
    house = _switch(config.extra, "house_rules", False)
    developers = _switch(config.extra, "developer_pages", True)
    left = [s for s in SECTIONS if s not in chosen]
    if left and config.nav is not None:
        config.nav = published_nav(config.nav, set(left))
    left_out = [f"/{s}/" for s in left]
    if house:
        if config.nav is not None:
            config.nav = with_house_rules(config.nav, house_pages(Path(config.docs_dir)))
    else:
        left_out.append(f"/{HOUSE_RULES}/")
    dropped = [] if developers or config.nav is None else developer_pages(config.nav)
    if dropped:
        config.nav = [e for e in config.nav if not (isinstance(e, dict) and DEVELOPERS in e)]
        left_out += [f"/{page}" for page in dropped]
    lines = list(config.exclude_docs.patterns) if config.exclude_docs else []
    patterns = [getattr(p, "pattern", None) for p in lines]
    excluded = [p for p in patterns if p] + left_out
    config.exclude_docs = pathspec.gitignore.GitIgnoreSpec.from_lines(excluded)
    config.mdx_configs.setdefault(EXTENSION, {}).update(systems=chosen, developer_pages=dropped)
    return config
