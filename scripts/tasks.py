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
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "docs" / "assets" / "rollbook" / "runtime"
PYODIDE = ROOT / "node_modules" / "pyodide"
WASM = "pyodide.asm.wasm"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    WASM,
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
SQUEEZED = {WASM: 19, HEAP: 17}
"""The two large files of a first visit, stored as Zstandard frames (``.zst``) at these
levels: a third smaller than gzip -9 (its 32 KiB window misses the repeats across the
heap). The worker decodes them with Zstandard's own decoder in WebAssembly
(:data:`ZSTD_FILES`). The snapshot's level is below 19, which takes twice as long for
2 % fewer bytes: every runtime a test builds compresses one."""
ZSTD = ROOT / "node_modules" / "@bokuweb" / "zstd-wasm" / "dist" / "web"
ZSTD_FILES = ("zstd.js", "zstd.wasm")
"""Zstandard's decoder (npm ``@bokuweb/zstd-wasm``, pinned in package.json): its
Emscripten glue and module, copied into the runtime beside Pyodide's files."""
STREAMED = {WASM: 2 << 20}
"""Squeezed files stored as several Zstandard frames, each this many bytes decoded (the
last fewer), so that the worker decodes each as it arrives and compiles the wasm as it
is decoded, rather than all of it once the whole file is here. Each frame after the
first is compressed with the :data:`DICTIONARY` bytes decoded before it as a raw-content
dictionary: the wasm is within 2 KB of one frame's size, the snapshot within 5 KB. The
manifest lists the frames."""
DICTIONARY = 8 << 20
"""How many of the bytes decoded before a frame are its dictionary (Zstandard's window at
level 19)."""
MANIFEST_FORMAT = 4
"""What the runtime's manifest.json says: raised when it says more, so that a runtime
built before is rebuilt (2: snapshot_size; 3: the .zst files and their unpacked sizes;
4: the frames of the streamed ones)."""
ICEPOOL = "icepool==2.1.3"
PARTS = ROOT / ".cache" / "runtime-parts"
"""The parts of a runtime that do not depend on its systems, each kept in a folder named
after what it is made from (:func:`_made_once`): the two wheels (rules_py's sources, the
pins) and the squeezed wasm (Pyodide's wasm, its level and frames). A runtime for other
systems (a group's copy, a test's, a benchmark's) takes them rather than making them
again: squeezing the wasm is 9 s of CPU, the wheels 3 s."""
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
    ``extra.systems``, checked as the build checks it (scripts/site_config.py)."""
    from scripts.site_config import chosen_systems

    return chosen_systems(extra_settings(config_file))


def config_for(
    systems: list[str], folder: Path, house_rules: bool = False, developer_pages: bool = True
) -> Path:
    """A config in ``folder`` for a copy that publishes ``systems`` (and its house rules,
    and the developers' pages, as told): mkdocs.yml's in all else (it inherits it, with
    mkdocs.yml's folders named in full)."""
    import yaml

    own = {
        "INHERIT": str(ROOT / "mkdocs.yml"),
        "docs_dir": str(ROOT / "docs"),
        "theme": {"name": "material", "custom_dir": str(ROOT / "overrides")},
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
    digest.update(repr((PACKED, SQUEEZED, STREAMED, DICTIONARY)).encode())
    digest.update(f"manifest {MANIFEST_FORMAT}".encode())
    digest.update((PYODIDE / "package.json").read_bytes())
    digest.update((ZSTD.parent.parent / "package.json").read_bytes())
    digest.update((ROOT / "pyproject.toml").read_bytes())
    digest.update((ROOT / "scripts" / "snapshot.mjs").read_bytes())
    digest.update((ROOT / "docs" / "assets" / "rollbook" / "snapshot-diff.mjs").read_bytes())
    _add_sources(digest)
    return digest.hexdigest()


def _add_sources(digest: Any) -> None:
    """rules_py's sources, each named, into ``digest``."""
    for path in sorted((ROOT / "rules_py").rglob("*.py")):
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())


def _sources_fingerprint() -> str:
    """What the pages' Markdown extensions are: rules_py's sources and the pins."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    _add_sources(digest)
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
    with concurrent.futures.ThreadPoolExecutor() as pool:  # (zstandard lets go of the GIL)
        # The wasm is squeezed from Pyodide's own copy while the wheels and the snapshot
        # are made: neither changes it.
        wasm = pool.submit(_squeezed_wasm)
        for name in PYODIDE_FILES:
            shutil.copy2(PYODIDE / name, out / name)
        wheels = _made_once("wheels", _wheels_fingerprint(), _make_wheels)
        wheel_names = sorted(p.name for p in wheels.glob("*.whl"))
        for name in wheel_names:
            shutil.copy2(wheels / name, out / name)
        _run(
            "node",
            ROOT / "scripts" / "snapshot.mjs",
            out,
            out / HEAP,
            *(out / w for w in wheel_names),
            env={**os.environ, "ROLLBOOK_SYSTEMS": ",".join(systems)},
        )
        for name in ZSTD_FILES:
            shutil.copy2(ZSTD / name, out / name)
        for name in PACKED:  # the snapshot was made from the originals: pack them only now
            _pack(out / name)
        squeezed = [_take_squeezed(wasm.result(), out), _squeeze(out / HEAP, SQUEEZED[HEAP])]
    unpacked = {f"{name}.zst": sum(f[1] for f in frames) for name, frames in squeezed}
    streamed = {f"{name}.zst": frames for name, frames in squeezed if len(frames) > 1}
    manifest = {
        "pyodide": json.loads((PYODIDE / "package.json").read_text())["version"],
        "wheels": wheel_names,
        "snapshot": SNAPSHOT,
        # Its size decoded: the worker decodes it into a buffer of that size, handed to
        # Pyodide before the snapshot has downloaded.
        "snapshot_size": unpacked[SNAPSHOT],
        "systems": systems,  # whose widgets the snapshot warms
        # The snapshot's heap is stored XOR the wasm's data segments (snapshot-diff.mjs).
        "snapshot_diff": "pyodide.asm.wasm data segments",
        "packed": [f"{name}.gz" for name in PACKED] + sorted(unpacked),
        "unpacked": unpacked,  # each .zst file's size decoded
        # The frames of those stored in several (STREAMED): [bytes stored, decoded] each.
        "frames": streamed,
        # What each file weighs as downloaded: the page's wait counts against their total.
        "sizes": {p.name: p.stat().st_size for p in sorted(out.iterdir()) if p.is_file()},
        "fingerprint": fingerprint,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")


def _made_once(part: str, key: str, make: Callable[[Path], None]) -> Path:
    """The folder of :data:`PARTS` for ``part`` made from ``key``: made by ``make`` into an
    empty folder the first time it is asked for, and kept, in place of the one made from
    what it was made from before. Made beside it and renamed into place once complete,
    and made by one process at a time (the test workers')."""
    kept = PARTS / f"{part}-{key[:40]}"
    PARTS.mkdir(parents=True, exist_ok=True)
    with _locked(PARTS / f".{part}.lock"):
        if not kept.exists():
            staging = Path(tempfile.mkdtemp(prefix=f".{kept.name}-", dir=PARTS))
            try:
                make(staging)
                staging.rename(kept)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
            for before in PARTS.glob(f"{part}-*"):
                if before != kept:
                    shutil.rmtree(before, ignore_errors=True)
    return kept


def _wheels_fingerprint() -> str:
    """What the two wheels are made from: rules_py's sources and the pins, and icepool's."""
    return hashlib.sha256(f"{_sources_fingerprint()} {ICEPOOL}".encode()).hexdigest()


def _make_wheels(folder: Path) -> None:
    """rules_py's wheel, built from this checkout, and icepool's, into ``folder``."""
    _run(
        PY,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        "--wheel-dir",
        folder,
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
        folder,
        ICEPOOL,
    )


def _squeezed_wasm() -> Path:
    """The folder of :data:`PARTS` holding Pyodide's wasm squeezed (``pyodide.asm.wasm.zst``)
    and its frames (``frames.json``): the same for every runtime of this Pyodide."""
    import zstandard

    wasm = PYODIDE / WASM
    key = hashlib.sha256(wasm.read_bytes())
    key.update(repr((SQUEEZED[WASM], STREAMED.get(WASM), DICTIONARY)).encode())
    key.update(zstandard.__version__.encode())

    def squeeze(folder: Path) -> None:
        shutil.copy2(wasm, folder / WASM)
        _, frames = _squeeze(folder / WASM, SQUEEZED[WASM])
        (folder / "frames.json").write_text(json.dumps(frames))

    return _made_once("wasm", key.hexdigest(), squeeze)


def _take_squeezed(kept: Path, out: Path) -> tuple[str, list[tuple[int, int]]]:
    """Put the squeezed wasm ``kept`` (:func:`_squeezed_wasm`) in place of ``out``'s wasm,
    as :func:`_squeeze` would have; return its name and frames."""
    shutil.copy2(kept / f"{WASM}.zst", out / f"{WASM}.zst")
    (out / WASM).unlink()
    frames = [(stored, size) for stored, size in json.loads((kept / "frames.json").read_text())]
    return WASM, frames


def _squeeze(path: Path, level: int) -> tuple[str, list[tuple[int, int]]]:
    """Replace ``path`` with ``path.zst``: Zstandard frames at ``level`` that name their
    sizes, one or (:data:`STREAMED`) several (the same input, the same bytes). Return the
    file's name and its frames: [bytes stored, bytes decoded] each."""
    import zstandard

    data = path.read_bytes()
    chunk = STREAMED.get(path.name, len(data))
    frames: list[bytes] = []
    decoded: list[int] = []
    for start in range(0, len(data), chunk):
        if start:
            before = data[max(0, start - DICTIONARY) : start]
            raw = zstandard.ZstdCompressionDict(before, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
            squeezer = zstandard.ZstdCompressor(level=level, dict_data=raw)
        else:
            squeezer = zstandard.ZstdCompressor(level=level)
        frames.append(squeezer.compress(data[start : start + chunk]))
        decoded.append(len(data[start : start + chunk]))
    squeezed = path.with_name(path.name + ".zst")
    squeezed.write_bytes(b"".join(frames))
    shutil.copystat(path, squeezed)
    path.unlink()
    return path.name, [(len(f), n) for f, n in zip(frames, decoded, strict=True)]


def unsqueeze(packed: bytes, frames: list[tuple[int, int]] | None = None) -> bytes:
    """What :func:`_squeeze` stored, decoded (``frames`` as the manifest lists them, for a
    file stored in several): as worker.js's decoder reads it, for the tests."""
    import zstandard

    if not frames:
        return zstandard.ZstdDecompressor().decompress(packed)
    out = bytearray()
    at = 0
    for stored, size in frames:
        before = bytes(out[max(0, len(out) - DICTIONARY) :])
        raw = zstandard.ZstdCompressionDict(before, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
        unsqueezer = (
            zstandard.ZstdDecompressor(dict_data=raw) if out else zstandard.ZstdDecompressor()
        )
        out += unsqueezer.decompress(packed[at : at + stored], max_output_size=size)
        at += stored
    return bytes(out)


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


GENERATORS = ("mkdocs", "zensical")
"""What builds the pages: MkDocs (with Material for MkDocs), or its makers' successor
Zensical, which reads the same config and runs the same Markdown extensions."""


def build(
    site_dir: str = "site", config_file: str | Path | None = None, generator: str = "mkdocs"
) -> None:
    """The complete site, browser runtime included, into ``site_dir``.

    ``config_file`` (mkdocs.yml unless told) may publish other systems than mkdocs.yml
    does: its runtime, built apart, replaces the one the pages were copied with.
    ``generator`` (:data:`GENERATORS`) builds the pages from the config derived from it
    (scripts/site_config.py); every step before and after is the same for both.
    """
    site = Path(site_dir).resolve()
    runtime = assets(config_file)
    derived = generate(site, config_file, generator, runtime)
    # The site is complete here, pages and files, whichever generator built them: its
    # links are checked on the pages as built (neither generator checks those, and
    # Zensical has no --strict); a broken one, or one into a section the copy leaves
    # out, stops the build naming its page. What follows only writes the pages'
    # Content-Security-Policy and lists the files for the offline copy.
    from scripts import links, site_config

    links.report(site, site_config.left_out(derived))
    security_policy(site)
    service_worker(site)


def generate(
    site: Path,
    config_file: str | Path | None,
    generator: str,
    runtime: Path,
    extra: dict[str, Any] | None = None,
    **settings: Any,
) -> dict[str, Any]:
    """The site's pages into ``site`` by ``generator`` from the config derived from
    ``config_file`` (its ``extra`` and top-level ``settings`` added), the files the build
    adds after them (scripts/after_build.py), and ``runtime`` in place of the one copied
    from docs/ if it is another; return the derived config. What ``scripts/build`` and
    ``scripts/serve --zensical`` build; a bad setting in the config stops it with one
    line."""
    from mkdocs.exceptions import ConfigurationError

    from scripts import after_build, site_config

    if generator not in GENERATORS:
        raise ValueError(f"generator is one of {', '.join(GENERATORS)} (got {generator!r})")
    staging = None
    if generator == "zensical":
        # Zensical keeps the pages it rendered in .cache/, whatever rules_py's code: a
        # change to the sources changes the config, which renders them anew.
        extra = {**(extra or {}), "rollbook_sources": _sources_fingerprint()}
        # It writes only inside its project's root folder (the derived config's).
        (ROOT / ".cache").mkdir(exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".zensical-site-", dir=ROOT / ".cache"))
        staging.chmod(0o755)  # mkdtemp makes it private; a web server must read it
        # Zensical checks the Markdown's links before the systems extension has made
        # those into left-out sections plain text (a copy's home cards): it would warn
        # of each. The built site's links are checked after it (scripts/links.py).
        validation = {"invalid_links": False, "invalid_link_anchors": False}
        settings = {**settings, "site_dir": str(staging), "validation": validation}
    try:
        with site_config.written(config_file, extra, **settings) as derived:
            if staging is None:
                mkdocs_build(str(site), str(derived.path))
            else:
                zensical_build(derived.path)
            built = staging or site
            after_build.finish(built, derived.config)
            if runtime != RUNTIME:
                _swap_in(
                    _copy_beside(runtime, built / "assets/rollbook/runtime"),
                    built / "assets/rollbook/runtime",
                )
            if staging is not None:  # swapped in whole: a failed build leaves the last
                _move_in(staging, site)
            return derived.config
    except ConfigurationError as error:
        error.show()
        sys.exit(error.exit_code)
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


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


ZENSICAL = Path(PY).parent / "zensical"
_ZENSICAL_STOPPED = re.compile(r"^RuntimeError: (?:Python error: \w+: )?(?P<message>.+)$", re.M)
"""The line a failed ``zensical build`` ends its traceback with, such as a page the
Rollbook extensions refuse (``Python error: InlineHiliteException: Rollbook: bad roll ...``)."""


def zensical_build(config_file: Path) -> None:
    """``zensical build`` of ``config_file``, into the ``site_dir`` it names.

    Its report is printed; a failed build stops with one line, ``rollbook: build
    stopped: MESSAGE``, without Zensical's traceback (Zensical does not say which page
    an extension refused). Not ``--strict``: Zensical 0.0.73 takes it, but what it
    counts as issues are the links :func:`generate` asks it not to check.
    """
    done = subprocess.run(
        [ZENSICAL, "build", "--config-file", config_file],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    report = done.stdout.split("Traceback (most recent call last):", 1)[0]
    print(report.rstrip("\n"), file=sys.stderr, flush=True)
    if done.returncode != 0:
        found = _ZENSICAL_STOPPED.search(done.stdout)
        message = found["message"] if found else f"zensical build exited with {done.returncode}"
        raise SystemExit(f"rollbook: build stopped: {message}")


def _move_in(new: Path, target: Path) -> None:
    """Put the folder ``new`` at ``target`` (on another file system, a copy of it)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if new.stat().st_dev != target.parent.stat().st_dev:
        new = _copy_beside(new, target)
    _swap_in(new, target)


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
    """Build the runtime and serve on http://127.0.0.1:8000/ (or ``--port N``), rebuilding
    when a file changes.

    ``mkdocs serve`` with live reload, from the config derived from mkdocs.yml (or the
    ``--config-file`` named: scripts/site_config.py); it sets the site's address to the
    one it serves, so instant navigation works on any port. Other options go to
    ``mkdocs serve``. ``--zensical``: the site built by Zensical, served as files and
    rebuilt when a file changes (:func:`_serve_zensical`).
    """
    import argparse

    options = argparse.ArgumentParser(prog="scripts/serve", add_help=False)
    options.add_argument("--port", type=int, default=DEFAULT_PORT)
    options.add_argument("--zensical", action="store_true")
    known, rest = options.parse_known_args(sys.argv[2:])
    if not 1 <= known.port <= 65535:
        sys.exit(
            f"rollbook: port {known.port} does not exist: a port is a number from 1 to 65535, "
            f"e.g. scripts/serve --port {DEFAULT_PORT + 1}"
        )
    _require_free_port(known.port)
    # Stopped by a kill as by Ctrl+C: it removes the derived config and the served folder.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    if known.zensical:
        files = argparse.ArgumentParser(prog="scripts/serve --zensical")
        files.add_argument("-f", "--config-file")
        _serve_zensical(known.port, files.parse_args(rest).config_file)
        return
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
    """``mkdocs serve`` from the derived config, as ``scripts/build`` builds and reports a
    bad page, and without sw.js noise.

    * Each build, the first and every rebuild, derives the config anew from the one
      named (mkdocs.yml unless told; scripts/site_config.py) into a file of its own in
      the checkout's root folder, which MkDocs builds from; a change to the config named
      rebuilds too. A bad setting stops the first build with one line; on a rebuild it
      is printed, and the last good config is built.
    * Each build gets the files ``scripts/build`` adds after MkDocs
      (scripts/after_build.py: the manifest, the system names in search).
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
    from mkdocs.exceptions import ConfigurationError

    from scripts import after_build, site_config

    build = mkdocs.commands.serve.build
    load_config = mkdocs.commands.serve.load_config
    built: list[bool] = []
    handle, name = tempfile.mkstemp(prefix=site_config.PREFIX, suffix=".yml", dir=ROOT)
    os.close(handle)
    derived_file = Path(name)
    derived: list[dict[str, Any]] = []

    def load_derived(config_file: Any = None, **kwargs: Any) -> Any:
        # MkDocs hands the file it was told (--config-file), open; or None: mkdocs.yml.
        source = Path(getattr(config_file, "name", None) or config_file or ROOT / "mkdocs.yml")
        try:
            config = site_config.derived_from(source, watch=[str(source.resolve())])
        except ConfigurationError as error:
            if not derived:
                raise
            error.show()  # the last good config is built
        else:
            derived[:] = [config]
            site_config.write(config, derived_file)  # unchanged, not written: no rebuild
        return load_config(config_file=str(derived_file), **kwargs)

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
            after_build.finish(staging, derived[-1])
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
    mkdocs.commands.serve.load_config = load_derived
    try:
        yield
    finally:
        mkdocs.commands.serve.build = build
        mkdocs.commands.serve.load_config = load_config
        logger.removeFilter(quiet_404)
        derived_file.unlink(missing_ok=True)


def _serve_zensical(port: int, config_file: str | None) -> None:
    """``scripts/serve --zensical``: the site as ``scripts/build --zensical`` builds it
    (without its service worker and Content-Security-Policy, as ``scripts/serve``), served
    as files on ``port``, and rebuilt when a file under the config's docs and theme
    folders, rules_py/ or the config itself changes (looked at once a second). Each
    build is swapped in whole once complete; a failed one prints its line and the last
    one goes on being served. No live reload: a reader reloads the page."""
    import http.server
    import threading
    import time

    runtime = assets(config_file)
    _add_web_types()
    url = f"http://127.0.0.1:{port}/"
    served = ROOT / ".cache" / f"serve-{os.getpid()}"
    source = Path(config_file or ROOT / "mkdocs.yml").resolve()

    def rebuild() -> list[Path]:
        """Build into ``served``; return what to watch."""
        # Its pages say it has no service worker; instant navigation needs its address.
        config = generate(
            served, config_file, "zensical", runtime, {"no_service_worker": True}, site_url=url
        )
        theme = config.get("theme") or {}
        folders = [config["docs_dir"], theme.get("custom_dir"), ROOT / "rules_py"]
        return [source, *(ROOT / f for f in folders if f)]

    try:
        watched = rebuild()
        seen = _mtimes(watched)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), _files_in(served))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        print(f"rollbook: Serving on {url} (Zensical)", file=sys.stderr, flush=True)
        try:
            while True:
                time.sleep(1)
                now = _mtimes(watched)
                if now == seen:
                    continue
                seen = now
                print("rollbook: files changed, rebuilding", file=sys.stderr, flush=True)
                try:
                    watched = rebuild()
                except SystemExit as error:  # the last build goes on being served
                    if isinstance(error.code, str):
                        print(error.code, file=sys.stderr, flush=True)
                    continue
                print(f"rollbook: rebuilt, serving on {url}", file=sys.stderr, flush=True)
        except KeyboardInterrupt:
            print("rollbook: shutting down", file=sys.stderr, flush=True)
        finally:
            server.shutdown()
    finally:
        shutil.rmtree(served, ignore_errors=True)


def _mtimes(watched: list[Path]) -> dict[str, int]:
    """Each file's modification time, of the files and the folders' files in ``watched``
    (those Python and the builds write, in ``__pycache__`` and hidden folders, left out)."""
    found: dict[str, int] = {}
    for top in watched:
        paths = [top] if top.is_file() else top.rglob("*")
        for path in paths:
            inside = path.relative_to(top).parts if path != top else ()
            if any(part.startswith(".") or part == "__pycache__" for part in inside):
                continue
            with contextlib.suppress(OSError):  # gone since it was listed
                if path.is_file():
                    found[str(path)] = path.stat().st_mtime_ns
    return found


def _files_in(folder: Path) -> Any:
    """A request handler that serves the files of ``folder`` (as it is at each request),
    its 404.html for a missing file, nothing cached, and logs only failed requests (but
    the service worker it never has: see :func:`_serving`)."""
    import functools
    import http.server

    class Files(http.server.SimpleHTTPRequestHandler):
        def end_headers(self) -> None:
            self.send_header("Cache-Control", "no-cache")
            super().end_headers()

        def send_error(
            self, code: int, message: str | None = None, explain: str | None = None
        ) -> None:
            page = folder / "404.html"
            if code != 404 or not page.is_file():
                super().send_error(code, message, explain)
                return
            body = page.read_bytes()
            self.log_request(code)
            self.send_response_only(code)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            failed = str(code).isdigit() and int(str(code)) >= 400
            service_worker = self.path.split("?")[0].endswith("/sw.js")
            if failed and not service_worker:
                super().log_request(code, size)

        def log_error(self, format: str, *args: Any) -> None:
            pass  # the request's own line says it failed

    return functools.partial(Files, directory=str(folder))


def typecheck_js() -> None:
    """TypeScript's compiler over the page layer's JavaScript (docs/assets/rollbook): the
    page's modules (tsconfig.json), then the worker's (tsconfig.worker.json: a Web Worker's
    globals, which conflict with the page's)."""
    for config in ("tsconfig.json", "tsconfig.worker.json"):
        _run(ROOT / "node_modules" / ".bin" / "tsc", "-p", config)


def test() -> None:
    """Every check: ruff, mypy, tsc, the rules' overlap check, pytest (browser tests included).

    The browser runtime is built (if it is out of date) while the checks before pytest
    run: on a fresh clone it is some 14 s, the checks 8 s, and neither keeps both cores
    busy. pytest starts once both are done; a failed check stops the run there."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        runtime = pool.submit(assets)
        _run(PY, "-m", "ruff", "check", "rules_py", "tests", "scripts")
        _run(PY, "-m", "mypy")
        typecheck_js()
        overlap = ROOT.parent / "shared" / "tools" / "seed_overlap.py"
        if overlap.exists():
            _run(PY, overlap, "docs")
        runtime.result()
    env = pytest_env(os.environ)
    result = subprocess.run([PY, "-m", "pytest", *pytest_args(sys.argv[2:])], cwd=ROOT, env=env)
    sys.exit(result.returncode)


PYCACHE = ROOT / ".cache" / "pycache"


def pytest_env(environ: Mapping[str, str]) -> dict[str, str]:
    """The environment ``scripts/test`` runs pytest in: ``environ``, with Python's compiled
    modules kept, in :data:`PYCACHE` (git ignores it) unless ``environ`` names a folder.

    A ``PYTHONDONTWRITEBYTECODE`` is left out: the suite starts Python some 300 times (its
    workers, the site's builds, the copy's own suite, the command line's tests), and
    without a cache each compiled rules_py, the tests and whatever else it imported anew
    (a collection of the suite: 4.7 s, 1.3 s from the cache). Kept in a folder of their
    own, they leave the checkout as that setting does."""
    env = {name: value for name, value in environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env.setdefault("PYTHONPYCACHEPREFIX", str(PYCACHE))
    return {**env, "ROLLBOOK_RUNTIME_BUILT": "1"}


def pytest_workers() -> int:
    """How many pytest-xdist workers ``scripts/test`` starts: the cores this process may
    use, and one more."""
    return len(os.sched_getaffinity(0)) + 1


def pytest_args(args: list[str]) -> list[str]:
    """pytest's arguments for ``scripts/test ARGS``: the tests spread over a worker for
    every core and one more (pytest-xdist, one Chromium per worker) and the ten slowest
    named at the end, unless ``ARGS`` choose otherwise (``-n 0`` runs them in one process)."""
    chosen = " ".join(args)
    # One worker more than cores: a browser test's start waits on one thread at a time
    # (Python's worker in the page, then the page's own), and with a worker per core the
    # CPU sat idle 8 % of the run; with one more, 1 % (2 cores: 609 s -> 570 s, same day).
    # worksteal: a worker that runs out takes tests queued for another. Plain "load"
    # hands each worker a long run of tests in collection order up front, so one got
    # nearly every browser test and the other sat idle for half the run.
    spread = (
        []
        if re.search(r"(^| )(-n|--numprocesses|-p no:xdist)", chosen)
        else ["-n", str(pytest_workers()), "--dist", "worksteal"]
    )
    slowest = [] if "--durations" in chosen else ["--durations=10"]
    return [*spread, *slowest, *args]


def build_command() -> None:
    """``scripts/build [--zensical] [--site-dir DIR] [--config-file FILE]``: :func:`build`,
    by MkDocs unless ``--zensical``, into site/ from mkdocs.yml unless told."""
    import argparse

    options = argparse.ArgumentParser(prog="scripts/build")
    options.add_argument("--zensical", action="store_true", help="build the pages with Zensical")
    options.add_argument("-d", "--site-dir", default="site")
    options.add_argument("-f", "--config-file")
    chosen = options.parse_args(sys.argv[2:])
    build(chosen.site_dir, chosen.config_file, "zensical" if chosen.zensical else "mkdocs")


TASKS = {"assets": assets, "build": build_command, "serve": serve, "test": test}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in TASKS:
        sys.exit(f"usage: python -m scripts.tasks {{{'|'.join(TASKS)}}}")
    try:
        TASKS[sys.argv[1]]()
    except subprocess.CalledProcessError as error:
        sys.exit(error.returncode or 1)
