"""The GitHub Pages workflow deploys only a tested site (issue 19, item 4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

WORKFLOW = Path(__file__).resolve().parents[1] / ".github" / "workflows" / "pages.yml"


def jobs() -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]
    return found


def test_every_test_runs_before_the_site_is_built_and_deployed() -> None:
    test, build, deploy = jobs()["test"], jobs()["build"], jobs()["deploy"]
    assert [step.get("run") for step in test["steps"]][-1] == "scripts/test"
    assert build["needs"] == "test" and deploy["needs"] == "build"


def test_the_tests_run_where_debians_chromium_is() -> None:
    test = jobs()["test"]
    assert test["container"].startswith("debian:")
    installs = " ".join(step.get("run", "") for step in test["steps"])
    assert "chromium" in installs and "python3-venv" in installs


def test_the_deployed_site_is_built_by_scripts_build() -> None:
    runs = [step.get("run") for step in jobs()["build"]["steps"]]
    assert "scripts/build" in runs
