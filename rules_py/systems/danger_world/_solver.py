"""The exact optimal-reroll solver behind :mod:`~rules_py.systems.danger_world.rerolls`.

Private: :mod:`rerolls` checks the arguments and words the answers. The
numbers here are integer numerators over a power of six, so the solver does no
fraction arithmetic in its inner loop.

The model (Danger World, Dice Mechanics; readings of issue 11): a pool of ``n``
six-sided dice is rolled; in each reroll round left the player, having seen the
dice, keeps any of them and rerolls the rest; at the end the check succeeds when
some face ``f`` at or above the difficulty ``d`` shows on at least ``f`` dice (a
set of height ``f``). ``V_r(S)`` is the best chance of success from the faces
``S`` with ``r`` rounds left; ``W_r(K)`` the chance after keeping ``K`` and
rerolling the others with ``r`` rounds left, playing on as well as possible::

    V_0(S) = 1 if S holds a set of height >= d else 0
    W_r(K) = E[ V_{r-1}(K + a fresh roll of n - |K| dice) ]
    V_r(S) = max over K within S of W_r(K)

Keeping every die is one of the choices, so stopping early is covered, and the
chance of a check with ``r`` rerolls is ``W_{r+1}(nothing kept)``.

Three facts make this small:

1. *Only faces at or above the difficulty matter, and a die below it is never
   worth keeping.* Success looks only at faces ``f >= d``, and it can only gain
   from one more die showing any face. Take any way of playing after keeping a
   die that shows ``g < d``; reroll that die instead and play exactly the same
   way, treating it as if it still showed ``g`` (keeping it when the plan keeps
   it, rerolling it when the plan rerolls it). Whenever the plan rerolls it the
   two games are the same from then on; when the plan keeps it to the end, the
   final faces differ only in that die, whose face ``g`` helped no set while its
   new face may. So rerolling it succeeds at least as often. Likewise a die of
   face ``f`` only ever helps a set of height ``f``.
2. *A state is the counts of faces ``d..6``, each below its own height.* Once
   ``f`` dice show ``f`` (``f >= d``) the check has succeeded and keeping that
   set makes it certain, so only counts ``c_f <= f - 1`` remain: at most
   ``2*3*4*5*6 = 720`` states (difficulty 2), whatever the pool's size; the
   faces below the difficulty are just "the rest". Keeps are the same count
   vectors (by fact 1), so ``W_r`` is computed once per keep and ``V_r(S)``
   is the largest ``W_r`` below ``S``, found by one sweep over the lattice.
3. *A fresh roll moves a keep ``K`` to a state ``S >= K`` with multinomial
   odds.* With ``m = n - |K|`` dice rerolled and ``x = S - K`` (``j = |x|``
   new dice at or above the difficulty, counted per face, none of which makes
   a set), the number of the ``6^m`` rolls that do so is
   ``C(m, j) * (j! / prod x_f!) * (d - 1)^(m - j)``; the other rolls succeed.

"Keep only dice showing one value" is not enough (issue 11): with 2, 3, 3, 5,
6 at difficulty 2 and one round left, keeping 2, 3, 3 succeeds 5/9 of the
time, the best keep of a single value only 689/1296. The solver keeps every
count vector, so it never makes that mistake.

Cost for difficulty 2 and a full pool: 56,700 (keep, state) pairs per round,
each one multiply-add of integers below ``6^(3n)``; other difficulties are
smaller (difficulty 3: 18,900). The pairs are stored as two arrays of small
indices per keep, and the factors that depend on the pool's size are made
once per number of rerolled dice. Results are kept per pool size and difficulty
(:func:`solution`), the lattice per difficulty (:func:`lattice`), so advice
and odds for the same pool never recompute.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product
from math import comb, factorial
from operator import mul
from typing import Final

HIGHEST_FACE: Final = 6
MAX_ROUNDS: Final = 2
"""Two rounds of rerolls (Dice Mechanics)."""


@dataclass(frozen=True, slots=True)
class Lattice:
    """The states of one difficulty: counts of faces ``d..6``, each below its height."""

    difficulty: int
    faces: tuple[int, ...]
    """The faces that can make a successful set: ``d`` to 6."""
    states: tuple[tuple[int, ...], ...]
    """Count vectors (one count per face of :attr:`faces`), in mixed-radix order."""
    sizes: tuple[int, ...]
    """Number of dice in each state."""
    strides: tuple[int, ...]
    """Index step of one more die of each face."""
    lower: tuple[tuple[int, ...], ...]
    """For each state, the states with one die fewer (one per face present)."""
    ways: tuple[int, ...]
    """For each count vector ``x``: the orders of ``|x|`` dice showing it, ``|x|!/prod x_f!``."""
    fresh: tuple[array[int], ...]
    """For each keep ``K``: every ``x`` a fresh roll can add without making a set."""
    reach: tuple[array[int], ...]
    """For each keep ``K``: the states ``K + x``, in the order of :attr:`fresh`."""

    def index(self, counts: tuple[int, ...]) -> int:
        """The index of a count vector (every count below its face)."""
        return sum(c * s for c, s in zip(counts, self.strides, strict=True))


@cache
def lattice(difficulty: int) -> Lattice:
    """The state lattice of a difficulty from 2 to 6 (built once, on first use)."""
    faces = tuple(range(difficulty, HIGHEST_FACE + 1))
    strides = []
    stride = 1
    for f in reversed(faces):
        strides.append(stride)
        stride *= f
    strides.reverse()
    states = tuple(product(*(range(f) for f in faces)))
    sizes = tuple(sum(s) for s in states)
    lower = tuple(
        tuple(i - strides[k] for k, c in enumerate(state) if c > 0)
        for i, state in enumerate(states)
    )
    # A fresh roll adds x (itself a count vector of the lattice) to a keep K: the state
    # K + x has index i + xi, as no count carries over its face.
    ways = []
    for x, j in zip(states, sizes, strict=True):
        w = factorial(j)
        for xf in x:
            w //= factorial(xf)
        ways.append(w)
    fresh = []
    reach = []
    for i, keep in enumerate(states):
        box = _indices(faces, keep, strides)
        fresh.append(array("H", box))
        reach.append(array("H", [i + xi for xi in box]))
    return Lattice(
        difficulty,
        faces,
        states,
        sizes,
        tuple(strides),
        lower,
        tuple(ways),
        tuple(fresh),
        tuple(reach),
    )


def _indices(faces: tuple[int, ...], keep: tuple[int, ...], strides: list[int]) -> list[int]:
    """Indices of the count vectors ``x`` with ``keep + x`` still below every height."""
    out = [0]
    for f, k, stride in zip(faces, keep, strides, strict=True):
        out = [base + a * stride for base in out for a in range(f - k)]
    return out


@dataclass(frozen=True, slots=True)
class Solution:
    """Every optimal-reroll value for one pool size and difficulty.

    Values are failure numerators: with ``r`` rounds, ``keep_loss[r - 1][K]``
    over ``6^(r n)`` is the chance of failing after keeping ``K`` (and playing
    on well), ``state_loss[r - 1][S]`` the same from the faces ``S`` with ``r``
    rounds left. ``chance_loss[r]`` over ``6^((r + 1) n)`` is the chance that a
    fresh check with ``r`` rerolls fails.
    """

    dice: int
    difficulty: int
    keep_loss: tuple[tuple[int, ...], ...]
    state_loss: tuple[tuple[int, ...], ...]
    chance_loss: tuple[int, ...]


def _keep_losses(
    lat: Lattice, dice: int, losses: list[int] | tuple[int, ...], keeps: int | None = None
) -> list[int]:
    """``LW(K)`` numerators for every keep ``K`` of at most ``dice`` dice.

    ``LW(K) = sum over x of C(m,j) (j!/prod x!) (d-1)^(m-j) / 6^m * losses[K + x]``
    with ``m = dice - |K|`` and ``j = |x|``, scaled by ``6^dice``: each new round
    multiplies the denominator by ``6^dice``. With ``keeps``, only the first ``keeps``.
    """
    rest = lat.difficulty - 1
    rows: dict[int, list[int]] = {}

    def factors(m: int) -> list[int]:
        # For each x: C(m, j) (j!/prod x!) (d-1)^(m-j) 6^(dice-m), 0 when j > m.
        if m not in rows:
            by_j = [comb(m, j) * rest ** (m - j) * HIGHEST_FACE ** (dice - m) for j in range(m + 1)]
            rows[m] = [
                by_j[j] * w if j <= m else 0 for j, w in zip(lat.sizes, lat.ways, strict=True)
            ]
        return rows[m]

    get = losses.__getitem__
    out = [0] * len(lat.states)
    count = len(lat.states) if keeps is None else keeps
    for k in range(count):
        size = lat.sizes[k]
        if size > dice:
            continue
        factor = factors(dice - size).__getitem__
        out[k] = sum(map(mul, map(factor, lat.fresh[k]), map(get, lat.reach[k])))
    return out


def _state_losses(lat: Lattice, keep_loss: list[int]) -> list[int]:
    """``min`` of the keep losses over every keep within each state (one sweep)."""
    best = list(keep_loss)
    for i, lower in enumerate(lat.lower):
        value = best[i]
        for j in lower:
            if best[j] < value:
                value = best[j]
        best[i] = value
    return best


@lru_cache(maxsize=128)
def solution(dice: int, difficulty: int) -> Solution:
    """Solve a pool of ``dice`` (0 to 24) at ``difficulty`` (2 to 6): every round, every keep."""
    lat = lattice(difficulty)
    losses: list[int] = [1] * len(lat.states)  # V_0: no set among the counted faces
    keep_loss = []
    state_loss = []
    chance_loss = []
    for _ in range(MAX_ROUNDS):
        kl = _keep_losses(lat, dice, losses)
        chance_loss.append(kl[0])
        keep_loss.append(tuple(kl))
        losses = _state_losses(lat, kl)
        state_loss.append(tuple(losses))
    chance_loss.append(_keep_losses(lat, dice, losses, keeps=1)[0])
    return Solution(dice, difficulty, tuple(keep_loss), tuple(state_loss), tuple(chance_loss))
