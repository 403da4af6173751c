"""Combat of the [2d6] Roleplaying System (chapter "Combat").

* Roll Mechanics -- attacker 2d6 + combat skill + stat against defender 2d6 +
  defence skill + stat; a tie goes to the defender. The source's example: 11
  against 9 (both rolled 7, bonuses 2 + 2 and 1 + 1).
* The options by margin: beat the defence by 1, 5 or 10 or more
  (:data:`MARGIN_OPTIONS`), and how multiple wounds split between a
  defender and their items (:func:`wound_splits`).
* Initiative -- 2d6 + Perception + Agility, highest first, ties reroll
  against one another.
* Critical Hits -- boxcars earns a cinematic; snake eyes is no automatic
  failure in combat, only a 2.
* Aiming -- the higher of two 2d6 for the attacker.
* Armour's defensive rerolls (Items, Armor; see :mod:`.items`).

Readings the tools use (stated on the rules pages):

* Margins are exclusive bands: 1-4, 5-9, 10 or more.
* Armour rerolls the defender's natural result once and always takes the
  reroll: light 2; medium 2-3; heavy 2-4; medium and heavy without Armor
  Proficiency give light's reroll.
* A defender's win by 5 or more (Vicious Parry; Spell Turning) is the
  defender's total at least 5 above the attacker's.
* Each side's cinematic is a natural 12 on the roll it keeps.
* An initiative tie rerolls 2d6 + the same bonuses among the tied characters
  only, as often as it takes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from types import MappingProxyType
from typing import Final, Literal

from rules_py.systems._params import refusal
from rules_py.systems.two_d6._common import SYSTEM, require_range
from rules_py.systems.two_d6.checks import (
    BOXCARS,
    NATURALS,
    check_bonus,
    natural_distribution,
    roll_two_dice,
)
from rules_py.systems.two_d6.items import armour, reroll_faces

Band = Literal["defender", "margin_1", "margin_5", "margin_10"]

BANDS: Final[tuple[Band, ...]] = ("defender", "margin_1", "margin_5", "margin_10")
"""The outcomes of an exchange: the defender holds, or the attacker wins by 1-4, 5-9, 10+."""
BAND_LOWEST: Final[Mapping[Band, int]] = MappingProxyType(
    {"margin_1": 1, "margin_5": 5, "margin_10": 10}
)
"""The lowest margin of each of the attacker's bands (Combat, Roll Mechanics)."""
PARRY_MARGIN: Final = 5
"""Vicious Parry and Spell Turning need the defender to win by 5 or more (Talents)."""

MARGIN_OPTIONS: Final[Mapping[Band, tuple[str, ...]]] = MappingProxyType(
    {
        "margin_1": (
            "Deal one wound",
            "Disarm the defender",
            "Distract them: they lose a half-round action on their next turn",
            "Trip them (melee attacks only)",
            "Shove them",
            "Start, hold or break a grapple (unarmed attacks only)",
        ),
        "margin_5": (
            "Deal two wounds",
            "Knock them unconscious",
            "Incapacitate a limb: breaking a bone, cutting a tendon and the like",
            "Take two options from the 1+ list",
        ),
        "margin_10": (
            "Deal three wounds",
            "Destroy a limb or organ: cutting off an arm, blinding and the like",
            "Take one option from the 1+ list and one from the 5+ list",
            "Take three options from the 1+ list",
        ),
    }
)
"""What an attacker may do at each margin, in the site's words (Combat, Roll Mechanics).

The source's order within each list; every option, number and term kept, the
wording restated (the rules' "half action" is a half-round action).
"""

WOUNDS_BY_BAND: Final[Mapping[Band, int]] = MappingProxyType(
    {"defender": 0, "margin_1": 1, "margin_5": 2, "margin_10": 3}
)
"""Wounds the attacker may deal at each band (Combat, Roll Mechanics)."""

