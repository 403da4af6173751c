"""Danger World's reroll solver: every chance of a pool, and advice, timed.

Targets (issue 11): every value for 12 dice within 500 ms in the browser, 24 dice
within 2 s. Pyodide runs this code some 2-3x slower than CPython, so the CPython
figures here should stay under about 170 ms and 650 ms; ``--pyodide`` runs the
same figures in Pyodide under Node (the browser's WebAssembly engine), from
``node_modules/pyodide``.

"Cold" starts with no cached tables (the first pool a reader asks for); "new
pool" keeps the per-difficulty lattices but not the solutions (the reader
changes the pool size). Figures are medians of several runs, wall clock and
CPU time of this process (the machine may be shared).

In the browser: :func:`browser_rows` asks the built site's worker, in headless
Chromium, for the odds widget's answer (every chance: difficulties 2-6 with 0,
1 and 2 rounds, its table and chart) for 12 and 24 dice, each on a fresh page
(Python just started, no table cached), and for the pool roller's advice on a
12-dice roll; ``scripts/bench`` prints them as rows of its table.

Run: ``python -m scripts.bench_danger_world [--pyodide | --browser]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules_py.systems.danger_world import _solver
from rules_py.systems.danger_world.rerolls import advice, success_chance

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from tests.sitesrv import SiteServer

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
TARGETS_MS = {12: 500, 24: 2000}
PYODIDE_FACTOR = 3
ROLLS = {
    12: (1, 2, 4, 5, 6, 6, 1, 3, 4, 5, 6, 6),
    24: (1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1),
}
"""Rolls with no set at any height: advice weighs every keep (at difficulty 2, all 720)."""


def every_value(dice: int) -> None:
    for difficulty in range(2, 7):
        for rerolls in range(3):
            success_chance(dice, difficulty, rerolls)


def _clear(lattices: bool) -> None:
    _solver.solution.cache_clear()
    if lattices:
        _solver.lattice.cache_clear()


def _time(run: Callable[[], None], before: Callable[[], None], repeat: int) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(repeat):
        before()
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--pyodide", action="store_true", help="run in Pyodide under Node")
    parser.add_argument("--browser", action="store_true", help="run in the built site, Chromium")
    args = parser.parse_args(argv)
    if args.pyodide:
        return _in_pyodide(args.repeat)
    if args.browser:
        return _in_browser(args.repeat)
    rows = []
    for dice in (12, 24):
        cold = _time(lambda d=dice: every_value(d), lambda: _clear(True), args.repeat)  # type: ignore[misc]
        new = _time(lambda d=dice: every_value(d), lambda: _clear(False), args.repeat)  # type: ignore[misc]
        roll = ROLLS[dice]
        adv = _time(lambda r=roll: _advise(r), lambda: _clear(False), args.repeat)  # type: ignore[misc]
        rows.append((f"{dice} dice, every value, cold", *cold, TARGETS_MS[dice]))
        rows.append((f"{dice} dice, every value, new pool", *new, TARGETS_MS[dice]))
        rows.append((f"{dice} dice, advice (2 rounds, d2-d6)", *adv, None))
    table = _time(lambda: [every_value(n) for n in range(2, 17)], lambda: _clear(True), 1)
    rows.append(("odds table, 2-16 dice, cold", *table, None))
    width = max(len(r[0]) for r in rows)
    print(f"{'figure'.ljust(width)}  {'wall ms':>8}  {'cpu ms':>8}  browser target")
    for name, wall, cpu, target in rows:
        goal = f"{target} ms" if target else ""
        if target and sys.platform != "emscripten":
            goal += f" (CPython ~{target // PYODIDE_FACTOR} ms)"
        print(f"{name.ljust(width)}  {wall:8.1f}  {cpu:8.1f}  {goal}")
    return 0


_NODE_SCRIPT = """
import {{ loadPyodide }} from {module};
const pyodide = await loadPyodide({{ indexURL: {index} }});
pyodide.FS.mkdir("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, {{ root: {root} }}, "/repo");
pyodide.runPython({code});
"""


def _in_pyodide(repeat: int) -> int:
    """The same figures in Pyodide under Node, with this checkout mounted at /repo."""
    code = (
        "import sys; sys.path.insert(0, '/repo'); print('Pyodide', sys.version.split()[0]); "
        f"from scripts.bench_danger_world import main; main(['--repeat', '{repeat}'])"
    )
    script = _NODE_SCRIPT.format(
        module=json.dumps(str(PYODIDE / "pyodide.mjs")),
        index=json.dumps(f"{PYODIDE}/"),
        root=json.dumps(str(ROOT)),
        code=json.dumps(code),
    )
    return subprocess.run(["node", "--input-type=module", "-e", script], check=False).returncode


def _advise(roll: Sequence[int]) -> None:
    for difficulty in range(2, 7):
        advice(roll, difficulty, 2)


# --------------------------------------------------------------------------
# In the browser
# --------------------------------------------------------------------------

_ASK = """async ([name, values]) => {
  if (!(await window.rollbook.ready)) throw new Error('Python did not start');
  const started = performance.now();
  const view = await window.rollbook.ask('widget', {name, action: 'show', values});
  if (view.invalid.length) throw new Error(JSON.stringify(view.blocks));
  return performance.now() - started;
}"""
"""Time one widget answer, asked of the page's worker once Python is ready."""


def _asks(browser: Browser, url: str, name: str, values: dict[str, Any], runs: int) -> list[float]:
    """``runs`` timings of one answer, each on a fresh page (a new worker, nothing cached)."""
    took = []
    for _ in range(runs):
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(url)
            took.append(float(page.evaluate(_ASK, [name, values])))
        finally:
            context.close()
    return took


def browser_rows(
    browser: Browser, server: SiteServer, runs: int
) -> list[tuple[str, float, float | None]]:
    """The Danger World rows of ``scripts/bench``: (measure, median ms, target ms or None)."""
    url = server.url + "danger-world/checks/"
    rows: list[tuple[str, float, float | None]] = []
    for dice in (12, 24):
        values = {"dice": dice, "threat": 0, "difficulty": "3"}
        took = _asks(browser, url, "danger-world-odds", values, runs)
        rows.append(
            (
                f"Danger World, every chance of {dice} dice, fresh worker",
                statistics.median(took),
                TARGETS_MS[dice],
            )
        )
    faces = ROLLS[12]
    roll = [{"face": f, "kind": "normal", "marked": False} for f in faces]
    values = {"stat_a": 4, "stat_b": 4, "bonus": 4, "difficulty": "2", "dice": roll}
    took = _asks(browser, url, "danger-world-roller", {**values, "advise": True}, runs)
    rows.append(
        ("Danger World, advice on 12 dice (2 rounds), fresh worker", statistics.median(took), None)
    )
    return rows


def _in_browser(repeat: int) -> int:
    """Build the site, serve it and print :func:`browser_rows`."""
    from playwright.sync_api import sync_playwright

    from scripts import tasks
    from tests.sitesrv import CHROMIUM, CHROMIUM_ARGS, SiteServer

    with tempfile.TemporaryDirectory() as site:
        tasks.generate(Path(site), None, "mkdocs", tasks.RUNTIME)  # as scripts/build makes them
        with SiteServer(Path(site)) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            rows = browser_rows(browser, server, repeat)
            browser.close()
    for name, ms, target in rows:
        print(f"{name}: {ms:.0f} ms (target {f'<= {target:g} ms' if target else 'none'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
