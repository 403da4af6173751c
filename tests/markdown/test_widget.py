"""The ``widget`` fence: a system widget's form and its answer, written at build time."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from pymdownx.superfences import SuperFencesException

Convert = Callable[[str], str]


def _fence(body: str) -> str:
    return f"```widget\n{body}\n```\n"


def test_the_check_renders_its_form_and_answer(convert: Convert) -> None:
    html = convert(_fence("widget: wodu-check\nability: 2\nkind: fr"))
    assert 'id="rb-widget-1"' in html and 'data-widget="wodu-check"' in html
    values = json.loads(
        re.search(r'data-values="([^"]*)"', html).group(1).replace("&quot;", '"')  # type: ignore[union-attr]
    )
    assert values == {
        "use_sheet": False,
        "sheet_ability": "STR",
        "ability": 2,
        "background": False,
        "kind": "fr",
        "dr": "12",
        "fr": "12-14",
    }
    assert 'data-source="wodu-sheet"' in html  # the played character's sheet, for Use my sheet
    form = '<form class="rb-widget__form" hidden inert aria-label="Check" data-search-exclude>'
    assert form in html
    assert '<input type="number" value="2" min="-1" max="6"' in html
    assert '<option value="fr" selected>' in html
    assert '<label class="rb-field rb-field--dr" hidden>' in html  # unused with a FR
    assert "rb-widget__roll" in html and "Roll the check" in html
    assert "failure 36.00%, weak success 28.00%, strong success 36.00%" in html
    assert '<td title="7/25">28.00%</td>' in html
    assert '<svg class="rb-chart"' in html
    assert "Export JSON" not in html  # the check is not portable


def test_ids_count_up_on_a_page(convert: Convert) -> None:
    html = convert(_fence("widget: wodu-check") + "\n" + _fence("widget: wodu-check"))
    assert 'id="rb-widget-1"' in html and 'id="rb-widget-2"' in html


def test_forms_are_named_apart_and_kept_out_of_search(convert: Convert) -> None:
    html = convert(_fence("widget: wodu-check") + "\n" + _fence("widget: wodu-check"))
    assert re.findall(r'<form class="rb-widget__form" hidden inert aria-label="([^"]*)"', html) == [
        "Check",
        "Check (2)",
    ]
    assert html.count("data-search-exclude>") == 4  # two forms, two charts


def test_answer_tables_scroll_from_the_keyboard_and_have_no_empty_header(
    convert: Convert,
) -> None:
    html = convert(_fence("widget: peupfudge-xp"))
    boxes = re.findall(r'<div class="rb-panel__table"([^>]*)><table class="rb-table">', html)
    assert boxes and all(
        re.fullmatch(r' tabindex="0" role="group" aria-label="[^"]+"', box) for box in boxes
    )
    assert '<th scope="col"></th>' not in html
    assert '<thead><tr><td></td><th scope="col">XP</th></tr></thead>' in html


def test_store_names_the_shared_key(convert: Convert) -> None:
    html = convert(_fence("widget: wodu-check\nstore: my-check"))
    assert 'data-store="my-check"' in html


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("ability: 2", "needs a 'widget: NAME' line"),
        ("widget: nope", "unknown widget 'nope'"),
        ("widget: wodu-check\nluck: 3", "unknown setting 'luck'"),
        ("widget: wodu-check\nability: 9", "Ability rating must be from -1 to 6"),
        ("widget: wodu-check\nstore: Not Ok", "must be lowercase letters"),
        ("widget: [wodu", "not YAML"),
    ],
)
def test_a_bad_fence_stops_the_build(convert: Convert, body: str, message: str) -> None:
    with pytest.raises(SuperFencesException, match=re.escape(message)):
        convert(_fence(body))


def test_the_fr_chart_colours_failure_weak_and_strong_apart(convert: Convert) -> None:
    html = convert(_fence("widget: wodu-check\nability: 2\nkind: fr\nfr: 12-14"))
    chart = html[html.index('<svg class="rb-chart"') :]
    # 2d10+2 runs 4-22: under 12 fails, 12-14 is weak, 15 and over strong.
    assert chart.count("rb-chart__bar--failure") == 8
    assert chart.count("rb-chart__bar--weak") == 3
    assert chart.count("rb-chart__bar--strong") == 8
    legend = re.search(r'<text class="rb-chart__legend"[^>]*>(.*?)</text>', chart)
    assert legend is not None
    assert re.sub(r"<[^>]+>", " ", legend.group(1)).split() == [
        "■",
        "Failure",
        "■",
        "Weak",
        "success",
        "■",
        "Strong",
        "success",
    ]
    assert '<text class="rb-chart__title" x="50%"' in chart and "Total of 2d10+2</text>" in chart


def test_chart_text_is_placed_in_pixels_outside_the_stretched_plot(convert: Convert) -> None:
    html = convert(_fence("widget: peupfudge-action"))
    svg = re.search(r'<svg class="rb-chart" width="100%" height="(\d+)"[^>]*>', html)
    assert svg is not None and "viewBox" not in svg.group(0)
    plot = re.search(r'<svg class="rb-chart__plot"[^>]*>', html)
    assert plot is not None and 'preserveAspectRatio="none"' in plot.group(0)
    # The tick labels and the axis title come after the plot, at percentages of the width.
    after = html[html.index("</svg>") :]
    assert re.findall(r'class="rb-chart__label" x="[\d.]+%"', after)
    assert "L + A + R − D (relative performance)" in after


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("3d6", list(range(3, 19))),
        ("2d10+2", list(range(4, 23, 2))),
        ("2d6!", list(range(20, 121, 20))),
        ("d6!", list(range(5, 61, 5))),
        ("4dF", [-4, -3, -2, -1, 0, 1, 2, 3, 4]),
    ],
)
def test_chart_ticks_fall_on_round_numbers(expr: str, expected: list[int]) -> None:
    from rules_py.views import odds_view

    chart = odds_view(expr)["chart"]
    assert [int(label["text"]) for label in chart["labels"]] == expected
    # Each result has its own slot: exploding dice leave gaps where a total cannot occur.
    lowest = int(chart["bars"][0]["title"].split(":")[0])
    slots = int(chart["bars"][-1]["title"].split(":")[0]) - lowest + 1
    for bar in chart["bars"]:
        outcome = int(bar["title"].split(":")[0])
        assert bar["x"] == pytest.approx((outcome - lowest) * 640 / slots, abs=1.01)


def test_a_list_block_is_a_bulleted_list() -> None:
    from rules_py.markdown.widget import render_blocks
    from rules_py.widgets._blocks import bullets

    html = render_blocks([bullets(["Enemies (4): ready.", "Round <2>"])])
    assert html == (
        '<ul class="rb-panel__list"><li>Enemies (4): ready.</li><li>Round &lt;2&gt;</li></ul>'
    )


def test_a_list_that_starts_empty_still_carries_a_row_to_add(convert: Convert) -> None:
    """The script copies this row when the reader adds one, even when the fence lists none."""
    html = convert(_fence("widget: 2d6-builder\nskills: []"))
    fieldset = html[html.index('data-rows="skills"') : html.index("</fieldset>")]
    listed = fieldset[fieldset.index('class="rb-rows__list"') : fieldset.index("<template")]
    assert 'class="rb-row"' not in listed
    template = re.search(r'<template class="rb-rows__template">(.*?)</template>', fieldset)
    assert template is not None
    assert template.group(1).startswith('<div class="rb-row" role="group" aria-label="Skill 1">')
    assert 'data-cell="ranks"' in template.group(1)


def test_a_dice_field_is_a_row_of_toggle_buttons_named_by_python(convert: Convert) -> None:
    html = convert(
        _fence(
            "widget: danger-world-roller\nstat_a: 1\nstat_b: 1\nthreat: 1\n"
            "dice: [{face: 4}, {face: 2, marked: true}, {face: 6, kind: threat}]"
        )
    )
    fieldset = html[html.index('<fieldset class="rb-dice') : html.index("</fieldset>")]
    assert 'data-dice="dice"' in fieldset and 'data-fixed="threat"' in fieldset
    assert 'data-mark-word="marked for reroll"' in fieldset
    assert (
        '<button type="button" class="rb-part rb-part--die rb-die rb-die--normal" '
        'data-face="2" data-kind="normal" aria-pressed="true" '
        'aria-label="Die 2: 2, normal, marked for reroll">2</button>'
    ) in fieldset
    assert 'aria-pressed="false" aria-label="Die 1: 4, normal">4</button>' in fieldset
    # a threat die is never marked: no pressed state, and its name says so
    assert (
        'data-kind="threat" aria-disabled="true" aria-label="Die 3: 6, threat, never rerolled"'
    ) in fieldset
    # the buttons: Roll first; Reroll marked on (a die is marked); the sheet's store named
    assert re.search(
        r'<button type="button" class="md-button rb-widget__act md-button--primary" '
        r'data-act="roll"><svg[^>]*>.*?</svg>Roll</button>',
        html,
    )
    assert '<button type="button" class="md-button rb-widget__act" data-act="reroll">' in html
    assert 'data-source="danger-world-character"' in html
    # no sheet at build time; a switch of the form, which a printed sheet leaves out
    assert 'class="rb-field rb-field--use_sheet" data-print="no" hidden' in html


def test_actions_with_nothing_to_do_are_written_disabled(convert: Convert) -> None:
    html = convert(_fence("widget: danger-world-roller"))
    assert 'data-act="reroll" disabled>Reroll marked</button>' in html
    assert 'data-act="advise" disabled>Advise</button>' in html
    assert '<fieldset class="rb-dice rb-field--dice"' in html and 'data-dice="dice"' in html
    dice = html[html.index('<fieldset class="rb-dice') :]
    assert dice[: dice.index(">")].endswith("hidden")  # no dice yet
    assert "No dice yet: press Roll" in html


def test_actions_python_calls_unused_are_written_hidden(convert: Convert) -> None:
    """Issue 27, item 8: the roller's taps that carry a roll to the sheet wait for a roll and
    a sheet; a sheet's taps (hits, rests) are no roll: no primary button, no die."""
    html = convert(_fence("widget: danger-world-roller"))
    assert 'data-act="carry_danger" disabled hidden>Raise my danger</button>' in html
    sheet = convert(_fence("widget: danger-world-sheet\nstore: danger-world-character"))
    assert '<button type="button" class="md-button rb-widget__act" data-act="reduced">' in sheet
    assert 'data-act="short" disabled>Short rest</button>' in sheet  # nothing to clear


