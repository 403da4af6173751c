"""The Danger World character sheet (widgets/danger_world/_sheet.py): its rules, its special
moves, the checks its stat rows roll.

Exact values come from brute-force enumeration here, or from the rules package's
solver (itself tested against brute force), never from the widget code under test.
"""

from __future__ import annotations

import time

import pytest

from rules_py.systems import danger_world as dw
from rules_py.widgets import WidgetError, answer
from rules_py.widgets._widget import refusals
from tests.widgets.danger_world.helpers import (
    DOCS,
    FLIGHT,
    SHEET,
    _sheet_check,
    show,
    stat_rows,
    table,
    texts,
)
from tests.widgets.panels import blocks_of


def test_danger_world_sheet_keeps_special_moves_and_prints_them() -> None:
    from rules_py.widgets.danger_world import _sheet

    field = next(f for f in _sheet.SHEET.fields if f.name == "special_moves")
    assert field.printed
    assert [c.label for c in field.cells] == [
        "Special move",
        "Set of 2 (minor)",
        "Set of 3 (meaningful)",
        "Set of 4 (significant)",
        "Set of 5 (major)",
        "Set of 6 (monumental)",
    ]
    panel = show(SHEET, special_moves=[FLIGHT])
    assert not refusals(panel)
    # the Moves page's source note gives the sheet's limit
    assert _sheet.MAX_SPECIAL_MOVES == 4
    assert "holds up to **four**" in (DOCS / "moves.md").read_text(encoding="utf-8")
    too_many = show(SHEET, special_moves=[FLIGHT] * 5)
    assert too_many["invalid"] == ["special_moves"]


def test_danger_world_a_stat_row_rolls_the_pool_the_roller_would_and_names_the_character() -> None:
    values = {"name": "Rook", "track_bashed": 1, "track_stunned": 1, "danger": 1, "bonus": 2}
    rolled = _sheet_check(values, "stat:Perception")
    # Perception 3 + Speed 2 + 2 bonus - 1 Stunned = 6 normal, 1 danger, 1 threat (Bashed)
    assert rolled["what"] == "Rook: Perception + Speed, 8 dice against difficulty 3 (meaningful)"
    faces = [p["text"] for p in rolled["lines"][0]["parts"]]
    assert len(faces) == 8
    assert sum(f.startswith("D") for f in faces) == 1 and sum(f.startswith("T") for f in faces) == 1
    assert rolled["lines"][0]["total"] == ""  # a pool of sets is never a sum
    dice_ = [dw.Die(int(f[-1]), {"D": "danger", "T": "threat"}.get(f[0], "normal")) for f in faces]
    best = dw.outcomes(dice_, 3)[0]
    assert rolled["outcome"].startswith(
        "No set" if best.height is None else f"Set of {best.height}"
    )
    assert rolled["log"]["what"] == rolled["what"]
    assert rolled["log"]["dice"] == " ".join(f"[{f}]" for f in faces)
    assert rolled["log"]["total"] == ""
    # The same seed rolls the same dice (a shared link); the sheet keeps the check's dice.
    assert _sheet_check(values, "stat:Perception")["lines"] == rolled["lines"]
    kept = rolled["set"].pop("last_check")
    assert rolled["set"] == {"check_a": "Perception", "check_b": "Speed"}
    stamp, kept_dice = kept.split(": ", 1)
    assert kept_dice == ", ".join(faces)
    assert abs(int(stamp) - time.time() * 1000) < 60_000  # when it was rolled, in ms
    # The second stat's own row pairs it with the first; a later check keeps a later time,
    # even when the last one kept claims to be from the future.
    future = f"{int(stamp) + 10**9}: 1, 1"
    again = _sheet_check({**values, "last_check": future}, "stat:Speed")
    assert again["what"].startswith("Rook: Speed + Agility, 8 dice")
    assert int(again["set"]["last_check"].split(":")[0]) == int(stamp) + 10**9 + 1


def test_danger_world_a_stat_row_refuses_what_the_rules_refuse() -> None:
    with pytest.raises(WidgetError, match=r"K\.O\.'d PC is out cold"):
        _sheet_check({"track_kod": 1}, "stat:Agility")
    with pytest.raises(WidgetError, match="Danger dice must be from 0 to 1, got 2"):
        _sheet_check({"danger": 2}, "stat:Agility")  # danger level 1: zone 1, one die
    with pytest.raises(WidgetError, match="no check 'stat:Luck'"):
        _sheet_check({}, "stat:Luck")


