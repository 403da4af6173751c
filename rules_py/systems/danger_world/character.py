"""Player characters of Danger World: stats, aspects and story points.

* Player Characters -- one die in each of eight stats plus eight dice to
  spread; three aspects. Stats range from 1 to 4: four physical (Agility,
  Endurance, Speed, Strength) and four mental (Perception, Reasoning, Charisma,
  Cool). Two stats make a check's action die pool (Dice Mechanics).
* Aspects and Story Points -- spending story points (SP) on an aspect adds that
  many bonus dice; the GM may pay SP to invoke a negative facet, adding that
  many threat dice. Aspects form a hierarchy: three known primaries and one
  unknown, three secondaries under each primary, two tertiaries under each
  secondary; a subsidiary aspect can only be specified after its parent has
  been used twice; a secondary adds 1 bonus die, a tertiary 2.

Readings the tools use (stated on the rules pages):

* The eight dice are spread at character creation, so a starting character
  has 16 dice in all; later improvement ("This may be improved over time") is
  not bounded by the tools beyond each stat's 1 to 4.
* "Used" means invoked: each spending of SP on an aspect counts one use
  towards unlocking its subsidiaries.
* The SP each player has per session is not given by the source: the tools
  start from the number the GM sets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Final, Literal

from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import SYSTEM, one_of, require_range

AspectLevel = Literal["primary", "secondary", "tertiary"]

PHYSICAL_STATS: Final[tuple[str, ...]] = ("Agility", "Endurance", "Speed", "Strength")
"""The physical stats, in the source's order (Stats)."""
MENTAL_STATS: Final[tuple[str, ...]] = ("Perception", "Reasoning", "Charisma", "Cool")
"""The mental stats, in the source's order (Stats)."""
STATS: Final[tuple[str, ...]] = PHYSICAL_STATS + MENTAL_STATS

MIN_STAT: Final = 1
"""Stats vary from 1 to 4 (Stats); every PC starts with one die in each."""
MAX_STAT: Final = 4
DICE_TO_SPREAD: Final = 8
"""Dice a new PC spreads between the stats, beyond the one in each (Player Characters)."""
STARTING_ASPECTS: Final = 3
"""Known primary aspects chosen at character creation (Player Characters)."""

MAX_PRIMARIES: Final = 4
"""Three known primary aspects and one unknown, declared in play (Aspects)."""
MAX_CHILDREN: Final[Mapping[AspectLevel, int]] = MappingProxyType(
    {"primary": 3, "secondary": 2, "tertiary": 0}
)
"""Subsidiary aspects each level can develop (Aspects and Story Points)."""
USES_TO_UNLOCK: Final = 2
"""A subsidiary aspect needs its parent used twice first (Aspects and Story Points)."""
ASPECT_BONUS: Final[Mapping[AspectLevel, int]] = MappingProxyType(
    {"primary": 0, "secondary": 1, "tertiary": 2}
)
"""Bonus dice a level adds to an invocation, beyond the SP spent (Aspects and Story Points)."""
LEVELS: Final[tuple[AspectLevel, ...]] = ("primary", "secondary", "tertiary")

# --------------------------------------------------------------------------
# Stats
# --------------------------------------------------------------------------


def _times(uses: int) -> str:
    """``"once"``, ``"twice"``, ``"0 times"``, ``"3 times"``."""
    return {1: "once", 2: "twice"}.get(uses, f"{uses} times")


def stat_name(name: str) -> str:
    """The stat called ``name`` (any case), as the source spells it."""
    for stat in STATS:
        if stat.lower() == str(name).strip().lower():
            return stat
    raise ValueError(one_of("the stat's name", f"the stats are {', '.join(STATS)}", name, "Stats"))


def starting_stats() -> dict[str, int]:
    """One die in each stat, before the eight are spread (Player Characters)."""
    return dict.fromkeys(STATS, MIN_STAT)


def check_stats(stats: Mapping[str, int], starting: bool = True) -> dict[str, int]:
    """All eight stats, each 1 to 4; when ``starting``, at most eight dice spread.

    Returns the stats by their source names, in the source's order.
    """
    values: dict[str, int] = {}
    for name, value in stats.items():
        values[stat_name(name)] = require_range(value, name, "Stats", MIN_STAT, MAX_STAT)
    missing = [s for s in STATS if s not in values]
    if missing:
        raise ValueError(
            refusal(f"a PC has all eight stats (missing: {', '.join(missing)})", f"{SYSTEM}, Stats")
        )
    if starting and dice_spread(values) > DICE_TO_SPREAD:
        raise ValueError(
            refusal(
                f"a new PC spreads {DICE_TO_SPREAD} dice beyond one "
                f"in each stat (these stats spread {dice_spread(values)})",
                f"{SYSTEM}, Player Characters",
            )
        )
    return {s: values[s] for s in STATS}


