"""The Peupfudge pages against its draft and :mod:`rules_py.systems.peupfudge`: the
statements a page makes about the rules, checked against the rules package.
"""

from __future__ import annotations

import re

import pytest

from rules_py.systems import peupfudge
from tests.rules_pages import DOCS, prose, seed_words, shared_runs, word_runs


def _prose(path: str) -> str:
    return prose(DOCS / path)


def test_peupfudge_example_1_restates_the_drafts_difficulty() -> None:
    """Example 1's D in our words: the overlap tool missed it, "levels'" against "levels"."""
    draft = seed_words(
        "by considering that a standard being with 7 levels worth of Construction Magic "
        "XP would succeed half the time at casting this spell over an abyss of that size"
    )
    page = seed_words((DOCS / "peupfudge/examples.md").read_text(encoding="utf-8"))
    assert shared_runs(page, word_runs(draft)) == []


def test_peupfudge_dice_are_the_main_source_of_randomness_not_all_of_it() -> None:
    text = _prose("peupfudge/index.md")
    assert "All of the game's randomness" not in text
    assert "are the game's chief source of randomness" in text


@pytest.mark.parametrize(
    "page",
    [
        "peupfudge/index.md",
        "peupfudge/actions.md",
        "peupfudge/opposed-actions.md",
        "peupfudge/probability.md",
        "peupfudge/play.md",
    ],
)
def test_peupfudge_pages_with_tools_give_their_range_of_dice(page: str) -> None:
    assert f"from {peupfudge.MIN_DICE} to {peupfudge.MAX_DICE} fudge dice" in _prose(page)


def test_peupfudge_probability_tool_does_not_promise_more_rows() -> None:
    assert "change the ranges of N and D" not in _prose("peupfudge/probability.md")


def test_peupfudge_ties_are_no_success_for_the_tied_only() -> None:
    text = _prose("peupfudge/opposed-actions.md")
    assert "nobody succeeds" not in text
    assert "no success for any of the characters who tie" in text
    assert "The rule speaks only of the characters who tie" in text
    # Two who tie behind a clear leader: the leader still finishes alone on top.
    outcomes = peupfudge.opposed_outcomes([8, 0, 0], dice=1)
    assert outcomes.alone_on_top[0] == 1 and outcomes.tie == 0


def test_kotorikhs_sheet_notes_the_map_the_prose_gives_him() -> None:
    text = (DOCS / "peupfudge/examples.md").read_text(encoding="utf-8")
    kit = re.search(r"^\| Kotorikh \| \(just the pack\) \| (.*) \|$", text, re.MULTILINE)
    assert kit and "map" in kit[1].split("; ")
    sheet = text[text.index("### Kotorikh's character sheet") : text.index("### The first night")]
    inventory = sheet[sheet.index("**Inventory**") : sheet.index("**Abilities**")]
    table = "\n".join(line for line in inventory.splitlines() if line.startswith("|"))
    assert "map" not in table
    notes = [
        " ".join(note.split())
        for note in re.findall(r'!!! note "Source note"\n((?: {4}.*\n)+)', inventory)
    ]
    assert any("map" in note and "has no map" in note for note in notes)
