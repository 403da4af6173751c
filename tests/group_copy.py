"""A group's copy made exactly as "Host your group's copy" (docs/hosting.md) says.

``make_copy(folder)`` copies this checkout's tracked files into ``folder`` and makes
only the changes the hosting page asks of a group: its name and description, two
systems, its house rules on with a page of its own, the developers' pages off, and a
home page rewritten under a heading of its own. Used by hand (``python -m tests.group_copy
DIR``) to try a copy's whole ``scripts/test``, and by the suite through ``built_copy``: the
copy built once by its own ``scripts/build``, whose site tests/test_group_copy.py reads and
runs the copy's gate on, and tests/browser/test_group_copies.py serves.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts import tasks
from tests.browser.conftest import _free_port

ROOT = Path(__file__).resolve().parent.parent
INSIDE = "ROLLBOOK_GROUP_COPY"
"""Set in the copy's own runs, whose tests must not make a copy of the copy in turn."""

NAME = "Thursday Night Dice"
DESCRIPTION = "The rules our Thursday group plays, with the dice rolled in the text."
SYSTEMS = ["2d6", "danger-world"]
HEADING = "Thursday Night Dice at the Fox and Hound"
HOUSE_PAGE = """\
# Our house rules

We play 2d6 on odd weeks and Danger World on even ones.

## Lucky charms

A lucky charm adds 1 to a check: roll `#!roll 2d6+1`. The rest works as in
[Checks and DCs](../2d6/checks.md).

```odds
expr: 2d6+1
target: 9
```
"""


def tracked_files(root: Path = ROOT) -> list[str]:
    """The files of ``root`` that git tracks or would track (ignored files left out)."""
    found = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root,
        check=True,
        capture_output=True,
    ).stdout.decode()
    return [name for name in found.split("\0") if name and (root / name).is_file()]


def _set(config: str, key: str, value: str) -> str:
    """``config`` with its top-level (``key:``) or ``extra`` (two spaces in) line set; an
    ``extra`` setting the config lacks (a copy's own mkdocs.yml may) is added."""
    changed, count = re.subn(rf"(?m)^(\s*){re.escape(key)}:.*$", rf"\g<1>{key}: {value}", config)
    if count == 0 and key not in ("site_name", "site_description"):
        changed, count = re.subn(r"(?m)^extra:\n", f"extra:\n  {key}: {value}\n", config)
    if count != 1:
        raise ValueError(f"mkdocs.yml has {count} lines for {key!r}, not one")
    return changed


def make_copy(folder: Path, root: Path = ROOT) -> Path:
    """Copy ``root``'s tracked files into ``folder``, make a group's changes and commit
    them (a group's copy is a clone); return it."""
    for name in tracked_files(root):
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)
    config_path = folder / "mkdocs.yml"
    config = config_path.read_text(encoding="utf-8")
    config = _set(config, "site_name", NAME)
    config = _set(config, "site_description", DESCRIPTION)
    config = _set(config, "systems", "[" + ", ".join(SYSTEMS) + "]")
    config = _set(config, "house_rules", "true")
    config = _set(config, "developer_pages", "false")
    config_path.write_text(config, encoding="utf-8")
    home = folder / "docs" / "index.md"
    text = home.read_text(encoding="utf-8")
    text, count = re.subn(r"(?m)^# .*$", f"# {HEADING}", text, count=1)
    if not count:  # a home page without its own heading (the site's name heads it)
        text = text.replace("\n---\n", f"\n---\n\n# {HEADING}\n", 1)
    home.write_text(text, encoding="utf-8")
    (folder / "docs" / "house-rules" / "index.md").write_text(HOUSE_PAGE, encoding="utf-8")
    git = ["git", "-c", "user.name=Thursday", "-c", "user.email=gm@thursday.invalid"]
    for step in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "Our copy"]):
        subprocess.run([*git, *step], cwd=folder, check=True)
    return folder


def run_in(copy: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` run in ``copy``, as its own (``INSIDE`` set), its output kept."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=copy,
        env={**os.environ, INSIDE: "1", "NO_MKDOCS_2_WARNING": "1", **env},
        capture_output=True,
        text=True,
    )


def _run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This run's temporary folder, which pytest-xdist's workers share (each has its own
    ``popen-gwN`` under it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


_BUILT: dict[str, Path] = {}

ZENSICAL_SITE = "site-zensical"
"""The folder of the copy where ``scripts/build --zensical`` builds its site."""


def built_copy(tmp_path_factory: pytest.TempPathFactory, generator: str = "mkdocs") -> Path:
    """The copy made once per test run and built by its own ``scripts/build`` into its
    ``site/``, for a server on a free port (the port its sitemap names); with
    ``generator="zensical"``, also by ``scripts/build --zensical`` into its
    :data:`ZENSICAL_SITE`, for a port of its own, once a test asks for that build.

    It has this checkout's npm packages and its runtime for the same systems, made from the
    same sources, so the copy's builds find it up to date. A worker that needs the copy
    while another makes it waits for that one, and reads it after.
    """
    if generator in _BUILT:
        return _BUILT[generator]
    shared = _run_folder(tmp_path_factory)
    folder = shared / "group-copy" / "thursday"
    with tasks._locked(shared / "group-copy.lock"):
        if not (shared / "group-copy.built").exists():
            shutil.rmtree(folder.parent, ignore_errors=True)
            make_copy(folder)
            (folder / "node_modules").symlink_to(tasks.ROOT / "node_modules")
            runtime = tasks.assets(tasks.config_for(SYSTEMS, folder.parent / "config"))
            shutil.copytree(runtime, folder / "docs" / "assets" / "rollbook" / "runtime")
            _build_copy(folder, "site")
            (shared / "group-copy.built").touch()
        if generator == "zensical" and not (shared / "group-copy.zensical.built").exists():
            _build_copy(folder, ZENSICAL_SITE, "--zensical")
            (shared / "group-copy.zensical.built").touch()
    _BUILT[generator] = folder
    return folder


def _build_copy(folder: Path, site: str, *options: str) -> None:
    """The copy's own ``scripts/build [OPTIONS] --site-dir SITE`` for a free port."""
    url = f"http://127.0.0.1:{_free_port()}/"
    built = run_in(
        folder, "-m", "scripts.tasks", "build", *options, "--site-dir", site, SITE_URL=url
    )
    if built.returncode != 0:
        what = " ".join(("scripts/build", *options))
        pytest.fail(f"the copy's {what} failed:\n{built.stderr[-3000:]}")


@contextlib.contextmanager
def serving_alone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Held while the built copy's site is served: it is served at the one address it was
    built for, by one server at a time (the gate's browser tests start their own)."""
    with tasks._locked(_run_folder(tmp_path_factory) / "group-copy-serving.lock"):
        yield


if __name__ == "__main__":
    print(make_copy(Path(sys.argv[1]).resolve()))
