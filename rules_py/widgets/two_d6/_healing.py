"""2d6 healing (Combat, Healing): the heal check's DC, its chance and the days to heal.

Every number comes from :mod:`rules_py.systems.two_d6`; this module arranges it into
blocks. Split from :mod:`._character` by the rule that no module is much over 600 lines
(docs/architecture.md, "One shape for every system").
"""

from __future__ import annotations

from fractions import Fraction

from rules_py._format import decimal, percent
from rules_py.systems.two_d6 import character as rules
from rules_py.systems.two_d6._common import counted
from rules_py.systems.two_d6.checks import success_chance
from rules_py.widgets._blocks import Block, facts, table, text
from rules_py.widgets._fields import Flag, Number
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.two_d6._common import bonus_field, dc_text, signed


def _days(n: int) -> str:
    return counted(n, "day")


def _healing_show(values: Values) -> list[Block]:
    lost, rested = values["wounds_lost"], values["rested"]
    healer = values["healer"] if values["tended"] else None
    dc = rules.heal_dc(lost)
    days = rules.healing_days(lost, healer, rested)
    mean = sum((d * p for d, p in days.items()), Fraction(0))
    rate = "one wound a day" if rested else "one wound every two days"
    items: list[tuple[str, str] | tuple[str, str, str]] = [
        ("Heal check", dc_text(dc), "7 for one wound lost, one step more for each further wound"),
    ]
    if healer is None:
        summary = (
            f"{counted(lost, 'wound')} lost, "
            f"{'rested and fed' if rested else 'short of rest or food'}: {rate}, so "
            f"{_days(max(days))} to heal. A healer's check against {dc_text(dc)} "
            "would double the rate."
        )
        return [text(summary), facts(items)]
    today = success_chance(healer, dc)
    items += [
        ("Today's check", percent(today), str(today)),
        ("Average days", decimal(mean), str(mean)),
        ("Fewest days", _days(min(days))),
        ("Most days", _days(max(days))),
    ]
    summary = (
        f"{counted(lost, 'wound')} lost, "
        f"{'rested and fed' if rested else 'short of rest or food'} ({rate}), with a healer at "
        f"{signed(healer)}: today's heal check against {dc_text(dc)} succeeds "
        f"{percent(today)} and doubles the day's recovery. Each day's check is against the "
        f"DC for the wounds still lost; every wound is back in {decimal(mean)} "
        f"day{'' if mean == 1 else 's'} on average."
    )
    rows, titles, running = [], [], Fraction(0)
    for day, p in sorted(days.items()):
        running += p
        rows.append([_days(day), percent(p), percent(running)])
        titles.append(["", str(p), str(running)])
    return [
        text(summary),
        facts(items),
        table(
            f"Days to heal {counted(lost, 'wound')}",
            ["Days", "Exactly", "By then"],
            rows,
            titles=titles,
        ),
    ]


def _healing_unused(values: Values) -> list[str]:
    return [] if values["tended"] else ["healer"]


HEALING = Widget(
    name="2d6-healing",
    title="Healing",
    fields=(
        Number(
            "wounds_lost",
            "Wounds lost",
            3,
            1,
            rules.MAX_WOUNDS_LOST,
            hint="How many wounds the character is down.",
        ),
        Flag("rested", "Eight hours' rest a day, properly fed", True),
        Flag("tended", "A healer makes a Trade (Healing) check each day", True),
        bonus_field("healer", "Healer's bonus", 3, "The healer's Trade (Healing) ranks + stat."),
    ),
    show=_healing_show,
    unused=_healing_unused,
)
"""[2d6] Roleplaying System, Combat, Healing: the heal check's DC, its chance, the days."""
