"""scripts/tasks.py: the runtime swapped in only when complete, one-line build errors, the port.

Fast: the runtime's slow steps (pip, node) are stood in for, and the site built is a
one-page MkDocs project using the Rollbook extensions.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts import tasks


@pytest.fixture
def runtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A previous, working runtime in a scratch docs folder, and a stand-in Pyodide."""
    pyodide = tmp_path / "node_modules" / "pyodide"
    pyodide.mkdir(parents=True)
    (pyodide / "package.json").write_text('{"version": "0.0.1"}')
    for name in tasks.PYODIDE_FILES:
        (pyodide / name).write_text(f"new {name}")
    runtime = tmp_path / "docs" / "assets" / "rollbook" / "runtime"
    runtime.mkdir(parents=True)
    (runtime / "pyodide.mjs").write_text("old pyodide.mjs")
    (runtime / "old.whl").write_text("old wheel")
    (runtime / tasks.SNAPSHOT).write_text("old snapshot")
    (runtime / "manifest.json").write_text(
        json.dumps({"wheels": ["old.whl"], "snapshot": tasks.SNAPSHOT, "fingerprint": "old"})
    )
    monkeypatch.setattr(tasks, "PYODIDE", pyodide)
    monkeypatch.setattr(tasks, "RUNTIME", runtime)
    monkeypatch.setattr(tasks, "PARTS", tmp_path / "parts")
    return runtime


def fake_steps(fail_on: str | None = None):  # type: ignore[no-untyped-def]
    """Stand-ins for pip wheel, pip download and node that write what they would."""

    def run(*args: str | Path, **kwargs: object) -> None:
        words = [str(a) for a in args]
        step = "node" if words[0] == "node" else words[3]
        if step == fail_on:
            raise subprocess.CalledProcessError(1, words)
        if step == "wheel":
            Path(words[words.index("--wheel-dir") + 1], "rules_py-0.1.0-py3-none-any.whl").touch()
        elif step == "download":
            Path(words[words.index("--dest") + 1], "icepool-2.1.3-py3-none-any.whl").touch()
        else:
            Path(words[3]).write_text("new snapshot")

    return run


def leftovers(runtime: Path) -> list[str]:
    """What a rebuild left beside the runtime (its lock file is meant to stay)."""
    kept = (runtime.name, f".{runtime.name}.lock")
    return sorted(p.name for p in runtime.parent.iterdir() if p.name not in kept)


