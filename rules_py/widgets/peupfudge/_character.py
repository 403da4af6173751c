"""Peupfudge characters: XP spent on one ability, and the character sheet.

Every number comes from :mod:`rules_py.systems.peupfudge.characters` (Peupfudge,
1 Characters, 1.1 Abilities and Intrinsic Aptitude); the sheet's rolls are the
action roller's (2 Actions), and the sheet feeds that roller's L.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules_py.systems.peupfudge.actions import DEFAULT_ACTION_DICE
from rules_py.systems.peupfudge.characters import (
    Allocation,
    ModifiedLevel,
    allocate_xp,
    apply_xp_bonus,
    level_cost,
    modified_level,
    total_xp,
)
from rules_py.views import View
from rules_py.widgets._blocks import Block, error, facts, listing, row_names, table, text
from rules_py.widgets._fields import Number, Text
from rules_py.widgets._sheet import (
    mended,
    row_name,
    sheet_row,
    sheet_rows,
    sheet_widget,
    whose,
)
from rules_py.widgets._source import sheet_choice
from rules_py.widgets._widget import Refusal, Values, Widget
from rules_py.widgets.peupfudge._common import (
    LEVEL_LIMIT,
    action_rolled,
    dice_field,
    level_field,
)

MAX_UNMODIFIED_LEVEL = 40
"""Largest unmodified level the XP forms take (2^40 XP is far beyond any campaign)."""

MAX_XP = 10**9
"""Largest XP amount (allocation, bonus, progress) the XP forms take."""


# --------------------------------------------------------------------------
# XP (Peupfudge, 1.1 Abilities and Intrinsic Aptitude)
# --------------------------------------------------------------------------

_RULE = "XP to level up = 2^(unmodified level) (Peupfudge, 1.1 Abilities)"


def _unmodified(hint: str = "") -> Number:
    return Number("level", "Unmodified level", 0, 0, MAX_UNMODIFIED_LEVEL, hint=hint)


def _xp_field(name: str, label: str, default: int = 0, hint: str = "") -> Number:
    return Number(name, label, default, 0, MAX_XP, hint=hint)


def _modifier(hint: str = "") -> Number:
    return level_field("modifier", "Level modifier", 0, hint)


def _refusal(broken: ValueError, ability: str = "") -> ValueError:
    """The rules module's refusal, for the reader: capitalised, with the rule it applies."""
    message = str(broken)
    message = message[:1].upper() + message[1:]
    where = f"{ability}: " if ability else ""
    return ValueError(f"{where}{message}. {_RULE}.")


class _Spent:
    """One ability's XP spent: before, after the allocation and after the bonus."""

    def __init__(self, level: int, progress: int, xp: int, bonus: int, ability: str = "") -> None:
        try:
            self.before = Allocation(level, progress, level_cost(level))
            self.allocated = allocate_xp(xp, level, progress)
            self.after = apply_xp_bonus(bonus, self.allocated.level, self.allocated.progress)
        except ValueError as broken:
            raise _refusal(broken, ability) from None

    def steps(self) -> list[tuple[str, int]]:
        """Where the XP went: each level bought and what is left as progress."""
        out = []
        for level in range(self.before.level, self.after.level):
            out.append((f"Level {level} → {level + 1}", level_cost(level)))
        out.append((f"Left as progress toward level {self.after.level + 1}", self.after.progress))
        return out


def _modified(level: int, modifier: int) -> str:
    """The level used as L: ``"4 - 1 = 3"`` with a modifier, ``"4"`` without."""
    return str(ModifiedLevel(level, modifier)) if modifier else str(level)


