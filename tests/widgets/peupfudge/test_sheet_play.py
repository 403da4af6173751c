"""Peupfudge's sheet at the table (issue 29): each ability a row with its exact chance
that L + A + R ≥ D, statuses tapped box by box, Kotorikh's traits on the sheet, the XP
spending as Edit-mode setup, and New as the rules start a character (Peupfudge,
1 Characters; 1.1 Abilities; 2 Actions; C Examples, Example 2)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules_py.systems.peupfudge import success_chance
from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import Rows
from tests.widgets.panels import show
from tests.widgets.peupfudge.helpers import blocks, of_type

SHEET = "peupfudge-xp-panel"


def rows(**values: Any) -> dict[str, dict[str, Any]]:
    """The sheet's ability rows by name."""
    (checks,) = of_type(blocks(SHEET, **values), "checks")
    return {row["name"]: row for row in checks["rows"]}


def exact(row: dict[str, Any]) -> Fraction:
    return Fraction(row["exact"])


def test_example_2_kotorikhs_rows_have_the_exact_chances_of_the_first_night() -> None:
    """The defaults are Kotorikh's sheet against the bandit: D = 3, A = -1 (Tired)."""
    found = rows()
    assert list(found) == ["Muscle", "Charisma", "Perception", "Knowledge"]
    levels = {"Muscle": 0, "Charisma": 0, "Perception": 4, "Knowledge": 5}
    for name, level in levels.items():
        assert found[name]["value"] == str(level)
        assert exact(found[name]) == success_chance(level, -1, 3, 4)
    # Perception 4 needs R ≥ 0 on 4dF: Appendix D's .62; Knowledge 5 needs -1: .81.
    assert exact(found["Perception"]) == Fraction(50, 81)
    assert found["Perception"]["chance"] == "62%"
    assert found["Perception"]["detail"] == "needs R ≥ +0 on 4dF"
    assert found["Perception"]["title"] == "Perception: level 4 (+11/16); 5 XP to the next level"
    assert exact(found["Knowledge"]) == Fraction(22, 27)
    assert exact(found["Muscle"]) == Fraction(1, 81)
    assert found["Knowledge"]["label"] == "Roll Knowledge, L = 5, against D = 3 on 4dF, A = -1"


def test_the_chances_follow_the_difficulty_a_and_the_dice() -> None:
    night = exact(rows()["Perception"])
    harder = exact(rows(D=4)["Perception"])  # needs R ≥ +1: .38
    assert harder == Fraction(31, 81) == success_chance(4, -1, 4, 4) and harder != night
    rested = exact(rows(A=1)["Perception"])  # Rested: +1 to A, needs R ≥ -2
    assert rested == success_chance(4, 1, 3, 4) == Fraction(76, 81)
    three = exact(rows(dice=3)["Perception"])
    assert three == success_chance(4, -1, 3, 3) == Fraction(17, 27)


def test_example_3_and_example_1_need_plus_2_on_4df() -> None:
    """Example 3: the archer's L = 2 against D = 4, about 1/5; Example 1: Construction
    Magic 6 with Shroom Belly's A = -1 against D = 7, the same +2 needed."""
    archer = rows(
        D=4, A=0, award=0, abilities=[{"name": "Archery", "level": 2}], statuses=[]
    )["Archery"]
    assert exact(archer) == Fraction(5, 27) == success_chance(2, 0, 4)
    magic = rows(
        D=7,
        A=-1,
        award=10,
        abilities=[
            {"name": "Construction Magic", "level": 6, "progress": 22, "xp": 7},
            {"name": "Mycology", "xp": 3},
        ],
    )
    assert exact(magic["Construction Magic"]) == Fraction(5, 27)
    assert magic["Construction Magic"]["title"].startswith("Construction Magic: level 6 (+29/64)")


def test_example_5_rows_roll_the_modified_level() -> None:
    found = rows(
        D=3,
        A=0,
        award=0,
        abilities=[
            {"name": "Hobbit", "level": 3, "modifier": -1, "xp": 9},
            {"name": "Ant", "level": 7, "modifier": -50, "xp": 128},
        ],
    )
    assert found["Hobbit"]["value"] == "3"
    assert found["Hobbit"]["title"].startswith("Hobbit: level 4 (+1/16) - 1 = 3")
    assert exact(found["Hobbit"]) == success_chance(3, 0, 3)
    assert found["Ant"]["value"] == "-42" and exact(found["Ant"]) == 0


def test_a_sheet_spending_more_than_awarded_shows_no_chance_it_cannot_roll() -> None:
    panel = show(SHEET, award=49)
    assert panel["invalid"] == ["award", "abilities"]
    assert panel["blocks"][0]["text"].startswith("50 XP allocated but only 49 XP awarded")
    (checks,) = of_type(panel["blocks"], "checks")
    assert [row["chance"] for row in checks["rows"]] == ["", "", "", ""]
    # What the sheet shows of the award stays (the printed sheet prints it once).
    facts = next(b for b in panel["blocks"] if b["type"] == "facts")
    assert {"label": "XP awarded", "value": "49", "title": ""} in facts["items"]


