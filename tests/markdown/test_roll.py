"""Inline rolls: `#!roll EXPR` becomes a button with an output beside it."""

import re

import pytest
from pymdownx.inlinehilite import InlineHiliteException


def test_inline_roll_is_a_button_with_its_output(convert) -> None:  # type: ignore[no-untyped-def]
    html = convert("Roll `#!roll 3d10k2+2` now.")
    assert (
        '<button type="button" class="rb-roll__button" id="rb-roll-1" data-roll="3d10k2+2"' in html
    )
    assert '<output class="rb-roll__output" for="rb-roll-1" aria-live="polite"></output>' in html
    assert 'data-title="Roll 3d10k2+2: 4 to 22, average 15.47"' in html


def test_without_a_script_the_button_says_why_it_cannot_roll(convert) -> None:  # type: ignore[no-untyped-def]
    html = convert("Roll `#!roll 3d6` now.")
    button = re.search(r"<button[^>]*>", html)
    assert button and ' title="Rolling needs JavaScript. Roll 3d6: 3 to 18' in button.group()
    assert " disabled" in button.group()
    hint = '<span class="rb-roll__nojs">Rolling needs JavaScript</span>'
    assert f"<noscript data-search-exclude>{hint}</noscript>" in html


def test_the_no_script_hint_is_not_indexed_for_search(convert) -> None:  # type: ignore[no-untyped-def]
    """Material's search indexes a page's text: the hint is not the rules' (issue 16, 17)."""
    from material.plugins.search.plugin import Parser

    parser = Parser()
    parser.feed(f"<h1 id='dice'>Dice</h1>{convert('Roll `#!roll 3d6` now, then `#!roll d20`.')}")
    parser.close()
    text = " ".join("".join(section.text) for section in parser.data)
    assert "Roll" in text and "now" in text  # the sentence around the buttons is indexed
    assert "JavaScript" not in text


def test_ids_are_unique_within_a_page(convert) -> None:  # type: ignore[no-untyped-def]
    html = convert("`#!roll d6` and `#!roll d6` and `#!roll 2d6`")
    assert re.findall(r'id="(rb-roll-\d+)"', html) == ["rb-roll-1", "rb-roll-2", "rb-roll-3"]
    assert convert("`#!roll d6`").count('id="rb-roll-1"') == 1


def test_label_after_a_bar(convert) -> None:  # type: ignore[no-untyped-def]
    html = convert("`#!roll 2d10+2 | roll with STR 2`")
    assert 'data-roll="2d10+2"' in html and ">roll with STR 2</span>" in html


def test_text_is_escaped(convert) -> None:  # type: ignore[no-untyped-def]
    html = convert("`#!roll d6 | <b>bold</b>`")
    assert "<b>bold</b>" not in html and "&lt;b&gt;" in html


def test_bad_expression_stops_the_build(convert) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InlineHiliteException, match="cannot keep 4 of 3 dice"):
        convert("`#!roll 3d10k4`")


def test_plain_code_is_left_alone(convert) -> None:  # type: ignore[no-untyped-def]
    assert convert("`3d6`") == "<p><code>3d6</code></p>"


# Issue 16, items 1, 13, 14: a roll a system reads its own way (`EXPR as READING`).


def _button(html: str) -> str:
    found = re.search(r"<button[^>]*>", html)
    assert found
    return found.group()


def test_a_danger_world_pool_roll_carries_its_reading_and_speaks_sets(convert) -> None:  # type: ignore[no-untyped-def]
    html = convert("`#!roll 8d6 as pool | Agility + Speed`")
    button = _button(html)
    assert 'data-roll="8d6"' in button and 'data-reading="pool"' in button
    assert ">Agility + Speed</span>" in html
    title = re.search(r'data-title="([^"]*)"', button)
    assert title and title.group(1).startswith("Roll 8 dice and look for sets")
    # the exact chance that eight dice hold a set on the first roll, not a sum's average
    assert "52.69% of first rolls hold a set" in title.group(1)
    assert "average" not in button and "8 to 48" not in button


