"""The D10/0 System's GM page (``/d10-0/gm/``, issue 30): the party's Health and Action
Quota, quick NPCs with their Health boxes, checks and weapon, and the initiative order.

Every number comes from :mod:`rules_py.systems.d10_0`: Normal Health and its states
(Health, The Health Range), the Action Quota (Actions, Action Quota), the initiative
order and its tie checks (Action Quota and Timing, Strict Period Structure), a check's
exact chance (Actions, Degrees and Difficulty) and damage (DAT, Damage). The table itself
(parties, NPCs, turns) is the shared toolkit's (:mod:`rules_py.widgets._gm`).

Readings (stated in the GM page's Source notes): an NPC is a quick stat line, its
Action Quota and Normal Health given as numbers rather than worked out from its
attributes; its Health is kept as the Health Points it has lost, ticked state by state
as a sheet's Health boxes are; the tie checks are always rolled, so that the order is
one line (tied characters may still act together where the GM finds it workable).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules_py.systems import d10_0
from rules_py.systems.d10_0.checks import MAX_SCORE
from rules_py.systems.d10_0.damage import DAMAGE_EXAMPLES, DamageError
from rules_py.systems.d10_0.timing import MAX_TABLE_AGENTS, TieCheck, roll_ties
from rules_py.views import View
from rules_py.widgets._blocks import Block, CheckRow, rolled
from rules_py.widgets._fields import Choice, Field, Flag, Number, Text
from rules_py.widgets._gm import gm_widget
from rules_py.widgets._table import Combatant, Placed, Stats, TableRules
from rules_py.widgets._widget import Values
from rules_py.widgets.d10_0._character import (
    BUILDER,
    MAX_ATTRIBUTE_FIELD,
    MAX_HEALTH,
    STORE,
    SYSTEM,
    SheetCheck,
    character_input,
    check_row,
    health_tracks,
)
from rules_py.widgets.d10_0._common import (
    difficulty,
    difficulty_field,
    difficulty_text,
    rolled_check,
)
from rules_py.widgets.d10_0._damage import damage_parts

# --------------------------------------------------------------------------
# The party: what a GM asks of a member
# --------------------------------------------------------------------------


def party_line(values: Values) -> str:
    """A member's Current Health against Normal with its state (Health, The Health Range)
    and the Action Quota its initiative and action points go by (Actions, Action Quota).
    The sheet keeps no spent action points: the quota is refilled at each initiative."""
    try:
        sheet = d10_0.build_character(character_input(values))
    except ValueError as broken:
        return f"The sheet cannot be read: {broken}"
    current, normal = values["current_health"], sheet.normal_health
    health = f"Current Health {current} of Normal {normal}"
    if normal >= 1:
        health += f": {d10_0.health_state(current, normal)}"
    return f"{health}. Action Quota {sheet.action_quota}."


# --------------------------------------------------------------------------
# A quick NPC: its stat line, Health boxes, checks and weapon
# --------------------------------------------------------------------------

_ATTRIBUTE_OPTIONS = tuple(
    (a.abbreviation, f"{a.abbreviation} ({a.name})") for a in d10_0.ATTRIBUTES
)
_WEAPON_OPTIONS = tuple((e.notation, e.threat) for e in DAMAGE_EXAMPLES)
"""The guide's Damage Examples, offered as the GM types a weapon (any notation goes)."""

NPC_FIELDS: tuple[Field, ...] = (
    Number(
        "quota",
        "Action Quota",
        5,
        0,
        MAX_ATTRIBUTE_FIELD,
        hint="Its initiative: (AG + FO) / 2, rounded down.",
    ),
    Number(
        "normal",
        "Normal Health",
        d10_0.normal_health(5, 5),
        1,
        MAX_HEALTH,
        hint="(EN + SP) / 2 × 10: 50 for EN 5 and SP 5.",
    ),
    Number(
        "lost",
        "Health Points lost",
        0,
        0,
        2 * MAX_HEALTH + 1,
        hint="0 for a fresh NPC; in play, tick its Health boxes.",
    ),
    Choice("attribute", "Attribute it checks", _ATTRIBUTE_OPTIONS, "AG"),
    Number("attribute_score", "Attribute score", 5, 0, MAX_ATTRIBUTE_FIELD, hint="d10 read 0-9."),
    Text("skill", "Skill it checks", "Ranged", max_length=30, hint="Close, Ranged, a branch..."),
    Number(
        "skill_total", "Skill Total", 35, 0, MAX_SCORE, hint="d100 read 00-99; Base 25 + Adjust 10."
    ),
    Text(
        "weapon",
        "Weapon damage",
        "5 + 1D",
        max_length=40,
        parse=d10_0.parse_damage,
        options=_WEAPON_OPTIONS,
        hint="A damage notation: Pistol 5 + 1D, Knife 0 + 2D(ST)...",
    ),
    difficulty_field(
        "Average",
        "difficulty",
        "Difficulty of its checks",
        hint="Or a name: Challenge is 2, or 20 on a skill.",
    ),
    Flag("overflow", "Overflow (optional) on its checks"),
)
"""A quick NPC's stat line: what its initiative, Health boxes, checks and weapon need."""


