"""The D10/0 System check widgets (widgets/d10_0/_checks.py): the check, conflicting,
cooperative and cumulative effort.

Exact values come from the guide's worked examples and tables (as the rules
pages restate them) or from brute-force enumeration here, never from the code
under test.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from typing import Any

from rules_py.systems import d10_0
from rules_py.widgets import WIDGETS
from tests.widgets.d10_0.helpers import errors, exact, facts, table, texts
from tests.widgets.panels import blocks_of, roll, show


def efforts(score: int, faces: int) -> list[int]:
    return [score - r for r in range(faces)]


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
