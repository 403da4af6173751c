"""The Danger World GM's spending of botches (widgets/danger_world/_botches.py)."""

from __future__ import annotations

from rules_py.systems import danger_world as dw
from rules_py.widgets._widget import refusals
from tests.widgets.danger_world.helpers import _fences, show, table, texts

# --------------------------------------------------------------------------
# The GM's spending of botches
# --------------------------------------------------------------------------

BOTCHES = "danger-world-botches"


def test_danger_world_botches_offer_every_gm_option_at_its_cost() -> None:
    from rules_py.widgets.danger_world._botches import OPTIONS

    offered = [(int(value[0]), label.split(": ", 1)[1]) for value, label in OPTIONS]
    expected = [
        (o.cost, words) for o in dw.GM_OPTIONS for words in (*o.mechanical, o.narrative) if words
    ]
    assert sorted(offered) == sorted(expected) and len(offered) == 10


def test_danger_world_botches_add_up_and_refuse_spending_more_than_the_check_gave() -> None:
    # The courtyard (Dice Mechanics): 3 botches, a setback met by a difficulty-3 check.
    (fence,) = _fences("botches.md")
    panel = show(BOTCHES, **{k: v for k, v in fence.items() if k != "widget"})
    assert texts(panel) == "3 botches to spend: 3 spent, 0 left."
    assert table(panel, "The setbacks bought")["meaningful consequence"] == [
        "3",
        "difficulty 3 (meaningful)",
    ]
    spent = [{"option": "1m0"}, {"option": "4m0"}]
    panel = show(BOTCHES, botches=6, setbacks=spent)
    assert texts(panel) == "6 botches to spend: 5 spent, 1 left for the GM to spend."
    assert table(panel, "The setbacks bought")["full hit against PC"][0] == "4"
    refused = show(BOTCHES, botches=4, setbacks=spent)
    assert refusals(refused) == [
        "These setbacks cost 5 botches, but the check gave 4 (Danger World, Dice Mechanics)"
    ]
    assert refused["invalid"] == ["setbacks", "botches"]


def test_danger_world_botches_name_a_check_only_for_a_setback_a_check_overcomes() -> None:
    """Issue 27, item 7: a mechanical option (danger up, a threat die, a hit) takes effect
    at once; only a narrative consequence is overcome by a check of its cost's height."""
    bought = [{"option": v} for v in ("1m0", "1m1", "2m0", "2n", "6m0")]
    rows = table(show(BOTCHES, botches=12, setbacks=bought), "The setbacks bought")
    at_once = ["no check: it takes effect at once"]
    assert rows["the character's danger level is increased by one"][1:] == at_once
    assert rows["add a threat die to a challenge"][1:] == at_once
    assert rows["reduced hit against PC"][1:] == at_once
    assert rows["overload hit against PC"][1:] == at_once
    assert rows["minor consequence"] == ["2", "difficulty 2 (minor)"]
    assert not any("difficulty 1" in cell for row in rows.values() for cell in row)
