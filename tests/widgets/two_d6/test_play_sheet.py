"""The 2d6 builder as a sheet at the table (issue 29): each stat, skill and spell a row
with its exact chance against the DC now set, Wounds and XP ticked box by box, the
setup in Edit mode, Kestrel as the named example and New as the rules start one.

A row's chance is checked against :mod:`rules_py.systems.two_d6` and, for the examples,
against the 36 rolls of 2d6 counted here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules_py.systems.two_d6.checks import armoured_dc, parse_dc, success_chance
from rules_py.systems.two_d6.magic import cast_outcomes
from rules_py.widgets import WIDGETS, answer
from rules_py.widgets._widget import refusals
from tests.widgets.panels import blocks_of, show
from tests.widgets.two_d6.helpers import ROLLS, chance, facts, rows_of, texts

BUILDER = WIDGETS["2d6-builder"]
EXAMPLE = {f.name: f.default for f in BUILDER.fields}
"""Kestrel, the site's example: STR +2, AGI +3, DEX +2, TOU +3, INT +1, WIL +2, CHA +2,
PER +3; Melee (Light) 3, Athletics 2, Notice 2, Stealth 1; Ward; light armour."""
STATS = {"STR": 2, "AGI": 3, "DEX": 2, "TOU": 3, "INT": 1, "WIL": 2, "CHA": 2, "PER": 3}


def chances(panel: dict[str, Any]) -> dict[str, Fraction | None]:
    """Each row's check key and its exact chance (None: none shown)."""
    return {r["key"]: Fraction(r["exact"]) if r["exact"] else None for r in rows_of(panel)}


