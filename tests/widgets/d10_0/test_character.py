"""The D10/0 System widgets: checks and effort, damage, the four blocks, health, the builder.

Exact values come from the guide's worked examples and tables (as the rules
pages restate them) or from brute-force enumeration here, never from the code
under test.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules_py.systems import d10_0
from rules_py.widgets import WIDGETS, WidgetError, answer
from rules_py.widgets._widget import refusals
from tests.widgets.panels import blocks_of, roll, show

DOCS = Path(__file__).resolve().parents[3] / "docs" / "d10-0"

# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------


def errors(panel: dict[str, Any]) -> list[str]:
    return refusals(panel)


def texts(panel: dict[str, Any]) -> str:
    return " ".join(b["text"] for b in blocks_of(panel, "text"))


def facts(panel: dict[str, Any]) -> dict[str, tuple[str, str]]:
    (block,) = blocks_of(panel, "facts")
    return {item["label"]: (item["value"], item["title"]) for item in block["items"]}


def table(panel: dict[str, Any], caption: str) -> dict[str, list[str]]:
    """Each row's header mapped to its other cells."""
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"].startswith(caption)]
    return {row["cells"][0]: row["cells"][1:] for row in block["rows"]}


def exact(panel: dict[str, Any], caption: str) -> dict[str, list[Fraction]]:
    """Each row's header mapped to its cells' exact fractions (titles; blanks left out)."""
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"].startswith(caption)]
    return {row["cells"][0]: [Fraction(t) for t in row["titles"][1:] if t] for row in block["rows"]}


def efforts(score: int, faces: int) -> list[int]:
    return [score - r for r in range(faces)]


# --------------------------------------------------------------------------
# Registration and the pages' fences
# --------------------------------------------------------------------------

NAMES = (
    "d10-0-check",
    "d10-0-conflict",
    "d10-0-cooperation",
    "d10-0-cumulative",
    "d10-0-damage",
    "d10-0-damage-examples",
    "d10-0-burst",
    "d10-0-health",
    "d10-0-builder",
)


def test_d10_0_widgets_are_registered() -> None:
    for name in NAMES:
        assert name in WIDGETS
        assert not errors(WIDGETS[name].panel({})), name


def _page_fences() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for page in sorted(DOCS.glob("*.md")):
        for body in re.findall(r"```widget\n(.*?)```", page.read_text(), re.S):
            found.append((page.name, yaml.safe_load(body)))
    return found


def test_d10_0_pages_carry_every_widget_where_its_rules_are() -> None:
    where = {(page, settings["widget"]) for page, settings in _page_fences()}
    assert where >= {
        ("actions.md", "d10-0-check"),
        ("effort.md", "d10-0-conflict"),
        ("effort.md", "d10-0-cooperation"),
        ("effort.md", "d10-0-cumulative"),
        ("damage.md", "d10-0-damage"),
        ("damage.md", "d10-0-damage-examples"),
        ("bursts-and-blasts.md", "d10-0-burst"),
        ("health.md", "d10-0-health"),
        ("building-a-character.md", "d10-0-builder"),
    }
    blocks = {s["block"] for _, s in _page_fences() if s["widget"] == "d10-0-burst"}
    assert blocks == {b.title for b in d10_0.BLOCKS}


def test_d10_0_builder_fence_keeps_the_sheet_in_a_named_store(
    convert: Callable[[str], str],
) -> None:
    html = convert("```widget\nwidget: d10-0-builder\nstore: d10-0-character\n```")
    assert 'data-store="d10-0-character"' in html
    assert "Export JSON" in html and "Normal Health" in html


# --------------------------------------------------------------------------
# The check (Actions: Degrees and Difficulty, Degree Information, Overflow)
# --------------------------------------------------------------------------


def test_d10_0_check_agility_7_against_challenge_as_the_page_works_it() -> None:
    panel = show("d10-0-check", score=7, difficulty="Challenge")
    odds = exact(panel, "Score 7 against difficulty 2")
    assert odds == {
        "Success": [Fraction(1, 2)],
        "Miss": [Fraction(1, 10)],
        "Failure": [Fraction(2, 5)],
    }
    assert "difficulty 2 (Challenge)" in texts(panel)
    named = exact(panel, "Named degrees")
    # Rolls 0..9 give degrees +5..-4: one tenth each.
    assert named["Noted Success"] == [Fraction(1, 10)]
    assert named["Complete Klutz"] == [Fraction(1, 10)]
    assert named["FUBAR"] == [Fraction(0)]
    assert sum(p for (p,) in named.values()) == 1
    (chart,) = blocks_of(panel, "chart")
    assert len(chart["chart"]["bars"]) == 10


def test_d10_0_check_ranged_45_against_skill_challenge() -> None:
    panel = show("d10-0-check", kind="skill", score=45, difficulty="20")
    assert exact(panel, "Score 45 against difficulty 20") == {
        "Success": [Fraction(1, 4)],
        "Miss": [Fraction(1, 100)],
        "Failure": [Fraction(37, 50)],
    }
    named = exact(panel, "Named degrees")
    # Degrees +25..-74; Minor Success is +1..+19 (19 rolls), Noted Success +20..+25 (6 rolls).
    assert named["Minor Success"] == [Fraction(19, 100)]
    assert named["Noted Success"] == [Fraction(6, 100)]
    assert named["Awe-Inspiring for all the wrong reasons"] == [Fraction(15, 100)]
    bands = table(panel, "Named degrees")
    assert bands["Noted Success"][0] == "+20 to +29"
    assert bands["Miss"][0] == "0"


def test_d10_0_check_difficulty_by_name_reads_the_check_scale() -> None:
    by_name = show("d10-0-check", kind="skill", score=45, difficulty="hard")
    by_number = show("d10-0-check", kind="skill", score=45, difficulty="30")
    assert exact(by_name, "Score") == exact(by_number, "Score")
    negative = show("d10-0-check", score=2, difficulty="-3")
    assert exact(negative, "Score 2")["Success"] == [Fraction(5, 10)]  # 2 - r > -3: r 0-4


