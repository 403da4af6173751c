"""Peupfudge widgets: the fences on the Peupfudge pages,
checked against the numbers the source prints (draft of 2022-08-19)."""

from __future__ import annotations

import json

import pytest
from pymdownx.superfences import SuperFencesException

from rules_py.markdown.widget import parse_settings
from rules_py.widgets import WIDGETS
from tests.widgets.peupfudge.helpers import (
    DOCS,
)
from tests.widgets.peupfudge.helpers import page_fences as _page_fences

# --------------------------------------------------------------------------
# Markdown: the fences on the Peupfudge pages
# --------------------------------------------------------------------------


def test_example_4_race_fence_renders_its_odds(convert) -> None:
    html = convert(
        "```widget\n"
        "widget: peupfudge-opposed\n"
        "dice: 3\n"
        "participants:\n"
        "  - {name: Gromanno, L: 2, A: 1}\n"
        "  - {name: Nyrv, L: 5, A: -1}\n"
        "  - {name: Polthova, L: 8, A: 0}\n"
        "```\n"
    )
    assert 'data-widget="peupfudge-opposed"' in html
    assert 'title="18790/19683"' in html
    assert "Roll for everyone" in html
    assert 'value="Polthova"' in html


def test_fence_refuses_a_broken_rule(convert) -> None:
    with pytest.raises(
        SuperFencesException, match="Progress must be from 0 to 15 at level 4, got 16"
    ):
        convert("```widget\nwidget: peupfudge-xp\nlevel: 4\nprogress: 16\n```\n")
    with pytest.raises(SuperFencesException, match="unknown setting 'R'"):
        convert("```widget\nwidget: peupfudge-action\nR: 3\n```\n")


def test_peupfudge_pages_have_no_widget_placeholders_left() -> None:
    for page in DOCS.glob("*.md"):
        assert "<!-- widget:" not in page.read_text(encoding="utf-8"), page.name
    assert len(_page_fences()) >= 16


@pytest.mark.parametrize(("page", "body"), _page_fences())
def test_peupfudge_page_fences_are_accepted(page: str, body: str) -> None:
    widget, values, _, _ = parse_settings(body)
    panel = widget.panel(values)
    assert all(b["type"] != "error" for b in panel["blocks"]), page


def test_examples_page_presets_match_the_source() -> None:
    bodies = [body for page, body in _page_fences() if page == "examples.md"]
    shown = [WIDGETS[w.name].panel(v)["blocks"] for w, v, _, _ in map(parse_settings, bodies)]
    text = json.dumps(shown, ensure_ascii=False)
    for printed in (
        "5/27",  # examples 1 and 3: needs +2 on 4dF
        "6 (+29/64)",  # example 1: Construction Magic
        "4 (+11/16)",  # example 2: Kotorikh's Perception with the bonus
        "3 (+6/8)",  # example 2: Obazana's Charisma
        "4 (+9/16)",  # example 3: a year of training
        "18790/19683",  # example 4: Polthova alone on top
        "4 - 1 = 3",  # example 5: the hobbit after training
        "8 - 50 = -42",  # example 5: the ant after training
    ):
        assert printed in text, printed
