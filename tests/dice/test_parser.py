"""The dice notation parser: what it accepts, how it prints, and where it points at errors."""

import pytest

from rules_py.dice import DiceError, DiceTerm, DieKind, parse


@pytest.mark.parametrize(
    ("source", "canonical"),
    [
        ("3d10k2+2", "3d10k2+2"),
        ("d6", "d6"),
        ("1d6", "d6"),
        ("D20", "d20"),
        ("d%", "d%"),
        ("4dF", "4dF"),
        ("dF", "dF"),
        ("2d6kl1", "2d6kl1"),
        ("2d10kh1", "2d10kh1"),
        ("4d6dl1", "4d6dl1"),
        ("3d6dh1", "3d6dh1"),
        ("2d6!", "2d6!"),
        ("3d6!k2", "3d6!k2"),
        ("d6+d10+1", "d6+d10+1"),
        (" 3 D 10 K 2 - 1 ", "3d10k2-1"),
        ("2d6 + 3", "2d6+3"),
        ("-1d4+3", "-d4+3"),
        ("-1+d6", "-1+d6"),
        ("7", "7"),
    ],
)
def test_parse_prints_canonical_notation(source: str, canonical: str) -> None:
    assert str(parse(source)) == canonical


def test_keep_and_drop_normalise_to_kept_dice() -> None:
    term = parse("4d6dl1").terms[0]
    assert isinstance(term, DiceTerm)
    assert term.keep is not None and term.keep.highest and term.keep.count == 3
    lowest = parse("3d6dh1").terms[0]
    assert isinstance(lowest, DiceTerm)
    assert lowest.keep is not None and not lowest.keep.highest and lowest.keep.count == 2


def test_die_kinds_have_their_faces() -> None:
    assert parse("dF").dice_terms[0].faces == (-1, 0, 1)
    assert parse("d%").dice_terms[0].faces == tuple(range(1, 101))
    assert parse("d%").dice_terms[0].kind is DieKind.PERCENT


def test_with_modifier_merges_constants() -> None:
    assert str(parse("3d10k2+2").with_modifier(3)) == "3d10k2+5"
    assert str(parse("2d6").with_modifier(-1)) == "2d6-1"
    assert str(parse("2d6+1").with_modifier(-1)) == "2d6"


@pytest.mark.parametrize(
    ("source", "message", "position"),
    [
        ("", "empty dice expression", None),
        ("   ", "empty dice expression", 0),
        ("3d10k4", "cannot keep 4 of 3 dice", 5),
        ("2d6dl2", "cannot drop 2 of 2 dice", 5),
        ("2d6k0", "keep at least 1 die", 4),
        ("d1", "at least 2 sides", 1),
        ("d1001", "at most 1000 sides", 1),
        ("101d6", "at most 100 dice", 0),
        ("0d6", "roll at least 1 die", 0),
        ("2d6+", "after '+'", 4),
        ("2x6", "unexpected 'x'", 1),
        ("3d", "number of sides", 2),
        ("4dF!", "Fudge dice cannot explode", 3),
        ("3d10kx", "how many dice after 'k'", 5),
        ("1 + + 2", "found '+'", 4),
        ("2d6 + 99999999", "too large", 6),
        ("3d6 5", "a space inside the number '6 5'", 3),
        ("1 0d6", "a space inside the number '1 0'", 1),
        ("2d1 0", "a space inside the number '1 0'", 3),
        ("2d6k 1 2", "a space inside the number '1 2'", 6),
        ("-", "expected a die or a number, found the end", 1),
        ("+", "expected a die or a number, found the end", 1),
        (" - ", "expected a die or a number, found the end", 2),
    ],
)
def test_bad_notation_names_the_problem_and_its_position(
    source: str, message: str, position: int | None
) -> None:
    with pytest.raises(DiceError) as caught:
        parse(source)
    assert message in str(caught.value)
    if source.strip():
        assert caught.value.position == position
    assert caught.value.expression == source


def test_error_pointer_marks_the_character() -> None:
    with pytest.raises(DiceError) as caught:
        parse("2d6 k9")
    assert caught.value.pointer() == "2d6 k9\n     ^"


def test_too_many_terms() -> None:
    with pytest.raises(DiceError, match="at most 20 terms"):
        parse("+".join(["1"] * 21))
