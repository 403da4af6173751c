"""The 2d10 WoDu Hack pages against its draft and :mod:`rules_py.systems.wodu`: the
statements a page makes about the rules' numbers, recomputed from the rules package.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from rules_py.dice import distribution
from rules_py.systems import wodu
from rules_py.widgets import WIDGETS
from tests.rules_pages import DOCS, prose, source_notes


def _prose(path: str) -> str:
    return prose(DOCS / path)


def _source_notes(path: str) -> list[str]:
    return source_notes(DOCS / path)


def _points(expr: str, bonus: int, target: int) -> Fraction:
    """How many percentage points ``+bonus`` adds to P(expr >= target)."""
    return 100 * (distribution(f"{expr}+{bonus}").p_ge(target) - distribution(expr).p_ge(target))


def test_wodu_odds_page_says_where_a_d20_bonus_is_worth_less() -> None:
    text = _prose("wodu/odds.md")
    assert "always worth exactly 10" not in text
    worth = {t: _points("d20", 2, t) for t in range(2, 23)}  # at target 1 both are certain
    full = max(worth.values())
    ends = sorted(t for t, points in worth.items() if points != full)
    middle = [t for t in worth if t not in ends]
    found = re.search(
        r"On a d20 it is worth exactly (\d+) points at every target from (\d+) to (\d+), "
        r"but only (\d+) at targets (\d+) and (\d+)",
        text,
    )
    assert found, "the d20 +2 sentence is missing"
    assert int(found[1]) == full
    assert (int(found[2]), int(found[3])) == (middle[0], middle[-1])
    assert middle == list(range(middle[0], middle[-1] + 1))
    assert {worth[t] for t in ends} == {int(found[4])}
    assert [int(found[5]), int(found[6])] == ends
    bare = re.search(r"at (\d+) the bare d20 already succeeds (\d+)%", text)
    assert bare and 100 * distribution("d20").p_ge(int(bare[1])) == int(bare[2])


def test_wodu_odds_page_gives_the_2d10_bonus_at_its_largest() -> None:
    text = _prose("wodu/odds.md")
    found = re.search(
        r"On 2d10 it is worth up to (\d+) points .*?\((\d+)% to (\d+)% at (\d+)\)", text
    )
    assert found
    worth = {t: _points("2d10", 2, t) for t in range(2, 23)}
    target = int(found[4])
    assert int(found[1]) == max(worth.values()) == worth[target]
    assert 100 * distribution("2d10").p_ge(target) == int(found[2])
    assert 100 * distribution("2d10+2").p_ge(target) == int(found[3])


def test_wodu_advancement_gives_the_max_hp_step_into_level_1() -> None:
    text = _prose("wodu/advancement.md")
    assert "always one more" not in text
    steps = [wodu.max_hp(level + 1, 0) - wodu.max_hp(level, 0) for level in range(wodu.MAX_LEVEL)]
    found = re.search(r"From Level (\d+) on, .*? and one more point of Max HP\.", text)
    assert found and all(step == 1 for step in steps[int(found[1]) - 1 :])
    assert steps[int(found[1]) - 2] != 1
    jump = re.search(r"raises Max HP by \*\*(\d+)\*\*, from (\d+) \+ STR to (\d+) \+ STR", text)
    assert jump
    assert (int(jump[1]), int(jump[2]), int(jump[3])) == (
        steps[0],
        wodu.max_hp(0, 0),
        wodu.max_hp(1, 0),
    )


def test_wodu_tier_is_called_the_sites_word_where_it_appears() -> None:
    assert re.search(
        r"\*\*Tier\*\* is the site's word.*?column \*Notes\*", _prose("wodu/advancement.md")
    )
    glossary = _prose("wodu/glossary.md")
    entry = glossary[glossary.index("{#tier}") : glossary.index("{#time-skip}")]
    assert "the site's word" in entry and "Notes" in entry
    assert "Notes column" in _prose("wodu/index.md")


def test_wodu_special_moves_keep_the_drafts_plus_two() -> None:
    first, upgraded, *_, top = wodu.HERO_POWER_BONUSES
    text = _prose("wodu/special-moves.md")
    assert f"replaces the power's +{first} damage bonus with a **+{upgraded}**" in text
    assert f"stop at **+{top}**" in text
    assert "with a higher one" not in text


@pytest.mark.parametrize(
    ("page", "values"),
    [
        ("wodu/abilities.md", [f"{wodu.MIN_ABILITY} to +{wodu.MAX_ABILITY}"]),
        ("wodu/advancement.md", [f"Level {wodu.MAX_LEVEL} as the top"]),
        ("wodu/damage.md", ["weapon +1", f"starting at +{wodu.HERO_POWER_BONUSES[0]}"]),
    ],
)
def test_wodu_inferences_are_marked_as_the_sites(page: str, values: list[str]) -> None:
    notes = [note for note in _source_notes(page) if "the site's inference" in note]
    assert len(notes) == 1, f"{page}: no source note names the site's inference"
    for value in values:
        assert value in notes[0]


def test_wodu_play_page_names_the_example_the_sheet_starts_as() -> None:
    """The Play page says who a first visit plays (issue 29): the builder's defaults."""
    builder = WIDGETS["wodu-builder"]
    example = {f.name: f.default for f in builder.fields}
    text = _prose("wodu/play.md")
    ratings = ", ".join(
        f"{a} {int(example[f'start_{a.lower()}'])}" for a in wodu.ABILITY_NAMES
    )
    assert f"the site's example, **{example['name']}**: {ratings}, " in text
    assert f"the Background *{example['background']}* of the draft's worked example" in text
    assert f'Your Background is *{example["background"]}*' in _prose("wodu/backgrounds.md")
    weapons = [w["name"].lower() for w in example["weapons"]]
    assert f"a {weapons[0]} and a {weapons[1]} from its weapon table" in text
    table = {w.example.lower() for w in wodu.WEAPON_EXAMPLES}
    assert set(weapons) <= table, "the example's weapons come from the draft's table"
    assert builder.fresh_values()["weapons"] == () and "**New** starts one of your" in text