VICIOUS_PARRY_OPTIONS: Final[tuple[str, ...]] = ("disarm", "trip", "5-foot shove", "grapple")
"""What a defender with Vicious Parry may do on a win by 5 or more (Talents)."""

MAX_PARTY: Final = 6
"""At most this many characters in one initiative order (a tool limit: the exact
chances of a tie-breaking reroll grow quickly with the party)."""
MAX_TABLE_ORDER: Final = 100
"""At most this many characters in an initiative order the GM's table rolls (a tool
limit, well above a party of 20 and 60 NPCs: rolling, unlike the exact chances, stays
quick however many there are)."""


def band(margin: int) -> Band:
    """The band of a margin (attacker's total - defender's total): 0 or less is the defender's."""
    if margin >= 10:
        return "margin_10"
    if margin >= 5:
        return "margin_5"
    if margin >= 1:
        return "margin_1"
    return "defender"


def options_unlocked(margin: int) -> tuple[tuple[Band, tuple[str, ...]], ...]:
    """Every option list open at ``margin``, lowest band first (empty for the defender)."""
    top = BANDS.index(band(margin))
    return tuple((b, MARGIN_OPTIONS[b]) for b in BANDS[1 : top + 1])


def wound_splits(wounds: int) -> tuple[tuple[int, int], ...]:
    """Ways to split ``wounds`` between the defender and their item, as (defender, item).

    The source's example: beating the defence by 6 deals two wounds, split as
    two to the defender, two to the armour, or one each (Combat, Wounds).
    """
    wounds = require_range(wounds, "wounds", "Wounds", 0, 3)
    return tuple((wounds - item, item) for item in range(wounds + 1))


@cache
def _defence(name: str, proficient: bool) -> Mapping[int, Fraction]:
    faces = reroll_faces(name, proficient)
    single = natural_distribution()
    again = sum((single[n] for n in faces), Fraction(0))
    return MappingProxyType({n: (0 if n in faces else p) + again * p for n, p in single.items()})


def defence_naturals(armour_name: str = "none", proficient: bool = False) -> Mapping[int, Fraction]:
    """The chance of each natural a defender keeps, after armour's one reroll (Items, Armor)."""
    return _defence(armour(armour_name).name, bool(proficient))


def margin_distribution(
    attack: int,
    defend: int,
    armour_name: str = "none",
    proficient: bool = False,
    aim: bool = False,
) -> dict[int, Fraction]:
    """The exact chance of each margin, attacker's total - defender's total (Combat)."""
    attack = check_bonus(attack, "Combat, Roll Mechanics")
    defend = check_bonus(defend, "Combat, Roll Mechanics")
    out: dict[int, Fraction] = {}
    for a, pa in natural_distribution(aim).items():
        for d, pd in defence_naturals(armour_name, proficient).items():
            margin = (a + attack) - (d + defend)
            out[margin] = out.get(margin, Fraction(0)) + pa * pd
    return dict(sorted(out.items()))


@dataclass(frozen=True, slots=True)
class CombatOdds:
    """The odds of one exchange of blows (Combat, Roll Mechanics)."""

    defender: Fraction
    margin_1: Fraction
    margin_5: Fraction
    margin_10: Fraction
    defender_by_5: Fraction
    """The defender's total 5 or more above the attacker's (Vicious Parry)."""
    attacker_cinematic: Fraction
    defender_cinematic: Fraction
    margins: Mapping[int, Fraction]
    """Every margin's chance, for a chart."""

    def outcomes(self) -> dict[Band, Fraction]:
        return {
            "defender": self.defender,
            "margin_1": self.margin_1,
            "margin_5": self.margin_5,
            "margin_10": self.margin_10,
        }


