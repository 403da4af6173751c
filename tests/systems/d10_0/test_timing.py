"""The D10/0 System, Action Quota and Timing: the initiative order and its tie checks.

Orders are worked out here from the rule as the guide gives it (highest Action Quota
first; tied characters check against their Action Quota, a d10 read 0-9), and the
tie checks are replayed from the seeded generator's own faces.
"""

from __future__ import annotations

import random

import pytest

from rules_py.systems.d10_0.timing import MAX_AGENTS, initiative_order, roll_ties
from rules_py.widgets import WidgetError, answer
from tests.cli_io import cli_error


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
