"""The 2d10 WoDu Hack widgets: damage, initiative and the character builder.

Every number a widget shows is checked against :mod:`rules_py.systems.wodu`;
rolls are checked against the dice they show.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from pymdownx.superfences import SuperFencesException

from rules_py.dice import reseed
from rules_py.systems import wodu
from rules_py.widgets import WIDGETS, WidgetError, answer
from tests.widgets.panels import blocks_of, roll, show

# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------


def errors(panel: dict[str, Any]) -> list[str]:
    return [b["text"] for b in blocks_of(panel, "error")]


def facts(panel: dict[str, Any]) -> dict[str, str]:
    (block,) = blocks_of(panel, "facts")
    return {item["label"]: item["value"] for item in block["items"]}


def sheet_of(panel: dict[str, Any]) -> dict[str, str]:
    """A builder's sheet: its facts, and each ability's rating from the abilities table."""
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"].endswith("'s abilities")]
    ratings = {row["cells"][0].split()[0]: row["cells"][1] for row in block["rows"]}
    return {**facts(panel), **ratings}


def table_titles(block: dict[str, Any]) -> dict[str, list[str]]:
    """Each row's header cell mapped to its cells' titles (the exact fractions)."""
    return {row["cells"][0]: row["titles"][1:] for row in block["rows"]}


def line_total(line: dict[str, Any]) -> int:
    """The total a roll line's dice and modifiers add up to (dropped dice left out)."""
    total, sign = 0, 1
    for part in line["parts"]:
        if part["kind"] == "die":
            total += sign * int(part["text"])
            sign = 1
        elif part["kind"] == "op":
            op = part["text"].replace("−", "-").split()
            sign = -1 if op[0] == "-" else 1
            if len(op) == 2:
                total += sign * int(op[1])
                sign = 1
    return total


# --------------------------------------------------------------------------
# The registry
# --------------------------------------------------------------------------


def test_wodu_widgets_are_registered_with_the_check() -> None:
    for name in ("wodu-check", "wodu-damage", "wodu-initiative", "wodu-builder"):
        assert name in WIDGETS
    assert WIDGETS["wodu-builder"].portable == "wodu-character"
    assert WIDGETS["wodu-builder"].roll is None
    assert WIDGETS["wodu-damage"].roll is not None
    assert WIDGETS["wodu-initiative"].roll is not None


# --------------------------------------------------------------------------
# wodu-damage
# --------------------------------------------------------------------------


def test_wodu_damage_offers_every_weapon_rating_with_dice_and_example() -> None:
    (wr,) = (f for f in WIDGETS["wodu-damage"].fields if f.name == "wr")
    options = dict(wr.options)  # type: ignore[union-attr]
    assert list(options) == [str(n) for n in range(7)]
    assert options["1"] == "WR:1 · 2d6kl1 · Civilian punch (untrained)"
    assert options["3"] == "WR:3 · d10 · Fireaxe, katana"
    assert options["0"] == "WR:0 · 1 (no roll)"
    for rating in range(7):
        assert wodu.WEAPON_RATINGS[rating] in options[str(rating)]
        assert ("GM's option" in options[str(rating)]) == (rating in (4, 5, 6))


def test_wodu_damage_wr1_keeps_the_lowest_of_2d6() -> None:
    panel = show("wodu-damage", wr="1")
    assert errors(panel) == []
    assert facts(panel)["Damage roll"] == "2d6kl1"
    (table,) = blocks_of(panel, "table")
    assert table["head"] == ["Damage", "P(=)", "P(≥)"]
    titles = table_titles(table)
    dist = wodu.damage_distribution(1)
    assert titles == {
        str(o): [str(p), str(sum(q for t, q in dist.items() if t >= o))] for o, p in dist.items()
    }
    assert titles["1"] == ["11/36", "1"]
    assert titles["6"] == ["1/36", "1/36"]
    assert blocks_of(panel, "chart")
    mean = sum(o * p for o, p in dist.items())
    assert mean == Fraction(91, 36)
    (fact_block,) = blocks_of(panel, "facts")
    average = next(i for i in fact_block["items"] if i["label"] == "Average damage")
    assert (average["value"], average["title"]) == ("2.53", "91/36")


def test_wodu_damage_wr3_paired_keeps_the_highest_of_2d10() -> None:
    panel = show("wodu-damage", wr="3", paired=True)
    assert facts(panel)["Damage roll"] == "2d10kh1"
    titles = table_titles(blocks_of(panel, "table")[0])
    assert titles["10"] == ["19/100", "19/100"]
    assert titles["1"] == ["1/100", "1"]
    dist = wodu.damage_distribution(3, paired=True)
    assert {o: Fraction(t[0]) for o, t in titles.items()} == {str(o): p for o, p in dist.items()}
    assert facts(panel)["Average damage"] == "7.15"


def test_wodu_damage_hero_power_shifts_the_damage_only() -> None:
    plain = table_titles(blocks_of(show("wodu-damage", wr="3"), "table")[0])
    powered = show("wodu-damage", wr="3", hero_power=2)
    assert facts(powered)["Damage roll"] == "d10+2"
    assert facts(powered)["Range"] == "3-12"
    shifted = table_titles(blocks_of(powered, "table")[0])
    assert shifted == {str(int(o) + 2): t for o, t in plain.items()}
    claws = show("wodu-damage", wr="3", paired=True, hero_power=1)
    assert facts(claws)["Damage roll"] == "2d10kh1+1"
    assert facts(claws)["Average damage"] == "8.15"


