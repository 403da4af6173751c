"""Peupfudge widgets: the action check, opposed actions, XP and the probability reference.

Every number comes from :mod:`rules_py.systems.peupfudge`; this module only
arranges it into blocks and rolls the Fudge dice the rules name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules_py._format import percent, signed
from rules_py.systems import peupfudge as pf
from rules_py.views import View
from rules_py.widgets._blocks import (
    Block,
    bar_chart,
    error,
    facts,
    listing,
    odds_table,
    roll_line,
    rolled,
    row_names,
    table,
    text,
    with_modifier,
)
from rules_py.widgets._fields import Flag, Number, Rows, Text
from rules_py.widgets._source import sheet_choice
from rules_py.widgets._widget import Refusal, Values, Widget

LEVEL_LIMIT = 100
"""Largest L, A or D (either sign) the forms take: a tool limit, the source sets none."""

MAX_UNMODIFIED_LEVEL = 40
"""Largest unmodified level the XP forms take (2^40 XP is far beyond any campaign)."""

MAX_XP = 10**9
"""Largest XP amount (allocation, bonus, progress) the XP forms take."""

MAX_COLUMNS = 25
"""Most difficulty columns the probability table draws (D from -12 to 12)."""


def _sum(first: int, *terms: int) -> str:
    """``6, -1, 3`` -> ``"6 - 1 + 3"``: a sum written as the source writes it."""
    out = str(first)
    for term in terms:
        out += f" - {-term}" if term < 0 else f" + {term}"
    return out


def _chance(p: Fraction) -> str:
    """An exact chance and its percentage: ``"5/27 (18.52%)"``, ``"1 (certain)"``."""
    if p in (0, 1):
        return f"{p} ({'certain' if p else 'impossible'})"
    return f"{p} ({percent(p)})"


def _dice_field(default: int, label: str, *, printed: bool = True) -> Number:
    return Number(
        "dice",
        label,
        default,
        pf.MIN_DICE,
        pf.MAX_DICE,
        hint=f"R is the total of this many Fudge dice ({pf.MIN_DICE} to {pf.MAX_DICE})",
        printed=printed,
    )


def _level(name: str, label: str, default: int, hint: str = "", *, printed: bool = True) -> Number:
    return Number(name, label, default, -LEVEL_LIMIT, LEVEL_LIMIT, hint=hint, printed=printed)


# --------------------------------------------------------------------------
# Action check (Peupfudge, 2 Actions)
# --------------------------------------------------------------------------


def _action_show(values: Values) -> list[Block]:
    level, extra, difficulty, dice = values["L"], values["A"], values["D"], values["dice"]
    need = pf.minimum_roll(level, extra, difficulty)
    outcomes = pf.action_outcomes(level, extra, difficulty, dice)
    success = outcomes["success"]
    roll = f"{dice}dF"
    if need > dice:
        reach = f"{roll} reaches at most +{dice}, so it cannot succeed"
    elif need <= -dice:
        reach = f"{roll} rolls no lower than -{dice}, so it cannot fail"
    else:
        reach = f"needs R ≥ {signed(need)} on {roll}"
    summary = (
        f"L + A + R ≥ D with L = {level}, A = {extra}, D = {difficulty}: "
        f"{reach}. Chance of success {_chance(success)}."
    )
    return [
        text(summary),
        odds_table(
            f"Outcomes of {roll} at L + A = {level + extra} against D = {difficulty}",
            "Outcome",
            {
                f"Success (L + A + R ≥ {difficulty})": success,
                f"Failure (L + A + R < {difficulty})": outcomes["failure"],
            },
        ),
        bar_chart(
            pf.relative_performance_distribution(level, extra, difficulty, dice),
            f"Relative performance L + A + R - D with {roll}",
            0,
            axis="L + A + R − D (relative performance)",
        ),
    ]


def _action_roll(values: Values, rng: random.Random) -> View:
    return action_rolled(values["L"], values["A"], values["D"], values["dice"], rng)


def action_rolled(level: int, extra: int, difficulty: int, dice: int, rng: random.Random) -> View:
    """Roll R = NdF and judge L + A + R ≥ D, with the relative performance L + A + R − D
    (Peupfudge, 2 Actions): the action roller's roll and a sheet row's check alike."""
    line, result = roll_line("R", f"{dice}dF", rng)
    roll = result.total
    total = level + extra + roll
    performance = pf.relative_performance(level, extra, roll, difficulty)
    verdict = "Success" if pf.action_succeeds(level, extra, roll, difficulty) else "Failure"
    compare = "≥" if total >= difficulty else "<"
    outcome = (
        f"{verdict}: L + A + R = {_sum(level, extra, roll)} = {total} {compare} D = {difficulty}; "
        f"relative performance {signed(performance)}"
    )
    return rolled([line], outcome)


# --------------------------------------------------------------------------
# Opposed action (Peupfudge, 2 Actions, Opposed Actions)
# --------------------------------------------------------------------------

PARTICIPANTS = Rows(
    "participants",
    "Participants",
    (
        Text("name", "Name", "", max_length=40),
        _level("L", "L", 0),
        _level("A", "A", 0),
    ),
    default=(
        {"name": "First", "L": 3, "A": 0},
        {"name": "Second", "L": 4, "A": 0},
        {"name": "Third", "L": 5, "A": 0},
    ),
    min_rows=2,
    max_rows=6,
    row_label="participant",
    hint="each one's L + A; all roll the same number of Fudge dice",
    new_row={"name": "", "L": 0, "A": 0},
)


def _names(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each participant's name (numbered when it is blank or repeated)."""
    names = row_names(rows, "Participant")
    return [
        f"{name} ({i})" if names.count(name) > 1 else name for i, name in enumerate(names, start=1)
    ]


