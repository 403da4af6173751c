"""The GM page's widget: the GM's table (:mod:`~rules_py.widgets._table`) as a form whose
actions add characters and NPCs, roll and advance the turn order and tick tracks, and
whose answer draws a line for each one at the table (issue 30)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from rules_py._log import log_entry, parts_text
from rules_py.views import View
from rules_py.widgets._blocks import Block, buttons, group, listing, table, text
from rules_py.widgets._fields import Choice, Field, Number, Text, read_values
from rules_py.widgets._sheet import ROW_NAME_LENGTH
from rules_py.widgets._table import (
    MAX_COUNT,
    MAX_LINK,
    MAX_NPCS,
    MAX_PARTIES,
    TABLE,
    Placed,
    Table,
    TableRules,
    empty_table,
    read_link,
)
from rules_py.widgets._widget import (
    INCOMING,
    MAX_CHARACTERS,
    MAX_IMPORT_CHARS,
    Values,
    Widget,
)


def gm_widget(rules: TableRules) -> Widget:
    """The GM page's widget for ``rules`` (see the module's docstring)."""
    sheet = rules.sheet
    npc_form = tuple(_prefixed(f) for f in rules.npc_fields)
    presets = (("", "None: the stat line below"), *((name, name) for name, _ in rules.presets))
    fields: tuple[Field, ...] = (
        Text(
            TABLE,
            "Table",
            json.dumps(empty_table()),
            max_length=MAX_IMPORT_CHARS,
            parse=lambda raw: Table(rules, raw),
            printed=False,
        ),
        Text(INCOMING, "Incoming", "", max_length=MAX_IMPORT_CHARS, printed=False),
        Text(
            "link",
            "A player's share link",
            "",
            max_length=MAX_LINK,
            hint="Paste the link their sheet's Share copied, then Add from link.",
        ),
        Text(
            "party_name",
            "New party's name",
            "",
            max_length=ROW_NAME_LENGTH,
            hint="Optional: Party 2, Party 3... by default.",
        ),
        Text(
            "npc_name",
            "NPC's name",
            "",
            max_length=ROW_NAME_LENGTH - 3,
            hint="Guard x 4 becomes Guard 1 to Guard 4.",
        ),
        Number("npc_count", "How many", 1, 1, MAX_COUNT),
        *((Choice("npc_preset", "From the source", presets, ""),) if rules.presets else ()),
        *npc_form,
        Text(
            "who",
            "Whose initiative",
            "",
            max_length=ROW_NAME_LENGTH,
            hint="A name at the table, then its number and Set initiative.",
        ),
        Number("score", "Initiative", 10, -99, 99),
    )

    def read(values: Values) -> Table:
        return Table(rules, values[TABLE])

    def act(name: str, values: Values) -> tuple[Mapping[str, Any], str]:
        table = read(values)
        base, _, arg = name.partition(":")
        done: dict[str, Any] = {}
        if base == "add_roster":
            said = table.add_members(
                _characters(
                    values[INCOMING],
                    "No characters are kept in this browser for this system yet: make one "
                    "on the Play page",
                )
            )
            done[INCOMING] = ""
        elif base == "add_file":
            loaded = sheet.load(values[INCOMING])
            said = table.add_members(loaded["characters"])
            if loaded["left_out"]:
                said += f" Left out: {'; '.join(loaded['left_out'])}."
            done[INCOMING] = ""
        elif base == "add_link":
            if not values["link"]:
                raise ValueError("Paste a player's share link first")
            said = table.add_members([read_link(values["link"])])
            done["link"] = ""
        elif base == "add_npc":
            said = _add_npcs(rules, table, values)
        elif base == "new_party":
            if len(table.parties) >= MAX_PARTIES:
                raise ValueError(f"A table keeps at most {MAX_PARTIES} parties")
            party = values["party_name"] or f"Party {len(table.parties) + 1}"
            if party in [p["name"] for p in table.parties]:
                raise ValueError(f"There is already a party called {party}")
            table.parties.append({"name": party, "members": []})
            table.active = len(table.parties) - 1
            table.order, table.turn, table.round = [], 0, 0
            said = f"{party} is at the table now, empty: add its characters."
            done["party_name"] = ""
        elif base == "party":
            table.active = _index(arg, len(table.parties))
            table.order, table.turn, table.round = [], 0, 0
            said = f"{table.party['name']} is at the table now."
        elif base == "drop_party":
            at = _index(arg, len(table.parties))
            if len(table.parties) == 1:
                raise ValueError("The table keeps at least one party")
            gone = table.parties.pop(at)
            table.active = 0 if table.active == at else table.active - (table.active > at)
            said = f"{gone['name']} is gone from the table."
        elif base == "remove":
            said = table.remove(arg)
        elif base in ("replace", "keep"):
            member = next((m for m in table.members if m["id"] == arg and "newer" in m), None)
            if member is None:
                raise ValueError("No newer copy of that character is waiting")
            newer = member.pop("newer")
            if base == "replace":
                member["values"] = newer
                said = f"{table.name_of(member)}'s newer copy is at the table now."
            else:
                said = f"{table.name_of(member)} stays as it was; the newer copy is dropped."
        elif base == "set":
            who, _, change = arg.partition(":")
            said = _set(rules, table, who, change)
        elif base == "roll_order":
            said = _roll_order(rules, table, random.Random())
        elif base == "set_score":
            said = _set_score(table, values["who"], values["score"])
        elif base in ("up", "down"):
            # Before the first Next turn of an order the GM arranges, the turn is the
            # first place's, whoever is moved into it.
            arranging = rules.initiative is None and table.round <= 1 and table.turn == 0
            said = _move(table, arg, -1 if base == "up" else 1, keep_place=arranging)
        elif base == "next_turn":
            if not table.order:
                raise ValueError("There is no turn order yet: roll or set it first")
            table.turn += 1
            if table.turn >= len(table.order):
                table.turn, table.round = 0, table.round + 1
                said = f"Round {table.round}: {table.find(table.order[0]['id']).name}'s turn."
            else:
                said = f"{table.find(table.order[table.turn]['id']).name}'s turn."
        elif base == "next_round":
            if not table.order:
                raise ValueError("There is no turn order yet: roll or set it first")
            table.turn, table.round = 0, table.round + 1
            said = f"Round {table.round}: {table.find(table.order[0]['id']).name}'s turn."
        elif base == "end_fight":
            table.order, table.turn, table.round = [], 0, 0
            said = "The fight is over: the turn order is cleared."
        else:  # pragma: no cover - panel() refuses an action the widget does not list
            raise ValueError(f"no action {name!r}")
        done[TABLE] = table.dumps()
        return done, said

    def show(values: Values) -> list[Block]:
        return _show(rules, read(values), values)

    def check(values: Values, key: str, rng: random.Random) -> View:
        table = read(values)
        who, _, inner = key.partition("|")
        combatant = table.find(who)
        if combatant.pc:
            if sheet.check is None:  # pragma: no cover - a sheet always rolls its rows
                raise ValueError(f"{sheet.title} rolls no checks")
            view = sheet.check(combatant.stats, inner, rng)
        else:
            view = rules.npc_check(combatant.stats, inner, rng)
        # What a sheet's check keeps on the sheet, or the widget that carries it on (a Play
        # page's pool roller), is the player's page's business, not the GM's.
        kept = {k: v for k, v in view.items() if k not in ("set", "follow")}
        return {**kept, "what": f"{combatant.name}: {view['what']}"}

    def logged(name: str, values: Values) -> View | None:
        """The turn order a roll made, for the roll log: each one's dice, then the order."""
        if name != "roll_order" or rules.initiative is None:
            return None
        table = read(values)
        # One line: each one's dice as its rule rolled them (a tie's check included).
        dice = "; ".join(
            f"{table.find(placed['id']).name}: {placed['dice']}"
            for placed in table.order
            if placed["dice"]
        )
        lines = [{"label": "", "parts": [{"kind": "op", "text": dice}], "total": ""}]
        order = ", ".join(table.find(p["id"]).name for p in table.order)
        return log_entry("Turn order, round 1", lines, f"In this order: {order}", "the turn order")

    actions = (
        ("add_roster", "Add this browser's characters"),
        ("add_link", "Add from link"),
        ("add_file", "Add from a file"),
        ("add_npc", "Add NPCs"),
        ("new_party", "New party"),
        ("roll_order", "Roll initiative" if rules.initiative else "Set the order"),
        ("set_score", "Set initiative"),
        ("next_turn", "Next turn"),
        ("next_round", "Next round"),
        ("end_fight", "End the fight"),
        ("party", "Play this party"),
        ("drop_party", "Remove this party"),
        ("remove", "Remove"),
        ("replace", "Replace"),
        ("keep", "Keep"),
        ("set", "Tick"),
        ("up", "Move up"),
        ("down", "Move down"),
    )
    hidden = {"party", "drop_party", "remove", "replace", "keep", "set", "up", "down"}

    def unused(values: Values) -> list[str]:
        out = [TABLE, INCOMING, *hidden]
        if not rules.initiative:
            out += ["who", "score", "set_score"]
        if rules.presets and values.get("npc_preset"):
            out += [f.name for f in npc_form]
        return out

    def disabled(values: Values) -> list[str]:
        try:
            table = read(values)
        except ValueError:
            return [a for a, _ in actions]
        out = []
        if not table.order:
            out += ["next_turn", "next_round", "end_fight"]
        if not table.combatants():
            out += ["roll_order"]
        return out

    return Widget(
        name=rules.name,
        title="GM's table",
        fields=fields,
        show=show,
        unused=unused,
        actions=actions,
        act=act,
        disabled=disabled,
        logged=logged,
        check=check,
        portable=f"{rules.name}-table",
        system=rules.system,
        undoable=tuple(a for a, _ in actions),
        takes={"add_roster": f"roster:{rules.store}", "add_file": "file"},
        gm=True,
    )


