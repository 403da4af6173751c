"""The [2d6] Roleplaying System's GM page (``/2d6/gm/``, issue 30): each member's wounds,
Resolve and initiative, quick NPCs with their Wounds boxes, attack, defence and checks,
and the initiative order of a fight.

Every number comes from :mod:`rules_py.systems.two_d6`: wounds, the death save and
unconsciousness (Combat, Wounds; Roll Mechanics), Resolve and initiative (Stats, Resolve
and Initiative), a check's exact chance with snake eyes and boxcars (The Basics; Skills,
Critical Success/Failure), opposed rolls and armour's reroll (Combat, Roll Mechanics and
Critical Hits; Items, Armor) and the initiative order with its rerolled ties (Combat,
Initiative). The table itself (parties, NPCs, turns) is the shared toolkit's
(:mod:`rules_py.widgets._gm`).

Readings (stated in the GM page's Source notes): the rules give no stat line for NPCs,
so a quick NPC keeps what a fight asks of it (initiative, attack, defence and armour,
Resolve, one check bonus with its DC, wounds) as bonuses rather than stats and skills;
the rules give no example characters or opponents with numbers (the goblin is a race
without stats), so there are no presets; tied initiatives reroll 2d6 + the same bonus
among the tied only, until none tie, as the Combat page reads it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from rules_py.systems.two_d6 import builder
from rules_py.systems.two_d6 import character as rules
from rules_py.systems.two_d6.checks import (
    BOXCARS,
    DEATH_SAVE_DC,
    MAX_BONUS,
    MIN_BONUS,
    cinematic_chance,
    parse_dc,
    roll_check,
    roll_two_dice,
    success_chance,
)
from rules_py.systems.two_d6.combat import MAX_TABLE_ORDER, roll_initiative
from rules_py.systems.two_d6.items import reroll_faces
from rules_py.views import View
from rules_py.widgets._blocks import Block, CheckRow, counter_taps, listing, rolled, track
from rules_py.widgets._fields import Choice, Field, Flag, Number
from rules_py.widgets._gm import gm_widget
from rules_py.widgets._sheet import sheet_row
from rules_py.widgets._table import Combatant, Placed, Stats, TableRules
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.two_d6._character import BUILDER, STORE, character_input, wound_state
from rules_py.widgets.two_d6._common import (
    SYSTEM,
    check_outcome,
    dc_field,
    dc_text,
    dice_line,
    signed,
)

# --------------------------------------------------------------------------
# The party: what a GM asks of a member
# --------------------------------------------------------------------------


def party_line(values: Values) -> str:
    """What a GM asks of a party member: the wounds it has left of its wounds and what
    0 means (Combat, Wounds), its Resolve (TOU + WIL) and its initiative bonus (AGI +
    PER; Stats, Resolve and Initiative), Stat Boosts included."""
    try:
        sheet = builder.build_character(character_input(values))
    except ValueError as broken:
        return f"The sheet cannot be read: {broken}"
    taken = values["wounds_taken"]
    if sheet.wounds is None:
        wounds = "Wounds: none count (the sheet breaks a rule)"
    else:
        state = wound_state(values, sheet)
        wounds = f"Wounds {max(sheet.wounds - taken, 0)} of {sheet.wounds} left"
        if state == "dying":
            wounds += f": unconscious, DC {DEATH_SAVE_DC} Resolve or die"
        elif state == "dead":
            wounds += ": dead"
        elif values["unconscious"]:
            wounds += ": unconscious"
    return f"{wounds} · Resolve {signed(sheet.resolve)} · initiative {signed(sheet.initiative)}"


# --------------------------------------------------------------------------
# A quick NPC: its stat line, Wounds boxes and checks
# --------------------------------------------------------------------------

NPC_WOUNDS: Final = rules.BASE_WOUNDS
"""A quick NPC's wounds unless the GM sets others: 3 + TOU at TOU +0 (Combat, Wounds)."""
MAX_NPC_WOUNDS: Final = 20
"""The most wounds a quick NPC may have (a tool limit: a character has 3 + TOU, at most
9; the GM may make a tougher creature)."""

