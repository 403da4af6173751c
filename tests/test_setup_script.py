"""scripts/_setup.sh, which every entry point sources: what it installs, and by what.

Run in a folder of its own with a stand-in ``.venv/bin/python`` and ``npm`` that write
down what they are asked, so that nothing is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PYTHON = """#!/bin/sh
echo "python $*" >> "$LOG"
case "$*" in *" uv=="*) exit "${UV_STATUS:-0}" ;; esac
"""
NPM = """#!/bin/sh
echo "npm $*" >> "$LOG"
sleep 0.3  # (it runs while the Python packages install)
if [ -n "$NPM_STATUS" ]; then exit "$NPM_STATUS"; fi
mkdir -p node_modules/pyodide
touch node_modules/pyodide/pyodide.mjs node_modules/.package-lock.json
"""


def _set_up(tmp_path: Path, **env: str) -> list[str]:
    """Source a copy of scripts/_setup.sh in a fresh checkout's stand-in; what it ran
    (subprocess.CalledProcessError if it failed)."""
    checkout = tmp_path / "checkout"
    (checkout / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "_setup.sh", checkout / "scripts")
    for name in ("pyproject.toml", "package-lock.json"):
        (checkout / name).write_text("")
    tools = tmp_path / "bin"
    (checkout / ".venv" / "bin").mkdir(parents=True)
    tools.mkdir()
    for path, text in ((checkout / ".venv" / "bin" / "python", PYTHON), (tools / "npm", NPM)):
        path.write_text(text)
        path.chmod(0o755)
    log = tmp_path / "ran.log"
    subprocess.run(
        ["bash", "-c", "source scripts/_setup.sh"],
        cwd=checkout,
        env={**os.environ, "PATH": f"{tools}:{os.environ['PATH']}", "LOG": str(log), **env},
        check=True,
    )
    assert (checkout / ".venv" / ".rollbook-installed").exists()
    assert (checkout / "node_modules" / "pyodide" / "pyodide.mjs").exists()
    return log.read_text().splitlines()


def test_a_fresh_checkout_installs_its_python_packages_by_uv_and_its_npm_packages(
    tmp_path: Path,
) -> None:
    """uv installs the packages in 4 s where pip took 15 to 24 (issue 31)."""
    ran = _set_up(tmp_path)
    pip = "python -m pip install --quiet --disable-pip-version-check"
    uv = [line for line in ran if line.startswith(f"{pip} uv==")]
    assert len(uv) == 1 and uv[0].split("==")[1].count(".") == 2  # a pinned uv
    assert ran.index(uv[0]) < ran.index(
        "python -m uv pip install --quiet --python .venv/bin/python -e .[site,test,zensical]"
    )
    assert "npm ci --no-audit --no-fund --loglevel=error" in ran
    assert not [line for line in ran if line.startswith(f"{pip} -e")]


def test_where_uv_cannot_be_had_pip_installs_them(tmp_path: Path) -> None:
    ran = _set_up(tmp_path, UV_STATUS="1")
    pip = "python -m pip install --quiet --disable-pip-version-check"
    assert f"{pip} -e .[site,test,zensical]" in ran
    assert not [line for line in ran if "-m uv" in line]


def test_a_failed_npm_install_fails_the_set_up(tmp_path: Path) -> None:
    """npm runs beside the Python packages' install; its failure is not lost."""
    with pytest.raises(subprocess.CalledProcessError):
        _set_up(tmp_path, NPM_STATUS="1")