def _xp_show(values: Values) -> list[Block]:
    level, progress, modifier = values["level"], values["progress"], values["modifier"]
    xp, bonus = values["xp"], values["bonus"]
    spent = _Spent(level, progress, xp, bonus)
    after = spent.after
    gained = after.level - level
    added = f"{xp} XP" + (f" and an XP bonus of {bonus}" if bonus else "")
    summary = (
        f"Level {spent.before} plus {added} gives {after}: "
        + (f"{gained} level{'s' if gained != 1 else ''} gained" if gained else "no level gained")
        + f"; {after.needed} more XP reach level {after.level + 1}."
    )
    items: list[tuple[str, str] | tuple[str, str, str]] = [
        ("Before", str(spent.before)),
    ]
    if bonus:
        items.append(("After the XP", str(spent.allocated)))
    items += [
        ("Result", str(after), "unmodified level (+progress/cost of the next level)"),
        ("Unmodified level", str(after.level), "sets the XP cost"),
        ("Modified level (L in actions)", _modified(after.level, modifier)),
        (
            "Next level costs",
            f"{after.next_cost} XP",
            f"2^{after.level} = {after.next_cost}; {after.needed} still needed",
        ),
        (
            "XP in this ability since level 0",
            str(after.spent),
            f"{total_xp(after.level)} for level {after.level} + {after.progress} progress",
        ),
    ]
    pool = progress + xp + bonus
    parts = [("Already recorded", progress), ("XP allocated", xp)]
    if bonus:
        parts.append(("XP bonus", bonus))
    return [
        text(summary),
        facts(items),
        table(
            f"Where the {pool} XP went",
            ["", "XP"],
            [[label, str(amount)] for label, amount in parts]
            + [[label, str(amount)] for label, amount in spent.steps()],
        ),
    ]


XP = Widget(
    name="peupfudge-xp",
    title="Spend XP",
    fields=(
        _unmodified("sets the XP cost of the next level"),
        _xp_field("progress", "XP toward the next level", hint="already recorded; below its cost"),
        _modifier("intrinsic aptitude; changes L, not the XP cost"),
        _xp_field("xp", "XP to allocate", 3),
        _xp_field("bonus", "XP bonus", hint="free XP from intrinsic aptitude"),
    ),
    show=_xp_show,
)
"""Peupfudge, 1.1 Abilities: XP allocated to one ability, with progress and a level modifier."""


ABILITIES = sheet_rows(
    "abilities",
    "Abilities",
    (
        row_name("Ability"),
        _unmodified(),
        _xp_field("progress", "Progress"),
        _modifier(),
        _xp_field("xp", "XP to allocate"),
        _xp_field("bonus", "XP bonus"),
    ),
    default=(
        {"name": "Strength", "level": 3, "progress": 0, "modifier": 0, "xp": 9, "bonus": 0},
        {"name": "Perception", "level": 0, "progress": 0, "modifier": 0, "xp": 3, "bonus": 0},
    ),
    min_rows=1,
    max_rows=12,
    row_label="ability",
    printed=False,  # the answer's table shows each ability's level, progress, XP and bonus
    hint="unmodified level, XP already recorded toward the next level, level modifier, "
    "XP to allocate now and any XP bonus",
)


STATUSES = sheet_rows(
    "statuses",
    "Statuses",
    (
        row_name("Status"),
        Number("current", "Now", 0, -LEVEL_LIMIT, LEVEL_LIMIT, track=True),
        level_field("minimum", "Lowest", 0),
        level_field("maximum", "Highest", 10),
    ),
    max_rows=8,
    row_label="status",
    hint="the GM's statuses (health, mana, hunger...): each one's state now, between the "
    "lowest and highest the GM allows; tap − and + as it changes",
)
"""Peupfudge, 1 Characters: statuses are traits tracked all the time; the GM decides the
states each can take, what moves it and what each state does. The sheet keeps each as
a number between a lowest and a highest state (Example 2's Energy runs from -2,
Exhausted, to 1, Rested)."""


def _sheet_abilities(values: Values) -> list[tuple[str, Mapping[str, Any], _Spent]]:
    """Each ability of the sheet: its name, its row and its XP spent (refused as it breaks
    a rule of Peupfudge, 1.1 Abilities)."""
    rows = values["abilities"]
    names = row_names(rows, "Ability")
    return [
        (name, row, _Spent(row["level"], row["progress"], row["xp"], row["bonus"], name))
        for name, row in zip(names, rows, strict=True)
    ]