def test_wodu_damage_wr0_is_a_flat_one() -> None:
    panel = show("wodu-damage", wr="0")
    assert facts(panel)["Damage roll"] == "1"
    assert table_titles(blocks_of(panel, "table")[0]) == {"1": ["1", "1"]}
    assert "nothing to roll" in blocks_of(panel, "text")[0]["text"]
    assert facts(show("wodu-damage", wr="0", hero_power=4))["Damage roll"] == "5"


@pytest.mark.parametrize("rating", [4, 5, 6])
def test_wodu_damage_gm_option_ratings(rating: int) -> None:
    panel = show("wodu-damage", wr=str(rating))
    assert facts(panel)["Damage roll"] == f"{rating - 2}d10"
    titles = table_titles(blocks_of(panel, "table")[0])
    dist = wodu.damage_distribution(rating)
    assert {o: Fraction(t[0]) for o, t in titles.items()} == {str(o): p for o, p in dist.items()}


def test_wodu_damage_paired_hidden_and_refused_away_from_wr3() -> None:
    assert show("wodu-damage", wr="2")["unused"] == ["paired"]
    assert show("wodu-damage", wr="3")["unused"] == []
    refused = show("wodu-damage", wr="5", paired=True)
    assert refused["unused"] == []  # still shown, so that the reader can clear it
    (message,) = errors(refused)
    assert "Damage & Powers" in message
    assert "WR:3 only" in message
    assert refused["blocks"] == [{"type": "error", "text": message, "fields": ["wr", "paired"]}]
    assert refused["invalid"] == ["wr", "paired"]
    with pytest.raises(WidgetError, match="WR:3 only"):
        roll("wodu-damage", wr="5", paired=True)


def test_wodu_damage_refuses_values_outside_the_fields() -> None:
    assert show("wodu-damage", wr="7")["invalid"] == ["wr"]
    assert show("wodu-damage", hero_power=5)["invalid"] == ["hero_power"]
    assert "from 0 to 4" in errors(show("wodu-damage", hero_power=5))[0]


@pytest.mark.parametrize(
    ("values", "notation"),
    [
        ({"wr": "1"}, "2d6kl1"),
        ({"wr": "3", "paired": True}, "2d10kh1"),
        ({"wr": "3", "hero_power": 1}, "d10+1"),
        ({"wr": "6"}, "4d10"),
        ({"wr": "0"}, "1"),
    ],
)
def test_wodu_damage_roll_agrees_with_the_dice(values: dict[str, Any], notation: str) -> None:
    possible = wodu.damage_distribution(
        int(values["wr"]), values.get("hero_power", 0), values.get("paired", False)
    )
    for seed in range(20):
        reseed(seed)
        view = roll("wodu-damage", **values)
        (line,) = view["lines"]
        total = int(line["total"])
        assert line_total(line) == total
        assert total in possible
        assert view["outcome"] == f"{total} damage"
        kept = [int(p["text"]) for p in line["parts"] if p["kind"] == "die"]
        dropped = [int(p["text"]) for p in line["parts"] if p["kind"] == "dropped"]
        if notation == "2d6kl1":
            assert len(kept) == len(dropped) == 1 and kept[0] <= dropped[0]
        if notation == "2d10kh1":
            assert len(kept) == len(dropped) == 1 and kept[0] >= dropped[0]


# --------------------------------------------------------------------------
# wodu-initiative
# --------------------------------------------------------------------------


def test_wodu_initiative_defaults_to_two_named_players() -> None:
    panel = show("wodu-initiative")
    assert errors(panel) == []
    players = blocks_of(panel, "table")[1]
    assert [row["cells"][0] for row in players["rows"]] == ["Rook", "Vega"]
    assert players["head"] == [
        "Player",
        "Roll",
        "Head start (16+)",
        "Simply ready (13-15)",
        "Surprised (12-)",
    ]


@pytest.mark.parametrize(
    ("modifier", "surprised"),
    [("-1", Fraction(2, 3)), ("0", Fraction(1, 2)), ("+1", Fraction(1, 3))],
)
def test_wodu_initiative_enemy_odds_follow_the_gm_modifier(
    modifier: str, surprised: Fraction
) -> None:
    panel = show("wodu-initiative", gm_modifier=modifier)
    enemies = blocks_of(panel, "table")[0]
    titles = table_titles(enemies)
    assert titles == {
        "Surprised (3 or less)": [str(surprised)],
        "Head start (4 or more)": [str(1 - surprised)],
    }
    assert wodu.gm_initiative_outcomes(int(modifier))["surprised"] == surprised
    dice = "d6" if modifier == "0" else f"d6{modifier}"
    assert enemies["caption"] == f"The enemies ({dice})"


