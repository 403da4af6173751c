"""The config a build hands its generator, derived from the one it was given.

``scripts/build`` reads ``mkdocs.yml`` (or a group's config) as MkDocs reads it
(``INHERIT`` followed, ``!ENV`` resolved) and writes a config of its own for the
generator, MkDocs or Zensical alike: what Rollbook's settings under ``extra`` ask is
already done in it, so neither generator runs code of Rollbook's but the Markdown
extensions (Zensical runs no MkDocs hooks). The derived config:

* publishes only the systems ``extra.systems`` names (issue 19): the other sections
  are left out of the build (``exclude_docs``) and out of the nav, and the
  ``rules_py.markdown.systems`` extension is told, so that it drops from the pages
  every system shares what is theirs (home cards, links). Search, the sitemap and the
  offline copy are made from the pages built, so they follow. ``scripts/tasks.py``
  reads the same setting to warm only those systems' widgets in the browser's memory
  snapshot. Without ``extra.systems`` every system is published;
* with ``extra.house_rules: true``, publishes the group's own pages,
  ``docs/house-rules/`` (``index.md`` first, then the folder's other pages by file
  name), as a "House rules" tab after the systems; off (the default), the folder is
  left out;
* with ``extra.developer_pages: false``, leaves out the "For developers" section (a
  group's readers play; they do not write Rollbook): its pages, its tab, what a
  shared page marks ``data-for="developers"``, and links to those pages, which become
  plain text;
* sets ``extra.theme_color``, the colour of the installed app's bar, which the pages'
  ``<meta name="theme-color">`` (overrides/main.html) and the web app manifest
  (scripts/after_build.py) both give: the light palette's ``primary`` as Material's
  own style sheet draws it, or the ``extra.theme_color`` a custom palette names.

A bad setting stops the build with one line (:class:`ConfigurationError`, which the
command line prints as ``Error: ...``).
"""

from __future__ import annotations

import contextlib
import copy
import importlib.util
import os
import re
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from mkdocs.exceptions import ConfigurationError

from rules_py.markdown.systems import SECTIONS, published, section_of

ROOT = Path(__file__).resolve().parent.parent
EXTENSION = "rules_py.markdown.systems"
HOUSE_RULES = "house-rules"
"""The folder (under docs/) of a group's own pages."""
DEVELOPERS = "For developers"
"""The nav section of the developers' pages (``extra.developer_pages``)."""
FALLBACK_COLOUR = "#7e56c2"
"""Material's deep purple, for a palette whose primary Material's sheet does not name."""
PREFIX = ".rollbook-build-"
"""The derived configs' names in the checkout's root folder (.gitignore leaves them out)."""


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


