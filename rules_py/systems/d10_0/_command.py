"""``rules-py check d10-0`` and ``rules-py calc d10-0`` (contract in :mod:`rules_py.systems`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Final

from rules_py.systems._params import (
    needed,
    number_param,
    refusal,
    refuse_unknown_keys,
    whole_number,
    yes_no,
)
from rules_py.systems.d10_0._common import SYSTEM
from rules_py.systems.d10_0.builder import Purchase
from rules_py.systems.d10_0.bursts import ap_cost, block, hits_distribution, step_chances
from rules_py.systems.d10_0.character import (
    RECOVERY_RATES,
    action_quota,
    attribute,
    health_increase,
    health_state,
    normal_health,
    recovery_per_day,
)
from rules_py.systems.d10_0.checks import (
    MAX_COOPERATORS,
    MAX_SCORE,
    check_outcomes,
    conflict_outcomes,
    cooperation_outcomes,
    cumulative_chances,
    named_degree_distribution,
    parse_difficulty,
)
from rules_py.systems.d10_0.damage import (
    adjust_damage,
    damage_distribution,
    damage_mean,
    parse_damage,
)
from rules_py.systems.d10_0.powers import FUNCTIONS, PowerPoints, apply
from rules_py.systems.d10_0.skills import adjust_cost, skill_base
from rules_py.systems.d10_0.timing import allot_action_points, initiative_order

_NAMES: Final = "average, tricky, challenge, hard, worrisome, improbable, impossible"

CHECK_HELP: Final = f"""\
score=S          attribute (d10, 0-9) or with skill=yes skill Total (d100, 00-99): 0 to {MAX_SCORE}
difficulty=D     on the check's own scale, -999 to 999, or a name: {_NAMES}
vs=T             instead of difficulty: the opposing score (conflicting effort: win/tie/lose)
skill=yes|no     a skill check (d100) instead of an attribute check (d10); default no
overflow=yes|no  the optional Overflow rule, with difficulty only; default no
scores=S,S,...   instead of score: cooperative effort, the efforts added against difficulty
goal=G checks=N  with score: cumulative effort, the chance of reaching G within 1..N checks
losses=yes|no    with goal: negative efforts subtract; default no (only positive ones count)
block=B          with score (a skill Total) and difficulty: a burst or blast (three-shot-
                 burst, x-shot-burst with x=1..20, shotgun-blast, proton-stream with
                 ap=3..5): the chance of each spread step and of each number of attacks
                 that threaten
e.g. rules-py check d10-0 score=25 difficulty=challenge skill=yes"""
"""One line per key of ``rules-py check d10-0``, then an example."""

CALC_HELP: Final = """\
health en=N sp=N                 Normal Health: average of EN and SP x 10 (scores 0 or more)
hp_increase en=N sp=N            Normal Health one 5 PP purchase adds: the average, rounded up
recovery en=N sp=N [rate=R]      Health recovered a day; rate 1, 2 (rest) or 3 (rest and care)
health_state current=N normal=N  the state: Exceptional ... Dead (normal 1 or more)
action_quota ag=N fo=N           average of AG and FO, rounded down (scores 0 or more)
skill_base major=A,B minor=C     a root's Base, 2A + 2B + C; the minor not above a major
adjust_cost from=A to=B          skill points to raise Adjust from A to B (0 <= A <= B <= 200)
damage notation=T [ST=N ...] [overflow=yes]  exact damage of T, e.g. "10 + 2D(ST)", "5K + 1KD"
adjust damage=N chain=T          damage (0 or more) after adjustments such as "-10F -2R"
initiative quotas=A:5,B:5,C:4    initiative order by Action Quota, highest first; ties named
power normal=N current=N [held=N] need|gain|drain|hold|release=X  a power function applied
progression [earned=N] [health=N] [skill_points=N] [tab=C,C] [power=N] [karma=C,C]
                                 Progression Points a set of purchases costs: counts of
                                 Health Point Increases (5), Skill Point Purchases (5) and
                                 powers (10); each TAB's price (5-10) and karma's (1-10)
action_points quota=Q actions=Draw:1,Shoot:2,Reload:4 [reserve=R]
                                 round by round, the points each action gets; R kept back
                                 for reactions each round (costs 1-100, up to 20 actions)
