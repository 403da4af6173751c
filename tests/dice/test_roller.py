"""Rolling: every die, which were kept, the total; seeded rolls repeat."""

import random

from rules_py.dice import EXPLODE_DEPTH, roll, roll_seeded


def test_seeded_roll_repeats() -> None:
    assert roll_seeded("3d10k2+2", 7) == roll_seeded("3d10k2+2", 7)
    assert roll_seeded("3d10k2+2", 7).describe() == roll_seeded("3d10k2+2", 7).describe()


def test_keep_highest_keeps_the_two_best_and_adds_the_constant() -> None:
    result = roll_seeded("3d10k2+2", 1)
    dice = result.dice
    assert len(dice) == 3
    kept = sorted(d.value for d in dice if d.kept)
    assert kept == sorted(d.value for d in dice)[1:]
    assert result.total == sum(kept) + 2


def test_describe_reads_like_the_cli_line() -> None:
    result = roll_seeded("3d10k2+2", 1)
    values = [d.value for d in result.dice]
    kept = sorted((d.value for d in result.dice if d.kept), reverse=True)
    assert result.describe() == (
        f"3d10k2+2: [{', '.join(map(str, values))}] keep {kept[0]}, {kept[1]}, +2 = {result.total}"
    )


def test_keep_lowest_and_drop_lowest() -> None:
    for seed in range(50):
        low = roll_seeded("2d6kl1", seed)
        assert low.total == min(d.value for d in low.dice)
        ability = roll_seeded("4d6dl1", seed)
        assert ability.total == sum(sorted(d.value for d in ability.dice)[1:])


def test_fudge_dice_show_minus_blank_plus() -> None:
    for seed in range(30):
        result = roll_seeded("4dF", seed)
        assert all(d.value in (-1, 0, 1) for d in result.dice)
        assert result.total == sum(d.value for d in result.dice)


def test_exploding_die_rerolls_its_top_face_up_to_the_cap() -> None:
    class AlwaysSix(random.Random):
        def choice(self, seq):  # type: ignore[no-untyped-def, override]
            return seq[-1]

    result = roll("d6!", AlwaysSix())
    (die,) = result.dice
    assert die.rolls == (6,) * (EXPLODE_DEPTH + 1)
    assert result.total == 6 * (EXPLODE_DEPTH + 1)


def test_negative_dice_term_subtracts() -> None:
    result = roll_seeded("10-d6", 3)
    assert result.total == 10 - result.dice[0].value


def test_fudge_dice_read_with_a_sign_on_every_face_but_zero() -> None:
    seen: set[str] = set()
    for seed in range(40):
        line = roll_seeded("4dF", seed).describe()
        faces = line[line.index("[") + 1 : line.index("]")].split(", ")
        assert set(faces) <= {"-1", "0", "+1"}, line
        seen |= set(faces)
    assert seen == {"-1", "0", "+1"}
