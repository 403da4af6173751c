"""The ``browser`` marker: ``pytest -m "not browser"`` is the fast suite, without Chromium."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
    fast = collected("-m", "not browser")
    assert fast and not [test for test in fast if test.startswith("tests/browser/")]
    browser = collected("-m", "browser", "tests/browser")
    assert browser and all(test.startswith("tests/browser/") for test in browser)
