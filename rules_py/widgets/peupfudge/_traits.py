"""Peupfudge, 1 Characters: the traits a sheet keeps besides its abilities.

Characteristics, inventory, statuses and properties, as the sheet's fields and as the
compact blocks a Play page shows in play: a line for each kind of trait written on the
sheet, and each status as boxes a player taps from one state to the next. Example 2's
Kotorikh is the sheet's example; the rules say what a new character starts with.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_py.widgets._blocks import Block, error, listing, row_names, text, track
from rules_py.widgets._fields import Number, Text
from rules_py.widgets._sheet import row_name, sheet_rows
from rules_py.widgets.peupfudge._common import LEVEL_LIMIT, level_field

MOST_STATUS_BOXES = 20
"""The most boxes a status is drawn with in play (a tool limit, the draft sets none): a
status with more states than this is stepped under "Edit the sheet"."""

EXAMPLE_NAME = "Kotorikh"
"""Example 2's player character, whose sheet the draft prints (Peupfudge, C Examples)."""

EXAMPLE_CHARACTERISTICS: tuple[dict[str, str], ...] = (
    {"name": "Profession", "value": "Archaeologist"},
    {
        "name": "Backstory",
        "value": "an eager, inquisitive archaeologist from a far-off village, taught to read "
        "by a travelling uncle who brought him books; ancient civilizations fascinate him",
    },
)
"""Kotorikh's characteristics as his sheet lists them, the backstory in the site's words
(Peupfudge, C Examples, Example 2)."""

EXAMPLE_INVENTORY: tuple[dict[str, str], ...] = tuple(
    {"name": item}
    for item in (
        "pack (on back)",
        "magnifying glass (in pack)",
        "plant guidebook (in pack)",
        "book of olde myths (in pack)",
        "8 sheets of parchment (in pack)",
        "vial of ink (full, in pack)",
        "quill (in pack)",
        "old shovel (worn, in pack)",
        "sling (in pack)",
        "pouch (in pack)",
        "12 stones (in pouch)",
    )
)
"""Kotorikh's inventory, item by item as his sheet writes it (Peupfudge, C Examples,
Example 2; the sheet has no map, though the prose gives him one)."""

EXAMPLE_STATUSES: tuple[dict[str, Any], ...] = (
    {
        "name": "Energy",
        "current": -1,
        "minimum": -2,
        "maximum": 1,
        "states": "Exhausted, Tired, Neutral, Rested",
    },
)
"""Example 2's one status: Energy, from -2 (Exhausted) to 1 (Rested); Kotorikh starts
Tired, -1, after the long journey (Peupfudge, C Examples, Example 2)."""

EXAMPLE_PROPERTIES: tuple[dict[str, str], ...] = (
    {"name": "talented observer", "effect": "+7 bonus starting XP to Perception"},
)
"""Kotorikh's starting property (Peupfudge, C Examples, Example 2): the prose's +7 XP,
which gives the 4 (+11/16) the draft prints; the sheet's own line says +5."""


CHARACTERISTICS = sheet_rows(
    "characteristics",
    "Characteristics",
    (row_name("Characteristic"), Text("value", "Entry", "", max_length=200)),
    default=EXAMPLE_CHARACTERISTICS,
    max_rows=12,
    row_label="characteristic",
    printed=False,  # the sheet says each one
    hint="the GM's choice for the campaign: profession, species, backstory...",
)
"""Peupfudge, 1 Characters: characteristics describe who a character is (name, species,
backstory...); the name heads the sheet, the rest are listed here."""

INVENTORY = sheet_rows(
    "inventory",
    "Inventory",
    (row_name("Item"),),
    default=EXAMPLE_INVENTORY,
    max_rows=60,
    row_label="item",
    printed=False,  # the sheet lists it
    hint="one item a row, with any detail in brackets: helmet (equipped), potion (in pack)",
)
"""Peupfudge, 1 Characters: the items on a character's person, with as much detail as
needed ("helmet (equipped)")."""

PROPERTIES = sheet_rows(
    "properties",
    "Properties",
    (row_name("Property"), Text("effect", "What it does", "", max_length=80)),
    default=EXAMPLE_PROPERTIES,
    max_rows=12,
    row_label="property",
    printed=False,  # the sheet lists them
    hint="traits tracked only when they apply (deaf, blessed, stunned...), and what each "
    "does: a level modifier, an XP bonus, a factor in A",
)
"""Peupfudge, 1 Characters: properties are traits tracked only when they apply."""

