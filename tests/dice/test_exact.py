"""Exact distributions, as fractions; properties over many expressions with hypothesis."""

import contextlib
import random
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules_py.dice import (
    MAX_TOTALS,
    MAX_WORK,
    DiceError,
    Distribution,
    check_exact,
    distribution,
    estimate_work,
    parse,
    roll,
)
from rules_py.dice._roller import EXPLODE_DEPTH


def test_two_d6_is_the_triangle() -> None:
    d = distribution("2d6")
    assert d[7] == Fraction(1, 6)
    assert d[2] == d[12] == Fraction(1, 36)
    assert d.mean == 7


def test_three_d10_keep_two_plus_two() -> None:
    d = distribution("3d10k2+2")
    assert d.minimum == 4 and d.maximum == 22
    # Both kept dice show 1 only when all three dice show 1.
    assert d[4] == Fraction(1, 1000)
    # 22 needs at least two tens: 3 * 9 + 1 ways out of 1000.
    assert d[22] == Fraction(28, 1000)
    assert d.mean == Fraction(15475, 1000)


def test_four_fudge_dice() -> None:
    d = distribution("4dF")
    assert d[0] == Fraction(19, 81)
    assert d[4] == Fraction(1, 81)
    assert d.p_ge(1) == Fraction(31, 81)


def test_four_d6_drop_lowest() -> None:
    d = distribution("4d6dl1")
    assert d[18] == Fraction(21, 1296)
    assert d[3] == Fraction(1, 1296)


def test_roll_twice_take_the_higher() -> None:
    d = distribution("2d10kh1")
    assert d[10] == Fraction(19, 100)
    assert d.p_ge(8) == 1 - Fraction(49, 100)


def test_percentile_and_mixed_dice() -> None:
    assert distribution("d%")[100] == Fraction(1, 100)
    d = distribution("d6+d10+1")
    assert d.minimum == 3 and d.maximum == 17 and d[3] == Fraction(1, 60)


def test_exploding_die_reports_probability_beyond_the_cap() -> None:
    d = distribution("d6!")
    assert d.beyond_cap == Fraction(1, 6**10)
    assert d[5] == Fraction(1, 6) and d[6] == 0 if 6 in d else True
    assert d[7] == Fraction(1, 36)
    assert sum(d.probabilities) == 1


def test_rows_give_cumulative_columns() -> None:
    rows = list(distribution("2d6").rows())
    assert rows[0] == (2, Fraction(1, 36), Fraction(1), Fraction(1, 36))
    assert rows[-1] == (12, Fraction(1, 36), Fraction(1, 36), Fraction(1))


@pytest.mark.parametrize("expr", ["100d1000", "16d1000", "30d100k15", "3d1000k2", "20d100!k2"])
def test_too_much_work_is_refused_quickly(expr: str) -> None:
    with pytest.raises(DiceError, match="too large to compute exactly"):
        distribution(expr)


@pytest.mark.parametrize("expr", ["100d61", "100d9k50", "100d141k1", "10d60!", "50d61-50d61"])
def test_a_refusal_names_the_work_and_its_limit(expr: str) -> None:
    """Issue 16, item 28: each is one step past what answers in about a second (a pool
    past it was accepted before, and took seconds); the error says how far past."""
    with pytest.raises(DiceError) as refused:
        distribution(expr)
    message = str(refused.value)
    assert "too large to compute exactly" in message
    assert f"the limit is {MAX_WORK:.0e})" in message
    assert estimate_work(parse(expr)) > MAX_WORK


@pytest.mark.parametrize(
    ("expr", "totals"), [("15d1000", 14986), ("100d60", 5901), ("31d100", 3070), ("11d30!", 3290)]
)
def test_more_totals_than_a_table_shows_are_refused(expr: str, totals: int) -> None:
    """Issue 28, item 10: within the work limit, but a row and a bar a total, drawn for seconds."""
    assert estimate_work(parse(expr)) <= MAX_WORK
    with pytest.raises(DiceError) as refused:
        distribution(expr)
    assert str(refused.value) == (
        f"{expr} is too large to compute exactly ({totals:,} possible totals, a row each; "
        f"the limit is {MAX_TOTALS:,}), but it can still be rolled"
    )


@pytest.mark.parametrize("expr", ["30d100", "3d1000", "100d30", "4d250k3", "10d25!k4"])
def test_the_largest_tables_within_the_limit_are_computed(expr: str) -> None:
    assert len(distribution(expr).outcomes) <= MAX_TOTALS


