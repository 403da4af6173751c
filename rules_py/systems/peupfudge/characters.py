"""Peupfudge, 1 Characters and 1.1 Abilities: traits, levels, XP and intrinsic aptitude.

* 1 Characters -- the five types of traits (:class:`TraitKind`).
* 1.1 Abilities -- raising an ability from its current level costs
  ``2 ** level`` XP (:func:`level_cost`); XP may be allocated partially and is
  recorded as progress (:func:`allocate_xp`).
* 1.1 Intrinsic Aptitude -- an XP bonus (:func:`apply_xp_bonus`) or a level
  modifier (:class:`ModifiedLevel`): the modified level is used in actions, the
  unmodified level sets the XP cost.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from rules_py.systems._params import bounds, out_of_range
from rules_py.systems.peupfudge._common import check_int


class TraitKind(Enum):
    """The five types of traits that represent a character (Peupfudge, 1 Characters)."""

    CHARACTERISTIC = "characteristic"
    ABILITY = "ability"
    INVENTORY = "inventory"
    STATUS = "status"
    PROPERTY = "property"


MAX_UNMODIFIED_LEVEL = 40
"""Largest unmodified level the site's tools take XP for: a tool limit, not a rule.

Peupfudge, 1.1 Abilities sets no upper limit on a level, but its next level-up costs
``2 ** level`` XP: 2**40, over a trillion XP, is beyond any campaign, while a level of
eleven digits would take a minute and gigabytes to price. XP that carries an ability
past this level is still counted.
"""


def _check_level_to_spend_on(level: int) -> None:
    """Refuse an unmodified level below 0 or above :data:`MAX_UNMODIFIED_LEVEL`."""
    _check_unmodified_level(level)
    if level > MAX_UNMODIFIED_LEVEL:
        raise ValueError(
            out_of_range(
                "the unmodified level",
                bounds(0, MAX_UNMODIFIED_LEVEL),
                level,
                f"the source sets no upper limit; the tools stop at {MAX_UNMODIFIED_LEVEL}, "
                f"whose next level-up already costs 2**{MAX_UNMODIFIED_LEVEL} XP",
            )
        )


def _check_unmodified_level(level: int, name: str = "level") -> None:
    check_int(name, level)
    if level < 0:
        raise ValueError(
            f"{name} must be 0 or more: XP levels start at 0 and the cost 2**level "
            f"is only defined in whole XP from level 0 up, got {level}"
        )


# --------------------------------------------------------------------------
# Abilities, levels and XP (Peupfudge, 1.1 Abilities)
# --------------------------------------------------------------------------


def level_cost(level: int) -> int:
    """XP needed to raise an ability from ``level`` to ``level + 1``: ``2 ** level``.

    Peupfudge, 1.1 Abilities (and Appendix A: "xp required to level up" is 2 to
    the power of the old, unmodified level). So level 0 -> 1 costs 1 XP,
    6 -> 7 costs 64 XP. ``level`` is the unmodified level; negative values are
    rejected because the source's levels of practice start at 0.
    """
    _check_unmodified_level(level)
    return 1 << level


def cost_to_reach(level: int) -> int:
    """The "XP Cost" row of the source's level table: XP to reach ``level`` from the one below.

    Peupfudge, 1.1 Abilities table: 0, 1, 2, 4, 8, ... for levels 0, 1, 2, 3, 4, ...
    (level 0 costs nothing; otherwise ``2 ** (level - 1)``, which is
    :func:`level_cost` of the level below).
    """
    _check_unmodified_level(level)
    return 0 if level == 0 else level_cost(level - 1)


def total_xp(level: int) -> int:
    """Cumulative XP from level 0 to ``level``: ``2 ** level - 1``.

    Peupfudge, 1.1 Abilities table, "Total XP" row: 0, 1, 3, 7, 15, 31, ...
    """
    _check_unmodified_level(level)
    return (1 << level) - 1


@dataclass(frozen=True)
class XpTableRow:
    """One column of the source's level table (Peupfudge, 1.1 Abilities)."""

    level: int
    xp_cost: int
    total_xp: int


def xp_table(levels: Iterable[int] = range(10)) -> tuple[XpTableRow, ...]:
    """The level / XP cost / total XP table (Peupfudge, 1.1 Abilities; Appendix A).

    The source prints levels 0 to 9; any non-negative levels may be asked for.
    """
    return tuple(XpTableRow(lv, cost_to_reach(lv), total_xp(lv)) for lv in levels)


