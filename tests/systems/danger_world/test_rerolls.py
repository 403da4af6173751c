"""Danger World: exact chances under the best rerolls, checked against plain brute force.

The brute force here knows nothing of the solver's structure: a state is every
die's face, a keep is any sub-multiset of them (dice below the difficulty
included), a reroll is every multiset of fresh faces with its multinomial
count, and values are exact fractions.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py.systems.danger_world import pools as pl
from rules_py.systems.danger_world import rerolls as rr
from rules_py.systems.danger_world.pools import Die

# --------------------------------------------------------------------------
# Brute force
# --------------------------------------------------------------------------


def brute_succeeds(faces: tuple[int, ...], difficulty: int) -> bool:
    counts = Counter(faces)
    return any(counts[h] >= h for h in range(difficulty, 7))


@cache
def fresh_rolls(m: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of ``m`` d6 faces with the number of ordered rolls showing it."""
    rolls = []
    for combo in combinations_with_replacement(range(1, 7), m):
        ways = factorial(m)
        for v in Counter(combo).values():
            ways //= factorial(v)
        rolls.append((combo, ways))
    return tuple(rolls)


@cache
def sub_multisets(faces: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    groups = sorted(Counter(faces).items())
    return tuple(
        tuple(f for (f, _), k in zip(groups, ks, strict=True) for _ in range(k))
        for ks in product(*(range(n + 1) for _, n in groups))
    )


@cache
def brute_keep(kept: tuple[int, ...], rerolled: int, rounds: int, difficulty: int) -> Fraction:
    total = Fraction(0)
    for combo, ways in fresh_rolls(rerolled):
        total += ways * brute_state(tuple(sorted(kept + combo)), rounds - 1, difficulty)
    return total / 6**rerolled


@cache
def brute_state(faces: tuple[int, ...], rounds: int, difficulty: int) -> Fraction:
    if rounds == 0:
        return Fraction(int(brute_succeeds(faces, difficulty)))
    n = len(faces)
    return max(brute_keep(k, n - len(k), rounds, difficulty) for k in sub_multisets(faces))


def brute_chance(n: int, difficulty: int, rerolls: int) -> Fraction:
    return brute_keep((), n, rerolls + 1, difficulty)


def ordered_chance(n: int, difficulty: int, rerolls: int) -> Fraction:
    """Rolls as ordered tuples, keeps as subsets of positions: no multisets at all."""

    def value(roll: tuple[int, ...], rounds: int) -> Fraction:
        if rounds == 0:
            return Fraction(int(brute_succeeds(roll, difficulty)))
        best = Fraction(0)
        for mask in product((False, True), repeat=len(roll)):
            kept = tuple(f for f, keep in zip(roll, mask, strict=True) if keep)
            outs = list(product(range(1, 7), repeat=len(roll) - len(kept)))
            v = sum((value(kept + out, rounds - 1) for out in outs), Fraction(0)) / len(outs)
            best = max(best, v)
        return best

    rolls = list(product(range(1, 7), repeat=n))
    return sum((value(roll, rerolls) for roll in rolls), Fraction(0)) / len(rolls)


# --------------------------------------------------------------------------
# The solver against brute force
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "rerolls"), [(1, 1), (2, 1), (3, 1), (2, 2)])
def test_danger_world_brute_force_agrees_with_ordered_dice(n: int, rerolls: int) -> None:
    for difficulty in (2,) if rerolls == 2 else (2, 3):
        assert brute_chance(n, difficulty, rerolls) == ordered_chance(n, difficulty, rerolls)


@pytest.mark.parametrize("n", range(8))
def test_danger_world_solver_equals_brute_force_up_to_7_dice(n: int) -> None:
    for difficulty in range(2, 7):
        for rerolls in range(3):
            expected = brute_chance(n, difficulty, rerolls)
            assert rr.success_chance(n, difficulty, rerolls) == expected, (difficulty, rerolls)


def test_danger_world_best_chance_of_every_five_dice_roll_equals_brute_force() -> None:
    for faces in combinations_with_replacement(range(1, 7), 5):
        for difficulty in range(2, 7):
            for rounds in range(3):
                expected = brute_state(faces, rounds, difficulty)
                assert rr.best_chance(faces, difficulty, rounds) == expected, (faces, difficulty)


