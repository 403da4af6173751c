"""A group's copy made as "Host your group's copy" says passes its own gate (issue 32).

tests/group_copy.py makes the copy from this checkout: a new name and description, two
systems, house rules with a page of its own, the developers' pages off, and a home page
under a heading of its own. The copy is built by its own ``scripts/build`` task from its
own ``mkdocs.yml`` (and by ``scripts/build --zensical``), and its own suite runs in it:
every test that reads what a copy chooses (its pages, its settings, its home page and
search in the browser, on the site that build made, and the smoke tests on both builds).
A left-out system's tests are skipped there, each naming the setting; none fails.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from tests.group_copy import (
    DESCRIPTION,
    HEADING,
    INSIDE,
    NAME,
    SYSTEMS,
    ZENSICAL_SITE,
    built_copy,
    run_in,
    serving_alone,
)
from tests.site_config import TITLES

pytestmark = pytest.mark.skipif(bool(os.environ.get(INSIDE)), reason="the copy's own run")

GATE = [
    "tests/pages",
    "tests/markdown",
    "tests/test_site_config.py",
    "tests/test_after_build.py",
    "tests/test_tasks.py::test_a_failed_rebuild_keeps_the_previous_runtime",
    "tests/test_tasks.py::test_a_rebuild_replaces_the_runtime_whole",
    "tests/test_tasks.py::test_the_runtime_a_first_roll_downloads_is_stored_packed",
    "tests/browser/test_home_page.py",
    "tests/browser/test_search_results.py",
    "tests/browser/test_smoke.py",
]
"""The copy's tests that read what a copy chooses; the rules' own tests (tests/systems,
tests/widgets, tests/dice) test rules_py, which a copy does not change. Of
tests/test_tasks.py, the runtime's, whose folder and fingerprint follow the copy's
systems: the others (scripts/serve on a one-page project of their own, the port, the
one-line build errors, scripts/test's arguments) read nothing of the copy, and this
checkout's suite runs them on the same code."""


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The copy, built by its own ``scripts/build`` (tests/group_copy.py's ``built_copy``:
    once per run, tests/browser/test_group_copies.py serves the same build)."""
    return built_copy(tmp_path_factory)


def test_the_copy_builds_with_only_its_systems_name_and_pages(copy: Path) -> None:
    site = copy / "site"  # its scripts/build succeeded, or the fixture failed with its log
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "<h1 id=" in home and HEADING in home
    assert f"<title>{NAME}</title>" in home and "Rollbook" not in home
    assert "3d10k2+2" not in home  # WoDu's example went with WoDu's card
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["name"] == NAME and manifest["description"] == DESCRIPTION
    assert (site / "house-rules" / "index.html").exists()
    for page in ("authoring", "command-line", "architecture", "hosting"):
        assert not (site / page).exists()
    left_out = [title for section, title in TITLES.items() if section not in SYSTEMS]
    names = [*left_out, "WoDu", "D10/0", "For developers", "rules-py"]
    index = json.loads((site / "search" / "search_index.json").read_text())
    for doc in index["docs"]:
        text = f"{doc['title']} {doc['text']}"
        found = [name for name in names if name in text]
        assert found == [] or doc["location"].startswith("house-rules/"), (doc["location"], found)
    for html in site.rglob("*.html"):
        link = re.search(
            r'href="[^"]*\b(wodu|peupfudge|d10-0|authoring|hosting)/', html.read_text()
        )
        assert link is None, f"{html.relative_to(site)} links {link[0] if link else ''}"


def test_the_copys_own_gate_passes(copy: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Its browser tests read the sites its own scripts/build made, by MkDocs and by
    Zensical (tests/browser/conftest.py's ``ROLLBOOK_SITE`` and ``ROLLBOOK_ZENSICAL_SITE``),
    which builds of theirs would make again the same: its smoke tests run on both."""
    built_copy(tmp_path_factory, "zensical")
    args = ["-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-rfs", *GATE]
    sites = {"ROLLBOOK_SITE": "site", "ROLLBOOK_ZENSICAL_SITE": ZENSICAL_SITE}
    with serving_alone(tmp_path_factory):
        ran = run_in(copy, *args, **{name: str(copy / site) for name, site in sites.items()})
    assert ran.returncode == 0, ran.stdout[-4000:]
    summary = ran.stdout.strip().splitlines()[-1]
    assert re.search(r"\d+ passed", summary) and "failed" not in summary, summary
    skipped = [line for line in ran.stdout.splitlines() if line.startswith("SKIPPED")]
    assert any("peupfudge is left out of this site by extra.systems" in s for s in skipped)
    assert any("tests Rollbook's own mkdocs.yml" in s for s in skipped)