def _check_award(values: Values) -> None:
    """Refuse more XP allocated than awarded (Peupfudge, 1.1 Abilities; 0: no award to check)."""
    award = values["award"]
    allocated = sum(row["xp"] for row in values["abilities"])
    if award and allocated > award:
        raise Refusal(
            f"{allocated} XP allocated but only {award} XP awarded: an award is shared out "
            "among the abilities and cannot be spent twice (Peupfudge, 1.1 Abilities)",
            ("award", "abilities"),
        )


def ability_level(row: Mapping[str, Any], spent: _Spent) -> int:
    """L for an action with this ability: its unmodified level after the XP allocated
    plus its level modifier (Peupfudge, 1.1 Intrinsic Aptitude; 2 Actions)."""
    return modified_level(spent.after.level, row["modifier"])


def _status_problems(values: Values) -> list[Block]:
    """Each status whose state is out of its own range, said with the status's name."""
    out = []
    names = row_names(values["statuses"], "Status")
    for name, row in zip(names, values["statuses"], strict=True):
        low, now, high = row["minimum"], row["current"], row["maximum"]
        if low > high:
            message = f"its lowest state ({low}) is above its highest ({high})"
        elif now > high:
            message = f"it is at {now}, above its highest state ({high})"
        elif now < low:
            message = f"it is at {now}, below its lowest state ({low})"
        else:
            continue
        out.append(error(f"Statuses: {name}: {message}", ["statuses"]))
    return out


def _against(values: Values) -> str:
    """What a sheet row's check is rolled against: ``"D = 4 on 4dF, A = -1"``."""
    extra = f", A = {values['A']}" if values["A"] else ""
    return f"D = {values['D']} on {values['dice']}dF{extra}"


def _panel_show(values: Values) -> list[Block]:
    rows, award, who = values["abilities"], values["award"], values["character"]
    abilities = _sheet_abilities(values)
    spent = [s for _, _, s in abilities]
    allocated = sum(row["xp"] for row in rows)
    bonuses = sum(row["bonus"] for row in rows)
    _check_award(values)
    with_bonus = bonuses > 0
    head = ["Ability", "Before", "XP", "After XP"]
    if with_bonus:
        head += ["XP bonus", "With bonus"]
    head += ["L in actions", "Next level"]
    body, titles = [], []
    for name, row, s in abilities:
        cells = [name, str(s.before), str(row["xp"]), str(s.allocated)]
        tips = ["", "", "", f"{s.allocated.spent} XP in this ability since level 0"]
        if with_bonus:
            cells += [str(row["bonus"]), str(s.after)]
            tips += ["", f"{s.after.spent} XP in this ability since level 0"]
        cells += [
            _modified(s.after.level, row["modifier"]),
            f"{s.after.next_cost} XP ({s.after.needed} to go)",
        ]
        tips += ["", f"2^{s.after.level}"]
        body.append(cells)
        titles.append(tips)
    items: list[tuple[str, str] | tuple[str, str, str]] = [("XP allocated", str(allocated))]
    if award:
        items = [("XP awarded", str(award)), *items, ("Left to allocate", str(award - allocated))]
    if with_bonus:
        items.append(("XP bonuses (free)", str(bonuses)))
    gained = sum(s.after.level - s.before.level for s in spent)
    items.append(("Levels gained", str(gained)))
    against = _against(values)
    blocks = [
        table(
            f"{who}: abilities and XP" if who else "Abilities and XP",
            head,
            body,
            titles=titles,
            checks=(
                (f"ability:{i}", f"Roll {name} against {against}")
                for i, (name, _, _) in enumerate(abilities)
            ),
        ),
        facts(items),
        text(
            f"Roll on an ability: L + A + R ≥ D with its L in actions, against {against} "
            "(Peupfudge, 2 Actions)."
        ),
    ]
    if values["statuses"]:
        states = "; ".join(
            f"{name} {row['current']} (from {row['minimum']} to {row['maximum']})"
            for name, row in zip(
                row_names(values["statuses"], "Status"), values["statuses"], strict=True
            )
        )
        blocks.append(text(f"Statuses: {states}."))
    return blocks + _status_problems(values)


