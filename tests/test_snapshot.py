"""rules_py.snapshot: the standard library's zip written after a restore becomes importable.

Each case runs in a Python of its own, as the browser's worker is: an import system that
has already looked in the empty zip the snapshot was restored with.
"""

from __future__ import annotations

import base64
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

EMPTY_ZIP = base64.b64decode("UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==")
"""worker.js's EMPTY_ZIP: what stands in for the standard library when Python restores."""

LATER = """
import os, sys, zipfile
zip_path, fix = sys.argv[1], sys.argv[2]
sys.path.insert(0, zip_path)
try:
    import rb_imported_later
except ImportError:
    pass
else:
    raise SystemExit("found in the empty zip")
with zipfile.ZipFile(zip_path + ".new", "w") as archive:
    archive.writestr("rb_imported_later.py", "WHAT = 'the real zip'\\n")
os.replace(zip_path + ".new", zip_path)  # FS.writeFile: the file at the same path replaced
metadata_before = "importlib.metadata" in sys.modules
if fix == "stdlib_arrived":
    import rules_py.snapshot
    rules_py.snapshot.stdlib_arrived(zip_path)
import rb_imported_later
print(rb_imported_later.WHAT, metadata_before, "importlib.metadata" in sys.modules)
"""


def _import_later(zip_path: Path, fix: str) -> subprocess.CompletedProcess[str]:
    """:data:`LATER` run on ``zip_path``, told by ``fix`` ("stdlib_arrived" or "nothing")."""
    return subprocess.run(
        [sys.executable, "-c", LATER, str(zip_path), fix], cwd=ROOT, capture_output=True, text=True
    )


@pytest.mark.parametrize("before", ["empty zip", "no zip"])
def test_a_module_from_the_zip_written_later_is_imported_without_importlib_metadata(
    tmp_path: Path, before: str
) -> None:
    """An empty zip gets an importer whose listing is empty; a missing one, ``None``."""
    zip_path = tmp_path / "python313.zip"
    if before == "empty zip":
        zip_path.write_bytes(EMPTY_ZIP)
    ran = _import_later(zip_path, "stdlib_arrived")
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.split() == ["the", "real", "zip", "False", "False"]


def test_without_being_told_the_import_system_misses_the_zip_written_later(
    tmp_path: Path,
) -> None:
    """The case above is a test of something: untold, the empty listing stands."""
    zip_path = tmp_path / "python313.zip"
    zip_path.write_bytes(EMPTY_ZIP)
    ran = _import_later(zip_path, "nothing")
    assert ran.returncode != 0 and "No module named 'rb_imported_later'" in ran.stderr


def test_the_snapshot_keeps_danger_world_s_chances_solved_and_empties_the_other_caches() -> None:
    """A GM table's NPC checks and a sheet's pairs of stats are answered from the
    snapshot's solved chances (pools of 1 to 10 dice, difficulties 1 to 7) on a first
    visit; the solver's own tables, and every other cache the warm-up filled, go."""
    from rules_py import snapshot
    from rules_py.systems.danger_world._solver import solution
    from rules_py.widgets.danger_world._sheet_checks import WARM_POOLS, pool_chance

    pool_chance.cache_clear()  # (other tests in this process may have asked for others)
    snapshot.warm_up(["danger-world"])
    assert solution.cache_info().currsize > 0
    snapshot.empty_caches()
    assert pool_chance.cache_info().currsize == len(WARM_POOLS) * 7 == 70
    assert solution.cache_info().currsize == 0
    hits = pool_chance.cache_info().hits
    for dice in (2, 8):  # a GM table's smallest and largest NPC check
        for difficulty in range(1, 8):
            pool_chance(dice, difficulty)
    assert pool_chance.cache_info().hits == hits + 14
    assert solution.cache_info().currsize == 0  # nothing solved again
