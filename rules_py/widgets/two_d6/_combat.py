"""2d6 combat: one exchange of blows with armour and aiming, and the initiative order.

Every number comes from :mod:`rules_py.systems.two_d6.combat` (Combat: Roll
Mechanics, Initiative, Critical Hits, Aiming; Items, Armor); this module
arranges it into blocks and rolls the dice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules_py._format import percent
from rules_py.systems.two_d6 import combat as rules
from rules_py.systems.two_d6.items import reroll_faces
from rules_py.views import View
from rules_py.widgets._blocks import (
    Block,
    bar_chart,
    facts,
    listing,
    odds_table,
    rolled,
    row_names,
    table,
    text,
)
from rules_py.widgets._fields import Flag, Rows, Text
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.two_d6._common import (
    AIM,
    armour_field,
    bonus_field,
    dice_line,
    higher,
    signed,
)

# --------------------------------------------------------------------------
# One exchange (Combat, Roll Mechanics; Items, Armor; Aiming)
# --------------------------------------------------------------------------

BAND_NAMES: Mapping[rules.Band, str] = {
    "defender": "Defender holds (a tie included)",
    "margin_1": "Attacker by 1-4",
    "margin_5": "Attacker by 5-9",
    "margin_10": "Attacker by 10 or more",
}
_HEADINGS: Mapping[rules.Band, str] = {
    "margin_1": "Beat by 1 or more",
    "margin_5": "Beat by 5 or more",
    "margin_10": "Beat by 10 or more",
}
PROFICIENT = Flag(
    "proficient",
    "Defender has Armor Proficiency",
    hint="Without it medium and heavy armour reroll only snake eyes (a 2 on the dice), "
    "as light armour does.",
)


def _faces(values: Values) -> tuple[int, ...]:
    return (
        reroll_faces(values["armour"], values["proficient"]) if values["armour"] != "none" else ()
    )


def _armour_text(values: Values) -> str:
    faces = _faces(values)
    if not faces:
        return "no armour"
    worn = values["armour"]
    if worn in ("medium", "heavy") and not values["proficient"]:
        worn += " armour without proficiency"
    else:
        worn += " armour"
    faces_text = listing(map(str, faces)).replace(" and ", " or ")
    return f"{worn} (rerolls a {faces_text} on the dice)"


def _combat_show(values: Values) -> list[Block]:
    attack, defend, aim = values["attack"], values["defend"], values["aim"]
    odds = rules.combat_odds(attack, defend, values["armour"], values["proficient"], aim)
    outcomes = odds.outcomes()
    summary = (
        f"Attack {signed(attack)}{' aiming' if aim else ''} against defence {signed(defend)} "
        f"in {_armour_text(values)}: the attacker wins {percent(1 - odds.defender)}, the "
        f"defender holds {percent(odds.defender)} (ties go to the defender)."
    )
    margins = odds.margins
    low = min(margins)
    return [
        text(summary),
        facts(
            [
                (
                    "Defender wins by 5 or more",
                    percent(odds.defender_by_5),
                    f"{odds.defender_by_5}: Vicious Parry, Spell Turning",
                ),
                (
                    "Attacker's cinematic",
                    percent(odds.attacker_cinematic),
                    str(odds.attacker_cinematic),
                ),
                (
                    "Defender's cinematic",
                    percent(odds.defender_cinematic),
                    str(odds.defender_cinematic),
                ),
            ]
        ),
        odds_table(
            f"Attack {signed(attack)} against defence {signed(defend)}",
            "Result",
            {BAND_NAMES[b]: p for b, p in outcomes.items()},
        ),
        bar_chart(
            margins,
            f"attacker's total − defender's total, attack {signed(attack)} "
            f"against defence {signed(defend)}",
            1,
            axis="Attacker's total − defender's total",
            bands=(
                ("failure", "Defender holds", low),
                ("weak", "Attacker by 1-4", 1),
                ("strong", "Attacker by 5 or more", 5),
            ),
        ),
    ]


def _combat_roll(values: Values, rng: random.Random) -> View:
    attack, defend = values["attack"], values["defend"]
    exchange = rules.roll_combat(
        attack, defend, values["armour"], values["proficient"], values["aim"], rng
    )
    lines = [
        dice_line("Attacker", exchange.attack_dice, higher(exchange.attack_dice), attack),
        dice_line(
            "Defender" + (" (armour reroll)" if len(exchange.defence_dice) > 1 else ""),
            exchange.defence_dice,
            len(exchange.defence_dice) - 1,
            defend,
        ),
    ]
    margin = exchange.margin
    if exchange.band == "defender":
        outcome = "Tie: the defender holds" if margin == 0 else f"The defender holds by {-margin}"
        if exchange.vicious_parry:
            outcome += " (5 or more: Vicious Parry or Spell Turning may answer)"
    else:
        outcome = f"The attacker wins by {margin}"
    cinematic = [
        side
        for side, natural in (
            ("attacker", exchange.attack_natural),
            ("defender", exchange.defence_natural),
        )
        if natural == 12
    ]
    if cinematic:
        outcome += f"; boxcars: the {' and the '.join(cinematic)} gains a cinematic"
    details = [f"{_HEADINGS[b]}: {'; '.join(options)}." for b, options in exchange.options]
    return rolled(lines, outcome, details)


def _combat_unused(values: Values) -> list[str]:
    return [] if values["armour"] in ("medium", "heavy") else ["proficient"]


COMBAT = Widget(
    name="2d6-combat",
    title="Exchange of blows",
    fields=(
        bonus_field("attack", "Attack (skill + stat)", 4, "The attacker's combat skill plus stat."),
        bonus_field("defend", "Defence (skill + stat)", 2, "The defender's skill plus stat."),
        armour_field("The defender's: light rerolls a 2 on the dice, medium 2-3, heavy 2-4."),
        PROFICIENT,
        AIM,
    ),
    show=_combat_show,
    roll=_combat_roll,
    roll_label="Roll the exchange",
    unused=_combat_unused,
)
"""[2d6] Roleplaying System, Combat: the exact chance of each margin band, armour and aim."""


# --------------------------------------------------------------------------
# Initiative (Combat, Initiative)
# --------------------------------------------------------------------------

PARTY = Rows(
    "party",
    "Characters",
    (
        Text("name", "Name", "", max_length=40),
        bonus_field("initiative", "Initiative (AGI + PER)", 2, "Agility plus Perception."),
    ),
    default=(
        {"name": "Ash", "initiative": 5},
        {"name": "Bryn", "initiative": 3},
        {"name": "Goblin", "initiative": 3},
    ),
    min_rows=1,
    max_rows=rules.MAX_PARTY,
    row_label="character",
    hint="Each rolls 2d6 + Agility + Perception; the highest acts first, ties roll again.",
    new_row={"name": "", "initiative": 2},
)


def _initiative_show(values: Values) -> list[Block]:
    rows = values["party"]
    names = row_names(rows, "Character")
    first = rules.initiative_first([row["initiative"] for row in rows])
    best = max(first)
    leader = [name for name, p in zip(names, first, strict=True) if p == best]
    who = "One character rolls" if len(rows) == 1 else f"Each of {len(rows)} characters rolls"
    return [
        text(
            f"{who} 2d6 + initiative; the highest acts first, and those who "
            f"tie roll again among themselves. Most likely first: {listing(leader)} "
            f"({percent(best)})."
        ),
        table(
            "Chance of acting first",
            ["Character", "Initiative", "Acts first"],
            (
                [name, signed(row["initiative"]), percent(p)]
                for name, row, p in zip(names, rows, first, strict=True)
            ),
            titles=(["", "", str(p)] for p in first),
            hits=(p == best for p in first),
        ),
    ]


def _initiative_roll(values: Values, rng: random.Random) -> View:
    rows = values["party"]
    names = row_names(rows, "Character")
    bonuses = [row["initiative"] for row in rows]
    order = rules.roll_initiative(bonuses, rng)
    lines: list[dict[str, Any]] = []
    for number, pairs in enumerate(order.dice):
        for i, pair in pairs.items():
            label = names[i] + (" (tie, rolls again)" if number else "")
            lines.append(dice_line(label, [pair], 0, bonuses[i]))
    ranked = [names[i] for i in order.order]
    details = [f"{place}. {name}" for place, name in enumerate(ranked, start=1)]
    return rolled(lines, f"{ranked[0]} acts first", details)


INITIATIVE = Widget(
    name="2d6-initiative",
    title="Initiative order",
    fields=(PARTY,),
    show=_initiative_show,
    roll=_initiative_roll,
    roll_label="Roll initiative",
)
"""[2d6] Roleplaying System, Combat, Initiative: each character's exact chance of acting first."""

WIDGETS: tuple[Widget, ...] = (COMBAT, INITIATIVE)
