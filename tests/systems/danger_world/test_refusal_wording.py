"""Danger World refusals say what is wrong in the site's words, never in a run of the source's.

Issue 16, item 11: an error message quoted the source word for word. Each refusal the
rules package gives for a broken rule is raised here and compared with the source
(../shared/seeds/danger-world-v1.txt) six words at a time, a tighter window than the
pages' overlap check, since a message is one sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from rules_py.systems.danger_world import character as ch
from rules_py.systems.danger_world import pools as pl
from rules_py.systems.danger_world.danger_track import Damage, track
from rules_py.systems.danger_world.moves import move
from rules_py.systems.danger_world.sheet import CharacterSheet, sheet_from_dict

SEED = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "danger-world-v1.txt"
WINDOW = 6
WORDS = re.compile(r"[a-z']+")


def _runs(text: str) -> set[tuple[str, ...]]:
    words = WORDS.findall(text.lower())
    return {tuple(words[i : i + WINDOW]) for i in range(len(words) - WINDOW + 1)}


def _sheet(**changes: object) -> CharacterSheet:
    stats = dict.fromkeys(ch.STATS, 2)
    stats["Agility"] = 1
    args: dict[str, object] = {
        "name": "Ada",
        "stats": stats,
        "aspects": ch.AspectTree.starting("Soldier", "Gambler", "Exile"),
        "story_points": ch.StoryPoints(3, 0),
        "danger_level": 1,
        "damage": Damage(),
        "injured": (),
        "starting": False,
    }
    args.update(changes)
    return CharacterSheet(**args)  # type: ignore[arg-type]


REFUSALS: dict[str, Callable[[], object]] = {
    "an aspect beneath one not used twice": lambda: ch.AspectTree.starting(
        "Soldier", "Gambler", "Exile"
    ).add("Sniper", ("Soldier",)),
    "a fifth primary aspect": lambda: (
        ch.AspectTree.starting("Soldier", "Gambler", "Exile").add("Haunted").add("Fifth")
    ),
    "a threat die rerolled": lambda: pl.reroll([pl.Die(3), pl.Die(2, "threat")], [1]),
    "a check while K.O.'d": lambda: _sheet(danger_level=16, damage=Damage((0, 0, 0, 1, 0))).pool(
        "Agility", "Speed"
    ),
    "an Injured box below a stat of 1": lambda: _sheet(
        damage=Damage((0, 0, 1, 0, 0)), injured=("Agility",)
    ),
}


@pytest.mark.skipif(not SEED.is_file(), reason="the seed sits beside the checkout")
@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_danger_world_refusal_restates_the_source(case: str) -> None:
    with pytest.raises(ValueError) as info:
        REFUSALS[case]()
    message = str(info.value)
    assert re.search(r" \(Danger World, [^()]+\)$", message)
    shared = _runs(message) & _runs(SEED.read_text(encoding="utf-8"))
    assert not shared, f"{case}: {message!r} repeats the source: {sorted(shared)}"


@pytest.mark.parametrize(
    "call", [lambda: track("Dazed"), lambda: Damage((0, 0))], ids=["no such row", "too few rows"]
)
def test_danger_world_refusals_name_the_rows_of_boxes_in_the_source_s_words(
    call: Callable[[], object],
) -> None:
    """Issue 16, item 9: "damage track" is the site's term; a bare refusal says "damage boxes"."""
    with pytest.raises(ValueError) as info:
        call()
    message = str(info.value)
    assert "rows of damage boxes" in message or "row of damage boxes" in message
    assert "damage track" not in message


MISSING: dict[str, Callable[[], object]] = {
    "a move": lambda: move(None),  # type: ignore[arg-type]
    "a row of damage boxes": lambda: track(None),  # type: ignore[arg-type]
    "a hit": lambda: Damage().hit(None, 1),  # type: ignore[arg-type]
    "a rest": lambda: Damage().rest(None),  # type: ignore[arg-type]
    "a stat": lambda: ch.stat_name(None),  # type: ignore[arg-type]
    "an aspect's level": lambda: ch.invoke_bonus_dice(1, None),  # type: ignore[arg-type]
    "a die's kind": lambda: pl.Die(3, None),  # type: ignore[arg-type]
    "a saved sheet's version": lambda: sheet_from_dict({}),
}


@pytest.mark.parametrize("case", sorted(MISSING))
def test_a_missing_value_is_named_as_missing_never_as_got_none(case: str) -> None:
    """Issue 27, item 7: a refusal of a value that is not there says what is missing."""
    with pytest.raises(ValueError) as info:
        MISSING[case]()
    message = str(info.value)
    assert "None" not in message
    assert "is missing" in message or "it has none" in message
    assert re.search(r" \(Danger World(, [^()]+)?\)$", message)


def test_a_value_given_is_still_quoted() -> None:
    with pytest.raises(ValueError, match=r"reduced, full or overload \(got 'glancing'\)"):
        Damage().hit("glancing", 1)  # type: ignore[arg-type]
