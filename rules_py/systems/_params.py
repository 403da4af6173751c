"""Reading the ``key=value`` words of ``rules-py check`` and ``rules-py calc``.

Shared by every system; each system words its own error messages.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def unknown_keys(params: Mapping[str, str], allowed: Iterable[str]) -> list[str]:
    """The keys of ``params`` that are not ``allowed``, in the order given."""
    known = set(allowed)
    return [key for key in params if key not in known]


def whole_number(text: str) -> int | None:
    """``"2"``, ``"+2"``, ``"-1"`` (spaces around allowed) as an int; ``None`` for anything else."""
    stripped = text.strip()
    return int(stripped) if _WHOLE_NUMBER.fullmatch(stripped) else None


def refuse_unknown_keys(params: Mapping[str, str], allowed: Iterable[str], prefix: str) -> None:
    """``ValueError`` "<prefix> takes a=, b= (unknown: c)" when ``params`` has other keys."""
    keys = tuple(allowed)
    unknown = unknown_keys(params, keys)
    if unknown:
        raise ValueError(
            f"{prefix} takes {', '.join(f'{k}=' for k in keys)} (unknown: {', '.join(unknown)})"
        )


def require_key(params: Mapping[str, str], key: str, prefix: str) -> str:
    """``params[key]``; ``ValueError`` "<prefix> needs <key>=" when it is missing."""
    if key not in params:
        raise ValueError(f"{prefix} needs {key}=")
    return params[key]


def require_int(value: object, what: str, prefix: str) -> int:
    """``value`` as an int (``bool`` refused); ``ValueError`` "<prefix>: <what> must be a
    whole number (got ...)" otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{prefix}: {what} must be a whole number (got {value!r})")
    return value


def require_range(value: object, what: str, prefix: str, lo: int, hi: int | None = None) -> int:
    """``value`` as an int from ``lo`` to ``hi`` (no upper bound when ``hi`` is None)."""
    number = require_int(value, what, prefix)
    if number < lo or (hi is not None and number > hi):
        bound = f"{lo} or more" if hi is None else f"from {lo} to {hi}"
        raise ValueError(f"{prefix}: {what} must be {bound} (got {number})")
    return number
