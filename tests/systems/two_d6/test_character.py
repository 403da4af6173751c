"""[2d6] Roleplaying System, characters: costs, derived values, talents, healing and the builder."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.systems.two_d6 import builder as b
from rules_py.systems.two_d6 import character as ch

ROLLS = [sum(r) for r in product(range(1, 7), repeat=2)]

# The source's cost chart, the same for stats and skills: bonus, its cost, total.
SOURCE_COST_CHART = ((1, 1, 1), (2, 2, 3), (3, 3, 6), (4, 4, 10), (5, 5, 15))


def chance(bonus: int, dc: int) -> Fraction:
    return Fraction(sum(1 for n in ROLLS if n != 2 and n + bonus >= dc), 36)


def test_two_d6_stat_cost_table() -> None:
    assert ch.COST_TABLE == SOURCE_COST_CHART
    assert [ch.stat_cost(bonus) for bonus in range(6)] == [0, 1, 3, 6, 10, 15]
    for bonus in (-1, 6):
        with pytest.raises(ValueError, match="Stats"):
            ch.stat_cost(bonus)


def test_two_d6_skill_cost_table() -> None:
    assert [ch.skill_cost(ranks) for ranks in range(6)] == [0, 1, 3, 6, 10, 15]
    # "3 ranks in Trade (Chef) ... would cost a total of 6 skill points".
    assert ch.skill_cost(3) == 6
    with pytest.raises(ValueError, match="Skills"):
        ch.skill_cost(6)


def test_two_d6_eight_stats() -> None:
    assert ch.STAT_NAMES == ("STR", "AGI", "DEX", "TOU", "INT", "WIL", "CHA", "PER")
    assert [s.kind for s in ch.STATS] == ["physical"] * 4 + ["mental"] * 4
    assert ch.stat("willpower").abbreviation == "WIL"
    assert (ch.STAT_POINTS, ch.MAX_STAT, ch.STARTING_XP, ch.CINEMATIC_XP) == (36, 5, 15, 2)


def test_two_d6_derived_values() -> None:
    assert ch.wounds(2) == 5
    assert ch.wounds(2, extra_wound=True) == 6
    assert ch.wounds(2, extra_wound=True, lost_limbs=1) == 5
    assert ch.resolve(3, 2) == 5
    assert ch.initiative(4, 1) == 5
    assert ch.starting_xp(0) == 15
    assert ch.starting_xp(4) == 19


def test_two_d6_wounds_are_never_negative() -> None:
    # Issue 16, item 3: TOU +0 and 4 limbs lost gave -1 wounds.
    assert ch.wounds(0, lost_limbs=3) == 0
    assert ch.wounds(0, extra_wound=True, lost_limbs=4) == 0
    assert ch.wounds_problem(0, lost_limbs=3) is None
    with pytest.raises(ValueError) as refused:
        ch.wounds(0, lost_limbs=4)
    message = str(refused.value)
    assert message.startswith("Too many limbs lost: 4 against 3 wounds (3 + TOU +0)")
    assert "wounds are never negative, so at most 3 can be lost" in message
    assert message.endswith("([2d6] Roleplaying System, Combat, Wounds and Healing)")
    for tou, extra, lost in product(range(6), (False, True), range(5)):
        assert ch.wounds_problem(tou, extra, lost) == (None if 3 + tou + extra >= lost else message)


def test_two_d6_builder_refuses_more_limbs_lost_than_wounds() -> None:
    sheet = b.build_character(b.CharacterInput(stats={**STATS, "TOU": 0}, lost_limbs=4))
    assert sheet.wounds is None and not sheet.valid
    assert [p for p in sheet.problems if "wounds are never negative" in p] == [
        ch.wounds_problem(0, lost_limbs=4)
    ]
    sound = b.build_character(b.CharacterInput(stats={**STATS, "TOU": 0}, lost_limbs=3))
    assert sound.wounds == 0 and sound.valid


def test_two_d6_builder_counts_one_cinematic_in_the_singular() -> None:
    # Issue 16, item 25: the XP list said "1 cinematics".
    one = b.build_character(b.CharacterInput(cinematics=1)).costs
    two = b.build_character(b.CharacterInput(cinematics=2)).costs
    assert [c.name for c in one] == ["1 cinematic"]
    assert [c.name for c in two] == ["2 cinematics"]


@pytest.mark.parametrize(
    ("lost", "dc"),
    [(1, 7), (2, 9), (3, 11), (4, 13), (5, 15), (6, 17), (7, 17), (12, 17)],
)
def test_two_d6_heal_dc_examples(lost: int, dc: int) -> None:
    # The source: three wounds lost is DC 11; six or more is still DC 17.
    assert ch.heal_dc(lost) == dc


def test_two_d6_heal_dc_needs_a_wound_lost() -> None:
    with pytest.raises(ValueError, match="Healing"):
        ch.heal_dc(0)


def test_two_d6_healing_days() -> None:
    assert ch.healing_days(3) == {3: 1}
    assert ch.healing_days(3, rested=False) == {6: 1}
    assert ch.healing_days(0) == {0: 1}
    # One wound lost, healer +0: the DC 7 check doubles the day's recovery, but one
    # wound needs one day either way.
    assert ch.healing_days(1, 0) == {1: 1}
    # Two wounds lost, healer +4, rested: day 1 at DC 9 heals both on a success.
    p = chance(4, 9)
    assert ch.healing_days(2, 4) == {1: p, 2: 1 - p}
    # Three lost, +4: success at DC 11 leaves one wound (done on day 2); a failure
    # leaves two, checked at DC 9 on day 2.
    p11, p9 = chance(4, 11), chance(4, 9)
    assert ch.healing_days(3, 4) == {2: p11 + (1 - p11) * p9, 3: (1 - p11) * (1 - p9)}
    # Unrested: half a wound a day, a wound a day on a success.
    p7 = chance(0, 7)
    assert ch.healing_days(1, 0, rested=False) == {1: p7, 2: 1 - p7}


def test_two_d6_death_save() -> None:
    assert ch.death_save_chance(0) == Fraction(30, 36)
    assert ch.death_save_chance(3) == Fraction(35, 36)


SOURCE_TALENTS = {
    "Acrobat": 1, "Alternate Form": 5, "Altered State": 2, "Animal Kinship": 1,
    "Armor Proficiency": 3, "Armored Acrobat": 3, "Companion": 5, "Computer Literacy": 1,
    "Connections": 2, "Credentials": 3, "Extra Organ": 1, "Extra Sense": 2, "Extra Wound": 5,
    "Fast Caster": 4, "Favored Enemy / Culture": 3, "Fearless": 2, "Graceful": 3,
    "Hip Shot": 3, "Improvisation": 1, "Literacy": 1, "Mass Spell": 5, "Multiattack": 4,
    "Polyglot": 1, "Rich": 3, "Spell Turning": 3, "Stat Boost": 5, "Vicious Parry": 3,
}  # fmt: skip


def test_two_d6_every_talent_with_its_xp_and_limits() -> None:
    assert {t.name: t.xp[0] for t in ch.TALENTS} == SOURCE_TALENTS
    assert ch.talent("extra organ").xp == (1, 3, 5)
    assert ch.talent("Extra Wound").limit == 1
    assert ch.talent("Rich").limit == 1 and ch.talent("Rich").creation_only
    assert ch.talent("Stat Boost").limit == 4
    assert ch.talent("Favored Culture").name == "Favored Enemy / Culture"
    assert {t.name for t in ch.TALENTS if t.creation_only} == {
        "Extra Organ",
        "Literacy",
        "Polyglot",
        "Rich",
    }
    with pytest.raises(ValueError, match=r"^Unknown talent 'Flight'"):
        ch.talent("Flight")


def test_two_d6_sample_skills_and_trades() -> None:
    assert len(ch.SKILLS) == 20
    assert ch.skill("athletics").stats == ("STR", "AGI", "DEX")
    assert ch.skill("Perform").stats == ("CHA", "DEX", "AGI", "INT", "TOU", "STR", "WIL", "PER")
    assert ch.skill("Melee").subsets == ("Heavy", "Light", "Unarmed")
    assert {s.name for s in ch.SKILLS if s.needs_subset} == {
        "Knowledge",
        "Language",
        "Melee",
        "Perform",
        "Trade",
    }
    assert {s.name for s in ch.SKILLS if s.attack} == {"Archery", "Melee", "Shooting", "Throwing"}
    assert len(ch.TRADES) == 13 and "Healing" in ch.TRADES


# --------------------------------------------------------------------------
# Builder
# --------------------------------------------------------------------------

STATS = {"STR": 3, "AGI": 3, "DEX": 2, "TOU": 3, "INT": 2, "WIL": 2, "CHA": 1, "PER": 2}
# Costs 6 + 6 + 3 + 6 + 3 + 3 + 1 + 3 = 31 of 36: 5 points left, 20 starting XP.


def test_two_d6_builder_a_legal_character() -> None:
    sheet = b.build_character(
        b.CharacterInput(
            stats=STATS,
            skills=(b.SkillPick("Melee", 3, "Light"), b.SkillPick("Notice", 2)),
            talents=(b.TalentPick("Extra Wound"), b.TalentPick("Stat Boost", option="PER")),
        )
    )
    assert sheet.problems == ()
    assert (sheet.stat_points_spent, sheet.stat_points_left) == (31, 5)
    assert sheet.starting_xp == sheet.xp_available == 20
    assert (sheet.xp_spent, sheet.xp_left) == (6 + 3 + 5 + 5, 1)
    assert sheet.stats["PER"] == 3 and sheet.bought_stats["PER"] == 2
    assert (sheet.wounds, sheet.resolve, sheet.initiative) == (3 + 3 + 1, 5, 6)


def refusals(**kwargs: object) -> tuple[str, ...]:
    return b.build_character(b.CharacterInput(**kwargs)).problems  # type: ignore[arg-type]


def test_two_d6_builder_refusals_name_the_rule() -> None:
    (problem,) = refusals(stats={**STATS, "STR": 5, "AGI": 5})
    assert "Stats" in problem and "budget is 36" in problem
    (problem,) = refusals(stats={"STR": 6})
    assert "+0 to +5" in problem
    (problem,) = refusals(skills=(b.SkillPick("Notice", 6),))
    assert problem == (
        "The ranks in Notice must be from 0 to 5, got 6 ([2d6] Roleplaying System, Skills)"
    )
    (problem,) = refusals(skills=(b.SkillPick("Trade", 1),))
    assert "field" in problem
    (problem,) = refusals(talents=(b.TalentPick("Extra Wound"), b.TalentPick("Extra Wound")))
    assert "Extra Wound" in problem and "once" in problem
    (problem,) = refusals(talents=(b.TalentPick("Stat Boost", option="STR"),) * 5, earned_xp=10)
    assert "4 times" in problem
    (problem,) = refusals(talents=(b.TalentPick("Rich", later=True),))
    assert "only at character creation" in problem
    (problem,) = refusals(talents=(b.TalentPick("Acrobat"), b.TalentPick("Acrobat")))
    assert "does not say" in problem
    (problem,) = refusals(
        stats={"STR": 5, "AGI": 5}, talents=(b.TalentPick("Stat Boost", option="STR"),)
    )
    assert "Stat Boost makes STR +6" in problem
    spells = tuple(b.SpellPick(name) for name in ("Create", "Destroy", "Heal", "Ward"))
    (problem,) = refusals(stats=STATS, spells=spells)
    assert "cost 21 XP; the character has 20 (20 starting XP)" in problem
    (problem,) = refusals(stats=STATS, spells=spells, cinematics=1, earned_xp=2)
    assert "cost 23 XP; the character has 22 (20 starting XP + 2 earned)" in problem
    (problem,) = refusals(spells=(b.SpellPick("Blast"), b.SpellPick("Blast")))
    assert "Blast is taken 2 times" in problem
    (problem,) = refusals(spells=(b.SpellPick("Thunder", 8),))
    assert "one of 7, 9, 11, 13, 15, 17" in problem


def test_two_d6_builder_xp_and_warnings() -> None:
    sheet = b.build_character(
        b.CharacterInput(
            stat_points=30,
            skills=(b.SkillPick("Language", 5, "Elvish"), b.SkillPick("Hacking", 1)),
            talents=(b.TalentPick("Extra Organ", option="functional", later=True),),
            spells=(b.SpellPick("Control"), b.SpellPick("Control"), b.SpellPick("Negate")),
        )
    )
    assert sheet.starting_xp == 45
    assert [c.xp for c in sheet.costs] == [15, 1, 3, 3, 3, 5]
    assert sheet.problems == ()
    assert len(sheet.warnings) == 3
    assert any("Polyglot" in w for w in sheet.warnings)
    assert any("Hacking is not one of the sample skills" in w for w in sheet.warnings)


def test_two_d6_builder_round_trips_through_json() -> None:
    choice = b.CharacterInput(
        stats=STATS,
        stat_points=38,
        skills=(b.SkillPick("Melee", 3, "Light"),),
        talents=(b.TalentPick("Stat Boost", option="PER"), b.TalentPick("Companion", detail="Rex")),
        spells=(b.SpellPick("Blast"), b.SpellPick("Thunder", 11)),
        cinematics=2,
        earned_xp=3,
        lost_limbs=1,
        name="Ana",
    )
    data = json.loads(json.dumps(choice.to_dict()))
    back = b.character_from_dict(data)
    assert back == choice
    assert b.build_character(back) == b.build_character(choice)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "an object"),
        ({"version": 9}, "version"),
        ({"stats": {"LUCK": 2}}, "Stats"),
        ({"talents": [{"name": "Flight"}]}, "^Unknown talent"),
        ({"skills": "Melee"}, "a list"),
        ({"skills": [{"ranks": 2}]}, "name"),
        ({"cinematics": "2"}, "whole number"),
    ],
)
def test_two_d6_builder_import_refusals(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        b.character_from_dict(data)  # type: ignore[arg-type]


@given(st.lists(st.integers(0, 5), min_size=8, max_size=8))
def test_two_d6_stat_points_carry_over_into_xp(values: list[int]) -> None:
    stats = dict(zip(ch.STAT_NAMES, values, strict=True))
    sheet = b.build_character(b.CharacterInput(stats=stats))
    spent = sum(v * (v + 1) // 2 for v in values)
    assert sheet.stat_points_spent == spent
    assert (spent > 36) == bool(sheet.problems)
    assert sheet.starting_xp == 15 + max(0, 36 - spent)
    assert sheet.wounds == 3 + stats["TOU"]


@given(st.integers(1, 30))
def test_two_d6_heal_dc_is_on_the_ladder(lost: int) -> None:
    dc = ch.heal_dc(lost)
    assert dc in (7, 9, 11, 13, 15, 17)
    assert dc == min(17, 7 + 2 * (lost - 1))


@given(st.integers(1, 8), st.one_of(st.none(), st.integers(0, 10)), st.booleans())
def test_two_d6_healing_days_are_a_distribution(
    lost: int, healer: int | None, rested: bool
) -> None:
    days = ch.healing_days(lost, healer, rested)
    assert sum(days.values()) == 1
    slowest = lost * (1 if rested else 2)
    assert max(days) <= slowest
    assert min(days) >= (lost + 1) // 2 if rested else lost


@pytest.mark.parametrize(
    ("name", "field", "stats"),
    [
        # Skills, Melee ( ): "Heavy is almost always modified by strength, Light is almost
        # always modified by agility, and Unarmed could be modified by either".
        ("Melee", "Heavy", ("STR",)),
        ("melee", "light", ("AGI",)),
        ("Melee", "Unarmed", ("STR", "AGI")),
        ("Melee", "", ("STR", "AGI")),
        ("Stealth", "", ("AGI",)),
        ("Athletics", "", ("STR", "AGI", "DEX")),
        ("Basket Weaving", "", ()),
    ],
)
def test_a_skill_s_usual_stats_follow_what_the_source_says_of_it(
    name: str, field: str, stats: tuple[str, ...]
) -> None:
    assert ch.usual_stats(name, field) == stats


@pytest.mark.parametrize(
    ("stat_name", "skill_name", "stepped"),
    [
        ("AGI", "", True),  # a plain Agility check
        ("AGI", "Stealth", True),
        ("AGI", "Athletics", True),
        ("agility", "Ride", True),
        ("AGI", "Melee", False),  # combat rolls based on agility are exempt (Items, Armor)
        ("AGI", "Throwing", False),
        ("STR", "Athletics", False),
        ("PER", "Notice", False),
    ],
)
def test_armour_steps_agility_checks_but_not_combat_rolls(
    stat_name: str, skill_name: str, stepped: bool
) -> None:
    assert ch.armour_applies(stat_name, skill_name) is stepped


@pytest.mark.parametrize(
    ("data", "start"),
    [
        ({"skills": [{"ranks": 1}]}, "A skill's name is missing: it must be text"),
        ({"talents": [{"name": "Acrobat", "later": None}]}, "A talent's later is missing"),
        ({"spells": [{"name": None}]}, "A spell's name is missing"),
    ],
)
def test_a_saved_character_missing_a_value_says_what_is_missing(
    data: dict[str, object], start: str
) -> None:
    with pytest.raises(ValueError, match=f"^{start}") as missing:
        b.character_from_dict(data)
    assert "None" not in str(missing.value)


def test_an_extra_organ_without_its_kind_says_the_kind_is_empty() -> None:
    sheet = b.build_character(b.CharacterInput(talents=(b.TalentPick("Extra Organ"),)))
    assert sheet.problems[0].startswith("Extra Organ's kind is empty: it must be cosmetic")
    odd = b.build_character(b.CharacterInput(talents=(b.TalentPick("Extra Organ", "huge"),)))
    assert "(got 'huge')" in odd.problems[0]


@pytest.mark.parametrize(
    ("taken", "state"),
    [(0, "standing"), (5, "standing"), (6, "dying"), (7, "dead"), (12, "dead")],
)
def test_the_wound_that_kills_at_0_reads_dead(taken: int, state: str) -> None:
    # Combat, Wounds: at 0 wounds unconscious and a DC 5 Resolve check or death; any
    # further wound at 0 kills at once.
    assert ch.wound_state(6, taken) == state


# --------------------------------------------------------------------------
# Starting items and the example race (issue 27, item 8)
# --------------------------------------------------------------------------


def _items(**kinds: int) -> tuple[b.ItemPick, ...]:
    return tuple(b.ItemPick(f"{kind} {i}", kind) for kind, n in kinds.items() for i in range(n))


def test_the_fast_method_gives_one_special_and_ten_mundane_items() -> None:
    # Items: "one special and ten mundane items"; a mundane slot may be spent on money.
    assert b.item_allowance() == (1, 10)
    assert b.item_problems(_items(special=1, mundane=8, money=2), "fast") == []
    (special,) = b.item_problems(_items(special=2), "fast")
    assert special.startswith("Too many special items: 2, and the fast method gives 1")
    (mundane,) = b.item_problems(_items(mundane=9, money=2), "fast")
    assert mundane.startswith("Too many mundane items: 11 slots (9 items, 2 spent on money)")
    assert b.item_problems(_items(special=3, mundane=20), "slow") == []


def test_rich_adds_a_second_special_item() -> None:
    # Talents, Rich: "they receive another special item".
    assert b.item_allowance(rich=True) == (2, 10)
    assert b.item_problems(_items(special=2), "fast", rich=True) == []
    rich = b.CharacterInput(talents=(b.TalentPick("Rich"),), items=_items(special=2))
    assert b.build_character(rich).valid
    plain = b.build_character(b.CharacterInput(items=_items(special=2)))
    assert plain.problems[0].endswith(
        "(Rich would give a second) ([2d6] Roleplaying System, Items, Starting Items)"
    )


def test_a_goblin_must_take_darkvision() -> None:
    # Races, Example Race: Goblin: "darkvision [required], blood hound nose [optional]".
    goblin = b.build_character(b.CharacterInput(race="goblin"))
    (problem,) = goblin.problems
    assert problem.startswith("A Goblin needs its required racial talent, darkvision")
    seeing = b.CharacterInput(
        race="Goblin", talents=(b.TalentPick("Extra Sense", detail="Darkvision"),)
    )
    assert b.build_character(seeing).valid
    assert b.build_character(b.CharacterInput(race="Selkie")).valid


def test_items_and_race_survive_the_saved_form() -> None:
    choice = b.CharacterInput(
        race="Goblin",
        items=(b.ItemPick("Lamp"), b.ItemPick("Laptop", "special", "old")),
        item_method="slow",
    )
    assert b.character_from_dict(json.loads(json.dumps(choice.to_dict()))) == choice
    with pytest.raises(ValueError, match=r"^Laptop's kind must be mundane, special or money"):
        b.build_character(b.CharacterInput(items=(b.ItemPick("Laptop", "shiny"),)))
