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
