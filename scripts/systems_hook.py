"""A MkDocs hook: the build publishes only the systems ``extra.systems`` names.

A group's copy usually plays one or two of the five systems (issue 19). With
``systems: [2d6]`` under ``extra`` in ``mkdocs.yml``, the other four sections are left
out of the build (``exclude_docs``), out of the navigation, and, through the
``rules_py.markdown.systems`` extension, out of the pages every system shares (their
home cards, their links). Search, the sitemap and the offline copy are made from the
pages built, so they follow. ``scripts/tasks.py`` reads the same setting to warm only
those systems' widgets in the browser's memory snapshot.

Without ``extra.systems`` every system is published.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pathspec
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import ConfigurationError

from rules_py.markdown.systems import SECTIONS

EXTENSION = "rules_py.markdown.systems"


def chosen_systems(extra: Mapping[str, Any]) -> list[str]:
    """The systems ``extra`` publishes, in the site's order; a bad setting says what is wrong."""
    chosen = extra.get("systems", list(SECTIONS))
    if not isinstance(chosen, list) or not all(isinstance(s, str) for s in chosen):
        raise ConfigurationError(
            f"extra.systems is a list of system names, any of {', '.join(SECTIONS)}"
        )
    for name in chosen:
        if name not in SECTIONS:
            raise ConfigurationError(
                f"extra.systems: unknown system {name!r}: choose from {', '.join(SECTIONS)}"
            )
    if not chosen:
        raise ConfigurationError(
            f"extra.systems names no system: choose one or more of {', '.join(SECTIONS)}"
        )
    return [s for s in SECTIONS if s in chosen]


def _in_section(entry: Any, left_out: set[str]) -> bool:
    """A nav page (``wodu/play.md``) in a left-out system's folder."""
    return isinstance(entry, str) and entry.split("/", 1)[0] in left_out and "/" in entry


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


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    chosen = chosen_systems(config.extra)
    left_out = [s for s in SECTIONS if s not in chosen]
    if left_out:
        if config.nav is not None:
            config.nav = published_nav(config.nav, set(left_out))
        lines = list(config.exclude_docs.patterns) if config.exclude_docs else []
        patterns = [getattr(p, "pattern", None) for p in lines]
        excluded = [p for p in patterns if p] + [f"/{s}/" for s in left_out]
        config.exclude_docs = pathspec.gitignore.GitIgnoreSpec.from_lines(excluded)
    config.mdx_configs.setdefault(EXTENSION, {})["systems"] = chosen
    return config