def tracks(panel: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {b["label"]: b for b in blocks_of(panel, "track")}


@pytest.mark.parametrize("dc", ["Easy", "Average", "Difficult", "13", "Exceptional", "Legendary"])
def test_kestrel_s_rows_have_the_rules_exact_chance_against_the_dc_set(dc: str) -> None:
    # The Basics: 2d6 + stat (+ ranks) meets the DC, snake eyes failing; Items, Armor: the
    # leather jacket (light armour) steps AGI and Stealth, not Melee, which fights.
    at = parse_dc(dc)
    found = chances(show("2d6-builder", check_dc=dc))
    for stat, bonus in STATS.items():
        asked = armoured_dc(at, "light") if stat == "AGI" else at
        expected = Fraction(0) if asked is None else success_chance(bonus, asked)
        assert found[f"stat:{stat}"] == expected, stat
    stealth = armoured_dc(at, "light")
    assert found["skill:0"] == success_chance(3 + 3, at)  # Melee (Light), AGI
    assert found["skill:1"] == success_chance(2 + 2, at)  # Athletics, STR
    assert found["skill:2"] == success_chance(3 + 2, at)  # Notice, PER
    assert found["skill:3"] == (Fraction(0) if stealth is None else success_chance(3 + 1, stealth))
    # Ward is cast against its own DC 7 with resolve TOU + WIL = +5, whatever the sheet's DC.
    assert found["spell:0"] == cast_outcomes(5, 7)["success"]


def test_every_stat_and_skill_row_follows_the_dc_the_spell_keeps_its_own() -> None:
    average = chances(show("2d6-builder", check_dc="Average"))
    difficult = chances(show("2d6-builder", check_dc="Difficult"))
    changed = {key for key in average if average[key] != difficult[key]}
    assert changed == {*(f"stat:{s}" for s in STATS), *(f"skill:{i}" for i in range(4))}
    # Counted by hand: STR +2 needs 7 on the dice at DC 9 (21/36), 9 at DC 11 (10/36).
    assert average["stat:STR"] == chance(ROLLS, lambda n: n + 2 >= 9) == Fraction(7, 12)
    assert difficult["stat:STR"] == chance(ROLLS, lambda n: n + 2 >= 11) == Fraction(5, 18)
    # The stat for skill checks is rolled against too: Athletics with AGI +3 instead of STR.
    with_agi = chances(show("2d6-builder", check_stat="AGI"))
    assert with_agi["skill:1"] == chance(ROLLS, lambda n: n + 5 >= 11)  # stepped: light armour


def test_the_example_of_ours_diplomacy_2_and_charisma_3_is_11_12_against_average() -> None:
    # Checks and DCs, "An example of ours": bonus +5 against Average (DC 9), the dice must
    # show 4 or more, 11/12.
    sheet = {"CHA": 3, "PER": 2, "skills": [{"name": "Diplomacy", "field": "", "ranks": 2}]}
    (row,) = [r for r in rows_of(show("2d6-builder", **sheet)) if r["key"] == "skill:0"]
    assert (row["name"], row["value"], row["note"]) == ("Diplomacy", "+5", "CHA +3, 2 ranks")
    assert Fraction(row["exact"]) == chance(ROLLS, lambda n: n >= 4) == Fraction(11, 12)
    assert row["chance"] == "92%"
    assert row["label"] == "Roll Diplomacy +5 against DC 9 (Average)"
    hard = show("2d6-builder", **sheet, check_dc="Difficult")
    assert chances(hard)["skill:0"] == chance(ROLLS, lambda n: n + 5 >= 11) == Fraction(13, 18)


def test_the_rules_trade_chef_3_ranks_adds_3_and_snake_eyes_still_fails_at_plus_10() -> None:
    # Skills: 3 ranks in Trade (Chef) give +3; The Basics: snake eyes fails whatever the bonus.
    chef = [{"name": "Trade", "field": "Chef", "ranks": 3}]
    (row,) = [r for r in rows_of(show("2d6-builder", skills=chef)) if r["key"] == "skill:0"]
    assert row["name"] == "Trade (Chef)" and row["value"] == f"+{3 + 1}"  # INT +1
    master = {
        "STR": 5,
        "AGI": 0,
        "TOU": 1,
        "skills": [{"name": "Melee", "field": "Heavy", "ranks": 5}],
        "talents": [],
        "spells": [],
        "cinematics": 0,
        "check_dc": "Easy",
    }
    panel = show("2d6-builder", **master)
    assert refusals(panel) == []
    (row,) = [r for r in rows_of(panel) if r["key"] == "skill:0"]
    assert row["value"] == "+10"
    assert Fraction(row["exact"]) == chance(ROLLS, lambda n: n != 2) == Fraction(35, 36)


def test_armour_can_make_an_agility_row_impossible_and_armored_acrobat_takes_its_step() -> None:
    # Items, Armor: heavy armour raises Exceptional (15) three steps, past Legendary.
    panel = show("2d6-builder", armour="heavy", check_dc="Exceptional")
    (agi,) = [r for r in rows_of(panel) if r["key"] == "stat:AGI"]
    assert (agi["exact"], agi["chance"], agi["note"]) == ("0", "0%", "impossible in heavy armour")
    assert "Armour: heavy, Agility checks past Legendary: impossible." in texts(panel)
    acrobat = show("2d6-builder", talents=[{"name": "Armored Acrobat"}])
    (agi,) = [r for r in rows_of(acrobat) if r["key"] == "stat:AGI"]
    assert Fraction(agi["exact"]) == success_chance(3, 9) and agi["note"] == ""
    assert "Armour: light, its step taken away by Armored Acrobat." in texts(acrobat)


def test_a_sheet_that_breaks_a_rule_shows_no_chance_its_rolls_would_refuse() -> None:
    panel = show("2d6-builder", STR=6)
    assert refusals(panel) and set(chances(panel).values()) == {None}


def test_the_spells_rows_cast_against_their_dc_with_fizzle_and_wild_in_the_detail() -> None:
    # Magic: a Resolve check against the spell's DC; 1-4 short fizzles, 5 or more goes wild.
    spells = [{"name": "Blast", "dc": ""}, {"name": "Negate", "dc": ""}]
    panel = show("2d6-builder", spells=spells, earned_xp=6)
    (blast,) = [r for r in rows_of(panel) if r["key"] == "spell:0"]
    odds = cast_outcomes(5, 9)
    assert Fraction(blast["exact"]) == odds["success"] == chance(ROLLS, lambda n: n + 5 >= 9)
    assert blast["detail"] == f"fizzle {odds['fizzle']}, wild {odds['wild']}"
    assert blast["note"] == "Resolve against DC 9"
    assert "spell:1" not in chances(panel)
    assert "Spells without a DC: Negate (it is cast as an opposed Cast check" in texts(panel)
    cast = answer(
        "2d6-builder", "check", {"values": {"spells": spells, "earned_xp": 6}, "check": "spell:0"}
    )
    assert cast["what"] == "Kestrel: Blast: Resolve +5 against DC 9"
    assert cast["outcome"].split(":")[0] in {"Cast", "Fizzle", "Wild"}
    with pytest.raises(Exception, match="Negate has no DC to cast against"):
        answer(
            "2d6-builder",
            "check",
            {"values": {"spells": spells, "earned_xp": 6}, "check": "spell:1"},
        )


def test_the_wounds_track_takes_and_heals_one_wound_a_tap_and_kills_past_0() -> None:
    # Combat, Wounds: 3 + TOU = 6 wounds; at 0 the character is dying; one more kills.
    wounds = tracks(show("2d6-builder", wounds_taken=2))["Wounds"]
    assert (wounds["filled"], wounds["total"], wounds["text"]) == (2, 6, "4 left")
    assert [t["set"] for t in wounds["taps"]] == [{"wounds_taken": 1}] * 2 + [
        {"wounds_taken": 3}
    ] * 4
    assert wounds["taps"][2]["said"] == "Wounds taken: 2 → 3"
    assert wounds["names"] == [f"Wound {n}" for n in range(1, 7)]
    dying = tracks(show("2d6-builder", wounds_taken=6))["Wounds"]
    assert (dying["filled"], dying["total"], dying["text"]) == (6, 7, "0 left: dying")
    assert dying["names"][-1] == "A wound at 0: dead"
    assert dying["taps"][-1]["set"] == {"wounds_taken": 7}
    dead = tracks(show("2d6-builder", wounds_taken=9))["Wounds"]
    assert (dead["filled"], dead["text"]) == (7, "dead")
    assert {str(t["set"]) for t in dead["taps"]} == {str({"wounds_taken": 8})}


def test_the_xp_track_counts_xp_earned_five_boxes_at_a_time() -> None:
    # Character Growth: one XP for each adventure, antagonist, puzzle or awesome deed.
    xp = tracks(show("2d6-builder"))["XP earned in play"]
    assert (xp["filled"], xp["total"], xp["text"]) == (0, 5, "0 earned")
    assert [t["set"] for t in xp["taps"]] == [{"earned_xp": 1}] * 5
    five = tracks(show("2d6-builder", earned_xp=5))["XP earned in play"]
    assert (five["filled"], five["total"]) == (5, 10)
    assert five["taps"][4] == {"set": {"earned_xp": 4}, "said": "XP earned: 5 → 4"}
    assert five["taps"][5] == {"set": {"earned_xp": 6}, "said": "XP earned: 5 → 6"}


def test_every_track_of_the_sheet_has_taps_and_none_is_setup() -> None:
    for values in ({}, {"wounds_taken": 6}, {"earned_xp": 12}):
        for block in blocks_of(show("2d6-builder", **values), "track"):
            assert len(block["taps"]) == block["total"] and not block.get("edit")


def test_setup_is_for_edit_mode_and_play_keeps_rows_tracks_talents_and_items() -> None:
    panel = show("2d6-builder")
    setup = [b for b in panel["blocks"] if b.get("edit")]
    assert [b["type"] for b in setup] == ["text", "facts", "table", "text", "table"]
    assert setup[0]["text"] == "20 of 20 XP spent."
    assert facts({"blocks": setup})["Stat points"][0] == "31 of 36 spent"
    play = [b for b in panel["blocks"] if not b.get("edit")]
    assert [b["type"] for b in play] == ["text", "track", "track", "checks", "text"]
    assert play[0]["text"] == "Kestrel: 6 wounds, resolve +5, initiative +6."
    assert play[-1]["text"] == (
        "Talents: Armor Proficiency. Items: Leather jacket (light armour). "
        "Armour: light, Agility checks 1 step harder."
    )
    # The order of the printed sheet: the stats in the source's order, then the skills.
    keys = [r["key"] for r in rows_of(panel)]
    assert keys == [*(f"stat:{s}" for s in STATS), *(f"skill:{i}" for i in range(4)), "spell:0"]
    assert BUILDER.play_fields == ("check_dc", "check_stat", "unconscious")


def test_the_printed_sheet_says_each_value_once() -> None:
    # Skills, talents, spells, items and armour are printed by the sheet's rows and lines,
    # wounds and XP as boxes: their fields are left off the printed list.
    printed = {f.name for f in BUILDER.fields if f.printed}
    assert printed == {"lost_limbs"}


def test_a_first_visit_plays_kestrel_and_new_starts_as_the_rules_start_a_character() -> None:
    assert EXAMPLE["name"] == "Kestrel"
    fresh = BUILDER.fresh_values()
    # Character Creation; Stats: every stat +0 with the 36 stat points unspent, so 15 + 36
    # starting XP, nothing bought, no items, no armour, unhurt; no name yet.
    assert {s: fresh[s] for s in STATS} == dict.fromkeys(STATS, 0)
    assert fresh["stat_points"] == 36 and fresh["name"] == ""
    assert not (fresh["skills"] or fresh["talents"] or fresh["spells"] or fresh["items"])
    assert (fresh["cinematics"], fresh["earned_xp"], fresh["wounds_taken"]) == (0, 0, 0)
    assert fresh["armour"] == "none" and fresh != EXAMPLE
    panel = BUILDER.panel(fresh)
    assert refusals(panel) == []
    assert facts(panel)["Starting XP"][0] == "51"
    assert [r["key"] for r in rows_of(panel)] == [f"stat:{s}" for s in STATS]
    assert tracks(panel)["Wounds"]["total"] == 3
    assert "Your character: 3 wounds, resolve +0, initiative +0." in texts(panel)


def test_a_death_save_on_boxcars_lives_then_gains_a_cinematic() -> None:
    # Combat, Wounds: the DC 5 Resolve check made at 0 wounds; Character Growth: boxcars
    # on a check gains a cinematic. Seed 20 rolls 6 and 6.
    saved = answer(
        "2d6-builder", "check", {"values": {"wounds_taken": 6}, "check": "save:death", "seed": 20}
    )
    dice = [p["text"] for p in saved["lines"][0]["parts"] if p["kind"] == "die"]
    assert dice == ["6", "6"]
    assert saved["outcome"] == (
        "Success: 17 against DC 5: alive, unconscious until a wound is regained; "
        "boxcars: gain a cinematic"
    )
