"""Danger World rules pages: nav, credit, source notes, and every table the source gives.

The expected rows are transcribed from ../shared/seeds/danger-world-v1.txt (Danger World
v1, a wiki page "From Quick Shot"); the site's own worked tables (botch counts, danger
dice, stat spreads, zones) are recomputed here from the rules the pages state, so a slip
on a page fails a test.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.rules_pages import (
    DOCS,
    PageHtml,
    broken_links,
    nav_titles,
    parse_page,
    prose,
    section_pages,
    source_notes,
    table_rows,
)

SECTION = DOCS / "danger-world"
TITLE = "Danger World"
SNIPPET = '--8<-- "includes/danger-world-abbreviations.md"'
RANKS = ["minor", "meaningful", "significant", "major", "monumental"]


def _page(name: str) -> PageHtml:
    return parse_page(SECTION / name)


def _table(name: str, header: list[str]) -> list[list[str]]:
    return table_rows(SECTION / name, header)


def _prose(name: str) -> str:
    return prose(SECTION / name)


def _source_notes(name: str) -> list[str]:
    return source_notes(SECTION / name)


def _dice(cell: str) -> list[int]:
    return [int(face) for face in re.findall(r"\d", cell)]


# Nav, files and credit -------------------------------------------------------------


def test_section_comes_right_before_the_developers_section() -> None:
    titles = nav_titles()
    assert titles.index(TITLE) == titles.index("For developers") - 1
    assert titles.index(TITLE) > titles.index("The D10/0 System")


def test_every_nav_page_exists_and_every_page_is_in_the_nav() -> None:
    pages = section_pages(TITLE)
    assert pages[0] == "danger-world/index.md"
    for page in pages:
        assert (DOCS / page).is_file(), page
    assert {f"danger-world/{p.name}" for p in SECTION.glob("*.md")} == set(pages)
    assert len(pages) == len(set(pages))


def test_every_page_appends_the_abbreviations() -> None:
    snippet = (DOCS / "includes" / "danger-world-abbreviations.md").read_text(encoding="utf-8")
    for abbr in ("SP", "PC", "PCs", "GM"):
        assert f"*[{abbr}]:" in snippet, abbr
    for page in SECTION.glob("*.md"):
        text = page.read_text(encoding="utf-8")
        assert text.rstrip().endswith(SNIPPET), page.name


def test_credit_names_the_source_and_the_restatement() -> None:
    text = (SECTION / "index.md").read_text(encoding="utf-8")
    credit = " ".join(text[: text.index("## The game at a glance")].split())
    assert '**"Danger World v1"**' in credit
    assert '*"From Quick Shot"*' in credit
    assert "restated and reorganised here" in credit
    assert "Nothing has been added to fill the gaps" in credit


def test_glossary_is_titled_for_its_system_and_sorted() -> None:
    text = (SECTION / "glossary.md").read_text(encoding="utf-8")
    assert text.startswith("# Danger World glossary\n")
    assert "Danger World glossary: danger-world/glossary.md" in (
        DOCS.parent / "mkdocs.yml"
    ).read_text(encoding="utf-8")
    terms = re.findall(r"^## (.+?) \{#", text, re.MULTILINE)
    assert terms == sorted(terms, key=str.casefold)
    assert len(terms) >= 50


def test_internal_links_and_anchors_resolve() -> None:
    assert broken_links(SECTION) == []


def test_no_page_links_past_the_section() -> None:
    for page in SECTION.glob("*.md"):
        assert not re.search(r"\]\(\.\./", page.read_text(encoding="utf-8")), page.name


@pytest.mark.parametrize("page", sorted(p.name for p in SECTION.glob("*.md")))
def test_each_page_has_one_title(page: str) -> None:
    text = (SECTION / page).read_text(encoding="utf-8")
    assert len(re.findall(r"^# ", text, flags=re.MULTILINE)) == 1


def test_home_card_links_the_section() -> None:
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    card = home[home.index("### [Danger World]") :]
    card = card[: card.index("</div>")]
    assert "(danger-world/index.md)" in card
    assert "still being built" not in card


# Tables transcribed from the source ------------------------------------------------


def test_pc_difficulties() -> None:
    rows = _table("checks.md", ["Set", "Narrative", "The set needed"])
    assert [(s, n) for s, n, _ in rows] == [
        ("2", "minor accomplishment"),
        ("3", "meaningful accomplishment"),
        ("4", "significant accomplishment"),
        ("5", "major accomplishment"),
        ("6", "monumental accomplishment"),
    ]
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    assert [needed for *_, needed in rows] == [f"{words[h]} {h}s" for h in range(2, 7)]


def test_outcomes_follow_the_set_against_the_difficulty() -> None:
    rows = _table("checks.md", ["The check produces", "Outcome", "Bonus dice"])
    assert [r[1] for r in rows] == [
        "success",
        "success, with an additional benefit worked out with the GM",
        "a partial success, if the player wants it",
        "failure",
    ]
    assert [r[2] for r in rows] == [
        "none",
        "the set's height minus the difficulty",
        "the set's height",
        "none",
    ]


def test_gm_options() -> None:
    rows = _table("botches.md", ["Cost", "Mechanical", "Narrative"])
    assert rows == [
        [
            "1",
            "the character's danger level is increased by one; or add a threat die to a challenge",
            "",
        ],
        ["2", "reduced hit against PC", "minor consequence"],
        ["3", "", "meaningful consequence"],
        ["4", "full hit against PC", "significant consequence"],
        ["5", "", "major consequence"],
        ["6", "overload hit against PC", "monumental consequence"],
    ]


def test_stats_physical_and_mental() -> None:
    rows = _table("player-characters.md", ["Physical", "Mental"])
    assert [r[0] for r in rows] == ["Agility", "Endurance", "Speed", "Strength"]
    assert [r[1] for r in rows] == ["Perception", "Reasoning", "Charisma", "Cool"]


def test_stat_spreads_keep_the_starting_budget() -> None:
    rows = _table("player-characters.md", ["Stat", "Even spread", "Focused"])
    *stats, total = rows
    assert [r[0] for r in stats] == [
        "Agility",
        "Endurance",
        "Speed",
        "Strength",
        "Perception",
        "Reasoning",
        "Charisma",
        "Cool",
    ]
    for column in (1, 2):
        values = [int(r[column]) for r in stats]
        assert all(1 <= v <= 4 for v in values)
        assert sum(v - 1 for v in values) == 8  # one die each, plus eight to spread
        assert int(total[column]) == sum(values) == 16


def test_aspect_hierarchy() -> None:
    rows = _table("aspects.md", ["Level", "How many", "Named", "Extra bonus dice when used"])
    assert [(r[0], r[1], r[3]) for r in rows] == [
        ("Primary", "3 known and 1 unknown", "none"),
        ("Secondary", "up to 3 under each primary", "1"),
        ("Tertiary", "up to 2 under each secondary", "2"),
    ]
    primaries = 3 + 1
    secondaries = primaries * 3
    tertiaries = secondaries * 2
    grown = f"{primaries} primary, {secondaries} secondary and {tertiaries} tertiary"
    assert grown in _prose("aspects.md")


def _zone(level: int) -> int:
    """The zone of a danger level: five levels a zone, the fifth open-ended."""
    return min(5, (level - 1) // 5 + 1)


def test_danger_zones_and_their_rank() -> None:
    rows = _table("danger-track.md", ["Zone", "Danger levels", "Rank", "Danger dice allowed"])
    assert rows == [
        ["first", "1-5", "1", "up to 1"],
        ["second", "6-10", "2", "up to 2"],
        ["third", "11-15", "3", "up to 3"],
        ["fourth", "16-20", "4", "up to 4"],
        ["fifth", "21 and up", "5", "up to 5"],
    ]
    for _, levels, rank, _ in rows:
        low = int(levels.split("-")[0].split()[0])
        assert _zone(low) == int(rank)
    assert _zone(7) == 2 and "danger level 7 is in the second zone" in _prose("danger-track.md")


DAMAGE_TRACKS = [
    ("1", "Bashed", "3", "after a short rest"),
    ("2", "Stunned", "3", "after a short rest"),
    ("3", "Injured", "3", "after a long rest"),
    ("4", "K.O.'d", "1", "after a short rest"),
    ("5", "Dead", "1", "semi-permanent"),
]


def test_damage_tracks() -> None:
    rows = _table("damage.md", ["Damage track", "Boxes", "Effect", "Recovers"])
    assert [(*r[0].split(" ", 1), r[1], r[3]) for r in rows] == DAMAGE_TRACKS
    assert [r[2] for r in rows] == [
        "one threat die for each filled box",
        "one die fewer for each filled box",
        "one random trait is reduced by one",
        "the PC is unconscious and can take no actions",
        "",
    ]
    assert sum(int(r[1]) for r in rows) == 11
    assert "11 boxes in all" in _prose("damage.md")


def test_hits_and_their_costs() -> None:
    rows = _table("damage.md", ["Hit", "GM Options cost", "Boxes filled"])
    assert [(r[0], r[1]) for r in rows] == [
        ("reduced hit", "2"),
        ("full hit", "4"),
        ("overload hit", "6"),
    ]
    gm = {r[0]: r[1] for r in _table("botches.md", ["Cost", "Mechanical", "Narrative"])}
    for hit, cost in ((r[0], r[1]) for r in rows):
        assert gm[cost] == f"{hit} against PC"


def test_overload_example_fills_every_lower_zone() -> None:
    boxes = [int(boxes) for _, _, boxes, _ in DAMAGE_TRACKS]
    text = _prose("damage.md")
    assert _zone(12) == 3 and sum(boxes[:2]) == 6
    assert "all six boxes of the first two zones" in text
    assert _zone(17) == 4


def test_rests() -> None:
    rows = _table("damage.md", ["Rest", "When", "Clears"])
    cleared = {rest: set(clears.split(", ")) for rest, _, clears in rows}
    by_rest: dict[str, set[str]] = {"short rest": set(), "long rest": set()}
    for _, track, _, recovers in DAMAGE_TRACKS:
        if recovers.startswith("after a "):
            by_rest[recovers.removeprefix("after a ")].add(track)
    assert cleared == by_rest


def test_long_term_consequences() -> None:
    assert _page("long-term-consequences.md").ordered_lists == [
        ["Temporary Loss", "Temporary Injury", "Permanent Loss", "Permanent Injury", "Killed"]
    ]


MOVES = {
    "Fighting": [
        "defeating a minion or minor enemy",
        "defeating a common enemy",
        "defeating an officer or otherwise notable enemy",
        "defeating a local boss",
        "defeating a major campaign threat",
    ],
    "Aid Another": ["provide height in bonus dice", "", "", "", ""],
    "Healing": [
        "minor non-mechanical effects",
        "clearing a bashing box",
        "clearing a stunned box",
        "clearing an injured or K.O.'d box",
        "monumental non-mechanical effects",
    ],
    "Teleportation": [
        "teleporting a few feet",
        "teleporting a few dozen yards within line of sight",
        "teleporting within the local area to well-known areas",
        # The source's "outside" is "beyond" here: the cell alone was ten words of it.
        "teleporting beyond the local area, or to poorly-known areas",
        "long-range teleportation",
    ],
}


def test_every_move_table() -> None:
    header = ["Set", "Accomplishment", "Rank"]
    tables = [t[1:] for t in _page("moves.md").tables if t[0] == header]
    assert len(tables) == len(MOVES)
    for rows, (move, accomplishments) in zip(tables, MOVES.items(), strict=True):
        assert [r[0] for r in rows] == ["2", "3", "4", "5", "6"], move
        assert [r[2] for r in rows] == RANKS, move
        assert [r[1] for r in rows] == accomplishments, move
    text = _prose("moves.md")
    for move in ("Defy Danger", "Spout Lore", "Discern Realities", "Parley"):
        assert move in text


# The site's worked examples, recomputed -----------------------------------------


def _botches(normal: list[int], danger: list[int], threat: list[int], height: int | None) -> int:
    """Botches on final faces: a 1 once, a non-threat die below the set, a threat die at or
    below the set's height (with no set, 1s only)."""
    count = 0
    for face in normal + danger:
        count += face == 1 or (height is not None and face < height)
    for face in threat:
        count += face == 1 or (height is not None and face <= height)
    return count


