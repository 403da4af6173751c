"""A group's copy made as "Host your group's copy" says passes its own gate (issue 32).

tests/group_copy.py makes the copy from this checkout: a new name and description, two
systems, house rules with a page of its own, the developers' pages off, and a home page
under a heading of its own. The copy is built by its own ``scripts/build`` task from its
own ``mkdocs.yml``, and its own suite runs in it: every test that reads what a copy
chooses (its pages, its settings, its home page and search in the browser). A left-out
system's tests are skipped there, each naming the setting; none fails.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scripts import tasks
from tests.browser.conftest import _free_port
from tests.group_copy import DESCRIPTION, HEADING, NAME, SYSTEMS, make_copy
from tests.site_config import TITLES

INSIDE = "ROLLBOOK_GROUP_COPY"
"""Set in the copy's own run, which must not make a copy of itself in turn."""

pytestmark = pytest.mark.skipif(bool(os.environ.get(INSIDE)), reason="the copy's own run")

GATE = [
    "tests/pages",
    "tests/markdown",
    "tests/test_systems_hook.py",
    "tests/test_manifest_hook.py",
    "tests/test_tasks.py",
    "tests/browser/test_home_page.py",
    "tests/browser/test_search_results.py",
]
"""The copy's tests that read what a copy chooses; the rules' own tests (tests/systems,
tests/widgets, tests/dice) test rules_py, which a copy does not change."""


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The copy, with this checkout's npm packages and its runtime for the same systems
    (made from the same sources, so the copy's build finds it up to date)."""
    folder = make_copy(tmp_path_factory.mktemp("group") / "thursday")
    (folder / "node_modules").symlink_to(tasks.ROOT / "node_modules")
    runtime = tasks.assets(tasks.config_for(SYSTEMS, tmp_path_factory.mktemp("config")))
    shutil.copytree(runtime, folder / "docs" / "assets" / "rollbook" / "runtime")
    return folder


def _run(copy: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=copy,
        env={**os.environ, INSIDE: "1", "NO_MKDOCS_2_WARNING": "1", **env},
        capture_output=True,
        text=True,
    )


def test_the_copy_builds_with_only_its_systems_name_and_pages(copy: Path) -> None:
    port = _free_port()
    built = _run(copy, "-m", "scripts.tasks", "build", SITE_URL=f"http://127.0.0.1:{port}/")
    assert built.returncode == 0, built.stderr[-3000:]
    site = copy / "site"
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


def test_the_copys_own_gate_passes(copy: Path) -> None:
    ran = _run(copy, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-rfs", *GATE)
    assert ran.returncode == 0, ran.stdout[-4000:]
    summary = ran.stdout.strip().splitlines()[-1]
    assert re.search(r"\d+ passed", summary) and "failed" not in summary, summary
    skipped = [line for line in ran.stdout.splitlines() if line.startswith("SKIPPED")]
    assert any("peupfudge is left out of this site by extra.systems" in s for s in skipped)
    assert any("tests Rollbook's own mkdocs.yml" in s for s in skipped)
