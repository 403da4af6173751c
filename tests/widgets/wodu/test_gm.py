"""The 2d10 WoDu Hack GM's table (issue 30): each member's line, quick NPCs' Damage
boxes and checks with their exact chances, and the fight's order the draft's Initiative
makes (players first, a head start acting in Round 1, one d6 for all the enemies)."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest

from rules_py.systems import wodu
from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import read_values
from rules_py.widgets._table import Combatant
from rules_py.widgets.wodu._gm import GM, NPC_FIELDS, RULES, initiative, npc_check, npc_checks
from tests.widgets.gm import empty, line, link_to, pressed, table_of
from tests.widgets.wodu.helpers import line_total

BUILDER = WIDGETS["wodu-builder"]


def rook(**changes: Any) -> dict[str, Any]:
    """The builder's example, Rook (STR 2, DEX 1, WIT 1, CHA -1 at Level 1), changed."""
    values, errors = read_values(BUILDER.fields, {})
    assert not errors
    return {**values, **changes}


def npc(**changes: Any) -> dict[str, Any]:
    stats, errors = read_values(NPC_FIELDS, changes)
    assert not errors
    return dict(stats)


def act(values: dict[str, Any], action: str, **more: Any) -> dict[str, Any]:
    """Press ``action`` with ``more`` typed first (tests.widgets.gm.pressed)."""
    return pressed(GM, values, action, **more)


def line_of(values: dict[str, Any], name: str) -> dict[str, Any]:
    return line(GM, values, name)


@pytest.fixture
def start() -> dict[str, Any]:
    return empty(GM)


def test_the_gm_page_plays_the_play_pages_sheets() -> None:
    assert WIDGETS["wodu-gm"] is GM
    assert RULES.sheet is BUILDER and RULES.store == "wodu-sheet"


def test_a_members_line_gives_level_hp_left_and_the_dex_initiative_rolls() -> None:
    # Rook: Max HP = level + 10 + STR = 1 + 10 + 2 = 13 (Character Generation).
    assert RULES.party_line(rook()) == "Level 1 · 13 of 13 HP left · DEX +1: initiative 2d10+1"
    assert RULES.party_line(rook(damage=4)) == (
        "Level 1 · 9 of 13 HP left · DEX +1: initiative 2d10+1"
    )
    # DEX -1 after the ratings are handed out otherwise: 2d10-1.
    lower = rook(start_dex="-1", start_cha="1")
    assert RULES.party_line(lower).endswith("DEX -1: initiative 2d10-1")


def test_a_member_from_a_link_shows_its_line_tracks_and_checks(start: dict[str, Any]) -> None:
    values = act(start, "add_link", link=link_to(rook(name="Linka", damage=2)))
    line = line_of(values, "Linka")
    said = [b["text"] for b in line["blocks"] if b["type"] == "text"]
    assert said[0] == "Level 1 · 11 of 13 HP left · DEX +1: initiative 2d10+1"
    tracks = [b for b in line["blocks"] if b["type"] == "track"]
    assert [t["label"] for t in tracks] == ["Linka: Damage", "Linka: XP to Level 2"]
    assert (tracks[0]["filled"], tracks[0]["total"]) == (2, 13)
    (checks,) = [b for b in line["blocks"] if b["type"] == "checks"]
    names = [c["name"] for c in checks["rows"][0]["choices"]]
    assert names == ["STR +2", "DEX +1", "WIT +1", "CHA -1"]


def test_a_quick_npcs_line_names_its_dice_in_the_drafts_terms() -> None:
    assert RULES.npc_line(npc()) == "Checks 2d10 · WR:2, damage d6"
    assert RULES.npc_line(npc(ability=-1, wr="1")) == "Checks 2d10-1 · WR:1, damage 2d6kl1"
    assert RULES.npc_line(npc(ability=3, wr="6")) == "Checks 2d10+3 · WR:6, damage 4d10"


def test_a_quick_npcs_damage_boxes_count_up_and_down(start: dict[str, Any]) -> None:
    values = act(start, "add_npc", npc_name="Guard", npc_count=2, npc_hp=5)
    line = line_of(values, "Guard 2")
    (damage,) = [b for b in line["blocks"] if b["type"] == "track"]
    assert (damage["filled"], damage["total"]) == (0, 5)
    assert damage["text"] == "0 taken: 5 of 5 HP left"
    values = act(values, damage["taps"][3]["act"])  # an empty box: one more taken
    values = act(values, line_of(values, "Guard 2")["blocks"][1]["taps"][4]["act"])
    assert [n["stats"]["damage"] for n in table_of(values)["npcs"]] == [0, 2]
    taps = line_of(values, "Guard 2")["blocks"][1]["taps"]
    values = act(values, taps[0]["act"])  # a filled box: one healed
    assert table_of(values)["npcs"][1]["stats"]["damage"] == 1
    # Down to 0 HP, the draft says nothing more: the line says so.
    (down,) = RULES.npc_tracks(npc(hp=3, damage=3))
    assert down["text"].startswith("3 taken: 0 of 3 HP left (the draft does not say")
    assert [t["set"] for t in down["taps"]] == [{"damage": 2}] * 3


@pytest.mark.parametrize("ability", [-1, 0, 2, 6])
def test_an_npcs_checks_give_the_exact_odds_of_the_rules(ability: int) -> None:
    rows = {row.key: row for row in npc_checks(npc(ability=ability, wr="3"))}
    for dr in (9, 12, 15, 18, 21):
        assert rows[f"dr:{dr}"].chance == wodu.dr_outcomes(ability, dr)["success"]
    for lo, hi in ((9, 11), (12, 14), (15, 17), (18, 20)):
        odds = wodu.fr_outcomes(ability, lo, hi)
        assert rows[f"fr:{lo}-{hi}"].chance == odds["strong"] + odds["weak"]
        assert rows[f"fr:{lo}-{hi}"].detail == (
            f"strong success {odds['strong']}, weak success {odds['weak']}"
        )
    assert rows["damage"].chance is None and rows["damage"].name == "Damage d10 (WR:3)"
    assert len(rows) == 10


