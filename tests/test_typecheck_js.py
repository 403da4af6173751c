"""The page layer's JavaScript type-checks: tsc over tsconfig.json and tsconfig.worker.json
(scripts/tasks.py typecheck_js, which scripts/test runs too), with no errors."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TSC = ROOT / "node_modules" / ".bin" / "tsc"


@pytest.mark.skipif(not TSC.exists(), reason="no node_modules/.bin/tsc (npm ci installs it)")
@pytest.mark.skipif(
    bool(os.environ.get("ROLLBOOK_RUNTIME_BUILT")),
    reason="scripts/test ran these two tsc checks before pytest (tasks.test: typecheck_js)",
)
@pytest.mark.parametrize("config", ["tsconfig.json", "tsconfig.worker.json"])
def test_tsc_finds_no_errors(config: str) -> None:
    result = subprocess.run(
        [str(TSC), "-p", config, "--pretty", "false"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, f"tsc -p {config}:\n{result.stdout}{result.stderr}"
