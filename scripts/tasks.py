"""Rollbook's tasks, run by the one-line entry points in this folder.

``python -m scripts.tasks assets|build|serve|test``; the benchmarks stand above these
tasks and use them (``python -m scripts.bench``), so nothing here imports them.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import gzip
import hashlib
import json
import mimetypes
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
HEAP = "rollbook.snapshot"
"""The memory snapshot as scripts/snapshot.mjs writes it: the heap, XOR the wasm's data
segments (docs/assets/rollbook/snapshot-diff.mjs)."""
SNAPSHOT = f"{HEAP}.zst"
PACKED = ("pyodide-lock.json",)
"""Pyodide's files a first roll downloads that are stored gzipped (``NAME.gz``) in place of
the originals: a first visit downloads the same bytes whether or not the host compresses,
and the worker decompresses what the host did not (docs/assets/rollbook/worker.js), as
it downloads. Not pyodide.asm.mjs: the worker imports it, and under a
Content-Security-Policy of ``script-src 'self'`` a script can be imported only from its
own file (unpacked, it had to come from a ``blob:`` URL)."""
SQUEEZED = {"pyodide.asm.wasm": 19, HEAP: 17}
"""The two large files of a first visit, stored as Zstandard frames (``.zst``) at these
levels: a third smaller than gzip -9 (its 32 KiB window misses the repeats across the
heap). The worker decodes them with Zstandard's own decoder in WebAssembly
(:data:`ZSTD_FILES`). The snapshot's level is below 19, which takes twice as long for
2 % fewer bytes: every runtime a test builds compresses one."""
ZSTD = ROOT / "node_modules" / "@bokuweb" / "zstd-wasm" / "dist" / "web"
ZSTD_FILES = ("zstd.js", "zstd.wasm")
"""Zstandard's decoder (npm ``@bokuweb/zstd-wasm``, pinned in package.json): its
Emscripten glue and module, copied into the runtime beside Pyodide's files."""
MANIFEST_FORMAT = 3
"""What the runtime's manifest.json says: raised when it says more, so that a runtime
built before is rebuilt (2: snapshot_size; 3: the .zst files and their unpacked sizes)."""
ICEPOOL = "icepool==2.1.3"
PY = sys.executable
os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


def _run(*args: str | Path, **kwargs: object) -> None:
    subprocess.run([str(a) for a in args], check=True, cwd=ROOT, **kwargs)  # type: ignore[call-overload]


def extra_settings(config_file: str | Path | None = None) -> dict[str, Any]:
    """The ``extra`` settings of ``config_file`` (mkdocs.yml unless told), read as MkDocs
    reads them (``INHERIT`` followed)."""
    from mkdocs.utils import yaml_load

    path = Path(config_file or ROOT / "mkdocs.yml")
    with path.open(encoding="utf-8") as config:
        extra: dict[str, Any] = (yaml_load(config) or {}).get("extra") or {}
    return extra


def published_systems(config_file: str | Path | None = None) -> list[str]:
    """The systems a build of ``config_file`` (mkdocs.yml unless told) publishes: its
    ``extra.systems``, checked as the build checks it (scripts/systems_hook.py)."""
    from scripts.systems_hook import chosen_systems

    return chosen_systems(extra_settings(config_file))


HOOKS = ("search_hook.py", "systems_hook.py", "manifest_hook.py")
"""mkdocs.yml's hooks, in scripts/."""


def config_for(
    systems: list[str], folder: Path, house_rules: bool = False, developer_pages: bool = True
) -> Path:
    """A config in ``folder`` for a copy that publishes ``systems`` (and its house rules,
    and the developers' pages, as told): mkdocs.yml's in all else (it inherits it, with
    mkdocs.yml's folders and hooks named in full)."""
    import yaml

    own = {
        "INHERIT": str(ROOT / "mkdocs.yml"),
        "docs_dir": str(ROOT / "docs"),
        "theme": {"name": "material", "custom_dir": str(ROOT / "overrides")},
        "hooks": [str(ROOT / "scripts" / h) for h in HOOKS],
        "extra": {
            "systems": systems,
            "house_rules": house_rules,
            "developer_pages": developer_pages,
        },
    }
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / f"mkdocs-{'+'.join(systems)}{'+house-rules' if house_rules else ''}.yml"
    config.write_text(yaml.safe_dump(own, sort_keys=False), encoding="utf-8")
    return config


