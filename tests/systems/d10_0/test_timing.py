"""The D10/0 System, Action Quota and Timing: the initiative order and its tie checks.

Orders are worked out here from the rule as the guide gives it (highest Action Quota
first; tied characters check against their Action Quota, a d10 read 0-9), and the
tie checks are replayed from the seeded generator's own faces.
"""

from __future__ import annotations

import random

import pytest

from rules_py.systems.d10_0.timing import (
    MAX_AGENTS,
    MAX_TABLE_AGENTS,
    RoundOfActions,
    allot_action_points,
    initiative_order,
    roll_ties,
)
from rules_py.widgets import WidgetError, answer
from tests.cli_io import cli_error
from tests.widgets.d10_0.helpers import DOCS


def test_the_order_is_by_action_quota_highest_first_with_ties_grouped() -> None:
    quotas = {"Ana": 5, "Bo": 5, "Cy": 4, "Di": 6}
    assert initiative_order(quotas) == (("Di",), ("Ana", "Bo"), ("Cy",))
    assert initiative_order({"Solo": 0}) == (("Solo",),)


@pytest.mark.parametrize(
    ("quotas", "message"),
    [
        ({}, "Name at least one character"),
        ({"Ana": -1}, "Ana's Action Quota is a whole number, 0 or more"),
        ({" ": 3}, "Every character needs a name"),
        ({f"c{i}": 1 for i in range(MAX_AGENTS + 1)}, f"at most {MAX_AGENTS} characters"),
    ],
)
def test_the_order_refuses_what_is_not_a_set_of_characters(
    quotas: dict[str, int], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        initiative_order(quotas)


def test_a_gms_table_orders_more_characters_than_the_rules_pages_tool() -> None:
    quotas = {f"c{i}": i % 4 for i in range(MAX_TABLE_AGENTS)}
    groups = initiative_order(quotas, MAX_TABLE_AGENTS)
    assert [len(g) for g in groups] == [MAX_TABLE_AGENTS // 4] * 4
    order, _ = roll_ties(quotas, random.Random(1), MAX_TABLE_AGENTS)
    assert len(order) == MAX_TABLE_AGENTS and [quotas[n] for n in order[:25]] == [3] * 25
    with pytest.raises(ValueError, match=f"at most {MAX_TABLE_AGENTS} characters"):
        initiative_order({**quotas, "one more": 1}, MAX_TABLE_AGENTS)


def test_tied_characters_check_against_their_quota_and_the_greater_effort_goes_first() -> None:
    quotas = {"Ana": 5, "Bo": 5, "Cy": 4, "Di": 5}
    for seed in range(50):
        order, checks = roll_ties(quotas, random.Random(seed))
        assert order[-1] == "Cy" and sorted(order[:3]) == ["Ana", "Bo", "Di"]
        faces = random.Random(seed)
        first = checks[:3]
        assert [c.name for c in first] == ["Ana", "Bo", "Di"]
        for check in checks:
            face = faces.randrange(10)  # a d10 read 0-9, in the order rolled
            assert check.roll.rolls == (face,) and check.roll.effort == 5 - face
        efforts = {c.name: c.roll.effort for c in first}
        ranked = sorted(efforts.values(), reverse=True)
        assert [efforts[n] for n in order[:3]] == ranked
        if len(set(ranked)) == 3:
            assert len(checks) == 3  # nobody tied again: no second check
        else:
            assert max(c.round for c in checks) >= 2


def test_the_initiative_widget_lists_the_order_and_rolls_only_ties() -> None:
    panel = answer("d10-0-initiative", "show", {"values": {}})
    (table,) = [b for b in panel["blocks"] if b["type"] == "table"]
    # Ana AG 7 FO 4 and Bo AG 5 FO 5 both have Action Quota 5; Cy AG 4 FO 4 has 4.
    assert [r["cells"] for r in table["rows"]] == [
        ["Ana", "1 (tie)", "5"],
        ["Bo", "1 (tie)", "5"],
        ["Cy", "3", "4"],
    ]
    rolled = answer("d10-0-initiative", "roll", {"values": {}, "seed": 4})
    faces = random.Random(4)
    first, second = faces.randrange(10), faces.randrange(10)
    assert [line["total"] for line in rolled["lines"][:2]] == [str(5 - first), str(5 - second)]
    assert rolled["outcome"].startswith("Initiative order: ")
    assert rolled["outcome"].endswith(", Cy")
    again = answer("d10-0-initiative", "roll", {"values": {}, "seed": 4})
    assert again["lines"] == rolled["lines"]
    apart = {"agents": [{"name": "A", "AG": 5, "FO": 5}, {"name": "B", "AG": 3, "FO": 3}]}
    with pytest.raises(WidgetError, match="No characters tie"):
        answer("d10-0-initiative", "roll", {"values": apart})
    twins = {"agents": [{"name": "A", "AG": 5, "FO": 5}, {"name": "A", "AG": 3, "FO": 3}]}
    shown = answer("d10-0-initiative", "show", {"values": twins})
    assert shown["blocks"][0]["text"].startswith("Two characters are called A")


def test_calc_initiative_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from rules_py._cli import main

    assert main(["calc", "d10-0", "initiative", "quotas=Ana:5,Bo:5,Cy:4,Di:6"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "1: Di (6)",
        "2: Ana (5), Bo (5) tied: together if workable, else checks against Action Quota",
        "4: Cy (4)",
    ]
    for words, message in (
        (["quotas=Ana:5,Ana:4"], "each name once (got 'Ana:4')"),
        (["quotas=Ana"], "quotas= is each character's name and Action Quota"),
        (["quotas=Ana:-2"], "Ana's Action Quota is a whole number, 0 or more"),
        ([], "needs quotas="),
    ):
        assert message in cli_error(capsys, "calc", "d10-0", "initiative", *words)


# --------------------------------------------------------------------------
# Action points within rounds (issue 27, item 8)
# --------------------------------------------------------------------------

GUIDE_COSTS = [("Draw a weapon", 1), ("Simple ranged attack", 2), ("Speed loader reload", 4)]
"""Three of the guide's costs: Draw 1, a simple ranged attack 2 (Aim, Shoot), a revolver
reloaded with a speed loader 4 (Open, Clear, Load, Ready)."""


def _said(rounds: tuple[RoundOfActions, ...]) -> list[list[tuple[str, int, int]]]:
    return [[(a.action, a.points, a.paid) for a in r.allotments] for r in rounds]


def test_an_action_takes_points_from_the_next_round_until_its_cost_is_met() -> None:
    # Action Quota 5: 1 + 2 in the first round, the reload starts with the 2 left and
    # finishes with 2 of the next round's refreshed 5, leaving 3.
    rounds = allot_action_points(5, GUIDE_COSTS)
    assert _said(rounds) == [
        [("Draw a weapon", 1, 1), ("Simple ranged attack", 2, 2), ("Speed loader reload", 2, 2)],
        [("Speed loader reload", 2, 4)],
    ]
    assert [(r.reserved, r.unused) for r in rounds] == [(0, 0), (0, 3)]
    assert [a.finished for a in rounds[0].allotments] == [True, True, False]


def test_points_kept_back_for_reactions_are_kept_every_round() -> None:
    # A complex machine costing 10 at an Action Quota of 3, 1 kept back: 2 a round.
    rounds = allot_action_points(3, [("Machine", 10)], reserve=1)
    assert [r.allotments[0].paid for r in rounds] == [2, 4, 6, 8, 10]
    assert all(r.reserved == 1 and r.unused == 0 for r in rounds)
    assert rounds[-1].allotments[0].finished


def test_the_quota_is_refreshed_not_added_to() -> None:
    # Unused points do not carry: 3 unused in round 1 leave round 2 with 4, not 7.
    rounds = allot_action_points(4, [("Aim and shoot", 2), ("Pick the lock", 4)], reserve=0)
    assert _said(rounds) == [
        [("Aim and shoot", 2, 2), ("Pick the lock", 2, 2)],
        [("Pick the lock", 2, 4)],
    ]
    assert rounds[1].unused == 2


@pytest.mark.parametrize(
    ("quota", "actions", "reserve", "message"),
    [
        (0, [("Draw", 1)], 0, "An Action Quota of 0 has no action points"),
        (3, [("Draw", 1)], 3, "Keeping 3 of an Action Quota of 3 back for reactions"),
        (3, [], 0, "Name at least one action"),
        (3, [("Draw", 0)], 0, "Draw's cost is a whole number of action points from 1 to 100"),
        (3, [(" ", 1)], 0, "Every action needs a name"),
        (1, [("Long", 100), ("Longer", 100)], 0, "take more than the 100 rounds"),
    ],
)
def test_impossible_allotments_are_refused(
    quota: int, actions: list[tuple[str, int]], reserve: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        allot_action_points(quota, actions, reserve)


def test_calc_action_points_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from rules_py._cli import main

    assert main(["calc", "d10-0", "action_points", "quota=5", "actions=Draw:1,Shoot:2,4"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "round 1: Draw: 1 point (done); Shoot: 2 points (done); action 3: 2 points (2 of 4 so far)",
        "round 2: action 3: 2 points (done); 3 unused",
    ]
    assert main(["calc", "d10-0", "action_points", "quota=3", "actions=3", "reserve=1"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "round 1: action 1: 2 points (2 of 3 so far); 1 kept back for reactions",
        "round 2: action 1: 1 point (done); 1 kept back for reactions; 1 unused",
    ]
    for words, message in (
        (["quota=3", "actions=Draw:x"], "actions= is each action's cost"),
        (["quota=3"], "needs actions="),
        (["actions=2"], "needs quota="),
    ):
        assert message in cli_error(capsys, "calc", "d10-0", "action_points", *words)


def test_the_action_points_widget_shows_each_round() -> None:
    panel = answer("d10-0-action-points", "show", {"values": {}})
    assert panel["blocks"][0]["text"] == (
        "3 actions costing 7 action points take 2 rounds at an Action Quota of 5."
    )
    (table,) = [b for b in panel["blocks"] if b["type"] == "table"]
    assert [r["cells"] for r in table["rows"]] == [
        [
            "1",
            "Draw a weapon: 1 point (done); Simple ranged attack: 2 points (done); "
            "Reload a revolver with a speed loader: 2 points (2 of 4 so far)",
            "0",
            "0",
        ],
        ["2", "Reload a revolver with a speed loader: 2 points (done)", "0", "3"],
    ]
    refused = answer("d10-0-action-points", "show", {"values": {"quota": 2, "reserve": 2}})
    assert refused["invalid"] == ["reserve", "quota"]


def test_the_timing_page_carries_the_tool_and_states_the_refresh_reading() -> None:
    page = " ".join((DOCS / "action-quota-and-timing.md").read_text().split())
    assert "widget: d10-0-action-points" in page
    assert 'read "refreshed" as filled back up to the Action Quota' in page
