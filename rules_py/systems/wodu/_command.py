"""``rules-py check wodu`` and ``rules-py calc wodu`` (contract in :mod:`rules_py.systems`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from rules_py.systems._params import refusal, refuse_unknown_keys, whole_number
from rules_py.systems.wodu._common import SYSTEM, require_ability
from rules_py.systems.wodu.abilities import MAX_ABILITY, MIN_ABILITY
from rules_py.systems.wodu.character import MAX_LEVEL, max_hp, xp_to_next_level
from rules_py.systems.wodu.checks import DIFFICULTY_RATINGS, FUZZY_RANGES, dr_outcomes, fr_outcomes

_CHECK_KEYS: Final[tuple[str, ...]] = ("ability", "dr", "fr", "background")
_BOOLEANS: Final[Mapping[str, bool]] = MappingProxyType(
    {"yes": True, "true": True, "no": False, "false": False}
)
_CALC_KEYS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {"max_hp": ("level", "str"), "xp_to_next": ("level", "pace")}
)

CHECK_HELP: Final = "\n".join(
    [
        f"ability=A          the ability rating, {MIN_ABILITY} to +{MAX_ABILITY} (required)",
        "dr=N               a difficulty rating: a whole number or "
        + ", ".join(f"{name.lower()} ({dr})" for name, dr in DIFFICULTY_RATINGS.items()),
        "fr=LO-HI           or a fuzzy range of three totals: LO-HI or "
        + ", ".join(f"{name.lower()} ({lo}-{hi})" for name, (lo, hi) in FUZZY_RANGES.items()),
        "background=yes|no  a Background applies: 3d10, keep the highest two (default no)",
        "e.g. rules-py check wodu ability=2 fr=12-14 background=yes",
    ]
)
"""``rules-py check --help`` for this system: its keys, their ranges and an example."""

CALC_HELP: Final = "\n".join(
    [
        f"max_hp level=L str=S          Max HP at level 0 to {MAX_LEVEL}, "
        f"STR {MIN_ABILITY} to +{MAX_ABILITY}",
        f"xp_to_next level=L pace=P     XP for the next level, level 0 to {MAX_LEVEL - 1}, "
        "pace fast or slow",
        "e.g. rules-py calc wodu max_hp level=3 str=1",
    ]
)
"""``rules-py calc --help`` for this system: its calculations, their ranges and an example."""


def _whole_number(text: str, what: str, rule: str) -> int:
    """``text`` as a whole number such as ``2``, ``+2`` or ``-1`` (ValueError otherwise)."""
    number = whole_number(text)
    if number is None:
        raise ValueError(
            refusal(f"{what} must be a whole number (got {text!r})", f"{SYSTEM}, {rule}")
        )
    return number


def _only_keys(params: Mapping[str, str], allowed: tuple[str, ...], command: str) -> None:
    refuse_unknown_keys(params, allowed, command, SYSTEM)


def _needed(params: Mapping[str, str], key: str, command: str, rule: str) -> str:
    if key not in params:
        raise ValueError(refusal(f"{command} needs {key}=", f"{SYSTEM}, {rule}"))
    return params[key]


def _named_dr(text: str) -> int:
    """A DR given as a number (``12``) or by name (``risky``, any case)."""
    by_name = {name.lower(): dr for name, dr in DIFFICULTY_RATINGS.items()}
    if text.strip().lower() in by_name:
        return by_name[text.strip().lower()]
    try:
        return _whole_number(text, "the difficulty rating (dr=)", "Core Resolution")
    except ValueError:
        names = ", ".join(f"{name.lower()} ({dr})" for name, dr in DIFFICULTY_RATINGS.items())
        raise ValueError(
            refusal(
                f"dr= is a whole number or one of {names} (got {text!r})",
                f"{SYSTEM}, Core Resolution",
            )
        ) from None


def _named_fr(text: str) -> tuple[int, int]:
    """A FR given as ``LO-HI`` (``12-14``) or by name (``hard``, any case)."""
    by_name = {name.lower(): fr for name, fr in FUZZY_RANGES.items()}
    key = text.strip().lower()
    if key in by_name:
        return by_name[key]
    lo, sep, hi = key.replace("–", "-").partition("-")
    try:
        if not sep:
            raise ValueError
        return (
            _whole_number(lo, "the fuzzy range", "Core Resolution"),
            _whole_number(hi, "the fuzzy range", "Core Resolution"),
        )
    except ValueError:
        names = ", ".join(f"{name.lower()} ({lo}-{hi})" for name, (lo, hi) in FUZZY_RANGES.items())
        raise ValueError(
            refusal(
                f"fr= is LO-HI, e.g. fr=12-14, or one of {names} (got {text!r})",
                f"{SYSTEM}, Core Resolution",
            )
        ) from None


def check(params: Mapping[str, str]) -> dict[str, object]:
    """Exact odds of a check, for ``rules-py check wodu`` (2d10 WoDu Hack, Core Resolution).

    ``ability=A`` (-1 to +6) with exactly one of ``dr=N`` or ``fr=LO-HI``, and
    optionally ``background=yes|no`` (also true/false). The roll is 2d10 + ability,
    or with a Background that applies 3d10 keeping the highest two + ability.
    Against a difficulty rating (DR) the check succeeds on a total equal to the
    DR or more: ``{"outcomes": {"success", "failure"}}`` (see :func:`dr_outcomes`).
    Against a fuzzy range (FR) a total below LO fails, LO-HI is a weak success
    and above HI a strong success: ``{"outcomes": {"failure", "weak", "strong"}}``
    (see :func:`fr_outcomes`). ``dr`` and ``fr`` also take the names of the
    source's tables, in any case: ``dr=risky`` is DR:12, ``fr=hard`` is FR:12-14.
    Bad parameters raise ``ValueError`` naming the rule.
    """
    _only_keys(params, _CHECK_KEYS, "check wodu")
    ability = require_ability(
        _whole_number(
            _needed(params, "ability", "check wodu", "Core Resolution"),
            "the ability rating (ability=)",
            "Ability Ratings",
        ),
        "the ability rating (ability=)",
    )
    background_text = params.get("background", "no")
    if background_text.strip().lower() not in _BOOLEANS:
        raise ValueError(
            refusal(
                f"background= is yes or no (or true/false) (got {background_text!r})",
                f"{SYSTEM}, Background",
            )
        )
    background = _BOOLEANS[background_text.strip().lower()]
    if ("dr" in params) == ("fr" in params):
        raise ValueError(
            refusal(
                "a check is against a difficulty rating (dr=N) "
                "or a fuzzy range (fr=LO-HI): give exactly one",
                f"{SYSTEM}, Core Resolution",
            )
        )
    if "dr" in params:
        outcomes = dr_outcomes(ability, _named_dr(params["dr"]), background)
    else:
        lo, hi = _named_fr(params["fr"])
        outcomes = fr_outcomes(ability, lo, hi, background)
    return {"outcomes": outcomes}


def calc(what: str, params: Mapping[str, str]) -> dict[str, object]:
    """A derived value, for ``rules-py calc wodu WHAT`` (2d10 WoDu Hack, Advancement).

    * ``max_hp level=L str=S``: Max HP, the "HP Max" column + STR (see :func:`max_hp`;
      Level 0 is 5 + STR, Level L from 1 on is L + 10 + STR).
    * ``xp_to_next level=L pace=fast|slow``: XP for the next level, 10 (fast) or
      15 (slow) (see :func:`xp_to_next_level`).

    Returns ``{"value": int}``; bad parameters raise ``ValueError`` naming the rule.
    """
    if what not in _CALC_KEYS:
        raise ValueError(
            refusal(f"calc wodu can calculate {', '.join(_CALC_KEYS)} (got {what!r})", SYSTEM)
        )
    command = f"calc wodu {what}"
    _only_keys(params, _CALC_KEYS[what], command)
    level = _whole_number(
        _needed(params, "level", command, "Advancement"), "the level (level=)", "Advancement"
    )
    if what == "max_hp":
        strength = _whole_number(
            _needed(params, "str", command, "Character Generation"),
            "STR (str=)",
            "Ability Ratings",
        )
        return {"value": max_hp(level, strength)}
    pace = _needed(params, "pace", command, "Advancement").strip().lower()
    if pace == "fast":
        return {"value": xp_to_next_level(level, "fast")}
    if pace == "slow":
        return {"value": xp_to_next_level(level, "slow")}
    raise ValueError(f'{SYSTEM}, Advancement: pace= is "fast" or "slow" (got {params["pace"]!r})')
