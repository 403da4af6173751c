"""Attributes, health, action quota and progression points of the D10/0 System.

Chapters "Attributes", "Health", "Actions" (Action Quota) and "Progression
Points", with the build steps that use them.

Readings the tools use (stated on the rules pages as source notes):

* Normal Health = the average of EN and SP times 10; the Progression Point
  increase is that average rounded up; daily recovery is the same rounded-up
  average, doubled with dedicated rest, tripled with rest and care, never past
  Normal.
* States: Exceptional above Normal, Normal, Injured below it, On the Brink at
  0, Dying below 0, Dead below -Normal (at exactly -Normal still dying).
* Action Quota = the average of AG and FO rounded down.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from rules_py.systems._params import refusal
from rules_py.systems.d10_0._common import SYSTEM, require_int, require_range

# --------------------------------------------------------------------------
# Attributes
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Attribute:
    """One of the ten attributes (Attributes, The Ten Attributes)."""

    abbreviation: str
    name: str
    tangible: bool
    pair: str
    """The abbreviation of its tangible/intangible complement."""


ATTRIBUTES: Final[tuple[Attribute, ...]] = (
    Attribute("AG", "Agility", True, "FO"),
    Attribute("EN", "Endurance", True, "SP"),
    Attribute("IN", "Intellect", True, "SE"),
    Attribute("PE", "Perception", True, "BE"),
    Attribute("ST", "Strength", True, "CH"),
    Attribute("FO", "Focus", False, "AG"),
    Attribute("SP", "Spirit", False, "EN"),
    Attribute("SE", "Sense", False, "IN"),
    Attribute("BE", "Beyond", False, "PE"),
    Attribute("CH", "Charisma", False, "ST"),
)
"""The ten attributes in the character sheet's order: tangible, then intangible."""

ATTRIBUTE_NAMES: Final[tuple[str, ...]] = tuple(a.abbreviation for a in ATTRIBUTES)
"""``("AG", "EN", "IN", "PE", "ST", "FO", "SP", "SE", "BE", "CH")``."""

STARTING_ATTRIBUTE: Final = 1
"""Every attribute starts at 1 (Standard Player Agent Build Process)."""
ATTRIBUTE_POINTS: Final = 45
"""Points to allocate to attributes, the standard amount (Build Process)."""
ATTRIBUTE_CAP: Final = 10
"""Attributes are typically capped at 10 (Build Process)."""


def attribute(abbreviation: str) -> Attribute:
    """The attribute with this abbreviation (any case), e.g. ``attribute("st").name``."""
    key = abbreviation.strip().upper()
    for a in ATTRIBUTES:
        if a.abbreviation == key:
            return a
    raise ValueError(
        refusal(
            f"the attributes are {', '.join(ATTRIBUTE_NAMES)} (got {abbreviation!r})",
            f"{SYSTEM}, The Ten Attributes",
        )
    )


# --------------------------------------------------------------------------
# Health
# --------------------------------------------------------------------------

HealthState = Literal["Exceptional", "Normal", "Injured", "On the Brink", "Dying", "Dead"]

HEALTH_MULTIPLIER: Final = 10
"""Normal Health is the average of EN and SP multiplied by 10 (Health Points)."""

RECOVERY_RATES: Final[Mapping[int, str]] = {
    1: "standard",
    2: "dedicated rest and relaxation",
    3: "dedicated rest and medical care",
}
"""Recovery multipliers (Health, Keeping Healthy)."""


def _en_sp(en: int, sp: int) -> tuple[int, int]:
    return (
        require_range(en, "EN (Endurance)", "Health Points", 0),
        require_range(sp, "SP (Spirit)", "Health Points", 0),
    )


def normal_health(en: int, sp: int) -> int:
    """Starting Normal Health: the average of EN and SP, times 10 (Health Points).

    Always whole: (EN + SP) / 2 * 10 = (EN + SP) * 5.
    """
    en, sp = _en_sp(en, sp)
    return (en + sp) * HEALTH_MULTIPLIER // 2


