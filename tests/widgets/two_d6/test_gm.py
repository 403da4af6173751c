"""The [2d6] Roleplaying System's GM table (issue 30): each member's wounds, Resolve and
initiative, quick NPCs' Wounds boxes and checks with the exact odds counted from the 36
rolls of two dice, and the initiative order of Combat, Initiative (2d6 + Perception +
Agility, highest first, ties rerolled among the tied), with no cap on a table's fight."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest

from rules_py.systems.two_d6 import combat
from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import read_values
from rules_py.widgets._table import MAX_MEMBERS, MAX_NPCS, Combatant, Placed
from rules_py.widgets.two_d6._character import BUILDER
from rules_py.widgets.two_d6._gm import (
    GM,
    NPC_FIELDS,
    RULES,
    initiative,
    npc_check,
    npc_checks,
    npc_line,
    npc_tracks,
    party_line,
)
from tests.widgets.gm import empty, line, link_to, pressed, table_of
from tests.widgets.two_d6.helpers import ROLLS


def kestrel(**changes: Any) -> dict[str, Any]:
    """The sheet's example of ours, Kestrel (6 wounds, Resolve +5, initiative +6), changed."""
    values, errors = read_values(BUILDER.fields, changes)
    assert not errors
    return values


def npc(**changes: Any) -> dict[str, Any]:
    stats, errors = read_values(NPC_FIELDS, changes)
    assert not errors
    return stats


def act(values: dict[str, Any], action: str, **more: Any) -> dict[str, Any]:
    """Press ``action`` with ``more`` typed first (tests.widgets.gm.pressed)."""
    return pressed(GM, values, action, **more)


def line_of(values: dict[str, Any], name: str) -> dict[str, Any]:
    return line(GM, values, name)


def counted(bonus: int, dc: int) -> Fraction:
    """A check's chance counted from the 36 rolls: not snake eyes, and 2d6 + bonus >= DC."""
    return Fraction(sum(1 for r in ROLLS if r != 2 and r + bonus >= dc), len(ROLLS))


