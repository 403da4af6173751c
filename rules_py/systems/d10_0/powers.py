"""Powers of the D10/0 System: power points and the four functions powers use on them.

Power points have a Normal (the typical number available) and a Current (the
number available now), as Health Points do; each power's rules set both. Powers
act on them through four functions (Powers, Power Points): Need checks that
enough Current points are there, Gain adds to Current, Drain takes from it, and
Hold sets points aside so that Drain cannot be used on them.

Readings (the source leaves them open; the site's Powers page states them):

* held points stay in Current but are not free: Need, Drain and Hold look at
  the free points, Current less those held;
* Gain never takes Current past Normal (both example powers gain "until Normal";
  Normal is the typical number available), and never takes points away: a Current
  already at or above Normal (a power's own rules may put it there) stays as it is;
* a hold ends by releasing its points back to the free ones (the Spirit Lance's
  missed projection "is released from the hold"); draining them afterwards is a
  Drain of free points, as the Spirit Lance's hit drains what it held.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from rules_py.systems._params import refusal
from rules_py.systems.d10_0._common import SYSTEM

Function = Literal["need", "gain", "drain", "hold", "release"]
FUNCTIONS: Final[tuple[Function, ...]] = ("need", "gain", "drain", "hold", "release")
"""The four functions of the source, then the release that ends a hold."""

MAX_POWER_POINTS: Final = 10_000
"""The largest Normal, Current or amount the tools take (a tool limit, not a rule)."""

_RULE: Final = f"{SYSTEM}, Power Points"


def _whole(value: int, what: str, low: int = 0) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not low <= value <= MAX_POWER_POINTS
    ):
        raise ValueError(
            refusal(
                f"{what} is a whole number from {low} to {MAX_POWER_POINTS} (got {value!r})", _RULE
            )
        )
    return value


@dataclass(frozen=True, slots=True)
class PowerPoints:
    """A power's points: ``normal``, ``current``, and ``held`` of the current ones."""

    normal: int
    current: int
    held: int = 0

    def __post_init__(self) -> None:
        _whole(self.normal, "Normal power points")
        _whole(self.current, "Current power points")
        _whole(self.held, "Held power points")
        if self.held > self.current:
            raise ValueError(
                refusal(
                    f"{self.held} power points are held but Current is {self.current}: "
                    "only Current points can be held",
                    _RULE,
                )
            )

    @property
    def free(self) -> int:
        """Current points not held: what Need, Drain and Hold can use."""
        return self.current - self.held


@dataclass(frozen=True, slots=True)
class Applied:
    """A function applied: the points after it and what it did, in a sentence."""

    points: PowerPoints
    ok: bool
    """False only for a Need that is not met (nothing changes then)."""
    said: str


def apply(points: PowerPoints, function: Function, amount: int) -> Applied:
    """Apply one function (Powers, Power Points) with its amount.

    ``ValueError`` for what cannot be done: draining or holding more than the free
    points, releasing more than are held. Gain stops at Normal and never lowers
    Current: "Gain adds to current power points" (Powers, Power Points).
    """
    amount = _whole(amount, "The amount", 1)
    normal, current, held, free = points.normal, points.current, points.held, points.free
    if function == "need":
        ok = free >= amount
        verdict = "met" if ok else "not met"
        return Applied(points, ok, f"Need {amount}: {verdict}, {free} free of Current {current}")
    if function == "gain":
        after = max(current, min(normal, current + amount))
        gained = after - current
        if gained == 0:
            said = (
                f"Gain {amount}: Current stays {current}, already at or above "
                f"Normal {normal} (Gain stops at Normal and never takes points away)"
            )
        else:
            note = f" (Current stops at Normal {normal})" if gained < amount else ""
            said = f"Gain {amount}: Current {current} → {after}{note}"
        return Applied(PowerPoints(normal, after, held), True, said)
    if function in ("drain", "hold") and amount > free:
        raise ValueError(
            refusal(
                f"{function.capitalize()} {amount} needs {amount} free power points; "
                f"there are {free} (Current {current}, {held} held)",
                _RULE,
            )
        )
    if function == "drain":
        return Applied(
            PowerPoints(normal, current - amount, held),
            True,
            f"Drain {amount}: Current {current} → {current - amount}",
        )
    if function == "hold":
        return Applied(
            PowerPoints(normal, current, held + amount),
            True,
            f"Hold {amount}: {held + amount} held, {free - amount} free of Current {current}",
        )
    if function == "release":
        if amount > held:
            raise ValueError(refusal(f"Release {amount}: only {held} power points are held", _RULE))
        return Applied(
            PowerPoints(normal, current, held - amount),
            True,
            f"Release {amount}: {held - amount} held, {free + amount} free of Current {current}",
        )
    raise ValueError(refusal(f"the functions are {', '.join(FUNCTIONS)} (got {function!r})", _RULE))


__all__ = ["FUNCTIONS", "MAX_POWER_POINTS", "Applied", "Function", "PowerPoints", "apply"]
