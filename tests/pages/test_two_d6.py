"""The 2d6 Roleplaying System rules pages: nav, credit, and every table the rules give.

The expected rows are transcribed from ../shared/seeds/2d6-core-rules.txt ([2d6]
Roleplaying System 1.0, 2012); where the seed sits beside the checkout the transcriptions
are also checked against it. Derived tables (chances, the charts, the armour and heal
ladders) are recomputed here from the rules and readings the pages state, so an
arithmetic slip on a page fails a test.
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from rules_py.widgets import WIDGETS
from tests.rules_pages import (
    DOCS,
    ROOT,
    PageHtml,
    broken_links,
    nav_titles,
    parse_page,
    section_pages,
    table_rows,
)

SECTION = DOCS / "2d6"
TITLE = "2d6 Roleplaying System"
SNIPPET = '--8<-- "includes/2d6-abbreviations.md"'
SEED = ROOT.parent / "shared" / "seeds" / "2d6-core-rules.txt"
needs_seed = pytest.mark.skipif(not SEED.is_file(), reason="the seed sits beside the checkout")

NAMED_DCS = {
    "Easy": 7,
    "Average": 9,
    "Difficult": 11,
    "Professional": 13,
    "Exceptional": 15,
    "Legendary": 17,
}


def _page(name: str) -> PageHtml:
    return parse_page(SECTION / name)


def _table(name: str, header: list[str]) -> list[list[str]]:
    return table_rows(SECTION / name, header)


def _prose(name: str) -> str:
    return " ".join((SECTION / name).read_text(encoding="utf-8").split())


def _source_notes(name: str) -> list[str]:
    text = (SECTION / name).read_text(encoding="utf-8")
    blocks = re.findall(r'^!!! note "Source note"\n((?:(?: {4}.*)?\n)+)', text, re.MULTILINE)
    # Read as prose: emphasis dropped, each link by its text.
    return [
        re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", " ".join(block.split()).replace("*", ""))
        for block in blocks
    ]


@cache
def _seed_lines() -> list[str]:
    return SEED.read_text(encoding="utf-8").splitlines()


# The dice, the rules and the readings the pages state --------------------------------

NATURAL: dict[int, Fraction] = {}
for _a, _b in product(range(1, 7), repeat=2):
    NATURAL[_a + _b] = NATURAL.get(_a + _b, Fraction(0)) + Fraction(1, 36)
AIMED: dict[int, Fraction] = {}
for (_x, _px), (_y, _py) in product(NATURAL.items(), repeat=2):
    AIMED[max(_x, _y)] = AIMED.get(max(_x, _y), Fraction(0)) + _px * _py


def _at_least(dist: dict[int, Fraction], n: int) -> Fraction:
    return sum((p for roll, p in dist.items() if roll >= n), Fraction(0))


def _check(gap: int) -> Fraction:
    """P(success) when the dice must show `gap` (DC - bonus): a natural 2 always fails."""
    return _at_least(NATURAL, max(gap, 3))


def _label(gap: int) -> str:
    if gap <= 3:
        return "cannot fail"
    if gap <= 5:
        return "easy"
    if gap <= 7:
        return "average"
    if gap <= 9:
        return "difficult"
    if gap <= 12:
        return "very difficult"
    return "impossible"


def _gap(cell: str) -> range:
    """The DC - bonus values a row covers: "3 or less", "7", "13 or more"."""
    number = int(cell.split()[0])
    if cell.endswith("or less"):
        return range(-3, number + 1)
    if cell.endswith("or more"):
        return range(number, 18)
    return range(number, number + 1)


def _triangular(bonus: int) -> int:
    return bonus * (bonus + 1) // 2


# Nav, files and credit -----------------------------------------------------------------


def test_section_sits_between_d10_0_and_danger_world() -> None:
    """The systems stand in the order of the site's table of sections."""
    titles = nav_titles()
    index = titles.index(TITLE)
    assert titles[index - 1] == "The D10/0 System"
    assert titles[index + 1] == "Danger World"


def test_every_nav_page_exists_and_every_page_is_in_the_nav() -> None:
    pages = section_pages(TITLE)
    assert pages[0] == "2d6/index.md"
    for page in pages:
        assert (DOCS / page).is_file(), page
    assert {f"2d6/{p.name}" for p in SECTION.glob("*.md")} == set(pages)
    assert pages[-1] == "2d6/glossary.md"


