"""2d10 WoDu Hack damage: a weapon rating's dice, with or without a hero power.

Every number comes from :mod:`rules_py.systems.wodu.damage` (Damage & Powers);
this module arranges it into blocks and rolls the dice the rules name.
"""

from __future__ import annotations

import random

from rules_py._format import decimal, percent, signed
from rules_py.dice import Distribution
from rules_py.systems.wodu.damage import (
    GM_OPTION_WEAPON_RATINGS,
    HERO_POWER_BONUSES,
    PAIRED_WEAPON_RATINGS,
    WEAPON_EXAMPLES,
    WEAPON_RATINGS,
    damage_distribution,
    damage_notation,
)
from rules_py.views import View
from rules_py.widgets._blocks import Block, bar_chart, facts, roll_line, rolled, table, text
from rules_py.widgets._fields import Choice, Flag, Number
from rules_py.widgets._widget import Refusal, Values, Widget


def _weapon_label(rating: int) -> str:
    dice = WEAPON_RATINGS[rating]
    example = next(
        (
            w.example
            for w in WEAPON_EXAMPLES
            if w.rating == rating and w.damage == dice and w.example != "—"
        ),
        "",
    )
    label = f"WR:{rating} · {dice}" + (f" · {example}" if example else " (no roll)")
    if rating in GM_OPTION_WEAPON_RATINGS:
        label += " (GM's option)"
    return label


_WR_OPTIONS = tuple((str(wr), _weapon_label(wr)) for wr in WEAPON_RATINGS)
_PAIRED_RATINGS = ", ".join(f"WR:{wr}" for wr in PAIRED_WEAPON_RATINGS)


def _damage_args(values: Values) -> tuple[int, int, bool]:
    return int(values["wr"]), values["hero_power"], values["paired"]


def _damage_show(values: Values) -> list[Block]:
    wr, power, paired = _damage_args(values)
    try:
        notation = damage_notation(wr, power, paired)
    except ValueError as broken:
        raise Refusal(str(broken), ("wr", "paired") if paired else ("wr", "hero_power")) from None
    dist = Distribution.from_weights(damage_distribution(wr, power, paired))
    mean = dist.mean
    what = f"WR:{wr}" + (" paired weapons" if paired else "")
    if power:
        what += f" with a {signed(power)} hero power"
    if len(dist) == 1:
        summary = f"{what} deals a flat {notation} damage: nothing to roll."
    else:
        summary = (
            f"{what} rolls {notation} for damage: {dist.minimum} to {dist.maximum}, "
            f"{decimal(mean)} on average."
        )
    rows = list(dist.rows())
    return [
        text(summary),
        facts(
            [
                ("Damage roll", notation),
                ("Average damage", decimal(mean), str(mean)),
                (
                    "Range",
                    f"{dist.minimum}-{dist.maximum}" if len(dist) > 1 else str(dist.minimum),
                ),
            ]
        ),
        table(
            f"Damage of {notation}",
            ["Damage", "P(=)", "P(≥)"],
            ([str(o), percent(eq), percent(ge)] for o, eq, ge, _ in rows),
            titles=(["", str(eq), str(ge)] for _, eq, ge, _ in rows),
        ),
        bar_chart(dist, notation, axis="Damage"),
    ]


def _damage_roll(values: Values, rng: random.Random) -> View:
    notation = damage_notation(*_damage_args(values))
    line, result = roll_line("", notation, rng)
    return rolled([line], f"{result.total} damage")


def _damage_unused(values: Values) -> list[str]:
    # Paired weapons exist at WR:3 only; the box stays visible while ticked so
    # that the reader can clear it when the refusal says so.
    if int(values["wr"]) in PAIRED_WEAPON_RATINGS or values["paired"]:
        return []
    return ["paired"]


DAMAGE = Widget(
    name="wodu-damage",
    title="Damage",
    fields=(
        Choice(
            "wr",
            "Weapon rating",
            _WR_OPTIONS,
            "3",
            hint=(
                f"WR {min(GM_OPTION_WEAPON_RATINGS)}-{max(GM_OPTION_WEAPON_RATINGS)} "
                "are heavier weapons the GM may allow."
            ),
        ),
        Number(
            "hero_power",
            "Hero-power bonus",
            0,
            0,
            HERO_POWER_BONUSES[-1],
            hint=(
                "0 for an ordinary weapon; a hero power adds +1, and each upgrade "
                f"bought with Special Moves one more, up to +{HERO_POWER_BONUSES[-1]}. "
                "It counts for damage, never to hit."
            ),
        ),
        Flag(
            "paired",
            "Paired weapons (dual swords, twin pistols): 2d10, keep the highest",
            hint=f"Only at {_PAIRED_RATINGS}.",
        ),
    ),
    show=_damage_show,
    roll=_damage_roll,
    roll_label="Roll damage",
    unused=_damage_unused,
)
"""2d10 WoDu Hack, Damage & Powers: a weapon rating's damage, with its odds."""

WIDGETS: tuple[Widget, ...] = (DAMAGE,)
