"""Peupfudge widgets, checked against the numbers the source prints (draft of 2022-08-19)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from pymdownx.superfences import SuperFencesException

from rules_py.dice import reseed
from rules_py.markdown.widget import parse_settings
from rules_py.systems import peupfudge as pf
from rules_py.widgets import WIDGETS, WidgetError, answer
from tests.sources import PEUPFUDGE_PROBABILITY_REFERENCE
from tests.widgets.panels import roll, show

DOCS = Path(__file__).resolve().parents[2] / "docs" / "peupfudge"

FACES = {"−": -1, " ": 0, "+": 1}
"""How roll_parts draws a Fudge die: minus, blank, plus."""

# Appendix D Probability Reference as printed: P(NdF >= D), D = -5..5.
SOURCE_TABLE = PEUPFUDGE_PROBABILITY_REFERENCE

RACE = [
    {"name": "Gromanno", "L": 2, "A": 1},
    {"name": "Nyrv", "L": 5, "A": -1},
    {"name": "Polthova", "L": 8, "A": 0},
]
"""Example 4: Fitness and additional factors of the three racers."""

KOTORIKH = [
    {"name": "Muscle", "xp": 0},
    {"name": "Charisma", "xp": 0},
    {"name": "Perception", "xp": 19, "bonus": 7},
    {"name": "Knowledge", "xp": 31},
]
OBAZANA = [
    {"name": "Muscle", "xp": 21},
    {"name": "Charisma", "xp": 13},
    {"name": "Perception", "xp": 7},
    {"name": "Knowledge", "xp": 9},
]


def blocks(name: str, **values: Any) -> list[dict[str, Any]]:
    panel = show(name, **values)
    assert panel["invalid"] == []
    assert [b for b in panel["blocks"] if b["type"] == "error"] == []
    return panel["blocks"]


def refusal(name: str, **values: Any) -> str:
    errors = [b["text"] for b in show(name, **values)["blocks"] if b["type"] == "error"]
    assert errors, "the values should have been refused"
    return errors[0]


def of_type(found: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [b for b in found if b["type"] == kind]


def table_rows(found: list[dict[str, Any]], index: int = 0) -> dict[str, dict[str, Any]]:
    """A table's rows by their first cell: cells and titles keyed by the header (a sheet's
    last column of roll buttons has no cells: each row's ``check`` is kept instead)."""
    block = of_type(found, "table")[index]
    head = block["head"][:-1] if block["head"][-1] == "Roll" else block["head"]
    return {
        row["cells"][0]: {
            "cells": dict(zip(head, row["cells"], strict=True)),
            "titles": dict(zip(head, row["titles"], strict=True)),
            "hit": row["hit"],
            "check": row.get("check"),
        }
        for row in block["rows"]
    }


def facts_of(found: list[dict[str, Any]]) -> dict[str, str]:
    return {item["label"]: item["value"] for item in of_type(found, "facts")[0]["items"]}


def faces(line: dict[str, Any]) -> list[int]:
    """The Fudge dice a roll line shows, as numbers."""
    return [FACES[part["text"]] for part in line["parts"] if part["kind"] == "die"]


# --------------------------------------------------------------------------
# Registry and defaults
# --------------------------------------------------------------------------


def test_peupfudge_widgets_are_registered() -> None:
    names = {
        "peupfudge-action",
        "peupfudge-opposed",
        "peupfudge-xp",
        "peupfudge-xp-panel",
        "peupfudge-probability",
    }
    assert names <= set(WIDGETS)


@pytest.mark.parametrize("name", sorted(n for n in WIDGETS if n.startswith("peupfudge-")))
def test_peupfudge_widget_defaults_are_valid(name: str) -> None:
    panel = show(name)
    assert panel["invalid"] == []
    assert all(b["type"] != "error" for b in panel["blocks"])
    if WIDGETS[name].roll is not None:
        reseed(1)
        assert roll(name)["lines"]


# --------------------------------------------------------------------------
# Action check (Peupfudge, 2 Actions)
# --------------------------------------------------------------------------