def test_glossary_is_titled_after_its_system() -> None:
    text = (SECTION / "glossary.md").read_text(encoding="utf-8")
    assert text.splitlines()[0] == "# 2d6 glossary"
    assert "- 2d6 glossary: 2d6/glossary.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_every_page_appends_the_abbreviations() -> None:
    snippet = (DOCS / "includes" / "2d6-abbreviations.md").read_text(encoding="utf-8")
    for abbr in ("STR", "AGI", "DEX", "TOU", "INT", "WIL", "CHA", "PER"):
        assert f"*[{abbr}]:" in snippet, abbr
    for abbr in ("RPG", "PC", "NPC", "GM", "DC", "XP"):
        assert f"*[{abbr}]:" in snippet, abbr
    for page in SECTION.glob("*.md"):
        text = page.read_text(encoding="utf-8")
        assert text.rstrip().endswith(SNIPPET), page.name


@pytest.mark.parametrize("page", sorted(p.name for p in SECTION.glob("*.md")))
def test_each_page_has_one_title(page: str) -> None:
    text = (SECTION / page).read_text(encoding="utf-8")
    assert len(re.findall(r"^# ", text, flags=re.MULTILINE)) == 1


CONTRIBUTORS = {
    "Josh Gager",
    "Micah Brandt",
    "Mark Ishman",
    "Josh Brandt",
    "Ismaa Viqar",
    "Drew Whit",
    "Joe Busch",
    "Chris Carlino",
    "David Evans",
    "Linda Gager",
    "Dave Gager",
    "SheepInDisguise",
    "Slashrunner",
    "Vonwalt",
    "Razoroftruth",
    "OrchestraHc",
    "Misaat",
    "Michael Moceri",
    "guyev",
}


def test_credit_names_the_author_and_everyone_the_credits_page_names() -> None:
    text = (SECTION / "index.md").read_text(encoding="utf-8")
    credit = " ".join(text[: text.index("## What a role-playing game is")].split())
    assert '**"[2d6] Roleplaying System"**, version 1.0 (2012)' in credit
    assert "**Joshua Gager**" in credit
    for helper in ("Micah Brandt", "Joshua Brandt", "Mark Ishman", "Ismaa Viqar"):
        assert f"**{helper}**" in credit
    assert "restated and reorganised here" in credit
    rows = _table("index.md", ["Title on the credits page", "Name"])
    assert {name for _, name in rows} == CONTRIBUTORS
    assert ("Lead Papergazer", "Josh Gager") in {(t, n) for t, n in rows}


def test_internal_links_and_anchors_resolve() -> None:
    assert broken_links(SECTION) == []


def test_home_card_links_the_section_as_d10_0_does() -> None:
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    card = home[home.index("### [2d6 Roleplaying System](2d6/index.md)") :]
    card = card[: card.index("</div>")]
    assert "still being built" not in card  # its calculators are on the pages now
    assert "In preparation" not in card


# Checks, DCs and the dice ---------------------------------------------------------------


def test_the_six_named_dcs() -> None:
    rows = _table("checks.md", ["Name", "DC", "A task that..."])
    assert {name: int(dc) for name, dc, _ in rows} == NAMED_DCS
    assert [r[0] for r in rows] == list(NAMED_DCS)
    rows = _table("setting-dcs.md", ["Name", "DC"])
    assert {name: int(dc) for name, dc in rows} == NAMED_DCS


def test_the_sum_grid() -> None:
    grid = _table("checks.md", ["+", "1", "2", "3", "4", "5", "6"])
    assert [[int(c) for c in row] for row in grid] == [
        [a] + [a + b for b in range(1, 7)] for a in range(1, 7)
    ]
    assert "**6/36, that is 1/6**" in _prose("checks.md")
    assert "a chance of **1/36**" in _prose("checks.md")


def test_the_totals_of_two_dice() -> None:
    rows = _table("checks.md", ["Total", "Ways", "Chance", "Chance of this or more"])
    assert [int(r[0]) for r in rows] == list(range(2, 13))
    for total, ways, chance, or_more in rows:
        assert Fraction(int(ways), 36) == NATURAL[int(total)] == Fraction(chance)
        assert Fraction(or_more) == _at_least(NATURAL, int(total))
    assert NATURAL[7] == Fraction(1, 6) and NATURAL[12] == Fraction(1, 36)


def test_the_chance_of_a_check_by_gap() -> None:
    rows = _table("checks.md", ["DC minus bonus", "Success", "Failure", "Label"])
    assert [r[0] for r in rows] == ["3 or less", *map(str, range(4, 13)), "13 or more"]
    for gap_cell, success, failure, label in rows:
        for gap in _gap(gap_cell):
            assert Fraction(success) == _check(gap), gap_cell
            assert Fraction(failure) == 1 - _check(gap), gap_cell
            assert label == _label(gap), gap_cell
    assert "**11/12**" in _prose("checks.md")  # the example: +5 against DC 9
    assert _check(9 - 5) == Fraction(11, 12)


def test_the_checks_reading_is_stated_beside_the_rule() -> None:
    note = " ".join(_source_notes("checks.md"))
    assert "natural 2 and 2d6 + bonus is at least the DC" in note
    assert "natural 12 earns a cinematic whether the check succeeds or not" in note
    assert "DC 5" in note and "below DC 7" in note
    assert "from 0 to 10" in note


