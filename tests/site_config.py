"""The site these tests test: what this checkout's own ``mkdocs.yml`` chooses (issue 32).

A group's copy changes its name, its description, its systems and its house rules, and
rewrites its home page; its Pages workflow runs this same suite before it deploys. So a
test of what a copy chooses reads the copy's settings from here, never Rollbook's:

- a test of one system's pages is marked ``@pytest.mark.system("wodu")`` (or lives in a
  module named after the system, ``test_wodu_page.py``, ``test_play_wodu.py``,
  ``tests/pages/test_wodu.py``; or takes a page of the system as a parameter,
  ``"wodu/damage/"``), and is skipped, naming the setting, when the copy leaves the
  system out;
- a test of Rollbook's own choices (its name, all five systems) is marked
  ``@pytest.mark.upstream`` and runs only on Rollbook's own ``mkdocs.yml``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from rules_py.markdown.systems import SECTIONS
from rules_py.systems import SYSTEMS

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "mkdocs.yml"

UPSTREAM_NAME = "Rollbook"
"""Rollbook's own ``site_name``: a copy that keeps it and all five systems is upstream's."""

MODULES = {module.rsplit(".", 1)[-1]: section for section, module in SYSTEMS.items()}
"""Each system's module name (``two_d6``), which names its test modules, to its section."""

TITLES = {
    "wodu": "2d10 WoDu Hack",
    "peupfudge": "Peupfudge",
    "d10-0": "The D10/0 System",
    "2d6": "2d6 Roleplaying System",
    "danger-world": "Danger World",
}
"""Each system's title: its tab, its home card and the name its search results carry."""


@cache
def settings() -> dict[str, Any]:
    """``mkdocs.yml`` as MkDocs reads it (``!ENV`` and ``INHERIT`` followed)."""
    from mkdocs.utils import yaml_load

    with CONFIG.open(encoding="utf-8") as config:
        found: dict[str, Any] = yaml_load(config) or {}
    return found


def site_name() -> str:
    return str(settings()["site_name"])


@cache
def published() -> tuple[str, ...]:
    """The systems this copy publishes, in the site's order (as the build reads them)."""
    from scripts import tasks

    return tuple(tasks.published_systems(CONFIG))


def house_rules() -> bool:
    return bool((settings().get("extra") or {}).get("house_rules", False))


def is_upstream() -> bool:
    """Rollbook's own configuration: its name and every system."""
    return site_name() == UPSTREAM_NAME and published() == SECTIONS


DEVELOPERS = "developers"
"""The "For developers" pages, which ``extra.developer_pages: false`` leaves out; a test
of them is marked ``@pytest.mark.system("developers")`` or takes one as a parameter."""


def developer_pages() -> bool:
    return bool((settings().get("extra") or {}).get("developer_pages", True))


@cache
def developer_page_paths() -> tuple[str, ...]:
    """The developers' pages, as paths under the site's root (``authoring/``)."""
    from scripts.site_config import developer_pages as in_nav

    return tuple(page.removesuffix(".md") + "/" for page in in_nav(settings()["nav"]))


def publishes(section: str) -> bool:
    """This site publishes ``section``: a system, or the developers' pages."""
    if section == DEVELOPERS:
        return developer_pages()
    return section in published()


def left_out_reason(section: str) -> str:
    if section == DEVELOPERS:
        return "the developers' pages are left out of this site by extra.developer_pages"
    return f"{section} is left out of this site by extra.systems in mkdocs.yml"


def first_section() -> str:
    """The first system this site publishes: a sample section for a test of the site's
    own furniture (header, log, offline copy) that needs some system's page."""
    return published()[0]


def section_of_parameter(value: object) -> str | None:
    """The system a test parameter names by its page (``"wodu/damage/"``) or widget
    (``"wodu-damage"``, ``"2d6-builder"``), if any."""
    if not isinstance(value, str):
        return None
    for section in SECTIONS:
        if value.startswith((f"{section}/", f"{section}-")) or value == section:
            return section
    if value.strip("/") + "/" in developer_page_paths():
        return DEVELOPERS
    return None
