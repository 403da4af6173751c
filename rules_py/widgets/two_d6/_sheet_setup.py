"""The 2d6 sheet's lines and its setup for Edit mode: race, talents, equipment and armour,
and how the sheet was bought: stat points, starting XP, the item slots and every XP
purchase (Character Creation; Stats; Talents; Items).

Split from :mod:`._character` by the rule that no module is much over 600 lines
(docs/architecture.md, "One shape for every system").
"""

from __future__ import annotations

from rules_py.systems.two_d6 import builder
from rules_py.systems.two_d6 import character as rules
from rules_py.systems.two_d6._common import counted
from rules_py.widgets._blocks import Block, facts, table, text
from rules_py.widgets._sheet import called
from rules_py.widgets._widget import Values
from rules_py.widgets.two_d6._common import signed
from rules_py.widgets.two_d6._sheet_against import against, worn
from rules_py.widgets.two_d6._sheet_fields import EXAMPLE_RACE


def race_line(race: str) -> str:
    """What the sheet says of a race (Character Creation, Part 5; Races)."""
    if race.lower() == EXAMPLE_RACE.lower():
        return (
            "Race: Goblin, the rules' example: racial talents darkvision (required) and "
            "bloodhound nose (optional), which the rules give no price; the GM sets them. "
            "Take each as a talent (Extra Sense, say) with its name as the detail (Races)."
        )
    return f"Race: {race}, a template of the GM's: its required racial talents must be bought."


def setup_blocks(values: Values, sheet: builder.CharacterSheet) -> list[Block]:
    """How the sheet was bought: stat points, starting XP, the stats before Stat Boost, the
    item slots and every XP purchase (Character Creation; Stats; Items, Starting Items)."""
    blocks = [
        text(f"{sheet.xp_spent} of {sheet.xp_available} XP spent."),
        facts(
            [
                (
                    "Stat points",
                    f"{sheet.stat_points_spent} of {sheet.stat_points} spent",
                    "Each stat costs 1, 3, 6, 10 or 15 points for +1 to +5",
                ),
                (
                    "Starting XP",
                    str(sheet.starting_xp),
                    f"{rules.STARTING_XP} + {max(0, sheet.stat_points_left)} unspent stat points",
                ),
                ("XP left", str(sheet.xp_left), f"{sheet.xp_available} available"),
                (
                    "Wounds",
                    "refused" if sheet.wounds is None else str(sheet.wounds),
                    "3 + TOU (+1 Extra Wound, -1 a lost limb); never below 0",
                ),
                ("Resolve", signed(sheet.resolve), "TOU + WIL"),
                ("Initiative", signed(sheet.initiative), "AGI + PER"),
            ]
        ),
        table(
            f"{called(values)}'s stats as bought",
            ["Stat", "Bought", "Points", "With Stat Boost"],
            (
                [
                    f"{s.abbreviation} ({s.name})",
                    signed(sheet.bought_stats[s.abbreviation]),
                    str(rules.triangular_cost(max(0, sheet.bought_stats[s.abbreviation]))),
                    signed(sheet.stats[s.abbreviation]),
                ]
                for s in rules.STATS
            ),
        ),
    ]
    if values["items"] or values["item_method"] == "fast":
        blocks.append(text(_items_line(values)))
    if sheet.costs:
        blocks.append(
            table(
                f"{called(values)}'s XP",
                ["Purchase", "Kind", "XP"],
                ([c.name, c.kind, str(c.xp)] for c in sheet.costs),
            )
        )
    return blocks


def talents_line(values: Values) -> str:
    """The talents the sheet lists, with their stat or detail (Talents)."""
    talents = [
        str(row["name"])
        + "".join(f" ({part})" for part in (row["option"], row["detail"]) if str(part).strip())
        for row in values["talents"]
    ]
    return f"Talents: {', '.join(talents) if talents else 'none'}."


def equipment_line(values: Values) -> str:
    """What the character carries, as the sheet lists it (Items)."""
    items = [
        f"{row['name'] or f'Item {i}'}"
        + (" (special)" if row["kind"] == "special" else "")
        + (" (money)" if row["kind"] == "money" else "")
        + (f" ({row['note']})" if row["note"] else "")
        for i, row in enumerate(values["items"], start=1)
    ]
    return f"Items: {', '.join(items) if items else 'none'}."


def _items_line(values: Values) -> str:
    """The starting items, with the fast method's slots used (Items, Starting Items)."""
    rows = values["items"]
    items = [
        f"{row['name'] or f'Item {i}'}"
        + (" (special)" if row["kind"] == "special" else "")
        + (" (money)" if row["kind"] == "money" else "")
        + (f" ({row['note']})" if row["note"] else "")
        for i, row in enumerate(rows, start=1)
    ]
    listed = f": {', '.join(items)}." if items else ": none yet."
    if values["item_method"] == "slow":
        return f"Starting items, bought with the GM's money{listed}"
    rich = any(str(row["name"]) == "Rich" for row in values["talents"])
    special, mundane = builder.item_allowance(rich)
    used = sum(1 for row in rows if row["kind"] == "special")
    slots = len(rows) - used
    money = "; Rich doubles each slot's money" if rich else ""
    return (
        f"Starting items by the fast method, {used} of {counted(special, 'special item')} "
        f"and {slots} of {mundane} mundane slots{money}{listed}"
    )


def armour_said(values: Values, dc: int) -> str:
    """What the armour the sheet lists does to its checks, or "" for none (Items, Armor:
    Agility checks but combat rolls; Talents, Armored Acrobat)."""
    armour, acrobat = worn(values)
    if armour == "none":
        return ""
    target = against(values, dc, "AGI")
    if acrobat and target.dc == dc:
        return "Armour: light, its step taken away by Armored Acrobat."
    if target.dc is None:
        return f"Armour: {armour}, Agility checks past Legendary: impossible."
    return f"Armour: {armour}, Agility checks {counted(target.steps, 'step')} harder."
