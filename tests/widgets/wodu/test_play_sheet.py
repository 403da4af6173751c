"""The WoDu builder as a sheet at the table (issue 29): each ability a row with its exact
chance against the DR or FR set, Damage and XP as boxes a player taps, the Background,
Special Moves and weapons on the sheet, the level's setup in Edit mode, Rook as the
example and a fresh character for New.

Every chance is checked against :mod:`rules_py.systems.wodu` and against the dice
notation's own distribution, named after the draft's and the site's examples.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules_py.dice import distribution
from rules_py.systems import wodu
from rules_py.widgets import WIDGETS, WidgetError, answer
from tests.widgets.panels import blocks_of, show
from tests.widgets.wodu.helpers import abilities, errors, line_total

GRITTY = {"start": "gritty", "level": 0, "start_str": "1", "start_dex": "0", "start_wit": "0"}
"""A gritty character at Level 0: 1, 0, 0, -1 (CHA stays -1)."""
DEX_2 = {"level": 2, "inc2": "DEX"}
"""Rook at Level 2 with the +1 on DEX: DEX +2, the rating of the draft's worked examples."""


def row(panel: dict[str, Any], name: str) -> dict[str, Any]:
    rows: list[dict[str, Any]] = abilities(panel)["rows"]
    (found,) = [r for r in rows if r["name"] == name]
    return found


def test_getaway_driver_dex_2_with_a_background_against_dr_12_is_84_6_percent() -> None:
    """Background: "Getaway Driver", a motorcycle through gunfire, 3d10k2 + DEX; with
    DEX 2 the Background page's table gives 84.6% against the default DR:12, 64.0%
    without the Background."""
    with_background = row(show("wodu-builder", **DEX_2, check_background=True), "DEX")
    chance = wodu.dr_outcomes(2, 12, background=True)["success"]
    assert chance == distribution("3d10k2+2").p_ge(12)
    assert with_background["exact"] == str(chance) == "423/500"
    assert with_background["chance"] == "85%"
    assert with_background["label"] == "Roll DEX +2 with a Background against DR 12"
    plain = row(show("wodu-builder", **DEX_2), "DEX")
    assert plain["exact"] == str(wodu.dr_outcomes(2, 12)["success"]) == str(Fraction(16, 25))
    assert plain["chance"] == "64%"
    assert plain["detail"] == ""


def test_dex_2_leaping_between_rooftops_against_fr_12_14() -> None:
    """Core Resolution, FR: the default FR:12-14; with DEX 2 (the site's example) 36%
    failure, 28% weak success, 36% strong. The row's chance is that of at least a weak
    success, its detail each degree's fraction."""
    dex = row(show("wodu-builder", **DEX_2, check_kind="fr"), "DEX")
    outcomes = wodu.fr_outcomes(2, 12, 14)
    assert outcomes == {
        "failure": Fraction(9, 25),
        "weak": Fraction(7, 25),
        "strong": Fraction(9, 25),
    }
    assert dex["exact"] == str(1 - outcomes["failure"]) == "16/25"
    assert dex["detail"] == "strong success 9/25, weak success 7/25"
    assert dex["label"] == "Roll DEX +2 against FR 12-14"


@pytest.mark.parametrize("background", [False, True])
@pytest.mark.parametrize("dr", [9, 12, 15, 18, 21])
def test_each_row_is_the_exact_chance_to_meet_the_dr(dr: int, background: bool) -> None:
    panel = show("wodu-builder", check_dr=str(dr), check_background=background)
    ratings = {"STR": 2, "DEX": 1, "WIT": 1, "CHA": -1}  # Rook's
    dice = "3d10k2" if background else "2d10"
    for name, rating in ratings.items():
        expected = wodu.dr_outcomes(rating, dr, background)["success"]
        assert expected == distribution(f"{dice}{rating:+d}").p_ge(dr)
        assert row(panel, name)["exact"] == str(expected), (name, dr)


