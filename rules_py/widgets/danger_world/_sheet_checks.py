"""The Danger World sheet's checks: a row per stat with the chance of each pair of stats,
and a stat's Roll, the check the pool roller carries on (Danger World, Dice Mechanics;
Special Dice; The Danger Track).

Split from :mod:`._sheet` by chapter, as the project's rule asks (docs/architecture.md,
"One shape for every system": no module is much over 600 lines; one that grows past
that splits by chapter).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rules_py.systems import danger_world as dw
from rules_py.systems._params import refusal
from rules_py.systems.danger_world.rerolls import ROUNDS
from rules_py.views import View
from rules_py.widgets import _sheet as toolkit
from rules_py.widgets._blocks import CheckRow, rolled
from rules_py.widgets._widget import Values
from rules_py.widgets.danger_world._common import (
    ROUND_NAMES,
    SYSTEM,
    dice_word,
    difficulty_words,
)
from rules_py.widgets.danger_world._pool import (
    KIND_MARK,
    best_words,
    botches_text,
    pool_dice,
    show_faces,
)
from rules_py.widgets.danger_world._sheet_fields import (
    ROLLER_NAME,
    TRACK_FIELDS,
    character_sheet,
    parse_last_check,
)


def pool_values(
    values: Values, stats: Mapping[str, int], first: str, second: str
) -> dict[str, Any]:
    """What a check on ``first`` and ``second`` puts in the pool, under the pool roller's
    field names (:data:`rules_py.widgets.danger_world._pool.POOL_FIELDS`) and its
    difficulty: the two stats' dice, the check's bonus, danger and challenge threat dice,
    the Stunned boxes (dice lost), the Bashed boxes (threat dice) and the danger level
    (Dice Mechanics; Special Dice; The Danger Track)."""
    return {
        "stat_a": stats[first],
        "stat_b": stats[second],
        "bonus": values["bonus"],
        "lost": values[TRACK_FIELDS["Stunned"]],
        "bashed": values[TRACK_FIELDS["Bashed"]],
        "level": values["level"],
        "danger": values["danger"],
        "threat": values["threat"],
        "difficulty": values["difficulty"],
    }


def check_pair(values: Values, stat: str) -> tuple[str, str]:
    """The two stats a stat row's Roll makes a check on: the row's stat and the Second
    stat, or the First stat for the Second stat's own row (Dice Mechanics: "which two
    stats are most appropriate")."""
    second = values["check_b"]
    return (stat, values["check_a"]) if stat == second else (stat, second)


def checked_pair(values: Values, key: str) -> tuple[str, str]:
    """The two stats a row's check key names: ``"stat:Agility+Cool"`` is a check on Agility
    and Cool (the partner picked at the Roll); ``"stat:Agility"`` pairs Agility as
    :func:`check_pair` does (Dice Mechanics: two different stats)."""
    kind, _, which = key.partition(":")
    first, plus, second = which.partition("+")
    if kind != "stat" or first not in dw.STATS or (plus and second not in dw.STATS):
        raise toolkit.no_check(key)
    if not plus:
        return check_pair(values, first)
    if first == second:
        raise ValueError(
            refusal(
                f"a check's pool comes from two different stats (got {first} twice)",
                f"{SYSTEM}, Dice Mechanics",
            )
        )
    return first, second


def no_check(name: str, damage: dw.Damage) -> str:
    """Why a PC makes no check (The Danger Track): dead, or unconscious while K.O.'d.

    Dead reads dead, never unconscious (issue 27): the source gives the Dead box only
    "semi-permanent", and the site reads a dead PC as making no check.
    """
    if damage.dead:
        return f"No check: {name} is dead (the Dead box is filled, semi-permanent)."
    return (
        f"No check: {name} is K.O.'d, unconscious and unable to act until a short rest "
        "clears the box."
    )


@lru_cache(maxsize=256)
def pool_chance(dice: int, difficulty: int) -> Fraction:
    """The exact chance that ``dice`` normal and danger dice succeed at ``difficulty`` with
    both reroll rounds played well (Dice Mechanics; the solver of
    :func:`rules_py.systems.danger_world.success_chance`), kept for the sheet's next answer:
    a sheet asks for every pair of its stats at once."""
    return dw.success_chance(dice, difficulty, ROUNDS)


WARM_POOLS = range(1, 2 * dw.MAX_STAT + 3)
"""The pools whose chances the browser's memory snapshot holds solved: a sheet's pair of
stats and a GM table's NPC check (2 to 8 dice), and a die or two of bonus more."""


def warm_chances() -> object:
    """Solve :func:`pool_chance` for every pool of :data:`WARM_POOLS` at every difficulty
    (1 to 7), and return its cache, which the snapshot keeps (rules_py.snapshot). A first
    visit then shows a GM table's NPC checks without solving them: 370 ms of the Danger
    World GM page's first answer in the browser (21 solutions). The answers are 70
    fractions; the solver's own tables, far bigger, are not kept."""
    for dice in WARM_POOLS:
        for difficulty in range(1, 8):
            pool_chance(dice, difficulty)
    return pool_chance