_ARMOUR_OPTIONS: Final[tuple[tuple[str, str], ...]] = (
    ("none", "None"),
    ("light", "Light: rerolls a 2"),
    ("medium", "Medium: rerolls a 2 or 3"),
    ("heavy", "Heavy: rerolls a 2, 3 or 4"),
    ("medium-", "Medium without Armor Proficiency: rerolls a 2"),
    ("heavy-", "Heavy without Armor Proficiency: rerolls a 2"),
)
"""The armour an NPC defends in, with the natural rolls its defence rerolls (Items, Armor);
a trailing ``-`` marks armour worn without Armor Proficiency."""


def _bonus(name: str, label: str, default: int, hint: str) -> Number:
    return Number(name, label, default, MIN_BONUS, MAX_BONUS, hint=hint)


NPC_FIELDS: tuple[Field, ...] = (
    _bonus("initiative", "Initiative (AGI + PER)", 2, "What it adds to 2d6 for initiative."),
    _bonus(
        "attack",
        "Attack (stat + combat skill)",
        4,
        "+4 is the rules' example attacker: a skill of 2 and a stat of +2.",
    ),
    _bonus(
        "defence",
        "Defence (stat + defensive skill)",
        2,
        "+2 is the rules' example defender: a skill of 1 and a stat of +1.",
    ),
    Choice(
        "armour",
        "Armour",
        _ARMOUR_OPTIONS,
        "none",
        hint="Its defence rerolls these natural rolls once and keeps the reroll.",
    ),
    _bonus("resolve", "Resolve (TOU + WIL)", 2, "Against fear, poison, magic; to cast; at 0."),
    _bonus("check", "Other checks (stat + skill)", 2, "Notice, stealth...: its usual check."),
    dc_field("Average", "dc", "DC of its checks", hint="A number, or Easy 7 ... Legendary 17."),
    Number(
        "wounds",
        "Wounds",
        NPC_WOUNDS,
        1,
        MAX_NPC_WOUNDS,
        hint="3 + TOU, +1 with Extra Wound: 3 at TOU +0.",
    ),
    Number(
        "taken",
        "Wounds taken",
        0,
        0,
        MAX_NPC_WOUNDS + 1,
        hint="0 for a fresh NPC; in the fight, tap its boxes.",
    ),
    Flag("unconscious", "Unconscious", hint="Knocked out: its defence gets no bonus."),
)
"""A quick NPC's stat line (the site's: the rules give NPCs none): the bonuses its
initiative, attack, defence, Resolve and usual checks add to 2d6, its armour, the DC of
its checks and its wounds."""


def _state(stats: Stats) -> rules.WoundState:
    return rules.wound_state(int(stats["wounds"]), int(stats["taken"]))


def _armour(stats: Stats) -> tuple[str, bool]:
    """The NPC's armour by name, and whether it wears it with Armor Proficiency."""
    worn = str(stats["armour"])
    return worn.rstrip("-"), not worn.endswith("-")


def _rerolls(stats: Stats) -> tuple[int, ...]:
    """The natural defence rolls its armour rerolls once (Items, Armor)."""
    worn, proficient = _armour(stats)
    return () if worn == "none" else reroll_faces(worn, proficient)


def _knocked_out(stats: Stats) -> bool:
    """Unconscious: knocked out by an attack, or at 0 wounds (Combat, Wounds)."""
    return bool(stats["unconscious"]) or _state(stats) != "standing"


def _wounds_words(stats: Stats) -> str:
    wounds, taken = int(stats["wounds"]), int(stats["taken"])
    state = _state(stats)
    if state == "dead":
        return "dead"
    said = f"Wounds {max(wounds - taken, 0)} of {wounds} left"
    if state == "dying":
        return f"{said}: unconscious, DC {DEATH_SAVE_DC} Resolve or die"
    return f"{said}: unconscious" if stats["unconscious"] else said


def npc_line(stats: Stats) -> str:
    """What a GM reads of a quick NPC at a glance, in the rules' terms: wounds left and
    what 0 means (Combat, Wounds), initiative, attack, defence and its armour (Combat;
    Items, Armor), Resolve, and its usual check against its DC."""
    worn, proficient = _armour(stats)
    armour = "" if worn == "none" else f" in {worn} armour" + ("" if proficient else " (no prof.)")
    return (
        f"{_wounds_words(stats)} · initiative {signed(stats['initiative'])} · attack "
        f"{signed(stats['attack'])} · defence {signed(stats['defence'])}{armour} · Resolve "
        f"{signed(stats['resolve'])} · checks {signed(stats['check'])} at "
        f"{dc_text(parse_dc(str(stats['dc'])))}"
    )