def primary_colour(config: Mapping[str, Any]) -> str:
    """The colour of the installed app's bar: ``extra.theme_color`` if set (for a custom
    palette), else the light scheme's primary as Material's palette style sheet defines it."""
    chosen = (config.get("extra") or {}).get("theme_color")
    if chosen is not None:
        if not (isinstance(chosen, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", chosen)):
            raise ConfigurationError(
                f"extra.theme_color is a colour such as '#7e56c2' (got {chosen!r})"
            )
        return chosen
    palette = _theme(config).get("palette") or {}
    schemes = palette if isinstance(palette, list) else [palette]
    light = next((p for p in schemes if p.get("scheme", "default") == "default"), {})
    name = str(light.get("primary", "indigo")).replace(" ", "-").lower()
    for sheet in palette_sheets(config):
        found = re.search(
            rf"\[data-md-color-primary={re.escape(name)}\]\{{--md-primary-fg-color:(#[0-9a-f]{{6}})",
            sheet.read_text(encoding="utf-8"),
        )
        if found:
            return found[1]
    return FALLBACK_COLOUR


def _theme(config: Mapping[str, Any]) -> dict[str, Any]:
    theme = config.get("theme") or {}
    return {"name": theme} if isinstance(theme, str) else dict(theme)


def palette_sheets(config: Mapping[str, Any]) -> list[Path]:
    """The palette style sheets of ``config``'s theme: its ``custom_dir``'s, then those of
    the installed Material for MkDocs and Zensical (which draws Material's colours)."""
    custom = _theme(config).get("custom_dir")
    folders = [ROOT / custom] if custom else []
    for package in ("material", "zensical"):
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.origin is not None:
            folders.append(Path(spec.origin).parent / "templates")
    found: list[Path] = []
    for folder in folders:
        found += sorted((folder / "assets" / "stylesheets").rglob("palette.*.min.css"))
    return found


def _with_options(extensions: Any, name: str, **options: Any) -> Any:
    """``markdown_extensions`` (a list, as mkdocs.yml writes it, or a mapping) with the
    extension ``name`` given ``options``, if it is listed."""
    if isinstance(extensions, Mapping):
        return {
            key: {**(value or {}), **options} if key == name else value
            for key, value in extensions.items()
        }
    listed: list[Any] = []
    for entry in extensions or []:
        if entry == name:
            entry = {name: options}
        elif isinstance(entry, Mapping) and name in entry:
            entry = {name: {**(entry[name] or {}), **options}}
        listed.append(entry)
    return listed


def _from_root(path: Any, folder: Path) -> str:
    """``path``, as a config in ``folder`` names it, as the derived config names it, from
    the checkout's root folder, where it is written: relative if inside it (Zensical
    0.0.73 stops, "invariant: Id(Format(Path(RootDir)))", on an absolute docs_dir or
    custom_dir), else in full."""
    full = (folder / str(path)).resolve()
    return str(full.relative_to(ROOT)) if full.is_relative_to(ROOT) else str(full)


def derive(
    config: Mapping[str, Any], folder: Path, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The config the generator builds from: ``config`` (a config file in ``folder``, as
    :func:`load` reads it) with what its ``extra`` settings ask done, no ``hooks``, its
    folders named from the checkout's root folder (where the derived config is written),
    and ``extra`` added to its own."""
    derived = copy.deepcopy(dict(config))
    derived.pop("hooks", None)
    derived["docs_dir"] = _from_root(derived.get("docs_dir", "docs"), folder)
    theme = _theme(derived)
    if theme.get("custom_dir"):
        theme["custom_dir"] = _from_root(theme["custom_dir"], folder)
    derived["theme"] = theme
    if derived.get("site_dir"):
        derived["site_dir"] = _from_root(derived["site_dir"], folder)

    settings = dict(derived.get("extra") or {})
    chosen = chosen_systems(settings)
    house = _switch(settings, "house_rules", False)
    developers = _switch(settings, "developer_pages", True)
    nav = derived.get("nav")
    left = [s for s in SECTIONS if s not in chosen]
    if left and nav is not None:
        nav = published_nav(nav, set(left))
    if house and nav is not None:
        nav = with_house_rules(nav, house_pages(ROOT / derived["docs_dir"]))
    dropped = [] if developers or nav is None else developer_pages(nav)
    if dropped and nav is not None:
        nav = [e for e in nav if not (isinstance(e, dict) and DEVELOPERS in e)]
    if nav is not None:
        derived["nav"] = nav
    patterns = str(derived.get("exclude_docs") or "").splitlines()
    excluded = [line for line in patterns if line.strip()] + _left_out(chosen, house, dropped)
    if excluded:
        derived["exclude_docs"] = "".join(f"{line}\n" for line in excluded)
    derived["markdown_extensions"] = _with_options(
        derived.get("markdown_extensions"), EXTENSION, systems=chosen, developer_pages=dropped
    )
    derived["extra"] = settings
    settings["theme_color"] = primary_colour(derived)
    settings.update(extra or {})
    return derived


def _left_out(chosen: list[str], house: bool, dropped: list[str]) -> list[str]:
    """What a copy of the ``chosen`` systems, its house rules on or off and the developers'
    pages ``dropped`` leaves out of its build, as ``exclude_docs`` lines (``/wodu/``,
    ``/house-rules/``, ``/authoring.md``)."""
    left = [f"/{s}/" for s in SECTIONS if s not in chosen]
    if not house:
        left.append(f"/{HOUSE_RULES}/")
    return left + [f"/{page}" for page in dropped]


def left_out(derived: Mapping[str, Any]) -> list[str]:
    """The site's addresses a derived config leaves out, as folders (``wodu/``,
    ``house-rules/``, ``authoring/``): what no built page may link (scripts/links.py)."""
    settings = derived.get("extra") or {}
    options = _extension_options(derived.get("markdown_extensions"), EXTENSION)
    house = _switch(settings, "house_rules", False)
    lines = _left_out(chosen_systems(settings), house, options.get("developer_pages") or [])
    return [line[1:] if line.endswith("/") else page_url(line[1:]) for line in lines]


def page_url(page: str, directory_urls: bool = True) -> str:
    """The address of the page built from ``page`` (``2d6/checks.md``), relative to the
    site's root, as the search index gives it (``2d6/checks/``)."""
    stem = page.removesuffix(".md")
    parent, _, name = stem.rpartition("/")
    folder = f"{parent}/" if parent else ""
    if name in ("index", "README"):
        return folder if directory_urls else f"{folder}index.html"
    return f"{stem}/" if directory_urls else f"{stem}.html"


def _extension_options(extensions: Any, name: str) -> dict[str, Any]:
    """The options ``markdown_extensions`` gives the extension ``name`` (none if unlisted)."""
    if isinstance(extensions, Mapping):
        return dict(extensions.get(name) or {})
    for entry in extensions or []:
        if isinstance(entry, Mapping) and name in entry:
            return dict(entry[name] or {})
    return {}


def load(config_file: str | Path) -> dict[str, Any]:
    """``config_file`` as MkDocs reads it: ``INHERIT`` followed, ``!ENV`` resolved, and the
    ``!!python/name:`` tags loaded (the Markdown extensions' functions)."""
    from mkdocs.utils import yaml_load

    with Path(config_file).open(encoding="utf-8") as source:
        return dict(yaml_load(source) or {})


def dump(config: Mapping[str, Any]) -> str:
    """``config`` as YAML that both generators read: its functions written back as
    ``!!python/name:module.name``."""
    return yaml.dump(dict(config), Dumper=yaml.Dumper, sort_keys=False, allow_unicode=True)


class Derived(NamedTuple):
    path: Path
    """The derived config's file, in the checkout's root folder."""
    config: dict[str, Any]
    """What it says, as loaded (the Markdown extensions' functions as functions)."""


def derived_from(
    config_file: str | Path | None, extra: Mapping[str, Any] | None = None, **settings: Any
) -> dict[str, Any]:
    """The derived config of ``config_file`` (mkdocs.yml unless told), with ``extra``
    added to its ``extra`` and the top-level ``settings`` set."""
    source = Path(config_file or ROOT / "mkdocs.yml").resolve()
    return {**derive(load(source), source.parent, extra), **settings}


def write(config: Mapping[str, Any], path: Path) -> bool:
    """Write ``config`` to ``path`` unless it already says that; whether it was written
    (``scripts/serve`` rebuilds when the file changes)."""
    text = dump(config)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


@contextlib.contextmanager
def written(
    config_file: str | Path | None, extra: Mapping[str, Any] | None = None, **settings: Any
) -> Iterator[Derived]:
    """The derived config of ``config_file`` (mkdocs.yml unless told), in a file of its own
    in the checkout's root folder while inside, removed after.

    The root folder: Zensical takes the config's folder for the project's root and
    refuses a ``docs_dir`` or ``site_dir`` outside it."""
    config = derived_from(config_file, extra, **settings)
    handle, name = tempfile.mkstemp(prefix=PREFIX, suffix=".yml", dir=ROOT)
    os.close(handle)
    path = Path(name)
    try:
        write(config, path)
        yield Derived(path, config)
    finally:
        path.unlink(missing_ok=True)