def test_a_pool_at_a_named_difficulty_gives_its_exact_chances(convert) -> None:  # type: ignore[no-untyped-def]
    button = _button(convert("`#!roll 5d6 as pool difficulty 3`"))
    assert 'data-reading="pool difficulty 3"' in button
    assert (
        'data-title="Roll 5 dice against difficulty 3 (meaningful): a set of 3 or higher '
        "succeeds; 3.90% on the first roll, 38.03% with both reroll rounds played well" in button
    )


def test_a_pool_without_a_label_is_named_by_its_dice(convert) -> None:  # type: ignore[no-untyped-def]
    assert '<span class="rb-roll__expr">5 dice</span>' in convert("`#!roll 5d6 as pool`")


@pytest.mark.parametrize(
    ("src", "title", "caption"),
    [
        ("`#!roll d10 as 0-9`", "Roll a d10 read from 0: 0 to 9, each 10.00%", "d10 (0-9)"),
        (
            "`#!roll d100 as 00-99`",
            "Roll two d10s, a tens die and a units die: 00 to 99, each 1.00%",
            "d100 (00-99)",
        ),
    ],
)
def test_a_d10_0_roll_reads_from_zero_never_minus_one(convert, src, title, caption) -> None:  # type: ignore[no-untyped-def]
    html = convert(src)
    assert f'data-title="{title}"' in html
    assert f'<span class="rb-roll__expr">{caption}</span>' in html
    button = _button(html)
    assert re.search(r'data-roll="d(10|100)"', button)
    title = re.search(r' title="([^"]*)"', button)
    assert title and "1 to" not in title.group(1) and "- 1" not in title.group(1)


@pytest.mark.parametrize(
    ("src", "message"),
    [
        ("`#!roll 8d6+1 as pool`", "`as pool` reads 1 to 24 six-sided dice"),
        ("`#!roll 25d6 as pool`", "not `25d6`"),
        ("`#!roll 3d10 as pool`", "not `3d10`"),
        ("`#!roll 5d6 as pool difficulty 9`", "N one of 2 \\(minor\\)"),
        ("`#!roll 2d10 as 0-9`", "`as 0-9` reads one `d10`, not `2d10`"),
        ("`#!roll d10 as 00-99`", "reads one `d100`"),
        ("`#!roll d10 as sum`", "unknown reading `sum`: use `pool`"),
    ],
)
def test_a_reading_that_cannot_read_the_dice_stops_the_build(convert, src, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InlineHiliteException, match=message):
        convert(src)


def test_the_danger_world_and_d10_0_pages_read_their_rolls() -> None:
    """Every inline roll of a pool, and every 0-based D10/0 roll, names its reading."""
    from pathlib import Path

    docs = Path(__file__).parents[2] / "docs"
    rolls = {
        page.relative_to(docs).as_posix(): re.findall(r"`#!roll ([^`|]*?)\s*(?:\|[^`]*)?`", text)
        for page in [*docs.glob("danger-world/*.md"), *docs.glob("d10-0/*.md")]
        for text in [page.read_text(encoding="utf-8")]
    }
    pools = [r for page, found in rolls.items() if "danger-world" in page for r in found]
    assert pools and all(r.endswith(" as pool") for r in pools), pools
    d10_0 = [r for page, found in rolls.items() if "d10-0" in page for r in found]
    assert not [r for r in d10_0 if "-1" in r.replace(" ", "")], d10_0
    assert "d10 as 0-9" in d10_0 and "d100 as 00-99" in d10_0
    # Item 1: Agility 4 + Speed 4 is eight dice.
    characters = (docs / "danger-world/player-characters.md").read_text(encoding="utf-8")
    assert "rolls eight dice when Agility and Speed" in characters
    assert "`#!roll 8d6 as pool | Agility + Speed`" in characters
