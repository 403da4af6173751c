"""Reading the ``key=value`` words of ``rules-py check`` and ``rules-py calc``.

Shared by every system; each system words its own error messages, which lead with the
problem and cite the rule after it (:func:`refusal`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def unknown_keys(params: Mapping[str, str], allowed: Iterable[str]) -> list[str]:
    """The keys of ``params`` that are not ``allowed``, in the order given."""
    known = set(allowed)
    return [key for key in params if key not in known]


def whole_number(text: str) -> int | None:
    """``"2"``, ``"+2"``, ``"-1"`` (spaces around allowed) as an int; ``None`` for anything else."""
    stripped = text.strip()
    return int(stripped) if _WHOLE_NUMBER.fullmatch(stripped) else None


def refusal(problem: str, where: str = "") -> str:
    """An error that leads with the problem, capitalised, the rule it cites after.

    ``("an aspect needs a name", "Danger World, Aspects")`` ->
    ``"An aspect needs a name (Danger World, Aspects)"``. A first word that is not
    plain letters (``dc=``, ``3d6``) is left as written.
    """
    first = problem.split(" ", 1)[0]
    lead = f"{problem[:1].upper()}{problem[1:]}" if first.isalpha() else problem
    return f"{lead} ({where})" if where else lead


def refuse_unknown_keys(
    params: Mapping[str, str], allowed: Iterable[str], prefix: str, where: str = ""
) -> None:
    """``ValueError`` "<prefix> takes a=, b=, unknown: c (<where>)" when ``params`` has others."""
    keys = tuple(allowed)
    unknown = unknown_keys(params, keys)
    if unknown:
        raise ValueError(
            refusal(
                f"{prefix} takes {', '.join(f'{k}=' for k in keys)}, unknown: {', '.join(unknown)}",
                where,
            )
        )


BOOLEANS: Final[Mapping[str, bool]] = MappingProxyType(
    {"yes": True, "true": True, "no": False, "false": False}
)
"""The words a yes/no key accepts (any case)."""


def needed(params: Mapping[str, str], key: str, prefix: str, where: str = "") -> str:
    """``params[key]``; ``ValueError`` "<prefix> needs key= (<where>)" when it is missing."""
    if key not in params:
        raise ValueError(refusal(f"{prefix} needs {key}=", where))
    return params[key]


def number_param(
    params: Mapping[str, str], key: str, prefix: str, rule: str, where: str = ""
) -> int:
    """``params[key]`` as a whole number; "key= must be a whole number (<rule>)" otherwise.

    ``prefix`` and ``where`` word the missing-key error (see :func:`needed`).
    """
    text = needed(params, key, prefix, where)
    number = whole_number(text)
    if number is None:
        raise ValueError(not_a(f"{key}=", "a whole number", text, rule))
    return number


def yes_no(params: Mapping[str, str], key: str, rule: str, default: str = "no") -> bool:
    """``params[key]`` (or ``default``) read as yes/no; "key= must be yes or no (<rule>)" else."""
    text = params.get(key, default)
    word = text.strip().lower()
    if word not in BOOLEANS:
        raise ValueError(not_a(f"{key}=", "yes or no", text, rule))
    return BOOLEANS[word]


def not_a(what: str, kind: str, value: object, rule: str = "") -> str:
    """The refusal of ``value`` where ``what`` must be ``kind`` ("a whole number", "a list").

    A real value is quoted: ``"Bonus dice must be a whole number (got 'x') (rule)"``; a missing
    one (``None``, a JSON ``null``) is named as missing, never as ``got None``, and a blank
    one as empty: ``"Bonus dice is missing: it must be a whole number (rule)"``,
    ``"dc= is empty: it must be a whole number"``.
    """
    if value is None:
        return refusal(f"{what} is missing: it must be {kind}", rule)
    if isinstance(value, str) and not value.strip():
        return refusal(f"{what} is empty: it must be {kind}", rule)
    return refusal(f"{what} must be {kind} (got {value!r})", rule)


def require_int(value: object, what: str, rule: str) -> int:
    """``value`` as an int (``bool`` refused); "What must be a whole number (<rule>)" otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(not_a(what, "a whole number", value, rule))
    return value


def bounds(lo: int, hi: int | None = None) -> str:
    """The range a value must lie in: ``"from 2 to 30"``, or ``"0 or more"`` with no ``hi``."""
    return f"{lo} or more" if hi is None else f"from {lo} to {hi}"


def out_of_range(what: str, bound: str, got: object, rule: str = "") -> str:
    """A range error that leads with the problem and the range, the rule it cites after.

    ``("a DC", "from 2 to 30", -3, "2d6, Checks")`` ->
    ``"A DC must be from 2 to 30, got -3 (2d6, Checks)"``.
    """
    return refusal(f"{what[:1].upper()}{what[1:]} must be {bound}, got {got}", rule)


def require_range(value: object, what: str, rule: str, lo: int, hi: int | None = None) -> int:
    """``value`` as an int from ``lo`` to ``hi`` (no upper bound when ``hi`` is None).

    Out of range: "What must be from lo to hi, got N (rule)" (see :func:`out_of_range`).
    """
    number = require_int(value, what, rule)
    if number < lo or (hi is not None and number > hi):
        raise ValueError(out_of_range(what, bounds(lo, hi), number, rule))
    return number


def json_object(value: object, what: str, prefix: str) -> Mapping[str, object]:
    """``value`` when it is a JSON object; "What must be an object (<prefix>)" otherwise."""
    if not isinstance(value, Mapping):
        raise ValueError(not_a(what, "an object", value, prefix))
    return value


def json_list(value: object, what: str, prefix: str) -> Sequence[object]:
    """``value`` when it is a JSON list; "What must be a list (<prefix>)" otherwise."""
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise ValueError(not_a(what, "a list", value, prefix))
    return value