def pair_chance(
    values: Values, stats: Mapping[str, int], first: str, second: str
) -> tuple[Fraction, int] | None:
    """The chance of the check on ``first`` and ``second`` against the sheet's difficulty,
    with the dice it rolls (threat dice never make a set), or None where the rules refuse
    the pool (too many danger dice for the zone, say)."""
    try:
        normal, danger, threat = pool_dice(pool_values(values, stats, first, second))
    except ValueError:
        return None
    return pool_chance(normal + danger, int(values["difficulty"])), normal + danger + threat


def _pair_row(
    values: Values, stats: Mapping[str, int], first: str, second: str, can_act: bool
) -> CheckRow:
    """The choice of rolling ``first`` with ``second``: its key, its exact chance; its label
    holds the words on its button ("with Speed"), as a screen reader and voice control need."""
    found = pair_chance(values, stats, first, second) if can_act else None
    target = difficulty_words(int(values["difficulty"]))
    if found is None:
        return CheckRow(
            f"stat:{first}+{second}", f"with {second}", str(stats[second]),
            f"Roll {first} with {second} against difficulty {target}",
        )
    chance, dice = found
    return CheckRow(
        f"stat:{first}+{second}",
        f"with {second}",
        str(stats[second]),
        f"Roll {first} with {second}, {dice_word(dice)}, against difficulty {target}",
        chance,
        f"{dice_word(dice)}, {ROUND_NAMES[ROUNDS]} played well",
    )


def stat_rows(values: Values, stats: Mapping[str, int], can_act: bool) -> list[CheckRow]:
    """A row per stat in the source's order (Stats): its dice (Injured counted), the
    chance with the partner it pairs with now, and a choice of every partner, each with
    its own chance (Dice Mechanics: "which two stats are most appropriate")."""
    rows = []
    for stat in dw.STATS:
        choices = tuple(
            _pair_row(values, stats, stat, other, can_act) for other in dw.STATS if other != stat
        )
        _, partner = check_pair(values, stat)
        now = next((c for c in choices if c.name == f"with {partner}"), None)
        rows.append(
            CheckRow(
                f"stat:{stat}",
                stat,
                str(stats[stat]),
                f"Roll {stat}: choose the stat it pairs with",
                None if now is None else now.chance,
                "" if now is None else f"with {partner}: {now.detail}",
                title=f"{stat}: {dice_word(stats[stat])}",
                note=f"with {partner}",
                choices=choices,
            )
        )
    return rows


def sheet_check(values: Values, key: str, rng: random.Random) -> View:
    """A stat row's Roll: the check on that stat and its pair, rolled as the pool roller
    rolls it (Dice Mechanics; Special Dice; The Danger Track).

    The answer names the two stats, the dice (D a danger die, T a threat die), the best
    set and its botches, and keeps on the sheet the stats it paired and the dice
    (``last_check``), for the pool roller's two reroll rounds and advice.
    """
    first, second = checked_pair(values, key)
    sheet = character_sheet(values)
    sheet.pool(first, second, values["bonus"], values["danger"])  # refuses a K.O.'d PC
    normal, danger, threat = pool_dice(pool_values(values, sheet.effective_stats, first, second))
    dice = dw.roll_pool(normal, danger, threat, rng)
    target = int(values["difficulty"])
    best = dw.outcomes(dice, target)[0]
    in_set = set(best.set_dice)
    parts = []
    for i, die in enumerate(dice):
        said = [str(die.face)]
        if die.kind != "normal":
            said.append(f"{die.kind} die")
        if i in in_set:
            said.append("in the set")
        text_ = f"{KIND_MARK[die.kind]}{die.face}"
        parts.append({"kind": "die", "text": text_, "title": ", ".join(said)})
    outcome = best_words(dice, target)
    sets = dw.available_sets(dice)
    result = f"Best set: {sets[0]}" if sets else "No set"
    spoken = ", ".join(p["title"] for p in parts) + f". {result}"
    line = {"label": "", "parts": parts, "total": "", "result": result, "spoken": spoken}
    with_set = " with that set" if best.height else ""
    details = [f"Botches{with_set}: {botches_text(best.botches)}."]
    if best.danger_change:
        details.append(
            f"Danger level +{best.danger_change}: each danger die in the set raises it by one."
        )
    details.append(
        f"{ROUNDS} reroll rounds are left: the pool roller has these dice; tap the dice to "
        "reroll, or press Advise."
    )
    # Later than the last check kept, even on a clock set back: the roller takes up the newest.
    stamp = max(time.time_ns() // 1_000_000, parse_last_check(values["last_check"])[0] + 1)
    return {
        **rolled([line], outcome, details),
        "what": f"{first} + {second}, {dice_word(len(dice))} against difficulty "
        f"{difficulty_words(target)}",
        "set": {"check_a": first, "check_b": second, "last_check": f"{stamp}: {show_faces(dice)}"},
        # The pool roller carries this roll on, under it (its rerolls and advice).
        "follow": ROLLER_NAME,
    }