def test_the_drafts_odds_table_anchors_an_npcs_chance() -> None:
    # The draft's 2d10 +0 table: 12 or more is 45.00%, 15 or more 21.00%; +2 shifts it.
    rows = {row.key: row for row in npc_checks(npc(ability=0))}
    assert rows["dr:12"].chance == Fraction(45, 100)
    assert rows["dr:15"].chance == Fraction(21, 100)
    rows = {row.key: row for row in npc_checks(npc(ability=2))}
    assert rows["dr:12"].chance == Fraction(64, 100)
    assert rows["dr:12"].block()["chance"] == "64%"


def test_an_npcs_check_rolls_2d10_plus_its_rating_and_its_weapon(start: dict[str, Any]) -> None:
    stats = npc(ability=1, wr="1")
    view = npc_check(stats, "dr:15", random.Random(4))
    (line,) = view["lines"]
    total = line_total(line)
    assert view["what"] == "2d10+1 against DR 15"
    assert view["outcome"].startswith("Success" if total >= 15 else "Failure")
    view = npc_check(stats, "fr:12-14", random.Random(5))
    total = line_total(view["lines"][0])
    word = "Strong success" if total > 14 else "Weak success" if total >= 12 else "Failure"
    assert view["what"] == "2d10+1 against FR 12-14" and view["outcome"].startswith(word)
    damage = npc_check(stats, "damage", random.Random(6))
    assert damage["what"] == "Damage WR:1, 2d6kl1"
    assert 1 <= int(damage["lines"][0]["total"]) <= 6
    with pytest.raises(ValueError):
        npc_check(stats, "dr:13", random.Random(1))
    values = act(start, "add_npc", npc_name="Boss", npc_ability=3)
    boss = table_of(values)["npcs"][0]["id"]
    rolled = GM.checked(values, f"{boss}|dr:12", seed=2)
    assert rolled["what"] == "Boss: 2d10+3 against DR 12" and rolled["log"]["gm"] is True


def test_the_draft_gives_no_example_opponents_so_no_presets(start: dict[str, Any]) -> None:
    assert RULES.presets == ()
    assert "npc_preset" not in start
    assert npc() == {"ability": 0, "hp": 11, "wr": "2", "damage": 0}


def combatants() -> list[Combatant]:
    return [
        Combatant("m1", "Ash", True, rook(name="Ash")),
        Combatant("m2", "Bryn", True, rook(name="Bryn", start_dex="2", start_str="1")),
        Combatant("n3", "Guard 1", False, npc()),
        Combatant("n4", "Guard 2", False, npc()),
    ]


@pytest.mark.parametrize("seed", range(40))
def test_round_1_spotlight_players_by_band_then_the_enemies_on_one_d6(seed: int) -> None:
    placed = initiative(combatants(), random.Random(seed))
    assert [p.id for p in placed][2:] == ["n3", "n4"]  # players first, enemies last
    players = placed[:2]
    for p in players:
        assert p.line is not None and p.score == line_total(dict(p.line))
        assert p.note == (
            "head start (16+): acts in Round 1" if p.score >= 16
            else "simply ready (13-15): skips Round 1" if p.score >= 13
            else "surprised (12-): skips Round 1"
        )  # fmt: skip
    assert players[0].score >= players[1].score
    first, second = placed[2:]
    assert first.line is not None and second.line is None  # one d6, shown once
    assert first.score is None and second.score is None
    d6 = int(first.line["total"])
    band = "surprised, skips Round 1" if d6 <= 3 else "head start, acts in Round 1"
    assert first.note.startswith(f"enemies' d6 {d6}: {band}") and first.note == second.note
    assert ("+1 declared" in first.note) == (d6 == 3)
    assert ("-1 declared" in first.note) == (d6 == 4)


def test_equal_totals_keep_the_partys_order() -> None:
    twins = [Combatant(f"m{n}", name, True, rook(name=name)) for n, name in enumerate("ABCD")]
    for seed in range(60):
        placed = initiative(twins, random.Random(seed))
        for a, b in pairwise(placed):
            assert a.score is not None and b.score is not None
            assert a.score > b.score or (a.score == b.score and a.id < b.id)


def test_the_order_is_rolled_logged_and_an_entered_number_keeps_enemies_last(
    start: dict[str, Any],
) -> None:
    values = act(start, "add_link", link=link_to(rook(name="Linka")))
    values = act(values, "add_npc", npc_name="Guard", npc_count=2)
    panel = GM.panel(values, values, act="roll_order")
    values = {**values, **panel["set"]}
    order = table_of(values)["order"]
    assert [p["score"] is None for p in order] == [False, True, True]
    assert re.fullmatch(r"\[[1-6]\] = [1-6]", order[1]["dice"]) and order[2]["dice"] == ""
    logged = panel["log"]["dice"]
    assert logged.startswith("Linka: [") and "; Guard 1: [" in logged and "Guard 2" not in logged
    assert panel["log"]["outcome"] == "In this order: Linka, Guard 1, Guard 2"
    values = act(values, "set_score", who="Linka", score=1)
    assert [p["score"] for p in table_of(values)["order"]] == [1, None, None]
    said = [b for b in GM.panel(values)["blocks"] if b.get("label") == "Turn order"]
    assert said[0]["blocks"][1]["text"] == RULES.order_note
