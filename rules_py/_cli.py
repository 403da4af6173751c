"""The ``rules-py`` command line: dice, exact odds, and each system's checks and values.

Exit status 0 on success, 2 on bad input (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from rules_py._format import decimal, percent
from rules_py.dice import DiceError, distribution, parse, roll, roll_seeded
from rules_py.systems import SYSTEMS, system


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rules-py", description="Roll dice and compute exact odds.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    roll_cmd = commands.add_parser("roll", help="roll a dice expression, e.g. 3d10k2+2")
    roll_cmd.add_argument("expr", help="dice notation, e.g. 3d10k2+2, 4dF, d%%, 4d6dl1, 2d6!")
    roll_cmd.add_argument("--seed", type=int, help="seed for a reproducible roll")
    roll_cmd.add_argument("--json", action="store_true", help="print JSON")
    odds_cmd = commands.add_parser("odds", help="exact distribution of a dice expression")
    odds_cmd.add_argument("expr", help="dice notation")
    odds_cmd.add_argument("--json", action="store_true", help="print JSON")
    check_cmd = commands.add_parser(
        "check", help="odds of a system's check, e.g. wodu ability=2 dr=12"
    )
    check_cmd.add_argument("system", help=f"one of {', '.join(SYSTEMS)}")
    check_cmd.add_argument("params", nargs="*", metavar="key=value")
    check_cmd.add_argument("--json", action="store_true", help="print JSON")
    calc_cmd = commands.add_parser(
        "calc", help="a system's derived value, e.g. wodu max_hp level=3 str=1"
    )
    calc_cmd.add_argument("system", help=f"one of {', '.join(SYSTEMS)}")
    calc_cmd.add_argument("what", help="what to calculate")
    calc_cmd.add_argument("params", nargs="*", metavar="key=value")
    calc_cmd.add_argument("--json", action="store_true", help="print JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = _build_parser().parse_args(argv)
    try:
        if args.command == "roll":
            return _roll(args.expr, args.seed, args.json)
        if args.command == "odds":
            return _odds(args.expr, args.json)
        return _system(args)
    except DiceError as error:
        print(f"rules-py: error: {args.expr!r}: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"rules-py: error: {error}", file=sys.stderr)
        return 2


def _params(words: Sequence[str]) -> dict[str, str]:
    params: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise ValueError(f"expected key=value, not {word!r}")
        if key in params:
            raise ValueError(f"{key} is given twice")
        params[key] = value
    return params


def _system(args: argparse.Namespace) -> int:
    module = system(args.system)
    params = _params(args.params)
    if args.command == "check":
        outcomes = module.check(params)["outcomes"]
        if args.json:
            print(json.dumps({"outcomes": {k: str(p) for k, p in outcomes.items()}}))
        else:
            width = max(len(k) for k in outcomes)
            for name, p in outcomes.items():
                print(f"{name.ljust(width)}  {percent(p).rjust(8)}  ({p})")
        return 0
    value = module.calc(args.what, params)["value"]
    if args.json:
        print(json.dumps({"value": value}, default=str))
    elif isinstance(value, dict):
        for key, item in value.items():
            print(f"{key}: {item}")
    else:
        print(value)
    return 0


def _roll(expr: str, seed: int | None, as_json: bool) -> int:
    result = roll(expr) if seed is None else roll_seeded(expr, seed)
    if not as_json:
        print(result.describe())
        return 0
    payload = {
        "expr": expr,
        "total": result.total,
        "dice": [d.value for d in result.dice],
        "kept": [d.kept for d in result.dice],
        "terms": [
            {
                "term": str(t.term),
                "negative": t.term.negative,
                "rolls": [list(d.rolls) for d in t.dice],
                "kept": [d.kept for d in t.dice],
                "subtotal": t.subtotal,
            }
            for t in result.terms
        ],
        "text": result.describe(),
    }
    print(json.dumps(payload))
    return 0


def _odds(expr: str, as_json: bool) -> int:
    dist = distribution(parse(expr))
    if as_json:
        payload: dict[str, object] = {
            "expr": expr,
            "distribution": [[o, str(p)] for o, p in dist.items()],
            "mean": str(dist.mean),
        }
        if dist.beyond_cap:
            payload["beyond_cap"] = str(dist.beyond_cap)
        print(json.dumps(payload))
        return 0
    rows = [(str(o), percent(eq), percent(ge), percent(le)) for o, eq, ge, le in dist.rows()]
    header = ("outcome", "P(=)", "P(>=)", "P(<=)")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]
    print(f"{parse(expr)}")
    for row in [header, *rows]:
        print("  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)))
    print(f"mean {decimal(dist.mean, 4)} ({dist.mean})")
    if dist.beyond_cap:
        print(f"exploding dice capped: {percent(dist.beyond_cap, 6)} of rolls would go further")
    return 0