def combat_odds(
    attack: int,
    defend: int,
    armour_name: str = "none",
    proficient: bool = False,
    aim: bool = False,
) -> CombatOdds:
    """The exact odds of an attack against a defence (Combat; Items, Armor; Aiming).

    E.g. +4 against +2 with no armour: the source's example 11 against 9 is one
    of its rolls.
    """
    margins = margin_distribution(attack, defend, armour_name, proficient, aim)
    bands = dict.fromkeys(BANDS, Fraction(0))
    for margin, p in margins.items():
        bands[band(margin)] += p
    return CombatOdds(
        defender=bands["defender"],
        margin_1=bands["margin_1"],
        margin_5=bands["margin_5"],
        margin_10=bands["margin_10"],
        defender_by_5=sum((p for m, p in margins.items() if m <= -PARRY_MARGIN), Fraction(0)),
        attacker_cinematic=natural_distribution(aim)[BOXCARS],
        defender_cinematic=defence_naturals(armour_name, proficient)[BOXCARS],
        margins=MappingProxyType(margins),
    )


@dataclass(frozen=True, slots=True)
class CombatRoll:
    """One rolled exchange: every die, the totals, the band and the options it opens."""

    attack_dice: tuple[tuple[int, int], ...]
    """The attacker's rolls (two when aiming; the higher is kept)."""
    defence_dice: tuple[tuple[int, int], ...]
    """The defender's rolls (two when armour rerolled; the last is kept)."""
    attack_natural: int
    defence_natural: int
    attack: int
    defend: int

    @property
    def attack_total(self) -> int:
        return self.attack_natural + self.attack

    @property
    def defence_total(self) -> int:
        return self.defence_natural + self.defend

    @property
    def margin(self) -> int:
        return self.attack_total - self.defence_total

    @property
    def band(self) -> Band:
        return band(self.margin)

    @property
    def options(self) -> tuple[tuple[Band, tuple[str, ...]], ...]:
        return options_unlocked(self.margin)

    @property
    def vicious_parry(self) -> bool:
        """The defender won by 5 or more (Vicious Parry, Spell Turning)."""
        return -self.margin >= PARRY_MARGIN

    @property
    def text(self) -> str:
        """E.g. "attack 7 + 4 = 11 vs defence 7 + 2 = 9: attacker wins by 2"."""
        head = (
            f"attack {self.attack_natural} + {self.attack} = {self.attack_total} vs defence "
            f"{self.defence_natural} + {self.defend} = {self.defence_total}: "
        )
        if self.band == "defender":
            tail = "tie, the defender wins" if self.margin == 0 else "the defender wins"
            if self.vicious_parry:
                tail += " by 5 or more"
        else:
            tail = f"the attacker wins by {self.margin}"
        extras = [
            side
            for side, natural in (
                ("attacker", self.attack_natural),
                ("defender", self.defence_natural),
            )
            if natural == BOXCARS
        ]
        if extras:
            tail += f"; boxcars: the {' and the '.join(extras)} gains a cinematic"
        return head + tail


def roll_combat(
    attack: int,
    defend: int,
    armour_name: str = "none",
    proficient: bool = False,
    aim: bool = False,
    rng: random.Random | None = None,
) -> CombatRoll:
    """Roll one exchange of blows, armour's reroll and aim included."""
    attack = check_bonus(attack, "Combat, Roll Mechanics")
    defend = check_bonus(defend, "Combat, Roll Mechanics")
    source = rng if rng is not None else random.Random()
    attack_dice = tuple(roll_two_dice(source) for _ in range(2 if aim else 1))
    first = roll_two_dice(source)
    defence_dice: tuple[tuple[int, int], ...] = (first,)
    if sum(first) in reroll_faces(armour_name, proficient):
        defence_dice = (first, roll_two_dice(source))
    return CombatRoll(
        attack_dice,
        defence_dice,
        max(sum(d) for d in attack_dice),
        sum(defence_dice[-1]),
        attack,
        defend,
    )


# --------------------------------------------------------------------------
# Initiative
# --------------------------------------------------------------------------


def _party(bonuses: Sequence[int], most: int = MAX_PARTY) -> tuple[int, ...]:
    party = tuple(check_bonus(b, "Combat, Initiative") for b in bonuses)
    if not 1 <= len(party) <= most:
        raise ValueError(
            refusal(
                f"an order has 1 to {most} characters (got {len(party)})",
                f"{SYSTEM}, Combat, Initiative",
            )
        )
    return party