def test_aid_example_and_take_7_reading() -> None:
    text = _prose("aid-and-take-7.md")
    assert f"**{_check(11 - 2)}**" in text  # alone against DC 11
    assert f"**7/12 × 7/12 = {_check(9 - 2) ** 2}**" in text  # helped: DC 9 for both
    assert f"alone **{_check(7 - 5)}**" in text
    assert f"**(35/36)² = {_check(7 - 5) ** 2}**" in text  # no lower than Easy
    notes = " ".join(_source_notes("aid-and-take-7.md"))
    assert "never below 7" in notes and "warn" in notes
    assert "7 + bonus" in notes and "never earns a cinematic" in notes


def test_aid_notes_state_armour_first_and_helpers_taking_7() -> None:
    # Issue 16, item 10: readings the check tool uses that no page stated.
    notes = " ".join(_source_notes("aid-and-take-7.md"))
    assert "Armour's steps come before aid." in notes
    medium = 2  # medium armour's steps on an Agility check
    armoured = NAMED_DCS["Average"] + 2 * medium
    assert (
        f"an Average (DC 9) check in medium armour becomes DC {armoured}, and one helper "
        f"brings it to DC {armoured - 2}" in notes
    )
    assert "past Legendary stays impossible, however many help" in notes
    assert "Helpers take 7 too." in notes
    assert "each succeeds exactly when 7 + their own bonus reaches the lowered DC" in notes
    assert "each helper rolls 2d6 once" in notes
    assert "Armour's steps come before any helper's" in " ".join(_source_notes("items.md"))


def test_initiative_tie_reroll_is_a_stated_reading() -> None:
    notes = " ".join(_source_notes("combat.md"))
    assert "2d6 + Perception + Agility, made by the tied characters only" in notes
    assert "Bonuses count on the reroll as on the first roll" in notes


def test_index_says_every_gap_is_marked_and_made_up_examples_say_so() -> None:
    text = _prose("index.md")
    assert "Nothing has been added" not in text
    assert "every gap the tools fill is marked" in text
    assert 'Examples the site made up say so ("an example of ours")' in text


def _paragraphs(name: str) -> list[str]:
    return [" ".join(p.split()) for p in (SECTION / name).read_text(encoding="utf-8").split("\n\n")]


@pytest.mark.parametrize("name", sorted(p.name for p in SECTION.glob("*.md")))
def test_every_roll_with_a_bonus_and_every_preset_tool_says_whose_example(name: str) -> None:
    # A roll of 2d6 plus a bonus, or a calculator's preset, is an example: the rules' or ours.
    paragraphs = _paragraphs(name)
    for i, paragraph in enumerate(paragraphs):
        before = paragraphs[i - 1] if i else ""
        if re.search(r"#!roll 2d6[+-]\d", paragraph):
            said = paragraph + " " + before
        elif paragraph.startswith("```widget"):
            said = before
        else:
            continue
        assert re.search(r"example of ours|rules' example|example is the rules'", said), said


SITE_TERMS = {
    "death save": r"\bdeath saves?\b",
    "margin": r"\bmargins?\b",
    "natural roll": r"\bnatural (?:rolls?|results?|2d6|\d+)\b",
}


def _linked_prose(name: str) -> str:
    """A page's text with each link reduced to its text and the abbreviations left out."""
    text = (SECTION / name).read_text(encoding="utf-8").replace(SNIPPET, "")
    return " ".join(re.sub(r"\]\([^)]*\)", "]", text).split())


@pytest.mark.parametrize("term", SITE_TERMS)
def test_terms_the_site_coined_are_marked_where_they_appear(term: str) -> None:
    # Issue 16, item 9, as WoDu marks "tier": the rules never say these words.
    if SEED.is_file():
        assert not re.search(SITE_TERMS[term], SEED.read_text(encoding="utf-8"), re.I)
    glossary = _prose("glossary.md")
    anchor = "{#" + term.replace(" ", "-") + "}"
    entry = glossary[glossary.index(anchor) : glossary.index("## ", glossary.index(anchor))]
    assert f'"{term.capitalize()}" is the site\'s word' in entry
    pages = 0
    for path in sorted(SECTION.glob("*.md")):
        if path.name == "glossary.md":
            continue
        text = _linked_prose(path.name)
        first = re.search(SITE_TERMS[term], text, re.I)
        if first is None:
            continue
        pages += 1
        # The first use on the page (or the sentence just before it) says whose word it is.
        near = text[max(0, first.start() - 200) : first.end() + 150]
        assert "the site's word" in near, (path.name, near)
    assert pages >= 2


