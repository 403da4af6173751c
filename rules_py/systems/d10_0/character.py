"""Attributes, health, action quota and progression points of the D10/0 System.

Chapters "Attributes", "Health", "Actions" (Action Quota and Action Timing)
and "Progression Points", with the build steps that use them.

Readings the tools use (stated on the rules pages as source notes):

* Normal Health = the average of EN and SP times 10; the Progression Point
  increase is that average rounded up; daily recovery is the same rounded-up
  average, doubled with dedicated rest, tripled with rest and care, never past
  Normal.
* States: Exceptional above Normal, Normal, Injured below it, On the Brink at
  0, Dying below 0, Dead below -Normal (at exactly -Normal still dying).
* Action Quota = the average of AG and FO rounded down; initiative goes by the
  highest Action Quota.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

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

ATTRIBUTE_SCALE: Final[tuple[tuple[str, str], ...]] = (
    ("0", "Non-existent"),
    ("1", "Barely noted"),
    ("5", "Average"),
    ("10", "Amazing"),
    ("10+", "Exceptional"),
)
"""The score/meaning table (Attributes)."""

STARTING_ATTRIBUTE: Final = 1
"""Every attribute starts at 1 (Standard Player Agent Build Process)."""
ATTRIBUTE_POINTS: Final = 45
"""Points to allocate to attributes, the standard amount (Build Process)."""
ATTRIBUTE_CAP: Final = 10
"""Attributes are typically capped at 10 (Build Process)."""
AVERAGE_ATTRIBUTE: Final = 5
"""The average attribute score (Build Process)."""


def attribute(abbreviation: str) -> Attribute:
    """The attribute with this abbreviation (any case), e.g. ``attribute("st").name``."""
    key = abbreviation.strip().upper()
    for a in ATTRIBUTES:
        if a.abbreviation == key:
            return a
    raise ValueError(
        f"{SYSTEM}, The Ten Attributes: the attributes are {', '.join(ATTRIBUTE_NAMES)} "
        f"(got {abbreviation!r})"
    )


def attribute_meaning(score: int) -> str:
    """The meaning of a score on the scale: 0 Non-existent ... 10 Amazing, above 10 Exceptional.

    Scores between the printed ones take the meaning of the printed score below.
    """
    score = require_range(score, "an attribute score", "Attributes", 0)
    if score > ATTRIBUTE_CAP:
        return "Exceptional"
    return next(m for s, m in reversed(ATTRIBUTE_SCALE[:-1]) if int(s) <= score)


def attribute_scores(attributes: Mapping[str, int]) -> dict[str, int]:
    """All ten scores keyed by abbreviation (keys in any case); refuses unknown or missing ones."""
    scores: dict[str, int] = {}
    for key, value in attributes.items():
        name = attribute(key).abbreviation
        scores[name] = require_range(value, f"{name}", "Attributes", 0)
    missing = [a for a in ATTRIBUTE_NAMES if a not in scores]
    if missing:
        raise ValueError(f"{SYSTEM}, Attributes: give a score for {', '.join(missing)}")
    return {a: scores[a] for a in ATTRIBUTE_NAMES}


def attribute_points_spent(attributes: Mapping[str, int]) -> int:
    """Points allocated above the starting 1 in each attribute (Build Process)."""
    return sum(v - STARTING_ATTRIBUTE for v in attribute_scores(attributes).values())


# --------------------------------------------------------------------------
# Health
# --------------------------------------------------------------------------

HealthState = Literal["Exceptional", "Normal", "Injured", "On the Brink", "Dying", "Dead"]

HEALTH_STATES: Final[tuple[HealthState, ...]] = (
    "Exceptional",
    "Normal",
    "Injured",
    "On the Brink",
    "Dying",
    "Dead",
)
"""The Health Range, best to worst (Health)."""

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
            f"{SYSTEM}, Health: the rate is 1 (standard), 2 (dedicated rest) or 3 "
            f"(rest and medical care) (got {rate})"
        )
    return health_increase(en, sp) * rate


def recover(current: int, normal: int, amount: int) -> int:
    """Current Health after recovering ``amount``: added until Normal, never past it.

    A character above Normal (Exceptional) keeps the current value.
    """
    current = require_int(current, "current Health", "Health")
    normal = _normal(normal)
    amount = require_range(amount, "the recovery", "Health", 0)
    return current if current >= normal else min(normal, current + amount)


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
# Action Quota and timing (Actions)
# --------------------------------------------------------------------------


def action_quota(ag: int, fo: int) -> int:
    """The average of AG and FO, rounded down (Build Process; Action Quota)."""
    ag = require_range(ag, "AG (Agility)", "Action Quota", 0)
    fo = require_range(fo, "FO (Focus)", "Action Quota", 0)
    return (ag + fo) // 2


def initiative_order(quotas: Mapping[str, int]) -> tuple[tuple[str, ...], ...]:
    """Characters grouped by Action Quota, highest first; each group ties (Action Timing).

    Tied characters go at once if they can, otherwise they check against their
    Action Quota to settle the order.
    """
    checked = {
        name: require_int(q, f"{name}'s Action Quota", "Action Timing")
        for name, q in quotas.items()
    }
    levels = sorted(set(checked.values()), reverse=True)
    return tuple(tuple(n for n, q in checked.items() if q == level) for level in levels)


@dataclass(frozen=True, slots=True)
class ActionCost:
    """A row of the example action costs (Action Quota)."""

    action: str
    points: int


ACTION_COSTS: Final[tuple[ActionCost, ...]] = (
    ActionCost("Moving (Carefully), 1 meter", 1),
    ActionCost("Crawling Prone, 1 meter", 2),
    ActionCost("Drawing a weapon", 1),
    ActionCost("Changing Stance (Carefully)", 1),
    ActionCost("Running Agility value in meters", 1),
    ActionCost("Reloading a Magazine", 2),
    ActionCost("Simple Close Attack", 2),
    ActionCost("Simple Ranged Attack", 2),
)
"""The example action quota costs, in the source's order."""