def dice_spread(stats: Mapping[str, int]) -> int:
    """Dice beyond the one in each stat: eight for a new PC once they are all spread."""
    return sum(stats.values()) - MIN_STAT * len(stats)


def dice_left(stats: Mapping[str, int]) -> int:
    """Dice a new PC still has to spread (Player Characters)."""
    return DICE_TO_SPREAD - dice_spread(check_stats(stats))


def action_pool(
    stats: Mapping[str, int], first: str, second: str, bonus: int = 0, lost: int = 0
) -> int:
    """Dice of a check's action pool: two stats' dice, plus bonus dice, less lost dice.

    The two stats are different ones (Dice Mechanics: "which two stats"); ``lost``
    is one die per filled Stunned box (The Danger Track); the pool is never below 0.
    """
    sheet = check_stats(stats, starting=False)
    a, b = stat_name(first), stat_name(second)
    if a == b:
        raise ValueError(
            refusal(
                f"a check's pool comes from two different stats (got {a} twice)",
                f"{SYSTEM}, Dice Mechanics",
            )
        )
    extra = require_range(bonus, "bonus dice", "Dice Mechanics", 0)
    minus = require_range(lost, "lost dice", "The Danger Track", 0)
    return max(0, sheet[a] + sheet[b] + extra - minus)


# --------------------------------------------------------------------------
# Aspects
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Aspect:
    """One aspect, its uses so far and the aspects developed beneath it (Aspects)."""

    name: str
    uses: int = 0
    children: tuple[Aspect, ...] = ()

    @property
    def unlocked(self) -> bool:
        """Whether a subsidiary aspect may be specified beneath it (used twice)."""
        return self.uses >= USES_TO_UNLOCK

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "uses": self.uses,
            "children": [c.to_dict() for c in self.children],
        }


AspectPath = Sequence[str]
"""An aspect's name, preceded by its ancestors' names: ``("Soldier", "Sniper")``."""


