"""Action Quota and Timing of the D10/0 System: who has the initiative first, and how a
character's action points go into its actions round by round.

At the start of a strict period's first round the characters are ordered by
Action Quota, highest first. Characters that tie may act at the same time when
that is workable; when it is not, each makes a check against its Action Quota
(an attribute-scale check: a d10 read 0-9, effort = quota - roll) and the
results set their order (Action Quota and Timing, Strict Period Structure).

Reading (the source is silent): the greater effort goes first, as in
Conflicting Effort; characters whose efforts tie again check again among
themselves, until every place is settled.

Action points within rounds (Action Quota; During an Agent's Initiative): each time the
character gets the initiative its points are refreshed to its Action Quota; it allots
them first to the action started in an earlier round, then to new actions, and may keep
some back for reactions. An action starts when points first go into it and finishes
when the points put towards it reach its cost, taking points from as many rounds as it
needs. Readings (stated on the Action Quota and Timing page): "refresh" fills the
quota again, so points left over, reserved or not, do not add to the next round's; the
actions take the points in the order given, and a new action starts with whatever the
round has left (keep points back with the reserve instead).
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

MAX_TABLE_AGENTS: Final = 100
"""The most characters a GM's table orders at once (a tool limit, not a rule: a party and
every NPC of a fight; the rule itself has no cap)."""

MAX_TIE_ROUNDS: Final = 50
"""Tie checks rolled again at most this many times (a tool limit: ties that survive
50 rounds of checks are left in the order given, which never happens in practice)."""

MAX_ACTIONS: Final = 20
"""The most actions the tools allot at once (a tool limit, not a rule)."""
MAX_ACTION_COST: Final = 100
"""The largest action point cost the tools take (a tool limit, not a rule)."""
MAX_ROUNDS: Final = 100
"""The most rounds the tools follow a character's actions through (a tool limit)."""

_RULE: Final = f"{SYSTEM}, Strict Period Structure"
_QUOTA_RULE: Final = f"{SYSTEM}, Action Quota"


def _checked(quotas: Mapping[str, int], most: int = MAX_AGENTS) -> dict[str, int]:
    if not quotas:
        raise ValueError(refusal("name at least one character to order", _RULE))
    if len(quotas) > most:
        raise ValueError(
            refusal(f"the tools order at most {most} characters (got {len(quotas)})", _RULE)
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


def initiative_order(
    quotas: Mapping[str, int], most: int = MAX_AGENTS
) -> tuple[tuple[str, ...], ...]:
    """The characters in initiative order, by Action Quota, highest first.

    Each group holds the characters of one Action Quota, in the order given: a group of
    two or more is a tie (they act together if workable, else check: see
    :func:`roll_ties`). ``most`` is the tool's cap on characters (:data:`MAX_AGENTS`, or
    :data:`MAX_TABLE_AGENTS` for a GM's table).
    """
    checked = _checked(quotas, most)
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
    quotas: Mapping[str, int], rng: random.Random, most: int = MAX_AGENTS
) -> tuple[tuple[str, ...], tuple[TieCheck, ...]]:
    """The full initiative order with every tie settled by checks, and the checks rolled.

    Each tied group checks against its Action Quota (a d10 read 0-9); the greater
    effort goes first, and characters tied again check again among themselves.
    ``most`` caps the characters as in :func:`initiative_order`.
    """
    order: list[str] = []
    checks: list[TieCheck] = []
    checked = _checked(quotas, most)
    for group in initiative_order(checked, most):
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


@dataclass(frozen=True, slots=True)
class Allotment:
    """Points one action receives in one round."""

    action: str
    points: int
    paid: int
    """Points put towards the action so far, this round's included."""
    cost: int

    @property
    def finished(self) -> bool:
        return self.paid >= self.cost


@dataclass(frozen=True, slots=True)
class RoundOfActions:
    """One round of a character's action points: what each action got, what is kept back
    for reactions, and what goes unused."""

    round: int
    allotments: tuple[Allotment, ...]
    reserved: int
    unused: int


def allot_action_points(
    quota: int, actions: Sequence[tuple[str, int]], reserve: int = 0
) -> tuple[RoundOfActions, ...]:
    """The rounds a character takes to perform ``actions`` (name, cost), in order.

    Each round the points are refreshed to ``quota``; ``reserve`` of them are kept back
    for reactions, and the rest go first to the action started earlier, then to the next
    ones, an action taking points from as many rounds as its cost needs (Action Quota;
    During an Agent's Initiative). Points not used in a round are gone at the refresh.
    """
    if isinstance(quota, bool) or not isinstance(quota, int) or quota < 0:
        raise ValueError(
            refusal(f"the Action Quota is a whole number, 0 or more (got {quota!r})", _QUOTA_RULE)
        )
    if isinstance(reserve, bool) or not isinstance(reserve, int) or reserve < 0:
        raise ValueError(
            refusal(
                f"the points kept back are a whole number, 0 or more (got {reserve!r})", _QUOTA_RULE
            )
        )
    if not actions:
        raise ValueError(refusal("name at least one action and its cost", _QUOTA_RULE))
    if len(actions) > MAX_ACTIONS:
        raise ValueError(
            refusal(
                f"the tools allot at most {MAX_ACTIONS} actions (got {len(actions)})", _QUOTA_RULE
            )
        )
    for name, cost in actions:
        if not name.strip():
            raise ValueError(refusal("every action needs a name", _QUOTA_RULE))
        if isinstance(cost, bool) or not isinstance(cost, int) or not 1 <= cost <= MAX_ACTION_COST:
            raise ValueError(
                refusal(
                    f"{name}'s cost is a whole number of action points from 1 to "
                    f"{MAX_ACTION_COST} (got {cost!r})",
                    _QUOTA_RULE,
                )
            )
    if quota == 0:
        raise ValueError(
            refusal("an Action Quota of 0 has no action points to put into actions", _QUOTA_RULE)
        )
    if reserve >= quota:
        raise ValueError(
            refusal(
                f"keeping {reserve} of an Action Quota of {quota} back for reactions leaves no "
                "action point for actions",
                _QUOTA_RULE,
            )
        )
    total, per_round = sum(cost for _, cost in actions), quota - reserve
    if -(-total // per_round) > MAX_ROUNDS:
        raise ValueError(
            refusal(
                f"{total} action points at {per_round} a round take more than the "
                f"{MAX_ROUNDS} rounds the tools follow",
                _QUOTA_RULE,
            )
        )
    rounds: list[RoundOfActions] = []
    paid = [0] * len(actions)
    current = 0
    while current < len(actions):
        left = quota - reserve
        allotted: list[Allotment] = []
        while left and current < len(actions):
            name, cost = actions[current]
            points = min(left, cost - paid[current])
            paid[current] += points
            left -= points
            allotted.append(Allotment(name, points, paid[current], cost))
            if paid[current] >= cost:
                current += 1
        rounds.append(RoundOfActions(len(rounds) + 1, tuple(allotted), reserve, left))
    return tuple(rounds)


__all__ = [
    "MAX_ACTIONS",
    "MAX_ACTION_COST",
    "MAX_AGENTS",
    "MAX_ROUNDS",
    "MAX_TABLE_AGENTS",
    "Allotment",
    "RoundOfActions",
    "TieCheck",
    "allot_action_points",
    "initiative_order",
    "roll_ties",
]