def runtime_folder(systems: list[str]) -> Path:
    """Where the runtime for ``systems`` is built: docs/ for mkdocs.yml's own choice
    (``scripts/serve`` serves it from there), a folder of its own under ``.cache/``
    for another (a test's or a benchmark's one-system build)."""
    if systems == published_systems():
        return RUNTIME
    return ROOT / ".cache" / "runtime" / "+".join(systems)


def _fingerprint(systems: list[str]) -> str:
    """What the runtime is made from: Pyodide's version, rules_py's sources, the pins,
    and the systems whose widgets its snapshot warms."""
    digest = hashlib.sha256()
    digest.update(repr(systems).encode())
    digest.update(repr(PACKED).encode())
    digest.update(f"manifest {MANIFEST_FORMAT}".encode())
    digest.update((PYODIDE / "package.json").read_bytes())
    digest.update((ZSTD.parent.parent / "package.json").read_bytes())
    digest.update((ROOT / "pyproject.toml").read_bytes())
    digest.update((ROOT / "scripts" / "snapshot.mjs").read_bytes())
    digest.update((ROOT / "docs" / "assets" / "rollbook" / "snapshot-diff.mjs").read_bytes())
    for path in sorted((ROOT / "rules_py").rglob("*.py")):
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _runtime_is_current(runtime: Path, fingerprint: str) -> bool:
    manifest_path = runtime / "manifest.json"
    if not manifest_path.exists():
        return False
    manifest = json.loads(manifest_path.read_text())
    return manifest.get("fingerprint") == fingerprint and all(
        (runtime / name).exists()
        for name in [*manifest["wheels"], manifest["snapshot"], *manifest.get("sizes", {})]
    )