def test_example_1_magical_bridge_needs_plus_2_on_4df() -> None:
    found = blocks("peupfudge-action", L=6, A=-1, D=7, dice=4)
    assert "needs R ≥ +2 on 4dF" in found[0]["text"]
    assert "5/27 (18.52%)" in found[0]["text"]
    rows = table_rows(found)
    assert rows["Success (L + A + R ≥ 7)"]["titles"]["Chance"] == "5/27"
    assert rows["Failure (L + A + R < 7)"]["titles"]["Chance"] == "22/27"
    # Relative performance L + A + R - D runs from 5 - 4 - 7 to 5 + 4 - 7; 0 and up are hits.
    bars = of_type(found, "chart")[0]["chart"]["bars"]
    assert [b["title"].split(":")[0] for b in bars] == [str(n) for n in range(-6, 3)]
    assert [b["hit"] for b in bars] == [False] * 6 + [True] * 3


def test_example_3_archers_shot_about_one_in_five() -> None:
    found = blocks("peupfudge-action", L=2, A=0, D=4)
    assert table_rows(found)["Success (L + A + R ≥ 4)"]["titles"]["Chance"] == "5/27"
    assert pf.action_outcomes(2, 0, 4)["success"] == Fraction(5, 27)


def test_action_level_equal_to_difficulty_succeeds_50_in_81() -> None:
    found = blocks("peupfudge-action")  # the defaults: L = 4, A = 0, D = 4, 4dF
    assert "50/81" in found[0]["text"]


@pytest.mark.parametrize(
    ("level", "extra", "difficulty", "dice"),
    [(0, 0, 0, 1), (3, -2, 5, 6), (-43, 0, -42, 1), (10, 5, -3, 9), (1, 1, 12, 9)],
)
def test_action_chance_is_the_rules_modules(
    level: int, extra: int, difficulty: int, dice: int
) -> None:
    found = blocks("peupfudge-action", L=level, A=extra, D=difficulty, dice=dice)
    success = pf.success_chance(level, extra, difficulty, dice)
    assert table_rows(found)[f"Success (L + A + R ≥ {difficulty})"]["titles"]["Chance"] == str(
        success
    )


def test_action_out_of_reach_and_certain() -> None:
    assert "cannot succeed" in blocks("peupfudge-action", L=0, A=0, D=5, dice=4)[0]["text"]
    assert "0 (impossible)" in blocks("peupfudge-action", L=0, A=0, D=5, dice=4)[0]["text"]
    assert "cannot fail" in blocks("peupfudge-action", L=4, A=0, D=0, dice=4)[0]["text"]
    assert "1 (certain)" in blocks("peupfudge-action", L=4, A=0, D=0, dice=4)[0]["text"]


@pytest.mark.parametrize("seed", range(25))
def test_example_1_rolled_bridge_outcome_matches_the_dice(seed: int) -> None:
    reseed(seed)
    view = roll("peupfudge-action", L=6, A=-1, D=7, dice=4)
    (line,) = view["lines"]
    dice = faces(line)
    assert len(dice) == 4
    r = sum(dice)
    assert line["total"] == str(r)
    total = 6 - 1 + r
    verdict = "Success" if total >= 7 else "Failure"
    assert view["outcome"].startswith(f"{verdict}: L + A + R = ")
    assert f" = {total} " in view["outcome"]
    assert view["outcome"].endswith(f"relative performance {total - 7:+d}")


def test_action_roll_with_one_die_shows_one_face() -> None:
    reseed(4)
    (line,) = roll("peupfudge-action", L=2, A=0, D=2, dice=1)["lines"]
    assert len(faces(line)) == 1


def test_action_refuses_more_than_nine_dice() -> None:
    panel = show("peupfudge-action", dice=10)
    assert panel["invalid"] == ["dice"]
    assert "from 1 to 9" in panel["blocks"][0]["text"]
    with pytest.raises(WidgetError, match="from 1 to 9"):
        roll("peupfudge-action", dice=0)
    assert "whole number" in refusal("peupfudge-action", L="four")


# --------------------------------------------------------------------------
# Opposed action (Peupfudge, 2 Opposed Actions)
# --------------------------------------------------------------------------


