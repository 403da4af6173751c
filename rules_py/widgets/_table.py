"""The GM's table: the party, quick NPCs and the turn order of one system, kept as one value.

A GM page (``/<system>/gm/``, issue 30) is one widget, made by :func:`gm_widget` from a
system's :class:`TableRules`. Its whole table (named parties of player characters, one of
them at the table, the NPCs, the turn order, the round) is one JSON value kept in a hidden
field, so that the page saves it at once, follows it in other tabs, offers Undo and
exports it as one versioned file, as it does any widget's values. Python reads, checks,
changes and draws it; the page only carries it.

A party member is a copy of a character sheet (the system's sheet widget's values),
brought in from this browser's characters, a player's share link or an exported file.
Its line shows what a GM asks of it in that system (:attr:`TableRules.party_line`), the
sheet's own tracks (ticked here, with Undo) and every check the sheet rolls, with its
chance. An NPC is a stat line (:attr:`TableRules.npc_fields`) with its own tracks and
checks. The turn order follows the system's rule (:attr:`TableRules.initiative`), or is
arranged by the GM where the source has none.
"""

from __future__ import annotations

import base64
import binascii
import json
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_py.views import View
from rules_py.widgets._blocks import Block, listing
from rules_py.widgets._fields import Field, read_values
from rules_py.widgets._sheet import ROW_NAME_LENGTH
from rules_py.widgets._widget import (
    Values,
    Widget,
    refusals,
)

TABLE = "table"
"""The hidden field holding the whole table as JSON."""
TABLE_VERSION = 1
"""The version of the table's JSON (and of the file Export writes around it)."""
MAX_NPCS = 60
"""The most NPCs a table keeps (no fixed cap on combatants below that: 60 NPCs and a
party of 20 make a turn order of 80)."""
MAX_PARTIES = 12
MAX_MEMBERS = 20
"""The most characters one party holds."""
MAX_COUNT = 20
"""The most NPCs one "x N" adds."""
MAX_LINK = 20_000
"""The longest share link the page reads (share.js writes none longer)."""

Stats = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Combatant:
    """Someone in the turn order: a party member (``pc``, its sheet's values) or an NPC
    (its stat line), by its id on the table."""

    id: str
    name: str
    pc: bool
    stats: Stats


@dataclass(frozen=True, slots=True)
class Placed:
    """A combatant's place in the turn order as a system's rule gives it: ``score`` the
    number shown ("17", or "" where the GM arranges), ``line`` the dice rolled for it (a
    :func:`~rules_py.widgets._blocks.roll_line` line) and ``note`` what it means ("head
    start"); the list the rule answers is in turn order."""

    id: str
    score: int | None
    line: Mapping[str, Any] | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class TableRules:
    """What one system's GM page needs of its rules.

    ``sheet`` is the system's character sheet (party members are its values) and
    ``store`` where its Play page keeps them (this browser's characters). ``party_line``
    words what a GM asks of a member ("Wounds 4 of 6, Resolve +5, initiative +6").
    ``npc_fields`` is a quick NPC's stat line (just the fields its checks need; the form
    offers them prefixed ``npc_``); ``npc_line`` words it, ``npc_tracks`` gives its
    tracks (track blocks whose taps ``set`` its fields) and ``npc_checks`` its checks
    (:class:`~rules_py.widgets._blocks.CheckRow`, keys of its own), rolled by
    ``npc_check``. ``presets`` are the source's example characters or opponents as
    ``(name, stats)``. ``initiative`` orders the combatants the system's way (None: the
    source has no initiative rule, and the GM arranges a plain order), as
    ``order_note`` says, citing the rule. ``gm_blocks`` are the GM's tables.
    """

    name: str
    system: str
    sheet: Widget
    store: str
    party_line: Callable[[Values], str]
    npc_fields: tuple[Field, ...]
    npc_line: Callable[[Stats], str]
    npc_tracks: Callable[[Stats], list[Block]]
    npc_checks: Callable[[Stats], list[Any]]
    npc_check: Callable[[Stats, str, random.Random], View]
    order_note: str
    initiative: Callable[[Sequence[Combatant], random.Random], list[Placed]] | None = None
    presets: tuple[tuple[str, Stats], ...] = ()
    gm_blocks: Callable[[Values], list[Block]] = field(default=lambda _: [])