@dataclass(frozen=True, slots=True)
class AspectTree:
    """A character's aspects: up to four primaries, three secondaries each, two tertiaries each.

    Immutable: :meth:`add` and :meth:`use` return a new tree. Refusals name the
    rule (Aspects and Story Points).
    """

    primaries: tuple[Aspect, ...] = field(default_factory=tuple)

    @staticmethod
    def starting(*names: str) -> AspectTree:
        """A new PC's three known primary aspects (Player Characters)."""
        if len(names) != STARTING_ASPECTS:
            raise ValueError(
                refusal(
                    f"a PC starts with {STARTING_ASPECTS} known primary aspects (got {len(names)})",
                    f"{SYSTEM}, Aspects",
                )
            )
        tree = AspectTree()
        for name in names:
            tree = tree.add(name)
        return tree

    def find(self, path: AspectPath) -> Aspect:
        """The aspect at ``path``."""
        if not path or len(path) > len(LEVELS):
            raise ValueError(
                refusal("an aspect is named by 1 to 3 names, primary first", f"{SYSTEM}, Aspects")
            )
        level: Sequence[Aspect] = self.primaries
        found: Aspect | None = None
        for name in path:
            found = next((a for a in level if a.name == name), None)
            if found is None:
                raise ValueError(refusal(f"no aspect {' > '.join(path)!r}", f"{SYSTEM}, Aspects"))
            level = found.children
        assert found is not None
        return found

    def add(self, name: str, parent: AspectPath = ()) -> AspectTree:
        """The tree with a new aspect ``name`` beneath ``parent`` (a primary when no parent).

        Refused when the parent has not been used twice, when its level has no
        room left, or when a sibling has the same name.
        """
        label = str(name).strip()
        if not label:
            raise ValueError(refusal("an aspect needs a name", f"{SYSTEM}, Aspects"))
        if not parent:
            if any(a.name == label for a in self.primaries):
                raise ValueError(
                    refusal(f"there is already a primary {label!r}", f"{SYSTEM}, Aspects")
                )
            if len(self.primaries) >= MAX_PRIMARIES:
                raise ValueError(
                    refusal(
                        f"a PC has at most {MAX_PRIMARIES} primary aspects, three "
                        f"chosen at creation and a fourth found in play (cannot add {label!r})",
                        f"{SYSTEM}, Aspects",
                    )
                )
            return AspectTree((*self.primaries, Aspect(label)))
        owner = self.find(parent)
        level = LEVELS[len(parent) - 1]
        room = MAX_CHILDREN[level]
        if room == 0:
            raise ValueError(
                refusal("a tertiary aspect has no aspects beneath it", f"{SYSTEM}, Aspects")
            )
        if not owner.unlocked:
            raise ValueError(
                refusal(
                    f"{label!r} cannot be named beneath {owner.name!r} yet: "
                    f"nothing grows beneath an aspect until it has been used "
                    f"{_times(USES_TO_UNLOCK)}, "
                    f"and {owner.name!r} has been used {_times(owner.uses)}",
                    f"{SYSTEM}, Aspects",
                )
            )
        if len(owner.children) >= room:
            raise ValueError(
                refusal(
                    f"a {level} aspect develops at most {room} aspects beneath it",
                    f"{SYSTEM}, Aspects",
                )
            )
        if any(c.name == label for c in owner.children):
            raise ValueError(refusal(f"{owner.name!r} already has {label!r}", f"{SYSTEM}, Aspects"))
        return self._replace(parent, replace(owner, children=(*owner.children, Aspect(label))))

    def use(self, path: AspectPath) -> AspectTree:
        """The tree after the aspect at ``path`` is invoked once more."""
        aspect = self.find(path)
        return self._replace(path, replace(aspect, uses=aspect.uses + 1))

    def level(self, path: AspectPath) -> AspectLevel:
        """``"primary"``, ``"secondary"`` or ``"tertiary"``."""
        self.find(path)
        return LEVELS[len(path) - 1]

    def _replace(self, path: AspectPath, new: Aspect) -> AspectTree:
        def swap(level: tuple[Aspect, ...], rest: Sequence[str]) -> tuple[Aspect, ...]:
            out = []
            for a in level:
                if a.name != rest[0]:
                    out.append(a)
                elif len(rest) == 1:
                    out.append(new)
                else:
                    out.append(replace(a, children=swap(a.children, rest[1:])))
            return tuple(out)

        return AspectTree(swap(self.primaries, list(path)))

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form (see :func:`aspects_from_dict`)."""
        return {"primaries": [a.to_dict() for a in self.primaries]}


def aspects_from_dict(data: Mapping[str, object]) -> AspectTree:
    """The tree :meth:`AspectTree.to_dict` wrote, every rule checked again."""

    def load(tree: AspectTree, items: object, parent: tuple[str, ...]) -> AspectTree:
        if not isinstance(items, list):
            raise ValueError(refusal("aspects are a list", f"{SYSTEM}, Aspects"))
        for item in items:
            if not isinstance(item, Mapping):
                raise ValueError(
                    refusal("an aspect is a name, uses and children", f"{SYSTEM}, Aspects")
                )
            name = str(item.get("name", ""))
            uses = require_range(item.get("uses", 0), "an aspect's uses", "Aspects", 0)
            tree = tree.add(name, parent)
            path = (*parent, name)
            for _ in range(uses):
                tree = tree.use(path)
            tree = load(tree, item.get("children", []), path)
        return tree

    return load(AspectTree(), data.get("primaries", []), ())


# --------------------------------------------------------------------------
# Story points
# --------------------------------------------------------------------------


def invoke_bonus_dice(story_points: int, level: AspectLevel = "primary") -> int:
    """Bonus dice from spending SP on an aspect: one per SP, plus 1 for a secondary aspect
    or 2 for a tertiary (Aspects and Story Points)."""
    sp = require_range(story_points, "story points spent", "Aspects and Story Points", 1)
    if level not in ASPECT_BONUS:
        raise ValueError(
            one_of(
                "the aspect's level",
                "an aspect is primary, secondary or tertiary",
                level,
                "Aspects",
            )
        )
    return sp + ASPECT_BONUS[level]


def gm_threat_dice(story_points: int) -> int:
    """Threat dice when the GM pays SP to invoke an aspect's negative facet: one per SP."""
    return require_range(story_points, "story points paid", "Aspects and Story Points", 1)


@dataclass(frozen=True, slots=True)
class StoryPoints:
    """A player's personal allocation of SP and the general pool (Aspects and Story Points).

    SP are spent before any rolls are made; the player's go from the personal
    allocation into the general pool, the GM's from the general pool into a
    player's allocation.
    """

    personal: int
    general: int = 0

    def __post_init__(self) -> None:
        require_range(self.personal, "personal SP", "Aspects and Story Points", 0)
        require_range(self.general, "the general pool", "Aspects and Story Points", 0)

    def spend(self, story_points: int) -> StoryPoints:
        """The player spends SP on an aspect: personal allocation to general pool."""
        sp = require_range(story_points, "story points spent", "Aspects and Story Points", 1)
        if sp > self.personal:
            raise ValueError(
                refusal(
                    f"{sp} SP to spend but {self.personal} in the personal allocation",
                    f"{SYSTEM}, Aspects and Story Points",
                )
            )
        return StoryPoints(self.personal - sp, self.general + sp)

    def gm_pays(self, story_points: int) -> StoryPoints:
        """The GM pays SP to invoke a negative facet: general pool to personal allocation."""
        sp = require_range(story_points, "story points paid", "Aspects and Story Points", 1)
        if sp > self.general:
            raise ValueError(
                refusal(
                    "the GM pays from the general pool, "
                    f"which holds {self.general} SP (asked {sp})",
                    f"{SYSTEM}, Aspects and Story Points",
                )
            )
        return StoryPoints(self.personal + sp, self.general - sp)
