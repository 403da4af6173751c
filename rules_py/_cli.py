"""The ``rules-py`` command line: dice, exact odds, and each system's checks and values.

Exit status 0 on success, 2 on bad input (one line on stderr, never a traceback).
Options may stand anywhere among the words (``check wodu ability=2 --json dr=12``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any, NoReturn

from rules_py._format import decimal, percent, percent_of
from rules_py.dice import DiceError, distribution, parse, roll, roll_seeded
from rules_py.systems import SYSTEMS, system

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

CLIP = 60
"""Input echoed in an error is cut to this many characters, so the line stays short."""

_EXPRESSION_WORD = re.compile(r"-[0-9dDfF%]")
"""A word that argparse would take for an option but is a dice expression: ``-1d4+3``."""


class _Parser(argparse.ArgumentParser):
    """Errors on one line with exit status 2; an epilog written only when help is asked for."""

    def __init__(self, *args: Any, epilog_from: Callable[[], str] | None = None, **kwargs: Any):
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)
        self._epilog_from = epilog_from

    def format_help(self) -> str:
        if self._epilog_from is not None:
            self.epilog = self._epilog_from()
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {_clip(message, 2 * CLIP)}\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse drops an OSError here, so help written to a full disk would end
        # with status 0: let :func:`main` report it.
        if message:
            (file or sys.stderr).write(message)


class _CommandParser(_Parser):
    """A command's parser: its options may come before, between or after its words."""

    _intermixing = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # The subcommand action calls parse_known_args; Python 3.11's intermixed
        # parsing calls it back, which must then parse the ordinary way.
        if self._intermixing:
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rules-py")
    except PackageNotFoundError:
        from rules_py import __version__

        return __version__


def _systems_help(attribute: str) -> Callable[[], str]:
    """The help of every system for ``check`` or ``calc``, from each module's own text."""

    def write() -> str:
        blocks = []
        for name, path in SYSTEMS.items():
            module = importlib.import_module(path)
            title = (module.__doc__ or "").strip().splitlines()[0]
            lines = str(getattr(module, attribute)).strip().splitlines()
            blocks.append("\n".join([f"{name}: {title}", *(f"  {line}" for line in lines)]))
        return "systems:\n\n" + "\n\n".join(blocks)

    return write