def empty_table() -> dict[str, Any]:
    """A table with one empty party, no NPCs and no turn order."""
    return {
        "version": TABLE_VERSION,
        "parties": [{"name": "Party 1", "members": []}],
        "active": 0,
        "npcs": [],
        "order": [],
        "turn": 0,
        "round": 0,
        "next": 1,
    }


class Table:
    """The table's JSON, read and checked against a system's rules (``ValueError`` with the
    reason for anything else: a damaged or foreign value never reaches the page)."""

    def __init__(self, rules: TableRules, raw: object) -> None:
        self.rules = rules
        data = json.loads(raw) if isinstance(raw, str) and raw else raw or empty_table()
        if not isinstance(data, dict):
            raise ValueError("The table is not a set of named values")
        if data.get("version") != TABLE_VERSION:
            raise ValueError(
                f"The table's version is {data.get('version')!r}: this page reads version "
                f"{TABLE_VERSION}, so it may come from a newer Rollbook"
            )
        parties = data.get("parties")
        if not isinstance(parties, list) or not 1 <= len(parties) <= MAX_PARTIES:
            raise ValueError(f"The table must hold 1 to {MAX_PARTIES} parties")
        self.parties: list[dict[str, Any]] = []
        for party in parties:
            members = party.get("members") if isinstance(party, dict) else None
            if not isinstance(members, list) or len(members) > MAX_MEMBERS:
                raise ValueError(f"A party holds a list of at most {MAX_MEMBERS} characters")
            self.parties.append(
                {
                    "name": _name(party.get("name"), "A party"),
                    "members": [self._member(m) for m in members],
                }
            )
        active = data.get("active")
        if not isinstance(active, int) or isinstance(active, bool):
            raise ValueError("The table's active party is not a number")
        self.active = min(max(active, 0), len(self.parties) - 1)
        npcs = data.get("npcs")
        if not isinstance(npcs, list) or len(npcs) > MAX_NPCS:
            raise ValueError(f"The table holds a list of at most {MAX_NPCS} NPCs")
        self.npcs = [self._npc(n) for n in npcs]
        self.next = _whole(data.get("next", 1), "The table's next id", 1, 10**9)
        ids = [m["id"] for m in self.members] + [n["id"] for n in self.npcs]
        if len(set(ids)) != len(ids):
            raise ValueError("Two of the table's characters have the same id")
        order = data.get("order")
        if not isinstance(order, list):
            raise ValueError("The turn order is not a list")
        present = set(ids)
        self.order = [self._placed(p) for p in order]
        self.order = [p for p in self.order if p["id"] in present]
        self.round = _whole(data.get("round", 0), "The round", 0, 10**6)
        self.turn = _whole(data.get("turn", 0), "The turn", 0, 10**6)
        if self.order and self.turn >= len(self.order):
            self.turn = 0

    # Reading -------------------------------------------------------------------------

    def _member(self, raw: object) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise ValueError("A party member is not a set of named values")
        member = {"id": _id(raw.get("id")), "values": self._sheet(raw.get("values"))}
        if raw.get("newer") is not None:
            member["newer"] = self._sheet(raw.get("newer"))
        return member

    def _sheet(self, raw: object) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise ValueError("A party member's sheet is not a set of named values")
        values, errors = read_values(self.rules.sheet.fields, raw)
        if errors:
            raise ValueError(f"A party member's sheet is refused: {errors[0]}")
        return dict(values)

    def _npc(self, raw: object) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise ValueError("An NPC is not a set of named values")
        stats, errors = read_values(self.rules.npc_fields, raw.get("stats") or {})
        if errors:
            raise ValueError(f"An NPC's stat line is refused: {errors[0]}")
        return {"id": _id(raw.get("id")), "name": _name(raw.get("name"), "An NPC"), "stats": stats}

    def _placed(self, raw: object) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise ValueError("A place in the turn order is not a set of named values")
        score = raw.get("score")
        if score is not None:
            score = _whole(score, "An initiative", -1000, 1000)
        return {
            "id": _id(raw.get("id")),
            "score": score,
            "note": str(raw.get("note") or "")[:80],
            "dice": str(raw.get("dice") or "")[:200],
        }

    @property
    def party(self) -> dict[str, Any]:
        return self.parties[self.active]

    @property
    def members(self) -> list[dict[str, Any]]:
        return [m for p in self.parties for m in p["members"]]

    def name_of(self, member: Mapping[str, Any]) -> str:
        return self.rules.sheet.character_name(member["values"])

    def combatants(self) -> list[Combatant]:
        """The active party, then the NPCs."""
        pcs = [
            Combatant(m["id"], self.name_of(m), True, m["values"]) for m in self.party["members"]
        ]
        npcs = [Combatant(n["id"], n["name"], False, n["stats"]) for n in self.npcs]
        return pcs + npcs

    def find(self, who: str) -> Combatant:
        for c in self.combatants():
            if c.id == who:
                return c
        raise ValueError("That character is no longer at the table")

    def dumps(self) -> str:
        return json.dumps(
            {
                "version": TABLE_VERSION,
                "parties": self.parties,
                "active": self.active,
                "npcs": self.npcs,
                "order": self.order,
                "turn": self.turn,
                "round": self.round,
                "next": self.next,
            },
            separators=(",", ":"),
        )

    def new_id(self, prefix: str) -> str:
        made = f"{prefix}{self.next}"
        self.next += 1
        return made

    # Changing -------------------------------------------------------------------------

    def add_members(self, sheets: Iterable[Mapping[str, Any]]) -> str:
        """Add characters to the active party: one already there by name keeps its line,
        and a different copy of it waits as ``newer`` until the GM replaces it."""
        added, waiting, same = [], [], []
        for raw in sheets:
            values = self._sheet(raw)
            if refused := refusals(self.rules.sheet.panel(values)):
                raise ValueError(f"{self.rules.sheet.character_name(values)}: {refused[0]}")
            name = self.rules.sheet.character_name(values)
            there = next((m for m in self.party["members"] if self.name_of(m) == name), None)
            if there is None:
                if len(self.party["members"]) >= MAX_MEMBERS:
                    raise ValueError(f"A party holds at most {MAX_MEMBERS} characters")
                self.party["members"].append({"id": self.new_id("m"), "values": values})
                added.append(name)
            elif there["values"] == values:
                same.append(name)
            else:
                there["newer"] = values
                waiting.append(name)
        said = []
        if added:
            said.append(f"Added {listing(added)} to {self.party['name']}.")
        if waiting:
            said.append(
                f"A different copy of {listing(waiting)} came in: it waits on "
                f"{'its' if len(waiting) == 1 else 'their'} line until you replace the one "
                "at the table."
            )
        if same:
            said.append(f"{listing(same)} {'is' if len(same) == 1 else 'are'} already here as is.")
        return " ".join(said) or "No characters came in."

    def remove(self, who: str) -> str:
        name = self.find(who).name
        for party in self.parties:
            party["members"] = [m for m in party["members"] if m["id"] != who]
        self.npcs = [n for n in self.npcs if n["id"] != who]
        at = next((i for i, p in enumerate(self.order) if p["id"] == who), None)
        if at is not None:
            del self.order[at]
            if at < self.turn:
                self.turn -= 1
            if self.turn >= len(self.order):
                self.turn = 0
        return f"{name} left the table."