TABLE_DIFFICULTIES = tuple(row.difficulty for row in d10_0.DEGREE_TABLE[1:])


def _named_difficulties(sentence: str) -> list[str]:
    """The table's names of difficulties above Average (Tricky ... Impossible?) a sentence uses."""
    return [name for name in TABLE_DIFFICULTIES if name in sentence]


@pytest.mark.parametrize(
    ("widget", "values", "said"),
    [
        ("d10-0-check", {"score": 5, "difficulty": "-3"}, "difficulty -3 (easier than Average)"),
        (
            "d10-0-check",
            {"kind": "skill", "score": 40, "difficulty": "-20"},
            "difficulty -20 (easier than Average)",
        ),
        (
            "d10-0-cooperation",
            {"difficulty": "-3"},
            "difficulty -3 (easier than Average)",
        ),
        (
            "d10-0-burst",
            {"block": "Three Shot Burst", "score": 60, "difficulty": "-20"},
            "difficulty -20 (easier than Average)",
        ),
    ],
)
def test_d10_0_a_negative_difficulty_is_easier_than_average_not_a_table_name(
    widget: str, values: dict[str, Any], said: str
) -> None:
    summary = texts(show(widget, **values))
    assert said in summary
    assert _named_difficulties(summary) == []


def test_d10_0_check_refuses_an_unknown_difficulty_naming_the_table() -> None:
    (message,) = errors(show("d10-0-check", difficulty="tough"))
    assert "Degree Information" in message and "Challenge (2)" in message


def test_d10_0_check_overflow_focus_6_is_exact_and_states_its_cap() -> None:
    panel = show("d10-0-check", score=6, difficulty=0, overflow=True)
    # Without the chain: success rolls 0-5, miss 6, failure 7-9. A 9 (effort -3)
    # re-rolls, adding only negative efforts: it never helps, so failure keeps it.
    # A 0 (effort 6) only climbs: success keeps it. So the plain odds stand.
    assert exact(panel, "Score 6 against difficulty 0") == {
        "Success": [Fraction(6, 10)],
        "Miss": [Fraction(1, 10)],
        "Failure": [Fraction(3, 10)],
    }
    named = exact(panel, "Named degrees")
    # Top name (+6 or more): a 0 (6) and a 0 then anything (6 more or 6 + 6 - r).
    assert named["Awe-Inspiring for all the right reasons"] == [Fraction(1, 10)]
    # Bottom name (-6 or less): a 9 (-3) needs a chain adding -3 or worse, and only a
    # second 9 adds -3 (8 adds -2 and stops at -5); after 9, 9 the effort is already -6.
    assert named["Awe-Inspiring for all the wrong reasons"] == [Fraction(1, 10) ** 2]
    assert "at most 9 re-rolls" in texts(panel)


def _replay(output: dict[str, Any]) -> tuple[int, list[int]]:
    """Effort rebuilt from a rolled check's lines by the rule, and its rolls."""
    score = int(output["lines"][0]["parts"][0]["text"].split()[0])
    rolls = [int(line["parts"][1]["text"]) for line in output["lines"]]
    effort = score - rolls[0]
    for again in rolls[1:]:
        step = score - again
        effort += max(0, step) if rolls[0] == 0 else min(0, step)
    return effort, rolls


def test_d10_0_check_rolls_name_the_degree_and_show_the_overflow_chain() -> None:
    seen_chain = False
    for _ in range(400):
        output = roll("d10-0-check", score=6, difficulty=2, overflow=True)
        effort, rolls = _replay(output)
        degree = effort - 2
        verdict = "Success" if degree > 0 else "Miss" if degree == 0 else "Failure"
        assert output["outcome"].startswith(f"{verdict}: effort {effort}")
        assert d10_0.degree_name(degree) in output["outcome"]
        if len(rolls) > 1:
            seen_chain = True
            assert rolls[0] in (0, 9)
            assert all(r == rolls[0] for r in rolls[1:-1])
            assert "Overflow after the" in output["lines"][1]["label"]
    assert seen_chain


def test_d10_0_check_skill_roll_shows_two_digits() -> None:
    output = roll("d10-0-check", kind="skill", score=50, difficulty=0)
    assert re.fullmatch(r"\d\d", output["lines"][0]["parts"][1]["text"])


# --------------------------------------------------------------------------
# Conflicting, cooperative and cumulative effort
# --------------------------------------------------------------------------


def test_d10_0_conflict_sensory_55_against_40_by_enumeration() -> None:
    panel = show("d10-0-conflict", kind="skill", score=55, opponent=40)
    win = tie = 0
    for mine, theirs in itertools.product(efforts(55, 100), efforts(40, 100)):
        win += mine > theirs
        tie += mine == theirs
    assert exact(panel, "Score 55 against 40") == {
        "Win": [Fraction(win, 10_000)],
        "Tie (a miss for both)": [Fraction(tie, 10_000)],
        "Lose": [Fraction(10_000 - win - tie, 10_000)],
    }


def test_d10_0_conflict_roll_compares_the_efforts() -> None:
    for _ in range(50):
        output = roll("d10-0-conflict", score=5, opponent=5)
        mine = int(output["lines"][0]["total"])
        theirs = int(output["lines"][1]["total"])
        word = "win" if mine > theirs else "lose" if mine < theirs else "tie"
        assert word in output["outcome"].lower()