def assets(config_file: str | Path | None = None) -> Path:
    """Copy Pyodide's runtime, build the wheels and the memory snapshot; return its folder.

    The snapshot warms the widgets of the systems ``config_file`` (mkdocs.yml unless
    told) publishes; the folder is :func:`runtime_folder`'s. The output is generated,
    not committed; it is rebuilt only when its inputs change. It is built in a folder
    beside it and swapped in only once complete, so a failed rebuild (offline, say)
    leaves the previous runtime working.
    """
    systems = published_systems(config_file)
    runtime = runtime_folder(systems)
    fingerprint = _fingerprint(systems)
    runtime.parent.mkdir(parents=True, exist_ok=True)
    # Two builds at once (the test workers') build one runtime, not two over each other.
    with _locked(runtime.parent / f".{runtime.name}.lock"):
        if _runtime_is_current(runtime, fingerprint):
            print("rollbook: browser runtime is up to date", file=sys.stderr)
            return runtime
        _rebuild_runtime(runtime, fingerprint, systems)
    return runtime


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (a file beside what it guards) while inside."""
    import fcntl

    with path.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _rebuild_runtime(runtime: Path, fingerprint: str, systems: list[str]) -> None:
    print(f"rollbook: building the browser runtime ({', '.join(systems)})", file=sys.stderr)
    staging = Path(tempfile.mkdtemp(prefix=f".{runtime.name}-new-", dir=runtime.parent))
    staging.chmod(0o755)  # mkdtemp makes it private; a web server must read it
    try:
        _build_runtime(staging, fingerprint, systems)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        if runtime.exists():
            print("rollbook: the rebuild failed; the previous runtime is kept", file=sys.stderr)
        raise
    _swap_in(staging, runtime)


def _build_runtime(out: Path, fingerprint: str, systems: list[str]) -> None:
    """Everything the browser loads, into the empty folder ``out``; the manifest last."""
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE / name, out / name)
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
            shutil.copy2(Path(tmp) / name, out / name)
    _run(
        "node",
        ROOT / "scripts" / "snapshot.mjs",
        out,
        out / HEAP,
        *(out / w for w in wheels),
        env={**os.environ, "ROLLBOOK_SYSTEMS": ",".join(systems)},
    )
    for name in ZSTD_FILES:
        shutil.copy2(ZSTD / name, out / name)
    for name in PACKED:  # the snapshot was made from the originals: pack them only now
        _pack(out / name)
    with concurrent.futures.ThreadPoolExecutor() as pool:  # (zstandard lets go of the GIL)
        sizes = pool.map(lambda item: _squeeze(out / item[0], item[1]), SQUEEZED.items())
        unpacked = {f"{name}.zst": size for name, size in zip(SQUEEZED, sizes, strict=True)}
    manifest = {
        "pyodide": json.loads((PYODIDE / "package.json").read_text())["version"],
        "wheels": wheels,
        "snapshot": SNAPSHOT,
        # Its size decoded: the worker decodes it into a buffer of that size, handed to
        # Pyodide before the snapshot has downloaded.
        "snapshot_size": unpacked[SNAPSHOT],
        "systems": systems,  # whose widgets the snapshot warms
        # The snapshot's heap is stored XOR the wasm's data segments (snapshot-diff.mjs).
        "snapshot_diff": "pyodide.asm.wasm data segments",
        "packed": [f"{name}.gz" for name in PACKED] + sorted(unpacked),
        "unpacked": unpacked,  # each .zst file's size decoded
        # What each file weighs as downloaded: the page's wait counts against their total.
        "sizes": {p.name: p.stat().st_size for p in sorted(out.iterdir()) if p.is_file()},
        "fingerprint": fingerprint,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")


def _squeeze(path: Path, level: int) -> int:
    """Replace ``path`` with ``path.zst``, a Zstandard frame at ``level`` that names its
    size (the same input, the same bytes); return the size it decodes to."""
    import zstandard

    data = path.read_bytes()
    squeezed = path.with_name(path.name + ".zst")
    squeezed.write_bytes(zstandard.ZstdCompressor(level=level).compress(data))
    shutil.copystat(path, squeezed)
    path.unlink()
    return len(data)


def _pack(path: Path) -> None:
    """Replace ``path`` with ``path.gz`` (gzip -9, no timestamp: the same input, the same bytes)."""
    packed = path.with_name(path.name + ".gz")
    packed.write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
    shutil.copystat(path, packed)
    path.unlink()


def _swap_in(new: Path, target: Path) -> None:
    """Put the folder ``new`` at ``target``, replacing what was there with two renames."""
    old = target.with_name(f".{target.name}-old-{os.getpid()}")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    new.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def build(site_dir: str = "site", config_file: str | Path | None = None) -> None:
    """The complete site, browser runtime included, into ``site_dir``.

    ``config_file`` (mkdocs.yml unless told) may publish other systems than mkdocs.yml
    does: its runtime, built apart, replaces the one the pages were copied with.
    """
    runtime = assets(config_file)
    mkdocs_build(site_dir, None if config_file is None else str(config_file))
    if runtime != RUNTIME:
        _swap_in(
            _copy_beside(runtime, Path(site_dir) / "assets/rollbook/runtime"),
            Path(site_dir) / "assets/rollbook/runtime",
        )
    security_policy(site_dir)
    service_worker(site_dir)


def _copy_beside(source: Path, target: Path) -> Path:
    """A copy of the folder ``source`` beside ``target``, to be swapped in for it."""
    copy = target.with_name(f".{target.name}-new-{os.getpid()}")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(source, copy)
    return copy


def security_policy(site_dir: str | Path) -> None:
    """Write the built site's Content-Security-Policy into its pages (scripts/csp.py), and
    print it: a host may send it as a header (docs/hosting.md)."""
    from scripts import csp

    print(f"rollbook: Content-Security-Policy: {csp.write_policy(site_dir)}", flush=True)


def service_worker(site_dir: str | Path) -> None:
    """Write the built site's service worker (``sw.js``), which saves it for offline use.

    Workbox lists every file of ``site_dir`` with a hash of its content (see
    scripts/offline.mjs). Only a finished build gets one: ``scripts/serve`` has none,
    so live reload is never answered from an offline copy.
    """
    _run("node", ROOT / "scripts" / "offline.mjs", Path(site_dir).resolve())


_PAGE_ERROR = re.compile(r"Error (?:reading|building) page '(?P<page>[^']+)'")


@contextlib.contextmanager
def _page_errors_in_one_line() -> Iterator[None]:
    """A page the Rollbook extensions refuse becomes ``SystemExit`` with one line.

    MkDocs logs "Error reading page '...'" and re-raises the extension's exception,
    which would end in a traceback; here the log line is held back and the page and
    the message are put together instead:
    ``rollbook: build stopped: docs/PAGE: MESSAGE``.
    """
    import logging

    from pymdownx.inlinehilite import InlineHiliteException
    from pymdownx.superfences import SuperFencesException

    pages: list[str] = []

    def hold_page_errors(record: logging.LogRecord) -> bool:
        found = _PAGE_ERROR.match(record.getMessage())
        if found:
            pages.append(found["page"])
        return found is None

    logger = logging.getLogger("mkdocs.commands.build")
    logger.addFilter(hold_page_errors)
    try:
        yield
    except (InlineHiliteException, SuperFencesException) as error:
        where = f"docs/{pages[-1]}" if pages else "a page"
        raise SystemExit(f"rollbook: build stopped: {where}: {error}") from None
    finally:
        logger.removeFilter(hold_page_errors)


def mkdocs_build(site_dir: str, config_file: str | None = None) -> None:
    """``mkdocs build --strict``; a page the Rollbook extensions refuse stops it with one line."""
    from click import ClickException
    from mkdocs.__main__ import cli

    args = ["build", "--strict", "--site-dir", site_dir, "--config-file"]
    args.append(config_file or str(ROOT / "mkdocs.yml"))
    try:
        with _page_errors_in_one_line():
            cli.main(args, prog_name="mkdocs", standalone_mode=False)
    except ClickException as error:
        error.show()
        sys.exit(error.exit_code)


def _add_web_types() -> None:
    """Module workers need a JavaScript type for .mjs, and wasm streaming needs its own."""
    mimetypes.add_type("text/javascript", ".mjs")
    mimetypes.add_type("text/javascript", ".js")
    mimetypes.add_type("application/wasm", ".wasm")


DEFAULT_PORT = 8000


def _require_free_port(port: int) -> None:
    """Stop with one line when ``port`` is taken, saying how to pick another."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            sys.exit(
                f"rollbook: port {port} is busy (another server is using it); "
                f"pick another: scripts/serve --port {port + 1}"
            )


