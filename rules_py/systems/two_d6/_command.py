"""``rules-py check 2d6`` and ``rules-py calc 2d6`` (contract in :mod:`rules_py.systems`)."""

from __future__ import annotations

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
from rules_py.systems.two_d6._common import SYSTEM, require_range
from rules_py.systems.two_d6.builder import ITEM_KINDS, ItemPick, item_allowance, item_problems
from rules_py.systems.two_d6.character import (
    death_save_chance,
    expected_healing_days,
    heal_dc,
    healing_days,
    initiative,
    resolve,
    skill_cost,
    starting_xp,
    stat_cost,
    wounds,
)
from rules_py.systems.two_d6.checks import (
    MAX_BONUS,
    MAX_DC,
    MIN_DC,
    CheckOdds,
    check_odds,
    cinematic_chance,
    label,
    parse_dc,
)
from rules_py.systems.two_d6.combat import MAX_PARTY, combat_odds, initiative_first
from rules_py.systems.two_d6.items import ARMOUR_NAMES, armour
from rules_py.systems.two_d6.magic import (
    cast_dc,
    cast_outcomes,
    combat_cast_totals,
    mass_spell_exempt,
    spell,
    spell_dc,
    spell_xp,
)

_DC_NAMES: Final = "easy, average, difficult, professional, exceptional, legendary"
_ARMOURS: Final = "|".join(ARMOUR_NAMES)

CHECK_HELP: Final = f"""\
bonus=B            stat + skill ranks, 0 to {MAX_BONUS}
dc=D               {MIN_DC} to {MAX_DC}, or a name: {_DC_NAMES}
aim=yes|no         roll twice, keep the higher (Aiming; in combat the attacker); default no
take7=yes|no       count the roll as a 7, no cinematic (Taking 7); default no
helpers=B,B        bonuses of the characters aiding: one DC step lower each, not below 7
armor=A            {_ARMOURS}: on a check, Agility in armour (DC up 1, 2 or 3 steps);
                   in combat, the defender's armour (rerolls a natural 2, 2-3 or 2-4)
acrobat=yes|no     Armored Acrobat: no DC step for light armour; default no
attack=A defend=D  combat instead of bonus= and dc=: each 0 to {MAX_BONUS}; ties go to the defender
proficient=yes|no  in combat, the defender has Armor Proficiency; default no
cast=yes           casting: bonus= is Resolve, dc= a DC or a sample spell's name;
                   targets=N with Mass Spell (one DC step each past the first;
                   none for Ward, Natural Phenomenon and Create, which have no targets);
                   combat=yes for a spell that attacks or defends: the opposed roll's totals
e.g. rules-py check 2d6 bonus=4 dc=difficult"""
"""One line per key of ``rules-py check 2d6``, then an example."""

CALC_HELP: Final = f"""\
stat_cost bonus=B              stat points to reach +B from +0, B 0 to 5 (1, 3, 6, 10, 15)
skill_cost ranks=R             XP to reach R ranks in a skill, R 0 to 5
starting_xp unspent=N          15 + stat points left unspent (N 0 or more)
wounds tou=T [extra_wound=yes] [lost_limbs=N]  3 + Toughness (T 0 to 5)
resolve tou=T wil=W            Toughness + Willpower (each 0 to 5)
initiative agi=A per=P         Agility + Perception (each 0 to 5)
heal_dc wounds_lost=W          the heal check's DC: 7, +2 a further wound, at most 17 (W 1 or more)
healing wounds_lost=W [healer=B] [rested=no]  chance of each number of days to heal (W 0-30)
death_save resolve=R           chance of passing the DC 5 Resolve check at 0 wounds
spell_xp dc=D                  a spell's XP from its DC: 7, 9, 11, 13, 15 or 17 (or its name)
label bonus=B dc=D             the difficulty chart's label: cannot fail ... impossible
first bonuses=B,B,...          each character's chance of acting first (1 to {MAX_PARTY})
starting_items [rich=yes] [special=N mundane=N money=N]  the fast method's items: 1 special
                               (2 with Rich) and 10 mundane slots, kept or spent on money
e.g. rules-py calc 2d6 heal_dc wounds_lost=3"""
"""One line per calculation of ``rules-py calc 2d6``, then an example."""


def _only(params: Mapping[str, str], allowed: tuple[str, ...], command: str) -> None:
    refuse_unknown_keys(params, allowed, command, SYSTEM)


def _needed(params: Mapping[str, str], key: str, command: str) -> str:
    return needed(params, key, command, SYSTEM)


def _number(params: Mapping[str, str], key: str, command: str, rule: str) -> int:
    return number_param(params, key, command, f"{SYSTEM}, {rule}", SYSTEM)


def _numbers(text: str, key: str, rule: str) -> list[int]:
    numbers = [whole_number(part) for part in text.split(",")]
    if any(n is None for n in numbers):
        raise ValueError(
            refusal(
                f"{key}= is whole numbers separated by commas, e.g. 3,2 (got {text!r})",
                f"{SYSTEM}, {rule}",
            )
        )
    return [n for n in numbers if n is not None]