@pytest.mark.parametrize("n", [4, 5])
def test_danger_world_advice_lists_the_brute_force_best_keeps(n: int) -> None:
    """Every listed keep is a brute-force best; none of the best with fewer botches is missing."""
    for faces in combinations_with_replacement(range(1, 7), n):
        for difficulty in range(2, 7):
            if brute_succeeds(faces, difficulty):
                continue
            for rounds in (1, 2):
                advice = rr.advice(faces, difficulty, rounds)
                best = brute_state(faces, rounds, difficulty)
                assert advice.success == best
                assert advice.stop == 0
                listed = {tuple(sorted(k.keep)) for k in advice.optimal}
                tied = [
                    k
                    for k in sub_multisets(faces)
                    if brute_keep(k, n - len(k), rounds, difficulty) == best
                ]
                botches = {k: rr.expected_botches(k, n - len(k), difficulty) for k in tied}
                least = min(botches.values())
                assert listed == {k for k in tied if botches[k] == least}
                for keep in advice.optimal:
                    assert keep.chance == best
                    assert keep.expected_botches == least
                    assert sorted(keep.keep + keep.reroll) == sorted(faces)


# --------------------------------------------------------------------------
# Worked cases
# --------------------------------------------------------------------------


def test_danger_world_keeping_one_value_is_not_enough() -> None:
    """Issue 11: 2, 3, 3, 5, 6 at difficulty 2 with one round left."""
    roll = (2, 3, 3, 5, 6)
    assert rr.keep_chance([2, 3, 3], 5, 2, rounds=1) == Fraction(5, 9)
    single = [[2], [3], [3, 3], [5], [6]]
    assert max(rr.keep_chance(k, 5, 2, rounds=1) for k in single) == Fraction(689, 1296)
    advice = rr.advice(roll, 2, rounds=1)
    assert advice.success == Fraction(5, 9)
    assert [(k.keep, k.reroll) for k in advice.optimal] == [((2, 3, 3), (5, 6))]
    assert brute_state(roll, 1, 2) == Fraction(5, 9)


def test_danger_world_twelve_dice_advice() -> None:
    roll = (1, 2, 4, 5, 6, 6, 1, 3, 4, 5, 6, 6)
    # One round left: a keep is worth the share of fresh rolls that complete a set.
    # Fresh rolls are grouped by how many 4s, 5s and 6s they show (all that success reads).
    by_counts: Counter[tuple[int, ...]] = Counter()
    for m in range(13):
        for combo, ways in fresh_rolls(m):
            by_counts[(m, combo.count(4), combo.count(5), combo.count(6))] += ways

    def one_round(kept: tuple[int, ...]) -> Fraction:
        m = 12 - len(kept)
        k4, k5, k6 = kept.count(4), kept.count(5), kept.count(6)
        hits = sum(
            ways
            for (size, a, b, c), ways in by_counts.items()
            if size == m and (k4 + a >= 4 or k5 + b >= 5 or k6 + c >= 6)
        )
        return Fraction(hits, 6**m)

    values = {k: one_round(k) for k in sub_multisets(tuple(sorted(roll)))}
    best = max(values.values())
    advice = rr.advice(roll, 4, rounds=1)
    assert advice.success == best == Fraction(3554899, 6718464)
    assert [k for k, v in values.items() if v == best] == [(4, 4)]
    assert [(k.keep, k.reroll, k.kept) for k in advice.optimal] == [
        ((4, 4), (1, 2, 5, 6, 6, 1, 3, 5, 6, 6), (2, 8))
    ]
    assert all(rr.keep_chance(k, 12, 4, rounds=1) == v for k, v in values.items())
    # Two rounds: keeping both pairs of 4s and 5s is best.
    two = rr.advice(roll, 4, rounds=2)
    assert [(k.keep, k.kept) for k in two.optimal] == [((4, 5, 4, 5), (2, 3, 8, 9))]
    assert two.success == Fraction(1103941625297, 1253826625536)
    assert two.success == rr.keep_chance((4, 4, 5, 5), 12, 4, rounds=2)
    assert two.success == rr.best_chance(roll, 4, rounds=2)
    assert all(rr.keep_chance(k, 12, 4, rounds=2) <= two.success for k in values)