def _opposed_show(values: Values) -> list[Block]:
    rows, dice = values["participants"], values["dice"]
    names = _names(rows)
    bases = [row["L"] + row["A"] for row in rows]
    odds = pf.opposed_outcomes(bases, dice)
    best = max(odds.alone_on_top)
    leaders = [name for name, p in zip(names, odds.alone_on_top, strict=True) if p == best]
    summary = (
        f"Everyone rolls {dice}dF and adds L + A; the highest total wins, and equal highest "
        f"totals are a tie. Most likely alone on top: {listing(leaders)}, "
        f"{_chance(best)}{' each' if len(leaders) > 1 else ''}; "
        f"a tie for the top: {_chance(odds.tie)}."
    )
    body = [
        [name, f"{_sum(row['L'], row['A'])} = {base}", percent(alone), percent(tied)]
        for name, row, base, alone, tied in zip(
            names, rows, bases, odds.alone_on_top, odds.tied_on_top, strict=True
        )
    ]
    titles = [
        ["", "", str(alone), str(tied)]
        for alone, tied in zip(odds.alone_on_top, odds.tied_on_top, strict=True)
    ]
    body.append(["Tie for the top (nobody wins)", "", percent(odds.tie), ""])
    titles.append(["", "", str(odds.tie), ""])
    return [
        text(summary),
        table(
            f"Who comes out on top with {dice}dF each",
            ["Participant", "L + A", "Alone on top", "Tied for the top"],
            body,
            titles=titles,
            hits=[p == best for p in odds.alone_on_top] + [False],
        ),
    ]


def _opposed_roll(values: Values, rng: random.Random) -> View:
    rows, dice = values["participants"], values["dice"]
    names = _names(rows)
    lines, totals, sums = [], [], []
    for name, row in zip(names, rows, strict=True):
        line, result = roll_line(name, with_modifier(f"{dice}dF", row["L"] + row["A"]), rng)
        roll = result.total - row["L"] - row["A"]
        lines.append(line)
        totals.append(result.total)
        sums.append(f"{name} {_sum(row['L'], row['A'], roll)} = {result.total}")
    top = pf.opposed_top(totals)
    if top is not None:
        verdict = f"{names[top]} wins with {totals[top]}"
    else:
        best = max(totals)
        tied = [name for name, total in zip(names, totals, strict=True) if total == best]
        verdict = f"Tie for the top at {best} between {listing(tied)}: nobody wins"
    return rolled(lines, f"{verdict} (L + A + R: {'; '.join(sums)}).")


OPPOSED = Widget(
    name="peupfudge-opposed",
    title="Opposed action",
    fields=(PARTICIPANTS, _dice_field(pf.DEFAULT_OPPOSED_DICE, "Fudge dice (3dF by default)")),
    show=_opposed_show,
    roll=_opposed_roll,
    roll_label="Roll for everyone",
)
"""Peupfudge, 2 Opposed Actions: who comes out alone on top, the chance of a tie, a roll."""


# --------------------------------------------------------------------------
# XP (Peupfudge, 1.1 Abilities and Intrinsic Aptitude)
# --------------------------------------------------------------------------

_RULE = "XP to level up = 2^(unmodified level) (Peupfudge, 1.1 Abilities)"


def _unmodified(hint: str = "") -> Number:
    return Number("level", "Unmodified level", 0, 0, MAX_UNMODIFIED_LEVEL, hint=hint)


def _xp_field(name: str, label: str, default: int = 0, hint: str = "") -> Number:
    return Number(name, label, default, 0, MAX_XP, hint=hint)