def test_a_row_follows_the_difficulty_and_the_rating() -> None:
    """Rook's STR +2 at the default DR:12 is 16/25; at DR:15 it is 2d10 >= 13, 36/100."""
    assert row(show("wodu-builder"), "STR")["exact"] == "16/25"
    hard = row(show("wodu-builder", check_dr="15"), "STR")
    assert hard["exact"] == str(wodu.dr_outcomes(2, 15)["success"]) == "9/25"
    assert hard["label"] == "Roll STR +2 against DR 15"
    # At Level 2 with the +1 on STR, STR +3 at DR:15 is 2d10 >= 12.
    stronger = row(show("wodu-builder", check_dr="15", level=2, inc2="STR"), "STR")
    assert (stronger["value"], stronger["exact"]) == ("+3", "9/20")
    assert distribution("2d10").p_ge(12) == Fraction(9, 20)
    extreme = row(show("wodu-builder", check_kind="fr", check_fr="15-17"), "CHA")
    fr = wodu.fr_outcomes(-1, 15, 17)
    assert extreme["exact"] == str(fr["strong"] + fr["weak"])
    assert extreme["detail"] == f"strong success {fr['strong']}, weak success {fr['weak']}"


def test_a_sheet_that_breaks_a_rule_shows_no_chance_since_its_rolls_are_refused() -> None:
    panel = show("wodu-builder", start_dex="2", start_wit="0")
    assert errors(panel)
    assert [r["chance"] for r in abilities(panel)["rows"]] == ["", "", "", ""]


def taps_of(panel: dict[str, Any], label: str) -> list[dict[str, Any]]:
    (found,) = [t for t in blocks_of(panel, "track") if t["label"] == label]
    taps: list[dict[str, Any]] = found["taps"]
    assert len(taps) == found["total"]
    return taps


def test_damage_boxes_fill_the_leftmost_empty_and_clear_the_last_filled() -> None:
    taps = taps_of(show("wodu-builder", damage=3), "Damage")  # Rook's 13 HP
    assert [t["set"] for t in taps] == [{"damage": 2}] * 3 + [{"damage": 4}] * 10
    assert taps[0]["said"] == "Damage: 3 → 2" and taps[12]["said"] == "Damage: 3 → 4"
    # Each tap's values make a sheet Python accepts: the last box fills Max HP.
    full = show("wodu-builder", **taps_of(show("wodu-builder", damage=12), "Damage")[12]["set"])
    assert errors(full) == []
    assert blocks_of(full, "track")[0]["text"].startswith("13 taken: 0 of 13 HP left")


def test_xp_boxes_count_toward_the_next_level() -> None:
    taps = taps_of(show("wodu-builder", xp=9, pace="slow"), "XP to Level 2")
    assert len(taps) == 15  # slow advancement: 15 XP a level
    assert [t["set"] for t in taps] == [{"xp": 8}] * 9 + [{"xp": 10}] * 6
    assert taps[9]["said"] == "XP: 9 → 10"
    # Every track a player ticks has taps.
    for track in blocks_of(show("wodu-builder", damage=2, xp=4), "track"):
        assert "taps" in track, track["label"]


def test_the_example_is_rook_and_new_starts_as_the_rules_start_a_character() -> None:
    builder = WIDGETS["wodu-builder"]
    example = show("wodu-builder")
    defaults = {f.name: f.default for f in builder.fields}
    assert builder.character_name(defaults, "") == "Rook"
    assert blocks_of(example, "text")[0]["text"] == (
        "Rook: Level 1, Action Hero tier (standard start); Background: Getaway Driver."
    )
    fresh = builder.fresh_values()
    assert fresh["name"] == "" and fresh["background"] == ""
    assert fresh["moves"] == () and fresh["weapons"] == ()
    assert (fresh["start"], fresh["level"], fresh["damage"], fresh["xp"]) == (
        "standard",
        1,
        0,
        0,
    )
    # Standard: 2, 1, 1, -1 handed out, a valid sheet with nothing chosen yet.
    ratings = [fresh[f"start_{a.lower()}"] for a in wodu.ABILITY_NAMES]
    assert sorted(int(r) for r in ratings) == sorted(wodu.STANDARD_STARTING_RATINGS)
    new = show("wodu-builder", **fresh)
    assert errors(new) == []
    texts = [b["text"] for b in blocks_of(new, "text")]
    assert texts[0] == (
        "Your character: Level 1, Action Hero tier (standard start); Background: none yet."
    )
    assert "Weapons: none on the sheet." in texts
    assert blocks_of(new, "table") == []
    assert fresh != defaults


