"""A Danger World character sheet: one checked, immutable record of a PC in play.

Brings together the stats (Player Characters), the aspect tree and story points
(Aspects and Story Points), the danger level and the damage boxes (The Danger
Track), and works out what they put into a check's pool: the two stats' dice,
less one per Stunned box; danger dice up to the zone's rank; one threat die per
Bashed box (Dice Mechanics; Special Dice). :meth:`CharacterSheet.to_dict` and
:func:`sheet_from_dict` give a JSON-ready form for saving, export and import.

Readings the tools use (stated on the rules pages), beyond those of the
chapters' modules:

* Which stat an Injured box lowers is not given by the source ("one random
  trait"): the sheet records the stats the GM names, at most one per filled
  Injured box, and refuses to lower a stat below 1 (stats vary from 1 to 4).
  When Injured boxes are cleared, the latest reductions recover first.
* A K.O.'d or Dead PC cannot make a check: K.O.'d is unconscious ("unable to take
  actions"); Dead is dead, not unconscious (issue 27: the source gives Dead only
  "semi-permanent").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import SYSTEM, require_range
from rules_py.systems.danger_world.character import (
    DICE_TO_SPREAD,
    MIN_STAT,
    STARTING_ASPECTS,
    STATS,
    AspectTree,
    StoryPoints,
    aspects_from_dict,
    check_stats,
    dice_spread,
    starting_stats,
    stat_name,
)
from rules_py.systems.danger_world.danger_track import (
    STARTING_DANGER_LEVEL,
    Damage,
    HitKind,
    RestKind,
    check_danger_dice,
    damage_from_list,
    zone,
)

FORMAT_VERSION: Final = 1
"""Version of the dictionary form of a sheet (:meth:`CharacterSheet.to_dict`)."""


@dataclass(frozen=True, slots=True)
class PoolPlan:
    """The dice a check rolls: normal, danger and threat (Dice Mechanics; Special Dice)."""

    normal: int
    danger: int
    threat: int

    @property
    def total(self) -> int:
        return self.normal + self.danger + self.threat


@dataclass(frozen=True, slots=True)
class CharacterSheet:
    """A PC: stats, aspects, story points, danger level, damage and the GM's Injured picks."""

    name: str = ""
    stats: Mapping[str, int] = field(default_factory=starting_stats)
    aspects: AspectTree = field(default_factory=AspectTree)
    story_points: StoryPoints = field(default_factory=lambda: StoryPoints(0))
    danger_level: int = STARTING_DANGER_LEVEL
    damage: Damage = field(default_factory=Damage)
    injured: tuple[str, ...] = ()
    """The stats lowered by Injured boxes, one name per box, as the GM chose."""
    starting: bool = True
    """At character creation: the eight-dice budget applies."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "stats", check_stats(self.stats, self.starting))
        require_range(self.danger_level, "the danger level", "The Danger Track", 1)
        names = tuple(stat_name(s) for s in self.injured)
        object.__setattr__(self, "injured", names)
        boxes = self.damage.trait_reductions
        if len(names) > boxes:
            raise ValueError(
                refusal(
                    "each filled Injured box lowers one stat; "
                    f"{boxes} filled, {len(names)} stats named",
                    f"{SYSTEM}, The Danger Track",
                )
            )
        for stat in set(names):
            if self.stats[stat] - names.count(stat) < MIN_STAT:
                raise ValueError(
                    refusal(
                        "no stat goes below 1, so an Injured box cannot lower "
                        f"{stat} ({self.stats[stat]}) {names.count(stat)} times: name another stat",
                        f"{SYSTEM}, Stats",
                    )
                )

    # -- derived values ----------------------------------------------------

    @property
    def effective_stats(self) -> dict[str, int]:
        """The stats after the Injured reductions the GM named."""
        return {s: v - self.injured.count(s) for s, v in self.stats.items()}

    @property
    def dice_left(self) -> int:
        """Dice still to spread at creation (negative never: the budget refuses it)."""
        return DICE_TO_SPREAD - dice_spread(self.stats)

    @property
    def danger_dice(self) -> int:
        """The most danger dice the player may add to a check: the zone's rank."""
        return zone(self.danger_level).danger_dice

    @property
    def unnamed_injuries(self) -> int:
        """Filled Injured boxes whose stat the GM has not named yet."""
        return self.damage.trait_reductions - len(self.injured)

    def problems(self) -> tuple[str, ...]:
        """What keeps the sheet from being a finished new PC (empty when complete)."""
        found = []
        if self.starting and self.dice_left > 0:
            found.append(
                f"{self.dice_left} of the {DICE_TO_SPREAD} dice still to spread (Player Characters)"
            )
        if len(self.aspects.primaries) < STARTING_ASPECTS:
            found.append(
                f"{STARTING_ASPECTS - len(self.aspects.primaries)} known primary aspects still "
                "to choose (Player Characters)"
            )
        if self.unnamed_injuries:
            boxes = "box" if self.unnamed_injuries == 1 else "boxes"
            found.append(
                f"{self.unnamed_injuries} Injured {boxes} without the stat lowered: the GM "
                "names it (The Danger Track)"
            )
        return tuple(found)

    def pool(self, first: str, second: str, bonus: int = 0, danger: int = 0) -> PoolPlan:
        """The dice of a check on two stats: their dice plus ``bonus``, less one per Stunned
        box; ``danger`` danger dice (up to the zone's rank); one threat die per Bashed box."""
        if self.damage.dead:
            raise ValueError(
                refusal(
                    "a Dead PC makes no check: the Dead box is semi-permanent",
                    f"{SYSTEM}, The Danger Track",
                )
            )
        if not self.damage.can_act:
            raise ValueError(
                refusal(
                    "a K.O.'d PC is out cold and makes no check until the box clears",
                    f"{SYSTEM}, The Danger Track",
                )
            )
        a, b = stat_name(first), stat_name(second)
        if a == b:
            raise ValueError(
                refusal(
                    f"a check's pool comes from two different stats (got {a} twice)",
                    f"{SYSTEM}, Dice Mechanics",
                )
            )
        stats = self.effective_stats
        extra = require_range(bonus, "bonus dice", "Dice Mechanics", 0)
        normal = max(0, stats[a] + stats[b] + extra - self.damage.lost_dice)
        return PoolPlan(
            normal, check_danger_dice(danger, self.danger_level), self.damage.threat_dice
        )

    # -- changes -----------------------------------------------------------

    def with_stats(self, stats: Mapping[str, int]) -> CharacterSheet:
        return replace(self, stats=dict(stats))

    def improve(self) -> CharacterSheet:
        """Done with creation: later improvements are not bound by the eight dice."""
        return replace(self, starting=False)

    def raise_danger(self, levels: int = 1) -> CharacterSheet:
        """The danger level raised, e.g. by danger dice in a used set (Special Dice)."""
        step = require_range(levels, "danger levels", "Special Dice", 0)
        return replace(self, danger_level=self.danger_level + step)

    def new_episode(self) -> CharacterSheet:
        """A PC starts an episode at danger level 1 (The Danger Track)."""
        return replace(self, danger_level=STARTING_DANGER_LEVEL)

    def hit(self, kind: HitKind) -> CharacterSheet:
        """A reduced, full or overload hit at the current danger level."""
        return replace(self, damage=self.damage.hit(kind, self.danger_level))

    def rest(self, kind: RestKind) -> CharacterSheet:
        return self._with_damage(self.damage.rest(kind))

    def clear(self, track: str, boxes: int = 1) -> CharacterSheet:
        return self._with_damage(self.damage.clear(track, boxes))

    def name_injury(self, stat: str) -> CharacterSheet:
        """The GM names the stat a filled Injured box lowers."""
        return replace(self, injured=(*self.injured, stat_name(stat)))

    def _with_damage(self, damage: Damage) -> CharacterSheet:
        return replace(self, damage=damage, injured=self.injured[: damage.trait_reductions])

    # -- storage -----------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form (see :func:`sheet_from_dict`)."""
        return {
            "version": FORMAT_VERSION,
            "name": self.name,
            "stats": {s: self.stats[s] for s in STATS},
            "aspects": self.aspects.to_dict(),
            "story_points": {
                "personal": self.story_points.personal,
                "general": self.story_points.general,
            },
            "danger_level": self.danger_level,
            "damage": self.damage.to_list(),
            "injured": list(self.injured),
            "starting": self.starting,
        }