# Characters --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("page", "header"),
    [
        ("stats.md", ["Bonus", "Cost of this step", "Total cost to reach it"]),
        ("skills.md", ["Ranks (bonus)", "XP for this rank", "Total XP to reach it"]),
    ],
)
def test_cost_tables_are_triangular(page: str, header: list[str]) -> None:
    rows = _table(page, header)
    assert [r[0] for r in rows] == ["+1", "+2", "+3", "+4", "+5"]
    for bonus, step, total in rows:
        b = int(bonus)
        assert int(step) == b
        assert total == f"{_triangular(b)} ({'+'.join(str(i) for i in range(1, b + 1))})"


def test_stats_budget_meaning_and_example() -> None:
    rows = _table("stats.md", ["Stat", "Kind", "Measures", "Typically used for"])
    assert [r[0] for r in rows] == [
        "Strength (STR)",
        "Agility (AGI)",
        "Dexterity (DEX)",
        "Toughness (TOU)",
        "Intelligence (INT)",
        "Willpower (WIL)",
        "Charisma (CHA)",
        "Perception (PER)",
    ]
    assert [r[1] for r in rows] == ["physical"] * 4 + ["mental"] * 4
    assert [r[0] for r in _table("stats.md", ["Bonus", "In the real world"])] == [
        f"+{b}" for b in range(6)
    ]
    text = _prose("stats.md")
    assert "there are 36 points" in text and "above +5" in text
    example = [3, 3, 2, 3, 2, 2, 1, 2]
    assert f"cost {' + '.join(str(_triangular(b)) for b in example)} = 31 points" in text
    assert sum(map(_triangular, example)) == 31
    assert f"leaving {36 - 31} to add to the starting 15 XP: {15 + 36 - 31} XP" in text


def test_derived_scores_and_starting_xp() -> None:
    rows = _table("derived-scores.md", ["Score", "Worked out as", "Used for"])
    assert {r[0]: r[1] for r in rows} == {
        "Resolve": "TOU + WIL",
        "Initiative": "AGI + PER",
        "Wounds": "3 + TOU",
    }
    assert "resolve +5, initiative +5 and 6 wounds (7 with Extra Wound)" in _prose(
        "derived-scores.md"
    )
    note = " ".join(_source_notes("character-creation.md"))
    assert "starting XP = 15 + unspent stat points" in note
    assert '"stats, skills, and cinematics"' in note and '"talents and skills"' in note


def test_wounds_never_negative_is_stated_beside_the_formula() -> None:
    # Issue 16, item 3: the page says which sheet is refused, and why.
    note = " ".join(_source_notes("derived-scores.md"))
    assert "do not say what happens when a character loses more limbs than they have" in note
    assert "Wounds are never negative" in note
    assert "TOU +0 and no Extra Wound a character has 3 wounds, and a fourth lost limb" in note
    assert "naming the Limbs lost and TOU fields, rather than giving −1 wounds" in note


TALENTS = {
    "Acrobat": "1",
    "Altered State": "2",
    "Alternate Form": "5",
    "Animal Kinship": "1",
    "Armor Proficiency": "3",
    "Armored Acrobat": "3",
    "Companion": "5",
    "Computer Literacy": "1",
    "Connections": "2",
    "Credentials": "3",
    "Extra Organ": "1, 3 or 5",
    "Extra Sense": "2",
    "Extra Wound": "5",
    "Fast Caster": "4",
    "Favored Enemy / Culture": "3",
    "Fearless": "2",
    "Graceful": "3",
    "Hip Shot": "3",
    "Improvisation": "1",
    "Literacy": "1",
    "Mass Spell": "5",
    "Multiattack": "4",
    "Polyglot": "1",
    "Rich": "3",
    "Spell Turning": "3",
    "Stat Boost": "5",
    "Vicious Parry": "3",
}


def test_every_talent_with_its_xp() -> None:
    rows = _table("talents.md", ["Talent", "XP", "How often"])
    assert {name: xp for name, xp, _ in rows} == TALENTS
    limits = {name: limit for name, _, limit in rows}
    assert limits["Extra Wound"] == "once only"
    assert limits["Stat Boost"] == "up to four times"
    assert limits["Rich"] == "once only, at character creation"
    text = _prose("talents.md")
    for name, xp in TALENTS.items():
        assert f"### {name} ({xp} XP)" in text, name


@needs_seed
def test_talents_match_the_source() -> None:
    found = {}
    for line in _seed_lines()[460:690]:
        match = re.fullmatch(r"([A-Z][A-Za-z /]+?) \((\d(?:, \d, or \d)?) ?XP\)", line.strip())
        if match:
            found[match[1]] = match[2].replace(", or", " or")
    assert found == TALENTS