def npc_tracks(stats: Stats) -> list[Block]:
    """The NPC's wounds as a sheet's Wounds boxes (Combat, Wounds): a box for each wound,
    then, once all are taken, one more for a wound taken at 0, which kills; a tap on an
    empty box takes a wound, on a filled one heals the last. Then, while it has wounds
    left, whether it is knocked unconscious (Combat, Roll Mechanics: an attack beating
    its defence by 5 or more may), one box."""
    wounds, taken = int(stats["wounds"]), int(stats["taken"])
    state = _state(stats)
    total = wounds + (state != "standing")
    if taken <= total:
        taps = counter_taps("taken", "Wounds taken", taken, total)
    else:  # typed past the boxes: any tap heals one
        taps = [{"set": {"taken": taken - 1}, "said": f"Wounds taken: {taken} → {taken - 1}"}]
        taps *= total
    said = {
        "standing": f"{wounds - taken} left",
        "dying": f"0 left: dying unless a DC {DEATH_SAVE_DC} Resolve check succeeds",
        "dead": "dead: a wound taken at 0 kills",
    }[state]
    names = [f"Wound {n}" for n in range(1, wounds + 1)]
    names += ["A wound at 0: dead"] * (total - wounds)
    out = [track("Wounds", min(taken, total), total, said, taps=taps, names=names)]
    if state != "standing":  # at 0 wounds it is unconscious anyway, as the Wounds say
        return out
    knocked = bool(stats["unconscious"])
    out.append(
        track(
            "Unconscious",
            int(knocked),
            1,
            "knocked out: its defence gets no bonus" if knocked else "",
            taps=[
                {
                    "set": {"unconscious": not knocked},
                    "said": "Woken up" if knocked else "Knocked unconscious",
                }
            ],
            names=["Knocked out"],
        )
    )
    return out


def _check_detail(bonus: int, dc: int) -> str:
    chance = success_chance(bonus, dc)
    return (
        f"success {chance}, failure {1 - chance}; snake eyes fails whatever the bonus, "
        f"boxcars ({cinematic_chance()}) gains a cinematic"
    )


def npc_checks(stats: Stats) -> list[CheckRow]:
    """A quick NPC's rolls: its attack and its defence, opposed rolls with no chance of
    their own (the other side's roll decides; a tie goes to the defender), then its usual
    check and its Resolve against its DC, each with its exact chance (The Basics; Skills,
    Critical Success/Failure); at 0 wounds the DC 5 Resolve check to live (Combat,
    Wounds)."""
    dc = parse_dc(str(stats["dc"]))
    attack, defence = int(stats["attack"]), int(stats["defence"])
    check, resolve = int(stats["check"]), int(stats["resolve"])
    faces = _rerolls(stats)
    out_cold = _knocked_out(stats)
    defends = 0 if out_cold else defence
    defence_note = "unconscious: no bonus" if out_cold else ""
    if faces:
        rerolls = f"rerolls a {listing(map(str, faces)).replace(' and ', ' or ')}"
        defence_note = f"{defence_note}; {rerolls}" if defence_note else rerolls
    rows = [
        CheckRow(
            key="attack",
            name="Attack",
            value=signed(attack),
            label=f"Roll its attack, 2d6 {signed(attack)}",
            note="opposed",
            title="2d6 + combat skill + stat against the defender's roll; a tie goes to "
            "the defender (Combat, Roll Mechanics)",
        ),
        CheckRow(
            key="defence",
            name="Defence",
            value=signed(defends),
            label=f"Roll its defence, 2d6 {signed(defends)}",
            note=defence_note or "opposed",
            title="2d6 + defensive skill + stat against the attacker's roll; it holds on "
            "a tie (Combat, Roll Mechanics; Items, Armor)",
        ),
        CheckRow(
            key="check",
            name="Check",
            value=signed(check),
            label=f"Roll its check {signed(check)} against {dc_text(dc)}",
            chance=success_chance(check, dc),
            detail=_check_detail(check, dc),
            note=f"against DC {dc}",
        ),
        CheckRow(
            key="resolve",
            name="Resolve",
            value=signed(resolve),
            label=f"Roll its Resolve {signed(resolve)} against {dc_text(dc)}",
            chance=success_chance(resolve, dc),
            detail=_check_detail(resolve, dc),
            note=f"against DC {dc}",
        ),
    ]
    if _state(stats) == "dying":
        rows.append(
            CheckRow(
                key=DEATH_SAVE,
                name="Resolve at 0",
                value=signed(resolve),
                label=f"Roll its Resolve {signed(resolve)} against DC {DEATH_SAVE_DC} to live",
                chance=rules.death_save_chance(resolve),
                detail=_check_detail(resolve, DEATH_SAVE_DC),
                note="to live",
            )
        )
    return rows


