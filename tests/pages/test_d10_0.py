"""The D10/0 System rules pages: nav, credit, and every table the guide gives, as rendered.

The expected rows are transcribed from ../shared/seeds/d10-0-system.txt (The D10/0 System
reference guide); the derived tables (chances, ranges, worked adjustments) are recomputed
here from the rules the pages state, so an arithmetic slip on a page fails a test.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from tests.rules_pages import (
    DOCS,
    PageHtml,
    broken_links,
    nav_titles,
    parse_page,
    section_pages,
    source_notes,
    table_rows,
)

SECTION = DOCS / "d10-0"
SNIPPET = '--8<-- "includes/d10-0-abbreviations.md"'


def _section_pages() -> list[str]:
    return section_pages("The D10/0 System")


def _page(name: str) -> PageHtml:
    return parse_page(SECTION / name)


def _notes(name: str) -> str:
    """Every Source note on page `name`, joined, in single spaces."""
    return " ".join(source_notes(SECTION / name))


def _table(name: str, header: list[str]) -> list[list[str]]:
    """The body rows of the table on page `name` whose header row is `header`."""
    return table_rows(SECTION / name, header)


# Nav, files and credit -------------------------------------------------------------


def test_section_follows_peupfudge_in_the_nav() -> None:
    titles = nav_titles()
    assert titles.index("The D10/0 System") == titles.index("Peupfudge") + 1


def test_every_nav_page_exists_and_every_page_is_in_the_nav() -> None:
    pages = _section_pages()
    assert pages[0] == "d10-0/index.md"
    for page in pages:
        assert (DOCS / page).is_file(), page
    on_disk = {f"d10-0/{p.name}" for p in SECTION.glob("*.md")}
    assert on_disk == set(pages)


def test_every_page_appends_the_abbreviations() -> None:
    snippet = (DOCS / "includes" / "d10-0-abbreviations.md").read_text(encoding="utf-8")
    for abbr in (
        "AG",
        "EN",
        "IN",
        "PE",
        "ST",
        "FO",
        "SP",
        "SE",
        "BE",
        "CH",
        "GM",
        "TAB",
        "DAT",
        "AP",
    ):
        assert f"*[{abbr}]:" in snippet, abbr
    for page in SECTION.glob("*.md"):
        text = page.read_text(encoding="utf-8")
        assert text.rstrip().endswith(SNIPPET), page.name


def test_credit_names_the_work_the_licence_and_the_restatement() -> None:
    text = (SECTION / "index.md").read_text(encoding="utf-8")
    credit = text[: text.index("## What the system is")]
    assert '**"The D10/0 System"**' in credit
    assert "Creative Commons Attribution 3.0 Unported License" in credit
    assert "https://creativecommons.org/licenses/by/3.0/" in _page("index.md").hrefs
    assert "restated and reorganised here" in credit


def test_internal_links_and_anchors_resolve() -> None:
    assert broken_links(SECTION) == []


def test_no_page_links_past_the_section_without_a_target() -> None:
    for page in SECTION.glob("*.md"):
        assert not re.search(r"\]\(\.\./", page.read_text(encoding="utf-8")), page.name


# Tables transcribed from the guide ------------------------------------------------

DEGREE_INFORMATION = [
    ("0", "Average", "Miss", "Miss"),
    ("1(10)", "Tricky", "Minor Success", "Almost Successful"),
    ("2(20)", "Challenge", "Noted Success", "Noted Failure"),
    ("3(30)", "Hard", "Well Done", "Fouled Up"),
    ("4(40)", "Worrisome", "Like a Pro", "Complete Klutz"),
    ("5(50)", "Improbable", "Amazing", "FUBAR"),
    (
        "6(60)",
        "Impossible?",
        "Awe-Inspiring for all the right reasons",
        "Awe-Inspiring for all the wrong reasons",
    ),
]


def test_degree_information_has_the_seven_rows_of_the_guide() -> None:
    rows = _table("actions.md", ["Negative Degree", "Difficulty", "Name", "Positive Degree"])
    assert [(d, n, pos, neg) for neg, d, n, pos in rows] == DEGREE_INFORMATION


def test_exchange_rate_doubles_every_ten_points() -> None:
    rows = _table("skill-points.md", ["Adjusted rating", "Increment cost"])
    assert rows == [
        ["00 - 09", "1 Skill Point"],
        ["10 - 19", "2 Skill Points"],
        ["20 - 29", "4 Skill Points"],
        ["30 - 39", "8 Skill Points"],
        ["40 - 49", "16 Skill Points"],
    ]


def _adjust_cost(start: int, end: int) -> int:
    """Skill points to raise Adjust from start to end: 2 ** (current // 10) a point."""
    return sum(2 ** (a // 10) for a in range(start, end))


def test_cumulative_adjust_costs_follow_the_exchange_rate() -> None:
    (header, totals) = next(t for t in _page("skill-points.md").tables if t[0][0] == "Adjust")
    for adjust, total in zip(header[1:], totals[1:], strict=True):
        assert _adjust_cost(0, int(adjust)) == int(total)


def test_the_three_tree_examples() -> None:
    header = ["Skill", "Base", "Adjust", "Total"]
    tables = [t for t in _page("skill-points.md").tables if t[0][:4] == header]
    trees = [[row[:4] for row in t[1:]] for t in tables[:3]]
    assert trees == [
        [["Root Skill", "10", "5", "15"]],
        [["Root Skill", "10", "5", "15"], ["Branch Skill A1", "15", "1", "16"]],
        [
            ["Common Root Skill", "10", "5", "15"],
            ["Branch Skill A1", "15", "1", "16"],
            ["Branch Skill B1", "16", "1", "17"],
            ["Branch Skill A2", "15", "1", "16"],
        ],
    ]


def test_the_two_fifty_point_spending_examples() -> None:
    header = ["Skill", "Base", "Adjust", "Total"]
    tables = [t for t in _page("skill-points.md").tables if t[0][:4] == header]
    focused, general = ([row[:4] for row in t[1:]] for t in tables[3:5])
    assert focused == [
        ["Root Skill", "0", "10", "10"],
        ["Branch A", "10", "10", "20"],
        ["Branch B", "20", "10", "30"],
        ["Branch C", "30", "10", "40"],
        ["Branch D", "40", "10", "50"],
    ]
    assert general == [["Common Root Skill", "0", "25", "25"]]
    # A branch's purchase is its first Adjust point, so each skill of the focused line costs 10.
    assert sum(_adjust_cost(0, int(row[2])) for row in focused) == 50
    assert _adjust_cost(0, 25) == 50


def test_root_skills_follow_the_character_sheet() -> None:
    sheet = {
        "Athletic": "AG EN ST",
        "Close": "AG FO ST",
        "Domestic": "CH SE SP",
        "Interaction": "CH SP ST",
        "Navigation": "BE IN PE",
        "Ranged": "AG FO PE",
        "Sensory": "BE FO PE",
        "Society": "CH IN SE",
        "Theory": "BE IN SE",
        "Vocational": "EN IN SE",
    }
    rows = _table("skills.md", ["Root skill", "Attributes (sheet)", "Covers", "Example branches"])
    assert {r[0]: r[1] for r in rows} == sheet
    rows = _table("character-sheet.md", ["Root skill", "Printed beside it", "Spelled out"])
    assert {r[0]: r[1] for r in rows} == sheet


def test_attribute_scale_and_health_range() -> None:
    assert _table("attributes.md", ["Score", "Reads as"]) == [
        ["0", "Non-existent"],
        ["1", "Barely noted"],
        ["5", "Average"],
        ["10", "Amazing"],
        ["10+", "Exceptional"],
    ]
    states = _table("health.md", ["State", "When", "What it means"])
    assert [(s, w) for s, w, _ in states] == [
        ("Exceptional", "Current above Normal"),
        ("Normal", "Current is Normal"),
        ("Injured", "Current below Normal"),
        ("On the Brink", "Current is 0 (Zero)"),
        ("Dying", "Current below 0 (Zero)"),
        ("Dead", "Current below -Normal"),
    ]


def test_health_examples_use_the_stated_formulas() -> None:
    for en, sp, normal, increase in _table(
        "health.md", ["EN", "SP", "Normal at creation", "Each increase"]
    ):
        average = Fraction(int(en) + int(sp), 2)
        assert Fraction(normal) == average * 10
        assert int(increase) == -(-(int(en) + int(sp)) // 2)


def test_action_costs() -> None:
    rows = _table("action-quota-and-timing.md", ["Action", "Cost (action points)"])
    assert [int(cost) for _, cost in rows] == [1, 2, 1, 1, 1, 2, 2, 2]
    assert len(_page("action-quota-and-timing.md").ordered_lists[0]) == 7


def test_damage_tables() -> None:
    rows = _table("damage.md", ["Threat", "Flat", "Variable", "Range", "Average", "Roll"])
    assert [tuple(r[:3]) for r in rows] == [
        ("Punch", "0", "1D(ST)"),
        ("Pistol", "5", "1D"),
        ("Knife", "0", "2D(ST)"),
        ("Sledge Hammer", "10", "2D(ST)"),
        ("Rifle", "10", "2D"),
        ("Energy Pistol", "10", "3D"),
        ("Sniper Rifle", "15", "3D"),
        ("Energy Rifle", "20", "4D"),
    ]
    for _, flat, variable, span, average, _roll in rows:
        if "(" in variable:
            continue
        dice = int(variable.removesuffix("D"))
        assert span == f"{int(flat) + dice} - {int(flat) + 10 * dice}"
        assert Fraction(average) == int(flat) + Fraction(11, 2) * dice
    notation = _table("damage.md", ["Variable notation", "Meaning"])
    assert [r[0] for r in notation] == ["3D(ST)", "4D", "2KD", "2MD(ST)", "1D(CH)"]
    adjustments = _table("damage.md", ["Adjustment notation", "Meaning"])
    assert [r[0] for r in adjustments] == ["-10F -2R", "-5R", "1R", "5F -1R", "-1R -10F"]


def _adjust(damage: int, chain: str) -> int:
    """F adds v; R adds v per full 10 of the damage so far; floored at 0 after each."""
    for step in chain.split():
        value, kind = int(step[:-1]), step[-1]
        damage += value if kind == "F" else value * (damage // 10)
        damage = max(damage, 0)
    return damage


def test_adjustment_worked_examples() -> None:
    rows = _table("damage.md", ["Adjustment", "Step by step", "Damage taken"])
    assert len(rows) == 5
    for chain, _, taken in rows:
        assert _adjust(25, chain) == int(taken)


def test_burst_and_blast_blocks() -> None:
    page = "bursts-and-blasts.md"
    three = _table(page, ["Three Shot Burst", "step 1", "step 2", "step 3"])
    assert three[1] == ["Spread", "> -10", "> 0", "> +10"]
    assert three[2] == ["Amount", "1", "2", "3"]
    assert three[3][1] == "10 + 2D per shot"
    x_shot = _table(
        page,
        ["X Shot Burst (Rate of Fire: 5 per AP)", "step 1", "step 2", "step 3", "step 4", "step 5"],
    )
    assert x_shot[0][1] == "3 + X (3 base cost + X AP)"
    assert x_shot[1] == ["Spread", "> -10", "> 0", "> 10", "> 25", "> 50"]
    assert x_shot[2] == ["Amount", "1X", "2X", "3X", "4X", "5X"]
    shotgun = _table(page, ["Shotgun Blast", "step 1", "step 2", "step 3"])
    assert shotgun[1] == ["Spread", "> -10", "> 0", "> 20"]
    assert shotgun[3] == ["Damage", "5 + 1D", "10 + 2D", "15 + 3D"]
    proton = _table(page, ["Proton Stream", "option 1", "option 2", "option 3"])
    assert proton[0] == ["AP Cost", "3", "4", "5"]
    assert proton[3] == ["Damage", "5+ 2D", "5 + 3D", "5 + 4D"]


def _x_shot_hits(effort: int, x: int) -> int:
    """Shots that threaten: the highest X Shot Burst threshold the effort passes."""
    hits = 0
    for multiple, threshold in enumerate((-10, 0, 10, 25, 50), start=1):
        if effort > threshold:
            hits = multiple * x
    return hits


def test_x_shot_example_and_chance_table() -> None:
    assert _x_shot_hits(11, 3) == 9
    rows = _table(
        "bursts-and-blasts.md", ["Roll", "Effort", "Step", "Shots that threaten", "Chance"]
    )
    chances: dict[int, Fraction] = {}
    for roll in range(100):
        hits = _x_shot_hits(60 - roll, 3)
        chances[hits] = chances.get(hits, Fraction(0)) + Fraction(1, 100)
    assert {int(r[3]): Fraction(r[4]) for r in rows} == chances


def test_attribute_chances_at_average_difficulty() -> None:
    rows = _table("actions.md", ["Attribute", "Success", "Miss", "Failure"])
    assert [int(r[0]) for r in rows] == list(range(1, 11))
    for score, success, miss, failure in rows:
        efforts = [int(score) - roll for roll in range(10)]
        assert Fraction(success) == Fraction(sum(e > 0 for e in efforts), 10)
        assert Fraction(miss) == Fraction(sum(e == 0 for e in efforts), 10)
        assert Fraction(failure) == Fraction(sum(e < 0 for e in efforts), 10)


def test_progression_tables() -> None:
    rewards = _table("progression.md", ["Degree", "Amount", "Example"])
    assert [(d, int(a)) for d, a, _ in rewards] == [
        ("Minor", 1),
        ("Small", 2),
        ("Larger", 5),
        ("Major", 10),
    ]
    costs = _table("progression.md", ["Item", "Cost", "Notes", "What it buys"])
    assert [tuple(r[:3]) for r in costs] == [
        ("Health Point Increase", "5", ""),
        ("Skill Point Purchase", "5", ""),
        ("TAB", "5 - 10", "Varies by TAB degree"),
        ("Powers", "10", ""),
        ("Karma", "1 - 10", "Varies by value on Karma"),
    ]


@pytest.mark.parametrize("page", sorted(p.name for p in SECTION.glob("*.md")))
def test_each_page_has_one_title(page: str) -> None:
    text = (SECTION / page).read_text(encoding="utf-8")
    assert len(re.findall(r"^# ", text, flags=re.MULTILINE)) == 1


# Readings the tools use, stated as source notes -------------------------------------


def test_a_negative_difficulty_has_no_name_on_the_checks_page() -> None:
    notes = _notes("actions.md")
    assert "A negative difficulty has no name" in notes
    assert "easier than Average" in notes


def test_health_says_what_a_dying_or_dead_character_gets_instead_of_recovery() -> None:
    notes = _notes("health.md")
    assert "count days back to Normal only from On the Brink upwards" in notes
    assert "dying" in notes and "death" in notes and "setting's" in notes


def test_the_attribute_cap_is_typical_and_the_builder_only_notes_it() -> None:
    notes = _notes("building-a-character.md")
    assert "builder **notes** an attribute above 10 and still accepts the sheet" in notes
    assert "typical cap of 10" in " ".join(
        (SECTION / "building-a-character.md").read_text().split()
    )


def test_tree_depth_counts_the_root_as_the_focused_example() -> None:
    notes = _notes("skill-points.md")
    assert "**root as the first skill**" in notes
    assert "Branch A to Branch D), are five deep" in notes


def test_the_attribute_pairs_are_a_stated_reading() -> None:
    notes = _notes("attributes.md")
    assert "never lists them" in notes
    for pair in ("Charisma", "Beyond", "Focus"):
        assert pair in notes
    # The pairs the note states are the ones the page's table shows.
    assert _table("attributes.md", ["Tangible", "Intangible partner"]) == [
        ["Agility (AG)", "Focus (FO)"],
        ["Endurance (EN)", "Spirit (SP)"],
        ["Intellect (IN)", "Sense (SE)"],
        ["Perception (PE)", "Beyond (BE)"],
        ["Strength (ST)", "Charisma (CH)"],
    ]


def test_the_effort_goal_pairs_are_a_stated_reading() -> None:
    notes = _notes("effort.md")
    assert "the first number is for **attribute checks** (d10)" in notes
    assert "small goal is 10 for an attribute check and 100 for a skill check" in notes


def test_the_index_says_every_gap_the_tools_fill_is_marked() -> None:
    text = " ".join((SECTION / "index.md").read_text(encoding="utf-8").split())
    assert "Nothing has been added" not in text
    assert "every gap the tools fill is marked" in text
    assert "marked as the site's own" in text


# Each example the site made up, by a phrase of its opening sentence.
SITE_EXAMPLES = [
    ("action-quota-and-timing.md", "AG 7 and FO 4 give (7 + 4) / 2 = 5.5"),
    ("action-quota-and-timing.md", "Ana has AG 7 and FO 4"),
    ("action-quota-and-timing.md", "the guide's costs for a draw, a simple ranged attack"),
    ("actions.md", "A character with Focus 6 rolls **0**"),
    ("actions.md", "A character with Agility 7 leaps a gap"),
    ("building-a-character.md", "a character with **EN 5, SP 5, AG 5 and FO 5**"),
    ("bursts-and-blasts.md", "hard armour of -5F"),
    ("damage.md", "a 1D die shows 0: it counts 10"),
    ("damage.md", "The same 25 points of damage through each example"),
    ("effort.md", "rebuilds a wrecked engine"),
    ("effort.md", "heave a boulder off a trapped friend"),
    ("effort.md", "A thief with Sensory 55"),
    ("health.md", "Current 53 is Exceptional"),
    ("health.md", "that is 6, 12 or 18 Health Points a day"),
    ("progression.md", "A character with EN 5 and SP 6 (Normal 55)"),
    ("progression.md", "40 earned, one Health Point Increase"),
    ("powers.md", "Normal 5, Current 8, Gain 1"),
    ("skill-points.md", "a character with AG 7, FO 4 and PE 6"),
]


@pytest.mark.parametrize(("page", "phrase"), SITE_EXAMPLES)
def test_examples_the_site_made_up_say_so(page: str, phrase: str) -> None:
    text = (SECTION / page).read_text(encoding="utf-8")
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text)]
    (paragraph,) = [p for p in paragraphs if phrase in p]
    before = paragraphs[paragraphs.index(paragraph) - 1]
    assert "the site's own" in paragraph or "the site's own" in before, paragraph