def _panel_check(values: Values, key: str, rng: random.Random) -> View:
    """An ability row's action: L + A + R ≥ D, L the ability's modified level after its
    XP, A and D and the number of Fudge dice as the sheet sets them (Peupfudge, 2 Actions)."""
    _, which = sheet_row(key, ability=len(values["abilities"]))
    with mended():
        abilities = _sheet_abilities(values)
        _check_award(values)
    name, row, spent = abilities[int(which)]
    level = ability_level(row, spent)
    view = action_rolled(level, values["A"], values["D"], values["dice"], rng)
    shown = _modified(spent.after.level, row["modifier"])
    return {**view, "what": f"{name} (L = {shown}) against {_against(values)}"}


STORE = "peupfudge-character"
"""Where the browser keeps the character being played (the sheet fences' ``store``); the
action roller's "Use my sheet" reads it."""

XP_PANEL = sheet_widget(
    "peupfudge-xp-panel",
    "Peupfudge",
    "peupfudge-abilities",
    (
        # Shown by the answer when not 0; 0 only switches the check of the total off.
        Number(
            "award",
            "XP awarded",
            0,
            0,
            MAX_XP,
            track=True,
            hint="tap + as the GM awards XP, then share it out among the abilities; "
            "0: do not check the total allocated",
            printed=False,
        ),
        level_field("D", "D, difficulty of a roll on an ability", 4, printed=False),
        level_field("A", "A, additional character factors", 0, printed=False),
        dice_field(DEFAULT_ACTION_DICE, "Fudge dice (4dF by default)", printed=False),
        STATUSES,
        ABILITIES,
    ),
    show=_panel_show,
    check=_panel_check,
    play_fields=("D", "A", "dice", "statuses"),
    title="Abilities and XP",
    heading=Text("character", "Character", "", max_length=40, printed=False),
)
"""Peupfudge, 1 Characters and 1.1 Abilities: a character's abilities, XP shared out
among them, the statuses the GM defines, and a roll on each ability (2 Actions)."""


# --------------------------------------------------------------------------
# The sheet feeds the action check's L (Peupfudge, 2 Actions), "Use my sheet"
# --------------------------------------------------------------------------


def from_sheet(sheet: Values, own: Values) -> tuple[dict[str, Any], str]:
    """L from the played character's sheet: the modified level, after its XP, of the
    ability the roller's own field names, or the sheet's first (Peupfudge, 1.1
    Intrinsic Aptitude: the sum is used in actions). An ability the sheet lacks sets
    nothing, and the sentence says so and lists the sheet's abilities."""
    owner = whose(sheet["character"])
    names = row_names(sheet["abilities"], "Ability")
    wanted = str(own["ability"]).strip()
    index = next((i for i, n in enumerate(names) if n.casefold() == wanted.casefold()), None)
    if not wanted:
        index = 0
    if index is None:
        return {}, (
            f"{owner.capitalize()} has no ability called {wanted!r}: it has "
            f"{listing(names)}. L is the one entered here."
        )
    row = sheet["abilities"][index]
    try:
        spent = _Spent(row["level"], row["progress"], row["xp"], row["bonus"], names[index])
    except ValueError as broken:
        return {}, f"{owner.capitalize()} cannot be read: {broken} L is the one entered here."
    level = ability_level(row, spent)
    shown = _modified(spent.after.level, row["modifier"])
    return {"L": level}, f"From {owner}: {names[index]}, L = {shown}."


SOURCE = sheet_choice(STORE, XP_PANEL, from_sheet, "ability")
"""The character sheet played in this browser feeds L of the ability the roller names."""

WIDGETS: tuple[Widget, ...] = (XP, XP_PANEL)
