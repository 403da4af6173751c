"""Exact odds of Danger World checks under the best rerolls, and reroll advice.

The player may reroll any number of non-threat dice in each of two rounds,
having seen the dice; a die kept or rerolled in round one may be rerolled in
round two (Dice Mechanics; issue 11, which notes that the source's sentence
also admits "each die at most once"). The "best rerolls" maximise the chance
of success; among equal choices the tools prefer keeping fewer danger dice,
then fewer expected botches (issue 11).

Every chance is an exact :class:`fractions.Fraction`, from the solver in
:mod:`~rules_py.systems.danger_world._solver` (its docstring gives the method
and why a die below the difficulty is never worth keeping). Threat dice are
never in a set and never rerolled, so they do not change any chance here.

Readings beyond issue 11's list, stated on the checks page:

* A roll that already holds a successful set is certain to succeed as long as
  the set is kept, so the advice keeps the set and rerolls the dice that would
  botch under it, each 1 and each face below the set (issue 16): the player
  cannot lose the success and may shed botches. When several sets succeed,
  the one that needs fewer danger dice is kept, then the one with fewer
  expected botches after the reroll.
* "Expected botches", the last tie-break, counts the dice as they would stand
  after this reroll if the player then stopped, using the lowest set at or
  above the difficulty (the fewest botches a success allows), or no set,
  averaged exactly over every way the rerolled dice can land.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import comb
from types import MappingProxyType
from typing import Final

from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import FACES, MAX_POOL, SYSTEM, require_range
from rules_py.systems.danger_world._solver import MAX_ROUNDS, lattice, solution
from rules_py.systems.danger_world.pools import (
    DIFFICULTIES,
    Die,
    DieLike,
    as_dice,
    available_sets,
    effective_difficulty,
    set_dice,
    succeeds,
)

ROUNDS: Final = MAX_ROUNDS
"""Two rounds of rerolls after the roll (Dice Mechanics)."""


def _pool(dice: int) -> int:
    return require_range(dice, "the number of dice", "Dice Mechanics", 0, MAX_POOL)


def _rounds(rounds: int, lo: int = 0) -> int:
    return require_range(rounds, "reroll rounds", "Dice Mechanics", lo, ROUNDS)


def success_chance(dice: int, difficulty: int, rerolls: int = ROUNDS) -> Fraction:
    """The chance that ``dice`` dice succeed at ``difficulty`` with ``rerolls`` rounds played well.

    ``dice`` counts the dice that can be rerolled and make sets (normal and danger
    dice, 0 to 24); threat dice change nothing. Difficulty 1 is read as 2 and 7
    cannot succeed (issue 11).
    """
    n = _pool(dice)
    r = _rounds(rerolls)
    needed = effective_difficulty(difficulty)
    if needed is None:
        return Fraction(0)
    return 1 - Fraction(solution(n, needed).chance_loss[r], FACES ** ((r + 1) * n))


def success_odds(dice: int) -> Mapping[int, tuple[Fraction, Fraction, Fraction]]:
    """For each difficulty 2-6, the chance of success with 0, 1 and 2 reroll rounds."""
    return MappingProxyType(
        {
            d: (success_chance(dice, d, 0), success_chance(dice, d, 1), success_chance(dice, d, 2))
            for d in DIFFICULTIES
        }
    )


def _useful(counts: Sequence[int], needed: int) -> tuple[int, ...]:
    """The counts of faces ``needed..6`` (``counts[0]`` is face 1)."""
    return tuple(counts[f - 1] for f in range(needed, FACES + 1))


def _has_set(counts: Sequence[int], needed: int) -> bool:
    return any(counts[f - 1] >= f for f in range(needed, FACES + 1))


def _keep_loss(kept: Sequence[int], dice: int, needed: int, rounds: int) -> Fraction:
    """The chance of failing after keeping the faces counted in ``kept`` (per face 1-6)."""
    if _has_set(kept, needed):
        return Fraction(0)
    junk = sum(kept[: needed - 1])
    pool = dice - junk
    lat = lattice(needed)
    loss = solution(pool, needed).keep_loss[rounds - 1][lat.index(_useful(kept, needed))]
    return Fraction(loss, FACES ** (rounds * pool))


def _counts(faces: Sequence[int]) -> list[int]:
    counts = [0] * FACES
    for f in faces:
        counts[require_range(f, "a die's face", "Dice Mechanics", 1, FACES) - 1] += 1
    return counts


def keep_chance(kept: Sequence[int], dice: int, difficulty: int, rounds: int = ROUNDS) -> Fraction:
    """The chance of success after keeping the faces ``kept`` of a pool of ``dice`` and rerolling
    the rest, with ``rounds`` rounds left counting this one (1 or 2), played well after.
    """
    n = _pool(dice)
    r = _rounds(rounds, 1)
    counts = _counts(kept)
    if sum(counts) > n:
        raise ValueError(
            refusal(f"cannot keep {sum(counts)} dice of a pool of {n}", f"{SYSTEM}, Dice Mechanics")
        )
    needed = effective_difficulty(difficulty)
    if needed is None:
        return Fraction(0)
    return 1 - _keep_loss(counts, n, needed, r)


def best_chance(roll: Sequence[DieLike], difficulty: int, rounds: int = ROUNDS) -> Fraction:
    """The chance of success from the dice ``roll`` with ``rounds`` rounds left, played well."""
    dice = as_dice(roll)
    r = _rounds(rounds)
    needed = effective_difficulty(difficulty)
    if needed is None:
        return Fraction(0)
    if succeeds(dice, needed):
        return Fraction(1)
    if r == 0:
        return Fraction(0)
    faces = [d.face for d in dice if d.rerollable]
    n = _pool(len(faces))
    counts = _counts(faces)
    lat = lattice(needed)
    loss = solution(n, needed).state_loss[r - 1][lat.index(_useful(counts, needed))]
    return 1 - Fraction(loss, FACES ** (r * n))


# --------------------------------------------------------------------------
# Advice
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Keep:
    """One choice of dice to keep for the next reroll, and what it is worth."""

    kept: tuple[int, ...]
    """Positions in the roll of the dice kept (threat dice are in neither list)."""
    rerolled: tuple[int, ...]
    """Positions of the dice to reroll."""
    keep: tuple[int, ...]
    """The faces kept, in the roll's order."""
    reroll: tuple[int, ...]
    """The faces rerolled, in the roll's order."""
    chance: Fraction
    """The chance of success after this keep, playing well after."""
    danger_kept: int
    """Danger dice among those kept."""
    expected_botches: Fraction
    """Botches expected if the player stopped after this reroll (see the module's readings)."""