SKILLS = {
    "Archery": "DEX",
    "Athletics": "STR, AGI, DEX",
    "Bluff": "CHA, WIL",
    "Diplomacy": "CHA",
    "Drive": "DEX",
    "Intimidate": "WIL, STR",
    "Knowledge ( )": "INT",
    "Language ( )": "INT, CHA",
    "Lockpicking": "DEX, INT",
    "Melee ( )": "STR, AGI",
    "Notice": "PER",
    "Perform ( )": "CHA, DEX, AGI, INT, TOU, STR, WIL, PER",
    "Pilot": "DEX, INT",
    "Research": "INT, CHA",
    "Ride": "DEX, AGI",
    "Shooting": "DEX",
    "Sleight of Hand": "DEX",
    "Stealth": "AGI",
    "Throwing": "DEX",
    "Trade ( )": "INT, DEX",
}


def test_every_sample_skill_with_its_stats() -> None:
    rows = _table("skills.md", ["Skill", "Usual stats", "In combat", "Opposed by"])
    assert {r[0]: r[1] for r in rows} == SKILLS
    attack_only = {r[0] for r in rows if r[2] == "attack only"}
    assert attack_only == {"Archery", "Shooting", "Throwing"}
    trades = _table("skills.md", ["Trade", "Used to"])
    assert [r[0] for r in trades] == [
        "Blacksmithing",
        "Carpentry",
        "Cooking",
        "Engineering",
        "Farming",
        "Forgery",
        "Healing",
        "Mining",
        "Programming",
        "Pottery",
        "Stonecutting",
        "Tailoring",
        "Weaving",
    ]
    assert "cost 6 XP in all (1 + 2 + 3) and give **+3**" in _prose("skills.md")
    assert "no Casting skill" in " ".join(_source_notes("skills.md"))


@needs_seed
def test_skills_match_the_source() -> None:
    found = {}
    for line in _seed_lines()[700:960]:
        match = re.fullmatch(r"([A-Z][A-Za-z ]+?(?: \( \))?) ((?:\[[A-Z]{3}\] ?)+)", line.strip())
        if match:
            found[match[1]] = ", ".join(re.findall(r"[A-Z]{3}", match[2]))
    found["Perform ( )"] += ", STR, WIL, PER"  # the rest of its stats wrap onto the next line
    assert found == SKILLS


# Items and armour --------------------------------------------------------------------------

ARMOUR = {"Light": ({2}, 1), "Medium": ({2, 3}, 2), "Heavy": ({2, 3, 4}, 3)}


def test_the_three_armour_classes() -> None:
    rows = _table(
        "items.md",
        [
            "Class",
            "Examples",
            "Item",
            "Needs",
            "Rerolls a defending natural roll of",
            "Agility checks",
        ],
    )
    assert [r[0] for r in rows] == list(ARMOUR)
    assert [r[2] for r in rows] == ["mundane", "special", "special"]
    assert [r[4] for r in rows] == ["2 (snake eyes)", "3 or 2", "4, 3 or 2"]
    assert [r[5] for r in rows] == [
        "DC one step higher",
        "DC two steps higher",
        "DC three steps higher",
    ]


def test_armour_on_agility_checks() -> None:
    rows = _table("items.md", ["Normal DC of the Agility check", "Light", "Medium", "Heavy"])
    assert [r[0] for r in rows] == [f"{name} ({dc})" for name, dc in NAMED_DCS.items()]
    for row, dc in zip(rows, NAMED_DCS.values(), strict=True):
        for cell, (_, steps) in zip(row[1:], ARMOUR.values(), strict=True):
            shifted = dc + 2 * steps
            assert cell == (str(shifted) if shifted <= 17 else "impossible")


def test_what_the_armour_reroll_is_worth() -> None:
    rows = _table(
        "items.md",
        ["Class", "Rerolled results", "Chance of rolling one", "Chance of ending on one"],
    )
    for (name, rerolled, first, end), (cls, (results, _)) in zip(rows, ARMOUR.items(), strict=True):
        assert name == cls
        assert {int(r) for r in rerolled.split(", ")} == results
        once = sum(NATURAL[r] for r in results)
        assert Fraction(first) == once
        assert Fraction(end) == once * once  # the reroll is kept, whatever it shows
    notes = " ".join(_source_notes("items.md"))
    assert "the reroll is always kept" in notes
    assert "a task pushed past Legendary by armour cannot be done" in notes


def test_breaking_items_rolls() -> None:
    rows = _table("items.md", ["Roll", "Whose roll"])
    assert rows == [
        ["2d6 + attack skill + appropriate stat", "Attacker"],
        ["2d6 + wearer's defensive skill + appropriate stat", "Item (on person)"],
        ["2d6", "Item (unattended)"],
    ]


