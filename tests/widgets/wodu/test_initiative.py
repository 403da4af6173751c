"""The 2d10 WoDu Hack initiative widget (rules_py.widgets.wodu._initiative).

Every number a widget shows is checked against :mod:`rules_py.systems.wodu`;
rolls are checked against the dice they show.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from rules_py.dice import reseed
from rules_py.systems import wodu
from tests.widgets.panels import blocks_of, roll, show
from tests.widgets.wodu.helpers import errors, line_total, table_titles

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
# The widget fence on the WoDu pages
# --------------------------------------------------------------------------


def test_wodu_initiative_fence_takes_players(convert: Callable[[str], str]) -> None:
    html = convert(
        "```widget\nwidget: wodu-initiative\ngm_modifier: '-1'\nplayers:\n"
        "  - {name: Ash, dex: 3}\n  - {name: Bo, dex: 1, background: true}\n```\n"
    )
    assert "The enemies (d6-1)" in html
    assert "Ash" in html and "3d10k2+1" in html
