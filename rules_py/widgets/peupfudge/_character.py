"""Peupfudge characters: XP spent on one ability, and the character sheet.

Every number comes from :mod:`rules_py.systems.peupfudge.characters` (Peupfudge,
1 Characters, 1.1 Abilities and Intrinsic Aptitude); the sheet's rolls are the
action roller's (2 Actions), and the sheet feeds that roller's L.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rules_py._format import signed
from rules_py.systems.peupfudge.actions import DEFAULT_ACTION_DICE, minimum_roll
from rules_py.systems.peupfudge.characters import (
    Allocation,
    ModifiedLevel,
    allocate_xp,
    apply_xp_bonus,
    level_cost,
    modified_level,
    total_xp,
)
from rules_py.systems.peupfudge.dice import at_least
from rules_py.views import View
from rules_py.widgets._blocks import (
    Block,
    CheckRow,
    edit_only,
    error,
    facts,
    listing,
    row_names,
    sheet_checks,
    table,
    text,
)
from rules_py.widgets._fields import Number, Text
from rules_py.widgets._sheet import (
    called,
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
    action_rolled,
    dice_field,
    level_field,
)
from rules_py.widgets.peupfudge._traits import (
    CHARACTERISTICS,
    EXAMPLE_NAME,
    EXAMPLE_STATUSES,
    INVENTORY,
    PROPERTIES,
    STATUSES,
    status_problems,
    status_tracks,
    trait_lines,
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
        {"name": "Muscle", "xp": 0},
        {"name": "Charisma", "xp": 0},
        {"name": "Perception", "xp": 19, "bonus": 7},
        {"name": "Knowledge", "xp": 31},
    ),
    min_rows=1,
    max_rows=12,
    row_label="ability",
    printed=False,  # the answer's table shows each ability's level, progress, XP and bonus
    hint="unmodified level, XP already recorded toward the next level, level modifier, "
    "XP to allocate now and any XP bonus",
)


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


def _against(values: Values) -> str:
    """What a sheet row's check is rolled against: ``"D = 4 on 4dF, A = -1"``."""
    extra = f", A = {values['A']}" if values["A"] else ""
    return f"D = {values['D']} on {values['dice']}dF{extra}"


@lru_cache(maxsize=1024)
def _at_least(dice: int, needed: int) -> Fraction:
    """P(NdF ≥ needed), cached: a sheet asks it for every ability at every change
    (Peupfudge, 2 Actions; D Probability Reference)."""
    return at_least(dice, needed)


def _written(spent: _Spent, modifier: int) -> str:
    """An ability's level as a sheet writes it: ``"4 (+11/16)"``, with a level modifier
    ``"4 (+1/16) - 1 = 3"`` (Peupfudge, 1.1 Abilities; Intrinsic Aptitude)."""
    after = spent.after
    out = str(after)
    if modifier:
        sign = "-" if modifier < 0 else "+"
        out += f" {sign} {abs(modifier)} = {modified_level(after.level, modifier)}"
    return out


def _ability_rows(
    values: Values, abilities: list[tuple[str, Mapping[str, Any], _Spent]], *, rolled: bool
) -> list[CheckRow]:
    """Each ability as a row of the sheet in play: its L in actions and its exact chance
    that L + A + R ≥ D with R the sheet's Fudge dice (Peupfudge, 2 Actions). An action
    succeeds or fails, with no degrees: the detail is the smallest R that succeeds.
    ``rolled`` False (a sheet that breaks a rule, whose checks are refused): no chance."""
    against, dice = _against(values), values["dice"]
    rows = []
    for number, (name, row, spent) in enumerate(abilities):
        level = ability_level(row, spent)
        needed = minimum_roll(level, values["A"], values["D"])
        written = _written(spent, row["modifier"])
        rows.append(
            CheckRow(
                key=f"ability:{number}",
                name=name,
                value=str(level),
                label=f"Roll {name}, L = {level}, against {against}",
                chance=_at_least(dice, needed) if rolled else None,
                detail=f"needs R ≥ {signed(needed)} on {dice}dF",
                title=f"{name}: level {written}; {spent.after.needed} XP to the next level",
            )
        )
    return rows


def _xp_facts(values: Values, spent: list[_Spent]) -> Block:
    """XP awarded, allocated, left, bonuses and levels gained (Peupfudge, 1.1 Abilities)."""
    rows, award = values["abilities"], values["award"]
    allocated = sum(row["xp"] for row in rows)
    bonuses = sum(row["bonus"] for row in rows)
    items: list[tuple[str, str] | tuple[str, str, str]] = [("XP allocated", str(allocated))]
    if award:
        items = [("XP awarded", str(award)), *items, ("Left to allocate", str(award - allocated))]
    if bonuses:
        items.append(("XP bonuses (free)", str(bonuses)))
    gained = sum(s.after.level - s.before.level for s in spent)
    items.append(("Levels gained", str(gained)))
    return facts(items)