def _build_parser() -> argparse.ArgumentParser:
    names = ", ".join(SYSTEMS)
    parser = _Parser(
        prog="rules-py",
        description="Roll dice, compute exact odds, and answer each system's checks and values.",
        epilog=(
            f"systems: {names}\n"
            "  rules-py check --help and rules-py calc --help list their keys and ranges\n\n"
            "e.g. rules-py roll 3d10k2+2\n"
            "     rules-py odds 2d6 --json\n"
            "     rules-py check wodu ability=2 dr=12"
        ),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(
        dest="command", required=True, parser_class=_CommandParser, title="commands"
    )
    notation = "dice notation, e.g. 3d10k2+2, 4dF, d%%, 4d6dl1, 2d6!, -1d4+3, 2d6 + 3"
    roll_cmd = commands.add_parser(
        "roll", help="roll a dice expression, e.g. 3d10k2+2", description="Roll dice."
    )
    roll_cmd.add_argument("expr", nargs="+", metavar="EXPR", help=notation)
    roll_cmd.add_argument("--seed", type=int, help="seed for a reproducible roll")
    roll_cmd.add_argument("--json", action="store_true", help="print JSON")
    odds_cmd = commands.add_parser(
        "odds",
        help="exact distribution of a dice expression",
        description="The exact chance of every total, as fractions.",
    )
    odds_cmd.add_argument("expr", nargs="+", metavar="EXPR", help=notation)
    odds_cmd.add_argument("--json", action="store_true", help="print JSON")
    check_cmd = commands.add_parser(
        "check",
        help="odds of a system's check, e.g. wodu ability=2 dr=12",
        description="Exact odds of each outcome of a system's check.",
        epilog_from=_systems_help("CHECK_HELP"),
    )
    # system and what are checked by _system, not argparse: on a missing word, Python
    # 3.11's intermixed parsing also calls the optional key=value words required.
    check_cmd.add_argument("system", nargs="?", help=f"one of {names}")
    check_cmd.add_argument("params", nargs="*", metavar="key=value")
    check_cmd.add_argument("--json", action="store_true", help="print JSON")
    calc_cmd = commands.add_parser(
        "calc",
        help="a system's derived value, e.g. wodu max_hp level=3 str=1",
        description="A value a system's rules derive from a character's numbers.",
        epilog_from=_systems_help("CALC_HELP"),
    )
    calc_cmd.add_argument("system", nargs="?", help=f"one of {names}")
    calc_cmd.add_argument("what", nargs="?", help="what to calculate (listed below)")
    calc_cmd.add_argument("params", nargs="*", metavar="key=value")
    calc_cmd.add_argument("--json", action="store_true", help="print JSON")
    return parser


def _clip(text: str, limit: int = CLIP) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shield(argv: Sequence[str]) -> list[str]:
    """Keep ``-1d4+3`` an expression: argparse takes a word starting with '-' for an option.

    A leading space makes it an ordinary word, and the dice notation allows a space there.
    """
    words = list(argv)
    if not words or words[0] not in ("roll", "odds"):
        return words
    return [words[0], *(f" {w}" if _EXPRESSION_WORD.match(w) else w for w in words[1:])]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Output that cannot be written (the reader stopped early, a full disk, a closed
    standard output) ends the run with status 1 and, but for a reader that stopped,
    one line on stderr: never a traceback.
    """
    if sys.stdout is None:
        # Started with its standard output closed (``rules-py odds 3d6 >&-``).
        _say("rules-py: error: standard output is closed, so there is nowhere to write the answer")
        return 1
    try:
        try:
            status = _main(sys.argv[1:] if argv is None else argv)
        finally:
            # Help and usage errors leave by SystemExit: their output is flushed here too.
            sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (``| head``): as the Python docs advise, point
        # stdout at devnull so that the flush at exit does not fail a second time.
        _drop_stdout()
        return 1
    except OSError as error:
        # A full disk (``> /dev/full``) or an output that refuses writing.
        _drop_stdout()
        reason = (error.strerror or "the system refused it").lower()
        _say(f"rules-py: error: the output could not be written: {reason}")
        return 1
    return status


def _drop_stdout() -> None:
    """Point stdout at devnull, so that Python's flush at exit writes nowhere and cannot fail."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _say(line: str) -> None:
    """``line`` on stderr, when there is one."""
    if sys.stderr is not None:
        print(line, file=sys.stderr)


def _main(argv: Sequence[str]) -> int:
    parser = _build_parser()
    if not argv:
        parser.print_help()
        return 0
    args = parser.parse_args(_shield(argv))
    try:
        if args.command in ("roll", "odds"):
            expr = " ".join(args.expr).strip()
            try:
                if args.command == "roll":
                    return _roll(expr, args.seed, args.json)
                return _odds(expr, args.json)
            except DiceError as error:
                print(f"rules-py: error: {_clip(expr)!r}: {error}", file=sys.stderr)
                return 2
        return _system(args)
    except ValueError as error:
        print(f"rules-py: error: {error}", file=sys.stderr)
        return 2


def _params(words: Sequence[str]) -> dict[str, str]:
    params: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise ValueError(f"expected key=value, not {_clip(word)!r}")
        if not value.strip():
            raise ValueError(f"{_clip(key)}= is empty: write its value after the =")
        if len(word) > CLIP:
            raise ValueError(f"{_clip(word)!r} is longer than {CLIP} characters")
        if key in params:
            raise ValueError(f"{key} is given twice")
        params[key] = value
    return params


def _calculations(module: ModuleType) -> list[str]:
    """What a system's ``calc`` can calculate: the first word of each line of its help."""
    lines = str(module.CALC_HELP).splitlines()
    return [line.split()[0] for line in lines if line[:1].isalpha() and not line.startswith("e.g.")]


def _system(args: argparse.Namespace) -> int:
    if args.system is None:
        raise ValueError(f"{args.command} needs a system: {', '.join(SYSTEMS)}")
    module = system(args.system)
    if args.command == "calc" and args.what is None:
        raise ValueError(
            f"calc {args.system} needs what to calculate: {', '.join(_calculations(module))}"
        )
    params = _params(args.params)
    if args.command == "check":
        result: Mapping[str, Any] = module.check(params)
        if args.json:
            print(json.dumps(_plain(result), default=str))
            return 0
        outcomes: Mapping[str, Fraction] = result["outcomes"]
        chances = {**outcomes, **{k: v for k, v in result.items() if isinstance(v, Fraction)}}
        _print_chances(chances)
        for key, item in result.items():
            if key != "outcomes" and key not in chances:
                _print_item(key, item)
        return 0
    value = module.calc(args.what, params)["value"]
    own_text = getattr(module, "calc_text", None)
    lines = None if args.json or own_text is None else own_text(args.what, value)
    if args.json:
        print(json.dumps({"value": _plain(value)}, default=str))
    elif lines is not None:
        print("\n".join(lines))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _print_item(key, item)
    elif isinstance(value, Fraction):
        print(f"{percent(value)}  ({value})")
    elif (named := _named_chances(value)) is not None:
        _print_chances(named)
    else:
        print(_plain(value))
    return 0


def _print_chances(chances: Mapping[str, Fraction], indent: str = "") -> None:
    """One line per named chance: the name, a percentage and the exact fraction."""
    width = max(len(k) for k in chances)
    for name, p in chances.items():
        print(f"{indent}{name.ljust(width)}  {percent(p).rjust(8)}  ({p})")


def _named_chances(item: object) -> dict[str, Fraction] | None:
    """Chances to print one a line, each under its name, or ``None`` when ``item`` is not that.

    A mapping of chances keeps its names; a list of ``[outcome, chance]`` pairs (a
    distribution) is named by its outcomes; a list of chances by their places, 1, 2, ...
    """
    if isinstance(item, Mapping):
        if item and all(isinstance(v, Fraction) for v in item.values()):
            return {str(k): v for k, v in item.items()}
        return None
    if not isinstance(item, list | tuple) or not item:
        return None
    if all(isinstance(v, Fraction) for v in item):
        return {str(place): v for place, v in enumerate(item, 1)}
    pairs = [v for v in item if isinstance(v, list | tuple) and len(v) == 2]
    if len(pairs) == len(item) and all(isinstance(p, Fraction) for _, p in pairs):
        return {str(outcome): p for outcome, p in pairs}
    return None


def _print_item(key: str, item: object) -> None:
    """A named value for the terminal: chances as lines, anything else as plain JSON.

    A lone fraction is a chance, but for a ``mean``, written as a decimal and a fraction.
    """
    if isinstance(item, Fraction):
        if key == "mean":
            exact = "" if item.denominator == 1 else f" ({item})"
            print(f"{key}: {decimal(item, 4)}{exact}")
        else:
            _print_chances({key: item})
    elif (chances := _named_chances(item)) is not None:
        print(f"{key}:")
        _print_chances(chances, indent="  ")
    elif isinstance(item, Mapping) and item and all(isinstance(v, Mapping) for v in item.values()):
        print(f"{key}:")
        for inner, value in item.items():
            _print_item(f"  {inner}", value)
    elif isinstance(item, Mapping | list | tuple):
        print(f"{key}: {_words(item)}")
    else:
        print(f"{key}: {_plain(item)}")


def _words(item: object) -> str:
    """A value for a line of text, never JSON (issue 32): a mapping as ``name value``
    pairs, a list as its items, each separated by commas; nested ones in brackets."""
    if isinstance(item, Mapping):
        return ", ".join(f"{name} {_nested(value)}" for name, value in item.items()) or "none"
    if isinstance(item, list | tuple):
        return ", ".join(_nested(value) for value in item) or "none"
    return str(_plain(item))


def _nested(item: object) -> str:
    return f"({_words(item)})" if isinstance(item, Mapping | list | tuple) else _words(item)


def _plain(value: object) -> object:
    """``value`` for JSON: fractions as exact strings (``"1/36"``), at any depth."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


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
    total, ways = dist.ways()
    rows = []
    at_most = 0
    for outcome, eq in zip(dist.outcomes, ways, strict=True):
        at_least = total - at_most
        at_most += eq
        cells = (percent_of(eq, total), percent_of(at_least, total), percent_of(at_most, total))
        rows.append((str(outcome), *cells))
    header = ("outcome", "P(=)", "P(>=)", "P(<=)")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]
    print(f"{parse(expr)}")
    for row in [header, *rows]:
        print("  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)))
    mean = dist.mean
    print(f"mean {decimal(mean, 4)} ({mean})")
    if dist.beyond_cap:
        print(f"exploding dice capped: {percent(dist.beyond_cap, 6)} of rolls would go further")
    return 0