def test_example_4_race_for_the_marbles_odds() -> None:
    found = blocks("peupfudge-opposed", participants=RACE, dice=3)
    rows = table_rows(found)
    assert rows["Gromanno"]["titles"]["Alone on top"] == "23/19683"
    assert rows["Nyrv"]["titles"]["Alone on top"] == "62/6561"
    assert rows["Polthova"]["titles"]["Alone on top"] == "18790/19683"
    assert rows["Tie for the top (nobody wins)"]["titles"]["Alone on top"] == "76/2187"
    assert rows["Nyrv"]["cells"]["L + A"] == "5 - 1 = 4"
    assert rows["Polthova"]["hit"] and not rows["Nyrv"]["hit"]
    alone = [Fraction(rows[n]["titles"]["Alone on top"]) for n in ("Gromanno", "Nyrv", "Polthova")]
    assert sum(alone) + Fraction(76, 2187) == 1
    assert "Polthova, 18790/19683" in found[0]["text"]


@pytest.mark.parametrize("seed", range(25))
def test_example_4_race_roll_names_the_winner_or_the_tie(seed: int) -> None:
    reseed(seed)
    view = roll("peupfudge-opposed", participants=RACE, dice=3)
    assert [line["label"] for line in view["lines"]] == ["Gromanno", "Nyrv", "Polthova"]
    totals = []
    for line, racer in zip(view["lines"], RACE, strict=True):
        dice = faces(line)
        assert len(dice) == 3
        total = racer["L"] + racer["A"] + sum(dice)
        assert line["total"] == str(total)
        totals.append(total)
    top = pf.opposed_top(totals)
    if top is not None:
        assert view["outcome"].startswith(f"{RACE[top]['name']} wins with {totals[top]}")
    else:
        assert view["outcome"].startswith(f"Tie for the top at {max(totals)} between ")


def test_example_4_race_as_printed_nyrv_wins() -> None:
    # Rolled 0, +2 and -3: totals 3, 6 and 5.
    assert pf.opposed_top([2 + 1 + 0, 5 - 1 + 2, 8 + 0 - 3]) == 1


def test_example_5_arm_wrestling_bouts_are_decided_before_the_dice() -> None:
    bout_1 = table_rows(
        blocks(
            "peupfudge-opposed",
            dice=1,
            participants=[{"name": "Hobbit", "L": 2}, {"name": "Cyborg", "L": 5}],
        )
    )
    assert bout_1["Cyborg"]["titles"]["Alone on top"] == "1"
    assert bout_1["Tie for the top (nobody wins)"]["titles"]["Alone on top"] == "0"
    ant = [{"name": "Hobbit", "L": 2, "A": -1}, {"name": "Ant", "L": -43, "A": 0}]
    assert (
        table_rows(blocks("peupfudge-opposed", dice=1, participants=ant))["Hobbit"]["titles"][
            "Alone on top"
        ]
        == "1"
    )
    for seed in range(10):
        reseed(seed)
        view = roll("peupfudge-opposed", dice=1, participants=ant)
        assert view["outcome"].startswith("Hobbit wins with ")
        assert view["lines"][1]["parts"][-1]["text"] == "− 43"


def test_opposed_tie_names_everyone_who_tied() -> None:
    even = [{"name": "Ann", "L": 1}, {"name": "Bo", "L": 1}]
    for seed in range(50):
        reseed(seed)
        view = roll("peupfudge-opposed", dice=1, participants=even)
        totals = [int(line["total"]) for line in view["lines"]]
        if totals[0] == totals[1]:
            assert view["outcome"].startswith(
                f"Tie for the top at {totals[0]} between Ann and Bo: nobody wins"
            )
            break
    else:  # pragma: no cover - 50 rolls of 1dF without a tie
        pytest.fail("no tie in 50 rolls")


def test_opposed_even_match_names_both_leaders() -> None:
    found = blocks("peupfudge-opposed", participants=[{"name": "Ann"}, {"name": "Bo"}])
    assert "Ann and Bo, 98/243 (40.33%) each" in found[0]["text"]
    assert "47/243" in found[0]["text"]