def _prefixed(f: Field) -> Field:
    """An NPC stat's field as the form offers it: its name prefixed ``npc_``."""
    return replace(f, name=f"npc_{f.name}")


def _characters(raw: str, none: str) -> list[Mapping[str, Any]]:
    try:
        characters = json.loads(raw or "[]")
    except ValueError:
        raise ValueError("This browser's characters could not be read") from None
    if not isinstance(characters, list) or not all(isinstance(c, dict) for c in characters):
        raise ValueError("This browser's characters could not be read")
    if not characters:
        raise ValueError(none)
    return characters[:MAX_CHARACTERS]


def _index(arg: str, size: int) -> int:
    if not arg.isdigit() or int(arg) >= size:
        raise ValueError("There is no such party")
    return int(arg)


def _add_npcs(rules: TableRules, table: Table, values: Values) -> str:
    preset = values.get("npc_preset") or ""
    if preset:
        stats = dict(next(s for n, s in rules.presets if n == preset))
    else:
        stats = {f.name: values[f"npc_{f.name}"] for f in rules.npc_fields}
    read, errors = read_values(rules.npc_fields, stats)
    if errors:
        raise ValueError(str(errors[0]))
    base = values["npc_name"] or preset
    if not base:
        raise ValueError("Name the NPC first (Guard, Goblin...)")
    count = values["npc_count"]
    if len(table.npcs) + count > MAX_NPCS:
        raise ValueError(f"A table keeps at most {MAX_NPCS} NPCs")
    taken = {n["name"] for n in table.npcs}
    names = [base] if count == 1 and base not in taken else []
    number = 1
    while len(names) < count:
        if f"{base} {number}" not in taken:
            names.append(f"{base} {number}")
        number += 1
    for npc in names:
        table.npcs.append({"id": table.new_id("n"), "name": npc, "stats": dict(read)})
    return f"Added {listing(names)}."


