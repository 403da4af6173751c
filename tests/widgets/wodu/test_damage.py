"""The 2d10 WoDu Hack damage widget (rules_py.widgets.wodu._damage).

Every number a widget shows is checked against :mod:`rules_py.systems.wodu`;
rolls are checked against the dice they show.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from rules_py.dice import reseed
from rules_py.systems import wodu
from rules_py.widgets import WIDGETS, WidgetError
from tests.widgets.panels import blocks_of, roll, show
from tests.widgets.wodu.helpers import errors, facts, line_total, table_titles

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
# The widget fence on the WoDu pages
# --------------------------------------------------------------------------


def test_wodu_damage_fence_presets_and_renders_the_odds(convert: Callable[[str], str]) -> None:
    html = convert("```widget\nwidget: wodu-damage\nwr: 3\npaired: true\n```\n")
    assert 'data-widget="wodu-damage"' in html
    assert "Damage of 2d10kh1" in html
    assert 'title="19/100"' in html
    assert "Roll damage" in html
