"""A MkDocs hook: the web app manifest follows the copy's name, colours and icon.

A group's copy is installed on a phone under the group's own name (issue 19, item 3).
After a build, this writes ``manifest.webmanifest`` from what a Material user already
sets in ``mkdocs.yml``:

* ``name`` and ``short_name``: ``site_name``;
* ``description``: ``site_description``;
* ``theme_color``: the light palette's ``primary``, as Material's own style sheet gives
  that colour (so the installed app's bar matches the header), or ``extra.theme_color``
  for a custom palette; the pages' ``<meta name="theme-color">`` says the same;
* ``icons``: the PNGs in ``assets/rollbook/icons/`` (replace them with the group's own)
  and ``theme.favicon``.

The pages link it from their head (overrides/main.html); the offline copy saves it
with the rest of the site (scripts/offline.mjs lists every built file).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import ConfigurationError

MANIFEST = "manifest.webmanifest"
ICONS = (
    ("assets/rollbook/icons/icon-192.png", "192x192", "any"),
    ("assets/rollbook/icons/icon-512.png", "512x512", "any"),
    ("assets/rollbook/icons/maskable-512.png", "512x512", "maskable"),
)
FALLBACK_COLOUR = "#7e56c2"
"""Material's deep purple, for a palette whose primary Material's sheet does not name."""


def primary_colour(config: MkDocsConfig) -> str:
    """The colour of the installed app's bar: ``extra.theme_color`` if set (for a custom
    palette), else the light scheme's primary as Material's palette style sheet defines it."""
    chosen = config.extra.get("theme_color")
    if chosen is not None:
        if not (isinstance(chosen, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", chosen)):
            raise ConfigurationError(
                f"extra.theme_color is a colour such as '#7e56c2' (got {chosen!r})"
            )
        return chosen
    palette = config.theme.get("palette") or {}
    schemes = palette if isinstance(palette, list) else [palette]
    light = next((p for p in schemes if p.get("scheme", "default") == "default"), {})
    name = str(light.get("primary", "indigo")).replace(" ", "-").lower()
    for sheet in _palette_sheets(config):
        found = re.search(
            rf"\[data-md-color-primary={re.escape(name)}\]\{{--md-primary-fg-color:(#[0-9a-f]{{6}})",
            sheet.read_text(encoding="utf-8"),
        )
        if found:
            return found[1]
    return FALLBACK_COLOUR


def _palette_sheets(config: MkDocsConfig) -> list[Path]:
    """Material's palette style sheets, in the theme's folders."""
    found: list[Path] = []
    for folder in config.theme.dirs:
        found += sorted(Path(folder, "assets", "stylesheets").glob("palette.*.min.css"))
    return found


def manifest(config: MkDocsConfig) -> dict[str, Any]:
    """The web app manifest for ``config``'s site."""
    icons: list[dict[str, str]] = [
        {"src": src, "sizes": sizes, "type": "image/png", "purpose": purpose}
        for src, sizes, purpose in ICONS
        if (Path(config.docs_dir) / src).is_file()
    ]
    favicon = str(config.theme.get("favicon") or "")
    if favicon.endswith(".svg"):
        icons.append({"src": favicon, "sizes": "any", "type": "image/svg+xml", "purpose": "any"})
    return {
        "name": config.site_name,
        "short_name": config.site_name,
        "description": config.site_description or config.site_name,
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": primary_colour(config),
        "background_color": "#ffffff",
        "icons": icons,
    }


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    # The pages' <meta name="theme-color"> (overrides/main.html) reads it here.
    config.extra["theme_color"] = primary_colour(config)
    return config


def on_post_build(config: MkDocsConfig) -> None:
    path = Path(config.site_dir) / MANIFEST
    path.write_text(json.dumps(manifest(config), indent=2) + "\n", encoding="utf-8")
