"""Peupfudge widgets: the action check and opposed actions (2 Actions),
checked against the numbers the source prints (draft of 2022-08-19)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_py.dice import reseed
from rules_py.systems import peupfudge as pf
from rules_py.widgets import WidgetError
from tests.widgets.panels import roll, show
from tests.widgets.peupfudge.helpers import (
    RACE,
    blocks,
    faces,
    of_type,
    refusal,
    table_rows,
)

# --------------------------------------------------------------------------
# Action check (Peupfudge, 2 Actions)
# --------------------------------------------------------------------------


def test_example_1_magical_bridge_needs_plus_2_on_4df() -> None:
    found = blocks("peupfudge-action", L=6, A=-1, D=7, dice=4)
    assert "needs R ≥ +2 on 4dF" in found[0]["text"]
    assert "5/27 (18.52%)" in found[0]["text"]
    rows = table_rows(found)
    assert rows["Success (L + A + R ≥ 7)"]["titles"]["Chance"] == "5/27"
    assert rows["Failure (L + A + R < 7)"]["titles"]["Chance"] == "22/27"
    # Relative performance L + A + R - D runs from 5 - 4 - 7 to 5 + 4 - 7; 0 and up are hits.
    bars = of_type(found, "chart")[0]["chart"]["bars"]
    assert [b["title"].split(":")[0] for b in bars] == [str(n) for n in range(-6, 3)]
    assert [b["hit"] for b in bars] == [False] * 6 + [True] * 3


def test_example_3_archers_shot_about_one_in_five() -> None:
    found = blocks("peupfudge-action", L=2, A=0, D=4)
    assert table_rows(found)["Success (L + A + R ≥ 4)"]["titles"]["Chance"] == "5/27"
    assert pf.action_outcomes(2, 0, 4)["success"] == Fraction(5, 27)


def test_action_level_equal_to_difficulty_succeeds_50_in_81() -> None:
    found = blocks("peupfudge-action")  # the defaults: L = 4, A = 0, D = 4, 4dF
    assert "50/81" in found[0]["text"]


@pytest.mark.parametrize(
    ("level", "extra", "difficulty", "dice"),
    [(0, 0, 0, 1), (3, -2, 5, 6), (-43, 0, -42, 1), (10, 5, -3, 9), (1, 1, 12, 9)],
)
def test_action_chance_is_the_rules_modules(
    level: int, extra: int, difficulty: int, dice: int
) -> None:
    found = blocks("peupfudge-action", L=level, A=extra, D=difficulty, dice=dice)
    success = pf.success_chance(level, extra, difficulty, dice)
    assert table_rows(found)[f"Success (L + A + R ≥ {difficulty})"]["titles"]["Chance"] == str(
        success
    )


def test_action_out_of_reach_and_certain() -> None:
    assert "cannot succeed" in blocks("peupfudge-action", L=0, A=0, D=5, dice=4)[0]["text"]
    assert "0 (impossible)" in blocks("peupfudge-action", L=0, A=0, D=5, dice=4)[0]["text"]
    assert "cannot fail" in blocks("peupfudge-action", L=4, A=0, D=0, dice=4)[0]["text"]
    assert "1 (certain)" in blocks("peupfudge-action", L=4, A=0, D=0, dice=4)[0]["text"]


@pytest.mark.parametrize("seed", range(25))
def test_example_1_rolled_bridge_outcome_matches_the_dice(seed: int) -> None:
    reseed(seed)
    view = roll("peupfudge-action", L=6, A=-1, D=7, dice=4)
    (line,) = view["lines"]
    dice = faces(line)
    assert len(dice) == 4
    r = sum(dice)
    assert line["total"] == str(r)
    total = 6 - 1 + r
    verdict = "Success" if total >= 7 else "Failure"
    assert view["outcome"].startswith(f"{verdict}: L + A + R = ")
    assert f" = {total} " in view["outcome"]
    assert view["outcome"].endswith(f"relative performance {total - 7:+d}")


def test_action_roll_with_one_die_shows_one_face() -> None:
    reseed(4)
    (line,) = roll("peupfudge-action", L=2, A=0, D=2, dice=1)["lines"]
    assert len(faces(line)) == 1


def test_action_refuses_more_than_nine_dice() -> None:
    panel = show("peupfudge-action", dice=10)
    assert panel["invalid"] == ["dice"]
    assert "from 1 to 9" in panel["blocks"][0]["text"]
    with pytest.raises(WidgetError, match="from 1 to 9"):
        roll("peupfudge-action", dice=0)
    assert "whole number" in refusal("peupfudge-action", L="four")


# --------------------------------------------------------------------------
# Opposed action (Peupfudge, 2 Opposed Actions)
# --------------------------------------------------------------------------


def test_example_4_race_for_the_marbles_odds() -> None:
    found = blocks("peupfudge-opposed", participants=RACE, dice=3)
    rows = table_rows(found)
    assert rows["Gromanno"]["titles"]["Alone on top"] == "23/19683"
    assert rows["Nyrv"]["titles"]["Alone on top"] == "62/6561"
    assert rows["Polthova"]["titles"]["Alone on top"] == "18790/19683"
    assert rows["Tie for the top (nobody wins)"]["titles"]["Alone on top"] == "76/2187"
    assert rows["Nyrv"]["cells"]["L + A"] == "5 - 1 = 4"
    assert rows["Polthova"]["hit"] and not rows["Nyrv"]["hit"]
    alone = [Fraction(rows[n]["titles"]["Alone on top"]) for n in ("Gromanno", "Nyrv", "Polthova")]
    assert sum(alone) + Fraction(76, 2187) == 1
    assert "Polthova, 18790/19683" in found[0]["text"]


@pytest.mark.parametrize("seed", range(25))
def test_example_4_race_roll_names_the_winner_or_the_tie(seed: int) -> None:
    reseed(seed)
    view = roll("peupfudge-opposed", participants=RACE, dice=3)
    assert [line["label"] for line in view["lines"]] == ["Gromanno", "Nyrv", "Polthova"]
    totals = []
    for line, racer in zip(view["lines"], RACE, strict=True):
        dice = faces(line)
        assert len(dice) == 3
        total = racer["L"] + racer["A"] + sum(dice)
        assert line["total"] == str(total)
        totals.append(total)
    top = pf.opposed_top(totals)
    if top is not None:
        assert view["outcome"].startswith(f"{RACE[top]['name']} wins with {totals[top]}")
    else:
        assert view["outcome"].startswith(f"Tie for the top at {max(totals)} between ")


def test_example_4_race_as_printed_nyrv_wins() -> None:
    # Rolled 0, +2 and -3: totals 3, 6 and 5.
    assert pf.opposed_top([2 + 1 + 0, 5 - 1 + 2, 8 + 0 - 3]) == 1


def test_example_5_arm_wrestling_bouts_are_decided_before_the_dice() -> None:
    bout_1 = table_rows(
        blocks(
            "peupfudge-opposed",
            dice=1,
            participants=[{"name": "Hobbit", "L": 2}, {"name": "Cyborg", "L": 5}],
        )
    )
    assert bout_1["Cyborg"]["titles"]["Alone on top"] == "1"
    assert bout_1["Tie for the top (nobody wins)"]["titles"]["Alone on top"] == "0"
    ant = [{"name": "Hobbit", "L": 2, "A": -1}, {"name": "Ant", "L": -43, "A": 0}]
    assert (
        table_rows(blocks("peupfudge-opposed", dice=1, participants=ant))["Hobbit"]["titles"][
            "Alone on top"
        ]
        == "1"
    )
    for seed in range(10):
        reseed(seed)
        view = roll("peupfudge-opposed", dice=1, participants=ant)
        assert view["outcome"].startswith("Hobbit wins with ")
        assert view["lines"][1]["parts"][-1]["text"] == "− 43"


def test_opposed_tie_names_everyone_who_tied() -> None:
    even = [{"name": "Ann", "L": 1}, {"name": "Bo", "L": 1}]
    for seed in range(50):
        reseed(seed)
        view = roll("peupfudge-opposed", dice=1, participants=even)
        totals = [int(line["total"]) for line in view["lines"]]
        if totals[0] == totals[1]:
            assert view["outcome"].startswith(
                f"Tie for the top at {totals[0]} between Ann and Bo: nobody wins"
            )
            break
    else:  # pragma: no cover - 50 rolls of 1dF without a tie
        pytest.fail("no tie in 50 rolls")


def test_opposed_even_match_names_both_leaders() -> None:
    found = blocks("peupfudge-opposed", participants=[{"name": "Ann"}, {"name": "Bo"}])
    assert "Ann and Bo, 98/243 (40.33%) each" in found[0]["text"]
    assert "47/243" in found[0]["text"]


def test_opposed_blank_and_repeated_names_are_numbered() -> None:
    rows = table_rows(
        blocks(
            "peupfudge-opposed",
            participants=[{"name": ""}, {"name": "Orc"}, {"name": "Orc"}],
        )
    )
    assert {"Participant 1", "Orc (2)", "Orc (3)"} <= set(rows)


def test_opposed_needs_two_to_six_participants() -> None:
    assert "from 2 to 6 participants (got 1)" in refusal(
        "peupfudge-opposed", participants=[{"name": "Solo"}]
    )
    assert "(got 7)" in refusal("peupfudge-opposed", participants=[{"L": n} for n in range(7)])
    assert "Participant 2: L must be from -100 to 100" in refusal(
        "peupfudge-opposed", participants=[{"L": 1}, {"L": 101}]
    )
    with pytest.raises(WidgetError, match="unknown"):
        roll("peupfudge-opposed", participants=[{"L": 1}, {"level": 2}])