def test_races_template_and_goblin() -> None:
    rows = _table("races.md", ["Entry", "What it records", "Choices the rules offer"])
    assert [r[0] for r in rows] == [
        "Description",
        "Racial Talents",
        "Sleep Cycle",
        "Diet",
        "Reproductive Method",
        "Culture",
        "Lands",
        "Life Span",
    ]
    goblin = dict(_table("races.md", ["Entry", "Goblin"]))
    assert goblin["Sleep Cycle"] == "Nocturnal"
    assert goblin["Diet"] == "Carnivorous"
    assert goblin["Racial Talents"] == "darkvision [required], blood hound nose [optional]"
    assert "20 to 30 years" in goblin["Life Span"]


# Combat, wounds and healing ------------------------------------------------------------------


def _band(margin: int) -> str:
    """The exclusive margin band: the defender's (ties included), 1-4, 5-9 or 10+."""
    if margin <= 0:
        return "defender"
    return "1-4" if margin < 5 else "5-9" if margin < 10 else "10+"


def _combat(attack: int, defend: int) -> dict[str, Fraction]:
    """Margin bands of attacker 2d6 + attack against defender 2d6 + defend; ties to the defender."""
    bands = dict.fromkeys(("defender", "1-4", "5-9", "10+", "defender by 5+"), Fraction(0))
    for (x, px), (y, py) in product(NATURAL.items(), repeat=2):
        margin = (x + attack) - (y + defend)
        bands[_band(margin)] += px * py
        if margin <= -5:
            bands["defender by 5+"] += px * py
    return bands


def test_the_combat_example() -> None:
    rows = _table("combat.md", ["Side", "Dice", "Skill", "Stat", "Total"])
    assert rows == [["Attacker", "7", "2", "2", "11"], ["Defender", "7", "1", "1", "9"]]
    odds = dict(_table("combat.md", ["Result", "Chance"]))
    bands = _combat(4, 2)
    assert Fraction(odds["Defender wins (tie included)"]) == bands["defender"]
    assert Fraction(odds["Attacker wins by 1-4"]) == bands["1-4"]
    assert Fraction(odds["Attacker wins by 5-9"]) == bands["5-9"]
    assert Fraction(odds["Attacker wins by 10 or more"]) == bands["10+"]
    assert Fraction(odds["Defender wins by 5 or more"]) == bands["defender by 5+"]
    assert Fraction(odds["Either side's dice show 12 (each)"]) == NATURAL[12]
    assert sum(bands[k] for k in ("defender", "1-4", "5-9", "10+")) == 1


def test_margins_and_their_options() -> None:
    rows = _table("combat.md", ["Margin (beat the defender's score by)", "Options, any one of"])
    options = {margin: cell.split("; ") for margin, cell in rows}
    # Issue 16, item 11: the rules' options in our words, each number and term kept, in the
    # rules' order, and the same words as the combat calculator's result.
    assert options == {
        "1 or more": [
            "Deal one wound",
            "Disarm the defender",
            "Distract them: they lose a half-round action on their next turn",
            "Trip them (melee attacks only)",
            "Shove them",
            "Start, hold or break a grapple (unarmed attacks only)",
        ],
        "5 or more": [
            "Deal two wounds",
            "Knock them unconscious",
            "Incapacitate a limb: breaking a bone, cutting a tendon and the like",
            "Take two options from the 1+ list",
        ],
        "10 or more": [
            "Deal three wounds",
            "Destroy a limb or organ: cutting off an arm, blinding and the like",
            "Take one option from the 1+ list and one from the 5+ list",
            "Take three options from the 1+ list",
        ],
    }
    notes = " ".join(_source_notes("combat.md"))
    assert "exclusive bands of margin: 1-4, 5-9, and 10 or more" in notes
    assert "a tie goes to the defender" in notes and "no automatic failure" in notes
    assert "defender wins by 5 or more" in notes
    text = _prose("combat.md")
    assert "beats the defence by 6 may deal the defender two wounds" in text


@needs_seed
def test_margin_options_share_no_run_of_six_words_with_the_rules() -> None:
    words = re.compile(r"[a-z]+")
    seed = words.findall(SEED.read_text(encoding="utf-8").lower())
    runs = {tuple(seed[i : i + 6]) for i in range(len(seed) - 5)}
    rows = _table("combat.md", ["Margin (beat the defender's score by)", "Options, any one of"])
    cells = words.findall(" ".join(cell for _, cell in rows).lower())
    shared = [cells[i : i + 6] for i in range(len(cells) - 5) if tuple(cells[i : i + 6]) in runs]
    assert shared == []


def test_rounds_and_actions() -> None:
    rows = _table("combat.md", ["Action", "How many", "What fits in one"])
    assert [r[0] for r in rows] == ["Quick action", "Half-round action", "Full-round action"]
    assert "moving 20 feet" in rows[1][2] and "moving 50 feet" in rows[2][2]
    text = _prose("combat.md")
    assert "roll again against each other" in text  # initiative ties