def test_wodu_initiative_player_odds_match_the_rules() -> None:
    players = [
        {"name": "Ash", "dex": -1},
        {"name": "Bo", "dex": 2},
        {"name": "Cy", "dex": 2, "background": True},
        {"name": "", "dex": 6},
    ]
    table = blocks_of(show("wodu-initiative", players=players), "table")[1]
    rows = {row["cells"][0]: row for row in table["rows"]}
    assert list(rows) == ["Ash", "Bo", "Cy", "Player 4"]
    assert rows["Bo"]["titles"][2:] == ["7/25", "27/100", "9/20"]
    assert rows["Bo"]["cells"][1] == "2d10+2"
    assert rows["Cy"]["cells"][1] == "3d10k2+2"
    assert rows["Ash"]["cells"][1] == "2d10-1"
    for row, player in zip(table["rows"], players, strict=True):
        odds = wodu.initiative_outcomes(player["dex"], bool(player.get("background")))
        assert row["titles"][2:] == [
            str(odds["head start"]),
            str(odds["ready"]),
            str(odds["surprised"]),
        ]


def test_wodu_initiative_refuses_too_few_or_too_many_players() -> None:
    assert show("wodu-initiative", players=[])["invalid"] == ["players"]
    seven = [{"name": str(n), "dex": 0} for n in range(7)]
    assert show("wodu-initiative", players=seven)["invalid"] == ["players"]
    assert show("wodu-initiative", players=[{"name": "X", "dex": 7}])["invalid"] == ["players"]
    assert show("wodu-initiative", gm_modifier="+2")["invalid"] == ["gm_modifier"]


@pytest.mark.parametrize("seed", range(30))
def test_wodu_initiative_roll_classifies_every_roller(seed: int) -> None:
    players = [
        {"name": "Ash", "dex": 3},
        {"name": "Bo", "dex": -1, "background": True},
        {"name": "Cy", "dex": 6},
    ]
    reseed(seed)
    view = roll("wodu-initiative", gm_modifier="+1", players=players)
    gm, *lines = view["lines"]
    assert gm["label"] == "GM"
    gm_total = int(gm["total"])
    assert line_total(gm) == gm_total and 2 <= gm_total <= 7
    # The result is a list: the enemies, each band's players, then the rounds.
    (details,) = view["blocks"]
    assert details["type"] == "list" and view["outcome"] == "Who acts when:"
    items = details["items"]
    outcome = " ".join(items)
    if wodu.gm_initiative_band(gm_total) == "surprised":
        assert items[0].startswith(f"Enemies ({gm_total}): one or all of them are surprised")
    else:
        assert items[0].startswith(f"Enemies ({gm_total}): one or all of them have a head start")
    assert items[-1].startswith("Round 2: ")
    assert [line["label"] for line in lines] == ["Ash", "Bo", "Cy"]
    leaders = []
    for line in lines:
        total = int(line["total"])
        assert line_total(line) == total
        band = wodu.initiative_band(total)
        heading = {"head start": "Head start", "ready": "Simply ready", "surprised": "Surprised"}
        (item,) = [i for i in items if i.startswith(f"{heading[band]}: ")]
        assert f"{line['label']} ({total})" in item
        if band == "head start":
            leaders.append(line["label"])
    dice = [p for p in lines[1]["parts"] if p["kind"] in ("die", "dropped")]
    assert len(dice) == 3  # Bo's Background: 3d10, keep two
    if leaders:
        assert "Round 1: the spotlight goes" in outcome
        assert all(name in outcome.split("Round 1:")[1] for name in leaders)
    elif wodu.gm_initiative_band(gm_total) == "head start":
        assert "Round 1: the spotlight goes only to the enemies with a head start" in outcome
    else:
        assert "Round 1: no one has a head start, so no one acts." in outcome
    assert "Round 2: every player takes the spotlight" in outcome
    assert "Round 3" in outcome
    # Screen readers hear each roller's dice, not only the totals.
    gm_die = gm["parts"][0]["text"]
    assert view["label"].startswith(f"GM: {gm_die}, plus 1, total {gm_total}; Ash: ")
    ash_dice = [p["text"] for p in lines[0]["parts"] if p["kind"] in ("die", "dropped")]
    assert view["label"].split("; ")[1].startswith(f"Ash: {ash_dice[0]}, {ash_dice[1]}")


# --------------------------------------------------------------------------
# wodu-builder
# --------------------------------------------------------------------------

STANDARD = {"start_str": "2", "start_dex": "1", "start_wit": "1", "start_cha": "-1"}
GRITTY = {"start_str": "1", "start_dex": "0", "start_wit": "0", "start_cha": "-1"}
ABILITIES = ["str", "dex", "wit", "cha"]
INC_4_TO_8 = ["inc4", "inc6", "inc8"]


def test_wodu_builder_default_is_a_valid_level_1_character() -> None:
    panel = show("wodu-builder")
    assert errors(panel) == []
    sheet = sheet_of(panel)
    assert [sheet[a] for a in wodu.ABILITY_NAMES] == ["+2", "+1", "+1", "-1"]
    assert sheet["Max HP"] == "13"
    assert sheet["Moves known"] == "1"
    assert sheet["Tier"] == "Action Hero"
    assert sheet["Ability maximum"] == "+2"
    assert sheet["XP to Level 2"] == "10 XP"
    # The later increases wait for their level; the sheet's checks are read against a DR.
    assert sorted(panel["unused"]) == sorted(["check_fr", *(f"inc{n}" for n in range(2, 15, 2))])