def test_rooks_weapons_show_their_rating_and_damage_dice_and_roll_it() -> None:
    (weapons,) = blocks_of(show("wodu-builder"), "table")
    assert weapons["caption"] == "Rook's weapons"
    assert weapons["head"] == ["Weapon", "WR", "Damage", "Roll"]
    assert [r["cells"] for r in weapons["rows"]] == [
        ["Revolver", "WR:3", wodu.damage_notation(3)],
        ["Chef's knife", "WR:2", wodu.damage_notation(2)],
    ]
    assert [r["titles"][2] for r in weapons["rows"]] == ["5.5 on average", "3.5 on average"]
    assert weapons["rows"][0]["check"] == {
        "key": "weapon:0",
        "label": "Roll Revolver's damage, d10",
    }
    for seed in range(20):
        view = answer("wodu-builder", "check", {"values": {}, "check": "weapon:1", "seed": seed})
        assert view["what"] == "Rook: Chef's knife damage, d6"
        (line,) = view["lines"]
        assert 1 <= line_total(line) <= 6
        assert view["outcome"] == f"{line_total(line)} damage"


def test_a_hero_power_and_paired_weapons_on_the_sheet() -> None:
    """Damage & Powers: Mutant Claws, as dual swords +1 (3+1), 2d10 keep the highest +1;
    paired weapons exist at WR:3 only."""
    claws = {"name": "Mutant Claws", "wr": "3", "hero": 1, "paired": True}
    (weapons,) = blocks_of(show("wodu-builder", weapons=[claws]), "table")
    assert weapons["rows"][0]["cells"] == ["Mutant Claws", "WR:3+1", "2d10kh1+1"]
    bat = {"name": "Twin bats", "wr": "2", "hero": 0, "paired": True}
    panel = show("wodu-builder", weapons=[claws, bat])
    (problem,) = errors(panel)
    assert problem.startswith("Twin bats: Paired weapons (dual swords, twin pistols) are listed")
    assert panel["invalid"] == ["weapons"]
    (weapons,) = blocks_of(panel, "table")
    assert "check" not in weapons["rows"][1]
    with pytest.raises(WidgetError, match="listed at WR:3 only"):
        answer("wodu-builder", "check", {"values": {"weapons": [bat]}, "check": "weapon:0"})
    with pytest.raises(WidgetError, match="no check 'weapon:2'"):
        answer("wodu-builder", "check", {"values": {}, "check": "weapon:2"})


def test_special_moves_are_listed_against_the_moves_the_level_knows() -> None:
    none = [b["text"] for b in blocks_of(show("wodu-builder"), "text")]
    assert "Special Moves (1 at Level 1): none written yet." in none
    three = show("wodu-builder", level=3, moves=[{"name": "Bullet time"}])
    assert "Special Moves (1 of 2 at Level 3): Bullet time." in [
        b["text"] for b in blocks_of(three, "text")
    ]
    too_many = show("wodu-builder", moves=[{"name": "Bullet time"}, {"name": "Drift"}])
    assert errors(too_many) == [
        "Rook lists 2 moves, but a Level 1 character knows 1 (2d10 WoDu Hack, Advancement)"
    ]
    assert too_many["invalid"] == ["moves"]
    assert "Special Moves: none at Level 0." in [
        b["text"] for b in blocks_of(show("wodu-builder", **GRITTY), "text")
    ]


def test_the_levels_setup_is_edit_only_and_play_keeps_what_is_played() -> None:
    panel = show("wodu-builder", **GRITTY)
    assert errors(panel) == []
    kinds = {(b["type"], bool(b.get("edit"))) for b in panel["blocks"]}
    assert ("facts", True) in kinds and ("facts", False) not in kinds
    played = [b for b in panel["blocks"] if not b.get("edit")]
    assert [b["type"] for b in played] == ["text", "checks", "track", "track", "text", "table"]
    assert any("afresh" in b.get("text", "") for b in panel["blocks"] if b.get("edit"))