def test_opposed_blank_and_repeated_names_are_numbered() -> None:
    rows = table_rows(
        blocks(
            "peupfudge-opposed",
            participants=[{"name": ""}, {"name": "Orc"}, {"name": "Orc"}],
        )
    )
    assert {"Participant 1", "Orc (2)", "Orc (3)"} <= set(rows)


def test_opposed_needs_two_to_six_participants() -> None:
    assert "from 2 to 6 participants (got 1)" in refusal(
        "peupfudge-opposed", participants=[{"name": "Solo"}]
    )
    assert "(got 7)" in refusal("peupfudge-opposed", participants=[{"L": n} for n in range(7)])
    assert "Participant 2: L must be from -100 to 100" in refusal(
        "peupfudge-opposed", participants=[{"L": 1}, {"L": 101}]
    )
    with pytest.raises(WidgetError, match="unknown"):
        roll("peupfudge-opposed", participants=[{"L": 1}, {"level": 2}])


# --------------------------------------------------------------------------
# XP (Peupfudge, 1.1 Abilities and Intrinsic Aptitude)
# --------------------------------------------------------------------------


def test_example_1_construction_magic_has_29_of_64() -> None:
    found = blocks("peupfudge-xp", level=6, progress=22, xp=7)
    fact = facts_of(found)
    assert fact["Before"] == "6 (+22/64)"
    assert fact["Result"] == "6 (+29/64)"
    assert fact["Next level costs"] == "64 XP"
    assert "no level gained; 35 more XP reach level 7" in found[0]["text"]


def test_example_1_mycology_three_xp_buy_two_levels() -> None:
    found = blocks("peupfudge-xp", xp=3)
    assert facts_of(found)["Result"] == "2"
    steps = table_rows(found)
    assert steps["Level 0 → 1"]["cells"]["XP"] == "1"
    assert steps["Level 1 → 2"]["cells"]["XP"] == "2"
    assert steps["Left as progress toward level 3"]["cells"]["XP"] == "0"


def test_example_2_talented_observer_bonus_gives_11_of_16() -> None:
    fact = facts_of(blocks("peupfudge-xp", level=0, xp=19, bonus=7))
    assert fact["After the XP"] == "4 (+4/16)"
    assert fact["Result"] == "4 (+11/16)"
    assert fact["XP in this ability since level 0"] == "26"
    # The sheet's +5 would not give the printed 11/16.
    assert (
        facts_of(blocks("peupfudge-xp", level=4, progress=4, xp=0, bonus=5))["Result"]
        == "4 (+9/16)"
    )


def test_example_3_year_of_training_is_level_4_and_9_of_16() -> None:
    found = blocks("peupfudge-xp", xp=24)
    assert facts_of(found)["Result"] == "4 (+9/16)"
    assert table_rows(found)["Left as progress toward level 5"]["cells"]["XP"] == "9"


def test_example_5_hobbit_modifier_leaves_the_cost_alone() -> None:
    fact = facts_of(blocks("peupfudge-xp", level=3, modifier=-1, xp=9))
    assert fact["Result"] == "4 (+1/16)"
    assert fact["Modified level (L in actions)"] == "4 - 1 = 3"
    assert fact["Next level costs"] == "16 XP"


def test_xp_refuses_progress_that_would_have_bought_the_level() -> None:
    message = refusal("peupfudge-xp", level=4, progress=16)
    assert "Progress must be from 0 to 15 at level 4, got 16" in message
    assert "the next level costs 16 XP" in message
    assert "Peupfudge, 1.1 Abilities" in message


def test_xp_refuses_negative_levels_and_xp() -> None:
    assert "Unmodified level must be from 0 to 40, got -1" in refusal("peupfudge-xp", level=-1)
    assert "XP to allocate must be from 0" in refusal("peupfudge-xp", xp=-3)
    assert WIDGETS["peupfudge-xp"].roll is None


# --------------------------------------------------------------------------
# XP panel
# --------------------------------------------------------------------------


