"""The D10/0 System, DAT: damage notation, limits, prefixes, damage overflow, adjustment.

Expected distributions are built here by enumerating every face of every die.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py.systems.d10_0 import damage as dm


def enumerate_damage(
    flat: int, count: int, limit: int | None, scale: int = 1
) -> dict[int, Fraction]:
    """Every face (0-9, a 0 read as 10) of ``count`` dice, capped at ``limit``."""
    out: dict[int, Fraction] = {}
    for faces in product(range(10), repeat=count):
        values = [10 if f == 0 else f for f in faces]
        if limit is not None:
            values = [min(v, limit) for v in values]
        total = flat + scale * sum(values)
        out[total] = out.get(total, Fraction(0)) + Fraction(1, 10**count)
    return out


# --------------------------------------------------------------------------
# Notation
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tidy", "words"),
    [
        ("3D(ST)", "3D(ST)", ["3 dice limited by ST"]),
        ("4D", "4D", ["4 dice"]),
        ("2KD", "2KD", ["2 Kilo-dice"]),
        ("2MD(ST)", "2MD(ST)", ["2 Mega-dice limited by ST"]),
        ("1D(CH)", "1D(CH)", ["1 die limited by CH"]),
        ("5K +1KD", "5K + 1KD", ["5 Kilo flat", "1 Kilo-die"]),
        ("5+ 2D", "5 + 2D", ["5 flat", "2 dice"]),
        ("10 + 2d(st)", "10 + 2D(ST)", ["10 flat", "2 dice limited by ST"]),
        ("3D(4)", "3D(4)", ["3 dice limited by 4"]),
    ],
)
def test_d10_0_variable_notation_examples_parse(text: str, tidy: str, words: list[str]) -> None:
    notation = dm.parse_damage(text)
    assert str(notation) == tidy
    assert [p.describe() for p in notation.parts] == words


def test_d10_0_every_source_notation_parses() -> None:
    for text in ("3D(ST)", "4D", "2KD", "2MD(ST)", "1D(CH)"):  # Variable Notation Examples
        assert str(dm.parse_damage(text)) == text
    for row in dm.DAMAGE_EXAMPLES:
        assert dm.parse_damage(row.notation).flat == row.flat


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("", None, "Empty damage notation"),
        ("10 +", 4, "after '+'"),
        ("2D(XX)", 3, "A limit is an attribute"),
        ("D", 0, "Expected a number"),
        ("10 - 2D", 3, "only added"),
        ("2D(ST", 5, "close the limit"),
        ("1DK", 2, "prefix before D"),
        ("2X", 1, "Unexpected 'X'"),
        ("101D", 0, "At most 100 dice"),
    ],
)
def test_d10_0_notation_errors_point_at_the_position(
    text: str, position: int | None, message: str
) -> None:
    with pytest.raises(dm.DamageError) as info:
        dm.parse_damage(text)
    assert info.value.position == position
    assert message in str(info.value)
    assert str(info.value).endswith(" (The D10/0 System, DAT)")
    if position is not None:
        assert info.value.pointer().splitlines()[1] == " " * position + "^"


# --------------------------------------------------------------------------
# Distributions
# --------------------------------------------------------------------------


def test_d10_0_a_rolled_zero_is_ten() -> None:
    assert dm.die_value(0) == 10
    assert dm.die_value(7) == 7
    assert dict(dm.damage_distribution("1D")) == {v: Fraction(1, 10) for v in range(1, 11)}


@pytest.mark.parametrize("st_score", [0, 1, 4, 5, 10, 12])
def test_d10_0_limits_cap_each_die(st_score: int) -> None:
    dist = dm.damage_distribution("10 + 2D(ST)", {"ST": st_score})
    limit = min(st_score, 10)
    assert dict(dist) == enumerate_damage(10, 2, limit)


def test_d10_0_limit_zero_makes_every_die_zero() -> None:
    assert dict(dm.damage_distribution("3D(ST)", {"ST": 0})) == {0: 1}


def test_d10_0_tank_cannon_5k_plus_1kd() -> None:
    dist = dm.damage_distribution("5K + 1KD")
    assert dict(dist) == {5000 + 1000 * v: Fraction(1, 10) for v in range(1, 11)}
    assert (dist.minimum, dist.maximum, dist.mean) == (6000, 15000, 10500)


def test_d10_0_mega_dice_limited_by_strength() -> None:
    dist = dm.damage_distribution("2MD(ST)", {"st": 3})
    assert dict(dist) == enumerate_damage(0, 2, 3, 1_000_000)


# The Damage Examples table: (threat, flat, variable) and its range with ST 5 and ST 10.
SOURCE_DAMAGE_EXAMPLES = (
    ("Punch", 0, "1D(ST)", (1, 5), (1, 10)),
    ("Pistol", 5, "1D", (6, 15), (6, 15)),
    ("Knife", 0, "2D(ST)", (2, 10), (2, 20)),
    ("Sledge Hammer", 10, "2D(ST)", (12, 20), (12, 30)),
    ("Rifle", 10, "2D", (12, 30), (12, 30)),
    ("Energy Pistol", 10, "3D", (13, 40), (13, 40)),
    ("Sniper Rifle", 15, "3D", (18, 45), (18, 45)),
    ("Energy Rifle", 20, "4D", (24, 60), (24, 60)),
)


def test_d10_0_damage_examples_table_and_ranges() -> None:
    assert len(dm.DAMAGE_EXAMPLES) == len(SOURCE_DAMAGE_EXAMPLES)
    for row, (threat, flat, variable, range5, range10) in zip(
        dm.DAMAGE_EXAMPLES, SOURCE_DAMAGE_EXAMPLES, strict=True
    ):
        assert (row.threat, row.flat, row.variable) == (threat, flat, variable)
        for st_score, expected in ((5, range5), (10, range10)):
            dist = dm.damage_distribution(row.notation, {"ST": st_score})
            assert (dist.minimum, dist.maximum) == expected
            assert dm.damage_range(row.notation, {"ST": st_score}) == expected
            assert dist.mean == dm.damage_mean(row.notation, {"ST": st_score})


def test_d10_0_damage_example_rifle_matches_enumeration() -> None:
    assert dict(dm.damage_distribution("10 + 2D")) == enumerate_damage(10, 2, None)


def test_d10_0_missing_limit_attribute_is_refused() -> None:
    with pytest.raises(dm.DamageError, match="give ST's score"):
        dm.damage_distribution("1D(ST)")


def test_d10_0_damage_overflow_adds_the_maximum_and_rolls_again() -> None:
    dist = dm.damage_distribution("1D", overflow=True, depth=2)
    expected: dict[int, Fraction] = {}
    for k in range(3):  # k zeros, then a face 1-9
        for face in range(1, 10):
            expected[10 * k + face] = Fraction(1, 10 ** (k + 1))
    expected[30] = Fraction(1, 1000)  # three zeros: stopped at the cap
    assert dict(dist) == expected
    assert dist.beyond_cap == Fraction(1, 1000)


def test_d10_0_damage_overflow_uses_the_limited_maximum() -> None:
    dist = dm.damage_distribution("1D(ST)", {"ST": 4}, overflow=True, depth=1)
    # faces 1-3 read as is, 4-9 capped at 4; a 0 is 4 and rolls again once.
    assert dist.p_eq(4) == Fraction(6, 10)
    assert dist.p_eq(5) == Fraction(1, 100)
    assert dist.p_eq(8) == Fraction(6, 100) + Fraction(1, 100)
    assert dm.damage_mean("1D(ST)", {"ST": 4}, overflow=True) == Fraction(1 + 2 + 3 + 6 * 4 + 4, 9)


def test_d10_0_overflow_mean_is_the_endless_chains() -> None:
    # One die: E = (1 + ... + 9 + 10 + E) / 10, so E = 55 / 9.
    assert dm.damage_mean("1D", overflow=True) == Fraction(55, 9)
    capped = dm.damage_distribution("1D", overflow=True)
    assert abs(capped.mean - Fraction(55, 9)) < Fraction(1, 10**8)


def test_d10_0_huge_notations_are_refused_before_computing() -> None:
    with pytest.raises(dm.DamageError, match="too large"):
        dm.damage_distribution("30D", overflow=True)
    with pytest.raises(dm.DamageError, match="too"):
        dm.damage_distribution("10D + 10KD + 10MD")


def test_d10_0_roll_damage_is_reproducible_and_in_range() -> None:
    first = dm.roll_damage("10 + 2D(ST)", {"ST": 4}, rng=random.Random(5))
    again = dm.roll_damage("10 + 2D(ST)", {"ST": 4}, rng=random.Random(5))
    assert first == again
    assert 12 <= first.total <= 18
    rng = random.Random(2)
    for _ in range(200):
        rolled = dm.roll_damage("1D", overflow=True, rng=rng)
        die = rolled.dice[0]
        assert die.faces[:-1] == (0,) * (len(die.faces) - 1)
        assert die.value == sum(10 if f == 0 else f for f in die.faces)


# --------------------------------------------------------------------------
# Adjustment
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chain", "parsed"),
    [
        ("-10F -2R", ((-10, "F"), (-2, "R"))),
        ("-5R", ((-5, "R"),)),
        ("1R", ((1, "R"),)),
        ("5F -1R", ((5, "F"), (-1, "R"))),
        ("-1R -10F", ((-1, "R"), (-10, "F"))),
    ],
)
def test_d10_0_adjustment_notation_examples(
    chain: str, parsed: tuple[tuple[int, str], ...]
) -> None:
    adjustments = dm.parse_adjustments(chain)
    assert tuple((a.value, a.kind) for a in adjustments) == parsed
    assert " ".join(map(str, adjustments)) == chain


@pytest.mark.parametrize(
    ("damage", "chain", "steps"),
    [
        (35, "-10F -2R", (25, 21)),  # 35 - 10 = 25; 25 has two full tens: -4
        (35, "-1R -10F", (32, 22)),  # order matters: 35 has three tens: -3, then -10
        (35, "-5R", (20,)),
        (35, "1R", (38,)),
        (35, "5F -1R", (40, 36)),
        (8, "-10F -2R", (0, 0)),  # never below 0
        (9, "5R", (9,)),  # no full ten yet
    ],
)
def test_d10_0_adjustments_apply_left_to_right(
    damage: int, chain: str, steps: tuple[int, ...]
) -> None:
    assert dm.adjustment_steps(damage, chain) == steps
    assert dm.adjust_damage(damage, chain) == steps[-1]


def test_d10_0_adjusted_distribution_maps_every_total() -> None:
    dist = dm.damage_distribution("10 + 2D", adjustments="-10F -2R")
    raw = enumerate_damage(10, 2, None)
    expected: dict[int, Fraction] = {}
    for total, p in raw.items():
        v = dm.adjust_damage(total, "-10F -2R")
        expected[v] = expected.get(v, Fraction(0)) + p
    assert dict(dist) == expected


@pytest.mark.parametrize(
    ("chain", "position"), [("-10", 3), ("10X", 2), ("-10F-2R", 4), ("F", 0), ("--1F", 1)]
)
def test_d10_0_adjustment_errors_point_at_the_position(chain: str, position: int) -> None:
    with pytest.raises(dm.DamageError) as info:
        dm.parse_adjustments(chain)
    assert info.value.position == position


@settings(deadline=None)  # exact sums, not timings: speed lives in benchmarks
@given(
    st.integers(0, 500),
    # at most 30 steps of up to 5 characters: inside the 200 a chain may hold (MAX_LENGTH)
    st.lists(st.tuples(st.integers(-20, 20), st.sampled_from("FR")), max_size=30),
)
def test_d10_0_adjusted_damage_is_never_negative(damage: int, chain: list[tuple[int, str]]) -> None:
    text = " ".join(f"{v}{k}" for v, k in chain)
    assert dm.adjust_damage(damage, text) >= 0


@settings(deadline=None)  # exact sums, not timings: speed lives in benchmarks
@given(st.integers(1, 4), st.integers(0, 30), st.one_of(st.none(), st.integers(0, 12)))
def test_d10_0_damage_probabilities_sum_to_one(count: int, flat: int, limit: int | None) -> None:
    text = f"{flat} + {count}D" + ("" if limit is None else f"({limit})")
    dist = dm.damage_distribution(text)
    assert sum(dist.values()) == 1
    assert dist.mean == dm.damage_mean(text)
