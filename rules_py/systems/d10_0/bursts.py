"""Advanced Action Simulation Blocks of the D10/0 System (DAT, Advanced Simulations).

A block has a title, an AP cost, a spread of steps read from the skill check,
the amount of attacks that threaten the target at each step, and the damage.
The source gives the template and four blocks: Three Shot Burst and X Shot
Burst (Burst Fire), Shotgun Blast (Blast Fire) and Proton Stream (Streaming
Fire) -- :data:`BLOCKS`.

Readings the tools use (stated on the rules pages as source notes):

* Spread steps read the degree of success (effort - difficulty); the highest
  threshold passed wins; below the first there is no threat.
* Burst Fire Adjustments apply to each shot. The tools roll each shot's damage
  separately; the source's shortcut for huge bursts (one shot's adjusted
  damage times the number of shots) is :func:`block_damage_distribution`
  with ``each_shot=False``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from rules_py.dice import Distribution
from rules_py.systems._params import refusal
from rules_py.systems.d10_0._common import SYSTEM, require_int, require_range
from rules_py.systems.d10_0.checks import OVERFLOW_DEPTH, _clamped, _difficulty, _score
from rules_py.systems.d10_0.damage import Adjustment, damage_distribution, parse_adjustments

MAX_X: Final = 20
"""The largest X of a variable AP cost the tools accept (a tool limit, not a rule)."""


@dataclass(frozen=True, slots=True)
class SpreadStep:
    """One step of a spread: degrees of success greater than ``above`` (DAT, Spread).

    ``amount`` attacks threaten the target (times X when ``per_x``); ``damage``
    is the step's notation, or None when the block's damage goes by AP cost.
    """

    above: int
    amount: int
    per_x: bool = False
    damage: str | None = None

    @property
    def label(self) -> str:
        """The step as the block prints it: ``"> -10"``, ``"> +10"``, ``">0"``."""
        return f"> {self.above:+d}" if self.above else ">0"

    def amount_text(self) -> str:
        return f"{self.amount}X" if self.per_x else str(self.amount)

    def threatening(self, x: int = 1) -> int:
        """Attacks that threaten the target at this step: the Amount, times X if per X.

        The X Shot Burst worked example: 3 + 3 AP and an effort of 11 land on
        "> +10", Amount 3X, so 9 of the 15 shots threaten.
        """
        return self.amount * x if self.per_x else self.amount


@dataclass(frozen=True, slots=True)
class Block:
    """An Advanced Action Simulation Block (DAT, Advanced Action Simulation Block)."""

    title: str
    kind: str
    """"Burst Fire", "Blast Fire" or "Streaming Fire"."""
    ap_cost: str
    """The AP Cost cell as the block gives it."""
    base_ap: int
    """The fixed part of the AP cost."""
    variable_x: bool
    """True when the player picks X and pays ``base_ap + X``."""
    steps: tuple[SpreadStep, ...]
    damage: str
    """The Damage cell: one notation for every step, or "" when steps or AP costs differ."""
    per_shot: bool
    """True when the damage is dealt once for each attack that threatens."""
    shots_per_x: int = 0
    """Shots fired per X (the rate of fire per AP), 0 for a fixed number of shots."""
    shots: int = 1
    """Shots fired when the number is fixed."""
    damage_by_ap: tuple[tuple[int, str], ...] = ()
    """(AP cost, damage) pairs for a block whose damage goes by the AP spent."""

    @property
    def ap_choices(self) -> tuple[int, ...]:
        """The AP costs the player may choose (empty for a variable X cost)."""
        if self.damage_by_ap:
            return tuple(ap for ap, _ in self.damage_by_ap)
        return () if self.variable_x else (self.base_ap,)


BLOCKS: Final[tuple[Block, ...]] = (
    Block(
        "Three Shot Burst",
        "Burst Fire",
        "3 (2 base cost + 1)",
        3,
        False,
        (SpreadStep(-10, 1), SpreadStep(0, 2), SpreadStep(10, 3)),
        "10 + 2D",
        True,
        shots=3,
    ),
    Block(
        "X Shot Burst",
        "Burst Fire",
        "3 + X (3 base cost + X AP)",
        3,
        True,
        (
            SpreadStep(-10, 1, True),
            SpreadStep(0, 2, True),
            SpreadStep(10, 3, True),
            SpreadStep(25, 4, True),
            SpreadStep(50, 5, True),
        ),
        "10",
        True,
        shots_per_x=5,
    ),
    Block(
        "Shotgun Blast",
        "Blast Fire",
        "3",
        3,
        False,
        (
            SpreadStep(-10, 1, False, "5 + 1D"),
            SpreadStep(0, 1, False, "10 + 2D"),
            SpreadStep(20, 1, False, "15 + 3D"),
        ),
        "",
        False,
    ),
    Block(
        "Proton Stream",
        "Streaming Fire",
        "3, 4 or 5",
        3,
        False,
        (SpreadStep(0, 1),),
        "",
        False,
        damage_by_ap=((3, "5 + 2D"), (4, "5 + 3D"), (5, "5 + 4D")),
    ),
)
"""The four example blocks, in the source's order."""


