"""``rules-py check peupfudge`` and ``rules-py calc peupfudge``.

The contract is in :mod:`rules_py.systems`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules_py.systems._params import unknown_keys, whole_number
from rules_py.systems.peupfudge._common import MAX_DICE, MIN_DICE, check_dice
from rules_py.systems.peupfudge.actions import (
    DEFAULT_ACTION_DICE,
    DEFAULT_OPPOSED_DICE,
    action_outcomes,
    opposed_vs,
)
from rules_py.systems.peupfudge.characters import MAX_UNMODIFIED_LEVEL, allocate_xp

_CHECK_KEYS: tuple[str, ...] = ("L", "A", "D", "vs", "dice")
"""Keys of ``rules-py check peupfudge``, case-sensitive, in the source's letters."""

_CALC_CHOICES: tuple[str, ...] = ("allocate",)
"""What ``rules-py calc peupfudge`` can calculate."""

_ALLOCATE_KEYS: tuple[str, ...] = ("xp", "level", "progress")
"""Keys of ``rules-py calc peupfudge allocate``."""

CHECK_HELP = "\n".join(
    [
        "L=l     the ability level, any whole number (required; keys are case-sensitive)",
        "A=a     additional character factors, any whole number (default 0)",
        "D=d     an action's difficulty, any whole number: success when L + A + R >= D",
        "vs=T    or an opposed action against one participant whose L + A is T, any whole number",
        f"dice=N  fudge dice in R, {MIN_DICE} to {MAX_DICE} "
        f"(default {DEFAULT_ACTION_DICE} with D, {DEFAULT_OPPOSED_DICE} with vs)",
        "e.g. rules-py check peupfudge L=2 A=0 D=3",
    ]
)
"""``rules-py check --help`` for this system: its keys, their ranges and an example."""

CALC_HELP = "\n".join(
    [
        "allocate xp=X [level=L] [progress=P]  spend X XP (0 or more) on an ability at "
        f"unmodified level L (0 to {MAX_UNMODIFIED_LEVEL}, default 0) with P XP recorded "
        "(0 to 2**L - 1, default 0)",
        "e.g. rules-py calc peupfudge allocate xp=7 level=6 progress=22",
    ]
)
"""``rules-py calc --help`` for this system: its calculations, their ranges and an example."""


def _reject_unknown(params: Mapping[str, str], allowed: Sequence[str], usage: str) -> None:
    unknown = unknown_keys(params, allowed)
    if unknown:
        raise ValueError(
            f"unknown key {unknown[0]!r} for {usage}: "
            f"choose from {', '.join(allowed)} (keys are case-sensitive)"
        )


def _int_param(params: Mapping[str, str], key: str, meaning: str, default: int) -> int:
    text = params.get(key)
    if text is None:
        return default
    number = whole_number(text)
    if number is None or text != text.strip():
        raise ValueError(f"{key} ({meaning}) must be a whole number, got {text!r}")
    return number


def check(params: Mapping[str, str]) -> dict[str, object]:
    """Exact odds of an action, or of a two-sided opposed action, from ``key=value`` words.

    * ``L=l A=a D=d [dice=N]`` -- Peupfudge, 2 Actions: success when
      ``L + A + R >= D`` with ``R = NdF``, 4dF by default
      (:func:`action_outcomes`); answers ``success`` and ``failure``.
    * ``L=l A=a vs=T [dice=N]`` -- Peupfudge, 2 Opposed Actions: against one
      participant whose ``L + A`` is ``T``; both roll ``NdF``, 3dF by default,
      and equal totals are a tie (:func:`opposed_vs`); answers ``win``,
      ``tie`` and ``lose``.

    ``L`` is required, ``A`` defaults to 0, exactly one of ``D`` and ``vs`` is
    given, and ``dice`` is 1 to 9 (the tools' range, Appendix D). Keys are
    case-sensitive. Bad input raises ``ValueError``. Returns
    ``{"outcomes": {name: Fraction}}``.
    """
    _reject_unknown(params, _CHECK_KEYS, "peupfudge check")
    if "L" not in params:
        raise ValueError(
            "L (ability level) is required: an action succeeds when L + A + R >= D "
            "(Peupfudge, 2 Actions)"
        )
    has_d, has_vs = "D" in params, "vs" in params
    if has_d == has_vs:
        raise ValueError(
            "give exactly one of D (difficulty, Peupfudge 2 Actions) or vs "
            "(the opponent's L + A, Peupfudge 2 Opposed Actions)" + (", not both" if has_d else "")
        )
    level = _int_param(params, "L", "ability level", 0)
    additional = _int_param(params, "A", "additional character factors", 0)
    default_dice = DEFAULT_ACTION_DICE if has_d else DEFAULT_OPPOSED_DICE
    dice = _int_param(params, "dice", "number of fudge dice", default_dice)
    check_dice(dice)
    if has_d:
        difficulty = _int_param(params, "D", "difficulty", 0)
        return {"outcomes": action_outcomes(level, additional, difficulty, dice)}
    opponent = _int_param(params, "vs", "opponent's L + A", 0)
    return {"outcomes": opposed_vs(level + additional, opponent, dice)}


def calc(what: str, params: Mapping[str, str]) -> dict[str, object]:
    """A Peupfudge value from ``key=value`` words; ``what`` names the calculation.

    * ``allocate xp=X [level=L] [progress=P]`` -- Peupfudge, 1.1 Abilities:
      spend ``X`` XP on an ability at unmodified level ``L`` (default 0) with
      ``P`` XP already recorded (default 0); each level-up costs
      ``2 ** level`` (:func:`allocate_xp`). Example 1: Construction Magic 6
      with 22 progress and 7 XP gives level 6, progress 29, next cost 64.
      Answers ``{"value": {"level": int, "progress": int, "next_cost": int}}``.

    Bad input (an unknown ``what`` or key, a missing or non-integer value, an
    out-of-range level, progress or XP) raises ``ValueError``.
    """
    if what not in _CALC_CHOICES:
        raise ValueError(
            f"unknown peupfudge calculation {what!r}: choose from {', '.join(_CALC_CHOICES)}"
        )
    _reject_unknown(params, _ALLOCATE_KEYS, "peupfudge calc allocate")
    if "xp" not in params:
        raise ValueError("xp is required: the XP to allocate (Peupfudge, 1.1 Abilities)")
    xp = _int_param(params, "xp", "XP to allocate", 0)
    level = _int_param(params, "level", "unmodified ability level", 0)
    progress = _int_param(params, "progress", "XP already recorded", 0)
    result = allocate_xp(xp, level, progress)
    return {
        "value": {
            "level": result.level,
            "progress": result.progress,
            "next_cost": result.next_cost,
        }
    }