@pytest.mark.parametrize(
    "expr", ["30d20", "7d6!+2d10k1-3d4", "4dF-d%+3", "5d8kl2-5d8kl2", "2d6+2d6-d6+3d6!"]
)
def test_sums_multiplied_as_whole_numbers_match_icepool(expr: str) -> None:
    import icepool

    total = icepool.Die([parse(expr).constant])
    for term in parse(expr).dice_terms:
        one = icepool.Die(term.faces)
        one = one.explode(depth=EXPLODE_DEPTH) if term.explode else one
        if term.keep is None:
            die = term.count @ one
        else:
            pool = one.pool(term.count)
            keep = term.keep.count
            die = (pool.highest(keep) if term.keep.highest else pool.lowest(keep)).sum()
        total = total - die if term.negative else total + die
    expected = {int(o): Fraction(q, total.denominator()) for o, q in total.items() if q}
    assert dict(distribution(expr).items()) == expected


@pytest.mark.parametrize("expr", ["100d1000", "100d61", "3d1000k2", "20d100!k2"])
def test_too_large_expressions_can_still_be_rolled(expr: str) -> None:
    """Issue 28, item 10: refused odds say the dice can still be rolled, and they can."""
    with pytest.raises(DiceError, match=r", but it can still be rolled$"):
        distribution(expr)
    assert isinstance(roll(expr).total, int)
    assert 100 <= roll("100d1000").total <= 100_000


_dice = st.builds(
    lambda count, sides, keep, explode, sign: (
        f"{sign}{count}d{sides}{'!' if explode else ''}"
        + (f"k{keep}" if keep and keep <= count else "")
    ),
    st.integers(1, 6),
    st.sampled_from(["2", "4", "6", "10", "20", "%", "F"]),
    st.integers(0, 6),
    st.booleans(),
    st.sampled_from(["", "-"]),
)
_expressions = st.builds(
    lambda terms, constant: "+".join(terms).replace("+-", "-") + f"{constant:+d}",
    st.lists(_dice, min_size=1, max_size=3),
    st.integers(-5, 5),
)


def _valid(expr: str) -> bool:
    try:
        parse(expr)
    except DiceError:
        return False
    return True


def _exact_or_skip(expr: str) -> Distribution:
    try:
        return distribution(expr)
    except DiceError as error:
        assert "too large to compute exactly" in str(error)
        assume(False)
        raise


@settings(max_examples=80, deadline=None)
@given(_expressions.filter(_valid))
def test_every_distribution_sums_to_one(expr: str) -> None:
    d = _exact_or_skip(expr)
    assert sum(d.probabilities) == 1
    assert all(p > 0 for p in d.probabilities)


@settings(max_examples=80, deadline=None)
@given(_expressions.filter(_valid), st.integers(0, 2**32))
def test_every_seeded_roll_lies_in_the_support(expr: str, seed: int) -> None:
    assert roll(expr, random.Random(seed)).total in _exact_or_skip(expr)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789dDfFkKhHlL%!+- x", max_size=14))
def test_bad_input_raises_our_error_and_nothing_else(text: str) -> None:
    try:
        expr = parse(text)
    except DiceError:
        return
    with contextlib.suppress(DiceError):
        distribution(expr)
    roll(expr, random.Random(0))


def test_the_notation_benchmark_times_the_largest_accepted_and_the_first_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m scripts.bench_notation`` (issue 16, item 28), on one shape of expression."""
    from scripts import bench_notation

    monkeypatch.setattr(bench_notation, "SHAPES", {"NdS": bench_notation.SHAPES["100dS"]})
    assert bench_notation.main(["--repeat", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    size = bench_notation.largest_accepted(lambda s: f"100d{s}", 2, 1000)
    assert size is not None
    with pytest.raises(DiceError, match="too large to compute exactly"):
        check_exact(parse(f"100d{size + 1}"))
    assert lines[2].startswith(f"100d{size} ") and " answered" in lines[2]
    assert lines[3].startswith(f"100d{size + 1} ") and lines[3].endswith(" refused")
    assert lines[-1].startswith("worst accepted: ") and lines[-1].endswith("(target 1 s)")


def test_the_notation_page_states_the_limit_on_totals() -> None:
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "dice.md").read_text(encoding="utf-8")
    assert f"more than {MAX_TOTALS:,} possible results" in " ".join(page.split())