def test_example_2_kotorikh_panel_matches_the_source() -> None:
    found = blocks("peupfudge-xp-panel", character="Kotorikh", award=50, abilities=KOTORIKH)
    rows = table_rows(found)
    assert of_type(found, "table")[0]["caption"] == "Kotorikh: abilities and XP"
    assert rows["Perception"]["cells"]["After XP"] == "4 (+4/16)"
    assert {name: row["cells"]["With bonus"] for name, row in rows.items()} == {
        "Muscle": "0",
        "Charisma": "0",
        "Perception": "4 (+11/16)",
        "Knowledge": "5",
    }
    fact = facts_of(found)
    assert (fact["XP awarded"], fact["XP allocated"], fact["Left to allocate"]) == ("50", "50", "0")
    assert fact["XP bonuses (free)"] == "7"


def test_example_2_obazana_panel_matches_the_source() -> None:
    found = blocks("peupfudge-xp-panel", character="Obazana", award=50, abilities=OBAZANA)
    rows = table_rows(found)
    assert "With bonus" not in of_type(found, "table")[0]["head"]
    assert {name: row["cells"]["After XP"] for name, row in rows.items()} == {
        "Muscle": "4 (+6/16)",
        "Charisma": "3 (+6/8)",
        "Perception": "3",
        "Knowledge": "3 (+2/8)",
    }
    assert facts_of(found)["Left to allocate"] == "0"


def test_example_1_panel_shares_out_ten_xp() -> None:
    found = blocks(
        "peupfudge-xp-panel",
        award=10,
        abilities=[
            {"name": "Construction Magic", "level": 6, "progress": 22, "xp": 7},
            {"name": "Mycology", "xp": 3},
        ],
    )
    rows = table_rows(found)
    assert rows["Construction Magic"]["cells"]["After XP"] == "6 (+29/64)"
    assert rows["Construction Magic"]["cells"]["Next level"] == "64 XP (35 to go)"
    assert rows["Mycology"]["cells"]["After XP"] == "2"


def test_example_5_training_panel_modified_levels() -> None:
    rows = table_rows(
        blocks(
            "peupfudge-xp-panel",
            abilities=[
                {"name": "Hobbit", "level": 3, "modifier": -1, "xp": 9},
                {"name": "Cyborg", "level": 3, "modifier": 2},
                {"name": "Ant", "level": 7, "modifier": -50, "xp": 128},
            ],
        )
    )
    assert rows["Hobbit"]["cells"]["After XP"] == "4 (+1/16)"
    assert rows["Hobbit"]["cells"]["L in actions"] == "4 - 1 = 3"
    assert rows["Cyborg"]["cells"]["L in actions"] == "3 + 2 = 5"
    assert rows["Ant"]["cells"]["L in actions"] == "8 - 50 = -42"


def test_panel_refuses_more_xp_than_awarded() -> None:
    message = refusal("peupfudge-xp-panel", award=49, abilities=OBAZANA)
    assert message.startswith("50 XP allocated but only 49 XP awarded")
    assert show("peupfudge-xp-panel", award=49, abilities=OBAZANA)["invalid"] == [
        "award",
        "abilities",
    ]


def test_panel_refusal_names_the_ability() -> None:
    message = refusal(
        "peupfudge-xp-panel", abilities=[{"name": "Archery", "level": 2, "progress": 4}]
    )
    assert message.startswith("Archery: Progress must be from 0 to 3 at level 2, got 4")


def test_panel_exports_and_imports_a_sheet() -> None:
    values = {"character": "Obazana", "award": 50, "abilities": OBAZANA}
    saved = answer("peupfudge-xp-panel", "export", {"values": values})
    loaded = answer("peupfudge-xp-panel", "import", {"text": saved["text"]})
    assert loaded["values"]["abilities"][0]["xp"] == 21
    broken = json.loads(saved["text"])
    broken["values"]["award"] = 10
    with pytest.raises(WidgetError, match="breaks a rule: 50 XP allocated"):
        answer("peupfudge-xp-panel", "import", {"text": json.dumps(broken)})


# --------------------------------------------------------------------------
# Probability reference (Peupfudge, Appendix D)
# --------------------------------------------------------------------------


def test_probability_table_matches_the_source() -> None:
    found = blocks("peupfudge-probability")
    table = of_type(found, "table")[0]
    assert table["head"] == ["", *(f"≥ {d}" for d in range(-5, 6))]
    printed = {row["cells"][0]: " ".join(row["cells"][1:]) for row in table["rows"]}
    assert printed == {f"{n}dF": entries for n, entries in SOURCE_TABLE.items()}
    assert [row["hit"] for row in table["rows"]] == [n == 4 for n in range(1, 10)]