def test_wodu_builder_increase_fields_follow_the_advancement_table() -> None:
    names = [f.name for f in WIDGETS["wodu-builder"].fields if f.name.startswith("inc")]
    assert names == [f"inc{r.level}" for r in wodu.ADVANCEMENT if r.ability_increase]
    assert names == ["inc2", "inc4", "inc6", "inc8", "inc10", "inc12", "inc14"]
    assert show("wodu-builder", level=7)["unused"] == [
        "check_fr",
        "inc10",
        "inc12",
        "inc14",
        "inc8",
    ]
    assert show("wodu-builder", level=15, check_kind="fr")["unused"] == ["check_dr"]


@pytest.mark.parametrize("level", range(1, 16))
def test_wodu_builder_defaults_stay_valid_at_every_level(level: int) -> None:
    for start in ("standard", "gritty"):
        panel = show("wodu-builder", level=level, start=start)
        assert errors(panel) == []
        sheet = sheet_of(panel)
        ratings = {a: int(sheet[a]) for a in wodu.ABILITY_NAMES}
        assert wodu.validate_sheet(level, start, ratings) == []
        assert sheet["Max HP"] == str(wodu.max_hp(level, ratings["STR"]))
        assert sheet["Moves known"] == str(wodu.ADVANCEMENT[level].moves)


def test_wodu_builder_gritty_level_0() -> None:
    panel = show("wodu-builder", start="gritty", level=0, pace="slow", **GRITTY)
    assert errors(panel) == []
    sheet = sheet_of(panel)
    assert [sheet[a] for a in wodu.ABILITY_NAMES] == ["+1", "+0", "+0", "-1"]
    assert sheet["Max HP"] == "6"  # 5 + STR at Level 0
    assert sheet["Moves known"] == "0"
    assert sheet["Tier"] == "Gritty"
    assert sheet["Ability maximum"] == "+1"
    assert sheet["XP to Level 1"] == "15 XP"
    assert any("2, 1, 1, -1 afresh" in b["text"] for b in blocks_of(panel, "text"))


def test_wodu_builder_level_4_applies_each_increase() -> None:
    values = {**STANDARD, "level": 4, "inc2": "STR", "inc4": "CHA", "name": "Nadia"}
    panel = show("wodu-builder", **values)
    sheet = sheet_of(panel)
    assert [sheet[a] for a in wodu.ABILITY_NAMES] == ["+3", "+1", "+1", "+0"]
    assert sheet["Max HP"] == "17"  # 14 + STR 3
    assert sheet["Moves known"] == "2"
    assert sheet["Gained at this level"] == "+1 to CHA (max +3)"
    assert sheet["Ability maximum"] == "+3"
    assert sheet["XP to Level 5"] == "10 XP"
    assert (
        blocks_of(panel, "text")[0]["text"] == "Nadia: Level 4, Action Hero tier (standard start)."
    )
    assert sheet_of(show("wodu-builder", **{**values, "pace": "slow"}))["XP to Level 5"] == "15 XP"


def test_wodu_builder_advanced_moves_and_the_top_level() -> None:
    nine = sheet_of(show("wodu-builder", level=9))
    assert nine["Advanced Move"] == "may be this level's move"
    assert nine["Gained at this level"] == "one Special or Advanced Move"
    assert nine["Moves known"] == "5"
    assert nine["Tier"] == "Superhero"
    assert sheet_of(show("wodu-builder", level=7))["Advanced Move"] == "not at this level"
    assert sheet_of(show("wodu-builder", level=10))["Advanced Move"] == "not at this level"
    top = sheet_of(show("wodu-builder", level=15, pace="slow"))
    assert [top[a] for a in wodu.ABILITY_NAMES] == ["+6", "+4", "+1", "-1"]
    assert top["Max HP"] == "31"  # 25 + STR 6
    assert top["Moves known"] == "8"
    assert top["Tier"] == "Beyond Super"
    assert top["Ability maximum"] == "+6"
    assert top["Next level"] == "none: Level 15 is the top of the table"
    assert "XP to Level 16" not in top


def test_wodu_builder_refuses_two_abilities_at_plus_2() -> None:
    panel = show("wodu-builder", **{**STANDARD, "start_dex": "2", "start_wit": "0"})
    (message,) = errors(panel)
    assert "Character Generation" in message
    assert "2, 1, 1, -1 in any order (got 2, 2, 0, -1)" in message
    # The refusal comes first; the rest of the sheet stays in view.
    assert [b["type"] for b in panel["blocks"]] == ["error", "text", "table", "facts"]
    assert sheet_of(panel)["DEX"] == "+2" and sheet_of(panel)["Max HP"] == "13"
    assert panel["invalid"] == ["start_str", "start_dex", "start_wit", "start_cha"]


@pytest.mark.parametrize(
    ("values", "invalid"),
    [
        ({"level": 0}, ["start", "level"]),
        ({**STANDARD, "start_dex": "2", "start_wit": "0"}, [f"start_{a}" for a in ABILITIES]),
        ({"start": "gritty", "level": 0}, ["start_str"]),
        ({"start": "gritty", "level": 1, **GRITTY}, [f"start_{a}" for a in ABILITIES]),
        ({"level": 4, "inc2": "STR", "inc4": "STR"}, ["inc4"]),
        ({"level": 8, "inc2": "STR", "inc4": "STR", "inc6": "STR", "inc8": "STR"}, INC_4_TO_8),
        ({"level": 8, "inc2": "STR", "inc4": "DEX", "inc6": "STR", "inc8": "STR"}, ["inc8"]),
        ({"level": 12}, []),
    ],
)
def test_wodu_builder_names_the_fields_each_refusal_is_about(
    values: dict[str, Any], invalid: list[str]
) -> None:
    panel = show("wodu-builder", **values)
    assert panel["invalid"] == invalid
    assert bool(errors(panel)) == bool(invalid)
    for block in blocks_of(panel, "error"):
        assert block["fields"], block["text"]
    assert len(blocks_of(panel, "facts")) == 1  # the sheet is still shown


