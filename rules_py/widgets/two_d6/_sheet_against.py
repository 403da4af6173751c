"""A check made from a 2d6 sheet: the stat a skill is rolled with (Skills) and the DC the
armour it lists leaves (Items, Armor; Talents, Armored Acrobat).

Split from :mod:`._character` by the rule that no module is much over 600 lines
(docs/architecture.md, "One shape for every system").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_py.systems._params import refusal
from rules_py.systems.two_d6 import builder
from rules_py.systems.two_d6 import character as rules
from rules_py.systems.two_d6._common import find_named
from rules_py.systems.two_d6.checks import armoured_dc
from rules_py.systems.two_d6.items import armour_dc_steps
from rules_py.widgets._widget import Values
from rules_py.widgets.two_d6._common import SYSTEM, dc_text, signed
from rules_py.widgets.two_d6._sheet_fields import character_input


@dataclass(frozen=True, slots=True)
class SkillCheck:
    """A skill row's check: 2d6 + a stat + the skill's ranks (The Basics; Skills)."""

    label: str
    """The skill as the sheet names it: "Melee (Light)"."""
    ranks: int
    stat: str
    stat_bonus: int
    other: str = ""
    """The other stat the situation may call for instead (Melee (Unarmed): AGI)."""

    @property
    def bonus(self) -> int:
        return self.stat_bonus + self.ranks

    @property
    def skill(self) -> str:
        """The skill's name without its field: "Melee"."""
        return _split_label(self.label)[0]

    @property
    def stat_words(self) -> str:
        """``"AGI +3"``, or ``"STR +2 (or AGI, as the GM picks)"`` for Melee (Unarmed)."""
        words = f"{self.stat} {signed(self.stat_bonus)}"
        return words + (f" (or {self.other}, as the GM picks)" if self.other else "")

    @property
    def words(self) -> str:
        """``"Melee (Light) +3, AGI +3"``."""
        return f"{self.label} {signed(self.ranks)}, {self.stat_words}"


def skill_check(values: Values, stats: Mapping[Any, int], index: int) -> SkillCheck:
    """The check of skill row ``index`` with the stat the sheet's "Stat for skill checks" picks."""
    row = values["skills"][index]
    name, field = str(row["name"]).strip(), str(row["field"]).strip()
    if not name and not field:
        name = f"Skill {index + 1}"
    return _with_stat(name, field, row["ranks"], values["check_stat"], stats)


def _with_stat(
    name: str, field: str, ranks: int, choice: str, stats: Mapping[Any, int]
) -> SkillCheck:
    """A skill's check with the stat ``choice`` names, or its usual one.

    "usual" takes the stat the source says the skill (or its field) is almost always
    modified by: Melee (Heavy) STR, Melee (Light) AGI; Melee (Unarmed) either, as the
    situation decides, so STR until the GM picks AGI; otherwise the first stat the
    source lists with a sample skill (Skills, Sample Skills), and for a skill of the
    GM's, which lists none, the highest stat. The player may pick any stat instead.
    """
    label = f"{name} ({field})" if field else name
    stat, other = choice, ""
    if stat == "usual":
        usual = rules.usual_stats(name, field)
        stat = usual[0] if usual else max(rules.STAT_NAMES, key=lambda s: stats[s])
        sample = find_named(rules.SKILLS, name)
        by_field = {f.lower(): f_stats for f, f_stats in sample.field_stats} if sample else {}
        if len(by_field.get(field.lower(), ())) > 1:
            other = ", ".join(usual[1:])
    return SkillCheck(label, ranks, stat, stats[stat], other)


def _split_label(label: str) -> tuple[str, str]:
    """``"Melee (Light)"`` as ``("Melee", "Light")``; ``"Bluff"`` as ``("Bluff", "")``."""
    name, bracket, rest = " ".join(label.split()).partition(" (")
    return (name, rest.removesuffix(")").strip()) if bracket else (name, "")


ARMOURED_ACROBAT = "Armored Acrobat"


def worn(values: Values) -> tuple[str, bool]:
    """The armour the sheet lists and whether it has the Armored Acrobat talent."""
    acrobat = any(str(row["name"]) == ARMOURED_ACROBAT for row in values["talents"])
    return values["armour"], acrobat


@dataclass(frozen=True, slots=True)
class Against:
    """The DC a sheet check is rolled against once the armour it lists is applied."""

    asked: int
    dc: int | None
    """None when armour makes the task impossible (Items, Armor)."""
    armour: str
    steps: int

    @property
    def note(self) -> str:
        """``"light armour raises DC 9 (Average) one step"``, or "" when armour moves nothing."""
        if self.dc is None or self.dc == self.asked:
            return ""
        steps = {1: "one step", 2: "two steps", 3: "three steps"}[self.steps]
        return f"{self.armour} armour raises {dc_text(self.asked)} {steps}"

    @property
    def impossible(self) -> str:
        """The refusal of a task the armour makes impossible."""
        return refusal(
            f"in {self.armour} armour this Agility task at {dc_text(self.asked)} is past "
            "Legendary, so it is impossible",
            f"{SYSTEM}, Items, Armor",
        )


def against(values: Values, dc: int, stat: str, skill: str = "") -> Against:
    """The DC a check with ``stat`` (and ``skill``) is rolled against in the sheet's armour:
    one step up for light, two for medium, three for heavy, on Agility checks but combat
    rolls; Armored Acrobat takes light armour's step away (Items, Armor)."""
    armour, acrobat = worn(values)
    if armour == "none" or not rules.armour_applies(stat, skill):
        return Against(dc, dc, armour, 0)
    steps = armour_dc_steps(armour, acrobat)
    return Against(dc, armoured_dc(dc, armour, acrobat), armour, steps)


def sheet_stats(sheet_values: Values) -> Mapping[str, int]:
    """A saved sheet's stats, Stat Boosts included (Stats; Talents, Stat Boost)."""
    built = builder.build_character(character_input(sheet_values)).stats
    return {str(stat): bonus for stat, bonus in built.items()}


def sheet_check(sheet_values: Values, skill: str, choice: str) -> SkillCheck:
    """A check made from a saved sheet: ``skill`` as the sheet names it ("Melee (Light)";
    one it does not list has 0 ranks, Skills: "no bonus ... except from their stats"), and
    the stat ``choice`` picks ("usual", or one of the eight)."""
    stats = sheet_stats(sheet_values)
    wanted = " ".join(skill.split()).lower()
    for index in range(len(sheet_values["skills"])):
        check = skill_check({**sheet_values, "check_stat": choice}, stats, index)
        if check.label.lower() == wanted:
            return check
    return _with_stat(*_split_label(skill), 0, choice, stats)