def test_probability_table_titles_are_exact() -> None:
    rows = table_rows(blocks("peupfudge-probability"))
    assert rows["7dF"]["titles"]["≥ -5"] == "2179/2187"  # printed 1.00, not certain
    assert rows["4dF"]["titles"]["≥ 0"] == "50/81"
    assert rows["1dF"]["titles"]["≥ 2"] == "0"


def test_probability_table_widens_to_25_columns_and_no_further() -> None:
    table = of_type(blocks("peupfudge-probability", n_from=9, n_to=9, d_from=-12, d_to=12), "table")
    assert len(table[0]["head"]) == 26
    assert table[0]["rows"][0]["titles"][-1] == "0"
    assert "At most 25 columns" in refusal("peupfudge-probability", d_from=-13, d_to=12)
    assert "must not be more than" in refusal("peupfudge-probability", n_from=5, n_to=4)
    assert "must not be more than" in refusal("peupfudge-probability", d_from=3, d_to=2)
    assert "from 1 to 9" in refusal("peupfudge-probability", n_to=10)
    # Each refusal marks the fields it is about.
    for values, invalid in [
        ({"d_from": -13, "d_to": 12}, ["d_from", "d_to"]),
        ({"n_from": 5, "n_to": 4}, ["n_from", "n_to"]),
        ({"n_to": 10}, ["n_to"]),
    ]:
        assert show("peupfudge-probability", **values)["invalid"] == invalid


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