DEATH_SAVE: Final = "save:death"
"""The key of an NPC's DC 5 Resolve check at 0 wounds."""
_KEYS: Final = ("attack", "defence", "check", "resolve")


def _state_details(stats: Stats) -> list[str]:
    state = _state(stats)
    if state == "dead":
        return ["It is dead: a wound taken at 0 wounds kills at once (Combat, Wounds)."]
    if state == "dying":
        return [
            f"It is at 0 wounds: unconscious, and dead unless a DC {DEATH_SAVE_DC} Resolve "
            "check succeeds; any further wound kills (Combat, Wounds)."
        ]
    if stats["unconscious"]:
        return ["It is unconscious: its defence gets no bonus (Combat, Roll Mechanics)."]
    return []


def _opposed(
    what: str, bonus: int, faces: tuple[int, ...], rng: random.Random
) -> tuple[dict[str, Any], int, int]:
    """One side of an opposed roll: 2d6 (rerolled once, keeping the reroll, when the
    natural is one its armour rerolls) + the bonus, as a line, its natural and its total."""
    dice = [roll_two_dice(rng)]
    if sum(dice[0]) in faces:
        dice.append(roll_two_dice(rng))
    line = dice_line(what, dice, len(dice) - 1, bonus)
    natural = sum(dice[-1])
    return line, natural, natural + bonus


def npc_check(stats: Stats, key: str, rng: random.Random) -> View:
    """Roll one of a quick NPC's rolls as the rules roll it: an attack or a defence is 2d6
    + its bonus, read against the other side's roll, boxcars gaining a cinematic and a 2
    no automatic failure, its armour rerolling the defence's low naturals and an
    unconscious NPC defending with no bonus (Combat, Roll Mechanics, Critical Hits; Items,
    Armor); a check or Resolve is 2d6 + its bonus against its DC, snake eyes failing
    (The Basics; Skills, Critical Success/Failure); at 0 wounds, Resolve against DC 5
    to live (Combat, Wounds)."""
    kind, _ = sheet_row(key, **{k: ("",) for k in _KEYS}, save=("death",))
    details = _state_details(stats)
    if kind in ("attack", "defence"):
        attack = kind == "attack"
        if attack:
            bonus = int(stats["attack"])
        else:
            bonus = 0 if _knocked_out(stats) else int(stats["defence"])
        faces = () if attack else _rerolls(stats)
        line, natural, total = _opposed("", bonus, faces, rng)
        if attack:
            outcome = (
                f"Attack {total}: it hits a defence total of {total - 1} or less, beating it "
                "by 1-4, 5-9 or 10 or more; a tie goes to the defender"
            )
        else:
            outcome = f"Defence {total}: it holds against an attack total of {total} or less"
        if natural == BOXCARS:
            outcome += "; boxcars: gain a cinematic"
        what = f"{'Attack' if attack else 'Defence'} 2d6 {signed(bonus)}"
        if not attack and len(line["parts"]) > 3:
            what += ", armour rerolled"
        return {**rolled([line], outcome, details), "what": what}
    if kind == "save":
        if _state(stats) != "dying":
            now = "dead" if _state(stats) == "dead" else "not at 0 wounds"
            raise ValueError(
                f"No check at 0 wounds to make: it is {now} ({SYSTEM}, Combat, Wounds)"
            )
        resolve = int(stats["resolve"])
        save = roll_check(resolve, DEATH_SAVE_DC, rng=rng)
        life = "alive, unconscious until a wound is regained" if save.success else "dead"
        outcome = f"{check_outcome(save).removesuffix('; boxcars: gain a cinematic')}: {life}"
        if save.cinematic:
            outcome += "; boxcars: gain a cinematic"
        line = dice_line("", save.dice, 0, resolve)
        what = f"Resolve {signed(resolve)} against DC {DEATH_SAVE_DC} at 0 wounds"
        return {**rolled([line], outcome, details), "what": what}
    bonus = int(stats[kind])
    dc = parse_dc(str(stats["dc"]))
    result = roll_check(bonus, dc, rng=rng)
    line = dice_line("", result.dice, 0, bonus)
    what = f"{'Check' if kind == 'check' else 'Resolve'} {signed(bonus)} against {dc_text(dc)}"
    return {**rolled([line], check_outcome(result), details), "what": what}