def _danger_in_set(normal: list[int], danger: list[int], height: int) -> int:
    """Danger dice the set takes: normal dice showing the height go in first."""
    assert Counter(normal + danger)[height] >= height
    return max(0, height - Counter(normal)[height])


def test_botch_examples() -> None:
    rows = _table("botches.md", ["Final dice", "Set used", "Botches"])
    assert len(rows) == 6
    for dice, used, botches in rows:
        height = None if used == "none" else int(used.removeprefix("height "))
        faces = _dice(dice)
        if height is not None:
            assert Counter(faces)[height] >= height
        assert _botches(faces, [], [], height) == int(botches.split()[0]), dice


def test_special_dice_examples() -> None:
    header = ["Normal", "Danger", "Threat", "Danger level", "Botches"]
    rows = _table("special-dice.md", header)
    assert len(rows) == 3
    for normal_cell, danger_cell, threat_cell, level, botches in rows:
        normal, danger, threat = _dice(normal_cell), _dice(danger_cell), _dice(threat_cell)
        assert level == f"+{_danger_in_set(normal, danger, 3)}"
        assert _botches(normal, danger, threat, 3) == int(botches)


def test_worked_check_examples() -> None:
    text = _prose("checks.md")
    assert "**1, 3, 3, 5, 6**" in text and "**3, 2, 6**" in text
    final = [3, 3, 3, 2, 6]
    assert Counter(final)[3] >= 3 and _botches(final, [], [], 3) == 1
    # Rerolling the 2 under a set of 3 keeps the botch on a 1 or a 2.
    assert "(**1/3**)" in text and "(**2/3**)" in text