@dataclass(frozen=True, slots=True)
class Advice:
    """The best rerolls for a roll (Dice Mechanics; issue 11)."""

    roll: tuple[Die, ...]
    difficulty: int
    rounds: int
    """Reroll rounds left, this one included."""
    success: Fraction
    """The chance of success when the player follows the advice and plays well after."""
    stop: Fraction
    """The chance of success if the player stops now: 1 or 0."""
    optimal: tuple[Keep, ...]
    """Every best keep: the highest chance, then fewest danger dice kept, then fewest
    expected botches; more than one only when they tie on all three. When the roll
    already succeeds: the successful set kept with every die that cannot botch under
    it, the rest rerolled (see :func:`advice`)."""


def expected_botches(
    kept: Sequence[DieLike], rerolled: int, difficulty: int, threat: Sequence[int] = ()
) -> Fraction:
    """Expected botches of the kept dice plus ``rerolled`` fresh dice, if the player then stops.

    The player is taken to use the lowest set at or above the difficulty (the
    fewest botches a success allows), or no set; threat dice (faces ``threat``)
    are counted on the set used (Dice Mechanics; Special Dice).
    """
    keep = [d for d in as_dice(kept) if d.rerollable]
    fresh = require_range(rerolled, "rerolled dice", "Dice Mechanics", 0, MAX_POOL)
    needed = effective_difficulty(difficulty)
    counts = _counts([d.face for d in keep])
    threats = [require_range(t, "a threat die's face", "Special Dice", 1, FACES) for t in threat]
    # Follow the fresh dice face by face, 1 to 6 (a die is a face in C(r, a) ways).
    # Open states: rest -> [ways, ways x ones, ways x dice 2..face-1 not in a set].
    open_: dict[int, list[int]] = {fresh: [1, 0, 0]}
    total = 0  # sum of ways x botches over finished ways
    for face in range(1, FACES + 1):
        nxt: dict[int, list[int]] = {}
        for rest, (ways, ones, below) in open_.items():
            for a in range(rest + 1) if face < FACES else (rest,):
                w = comb(rest, a)
                here = counts[face - 1] + a
                if face == 1:
                    acc = [ways * w, (ones + ways * here) * w, below * w]
                elif needed is not None and face >= needed and here >= face:
                    # the lowest set at or above the difficulty: done; the rest are higher.
                    tail = (FACES - face) ** (rest - a)
                    t_botch = sum(t <= face for t in threats)
                    total += (ones + below + ways * t_botch) * w * tail
                    continue
                else:
                    acc = [ways * w, ones * w, (below + ways * here) * w]
                slot = nxt.setdefault(rest - a, [0, 0, 0])
                for k in range(3):
                    slot[k] += acc[k]
        open_ = nxt
    t_ones = sum(t == 1 for t in threats)
    for ways, ones, _below in open_.values():
        total += ones + ways * t_ones  # no set: 1s only
    return Fraction(total, FACES**fresh)


