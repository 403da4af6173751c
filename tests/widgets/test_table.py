"""The GM's table toolkit (rules_py.widgets._table), with a small system of its own: a
party from this browser's characters, a share link and a file; NPCs "x 2"; a turn order
rolled, advanced and kept; ticks, removals, newer copies; a bad table refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rules_py.views import View
from rules_py.widgets._blocks import (
    Block,
    CheckRow,
    counter_taps,
    roll_line,
    rolled,
    sheet_checks,
    track,
)
from rules_py.widgets._fields import Number, Text
from rules_py.widgets._gm import gm_widget
from rules_py.widgets._sheet import sheet_row, sheet_widget
from rules_py.widgets._table import (
    TABLE,
    Combatant,
    Placed,
    TableRules,
    empty_table,
    read_link,
)
from rules_py.widgets._widget import INCOMING, Values, WidgetError
from tests.widgets.gm import link_to, pressed, table_of


def _show(values: Values) -> list[Block]:
    return [
        track("Wounds", values["wounds"], 3, f"{values['wounds']} of 3",
              taps=counter_taps("wounds", "Wounds", values["wounds"], 3)),
        sheet_checks("Stats", [CheckRow("stat:grit", "Grit", f"+{values['grit']}", "Roll Grit")]),
    ]


def _check(values: Values, key: str, rng: random.Random) -> View:
    sheet_row(key, stat=("grit",))
    line, result = roll_line("", f"1d6+{values['grit']}", rng)
    return {**rolled([line], f"total {result.total}"), "what": f"Grit +{values['grit']}"}


SHEET = sheet_widget(
    "toy-sheet",
    "Toy",
    "toy-character",
    (Number("grit", "Grit", 1, 0, 5), Number("wounds", "Wounds", 0, 0, 3, track=True)),
    show=_show,
    check=_check,
    play_fields=(),
    heading=Text("name", "Name", "Ash"),
    fresh={"name": "", "grit": 0},
)


def _initiative(combatants: list[Combatant], rng: random.Random) -> list[Placed]:
    placed = []
    for c in combatants:
        bonus = c.stats["grit"] if c.pc else c.stats["bonus"]
        line, result = roll_line(c.name, f"1d20+{bonus}", rng)
        placed.append(Placed(c.id, result.total, line))
    return sorted(placed, key=lambda p: -(p.score or 0))


RULES = TableRules(
    name="toy-gm",
    system="Toy",
    sheet=SHEET,
    store="toy-sheet",
    party_line=lambda v: f"Grit +{v['grit']}, wounds {v['wounds']} of 3",
    npc_fields=(Number("bonus", "Bonus", 0, -5, 5), Number("wounds", "Wounds", 0, 0, 2)),
    npc_line=lambda s: f"Bonus {s['bonus']:+d}",
    npc_tracks=lambda s: [
        track("Wounds", s["wounds"], 2, "", taps=counter_taps("wounds", "Wounds", s["wounds"], 2))
    ],
    npc_checks=lambda s: [CheckRow("attack", "Attack", f"{s['bonus']:+d}", "Roll the attack")],
    npc_check=lambda s, key, rng: {
        **rolled([roll_line("", f"1d6+{s['bonus']}", rng)[0]], "hit"),
        "what": "Attack",
    },
    order_note="Each rolls 1d20 + its bonus; the highest goes first.",
    initiative=_initiative,
    presets=(("Bandit", {"bonus": 2, "wounds": 0}),),
)
GM = gm_widget(RULES)


def act(values: dict[str, Any], action: str, **more: Any) -> dict[str, Any]:
    """Press ``action`` with ``more`` typed first (tests.widgets.gm.pressed)."""
    return pressed(GM, values, action, **more)


@pytest.fixture
def start() -> dict[str, Any]:
    values: dict[str, Any] = dict(GM.panel({})["set"]) or {}
    return {**{f.name: f.default for f in GM.fields}, **values}


def test_a_party_comes_from_this_browser_a_link_and_a_file(start: dict[str, Any]) -> None:
    roster = json.dumps([{"name": "Ash", "grit": 2, "wounds": 0}])
    values = act(start, "add_roster", **{INCOMING: roster})
    values = act(values, "add_link", link=link_to({"name": "Bryn", "grit": 3, "wounds": 1}))
    file = SHEET.export({"name": "Cole", "grit": 1, "wounds": 0})["text"]
    values = act(values, "add_file", **{INCOMING: file})
    members = table_of(values)["parties"][0]["members"]
    assert [m["values"]["name"] for m in members] == ["Ash", "Bryn", "Cole"]
    assert values[INCOMING] == "" and values["link"] == ""


def test_a_newer_copy_waits_until_the_gm_replaces_it(start: dict[str, Any]) -> None:
    values = act(start, "add_link", link=link_to({"name": "Ash", "grit": 1, "wounds": 0}))
    values = act(values, "add_link", link=link_to({"name": "Ash", "grit": 4, "wounds": 0}))
    member = table_of(values)["parties"][0]["members"][0]
    assert member["values"]["grit"] == 1 and member["newer"]["grit"] == 4
    kept = act(values, f"keep:{member['id']}")
    assert "newer" not in table_of(kept)["parties"][0]["members"][0]
    replaced = act(values, f"replace:{member['id']}")
    assert table_of(replaced)["parties"][0]["members"][0]["values"]["grit"] == 4


def test_npcs_times_two_are_numbered_and_a_preset_keeps_its_stat_line(
    start: dict[str, Any],
) -> None:
    values = act(start, "add_npc", npc_name="Guard", npc_count=2, npc_bonus=1)
    values = act(values, "add_npc", npc_name="", npc_count=1, npc_preset="Bandit")
    npcs = table_of(values)["npcs"]
    assert [n["name"] for n in npcs] == ["Guard 1", "Guard 2", "Bandit"]
    assert npcs[2]["stats"] == {"bonus": 2, "wounds": 0}
    with pytest.raises(WidgetError, match="Name the NPC first"):
        act(values, "add_npc", npc_name="", npc_preset="")


def test_the_turn_order_is_rolled_advanced_and_logged(start: dict[str, Any]) -> None:
    values = act(start, "add_link", link=link_to({"name": "Ash", "grit": 2, "wounds": 0}))
    values = act(values, "add_npc", npc_name="Guard", npc_count=2)
    panel = GM.panel(values, values, act="roll_order")
    values = {**values, **panel["set"]}
    order = table_of(values)["order"]
    assert len(order) == 3 and table_of(values)["round"] == 1
    scores = [p["score"] for p in order]
    assert scores == sorted(scores, reverse=True)
    assert panel["log"]["gm"] is True and "In this order" in panel["log"]["outcome"]
    values = act(values, "next_turn")
    assert table_of(values)["turn"] == 1
    values = act(values, "next_turn")
    values = act(values, "next_turn")
    assert (table_of(values)["turn"], table_of(values)["round"]) == (0, 2)
    values = act(values, "next_round")
    assert table_of(values)["round"] == 3
    values = act(values, "set_score", who="guard 2", score=99)
    assert table_of(values)["order"][0]["score"] == 99


def test_ticks_checks_and_removal_act_on_one_line(start: dict[str, Any]) -> None:
    values = act(start, "add_npc", npc_name="Guard", npc_count=2, npc_bonus=3)
    guard = table_of(values)["npcs"][1]
    tracks = next(b for b in GM.panel(values)["blocks"] if b.get("label") == "NPCs")["blocks"]
    line = next(b for b in tracks if b["label"] == "Guard 2")
    tap = next(b for b in line["blocks"] if b["type"] == "track")["taps"][0]
    values = act(values, tap["act"])
    assert table_of(values)["npcs"][1]["stats"]["wounds"] == 1
    rolled_check = GM.checked(values, f"{guard['id']}|attack", seed=3)
    assert rolled_check["what"] == "Guard 2: Attack" and rolled_check["log"]["gm"] is True
    values = act(values, f"remove:{guard['id']}")
    assert [n["name"] for n in table_of(values)["npcs"]] == ["Guard 1"]


def test_a_bad_table_or_file_is_refused_and_changes_nothing(start: dict[str, Any]) -> None:
    broken = {**start, TABLE: json.dumps({**empty_table(), "version": 9})}
    assert GM.panel(broken)["invalid"] == [TABLE]
    exported = GM.export(start)["text"]
    assert GM.load(exported)["values"][TABLE] == start[TABLE]
    damaged = json.loads(exported)
    damaged["values"][TABLE] = "{not json"
    with pytest.raises(WidgetError):
        GM.load(json.dumps(damaged))
    with pytest.raises(WidgetError, match="not a link to a character"):
        act(start, "add_link", link="https://example.org/toy/play/")
    assert read_link(link_to({"name": "Ash"})) == {"name": "Ash"}