def _flag(params: Mapping[str, str], key: str, rule: str, default: str = "no") -> bool:
    return yes_no(params, key, f"{SYSTEM}, {rule}", default)


def _armour(params: Mapping[str, str]) -> str:
    return armour(params.get("armor", "none")).name


def check(params: Mapping[str, str]) -> dict[str, object]:
    """Exact odds of a check, an exchange of blows or a casting: see :data:`CHECK_HELP`.

    * ``bonus= dc=``: ``success``/``failure``, with ``cinematic`` (a natural
      12), ``difficulty`` (the word of Running the Game's difficulty-by-bonus chart,
      said as such) and the ``dc`` rolled against.
    * ``attack= defend=``: ``defender``, ``margin_1``, ``margin_5``,
      ``margin_10``, with ``defender_by_5`` and each side's cinematic.
    * ``cast=yes bonus= dc=``: ``success``, ``fizzle``, ``wild``, with ``cinematic``.
    """
    if "attack" in params or "defend" in params:
        return _check_combat(params)
    if _flag(params, "cast", "Magic"):
        return _check_cast(params)
    command = "check 2d6"
    _only(params, ("bonus", "dc", "aim", "take7", "helpers", "armor", "acrobat", "cast"), command)
    bonus = _number(params, "bonus", command, "The Basics")
    dc = parse_dc(_needed(params, "dc", command))
    helpers = _numbers(params["helpers"], "helpers", "Aiding Others") if "helpers" in params else []
    odds = check_odds(
        bonus,
        dc,
        aim=_flag(params, "aim", "Combat, Aiming"),
        take7=_flag(params, "take7", "Taking 7"),
        helpers=helpers,
        armour=_armour(params),
        armored_acrobat=_flag(params, "acrobat", "Talents, Armored Acrobat"),
    )
    result: dict[str, object] = {
        "outcomes": odds.outcomes(),
        "cinematic": odds.cinematic,
        "difficulty": _difficulty(odds),
        "dc": odds.dc if odds.dc is not None else "impossible",
    }
    if odds.warnings:
        result["warnings"] = list(odds.warnings)
    return result


def _difficulty(odds: CheckOdds) -> str:
    """The difficulty-by-bonus chart's word for a check, said as what it is (Running the Game):
    ``"average, the difficulty-by-bonus chart's word for DC 11 at +4 (Running the Game)"``."""
    if odds.dc is None:
        return f"{odds.label}, as the armour puts DC {odds.asked_dc} past Legendary (Items, Armor)"
    return (
        f"{odds.label}, the difficulty-by-bonus chart's word for DC {odds.dc} at +{odds.bonus} "
        "(Running the Game)"
    )


def _check_combat(params: Mapping[str, str]) -> dict[str, object]:
    command = "check 2d6 attack= defend="
    _only(params, ("attack", "defend", "armor", "proficient", "aim"), command)
    odds = combat_odds(
        _number(params, "attack", command, "Combat, Roll Mechanics"),
        _number(params, "defend", command, "Combat, Roll Mechanics"),
        _armour(params),
        _flag(params, "proficient", "Talents, Armor Proficiency"),
        _flag(params, "aim", "Combat, Aiming"),
    )
    return {
        "outcomes": odds.outcomes(),
        "defender_by_5": odds.defender_by_5,
        "attacker_cinematic": odds.attacker_cinematic,
        "defender_cinematic": odds.defender_cinematic,
    }


def _check_cast(params: Mapping[str, str]) -> dict[str, object]:
    command = "check 2d6 cast=yes"
    _only(params, ("cast", "bonus", "dc", "aim", "targets", "combat"), command)
    aim = _flag(params, "aim", "Combat, Aiming")
    resolve = _number(params, "bonus", command, "Magic")
    spell = _needed(params, "dc", command)
    dc = spell_dc(spell)
    note: dict[str, object] = {}
    if "targets" in params:
        targets = _number(params, "targets", command, "Talents, Mass Spell")
        dc = cast_dc(spell, targets)
        exempt = mass_spell_exempt(spell)
        if exempt and targets > 1:
            alone = f"Mass Spell leaves {spell_name(spell)} alone, as {exempt}"
            note = {"mass_spell": f"no DC step: {alone}"}
    if _flag(params, "combat", "Magic"):
        totals = combat_cast_totals(resolve, dc, aim)
        works = sum((p for t, p in totals.items() if t >= dc), Fraction(0))
        return {
            "outcomes": {"spell_works": works, "spell_fails": 1 - works},
            "dc": dc,
            "totals": {str(total): p for total, p in totals.items()},
            **note,
        }
    return {
        "dc": dc,
        "outcomes": cast_outcomes(resolve, dc, aim),
        "cinematic": cinematic_chance(aim),
        **note,
    }


def spell_name(name: str) -> str:
    """A sample spell's name as the source spells it ("ward" is "Ward")."""
    return spell(name).name


def _ints(params: Mapping[str, str], command: str, rule: str, *keys: str) -> list[int]:
    _only(params, keys, command)
    return [_number(params, key, command, rule) for key in keys]