def test_energy_is_ticked_a_state_at_a_time() -> None:
    """Example 2's Energy, -2 Exhausted to 1 Rested: three boxes above Exhausted, one
    filled for Tired; the first empty box rests him to Neutral, the filled one tires him
    to Exhausted."""
    (energy,) = of_type(blocks(SHEET), "track")
    assert (energy["label"], energy["filled"], energy["total"]) == ("Energy", 1, 3)
    assert energy["names"] == ["Energy Tired (-1)", "Energy Neutral (0)", "Energy Rested (1)"]
    now = [tap["set"]["statuses"][0]["current"] for tap in energy["taps"]]
    assert now == [-2, 0, 0]
    assert energy["taps"][1]["said"] == "Energy: Tired (-1) → Neutral (0)"
    assert energy["taps"][0]["said"] == "Energy: Tired (-1) → Exhausted (-2)"
    # A tap keeps the status's other cells and the other statuses as they are.
    health = {"name": "Health", "current": 10, "minimum": 0, "maximum": 10, "states": ""}
    two = of_type(blocks(SHEET, statuses=[blocks_status(), health]), "track")
    assert [t["filled"] for t in two] == [1, 10]
    rubbed = two[1]["taps"][9]["set"]["statuses"]
    assert rubbed[0] == blocks_status() and rubbed[1] == {**health, "current": 9}
    assert two[1]["taps"][9]["said"] == "Health: 10 → 9"


def blocks_status() -> dict[str, Any]:
    """Example 2's Energy as the sheet keeps it, Tired."""
    return {
        "name": "Energy",
        "current": -1,
        "minimum": -2,
        "maximum": 1,
        "states": "Exhausted, Tired, Neutral, Rested",
    }


@pytest.mark.parametrize(
    ("status", "said"),
    [
        ({"name": "Luck", "current": 0, "minimum": 0, "maximum": 0}, "Luck: 0, from 0 to 0."),
        (
            {"name": "Coins", "current": 12, "minimum": 0, "maximum": 99},
            "Coins: 12, from 0 to 99.",
        ),
    ],
)
def test_a_status_without_boxes_to_tap_is_said_in_words(status: dict[str, Any], said: str) -> None:
    found = blocks(SHEET, statuses=[status])
    assert of_type(found, "track") == []
    assert said in [b["text"] for b in of_type(found, "text")]


def test_states_named_wrong_are_refused_by_the_status_name() -> None:
    three = {**blocks_status(), "states": "Tired, Neutral, Rested"}
    panel = show(SHEET, statuses=[three])
    assert panel["invalid"] == ["statuses"]
    assert panel["blocks"][0]["text"] == (
        "Statuses: Energy: 3 states named for the 4 from -2 to 1"
    )


def test_kotorikhs_inventory_and_property_are_on_the_sheet_in_his_sheets_order() -> None:
    found = blocks(SHEET)
    words = [b["text"] if b["type"] == "text" else b["type"] for b in found if not b.get("edit")]
    assert words[0].startswith("Profession: Archaeologist. Backstory: ")
    assert words[1].startswith("Inventory: pack (on back), magnifying glass (in pack), ")
    assert words[1].endswith("pouch (in pack), 12 stones (in pouch).")
    assert "map" not in words[1]  # his sheet has none (see the examples page's note)
    assert words[2:] == [
        "checks",
        "XP: 50 awarded, 0 left to allocate.",
        "track",
        "Properties: talented observer (+7 bonus starting XP to Perception).",
    ]


def test_the_xp_spending_is_the_sheets_setup() -> None:
    found = blocks(SHEET)
    assert [b["type"] for b in found if b.get("edit")] == ["table", "facts", "text"]
    assert of_type(found, "table")[0]["caption"] == "Kotorikh: abilities and XP"


def test_new_starts_as_the_rules_start_a_character_not_as_kotorikh() -> None:
    widget = WIDGETS[SHEET]
    fresh, example = widget.fresh_values(), show(SHEET)["blocks"]
    assert widget.character_name(fresh, "") == ""
    assert fresh["award"] == 0 and fresh["A"] == 0
    assert all(
        (row["level"], row["progress"], row["xp"], row["bonus"]) == (0, 0, 0, 0)
        for row in fresh["abilities"]
    )
    assert [row["name"] for row in fresh["abilities"]] == [
        "Muscle",
        "Charisma",
        "Perception",
        "Knowledge",
    ]
    assert [(s["name"], s["current"]) for s in fresh["statuses"]] == [("Energy", 0)]
    assert fresh["inventory"] == fresh["properties"] == fresh["characteristics"] == ()
    panel = show(SHEET, **fresh)
    assert panel["invalid"] == []
    (checks,) = of_type(panel["blocks"], "checks")
    # Level 0 and A = 0 against D = 3: R ≥ +3 on 4dF.
    assert exact(checks["rows"][0]) == Fraction(5, 81) == success_chance(0, 0, 3)
    assert checks["caption"] == "Your character's abilities, against D = 3 on 4dF"
    assert panel["blocks"] != example
    # The example is Kotorikh, named.
    defaults = {f.name: f.default for f in widget.fields}
    assert widget.character_name(defaults, "") == "Kotorikh"
    assert defaults["award"] == 50


def test_every_value_prints_once() -> None:
    """Each field the sheet shows is left off the printed list (its boxes and lines print
    instead); nothing the sheet does not show is left off."""
    printed = {f.name: f.printed for f in WIDGETS[SHEET].fields}
    assert not any(printed.values()), printed
    statuses = next(f for f in WIDGETS[SHEET].fields if f.name == "statuses")
    assert isinstance(statuses, Rows) and not statuses.printed