@pytest.mark.parametrize("failing", ["wheel", "download", "node"])
def test_a_failed_rebuild_keeps_the_previous_runtime(
    runtime: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    before = {p.name: p.read_text() for p in runtime.iterdir()}
    monkeypatch.setattr(tasks, "_run", fake_steps(fail_on=failing))
    with pytest.raises(subprocess.CalledProcessError):
        tasks.assets()
    assert {p.name: p.read_text() for p in runtime.iterdir()} == before
    assert leftovers(runtime) == []


def test_a_rebuild_replaces_the_runtime_whole(
    runtime: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import zstandard

    monkeypatch.setattr(tasks, "_run", fake_steps())
    tasks.assets()
    manifest = json.loads((runtime / "manifest.json").read_text())
    assert manifest["wheels"] == [
        "icepool-2.1.3-py3-none-any.whl",
        "rules_py-0.1.0-py3-none-any.whl",
    ]
    assert manifest["fingerprint"] == tasks._fingerprint(tasks.published_systems())
    assert not (runtime / "old.whl").exists()
    assert (runtime / "pyodide.mjs").read_text() == "new pyodide.mjs"
    snapshot = (runtime / tasks.SNAPSHOT).read_bytes()
    assert zstandard.ZstdDecompressor().decompress(snapshot) == b"new snapshot"
    assert runtime.stat().st_mode & 0o755 == 0o755  # readable by a web server
    assert leftovers(runtime) == []
    monkeypatch.setattr(tasks, "_run", fake_steps(fail_on="wheel"))
    tasks.assets()  # up to date: nothing runs


def test_the_runtime_a_first_roll_downloads_is_stored_packed(
    runtime: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A host that does not compress sends the same bytes as one that does (issue 16, 22):
    the wasm and the memory snapshot as Zstandard frames, Pyodide's lock file gzipped, but
    for Pyodide's JavaScript half, which the worker imports as the file it is: under a
    Content-Security-Policy of script-src 'self' it cannot import it unpacked (issue 28, 9)."""
    import gzip

    import zstandard

    monkeypatch.setattr(tasks, "_run", fake_steps())
    tasks.assets()
    manifest = json.loads((runtime / "manifest.json").read_text())
    assert (runtime / "pyodide.asm.mjs").read_text() == "new pyodide.asm.mjs"
    assert not (runtime / "pyodide.asm.mjs.gz").exists()
    assert "pyodide.asm.mjs.gz" not in manifest["packed"]
    unpack = {".gz": gzip.decompress, ".zst": zstandard.ZstdDecompressor().decompress}
    stored = {
        "pyodide-lock.json.gz": "new pyodide-lock.json",
        "pyodide.asm.wasm.zst": "new pyodide.asm.wasm",
        "rollbook.snapshot.zst": "new snapshot",
    }
    assert sorted(manifest["packed"]) == sorted(stored)
    assert manifest["snapshot"] == "rollbook.snapshot.zst"
    for name, text in stored.items():
        packed = runtime / name
        assert not packed.with_suffix("").exists()  # only the packed copy is served and saved
        assert unpack[packed.suffix](packed.read_bytes()).decode() == text
        assert manifest["sizes"][name] == packed.stat().st_size
    for name in ("pyodide.asm.wasm.zst", "rollbook.snapshot.zst"):  # decoded into a buffer
        assert manifest["unpacked"][name] == len(stored[name])
    assert manifest["snapshot_size"] == len("new snapshot")


def test_a_runtime_for_other_systems_takes_the_wheels_and_the_squeezed_wasm_made_before(
    runtime: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A group's copy's runtime (or a test's, a benchmark's) makes only its own snapshot
    (issue 31): the wheels and the squeezed wasm are the same for every system, and are
    made again only when what they are made from changes."""
    steps: list[str] = []
    fake = fake_steps()

    def run(*args: str | Path, **kwargs: object) -> None:
        steps.append("node" if str(args[0]) == "node" else str(args[3]))
        fake(*args, **kwargs)

    squeezed: list[str] = []
    squeeze = tasks._squeeze

    def counted(path: Path, level: int) -> tuple[str, list[tuple[int, int]]]:
        squeezed.append(path.name)
        return squeeze(path, level)

    monkeypatch.setattr(tasks, "_run", run)
    monkeypatch.setattr(tasks, "_squeeze", counted)
    tasks.assets()
    other = tmp_path / "other"
    other.mkdir()
    tasks._build_runtime(other, "other", ["2d6"])
    assert steps == ["wheel", "download", "node", "node"]
    assert sorted(squeezed) == [tasks.WASM, tasks.HEAP, tasks.HEAP]
    for name in (f"{tasks.WASM}.zst", "rules_py-0.1.0-py3-none-any.whl"):
        assert (other / name).read_bytes() == (runtime / name).read_bytes(), name
    assert not (other / tasks.WASM).exists()
    mine, theirs = (json.loads((r / "manifest.json").read_text()) for r in (runtime, other))
    assert theirs["unpacked"] == mine["unpacked"] and theirs["frames"] == mine["frames"]
    assert theirs["sizes"] == mine["sizes"] and theirs["systems"] == ["2d6"]
    (tasks.PYODIDE / tasks.WASM).write_text("another pyodide.asm.wasm")  # another Pyodide
    third = tmp_path / "third"
    third.mkdir()
    tasks._build_runtime(third, "third", ["2d6"])
    assert squeezed.count(tasks.WASM) == 2 and steps.count("wheel") == 1
    wasm = tasks.unsqueeze((third / f"{tasks.WASM}.zst").read_bytes())
    assert wasm == b"another pyodide.asm.wasm"
    kept = sorted(p.name.split("-")[0] for p in tasks.PARTS.iterdir() if not p.name.startswith("."))
    assert kept == ["wasm", "wheels"]  # the wasm squeezed before is not kept beside it


def test_the_wasm_is_stored_in_frames_each_decoded_with_those_before_as_dictionary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker decodes each frame as it arrives and compiles what it decoded (issue 31):
    a frame is decoded with the bytes before it as a raw-content dictionary, so the file
    stays the size of one frame."""
    import random

    import zstandard

    rng = random.Random(31)
    words = [bytes(rng.randrange(256) for _ in range(rng.randrange(4, 40))) for _ in range(900)]
    data = b"".join(rng.choice(words) for _ in range(60_000))  # repeats across the file
    monkeypatch.setitem(tasks.STREAMED, "pyodide.asm.wasm", 256 << 10)
    (tmp_path / "pyodide.asm.wasm").write_bytes(data)
    name, frames = tasks._squeeze(tmp_path / "pyodide.asm.wasm", 19)
    packed = (tmp_path / "pyodide.asm.wasm.zst").read_bytes()
    assert name == "pyodide.asm.wasm" and not (tmp_path / name).exists()
    assert [size for _, size in frames] == [256 << 10] * (len(data) // (256 << 10)) + [
        len(data) % (256 << 10)
    ]
    assert sum(stored for stored, _ in frames) == len(packed)
    assert tasks.unsqueeze(packed, frames) == data
    whole = len(zstandard.ZstdCompressor(level=19).compress(data))
    assert len(packed) < whole * 1.02  # the dictionaries keep what one frame would find
    with pytest.raises(zstandard.ZstdError):  # a frame needs the bytes before it
        zstandard.ZstdDecompressor().decompress(packed[frames[0][0] : frames[0][0] + frames[1][0]])


def test_staging_folders_are_hidden_from_mkdocs_and_git() -> None:
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", "docs/assets/rollbook/.runtime-new-abc/x.whl"],
        cwd=tasks.ROOT,
        check=False,
    )
    assert ignored.returncode == 0


@pytest.fixture(autouse=True)
def _mkdocs_log_handlers() -> Iterator[None]:
    """mkdocs' command line adds a handler per run that a kept traceback keeps alive."""
    yield
    logger = logging.getLogger("mkdocs")
    for handler in list(logger.handlers):
        if handler.name == "MkDocsStreamHandler":
            logger.removeHandler(handler)


MKDOCS_YML = """\
site_name: Bad page
theme:
  name: mkdocs
markdown_extensions:
  - pymdownx.inlinehilite:
      custom_inline:
        - name: roll
          class: rb-roll
          format: !!python/name:rules_py.markdown.roll.format_roll
  - pymdownx.superfences:
      custom_fences:
        - name: odds
          class: rb-odds
          format: !!python/name:rules_py.markdown.odds.format_odds
"""


@pytest.mark.parametrize(
    ("page", "line"),
    [
        (
            "Roll `#!roll 3d6x` now.\n",
            "rollbook: build stopped: docs/rolls.md: Rollbook: bad roll `3d6x`: "
            "unexpected 'x' (at position 4)",
        ),
        (
            "```odds\nexpr: 2d6+\n```\n",
            "rollbook: build stopped: docs/rolls.md: Rollbook: bad odds fence 'expr: 2d6+': "
            "expected a die or a number after '+' (at position 5)",
        ),
    ],
)
def test_a_bad_expression_stops_the_build_with_one_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], page: str, line: str
) -> None:
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Fine\n")
    (tmp_path / "docs" / "rolls.md").write_text(page)
    with pytest.raises(SystemExit) as stopped:
        tasks.mkdocs_build(str(tmp_path / "site"), str(tmp_path / "mkdocs.yml"))
    assert stopped.value.code == line
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Error reading page" not in err


def test_a_good_page_builds(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("Roll `#!roll 2d6`.\n")
    tasks.mkdocs_build(str(tmp_path / "site"), str(tmp_path / "mkdocs.yml"))
    assert 'class="rb-roll' in (tmp_path / "site" / "index.html").read_text()


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield int(sock.getsockname()[1])


def test_a_busy_port_says_so_and_how_to_pick_another(
    busy_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["tasks", "serve", "--port", str(busy_port)])
    monkeypatch.setattr(tasks, "assets", lambda: pytest.fail("built before checking the port"))
    with pytest.raises(SystemExit) as stopped:
        tasks.serve()
    message = str(stopped.value.code)
    assert f"port {busy_port} is busy" in message
    assert f"scripts/serve --port {busy_port + 1}" in message


@pytest.mark.parametrize("port", ["99999", "65536", "0", "-1"])
def test_a_port_that_does_not_exist_is_named_on_one_line(
    port: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``scripts/serve --port 99999`` printed socket's OverflowError as a traceback."""
    monkeypatch.setattr(sys, "argv", ["tasks", "serve", "--port", port])
    monkeypatch.setattr(tasks, "assets", lambda: pytest.fail("built before checking the port"))
    with pytest.raises(SystemExit) as stopped:
        tasks.serve()
    assert stopped.value.code == (
        f"rollbook: port {port} does not exist: a port is a number from 1 to 65535, "
        "e.g. scripts/serve --port 8001"
    )


def test_serve_takes_a_port_and_serves_the_site_at_that_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """mkdocs serve sets site_url to its --dev-addr: instant navigation works on any port."""
    import mkdocs.__main__

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    called: list[list[str]] = []
    monkeypatch.setattr(sys, "argv", ["tasks", "serve", "--port", str(port), "--no-livereload"])
    monkeypatch.setattr(tasks, "assets", lambda: None)
    monkeypatch.setattr(mkdocs.__main__, "cli", lambda: called.append(list(sys.argv)))
    tasks.serve()
    assert called == [["mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}", "--no-livereload"]]


# --------------------------------------------------------------------------
# Issue 16, item 29: scripts/serve reports a bad page as scripts/build does, and
# keeps answering; the service worker it never has is not logged on every page
# --------------------------------------------------------------------------


class Serving:
    """``python -m scripts.tasks serve [OPTIONS]`` on a free port (the runtime's build skipped)."""

    def __init__(self, project: Path, *options: str) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}/"
        # Ctrl+C as in a terminal: a shell that starts the suite in the background hands
        # its children SIGINT ignored, and Python then never raises KeyboardInterrupt, so
        # stop() waited out its ten seconds and killed the server.
        driver = (
            "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
            "import sys; from scripts import tasks; tasks.assets = lambda *_: tasks.RUNTIME; "
            f"sys.argv = ['tasks', 'serve', '--port', '{self.port}', *{list(options)!r}, "
            f"'--config-file', {str(project / 'mkdocs.yml')!r}]; tasks.serve()"
        )
        self.process = subprocess.Popen(
            [sys.executable, "-c", driver],
            cwd=tasks.ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.log: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, needle: str, timeout: float = 60) -> str:
        """The first line of the log from now on that holds ``needle``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                if self.process.poll() is not None:
                    break
                continue
            self.log.append(line)
            if needle in line:
                return line
        pytest.fail(f"no {needle!r} in the log of scripts/serve:\n" + "\n".join(self.log))

    def drain(self, seconds: float) -> list[str]:
        """The log lines written in the next ``seconds``."""
        deadline = time.monotonic() + seconds
        lines = []
        while time.monotonic() < deadline:
            with contextlib.suppress(queue.Empty):
                lines.append(self.lines.get(timeout=0.1))
        self.log.extend(lines)
        return lines

    def ended(self) -> list[str]:
        """The whole log, once the server has ended and its log is closed."""
        self.reader.join(timeout=60)
        while not self.lines.empty():
            self.log.append(self.lines.get_nowait())
        return self.log

    def get(self, path: str, method: str = "GET") -> int:
        request = urllib.request.Request(self.url + path, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as error:
            return int(error.code)

    def stop(self) -> None:
        """As Ctrl+C: MkDocs shuts down and removes the folder it served."""
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Fine\n\nRoll `#!roll 2d6`.\n")
    return tmp_path


@pytest.fixture
def serving(project: Path) -> Iterator[Serving]:
    server = Serving(project)
    try:
        server.wait_for("Serving on")
        yield server
    finally:
        server.stop()


def test_serve_reports_a_bad_roll_in_one_line_and_keeps_answering(
    project: Path, serving: Serving
) -> None:
    assert serving.get("") == 200
    (project / "docs" / "rolls.md").write_text("Roll `#!roll 3d6x` now.\n")
    line = serving.wait_for("rollbook:")
    assert line == (
        "rollbook: build stopped: docs/rolls.md: Rollbook: bad roll `3d6x`: "
        "unexpected 'x' (at position 4)"
    )
    assert serving.get("") == 200  # the last build, at once: no request waits for a fix
    (project / "docs" / "rolls.md").write_text("Roll `#!roll 3d6` now.\n")
    serving.wait_for("Detected file changes")  # the fix's: the failed build's came before
    serving.wait_for("Reloading browsers")
    assert serving.get("rolls/") == 200
    # MkDocs runs one build after another: all it logged of the failed one is above.
    log = "\n".join(serving.log)
    assert "Traceback" not in log and "Error reading page" not in log, log
    assert "error happened during the rebuild" not in log, log


def test_serve_stops_on_a_bad_page_at_start_with_the_build_line(project: Path) -> None:
    (project / "docs" / "rolls.md").write_text("```odds\nexpr: 2d6+\n```\n")
    server = Serving(project)
    try:
        assert server.process.wait(timeout=60) != 0
    finally:
        server.stop()
    log = "\n".join(server.ended())
    assert "rollbook: build stopped: docs/rolls.md: Rollbook: bad odds fence 'expr: 2d6+'" in log
    assert "Traceback" not in log


def test_serve_answers_the_service_worker_it_has_not_without_a_log_line(
    serving: Serving,
) -> None:
    """A page of an earlier build, answered from its saved copy, asks for sw.js; the 404 is
    how its old worker gets dropped."""
    assert serving.get("sw.js") == 404
    assert serving.get("sw.js", method="HEAD") == 404
    assert serving.get("missing.js") == 404
    lines = serving.drain(1.0)
    assert not [line for line in lines if "sw.js" in line], lines
    assert any('"GET /missing.js HTTP/1.1" code 404' in line for line in lines), lines


SERVICE_WORKER_NONE = '<meta name="rollbook:service-worker" content="none">'


def test_serve_says_in_its_pages_that_it_has_no_service_worker(tmp_path: Path) -> None:
    """Issue 32, item 4: under scripts/serve every page registered sw.js, which the browser
    refused with a red 404 error in the console. Its pages now carry a meta tag that tells
    offline.js to register none (tests/browser/test_page_layer_fixes.py); a build has none."""
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: Served\ntheme:\n  name: material\n  custom_dir: {tasks.ROOT / 'overrides'}\n"
    )
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Served\n")
    server = Serving(tmp_path)
    try:
        server.wait_for("Serving on")
        with urllib.request.urlopen(server.url, timeout=10) as answer:
            served = answer.read().decode()
    finally:
        server.stop()
    assert SERVICE_WORKER_NONE in served
    tasks.mkdocs_build(str(tmp_path / "site"), str(tmp_path / "mkdocs.yml"))
    built = (tmp_path / "site" / "index.html").read_text()
    assert "<title>Served</title>" in built and SERVICE_WORKER_NONE not in built


# --------------------------------------------------------------------------
# Issue 33: the site built by Zensical, from the same derived config, the same steps
# before and after it; scripts/build --zensical, scripts/serve --zensical
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], ("site", None, "mkdocs")),
        (["--zensical"], ("site", None, "zensical")),
        (["--site-dir", "out", "--config-file", "ours.yml"], ("out", "ours.yml", "mkdocs")),
    ],
)
def test_scripts_build_takes_the_generator_the_site_and_the_config(
    monkeypatch: pytest.MonkeyPatch, args: list[str], expected: tuple[str, str | None, str]
) -> None:
    called: list[tuple[str, str | None, str]] = []
    monkeypatch.setattr(sys, "argv", ["tasks", "build", *args])
    monkeypatch.setattr(tasks, "build", lambda *given: called.append(given))
    tasks.build_command()
    assert called == [expected]


ZENSICAL_YML = """\
site_name: Served by Zensical
theme:
  name: material
  custom_dir: {overrides}
markdown_extensions:
  - pymdownx.highlight
  - pymdownx.inlinehilite:
      custom_inline:
        - name: roll
          class: rb-roll
          format: !!python/name:rules_py.markdown.roll.format_roll
"""


@pytest.fixture
def zensical_project() -> Iterator[Path]:
    """A one-page project inside the checkout: Zensical builds only inside its project's
    root, the derived config's folder (the checkout's)."""
    folder = tasks.ROOT / ".cache" / f"test-project-{os.getpid()}-{time.monotonic_ns()}"
    (folder / "docs").mkdir(parents=True)
    (folder / "mkdocs.yml").write_text(ZENSICAL_YML.format(overrides=tasks.ROOT / "overrides"))
    (folder / "docs" / "index.md").write_text("# Fine\n\nRoll `#!roll 2d6`.\n")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_bad_roll_stops_the_zensical_build_with_one_line(
    zensical_project: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    (zensical_project / "docs" / "rolls.md").write_text("Roll `#!roll 3d6x` now.\n")
    with pytest.raises(SystemExit) as stopped:
        tasks.generate(
            zensical_project / "site", zensical_project / "mkdocs.yml", "zensical", tasks.RUNTIME
        )
    assert stopped.value.code == (
        "rollbook: build stopped: Rollbook: bad roll `3d6x`: unexpected 'x' (at position 4)"
    )
    assert "Traceback" not in capfd.readouterr().err
    assert not (zensical_project / "site").exists()


def test_zensical_renders_every_page_anew_when_the_extensions_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Zensical keeps the pages it rendered in .cache/ whatever the extensions' code does,
    but renders them anew when the config changes: the derived config it builds from
    names rules_py's sources. Its link check is left to the built site's: it would warn
    of each link the systems extension makes plain text."""
    import yaml

    given: list[dict[str, object]] = []
    monkeypatch.setattr(
        tasks, "zensical_build", lambda path: given.append(yaml.load(path.read_text(), yaml.Loader))
    )
    tasks.generate(tmp_path / "site", None, "zensical", tasks.RUNTIME)
    [config] = given
    extra = config["extra"]
    assert isinstance(extra, dict) and extra["rollbook_sources"] == tasks._sources_fingerprint()
    assert config["validation"] == {"invalid_links": False, "invalid_link_anchors": False}
    assert (tmp_path / "site" / "manifest.webmanifest").is_file()
    (tmp_path / "rules_py").mkdir()
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    (tmp_path / "rules_py" / "roll.py").write_text("A = 1\n")
    monkeypatch.setattr(tasks, "ROOT", tmp_path)
    before = tasks._sources_fingerprint()
    (tmp_path / "rules_py" / "roll.py").write_text("A = 2\n")
    assert tasks._sources_fingerprint() != before


def test_serve_zensical_serves_the_site_and_rebuilds_it_after_an_edit(
    zensical_project: Path,
) -> None:
    server = Serving(zensical_project, "--zensical")
    try:
        server.wait_for("Serving on")
        with urllib.request.urlopen(server.url, timeout=10) as answer:
            home = answer.read().decode()
        assert 'class="rb-roll' in home and SERVICE_WORKER_NONE in home
        assert server.get("manifest.webmanifest") == 200  # the steps after the generator
        assert server.get("rolls/") == 404
        (zensical_project / "docs" / "rolls.md").write_text("Roll `#!roll 3d6x` now.\n")
        line = server.wait_for("rollbook: build stopped")
        assert line.endswith("bad roll `3d6x`: unexpected 'x' (at position 4)")
        assert server.get("") == 200  # the last build goes on being served
        (zensical_project / "docs" / "rolls.md").write_text("# Rolls\n\nRoll `#!roll 3d6`.\n")
        server.wait_for("rollbook: rebuilt")
        assert server.get("rolls/") == 200
    finally:
        server.stop()
    log = "\n".join(server.ended())
    assert "Traceback" not in log, log
    assert not (tasks.ROOT / ".cache" / f"serve-{server.process.pid}").exists()


WORKERS = str(tasks.pytest_workers())


def test_scripts_test_keeps_python_s_compiled_modules_outside_the_sources(tmp_path: Path) -> None:
    """Its pytest and every Python under it compile a module once (issue 31), into a
    folder of their own, even where PYTHONDONTWRITEBYTECODE asks for none at all."""
    env = tasks.pytest_env({"PATH": os.environ["PATH"], "PYTHONDONTWRITEBYTECODE": "1"})
    assert env["PYTHONPYCACHEPREFIX"] == str(tasks.PYCACHE) and "PYTHONDONTWRITEBYTECODE" not in env
    assert env["ROLLBOOK_RUNTIME_BUILT"] == "1"
    theirs = tasks.pytest_env({"PYTHONPYCACHEPREFIX": str(tmp_path / "theirs")})
    assert theirs["PYTHONPYCACHEPREFIX"] == str(tmp_path / "theirs")
    module = tmp_path / "sources" / "rules_of_the_table.py"
    module.parent.mkdir()
    module.write_text("DC = 9\n")
    env["PYTHONPYCACHEPREFIX"] = str(tmp_path / "cache")
    subprocess.run(
        [sys.executable, "-c", "import rules_of_the_table"], cwd=module.parent, env=env, check=True
    )
    assert [p.name for p in module.parent.iterdir()] == [module.name]
    assert list((tmp_path / "cache").rglob("rules_of_the_table.*.pyc"))


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ([], ["-n", WORKERS, "--dist", "worksteal", "--durations=10"]),
        (["tests/dice"], ["-n", WORKERS, "--dist", "worksteal", "--durations=10", "tests/dice"]),
        (["-n", "0"], ["--durations=10", "-n", "0"]),
        (["-p", "no:xdist", "--durations=3"], ["-p", "no:xdist", "--durations=3"]),
    ],
)
def test_scripts_test_spreads_the_tests_and_names_the_slowest(
    given: list[str], expected: list[str]
) -> None:
    assert tasks.pytest_args(given) == expected