def dice_of(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


@pytest.fixture
def start() -> dict[str, Any]:
    return empty(GM)


# --------------------------------------------------------------------------
# The page and the party
# --------------------------------------------------------------------------


def test_the_gm_page_plays_the_play_pages_sheets_and_offers_no_presets() -> None:
    assert WIDGETS["2d6-gm"] is GM
    assert RULES.sheet is WIDGETS["2d6-builder"] and RULES.store == "2d6-character"
    # The rules give no example characters or opponents with numbers (the goblin is a
    # race without stats), so the form has no preset to pick.
    assert RULES.presets == ()
    assert "npc_preset" not in {f.name for f in GM.fields}


def test_a_members_line_gives_wounds_left_resolve_and_initiative() -> None:
    # Kestrel: TOU +3 gives 3 + 3 = 6 wounds; TOU + WIL = +5; AGI + PER = +6.
    assert party_line(kestrel()) == "Wounds 6 of 6 left · Resolve +5 · initiative +6"
    assert party_line(kestrel(wounds_taken=2)).startswith("Wounds 4 of 6 left ·")
    assert party_line(kestrel(unconscious=True)).startswith("Wounds 6 of 6 left: unconscious ·")
    dying = party_line(kestrel(wounds_taken=6))
    assert dying.startswith("Wounds 0 of 6 left: unconscious, DC 5 Resolve or die ·")
    assert party_line(kestrel(wounds_taken=7)).startswith("Wounds 0 of 6 left: dead ·")
    # A fresh character, every stat +0: 3 wounds, Resolve +0, initiative +0.
    fresh = kestrel(**{s: 0 for s in ("STR", "AGI", "WIL", "CHA", "PER", "DEX", "TOU", "INT")})
    assert party_line({**fresh, "talents": []}) == (
        "Wounds 3 of 3 left · Resolve +0 · initiative +0"
    )


def test_a_member_from_a_link_shows_its_line_tracks_and_checks(start: dict[str, Any]) -> None:
    values = act(start, "add_link", link=link_to(kestrel()))
    line = line_of(values, "Kestrel")
    said = [b["text"] for b in line["blocks"] if b["type"] == "text"]
    assert said[0] == "Wounds 6 of 6 left · Resolve +5 · initiative +6"
    tracks = [b for b in line["blocks"] if b["type"] == "track"]
    assert [t["label"] for t in tracks] == ["Kestrel: Wounds", "Kestrel: XP earned in play"]
    (checks,) = [b for b in line["blocks"] if b["type"] == "checks"]
    choices = checks["rows"][0]["choices"]
    member = table_of(values)["parties"][0]["members"][0]["id"]
    assert choices and all(c["key"].startswith(f"{member}|") for c in choices)
    values = act(values, tracks[0]["taps"][0]["act"])
    assert table_of(values)["parties"][0]["members"][0]["values"]["wounds_taken"] == 1


# --------------------------------------------------------------------------
# A quick NPC
# --------------------------------------------------------------------------


def test_a_quick_npcs_line_is_in_the_rules_terms() -> None:
    assert npc_line(npc()) == (
        "Wounds 3 of 3 left · initiative +2 · attack +4 · defence +2 · Resolve +2 · checks "
        "+2 at DC 9 (Average)"
    )
    armoured = npc_line(npc(armour="heavy-", dc="Professional", taken=1))
    assert armoured.startswith("Wounds 2 of 3 left ·")
    assert "defence +2 in heavy armour (no prof.)" in armoured
    assert "DC 13 (Professional)" in armoured
    assert npc_line(npc(taken=3)).startswith("Wounds 0 of 3 left: unconscious, DC 5 Resolve")
    assert npc_line(npc(taken=4)).startswith("dead ·")


def test_an_npcs_wounds_boxes_count_up_and_down_and_the_wound_at_0_kills() -> None:
    wounds, knocked = npc_tracks(npc())
    assert (wounds["filled"], wounds["total"], wounds["text"]) == (0, 3, "3 left")
    assert [t["set"] for t in wounds["taps"]] == [{"taken": 1}] * 3
    assert wounds["names"] == ["Wound 1", "Wound 2", "Wound 3"]
    wounds, _ = npc_tracks(npc(taken=1))
    assert [t["set"]["taken"] for t in wounds["taps"]] == [0, 2, 2]
    # At 0 wounds a fourth box stands for the wound that kills; no Unconscious box (it is).
    (wounds,) = npc_tracks(npc(taken=3))
    assert (wounds["filled"], wounds["total"]) == (3, 4)
    assert wounds["names"][-1] == "A wound at 0: dead"
    assert [t["set"]["taken"] for t in wounds["taps"]] == [2, 2, 2, 4]
    assert wounds["text"].startswith("0 left: dying unless a DC 5 Resolve check succeeds")
    (wounds,) = npc_tracks(npc(taken=4))
    assert (wounds["filled"], wounds["total"]) == (4, 4)
    assert wounds["text"] == "dead: a wound taken at 0 kills"
    # Typed past the boxes, every tap heals one.
    (wounds,) = npc_tracks(npc(wounds=2, taken=9))
    assert [t["set"]["taken"] for t in wounds["taps"]] == [8, 8, 8]
    # Knocked out by an attack (beating its defence by 5 or more): one box, on and off.
    assert knocked["label"] == "Unconscious" and knocked["taps"][0]["set"] == {"unconscious": True}
    assert knocked["filled"] == 0 and knocked["text"] == ""
    _, knocked = npc_tracks(npc(unconscious=True))
    assert knocked["filled"] == 1 and knocked["taps"][0]["set"] == {"unconscious": False}


@pytest.mark.parametrize(("bonus", "dc"), [(0, 7), (2, 9), (4, 11), (6, 13), (10, 5), (3, 17)])
def test_an_npcs_checks_carry_the_exact_odds_of_the_36_rolls(bonus: int, dc: int) -> None:
    stats = npc(check=bonus, resolve=bonus, dc=str(dc))
    attack, defence, check, resolve = npc_checks(stats)
    assert check.chance == resolve.chance == counted(bonus, dc)
    exact = counted(bonus, dc)
    assert check.detail.startswith(f"success {exact}, failure {1 - exact}")
    # Opposed rolls have no chance of their own: the other side's roll decides.
    assert attack.chance is None and defence.chance is None
    assert (attack.value, defence.value) == ("+4", "+2")


def test_the_rules_own_numbers_anchor_an_npcs_chances() -> None:
    # +2 against Average 9: a natural 7 or more, 21 of the 36 rolls.
    assert npc_checks(npc(check=2, dc="Average"))[2].chance == Fraction(7, 12)
    # +10 against DC 5: only snake eyes fails, whatever the bonus.
    assert npc_checks(npc(check=10, dc="5"))[2].chance == Fraction(35, 36)
    # At 0 wounds, Resolve against DC 5 to live: +3 fails on snake eyes only.
    rows = npc_checks(npc(resolve=3, taken=3))
    assert rows[-1].key == "save:death" and rows[-1].chance == Fraction(35, 36)
    assert rows[1].value == "+0" and rows[1].note == "unconscious: no bonus"
    assert len(npc_checks(npc(taken=2))) == 4  # no save while it has a wound left
    armoured = npc_checks(npc(armour="medium"))[1]
    assert armoured.note == "rerolls a 2 or 3"
    assert npc_checks(npc(armour="medium-"))[1].note == "rerolls a 2"


@pytest.mark.parametrize("seed", range(40))
def test_an_npcs_rolls_are_2d6_plus_its_bonus_as_the_rules_roll_them(seed: int) -> None:
    stats = npc(attack=4, defence=2, check=3, dc="Difficult", armour="heavy")
    dice = dice_of(random.Random(seed))
    attack = npc_check(stats, "attack", random.Random(seed))
    assert attack["lines"][0]["total"] == str(sum(dice) + 4)
    assert attack["what"] == "Attack 2d6 +4"
    assert ("boxcars" in attack["outcome"]) == (sum(dice) == 12)
    # Heavy armour rerolls a natural 2, 3 or 4 once and keeps the reroll.
    rng = random.Random(seed)
    first = dice_of(rng)
    kept = dice_of(rng) if sum(first) in (2, 3, 4) else first
    defence = npc_check(stats, "defence", random.Random(seed))
    assert defence["lines"][0]["total"] == str(sum(kept) + 2)
    assert defence["outcome"].startswith(f"Defence {sum(kept) + 2}: it holds")
    check = npc_check(stats, "check", random.Random(seed))
    natural = sum(dice)
    won = natural != 2 and natural + 3 >= 11
    assert check["outcome"].startswith("Success" if won else "Failure")
    assert check["what"] == "Check +3 against DC 11 (Difficult)"


def test_an_unconscious_npc_defends_with_no_bonus_and_a_dying_one_saves() -> None:
    out = npc_check(npc(defence=4, unconscious=True), "defence", random.Random(5))
    assert out["what"] == "Defence 2d6 +0" and out["lines"][0]["parts"][-1]["text"] == "+ 0"
    assert "no bonus" in out["blocks"][0]["items"][0]
    saved = npc_check(npc(resolve=3, taken=3), "save:death", random.Random(5))
    assert saved["what"] == "Resolve +3 against DC 5 at 0 wounds"
    assert saved["outcome"].endswith(("alive, unconscious until a wound is regained", "dead"))
    with pytest.raises(ValueError, match="not at 0 wounds"):
        npc_check(npc(), "save:death", random.Random(5))
    with pytest.raises(ValueError):
        npc_check(npc(), "damage", random.Random(5))


# --------------------------------------------------------------------------
# Initiative (Combat, Initiative)
# --------------------------------------------------------------------------


def party(*bonuses: tuple[str, int]) -> list[Combatant]:
    return [
        Combatant(f"n{n}", name, False, npc(initiative=bonus))
        for n, (name, bonus) in enumerate(bonuses, start=1)
    ]


def first_total(placed: Placed) -> int:
    assert placed.line is not None
    parts = placed.line["parts"]
    return int(parts[0]["text"]) + int(parts[1]["text"]) + int(parts[2]["text"].removeprefix("+ "))


@pytest.mark.parametrize("seed", range(60))
def test_ash_bryn_and_the_goblin_roll_2d6_plus_initiative_highest_first(seed: int) -> None:
    # The Combat page's example of ours: Ash at +5, Bryn at +3 and a goblin at +3.
    fighters = party(("Ash", 5), ("Bryn", 3), ("Goblin", 3))
    rng = random.Random(seed)
    first = {c.id: sum(dice_of(rng)) + b for c, b in zip(fighters, (5, 3, 3), strict=True)}
    order = initiative(fighters, random.Random(seed))
    assert sorted(p.id for p in order) == ["n1", "n2", "n3"]
    assert {p.id: p.score for p in order} == first
    assert all(p.score == first_total(p) for p in order)
    assert [p.score for p in order] == sorted(first.values(), reverse=True)
    for a, b in pairwise(order):
        if a.score == b.score:  # a tie: both rerolled, and the higher reroll goes first
            assert a.note.startswith(f"tied at {a.score}: reroll")
            assert b.note.startswith(f"tied at {b.score}: reroll")
        else:
            assert a.score is not None and b.score is not None and a.score > b.score


def _bryn_and_goblin_alone_tie(seed: int) -> bool:
    rng = random.Random(seed)
    ash, bryn, goblin = (sum(dice_of(rng)) + b for b in (5, 3, 3))
    return bryn == goblin != ash


def test_bryn_and_the_goblin_tie_and_reroll_between_themselves_only() -> None:
    fighters = party(("Ash", 5), ("Bryn", 3), ("Goblin", 3))
    seed = next(s for s in range(1000) if _bryn_and_goblin_alone_tie(s))
    rng = random.Random(seed)
    ash, bryn, goblin = (sum(dice_of(rng)) + b for b in (5, 3, 3))
    assert bryn == goblin != ash
    # Only the tied two reroll, Bryn then the goblin, until one is higher.
    rerolls = []
    while True:
        again = sum(dice_of(rng)) + 3, sum(dice_of(rng)) + 3
        rerolls.append(again)
        if again[0] != again[1]:
            break
    bryn_first = rerolls[-1][0] > rerolls[-1][1]
    order = initiative(fighters, random.Random(seed))
    tied = [p.id for p in order if p.id != "n1"]
    assert tied == (["n2", "n3"] if bryn_first else ["n3", "n2"])
    bryn_place = next(p for p in order if p.id == "n2")
    said = "reroll" if len(rerolls) == 1 else "rerolls"
    assert bryn_place.note == f"tied at {bryn}: {said} " + ", ".join(str(r[0]) for r in rerolls)
    assert bryn_place.line is not None and "tied: reroll" in json.dumps(bryn_place.line)
    ash_place = next(p for p in order if p.id == "n1")
    assert ash_place.score == ash and ash_place.note == ""


def test_a_members_initiative_is_agility_plus_perception_from_the_sheet() -> None:
    # Kestrel's AGI + PER is +6; one character rolls one 2d6 all the same.
    member = Combatant("m1", "Kestrel", True, kestrel())
    (placed,) = initiative([member], random.Random(3))
    dice = dice_of(random.Random(3))
    assert placed.score == sum(dice) + 6 and placed.note == ""


def test_the_tables_order_has_no_fixed_cap_while_the_calculator_keeps_its_six() -> None:
    fighters = party(*((f"Guard {n}", n % 4) for n in range(1, MAX_MEMBERS + MAX_NPCS + 1)))
    order = initiative(fighters, random.Random(7))
    assert len(order) == MAX_MEMBERS + MAX_NPCS == 80
    scores = [p.score for p in order]
    assert scores == sorted(scores, reverse=True)
    with pytest.raises(ValueError, match="1 to 6 characters"):
        combat.roll_initiative([1] * (combat.MAX_PARTY + 1), random.Random(1))


# --------------------------------------------------------------------------
# A fight on the page
# --------------------------------------------------------------------------


def test_a_fight_on_the_page_orders_ticks_and_rolls_from_the_lines(start: dict[str, Any]) -> None:
    values = act(start, "add_link", link=link_to(kestrel()))
    values = act(values, "add_npc", npc_name="Guard", npc_count=2, npc_armour="light")
    panel = GM.panel(values, values, act="roll_order")
    values = {**values, **panel["set"]}
    table = table_of(values)
    assert len(table["order"]) == 3 and table["round"] == 1
    assert panel["log"]["gm"] is True and "In this order" in panel["log"]["outcome"]
    assert all(p["dice"] for p in table["order"])
    guard = table["npcs"][1]
    assert guard["name"] == "Guard 2" and guard["stats"]["armour"] == "light"
    tap = next(b for b in line_of(values, "Guard 2")["blocks"] if b["type"] == "track")
    values = act(values, tap["taps"][0]["act"])
    assert table_of(values)["npcs"][1]["stats"]["taken"] == 1
    rolled = GM.checked(values, f"{guard['id']}|defence", seed=4)
    assert rolled["what"].startswith("Guard 2: Defence 2d6 +2")
    assert rolled["log"]["gm"] is True
    knocked = [b for b in line_of(values, "Guard 2")["blocks"] if b["type"] == "track"][1]
    out = act(values, knocked["taps"][0]["act"])
    assert table_of(out)["npcs"][1]["stats"]["unconscious"] is True
    rolled = GM.checked(out, f"{guard['id']}|defence", seed=4)
    assert rolled["what"].startswith("Guard 2: Defence 2d6 +0")
    member = table["parties"][0]["members"][0]["id"]
    rolled = GM.checked(values, f"{member}|stat:AGI", seed=4)
    assert rolled["what"].startswith("Kestrel: AGI +3")
    values = act(values, "next_turn")
    values = act(values, "next_round")
    assert (table_of(values)["round"], table_of(values)["turn"]) == (2, 0)