e.g. rules-py calc d10-0 damage notation="10 + 2D(ST)" ST=4"""
"""One line per calculation of ``rules-py calc d10-0``, then an example."""


def _only(params: Mapping[str, str], allowed: tuple[str, ...], command: str) -> None:
    refuse_unknown_keys(params, allowed, command, SYSTEM)


def _needed(params: Mapping[str, str], key: str, command: str) -> str:
    return needed(params, key, command, SYSTEM)


def _number(params: Mapping[str, str], key: str, command: str, rule: str) -> int:
    return number_param(params, key, command, f"{SYSTEM}, {rule}", SYSTEM)


def _flag(params: Mapping[str, str], key: str, rule: str, default: str = "no") -> bool:
    return yes_no(params, key, f"{SYSTEM}, {rule}", default)


def check(params: Mapping[str, str]) -> dict[str, object]:
    """Exact odds of a check (Actions): see :data:`CHECK_HELP`.

    ``score=S difficulty=D [skill=yes] [overflow=yes]`` answers ``success``,
    ``miss`` and ``failure`` (and the named ``degrees``);
    ``score=S vs=T [skill=yes]`` answers ``win``, ``tie`` and ``lose``;
    ``scores=`` (Cooperative Effort), ``goal= checks=`` (Cumulative Effort) and
    ``block=`` (DAT, Advanced Simulations) are the other kinds of check.
    """
    command = "check d10-0"
    if "scores" in params:
        return _cooperative(params, command)
    if "goal" in params or "checks" in params:
        return _cumulative(params, command)
    if "block" in params:
        return _burst(params, command)
    _only(params, ("score", "difficulty", "vs", "skill", "overflow"), command)
    skill = _flag(params, "skill", "Dice and Rolling")
    score = _number(params, "score", command, "Degrees and Difficulty")
    if ("difficulty" in params) == ("vs" in params):
        raise ValueError(
            refusal(
                "a check is against a difficulty (difficulty=D) or another "
                "character's effort (vs=T, Conflicting Effort): give exactly one",
                f"{SYSTEM}, Actions",
            )
        )
    if "vs" in params:
        if "overflow" in params:
            raise ValueError(
                refusal(
                    "the tools apply overflow to checks against a "
                    "difficulty, not to conflicting effort (vs=)",
                    f"{SYSTEM}, Overflow",
                )
            )
        opponent = _number(params, "vs", command, "Conflicting Effort")
        return {"outcomes": conflict_outcomes(score, opponent, skill)}
    difficulty = parse_difficulty(params["difficulty"], skill)
    overflow = _flag(params, "overflow", "Overflow")
    return {
        "outcomes": check_outcomes(score, difficulty, skill, overflow),
        "degrees": named_degree_distribution(score, difficulty, skill, overflow),
    }


def _cooperative(params: Mapping[str, str], command: str) -> dict[str, object]:
    """``scores=S,S,... difficulty=D [skill=yes]``: direct cooperation, the characters'
    efforts added up against one difficulty (Actions, Cooperative Effort)."""
    _only(params, ("scores", "difficulty", "skill"), command)
    skill = _flag(params, "skill", "Dice and Rolling")
    text = _needed(params, "scores", command)
    scores = [whole_number(part) for part in text.split(",")]
    if not 1 <= len(scores) <= MAX_COOPERATORS or any(v is None for v in scores):
        raise ValueError(
            refusal(
                f"scores= is 1 to {MAX_COOPERATORS} whole numbers, one per character, "
                f"e.g. scores=5,4 (got {text!r})",
                f"{SYSTEM}, Cooperative Effort",
            )
        )
    difficulty = parse_difficulty(_needed(params, "difficulty", command), skill)
    return {
        "outcomes": cooperation_outcomes([v for v in scores if v is not None], difficulty, skill)
    }


def _cumulative(params: Mapping[str, str], command: str) -> dict[str, object]:
    """``score=S goal=G checks=N [losses=yes] [skill=yes]``: the chance the efforts of
    repeated checks reach the goal within 1, 2, ... N checks (Actions, Cumulative Effort)."""
    _only(params, ("score", "goal", "checks", "losses", "skill"), command)
    skill = _flag(params, "skill", "Dice and Rolling")
    score = _number(params, "score", command, "Degrees and Difficulty")
    goal = _number(params, "goal", command, "Cumulative Effort")
    checks = _number(params, "checks", command, "Cumulative Effort")
    losses = _flag(params, "losses", "Cumulative Effort")
    chances = cumulative_chances(score, goal, checks, skill, losses)
    return {
        "outcomes": {"reached": chances[-1], "not reached": 1 - chances[-1]},
        "reached_within": [[n, p] for n, p in enumerate(chances, start=1)],
    }


def _burst(params: Mapping[str, str], command: str) -> dict[str, object]:
    """``block=B score=S difficulty=D [x=N] [ap=N] [overflow=yes]``: a burst or blast block's
    skill check (d100) read through its spread: the chance of each step and of each
    number of attacks that threaten the target (DAT, Advanced Simulations)."""
    _only(params, ("block", "score", "difficulty", "x", "ap", "overflow", "skill"), command)
    if not _flag(params, "skill", "Advanced Simulations", default="yes"):
        raise ValueError(
            refusal(
                "a burst or blast is a skill check (d100): leave out skill= or say yes",
                f"{SYSTEM}, Advanced Simulations",
            )
        )
    b = block(re.sub(r"[-_]", " ", _needed(params, "block", command)))
    x = _number(params, "x", command, "Advanced Simulations") if "x" in params else None
    ap = _number(params, "ap", command, "Advanced Simulations") if "ap" in params else None
    cost = ap_cost(b, x, ap)  # first: an ap= that X contradicts is refused, never ignored
    score = _number(params, "score", command, "Degrees and Difficulty")
    difficulty = parse_difficulty(_needed(params, "difficulty", command), True)
    overflow = _flag(params, "overflow", "Overflow")
    x_value = x if x is not None else 1
    chances = step_chances(b, score, difficulty, overflow)
    steps: dict[str, Fraction] = {"no threat": chances[0]}
    for step, p in zip(b.steps, chances[1:], strict=True):
        label = f"{step.label} ({step.threatening(x_value)} threatening)"
        steps[label] = steps.get(label, Fraction(0)) + p
    hits = hits_distribution(b, score, difficulty, x, overflow)
    return {
        "outcomes": steps,
        "block": b.title,
        "ap": cost,
        "threatening": [[n, p] for n, p in hits.items()],
    }


def _numbers(params: Mapping[str, str], command: str, rule: str, *keys: str) -> list[int]:
    """Exactly the whole numbers ``keys`` (each required, no other key)."""
    _only(params, keys, command)
    return [_number(params, key, command, rule) for key in keys]


def _calc_health(params: Mapping[str, str], command: str) -> object:
    return normal_health(*_numbers(params, command, "Health Points", "en", "sp"))


def _calc_hp_increase(params: Mapping[str, str], command: str) -> object:
    return health_increase(*_numbers(params, command, "Health Points", "en", "sp"))


def _calc_recovery(params: Mapping[str, str], command: str) -> object:
    _only(params, ("en", "sp", "rate"), command)
    en, sp = (_number(params, key, command, "Health Points") for key in ("en", "sp"))
    rate = _number(params, "rate", command, "Health") if "rate" in params else 1
    if rate not in RECOVERY_RATES:
        raise ValueError(
            refusal(
                "rate= is 1 (standard), 2 (dedicated rest) or 3 "
                f"(rest and medical care) (got {params['rate']!r})",
                f"{SYSTEM}, Health",
            )
        )
    return recovery_per_day(en, sp, rate)


def _calc_health_state(params: Mapping[str, str], command: str) -> object:
    return health_state(*_numbers(params, command, "Health Range", "current", "normal"))


def _calc_action_quota(params: Mapping[str, str], command: str) -> object:
    return action_quota(*_numbers(params, command, "Action Quota", "ag", "fo"))


def _calc_skill_base(params: Mapping[str, str], command: str) -> object:
    _only(params, ("major", "minor"), command)
    text = _needed(params, "major", command)
    majors = [whole_number(part) for part in text.split(",")]
    if len(majors) != 2 or majors[0] is None or majors[1] is None:
        raise ValueError(
            refusal(
                f"major= is the two circled attributes, e.g. major=5,5 (got {text!r})",
                f"{SYSTEM}, Skill Rating and Fields",
            )
        )
    minor = _number(params, "minor", command, "Skill Rating and Fields")
    return skill_base((majors[0], majors[1]), minor)


def _calc_adjust_cost(params: Mapping[str, str], command: str) -> object:
    return adjust_cost(*_numbers(params, command, "Exchange Rate", "from", "to"))


def _calc_damage(params: Mapping[str, str], command: str) -> object:
    notation = parse_damage(_needed(params, "notation", command))
    attributes: dict[str, int] = {}
    for key in params:
        if key in ("notation", "overflow"):
            continue
        try:
            name = attribute(key).abbreviation
        except ValueError:
            raise ValueError(
                refusal(
                    f"{command} takes notation=, overflow= and attribute scores such "
                    f"as ST=4 (unknown: {key})",
                    SYSTEM,
                )
            ) from None
        attributes[name] = _number(params, key, command, "Attributes")
    overflow = _flag(params, "overflow", "Note About Zeros")
    dist = damage_distribution(notation, attributes, overflow)
    value: dict[str, object] = {
        "distribution": [[total, p] for total, p in dist.items()],
        "mean": damage_mean(notation, attributes, overflow),
    }
    if dist.beyond_cap:
        value["beyond_cap"] = dist.beyond_cap
    return value


def _calc_adjust(params: Mapping[str, str], command: str) -> object:
    _only(params, ("damage", "chain"), command)
    return adjust_damage(
        _number(params, "damage", command, "DAT, Adjustment"), _needed(params, "chain", command)
    )


def _calc_initiative(params: Mapping[str, str], command: str) -> object:
    _only(params, ("quotas",), command)
    text = _needed(params, "quotas", command)
    quotas: dict[str, int] = {}
    for part in text.split(","):
        name, _, quota = part.rpartition(":")
        value = whole_number(quota)
        if not name.strip() or value is None or name.strip() in quotas:
            raise ValueError(
                refusal(
                    "quotas= is each character's name and Action Quota, e.g. "
                    f"quotas=Ana:5,Bo:5,Cy:4, each name once (got {part!r})",
                    f"{SYSTEM}, Strict Period Structure",
                )
            )
        quotas[name.strip()] = value
    order: dict[str, str] = {}
    place = 1
    for group in initiative_order(quotas):
        names = ", ".join(f"{n} ({quotas[n]})" for n in group)
        tie = " tied: together if workable, else checks against Action Quota"
        order[str(place)] = names + (tie if len(group) > 1 else "")
        place += len(group)
    return order


def _calc_power(params: Mapping[str, str], command: str) -> object:
    _only(params, ("normal", "current", "held", *FUNCTIONS), command)
    chosen = [f for f in FUNCTIONS if f in params]
    if len(chosen) != 1:
        raise ValueError(
            refusal(
                f"{command} applies one function: give one of "
                f"{', '.join(f + '=' for f in FUNCTIONS)} with its amount",
                f"{SYSTEM}, Power Points",
            )
        )
    numbers = {
        key: _number(params, key, command, "Power Points")
        for key in ("normal", "current", "held", chosen[0])
        if key in params or key != "held"
    }
    points = PowerPoints(numbers["normal"], numbers["current"], numbers.get("held", 0))
    done = apply(points, chosen[0], numbers[chosen[0]])
    return {
        **({"met": done.ok} if chosen[0] == "need" else {}),
        "current": done.points.current,
        "held": done.points.held,
        "free": done.points.free,
        "said": done.said,
    }


def _prices(params: Mapping[str, str], key: str, rule: str) -> list[int]:
    """``tab=5,7``: each price, whole numbers (checked against the cost table later)."""
    text = params[key]
    prices = [whole_number(part) for part in text.split(",")]
    if any(p is None for p in prices):
        raise ValueError(
            refusal(
                f"{key}= is the price of each {key.upper() if key == 'tab' else key}, whole "
                f"numbers separated by commas, e.g. {key}=5,7 (got {text!r})",
                rule,
            )
        )
    return [p for p in prices if p is not None]


def _calc_progression(params: Mapping[str, str], command: str) -> object:
    """What purchases cost in Progression Points (Standard Cost Table), and what is left."""
    rule = "Progression Points"
    keys = ("earned", "health", "skill_points", "tab", "power", "karma")
    _only(params, keys, command)
    counts = {
        key: _number(params, key, command, rule) if key in params else 0
        for key in ("health", "skill_points", "power")
    }
    purchases = [
        *[Purchase("health")] * counts["health"],
        *[Purchase("skill_points", "any")] * counts["skill_points"],
        *[Purchase("power")] * counts["power"],
        *(
            Purchase("tab", price=p)
            for p in (_prices(params, "tab", f"{SYSTEM}, {rule}") if "tab" in params else [])
        ),
        *(
            Purchase("karma", price=p)
            for p in (_prices(params, "karma", f"{SYSTEM}, {rule}") if "karma" in params else [])
        ),
    ]
    if not purchases:
        raise ValueError(
            refusal(
                f"{command} needs something to buy: health=, skill_points=, tab=, power= or karma=",
                f"{SYSTEM}, {rule}",
            )
        )
    lines: dict[str, int] = {}
    names = {
        "health": "Health Point Increase",
        "skill_points": "Skill Point Purchase",
        "tab": "TAB",
        "power": "power",
        "karma": "karma",
    }
    for purchase in purchases:
        name = names[purchase.item]
        lines[name] = lines.get(name, 0) + purchase.cost
    spent = sum(lines.values())
    value: dict[str, object] = {**lines, "spent": spent}
    if "earned" in params:
        earned = _number(params, "earned", command, rule)
        if spent > earned:
            raise ValueError(
                refusal(
                    f"these purchases cost {spent} Progression Points; the character has {earned}",
                    f"{SYSTEM}, {rule}",
                )
            )
        value["left"] = earned - spent
    return value


def _calc_action_points(params: Mapping[str, str], command: str) -> object:
    """Round by round, the points each action gets (Action Quota; During an Agent's
    Initiative)."""
    rule = "Action Quota"
    _only(params, ("quota", "actions", "reserve"), command)
    quota = _number(params, "quota", command, rule)
    reserve = _number(params, "reserve", command, rule) if "reserve" in params else 0
    text = _needed(params, "actions", command)
    actions: list[tuple[str, int]] = []
    for number, part in enumerate(text.split(","), start=1):
        name, _, cost = part.rpartition(":")
        value = whole_number(cost)
        if value is None:
            raise ValueError(
                refusal(
                    "actions= is each action's cost, or its name and cost, e.g. "
                    f"actions=Draw:1,Shoot:2,Reload:4 (got {part!r})",
                    f"{SYSTEM}, {rule}",
                )
            )
        actions.append((name.strip() or f"action {number}", value))
    rounds = allot_action_points(quota, actions, reserve)
    said: dict[str, str] = {}
    for one in rounds:
        parts = [
            f"{a.action}: {a.points} point{'' if a.points == 1 else 's'} "
            + ("(done)" if a.finished else f"({a.paid} of {a.cost} so far)")
            for a in one.allotments
        ]
        extra = [f"{one.reserved} kept back for reactions"] if one.reserved else []
        extra += [f"{one.unused} unused"] if one.unused else []
        said[f"round {one.round}"] = "; ".join(parts + extra)
    return said


_CALCS: Final[Mapping[str, Callable[[Mapping[str, str], str], object]]] = {
    "health": _calc_health,
    "hp_increase": _calc_hp_increase,
    "recovery": _calc_recovery,
    "health_state": _calc_health_state,
    "action_quota": _calc_action_quota,
    "skill_base": _calc_skill_base,
    "adjust_cost": _calc_adjust_cost,
    "damage": _calc_damage,
    "adjust": _calc_adjust,
    "initiative": _calc_initiative,
    "power": _calc_power,
    "progression": _calc_progression,
    "action_points": _calc_action_points,
}


def calc(what: str, params: Mapping[str, str]) -> dict[str, object]:
    """A D10/0 value, ``{"value": ...}``: see :data:`CALC_HELP`.

    Probabilities in ``damage`` are :class:`~fractions.Fraction` (the command
    line prints them as ``str``); its ``mean`` is exact, with overflow the mean
    of the endless chain, while its ``distribution`` stops each chain after the
    tools' depth and reports ``beyond_cap``.
    """
    if what not in _CALCS:
        raise ValueError(
            refusal(f"calc d10-0 can calculate {', '.join(_CALCS)} (got {what!r})", SYSTEM)
        )
    return {"value": _CALCS[what](params, f"calc d10-0 {what}")}


__all__ = ["CALC_HELP", "CHECK_HELP", "calc", "check"]