@dataclass(frozen=True)
class Allocation:
    """An ability's unmodified level and the XP recorded towards the next level.

    Peupfudge, 1.1 Abilities: XP below the cost of the next level is recorded as
    progress; allocated XP is spent and never moves to another ability.
    ``str()`` gives the source's notation, e.g. ``"4 (+11/16)"`` or ``"5"``.
    """

    level: int
    progress: int
    next_cost: int

    @property
    def spent(self) -> int:
        """All XP this ability has absorbed since level 0: total_xp(level) + progress."""
        return total_xp(self.level) + self.progress

    @property
    def needed(self) -> int:
        """XP still missing for the next level-up."""
        return self.next_cost - self.progress

    def __str__(self) -> str:
        if self.progress:
            return f"{self.level} (+{self.progress}/{self.next_cost})"
        return str(self.level)


def allocate_xp(xp: int, level: int = 0, progress: int = 0) -> Allocation:
    """Allocate ``xp`` to an ability at unmodified ``level`` with ``progress`` recorded.

    Peupfudge, 1.1 Abilities: each level-up costs ``2 ** (current level)``; XP
    short of that cost is recorded and the ability levels up once enough has
    accumulated. One award may pay for several level-ups (Example 1: 3 XP take
    Mycology from 0 to 2). XP cannot be negative: allocated XP is spent and can
    never be taken back or moved. ``level`` is 0 to :data:`MAX_UNMODIFIED_LEVEL`
    (a tool limit: the source sets none).
    """
    check_int("xp", xp)
    if xp < 0:
        raise ValueError(
            f"xp must be 0 or more: allocated XP is spent and cannot be withdrawn, got {xp}"
        )
    _check_level_to_spend_on(level)
    check_int("progress", progress)
    if not 0 <= progress < level_cost(level):
        raise ValueError(
            out_of_range(
                "progress",
                f"{bounds(0, level_cost(level) - 1)} at level {level}",
                progress,
                f"the next level costs {level_cost(level)} XP",
            )
        )
    pool = progress + xp
    while pool >= level_cost(level):
        pool -= level_cost(level)
        level += 1
    return Allocation(level=level, progress=pool, next_cost=level_cost(level))


def level_for_total_xp(xp: int) -> Allocation:
    """Level and progress of an ability that received ``xp`` in total from level 0.

    Peupfudge, 1.1 Abilities (e.g. 31 XP -> level 5; 19 XP -> 4 (+4/16)).
    """
    return allocate_xp(xp)


# --------------------------------------------------------------------------
# Intrinsic aptitude (Peupfudge, 1.1 Abilities, Intrinsic Aptitude)
# --------------------------------------------------------------------------


def apply_xp_bonus(bonus: int, level: int = 0, progress: int = 0) -> Allocation:
    """Intrinsic aptitude as an XP bonus: free XP that advances the ability as usual.

    Peupfudge, 1.1 Intrinsic Aptitude, method 1. The character simply moves
    further along the same learning curve (Example 2: the "talented observer"
    property's +7 XP takes Perception 4 (+4/16) to 4 (+11/16)).
    """
    check_int("bonus", bonus)
    if bonus < 0:
        raise ValueError(f"an XP bonus must be 0 or more, got {bonus}")
    return allocate_xp(bonus, level, progress)


def modified_level(unmodified: int, modifier: int) -> int:
    """Modified level = unmodified level + level modifier.

    Peupfudge, 1.1 Intrinsic Aptitude, method 2. The result (the level used as
    L in actions) may be any integer, e.g. the ant's 7 - 50 = -43 (Example 5).
    """
    return ModifiedLevel(unmodified, modifier).modified


@dataclass(frozen=True)
class ModifiedLevel:
    """An ability written as [unmodified level] + [modifier] = [modified level].

    Peupfudge, 1.1 Intrinsic Aptitude, method 2: the modified level is the
    character's actual proficiency and is used in actions; the unmodified level
    is the position on the learning curve and sets the XP cost of levelling up.
    A standard being has modifier 0. ``str()`` gives e.g. ``"3 - 1 = 2"``.
    """

    unmodified: int
    modifier: int = 0

    def __post_init__(self) -> None:
        _check_unmodified_level(self.unmodified, "unmodified level")
        check_int("modifier", self.modifier)

    @property
    def modified(self) -> int:
        """The level used as L when the ability is used in an action."""
        return self.unmodified + self.modifier

    @property
    def next_cost(self) -> int:
        """XP to level up, from the unmodified level: ``2 ** unmodified``."""
        return level_cost(self.unmodified)

    @property
    def is_standard(self) -> bool:
        """True for a standard being: no modifier for this ability."""
        return self.modifier == 0

    def allocate(self, xp: int, progress: int = 0) -> tuple[ModifiedLevel, Allocation]:
        """Spend ``xp`` at the unmodified level; the modifier carries over unchanged."""
        result = allocate_xp(xp, self.unmodified, progress)
        return ModifiedLevel(result.level, self.modifier), result

    def __str__(self) -> str:
        sign = "-" if self.modifier < 0 else "+"
        return f"{self.unmodified} {sign} {abs(self.modifier)} = {self.modified}"