def _xp_table(values: Values, abilities: list[tuple[str, Mapping[str, Any], _Spent]]) -> Block:
    """Each ability's XP: before, allocated, after, bonus, L in actions and the next
    level's price (Peupfudge, 1.1 Abilities; Intrinsic Aptitude)."""
    with_bonus = any(row["bonus"] for _, row, _ in abilities)
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
    who = values["character"]
    return table(
        f"{who}: abilities and XP" if who else "Abilities and XP", head, body, titles=titles
    )


def _panel_show(values: Values) -> list[Block]:
    """The sheet in the order of Kotorikh's (Peupfudge, C Examples, Example 2):
    characteristics and inventory, the abilities rolling their actions with their exact
    chances, the XP left to allocate, the statuses as boxes, the properties; the XP
    spent on each ability is the sheet's setup (Edit mode on a Play page). Refusals
    lead, the rest of the sheet stays in view under them."""
    abilities = _sheet_abilities(values)
    spent = [s for _, _, s in abilities]
    award = values["award"]
    allocated = sum(row["xp"] for row in values["abilities"])
    problems = status_problems(values["statuses"])
    try:
        _check_award(values)
    except Refusal as broken:
        problems.insert(0, error(str(broken), broken.fields))
        rolled = False
    else:
        rolled = True
    who = called(values, "character")
    head, tail = trait_lines(values)
    blocks = [*problems, *head]
    blocks.append(
        sheet_checks(
            f"{who}'s abilities, against {_against(values)}",
            _ability_rows(values, abilities, rolled=rolled),
        )
    )
    if award:
        blocks.append(text(f"XP: {award} awarded, {award - allocated} left to allocate."))
    blocks += status_tracks(values["statuses"])
    blocks += tail
    blocks += [
        edit_only(_xp_table(values, abilities)),
        edit_only(_xp_facts(values, spent)),
        edit_only(
            text(
                "Roll on an ability: L + A + R ≥ D with its L in actions "
                "(Peupfudge, 2 Actions)."
            )
        ),
    ]
    return blocks


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

FRESH: dict[str, Any] = {
    "character": "",
    "award": 0,
    "A": 0,
    "abilities": [
        {"name": name, "level": 0, "progress": 0, "modifier": 0, "xp": 0, "bonus": 0}
        for name in ("Muscle", "Charisma", "Perception", "Knowledge")
    ],
    "statuses": [{**EXAMPLE_STATUSES[0], "current": 0}],
    "characteristics": [],
    "inventory": [],
    "properties": [],
}
"""A new character as the rules start one (Peupfudge, 1.1 Abilities; B Campaign Setup
Checklist): on the campaign's sheet template (Example 2's four abilities and its Energy
status), every ability at level 0 with no XP yet, since the GM hands out the starting
XP; no name, characteristics, inventory or properties until the player and the GM
choose them; Energy at Neutral (0), its state without effect (the draft leaves starting
states to the GM), and so no A from it."""

XP_PANEL = sheet_widget(
    "peupfudge-xp-panel",
    "Peupfudge",
    "peupfudge-abilities",
    (
        CHARACTERISTICS,
        INVENTORY,
        # Shown by the answer when not 0; 0 only switches the check of the total off.
        Number(
            "award",
            "XP awarded",
            50,
            0,
            MAX_XP,
            track=True,
            hint="tap + as the GM awards XP, then share it out among the abilities; "
            "0: do not check the total allocated",
            printed=False,
        ),
        level_field("D", "D, difficulty of a roll on an ability", 3, printed=False),
        level_field("A", "A, additional character factors", -1, printed=False),
        dice_field(DEFAULT_ACTION_DICE, "Fudge dice (4dF by default)", printed=False),
        ABILITIES,
        STATUSES,
        PROPERTIES,
    ),
    show=_panel_show,
    check=_panel_check,
    play_fields=("D", "A", "dice"),
    title="Abilities and XP",
    heading=Text("character", "Character", EXAMPLE_NAME, max_length=40, printed=False),
    fresh=FRESH,
)
"""Peupfudge, 1 Characters and 1.1 Abilities: a character's traits, its abilities with
the XP shared out among them and a roll on each (2 Actions), the statuses the GM
defines as boxes. Its defaults are Example 2's Kotorikh after his 50 starting XP and
the talented observer's bonus, Tired, on the night the jewels go missing: a roll
against D = 3 with A = -1."""


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