def test_aiming_table() -> None:
    rows = _table("combat.md", ["Dice must show", "Rolled once", "Aimed (higher of two)"])
    assert [int(r[0]) for r in rows] == list(range(2, 13))
    for need, once, aimed in rows:
        assert Fraction(once) == _at_least(NATURAL, int(need))
        assert Fraction(aimed) == _at_least(AIMED, int(need))
    # Against a DC the natural 2 fails: aimed, only when both rolls show 2.
    assert f"35/36 once, {1 - AIMED[2]} aimed" in _prose("combat.md")


def test_the_death_save() -> None:
    rows = _table("wounds-and-healing.md", ["Resolve", "Dice must show", "Chance of surviving"])
    for resolve, need, chance in rows:
        bonus = int(resolve.split()[0])
        assert need.split()[0] == str(5 - bonus)
        assert Fraction(chance) == _check(5 - bonus)
    assert [r[0] for r in rows] == ["+0", "+1", "+2 or more"]
    notes = " ".join(_source_notes("wounds-and-healing.md"))
    assert "below DC 7" in notes and "DC 5" in notes


def _heal_dc(wounds_lost: int) -> int:
    return min(7 + 2 * (wounds_lost - 1), 17)


def test_the_heal_dc_ladder() -> None:
    rows = _table("wounds-and-healing.md", ["Wounds lost", "Heal check DC"])
    assert [r[0] for r in rows] == ["1", "2", "3", "4", "5", "6 or more"]
    names = {dc: name for name, dc in NAMED_DCS.items()}
    for lost, dc in rows:
        for wounds in range(int(lost.split()[0]), 9 if "more" in lost else int(lost) + 1):
            assert dc == f"{_heal_dc(wounds)} ({names[_heal_dc(wounds)]})"
    assert _heal_dc(3) == 11 and _heal_dc(6) == _heal_dc(8) == 17  # the rules' examples
    text = _prose("wounds-and-healing.md")
    assert "three wounds down needs a DC 11 heal check" in text
    assert "down 6 wounds or more still needs only DC 17" in text
    assert "DC = 7 + 2 × (wounds lost − 1), at most 17" in " ".join(
        _source_notes("wounds-and-healing.md")
    )


def test_cinematics_cost_and_four_uses() -> None:
    rows = _table("character-growth.md", ["Use", "How often"])
    assert len(rows) == 4
    assert {r[1] for r in rows} == {"once per round"}
    assert "**spend 2 XP**" in _prose("character-growth.md")


# Magic ---------------------------------------------------------------------------------------

SPELLS = {
    "Animate": ("13", "5"),
    "Blast": ("9", "3"),
    "Charm": ("9", "3"),
    "Control": ("9", "3"),
    "Create": ("17", "7"),
    "Destroy": ("17", "7"),
    "Entangle": ("11", "4"),
    "Heal": ("13", "5"),
    "Illusion": ("9", "3"),
    "Levitate": ("13", "5"),
    "Natural Phenomenon": ("9", "3"),
    "Negate": ("No DC", "5"),
    "Repel Attack": ("7", "2"),
    "Runes": ("No DC", "5"),
    "Summon": ("11", "4"),
    "Transmute": ("13", "5"),
    "Ward": ("7", "2"),
}


def test_spell_xp_by_dc() -> None:
    rows = _table("magic.md", ["Spell DC", "Cost"])
    assert [int(dc) for dc, _ in rows] == list(NAMED_DCS.values())
    for dc, cost in rows:
        assert cost == f"{(int(dc) - 3) // 2} XP"
        assert (int(dc) - 3) % 2 == 0


def test_every_sample_spell_with_its_dc_and_xp() -> None:
    rows = _table("spells.md", ["Spell", "DC", "XP"])
    assert {name: (dc, xp) for name, dc, xp in rows} == SPELLS
    for dc, xp in SPELLS.values():
        if dc != "No DC":
            assert int(xp) == (int(dc) - 3) // 2
    text = _prose("spells.md")
    for name, (dc, xp) in SPELLS.items():
        heading = f"({dc}, {xp} XP)" if dc == "No DC" else f"(DC {dc}, {xp} XP)"
        assert f"### {name} {heading}" in text, name


@needs_seed
def test_spells_match_the_source() -> None:
    found = {}
    for line in _seed_lines():
        match = re.fullmatch(r"([A-Z][A-Za-z ]+?) \((DC \d+|No DC), (\d) ?XP\)", line.strip())
        if match:
            found[match[1]] = (match[2].removeprefix("DC "), match[3])
    assert found == SPELLS


def _casting(gap: int) -> tuple[Fraction, Fraction, Fraction]:
    """Success, fizzle (missed by less than 5) and wild (by 5 or more) for DC - resolve."""
    success = fizzle = wild = Fraction(0)
    for natural, p in NATURAL.items():
        if natural != 2 and natural >= gap:
            success += p
        elif gap - natural >= 5:
            wild += p
        else:
            fizzle += p
    return success, fizzle, wild