def ratings(*values: int) -> dict[str, str]:
    """The four starting fields, STR to CHA, as the form holds them."""
    return {f"start_{a}": str(v) for a, v in zip(ABILITIES, values, strict=True)}


def settled(before: dict[str, Any], **changed: Any) -> dict[str, Any]:
    return answer("wodu-builder", "show", {"values": {**before, **changed}, "previous": before})


def test_wodu_builder_switching_to_gritty_hands_out_the_gritty_array() -> None:
    standard = {"start": "standard", "level": 1, **STANDARD, "start_dex": "-1", "start_cha": "1"}
    panel = settled(standard, start="gritty")
    # Level 0, and 1, 0, 0, -1 in the order the reader ranked the standard array.
    assert panel["set"] == {"level": 0, **ratings(1, -1, 0, 0)}
    assert errors(panel) == [] and panel["invalid"] == []
    assert sheet_of(panel)["Max HP"] == "6"  # 5 + STR 1 at Level 0
    # Back to standard: Level 1 and the standard array again.
    gritty = {**standard, **panel["set"], "start": "gritty"}
    back = settled(gritty, start="standard")
    assert back["set"] == {"level": 1, **ratings(2, -1, 1, 1)}
    assert errors(back) == []


def test_wodu_builder_gritty_level_1_hands_out_the_standard_array_afresh() -> None:
    gritty = {"start": "gritty", "level": 0, **GRITTY}
    panel = settled(gritty, level=1)
    assert panel["set"] == STANDARD
    assert errors(panel) == []
    assert settled(gritty, level=0)["set"] == {}
    # Past Level 1 a new start changes no rating: both play the standard table.
    assert settled({"start": "standard", "level": 5}, start="gritty")["set"] == {}


def test_wodu_builder_refuses_an_increase_above_the_level_maximum() -> None:
    panel = show("wodu-builder", level=4, inc2="STR", inc4="STR")
    (message,) = errors(panel)
    assert message == (
        "STR must be at most +3 at Level 4, got +4 with the +1 of Level 4 "
        "(2d10 WoDu Hack, Advancement)"
    )
    assert sheet_of(panel)["STR"] == "+4"  # what the plan makes, under its refusal
    # Reachable at Level 6 in another order, but this plan passes +3 at Level 4.
    assert errors(show("wodu-builder", level=6, inc2="STR", inc4="STR", inc6="DEX")) == [message]
    # Above Level 4 the same plan is fine once the increase moves elsewhere.
    assert errors(show("wodu-builder", level=6, inc2="STR", inc4="DEX", inc6="STR")) == []


def test_wodu_builder_refuses_level_0_for_standard_characters() -> None:
    problems = errors(show("wodu-builder", level=0, **GRITTY))
    assert problems[0] == (
        "Standard characters start at Level 1; only gritty characters play at Level 0 "
        "(2d10 WoDu Hack, Character Generation)"
    )


def test_wodu_builder_refuses_the_wrong_array_for_the_level() -> None:
    # A gritty array at Level 1: reassign 2, 1, 1, -1 at Level 1.
    (message,) = errors(show("wodu-builder", start="gritty", level=1, **GRITTY))
    assert message.startswith(
        "At Level 1 the ratings are 2, 1, 1, -1 in any order (got 1, 0, 0, -1)"
    )
    # The standard array at Level 0: STR +2 passes the Level 0 maximum of +1.
    (message,) = errors(show("wodu-builder", start="gritty", level=0))
    assert message == "STR must be at most +1 at Level 0, got +2 (2d10 WoDu Hack, Advancement)"
    wrong = {**GRITTY, "start_wit": "1"}
    (message,) = errors(show("wodu-builder", start="gritty", level=0, **wrong))
    assert message.startswith(
        "At Level 0 the ratings are 1, 0, 0, -1 in any order (got 1, 0, 1, -1)"
    )


def test_wodu_builder_refuses_values_outside_the_fields() -> None:
    assert show("wodu-builder", level=16)["invalid"] == ["level"]
    assert show("wodu-builder", start_str="3")["invalid"] == ["start_str"]
    assert show("wodu-builder", inc2="LUCK")["invalid"] == ["inc2"]
    assert show("wodu-builder", pace="medium")["invalid"] == ["pace"]


def test_wodu_builder_has_nothing_to_roll() -> None:
    with pytest.raises(WidgetError, match="nothing to roll"):
        roll("wodu-builder")