def test_d10_0_cooperation_two_strength_6_against_hard() -> None:
    panel = show(
        "d10-0-cooperation",
        difficulty="Hard",
        helpers=[{"name": "A", "score": 6}, {"name": "B", "score": 6}],
    )
    totals = [a + b for a, b in itertools.product(efforts(6, 10), efforts(6, 10))]
    assert exact(panel, "Total effort against difficulty 3") == {
        "Success": [Fraction(sum(t > 3 for t in totals), 100)],
        "Miss": [Fraction(sum(t == 3 for t in totals), 100)],
        "Failure": [Fraction(sum(t < 3 for t in totals), 100)],
    }
    assert facts(panel)["Average total effort"] == ("3", "3")  # 1.5 each


def test_d10_0_cooperation_refuses_too_many_characters() -> None:
    helpers = [{"name": "", "score": 5}] * 11
    (message,) = errors(show("d10-0-cooperation", helpers=helpers))
    assert "from 1 to 10 characters" in message


def test_d10_0_cumulative_goal_field_reads_the_goal_pairs_by_check() -> None:
    # Cumulative Effort: small goals (10/100), larger goals (100+/1000+); the site reads
    # the first number of each pair as the attribute check's, the second as the skill's.
    (goal,) = [f for f in WIDGETS["d10-0-cumulative"].fields if f.name == "goal"]
    assert "10 for an attribute check, 100 for a skill check" in goal.hint
    assert "100+ or 1000+" in goal.hint


def test_d10_0_cumulative_chances_by_enumeration() -> None:
    panel = show("d10-0-cumulative", score=5, goal=8, checks=3)
    by_check = exact(panel, "Reaching 8")
    for k in (1, 2, 3):
        reached = sum(
            sum(max(e, 0) for e in seq) >= 8 for seq in itertools.product(efforts(5, 10), repeat=k)
        )
        assert by_check[str(k)][0] == Fraction(reached, 10**k)
    losses = exact(show("d10-0-cumulative", score=5, goal=8, checks=2, losses=True), "Reaching")
    # With losses a total can fall and rise again: reached by check 2 if some prefix hits 8.
    hit = sum(a >= 8 or a + b >= 8 for a, b in itertools.product(efforts(5, 10), repeat=2))
    assert losses["2"][0] == Fraction(hit, 100)


def test_d10_0_cumulative_roll_stops_at_the_goal() -> None:
    output = roll("d10-0-cumulative", score=9, goal=1, checks=5)
    # Score 9 on a d10: effort is positive unless the roll is 9, so usually one check.
    assert output["outcome"].startswith(("Goal reached", "Not reached"))
    if output["outcome"].startswith("Goal reached"):
        assert f"after {len(output['lines'])} check" in output["outcome"]


# --------------------------------------------------------------------------
# Damage (DAT)
# --------------------------------------------------------------------------


def _dice(limit: int | None = None) -> list[int]:
    values = [10 if face == 0 else face for face in range(10)]
    return [v if limit is None else min(v, limit) for v in values]


def test_d10_0_damage_10_plus_2d_st_with_st_4() -> None:
    panel = show("d10-0-damage", notation="10 + 2D(ST)", ST=4)
    totals = [10 + a + b for a, b in itertools.product(_dice(4), repeat=2)]
    odds = exact(panel, "Damage of 10 + 2D(ST)")
    for total in set(totals):
        assert odds[str(total)][0] == Fraction(totals.count(total), 100)
    assert facts(panel)["Average"] == ("16.8", str(Fraction(sum(totals), 100)))
    assert facts(panel)["Range"][0] == "12 - 18"
    assert panel["unused"] == sorted(a for a in d10_0.ATTRIBUTE_NAMES if a != "ST")


def test_d10_0_damage_kilo_prefix_on_both_parts() -> None:
    panel = show("d10-0-damage", notation="5K + 1KD")
    assert facts(panel)["Range"][0] == "6000 - 15000"
    assert facts(panel)["Average"] == ("10500", "10500")
    odds = exact(panel, "Damage of 5K + 1KD")
    assert set(odds) == {str(5000 + 1000 * v) for v in range(1, 11)}