def test_danger_world_advice_for_the_command_line_example() -> None:
    advice = rr.advice([1, 3, 3, 5, 6], 3, rounds=2)
    assert [(k.keep, k.reroll) for k in advice.optimal] == [((3, 3), (1, 5, 6))]
    assert advice.success == brute_state((1, 3, 3, 5, 6), 2, 3)


def test_danger_world_a_success_keeps_its_set_and_rerolls_the_2_of_3_3_3_2_6() -> None:
    """Issue 16: the set of 3 already succeeds; the 2 would botch under it, so it is rerolled."""
    for rounds in (1, 2):
        advice = rr.advice([3, 3, 3, 2, 6], 3, rounds)
        assert (advice.success, advice.stop) == (1, 1)
        (keep,) = advice.optimal
        assert (keep.keep, keep.reroll, keep.kept, keep.rerolled) == (
            (3, 3, 3, 6),
            (2,),
            (0, 1, 2, 4),
            (3,),
        )
        # The fresh die botches on a 1 or a 2 (below the set), never breaks the set.
        assert keep.chance == brute_keep((3, 3, 3, 6), 1, 1, 3) == 1
        assert (
            keep.expected_botches
            == Fraction(1, 3)
            == brute_expected_botches((3, 3, 3, 6), 1, 3, ())
        )
    # Keeping everything, the old advice, leaves the 2's botch for sure.
    assert rr.expected_botches([3, 3, 3, 2, 6], 0, 3) == 1


def test_danger_world_a_success_rerolls_its_1s_and_keeps_a_clean_roll_whole() -> None:
    advice = rr.advice([1, 2, 2, 5], 2, rounds=2)
    assert [(k.keep, k.reroll) for k in advice.optimal] == [((2, 2, 5), (1,))]
    assert advice.optimal[0].expected_botches == Fraction(1, 6)
    # Nothing would botch under the set of 2: nothing to reroll.
    (keep,) = rr.advice([2, 2, 4, 4, 4, 4], 2, rounds=1).optimal
    assert (keep.keep, keep.reroll, keep.expected_botches) == ((2, 2, 4, 4, 4, 4), (), 0)


def test_danger_world_a_success_keeps_the_set_that_needs_no_danger_die() -> None:
    # The set of 2 needs the danger 2; the set of 4 is all normal dice: keep the 4s and
    # reroll both 2s, though that expects more botches than keeping the set of 2.
    roll = [Die(2, "danger"), Die(2), Die(4), Die(4), Die(4), Die(4)]
    (keep,) = rr.advice(roll, 2, rounds=1).optimal
    assert (keep.keep, keep.reroll, keep.danger_kept) == ((4, 4, 4, 4), (2, 2), 0)
    assert keep.expected_botches == brute_expected_botches((4, 4, 4, 4), 2, 2, ())
    assert keep.expected_botches > rr.expected_botches(roll, 0, 2)


def test_danger_world_a_success_leaves_threat_dice_and_counts_their_botches() -> None:
    roll = [Die(3), Die(3, "threat"), Die(3), Die(3), Die(2), Die(1, "threat")]
    (keep,) = rr.advice(roll, 3, rounds=1).optimal
    assert (keep.kept, keep.rerolled) == ((0, 2, 3), (4,))
    # Threat 3 (the set's height) and threat 1 botch whatever happens; the 2 one time in 3.
    assert keep.expected_botches == 2 + Fraction(1, 3)
    assert keep.expected_botches == brute_expected_botches((3, 3, 3), 1, 3, (3, 1))


@pytest.mark.parametrize("n", [4, 5, 6])
def test_danger_world_every_success_keeps_a_set_and_rerolls_exactly_the_botching_dice(
    n: int,
) -> None:
    """Brute force over every roll that already succeeds: the advice keeps a successful set,
    rerolls each 1 and each die below it, is certain to succeed, and of the sets the roll
    offers picks the one with the fewest expected botches, never more than stopping."""
    for faces in combinations_with_replacement(range(1, 7), n):
        for difficulty in range(2, 7):
            if not brute_succeeds(faces, difficulty):
                continue
            sets = [h for h in range(difficulty, 7) if faces.count(h) >= h]
            by_set = {
                h: brute_expected_botches(
                    tuple(f for f in faces if f >= max(h, 2)),
                    sum(f == 1 or f < h for f in faces),
                    difficulty,
                    (),
                )
                for h in sets
            }
            for rounds in (1, 2):
                advice = rr.advice(faces, difficulty, rounds)
                assert (advice.success, advice.stop) == (1, 1)
                assert advice.optimal, faces
                for keep in advice.optimal:
                    height = min(h for h in sets if keep.keep.count(h) >= h)
                    assert sorted(keep.reroll) == sorted(f for f in faces if f == 1 or f < height)
                    assert (
                        keep.chance
                        == 1
                        == brute_keep(keep.keep, len(keep.reroll), rounds, difficulty)
                    )
                    assert keep.expected_botches == by_set[height] == min(by_set.values())
                    stop = brute_expected_botches(faces, 0, difficulty, ())
                    assert keep.expected_botches <= stop
                    assert keep.expected_botches < stop or not keep.reroll