def block(title: str) -> Block:
    """The block called ``title`` (any case; "x shot burst", "proton stream", ...)."""
    for candidate in BLOCKS:
        if candidate.title.lower() == title.strip().lower():
            return candidate
    names = ", ".join(b.title for b in BLOCKS)
    raise ValueError(
        refusal(f"the blocks are {names} (got {title!r})", f"{SYSTEM}, Advanced Simulations")
    )


def _x(b: Block, x: int | None) -> int:
    if not b.variable_x:
        if x is not None:
            raise ValueError(
                refusal(f"{b.title} has no X to choose", f"{SYSTEM}, Advanced Simulations")
            )
        return 1
    if x is None:
        raise ValueError(
            refusal(f"{b.title} needs X (AP cost 3 + X)", f"{SYSTEM}, Advanced Simulations")
        )
    return require_range(x, "X", "Advanced Simulations", 1, MAX_X)


def _ap(b: Block, ap: int | None) -> int:
    if not b.damage_by_ap:
        if ap is not None and ap not in b.ap_choices:
            raise ValueError(
                refusal(
                    f"{b.title} costs {b.ap_cost} AP (got {ap})", f"{SYSTEM}, Advanced Simulations"
                )
            )
        return b.base_ap
    choices = b.ap_choices
    spelled = ", ".join(map(str, choices[:-1])) + f" or {choices[-1]}"
    if ap is None:
        raise ValueError(
            refusal(
                f"{b.title} needs its AP cost: it is fired for {spelled} AP",
                f"{SYSTEM}, Advanced Simulations",
            )
        )
    if ap not in choices:
        raise ValueError(
            refusal(
                f"{b.title} is fired for {spelled} AP (got {ap})",
                f"{SYSTEM}, Advanced Simulations",
            )
        )
    return ap


def ap_cost(b: Block, x: int | None = None, ap: int | None = None) -> int:
    """The action points the block costs: ``3 + X`` for the X Shot Burst.

    An ``ap`` given with a variable X must be that cost: the AP follow from X, so
    X Shot Burst with X 3 and 5 AP is refused rather than read as 6.
    """
    if not b.variable_x:
        return _ap(b, ap)
    cost = _x(b, x) + b.base_ap
    if ap is not None and ap != cost:
        raise ValueError(
            refusal(
                f"{b.title} with X {x} costs {cost} AP ({b.base_ap} + X), not {ap}: "
                "its AP cost follows from X",
                f"{SYSTEM}, Advanced Simulations",
            )
        )
    return cost


def shots_fired(b: Block, x: int | None = None) -> int:
    """Shots fired: 5 per X for the X Shot Burst (3 + 3 AP fires 15), else fixed."""
    return b.shots_per_x * _x(b, x) if b.shots_per_x else b.shots