def serve() -> None:
    """Build the runtime and serve on http://127.0.0.1:8000/ (or ``--port N``) with live reload.

    ``mkdocs serve`` sets the site's address to the one it serves, so instant
    navigation works on any port. Other options go to ``mkdocs serve``.
    """
    import argparse

    options = argparse.ArgumentParser(prog="scripts/serve", add_help=False)
    options.add_argument("--port", type=int, default=DEFAULT_PORT)
    known, rest = options.parse_known_args(sys.argv[2:])
    if not 1 <= known.port <= 65535:
        sys.exit(
            f"rollbook: port {known.port} does not exist: a port is a number from 1 to 65535, "
            f"e.g. scripts/serve --port {DEFAULT_PORT + 1}"
        )
    _require_free_port(known.port)
    assets()
    _add_web_types()
    from mkdocs.__main__ import cli

    sys.argv = ["mkdocs", "serve", "--dev-addr", f"127.0.0.1:{known.port}", *rest]
    with _serving():
        cli()


_QUIET_404 = re.compile(r'"(?:GET|HEAD) (?:\S*/)?sw\.js(?:\?\S*)? HTTP/[0-9.]+" code 404')
"""The request log line of a page asking for the service worker that ``serve`` never has."""


@contextlib.contextmanager
def _serving() -> Iterator[None]:
    """``mkdocs serve`` as ``scripts/build`` reports a bad page, and without sw.js noise.

    * A page the Rollbook extensions refuse prints the same one line as
      ``scripts/build``. On the first build, serving stops there; on a rebuild the
      previous build goes on being served (MkDocs would print a traceback, empty the
      served folder and hold every request until the page is fixed), and the next
      save rebuilds.
    * Its pages say that they have no service worker (``extra.no_service_worker``, a
      meta tag of overrides/main.html): offline.js then registers none, which the
      browser would refuse with a red 404 error in the console on every page, and
      drops one an earlier build left on this address. A page of that earlier build,
      still answered from its offline copy, asks for ``sw.js`` and drops its worker on
      the 404: those 404s are not logged.
    """
    import logging

    import mkdocs.commands.serve

    build = mkdocs.commands.serve.build
    built: list[bool] = []

    def build_or_report(config: Any, **kwargs: Any) -> None:
        # Built beside the served folder and swapped in whole: MkDocs empties its
        # folder first, so a failed build would leave nothing to serve.
        served = Path(config.site_dir)
        staging = Path(tempfile.mkdtemp(prefix=f".{served.name}-new-", dir=served.parent))
        config.site_dir = str(staging)
        config.extra["no_service_worker"] = True  # scripts/serve writes no sw.js
        try:
            with _page_errors_in_one_line():
                build(config, **kwargs)
        except BaseException as error:
            shutil.rmtree(staging, ignore_errors=True)
            if not built or not isinstance(error, SystemExit):
                raise
            print(error.code, file=sys.stderr, flush=True)
            return
        finally:
            config.site_dir = str(served)
        _swap_in(staging, served)
        built.append(True)

    def quiet_404(record: logging.LogRecord) -> bool:
        return _QUIET_404.search(record.getMessage()) is None

    logger = logging.getLogger("mkdocs.livereload")
    logger.addFilter(quiet_404)
    mkdocs.commands.serve.build = build_or_report  # type: ignore[assignment]
    try:
        yield
    finally:
        mkdocs.commands.serve.build = build
        logger.removeFilter(quiet_404)


