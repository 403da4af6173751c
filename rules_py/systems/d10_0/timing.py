"""Action Quota and Timing of the D10/0 System: who has the initiative first.

At the start of a strict period's first round the characters are ordered by
Action Quota, highest first. Characters that tie may act at the same time when
that is workable; when it is not, each makes a check against its Action Quota
(an attribute-scale check: a d10 read 0-9, effort = quota - roll) and the
results set their order (Action Quota and Timing, Strict Period Structure).

Reading (the source is silent): the greater effort goes first, as in
Conflicting Effort; characters whose efforts tie again check again among
themselves, until every place is settled.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from rules_py.systems._params import refusal
from rules_py.systems.d10_0._common import SYSTEM
from rules_py.systems.d10_0.checks import CheckRoll, roll_check

MAX_AGENTS: Final = 20
"""The most characters the tools order at once (a tool limit, not a rule)."""

MAX_TIE_ROUNDS: Final = 50
"""Tie checks rolled again at most this many times (a tool limit: ties that survive
50 rounds of checks are left in the order given, which never happens in practice)."""

_RULE: Final = f"{SYSTEM}, Strict Period Structure"


def _checked(quotas: Mapping[str, int]) -> dict[str, int]:
    if not quotas:
        raise ValueError(refusal("name at least one character to order", _RULE))
    if len(quotas) > MAX_AGENTS:
        raise ValueError(
            refusal(f"the tools order at most {MAX_AGENTS} characters (got {len(quotas)})", _RULE)
        )
    for name, quota in quotas.items():
        if not name.strip():
            raise ValueError(refusal("every character needs a name", _RULE))
        if isinstance(quota, bool) or not isinstance(quota, int) or quota < 0:
            raise ValueError(
                refusal(
                    f"{name}'s Action Quota is a whole number, 0 or more (got {quota!r})", _RULE
                )
            )
    return dict(quotas)


def initiative_order(quotas: Mapping[str, int]) -> tuple[tuple[str, ...], ...]:
    """The characters in initiative order, by Action Quota, highest first.

    Each group holds the characters of one Action Quota, in the order given: a group of
    two or more is a tie (they act together if workable, else check: see
    :func:`roll_ties`).
    """
    checked = _checked(quotas)
    groups: dict[int, list[str]] = {}
    for name, quota in checked.items():
        groups.setdefault(quota, []).append(name)
    return tuple(tuple(groups[q]) for q in sorted(groups, reverse=True))


@dataclass(frozen=True, slots=True)
class TieCheck:
    """One tied character's check against its Action Quota, in a round of tie checks."""

    name: str
    round: int
    """1 for the first tie check, 2 when this character tied again, and so on."""
    roll: CheckRoll


def roll_ties(
    quotas: Mapping[str, int], rng: random.Random
) -> tuple[tuple[str, ...], tuple[TieCheck, ...]]:
    """The full initiative order with every tie settled by checks, and the checks rolled.

    Each tied group checks against its Action Quota (a d10 read 0-9); the greater
    effort goes first, and characters tied again check again among themselves.
    """
    order: list[str] = []
    checks: list[TieCheck] = []
    checked = _checked(quotas)
    for group in initiative_order(checked):
        order += _settle(list(group), checked[group[0]], rng, checks, 1)
    return tuple(order), tuple(checks)


def _settle(
    group: Sequence[str], quota: int, rng: random.Random, checks: list[TieCheck], depth: int
) -> list[str]:
    if len(group) == 1 or depth > MAX_TIE_ROUNDS:
        return list(group)
    efforts: dict[int, list[str]] = {}
    for name in group:
        roll = roll_check(quota, 0, False, False, rng)
        checks.append(TieCheck(name, depth, roll))
        efforts.setdefault(roll.effort, []).append(name)
    settled: list[str] = []
    for effort in sorted(efforts, reverse=True):
        settled += _settle(efforts[effort], quota, rng, checks, depth + 1)
    return settled


__all__ = [
    "MAX_AGENTS",
    "TieCheck",
    "initiative_order",
    "roll_ties",
]