def _set(rules: TableRules, table: Table, who: str, change: str) -> str:
    """A track ticked on a line: the fields its tap sets, in that character's values."""
    try:
        fields = json.loads(change)
    except ValueError:
        raise ValueError("That tick cannot be read") from None
    if not isinstance(fields, dict):
        raise ValueError("That tick cannot be read")
    combatant = table.find(who)
    for member in table.members:
        if member["id"] == who:
            member["values"] = table._sheet({**member["values"], **fields})
    for npc in table.npcs:
        if npc["id"] == who:
            stats, errors = read_values(rules.npc_fields, {**npc["stats"], **fields})
            if errors:
                raise ValueError(str(errors[0]))
            npc["stats"] = stats
    return f"{combatant.name}: ticked."


def _roll_order(rules: TableRules, table: Table, rng: random.Random) -> str:
    combatants = table.combatants()
    if not combatants:
        raise ValueError("Nobody is at the table yet")
    if rules.initiative is None:
        # The GM's own arrangement stays; newcomers join at its end.
        kept = [p["id"] for p in table.order]
        ids = [i for i in kept if i in {c.id for c in combatants}]
        ids += [c.id for c in combatants if c.id not in ids]
        placed = [Placed(i, None) for i in ids]
    else:
        placed = rules.initiative(combatants, rng)
    table.order = [
        {
            "id": p.id,
            "score": p.score,
            "note": p.note,
            "dice": "" if p.line is None else _dice_text(p.line),
        }
        for p in placed
    ]
    table.turn, table.round = 0, 1
    first = table.find(table.order[0]["id"]).name
    return f"Round 1: {first}'s turn."


