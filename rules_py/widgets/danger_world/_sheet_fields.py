"""The Danger World sheet's fields: its limits and example PC, where it is kept, its last
check, its long-term consequences and special moves, and the form read into the rules'
sheet (Danger World, Player Characters; Aspects and Story Points; The Danger Track).

Split from :mod:`._sheet` by chapter, as the project's rule asks (docs/architecture.md,
"One shape for every system": no module is much over 600 lines; one that grows past
that splits by chapter). :mod:`._sheet_checks` and :mod:`._sheet_tracks` read the form through
:func:`character_sheet`; :mod:`._sheet` assembles the widget from them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rules_py.systems import danger_world as dw
from rules_py.systems._params import refusal
from rules_py.systems.danger_world.danger_track import LONG_TERM_CONSEQUENCES, TRACK_NAMES
from rules_py.widgets._fields import Text
from rules_py.widgets._sheet import row_name, sheet_rows
from rules_py.widgets._widget import Refusal, Values
from rules_py.widgets.danger_world._aspects import aspect_tree
from rules_py.widgets.danger_world._common import SYSTEM
from rules_py.widgets.danger_world._pool import parse_faces

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
"""The pool roller a stat's Roll hands its dice to (``_roller.ROLLER``, which imports the
sheet): the Play page shows it under the check's result."""

STORE = "danger-world-character"
"""Where the browser keeps the sheet (its fence's ``store``); the pool roller reads it."""

TRACK_FIELDS = {name: "track_" + re.sub(r"[^a-z]", "", name.lower()) for name in TRACK_NAMES}

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


def stats_in_play(values: Values) -> dict[str, int]:
    """The stats a check rolls: lowered by the Injured boxes the GM named (The Danger
    Track), or as entered while the sheet breaks a rule elsewhere."""
    try:
        return character_sheet(values).effective_stats
    except ValueError:
        return {s: values[s] for s in dw.STATS}