def test_casting_outcomes_by_gap() -> None:
    rows = _table("magic.md", ["DC minus resolve", "Success", "Fizzle", "Wild"])
    assert [r[0] for r in rows] == ["3 or less", *map(str, range(4, 17)), "17 or more"]
    for gap_cell, *chances in rows:
        for gap in _gap(gap_cell):
            assert tuple(Fraction(c) for c in chances) == _casting(gap), gap_cell
    note = " ".join(_source_notes("magic.md"))
    assert '"no more than 5 points below"' in note
    assert "missing by 1-4 fizzles, missing by 5 or more goes wild" in note
    assert "casting as a Resolve check (2d6 + TOU + WIL)" in note


# Setting DCs -------------------------------------------------------------------------------


def test_the_roll_by_bonus_chart() -> None:
    rows = _table("setting-dcs.md", ["Roll", *(f"+{b}" for b in range(11))])
    assert [int(r[0]) for r in rows] == list(range(2, 13))
    for roll, *totals in rows:
        assert [int(t) for t in totals] == [int(roll) + b for b in range(11)]


@needs_seed
def test_the_roll_by_bonus_chart_matches_the_source_columns() -> None:
    lines = [line.strip() for line in _seed_lines() if line.strip()]
    for bonus in range(1, 11):
        column = [str(bonus)] + [str(roll + bonus) for roll in range(2, 13)]
        assert any(lines[i : i + 12] == column for i in range(len(lines))), bonus


def test_the_difficulty_by_bonus_chart_cell_by_cell() -> None:
    rows = _table("setting-dcs.md", ["DC", *(f"+{b}" for b in range(0, 11, 2))])
    assert [int(r[0]) for r in rows] == list(NAMED_DCS.values())
    for dc, *labels in rows:
        assert labels == [_label(int(dc) - bonus) for bonus in range(0, 11, 2)]
    note = " ".join(_source_notes("setting-dcs.md"))
    for reading in (
        "3 or less cannot fail",
        "4-5 easy",
        "6-7 average",
        "8-9 difficult",
        "10-12 very difficult",
        "13 or more impossible",
    ):
        assert reading in note


@needs_seed
def test_the_rebuilt_chart_keeps_every_label_of_the_scrambled_one() -> None:
    lines = _seed_lines()
    start = lines.index("DC", 1700)
    end = next(i for i, line in enumerate(lines) if line.startswith("No task can ever be below"))
    cells = re.compile(r"(very|difficult|impossible|cannot|fail|easy|average|\+\d+|\d+|DC| )*")
    kept = [line for line in lines[start:end] if cells.fullmatch(line.strip())]
    text = " ".join(" ".join(kept).split())
    scrambled = Counter(
        {
            "cannot fail": text.count("cannot fail"),
            "very difficult": text.count("very difficult"),
            "difficult": len(re.findall(r"(?<!very )difficult", text)),
            "impossible": text.count("impossible"),
            "easy": text.count("easy"),
            "average": text.count("average"),
        }
    )
    rows = _table("setting-dcs.md", ["DC", *(f"+{b}" for b in range(0, 11, 2))])
    rebuilt = Counter(label for row in rows for label in row[1:])
    assert rebuilt == scrambled
    assert sum(rebuilt.values()) == 36


def test_step_modifiers() -> None:
    rows = _table("setting-dcs.md", ["What", "Change", "Where"])
    changes = {what: change for what, change, _ in rows}
    assert changes["a useless or incapacitated limb"] == "+1 step on physical tasks"
    assert changes["light, medium, heavy armour on Agility checks"] == "+1, +2, +3 steps"
    assert changes["each helper"] == "−1 step, never below Easy"
    text = _prose("setting-dcs.md")
    assert "with a broken arm it becomes Professional" in text
    assert NAMED_DCS["Difficult"] + 2 == NAMED_DCS["Professional"]


def test_running_the_game_lists_the_rules_resources() -> None:
    hrefs = _page("running-the-game.md").hrefs
    assert {"http://www.rpg.net", "http://www.giantitp.com/forums"} <= set(hrefs)
    assert "http://www.reddit.com/r/rpg" in hrefs
    authors = {name for _, name in _table("running-the-game.md", ["Worth reading for", "Author"])}
    assert len(authors) == 6 and "Terry Pratchett" in authors


def test_the_play_page_and_the_builder_name_the_example_the_sheet_starts_as() -> None:
    # Issue 29, item 6: a first visit plays the example by name; New starts afresh.
    name = next(f.default for f in WIDGETS["2d6-builder"].fields if f.name == "name")
    assert f"It starts as {name}, the example of ours" in _prose("play.md")
    assert f"starts with is an example of ours, {name}." in _prose("character-creation.md")
    assert "Tap a box of **Wounds** for each wound taken" in _prose("play.md")