def _modifier(hint: str = "") -> Number:
    return _level("modifier", "Level modifier", 0, hint)


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
            self.before = pf.Allocation(level, progress, pf.level_cost(level))
            self.allocated = pf.allocate_xp(xp, level, progress)
            self.after = pf.apply_xp_bonus(bonus, self.allocated.level, self.allocated.progress)
        except ValueError as broken:
            raise _refusal(broken, ability) from None

    def steps(self) -> list[tuple[str, int]]:
        """Where the XP went: each level bought and what is left as progress."""
        out = []
        for level in range(self.before.level, self.after.level):
            out.append((f"Level {level} → {level + 1}", pf.level_cost(level)))
        out.append((f"Left as progress toward level {self.after.level + 1}", self.after.progress))
        return out


def _modified(level: int, modifier: int) -> str:
    """The level used as L: ``"4 - 1 = 3"`` with a modifier, ``"4"`` without."""
    return str(pf.ModifiedLevel(level, modifier)) if modifier else str(level)


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
            f"{pf.total_xp(after.level)} for level {after.level} + {after.progress} progress",
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


ABILITIES = Rows(
    "abilities",
    "Abilities",
    (
        Text("name", "Ability", "", max_length=40),
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
    new_row={"name": "", "level": 0, "progress": 0, "modifier": 0, "xp": 0, "bonus": 0},
)


STATUSES = Rows(
    "statuses",
    "Statuses",
    (
        Text("name", "Status", "", max_length=40),
        Number("current", "Now", 0, -LEVEL_LIMIT, LEVEL_LIMIT, track=True),
        _level("minimum", "Lowest", 0),
        _level("maximum", "Highest", 10),
    ),
    default=(),
    min_rows=0,
    max_rows=8,
    row_label="status",
    hint="the GM's statuses (health, mana, hunger...): each one's state now, between the "
    "lowest and highest the GM allows; tap − and + as it changes",
    new_row={"name": "", "current": 0, "minimum": 0, "maximum": 10},
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
    return pf.modified_level(spent.after.level, row["modifier"])


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
    kind, _, which = key.partition(":")
    rows = values["abilities"]
    if kind != "ability" or not which.isdigit() or int(which) >= len(rows):
        raise ValueError(f"the sheet has no check {key!r}")
    try:
        abilities = _sheet_abilities(values)
        _check_award(values)
    except ValueError as broken:
        raise ValueError(f"Mend the sheet first: {broken}") from None
    name, row, spent = abilities[int(which)]
    level = ability_level(row, spent)
    view = action_rolled(level, values["A"], values["D"], values["dice"], rng)
    shown = _modified(spent.after.level, row["modifier"])
    return {**view, "what": f"{name} (L = {shown}) against {_against(values)}"}


STORE = "peupfudge-character"
"""Where the browser keeps the character being played (the sheet fences' ``store``); the
action roller's "Use my sheet" reads it."""

XP_PANEL = Widget(
    name="peupfudge-xp-panel",
    title="Abilities and XP",
    fields=(
        Text("character", "Character", "", max_length=40, printed=False),
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
        _level("D", "D, difficulty of a roll on an ability", 4, printed=False),
        _level("A", "A, additional character factors", 0, printed=False),
        _dice_field(pf.DEFAULT_ACTION_DICE, "Fudge dice (4dF by default)", printed=False),
        STATUSES,
        ABILITIES,
    ),
    show=_panel_show,
    check=_panel_check,
    play_fields=("D", "A", "dice", "statuses"),
    portable="peupfudge-abilities",
    name_field="character",
    system="Peupfudge",
)
"""Peupfudge, 1 Characters and 1.1 Abilities: a character's abilities, XP shared out
among them, the statuses the GM defines, and a roll on each ability (2 Actions)."""


# --------------------------------------------------------------------------
# Action check (Peupfudge, 2 Actions), with "Use my sheet"
# --------------------------------------------------------------------------


def from_sheet(sheet: Values, own: Values) -> tuple[dict[str, Any], str]:
    """L from the played character's sheet: the modified level, after its XP, of the
    ability the roller's own field names, or the sheet's first (Peupfudge, 1.1
    Intrinsic Aptitude: the sum is used in actions). An ability the sheet lacks sets
    nothing, and the sentence says so and lists the sheet's abilities."""
    who = str(sheet["character"]).strip()
    whose = f"{who}'s sheet" if who else "your sheet"
    names = row_names(sheet["abilities"], "Ability")
    wanted = str(own["ability"]).strip()
    index = next((i for i, n in enumerate(names) if n.casefold() == wanted.casefold()), None)
    if not wanted:
        index = 0
    if index is None:
        return {}, (
            f"{whose.capitalize()} has no ability called {wanted!r}: it has "
            f"{listing(names)}. L is the one entered here."
        )
    row = sheet["abilities"][index]
    try:
        spent = _Spent(row["level"], row["progress"], row["xp"], row["bonus"], names[index])
    except ValueError as broken:
        return {}, f"{whose.capitalize()} cannot be read: {broken} L is the one entered here."
    level = ability_level(row, spent)
    shown = _modified(spent.after.level, row["modifier"])
    return {"L": level}, f"From {whose}: {names[index]}, L = {shown}."


SOURCE = sheet_choice(STORE, XP_PANEL, from_sheet, "ability")
"""The character sheet played in this browser feeds L of the ability the roller names."""

ACTION = Widget(
    name="peupfudge-action",
    title="Action check",
    fields=(
        _level("L", "L, ability level", 4, "the modified level if the ability has a modifier"),
        _level("A", "A, additional character factors", 0),
        _level("D", "D, difficulty", 4),
        _dice_field(pf.DEFAULT_ACTION_DICE, "Fudge dice (4dF by default)"),
        Flag(
            "use_sheet",
            "Use my sheet",
            True,
            printed=False,
            hint="Take L from the character played in this browser.",
        ),
        Text(
            "ability",
            "Ability from my sheet",
            "",
            max_length=40,
            printed=False,
            hint="as the sheet names it; blank: the sheet's first ability",
        ),
    ),
    show=_action_show,
    roll=_action_roll,
    roll_label="Roll the action",
    unused=lambda values: [] if values["use_sheet"] else ["ability"],
    source=SOURCE,
)
"""Peupfudge, 2 Actions: the chance that L + A + R ≥ D, and a roll of R."""


# --------------------------------------------------------------------------
# Probability reference (Peupfudge, Appendix D)
# --------------------------------------------------------------------------


def _range_field(name: str, label: str, default: int, lo: int, hi: int) -> Number:
    return Number(name, label, default, lo, hi)


def _probability_show(values: Values) -> list[Block]:
    n_from, n_to, d_from, d_to = values["n_from"], values["n_to"], values["d_from"], values["d_to"]
    if n_from > n_to:
        raise Refusal(
            f"Dice from ({n_from}) must not be more than dice to ({n_to})", ("n_from", "n_to")
        )
    if d_from > d_to:
        raise Refusal(f"D from ({d_from}) must not be more than D to ({d_to})", ("d_from", "d_to"))
    columns = d_to - d_from + 1
    if columns > MAX_COLUMNS:
        raise Refusal(
            f"At most {MAX_COLUMNS} columns of D fit the table (D from {d_from} to {d_to} "
            f"makes {columns}): narrow the range",
            ("d_from", "d_to"),
        )
    reference = pf.probability_reference(range(n_from, n_to + 1), range(d_from, d_to + 1))
    rows = [
        [f"{n}dF", *(pf.format_probability(p) for p in row)]
        for n, row in zip(reference.dice, reference.rows, strict=True)
    ]
    titles = [["", *(str(p) for p in row)] for row in reference.rows]
    return [
        text(
            "Chance that NdF comes out at D or higher, rounded half-up to two decimals; "
            "the exact fraction is in each entry's tooltip. The 4dF row is the standard roll."
        ),
        table(
            "P(NdF ≥ D)",
            ["", *(f"≥ {d}" for d in reference.difficulties)],
            rows,
            titles=titles,
            hits=[n == pf.DEFAULT_ACTION_DICE for n in reference.dice],
        ),
    ]


PROBABILITY = Widget(
    name="peupfudge-probability",
    title="Probability reference",
    fields=(
        _range_field("n_from", "Dice from", pf.REFERENCE_DICE[0], pf.MIN_DICE, pf.MAX_DICE),
        _range_field("n_to", "Dice to", pf.REFERENCE_DICE[-1], pf.MIN_DICE, pf.MAX_DICE),
        _range_field(
            "d_from", "D from", pf.REFERENCE_DIFFICULTIES[0], -LEVEL_LIMIT // 2, LEVEL_LIMIT // 2
        ),
        _range_field(
            "d_to", "D to", pf.REFERENCE_DIFFICULTIES[-1], -LEVEL_LIMIT // 2, LEVEL_LIMIT // 2
        ),
    ),
    show=_probability_show,
)
"""Peupfudge, Appendix D: P(NdF ≥ D) for a range of N and D, computed exactly."""

WIDGETS: tuple[Widget, ...] = (ACTION, OPPOSED, XP, XP_PANEL, PROBABILITY)
