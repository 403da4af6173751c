"""Danger World's moves as data (Danger World, Moves): every table against the source
text (../shared/seeds/danger-world-v1.txt) and the general moves against the Moves page."""

from __future__ import annotations

import re

import pytest

from rules_py.systems.danger_world import moves as mv
from tests.rules_pages import DOCS, ROOT, parse_page

SEED = ROOT.parent / "shared" / "seeds" / "danger-world-v1.txt"
PAGE = DOCS / "danger-world" / "moves.md"
ROW = re.compile(r"^([2-6]) (minor|meaningful|significant|major|monumental) ?(.*)$")


def _source_moves() -> dict[str, list[tuple[int, str, str]]]:
    """Each move's rows as the source prints them: a "set rank accomplishment" header,
    the move's name, then five rows of set, rank and (maybe empty) accomplishment."""
    lines = SEED.read_text(encoding="utf-8").splitlines()
    start = lines.index("General Moves")
    found: dict[str, list[tuple[int, str, str]]] = {}
    for i, line in enumerate(lines[start:], start):
        if line.strip() != "set rank accomplishment":
            continue
        name = lines[i + 1].strip()
        rows = []
        for raw in lines[i + 2 : i + 7]:
            match = ROW.match(raw.strip())
            assert match, raw
            rows.append((int(match[1]), match[2], match[3].strip()))
        found[name] = rows
    return found


@pytest.mark.skipif(not SEED.exists(), reason="the source documents are not beside the repo")
def test_every_move_is_the_sources() -> None:
    source = _source_moves()
    assert list(source) == [m.name for m in mv.MOVES]
    for m in mv.MOVES:
        assert [(r.height, r.rank, r.accomplishment) for r in m.rows] == source[m.name], m.name
    general = list(source)[: list(source).index("Healing")]
    assert general == [m.name for m in mv.GENERAL_MOVES]


def test_general_moves_match_the_moves_page() -> None:
    tables = [t[1:] for t in parse_page(PAGE).tables if t[0] == ["Set", "Accomplishment", "Rank"]]
    # The page's tables: Fighting, Aid Another, then the special moves; the four general
    # moves with no accomplishment on any row share one section of prose instead.
    with_text = [m for m in mv.GENERAL_MOVES if any(r.accomplishment for r in m.rows)]
    assert [m.name for m in with_text] == ["Fighting", "Aid Another"]
    for m, rows in zip(with_text, tables, strict=False):
        assert rows == [[str(r.height), r.accomplishment, r.rank] for r in m.rows], m.name
    blank = [m.name for m in mv.GENERAL_MOVES if m not in with_text]
    assert blank == ["Defy Danger", "Spout Lore", "Discern Realities", "Parley"]
    assert "Defy Danger, Spout Lore, Discern Realities and Parley" in PAGE.read_text("utf-8")


def test_what_a_set_accomplishes() -> None:
    fighting = mv.move("Fighting")
    assert mv.accomplishes(fighting, 3) == (
        "Fighting: a set of 3 (meaningful) means defeating a common enemy"
    )
    assert mv.accomplishes(fighting, 6) == (
        "Fighting: a set of 6 (monumental) means defeating a major campaign threat"
    )
    assert mv.accomplishes(mv.move("Aid Another"), 2) == (
        "Aid Another: a set of 2 (minor) means provide height in bonus dice"
    )
    assert mv.accomplishes(mv.move("Aid Another"), 4) == (
        "Aid Another: a set of 4 (significant): the move names no accomplishment for it"
    )
    assert fighting.row(5).accomplishment == "defeating a local boss"


@pytest.mark.parametrize("height", [0, 1, 7])
def test_a_set_is_two_to_six(height: int) -> None:
    with pytest.raises(ValueError, match=r"set's height must be from 2 to 6.*Danger World, Moves"):
        mv.accomplishes(mv.move("Fighting"), height)


def test_special_moves_as_the_gm_writes_them() -> None:
    flight = mv.make_move(" Flight ", "special", "hovering", " gliding ")
    assert flight.name == "Flight"
    assert [(r.height, r.rank, r.accomplishment) for r in flight.rows] == [
        (2, "minor", "hovering"),
        (3, "meaningful", "gliding"),
        (4, "significant", ""),
        (5, "major", ""),
        (6, "monumental", ""),
    ]
    with pytest.raises(ValueError, match="A move has 5 rows, sets 2 to 6"):
        mv.make_move("Too long", "special", *"abcdef")
    with pytest.raises(ValueError, match="The moves are Fighting, Defy Danger"):
        mv.move("Flight")


def test_a_move_gives_only_what_the_set_achieves_at_the_difficulty() -> None:
    """Issue 27, item 5: the row of the difficulty is what a check under a move aims at;
    a lower set is a partial success (bonus dice, no row), a higher one adds the extra
    benefit and its bonus dice, never the higher row."""
    fighting = mv.move("Fighting")
    assert mv.move_result(fighting, [1, 2, 2, 4, 5], 4, 2) == (
        "Fighting: the set of 2 is below difficulty 4 (significant): a partial success, "
        "which does not accomplish the attempt (defeating an officer or otherwise notable "
        "enemy) and gives 2 bonus dice"
    )
    assert mv.move_result(fighting, [5, 5, 5, 5, 5, 1], 3, 5) == (
        "Fighting: the set of 5 reaches difficulty 3 (meaningful), so it accomplishes "
        "defeating a common enemy, with an extra benefit to work out with the GM and 2 bonus dice"
    )
    assert mv.move_result(fighting, [2, 2], 1, 2) == (
        "Fighting: the set of 2 reaches difficulty 2 (minor), so it accomplishes defeating a "
        "minion or minor enemy"
    )
    assert "no set reaches" in mv.move_result(fighting, [6] * 6, 7, 6)
    assert "minion" not in mv.move_result(fighting, [2, 2, 3], 3, 2)
    assert mv.move_result(fighting, [1, 2, 3], 3, None) == (
        "Fighting: no set, so the move accomplishes nothing"
    )
    assert mv.move_result(mv.move("Parley"), [3, 3, 3], 3, 3) == (
        "Parley: the set of 3 reaches difficulty 3 (meaningful); the move names no "
        "accomplishment for that row"
    )
