"""``rules-py check danger-world`` and ``rules-py calc danger-world`` (contract in
:mod:`rules_py.systems`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Final

from rules_py._format import percent
from rules_py.systems._params import bounds, needed, refusal, refuse_unknown_keys, whole_number
from rules_py.systems.danger_world._common import FACES, MAX_POOL, SYSTEM
from rules_py.systems.danger_world.danger_track import zone
from rules_py.systems.danger_world.pools import (
    DIFFICULTIES,
    MAX_MODIFIED_DIFFICULTY,
    MIN_MODIFIED_DIFFICULTY,
    Die,
    outcomes,
)
from rules_py.systems.danger_world.rerolls import ROUNDS, advice, success_chance, success_odds

_NAMES: Final = ", ".join(DIFFICULTIES.values())

CHECK_HELP: Final = f"""\
dice=N          dice that reroll and make sets (normal and danger dice), 1 to {MAX_POOL}
difficulty=D    2 to 6 or {_NAMES}; 1 reads as 2, 7 fails
rerolls=R       reroll rounds, each played at its best: 0, 1 or 2 (default 2)
threat=T        threat dice, 0 to {MAX_POOL} - N: never rerolled nor in a set, so no change
e.g. rules-py check danger-world dice=6 difficulty=3 rerolls=2"""
"""One line per key of ``rules-py check danger-world``, then an example."""

CALC_HELP: Final = f"""\
advice roll=F,.. difficulty=D [rounds=R]  best keeps of 1-{MAX_POOL} faces 1-6; rounds left 1|2 (2)
odds dice=N                 success by difficulty 2-6 with 0, 1, 2 rerolls, N 0-{MAX_POOL}
outcome roll=F,.. difficulty=D [danger=F,..] [threat=F,..]  each set or none: result, bonus, botches
zone level=L                a danger level's zone, L 1 or more: rank, levels, danger dice
e.g. rules-py calc danger-world advice roll=1,3,3,5,6 difficulty=3"""
"""One line per calculation of ``rules-py calc danger-world``, then an example."""


def _only(params: Mapping[str, str], allowed: tuple[str, ...], command: str) -> None:
    refuse_unknown_keys(params, allowed, command, SYSTEM)


def _needed(params: Mapping[str, str], key: str, command: str) -> str:
    return needed(params, key, command, SYSTEM)


def _number(
    params: Mapping[str, str], key: str, command: str, rule: str, lo: int, hi: int | None
) -> int:
    text = _needed(params, key, command)
    number = whole_number(text)
    if number is None or number < lo or (hi is not None and number > hi):
        raise ValueError(
            f"{key}= must be a whole number {bounds(lo, hi)}, got {text!r} ({SYSTEM}, {rule})"
        )
    return number


def _difficulty(params: Mapping[str, str], command: str) -> int:
    text = _needed(params, "difficulty", command)
    for d, name in DIFFICULTIES.items():
        if text.strip().lower() == name:
            return d
    if whole_number(text) is None:
        named = ", ".join(f"{name} ({d})" for d, name in DIFFICULTIES.items())
        raise ValueError(
            refusal(
                "difficulty= must be a whole number from "
                f"{MIN_MODIFIED_DIFFICULTY} to {MAX_MODIFIED_DIFFICULTY} or one of {named} "
                f"(got {text!r})",
                f"{SYSTEM}, Dice Mechanics",
            )
        )
    return _number(
        params,
        "difficulty",
        command,
        "Dice Mechanics",
        MIN_MODIFIED_DIFFICULTY,
        MAX_MODIFIED_DIFFICULTY,
    )


def _faces(params: Mapping[str, str], key: str, command: str, lo: int) -> list[int]:
    text = params.get(key, "") if lo == 0 else _needed(params, key, command)
    parts = text.split(",") if text.strip() else []
    if any(not p.strip() for p in parts):
        raise ValueError(
            refusal(
                f"{key}= has a missing face (got {text!r}): list the "
                f"faces shown, 1 to {FACES}, separated by commas, e.g. {key}=1,3,3,5,6",
                f"{SYSTEM}, Dice Mechanics",
            )
        )
    faces = [whole_number(p) for p in parts]
    if any(f is None or not 1 <= f <= FACES for f in faces) or not lo <= len(faces) <= MAX_POOL:
        raise ValueError(
            refusal(
                f"{key}= lists the faces shown, 1 to {FACES}, separated by "
                f"commas, e.g. {key}=1,3,3,5,6 ({lo} to {MAX_POOL} dice; got {text!r})",
                f"{SYSTEM}, Dice Mechanics",
            )
        )
    return [f for f in faces if f is not None]


def check(params: Mapping[str, str]) -> dict[str, object]:
    """The chance of success of a check played with the best rerolls: see :data:`CHECK_HELP`."""
    command = "check danger-world"
    _only(params, ("dice", "difficulty", "rerolls", "threat"), command)
    dice = _number(params, "dice", command, "Dice Mechanics", 1, MAX_POOL)
    difficulty = _difficulty(params, command)
    rerolls = (
        _number(params, "rerolls", command, "Dice Mechanics", 0, ROUNDS)
        if "rerolls" in params
        else ROUNDS
    )
    if "threat" in params:
        _number(params, "threat", command, "Special Dice", 0, MAX_POOL - dice)
    p = success_chance(dice, difficulty, rerolls)
    return {"outcomes": {"success": p, "failure": 1 - p}}


def _calc_advice(params: Mapping[str, str], command: str) -> object:
    _only(params, ("roll", "difficulty", "rounds"), command)
    roll = _faces(params, "roll", command, 1)
    difficulty = _difficulty(params, command)
    rounds = (
        _number(params, "rounds", command, "Dice Mechanics", 1, ROUNDS)
        if "rounds" in params
        else ROUNDS
    )
    result = advice(roll, difficulty, rounds)
    return {
        "success": result.success,
        "optimal": [{"keep": list(k.keep), "reroll": list(k.reroll)} for k in result.optimal],
    }


def _calc_odds(params: Mapping[str, str], command: str) -> object:
    _only(params, ("dice",), command)
    dice = _number(params, "dice", command, "Dice Mechanics", 0, MAX_POOL)
    return {
        str(d): {str(r): p for r, p in enumerate(chances)}
        for d, chances in success_odds(dice).items()
    }


def _calc_outcome(params: Mapping[str, str], command: str) -> object:
    _only(params, ("roll", "difficulty", "danger", "threat"), command)
    roll = [Die(f) for f in _faces(params, "roll", command, 1)]
    roll += [Die(f, "danger") for f in _faces(params, "danger", command, 0)]
    roll += [Die(f, "threat") for f in _faces(params, "threat", command, 0)]
    if len(roll) > MAX_POOL:
        raise ValueError(
            refusal(f"the tools read at most {MAX_POOL} dice", f"{SYSTEM}, Dice Mechanics")
        )
    difficulty = _difficulty(params, command)
    return {
        "choices": [
            {
                "set": o.height,
                "result": o.result,
                "bonus_dice": o.bonus_dice,
                "botches": {
                    "normal": o.botches.normal,
                    "danger": o.botches.danger,
                    "threat": o.botches.threat,
                    "total": o.botches.total,
                },
                "danger_change": o.danger_change,
            }
            for o in outcomes(roll, difficulty)
        ]
    }


def _calc_zone(params: Mapping[str, str], command: str) -> object:
    _only(params, ("level",), command)
    z = zone(_number(params, "level", command, "The Danger Track", 1, None))
    return {"zone": z.rank, "levels": z.levels, "danger_dice": z.danger_dice}


_CALCS: Final[Mapping[str, Callable[[Mapping[str, str], str], object]]] = {
    "advice": _calc_advice,
    "odds": _calc_odds,
    "outcome": _calc_outcome,
    "zone": _calc_zone,
}


def _faces_text(faces: object) -> str:
    return ", ".join(map(str, faces)) if isinstance(faces, list) and faces else "nothing"


def _advice_text(value: Mapping[str, Any]) -> list[str]:
    """``success`` as a chance, then each best keep on a line of its own."""
    success: Fraction = value["success"]
    keeps = [
        f"  keep {_faces_text(k['keep'])} and reroll {_faces_text(k['reroll'])}"
        for k in value["optimal"]
    ]
    return [f"success  {percent(success)}  ({success})", "best keeps:", *keeps]


def _outcome_text(value: Mapping[str, Any]) -> list[str]:
    """Each choice of set (then no set) on a line of its own."""
    lines = ["choices:"]
    for c in value["choices"]:
        b = c["botches"]
        name = "no set" if c["set"] is None else f"set of {c['set']}"
        lines.append(
            f"  {name}: {c['result']}; bonus dice {c['bonus_dice']}; botches {b['total']} "
            f"(normal {b['normal']}, danger {b['danger']}, threat {b['threat']}); "
            f"danger level +{c['danger_change']}"
        )
    return lines


_TEXTS: Final[Mapping[str, Callable[[Mapping[str, Any]], list[str]]]] = {
    "advice": _advice_text,
    "outcome": _outcome_text,
}


def calc_text(what: str, value: object) -> list[str] | None:
    """The lines ``rules-py calc danger-world`` prints without ``--json`` for ``what``'s
    value, where the command line's own printing would show JSON (issue 32); ``None``
    leaves the value to it."""
    shown = _TEXTS.get(what)
    return shown(value) if shown is not None and isinstance(value, Mapping) else None


def calc(what: str, params: Mapping[str, str]) -> dict[str, object]:
    """A Danger World value, ``{"value": ...}``: see :data:`CALC_HELP`."""
    if what not in _CALCS:
        raise ValueError(
            refusal(f"calc danger-world can calculate {', '.join(_CALCS)} (got {what!r})", SYSTEM)
        )
    return {"value": _CALCS[what](params, f"calc danger-world {what}")}


__all__ = ["CALC_HELP", "CHECK_HELP", "calc", "calc_text", "check"]
