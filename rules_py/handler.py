"""The browser worker's request handler: one JSON request in, one JSON answer out.

The Pyodide worker (``docs/assets/rollbook/worker.js``) imports this module and
calls :func:`handle` for every message the page sends: a roll, an odds figure, a
reseed, or a widget's show, roll, check, export or import. It sits on the top
floor of the package, beside :mod:`rules_py.markdown`: it may import
:mod:`rules_py.views` and :mod:`rules_py.widgets`, and nothing below imports it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rules_py.dice import DiceError, reseed
from rules_py.views import FieldRefused, RequestError, View, odds_view, roll_view
from rules_py.widgets import answer


def seed(entropy: int | list[int]) -> View:
    """Seed the rolls afresh (the browser passes its own entropy, 32-bit words, on every load)."""
    words = [entropy] if isinstance(entropy, int) else entropy
    if not words or not all(isinstance(w, int) and not isinstance(w, bool) for w in words):
        raise DiceError("entropy must be whole numbers")
    reseed(sum((w & 0xFFFFFFFF) << (32 * i) for i, w in enumerate(words)))
    return {"seeded": True}


def widget(name: str, action: str = "show", **args: Any) -> View:
    """A system widget's answer (see :mod:`rules_py.widgets`): show, roll, export or import."""
    return answer(name, action, args)


Handler = Callable[..., View]

HANDLERS: dict[str, Handler] = {
    "roll": roll_view,
    "odds": odds_view,
    "seed": seed,
    "widget": widget,
}
"""The operations the browser worker may ask for, by name."""


def handle(request: str) -> str:
    """Answer one JSON request ``{"op": ..., "args": {...}}`` from the browser with JSON.

    The answer is ``{"ok": true, "result": view}`` or ``{"ok": false, "error": message}``,
    with ``field`` naming the odds figure's field a refused value was typed into.
    """
    try:
        message = json.loads(request)
        handler = HANDLERS[message["op"]]
        result = handler(**message.get("args", {}))
    except FieldRefused as error:
        return json.dumps({"ok": False, "error": str(error), "field": error.field})
    except DiceError as error:
        return json.dumps({"ok": False, "error": str(error), **error_where(error)})
    except RequestError as error:
        return json.dumps({"ok": False, "error": str(error)})
    except (KeyError, TypeError, ValueError) as error:
        return json.dumps({"ok": False, "error": f"bad request: {error}"})
    return json.dumps({"ok": True, "result": result}, default=_json_default)


def error_where(error: DiceError) -> View:
    """Where a dice expression goes wrong, for the page to point at it as the CLI does.

    ``{"where": {"expression", "position", "caret"}}``: ``position`` is the 0-based
    index of the offending character and ``caret`` the line to write under the
    expression (spaces, then ``^``). Empty when the error has no position.
    """
    if error.position is None:
        return {}
    return {
        "where": {
            "expression": error.expression,
            "position": error.position,
            "caret": error.pointer().rpartition("\n")[2],
        }
    }


def _json_default(value: object) -> object:
    if isinstance(value, Fraction):
        return str(value)
    raise TypeError(f"cannot send {type(value).__name__}")