ROUND_SECONDS: Final = 10
"""The standard length of a round of a strict period (Action Timing)."""

INITIATIVE_STEPS: Final[tuple[str, ...]] = (
    "Receive initiative",
    "Refresh action quota",
    "Allot action points to actions initiated in previous round",
    "Allot action points to new actions",
    "Perform actions",
    "Reserve action points for Reactions",
    "Pass initiative on",
)
"""During an Agent's Initiative: the seven steps (Action Timing)."""


def rounds_to_complete(cost: int, quota: int) -> int:
    """Rounds of a full Action Quota needed to pay an action's cost (Action Quota).

    Points from later rounds may be allotted to an action until its cost is met.
    """
    cost = require_range(cost, "the action's cost", "Action Quota", 0)
    quota = require_range(quota, "the Action Quota", "Action Quota", 1)
    return -(-cost // quota)


# --------------------------------------------------------------------------
# Progression Points
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reward:
    """A row of the Standard Reward Table (Progression Points)."""

    degree: str
    amount: int
    example: str


REWARDS: Final[tuple[Reward, ...]] = (
    Reward("Minor", 1, "A noteworthy game session event"),
    Reward("Small", 2, "A very successful game session"),
    Reward("Larger", 5, "A Successful mission completion"),
    Reward("Major", 10, "A Successful story arc completion"),
)
"""The Standard Reward Table."""


@dataclass(frozen=True, slots=True)
class Cost:
    """A row of the Standard Cost Table (Progression Points): ``low`` to ``high`` PP."""

    item: str
    low: int
    high: int
    notes: str = ""

    @property
    def text(self) -> str:
        """The cost as printed: ``"5"`` or ``"5 - 10"``."""
        return str(self.low) if self.low == self.high else f"{self.low} - {self.high}"


COSTS: Final[tuple[Cost, ...]] = (
    Cost("Health Point Increase", 5, 5),
    Cost("Skill Point Purchase", 5, 5),
    Cost("TAB", 5, 10, "Varies by TAB degree"),
    Cost("Powers", 10, 10),
    Cost("Karma", 1, 10, "Varies by value on Karma"),
)
"""The Standard Cost Table."""

HEALTH_INCREASE_COST: Final = COSTS[0].low
"""Progression Points for one Health Point Increase."""
SKILL_POINT_PURCHASE_COST: Final = COSTS[1].low
"""Progression Points for one Skill Point Purchase."""