def _dice_text(line: Mapping[str, Any]) -> str:
    return f"{parts_text(line['parts'])} = {line['total']}"


def _set_score(table: Table, who: str, score: int) -> str:
    matches = [c for c in table.combatants() if c.name.casefold() == who.strip().casefold()]
    if not matches:
        raise ValueError(f"Nobody called {who!r} is at the table")
    found = matches[0]
    placed = next((p for p in table.order if p["id"] == found.id), None)
    if placed is None:
        placed = {"id": found.id, "score": score, "note": "entered", "dice": ""}
        table.order.append(placed)
    placed.update(score=score, note="entered", dice="")
    current = table.order[table.turn]["id"] if table.order else None
    table.order.sort(key=lambda p: -(p["score"] if p["score"] is not None else -1000))
    table.turn = next(i for i, p in enumerate(table.order) if p["id"] == current) if current else 0
    table.round = max(table.round, 1)
    return f"{found.name}'s initiative is {score}."


def _move(table: Table, who: str, step: int, *, keep_place: bool = False) -> str:
    at = next((i for i, p in enumerate(table.order) if p["id"] == who), None)
    if at is None:
        raise ValueError("That character is not in the turn order")
    to = at + step
    if not 0 <= to < len(table.order):
        raise ValueError("That character is already at that end of the order")
    current = table.order[table.turn]["id"]
    table.order[at], table.order[to] = table.order[to], table.order[at]
    if not keep_place:
        table.turn = next(i for i, p in enumerate(table.order) if p["id"] == current)
    return f"{table.find(who).name} moved {'up' if step < 0 else 'down'}."


def _keyed(rows: Iterable[Mapping[str, Any]], who: str, name: str) -> list[dict[str, Any]]:
    """A sheet's check rows as choices of one line: each key prefixed with whose it is."""
    out = []
    for row in rows:
        for check in row.get("choices") or [row]:
            label = check["label"]
            out.append(
                {
                    **check,
                    "key": f"{who}|{check['key']}",
                    "name": f"{row['name']} {row['value']}".strip()
                    if check is row
                    else f"{row['name']} {check['name']}",
                    "label": f"{name}: {label}",
                    "choices": [],
                }
            )
    return out


def _line_checks(who: str, name: str, rows: list[dict[str, Any]]) -> Block:
    """One Roll for a line, opening every check it may roll (each with its chance)."""
    return {
        "type": "checks",
        "caption": f"{name}'s checks",
        "rows": [
            {
                "key": f"{who}|",
                "name": "Checks",
                "value": "",
                "label": f"Roll one of {name}'s checks",
                "chance": "",
                "exact": "",
                "detail": "",
                "title": "",
                "note": f"{len(rows)} to pick from",
                "choices": rows,
            }
        ],
    }


def _tracks(blocks: Iterable[Block], who: str, name: str) -> list[Block]:
    """A sheet's tapped tracks on a line: each tap sets that character's fields."""
    out = []
    for block in blocks:
        if block["type"] != "track" or not block.get("taps"):
            continue
        taps = [
            {
                "act": f"set:{who}:{json.dumps(tap['set'], separators=(',', ':'))}",
                "said": f"{name}: {tap['said']}",
            }
            for tap in block["taps"]
            if "set" in tap
        ]
        out.append({**block, "label": f"{name}: {block['label']}", "taps": taps})
    return out