def test_wodu_builder_export_import_round_trip() -> None:
    values = {**STANDARD, "name": "Nadia", "level": 6, "pace": "slow", "inc4": "CHA"}
    exported = answer("wodu-builder", "export", {"values": values})
    assert exported["filename"] == "nadia.json"
    nameless = answer("wodu-builder", "export", {"values": {**values, "name": ""}})
    assert nameless["filename"] == "wodu-character.json"
    document = json.loads(exported["text"])
    assert document["rollbook"] == "wodu-builder"
    assert document["values"]["name"] == "Nadia"
    assert document["values"]["level"] == 6
    imported = answer("wodu-builder", "import", {"text": exported["text"]})
    assert imported["values"] == document["values"]
    assert imported["panel"] == show("wodu-builder", **values)
    assert sheet_of(imported["panel"])["CHA"] == "+0"


def _sheet_file(values: dict[str, Any], widget: str = "wodu-builder") -> str:
    return json.dumps({"rollbook": widget, "version": 1, "values": values})


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "not JSON"),
        (_sheet_file({"level": 1}, widget="wodu-check"), "marked 'wodu-check'"),
        (_sheet_file({"level": 1, "luck": 3}), "unknown setting 'luck'"),
        (_sheet_file({"level": 20}), "Level must be from 0 to 15"),
        (_sheet_file({"level": 4, "inc2": "STR", "inc4": "STR"}), "breaks a rule: .*Level 4"),
        (_sheet_file({"level": 0}), "breaks a rule: Standard characters start at Level 1"),
        (json.dumps({"rollbook": "wodu-builder"}), 'no "values"'),
    ],
)
def test_wodu_builder_import_refusals(text: str, reason: str) -> None:
    with pytest.raises(WidgetError, match=reason):
        answer("wodu-builder", "import", {"text": text})


def test_wodu_builder_refuses_to_export_bad_values() -> None:
    with pytest.raises(WidgetError, match="Fix this before exporting"):
        answer("wodu-builder", "export", {"values": {"level": "high"}})


# --------------------------------------------------------------------------
# The widget fences on the WoDu pages
# --------------------------------------------------------------------------


def test_wodu_builder_fence_shares_its_store(convert: Callable[[str], str]) -> None:
    html = convert("```widget\nwidget: wodu-builder\nstore: wodu-sheet\n```\n")
    assert 'data-widget="wodu-builder"' in html
    assert 'data-store="wodu-sheet"' in html
    assert "Export JSON" in html and "Import JSON" in html
    assert "Max HP" in html and "<dd" in html


def test_wodu_damage_fence_presets_and_renders_the_odds(convert: Callable[[str], str]) -> None:
    html = convert("```widget\nwidget: wodu-damage\nwr: 3\npaired: true\n```\n")
    assert 'data-widget="wodu-damage"' in html
    assert "Damage of 2d10kh1" in html
    assert 'title="19/100"' in html
    assert "Roll damage" in html


def test_wodu_initiative_fence_takes_players(convert: Callable[[str], str]) -> None:
    html = convert(
        "```widget\nwidget: wodu-initiative\ngm_modifier: '-1'\nplayers:\n"
        "  - {name: Ash, dex: 3}\n  - {name: Bo, dex: 1, background: true}\n```\n"
    )
    assert "The enemies (d6-1)" in html
    assert "Ash" in html and "3d10k2+1" in html


@pytest.mark.parametrize(
    "body",
    [
        "widget: wodu-builder\nlevel: 0\n",
        "widget: wodu-damage\nwr: 5\npaired: true\n",
        "widget: wodu-builder\nluck: 3\n",
    ],
)
def test_wodu_fences_refuse_presets_that_break_a_rule(
    convert: Callable[[str], str], body: str
) -> None:
    with pytest.raises(SuperFencesException):
        convert(f"```widget\n{body}```\n")


# --------------------------------------------------------------------------
# wodu-builder at the table: ability checks and the trackers (issue 17)
# --------------------------------------------------------------------------


def check(key: str, seed: int | None = None, **values: Any) -> dict[str, Any]:
    """The builder's check ``key`` for ``values``, as a sheet row's Roll asks it."""
    args: dict[str, Any] = {"values": values, "check": key}
    if seed is not None:
        args["seed"] = seed
    return answer("wodu-builder", "check", args)


def kept_dice(line: dict[str, Any]) -> list[int]:
    return [int(p["text"]) for p in line["parts"] if p["kind"] == "die"]


def test_wodu_builder_rows_roll_their_ability_checks() -> None:
    (block,) = [b for b in blocks_of(show("wodu-builder", name="Rook"), "table")]
    assert block["caption"] == "Rook's abilities"
    assert block["head"] == ["Ability", "Rating", "Roll"]
    assert not block["stack"]  # a line a row on a phone; what each covers is the title
    assert [row["titles"][0] for row in block["rows"]] == [a.covers for a in wodu.ABILITIES]
    assert [row["check"] for row in block["rows"]] == [
        {"key": "ability:STR", "label": "Roll STR +2 against DR 12"},
        {"key": "ability:DEX", "label": "Roll DEX +1 against DR 12"},
        {"key": "ability:WIT", "label": "Roll WIT +1 against DR 12"},
        {"key": "ability:CHA", "label": "Roll CHA -1 against DR 12"},
    ]
    fr = blocks_of(show("wodu-builder", check_kind="fr", check_fr="15-17"), "table")[0]
    assert fr["rows"][0]["check"]["label"] == "Roll STR +2 against FR 15-17"