def _whole(raw: object, what: str, least: int, most: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not least <= raw <= most:
        raise ValueError(f"{what} is not a whole number from {least} to {most}")
    return raw


def _id(raw: object) -> str:
    if not isinstance(raw, str) or not re.fullmatch(r"[mn][0-9]{1,9}", raw):
        raise ValueError(f"{raw!r} is not an id of the table's")
    return raw


def _name(raw: object, what: str) -> str:
    if not isinstance(raw, str) or not raw.strip() or len(raw) > ROW_NAME_LENGTH:
        raise ValueError(f"{what}'s name must be 1 to {ROW_NAME_LENGTH} characters")
    return raw.strip()


def read_link(link: str) -> dict[str, Any]:
    """The values a Rollbook share link carries: a sheet shared (``#share=<id>:<data>``) or
    a roll from one (``#rolled=...&values=<data>``), base64url JSON (docs/assets/rollbook/
    share.js writes both)."""
    fragment = link.strip().partition("#")[2]
    found = re.match(r"share=[A-Za-z0-9_-]+:([A-Za-z0-9_-]+)$", fragment) or re.search(
        r"(?:^|&)values=([A-Za-z0-9_-]+)", fragment
    )
    if not found:
        raise ValueError(
            "This is not a link to a character: paste the link a player's Share copied "
            "from their sheet"
        )
    data = found.group(1)
    try:
        values = json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise ValueError("This link's character cannot be read: it may be cut short") from None
    if not isinstance(values, dict):
        raise ValueError("This link does not carry a character's sheet")
    return values