STATUSES = sheet_rows(
    "statuses",
    "Statuses",
    (
        row_name("Status"),
        Number("current", "Now", 0, -LEVEL_LIMIT, LEVEL_LIMIT, track=True),
        level_field("minimum", "Lowest", 0),
        level_field("maximum", "Highest", 10),
        Text(
            "states",
            "States' names",
            "",
            max_length=200,
            hint="from the lowest to the highest, commas between (Exhausted, Tired, "
            "Neutral, Rested); blank: numbers only",
        ),
    ),
    default=EXAMPLE_STATUSES,
    max_rows=8,
    row_label="status",
    printed=False,  # the sheet prints each as boxes
    hint="the GM's statuses (health, mana, hunger...): each one's state now, between the "
    "lowest and highest the GM allows; in play, tap its boxes as it changes",
)
"""Peupfudge, 1 Characters: statuses are traits tracked all the time; the GM decides the
states each can take, what moves it and what each state does. The sheet keeps each as
a number between a lowest and a highest state, with the states' names if the GM gives
them (Example 2's Energy runs from -2, Exhausted, to 1, Rested)."""

def _state_names(row: Mapping[str, Any]) -> dict[int, str]:
    """Each state of a status by its number: its name when the GM named every state."""
    low, high = row["minimum"], row["maximum"]
    names = [n.strip() for n in str(row["states"]).split(",")] if row["states"] else []
    if len(names) != high - low + 1 or not all(names):
        names = []
    return {value: names[value - low] if names else "" for value in range(low, high + 1)}


def _state(value: int, names: Mapping[int, str]) -> str:
    """A state as the sheet says it: ``"Tired (-1)"``, or ``"-1"`` unnamed."""
    name = names.get(value, "")
    return f"{name} ({value})" if name else str(value)


def status_problems(statuses: Sequence[Mapping[str, Any]]) -> list[Block]:
    """Each status whose state is out of its own range, or whose names do not fit its
    states, said with the status's name."""
    out = []
    for name, row in zip(row_names(statuses, "Status"), statuses, strict=True):
        low, now, high = row["minimum"], row["current"], row["maximum"]
        given = str(row["states"]).split(",") if row["states"] else []
        if low > high:
            message = f"its lowest state ({low}) is above its highest ({high})"
        elif now > high:
            message = f"it is at {now}, above its highest state ({high})"
        elif now < low:
            message = f"it is at {now}, below its lowest state ({low})"
        elif given and (len(given) != high - low + 1 or not all(n.strip() for n in given)):
            message = (
                f"{len(given)} states named for the {high - low + 1} from {low} to {high}"
                if all(n.strip() for n in given)
                else "a state's name is blank"
            )
        else:
            continue
        out.append(error(f"Statuses: {name}: {message}", ["statuses"]))
    return out


def status_tracks(statuses: Sequence[Mapping[str, Any]]) -> list[Block]:
    """Each status in range as boxes (Peupfudge, 1 Characters: a status is tracked all
    the time). One box for each state above the lowest, filled up to the state now (no
    box filled: the lowest state), as Kotorikh's sheet lays Energy's states out in a
    row; tapping an empty box moves the status one state up, a filled one one state
    down, as the GM's causes move it a state at a time. A status of one state, or of
    more than :data:`MOST_STATUS_BOXES`, is said in words and stepped in Edit mode."""
    blocks: list[Block] = []
    names_of = row_names(statuses, "Status")
    for number, (name, row) in enumerate(zip(names_of, statuses, strict=True)):
        low, now, high = row["minimum"], row["current"], row["maximum"]
        if not low <= now <= high:
            continue  # said by status_problems
        names = _state_names(row)
        said = f"{_state(now, names)}, from {_state(low, names)} to {_state(high, names)}"
        boxes = high - low
        if not 0 < boxes <= MOST_STATUS_BOXES:
            blocks.append(text(f"{name}: {said}."))
            continue
        filled = now - low
        taps = []
        for n in range(boxes):
            after = now - 1 if n < filled else now + 1
            rows = [dict(r) for r in statuses]
            rows[number]["current"] = after
            taps.append(
                {
                    "set": {"statuses": rows},
                    "said": f"{name}: {_state(now, names)} → {_state(after, names)}",
                }
            )
        box_names = [f"{name} {_state(v, names)}" for v in range(low + 1, high + 1)]
        blocks.append(track(name, filled, boxes, said, taps=taps, names=box_names))
    return blocks


def trait_lines(values: Mapping[str, Any]) -> tuple[list[Block], list[Block]]:
    """The sheet's characteristics and inventory (before its abilities, as Kotorikh's sheet
    has them), and its properties (after its statuses), each kind a line of words; a kind
    with nothing written is left out (Peupfudge, 1 Characters)."""
    head: list[Block] = []
    characteristics = [
        f"{name}: {row['value']}" if row["value"] else name
        for name, row in zip(
            row_names(values["characteristics"], "Characteristic"),
            values["characteristics"],
            strict=True,
        )
    ]
    if characteristics:
        head.append(text(". ".join(characteristics) + "."))
    if values["inventory"]:
        items = row_names(values["inventory"], "Item")
        head.append(text(f"Inventory: {', '.join(items)}."))
    tail: list[Block] = []
    if values["properties"]:
        properties = [
            f"{name} ({row['effect']})" if row["effect"] else name
            for name, row in zip(
                row_names(values["properties"], "Property"), values["properties"], strict=True
            )
        ]
        tail.append(text(f"Properties: {listing(properties)}."))
    return head, tail