def test_danger_world_advice_keeps_normal_dice_before_danger_dice() -> None:
    # Two 3s needed, one of them a danger die: the keep must take it.
    roll = [Die(3, "danger"), Die(4), Die(1), Die(3), Die(5)]
    (keep,) = rr.advice(roll, 3, rounds=1).optimal
    assert (keep.keep, keep.kept, keep.danger_kept) == ((3, 3), (0, 3), 1)
    assert keep.chance == rr.keep_chance([3, 3], 5, 3, rounds=1)
    # Three dice at difficulty 4 cannot succeed: every keep ties, so keep no danger die
    # (the normal 3 of the three 3s), then the fewest botches.
    roll = [Die(3, "danger"), Die(3), Die(3, "danger")]
    (keep,) = rr.advice(roll, 4, rounds=2).optimal
    assert (keep.kept, keep.rerolled, keep.danger_kept) == ((1,), (0, 2), 0)
    assert keep.expected_botches == Fraction(2, 6)


def test_danger_world_with_no_chance_the_advice_sheds_botches() -> None:
    # Three dice at difficulty 4: no set is possible; rerolling the 1 is the only gain.
    advice = rr.advice([1, 2, 3], 4, rounds=2)
    assert advice.success == 0
    assert [(k.keep, k.reroll) for k in advice.optimal] == [((2, 3), (1,))]
    assert advice.optimal[0].expected_botches == Fraction(1, 6)
    impossible = rr.advice([Die(1), Die(4, "danger"), Die(6)], 7, rounds=1)
    assert [(k.keep, k.reroll) for k in impossible.optimal] == [((6,), (1, 4))]


def test_danger_world_threat_dice_leave_success_unchanged() -> None:
    roll = [Die(1), Die(3), Die(3), Die(5), Die(6)]
    threatened = [Die(3, "threat"), *roll, Die(1, "threat")]
    for difficulty in range(2, 7):
        for rounds in (1, 2):
            assert rr.best_chance(threatened, difficulty, rounds) == rr.best_chance(
                roll, difficulty, rounds
            )
            plain = rr.advice(roll, difficulty, rounds)
            more = rr.advice(threatened, difficulty, rounds)
            assert more.success == plain.success
            assert [k.keep for k in more.optimal] == [k.keep for k in plain.optimal]
            assert all(0 not in k.kept + k.rerolled for k in more.optimal)
    # Three threat 3s do not make a set.
    assert rr.best_chance([Die(3, "threat")] * 3, 3, 0) == 0


def test_danger_world_expected_botches_count_the_lowest_successful_set() -> None:
    # Kept 2, 2, 4 and nothing rerolled: the set of 2 is used, so only 1s botch.
    assert rr.expected_botches([1, 2, 2, 4], 0, 2) == 1
    # At difficulty 4 there is no set: the 1 and a threat 1 botch.
    assert rr.expected_botches([1, 2, 2, 4], 0, 4, threat=[1, 4]) == 2
    # One fresh die beside 3, 3: a 3 makes the set of 3 (the 1 kept and a threat 3 botch,
    # 2 botches); a 1 is a botch with no set; anything else, no set and only the kept 1.
    expected = Fraction(1, 6) * 2 + Fraction(1, 6) * 2 + Fraction(4, 6) * 1
    assert rr.expected_botches([1, 3, 3], 1, 3, threat=[3]) == expected