def _calc_stat_cost(params: Mapping[str, str], command: str) -> object:
    return stat_cost(*_ints(params, command, "Stats", "bonus"))


def _calc_skill_cost(params: Mapping[str, str], command: str) -> object:
    return skill_cost(*_ints(params, command, "Skills", "ranks"))


def _calc_starting_xp(params: Mapping[str, str], command: str) -> object:
    return starting_xp(*_ints(params, command, "Stats", "unspent"))


def _calc_wounds(params: Mapping[str, str], command: str) -> object:
    _only(params, ("tou", "extra_wound", "lost_limbs"), command)
    lost = _number(params, "lost_limbs", command, "Combat") if "lost_limbs" in params else 0
    return wounds(
        _number(params, "tou", command, "Combat, Wounds"),
        _flag(params, "extra_wound", "Talents, Extra Wound"),
        lost,
    )


def _calc_resolve(params: Mapping[str, str], command: str) -> object:
    return resolve(*_ints(params, command, "Stats, Resolve and Initiative", "tou", "wil"))


def _calc_initiative(params: Mapping[str, str], command: str) -> object:
    return initiative(*_ints(params, command, "Stats, Resolve and Initiative", "agi", "per"))


def _calc_heal_dc(params: Mapping[str, str], command: str) -> object:
    return heal_dc(*_ints(params, command, "Combat, Healing", "wounds_lost"))


def _calc_healing(params: Mapping[str, str], command: str) -> object:
    _only(params, ("wounds_lost", "healer", "rested"), command)
    lost = _number(params, "wounds_lost", command, "Combat, Healing")
    healer = _number(params, "healer", command, "Combat, Healing") if "healer" in params else None
    rested = _flag(params, "rested", "Combat, Healing", "yes")
    return {
        "days": [[days, p] for days, p in healing_days(lost, healer, rested).items()],
        "mean": expected_healing_days(lost, healer, rested),
    }


def _calc_death_save(params: Mapping[str, str], command: str) -> object:
    return death_save_chance(*_ints(params, command, "Combat, Wounds", "resolve"))


def _calc_spell_xp(params: Mapping[str, str], command: str) -> object:
    _only(params, ("dc",), command)
    return spell_xp(parse_dc(_needed(params, "dc", command)))


def _calc_label(params: Mapping[str, str], command: str) -> object:
    _only(params, ("bonus", "dc"), command)
    return label(
        _number(params, "bonus", command, "Running the Game"),
        parse_dc(_needed(params, "dc", command)),
    )


def _calc_starting_items(params: Mapping[str, str], command: str) -> object:
    _only(params, ("rich", "special", "mundane", "money"), command)
    rich = _flag(params, "rich", "Talents, Rich")
    special, mundane = item_allowance(rich)
    counts = {
        kind: require_range(
            _number(params, kind, command, "Items, Starting Items") if kind in params else 0,
            f"{kind}=",
            "Items, Starting Items",
            0,
        )
        for kind in ITEM_KINDS
    }
    items = [ItemPick(kind, kind) for kind, n in counts.items() for _ in range(n)]
    problems = item_problems(items, "fast", rich)
    if problems:
        raise ValueError(problems[0])
    answer: dict[str, object] = {
        "special_items": special,
        "mundane_slots": mundane,
        "money_per_slot": "twice the GM's sum" if rich else "the GM's sum",
    }
    if any(kind in params for kind in ITEM_KINDS):
        answer["left"] = {
            "special": special - counts["special"],
            "mundane": mundane - counts["mundane"] - counts["money"],
        }
    return answer


def _calc_first(params: Mapping[str, str], command: str) -> object:
    _only(params, ("bonuses",), command)
    bonuses = _numbers(_needed(params, "bonuses", command), "bonuses", "Combat, Initiative")
    return list(initiative_first(bonuses))


_CALCS: Final[Mapping[str, Callable[[Mapping[str, str], str], object]]] = {
    "stat_cost": _calc_stat_cost,
    "skill_cost": _calc_skill_cost,
    "starting_xp": _calc_starting_xp,
    "wounds": _calc_wounds,
    "resolve": _calc_resolve,
    "initiative": _calc_initiative,
    "heal_dc": _calc_heal_dc,
    "healing": _calc_healing,
    "death_save": _calc_death_save,
    "spell_xp": _calc_spell_xp,
    "label": _calc_label,
    "first": _calc_first,
    "starting_items": _calc_starting_items,
}


def calc(what: str, params: Mapping[str, str]) -> dict[str, object]:
    """A [2d6] value, ``{"value": ...}``: see :data:`CALC_HELP`.

    Chances (``healing``, ``death_save``, ``first``) are exact
    :class:`~fractions.Fraction` values (the command line prints them as ``str``).
    """
    if what not in _CALCS:
        raise ValueError(
            refusal(f"calc 2d6 can calculate {', '.join(_CALCS)} (got {what!r})", SYSTEM)
        )
    return {"value": _CALCS[what](params, f"calc 2d6 {what}")}


__all__ = ["CALC_HELP", "CHECK_HELP", "calc", "check"]
