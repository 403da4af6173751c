"""The danger track of Danger World: zones, danger dice, hits, damage and rests.

* The Danger Track -- five zones of danger levels: 1-5, 6-10, 11-15, 16-20 and
  21 and up. A PC starts an episode at level 1. The zone's rank is how many
  danger dice the player may add to a check. A reduced hit fills the left-most
  unfilled damage box; a full hit a box in the current danger zone; an
  overload hit a box in the current zone and every box in every lower zone.
* The five damage tracks: Bashed (3 boxes, one threat die per filled box,
  recovers after a short rest), Stunned (3, one less die per filled box, short
  rest), Injured (3, one random trait reduced by one, long rest), K.O.'d (1,
  unconscious and unable to act, short rest), Dead (1, semi-permanent).
* Long Term Consequences -- the five steps from temporary loss to killed.

Readings the tools use (stated on the rules pages):

* The five tracks are the five zones' boxes, in order: Bashed is zone 1,
  Stunned zone 2, Injured zone 3, K.O.'d zone 4 and Dead zone 5 (the source
  lists five zones and five tracks, and places boxes "in" zones). The boxes
  run left to right in that order for a reduced hit.
* A long rest also brings every recovery a short rest brings.
* Gaps the source leaves, which the tools refuse rather than fill: a full or
  overload hit when the current zone's boxes are all filled; and which stat
  an Injured box lowers (the sheet counts the reductions; the GM decides).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import SYSTEM, one_of, require_range

HitKind = Literal["reduced", "full", "overload"]
RestKind = Literal["short", "long"]

STARTING_DANGER_LEVEL: Final = 1
"""A PC starts an episode at danger level 1 (The Danger Track)."""
ZONE_SIZE: Final = 5
"""Each zone except the last holds five danger levels (The Danger Track)."""
ZONE_COUNT: Final = 5
HIT_KINDS: Final[tuple[HitKind, ...]] = ("reduced", "full", "overload")


@dataclass(frozen=True, slots=True)
class Zone:
    """A danger zone: its rank and danger levels (The Danger Track)."""

    rank: int
    first: int
    last: int | None
    """The zone's last level; ``None`` for the last zone, which has no end."""

    @property
    def levels(self) -> str:
        """``"6-10"``, or ``"21+"`` for the last zone."""
        return f"{self.first}+" if self.last is None else f"{self.first}-{self.last}"

    @property
    def danger_dice(self) -> int:
        """Danger dice the player may add to a check: at most one per rank."""
        return self.rank


ZONES: Final[tuple[Zone, ...]] = tuple(
    Zone(r, (r - 1) * ZONE_SIZE + 1, r * ZONE_SIZE if r < ZONE_COUNT else None)
    for r in range(1, ZONE_COUNT + 1)
)
"""The five zones: 1-5, 6-10, 11-15, 16-20 and 21 and up."""