def sheet_from_dict(data: Mapping[str, object]) -> CharacterSheet:
    """The sheet :meth:`CharacterSheet.to_dict` wrote, every rule checked again."""
    if data.get("version") != FORMAT_VERSION:
        version = data.get("version")
        got = "it has none" if version is None else f"got {version!r}"
        raise ValueError(refusal(f"a saved sheet has version {FORMAT_VERSION} ({got})", SYSTEM))
    stats = data.get("stats", {})
    aspects = data.get("aspects", {})
    sp = data.get("story_points", {})
    damage = data.get("damage", [0] * 5)
    injured = data.get("injured", [])
    if not (
        isinstance(stats, Mapping)
        and isinstance(aspects, Mapping)
        and isinstance(sp, Mapping)
        and isinstance(damage, Sequence)
        and isinstance(injured, Sequence)
    ):
        raise ValueError(refusal("a saved sheet's parts have the wrong shape", SYSTEM))
    starting = data.get("starting", True)
    if not isinstance(starting, bool):
        raise ValueError(refusal("a saved sheet's starting is true or false", SYSTEM))
    return CharacterSheet(
        name=str(data.get("name", "")),
        stats=dict(stats),
        aspects=aspects_from_dict(aspects),
        story_points=StoryPoints(
            require_range(sp.get("personal", 0), "personal SP", "Aspects and Story Points", 0),
            require_range(sp.get("general", 0), "the general pool", "Aspects and Story Points", 0),
        ),
        danger_level=require_range(
            data.get("danger_level", STARTING_DANGER_LEVEL),
            "the danger level",
            "The Danger Track",
            1,
        ),
        damage=damage_from_list(list(damage)),
        injured=tuple(str(s) for s in injured),
        starting=starting,
    )
