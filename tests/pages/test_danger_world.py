"""Danger World rules pages: nav, credit, source notes, and every table the source gives.

The expected rows are transcribed from ../shared/seeds/danger-world-v1.txt (Danger World
v1, a wiki page "From Quick Shot"); the site's own worked tables (botch counts, danger
dice, stat spreads, zones) are recomputed here from the rules the pages state, so a slip
on a page fails a test.
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

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
    assert "Nothing has been added" not in credit  # issue 16: the tools do fill gaps
    assert "every gap the tools fill is marked" in credit
    assert "every other example is the site's own, made up to show a rule, and says so" in credit


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
    cleared = dict((rest, clears) for rest, _, clears in rows)
    by_rest: dict[str, set[str]] = {"short rest": set(), "long rest": set()}
    for _, track, _, recovers in DAMAGE_TRACKS:
        if recovers.startswith("after a "):
            by_rest[recovers.removeprefix("after a ")].add(track)
    assert set(cleared["short rest"].split(", ")) == by_rest["short rest"]
    # Issue 16: a long rest also brings what a short rest brings (the site's reading).
    assert cleared["long rest"] == "Injured, and what a short rest clears (see the note)"
    assert by_rest["long rest"] == {"Injured"}


def test_rests_on_the_page_are_the_rests_of_the_tools() -> None:
    from rules_py.systems import danger_world as dw

    full = dw.Damage(tuple(t.boxes for t in dw.DAMAGE_TRACKS))
    kept = {
        rest: {t.name for t, n in zip(dw.DAMAGE_TRACKS, full.rest(rest).filled, strict=True) if n}
        for rest in ("short", "long")
    }
    assert kept == {"short": {"Injured", "Dead"}, "long": {"Dead"}}
    assert "**long rest clears Bashed, Stunned and K.O.'d too**" in " ".join(
        _source_notes("damage.md")
    )


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
        # Issue 27, item 7: every entry as the source words it ("outside", no comma).
        "teleporting outside the local area or to poorly-known areas",
        "long-range teleportation",
    ],
}


def test_moves_page_names_its_columns_in_their_order() -> None:
    # Issue 16, item 11: the page said "the accomplishment first" over tables led by the set.
    headers = {tuple(t[0]) for t in _page("moves.md").tables}
    assert headers == {("Set", "Accomplishment", "Rank")}
    text = _prose("moves.md")
    assert "each table gives the set first, then the accomplishment, then the rank's name" in text
    assert "accomplishment first" not in text


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


def test_worked_check_examples_count_their_own_dice() -> None:
    # Issue 16, item 11: "the same check" (five dice) ended on six dice.
    text = _prose("checks.md")
    assert "The same check" not in text
    assert "Another check at difficulty 3, this one of six dice, ends on 4, 4, 4, 4, 2, 6" in text
    assert len([4, 4, 4, 4, 2, 6]) == 6


def test_worked_check_example_is_what_the_advice_says() -> None:
    """Issue 16, item 5: with a set already made, the advice keeps it and rerolls the 2."""
    from rules_py.systems import danger_world as dw

    (keep,) = dw.advice([3, 3, 3, 2, 6], 3, rounds=1).optimal
    assert (keep.keep, keep.reroll) == ((3, 3, 3, 6), (2,))
    text = _prose("checks.md")
    said = "keep 3, 3, 3 and 6, reroll the 2, with 1/3 of a botch to expect instead of 1"
    assert said in text
    assert keep.expected_botches == Fraction(1, 3)
    assert dw.expected_botches([3, 3, 3, 2, 6], 0, 3) == 1


def test_checks_page_states_how_the_advice_chooses() -> None:
    text = (SECTION / "checks.md").read_text(encoding="utf-8")
    advice = " ".join(text[text.index("### How Advise chooses") :].split())
    advice = advice[: advice.index("```widget")]
    order = [
        "1. the **highest chance of success**",
        "2. then the **fewest danger dice kept**",
        "3. then the **fewest expected botches**",
    ]
    assert [advice.index(step) for step in order] == sorted(advice.index(s) for s in order)
    assert (
        "**Expected botches** are the botches the dice would show, on average, if the player "
        "stopped right after this reroll and used the lowest set at or above the difficulty"
    ) in advice
    assert "The average is exact: it runs over every way the rerolled dice can land" in advice
    assert "When the dice **already hold a set at the difficulty or higher**" in advice
    assert "rerolls the dice that would botch under it: each 1 and each die below the set" in (
        advice
    )


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
        "pools of **0 to 24 dice**",
        "A die kept **or** rerolled in the first round may be rerolled in the second",
        "**each die is rerolled at most once**",
        "**more than *h*** such dice still make a set of height *h*",
        "may** take a partial success",
    ],
    "botches.md": ["each 1 counts **once**", "With no set used, only the 1s botch"],
    "special-dice.md": [
        "**when it is gathered, before the first roll**",
        "**every later check against that challenge rolls it too**",
        "build the set from **normal dice first**",
        "every threat die showing *h* **or less** is a botch",
        "threat dice botch on **1 only**",
        "**do not change the chance of success**",
    ],
    "challenges.md": ["**GM's call**", "difficulty of **1 as 2**", "**7** as one that **cannot"],
    "aspects.md": ["never gives that number", "**3 personal SP and an empty general pool**"],
    "damage.md": [
        "does not say what a **full hit** does when every box of the current zone",
        "**how that stat is chosen**",
        "**the GM names** the stat each filled Injured box lowers",
        "**long rest clears Bashed, Stunned and K.O.'d too**",
        "**track *n* as the boxes of zone *n***",
    ],
    "danger-track.md": ["**rank as its place on the track**"],
    "moves.md": ["how many special moves a character may have", "holds up to **four**"],
}


@pytest.mark.parametrize("page", sorted(READINGS))
def test_readings_are_stated_in_source_notes(page: str) -> None:
    notes = " ".join(_source_notes(page))
    for reading in READINGS[page]:
        assert reading in notes, f"{page}: {reading}"


def test_index_lists_the_gaps_with_their_pages() -> None:
    rows = _table("index.md", ["Question", "The site's tools", "Page"])
    assert len(rows) == 14
    linked = set(_page("index.md").hrefs)
    for anchor in (
        "moves.md",
        "botches.md#setbacks",
        "checks.md#results",
        "play.md#roller",
        "checks.md#making-a-check",
        "special-dice.md#danger-dice",
        "special-dice.md#threat-dice",
        "aspects.md#story-points",
        "challenges.md#modifiers",
        "damage.md#hits",
        "damage.md#the-damage-tracks",
        "damage.md#rests",
        "long-term-consequences.md",
    ):
        assert anchor in linked, anchor


def test_the_readings_in_the_notes_are_the_tools_readings() -> None:
    """Issue 16, item 10: each new Source note states what the code does."""
    from rules_py.systems.danger_world import pools
    from rules_py.systems.danger_world._common import MAX_POOL
    from rules_py.widgets.danger_world._roller import ROLLER
    from rules_py.widgets.danger_world._sheet import SHEET

    assert MAX_POOL == 24 and f"**0 to {MAX_POOL} dice**" in " ".join(_source_notes("checks.md"))
    with pytest.raises(ValueError, match="at most 24 dice"):
        pools.check_pool(20, 2, 3)
    defaults = {f.name: f.default for f in SHEET.fields if hasattr(f, "default")}
    assert (defaults["personal_sp"], defaults["general_sp"]) == (3, 0)
    roller = {f.name: f for f in ROLLER.fields}
    assert roller["threat"].label == "Threat dice (challenge)"
    assert "*Threat dice (challenge)* field" in " ".join(_source_notes("special-dice.md"))
    assert "the GM names" in _hint(SHEET, "injured")


def _hint(widget: object, name: str) -> str:
    return next(f.hint for f in widget.fields if f.name == name)  # type: ignore[attr-defined]


# The site's own examples and terms say so -----------------------------------------

SITE_EXAMPLES = {
    "checks.md": ["An example of the site's own:", "These examples are the site's own"],
    "challenges.md": ["For instance (an example of the site's own)"],
    "player-characters.md": ["Two examples of the site's own"],
    "danger-track.md": ["An example of the site's own:"],
    "botches.md": ["the source gives none of its own"],
    "special-dice.md": ["the source gives no example of its own"],
    "damage.md": ["(the site's example"],
    "aspects.md": ["(the example is the site's, not the source's)"],
}


@pytest.mark.parametrize("page", sorted(SITE_EXAMPLES))
def test_the_site_s_examples_say_so(page: str) -> None:
    text = _prose(page)
    for marker in SITE_EXAMPLES[page]:
        assert marker in text, f"{page}: {marker}"


def test_the_source_s_examples_say_so() -> None:
    assert "**The pressure-plate trap** (the source's example)" in _prose("challenges.md")
    assert "The source's example." in _prose("botches.md")


def _blocks(page: str) -> list[str]:
    """A page's paragraphs, list items and notes (headings and tables left out), folded."""
    text = (SECTION / page).read_text(encoding="utf-8")
    blocks = re.split(r"\n\s*\n|\n(?=- )", text)
    return [
        " ".join(b.split())
        for b in blocks
        if b.strip() and not b.lstrip().startswith(("#", "|", "--8<--", "*["))
    ]