def test_a_table_too_wide_for_a_phone_names_each_value_s_column(convert: Convert) -> None:
    """Issue 16, item 24: the players' table stacks on a phone, each value labelled."""
    html = convert(_fence("widget: wodu-initiative"))
    players = re.search(r'<table class="([^"]*)"><caption>The players</caption>.*?</table>', html)
    assert players is not None
    assert players.group(1) == "rb-table rb-table--stack"
    labels = re.findall(r'<td[^>]* data-label="([^"]*)"', players.group(0))
    head = re.findall(r'<th scope="col">([^<]*)</th>', players.group(0))
    assert labels[: len(head) - 1] == head[1:]  # each value under its column's name
    enemies = re.search(r'<table class="([^"]*)"><caption>The enemies', html)
    assert enemies is not None and enemies.group(1) == "rb-table"  # two columns fit
    assert "data-label" not in html.split("<caption>The enemies")[1].split("</table>")[0]


def test_a_closed_list_s_values_come_with_the_field(convert: Convert) -> None:
    """Issue 16, item 25: the page's datalist is made from these (docs/.../widget.js)."""
    html = convert(_fence("widget: 2d6-check"))
    field = re.search(r'<input[^>]*data-field="dc"[^>]*>', html)
    assert field is not None
    offered = re.search(r'data-options="([^"]*)"', field.group(0))
    assert offered is not None
    values = json.loads(offered.group(1).replace("&quot;", '"'))
    assert values[0] == ["Easy", "DC 7"] and len(values) == 6
    assert "data-options" not in re.search(  # type: ignore[union-attr]
        r'<input[^>]*data-field="bonus"[^>]*>', html
    ).group(0)


def test_a_roller_answers_for_the_sheet_above_it_on_the_page(convert: Convert) -> None:
    """A widget that reads a store (data-source) answers, as built, for the sheet the page
    shows above it, as the page's script does on a first visit: its "use my sheet" fields
    and the line saying so are in the page from first paint, not put in at mount."""
    roller = _fence("widget: d10-0-check\nuse_sheet: true\nsheet_check: Pistols")
    alone = convert(roller)
    assert '<label class="rb-field rb-field--use_sheet" data-print="no" hidden>' in alone
    sheet = _fence("widget: d10-0-builder\nstore: d10-0-character\nplay: true")
    html = convert(sheet + "\n" + roller)
    part = html[html.index('data-widget="d10-0-check"') :]
    assert '<label class="rb-field rb-field--use_sheet" data-print="no">' in part
    assert '<label class="rb-field rb-field--sheet_check" data-print="no">' in part
    assert part.count('class="rb-panel__text"') > alone.count('class="rb-panel__text"')
