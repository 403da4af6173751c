"""The Danger World character sheet: stats, aspects, story points, danger and damage.

Every rule comes from :class:`rules_py.systems.danger_world.CharacterSheet`
(Danger World, Player Characters; Aspects and Story Points; The Danger Track);
this module reads the form into a sheet, refuses what breaks a rule (naming
the fields) and shows the pool a check on two stats rolls, which the pool
roller takes.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules_py._format import percent
from rules_py.systems import danger_world as dw
from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import MAX_POOL
from rules_py.systems.danger_world.danger_track import (
    LONG_TERM_CONSEQUENCES,
    TRACK_NAMES,
    HitKind,
)
from rules_py.systems.danger_world.rerolls import ROUNDS
from rules_py.views import View
from rules_py.widgets._blocks import Block, error, facts, listing, rolled, table, text
from rules_py.widgets._fields import Choice, Flag, Number, Text
from rules_py.widgets._sheet import (
    called,
    problems_beside,
    row_name,
    sheet_row,
    sheet_rows,
    sheet_widget,
)
from rules_py.widgets._widget import Refusal, Values, Widget
from rules_py.widgets.danger_world._aspects import ASPECTS, aspect_rows, aspect_tree
from rules_py.widgets.danger_world._common import (
    DIFFICULTY,
    SYSTEM,
    dice_word,
    difficulty_note,
    difficulty_words,
)
from rules_py.widgets.danger_world._pool import (
    KIND_MARK,
    best_words,
    botches_text,
    parse_faces,
    pool_dice,
    show_faces,
)

MAX_STORY_POINTS = 999
"""The most SP a pool field takes (a tool limit)."""
MAX_LEVEL = 999
"""The highest danger level the form takes (the last zone has no end)."""

DEFAULT_STATS: Mapping[str, int] = {
    "Agility": 3,
    "Endurance": 2,
    "Speed": 2,
    "Strength": 2,
    "Perception": 3,
    "Reasoning": 2,
    "Charisma": 1,
    "Cool": 1,
}
"""A new PC with the eight dice spread (one die in each stat, eight more)."""

STORE = "danger-world-character"
"""Where the browser keeps the sheet (its fence's ``store``); the pool roller reads it."""

TRACK_FIELDS = {name: "track_" + re.sub(r"[^a-z]", "", name.lower()) for name in TRACK_NAMES}
_STAT_OPTIONS = tuple((s, s) for s in dw.STATS)

LAST_CHECK_LENGTH = 120
"""The longest ``last_check`` value: when it was rolled, then the faces of up to 24 dice."""
_LAST_CHECK = re.compile(r"^(\d{1,15}): (.+)$")


def parse_last_check(raw: str) -> tuple[int, tuple[dw.Die, ...]]:
    """The sheet's last check as it keeps it: ``"1764000000000: 3, 3, D5, T2"`` is a check
    from a stat row rolled at that time (milliseconds since 1970) and its dice (D a danger
    die, T a threat die); "" is none.

    The time tells the pool roller a check newer than any it has taken up from a check it
    has seen, or an older one of another character played again.
    """
    if not raw:
        return 0, ()
    match = _LAST_CHECK.match(raw)
    if match is None:
        raise ValueError(
            refusal(
                "the last check is kept as the time it was rolled and its dice, e.g. "
                f"1764000000000: 3, 3, D5 (got {raw!r})",
                f"{SYSTEM}, Dice Mechanics",
            )
        )
    return int(match[1]), parse_faces(match[2])


def stats_in_play(values: Values) -> dict[str, int]:
    """The stats a check rolls: lowered by the Injured boxes the GM named (The Danger
    Track), or as entered while the sheet breaks a rule elsewhere."""
    try:
        return character_sheet(values).effective_stats
    except ValueError:
        return {s: values[s] for s in dw.STATS}


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


CONSEQUENCES = sheet_rows(
    "consequences",
    "Long-term consequences",
    (
        Text(
            "kind",
            "Consequence",
            "",
            max_length=40,
            options=tuple((c, "") for c in LONG_TERM_CONSEQUENCES),
        ),
        Text("note", "What it is", "", max_length=80),
    ),
    max_rows=12,
    row_label="consequence",
    hint="What the mission costs or gives for good, as the acts go by: Temporary Loss, "
    "Temporary Injury, Permanent Loss, Permanent Injury, Killed, or a gain.",
)


MAX_SPECIAL_MOVES = 4
"""The special moves a sheet holds (the source sets no number; the site's limit)."""

SPECIAL_MOVES = sheet_rows(
    "special_moves",
    "Special moves",
    (
        row_name("Special move"),
        *(
            Text(f"set_{h}", f"Set of {h} ({rank})", "", max_length=80)
            for h, rank in dw.DIFFICULTIES.items()
        ),
    ),
    max_rows=MAX_SPECIAL_MOVES,
    row_label="special move",
    hint="Moves only this character has, as the GM writes them: what a set of each "
    "height accomplishes (blank where the GM names nothing). The pool roller can use them.",
)


def special_moves(values: Values) -> tuple[dw.Move, ...]:
    """The sheet's special moves with a name, as moves (Danger World, Moves)."""
    return tuple(
        dw.make_move(row["name"], "special", *(row[f"set_{h}"] for h in dw.DIFFICULTIES))
        for row in values["special_moves"]
        if str(row["name"]).strip()
    )


def character_sheet(values: Values) -> dw.CharacterSheet:
    """The form as the rules package's sheet (``Refusal`` naming the fields on a broken rule)."""
    stats = {s: values[s] for s in dw.STATS}
    try:
        dw.check_stats(stats, values["starting"])
    except ValueError as broken:
        raise Refusal(str(broken), dw.STATS) from None
    damage = dw.damage_from_list([values[TRACK_FIELDS[t]] for t in TRACK_NAMES])
    injured = tuple(s for s in re.split(r"[,;]+", values["injured"]) if s.strip())
    try:
        return dw.CharacterSheet(
            name=values["name"],
            stats=stats,
            aspects=aspect_tree(values["aspects"]),
            story_points=dw.StoryPoints(values["personal_sp"], values["general_sp"]),
            danger_level=values["level"],
            damage=damage,
            injured=injured,
            starting=values["starting"],
        )
    except Refusal:
        raise
    except ValueError as broken:
        raise Refusal(str(broken), ["injured"]) from None


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


def _sheet_show(values: Values) -> list[Block]:
    sheet = character_sheet(values)
    name = called(values)
    blocks = problems_beside(sheet.problems())
    zone = dw.zone(sheet.danger_level)
    damage = sheet.damage
    effects = []
    if damage.threat_dice:
        effects.append(f"{dice_word(damage.threat_dice, 'threat')} in every check (Bashed)")
    if damage.lost_dice:
        effects.append(f"{dice_word(damage.lost_dice)} fewer in every pool (Stunned)")
    if damage.trait_reductions:
        lowered = damage.trait_reductions
        effects.append(f"{lowered} stat{'' if lowered == 1 else 's'} one lower (Injured)")
    if damage.dead:
        effects.append("dead (the Dead box: semi-permanent), no actions")
    elif not damage.can_act:
        effects.append("unconscious, no actions (K.O.'d)")
    blocks.append(
        text(
            f"{name}: danger level {sheet.danger_level}, zone {zone.rank} ({zone.levels}), up to "
            f"{dice_word(zone.danger_dice, 'danger')} in a check; "
            + (listing(effects) if effects else "no damage")
            + "."
        )
    )
    stats = sheet.effective_stats
    blocks.append(
        facts(
            [
                (
                    "Dice to spread",
                    f"{sheet.dice_left} of {dw.DICE_TO_SPREAD} left"
                    if sheet.starting
                    else "creation done",
                    "One die in each stat, then eight more; each stat 1 to 4",
                ),
                (
                    "Story points",
                    f"{sheet.story_points.personal} personal, {sheet.story_points.general} "
                    "in the general pool",
                    "Spent on an aspect: personal to general; the GM pays from the general pool",
                ),
                (
                    "Bonus dice held",
                    str(values["bonus_held"]),
                    "Each used once (which checks they go into is the table's call): from a "
                    "partial success or an extra success",
                ),
            ]
        )
    )
    pairs = [check_pair(values, s) for s in dw.STATS]
    blocks.append(
        table(
            f"{name}'s stats (Injured counted): a Roll checks the stat with the one beside it",
            ["Stat", "Dice", "With"],
            ([s, str(stats[s]), other] for s, other in pairs),
            checks=((f"stat:{s}", f"Roll {s} + {other}") for s, other in pairs),
        )
    )
    if not damage.can_act:
        blocks.append(text(no_check(name, damage)))
    rows, unlocked = aspect_rows(sheet.aspects)
    if rows:
        blocks.append(
            table(
                f"{name}'s aspects",
                ["Aspect", "Level", "Used", "Bonus dice", "Beneath it"],
                rows,
                hits=unlocked,
            )
        )
    blocks.append(
        table(
            "Damage boxes",
            ["Damage", "Filled", "Effect", "Recovery"],
            (
                [t.name, f"{n} of {t.boxes}", t.effect, t.recovery]
                for t, n in zip(dw.DAMAGE_TRACKS, damage.filled, strict=True)
            ),
            hits=(n > 0 for n in damage.filled),
        )
    )
    first, second = values["check_a"], values["check_b"]
    if first == second:
        blocks.append(
            error(
                refusal(
                    f"a check's pool comes from two different stats (got {first} twice)",
                    f"{SYSTEM}, Dice Mechanics",
                ),
                ["check_a", "check_b"],
            )
        )
        return blocks
    if not damage.can_act:
        return blocks
    try:
        normal, danger, threat = pool_dice(pool_values(values, stats, first, second))
    except Refusal as broken:
        blocks.append(error(str(broken), broken.fields))
        return blocks
    target = int(values["difficulty"])
    p = dw.success_chance(normal + danger, target, ROUNDS)
    parts = [dice_word(normal)]
    if danger:
        parts.append(dice_word(danger, "danger"))
    if threat:
        parts.append(dice_word(threat, "threat"))
    blocks.append(
        text(
            f"The check on {first} + {second} rolls {listing(parts)} (up to "
            f"{dice_word(zone.danger_dice, 'danger')} allowed). At difficulty "
            f"{difficulty_words(target)} it succeeds {percent(p)} of the time ({p}), rerolls "
            f"played well. A stat's Roll pairs it with {second} ({second}'s own with "
            f"{first}); the pool roller takes the check from this sheet, its dice included."
        )
    )
    if note := difficulty_note(target):
        blocks.append(text(note))
    return blocks


def _sheet_check(values: Values, key: str, rng: random.Random) -> View:
    """A stat row's Roll: the check on that stat and its pair, rolled as the pool roller
    rolls it (Dice Mechanics; Special Dice; The Danger Track).

    The answer names the two stats, the dice (D a danger die, T a threat die), the best
    set and its botches, and keeps on the sheet the stats it paired and the dice
    (``last_check``), for the pool roller's two reroll rounds and advice.
    """
    _, stat = sheet_row(key, stat=dw.STATS)
    sheet = character_sheet(values)
    first, second = check_pair(values, stat)
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
        f"{ROUNDS} reroll rounds are left: the pool roller (on Play Danger World at the "
        "table, and on Checks, rerolls and sets) has these dice from the sheet; tap the "
        "dice to reroll, or press Advise."
    )
    # Later than the last check kept, even on a clock set back: the roller takes up the newest.
    stamp = max(time.time_ns() // 1_000_000, parse_last_check(values["last_check"])[0] + 1)
    return {
        **rolled([line], outcome, details),
        "what": f"{first} + {second}, {dice_word(len(dice))} against difficulty "
        f"{difficulty_words(target)}",
        "set": {"check_a": first, "check_b": second, "last_check": f"{stamp}: {show_faces(dice)}"},
    }


HITS_AND_RESTS = (
    ("reduced", "Reduced hit"),
    ("full", "Full hit"),
    ("overload", "Overload hit"),
    ("short", "Short rest"),
    ("long", "Long rest"),
)
"""The sheet's taps for a hit taken and a rest made (The Danger Track; issue 27, item 8)."""


def _after(action: str, values: Values) -> dw.CharacterSheet:
    """The sheet after a hit of ``action``'s kind at its danger level, or after that rest
    (The Danger Track): the rules package fills and clears the boxes."""
    sheet = character_sheet(values)
    hits: dict[str, HitKind] = {"reduced": "reduced", "full": "full", "overload": "overload"}
    if action in hits:
        return sheet.hit(hits[action])
    return sheet.rest("short" if action == "short" else "long")


def _sheet_act(action: str, values: Values) -> tuple[dict[str, Any], str]:
    """A hit taken into the damage boxes, or a rest that clears them, with the sentence
    naming each row that changed ("Rook: full hit at danger level 12: Injured 0 → 1")."""
    after = _after(action, values)
    fields: dict[str, Any] = {
        TRACK_FIELDS[t]: n for t, n in zip(TRACK_NAMES, after.damage.filled, strict=True)
    }
    changed = [
        f"{t} {values[TRACK_FIELDS[t]]} → {n}"
        for t, n in zip(TRACK_NAMES, after.damage.filled, strict=True)
        if values[TRACK_FIELDS[t]] != n
    ]
    if after.injured != character_sheet(values).injured:
        fields["injured"] = ", ".join(after.injured)
        changed.append("no stat lowered by Injured now")
    label = dict(HITS_AND_RESTS)[action]
    at = f" at danger level {values['level']}" if action in ("full", "overload") else ""
    return fields, f"{called(values)}: {label.lower()}{at}: {listing(changed)}."


def _sheet_disabled(values: Values) -> list[str]:
    """The taps with nothing to do: a hit with no box left to fill where it lands, a rest
    with nothing it clears (or a sheet the rules refuse)."""
    off = []
    for action, _ in HITS_AND_RESTS:
        try:
            if _after(action, values).damage == character_sheet(values).damage:
                off.append(action)
        except ValueError:
            off.append(action)
    return off


SHEET = sheet_widget(
    "danger-world-sheet",
    SYSTEM,
    "danger-world-character",
    (
        # A printed sheet lists only what its answer does not show: the answer gives the
        # stats, the dice left to spread, aspects, SP, the danger level and the tracks.
        Flag("starting", "New PC: the eight-dice budget applies", True, printed=False),
        *(
            Number(s, s, DEFAULT_STATS[s], dw.MIN_STAT, dw.MAX_STAT, printed=False)
            for s in dw.STATS
        ),
        ASPECTS,
        # In play: tracked with a − and a +, each tap saved at once (a Play page keeps
        # them at hand with the check's setup; the rest of the sheet folds away).
        Number(
            "level",
            "Danger level",
            1,
            1,
            MAX_LEVEL,
            track=True,
            hint="1 at the start of an episode; +1 for each danger die in a set used.",
            printed=False,
        ),
        *(
            Number(
                TRACK_FIELDS[t.name],
                f"{t.name} boxes filled",
                0,
                0,
                t.boxes,
                track=True,
                hint=f"{t.boxes} {'box' if t.boxes == 1 else 'boxes'}: {t.effect}.",
                printed=False,
            )
            for t in dw.DAMAGE_TRACKS
        ),
        Text(
            "injured",
            "Stats lowered by Injured",
            "",
            max_length=120,
            hint="One stat per filled Injured box: the source says random, the GM names "
            "it. E.g. Agility, Cool.",
        ),
        Number(
            "personal_sp",
            "Personal SP",
            3,
            0,
            MAX_STORY_POINTS,
            track=True,
            hint="The source does not say how many a session brings: the GM sets it. "
            "The sheet starts at 3, the site's placeholder. Spent SP go to the general pool.",
            printed=False,
        ),
        Number(
            "general_sp",
            "General pool SP",
            0,
            0,
            MAX_STORY_POINTS,
            track=True,
            hint="The GM pays you from it to invoke an aspect against you.",
            printed=False,
        ),
        Number(
            "bonus_held",
            "Bonus dice held",
            0,
            0,
            MAX_POOL,
            track=True,
            hint="One-use dice: a partial success gives the set's height, an extra success "
            "one per step above the difficulty. Tap − for each one you put in a check.",
            printed=False,
        ),
        CONSEQUENCES,
        SPECIAL_MOVES,
        # The check a stat's Roll makes (and the pool roller takes): not part of the character.
        Choice(
            "check_a",
            "First stat",
            _STAT_OPTIONS,
            "Agility",
            hint="A stat's Roll makes it the first stat.",
            printed=False,
        ),
        Choice(
            "check_b",
            "Second stat",
            _STAT_OPTIONS,
            "Speed",
            hint="Each stat's Roll pairs it with this one.",
            printed=False,
        ),
        replace(DIFFICULTY, printed=False),
        Number(
            "danger",
            "Danger dice in the check",
            0,
            0,
            dw.ZONES[-1].rank,
            hint="Added at will, up to your zone's rank; each one in the set used raises "
            "the danger level by one.",
            printed=False,
        ),
        Number(
            "bonus",
            "Bonus dice in the check",
            0,
            0,
            MAX_POOL,
            hint="Held bonus dice you spend, and an invoked aspect's: one per SP, +1 for a "
            "secondary aspect, +2 for a tertiary.",
            printed=False,
        ),
        Number(
            "threat",
            "Threat dice (challenge)",
            0,
            0,
            MAX_POOL,
            hint="From complications, or the GM's SP on an aspect against you. Never rerolled.",
            printed=False,
        ),
        Text(
            "last_check",
            "Dice of the last check",
            "",
            max_length=LAST_CHECK_LENGTH,
            parse=parse_last_check,
            printed=False,
        ),
    ),
    show=_sheet_show,
    unused=lambda values: ["last_check"],
    check=_sheet_check,
    play_fields=(
        "injured",
        "consequences",
        "check_a",
        "check_b",
        "difficulty",
        "danger",
        "bonus",
        "threat",
    ),
    title="Character sheet",
)
SHEET = replace(
    SHEET,
    actions=HITS_AND_RESTS,
    act=_sheet_act,
    disabled=_sheet_disabled,
    undoable=tuple(action for action, _ in HITS_AND_RESTS),
)
"""Danger World, Player Characters and The Danger Track: a PC's sheet checked by the rules,
with taps for a hit taken and a rest made."""

WIDGETS: tuple[Widget, ...] = (SHEET,)
