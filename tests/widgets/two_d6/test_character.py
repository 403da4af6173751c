"""The [2d6] Roleplaying System character widgets (widgets/two_d6/_character.py): healing, the
builder, and playing a character from its sheet.

Exact values come from the source's examples (as the rules pages restate them)
or from brute-force enumeration of the 36 rolls here, never from the code
under test.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from rules_py.widgets import WidgetError, answer
from rules_py.widgets._widget import refusals
from tests.widgets.panels import blocks_of, show
from tests.widgets.two_d6.helpers import ROLLS, chance, exact, facts, fences, rows_of, texts

# --------------------------------------------------------------------------
# Healing
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("lost", "dc"), [(1, 7), (2, 9), (3, 11), (5, 15), (6, 17), (9, 17)])
def test_two_d6_healing_dc_ladder_as_the_rules_give_it(lost: int, dc: int) -> None:
    # The rules' examples: three wounds down is DC 11; six or more is DC 17.
    panel = show("2d6-healing", wounds_lost=lost, tended=False)
    assert facts(panel)["Heal check"][0].startswith(f"DC {dc}")


def test_two_d6_healing_three_wounds_with_a_healer_at_3_by_hand() -> None:
    # Day 1: DC 11 at +3 succeeds 5/12 (2 wounds regained, else 1). Day 2: one wound left
    # heals either way; two left need DC 9 (13/18) to finish, else a third day.
    panel = show("2d6-healing", wounds_lost=3, healer=3, rested=True, tended=True)
    fail_first = 1 - chance(ROLLS, lambda n: n != 2 and n + 3 >= 11)
    third = fail_first * (1 - chance(ROLLS, lambda n: n != 2 and n + 3 >= 9))
    assert third == Fraction(35, 216)
    assert exact(panel, "Days to heal 3 wounds") == {
        "2 days": [1 - third, 1 - third],
        "3 days": [third, Fraction(1)],
    }
    assert facts(panel)["Today's check"] == ("41.67%", "5/12")
    assert facts(panel)["Average days"][1] == str(2 * (1 - third) + 3 * third)


def test_two_d6_healing_without_a_healer_is_certain() -> None:
    assert "3 days to heal" in texts(show("2d6-healing", wounds_lost=3, tended=False))
    tired = show("2d6-healing", wounds_lost=3, tended=False, rested=False)
    assert "one wound every two days, so 6 days to heal" in texts(tired)
    assert tired["unused"] == ["healer"]


# --------------------------------------------------------------------------
# Character builder
# --------------------------------------------------------------------------

TRIANGLE = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10, 5: 15}  # the stat and skill cost tables


def test_two_d6_builder_fence_keeps_the_sheet_in_a_named_store() -> None:
    (fence,) = [f for f in fences("character-creation.md") if f["widget"] == "2d6-builder"]
    assert fence["store"] == "2d6-character"


def test_two_d6_builder_default_sheet_is_legal_and_spends_its_xp() -> None:
    panel = show("2d6-builder")
    assert refusals(panel) == []
    stats = {"STR": 2, "AGI": 3, "DEX": 2, "TOU": 3, "INT": 1, "WIL": 2, "CHA": 2, "PER": 3}
    spent = sum(TRIANGLE[v] for v in stats.values())
    assert facts(panel)["Stat points"][0] == f"{spent} of 36 spent"
    assert facts(panel)["Starting XP"][0] == str(15 + 36 - spent)
    # Melee (Light) 3, Athletics 2, Notice 2, Stealth 1; Armor Proficiency 3; the Ward
    # spell (DC 7, 2 XP); one cinematic 2.
    xp = TRIANGLE[3] + TRIANGLE[2] + TRIANGLE[2] + TRIANGLE[1] + 3 + 2 + 2
    assert facts(panel)["XP left"][0] == str(15 + 36 - spent - xp) == "0"
    assert facts(panel)["Wounds"][0] == str(3 + 3)
    assert facts(panel)["Resolve"][0] == f"+{3 + 2}"
    assert facts(panel)["Initiative"][0] == f"+{3 + 3}"


def test_two_d6_builder_budget_is_adjustable_and_leftover_points_become_xp() -> None:
    panel = show("2d6-builder", stat_points=40)
    assert facts(panel)["Starting XP"][0] == str(15 + 40 - 31)
    broke = show("2d6-builder", stat_points=30)
    assert refusals(broke)[0] == (
        "These stats cost 31 points; the budget is 30 ([2d6] Roleplaying System, Stats)"
    )
    assert broke["invalid"][:1] == ["stat_points"]


@pytest.mark.parametrize(
    ("values", "rule", "field"),
    [
        ({"STR": 6}, "Every stat is from +0 to +5; STR is +6", "STR"),
        (
            {"skills": [{"name": "Notice", "field": "", "ranks": 6}]},
            "The ranks in Notice must be from 0 to 5, got 6",
            "skills",
        ),
        ({"skills": [{"name": "Melee", "field": "", "ranks": 1}]}, "name it", "skills"),
        (
            {"talents": [{"name": "Fearless"}] * 2, "earned_xp": 9},
            "Fearless is taken 2 times",
            "talents",
        ),
        (
            {"talents": [{"name": "Stat Boost", "option": "STR"}] * 5, "earned_xp": 100},
            "it can be taken 4 times",
            "talents",
        ),
        (
            {"STR": 5, "talents": [{"name": "Stat Boost", "option": "STR"}], "earned_xp": 10},
            "Stat Boost makes STR +6",
            "STR",
        ),
        (
            {"talents": [{"name": "Rich", "later": True}], "earned_xp": 10},
            "taken only at character creation",
            "talents",
        ),
        ({"spells": [{"name": "Negate", "dc": "9"}]}, "Negate has no DC", "spells"),
        ({"cinematics": 5}, "These purchases cost 28 XP; the character has 20", "cinematics"),
    ],
)
def test_two_d6_builder_refusals_name_the_rule_and_mark_the_field(
    values: dict[str, Any], rule: str, field: str
) -> None:
    panel = show("2d6-builder", **values)
    assert any(rule in r for r in refusals(panel)), refusals(panel)
    assert field in panel["invalid"]


def test_two_d6_builder_refuses_negative_wounds_and_says_which_fields() -> None:
    # Issue 16, item 3: the builder showed "-1 wounds".
    panel = show("2d6-builder", TOU=0, lost_limbs=4)
    (refusal,) = [r for r in refusals(panel) if "never negative" in r]
    assert refusal.startswith("Too many limbs lost: 4 against 3 wounds (3 + TOU +0)")
    assert set(panel["invalid"]) >= {"lost_limbs", "TOU"}
    assert "-1" not in texts(panel) and "no wounds count" in texts(panel)
    assert facts(panel)["Wounds"][0] == "refused"


def test_two_d6_builder_and_healing_count_one_in_the_singular() -> None:
    # Issue 16, item 25: "1 cinematics", "1 wounds".
    panel = show("2d6-builder", TOU=0, lost_limbs=2)
    assert "Kestrel: 1 wound, " in texts(panel)
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"].endswith("XP")]
    assert ["1 cinematic", "cinematics", "2"] in [r["cells"] for r in block["rows"]]
    assert "1 wound lost" in texts(show("2d6-healing", wounds_lost=1, tended=False))


def test_two_d6_builder_spells_cost_the_xp_of_their_dc() -> None:
    panel = show(
        "2d6-builder",
        skills=[],
        talents=[],
        cinematics=0,
        spells=[
            {"name": "Blast", "dc": ""},
            {"name": "Runes", "dc": ""},
            {"name": "Glow", "dc": "7"},
        ],
    )
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"].endswith("XP")]
    assert [r["cells"] for r in block["rows"]] == [
        ["Blast (DC 9)", "spell", "3"],
        ["Runes", "spell", "5"],
        ["Glow (DC 7)", "spell", "2"],
    ]


def test_two_d6_builder_export_import_round_trip() -> None:
    values = {"name": "Thorn Ironhand", "PER": 2}
    exported = answer("2d6-builder", "export", {"values": values})
    assert exported["filename"] == "thorn-ironhand.json"
    loaded = answer("2d6-builder", "import", {"text": exported["text"]})
    assert loaded["values"]["name"] == "Thorn Ironhand" and loaded["values"]["PER"] == 2
    document = json.loads(exported["text"])
    document["values"]["STR"] = 6
    with pytest.raises(WidgetError, match=r"breaks a rule: .*STR is \+6"):
        answer("2d6-builder", "import", {"text": json.dumps(document)})
    document["values"]["STR"] = 2
    document["values"]["wizardry"] = 1
    with pytest.raises(WidgetError, match="unknown setting 'wizardry'"):
        answer("2d6-builder", "import", {"text": json.dumps(document)})


# --------------------------------------------------------------------------
# Playing a character: the sheet's checks, wounds taken, "Use my sheet" (issue 17)
# --------------------------------------------------------------------------


def _sheet_check(key: str, seed: int = 7, **values: object) -> dict[str, Any]:
    return answer(
        "2d6-builder",
        "check",
        {"values": {"name": "Ash", **values}, "check": key, "seed": seed},
    )


def test_a_skill_row_rolls_2d6_plus_its_stat_and_ranks_against_the_sheet_s_dc() -> None:
    rolled = _sheet_check("skill:0", check_dc="Difficult")
    assert rolled["what"] == "Ash: Melee (Light) +3, AGI +3 against DC 11 (Difficult)"
    dice = [int(p["text"]) for p in rolled["lines"][0]["parts"] if p["kind"] == "die"]
    assert rolled["lines"][0]["total"] == str(sum(dice) + 6)
    assert rolled["log"]["what"] == rolled["what"]
    assert _sheet_check("skill:0", check_dc="Difficult")["lines"] == rolled["lines"]


def test_a_skill_is_rolled_with_the_stat_the_gm_asks_for() -> None:
    assert _sheet_check("skill:1", check_stat="CHA")["what"] == (
        "Ash: Athletics +2, CHA +2 against DC 9 (Average)"
    )
    # Athletics lists STR, AGI and DEX: the usual stat is the first the source names.
    assert _sheet_check("skill:1")["what"].startswith("Ash: Athletics +2, STR +2")


@pytest.mark.parametrize(
    ("field", "words"),
    [
        # Skills, Melee ( ): "Heavy is almost always modified by strength, Light is almost
        # always modified by agility, and Unarmed could be modified by either".
        ("Heavy", "Melee (Heavy) +3, STR +2"),
        ("Light", "Melee (Light) +3, AGI +3"),
        ("Unarmed", "Melee (Unarmed) +3, STR +2 (or AGI, as the GM picks)"),
    ],
)
def test_each_melee_field_is_rolled_with_the_stat_the_source_gives_it(
    field: str, words: str
) -> None:
    skills = [{"name": "Melee", "field": field, "ranks": 3}]
    assert _sheet_check("skill:0", skills=skills)["what"].startswith(f"Ash: {words} against")
    (row,) = [r for r in rows_of(show("2d6-builder", skills=skills)) if r["key"] == "skill:0"]
    assert row["title"] == words
    # The GM may still ask for another stat.
    assert "AGI +3" in _sheet_check("skill:0", skills=skills, check_stat="AGI")["what"]


def test_the_sheet_s_armour_steps_its_agility_checks_and_says_so() -> None:
    # Items, Armor: light armour raises the DC of skill checks modified by Agility one
    # step (the example wears a leather jacket); combat rolls are exempt.
    stealth = _sheet_check("skill:3")
    assert stealth["what"] == (
        "Ash: Stealth +1, AGI +3 against DC 11 (Difficult): light armour raises DC 9 "
        "(Average) one step"
    )
    assert stealth["lines"][0]["total"] == str(
        sum(int(p["text"]) for p in stealth["lines"][0]["parts"] if p["kind"] == "die") + 4
    )
    assert _sheet_check("stat:AGI", armour="heavy")["what"] == (
        "Ash: AGI +3 against DC 15 (Exceptional): heavy armour raises DC 9 (Average) three steps"
    )
    assert _sheet_check("skill:0")["what"].endswith("against DC 9 (Average)")  # Melee fights
    assert _sheet_check("stat:STR")["what"] == "Ash: STR +2 against DC 9 (Average)"
    assert _sheet_check("stat:AGI", armour="none")["what"].endswith("against DC 9 (Average)")
    acrobat = [{"name": "Armored Acrobat"}]
    assert _sheet_check("skill:3", talents=acrobat)["what"].endswith("against DC 9 (Average)")
    with pytest.raises(WidgetError, match=r"^In medium armour this Agility task at DC 15"):
        _sheet_check("stat:AGI", armour="medium", check_dc="Exceptional")

    panel = show("2d6-builder")
    rows = {row["name"]: row for row in rows_of(panel)}
    at_11 = chance(ROLLS, lambda n: n != 2 and n + 4 >= 11)
    assert (rows["Stealth"]["exact"], rows["Stealth"]["note"]) == (
        str(at_11),
        "AGI +3, 1 rank; armour DC 11",
    )
    assert rows["Melee (Light)"]["exact"] == str(chance(ROLLS, lambda n: n != 2 and n + 6 >= 9))
    assert "Armour: light, Agility checks 1 step harder." in texts(panel)
    assert "Armour:" not in texts(show("2d6-builder", armour="none"))


@pytest.mark.parametrize(
    ("key", "values", "message"),
    [
        ("skill:9", {}, "the sheet has no check 'skill:9'"),
        ("stat:LUCK", {}, "the sheet has no check 'stat:LUCK'"),
        ("stat:STR", {"STR": "9"}, "Mend the sheet first"),
        ("stat:STR", {"check_dc": "Impossible"}, "DC"),
    ],
)
def test_a_check_the_sheet_cannot_make_says_why(
    key: str, values: dict[str, object], message: str
) -> None:
    with pytest.raises(WidgetError, match=message):
        _sheet_check(key, **values)


def test_wounds_taken_count_down_the_sheet_s_wounds() -> None:
    (wounds, _) = blocks_of(show("2d6-builder", wounds_taken=2), "track")
    assert (wounds["filled"], wounds["total"], wounds["text"]) == (2, 6, "4 left")
    standing = show("2d6-builder", wounds_taken=5)
    assert "dying" not in texts(standing) and "dead" not in texts(standing)


def test_at_0_wounds_the_sheet_says_unconscious_and_dying_and_offers_the_save() -> None:
    # Combat, Wounds: at 0 wounds a character falls unconscious and must make a DC 5
    # Resolve check or die; made, unconscious until a wound is regained.
    panel = show("2d6-builder", name="Ash", wounds_taken=6)
    said = (
        "Ash is at 0 wounds: unconscious, and dying unless a DC 5 Resolve check (+5) "
        "succeeds; then unconscious until a wound is regained. Any further wound kills"
    )
    assert said in texts(panel)
    save, checks = blocks_of(panel, "checks")
    assert save["caption"] == "Ash's check at 0 wounds: Resolve against DC 5"
    assert save["rows"][0]["key"] == "save:death"
    assert save["rows"][0]["exact"] == str(chance(ROLLS, lambda n: n != 2 and n + 5 >= 5))
    # The state sits just before the rolls of the sheet's checks.
    kinds = [b.get("caption") or b.get("text", "")[:6] for b in panel["blocks"]]
    assert kinds.index(save["caption"]) < kinds.index(checks["caption"])
    rolled = _sheet_check("stat:STR", wounds_taken=6)
    assert rolled["blocks"] == [{"type": "list", "items": [said + " (Combat, Wounds)."]}]
    for seed in range(40):
        saved = _sheet_check("save:death", seed, wounds_taken=6)
        assert saved["what"] == "Ash: Resolve +5 against DC 5 at 0 wounds"
        if saved["outcome"].endswith(": dead"):
            assert saved["outcome"].startswith("Failure: snake eyes")
            break
        assert saved["outcome"].endswith(": alive, unconscious until a wound is regained")
    with pytest.raises(WidgetError, match=r"^No check at 0 wounds to make: Ash is not at 0"):
        _sheet_check("save:death", wounds_taken=2)


def test_a_character_knocked_unconscious_says_so_beside_its_rolls() -> None:
    # Combat: an attack that beats the defence by 5 or more may knock the defender
    # unconscious; "Unconscious characters receive no bonus to their defensive checks".
    said = (
        "Ash is unconscious: its defensive rolls get no bonus and rely on luck alone "
        "(Combat, Roll Mechanics)."
    )
    panel = show("2d6-builder", name="Ash", unconscious=True)
    assert said in texts(panel)
    kinds = [b.get("caption") or b.get("text", "") for b in panel["blocks"]]
    assert kinds.index(said) < kinds.index("Ash's checks against DC 9 (Average)")
    assert _sheet_check("stat:PER", unconscious=True)["blocks"][0]["items"] == [said]
    assert "unconscious" not in texts(show("2d6-builder", name="Ash"))
    assert _sheet_check("stat:PER")["blocks"] == []


@pytest.mark.parametrize("taken", [7, 9])
def test_a_wound_taken_at_0_reads_dead_not_bad_input(taken: int) -> None:
    # Combat, Wounds: "Characters with 0 wounds that suffer any additional wounds die
    # immediately" -- the seventh wound of a 6-wound character kills; it is no mistake.
    panel = show("2d6-builder", name="Ash", wounds_taken=taken)
    assert panel["invalid"] == [] and refusals(panel) == []
    assert "Ash is dead: a wound taken at 0 wounds kills at once" in texts(panel)
    (wounds, _) = blocks_of(panel, "track")
    # Six boxes and the seventh, for the wound taken at 0 that kills.
    assert (wounds["filled"], wounds["total"], wounds["text"]) == (7, 7, "dead")
    assert not [b for b in blocks_of(panel, "checks") if "0 wounds" in b["caption"]]
    rolled = _sheet_check("skill:2", wounds_taken=taken)
    assert rolled["blocks"][0]["items"][0].startswith("Ash is dead")
    with pytest.raises(WidgetError, match="Ash is dead"):
        _sheet_check("save:death", wounds_taken=taken)


def test_the_builder_notes_a_race_and_the_starting_items() -> None:
    goblin = texts(show("2d6-builder", race="goblin"))
    assert "Race: Goblin, the rules' example: racial talents darkvision (required)" in goblin
    assert "Race: Selkie, a template of the GM's" in texts(show("2d6-builder", race="Selkie"))
    kit = show("2d6-builder", items=[{"name": "Rope", "note": "50 ft"}, {"name": "", "note": ""}])
    assert "2 of 10 mundane slots: Rope (50 ft), Item 2." in texts(kit)
    assert "Race:" not in texts(show("2d6-builder"))
    assert (
        "Starting items by the fast method, 0 of 1 special item and 1 of 10 mundane slots: "
        "Leather jacket (light armour)."
    ) in texts(show("2d6-builder"))


def test_the_builder_checks_the_fast_method_s_items_beside_their_field() -> None:
    # Items, the fast method: one special and ten mundane items (a slot may be spent on
    # money); Rich gets a second special item.
    two = [{"name": "Phone", "kind": "special"}, {"name": "Car", "kind": "special"}]
    panel = show("2d6-builder", items=two)
    assert panel["invalid"] == ["items"]
    assert refusals(panel)[0].startswith("Too many special items: 2, and the fast method gives 1")
    rich = [{"name": "Rich"}]  # 3 XP, as much as the example's Armor Proficiency
    assert show("2d6-builder", items=two, talents=rich)["invalid"] == []
    assert "2 of 2 special items and 0 of 10 mundane slots; Rich doubles each slot's money" in (
        texts(show("2d6-builder", items=two, talents=rich))
    )
    eleven = [{"name": f"Thing {i}"} for i in range(9)] + [{"name": "Cash", "kind": "money"}] * 2
    assert refusals(show("2d6-builder", items=eleven))[0].startswith(
        "Too many mundane items: 11 slots (9 items, 2 spent on money)"
    )
    slow = show("2d6-builder", items=two, item_method="slow")
    assert slow["invalid"] == [] and "Starting items, bought with the GM's money" in texts(slow)


def test_a_goblin_without_darkvision_is_refused_beside_race_and_talents() -> None:
    # Races, Example Race: Goblin: "darkvision [required]".
    panel = show("2d6-builder", race="Goblin")
    assert panel["invalid"] == ["race", "talents"]
    assert refusals(panel)[0].startswith("A Goblin needs its required racial talent, darkvision")
    seeing = [{"name": "Extra Sense", "detail": "darkvision"}]
    assert show("2d6-builder", race="Goblin", talents=seeing)["invalid"] == []
