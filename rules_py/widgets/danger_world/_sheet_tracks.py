"""The Danger World sheet's tracks, tapped box by box: damage, the danger level, story
points and bonus dice held, and the taps for a hit taken and a rest made (Danger World,
The Danger Track; Aspects and Story Points; Dice Mechanics).

Split from :mod:`._sheet` by chapter, as the project's rule asks (docs/architecture.md,
"One shape for every system": no module is much over 600 lines; one that grows past
that splits by chapter).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_py.systems import danger_world as dw
from rules_py.systems.danger_world._common import MAX_POOL
from rules_py.systems.danger_world.danger_track import TRACK_NAMES, ZONE_SIZE, HitKind
from rules_py.widgets._blocks import Block, counter_taps, facts, listing, text, track
from rules_py.widgets._sheet import called
from rules_py.widgets._widget import Values
from rules_py.widgets.danger_world._common import dice_word
from rules_py.widgets.danger_world._sheet_fields import (
    MAX_LEVEL,
    TRACK_FIELDS,
    character_sheet,
)

BONUS_BOXES = 6
"""The boxes the sheet draws for bonus dice held, one more whenever all are ticked (the
source sets no number: a row of boxes to tick, up to :data:`MAX_POOL`)."""

MOST_SP_BOXES = 12
"""The most story points drawn as boxes (yours and the general pool's); more are typed in
Edit mode (the source sets no number)."""


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


def sheet_act(action: str, values: Values) -> tuple[dict[str, Any], str]:
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


def sheet_disabled(values: Values) -> list[str]:
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