def health_increase(en: int, sp: int) -> int:
    """Normal Health added by one Progression Point purchase: the average, rounded up."""
    en, sp = _en_sp(en, sp)
    return -(-(en + sp) // 2)


def recovery_per_day(en: int, sp: int, rate: int = 1) -> int:
    """Health Points recovered a day: the rounded-up average, x2 with rest, x3 with care."""
    rate = require_int(rate, "the recovery rate", "Health")
    if rate not in RECOVERY_RATES:
        raise ValueError(
            refusal(
                "the rate is 1 (standard), 2 (dedicated rest) or 3 "
                f"(rest and medical care) (got {rate})",
                f"{SYSTEM}, Health",
            )
        )
    return health_increase(en, sp) * rate


def days_to_recover(current: int, normal: int, per_day: int) -> int:
    """Whole days of recovery until Current reaches Normal (0 when already there)."""
    current = require_int(current, "current Health", "Health")
    normal = _normal(normal)
    per_day = require_range(per_day, "the daily recovery", "Health", 1)
    return max(0, -(-(normal - current) // per_day))


def _normal(normal: int) -> int:
    return require_range(normal, "Normal Health", "Health Range", 1)


def health_state(current: int, normal: int) -> HealthState:
    """The Health Range state of ``current`` against ``normal`` (Health; Failing Health; Death).

    Dead only below -Normal: at exactly -Normal the character is still dying.
    """
    current = require_int(current, "current Health", "Health Range")
    normal = _normal(normal)
    if current > normal:
        return "Exceptional"
    if current == normal:
        return "Normal"
    if current > 0:
        return "Injured"
    if current == 0:
        return "On the Brink"
    return "Dying" if current >= -normal else "Dead"


# --------------------------------------------------------------------------
# Action Quota (Actions)
# --------------------------------------------------------------------------


def action_quota(ag: int, fo: int) -> int:
    """The average of AG and FO, rounded down (Build Process; Action Quota)."""
    ag = require_range(ag, "AG (Agility)", "Action Quota", 0)
    fo = require_range(fo, "FO (Focus)", "Action Quota", 0)
    return (ag + fo) // 2


# --------------------------------------------------------------------------
# Progression Points
# --------------------------------------------------------------------------


HEALTH_INCREASE_COST: Final = 5
"""Progression Points for one Health Point Increase (Standard Cost Table)."""
SKILL_POINT_PURCHASE_COST: Final = 5
"""Progression Points for one Skill Point Purchase (Standard Cost Table)."""
TAB_COSTS: Final = (5, 10)
"""A TAB costs 5 - 10 Progression Points, varying by its degree (Standard Cost Table)."""
POWER_COST: Final = 10
"""Progression Points for a power (Standard Cost Table)."""
KARMA_COSTS: Final = (1, 10)
"""Karma costs 1 - 10 Progression Points, varying by its value (Standard Cost Table)."""

_PP_RULE: Final = f"{SYSTEM}, Progression Points"


def tab_cost(cost: int) -> int:
    """A TAB's price, checked against the cost table's 5 - 10 (the degree sets which)."""
    return _ranged_cost(cost, TAB_COSTS, "a TAB", "its degree")


def karma_cost(cost: int) -> int:
    """A karma's price, checked against the cost table's 1 - 10 (its value sets which)."""
    return _ranged_cost(cost, KARMA_COSTS, "karma", "its value")


def _ranged_cost(cost: int, bounds: tuple[int, int], what: str, by: str) -> int:
    low, high = bounds
    if isinstance(cost, bool) or not isinstance(cost, int) or not low <= cost <= high:
        raise ValueError(
            refusal(
                f"{what} costs {low} to {high} Progression Points, by {by} (got {cost!r})",
                _PP_RULE,
            )
        )
    return cost
