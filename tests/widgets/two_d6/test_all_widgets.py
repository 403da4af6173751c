"""Every 2d6 widget: registered, on the page of its rules, speaking the rules' words."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import Rows
from rules_py.widgets._widget import refusals
from tests.widgets.panels import show
from tests.widgets.two_d6.helpers import fences

# --------------------------------------------------------------------------
# Registration and the pages' fences
# --------------------------------------------------------------------------

PLACES = {
    "2d6-check": "checks.md",
    "2d6-combat": "combat.md",
    "2d6-initiative": "combat.md",
    "2d6-healing": "wounds-and-healing.md",
    "2d6-builder": "character-creation.md",
    "2d6-casting": "magic.md",
}


def test_two_d6_widgets_are_registered_and_on_the_page_of_their_rules() -> None:
    for name, page in PLACES.items():
        assert name in WIDGETS
        assert any(f["widget"] == name for f in fences(page)), (name, page)
        for fence in fences(page):
            assert not refusals(
                show(
                    fence["widget"],
                    **{k: v for k, v in fence.items() if k not in ("widget", "store")},
                )
            )


def test_two_d6_row_fields_start_with_a_row_for_the_page_to_copy() -> None:
    # The page script copies a list's first row to add more: an empty list cannot grow.
    for name, widget in WIDGETS.items():
        if name.startswith("2d6-"):
            for field in widget.fields:
                if isinstance(field, Rows):
                    assert field.default, (name, field.name)


@pytest.mark.parametrize(
    "name",
    ["2d6-check", "2d6-casting", "2d6-combat", "2d6-initiative", "2d6-healing", "2d6-builder"],
)
def test_two_d6_widgets_speak_the_rules_words_not_the_sites(name: str, convert: Any) -> None:
    """'Natural', 'margin' and 'death save' are the site's words (2d6 glossary): the pages
    mark them where they appear, and the widgets, which cannot, use the rules' own words
    (boxcars, snake eyes, a roll on the dice, the attacker's total against the defender's)."""
    text = re.sub(r"<[^>]+>", " ", convert(f"```widget\nwidget: {name}\n```"))
    text = text.replace("Natural Phenomenon", "")  # a sample spell's name, the rules' own
    for coined in ("natural", "margin", "death save"):
        assert not re.search(rf"\b{coined}", text, re.IGNORECASE), (coined, text)