def test_scripts_test_starts_a_worker_for_every_core_and_one_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    assert tasks.pytest_args([])[:2] == ["-n", "3"]
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 2, 4, 6})
    assert tasks.pytest_workers() == 5


@pytest.mark.parametrize("check_fails", [False, True], ids=["checks pass", "a check fails"])
def test_scripts_test_runs_its_checks_while_the_runtime_builds_and_pytest_after_both(
    monkeypatch: pytest.MonkeyPatch, check_fails: bool
) -> None:
    """On a fresh clone the runtime's build (some 14 s) and the checks (8 s) overlap
    (issue 31); pytest starts once both are done, and not at all after a failed check."""
    checking = threading.Event()
    steps: list[str] = []

    def assets() -> Path:
        assert checking.wait(10), "the checks waited for the runtime's build"
        time.sleep(0.2)  # the build outlasts the checks: pytest still waits for it
        steps.append("runtime built")
        return tasks.ROOT

    def check(*args: object, **kwargs: object) -> None:
        checking.set()
        steps.append(" ".join(str(a) for a in args[1:3]))
        if check_fails:
            raise subprocess.CalledProcessError(1, [str(a) for a in args])

    def pytest_run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        steps.append("pytest")
        return subprocess.CompletedProcess(args, 0)

    monkeypatch.setattr(tasks, "assets", assets)
    monkeypatch.setattr(tasks, "_run", check)
    monkeypatch.setattr(tasks.subprocess, "run", pytest_run)
    monkeypatch.setattr(sys, "argv", ["tasks", "test"])
    if check_fails:
        with pytest.raises(subprocess.CalledProcessError):
            tasks.test()
        assert steps == ["-m ruff", "runtime built"]
        return
    with pytest.raises(SystemExit) as ended:
        tasks.test()
    assert ended.value.code == 0
    assert steps[0] == "-m ruff" and "-m mypy" in steps
    assert steps[-2:] == ["runtime built", "pytest"]
