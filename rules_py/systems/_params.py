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