def spread_step(b: Block, degree: int) -> int | None:
    """Index of the step a degree of success lands in: the highest threshold passed."""
    degree = require_int(degree, "a degree of success", "Spread")
    passed = [i for i, step in enumerate(b.steps) if degree > step.above]
    return passed[-1] if passed else None


def step_damage(b: Block, index: int, ap: int | None = None) -> str:
    """The damage notation of one step (or of the AP cost spent, for a stream)."""
    if b.damage_by_ap:
        return dict(b.damage_by_ap)[_ap(b, ap)]
    return b.steps[index].damage or b.damage


def step_chances(
    b: Block, score: int, difficulty: int, overflow: bool = False
) -> tuple[Fraction, ...]:
    """Exact chance of no threat, then of each step, for a skill check (d100).

    ``score`` is the skill's Total; with ``overflow`` the skill check's optional
    Overflow applies (still exact).
    """
    score, difficulty = _score(score), _difficulty(difficulty)
    lows = [difficulty + step.above for step in b.steps]
    efforts = _clamped(score, True, overflow, lows[0], lows[-1] + 1)
    chances = [Fraction(0)] * (len(b.steps) + 1)
    for effort, p in efforts.items():
        index = spread_step(b, effort - difficulty)
        chances[0 if index is None else index + 1] += p
    return tuple(chances)


def hits_distribution(
    b: Block, score: int, difficulty: int, x: int | None = None, overflow: bool = False
) -> Distribution:
    """Exact distribution of the number of attacks that threaten the target."""
    x_value = _x(b, x)
    amounts = [0, *(s.threatening(x_value) for s in b.steps)]
    weights: dict[int, Fraction] = {}
    for amount, p in zip(amounts, step_chances(b, score, difficulty, overflow), strict=True):
        weights[amount] = weights.get(amount, Fraction(0)) + p
    return Distribution.from_weights(weights)


def _times(dist: Mapping[int, Fraction], count: int) -> dict[int, Fraction]:
    """The sum of ``count`` independent draws of ``dist``."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(count):
        following: dict[int, Fraction] = {}
        for a, pa in total.items():
            for v, pv in dist.items():
                following[a + v] = following.get(a + v, Fraction(0)) + pa * pv
        total = following
    return total


def block_damage_distribution(
    b: Block,
    score: int,
    difficulty: int,
    *,
    x: int | None = None,
    ap: int | None = None,
    attributes: Mapping[str, int] | None = None,
    adjustments: Sequence[Adjustment] | str = (),
    overflow: bool = False,
    damage_overflow: bool = False,
    each_shot: bool = True,
) -> Distribution:
    """Exact distribution of the total damage a block deals to one target.

    The skill check decides the step; each attack that threatens deals the
    step's damage, with ``adjustments`` (armour) applied to each shot (Burst
    Fire Adjustments). ``each_shot=False`` uses the source's shortcut for large
    bursts: one shot's adjusted damage multiplied by the number of shots.
    ``beyond_cap`` is the chance a damage overflow chain was cut.
    """
    chain = parse_adjustments(adjustments) if isinstance(adjustments, str) else adjustments
    x_value = _x(b, x)
    ap_value = _ap(b, ap)
    total: dict[int, Fraction] = {}
    beyond = Fraction(0)
    chances = step_chances(b, score, difficulty, overflow)
    for index, p_step in enumerate(chances):
        if not p_step:
            continue
        if index == 0:
            total[0] = total.get(0, Fraction(0)) + p_step
            continue
        step = b.steps[index - 1]
        count = step.threatening(x_value)
        shot = damage_distribution(
            step_damage(b, index - 1, ap_value),
            attributes,
            damage_overflow,
            chain,
            OVERFLOW_DEPTH,
        )
        if each_shot:
            dealt = _times(shot, count)
            beyond += p_step * (1 - (1 - shot.beyond_cap) ** count)
        else:
            dealt = {v * count: p for v, p in shot.items()}
            beyond += p_step * shot.beyond_cap
        for v, p in dealt.items():
            total[v] = total.get(v, Fraction(0)) + p_step * p
    return Distribution.from_weights(total, beyond)