@pytest.mark.parametrize("page", sorted(p.name for p in SECTION.glob("*.md")))
def test_damage_track_is_marked_as_the_site_s_term_wherever_it_appears(page: str) -> None:
    """Issue 16, item 9: the source has damage boxes in five rows, never "damage tracks"."""
    for block in _blocks(page):
        if re.search(r"damage tracks?\b", block, re.IGNORECASE):
            assert "site's" in block, f"{page}: {block[:120]}"


def test_moves_page_says_a_low_set_earns_no_row_of_a_move() -> None:
    """Issue 27, item 5: the page states the reading the roller's Move line follows."""
    notes = " ".join(_source_notes("moves.md"))
    assert "a set at or above it accomplishes **that row**" in notes
    assert "accomplishes **no row** and only gives bonus dice" in notes
    assert "a set of 2 under Fighting does not defeat a minion" in notes


def test_damage_page_reads_dead_as_dead_not_unconscious() -> None:
    """Issue 27, item 6: the reading the sheet follows for a filled Dead box."""
    notes = " ".join(_source_notes("damage.md"))
    assert "a filled Dead box as **dead, not unconscious**" in notes
    assert "a dead PC makes no check" in notes


def test_botches_page_says_which_setbacks_a_check_overcomes() -> None:
    """Issue 27, item 7: the reading the botch tool's "To overcome" column follows."""
    notes = " ".join(_source_notes("botches.md"))
    assert "The site applies it to the **narrative consequences** only" in notes
    assert "A mechanical option takes effect at once" in notes


def test_checks_page_leaves_where_bonus_dice_go_to_the_table() -> None:
    """Issue 27, item 7: the sheet no longer says bonus dice work "in any check"."""
    notes = " ".join(_source_notes("checks.md"))
    assert "it does **not say which checks** they may go into" in notes


def test_checks_page_says_the_advice_names_threat_dice_that_botch() -> None:
    """Issue 27, item 7: the advice no longer says no die botches over a threat die."""
    assert (
        "when the only botches left are [threat dice](special-dice.md#threat-dice), which "
        "are never rerolled, it says so" in _prose("checks.md")
    )


def test_play_page_says_how_a_roll_is_carried_to_the_sheet() -> None:
    """Issue 27, item 8: the taps, and the readings they follow, on the Play page."""
    text = _prose("play.md")
    for tap in ("Raise my danger", "Spend bonus dice", "Take bonus dice", "Full hit", "Long rest"):
        assert f"**{tap}**" in text
    notes = " ".join(_source_notes("play.md"))
    assert "the set is the **best (highest) one** the dice offer" in notes
    assert "**up to as many as the sheet holds**" in notes