def zone(level: int) -> Zone:
    """The zone of a danger level (1 or more)."""
    lv = require_range(level, "the danger level", "The Danger Track", STARTING_DANGER_LEVEL)
    return ZONES[min((lv - 1) // ZONE_SIZE, ZONE_COUNT - 1)]


def check_danger_dice(danger: int, level: int) -> int:
    """``danger`` danger dice, refused beyond the rank of the level's zone (Special Dice)."""
    rank = zone(level).rank
    return require_range(danger, "danger dice", f"Special Dice (danger level {level})", 0, rank)


@dataclass(frozen=True, slots=True)
class DamageTrack:
    """One damage track: its boxes, effect and recovery (The Danger Track)."""

    name: str
    boxes: int
    effect: str
    recovery: str
    """``"short rest"``, ``"long rest"`` or ``"semi-permanent"``."""

    @property
    def zone(self) -> int:
        """The zone whose boxes these are (reading: track ``i`` is zone ``i``)."""
        return DAMAGE_TRACKS.index(self) + 1


DAMAGE_TRACKS: Final[tuple[DamageTrack, ...]] = (
    DamageTrack("Bashed", 3, "one threat die for each filled box", "short rest"),
    DamageTrack("Stunned", 3, "one die fewer for each filled box", "short rest"),
    DamageTrack("Injured", 3, "one random trait is reduced by one", "long rest"),
    DamageTrack("K.O.'d", 1, "the PC is unconscious and can take no actions", "short rest"),
    DamageTrack("Dead", 1, "semi-permanent", "semi-permanent"),
)
"""The five damage tracks (the site's name for the source's five rows of damage boxes),
left to right; each effect in the site's words, as the damage page gives it."""

TRACK_NAMES: Final[tuple[str, ...]] = tuple(t.name for t in DAMAGE_TRACKS)

LONG_TERM_CONSEQUENCES: Final[tuple[str, ...]] = (
    "Temporary Loss",
    "Temporary Injury",
    "Permanent Loss",
    "Permanent Injury",
    "Killed",
)
"""Long Term Consequences, in the source's order."""


def track(name: str) -> DamageTrack:
    """The damage track called ``name`` (any case; "KO'd" and "KO" also name K.O.'d)."""
    key = str(name).strip().lower().replace(".", "").replace("'", "")
    for t in DAMAGE_TRACKS:
        if key in (t.name.lower().replace(".", "").replace("'", ""), t.name.lower()):
            return t
    if key == "ko":
        return DAMAGE_TRACKS[3]
    raise ValueError(
        one_of(
            "the row of damage boxes",
            f"the rows of damage boxes are {', '.join(TRACK_NAMES)}",
            name,
            "The Danger Track",
        )
    )


@dataclass(frozen=True, slots=True)
class Damage:
    """Filled boxes on each damage track, left to right (The Danger Track). Immutable."""

    filled: tuple[int, ...] = field(default=(0,) * len(DAMAGE_TRACKS))

    def __post_init__(self) -> None:
        if len(self.filled) != len(DAMAGE_TRACKS):
            raise ValueError(
                refusal(
                    f"one count per row of damage boxes ({', '.join(TRACK_NAMES)})",
                    f"{SYSTEM}, The Danger Track",
                )
            )
        for t, n in zip(DAMAGE_TRACKS, self.filled, strict=True):
            require_range(n, f"filled {t.name} boxes", "The Danger Track", 0, t.boxes)

    def boxes(self, name: str) -> int:
        """Filled boxes of the track called ``name``."""
        return self.filled[DAMAGE_TRACKS.index(track(name))]

    @property
    def threat_dice(self) -> int:
        """Threat dice added to every check: one per filled Bashed box."""
        return self.filled[0]

    @property
    def lost_dice(self) -> int:
        """Dice lost from every check's pool: one per filled Stunned box."""
        return self.filled[1]

    @property
    def trait_reductions(self) -> int:
        """Traits reduced by one: one per filled Injured box (which one is the GM's call)."""
        return self.filled[2]

    @property
    def can_act(self) -> bool:
        """False while K.O.'d (unconscious) or Dead."""
        return self.filled[3] == 0 and self.filled[4] == 0

    @property
    def dead(self) -> bool:
        return self.filled[4] > 0

    def hit(self, kind: HitKind, level: int) -> Damage:
        """The damage after a hit of ``kind`` at danger ``level``.

        Reduced: the left-most unfilled box. Full: a box of the current zone's
        track. Overload: that, and every box of every lower zone's track.
        """
        if kind not in HIT_KINDS:
            raise ValueError(
                one_of(
                    "the hit's kind", "a hit is reduced, full or overload", kind, "The Danger Track"
                )
            )
        filled = list(self.filled)
        if kind == "reduced":
            for i, t in enumerate(DAMAGE_TRACKS):
                if filled[i] < t.boxes:
                    filled[i] += 1
                    return Damage(tuple(filled))
            raise ValueError(
                refusal("every damage box is already filled", f"{SYSTEM}, The Danger Track")
            )
        z = zone(level).rank
        current = DAMAGE_TRACKS[z - 1]
        if filled[z - 1] >= current.boxes:
            raise ValueError(
                refusal(
                    f"a {kind} hit fills a box in the current zone "
                    f"(zone {z}, {current.name}), whose boxes are all filled; the source does not "
                    "say what happens then: the GM decides",
                    f"{SYSTEM}, The Danger Track",
                )
            )
        filled[z - 1] += 1
        if kind == "overload":
            for i in range(z - 1):
                filled[i] = DAMAGE_TRACKS[i].boxes
        return Damage(tuple(filled))

    def rest(self, kind: RestKind) -> Damage:
        """The damage after a rest: a short rest clears Bashed, Stunned and K.O.'d; a long
        rest also clears Injured (reading: it brings what a short rest brings); Dead stays."""
        if kind not in ("short", "long"):
            raise ValueError(
                one_of("the rest's length", "a rest is short or long", kind, "The Danger Track")
            )
        clears = {"short rest"} if kind == "short" else {"short rest", "long rest"}
        return Damage(
            tuple(
                0 if t.recovery in clears else n
                for t, n in zip(DAMAGE_TRACKS, self.filled, strict=True)
            )
        )

    def clear(self, name: str, boxes: int = 1) -> Damage:
        """The damage with ``boxes`` boxes of a track cleared (e.g. by the Healing move)."""
        i = DAMAGE_TRACKS.index(track(name))
        count = require_range(boxes, "boxes to clear", "The Danger Track", 1)
        filled = list(self.filled)
        if count > filled[i]:
            raise ValueError(
                refusal(
                    f"{DAMAGE_TRACKS[i].name} has {filled[i]} filled "
                    f"boxes (asked to clear {count})",
                    f"{SYSTEM}, The Danger Track",
                )
            )
        filled[i] -= count
        return Damage(tuple(filled))

    def to_list(self) -> list[int]:
        return list(self.filled)


def damage_from_list(filled: Sequence[int]) -> Damage:
    """The damage :meth:`Damage.to_list` wrote, checked again."""
    return Damage(tuple(filled))