def brute_expected_botches(
    kept: tuple[int, ...], rerolled: int, difficulty: int, threat: tuple[int, ...]
) -> Fraction:
    """Every ordered fresh roll; the lowest set at or above the difficulty, or none."""
    total = Fraction(0)
    rolls = list(product(range(1, 7), repeat=rerolled))
    for fresh in rolls:
        dice = [Die(f) for f in kept + fresh] + [Die(t, "threat") for t in threat]
        winning = [h for h in pl.available_sets(dice) if h >= difficulty]
        total += pl.count_botches(dice, min(winning) if winning else None).total
    return total / len(rolls)


@pytest.mark.parametrize(
    ("kept", "rerolled", "difficulty", "threat"),
    [
        ((), 4, 2, ()),
        ((1, 3, 3), 3, 3, (3,)),
        ((2, 4, 4, 4), 3, 4, (1, 5)),
        ((5, 5, 5, 5), 2, 2, (2,)),
        ((6, 6, 6, 6, 2), 4, 5, (6, 1)),
        ((1, 1), 3, 6, (4,)),
    ],
)
def test_danger_world_expected_botches_equal_brute_force(
    kept: tuple[int, ...], rerolled: int, difficulty: int, threat: tuple[int, ...]
) -> None:
    expected = brute_expected_botches(kept, rerolled, difficulty, threat)
    assert rr.expected_botches(kept, rerolled, difficulty, threat) == expected


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 23), st.integers(2, 6), st.integers(0, 2))
def test_danger_world_more_dice_never_lower_success(n: int, difficulty: int, r: int) -> None:
    assert rr.success_chance(n + 1, difficulty, r) >= rr.success_chance(n, difficulty, r)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 24), st.integers(2, 6), st.integers(0, 1))
def test_danger_world_more_rounds_never_lower_success(n: int, difficulty: int, r: int) -> None:
    assert rr.success_chance(n, difficulty, r + 1) >= rr.success_chance(n, difficulty, r)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 24), st.integers(3, 6), st.integers(0, 2))
def test_danger_world_higher_difficulty_never_raises_success(
    n: int, difficulty: int, r: int
) -> None:
    assert rr.success_chance(n, difficulty, r) <= rr.success_chance(n, difficulty - 1, r)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=10), st.integers(2, 6))
def test_danger_world_advice_is_never_worse_than_stopping(faces: list[int], d: int) -> None:
    advice = rr.advice(faces, d, rounds=2)
    assert advice.success >= advice.stop
    assert advice.success >= rr.advice(faces, d, rounds=1).success
    for keep in advice.optimal:
        assert rr.keep_chance(keep.keep, len(faces), d, 2) == advice.success


def test_danger_world_edge_pools_and_modified_difficulties() -> None:
    assert rr.success_chance(0, 2, 2) == 0
    assert rr.success_chance(1, 2, 2) == 0
    assert rr.success_chance(2, 2, 0) == Fraction(1, 36)
    assert rr.success_chance(6, 6, 0) == Fraction(1, 6**6)
    assert rr.success_chance(9, 1, 2) == rr.success_chance(9, 2, 2)
    assert rr.success_chance(24, 7, 2) == 0
    odds = rr.success_odds(4)
    assert list(odds) == [2, 3, 4, 5, 6]
    assert odds[2][0] == rr.success_chance(4, 2, 0)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rr.success_chance(25, 3), "The number of dice must be from 0 to 24, got 25"),
        (lambda: rr.success_chance(5, 8), "The difficulty must be from 1 to 7, got 8"),
        (lambda: rr.success_chance(5, 3, 3), "Reroll rounds must be from 0 to 2, got 3"),
        (lambda: rr.advice([1, 2], 3, rounds=0), "Reroll rounds must be from 1 to 2, got 0"),
        (lambda: rr.advice([1, 7], 3), "A die's face must be from 1 to 6, got 7"),
        (lambda: rr.keep_chance([3, 3, 3], 2, 3), "Cannot keep 3 dice of a pool of 2"),
    ],
)
def test_danger_world_refusals_name_the_rule(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        call()  # type: ignore[operator]
    assert "Danger World, " in str(info.value)  # the rule is cited (after a range's problem)


def test_danger_world_benchmark_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    from scripts import bench_danger_world

    assert bench_danger_world.main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    for figure in ("12 dice, every value, cold", "24 dice, advice", "odds table, 2-16 dice"):
        assert figure in out
    for roll in bench_danger_world.ROLLS.values():  # rolls with no set: advice weighs keeps
        assert all(rr.advice(roll, d, 2).stop == 0 for d in range(2, 7))