def test_danger_world_sheet_refuses_a_ninth_spread_die_naming_the_stats() -> None:
    panel = show(SHEET, Cool=2)
    assert refusals(panel) == [
        "A new PC spreads 8 dice beyond one in each stat (these stats spread 9) "
        "(Danger World, Player Characters)"
    ]
    assert "Cool" in panel["invalid"] and "Agility" in panel["invalid"]
    assert not refusals(show(SHEET, Cool=2, starting=False))
    assert show(SHEET, Cool=5)["invalid"] == ["Cool"]


def test_danger_world_sheet_unlocks_beneath_an_aspect_used_twice_only() -> None:
    rows = [
        {"name": "Soldier", "parent": "", "uses": 1},
        {"name": "Sniper", "parent": "Soldier", "uses": 0},
    ]
    panel = show(SHEET, aspects=rows)
    assert panel["invalid"] == ["aspects"]
    assert refusals(panel)[0].endswith(
        "used twice, and 'Soldier' has been used once (Danger World, Aspects) (aspect 2)"
    )
    rows[0]["uses"] = 2
    panel = show(SHEET, aspects=[rows[1], rows[0]])  # a child may be listed first
    aspects = table(panel, "Rook's aspects")
    assert aspects["· Sniper"] == ["secondary", "0", "+1", "locked: 2 more uses to unlock"]
    assert aspects["Soldier"][-1] == "unlocked: 1 of 3 beneath"
    assert "2 known primary aspects still to choose" in refusals(panel)[0]


def test_danger_world_sheet_damage_feeds_the_pool() -> None:
    panel = show(
        SHEET, track_bashed=3, track_stunned=1, level=7, check_a="Agility", check_b="Speed"
    )
    tracks = {b["label"]: b for b in blocks_of(panel, "track")}
    assert tracks["Danger level"]["text"] == "7, zone 2: up to 2 danger dice"
    damage = tracks["Damage"]
    assert (damage["filled"], damage["total"]) == (4, 11)
    assert damage["text"] == (
        "3 threat dice in every check (Bashed) and 1 die fewer in every pool (Stunned)"
    )
    # Agility 3 + Speed 2, one lost to Stunned; three threat dice from Bashed, never in a set
    (agility,) = [r for r in stat_rows(panel) if r["name"] == "Agility"]
    assert agility["exact"] == str(dw.success_chance(4, 3))
    assert agility["detail"] == "with Speed: 7 dice, two reroll rounds played well"


def test_danger_world_sheet_injured_stats_are_named_by_the_gm() -> None:
    panel = show(SHEET, track_injured=1, injured="Agility")
    (agility,) = [r for r in stat_rows(panel) if r["name"] == "Agility"]
    assert (agility["value"], agility["note"]) == ("2", "with Speed")
    assert "1 Injured box without the stat" in refusals(show(SHEET, track_injured=1))[0]
    assert "2 Injured boxes without the stat" in refusals(show(SHEET, track_injured=2))[0]
    # One box is one stat, one use short is one use (issue 16: singular for one).
    (damage,) = [b for b in blocks_of(panel, "track") if b["label"] == "Damage: Injured"]
    assert damage["filled"] == 1  # a hit of zone 3 left Bashed and Stunned empty
    assert "1 stat one lower (Injured: Agility)" in texts(panel)
    rows = [{"name": "Soldier", "parent": "", "uses": 1}]
    aspects = table(show(SHEET, aspects=rows), "Rook's aspects")
    assert aspects["Soldier"][-1] == "locked: 1 more use to unlock"
    assert show(SHEET, injured="Agility")["invalid"] == ["injured"]


def test_danger_world_sheet_a_knocked_out_pc_rolls_no_check() -> None:
    panel = show(SHEET, name="Rook", track_kod=1)
    assert "unconscious, no actions (K.O.'d)" in texts(panel)
    assert all(r["chance"] == "" for r in stat_rows(panel))  # no check, no chance
    assert "No check: Rook is K.O.'d, unconscious and unable to act until a short rest" in (
        texts(panel)
    )


