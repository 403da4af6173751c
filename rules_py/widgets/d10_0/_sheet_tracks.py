"""The D10/0 character sheet's tracks: Health and each power's points as boxes a tap
ticks, and what a dying or dead character's Health does to its checks.

Health, The Health Range; Failing Health; Death; Powers, Power Points. Split from
:mod:`._character`, which assembles the builder, as "No module is much over 600 lines;
one that grows past that splits by chapter" (docs/architecture.md, One shape for every
system).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_py.systems import d10_0
from rules_py.widgets._blocks import Block, text, track
from rules_py.widgets._sheet import called
from rules_py.widgets._widget import Values

HEALTH_BOXES: tuple[d10_0.character.HealthState, ...] = (
    "Injured",
    "On the Brink",
    "Dying",
    "Dead",
)
"""The Health Range's states below Normal, in the guide's order (Health, The Health
Range): the sheet's Health boxes, ticked as Current falls through them."""


def _health_at(boxes: int, normal: int) -> int:
    """The Current Health at the top of the state ``boxes`` ticks reach: none ticked is
    Normal, then Injured at Normal − 1, On the Brink at 0, Dying at -1 and Dead at
    -Normal − 1 (Health, The Health Range; Death)."""
    return (normal, normal - 1, 0, -1, -normal - 1)[boxes]


def health_tracks(current: int, normal: int) -> list[Block]:
    """Health as boxes (Health, The Health Range): one box for each state below Normal,
    Injured, On the Brink, Dying and Dead, ticked down to the state Current is in. A tap
    ticks the next state (Current goes to its top: Normal − 1, 0, -1, -Normal − 1) or
    rubs out the last one (Current back to the top of the state before, or Normal); the
    exact Current is typed in Edit mode."""
    if normal < 1:
        return []
    state = d10_0.health_state(current, normal)
    ticked = HEALTH_BOXES.index(state) + 1 if state in HEALTH_BOXES else 0
    taps = []
    for n in range(len(HEALTH_BOXES)):
        boxes = ticked - 1 if n < ticked else ticked + 1
        now = _health_at(boxes, normal)
        now_state = d10_0.health_state(now, normal)
        taps.append(
            {
                "set": {"current_health": now},
                "said": f"Current Health: {current} → {now} ({now_state})",
            }
        )
    return [
        track(
            f"Health: {', '.join(HEALTH_BOXES)}",
            ticked,
            len(HEALTH_BOXES),
            f"Current Health {current} of Normal {normal}: {state}.",
            taps=taps,
            names=HEALTH_BOXES,
        )
    ]


def power_tracks(powers: Sequence[Mapping[str, Any]]) -> list[Block]:
    """Each power block's points as boxes (Powers, Power Points): one box per Normal
    power point, ticked as Drain spends Current, rubbed out as Gain brings it back."""
    blocks: list[Block] = []
    for number, power in enumerate(powers):
        power_name = str(power["name"]).strip() or f"Power {number + 1}"
        normal, current = power["normal"], power["current"]
        spent = min(max(normal - current, 0), normal)
        said = f"{power_name}: Current {current} of Normal {normal} power points"
        if normal < 1:
            blocks.append(text(f"{said}."))
            continue
        taps = []
        for n in range(normal):
            now = current + 1 if n < spent else current - 1
            rows = [dict(row) for row in powers]
            rows[number]["current"] = now
            taps.append({"set": {"powers": rows}, "said": f"{power_name}: {current} → {now}"})
        blocks.append(
            track(
                f"{power_name} power points",
                spent,
                normal,
                f"Current {current} of Normal {normal}.",
                taps=taps,
            )
        )
    return blocks


def failing_health(values: Values, normal: int) -> str:
    """What a dying or dead character's Current Health does to its checks, in a sentence,
    or "" while it is On the Brink or better (Health, Failing Health; Death).

    The guide has no unconscious state: a dying character "may remain conscious".
    """
    current = values["current_health"]
    if normal < 1:
        return ""
    state = d10_0.health_state(current, normal)
    name = called(values)
    if state == "Dying":
        return (
            f"{name} is Dying (Current Health {current}, below 0): out of the fight, it may "
            "check to keep its health from getting worse, and any significant action risks "
            "more harm at great difficulty (Health, Failing Health)."
        )
    if state == "Dead":
        return (
            f"{name} is Dead (Current Health {current}, below -{normal}): no longer "
            "functioning; what death means is the setting's (Health, Death)."
        )
    return ""


__all__ = ["HEALTH_BOXES", "failing_health", "health_tracks", "power_tracks"]