def advice(roll: Sequence[DieLike], difficulty: int, rounds: int = ROUNDS) -> Advice:
    """The best keeps for ``roll`` with ``rounds`` reroll rounds left (1 or 2), with exact chances.

    ``roll`` lists the dice (bare faces are normal dice); threat dice stay as they
    are. A roll that already holds a successful set keeps that set and rerolls the
    dice that would botch under it (:func:`_shed_botches`; issue 16). Otherwise every
    keep is weighed (sub-multisets of faces; for each, normal dice are kept before
    danger dice of the same face) and the best by chance, then fewer danger dice
    kept, then fewer expected botches, are listed (issue 11).
    """
    dice = as_dice(roll)
    r = _rounds(rounds, 1)
    check = require_range(difficulty, "the difficulty", "Challenges", 1, 7)
    needed = effective_difficulty(check)
    free = [i for i, d in enumerate(dice) if d.rerollable]
    n = _pool(len(free))
    threats = [d.face for d in dice if not d.rerollable]
    counts = _counts([dice[i].face for i in free])
    if needed is not None and _has_set(counts, needed):
        shed = _shed_botches(dice, free, needed, check, threats)
        return Advice(dice, check, r, Fraction(1), Fraction(1), shed)
    if needed is None:
        # Difficulty 7: nothing succeeds, so every keep ties at 0; the tie-breaks keep
        # no danger die and no 1 (a kept 1 is a sure botch, a rerolled die 1 in 6).
        keep_none = [0] + [
            sum(dice[i].face == f and dice[i].kind == "normal" for i in free)
            for f in range(2, FACES + 1)
        ]
        best = Fraction(0)
        candidates = [tuple(keep_none)]
    else:
        best, candidates = _best_counts(counts, n, needed, r)
    danger = [_danger_kept(dice, free, kept) for kept in candidates]
    keeps = [
        _keep(dice, free, kept, best, check, threats)
        for kept, d in zip(candidates, danger, strict=True)
        if d == min(danger)
    ]
    fewest_botches = min(k.expected_botches for k in keeps)
    keeps = [k for k in keeps if k.expected_botches == fewest_botches]
    keeps.sort(key=lambda k: (-len(k.kept), k.keep))
    return Advice(dice, check, r, best, Fraction(0), tuple(keeps))