def typecheck_js() -> None:
    """TypeScript's compiler over the page layer's JavaScript (docs/assets/rollbook): the
    page's modules (tsconfig.json), then the worker's (tsconfig.worker.json: a Web Worker's
    globals, which conflict with the page's)."""
    for config in ("tsconfig.json", "tsconfig.worker.json"):
        _run(ROOT / "node_modules" / ".bin" / "tsc", "-p", config)


def test() -> None:
    """Every check: ruff, mypy, tsc, the rules' overlap check, pytest (browser tests included)."""
    assets()
    _run(PY, "-m", "ruff", "check", "rules_py", "tests", "scripts")
    _run(PY, "-m", "mypy")
    typecheck_js()
    overlap = ROOT.parent / "shared" / "tools" / "seed_overlap.py"
    if overlap.exists():
        _run(PY, overlap, "docs")
    env = {**os.environ, "ROLLBOOK_RUNTIME_BUILT": "1"}
    result = subprocess.run([PY, "-m", "pytest", *pytest_args(sys.argv[2:])], cwd=ROOT, env=env)
    sys.exit(result.returncode)


def pytest_args(args: list[str]) -> list[str]:
    """pytest's arguments for ``scripts/test ARGS``: the tests spread over every core
    (pytest-xdist, one Chromium per worker) and the ten slowest named at the end, unless
    ``ARGS`` choose otherwise (``-n 0`` runs them in one process)."""
    chosen = " ".join(args)
    # worksteal: a worker that runs out takes tests queued for the other. Plain "load"
    # hands each worker a long run of tests in collection order up front, so one got
    # nearly every browser test and the other sat idle for half the run.
    spread = (
        []
        if re.search(r"(^| )(-n|--numprocesses|-p no:xdist)", chosen)
        else ["-n", "auto", "--dist", "worksteal"]
    )
    slowest = [] if "--durations" in chosen else ["--durations=10"]
    return [*spread, *slowest, *args]


TASKS = {"assets": assets, "build": build, "serve": serve, "test": test}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in TASKS:
        sys.exit(f"usage: python -m scripts.tasks {{{'|'.join(TASKS)}}}")
    try:
        TASKS[sys.argv[1]]()
    except subprocess.CalledProcessError as error:
        sys.exit(error.returncode or 1)
