"""Odds fences: the exact table and SVG chart at build time, with inputs for the browser."""

import re

import pytest
from pymdownx.superfences import SuperFencesException

FENCE = "```odds\nexpr: 2d6\ntarget: 9\n```\n"


def test_odds_fence_renders_table_and_chart(convert) -> None:  # type: ignore[no-untyped-def]
    html = convert(FENCE)
    assert re.search(
        r'<figure class="rb-odds" id="rb-odds-1" data-odds="2d6"[^>]*data-target="9"', html
    )
    assert html.count("<tr") == 12  # header and 2..12
    assert '<td title="1/6">16.67%</td>' in html
    assert html.count('<rect class="rb-chart__bar') == 11
    assert html.count("rb-chart__bar--hit") == 4
    assert "P(≥ 9) = 27.78%" in html


def test_inputs_are_hidden_until_the_script_shows_them(convert) -> None:  # type: ignore[no-untyped-def]
    html = convert(FENCE)
    assert '<form class="rb-odds__controls" hidden inert' in html
    assert 'name="modifier"' in html and 'name="target"' in html and 'value="9"' in html


def test_the_inputs_come_with_a_reset_to_the_preset(convert) -> None:  # type: ignore[no-untyped-def]
    html = convert(FENCE)
    form = html[html.index("<form") : html.index("</form>")]
    assert '<button type="button" class="rb-odds__reset">Reset</button>' in form
    assert "<button" not in convert("```odds\nexpr: 2d6\ninputs: none\n```\n")


def test_figures_are_named_for_their_expression_and_kept_out_of_search(convert) -> None:  # type: ignore[no-untyped-def]
    html = convert(FENCE + "\n" + FENCE)
    named = r'<form class="rb-odds__controls" hidden inert aria-label="([^"]*)"'
    assert re.findall(named, html) == [
        "Odds of 2d6: settings",
        "Odds of 2d6 (2): settings",
    ]
    boxes = re.findall(r'<div class="rb-odds__table"([^>]*)>', html)
    assert boxes == [
        ' tabindex="0" role="region" aria-label="Odds of 2d6: table" data-search-exclude',
        ' tabindex="0" role="region" aria-label="Odds of 2d6 (2): table" data-search-exclude',
    ]
    assert len(re.findall(r'<svg class="rb-chart"[^>]* data-search-exclude>', html)) == 2
    assert html.count("data-search-exclude>") == 6  # forms, charts, tables


def test_options_choose_columns_inputs_and_modifier(convert) -> None:  # type: ignore[no-untyped-def]
    html = convert("```odds\nexpr: 3d10k2\nmodifier: 2\ncolumns: ge\ninputs: none\n```\n")
    assert "<form" not in html
    assert "3d10k2+2" in html
    assert re.findall(r'<th scope="col">([^<]*)</th>', html) == ["Result", "P(≥)"]


def test_exploding_dice_note_the_cap(convert) -> None:  # type: ignore[no-untyped-def]
    assert "Exploding dice stop after the cap" in convert("```odds\nexpr: d6!\n```\n")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("target: 3", "needs an 'expr"),
        ("expr: 2d6\ncolour: red", "expected 'key: value'"),
        ("expr: 3d10k4", "cannot keep 4 of 3 dice"),
        ("expr: 2d6\ncolumns: eq mode", "unknown odds column"),
        ("expr: 2d6\ninputs: speed", "unknown odds input"),
        ("expr: 100d1000", "too large"),
        ("expr: 2d6\ntarget: high", "bad odds fence"),
        # Issue 16, item 25: a refused value names its field, then the range.
        ("expr: 2d6\ntarget: high", "Target must be a whole number from -10000 to 10000"),
        ("expr: 2d6\nmodifier: 99999", "Modifier must be from -10000 to 10000, got 99999"),
    ],
)
def test_bad_fences_stop_the_build(convert, body: str, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SuperFencesException, match=message):
        convert(f"```odds\n{body}\n```\n")
