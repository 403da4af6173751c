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
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rules_py.systems import danger_world as dw
from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import MAX_POOL
from rules_py.systems.danger_world.danger_track import (
    LONG_TERM_CONSEQUENCES,
    TRACK_NAMES,
    ZONE_SIZE,
    HitKind,
)
from rules_py.systems.danger_world.rerolls import ROUNDS
from rules_py.views import View
from rules_py.widgets import _sheet as toolkit
from rules_py.widgets._blocks import (
    Block,
    CheckRow,
    counter_taps,
    edit_only,
    error,
    facts,
    listing,
    rolled,
    sheet_checks,
    table,
    text,
    track,
)
from rules_py.widgets._fields import Choice, Flag, Number, Text
from rules_py.widgets._sheet import (
    NAME,
    called,
    problems_beside,
    row_name,
    sheet_rows,
    sheet_widget,
)
from rules_py.widgets._widget import Refusal, Values, Widget
from rules_py.widgets.danger_world._aspects import ASPECTS, aspect_rows, aspect_tree
from rules_py.widgets.danger_world._common import (
    DIFFICULTY,
    ROUND_NAMES,
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
"""The example PC's stats, the eight dice spread (one die in each stat, eight more)."""

EXAMPLE_NAME = "Rook"
"""The example PC the sheet's defaults are (the site's own: the source has none), whom a
first visit to the Play page plays: a soldier and sniper, curious and loyal."""

ROLLER_NAME = "danger-world-roller"
"""The pool roller a stat's Roll hands its dice to (``_roller.ROLLER``, which imports this
module): the Play page shows it under the check's result."""

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


BONUS_BOXES = 6
"""The boxes the sheet draws for bonus dice held, one more whenever all are ticked (the
source sets no number: a row of boxes to tick, up to :data:`MAX_POOL`)."""

MOST_SP_BOXES = 12
"""The most story points drawn as boxes (yours and the general pool's); more are typed in
Edit mode (the source sets no number)."""


@lru_cache(maxsize=256)
def pool_chance(dice: int, difficulty: int) -> Fraction:
    """The exact chance that ``dice`` normal and danger dice succeed at ``difficulty`` with
    both reroll rounds played well (Dice Mechanics; the solver of
    :func:`rules_py.systems.danger_world.success_chance`), kept for the sheet's next answer:
    a sheet asks for every pair of its stats at once."""
    return dw.success_chance(dice, difficulty, ROUNDS)


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


def _box_name(name: str, boxes: int, n: int) -> str:
    return name if boxes == 1 else f"{name} {n + 1}"


def damage_said(damage: dw.Damage, injured: Sequence[str]) -> str:
    """What the filled damage boxes do now, in the sheet's words (The Danger Track)."""
    effects = []
    if damage.threat_dice:
        effects.append(f"{dice_word(damage.threat_dice, 'threat')} in every check (Bashed)")
    if damage.lost_dice:
        effects.append(f"{dice_word(damage.lost_dice)} fewer in every pool (Stunned)")
    if damage.trait_reductions:
        lowered = damage.trait_reductions
        named = f": {', '.join(injured)}" if injured else ""
        effects.append(f"{lowered} stat{'' if lowered == 1 else 's'} one lower (Injured{named})")
    if damage.dead:
        effects.append("dead (the Dead box: semi-permanent), no actions")
    elif not damage.can_act:
        effects.append("unconscious, no actions (K.O.'d)")
    return listing(effects) if effects else "no damage"


def _damage_fields(damage: dw.Damage, injured: Sequence[str]) -> dict[str, Any]:
    """The form's values for ``damage``: each row's count, and the Injured stats trimmed to
    the Injured boxes left."""
    fields: dict[str, Any] = {
        TRACK_FIELDS[t]: n for t, n in zip(TRACK_NAMES, damage.filled, strict=True)
    }
    fields["injured"] = ", ".join(injured[: damage.trait_reductions])
    return fields


def damage_taps(
    damage: dw.Damage, injured: Sequence[str]
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """What tapping an empty damage box does and what tapping a filled one does (None when
    there is no such box): an empty one fills the leftmost unfilled box, as a reduced hit
    does; a filled one clears the last filled box (The Danger Track). Each ``{"set",
    "said"}``, the Injured stats named trimmed to the Injured boxes left."""
    fill = clear = None
    if sum(damage.filled) < sum(t.boxes for t in dw.DAMAGE_TRACKS):
        ticked = damage.hit("reduced", dw.ZONES[0].first)
        row = next(
            t for t, a, b in zip(TRACK_NAMES, damage.filled, ticked.filled, strict=True) if a != b
        )
        fill = {
            "set": _damage_fields(ticked, injured),
            "said": f"Damage: {row} {damage.boxes(row)} → {ticked.boxes(row)}",
        }
    last = next((t for t in reversed(TRACK_NAMES) if damage.boxes(t)), None)
    if last is not None:
        cleared = damage.clear(last)
        clear = {
            "set": _damage_fields(cleared, injured),
            "said": f"Damage: {last} {damage.boxes(last)} → {cleared.boxes(last)}",
        }
    return fill, clear


def damage_tracks(damage: dw.Damage, injured: Sequence[str]) -> list[Block]:
    """The damage boxes (The Danger Track), Bashed to Dead, each named: one track while the
    filled boxes run from the left, as reduced hits fill them; a track per row once a hit
    of the current zone left a gap (a track draws its filled boxes from the left)."""
    said = damage_said(damage, injured)
    fill, clear = damage_taps(damage, injured)
    flat = [n < filled for t, filled in zip(dw.DAMAGE_TRACKS, damage.filled, strict=True)
            for n in range(t.boxes)]
    count = sum(flat)
    if all(flat[:count]):
        names = [_box_name(t.name, t.boxes, n) for t in dw.DAMAGE_TRACKS for n in range(t.boxes)]
        # A filled box clears the last filled one, an empty box fills the leftmost empty one.
        taps = [tap for tap in (clear if ticked else fill for ticked in flat) if tap is not None]
        # No damage: the empty boxes (each named "... empty") say it, in no more room.
        return [track("Damage", count, len(flat), said if count else "", taps=taps, names=names)]
    blocks = []
    for t, n in zip(dw.DAMAGE_TRACKS, damage.filled, strict=True):
        cleared = damage.clear(t.name) if n else damage
        added = dw.damage_from_list(
            [m + (1 if u.name == t.name and m < t.boxes else 0)
             for u, m in zip(dw.DAMAGE_TRACKS, damage.filled, strict=True)]
        )
        taps = [
            {"set": _damage_fields(cleared, injured), "said": f"{t.name}: {n} → {n - 1}"}
            if box < n
            else {"set": _damage_fields(added, injured), "said": f"{t.name}: {n} → {n + 1}"}
            for box in range(t.boxes)
        ]
        blocks.append(
            track(f"Damage: {t.name}", n, t.boxes, f"{n} of {t.boxes}", taps=taps,
                  names=[_box_name(t.name, t.boxes, b) for b in range(t.boxes)])
        )
    blocks.append(text(f"Damage: {said}."))
    return blocks


def danger_track(level: int) -> Block:
    """The danger level as boxes (The Danger Track): the five levels of the stretch it is
    in and the first of the next, so that a tap always has a box to fill; a tap on an
    empty box raises the level by one, on a filled box lowers it (never below 1)."""
    first = (level - 1) // ZONE_SIZE * ZONE_SIZE + 1
    levels = range(first, first + ZONE_SIZE + 1)
    zone = dw.zone(level)
    up, down = min(level + 1, MAX_LEVEL), max(level - 1, dw.ZONES[0].first)
    taps = [
        {"set": {"level": down if n <= level else up},
         "said": f"Danger level: {level} → {down if n <= level else up}"}
        for n in levels
    ]
    return track(
        "Danger level",
        level - first + 1,
        len(levels),
        f"{level}, zone {zone.rank}: up to {dice_word(zone.danger_dice, 'danger')}",
        taps=taps,
        names=[f"Danger level {n} (zone {dw.zone(n).rank})" for n in levels],
    )


def story_points(personal: int, general: int) -> Block:
    """Story points as boxes (Aspects and Story Points): yours filled, the general pool's
    empty; a tap on a filled box spends one into the general pool, on an empty box the GM
    pays one from it to you. Typed in Edit mode past :data:`MOST_SP_BOXES`."""
    said = f"{personal} yours, {general} in the pool"
    total = personal + general
    if not 0 < total <= MOST_SP_BOXES:
        return facts([("Story points", said, "Typed in Edit mode")])
    spend = {"set": {"personal_sp": personal - 1, "general_sp": general + 1},
             "said": f"Story points: spent one, {personal} → {personal - 1} yours"}
    paid = {"set": {"personal_sp": personal + 1, "general_sp": general - 1},
            "said": f"Story points: the GM paid one, {personal} → {personal + 1} yours"}
    return track(
        "Story points",
        personal,
        total,
        said,
        taps=[spend if n < personal else paid for n in range(total)],
        names=[f"Story point {n + 1}" for n in range(total)],
    )


def bonus_track(held: int) -> Block:
    """Bonus dice held, as boxes (Dice Mechanics: each used once)."""
    total = min(MAX_POOL, max(BONUS_BOXES, held + 1))
    return track(
        "Bonus dice held",
        held,
        total,
        f"{held} held",
        taps=counter_taps("bonus_held", "Bonus dice held", held, total),
    )


def aspects_said(tree: dw.AspectTree) -> str:
    """The aspects in one line (Aspects and Story Points): each with the times it was used
    (×2) and the bonus dice a secondary or tertiary adds when invoked (+1, +2)."""
    said: list[str] = []

    def visit(aspect: dw.Aspect, depth: int) -> None:
        bonus = dw.ASPECT_BONUS[("primary", "secondary", "tertiary")[depth]]
        said.append(
            ("› " * depth)
            + aspect.name
            + (f" +{bonus}" if bonus else "")
            + (f" ×{aspect.uses}" if aspect.uses else "")
        )
        for child in aspect.children:
            visit(child, depth + 1)

    for primary in tree.primaries:
        visit(primary, 0)
    return f"Aspects: {', '.join(said)}." if said else "No aspects yet."


def _sheet_show(values: Values) -> list[Block]:
    sheet = character_sheet(values)
    name = called(values)
    blocks = problems_beside(sheet.problems())
    damage = sheet.damage
    stats = sheet.effective_stats
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
    elif damage.can_act:
        try:
            pool_dice(pool_values(values, stats, first, second))
        except Refusal as broken:
            blocks.append(error(str(broken), broken.fields))
    target = int(values["difficulty"])
    blocks.append(
        sheet_checks(
            f"{name}'s stats (Injured counted) and their chances",
            stat_rows(values, stats, damage.can_act),
        )
    )
    if not damage.can_act:
        blocks.append(text(no_check(name, damage)))
    if note := difficulty_note(target):
        blocks.append(text(note))
    blocks += damage_tracks(damage, sheet.injured)
    blocks.append(danger_track(sheet.danger_level))
    blocks.append(story_points(sheet.story_points.personal, sheet.story_points.general))
    blocks.append(bonus_track(values["bonus_held"]))
    blocks.append(text(aspects_said(sheet.aspects)))
    if kept := [row for row in values["consequences"] if row["kind"] or row["note"]]:
        blocks.append(
            text(
                "Long-term consequences: "
                + listing(
                    " — ".join(str(part) for part in (row["kind"], row["note"]) if part)
                    for row in kept
                )
                + "."
            )
        )
    blocks.append(
        edit_only(
            facts(
                [
                    (
                        "Dice to spread",
                        f"{sheet.dice_left} of {dw.DICE_TO_SPREAD} left"
                        if sheet.starting
                        else "creation done",
                        "One die in each stat, then eight more; each stat 1 to 4",
                    ),
                ]
            )
        )
    )
    rows, unlocked = aspect_rows(sheet.aspects)
    if rows:
        blocks.append(
            edit_only(
                table(
                    f"{name}'s aspects",
                    ["Aspect", "Level", "Used", "Bonus dice", "Beneath it"],
                    rows,
                    hits=unlocked,
                )
            )
        )
    return blocks


def _sheet_check(values: Values, key: str, rng: random.Random) -> View:
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


FRESH: Mapping[str, Any] = {
    "name": "",
    "starting": True,
    **dw.starting_stats(),
    "aspects": [],
    "level": dw.ZONES[0].first,
    "bonus_held": 0,
    "special_moves": [],
}
"""A new PC as the rules start one (Player Characters; The Danger Track): a die in each
stat and the eight to spread, no aspect written yet (three known primaries to choose),
danger level 1, no damage; the story points keep the sheet's placeholder (the source
gives no number)."""

SHEET = sheet_widget(
    "danger-world-sheet",
    SYSTEM,
    "danger-world-character",
    (
        # A printed sheet lists only what its answer does not show: the answer gives the
        # stats, the dice left to spread, aspects, SP, the danger level, the tracks, the
        # stats Injured lowers and the long-term consequences.
        Flag("starting", "New PC: the eight-dice budget applies", True, printed=False),
        *(
            Number(s, s, DEFAULT_STATS[s], dw.MIN_STAT, dw.MAX_STAT, printed=False)
            for s in dw.STATS
        ),
        ASPECTS,
        # In play: ticked box by box in the answer, each tap saved at once; typed (with a −
        # and a +) in Edit mode.
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
            printed=False,
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
            "one per step above the difficulty. Clear a box for each one you put in a check.",
            printed=False,
        ),
        replace(CONSEQUENCES, printed=False),  # the answer says them
        SPECIAL_MOVES,
        # The check a stat's Roll makes (and the pool roller takes): not part of the character.
        Choice(
            "check_a",
            "First stat",
            _STAT_OPTIONS,
            "Agility",
            hint="A stat's Roll makes it the first stat; the pool roller rolls these two.",
            printed=False,
        ),
        Choice(
            "check_b",
            "Second stat",
            _STAT_OPTIONS,
            "Speed",
            hint="A stat's row pairs it with this one until you pick another at its Roll.",
            printed=False,
        ),
        # The check's own dice, kept at hand on a Play page: short, without hints (the
        # page's text says what each holds), so that the sheet fits a phone (issue 29).
        replace(DIFFICULTY, printed=False, hint=""),
        Number(
            "danger",
            "Danger dice",
            0,
            0,
            dw.ZONES[-1].rank,
            printed=False,
        ),
        Number(
            "bonus",
            "Bonus dice",
            0,
            0,
            MAX_POOL,
            printed=False,
        ),
        Number(
            "threat",
            "Threat dice",
            0,
            0,
            MAX_POOL,
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
    # What a check's chance is rolled against; the rest (the partner stat: a Roll picks it;
    # the challenge's threat dice, which change no chance) is set in Edit mode or ticked in
    # the answer's boxes, so that the sheet fits a phone (issue 29).
    play_fields=("difficulty", "danger", "bonus"),
    title="Character sheet",
    heading=replace(NAME, default=EXAMPLE_NAME),
    fresh=FRESH,
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