def _shed_botches(
    dice: Sequence[Die], free: Sequence[int], needed: int, difficulty: int, threats: Sequence[int]
) -> tuple[Keep, ...]:
    """The keeps of a roll that already succeeds: a successful set, and every die that
    cannot botch under it; each 1 and each die below the set is rerolled (issue 16).

    Keeping the set makes success certain, whatever the rerolled dice show, so the
    chance is 1 and the other tie-breaks decide: of the successful sets, the one that
    needs the fewest danger dice (each one in the set raises the danger level; Special
    Dice), then the fewest expected botches after the reroll.
    """
    scored = []
    for height in available_sets(dice):
        if height < needed:
            continue
        kept = [0] * FACES
        for i in free:
            face = dice[i].face
            if face != 1 and face >= height:
                kept[face - 1] += 1
        keep = _keep(dice, free, kept, Fraction(1), difficulty, threats)
        danger = sum(dice[i].kind == "danger" for i in set_dice(dice, height))
        scored.append(((danger, keep.expected_botches), keep))
    least = min(score for score, _ in scored)
    chosen: list[Keep] = []
    for score, keep in scored:
        if score == least and keep not in chosen:
            chosen.append(keep)
    return tuple(chosen)


def _best_counts(
    counts: Sequence[int], n: int, needed: int, rounds: int
) -> tuple[Fraction, list[tuple[int, ...]]]:
    """The highest chance of any keep, and every per-face keep (counts of faces 1-6) with it.

    Keeps of faces at or above the difficulty are weighed first: among them is every
    best chance (solver, fact 1). A keep that also holds ``j`` dice below the
    difficulty is worth what its other dice are worth in a pool ``j`` smaller, never
    more than with ``j - 1`` of them, so ``j`` grows only while some keep still ties.
    """
    low = needed - 1
    useful = [tuple(k) for k in product(*(range(c + 1) for c in counts[low:]))]
    losses = {u: _keep_loss((0,) * low + u, n, needed, rounds) for u in useful}
    least = min(losses.values())
    tied = [u for u in useful if losses[u] == least]
    junk_counts = counts[:low]
    found: list[tuple[int, ...]] = [(0,) * low + u for u in tied]
    for j in range(1, sum(junk_counts) + 1):
        tied = [
            u for u in tied if _keep_loss((j,) + (0,) * (low - 1) + u, n, needed, rounds) == least
        ]
        if not tied:
            break
        for junk in product(*(range(c + 1) for c in junk_counts)):
            if sum(junk) == j:
                found.extend(tuple(junk) + u for u in tied)
    return 1 - least, found


def _danger_kept(dice: Sequence[Die], free: Sequence[int], kept: Sequence[int]) -> int:
    """Danger dice a keep needs: of each face, those beyond the normal dice showing it."""
    normal = [0] * FACES
    for i in free:
        if dice[i].kind == "normal":
            normal[dice[i].face - 1] += 1
    return sum(max(0, k - c) for k, c in zip(kept, normal, strict=True))


def _keep(
    dice: Sequence[Die],
    free: Sequence[int],
    kept_counts: Sequence[int],
    chance: Fraction,
    difficulty: int,
    threats: Sequence[int],
) -> Keep:
    """The keep of ``kept_counts`` faces, taking normal dice of each face before danger dice."""
    wanted = list(kept_counts)
    order = sorted(free, key=lambda i: (dice[i].kind != "normal", i))
    kept: list[int] = []
    for i in order:
        if wanted[dice[i].face - 1] > 0:
            wanted[dice[i].face - 1] -= 1
            kept.append(i)
    kept.sort()
    chosen = set(kept)
    rerolled = [i for i in free if i not in chosen]
    return Keep(
        kept=tuple(kept),
        rerolled=tuple(rerolled),
        keep=tuple(dice[i].face for i in kept),
        reroll=tuple(dice[i].face for i in rerolled),
        chance=chance,
        danger_kept=sum(dice[i].kind == "danger" for i in kept),
        expected_botches=expected_botches(
            [dice[i] for i in kept], len(rerolled), difficulty, threats
        ),
    )
