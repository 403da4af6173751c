"""Exact probability distributions over whole-number outcomes.

No dependency: safe to import early.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Distribution(Mapping[int, Fraction]):
    """Outcomes (ascending) with their exact probabilities, which sum to 1.

    ``beyond_cap`` is the probability that an exploding die would have gone on
    exploding past the cap (those rolls are counted at the cap's value).
    """

    outcomes: tuple[int, ...]
    probabilities: tuple[Fraction, ...]
    beyond_cap: Fraction = field(default=Fraction(0))

    @classmethod
    def from_weights(
        cls, weights: Mapping[int, int | Fraction], beyond_cap: Fraction = Fraction(0)
    ) -> Distribution:
        """Normalise whole-number (or fractional) weights into a distribution."""
        total = sum(weights.values())
        if total <= 0:
            raise ValueError("a distribution needs positive total weight")
        items = sorted((o, Fraction(w) / total) for o, w in weights.items() if w)
        return cls(tuple(o for o, _ in items), tuple(p for _, p in items), beyond_cap)

    def __getitem__(self, outcome: int) -> Fraction:
        # Outcomes ascend: a binary search, so that reading every item stays n log n.
        at = bisect_left(self.outcomes, outcome)
        if at < len(self.outcomes) and self.outcomes[at] == outcome:
            return self.probabilities[at]
        raise KeyError(outcome)

    def __iter__(self) -> Iterator[int]:
        return iter(self.outcomes)

    def __len__(self) -> int:
        return len(self.outcomes)

    def p_eq(self, outcome: int) -> Fraction:
        return self.get(outcome, Fraction(0))

    def p_ge(self, outcome: int) -> Fraction:
        """P(result >= outcome): the chance to meet or beat a target."""
        return sum((p for o, p in self.items() if o >= outcome), Fraction(0))

    def p_le(self, outcome: int) -> Fraction:
        return sum((p for o, p in self.items() if o <= outcome), Fraction(0))

    @property
    def mean(self) -> Fraction:
        total, ways = self.ways()
        return Fraction(sum(o * w for o, w in zip(self.outcomes, ways, strict=True)), total)

    def ways(self) -> tuple[int, tuple[int, ...]]:
        """A common denominator and each outcome's probability over it (whole numbers).

        Sums over thousands of outcomes stay fast in whole numbers, not in fractions.
        """
        total = math.lcm(*(p.denominator for p in self.probabilities))
        return total, tuple(p.numerator * (total // p.denominator) for p in self.probabilities)

    @property
    def minimum(self) -> int:
        return self.outcomes[0]

    @property
    def maximum(self) -> int:
        return self.outcomes[-1]

    def shifted(self, modifier: int) -> Distribution:
        """The distribution of ``result + modifier``."""
        return Distribution(
            tuple(o + modifier for o in self.outcomes), self.probabilities, self.beyond_cap
        )

    def rows(self) -> Iterator[tuple[int, Fraction, Fraction, Fraction]]:
        """``(outcome, P(=), P(>=), P(<=))`` for every outcome, ascending, in one pass."""
        at_most = Fraction(0)
        for o, p in self.items():
            at_least = 1 - at_most
            at_most += p
            yield o, p, at_least, at_most
