"""The D10/0 System, Actions: checks, degrees, overflow and shared effort, exactly.

Expected values are computed here independently: by enumerating every roll,
by walking overflow chains explicitly, or by hand from the rules' text.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py.systems.d10_0 import checks as c


def brute_outcomes(score: int, difficulty: int, n: int) -> dict[str, Fraction]:
    wins = sum(score - r > difficulty for r in range(n))
    ties = sum(score - r == difficulty for r in range(n))
    return {
        "success": Fraction(wins, n),
        "miss": Fraction(ties, n),
        "failure": Fraction(n - wins - ties, n),
    }


def walk_chains(score: int, n: int, depth: int) -> dict[int, Fraction]:
    """Every overflow chain, rolled die by die, stopped after ``depth`` re-rolls."""
    out: dict[int, Fraction] = {}

    def go(effort: int, end: int | None, rerolls: int, p: Fraction) -> None:
        if end is None or rerolls == depth:
            out[effort] = out.get(effort, Fraction(0)) + p
            return
        for r in range(n):
            e = score - r
            added = max(0, e) if end == 0 else min(0, e)
            go(effort + added, end if r == end else None, rerolls + 1, p / n)

    for first in range(n):
        end = first if first in (0, n - 1) else None
        can_add = score > 0 if first == 0 else score < n - 1  # rules: "mathematically impossible"
        go(score - first, end if can_add else None, 0, Fraction(1, n))
    return out


# --------------------------------------------------------------------------
# Degree Information
# --------------------------------------------------------------------------

SOURCE_DEGREE_TABLE = (
    (0, "Average", "Miss", "Miss"),
    (1, "Tricky", "Minor Success", "Almost Successful"),
    (2, "Challenge", "Noted Success", "Noted Failure"),
    (3, "Hard", "Well Done", "Fouled Up"),
    (4, "Worrisome", "Like a Pro", "Complete Klutz"),
    (5, "Improbable", "Amazing", "FUBAR"),
    (
        6,
        "Impossible?",
        "Awe-Inspiring for all the right reasons",
        "Awe-Inspiring for all the wrong reasons",
    ),
)


def test_d10_0_degree_information_table_has_the_sources_seven_rows() -> None:
    assert len(c.DEGREE_TABLE) == 7
    for row, (n, difficulty, success, failure) in zip(
        c.DEGREE_TABLE, SOURCE_DEGREE_TABLE, strict=True
    ):
        assert (row.attribute_points, row.skill_points) == (n, 10 * n)
        assert (row.difficulty, row.success, row.failure) == (difficulty, success, failure)


@pytest.mark.parametrize(
    ("degree", "skill", "name"),
    [
        (0, False, "Miss"),
        (1, False, "Minor Success"),
        (-1, False, "Almost Successful"),
        (5, False, "Amazing"),
        (6, False, "Awe-Inspiring for all the right reasons"),
        (9, False, "Awe-Inspiring for all the right reasons"),
        (-7, False, "Awe-Inspiring for all the wrong reasons"),
        (1, True, "Minor Success"),
        (19, True, "Minor Success"),
        (20, True, "Noted Success"),
        (-29, True, "Noted Failure"),
        (-45, True, "Complete Klutz"),
        (59, True, "Amazing"),
        (60, True, "Awe-Inspiring for all the right reasons"),
        (-150, True, "Awe-Inspiring for all the wrong reasons"),
    ],
)
def test_d10_0_degree_names_go_by_magnitude(degree: int, skill: bool, name: str) -> None:
    assert c.degree_name(degree, skill) == name


def test_d10_0_difficulty_names_and_numbers() -> None:
    assert c.difficulty_name(20, skill=True) == "Challenge"
    assert c.difficulty_name(25, skill=True) == "Challenge"  # the Spirit Shaman's shield
    assert c.difficulty_name(3) == "Hard"
    assert c.difficulty_name(0) == "Average"
    assert c.parse_difficulty("challenge", skill=True) == 20
    assert c.parse_difficulty("Hard") == 3
    assert c.parse_difficulty("impossible", skill=True) == 60
    assert c.parse_difficulty("Impossible?") == 6
    assert c.parse_difficulty(" -10 ", skill=True) == -10
    assert c.parse_difficulty("+5") == 5
    with pytest.raises(ValueError, match="Degree Information"):
        c.parse_difficulty("easy")


@pytest.mark.parametrize(
    ("difficulty", "skill"), [(-1, False), (-3, False), (-9, False), (-1, True), (-20, True)]
)
def test_d10_0_a_negative_difficulty_takes_no_name_of_the_table(
    difficulty: int, skill: bool
) -> None:
    # Degree Information names difficulties from Average (0) up; -3 is not "Hard".
    assert c.difficulty_name(difficulty, skill) == "easier than Average"


def test_d10_0_degree_bands_cover_every_degree_once() -> None:
    for skill in (False, True):
        bands = c.degree_bands(skill)
        assert [b.name for b in bands] == list(c.degree_names(skill))
        for degree in range(-200, 201):
            inside = [
                b
                for b in bands
                if (b.low is None or b.low <= degree) and (b.high is None or degree <= b.high)
            ]
            assert [b.name for b in inside] == [c.degree_name(degree, skill)]


# --------------------------------------------------------------------------
# Checks without overflow
# --------------------------------------------------------------------------


def test_d10_0_effort_and_result_follow_the_formulas() -> None:
    assert c.degree_of_success(4, 2) == 2
    assert c.check_result(4, 2) == "success"
    assert c.check_result(2, 2) == "miss"
    assert c.check_result(1, 2) == "failure"


def test_d10_0_average_attribute_against_average_difficulty() -> None:
    # Score 5 on a d10 read 0-9: rolls 0-4 succeed, 5 misses, 6-9 fail.
    assert c.check_outcomes(5, 0) == {
        "success": Fraction(1, 2),
        "miss": Fraction(1, 10),
        "failure": Fraction(2, 5),
    }


def test_d10_0_average_skill_25_against_challenge() -> None:
    # Skill 25 (average 5s) against Challenge (20): rolls 00-04 succeed, 05 misses.
    assert c.check_outcomes(25, 20, skill=True) == {
        "success": Fraction(5, 100),
        "miss": Fraction(1, 100),
        "failure": Fraction(94, 100),
    }


@pytest.mark.parametrize(
    ("score", "difficulty", "skill"),
    [
        (0, 0, False),
        (10, 0, False),
        (3, -4, False),
        (12, 6, False),
        (25, 25, True),
        (99, -10, True),
    ],
)
def test_d10_0_check_outcomes_match_enumeration(score: int, difficulty: int, skill: bool) -> None:
    n = 100 if skill else 10
    assert c.check_outcomes(score, difficulty, skill) == brute_outcomes(score, difficulty, n)


def test_d10_0_named_degrees_without_overflow() -> None:
    names = c.named_degree_distribution(5, 0)
    assert names["Amazing"] == Fraction(1, 10)  # roll 0: effort 5
    assert names["Miss"] == Fraction(1, 10)
    assert names["Complete Klutz"] == Fraction(1, 10)  # roll 9: effort -4
    assert names["Awe-Inspiring for all the right reasons"] == 0


# --------------------------------------------------------------------------
# Overflow
# --------------------------------------------------------------------------


def test_d10_0_overflow_worked_by_hand() -> None:
    # Score 3, difficulty 5. Only a first 0 can help: 3 + the re-roll's positive effort.
    # Re-roll 1 adds 2 (total 5: a miss); re-roll 0 adds 3 and rolls again (6 or more).
    outcomes = c.check_outcomes(3, 5, overflow=True)
    assert outcomes["success"] == Fraction(1, 100)
    assert outcomes["miss"] == Fraction(1, 100)
    assert outcomes["failure"] == Fraction(98, 100)
    assert c.check_outcomes(3, 5) == {"success": 0, "miss": 0, "failure": 1}


def test_d10_0_long_overflow_chains_are_summed_exactly() -> None:
    # Skill 1 against 150: only 00 then 149 more 00s (each adding 1) can reach it.
    each = Fraction(1, 100)
    outcomes = c.check_outcomes(1, 150, skill=True, overflow=True)
    assert outcomes["success"] == each * each**150
    assert outcomes["miss"] == each * each**149 * Fraction(99, 100)
    assert sum(outcomes.values()) == 1
    names = c.named_degree_distribution(1, 150, skill=True, overflow=True)
    assert names["Awe-Inspiring for all the right reasons"] == each * each**209
    assert names["Awe-Inspiring for all the wrong reasons"] == 1 - each * each**90  # j <= 89


def test_d10_0_overflow_cannot_go_badly_with_a_10() -> None:
    # "A character with a 10 attribute cannot overflow badly when a 9 is rolled."
    dist = c.effort_distribution(10, overflow=True)
    assert dist.minimum == 1
    assert c.check_outcomes(10, 1, overflow=True)["failure"] == 0


@pytest.mark.parametrize(("score", "skill"), [(5, False), (0, False), (9, False), (3, False)])
def test_d10_0_capped_overflow_matches_walked_chains(score: int, skill: bool) -> None:
    for depth in (1, 2, 3):
        dist = c.effort_distribution(score, skill, overflow=True, depth=depth)
        assert dict(dist) == walk_chains(score, 10, depth)


def test_d10_0_overflow_beyond_cap_is_stated() -> None:
    dist = c.degree_distribution(5, 0, overflow=True)
    assert dist.beyond_cap == 2 * Fraction(1, 10) ** (c.OVERFLOW_DEPTH + 1)
    assert sum(dist.values()) == 1
    assert c.degree_distribution(0, 0, overflow=True).beyond_cap == Fraction(1, 10) ** 10
    assert c.degree_distribution(5, 0).beyond_cap == 0


def test_d10_0_exact_overflow_is_bracketed_by_the_capped_chain() -> None:
    for score, difficulty in ((5, 9), (2, -8), (7, 12), (1, 3)):
        exact = c.check_outcomes(score, difficulty, overflow=True)
        capped = c.effort_distribution(score, overflow=True)
        approx = capped.p_ge(difficulty + 1)
        assert abs(exact["success"] - approx) <= capped.beyond_cap


def test_d10_0_skill_overflow_named_degrees_are_exact() -> None:
    names = c.named_degree_distribution(90, 0, skill=True, overflow=True)
    assert sum(names.values()) == 1
    # Top name: effort 60 or more. Without overflow rolls 00-30 give it (31 of 100);
    # with it nothing changes there, since overflow after 00 only adds to 90.
    assert names["Awe-Inspiring for all the right reasons"] == Fraction(31, 100)


def test_d10_0_roll_check_reports_the_overflow_chain() -> None:
    rng = random.Random(0)
    seen_chain = False
    for _ in range(400):
        roll = c.roll_check(5, 2, overflow=True, rng=rng)
        assert roll.effort == 5 - roll.rolls[0] + sum(roll.additions)
        assert roll.degree == roll.effort - 2
        assert roll.degree_name == c.degree_name(roll.degree)
        if roll.rolls[0] in (0, 9):
            seen_chain = True
            assert len(roll.rolls) >= 2
            assert all(a >= 0 for a in roll.additions) if roll.rolls[0] == 0 else True
        else:
            assert roll.rolls[1:] == ()
    assert seen_chain


# --------------------------------------------------------------------------
# Conflicting, cooperative and cumulative effort
# --------------------------------------------------------------------------


def test_d10_0_conflicting_effort_matches_enumeration() -> None:
    for mine, theirs in ((5, 5), (5, 3), (0, 9), (12, 2)):
        win = tie = 0
        for a, b in product(range(10), repeat=2):
            win += mine - a > theirs - b
            tie += mine - a == theirs - b
        assert c.conflict_outcomes(mine, theirs) == {
            "win": Fraction(win, 100),
            "tie": Fraction(tie, 100),
            "lose": Fraction(100 - win - tie, 100),
        }


def test_d10_0_direct_cooperation_adds_efforts() -> None:
    outcomes = c.cooperation_outcomes([5, 3], 4)
    wins = sum(5 - a + 3 - b > 4 for a, b in product(range(10), repeat=2))
    ties = sum(5 - a + 3 - b == 4 for a, b in product(range(10), repeat=2))
    assert outcomes == {
        "success": Fraction(wins, 100),
        "miss": Fraction(ties, 100),
        "failure": Fraction(100 - wins - ties, 100),
    }
    assert c.cooperation_outcomes([5], 0) == c.check_outcomes(5, 0)


def brute_cumulative(score: int, goal: int, checks: int, losses: bool) -> tuple[Fraction, ...]:
    out = []
    for k in range(1, checks + 1):
        met = 0
        for rolls in product(range(10), repeat=k):
            total = 0
            for r in rolls:
                total += score - r if losses else max(0, score - r)
                if total >= goal:
                    met += 1
                    break
        out.append(Fraction(met, 10**k))
    return tuple(out)


@pytest.mark.parametrize(
    ("score", "goal", "losses"), [(5, 10, False), (5, 10, True), (3, 4, True), (9, 20, False)]
)
def test_d10_0_cumulative_effort_matches_enumeration(score: int, goal: int, losses: bool) -> None:
    assert c.cumulative_chances(score, goal, 4, losses=losses) == brute_cumulative(
        score, goal, 4, losses
    )


def test_d10_0_cumulative_goal_is_met_at_equal_total() -> None:
    # Score 9 and goal 9: a first roll of 0 (effort 9) meets it exactly.
    assert c.cumulative_chances(9, 9, 1) == (Fraction(1, 10),)
    assert c.cumulative_chances(0, 1, 3) == (0, 0, 0)


def test_d10_0_refusals_name_the_rule() -> None:
    with pytest.raises(ValueError, match="Cumulative Effort"):
        c.cumulative_chances(5, 10, 101)
    with pytest.raises(ValueError, match="Degrees and Difficulty"):
        c.check_outcomes(-1, 0)
    with pytest.raises(ValueError, match="Cooperative Effort"):
        c.cooperation_outcomes([], 0)


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------


@settings(deadline=None)  # exact sums, not timings: speed lives in benchmarks
@given(
    st.integers(0, 30),
    st.integers(-15, 15),
    st.booleans(),
)
def test_d10_0_attribute_outcomes_sum_to_one(score: int, difficulty: int, overflow: bool) -> None:
    outcomes = c.check_outcomes(score, difficulty, overflow=overflow)
    assert sum(outcomes.values()) == 1
    assert all(p >= 0 for p in outcomes.values())
    assert sum(c.named_degree_distribution(score, difficulty, False, overflow).values()) == 1


@settings(deadline=None)  # exact sums, not timings: speed lives in benchmarks
@given(st.integers(0, 150), st.integers(-80, 120), st.booleans())
def test_d10_0_skill_outcomes_sum_to_one(score: int, difficulty: int, overflow: bool) -> None:
    assert sum(c.check_outcomes(score, difficulty, True, overflow).values()) == 1


@settings(deadline=None)  # exact sums, not timings: speed lives in benchmarks
@given(st.integers(0, 20), st.integers(-12, 20), st.booleans(), st.booleans())
def test_d10_0_higher_score_never_lowers_success(
    score: int, difficulty: int, skill: bool, overflow: bool
) -> None:
    d = difficulty * (10 if skill else 1)
    s = score * (5 if skill else 1)
    low = c.check_outcomes(s, d, skill, overflow)["success"]
    high = c.check_outcomes(s + 1, d, skill, overflow)["success"]
    assert high >= low


@settings(deadline=None)  # exact sums, not timings: speed lives in benchmarks
@given(st.integers(0, 15), st.integers(0, 15))
def test_d10_0_conflict_is_symmetric(mine: int, theirs: int) -> None:
    ab = c.conflict_outcomes(mine, theirs)
    ba = c.conflict_outcomes(theirs, mine)
    assert (ab["win"], ab["tie"], ab["lose"]) == (ba["lose"], ba["tie"], ba["win"])
    assert sum(ab.values()) == 1


@settings(deadline=None)  # exact sums, not timings: speed lives in benchmarks
@given(st.integers(0, 12), st.integers(1, 30), st.booleans())
def test_d10_0_cumulative_chance_never_falls(score: int, goal: int, losses: bool) -> None:
    chances = c.cumulative_chances(score, goal, 6, losses=losses)
    assert all(0 <= p <= 1 for p in chances)
    assert list(chances) == sorted(chances)


def test_check_chances_gathers_a_check_s_outcomes_and_named_degrees() -> None:
    # Pistols 63 against Challenge (20) on a d100: an effort above 20 for rolls 00-42.
    chances = c.check_chances(63, 20, True)
    assert (chances.success, chances.miss, chances.failure) == (
        Fraction(43, 100),
        Fraction(1, 100),
        Fraction(56, 100),
    )
    named = c.named_degree_distribution(63, 20, True)
    assert dict(chances.degrees) == {name: p for name, p in named.items() if p}
    assert sum(p for _, p in chances.degrees) == 1
    with_overflow = c.check_chances(6, 2, False, True)
    assert with_overflow.success == c.check_outcomes(6, 2, False, True)["success"]
