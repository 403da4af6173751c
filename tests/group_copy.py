"""A group's copy made exactly as "Host your group's copy" (docs/hosting.md) says.

``make_copy(folder)`` copies this checkout's tracked files into ``folder`` and makes
only the changes the hosting page asks of a group: its name and description, two
systems, its house rules on with a page of its own, the developers' pages off, and a
home page rewritten under a heading of its own. Used by tests/test_group_copy.py, which
runs the gate on it, and by hand (``python -m tests.group_copy DIR``) to try a copy's
whole ``scripts/test``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

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


if __name__ == "__main__":
    print(make_copy(Path(sys.argv[1]).resolve()))
