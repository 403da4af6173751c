"""Rollbook's tasks, run by the one-line entry points in this folder.

``python -m scripts.tasks assets|build|serve|test|bench``
"""

from __future__ import annotations

import hashlib
import json
import mimetypes
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "docs" / "assets" / "rollbook" / "runtime"
PYODIDE = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
SNAPSHOT = "rollbook.snapshot.gz"
ICEPOOL = "icepool==2.1.3"
PY = sys.executable
os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


def _run(*args: str | Path, **kwargs: object) -> None:
    subprocess.run([str(a) for a in args], check=True, cwd=ROOT, **kwargs)  # type: ignore[call-overload]


def _fingerprint() -> str:
    """What the runtime is made from: Pyodide's version, rules_py's sources, the pins."""
    digest = hashlib.sha256()
    digest.update((PYODIDE / "package.json").read_bytes())
    digest.update((ROOT / "pyproject.toml").read_bytes())
    digest.update((ROOT / "scripts" / "snapshot.mjs").read_bytes())
    for path in sorted((ROOT / "rules_py").rglob("*.py")):
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def assets() -> None:
    """Copy Pyodide's runtime, build the wheels and the memory snapshot into docs/.

    The output is generated, not committed; it is rebuilt only when its inputs change.
    """
    fingerprint = _fingerprint()
    manifest_path = RUNTIME / "manifest.json"
    if manifest_path.exists():
        manifest = json.loads(manifest_path.read_text())
        if manifest.get("fingerprint") == fingerprint and all(
            (RUNTIME / name).exists() for name in [*manifest["wheels"], manifest["snapshot"]]
        ):
            print("rollbook: browser runtime is up to date", file=sys.stderr)
            return
    print("rollbook: building the browser runtime", file=sys.stderr)
    shutil.rmtree(RUNTIME, ignore_errors=True)
    RUNTIME.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE / name, RUNTIME / name)
    with tempfile.TemporaryDirectory() as tmp:
        _run(
            PY,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--wheel-dir",
            tmp,
            ROOT,
        )
        _run(
            PY,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--only-binary",
            ":all:",
            "--dest",
            tmp,
            ICEPOOL,
        )
        wheels = sorted(p.name for p in Path(tmp).glob("*.whl"))
        for name in wheels:
            shutil.copy2(Path(tmp) / name, RUNTIME / name)
    _run(
        "node",
        ROOT / "scripts" / "snapshot.mjs",
        RUNTIME,
        RUNTIME / SNAPSHOT,
        *(RUNTIME / w for w in wheels),
    )
    manifest = {
        "pyodide": json.loads((PYODIDE / "package.json").read_text())["version"],
        "wheels": wheels,
        "snapshot": SNAPSHOT,
        "fingerprint": fingerprint,
    }
    manifest_path.write_text(json.dumps(manifest, indent=2) + "\n")


def build(site_dir: str = "site") -> None:
    """The complete site, browser runtime included, into ``site_dir``."""
    assets()
    _run(PY, "-m", "mkdocs", "build", "--strict", "--site-dir", site_dir)


def _add_web_types() -> None:
    """Module workers need a JavaScript type for .mjs, and wasm streaming needs its own."""
    mimetypes.add_type("text/javascript", ".mjs")
    mimetypes.add_type("text/javascript", ".js")
    mimetypes.add_type("application/wasm", ".wasm")


def serve() -> None:
    """Build the runtime and serve on http://127.0.0.1:8000/ with live reload."""
    assets()
    _add_web_types()
    from mkdocs.__main__ import cli

    sys.argv = ["mkdocs", "serve", "--dev-addr", "127.0.0.1:8000", *sys.argv[2:]]
    cli()


def test() -> None:
    """Every check: ruff, mypy, the rules' own overlap check, pytest (browser tests included)."""
    assets()
    _run(PY, "-m", "ruff", "check", "rules_py", "tests", "scripts")
    _run(PY, "-m", "mypy")
    overlap = ROOT.parent / "shared" / "tools" / "seed_overlap.py"
    if overlap.exists():
        _run(PY, overlap, "docs")
    env = {**os.environ, "ROLLBOOK_RUNTIME_BUILT": "1"}
    result = subprocess.run([PY, "-m", "pytest", *sys.argv[2:]], cwd=ROOT, env=env)
    sys.exit(result.returncode)


def bench() -> None:
    from scripts import bench as benchmark

    assets()
    benchmark.main(sys.argv[2:])


TASKS = {"assets": assets, "build": build, "serve": serve, "test": test, "bench": bench}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in TASKS:
        sys.exit(f"usage: python -m scripts.tasks {{{'|'.join(TASKS)}}}")
    try:
        TASKS[sys.argv[1]]()
    except subprocess.CalledProcessError as error:
        sys.exit(error.returncode or 1)