def _current(stats: Stats) -> int:
    """An NPC's Current Health: Normal less the Health Points it has lost."""
    return int(stats["normal"]) - int(stats["lost"])


def npc_line(stats: Stats) -> str:
    """What a GM reads of an NPC at a glance: Health and its state (Health, The Health
    Range), the Action Quota, the attribute and skill it checks and at what difficulty,
    and its weapon."""
    normal, current = stats["normal"], _current(stats)
    state = d10_0.health_state(current, normal)
    return (
        f"Current Health {current} of Normal {normal}: {state}. Action Quota {stats['quota']}. "
        f"{stats['attribute']} {stats['attribute_score']}, {stats['skill']} "
        f"{stats['skill_total']} at {stats['difficulty']}; weapon {stats['weapon']}."
    )


def npc_tracks(stats: Stats) -> list[Block]:
    """The NPC's Health boxes, as a sheet's (Health, The Health Range): Injured, On the
    Brink, Dying and Dead, a tap ticking the next state (its Health Points lost go to that
    state's top) or rubbing out the last one."""
    normal = int(stats["normal"])
    out = []
    for block in health_tracks(_current(stats), normal):
        taps = [
            {
                "set": {"lost": normal - tap["set"]["current_health"]},
                "said": str(tap["said"]),
            }
            for tap in block["taps"]
        ]
        out.append({**block, "text": "", "taps": taps})  # the NPC's line says Current
    return out


def _difficulty_words(stats: Stats) -> dict[bool, str]:
    return {skill: difficulty_text(difficulty(stats, skill), skill) for skill in (False, True)}


def _checks(stats: Stats) -> tuple[SheetCheck, SheetCheck]:
    name = d10_0.character.attribute(str(stats["attribute"]))
    skill = str(stats["skill"]).strip() or "Skill"
    return (
        SheetCheck(
            "attribute",
            name.abbreviation,
            f"{name.abbreviation} ({name.name})",
            int(stats["attribute_score"]),
            False,
        ),
        SheetCheck("skill", skill, skill, int(stats["skill_total"]), True),
    )


def _limits(stats: Stats) -> dict[str, int]:
    """The attribute the NPC's line gives, for a weapon limited by it (``2D(ST)``)."""
    return {str(stats["attribute"]): int(stats["attribute_score"])}


def npc_checks(stats: Stats) -> list[CheckRow]:
    """The NPC's attribute and skill, each with its exact chance of an effort greater than
    the difficulty (Actions, Degrees and Difficulty; Overflow when it is on), and its
    weapon's damage with its range (DAT, Damage)."""
    at = _difficulty_words(stats)
    rows = [
        check_row(check, difficulty(stats, check.skill), bool(stats["overflow"]), at[check.skill])
        for check in _checks(stats)
    ]
    weapon = str(stats["weapon"])
    try:
        low, high = d10_0.damage_range(weapon, _limits(stats))
        value = f"{weapon}: {low}" if low == high else f"{weapon}: {low}-{high}"
        detail = f"{low} to {high} damage without overflow"
    except DamageError as broken:
        value, detail = weapon, str(broken)
    rows.append(
        CheckRow(
            key="damage",
            name="Damage",
            value=value,
            label=f"Roll damage {weapon}",
            detail=detail,
            title="Weapon damage (DAT, Damage)",
        )
    )
    return rows