def initiative_first(bonuses: Sequence[int]) -> tuple[Fraction, ...]:
    """Each character's exact chance of acting first (Combat, Initiative).

    ``bonuses`` are each character's Agility + Perception. The highest total
    goes first; characters who tie for it reroll among themselves until one is
    alone at the top.
    """
    party = _party(bonuses)
    return _first_among(party)


@cache
def _first_among(party: tuple[int, ...]) -> tuple[Fraction, ...]:
    n = len(party)
    if n == 1:
        return (Fraction(1),)
    single = natural_distribution()
    totals = sorted({x + b for b in party for x in NATURALS})

    exact = {(i, t): single.get(t - party[i], Fraction(0)) for i in range(n) for t in totals}
    under = {
        (i, t): sum((p for x, p in single.items() if x + party[i] < t), Fraction(0))
        for i in range(n)
        for t in totals
    }

    direct = [Fraction(0)] * n
    all_tie = Fraction(0)
    for t in totals:
        for size in range(1, n + 1):
            for group in combinations(range(n), size):
                p = Fraction(1)
                for j in range(n):
                    p *= exact[j, t] if j in group else under[j, t]
                if not p:
                    continue
                if size == n:
                    all_tie += p
                    continue
                shares = (
                    _first_among(tuple(party[j] for j in group)) if size > 1 else (Fraction(1),)
                )
                for k, j in enumerate(group):
                    direct[j] += p * shares[k]
    return tuple(d / (1 - all_tie) for d in direct)


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    """A rolled initiative order: each round of rolls, and the order it gives."""

    rounds: tuple[Mapping[int, int], ...]
    """Each roll-off's totals by character index: the first has everyone, later ones the tied."""
    order: tuple[int, ...]
    """Character indexes, first to act first."""
    dice: tuple[Mapping[int, tuple[int, int]], ...]
    """Each roll-off's two dice by character index, as ``rounds`` (their sum plus the bonus
    is the total)."""


def roll_initiative(
    bonuses: Sequence[int], rng: random.Random | None = None, most: int = MAX_PARTY
) -> InitiativeRoll:
    """Roll initiative for everyone and settle every tie by rerolls (Combat, Initiative).

    ``most`` is how many characters the order may hold: :data:`MAX_PARTY` for the
    rules pages' calculator, :data:`MAX_TABLE_ORDER` for the GM's table.
    """
    party = _party(bonuses, most)
    source = rng if rng is not None else random.Random()
    rounds: list[Mapping[int, int]] = []
    dice: list[Mapping[int, tuple[int, int]]] = []

    def settle(group: tuple[int, ...]) -> list[int]:
        if len(group) == 1:
            return list(group)
        pairs = {i: roll_two_dice(source) for i in group}
        totals = {i: sum(pair) + party[i] for i, pair in pairs.items()}
        rounds.append(MappingProxyType(totals))
        dice.append(MappingProxyType(pairs))
        order: list[int] = []
        for total in sorted(set(totals.values()), reverse=True):
            order += settle(tuple(i for i in group if totals[i] == total))
        return order

    order = settle(tuple(range(len(party))))
    return InitiativeRoll(tuple(rounds), tuple(order), tuple(dice))


__all__ = [
    "BANDS",
    "BAND_LOWEST",
    "MARGIN_OPTIONS",
    "MAX_PARTY",
    "MAX_TABLE_ORDER",
    "PARRY_MARGIN",
    "VICIOUS_PARRY_OPTIONS",
    "WOUNDS_BY_BAND",
    "Band",
    "CombatOdds",
    "CombatRoll",
    "InitiativeRoll",
    "band",
    "combat_odds",
    "defence_naturals",
    "initiative_first",
    "margin_distribution",
    "options_unlocked",
    "roll_combat",
    "roll_initiative",
    "wound_splits",
]