def test_danger_world_sheet_a_dead_pc_reads_dead_beside_its_rolls() -> None:
    """Issue 27, item 6: the Dead box does not make the character unconscious; the sheet
    says the PC is dead right under the stats' Roll buttons, and a Roll is refused so."""
    panel = show(SHEET, name="Rook", track_dead=1)
    said = texts(panel)
    assert "unconscious" not in said
    assert "dead (the Dead box: semi-permanent), no actions" in said
    kinds = [(b["type"], b.get("caption", b.get("text", ""))) for b in panel["blocks"]]
    stats = next(i for i, (_, c) in enumerate(kinds) if c.startswith("Rook's stats"))
    assert kinds[stats + 1] == (
        "text",
        "No check: Rook is dead (the Dead box is filled, semi-permanent).",
    )
    with pytest.raises(WidgetError, match=r"^A Dead PC makes no check") as info:
        _sheet_check({"track_dead": 1, "track_kod": 1}, "stat:Agility")
    assert "out cold" not in str(info.value)


def test_danger_world_sheet_exports_and_imports() -> None:
    values = {"name": "Ada Vance", "Cool": 2, "starting": False}
    saved = answer(SHEET, "export", {"values": values})
    assert saved["filename"] == "ada-vance.json"
    loaded = answer(SHEET, "import", {"text": saved["text"]})
    assert loaded["values"]["Cool"] == 2 and loaded["values"]["name"] == "Ada Vance"
    broken = saved["text"].replace('"starting": false', '"starting": true')
    with pytest.raises(WidgetError, match="breaks a rule"):
        answer(SHEET, "import", {"text": broken})


def test_danger_world_sheet_does_not_say_bonus_dice_work_in_any_check() -> None:
    """Issue 27, item 7: the source says only that bonus dice are used once."""
    from rules_py.widgets.danger_world._sheet import SHEET as WIDGET

    (held,) = [b for b in blocks_of(show(SHEET), "track") if b["label"] == "Bonus dice held"]
    field = next(f for f in WIDGET.fields if f.name == "bonus_held")
    for said in (held["text"], field.hint):
        assert "any check" not in said
    assert "One-use dice" in field.hint


def _tapped(act: str, **values: object) -> dict[str, object]:
    return answer(SHEET, "show", {"values": values, "previous": values, "act": act})


def test_danger_world_sheet_takes_a_hit_into_the_damage_boxes_with_undo() -> None:
    """Issue 27, item 8: one tap per hit, the boxes as the rules fill them, undoable."""
    full = _tapped("full", name="Rook", level=12)  # zone 3: the Injured row
    assert full["set"] == {
        "track_bashed": 0,
        "track_stunned": 0,
        "track_injured": 1,
        "track_kod": 0,
        "track_dead": 0,
    }
    assert full["told"] == "Rook: full hit at danger level 12: Injured 0 → 1."
    assert full["undo"] is True
    overload = _tapped("overload", name="Rook", level=12, track_injured=1)
    assert overload["told"] == (
        "Rook: overload hit at danger level 12: Bashed 0 → 3, Stunned 0 → 3 and Injured 1 → 2."
    )
    reduced = _tapped("reduced", name="Rook", track_bashed=3)
    assert reduced["told"] == "Rook: reduced hit: Stunned 0 → 1."
    # a full hit whose zone is full is the GM's call: the tap is off
    assert "full" in show(SHEET, level=1, track_bashed=3)["disabled"]


def test_danger_world_sheet_rests_clear_what_the_rules_clear() -> None:
    hurt = {"name": "Rook", "track_bashed": 2, "track_injured": 1, "injured": "Agility"}
    short = _tapped("short", **hurt)
    assert short["set"]["track_bashed"] == 0 and short["set"]["track_injured"] == 1
    assert short["told"] == "Rook: short rest: Bashed 2 → 0."
    long = _tapped("long", **hurt)
    assert long["set"]["track_injured"] == 0 and long["set"]["injured"] == ""
    assert long["told"] == (
        "Rook: long rest: Bashed 2 → 0, Injured 1 → 0 and no stat lowered by Injured now."
    )
    assert {"short", "long"} <= set(show(SHEET, name="Rook")["disabled"])  # nothing to clear
    assert "long" in show(SHEET, track_dead=1)["disabled"]  # Dead stays through both