FENCE = re.compile(r"^```widget\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _page_fences() -> list[tuple[str, str]]:
    return [
        (page.name, match.group(1))
        for page in sorted(DOCS.glob("*.md"))
        for match in FENCE.finditer(page.read_text(encoding="utf-8"))
    ]


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


# --------------------------------------------------------------------------
# Playing a character: rolls on the sheet, XP and statuses, "Use my sheet"
# (Peupfudge, 1 Characters; 1.1 Abilities; 2 Actions)
# --------------------------------------------------------------------------

ENERGY = {"name": "Energy", "current": -1, "minimum": -2, "maximum": 1}
"""Example 2's one status, as Kotorikh's sheet draws it: Tired (-1) of -2 to 1."""

KOTORIKH_SHEET = {
    "character": "Kotorikh",
    "award": 50,
    "D": 3,
    "A": -1,
    "statuses": [ENERGY],
    "abilities": KOTORIKH,
}
"""Example 2: Kotorikh after his starting XP, Tired, facing the bandit (D = 3, A = -1)."""


def check(values: dict[str, Any], key: str, seed: int = 7) -> dict[str, Any]:
    return answer("peupfudge-xp-panel", "check", {"values": values, "check": key, "seed": seed})


def test_a_sheet_row_rolls_its_ability_and_names_the_character() -> None:
    rows = table_rows(blocks("peupfudge-xp-panel", **KOTORIKH_SHEET))
    assert rows["Perception"]["check"] == {
        "key": "ability:2",
        "label": "Roll Perception against D = 3 on 4dF, A = -1",
    }
    view = check(KOTORIKH_SHEET, "ability:2")
    assert view["what"] == "Kotorikh: Perception (L = 4) against D = 3 on 4dF, A = -1"
    assert view["log"]["what"] == view["what"]
    (line,) = view["lines"]
    r = sum(faces(line))
    assert len(faces(line)) == 4 and line["total"] == str(r)
    total = 4 - 1 + r
    verdict = "Success" if total >= 3 else "Failure"
    assert view["outcome"].startswith(f"{verdict}: L + A + R = 4 - 1")
    assert view["outcome"].endswith(f"relative performance {total - 3:+d}")


@pytest.mark.parametrize("seed", range(20))
def test_a_sheet_check_is_the_action_rollers_roll_for_the_same_seed(seed: int) -> None:
    sheet = check(KOTORIKH_SHEET, "ability:3", seed)  # Knowledge 5
    action = answer(
        "peupfudge-action",
        "roll",
        {"values": {"L": 5, "A": -1, "D": 3, "dice": 4, "use_sheet": False}, "seed": seed},
    )
    assert sheet["lines"] == action["lines"] and sheet["outcome"] == action["outcome"]
    assert check(KOTORIKH_SHEET, "ability:3", seed)["lines"] == sheet["lines"]


def test_a_sheet_check_rolls_the_sheets_dice_and_the_modified_level() -> None:
    hobbit = {
        "character": "Hobbit",
        "D": 3,
        "dice": 1,
        "abilities": [{"name": "Strength", "level": 3, "modifier": -1, "xp": 9}],
    }
    view = check(hobbit, "ability:0", 3)
    assert view["what"] == "Hobbit: Strength (L = 4 - 1 = 3) against D = 3 on 1dF"
    assert len(faces(view["lines"][0])) == 1
    assert view["outcome"].startswith(
        ("Success: L + A + R = 3 + 0 ", "Failure: L + A + R = 3 + 0 ")
    )
    unnamed = check({**hobbit, "character": ""}, "ability:0")
    assert unnamed["what"].startswith("Unnamed character: Strength")


@pytest.mark.parametrize(
    ("values", "key", "message"),
    [
        (KOTORIKH_SHEET, "ability:4", "the sheet has no check 'ability:4'"),
        (KOTORIKH_SHEET, "skill:0", "the sheet has no check 'skill:0'"),
        (
            {**KOTORIKH_SHEET, "award": 49},
            "ability:0",
            "Mend the sheet first: 50 XP allocated but only 49 XP awarded",
        ),
        (
            {"abilities": [{"name": "Archery", "level": 2, "progress": 4}]},
            "ability:0",
            "Mend the sheet first: Archery: Progress must be from 0 to 3 at level 2",
        ),
        ({**KOTORIKH_SHEET, "dice": 10}, "ability:0", "from 1 to 9"),
    ],
)
def test_a_check_the_sheet_cannot_make_is_refused(
    values: dict[str, Any], key: str, message: str
) -> None:
    with pytest.raises(WidgetError, match=re.escape(message)):
        check(values, key)


def test_statuses_are_shown_with_their_range() -> None:
    found = blocks("peupfudge-xp-panel", **KOTORIKH_SHEET)
    assert "Statuses: Energy -1 (from -2 to 1)." in [b["text"] for b in of_type(found, "text")]
    assert "Statuses" not in json.dumps(blocks("peupfudge-xp-panel"))


@pytest.mark.parametrize(
    ("status", "message"),
    [
        ({"current": 2}, "Statuses: Energy: it is at 2, above its highest state (1)"),
        ({"current": -3}, "Statuses: Energy: it is at -3, below its lowest state (-2)"),
        ({"minimum": 2}, "Statuses: Energy: its lowest state (2) is above its highest (1)"),
        ({"name": ""}, None),
    ],
)
def test_a_status_out_of_its_range_is_refused_by_name(
    status: dict[str, Any], message: str | None
) -> None:
    statuses = [{"name": "Health", "current": 5, "maximum": 10}, {**ENERGY, **status}]
    panel = show("peupfudge-xp-panel", **{**KOTORIKH_SHEET, "statuses": statuses})
    errors = [b["text"] for b in panel["blocks"] if b["type"] == "error"]
    if message is None:  # a blank name is numbered, and in range it is fine
        assert errors == [] and panel["invalid"] == []
        assert "Status 2 -1 (from -2 to 1)" in json.dumps(panel["blocks"])
        return
    assert errors == [message] and panel["invalid"] == ["statuses"]
    # the rest of the sheet still shows, its rolls with it
    assert table_rows(panel["blocks"])["Knowledge"]["check"]["key"] == "ability:3"


def test_the_sheet_tracks_xp_awarded_and_each_statuss_state() -> None:
    fields = {f.name: f for f in WIDGETS["peupfudge-xp-panel"].fields}
    assert fields["award"].track  # type: ignore[union-attr]
    cells = {c.name: c for c in fields["statuses"].cells}  # type: ignore[union-attr]
    assert cells["current"].track and not cells["maximum"].track  # type: ignore[union-attr]
    assert WIDGETS["peupfudge-xp-panel"].play_fields == ("D", "A", "dice", "statuses")
    too_many = show("peupfudge-xp-panel", **{**KOTORIKH_SHEET, "award": 10})
    assert too_many["invalid"] == ["award", "abilities"]


def test_a_sheet_saved_before_it_played_still_reads() -> None:
    """A reader's sheet from before (no D, A, dice or statuses) shows and rolls as it was."""
    old = {"character": "Obazana", "award": 50, "abilities": OBAZANA}
    assert of_type(blocks("peupfudge-xp-panel", **old), "table")
    view = check(old, "ability:0")
    assert view["what"] == "Obazana: Muscle (L = 4) against D = 4 on 4dF"


def action(source: dict[str, Any] | None = None, **values: Any) -> dict[str, Any]:
    args: dict[str, Any] = {"values": values}
    if source is not None:
        args["source"] = source
    return answer("peupfudge-action", "show", args)


def test_use_my_sheet_takes_l_from_the_named_ability() -> None:
    panel = action(KOTORIKH_SHEET, ability="perception", D=3, A=-1)
    assert panel["set"] == {"L": 4} and panel["taken"] == ["L"]
    assert panel["blocks"][0]["text"] == "From Kotorikh's sheet: Perception, L = 4."
    assert "L = 4, A = -1, D = 3" in panel["blocks"][1]["text"]
    first = action(KOTORIKH_SHEET)
    assert first["set"] == {"L": 0}
    assert first["blocks"][0]["text"] == "From Kotorikh's sheet: Muscle, L = 0."
    hobbit = {"abilities": [{"name": "Strength", "level": 3, "modifier": -1, "xp": 9}]}
    assert action(hobbit)["blocks"][0]["text"] == "From your sheet: Strength, L = 4 - 1 = 3."
    assert action(hobbit)["set"] == {"L": 3}


def test_use_my_sheet_says_when_it_cannot_and_steps_aside_when_off() -> None:
    missing = action(KOTORIKH_SHEET, ability="Archery", L=2)
    assert missing["set"] == {} and missing["taken"] == []
    assert missing["blocks"][0]["text"] == (
        "Kotorikh's sheet has no ability called 'Archery': it has Muscle, Charisma, "
        "Perception and Knowledge. L is the one entered here."
    )
    off = action(KOTORIKH_SHEET, use_sheet=False, L=2)
    assert off["set"] == {} and off["unused"] == ["ability"]
    assert off["blocks"][0]["text"].startswith("L + A + R ≥ D with L = 2")
    alone = action(None, L=2)
    assert alone["set"] == {} and "use_sheet" in alone["unused"]


def test_the_action_roller_rolls_again_from_its_seed() -> None:
    args = {"values": {"L": 4, "A": -1, "D": 3}, "seed": 11}
    first = answer("peupfudge-action", "roll", args)
    assert answer("peupfudge-action", "roll", args)["lines"] == first["lines"]
    assert len(faces(first["lines"][0])) == 4


def test_play_page_keeps_the_character_in_the_store_the_reference_sheet_saves_to() -> None:
    """The sheet readers filled before Play pages is the bare one on the reference sheet:
    its fence now has the store, so the page adopts what was saved under its old key,
    and the Play page plays the same characters."""
    stores = {}
    for page in ("play.md", "reference-sheet.md"):
        for body in (b for p, b in _page_fences() if p == page):
            widget, values, store, play = parse_settings(body)
            if widget.name == "peupfudge-xp-panel":
                stores[page] = (store, play, values)
    assert stores["reference-sheet.md"][:2] == ("peupfudge-character", False)
    assert stores["play.md"][:2] == ("peupfudge-character", True)
    # Play's sheet is example 2's Kotorikh, and his Perception roll is the source's
    kotorikh = stores["play.md"][2]
    assert check(kotorikh, "ability:2")["what"].startswith(
        "Kotorikh: Perception (L = 4) against D = 3 on 4dF, A = -1"
    )
    from rules_py.widgets.peupfudge import STORE

    assert STORE == "peupfudge-character"
