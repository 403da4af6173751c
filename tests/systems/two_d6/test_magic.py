"""[2d6] Roleplaying System, magic: casting results, spell XP, the sample spells, Mass Spell."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.systems.two_d6 import magic as m

ROLLS = [sum(r) for r in product(range(1, 7), repeat=2)]

# Every sample spell as the source lists it: (name, DC or None, XP).
SOURCE_SPELLS = (
    ("Animate", 13, 5),
    ("Blast", 9, 3),
    ("Charm", 9, 3),
    ("Control", 9, 3),
    ("Create", 17, 7),
    ("Destroy", 17, 7),
    ("Entangle", 11, 4),
    ("Heal", 13, 5),
    ("Illusion", 9, 3),
    ("Levitate", 13, 5),
    ("Natural Phenomenon", 9, 3),
    ("Negate", None, 5),
    ("Repel Attack", 7, 2),
    ("Runes", None, 5),
    ("Summon", 11, 4),
    ("Transmute", 13, 5),
    ("Ward", 7, 2),
)


def brute(resolve: int, dc: int) -> dict[str, Fraction]:
    out = dict.fromkeys(("success", "fizzle", "wild"), Fraction(0))
    for n in ROLLS:
        total = n + resolve
        if n != 2 and total >= dc:
            out["success"] += Fraction(1, 36)
        elif dc - total >= 5:
            out["wild"] += Fraction(1, 36)
        else:
            out["fizzle"] += Fraction(1, 36)
    return out


def test_two_d6_spell_list_dc_and_xp_pairs() -> None:
    assert tuple((s.name, s.dc, s.xp) for s in m.SPELLS) == SOURCE_SPELLS
    for s in m.SPELLS:
        assert s.xp == (m.spell_xp(s.dc) if s.dc is not None else m.NO_DC_SPELL_XP)
    assert {s.name for s in m.SPELLS if s.per_target} == {"Control", "Natural Phenomenon"}


def test_two_d6_spell_xp_table() -> None:
    assert dict(m.SPELL_XP) == {7: 2, 9: 3, 11: 4, 13: 5, 15: 6, 17: 7}
    assert [m.spell_xp(dc) for dc in (7, 9, 11, 13, 15, 17)] == [2, 3, 4, 5, 6, 7]
    for dc in (5, 8, 19):
        with pytest.raises(ValueError, match="Magic"):
            m.spell_xp(dc)


@pytest.mark.parametrize("resolve", range(0, 11))
@pytest.mark.parametrize("dc", [7, 9, 11, 13, 15, 17])
def test_two_d6_casting_counts_every_roll(resolve: int, dc: int) -> None:
    assert m.cast_outcomes(resolve, dc) == brute(resolve, dc)


def test_two_d6_casting_bands() -> None:
    assert m.cast_result(8, 2, 11) == "fizzle"  # 10: one short
    assert m.cast_result(4, 3, 11) == "fizzle"  # 7: four short
    assert m.cast_result(4, 2, 11) == "wild"  # 6: five short
    assert m.cast_result(2, 10, 7) == "fizzle"  # snake eyes with a total of 12
    assert m.cast_result(2, 0, 7) == "wild"  # snake eyes, 5 short
    assert m.cast_result(12, 0, 12) == "success"


def test_two_d6_spell_dc_by_name_and_no_dc_spells() -> None:
    assert m.spell_dc("blast") == 9
    assert m.spell_dc("Legendary") == 17
    assert m.spell_dc("10") == 10
    with pytest.raises(ValueError, match="Negate has no DC"):
        m.spell_dc("Negate")
    assert m.spell("natural phenomenon").dc == 9
    with pytest.raises(ValueError, match=r"^Unknown spell"):
        m.spell("Fireball")


def test_two_d6_mass_spell() -> None:
    assert m.mass_spell_dc(9, 1) == 9
    assert m.mass_spell_dc(9, 3) == 13
    assert m.mass_spell_dc(9, 5) == 17
    with pytest.raises(ValueError, match="at most 5 targets"):
        m.mass_spell_dc(9, 6)
    with pytest.raises(ValueError, match="Mass Spell"):
        m.mass_spell_dc(17, 2)
    with pytest.raises(ValueError, match=r"a DC 17 spell reaches at most 1 target \("):
        m.mass_spell_dc(17, 2)


def test_each_spell_without_a_dc_is_refused_with_its_own_rule() -> None:
    # Magic: Negate is "an opposed Cast check"; Runes "doesn't actually count as its own
    # spell" but lets a caster "scribe other spells into runes".
    with pytest.raises(ValueError, match=r"^Negate has no DC: .*opposed Cast check.*Negate\)$"):
        m.spell_dc("Negate")
    with pytest.raises(ValueError, match=r"^Runes has no DC: .*scribe other spells") as runes:
        m.spell_dc("runes")
    assert "Cast check" not in str(runes.value) and str(runes.value).endswith("Magic, Runes)")


def test_a_missing_spell_dc_is_named_as_missing() -> None:
    with pytest.raises(ValueError, match=r"^A spell's DC is missing") as missing:
        m.spell_xp(None)  # type: ignore[arg-type]
    assert "None" not in str(missing.value)
    with pytest.raises(ValueError, match=r"\(got 8\)"):
        m.spell_xp(8)


def test_two_d6_roll_cast() -> None:
    results = {m.roll_cast(3, 13, rng=random.Random(seed)).result for seed in range(300)}
    assert results == {"success", "fizzle", "wild"}
    r = m.roll_cast(4, 9, rng=random.Random(1))
    assert r.result == m.cast_result(r.roll.natural, 4, 9)
    assert "vs DC 9: " in r.text


@given(st.integers(0, 10), st.integers(2, 30), st.booleans())
def test_two_d6_casting_results_add_to_one(resolve: int, dc: int, aim: bool) -> None:
    out = m.cast_outcomes(resolve, dc, aim)
    assert sum(out.values()) == 1
    if dc - resolve <= 6:  # even snake eyes is within 4 of the DC
        assert out["wild"] == 0


@pytest.mark.parametrize("name", ["Ward", "natural phenomenon", "Create"])
def test_mass_spell_leaves_spells_without_targets_at_their_dc(name: str) -> None:
    # Talents, Mass Spell: "Some spells that affect areas or do not have specific
    # targets aren't affected by this talent".
    assert m.mass_spell_exempt(name)
    assert m.cast_dc(name, 4) == m.spell_dc(name)


def test_mass_spell_still_steps_a_targeted_spell() -> None:
    assert m.mass_spell_exempt("Blast") == ""
    assert m.cast_dc("Blast", 3) == 13
    assert m.cast_dc("11", 2) == 13
