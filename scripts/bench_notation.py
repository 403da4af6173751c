"""The dice notation's exact odds at its limit: the worst accepted expressions, timed.

Target (issue 16, item 28): every expression the notation accepts answers within about
1 s in CPython (``rules-py odds EXPR``: parsing, the exact distribution, and its table),
or is refused, naming the limit. The limit is an estimate of the work
(:data:`rules_py.dice.MAX_WORK`, from :func:`rules_py.dice.estimate_work`); for each
shape of expression (many dice of many sides, exploding dice, kept pools, many terms)
this finds the largest one the estimate accepts, times it from a cold cache, and times
the refusal of the next one up. Figures are medians of several runs, in CPU seconds of this
process (the machine may be shared). Pyodide runs this code some 2-3x slower than CPython.

Run: ``python -m scripts.bench_notation [--repeat N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import time
from collections.abc import Callable, Sequence

from rules_py._cli import main as cli
from rules_py.dice import MAX_WORK, DiceError, _exact, estimate_work, parse

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
    """Whether the notation accepts ``expr`` for exact odds (parses, and within the limit)."""
    try:
        parsed = parse(expr)
    except DiceError:
        return False
    return estimate_work(parsed) <= MAX_WORK


def largest_accepted(shape: Callable[[int], str], lo: int, hi: int) -> int | None:
    """The largest size from ``lo`` to ``hi`` whose expression is accepted (work grows with it)."""
    if not accepted(shape(lo)):
        return None
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if accepted(shape(mid)) else (lo, mid - 1)
    return lo


def answer_time(expr: str, repeat: int) -> tuple[float, int]:
    """Median CPU seconds of ``rules-py odds EXPR`` from a cold cache, and its exit status.

    CPU time of this process, not wall clock: the machine may be shared.
    """
    times = []
    status = 0
    for _ in range(repeat):
        _exact._distribution.cache_clear()
        _exact._term_counts.cache_clear()
        out, err = io.StringIO(), io.StringIO()
        start = time.process_time()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli(["odds", expr])
        times.append(time.process_time() - start)
    return statistics.median(times), status


def rows(repeat: int) -> list[tuple[str, str, float, str]]:
    """(shape, expression, median seconds, what happened) for each shape's limit."""
    found = []
    answer_time("2d6", 1)  # import icepool once, untimed
    for name, (shape, lo, hi) in SHAPES.items():
        size = largest_accepted(shape, lo, hi)
        if size is None:
            continue
        expr = shape(size)
        seconds, status = answer_time(expr, repeat)
        found.append((name, expr, seconds, "answered" if status == 0 else f"exit {status}"))
        if size < hi:
            refused = shape(size + 1)
            seconds, status = answer_time(refused, repeat)
            found.append((name, refused, seconds, "refused" if status == 2 else "ANSWERED"))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    args = parser.parse_args(argv)
    table = rows(args.repeat)
    width = max(len(expr) for _, expr, _, _ in table)
    print(f"work limit {MAX_WORK:.0e} steps; target {TARGET_S:g} s per answer (CPython)")
    print(f"{'expression'.ljust(width)}  {'cpu s':>7}  {'steps':>8}  outcome")
    worst = 0.0
    for _, expr, seconds, outcome in table:
        work = estimate_work(parse(expr))
        met = "" if outcome != "answered" else ("  met" if seconds <= TARGET_S else "  MISSED")
        print(f"{expr.ljust(width)}  {seconds:7.3f}  {work:8.1e}  {outcome}{met}")
        if outcome == "answered":
            worst = max(worst, seconds)
    print(f"worst accepted: {worst:.3f} s (target {TARGET_S:g} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