@pytest.mark.parametrize("seed", range(30))
def test_wodu_builder_check_rolls_2d10_plus_the_rating_against_the_dr(seed: int) -> None:
    view = check("ability:DEX", seed, name="Rook", check_dr="15")
    assert view["what"] == "Rook: DEX +1 against DR 15"
    assert view["log"]["what"] == "Rook: DEX +1 against DR 15"
    (line,) = view["lines"]
    dice = kept_dice(line)
    assert len(dice) == 2 and all(1 <= d <= 10 for d in dice)
    total = line_total(line)
    assert total == sum(dice) + 1
    verdict = f"Success: {total} meets DR 15" if total >= 15 else f"Failure: {total} is under DR 15"
    assert view["outcome"] == verdict
    # The same seed rolls the same dice again (a shared roll's link).
    assert check("ability:DEX", seed, name="Rook", check_dr="15")["lines"] == view["lines"]


@pytest.mark.parametrize("seed", range(30))
def test_wodu_builder_check_reads_a_fuzzy_range_and_a_background(seed: int) -> None:
    values = {"name": "Vega", "check_kind": "fr", "check_background": True}
    view = check("ability:CHA", seed, **values)
    assert view["what"] == "Vega: CHA -1 with a Background against FR 12-14"
    (line,) = view["lines"]
    kept = kept_dice(line)
    dropped = [int(p["text"]) for p in line["parts"] if p["kind"] == "dropped"]
    assert len(kept) == 2 and len(dropped) == 1 and min(kept) >= dropped[0]  # 3d10, keep two
    total = line_total(line)
    assert total == sum(kept) - 1
    if total > 14:
        assert view["outcome"] == f"Strong success: {total} is over FR 12-14"
    elif total >= 12:
        assert view["outcome"].startswith(f"Weak success: {total} is inside FR 12-14; ")
    else:
        assert view["outcome"] == f"Failure: {total} is under FR 12-14; the GM makes a hard move"


def test_wodu_builder_check_matches_the_check_widget_roll_for_roll() -> None:
    """One rule, one wording: the sheet's check is the Check widget's, seed for seed."""
    for seed in range(10):
        sheet = check("ability:STR", seed, check_kind="fr", check_fr="9-11")
        widget = answer(
            "wodu-check",
            "roll",
            {"values": {"ability": 2, "kind": "fr", "fr": "9-11"}, "seed": seed},
        )
        assert (sheet["lines"], sheet["outcome"]) == (widget["lines"], widget["outcome"])


def test_wodu_builder_check_names_an_unnamed_character_and_uses_the_level_ratings() -> None:
    view = check("ability:STR", 1, level=4, inc2="STR", inc4="DEX")
    assert view["what"] == "Unnamed character: STR +3 against DR 12"
    assert line_total(view["lines"][0]) == sum(kept_dice(view["lines"][0])) + 3


@pytest.mark.parametrize(
    ("key", "values", "message"),
    [
        ("ability:LUCK", {}, "the sheet has no check 'ability:LUCK'"),
        ("skill:0", {}, "the sheet has no check 'skill:0'"),
        (
            "ability:STR",
            {"start_dex": "2", "start_wit": "0"},
            "Mend the sheet first: At Level 1 the ratings are 2, 1, 1, -1 in any order",
        ),
        ("ability:STR", {"check_dr": "13"}, "Difficulty rating must be one of"),
    ],
)
def test_wodu_builder_refuses_a_check_it_cannot_make(
    key: str, values: dict[str, Any], message: str
) -> None:
    with pytest.raises(WidgetError, match=re.escape(message)):
        check(key, **values)


def test_wodu_builder_keeps_the_check_settings_and_trackers_at_hand_on_a_play_page() -> None:
    builder = WIDGETS["wodu-builder"]
    assert builder.play_fields == ("check_kind", "check_dr", "check_fr", "check_background")
    tracked = [f.name for f in builder.fields if getattr(f, "track", False)]
    assert tracked == ["damage", "xp"]
    # A printed sheet leaves out what a roll is read against.
    assert not any(f.printed for f in builder.fields if f.name in builder.play_fields)


def in_play(panel: dict[str, Any]) -> str:
    (line,) = [b["text"] for b in blocks_of(panel, "text") if b["text"].startswith("In play:")]
    return line


def test_wodu_builder_tracks_hp_left_against_max_hp_and_xp_against_the_next_level() -> None:
    assert in_play(show("wodu-builder", name="Rook")) == (
        "In play: 13 of 13 HP left; 0 of the 10 XP for Level 2."
    )
    hurt = show("wodu-builder", name="Rook", damage=5, xp=7, pace="slow")
    assert in_play(hurt) == "In play: 8 of 13 HP left; 7 of the 15 XP for Level 2."
    assert panel_order(hurt)[:5] == ["text", "text", "track", "track", "table"]
    # Boxes to tick on paper: one per HP of Max HP, one per XP of the level's price.
    assert blocks_of(hurt, "track") == [
        {
            "type": "track",
            "label": "Damage",
            "filled": 5,
            "total": 13,
            "text": "5 taken, 8 HP left",
        },
        {"type": "track", "label": "XP to Level 2", "filled": 7, "total": 15, "text": "7 of 15"},
    ]
    # HP left follows Max HP: at Level 2 with the +1 on STR, Max HP is 12 + 3.
    assert in_play(show("wodu-builder", level=2, damage=5)).startswith("In play: 10 of 15 HP")
    ready = in_play(show("wodu-builder", xp=10))
    assert ready.endswith("10 XP, enough for Level 2 (10 XP): raise the Level and take 10 XP off.")
    assert [t["label"] for t in blocks_of(show("wodu-builder", xp=10), "track")] == ["Damage"]
    top = in_play(show("wodu-builder", level=15, xp=4))
    assert top.endswith("; 4 XP; Level 15 is the top of the table.")


