"""The dice notation's exact odds at its limit: the worst accepted expressions, timed.

Target (issue 16, item 28): every expression the notation accepts answers within about
1 s in CPython (``rules-py odds EXPR``: parsing, the exact distribution, and its table),
or is refused, naming the limit. The limit is an estimate of the work
(:data:`rules_py.dice.MAX_WORK`, from :func:`rules_py.dice.estimate_work`) and the number
of totals its table and chart would show (:data:`rules_py.dice.MAX_TOTALS`); for each
shape of expression (many dice of many sides, exploding dice, kept pools, kept pools of
exploding dice, many terms) this finds the largest one the estimate accepts, times it
from a cold cache, and times the refusal of the next one up: as ``rules-py odds`` prints
it ("odds s") and as the dice box and odds figures ask for it ("box s": table, chart and
summary). Figures are medians of several runs, each in a forked process with nothing
cached, in CPU seconds (the machine may be shared). Pyodide runs this code some 2-3x
slower than CPython, in its worker: the page waits for the answer, never freezes (the
dice box draws the largest tables and charts a slice at a time, issue 28, item 10).

Run: ``python -m scripts.bench_notation [--repeat N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import statistics
import time
from collections.abc import Callable, Sequence

from rules_py._cli import main as cli
from rules_py.dice import MAX_TOTALS, MAX_WORK, DiceError, check_exact, estimate_work, parse
from rules_py.views import odds_view

TARGET_S = 1.0

SHAPES: dict[str, tuple[Callable[[int], str], int, int]] = {
    "100dS": (lambda s: f"100d{s}", 2, 1000),
    "NdS, N=30": (lambda s: f"30d{s}", 2, 1000),
    "Nd1000": (lambda n: f"{n}d1000", 1, 100),
    "100dS!": (lambda s: f"100d{s}!", 2, 1000),
    "10dS!": (lambda s: f"10d{s}!", 2, 1000),
    "100dSk50": (lambda s: f"100d{s}k50", 2, 250),
    "NdSk1, N=100": (lambda s: f"100d{s}k1", 2, 250),
    "4dSk3": (lambda s: f"4d{s}k3", 2, 250),
    "Nd25!k4": (lambda n: f"{n}d25!k4", 4, 100),
    "20 terms NdS": (lambda s: "+".join([f"5d{s}"] * 20), 2, 1000),
    "20 kinds of die": (lambda s: "+".join(f"5d{s + i}" for i in range(20)), 2, 980),
    "10 kinds, 10 pools": (
        lambda s: "+".join(f"5d{s + i}" if i % 2 else f"4d{s + i}k3" for i in range(20)),
        2,
        230,
    ),
    "2dS - 2dS": (lambda s: f"50d{s}-50d{s}", 2, 1000),
}
"""Each shape: the expression for a size, and the sizes to search (the largest accepted)."""


def accepted(expr: str) -> bool:
    """Whether the notation accepts ``expr`` for exact odds (parses, and within the limits)."""
    try:
        check_exact(parse(expr))
    except DiceError:
        return False
    return True


def largest_accepted(shape: Callable[[int], str], lo: int, hi: int) -> int | None:
    """The largest size from ``lo`` to ``hi`` whose expression is accepted (work grows with it)."""
    if not accepted(shape(lo)):
        return None
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if accepted(shape(mid)) else (lo, mid - 1)
    return lo


def answer_time(expr: str, answer: Callable[[str], object]) -> tuple[float, object]:
    """CPU seconds of ``answer(expr)`` from cold caches, and what it returned.

    Measured in a forked child: icepool keeps what it computed (kept pools), and so do our
    own caches, so each figure starts from what this process held before it. CPU time,
    not wall clock: the machine may be shared.
    """
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child process
        os.close(read)
        start = time.process_time()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            result = answer(expr)
        seconds = time.process_time() - start
        with os.fdopen(write, "w") as pipe:
            json.dump([seconds, result if isinstance(result, int) else None], pipe)
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        seconds, result = json.load(pipe)
    os.waitpid(child, 0)
    return seconds, result


def median_time(expr: str, repeat: int, answer: Callable[[str], object]) -> tuple[float, object]:
    """The median of ``repeat`` :func:`answer_time` figures, and what the answer returned."""
    runs = [answer_time(expr, answer) for _ in range(repeat)]
    return statistics.median(seconds for seconds, _ in runs), runs[0][1]


def command_line(expr: str) -> int:
    """``rules-py odds EXPR``: its exit status."""
    return cli(["odds", expr])


def dice_box(expr: str) -> object:
    """What the dice box and an odds figure ask Python for: the table, chart and summary."""
    try:
        return odds_view(expr)
    except DiceError as error:
        return error


Row = tuple[str, float, float, str]
"""An expression, CPU seconds of the command line and of the dice box, and what happened."""


def rows(repeat: int) -> list[Row]:
    """For each shape: its largest accepted expression, and the first refused one."""
    found: list[Row] = []
    import icepool  # noqa: F401 - imported once here, not in each figure

    for shape, lo, hi in SHAPES.values():
        size = largest_accepted(shape, lo, hi)
        if size is None:
            continue
        for expr in [shape(size)] + ([shape(size + 1)] if size < hi else []):
            cli_s, status = median_time(expr, repeat, command_line)
            box_s, _ = median_time(expr, repeat, dice_box)
            outcome = {0: "answered", 2: "refused"}.get(status, f"exit {status}")  # type: ignore[call-overload]
            found.append((expr, cli_s, box_s, outcome))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    args = parser.parse_args(argv)
    table = rows(args.repeat)
    width = max(len(expr) for expr, *_ in table)
    print(
        f"work limit {MAX_WORK:.0e} steps, {MAX_TOTALS} totals; "
        f"target {TARGET_S:g} s per answer (CPython)"
    )
    print(f"{'expression'.ljust(width)}  {'odds s':>7}  {'box s':>7}  {'steps':>8}  outcome")
    worst = 0.0
    for expr, cli_s, box_s, outcome in table:
        work = estimate_work(parse(expr))
        slowest = max(cli_s, box_s)
        met = "" if outcome != "answered" else ("  met" if slowest <= TARGET_S else "  MISSED")
        print(f"{expr.ljust(width)}  {cli_s:7.3f}  {box_s:7.3f}  {work:8.1e}  {outcome}{met}")
        if outcome == "answered":
            worst = max(worst, slowest)
    print(f"worst accepted: {worst:.3f} s (target {TARGET_S:g} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