def npc_check(stats: Stats, key: str, rng: random.Random) -> View:
    """An NPC's check rolled as a sheet's is: score − roll = effort against the difficulty,
    its degree and the degree's name (Actions, Degrees and Difficulty); or its weapon's
    damage, each die read 1-10 (DAT, Damage)."""
    if key == "damage":
        weapon, limits = str(stats["weapon"]), _limits(stats)
        try:
            roll = d10_0.roll_damage(weapon, limits, False, rng)
        except DamageError as broken:
            raise ValueError(
                f"{broken}: the NPC's line gives one attribute, so make the weapon's limit "
                "the attribute it checks"
            ) from None
        line = {"label": "", "parts": damage_parts(roll, limits), "total": str(roll.total)}
        return {**rolled([line], f"{roll.total} damage"), "what": f"Damage {weapon}"}
    check = next((c for c in _checks(stats) if c.key == key), None)
    if check is None:
        raise ValueError(f"An NPC rolls its attribute, its skill or its damage, not {key!r}")
    target = difficulty(stats, check.skill)
    state = d10_0.health_state(_current(stats), stats["normal"])
    details = (
        (
            f"{state}: out of the fight; any significant action risks more harm (Health, "
            "Failing Health).",
        )
        if state in ("Dying", "Dead")
        else ()
    )
    view = rolled_check(check.score, target, check.skill, stats["overflow"], rng, details)
    what = f"{check.label} {check.score} at difficulty {difficulty_text(target, check.skill)}"
    return {**view, "what": what}


# --------------------------------------------------------------------------
# Initiative (Action Quota and Timing, Strict Period Structure)
# --------------------------------------------------------------------------


def action_quota(combatant: Combatant) -> int:
    """A combatant's Action Quota: a party member's from its sheet's AG and FO, an NPC's
    as its stat line gives it (Actions, Action Quota)."""
    if combatant.pc:
        return d10_0.action_quota(combatant.stats["AG"], combatant.stats["FO"])
    return int(combatant.stats["quota"])


def _tie_line(name: str, checks: Sequence[TieCheck]) -> dict[str, Any]:
    """A tied combatant's tie checks as one line: Action Quota − roll, each in turn."""
    parts: list[dict[str, str]] = []
    for n, check in enumerate(checks):
        if n:
            parts.append({"kind": "op", "text": f"= {checks[n - 1].roll.effort}, again"})
        parts += [
            {"kind": "op", "text": f"{check.roll.score} −"},
            {"kind": "die", "text": str(check.roll.rolls[0])},
        ]
    return {"label": name, "parts": parts, "total": f"effort {checks[-1].roll.effort}"}


def initiative(combatants: Sequence[Combatant], rng: random.Random) -> list[Placed]:
    """The order of the strict period's first round: by Action Quota, highest first;
    characters that tie check against their Action Quota (a d10 read 0-9), the greater
    effort first, and those tied again check again among themselves (Action Quota and
    Timing, Strict Period Structure; the tie reading of :func:`~rules_py.systems.d10_0.
    timing.roll_ties`)."""
    by_id = {c.id: c for c in combatants}
    quotas = {c.id: action_quota(c) for c in combatants}
    order, checks = roll_ties(quotas, rng, MAX_TABLE_AGENTS)
    placed = []
    for who in order:
        mine = [c for c in checks if c.name == who]
        if not mine:
            placed.append(Placed(who, quotas[who]))
            continue
        efforts = ", then ".join(str(c.roll.effort) for c in mine)
        note = f"tie check{'s' if len(mine) > 1 else ''}: effort {efforts}"
        placed.append(Placed(who, quotas[who], _tie_line(by_id[who].name, mine), note))
    return placed


ORDER_NOTE = (
    "By Action Quota, highest first; ties check against their Action Quota (d10 read "
    "0-9), the greater effort first, again if still tied (Action Quota and Timing, Strict "
    "Period Structure). Action points refill at each turn."
)

RULES = TableRules(
    name="d10-0-gm",
    system=SYSTEM,
    sheet=BUILDER,
    store=STORE,
    party_line=party_line,
    npc_fields=NPC_FIELDS,
    npc_line=npc_line,
    npc_tracks=npc_tracks,
    npc_checks=npc_checks,
    npc_check=npc_check,
    order_note=ORDER_NOTE,
    initiative=initiative,
)
"""The D10/0 System's table: the builder's characters, quick NPCs, the initiative order.
The guide gives no example characters or opponents, so there are no presets."""

GM = gm_widget(RULES)
"""The D10/0 System's GM page widget (``d10-0-gm``)."""

WIDGETS = (GM,)