def test_d10_0_damage_adjustment_chain_on_every_total() -> None:
    panel = show("d10-0-damage", notation="25", armour="-10F -2R")
    assert facts(panel)["After -10F -2R"][0] == "13"
    light = show("d10-0-damage", notation="8", armour="-10F -2R")
    assert facts(light)["No damage at all"] == ("100.00%", "1")
    rifle = show("d10-0-damage", notation="10 + 2D", armour="-5R")
    taken = [
        max(0, t - 5 * (t // 10))
        for t in (10 + a + b for a, b in itertools.product(_dice(), repeat=2))
    ]
    assert facts(rifle)["Average after -5R"][1] == str(Fraction(sum(taken), 100))


def test_d10_0_damage_overflow_states_its_cap() -> None:
    panel = show("d10-0-damage", notation="1D", damage_overflow=True)
    # The endless chain's mean: (1 + ... + 9 + 10) / 9.
    assert facts(panel)["Average"][1] == str(Fraction(55, 9))
    assert "re-rolls" in texts(panel)


@pytest.mark.parametrize(
    ("notation", "armour", "reason"),
    [
        ("10 - 2D", "", "Unexpected '-'; damage parts are only added"),
        ("2D(XX)", "", "A limit is an attribute"),
        ("10", "-10X", "Expected F (flat) or R (repeating)"),
    ],
)
def test_d10_0_damage_refusals_name_dat(notation: str, armour: str, reason: str) -> None:
    (message,) = errors(show("d10-0-damage", notation=notation, armour=armour))
    assert message.startswith(reason) and message.endswith(" (The D10/0 System, DAT)")


def test_d10_0_damage_roll_shows_each_die_and_the_armour() -> None:
    for _ in range(50):
        output = roll("d10-0-damage", notation="10 + 2D(ST)", ST=4, armour="-10F")
        (line,) = output["lines"]
        dice = [int(p["text"]) for p in line["parts"] if p["kind"] == "die"]
        assert len(dice) == 2 and all(1 <= d <= 4 for d in dice)
        total = 10 + sum(dice)
        assert line["total"] == str(total)
        assert output["outcome"].endswith(f"{max(0, total - 10)} taken")


def test_d10_0_damage_examples_every_row_with_strength() -> None:
    panel = show("d10-0-damage-examples", ST=4, threat="Knife")
    rows = table(panel, "Damage Examples")
    # A die capped at 4 reads 1, 2, 3 and then 4 seven times (a 0 is 10, capped): 3.4.
    assert rows["Punch"][2:] == ["1 - 4", "3.4"]
    assert rows["Knife"][2:] == ["2 - 8", "6.8"]
    assert rows["Sledge Hammer"][2:] == ["12 - 18", "16.8"]
    assert rows["Pistol"][2:] == ["6 - 15", "10.5"]
    assert rows["Rifle"][2:] == ["12 - 30", "21"]
    assert rows["Energy Pistol"][2:] == ["13 - 40", "26.5"]
    assert rows["Sniper Rifle"][2:] == ["18 - 45", "31.5"]
    assert rows["Energy Rifle"][2:] == ["24 - 60", "42"]
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"] == "Damage Examples"]
    assert [r["hit"] for r in block["rows"]] == [r["cells"][0] == "Knife" for r in block["rows"]]


def test_d10_0_damage_examples_roll_the_chosen_row() -> None:
    output = roll("d10-0-damage-examples", threat="Sledge Hammer", ST=3)
    (line,) = output["lines"]
    dice = [int(p["text"]) for p in line["parts"] if p["kind"] == "die"]
    assert line["label"] == "Sledge Hammer" and all(1 <= d <= 3 for d in dice)
    assert int(line["total"]) == 10 + sum(dice)


# --------------------------------------------------------------------------
# Bursts and blasts (DAT, Advanced Simulations)
# --------------------------------------------------------------------------


def test_d10_0_x_shot_burst_reproduces_the_worked_example() -> None:
    panel = show("d10-0-burst", block="X Shot Burst", score=60, difficulty="0", x=3, degree="11")
    assert "the amount is 3X, so 9 of the 15 shots threaten" in texts(panel)
    assert "90 damage before adjustments" in texts(panel)
    # The page's table: skill 60, difficulty 0, X = 3.
    steps = exact(panel, "X Shot Burst: the spread")
    assert [steps[k][0] for k in ("≤ -10 (none)", "> -10", ">0", "> +10", "> +25", "> +50")] == [
        Fraction(3, 10),
        Fraction(1, 10),
        Fraction(1, 10),
        Fraction(3, 20),
        Fraction(1, 4),
        Fraction(1, 10),
    ]
    assert table(panel, "X Shot Burst: the spread")["> +10"][0] == "9 (3X)"
    assert facts(panel)["AP cost"][0] == "6" and facts(panel)["Shots fired"][0] == "15"
    mean = 10 * (3 * Fraction(1, 10) + 6 * Fraction(1, 10) + 9 * Fraction(3, 20))
    mean += 10 * (12 * Fraction(1, 4) + 15 * Fraction(1, 10))
    assert facts(panel)["Average damage"][1] == str(mean)


def test_d10_0_x_shot_burst_armour_applies_to_each_shot() -> None:
    panel = show(
        "d10-0-burst",
        block="X Shot Burst",
        score=60,
        difficulty="0",
        x=3,
        degree="11",
        armour="-5F",
    )
    assert "each does 5: 45" in texts(panel)
    stopped = show(
        "d10-0-burst", block="X Shot Burst", score=60, difficulty="0", x=3, armour="-10F -2R"
    )
    assert facts(stopped)["No damage"] == ("100.00%", "1")


def test_d10_0_three_shot_burst_hits_and_damage() -> None:
    panel = show("d10-0-burst", block="Three Shot Burst", score=60, difficulty="0")
    assert panel["unused"] == ["ap", "x"]
    steps = exact(panel, "Three Shot Burst")
    # Degrees 60..-39: > +10 is 11..60 (50 rolls), > 0 is 1..10, > -10 is -9..0.
    assert steps["> +10"] == [Fraction(1, 2)]
    assert steps[">0"] == [Fraction(1, 10)]
    assert steps["> -10"] == [Fraction(1, 10)]
    shot = Fraction(10) + 2 * Fraction(55, 10)
    mean = shot * (3 * Fraction(1, 2) + 2 * Fraction(1, 10) + 1 * Fraction(1, 10))
    assert facts(panel)["Average damage"][1] == str(mean)


def test_d10_0_proton_stream_damage_follows_the_ap() -> None:
    panel = show("d10-0-burst", block="Proton Stream", score=60, difficulty="0", ap="5")
    assert panel["unused"] == ["x"]
    assert table(panel, "Proton Stream")[">0"][1] == "5 + 4D"
    assert facts(panel)["AP cost"][0] == "5"


def test_d10_0_shotgun_blast_damage_by_step() -> None:
    panel = show("d10-0-burst", block="Shotgun Blast", score=60, difficulty="0", degree="25")
    rows = table(panel, "Shotgun Blast")
    assert [rows[k][1] for k in ("> -10", ">0", "> +20")] == ["5 + 1D", "10 + 2D", "15 + 3D"]
    assert "passes > +20" in texts(panel) and "15 + 3D: 31.5 damage" in texts(panel)


X_SHOT_SPREAD = ((50, 5), (25, 4), (10, 3), (0, 2), (-10, 1))


def test_d10_0_burst_roll_fires_the_step_it_lands_on() -> None:
    for _ in range(50):
        output = roll("d10-0-burst", block="X Shot Burst", score=60, difficulty="0", x=3)
        effort = int(output["lines"][0]["total"])
        # The X Shot Burst's spread as printed: > +50 5X, > +25 4X, > +10 3X, >0 2X, > -10 1X.
        threatening = next((3 * a for above, a in X_SHOT_SPREAD if effort > above), 0)
        if threatening:
            assert (
                f"{threatening} shots threaten at 10 each: {10 * threatening}" in output["outcome"]
            )
        else:
            assert "no threat" in output["outcome"]


def test_d10_0_burst_refuses_a_bad_degree() -> None:
    (message,) = errors(show("d10-0-burst", degree="lots"))
    assert "whole number" in message


# --------------------------------------------------------------------------
# Health
# --------------------------------------------------------------------------


def test_d10_0_health_en_5_sp_6_as_the_page_works_it() -> None:
    panel = show("d10-0-health", EN=5, SP=6, current=20)
    got = facts(panel)
    assert got["Normal Health"][0] == "55"
    assert got["State"][0] == "Injured"
    assert got["Each Health Point Increase"][0] == "+6"
    assert got["Recovery per day"][0] == "6"
    assert got["Days back to Normal"][0] == "6"  # 35 to recover at 6 a day
    assert (
        show("d10-0-health", EN=5, SP=6, current=20, rate="3")["blocks"][1]["items"][3]["value"]
        == "18"
    )


@pytest.mark.parametrize(
    ("current", "state"),
    [
        (53, "Exceptional"),
        (50, "Normal"),
        (1, "Injured"),
        (0, "On the Brink"),
        (-50, "Dying"),
        (-51, "Dead"),
    ],
)
def test_d10_0_health_range_for_normal_50(current: int, state: str) -> None:
    panel = show("d10-0-health", EN=5, SP=5, current=current)
    assert facts(panel)["State"][0] == state
    (block,) = blocks_of(panel, "table")
    assert [r["cells"][0] for r in block["rows"] if r["hit"]] == [state]


@pytest.mark.parametrize("current", [-1, -20, -50])
def test_d10_0_health_a_dying_character_gets_failing_health_not_days_back(current: int) -> None:
    # Health, Failing Health: below 0 health is failing; a dying character checks to avoid
    # further degradation, so no days of recovery back to Normal are counted.
    panel = show("d10-0-health", EN=5, SP=5, current=current)
    got = facts(panel)
    assert "Days back to Normal" not in got
    value, title = got["Failing health"]
    assert value == "checks to avoid worse"
    assert "out of the fight" in title
    assert "checks to keep it from getting worse" in texts(panel)


@pytest.mark.parametrize("current", [-51, -500])
def test_d10_0_health_a_dead_character_gets_the_settings_death_not_days_back(
    current: int,
) -> None:
    # Health, Death: what death means is explained by the setting.
    panel = show("d10-0-health", EN=5, SP=5, current=current)
    got = facts(panel)
    assert "Days back to Normal" not in got
    assert got["Death"][0] == "as the setting says"
    assert "what death means is the setting's" in texts(panel)


@pytest.mark.parametrize(("current", "days"), [(0, 10), (1, 10), (49, 1)])
def test_d10_0_health_days_back_from_the_brink_and_injured(current: int, days: int) -> None:
    got = facts(show("d10-0-health", EN=5, SP=5, current=current))
    assert got["Days back to Normal"][0] == str(days)  # 5 a day up to Normal 50
    assert "Failing health" not in got and "Death" not in got


def test_d10_0_health_increases_raise_normal() -> None:
    panel = show("d10-0-health", EN=3, SP=8, increases=2, current=67)
    assert facts(panel)["Normal Health"][0] == "67"  # 55 + 2 × 6
    assert facts(panel)["State"][0] == "Normal"


def test_d10_0_health_refuses_a_normal_of_0() -> None:
    (message,) = errors(show("d10-0-health", EN=0, SP=0, current=0))
    assert "Health Points" in message


# --------------------------------------------------------------------------
# The character builder (Standard Player Agent Build Process)
# --------------------------------------------------------------------------


def builder(**changes: Any) -> dict[str, Any]:
    return show("d10-0-builder", **changes)


def test_d10_0_builder_default_sheet_spends_every_point() -> None:
    panel = builder()
    assert not errors(panel)
    got = facts(panel)
    assert got["Attribute points left"][0] == "0"
    assert got["Normal Health"][0] == "55"  # (EN 7 + SP 4) / 2 × 10
    assert got["Action Quota"][0] == "5"  # (AG 6 + FO 4) // 2
    assert got["Skill points spent"][0] == "100 of 100"
    assert got["Reserve"][0] == "none"
    skills = table(panel, "Your character's skills")
    # Ranged: AG 6, FO 4, PE 6 -> AG and PE circled: 2×6 + 2×6 + 4 = 28; Adjust 25 costs 50.
    assert skills["Ranged"] == ["AG + PE, FO", "28", "25", "53", "50"]
    assert skills["· Pistols"] == ["branch of Ranged", "53", "10", "63", "10"]


def test_d10_0_builder_average_fives_give_base_25_everywhere() -> None:
    fives = dict.fromkeys(d10_0.ATTRIBUTE_NAMES, 5)
    panel = builder(**fives, skills=[])
    skills = table(panel, "Your character's skills")
    assert {row[1] for row in skills.values()} == {"25"}
    assert facts(panel)["Normal Health"][0] == "50"
    assert facts(panel)["Action Quota"][0] == "5"
    assert facts(panel)["Attribute points left"][0] == "5"
    assert facts(panel)["Reserve"][0] == "100 to spend anywhere"
    # Every root ties three ways: each offers its circle choice.
    assert not [u for u in panel["unused"] if u.startswith("circle_")]


def test_d10_0_builder_refusals_name_the_rule() -> None:
    (low,) = errors(builder(AG=0, EN=13))
    assert low == "Every attribute starts at 1; AG is 0 (The D10/0 System, Build Process)"
    (spent,) = errors(builder(CH=6))
    assert spent.startswith("45 points are allocated") and "these use 46" in spent
    (over,) = errors(builder(skill_points=90))
    assert over.startswith("The skills cost 100 skill points; 90 are available")
    assert over.endswith(" (The D10/0 System, Skill Points)")
    (circle,) = errors(builder(circle_ranged="AG+FO"))
    assert circle.startswith("Circle the two highest of Ranged's")


def test_d10_0_builder_branch_rules() -> None:
    rows = [{"name": "Pistols", "parent": "Ranged", "adjust": 0}]
    (first,) = errors(builder(skills=rows))
    assert first.startswith("A branch's first skill point is its first Adjust point")
    rows = [{"name": "Pistols", "parent": "Guns", "adjust": 1}]
    (missing,) = errors(builder(skills=rows))
    assert "branches from 'Guns', which is not a skill on the sheet" in missing
    rows = [{"name": "Cooking", "parent": "", "adjust": 1}]
    (root,) = errors(builder(skills=rows))
    assert "not one of the ten root skills" in root
    # A branch listed before its parent still finds it.
    rows = [
        {"name": "Revolvers", "parent": "Pistols", "adjust": 1},
        {"name": "Pistols", "parent": "Ranged", "adjust": 1},
    ]
    skills = table(builder(skills=rows), "Your character's skills")
    assert skills["· · Revolvers"][1:4] == ["29", "1", "30"]


def test_d10_0_builder_an_attribute_above_10_is_a_note_not_an_error() -> None:
    # The cap is "typical" (Build Process): AG 11 with EN 2 still spends 45 points.
    panel = builder(AG=11, EN=2)
    assert not errors(panel)
    assert "Note: AG is 11, above the typical cap of 10" in texts(panel)
    assert facts(panel)["Attribute points left"][0] == "0"
    assert "typically capped at 10" in facts(panel)["Attribute points left"][1]


def _line_rows(branches: int) -> list[dict[str, Any]]:
    rows = [{"name": "B1", "parent": "Theory", "adjust": 1}]
    return rows + [
        {"name": f"B{k}", "parent": f"B{k - 1}", "adjust": 1} for k in range(2, branches + 1)
    ]


def test_d10_0_builder_warns_past_five_deep_counting_the_root() -> None:
    # Theory and B1-B4 are five skills deep, as the Focused Example: no note.
    assert "skills deep" not in texts(builder(skills=_line_rows(4)))
    panel = builder(skills=_line_rows(5))
    assert not errors(panel)
    assert "Note: B5 is more than 5 skills deep, counting the root" in texts(panel)
    assert facts(panel)["Reserve"][0] == "95 to spend anywhere"


def test_d10_0_builder_progression_point_purchases() -> None:
    panel = builder(
        progression_points=10,
        purchases=[{"item": "health", "count": 1}, {"item": "skill:Society", "count": 1}],
    )
    assert not errors(panel)
    got = facts(panel)
    assert got["Normal Health"][0] == "61"  # 55 + (7 + 4) / 2 rounded up
    assert got["Reserve"][0] == "13 for Society's tree"  # SE 7 + IN 6
    assert got["Progression Points"][0] == "10 spent, 0 left"
    (broke,) = errors(builder(purchases=[{"item": "health", "count": 1}]))
    assert broke.startswith("These purchases cost 5")
    assert broke.endswith(" (The D10/0 System, Progression Points)")


def test_d10_0_builder_export_import_round_trip() -> None:
    values = {"name": "Janet", "AG": 7, "CH": 4, "skill_points": 110}
    file = answer("d10-0-builder", "export", {"values": values})
    assert file["filename"] == "janet.json"  # named after the character, as every builder
    loaded = answer("d10-0-builder", "import", {"text": file["text"]})
    assert loaded["values"]["name"] == "Janet" and loaded["values"]["AG"] == 7
    assert facts(loaded["panel"])["Skill points spent"][0] == "100 of 110"
    document = json.loads(file["text"])
    document["values"].update(AG=11, EN=3)  # above the typical 10, still 45 points
    above = answer("d10-0-builder", "import", {"text": json.dumps(document)})
    assert "Note: AG is 11" in texts(above["panel"])
    document["values"].update(AG=12, EN=7)
    with pytest.raises(WidgetError, match=r"breaks a rule: .*these use 50"):
        answer("d10-0-builder", "import", {"text": json.dumps(document)})
    with pytest.raises(WidgetError, match="marked 'wodu-builder'"):
        answer(
            "d10-0-builder",
            "import",
            {"text": json.dumps({**document, "rollbook": "wodu-builder"})},
        )


@pytest.mark.parametrize(
    ("widget", "values", "field"),
    [
        ("d10-0-check", {"difficulty": "tough"}, "difficulty"),
        ("d10-0-damage", {"notation": "2D(XX)"}, "notation"),
        ("d10-0-damage", {"armour": "-10"}, "armour"),
        ("d10-0-burst", {"degree": "lots"}, "degree"),
    ],
)
def test_d10_0_refused_text_marks_its_field(
    widget: str, values: dict[str, Any], field: str
) -> None:
    panel = show(widget, **values)
    assert panel["invalid"] == [field]
    (message,) = errors(panel)
    assert re.search(r" \(The D10/0 System, [^()]+\)$", message)


# --------------------------------------------------------------------------
# The sheet at the table (issue 17): rows that roll, trackers, Use my sheet
# --------------------------------------------------------------------------

# The builder's first sheet: AG 6, FO 4, PE 6 circle AG and PE for Ranged, so its Base is
# 6 + 6 + 6 + 6 + 4 = 28 and its Total 28 + 25 = 53; Pistols branches from it (Base 53)
# with Adjust 10: Total 63. Normal Health is (EN 7 + SP 4) / 2 x 10 = 55.
ROOK = {"name": "Rook", "check_difficulty": "Challenge"}
PISTOLS = 63
NORMAL = 55


def _check(values: dict[str, Any], key: str, seed: int) -> dict[str, Any]:
    return answer("d10-0-builder", "check", {"values": values, "check": key, "seed": seed})


def test_every_attribute_and_skill_row_of_the_sheet_offers_its_check() -> None:
    panel = show("d10-0-builder", **ROOK)
    keys = [r["check"]["key"] for b in blocks_of(panel, "table") for r in b["rows"] if "check" in r]
    assert keys[:10] == [f"attribute:{a}" for a in d10_0.ATTRIBUTE_NAMES]
    skills = [k.removeprefix("skill:") for k in keys[10:]]
    assert sorted(skills) == sorted(
        [r.name for r in d10_0.ROOT_SKILLS] + ["Pistols", "Climbing", "Spotting"]
    )
    labels = [r["check"]["label"] for b in blocks_of(panel, "table") for r in b["rows"]]
    assert "Roll Pistols at difficulty 20 (Challenge)" in labels
    assert "Roll Agility at difficulty 2 (Challenge)" in labels


def test_a_skill_row_rolls_a_d100_read_00_to_99_under_its_total() -> None:
    seen = set()
    for seed in range(60):
        rolled = _check(ROOK, "skill:Pistols", seed)
        face = random.Random(seed).randrange(100)  # two d10s read 00-99
        seen.add(face)
        assert rolled["what"] == f"Rook: Pistols {PISTOLS} at difficulty 20 (Challenge)"
        (line,) = rolled["lines"]
        assert [p["text"] for p in line["parts"]] == [f"{PISTOLS} −", f"{face:02d}"]
        effort = PISTOLS - face
        assert line["total"] == str(effort)
        assert f"effort {effort} against difficulty 20, degree " in rolled["outcome"]
        verdict = "Success" if effort > 20 else "Miss" if effort == 20 else "Failure"
        assert rolled["outcome"].startswith(verdict)
        assert rolled["outcome"].endswith(d10_0.degree_name(effort - 20, True))
        assert rolled["log"]["what"].startswith("Rook: Pistols")
    assert min(seen) < 10  # a roll under 10 shows its leading 0 and counts as itself


def test_an_attribute_row_rolls_a_d10_read_0_to_9_and_words_it_as_the_check_roller() -> None:
    faces = set()
    for seed in range(80):
        rolled = _check({"name": "Rook"}, "attribute:AG", seed)
        assert rolled["what"] == "Rook: AG (Agility) 6 at difficulty 0 (Average)"
        face = int(rolled["lines"][0]["parts"][1]["text"])
        faces.add(face)
        same = answer(
            "d10-0-check",
            "roll",
            {"values": {"kind": "attribute", "score": 6, "difficulty": "0"}, "seed": seed},
        )
        assert (rolled["lines"], rolled["outcome"]) == (same["lines"], same["outcome"])
    assert faces == set(range(10))  # 0 to 9, never 1 to 10


def test_a_sheet_check_rolls_the_same_dice_again_from_its_seed_and_names_the_character() -> None:
    first = _check(ROOK, "skill:Pistols", 1234)
    assert _check(ROOK, "skill:Pistols", 1234)["lines"] == first["lines"]
    assert first["label"].startswith("Rook: Pistols 63 at difficulty 20 (Challenge). ")
    unnamed = _check({"name": " "}, "attribute:EN", 1)
    assert unnamed["what"] == "Unnamed character: EN (Endurance) 7 at difficulty 0 (Average)"


def test_the_sheet_check_takes_overflow_from_the_sheet() -> None:
    # A first roll of 0 on AG 6 re-rolls once with overflow (Actions, Overflow).
    seed = next(s for s in range(1000) if random.Random(s).randrange(10) == 0)
    plain = _check({"name": "Rook"}, "attribute:AG", seed)
    chained = _check({"name": "Rook", "check_overflow": True}, "attribute:AG", seed)
    assert len(plain["lines"]) == 1 and len(chained["lines"]) == 2
    assert chained["lines"][1]["label"].startswith("Overflow after the lowest face")


@pytest.mark.parametrize(
    ("values", "key", "message"),
    [
        ({}, "skill:Sniping", "the sheet has no check 'skill:Sniping'"),
        ({}, "attribute:XX", "the sheet has no check 'attribute:XX'"),
        ({"AG": 10}, "attribute:AG", "Mend the sheet first: 45 points are allocated"),
        ({"check_difficulty": "Tough"}, "attribute:AG", "A difficulty is a whole number or"),
        ({"check_difficulty": "1000"}, "attribute:AG", "A difficulty must be from -999 to 999"),
    ],
)
def test_a_sheet_check_is_refused_with_the_reason(
    values: dict[str, Any], key: str, message: str
) -> None:
    with pytest.raises(WidgetError, match=re.escape(message)):
        _check(values, key, 1)


def test_a_difficulty_out_of_range_marks_the_sheets_difficulty_field() -> None:
    panel = show("d10-0-builder", check_difficulty="-1000")
    assert panel["invalid"] == ["check_difficulty"]


def test_the_sheet_tracks_current_health_skill_points_and_progression_points() -> None:
    builder = WIDGETS["d10-0-builder"]
    tracked = [f.name for f in builder.fields if getattr(f, "track", False)]
    assert sorted(tracked) == ["current_health", "progression_points", "skill_points"]
    assert set(builder.play_fields) == {"check_difficulty", "check_overflow"}
    assert show("d10-0-builder")["blocks"]  # the first sheet starts at Current = Normal
    values = {"current_health": 40, "skill_points": 110, "progression_points": 12}
    panel = show("d10-0-builder", **values, purchases=[{"item": "health", "count": 1}])
    # One Health Point Increase: +6 (the average of 7 and 4, rounded up), for 5 PP.
    assert (
        "In play: Current Health 40 of Normal 61: Injured; Reserve 10 of 110 skill points "
        "unspent; 7 of 12 Progression Points left." in texts(panel)
    )
    for current, state in ((NORMAL + 1, "Exceptional"), (0, "On the Brink"), (-55, "Dying")):
        assert f"of Normal {NORMAL}: {state};" in texts(
            show("d10-0-builder", current_health=current)
        )
    assert f"of Normal {NORMAL}: Dead;" in texts(show("d10-0-builder", current_health=-56))


@pytest.mark.parametrize(
    ("values", "message", "fields"),
    [
        (
            {"progression_points": 4, "purchases": [{"item": "health", "count": 1}]},
            "These purchases cost 5 Progression Points; the character has 4",
            ["progression_points", "purchases"],
        ),
        (
            {"skill_points": 90},
            "The skills cost 100 skill points; 90 are available",
            ["skill_points", "skills"],
        ),
        ({"current_health": 100_001}, "Current Health must be from -100000 to 100000", []),
        ({"skill_points": -1}, "Skill points must be from 0", []),
        ({"progression_points": -1}, "Progression Points earned must be from 0", []),
    ],
)
def test_impossible_tracked_values_are_refused_naming_the_field(
    values: dict[str, Any], message: str, fields: list[str]
) -> None:
    panel = show("d10-0-builder", **values)
    assert any(e.startswith(message) for e in errors(panel)), errors(panel)
    for name in fields or [next(iter(values))]:
        assert name in panel["invalid"]


def test_current_health_follows_normal_until_play_moves_it() -> None:
    builder = WIDGETS["d10-0-builder"]
    start = {"EN": 7, "SP": 4, "current_health": NORMAL}
    # EN 7 -> 6 and AG 6 -> 7 keep the 45 points: Normal (6 + 4) / 2 x 10 = 50.
    moved = builder.panel({**start, "EN": 6, "AG": 7}, previous=start)
    assert moved["set"] == {"current_health": 50}
    hurt = {**start, "current_health": 30}
    assert builder.panel({**hurt, "EN": 6, "AG": 7}, previous=hurt)["set"] == {}


def test_the_play_page_keeps_the_sheet_and_feeds_the_check_and_health_from_it() -> None:
    fences = [s for page, s in _page_fences() if page == "play.md"]
    assert fences[0] == {"widget": "d10-0-builder", "store": "d10-0-character", "play": True}
    fed = {s["widget"] for s in fences if s.get("use_sheet")}
    assert fed == {"d10-0-check", "d10-0-health"}
    sources = {WIDGETS[w].source.store for w in fed}  # type: ignore[union-attr]
    assert sources == {"d10-0-character"}


def _fed(widget: str, values: dict[str, Any], sheet: object) -> dict[str, Any]:
    return answer(widget, "show", {"values": values, "source": sheet})


def test_use_my_sheet_takes_a_skill_or_an_attribute_from_the_played_character() -> None:
    panel = _fed("d10-0-check", {"use_sheet": True, "sheet_check": "pistols"}, {"name": "Rook"})
    assert panel["set"] == {"kind": "skill", "score": PISTOLS}
    assert panel["taken"] == ["kind", "score"]
    assert texts(panel).startswith(
        f"From Rook's sheet: Pistols {PISTOLS}, a skill check on a d100 read 00-99."
    )
    by_name = _fed("d10-0-check", {"use_sheet": True, "sheet_check": "Agility"}, {"name": "Rook"})
    assert by_name["set"] == {"kind": "attribute", "score": 6}
    assert "From Rook's sheet: AG (Agility) 6, an attribute check on a d10 read 0-9." in texts(
        by_name
    )
    unnamed = _fed("d10-0-check", {"use_sheet": True, "sheet_check": "EN"}, {"name": ""})
    assert texts(unnamed).startswith("From your sheet: EN (Endurance) 7")


def test_use_my_sheet_says_when_the_pick_is_not_on_the_sheet_and_takes_nothing() -> None:
    panel = _fed("d10-0-check", {"use_sheet": True, "sheet_check": "Sniping"}, {"name": "Rook"})
    assert panel["set"] == {} and panel["taken"] == []
    assert "From Rook's sheet: nothing is called 'Sniping'" in texts(panel)
    assert "the score below is yours to set" in texts(panel)
    broken = {"name": "Rook", "skills": [{"name": "Pistols", "parent": "Guns", "adjust": 1}]}
    unread = _fed("d10-0-check", {"use_sheet": True, "sheet_check": "AG"}, broken)
    assert unread["set"] == {} and "From Rook's sheet: it cannot be read" in texts(unread)


def test_use_my_sheet_is_a_switch_and_hides_without_a_played_character() -> None:
    off = _fed("d10-0-check", {"use_sheet": False, "sheet_check": "Pistols"}, {"name": "Rook"})
    assert off["set"] == {} and "sheet_check" in off["unused"]
    alone = _fed("d10-0-check", {"use_sheet": True}, None)
    assert "use_sheet" in alone["unused"] and alone["set"] == {}
    rolled = answer(
        "d10-0-check",
        "roll",
        {"values": {"kind": "skill", "score": PISTOLS, "difficulty": "Challenge"}, "seed": 3},
    )
    sheet = _check(ROOK, "skill:Pistols", 3)
    assert rolled["lines"] == sheet["lines"] and rolled["outcome"] == sheet["outcome"]


def test_use_my_sheet_feeds_the_health_reader_from_the_played_character() -> None:
    sheet = {
        "name": "Rook",
        "current_health": -3,
        "progression_points": 10,
        "purchases": [{"item": "health", "count": 2}],
    }
    panel = _fed("d10-0-health", {"use_sheet": True}, sheet)
    assert panel["set"] == {"EN": 7, "SP": 4, "increases": 2, "current": -3}
    said = texts(panel)
    assert said.startswith(
        "From Rook's sheet: EN 7, SP 4, 2 Health Point Increases, Current Health -3."
    )
    # Normal 55 + 2 x 6 = 67; Current -3 is below 0: Dying.
    assert "Current -3 of Normal 67: Dying." in said
