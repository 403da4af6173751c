"""The [2d6] Roleplaying System check widgets (widgets/two_d6/_checks.py): the check and casting,
each with Use my sheet or Mass Spell.

Exact values come from the source's examples (as the rules pages restate them)
or from brute-force enumeration of the 36 rolls here, never from the code
under test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_py.widgets import WIDGETS, WidgetError, answer
from rules_py.widgets._widget import refusals
from tests.widgets.panels import roll, show
from tests.widgets.two_d6.helpers import AIMED, ROLLS, chance, exact, facts, texts

# --------------------------------------------------------------------------
# Check
# --------------------------------------------------------------------------


def test_two_d6_check_bonus_4_against_difficult_by_enumeration() -> None:
    panel = show("2d6-check", bonus=4, dc="difficult")
    want = chance(ROLLS, lambda n: n != 2 and n + 4 >= 11)
    assert want == Fraction(7, 12)
    assert exact(panel, "Bonus +4 against DC 11")["Success"] == [want]
    assert facts(panel)["Cinematic"] == ("2.78%", "1/36")
    assert facts(panel)["Label"][0] == "average"  # DC 11 at +4, as the chart reads it
    assert "DC 11 (Difficult): success 58.33%, failure 41.67%" in texts(panel)


def test_two_d6_check_snake_eyes_fails_even_when_the_bonus_is_enough() -> None:
    panel = show("2d6-check", bonus=10, dc="7")
    assert exact(panel, "Bonus +10")["Success"] == [Fraction(35, 36)]
    assert facts(panel)["Label"][0] == "cannot fail"


def test_two_d6_check_aim_keeps_the_higher_of_two_rolls() -> None:
    panel = show("2d6-check", bonus=2, dc="11", aim=True)
    want = chance(AIMED, lambda n: n != 2 and n + 2 >= 11)
    assert exact(panel, "Bonus +2")["Success"] == [want]
    assert facts(panel)["Cinematic"][1] == str(chance(AIMED, lambda n: n == 12))


def test_two_d6_check_take_7_is_certain_and_refuses_aim() -> None:
    assert exact(show("2d6-check", bonus=4, dc="11", take7=True), "Bonus +4")["Success"] == [1]
    assert exact(show("2d6-check", bonus=3, dc="11", take7=True), "Bonus +3")["Success"] == [0]
    panel = show("2d6-check", bonus=4, dc="11", take7=True, aim=True)
    assert "nothing to aim" in refusals(panel)[0]
    assert panel["invalid"] == ["aim", "take7"]
    outcome = roll("2d6-check", bonus=4, dc="11", take7=True)
    assert outcome["outcome"] == "Success: 11 against DC 11 (no roll)"


def test_two_d6_check_helpers_step_the_dc_and_must_succeed_too() -> None:
    # DC 9 with one helper is DC 7; both the +2 actor and the +0 helper must make it.
    panel = show("2d6-check", bonus=2, dc="9", helpers=1, helper_bonus=0)
    me = chance(ROLLS, lambda n: n != 2 and n + 2 >= 7)
    helper = chance(ROLLS, lambda n: n != 2 and n >= 7)
    assert exact(panel, "Bonus +2 against DC 7")["Success"] == [me * helper]
    alone = chance(ROLLS, lambda n: n != 2 and n + 2 >= 9)
    assert facts(panel)["Alone"][1] == str(alone)
    assert "this aid lowers the chance" in texts(panel)
    rolled = roll("2d6-check", bonus=2, dc="9", helpers=1, helper_bonus=0)
    assert [line["label"] for line in rolled["lines"]] == ["You", "Helper 1"]


def test_two_d6_check_armour_steps_agility_dcs_past_legendary_to_impossible() -> None:
    light = show("2d6-check", bonus=2, dc="Exceptional", armour="light")
    assert exact(light, "Bonus +2 against DC 17")["Success"] == [
        chance(ROLLS, lambda n: n != 2 and n + 2 >= 17)
    ]
    heavy = show("2d6-check", bonus=5, dc="Professional", armour="heavy")
    assert facts(heavy)["Success"] == ("0.00%", "0")
    assert "impossible" in texts(heavy)
    with pytest.raises(WidgetError, match="impossible"):
        roll("2d6-check", bonus=5, dc="Professional", armour="heavy")
    acrobat = show("2d6-check", bonus=2, dc="Legendary", armour="light", armored_acrobat=True)
    assert "against DC 17 (Legendary)" in texts(acrobat)
    # Without a saved sheet the page hides "Use my sheet" and the fields it brings.
    sheetless = ["sheet_skill", "sheet_stat", "use_sheet"]
    assert show("2d6-check", armour="none")["unused"] == [
        "armored_acrobat",
        "helper_bonus",
        *sheetless,
    ]
    assert show("2d6-check", armour="light", helpers=2)["unused"] == sheetless


def test_two_d6_check_refuses_an_unknown_dc_naming_the_six() -> None:
    panel = show("2d6-check", dc="tough")
    assert "Easy (7)" in refusals(panel)[0] and panel["invalid"] == ["dc"]


def test_two_d6_check_roll_names_the_result() -> None:
    for _ in range(50):
        rolled = roll("2d6-check", bonus=3, dc="9", aim=True)
        first, second = rolled["lines"][0]["parts"][:2], rolled["lines"][0]["parts"][2:4]
        assert {p["kind"] for p in first} != {p["kind"] for p in second}  # one pair dropped
        total = int(rolled["lines"][0]["total"])
        natural = total - 3
        if natural == 2:
            assert rolled["outcome"].startswith("Failure: snake eyes")
        else:
            verdict = "Success" if total >= 9 else "Failure"
            assert rolled["outcome"].startswith(f"{verdict}: {total} against DC 9")
        assert ("boxcars" in rolled["outcome"]) == (natural == 12)


# --------------------------------------------------------------------------
# Casting
# --------------------------------------------------------------------------


def test_two_d6_casting_entangle_at_resolve_1_by_enumeration() -> None:
    panel = show("2d6-casting", resolve=1, spell="entangle")  # DC 11
    table = exact(panel, "Resolve +1 against DC 11")
    success = chance(ROLLS, lambda n: n != 2 and n + 1 >= 11)
    wild = chance(ROLLS, lambda n: 11 - (n + 1) >= 5)
    assert table == {"Success": [success], "Fizzle": [1 - success - wild], "Wild": [wild]}
    assert "Entangle (DC 11 (Difficult), 4 XP)" in texts(panel)


def test_two_d6_casting_takes_a_dc_and_refuses_negate() -> None:
    assert exact(show("2d6-casting", resolve=0, spell="7"), "Resolve +0 against DC 7")
    panel = show("2d6-casting", spell="Negate")
    assert "Negate has no DC" in refusals(panel)[0] and panel["invalid"] == ["spell"]


def test_two_d6_casting_roll_classes_the_result() -> None:
    for _ in range(50):
        rolled = roll("2d6-casting", resolve=0, spell="Create")  # DC 17: never cast at +0
        total = int(rolled["lines"][0]["total"])
        want = "Wild" if 17 - total >= 5 else "Fizzle"
        assert rolled["outcome"].startswith(want)


# --------------------------------------------------------------------------
# Playing a character: the check's "Use my sheet", casting on more targets and in combat
# --------------------------------------------------------------------------


def test_the_check_takes_its_bonus_from_the_played_character_s_sheet() -> None:
    check = WIDGETS["2d6-check"]
    sheet = {"name": "Ash", "skills": [{"name": "Melee", "field": "Light", "ranks": 3}]}
    taken = check.panel({"use_sheet": True, "sheet_skill": "melee (light)"}, source=sheet)
    assert taken["set"] == {"bonus": 6, "armour": "none", "armored_acrobat": False}
    assert taken["taken"] == ["armored_acrobat", "armour", "bonus"]
    assert taken["blocks"][0]["text"] == (
        "From Ash's sheet: Melee (Light) +3, AGI +3, bonus +6; its light armour adds no step "
        "(a combat roll)."
    )
    untrained = check.panel({"use_sheet": True, "sheet_skill": "Bluff"}, source=sheet)
    assert "Bluff +0, CHA +2 (no ranks on the sheet), bonus +2" in untrained["blocks"][0]["text"]
    stat_only = check.panel({"use_sheet": True, "sheet_stat": "AGI"}, source=sheet)
    assert stat_only["set"]["bonus"] == 3
    asks = check.panel({"use_sheet": True}, source=sheet)
    assert asks["set"] == {} and "name a skill, or pick the stat" in asks["blocks"][0]["text"]


def test_use_my_sheet_brings_the_sheet_s_armour_to_an_agility_check() -> None:
    # Items, Armor: light armour raises the DC of checks modified by Agility one step,
    # medium two; combat rolls are exempt, and so are checks with any other stat.
    check = WIDGETS["2d6-check"]
    sheet = {"name": "Ash", "skills": [{"name": "Stealth", "ranks": 1}], "armour": "light"}
    stealth = check.panel({"use_sheet": True, "sheet_skill": "Stealth", "dc": "9"}, source=sheet)
    assert stealth["set"] == {"bonus": 4, "armour": "light", "armored_acrobat": False}
    assert stealth["blocks"][0]["text"].endswith("bonus +4; in light armour.")
    assert facts(stealth)["Success"][1] == str(chance(ROLLS, lambda n: n != 2 and n + 4 >= 11))
    medium = check.panel(
        {"use_sheet": True, "sheet_stat": "AGI", "dc": "9"}, source={**sheet, "armour": "medium"}
    )
    assert medium["set"]["armour"] == "medium"
    assert "against DC 13 (Professional) (from 9 with medium armour)" in texts(medium)
    notice = check.panel({"use_sheet": True, "sheet_skill": "Notice", "dc": "9"}, source=sheet)
    assert notice["set"]["armour"] == "none"
    assert "adds no step (not an Agility check)" in notice["blocks"][0]["text"]
    acrobat = {**sheet, "talents": [{"name": "Armored Acrobat"}]}
    light = check.panel({"use_sheet": True, "sheet_stat": "AGI", "dc": "9"}, source=acrobat)
    assert light["set"]["armored_acrobat"] is True
    assert facts(light)["Success"][1] == str(chance(ROLLS, lambda n: n != 2 and n + 3 >= 9))


def test_use_my_sheet_says_when_the_character_is_dying_dead_or_unconscious() -> None:
    # Combat, Wounds: 0 wounds is unconscious and a DC 5 Resolve check or death; a wound
    # more kills. The check taking the sheet's bonus says so beside its own roll.
    check = WIDGETS["2d6-check"]
    own = {"use_sheet": True, "sheet_stat": "PER"}
    sheet = {"name": "Ash", "TOU": 3, "wounds_taken": 6}
    dying = check.panel(own, source=sheet)["blocks"][0]["text"]
    assert dying.startswith("From Ash's sheet: PER +3, bonus +3")
    assert dying.endswith(
        "Ash is at 0 wounds: unconscious, and dying unless a DC 5 Resolve "
        "check (+5) succeeds; then unconscious until a wound is regained. "
        "Any further wound kills (Combat, Wounds)."
    )
    dead = check.panel(own, source={**sheet, "wounds_taken": 7})["blocks"][0]["text"]
    assert dead.endswith("Ash is dead: a wound taken at 0 wounds kills at once (Combat, Wounds).")
    out = check.panel(own, source={**sheet, "wounds_taken": 0, "unconscious": True})
    assert out["blocks"][0]["text"].endswith(
        "Ash is unconscious: its defensive rolls get no "
        "bonus and rely on luck alone (Combat, Roll Mechanics)."
    )
    fine = check.panel(own, source={**sheet, "wounds_taken": 0})["blocks"][0]["text"]
    assert fine == (
        "From Ash's sheet: PER +3, bonus +3; its light armour adds no step (not an Agility check)."
    )


def test_mass_spell_steps_the_dc_per_extra_target_up_to_legendary() -> None:
    three = texts(show("2d6-casting", spell="Blast", targets=3))
    assert "Blast (DC 9 (Average), 3 XP) on 3 targets with Mass Spell, so DC 13" in three
    assert show("2d6-casting", spell="Blast", targets=5)["invalid"] == []
    too_many = show("2d6-casting", spell="Blast", targets=6)
    assert too_many["invalid"] == ["targets"]
    assert "a DC 9 spell reaches at most 5 targets" in refusals(too_many)[0]


def test_casting_runes_or_negate_quotes_each_spell_s_own_rule() -> None:
    runes = show("2d6-casting", spell="Runes")
    assert runes["invalid"] == ["spell"]
    assert refusals(runes)[0].startswith("Runes has no DC: it is not cast on its own")
    assert "Cast check" not in refusals(runes)[0]
    negate = refusals(show("2d6-casting", spell="Negate"))[0]
    assert negate.startswith("Negate has no DC: it is cast as an opposed Cast check")
    legendary = refusals(show("2d6-casting", spell="Destroy", targets=2))[0]
    assert legendary.endswith(
        "a DC 17 spell reaches at most 1 target ([2d6] Roleplaying System, Talents, Mass Spell)"
    )


def test_mass_spell_leaves_a_spell_without_targets_at_its_dc() -> None:
    # Talents, Mass Spell: "Some spells that affect areas or do not have specific targets
    # aren't affected by this talent".
    ward = show("2d6-casting", spell="Ward", targets=4, resolve=0)
    assert ward["invalid"] == []
    assert "Mass Spell leaves it alone, as it wards an area" in texts(ward)
    assert facts(ward)["Cast"][1] == str(chance(ROLLS, lambda n: n != 2 and n >= 7))
    assert "so DC 13" in texts(show("2d6-casting", spell="Blast", targets=3))


def test_a_spell_in_combat_adds_resolve_only_when_it_reaches_its_dc() -> None:
    # Magic: a Resolve check short of the DC fails the spell and the roll gets no bonus.
    panel = show("2d6-casting", spell="Blast", resolve=4, combat=True)
    totals = exact(panel, "Opposed roll with Blast")
    naturals = dict.fromkeys(range(2, 13), Fraction(0))
    for n in ROLLS:
        naturals[n] += Fraction(1, 36)
    expected = {str(n + 4 if n + 4 >= 9 else n): [p] for n, p in naturals.items()}
    assert totals == expected
    assert "the spell works 83.33% of the time" in texts(panel)
    for seed in range(40):
        args = {"values": {"spell": "Blast", "resolve": 3, "combat": True}, "seed": seed}
        rolled = answer("2d6-casting", "roll", args)
        natural = sum(int(p["text"]) for p in rolled["lines"][0]["parts"] if p["kind"] == "die")
        if natural + 3 >= 9:
            assert rolled["outcome"].startswith(
                f"The spell works: the opposed roll counts {natural + 3}"
            )
        else:
            assert rolled["outcome"].startswith(f"The spell fails ({natural + 3} against DC 9)")
