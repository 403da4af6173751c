"""The ``browser`` marker: ``pytest -m "not browser"`` is the fast suite, without Chromium.

One collection of the whole suite with ``-m "not browser"`` shows both sides: what it
keeps, and what it leaves out, which this module names when pytest loads it as a plugin
(``-p tests.test_markers``: its ``pytest_deselected`` hook below).
"""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEFT_OUT = "left out by -m: "


def pytest_deselected(items: list[pytest.Item]) -> None:
    """A hook, run only where this module is loaded as a plugin: print what ``-m`` left out."""
    for item in items:
        print(LEFT_OUT + item.nodeid)


def collected(*args: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in result.stdout.splitlines() if "::" in line]


def test_not_browser_leaves_out_every_browser_test() -> None:
    lines = collected("-s", "-p", "tests.test_markers", "-m", "not browser")
    fast = [line for line in lines if not line.startswith(LEFT_OUT)]
    left_out = [line.removeprefix(LEFT_OUT) for line in lines if line.startswith(LEFT_OUT)]
    assert fast and not [test for test in fast if test.startswith("tests/browser/")]
    assert left_out and all(test.startswith("tests/browser/") for test in left_out)
