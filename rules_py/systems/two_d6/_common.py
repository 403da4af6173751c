"""Shared by the chapters of the [2d6] Roleplaying System: its name and argument checks."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Protocol, TypeVar

from rules_py.systems import _params

SYSTEM: Final = "[2d6] Roleplaying System"
"""The source's title, cited after the problem in every error message."""


def require_int(value: object, what: str, rule: str) -> int:
    """``value`` as an int (``bool`` refused); ``ValueError`` naming ``rule`` otherwise."""
    return _params.require_int(value, what, f"{SYSTEM}, {rule}")


def require_range(value: object, what: str, rule: str, lo: int, hi: int | None = None) -> int:
    """``value`` as an int from ``lo`` to ``hi`` (no upper bound when ``hi`` is None)."""
    return _params.require_range(value, what, f"{SYSTEM}, {rule}", lo, hi)


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` and the noun that fits it: ``"1 cinematic"``, ``"2 cinematics"``, ``"0 wounds"``."""
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


class _Named(Protocol):
    @property
    def name(self) -> str: ...


NamedT = TypeVar("NamedT", bound=_Named)


def find_named(items: Iterable[NamedT], name: str) -> NamedT | None:
    """The item called ``name`` (any case, spaces tidied), or None."""
    key = " ".join(name.split()).lower()
    return next((item for item in items if item.name.lower() == key), None)
