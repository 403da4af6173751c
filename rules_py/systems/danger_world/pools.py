"""The action die pool of Danger World (Dice Mechanics, Special Dice, Challenges).

* Dice Mechanics -- the pool is six-sided dice from two stats (and any bonus
  dice); after the roll come two rounds of rerolls; then the player may build
  one set, ``h`` dice showing ``h`` (the set's height). A set at or above the
  difficulty succeeds, with an extra benefit and one bonus die per step above;
  a lower set may be taken as a partial success with bonus dice equal to its
  height; no set is a failure. Botches are spent on the GM Options table.
* Special Dice -- danger dice (added at will, up to the danger zone's rank;
  each one in the used set raises the danger level by one) and threat dice
  (added by complications; rolled once and never rerolled; never part of a set).
* Challenges -- each modifier moves the difficulty by one.

Readings the tools use (issue 11; stated on the rules pages):

* A set of height ``h`` is 2 to 6 dice showing ``h``; more than ``h`` such
  dice still make a set of ``h``. The player chooses which set to use, or none.
* Botches are counted on the final faces: each 1 once; with a set of height
  ``h`` used, every non-threat die below ``h``; every threat die showing ``h``
  or less (with no set, threat dice botch on 1 only).
* When more than ``h`` dice show ``h``, normal dice form the set before danger
  dice, so the danger level rises only for the danger dice the set needs.
* Modified difficulty 1 is read as 2, and 7 cannot succeed (the GM's call).
* GM Options, cost 1: the table's first row has two entries and no narrative
  consequence; both are read as its mechanical options (source lines 24-26).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal

from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import (
    FACES,
    MAX_POOL,
    SYSTEM,
    one_of,
    require_range,
)

DieKind = Literal["normal", "danger", "threat"]
Result = Literal["success", "partial", "failure"]

DIE_KINDS: Final[tuple[DieKind, ...]] = ("normal", "danger", "threat")
"""The three kinds of die in a pool (Dice Mechanics; Special Dice)."""

DIFFICULTIES: Final[Mapping[int, str]] = MappingProxyType(
    {2: "minor", 3: "meaningful", 4: "significant", 5: "major", 6: "monumental"}
)
"""PC difficulties and the accomplishment each names (Dice Mechanics)."""

MIN_DIFFICULTY: Final = 2
MAX_DIFFICULTY: Final = 6
MIN_MODIFIED_DIFFICULTY: Final = 1
"""A modifier can bring a difficulty 2 down to 1, read as 2 (Challenges; issue 11)."""
MAX_MODIFIED_DIFFICULTY: Final = 7
"""A modifier can bring a difficulty 6 up to 7, read as impossible (Challenges; issue 11)."""

MIN_SET: Final = 2
"""The lowest set the tools count: ``h`` dice showing ``h``, ``h`` from 2 to 6 (issue 11)."""


@dataclass(frozen=True, slots=True)
class GmOption:
    """One row of the GM Options table (Dice Mechanics): what botches can buy."""

    cost: int
    narrative: str
    """The narrative consequence ("" where the row has none)."""
    mechanical: tuple[str, ...]
    """The mechanical setbacks of this cost (none for some rows)."""


GM_OPTIONS: Final[tuple[GmOption, ...]] = (
    GmOption(
        1,
        "",
        ("the character's danger level is increased by one", "add a threat die to a challenge"),
    ),
    GmOption(2, "minor consequence", ("reduced hit against PC",)),
    GmOption(3, "meaningful consequence", ()),
    GmOption(4, "significant consequence", ("full hit against PC",)),
    GmOption(5, "major consequence", ()),
    GmOption(6, "monumental consequence", ("overload hit against PC",)),
)
"""The GM Options table: a setback of a cost typically needs a check of that height
to overcome (Dice Mechanics)."""


def gm_option(cost: int) -> GmOption:
    """The GM Options row of a cost, 1 to 6 (Dice Mechanics)."""
    return GM_OPTIONS[require_range(cost, "a setback's cost", "GM Options", 1, len(GM_OPTIONS)) - 1]


def setback_difficulty(cost: int) -> int:
    """The difficulty that typically overcomes a setback of ``cost``: a check of that height.

    The source says "typically"; a cost-1 setback would need a difficulty of 1,
    which the tools read as 2 (issue 11).
    """
    return gm_option(cost).cost


def overcoming_difficulty(cost: int, mechanical: bool) -> int | None:
    """The check that typically overcomes a setback bought at ``cost``, or ``None`` when
    no check does (Dice Mechanics, GM Options).

    Reading (issue 27, stated on the Botches page): the rule that a setback of a cost
    takes a check of that height to overcome applies to the narrative consequences (a
    situation, as in the courtyard). A mechanical option (the danger level raised, a
    threat die added, a hit) takes effect at once: no check overcomes it.
    """
    difficulty = setback_difficulty(cost)
    return None if mechanical else difficulty


@dataclass(frozen=True, slots=True)
class Die:
    """One die of a pool: its face (1-6) and kind (Dice Mechanics; Special Dice)."""

    face: int
    kind: DieKind = "normal"

    def __post_init__(self) -> None:
        require_range(self.face, "a die's face", "Dice Mechanics", 1, FACES)
        if self.kind not in DIE_KINDS:
            raise ValueError(
                one_of(
                    "the die's kind", "a die is normal, danger or threat", self.kind, "Special Dice"
                )
            )

    @property
    def rerollable(self) -> bool:
        """Threat dice are rolled once and not re-rolled (Special Dice)."""
        return self.kind != "threat"


DieLike = Die | int
"""A die, or a bare face for a normal die."""


def as_dice(roll: Sequence[DieLike]) -> tuple[Die, ...]:
    """``roll`` as dice: bare faces become normal dice."""
    return tuple(d if isinstance(d, Die) else Die(d) for d in roll)


def difficulty_name(difficulty: int) -> str:
    """The accomplishment a difficulty names: ``3`` -> ``"meaningful"`` (Dice Mechanics)."""
    require_range(difficulty, "a difficulty", "Dice Mechanics", MIN_DIFFICULTY, MAX_DIFFICULTY)
    return DIFFICULTIES[difficulty]


def check_difficulty(difficulty: int) -> int:
    """``difficulty`` checked: 2 to 6, or a modified 1 or 7 (Challenges; issue 11)."""
    return require_range(
        difficulty, "the difficulty", "Challenges", MIN_MODIFIED_DIFFICULTY, MAX_MODIFIED_DIFFICULTY
    )


def effective_difficulty(difficulty: int) -> int | None:
    """The height a set needs: a modified 1 behaves as 2; 7 cannot succeed (``None``).

    Reading (issue 11): the source gives difficulties 2-6 and lets modifiers
    move them; the pages leave 1 and 7 to the GM and the tools read them so.
    """
    d = check_difficulty(difficulty)
    if d > MAX_DIFFICULTY:
        return None
    return max(d, MIN_DIFFICULTY)


def modified_difficulty(difficulty: int, helping: int = 0, hindering: int = 0) -> int:
    """The difficulty after modifiers: one lower per helping, one higher per hindering (Challenges).

    The source advises a net change of no more than one ("in general"); the tools
    accept any net change whose result is 1 to 7.
    """
    base = require_range(difficulty, "the difficulty", "Challenges", MIN_DIFFICULTY, MAX_DIFFICULTY)
    helps = require_range(helping, "helping modifiers", "Challenges", 0)
    hinders = require_range(hindering, "hindering modifiers", "Challenges", 0)
    result = base - helps + hinders
    if not MIN_MODIFIED_DIFFICULTY <= result <= MAX_MODIFIED_DIFFICULTY:
        raise ValueError(
            refusal(
                f"difficulty {base} with {helps} helping and {hinders} "
                f"hindering modifiers is {result}; the tools read 1 to 7 (the source advises a "
                "net modification of no more than one)",
                f"{SYSTEM}, Challenges",
            )
        )
    return result


# --------------------------------------------------------------------------
# Sets and outcomes
# --------------------------------------------------------------------------


def face_counts(roll: Sequence[DieLike]) -> tuple[int, ...]:
    """How many non-threat dice show each face: index 0 is face 1 (threat dice never set)."""
    counts = [0] * FACES
    for die in as_dice(roll):
        if die.rerollable:
            counts[die.face - 1] += 1
    return tuple(counts)


def available_sets(roll: Sequence[DieLike]) -> tuple[int, ...]:
    """The heights of the sets the roll can make, highest first (Dice Mechanics).

    A set of height ``h`` needs ``h`` non-threat dice showing ``h`` (more still make
    one set of ``h``); threat dice are never part of a set (issue 11).
    """
    counts = face_counts(roll)
    return tuple(h for h in range(FACES, MIN_SET - 1, -1) if counts[h - 1] >= h)


def succeeds(roll: Sequence[DieLike], difficulty: int) -> bool:
    """True when the roll holds a set at or above the difficulty (Dice Mechanics)."""
    needed = effective_difficulty(difficulty)
    return needed is not None and any(h >= needed for h in available_sets(roll))


@dataclass(frozen=True, slots=True)
class Botches:
    """Botches of a finished check, by the kind of die showing them (Dice Mechanics)."""

    normal: int
    danger: int
    threat: int

    @property
    def total(self) -> int:
        return self.normal + self.danger + self.threat


def is_botch(die: Die, height: int | None) -> bool:
    """Whether a final die is a botch when a set of ``height`` (or none) is used.

    Each 1 is a botch, once; with a set used, so is every non-threat die below
    its height and every threat die at its height or below (Dice Mechanics;
    Special Dice; issue 11).
    """
    if die.face == 1:
        return True
    if height is None:
        return False
    return die.face <= height if die.kind == "threat" else die.face < height


def count_botches(roll: Sequence[DieLike], height: int | None = None) -> Botches:
    """The botches of the final faces with the set of ``height`` used (or none)."""
    dice = as_dice(roll)
    by_kind = dict.fromkeys(DIE_KINDS, 0)
    for die in dice:
        if is_botch(die, height):
            by_kind[die.kind] += 1
    return Botches(by_kind["normal"], by_kind["danger"], by_kind["threat"])


def set_dice(roll: Sequence[DieLike], height: int) -> tuple[int, ...]:
    """The positions of the dice forming a set of ``height``: normal dice before danger dice.

    Reading (issue 11): when more than ``h`` dice show ``h``, the set takes normal
    dice first, so danger dice raise the danger level only when the set needs them.
    """
    dice = as_dice(roll)
    if height not in available_sets(dice):
        raise ValueError(
            refusal(
                f"a set of height {height} needs {height} dice "
                f"(not threat dice) showing {height}; the roll has sets of "
                f"{_heights_text(available_sets(dice))}",
                f"{SYSTEM}, Dice Mechanics",
            )
        )
    showing = [i for i, d in enumerate(dice) if d.face == height and d.rerollable]
    showing.sort(key=lambda i: dice[i].kind != "normal")
    return tuple(sorted(showing[:height]))


def _heights_text(heights: Sequence[int]) -> str:
    return ", ".join(str(h) for h in heights) if heights else "no height"


@dataclass(frozen=True, slots=True)
class SetOutcome:
    """What using one set (or none) makes of a finished check (Dice Mechanics)."""

    height: int | None
    """The set used, or ``None`` for no set."""
    result: Result
    bonus_dice: int
    """One-time bonus dice: height - difficulty on a success, the height on a partial."""
    botches: Botches
    danger_change: int
    """Danger levels gained: one per danger die in the used set (Special Dice)."""
    set_dice: tuple[int, ...]
    """Positions of the dice forming the set (empty for no set)."""


def outcome(roll: Sequence[DieLike], difficulty: int, height: int | None = None) -> SetOutcome:
    """The result of a finished check when the player uses the set of ``height`` or none.

    A set at or above the difficulty succeeds with ``height - difficulty`` bonus
    dice (the extra benefit); a lower set is a partial success with ``height``
    bonus dice; no set fails (Dice Mechanics). Difficulty 1 is read as 2; at 7
    every set is lower (issue 11).
    """
    dice = as_dice(roll)
    needed = effective_difficulty(difficulty)
    if height is None:
        return SetOutcome(None, "failure", 0, count_botches(dice, None), 0, ())
    positions = set_dice(dice, height)
    danger = sum(dice[i].kind == "danger" for i in positions)
    if needed is not None and height >= needed:
        result: Result = "success"
        bonus = height - needed
    else:
        result = "partial"
        bonus = height
    return SetOutcome(height, result, bonus, count_botches(dice, height), danger, positions)


def outcomes(roll: Sequence[DieLike], difficulty: int) -> tuple[SetOutcome, ...]:
    """Every choice the player has: each set the roll makes, highest first, then no set."""
    dice = as_dice(roll)
    sets = available_sets(dice)
    return (*(outcome(dice, difficulty, h) for h in sets), outcome(dice, difficulty, None))


# --------------------------------------------------------------------------
# Rolling
# --------------------------------------------------------------------------


def check_pool(normal: int, danger: int = 0, threat: int = 0) -> int:
    """The number of dice in a pool, each count checked (at most :data:`MAX_POOL` in all)."""
    counts = (
        require_range(normal, "normal dice", "Dice Mechanics", 0),
        require_range(danger, "danger dice", "Special Dice", 0),
        require_range(threat, "threat dice", "Special Dice", 0),
    )
    total = sum(counts)
    if total > MAX_POOL:
        raise ValueError(
            refusal(
                f"the tools roll at most {MAX_POOL} dice (got {total})", f"{SYSTEM}, Dice Mechanics"
            )
        )
    return total


def roll_pool(
    normal: int, danger: int = 0, threat: int = 0, rng: random.Random | None = None
) -> tuple[Die, ...]:
    """Roll a pool: normal dice, then danger dice, then threat dice (Dice Mechanics)."""
    check_pool(normal, danger, threat)
    rng = rng or random.Random()
    counts: tuple[tuple[DieKind, int], ...] = (
        ("normal", normal),
        ("danger", danger),
        ("threat", threat),
    )
    return tuple(Die(rng.randint(1, FACES), kind) for kind, n in counts for _ in range(n))


def reroll(
    roll: Sequence[DieLike], positions: Sequence[int], rng: random.Random | None = None
) -> tuple[Die, ...]:
    """Reroll the dice at ``positions`` (one reroll round); the others keep their faces.

    Any non-threat die may be rerolled, in either round; threat dice are rolled
    once and not re-rolled (Dice Mechanics; Special Dice).
    """
    dice = as_dice(roll)
    chosen = set()
    for p in positions:
        require_range(p, "a die's position", "Dice Mechanics", 0, len(dice) - 1)
        if not dice[p].rerollable:
            raise ValueError(
                refusal(
                    f"the die at position {p} is a threat die, which "
                    "stays as it first landed and is never rerolled",
                    f"{SYSTEM}, Special Dice",
                )
            )
        chosen.add(p)
    rng = rng or random.Random()
    return tuple(
        Die(rng.randint(1, FACES), d.kind) if i in chosen else d for i, d in enumerate(dice)
    )