# --------------------------------------------------------------------------
# Initiative (Combat, Initiative)
# --------------------------------------------------------------------------


def initiative_bonus(combatant: Combatant) -> int:
    """What a combatant adds to 2d6 for initiative: a member's Agility + Perception from
    its sheet (Stat Boosts included), an NPC's as its stat line gives it (Stats, Resolve
    and Initiative; Combat, Initiative)."""
    if combatant.pc:
        return builder.build_character(character_input(combatant.stats)).initiative
    return int(combatant.stats["initiative"])


def _rolls_line(
    name: str, rolls: Sequence[tuple[tuple[int, int], int]], bonus: int
) -> dict[str, Any]:
    """A combatant's initiative rolls as one line: 2d6 + bonus, then each reroll of a tie."""
    parts: list[dict[str, str]] = []
    for n, (dice, _) in enumerate(rolls):
        if n:
            parts.append({"kind": "op", "text": f"= {rolls[n - 1][1]}, tied: reroll"})
        parts += [{"kind": "die", "text": str(d)} for d in dice]
        parts.append({"kind": "op", "text": f"+ {bonus}"})
    return {"label": name, "parts": parts, "total": str(rolls[-1][1])}


def initiative(combatants: Sequence[Combatant], rng: random.Random) -> list[Placed]:
    """The fight's order (Combat, Initiative): everyone rolls 2d6 + Perception + Agility
    and the highest total goes first; characters who tie reroll 2d6 + the same bonus
    among themselves only, as often as it takes, the higher reroll first (the Combat
    page's Source note). Each place shows its first total, and its note the rerolls."""
    bonuses = [initiative_bonus(c) for c in combatants]
    roll = roll_initiative(bonuses, rng, MAX_TABLE_ORDER)
    rolls: dict[int, list[tuple[tuple[int, int], int]]] = {i: [] for i in range(len(bonuses))}
    for totals, dice in zip(roll.rounds, roll.dice, strict=True):
        for i, total in totals.items():
            rolls[i].append((dice[i], total))
    if len(combatants) == 1:  # no roll-off to record: roll the one character's 2d6
        only = roll_two_dice(rng)
        rolls[0] = [(only, sum(only) + bonuses[0])]
    placed = []
    for i in roll.order:
        mine = rolls[i]
        note = ""
        if len(mine) > 1:
            again = ", ".join(str(total) for _, total in mine[1:])
            note = f"tied at {mine[0][1]}: reroll{'s' if len(mine) > 2 else ''} {again}"
        line = _rolls_line(combatants[i].name, mine, bonuses[i])
        placed.append(Placed(combatants[i].id, mine[0][1], line, note))
    return placed


ORDER_NOTE = (
    "Everyone rolls 2d6 + Perception + Agility; the highest total goes first. Characters "
    "who tie reroll against one another, the higher reroll first (Combat, Initiative)."
)

RULES = TableRules(
    name="2d6-gm",
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
"""What the [2d6] Roleplaying System's GM table needs of the rules. No presets: the rules
give no example characters or opponents with numbers."""

GM = gm_widget(RULES)
"""The [2d6] Roleplaying System's GM page widget (``2d6-gm``)."""

WIDGETS: tuple[Widget, ...] = (GM,)

__all__ = [
    "GM",
    "NPC_FIELDS",
    "RULES",
    "WIDGETS",
    "initiative",
    "initiative_bonus",
    "npc_check",
    "npc_checks",
    "npc_line",
    "npc_tracks",
    "party_line",
]