def _show(rules: TableRules, table: Table, values: Values) -> list[Block]:
    sheet = rules.sheet
    blocks: list[Block] = []
    party = table.party
    lines: list[Block] = []
    current = table.order[table.turn]["id"] if table.order else None
    for member in party["members"]:
        name = table.name_of(member)
        try:
            shown = sheet.show(member["values"])
        except ValueError as broken:
            shown = [text(f"{name}'s sheet breaks a rule: {broken}")]
        rows = [r for b in shown if b["type"] == "checks" for r in b["rows"]]
        inner: list[Block] = [text(rules.party_line(member["values"]))]
        inner += _tracks(shown, member["id"], name)
        if rows:
            inner.append(_line_checks(member["id"], name, _keyed(rows, member["id"], name)))
        acts = [(f"remove:{member['id']}", f"Remove {name} from the party", "Remove")]
        if "newer" in member:
            inner.append(text(f"A different copy of {name} came in from a link or a file."))
            acts = [
                (f"replace:{member['id']}", f"Replace {name} with the newer copy", "Replace"),
                (f"keep:{member['id']}", f"Keep {name} as it is", "Keep this one"),
                *acts,
            ]
        inner.append(buttons(acts))
        lines.append(group(name, inner, current=member["id"] == current))
    if not lines:
        lines.append(
            text(
                "No characters yet: add this browser's characters, paste a player's share "
                "link, or add them from an exported file."
            )
        )
    blocks.append(group(f"The party: {party['name']}", lines))
    # Beside the party at 1280 px (two columns), under it on a phone.
    blocks.append(group("Turn order", _order_blocks(rules, table)))
    npc_lines: list[Block] = []
    for npc in table.npcs:
        stats = npc["stats"]
        inner = [text(rules.npc_line(stats))]
        inner += _tracks(rules.npc_tracks(stats), npc["id"], npc["name"])
        rows = [
            dict(r.block()) if hasattr(r, "block") else dict(r) for r in rules.npc_checks(stats)
        ]
        if rows:
            inner.append(_line_checks(npc["id"], npc["name"], _keyed(rows, npc["id"], npc["name"])))
        inner.append(buttons([(f"remove:{npc['id']}", f"Remove {npc['name']}", "Remove")]))
        npc_lines.append(group(npc["name"], inner, current=npc["id"] == current))
    blocks.append(
        group("NPCs", npc_lines or [text("No NPCs yet: name one, set how many, then Add NPCs.")])
    )
    if len(table.parties) > 1:
        blocks.append(
            group(
                "Parties",
                [
                    buttons(
                        [
                            (f"party:{i}", f"Play {p['name']}", p["name"])
                            for i, p in enumerate(table.parties)
                            if i != table.active
                        ]
                        + [
                            (
                                f"drop_party:{i}",
                                f"Remove {p['name']} from the table",
                                f"Remove {p['name']}",
                            )
                            for i, p in enumerate(table.parties)
                        ]
                    )
                ],
            )
        )
    blocks += rules.gm_blocks(values)
    return blocks


def _order_blocks(rules: TableRules, table: Table) -> list[Block]:
    out: list[Block] = [text(rules.order_note)]
    if not table.order:
        out.append(text("No turn order yet."))
        return out
    current = table.order[table.turn]
    out.insert(0, text(f"Round {table.round}: {table.find(current['id']).name}'s turn."))
    rows = []
    for n, placed in enumerate(table.order, start=1):
        who = table.find(placed["id"])
        score = "" if placed["score"] is None else str(placed["score"])
        rows.append([f"{n}. {who.name}", score, placed["note"]])
    hits = [p is current for p in table.order]
    caption = f"Turn order, round {table.round}"
    if rules.initiative is None:
        out.append(table_block(caption, [[row[0]] for row in rows], hits, head=("Who",)))
    else:
        out.append(table_block(caption, rows, hits))
    moves = []
    for placed in table.order[1:]:
        name = table.find(placed["id"]).name
        moves += [
            (f"up:{placed['id']}", f"Move {name} up the order", f"{name} ↑"),
        ]
    out.append(buttons(moves))
    return out


def table_block(
    caption: str,
    rows: list[list[str]],
    hits: list[bool],
    head: tuple[str, ...] = ("Who", "Initiative", "Note"),
) -> Block:
    """The turn order as a table, the one whose turn it is marked."""
    return table(caption, list(head), rows, hits=hits)
