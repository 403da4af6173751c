"""Items of the [2d6] Roleplaying System (chapter "Items"): armour, breaking and fixing.

* Starting items -- the fast method (one special and ten mundane items; Rich
  adds a special item and doubles each mundane slot spent on money) and the slow
  method (money set by the GM; Rich doubles it).
* Armor -- three classes, each with the natural defence rolls it rerolls once
  and the steps it adds to the DC of Agility checks (:data:`ARMOURS`).
* Breaking Items -- an item has wounds set by the GM and is attacked like a
  character: held or worn it defends with its bearer's roll, unattended with
  2d6 alone. Fixing takes a day of work per wound and a Trade ( ) check.

Readings the tools use (stated on the rules pages):

* Armour rerolls a defender's natural result once and always takes the
  reroll. Medium and heavy armour without Armor Proficiency give light armour's
  reroll but keep their own DC steps.
* A DC stepped past Legendary (17) by armour is impossible: the armour rules
  list Legendary tasks as impossible in light armour, Exceptional and
  Legendary in medium, Professional to Legendary in heavy.
* Armored Acrobat removes light armour's DC step only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal

from rules_py.systems._params import refusal
from rules_py.systems.two_d6._common import SYSTEM

ArmourName = Literal["none", "light", "medium", "heavy"]

ARMOUR_NAMES: Final[tuple[ArmourName, ...]] = ("none", "light", "medium", "heavy")
"""The armour choices the tools take, "none" first."""

FAST_METHOD_SPECIAL_ITEMS: Final = 1
"""Special items each character starts with by the fast method (Items)."""
FAST_METHOD_MUNDANE_ITEMS: Final = 10
"""Mundane items each character starts with by the fast method (Items)."""
RICH_MONEY_FACTOR: Final = 2
"""Rich doubles starting money (slow method) or each mundane slot spent on money (fast)."""
FIX_DAYS_PER_WOUND: Final = 1
"""Fixing an item takes a day of work per wound fixed (Items, Fixing Items)."""


@dataclass(frozen=True, slots=True)
class Armour:
    """One class of armour (Items, Armor)."""

    name: ArmourName
    examples: tuple[str, ...]
    item: Literal["mundane", "special", ""]
    """Light armour is a mundane item, medium and heavy special items."""
    rerolls: tuple[int, ...]
    """Natural defence rolls rerolled once (2 is snake eyes)."""
    dc_steps: int
    """Steps added to the DC of Agility checks (combat rolls exempt)."""
    needs_proficiency: bool
    """Full use needs the Armor Proficiency talent."""

    @property
    def impossible_from(self) -> int | None:
        """The lowest of the six DCs an Agility task in this armour cannot reach, if any."""
        if not self.dc_steps:
            return None
        return 17 - 2 * (self.dc_steps - 1)


ARMOURS: Final[Mapping[ArmourName, Armour]] = MappingProxyType(
    {
        "none": Armour("none", (), "", (), 0, False),
        "light": Armour(
            "light",
            ("leather jacket", "oilskin greatcoat", "animal-hide jerkin"),
            "mundane",
            (2,),
            1,
            False,
        ),
        "medium": Armour(
            "medium", ("chainmail", "breastplate", "flak jacket"), "special", (2, 3), 2, True
        ),
        "heavy": Armour(
            "heavy",
            ("plate mail", "bulletproof vest", "personal forcefield"),
            "special",
            (2, 3, 4),
            3,
            True,
        ),
    }
)
"""The three armour classes and "none" (Items, Armor)."""


def armour(name: str) -> Armour:
    """The armour called ``name`` (any case); ``ValueError`` naming the choices otherwise."""
    key = name.strip().lower()
    for worn in ARMOURS.values():
        if worn.name == key:
            return worn
    raise ValueError(
        refusal(f"armour is {', '.join(ARMOUR_NAMES)} (got {name!r})", f"{SYSTEM}, Armor")
    )


def reroll_faces(name: str, proficient: bool = False) -> tuple[int, ...]:
    """The natural defence rolls armour rerolls once (Items, Armor).

    Light 2; medium 2 and 3; heavy 2, 3 and 4. Medium and heavy armour without
    Armor Proficiency give only light armour's reroll of 2.
    """
    worn = armour(name)
    if worn.needs_proficiency and not proficient:
        return ARMOURS["light"].rerolls
    return worn.rerolls


def armour_dc_steps(name: str, armored_acrobat: bool = False) -> int:
    """Steps armour adds to the DC of an Agility check (Items, Armor).

    Light 1, medium 2, heavy 3, with or without proficiency. Armored Acrobat
    removes light armour's step only (Talents, Armored Acrobat).
    """
    worn = armour(name)
    if worn.name == "light" and armored_acrobat:
        return 0
    return worn.dc_steps


__all__ = [
    "ARMOURS",
    "ARMOUR_NAMES",
    "FAST_METHOD_MUNDANE_ITEMS",
    "FAST_METHOD_SPECIAL_ITEMS",
    "FIX_DAYS_PER_WOUND",
    "RICH_MONEY_FACTOR",
    "Armour",
    "ArmourName",
    "armour",
    "armour_dc_steps",
    "reroll_faces",
]