def test_wodu_builder_says_the_draft_is_silent_at_0_hp() -> None:
    gritty = {"start": "gritty", "level": 0, **GRITTY}
    panel = show("wodu-builder", damage=6, **gritty)  # Max HP 5 + STR 1
    assert errors(panel) == []
    assert in_play(panel).startswith(
        "In play: 0 of 6 HP left (the draft does not say what 0 HP means: the GM rules on it)"
    )


def panel_order(panel: dict[str, Any]) -> list[str]:
    return [b["type"] for b in panel["blocks"]]


def test_wodu_builder_refuses_more_damage_than_max_hp_naming_the_field() -> None:
    panel = show("wodu-builder", name="Rook", damage=14)
    assert errors(panel) == [
        "Damage taken is 14, more than Rook's Max HP of 13 (2d10 WoDu Hack, Character Generation)"
    ]
    assert panel["invalid"] == ["damage"]
    assert panel_order(panel)[0] == "error"  # the refusal leads
    assert sheet_of(panel)["Max HP"] == "13"  # and the sheet stays in view
    # No sheet holds more than Level 15's 25 + STR 6 = 31 HP: the field stops there.
    with pytest.raises(WidgetError, match="Damage taken must be from 0 to 31"):
        answer("wodu-builder", "check", {"values": {"damage": 32}, "check": "ability:STR"})
    assert errors(show("wodu-builder", xp=-1)) == [
        "XP toward the next level must be from 0 to 99, got -1"
    ]


# --------------------------------------------------------------------------
# wodu-check: Use my sheet (issue 17)
# --------------------------------------------------------------------------


def from_sheet(own: dict[str, Any], sheet: Any) -> dict[str, Any]:
    """The check's panel with the played character's saved values (None: no sheet saved)."""
    return answer("wodu-check", "show", {"values": own, "source": sheet})


@pytest.mark.parametrize(
    ("which", "rating"), [("STR", "+3"), ("DEX", "+2"), ("WIT", "+1"), ("CHA", "-1")]
)
def test_wodu_check_takes_the_picked_ability_from_the_played_character(
    which: str, rating: str
) -> None:
    rook = {"name": "Rook", "level": 4, "inc2": "STR", "inc4": "DEX"}  # ratings at Level 4
    panel = from_sheet({"use_sheet": True, "sheet_ability": which, "ability": 0}, rook)
    assert panel["blocks"][0]["text"] == f"From Rook's sheet: {which} {rating}."
    assert panel["set"] == {"ability": int(rating)}
    assert panel["taken"] == ["ability"]  # read-only while the sheet gives it
    dice = f"2d10{rating}" if rating != "+0" else "2d10"
    assert panel["blocks"][1]["text"].startswith(f"{dice} against DR 12: success ")


def test_wodu_check_by_hand_when_the_switch_is_off_or_no_sheet_is_saved() -> None:
    rook = {"name": "Rook"}
    off = from_sheet({"use_sheet": False, "ability": 4}, rook)
    assert off["set"] == {} and off["taken"] == []
    assert off["blocks"][0]["text"].startswith("2d10+4 against DR 12")
    assert "sheet_ability" in off["unused"]
    none = from_sheet({"use_sheet": True, "ability": 4}, None)
    assert none["set"] == {} and "use_sheet" in none["unused"]
    unnamed = from_sheet({"use_sheet": True, "sheet_ability": "WIT"}, {"name": ""})
    assert unnamed["blocks"][0]["text"] == "From your sheet: WIT +1."


def test_wodu_check_takes_nothing_from_a_sheet_that_breaks_a_rule() -> None:
    broken = {"name": "Vex", "start_dex": "2"}  # two +2 ratings at Level 1
    panel = from_sheet({"use_sheet": True, "ability": 1}, broken)
    assert panel["set"] == {} and panel["taken"] == []
    assert panel["blocks"][0]["text"].startswith(
        "Vex's sheet breaks a rule, so the ability rating is yours to set: At Level 1 the "
        "ratings are 2, 1, 1, -1 in any order"
    )
    assert errors(panel) == []  # the check itself still works with the rating typed in


def test_wodu_play_fence_keeps_checks_and_trackers_at_hand_and_folds_the_rest(
    convert: Callable[[str], str],
) -> None:
    html = convert("```widget\nwidget: wodu-builder\nstore: wodu-sheet\nplay: true\n```\n")
    at_hand, folded = html.split('<details class="rb-widget__setup">')
    for name in ("name", "damage", "xp", "check_kind", "check_dr", "check_fr", "check_background"):
        assert f"rb-field--{name}" in at_hand, name
    for name in ("start", "level", "pace", "start_str", "inc2"):
        assert f"rb-field--{name}" in folded and f"rb-field--{name}" not in at_hand, name
    assert at_hand.count('class="rb-step"') == 4  # − and + for damage and XP
    assert html.count('data-check="ability:') == 4  # a Roll on each ability row
