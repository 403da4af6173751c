"""The D10/0 System damage widgets (widgets/d10_0/_damage.py): damage, the damage
examples, the four blocks.

Exact values come from the guide's worked examples and tables (as the rules
pages restate them) or from brute-force enumeration here, never from the code
under test.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules_py.systems import d10_0
from tests.widgets.d10_0.helpers import errors, exact, facts, table, texts
from tests.widgets.panels import blocks_of, roll, show

# --------------------------------------------------------------------------
# Damage (DAT)
# --------------------------------------------------------------------------


def _dice(limit: int | None = None) -> list[int]:
    values = [10 if face == 0 else face for face in range(10)]
    return [v if limit is None else min(v, limit) for v in values]


def test_d10_0_damage_10_plus_2d_st_with_st_4() -> None:
    panel = show("d10-0-damage", notation="10 + 2D(ST)", ST=4)
    totals = [10 + a + b for a, b in itertools.product(_dice(4), repeat=2)]
    odds = exact(panel, "Damage of 10 + 2D(ST)")
    for total in set(totals):
        assert odds[str(total)][0] == Fraction(totals.count(total), 100)
    assert facts(panel)["Average"] == ("16.8", str(Fraction(sum(totals), 100)))
    assert facts(panel)["Range"][0] == "12 - 18"
    assert panel["unused"] == sorted(a for a in d10_0.ATTRIBUTE_NAMES if a != "ST")


def test_d10_0_damage_kilo_prefix_on_both_parts() -> None:
    panel = show("d10-0-damage", notation="5K + 1KD")
    assert facts(panel)["Range"][0] == "6000 - 15000"
    assert facts(panel)["Average"] == ("10500", "10500")
    odds = exact(panel, "Damage of 5K + 1KD")
    assert set(odds) == {str(5000 + 1000 * v) for v in range(1, 11)}


def test_d10_0_damage_adjustment_chain_on_every_total() -> None:
    panel = show("d10-0-damage", notation="25", armour="-10F -2R")
    assert facts(panel)["After -10F -2R"][0] == "13"
    light = show("d10-0-damage", notation="8", armour="-10F -2R")
    assert facts(light)["No damage at all"] == ("100.00%", "1")
    rifle = show("d10-0-damage", notation="10 + 2D", armour="-5R")
    taken = [
        max(0, t - 5 * (t // 10))
        for t in (10 + a + b for a, b in itertools.product(_dice(), repeat=2))
    ]
    assert facts(rifle)["Average after -5R"][1] == str(Fraction(sum(taken), 100))


def test_d10_0_damage_overflow_states_its_cap() -> None:
    panel = show("d10-0-damage", notation="1D", damage_overflow=True)
    # The endless chain's mean: (1 + ... + 9 + 10) / 9.
    assert facts(panel)["Average"][1] == str(Fraction(55, 9))
    assert "re-rolls" in texts(panel)


@pytest.mark.parametrize(
    ("notation", "armour", "reason"),
    [
        ("10 - 2D", "", "Unexpected '-'; damage parts are only added"),
        ("2D(XX)", "", "A limit is an attribute"),
        ("10", "-10X", "Expected F (flat) or R (repeating)"),
    ],
)
def test_d10_0_damage_refusals_name_dat(notation: str, armour: str, reason: str) -> None:
    (message,) = errors(show("d10-0-damage", notation=notation, armour=armour))
    assert message.startswith(reason) and message.endswith(" (The D10/0 System, DAT)")


def test_d10_0_damage_roll_shows_each_die_and_the_armour() -> None:
    for _ in range(50):
        output = roll("d10-0-damage", notation="10 + 2D(ST)", ST=4, armour="-10F")
        (line,) = output["lines"]
        dice = [int(p["text"]) for p in line["parts"] if p["kind"] == "die"]
        assert len(dice) == 2 and all(1 <= d <= 4 for d in dice)
        total = 10 + sum(dice)
        assert line["total"] == str(total)
        assert output["outcome"].endswith(f"{max(0, total - 10)} taken")


def test_d10_0_damage_examples_every_row_with_strength() -> None:
    panel = show("d10-0-damage-examples", ST=4, threat="Knife")
    rows = table(panel, "Damage Examples")
    # A die capped at 4 reads 1, 2, 3 and then 4 seven times (a 0 is 10, capped): 3.4.
    assert rows["Punch"][2:] == ["1 - 4", "3.4"]
    assert rows["Knife"][2:] == ["2 - 8", "6.8"]
    assert rows["Sledge Hammer"][2:] == ["12 - 18", "16.8"]
    assert rows["Pistol"][2:] == ["6 - 15", "10.5"]
    assert rows["Rifle"][2:] == ["12 - 30", "21"]
    assert rows["Energy Pistol"][2:] == ["13 - 40", "26.5"]
    assert rows["Sniper Rifle"][2:] == ["18 - 45", "31.5"]
    assert rows["Energy Rifle"][2:] == ["24 - 60", "42"]
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"] == "Damage Examples"]
    assert [r["hit"] for r in block["rows"]] == [r["cells"][0] == "Knife" for r in block["rows"]]


def test_d10_0_damage_examples_roll_the_chosen_row() -> None:
    output = roll("d10-0-damage-examples", threat="Sledge Hammer", ST=3)
    (line,) = output["lines"]
    dice = [int(p["text"]) for p in line["parts"] if p["kind"] == "die"]
    assert line["label"] == "Sledge Hammer" and all(1 <= d <= 3 for d in dice)
    assert int(line["total"]) == 10 + sum(dice)


# --------------------------------------------------------------------------
# Bursts and blasts (DAT, Advanced Simulations)
# --------------------------------------------------------------------------


def test_d10_0_x_shot_burst_reproduces_the_worked_example() -> None:
    panel = show("d10-0-burst", block="X Shot Burst", score=60, difficulty="0", x=3, degree="11")
    assert "the amount is 3X, so 9 of the 15 shots threaten" in texts(panel)
    assert "90 damage before adjustments" in texts(panel)
    # The page's table: skill 60, difficulty 0, X = 3.
    steps = exact(panel, "X Shot Burst: the spread")
    assert [steps[k][0] for k in ("≤ -10 (none)", "> -10", ">0", "> +10", "> +25", "> +50")] == [
        Fraction(3, 10),
        Fraction(1, 10),
        Fraction(1, 10),
        Fraction(3, 20),
        Fraction(1, 4),
        Fraction(1, 10),
    ]
    assert table(panel, "X Shot Burst: the spread")["> +10"][0] == "9 (3X)"
    assert facts(panel)["AP cost"][0] == "6" and facts(panel)["Shots fired"][0] == "15"
    mean = 10 * (3 * Fraction(1, 10) + 6 * Fraction(1, 10) + 9 * Fraction(3, 20))
    mean += 10 * (12 * Fraction(1, 4) + 15 * Fraction(1, 10))
    assert facts(panel)["Average damage"][1] == str(mean)


def test_d10_0_x_shot_burst_armour_applies_to_each_shot() -> None:
    panel = show(
        "d10-0-burst",
        block="X Shot Burst",
        score=60,
        difficulty="0",
        x=3,
        degree="11",
        armour="-5F",
    )
    assert "each does 5: 45" in texts(panel)
    stopped = show(
        "d10-0-burst", block="X Shot Burst", score=60, difficulty="0", x=3, armour="-10F -2R"
    )
    assert facts(stopped)["No damage"] == ("100.00%", "1")


def test_d10_0_three_shot_burst_hits_and_damage() -> None:
    panel = show("d10-0-burst", block="Three Shot Burst", score=60, difficulty="0")
    assert panel["unused"] == ["ap", "x"]
    steps = exact(panel, "Three Shot Burst")
    # Degrees 60..-39: > +10 is 11..60 (50 rolls), > 0 is 1..10, > -10 is -9..0.
    assert steps["> +10"] == [Fraction(1, 2)]
    assert steps[">0"] == [Fraction(1, 10)]
    assert steps["> -10"] == [Fraction(1, 10)]
    shot = Fraction(10) + 2 * Fraction(55, 10)
    mean = shot * (3 * Fraction(1, 2) + 2 * Fraction(1, 10) + 1 * Fraction(1, 10))
    assert facts(panel)["Average damage"][1] == str(mean)


def test_d10_0_proton_stream_damage_follows_the_ap() -> None:
    panel = show("d10-0-burst", block="Proton Stream", score=60, difficulty="0", ap="5")
    assert panel["unused"] == ["x"]
    assert table(panel, "Proton Stream")[">0"][1] == "5 + 4D"
    assert facts(panel)["AP cost"][0] == "5"


def test_d10_0_shotgun_blast_damage_by_step() -> None:
    panel = show("d10-0-burst", block="Shotgun Blast", score=60, difficulty="0", degree="25")
    rows = table(panel, "Shotgun Blast")
    assert [rows[k][1] for k in ("> -10", ">0", "> +20")] == ["5 + 1D", "10 + 2D", "15 + 3D"]
    assert "passes > +20" in texts(panel) and "15 + 3D: 31.5 damage" in texts(panel)


X_SHOT_SPREAD = ((50, 5), (25, 4), (10, 3), (0, 2), (-10, 1))


def test_d10_0_burst_roll_fires_the_step_it_lands_on() -> None:
    for _ in range(50):
        output = roll("d10-0-burst", block="X Shot Burst", score=60, difficulty="0", x=3)
        effort = int(output["lines"][0]["total"])
        # The X Shot Burst's spread as printed: > +50 5X, > +25 4X, > +10 3X, >0 2X, > -10 1X.
        threatening = next((3 * a for above, a in X_SHOT_SPREAD if effort > above), 0)
        if threatening:
            assert (
                f"{threatening} shots threaten at 10 each: {10 * threatening}" in output["outcome"]
            )
        else:
            assert "no threat" in output["outcome"]


def test_d10_0_burst_refuses_a_bad_degree() -> None:
    (message,) = errors(show("d10-0-burst", degree="lots"))
    assert "whole number" in message