def test_courtyard_example() -> None:
    text = _prose("botches.md")
    courtyard = text[text.index("## The courtyard") :]
    assert "**significant**" in courtyard and "**difficulty 4**" in courtyard
    assert "**3 botches**" in courtyard
    assert courtyard.count("**difficulty-3**") == 2


def test_modifiers_example() -> None:
    assert "difficulty 4 with one modifier that helps" in _prose("challenges.md")
    assert "attempted at difficulty 3; with one of each, it stays at 4" in _prose("challenges.md")


# Source notes: the readings the tools use, and the gaps left open -------------------

READINGS = {
    "checks.md": [
        "A die kept **or** rerolled in the first round may be rerolled in the second",
        "**each die is rerolled at most once**",
        "**more than *h*** such dice still make a set of height *h*",
        "may** take a partial success",
    ],
    "botches.md": ["each 1 counts **once**", "With no set used, only the 1s botch"],
    "special-dice.md": [
        "build the set from **normal dice first**",
        "every threat die showing *h* **or less** is a botch",
        "threat dice botch on **1 only**",
        "**do not change the chance of success**",
    ],
    "challenges.md": ["**GM's call**", "difficulty of **1 as 2**", "**7** as one that **cannot"],
    "aspects.md": ["never gives that number"],
    "damage.md": [
        "does not say what a **full hit** does when every box of the current zone",
        "**how that stat is chosen**",
        "**track *n* as the boxes of zone *n***",
    ],
    "danger-track.md": ["**rank as its place on the track**"],
}


@pytest.mark.parametrize("page", sorted(READINGS))
def test_readings_are_stated_in_source_notes(page: str) -> None:
    notes = " ".join(_source_notes(page))
    for reading in READINGS[page]:
        assert reading in notes, f"{page}: {reading}"


def test_index_lists_the_gaps_with_their_pages() -> None:
    rows = _table("index.md", ["Question", "Page"])
    assert len(rows) == 5
    linked = [href for href in _page("index.md").hrefs if href.startswith(("aspects", "damage"))]
    assert "aspects.md#story-points" in linked and "damage.md#hits" in linked
