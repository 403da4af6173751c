"""The Danger World pool roller: roll, two rounds of marked rerolls, sets, botches, advice.

The roll lives in the form's values, so a reload keeps it: ``dice`` holds the
dice showing (:class:`~rules_py.widgets._fields.Dice`: each die's face, kind and
whether the reader marked it for the next reroll; the page draws them as
toggle buttons) and ``round`` the reroll rounds used. The buttons Roll,
Reroll marked and Advise are the widget's actions; ``own`` takes the faces of
real dice typed in (``"1, 3, 3, D5, T2"``: D a danger die, T a threat die).
With a character sheet saved in this browser, Bashed, Stunned and the danger
level come from it (:data:`SOURCE`) unless the reader turns "Use my sheet" off.
Every rule comes from :mod:`rules_py.systems.danger_world` (Danger World, Dice
Mechanics; Special Dice; The Danger Track; the readings of issue 11).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules_py._format import percent
from rules_py.systems import danger_world as dw
from rules_py.systems._params import refusal
from rules_py.systems.danger_world._common import MAX_POOL
from rules_py.systems.danger_world.rerolls import ROUNDS
from rules_py.widgets._blocks import Block, bullets, listing, table, text
from rules_py.widgets._fields import Choice, Dice, Flag, Number, Text
from rules_py.widgets._source import Source
from rules_py.widgets._widget import Refusal, Values, Widget
from rules_py.widgets.danger_world import _sheet
from rules_py.widgets.danger_world._common import (
    DIFFICULTY,
    SYSTEM,
    dice_word,
    difficulty_note,
    difficulty_words,
)
from rules_py.widgets.danger_world._pool import (
    POOL_FIELDS,
    best_words,
    botches_text,
    faces_text,
    field_dice,
    parse_faces,
    pool_dice,
    set_name,
    show_faces,
)

TITLE = "Pool roller"

SPECIALS_LENGTH = 4000
"""Room for the sheet's special moves as JSON: four moves, each a name and five entries."""


def _rolled(values: Values) -> tuple[dw.Die, ...]:
    return tuple(dw.Die(d["face"], d["kind"]) for d in values["dice"])


def _marked(values: Values) -> tuple[int, ...]:
    return tuple(i for i, d in enumerate(values["dice"]) if d["marked"])


def _checked_dice(values: Values) -> tuple[dw.Die, ...]:
    """The dice showing, refused when they do not match the pool's counts."""
    normal, danger, threat = pool_dice(values)
    dice = _rolled(values)
    if not dice:
        return dice
    have = {k: sum(d.kind == k for d in dice) for k in ("normal", "danger", "threat")}
    want = {"normal": normal, "danger": danger, "threat": threat}
    if have != want:

        def told(counts: Mapping[str, int]) -> str:
            return ", ".join(f"{n} {k}" for k, n in counts.items())

        raise Refusal(
            refusal(
                f"the dice showing are {told(have)}, but the pool is "
                f"{told(want)}: roll the pool again or correct the dice",
                f"{SYSTEM}, Dice Mechanics",
            ),
            ["dice", "own"],
        )
    return dice


def _round_words(number: int) -> str:
    """``"Round 1 of 2"``: a reroll round counted as the rule counts them (Dice Mechanics)."""
    return f"Round {number} of {ROUNDS}"


SPECIAL = "special:"
"""The Move choice's values for the sheet's special moves: ``special:1`` and on."""


def _specials(raw: str) -> tuple[dw.Move, ...]:
    """The special moves the sheet handed over (``specials``: JSON, each move's name and
    its five accomplishments, sets 2 to 6)."""
    if not raw:
        return ()
    import json

    try:
        rows = json.loads(raw)
        return tuple(dw.make_move(str(r[0]), "special", *map(str, r[1:])) for r in rows)
    except (ValueError, TypeError, IndexError, KeyError):
        raise ValueError(f"the sheet's special moves are not readable (got {raw[:40]!r})") from None


def _chosen_move(values: Values) -> dw.Move | None:
    """The move the reader chose for this check, or None (Moves): a general move by its
    name, or the sheet's special move by its place (refused when the sheet is off or
    holds no such move)."""
    name = str(values["move"])
    if not name.startswith(SPECIAL):
        return dw.move(name) if name else None
    number = int(name.removeprefix(SPECIAL))
    held = _specials(values["specials"]) if values["use_sheet"] else ()
    if number > len(held):
        where = (
            f"the sheet holds {len(held)} special move{'' if len(held) == 1 else 's'}"
            if values["use_sheet"]
            else "Use my sheet is off"
        )
        raise Refusal(
            refusal(
                f"special move {number} comes from the character sheet, and {where}: "
                "pick a general move, or write the special move on the sheet",
                f"{SYSTEM}, Moves",
            ),
            ["move"],
        )
    return held[number - 1]


def _move_table(chosen: dw.Move, height: int | None) -> Block:
    """The chosen move's table (Moves), the row of ``height`` (the row accomplished) marked."""
    return table(
        chosen.name,
        ["Set", "Accomplishment", "Rank"],
        ([str(r.height), r.accomplishment or "(none given)", r.rank] for r in chosen.rows),
        hits=[r.height == height for r in chosen.rows],
    )


def _move_words(chosen: dw.Move, dice: Sequence[dw.Die], target: int) -> str:
    """What the best set gives under the chosen move (Moves): only what that set achieves
    at this difficulty (issue 27), e.g. ``"Fighting: the set of 3 reaches difficulty 3
    (meaningful), so it accomplishes defeating a common enemy"``."""
    return dw.move_result(chosen, dice, target, dw.outcomes(dice, target)[0].height)


def _aimed_row(chosen: dw.Move, dice: Sequence[dw.Die], target: int) -> int | None:
    """The move's row the best set accomplishes: the difficulty's, when it succeeds."""
    best = dw.outcomes(dice, target)[0]
    return dw.effective_difficulty(target) if best.result == "success" else None


def _dice_numbers(positions: Sequence[int]) -> str:
    """``"die 4"``, ``"dice 1, 2 and 5"``: dice by their place in the roll, counted from 1."""
    return f"{'die' if len(positions) == 1 else 'dice'} {listing(str(p + 1) for p in positions)}"


def _advice_blocks(
    dice: tuple[dw.Die, ...], target: int, left: int, chosen: dw.Move | None = None
) -> list[Block]:
    blocks = _pool_advice(dice, target, left)
    needed = dw.effective_difficulty(target)
    if chosen is not None and needed is not None:
        row = chosen.row(needed)
        gives = (
            f"it accomplishes {row.accomplishment}"
            if row.accomplishment
            else "the move names no accomplishment for that row"
        )
        blocks.append(
            text(f"The advice aims at a set of {needed} or more: under {chosen.name}, {gives}.")
        )
    return blocks


def _pool_advice(dice: tuple[dw.Die, ...], target: int, left: int) -> list[Block]:
    if left == 0:
        return [text("Advice: no reroll round is left; pick the set to use from the table.")]
    found = dw.advice(dice, target, left)
    rounds = f"{left} reroll round{'s' if left > 1 else ''} left"
    if found.stop == 1:
        return _success_advice(found, rounds)
    lines = [
        f"{_keep_words(keep)}: {percent(keep.chance)} ({keep.chance})." for keep in found.optimal
    ]
    several = len(found.optimal) > 1
    summary = (
        f"Advice ({rounds}): {'these keeps are' if several else 'the best keep is'} worth "
        f"{percent(found.success)} ({found.success}) with the rerolls after played well; "
        f"stopping now: {percent(found.stop)} ({found.stop})."
    )
    return [text(summary), bullets(lines)]


def _keep_words(keep: dw.Keep) -> str:
    """``"Keep 3 and 3 (dice 2 and 3) and reroll 1 (die 1)"``."""
    kept = (
        f"keep {listing(map(str, keep.keep))} ({_dice_numbers(keep.kept)})"
        if keep.kept
        else "keep nothing"
    )
    again = (
        f"reroll {listing(map(str, keep.reroll))} ({_dice_numbers(keep.rerolled)})"
        if keep.rerolled
        else "reroll nothing"
    )
    return f"{kept.capitalize()} and {again}"


def _lowest_success(dice: Sequence[dw.Die] | Sequence[int], needed: int) -> int:
    """The lowest set of ``dice`` at or above ``needed``: the one with the fewest botches."""
    return min(h for h in dw.available_sets(dice) if h >= needed)


def _botches_kept(dice: Sequence[dw.Die], height: int) -> str:
    """Why nothing is worth rerolling under the set of ``height``: no die botches, or the
    botches left are threat dice, never rerolled (Special Dice; issue 27: the advice said
    "no die would botch" over a threat die that did)."""
    botches = dw.count_botches(dice, height)
    stop = "stop here (success 100%)"
    if botches.total == 0:
        return f"no die would botch under it: {stop}"
    if botches.total == botches.threat:
        one = botches.threat == 1
        return (
            f"the only {'botch' if one else 'botches'} under it "
            f"{'is' if one else 'are'} {dice_word(botches.threat, 'threat')}, never "
            f"rerolled: {stop}"
        )
    return f"{botches_text(botches)} under it, which no reroll is expected to lower: {stop}"


def _success_advice(found: dw.Advice, rounds: str) -> list[Block]:
    """The advice for dice that already succeed: keep the set, reroll what would botch.

    Keeping the set makes success certain, so the reroll can only shed botches
    (issue 16); "expected botches" are those of the dice after this reroll if the
    player then stops, with the lowest successful set used. Each line compares them
    with the botches of stopping now and using the set it keeps.
    """
    needed = dw.effective_difficulty(found.difficulty) or 0
    kept = _lowest_success(found.optimal[0].keep, needed)
    held = f"the dice already hold a set of {kept}, which succeeds at difficulty {found.difficulty}"
    if not any(keep.rerolled for keep in found.optimal):
        return [text(f"Advice ({rounds}): {held}, and {_botches_kept(found.roll, kept)}.")]
    lines = []
    for keep in found.optimal:
        height = _lowest_success(keep.keep, needed)
        stop = dw.count_botches(found.roll, height).total
        lines.append(
            f"{_keep_words(keep)}: success 100%; botches expected after the reroll "
            f"{keep.expected_botches}, against {stop} if you stop now with the set of {height}."
        )
    summary = (
        f"Advice ({rounds}): {held}. Kept, it makes success certain (100%), so the advice "
        "rerolls the dice that would botch under it (each 1 and each die below the set), "
        "which may come up clean."
    )
    return [text(summary), bullets(lines)]


def _roller_show(values: Values) -> list[Block]:
    normal, danger, threat = pool_dice(values)
    target = int(values["difficulty"])
    dice = _checked_dice(values)
    used = int(values["round"])
    pool_parts = [dice_word(normal, "normal")]
    if danger:
        pool_parts.append(dice_word(danger, "danger"))
    if threat:
        pool_parts.append(dice_word(threat, "threat"))
    before = dw.success_chance(normal + danger, target, ROUNDS)
    setup: list[Block] = [
        text(
            f"The pool: {listing(pool_parts)} against difficulty {difficulty_words(target)}. "
            f"Played well with both reroll rounds it succeeds {percent(before)} of the time "
            f"({before})."
        )
    ]
    if note := difficulty_note(target):
        setup.append(text(note))
    chosen = _chosen_move(values)
    if not dice:
        waiting = text("No dice yet: press Roll, or enter the faces your own dice show.")
        return [*setup, waiting, *([_move_table(chosen, None)] if chosen else [])]
    # Once the dice show, what they offer comes first (beside the dice and the buttons on a
    # phone); the pool and its chance before the roll follow.
    blocks: list[Block] = []
    marked = _marked(values)
    left = ROUNDS - used
    if left:
        word = _round_words(used + 1)
        if marked:
            faces = listing(str(dice[p].face) for p in marked)
            one = len(marked) == 1
            blocks.append(
                text(
                    f"{word}: {_dice_numbers(marked)} (showing {faces}) "
                    f"{'is' if one else 'are'} marked; press Reroll marked to roll "
                    f"{'it' if one else 'them'} again."
                )
            )
        else:
            blocks.append(
                text(f"{word}: tap the dice to reroll, then press Reroll marked; or stop here.")
            )
    else:
        blocks.append(text("Both reroll rounds are used: the dice are final."))
    rows, hits = [], []
    for result in dw.outcomes(dice, target):
        rows.append(
            [
                set_name(result.height),
                result.result,
                str(result.bonus_dice),
                botches_text(result.botches),
                f"+{result.danger_change}",
            ]
        )
        hits.append(result.result == "success")
    blocks.append(
        table(
            "The sets the dice offer now",
            ["Set", "Outcome", "Bonus dice", "Botches", "Danger level"],
            rows,
            hits=hits,
        )
    )
    if chosen is not None:
        blocks.append(text(f"With the best set: {_move_words(chosen, dice, target)}."))
    blocks += setup
    if values["advise"]:
        blocks += _advice_blocks(dice, target, left, chosen)
    if chosen is not None:
        blocks.append(_move_table(chosen, _aimed_row(chosen, dice, target)))
    return blocks


def _stamp(raw: str) -> int:
    """The time of the last check taken up, in milliseconds ("" for none yet)."""
    if raw and not raw.isdigit():
        raise ValueError(f"the last check taken up is a time in milliseconds (got {raw!r})")
    return int(raw or 0)


def _pool_counts(values: Values) -> tuple[int, int, int] | None:
    """The normal, danger and threat dice the values make, or None where they are refused."""
    try:
        return pool_dice(values)
    except ValueError:
        return None


def _roller_settle(before: Values, after: Values) -> Mapping[str, Any]:
    """Take up a check rolled on the sheet; clear a roll the pool no longer matches; read
    faces the reader typed in.

    A roll stays while the pool's counts of normal, danger and threat dice stay (a danger
    level carried to the sheet, say, which changes only the cap on danger dice).

    A stat's Roll on the sheet keeps its dice there with the time it was rolled
    (``last_check``), which comes here as ``handed``: a check newer than any this roller
    has taken up (``seen``) replaces the roll, at round 0, for the rerolls and the
    advice. Playing another character again does not bring back its older check.
    """
    stamp, dice = _sheet.parse_last_check(after["handed"])
    if after["use_sheet"] and stamp > _stamp(after["seen"]):
        return {
            "dice": field_dice(dice),
            "own": show_faces(dice),
            "round": "0",
            "advise": False,
            "seen": str(stamp),
            "applied": "",
        }
    if any(before[f] != after[f] for f in POOL_FIELDS) and after["dice"]:
        counted = _pool_counts(after)
        if counted is None or counted != _pool_counts(before):
            return {"dice": [], "own": "", "round": "0", "applied": ""}
    if before["own"] != after["own"]:
        return {"dice": field_dice(parse_faces(after["own"]))}
    if _rolled(before) != _rolled(after):
        return {"own": show_faces(_rolled(after))}
    return {}


def _roller_act(action: str, values: Values) -> tuple[Mapping[str, Any], str]:
    """Roll the pool, reroll the marked dice (the next round), or mark the advised dice."""
    if action == "roll":
        rolled = dw.roll_pool(*pool_dice(values), random.Random())
        said = listing(f"{d.face}{'' if d.kind == 'normal' else ' ' + d.kind}" for d in rolled)
        return (
            {"dice": field_dice(rolled), "own": show_faces(rolled), "round": "0", "applied": ""},
            f"Rolled {dice_word(len(rolled))}: {said}.",
        )
    if action in CARRIED:
        _, told = _carry(action, values)
        done = ",".join([*_applied(values), action])
        return {"applied": done}, told
    dice = _checked_dice(values)
    used = int(values["round"])
    target = int(values["difficulty"])
    if action == "reroll":
        marks = _marked(values)
        again = dw.reroll(dice, marks, random.Random())
        was = listing(str(dice[p].face) for p in marks)
        now = listing(str(again[p].face) for p in marks)
        shows = "it now shows" if len(marks) == 1 else "they now show"
        return (
            {"dice": field_dice(again), "own": show_faces(again), "round": str(used + 1)},
            f"{_round_words(used + 1)}: rerolled {_dice_numbers(marks)} ({was}); {shows} {now}.",
        )
    best = dw.advice(dice, target, ROUNDS - used).optimal[0].rerolled
    said = (
        f"Marked the advised {'die' if len(best) == 1 else 'dice'} to reroll: "
        f"{listing(str(p + 1) for p in best)}."
        if best
        else "The advice is to reroll nothing: no die is marked."
    )
    return {"dice": field_dice(dice, best), "advise": True}, said


def _roller_logged(action: str, values: Values) -> dict[str, str] | None:
    """The roll log's entry for Roll and Reroll marked: the pool, the dice, the best set.

    With the sheet in use the entry names the character and the two stats, as a
    stat's Roll on the sheet does ("Rook: Agility + Speed, 8 dice ...").
    """
    if action not in {"roll", "reroll"}:
        return None
    dice = _rolled(values)
    target = int(values["difficulty"])
    used = int(values["round"])
    pool = f"{dice_word(len(dice))} against difficulty {difficulty_words(target)}"
    if values["use_sheet"] and values["character"]:
        what = f"{values['character']}: {values['stats']}, {pool}"
    else:
        what = f"{TITLE}: {pool}"
    if action == "reroll":
        what += f", {_round_words(used).lower()}"
    outcome = best_words(dice, target)
    if (chosen := _chosen_move(values)) is not None:
        outcome += f"; {_move_words(chosen, dice, target)}"
    return {
        "what": what,
        "dice": faces_text(dice),
        "total": "",
        "outcome": outcome,
        "said": f"Rolled the pool: {outcome}",
    }


CARRIED = ("carry_danger", "carry_spent", "carry_won")
"""The roller's taps that carry what the roll did back to the sheet (issue 27, item 8)."""


def _applied(values: Values) -> list[str]:
    """What this roll has already carried to the sheet (``applied``: a comma list)."""
    return [a for a in str(values["applied"]).split(",") if a]


def _carry(action: str, values: Values) -> tuple[dict[str, int], str]:
    """What a tap carries from the finished roll to the sheet, and the sentence saying so.

    Danger World, Special Dice: each danger die in the set used raises the danger level by
    one. Dice Mechanics: bonus dice are used once; a success above the difficulty gives one
    per step above, a partial success the set's height. Readings (issue 27, stated on the
    Play page): the set used is the best one, the highest, as the roller's outcome names
    it; the bonus dice spent are the check's bonus dice, as many as the sheet holds (the
    rest came from an aspect's story points).
    """
    if not (values["use_sheet"] and values["character"]):
        raise ValueError(
            refusal(
                "there is no sheet to carry the roll to: save a character sheet and tick "
                "Use my sheet",
                f"{SYSTEM}, Dice Mechanics",
            )
        )
    dice = _checked_dice(values)
    if not dice:
        raise ValueError(refusal("there is no roll to carry yet: press Roll first", SYSTEM))
    target = int(values["difficulty"])
    best = dw.outcomes(dice, target)[0]
    name = values["character"]
    held = int(values["held"])
    if action == "carry_danger":
        level = int(values["level"])
        raised = min(level + best.danger_change, _sheet.MAX_LEVEL)
        return {"level": raised}, (
            f"{name}'s danger level: {level} → {raised} "
            f"({dice_word(best.danger_change, 'danger')} in the set of {best.height})."
        )
    if action == "carry_spent":
        spent = min(int(values["bonus"]), held)
        aspect = int(values["bonus"]) - spent
        more = f"; the other {aspect} came from an aspect" if aspect else ""
        return {"bonus_held": held - spent}, (
            f"{name}'s bonus dice held: {held} → {held - spent} "
            f"({dice_word(spent, 'bonus')} spent in this check{more})."
        )
    won = best.bonus_dice
    if held + won > MAX_POOL:
        raise ValueError(
            refusal(
                f"the sheet keeps at most {MAX_POOL} bonus dice, and {held} + {won} is more",
                f"{SYSTEM}, Dice Mechanics",
            )
        )
    how = "a partial success" if best.result == "partial" else "a success above the difficulty"
    return {"bonus_held": held + won}, (
        f"{name}'s bonus dice held: {held} → {held + won} "
        f"({dice_word(won, 'bonus')} from the set of {best.height}, {how})."
    )


def _can_carry(action: str, values: Values) -> bool:
    """Whether the tap has something to carry: a finished roll on a sheet in use, not
    carried yet, and a number that is not 0."""
    if action in _applied(values) or not (values["use_sheet"] and values["character"]):
        return False
    try:
        dice = _checked_dice(values)
        if not dice:
            return False
        best = dw.outcomes(dice, int(values["difficulty"]))[0]
    except ValueError:
        return False
    if action == "carry_danger":
        return best.danger_change > 0
    if action == "carry_spent":
        return min(int(values["bonus"]), int(values["held"])) > 0
    return best.bonus_dice > 0


def _roller_give(action: str, values: Values, _sheet_values: Values) -> Mapping[str, Any]:
    """The sheet's fields a tap changes (see :func:`_carry`); nothing for the other buttons."""
    return _carry(action, values)[0] if action in CARRIED else {}


def _roller_disabled(values: Values) -> list[str]:
    carried = [a for a in CARRIED if not _can_carry(a, values)]
    if not values["dice"] or int(values["round"]) >= ROUNDS or _applied(values):
        return ["reroll", "advise", *carried]
    return [*([] if _marked(values) else ["reroll"]), *carried]


def _roller_unused(values: Values) -> list[str]:
    """The dice before a roll, the sheet's handed check and the time of the last one taken
    up (kept only to notice a new check), the sheet's special moves (the Move choice
    names them), the bonus dice it holds and what was carried to it, and the character
    and stats when the sheet is not in use; the buttons that carry a roll to the sheet
    (the page hides them too) while they have nothing to carry."""
    unused = ["handed", "seen"] if values["dice"] else ["dice", "handed", "seen"]
    unused += ["specials", "held", "applied"]
    # The buttons that carry a roll to the sheet show while they have something to carry,
    # and stay (turned off) once they have carried it.
    unused += [a for a in CARRIED if a not in _applied(values) and not _can_carry(a, values)]
    if not (values["use_sheet"] and values["character"]):
        unused += ["character", "stats"]
    return unused


def _specials_text(sheet: Values) -> str:
    """The sheet's special moves as the roller's ``specials`` field keeps them (JSON)."""
    import json

    moves = _sheet.special_moves(sheet)
    if not moves:
        return ""
    return json.dumps([[m.name, *(r.accomplishment for r in m.rows)] for m in moves])


def from_sheet(sheet: Values, _roller: Values) -> tuple[dict[str, Any], str]:
    """What a check takes from the character sheet: the dice of its two stats (First and
    Second stat, lowered by Injured), its bonus, danger and challenge threat dice and its
    difficulty; one threat die per filled Bashed box, one die lost per filled Stunned
    box, and the danger level, which caps the danger dice (Dice Mechanics; The Danger
    Track); the character's name and the sheet's last check (for Reroll marked).
    Answers the roller's fields and the sentence that says so.
    """
    first, second = sheet["check_a"], sheet["check_b"]
    fed = {
        **_sheet.pool_values(sheet, _sheet.stats_in_play(sheet), first, second),
        "character": _sheet.SHEET.character_name(sheet),
        "stats": f"{first} + {second}",
        "handed": sheet["last_check"],
        "specials": _specials_text(sheet),
        "held": sheet["bonus_held"],
    }
    name = str(sheet["name"]).strip()
    zone = dw.zone(fed["level"])
    whose = f"your sheet ({name})" if name else "your sheet"
    extras = [
        dice_word(n, kind) for n, kind in ((fed["bonus"], "bonus"), (fed["danger"], "danger")) if n
    ]
    if fed["threat"]:
        extras.append(f"{dice_word(fed['threat'], 'threat')} from the challenge")
    line = (
        f"From {whose}: {first} {fed['stat_a']} + {second} {fed['stat_b']}"
        + (f", {listing(extras)}" if extras else "")
        + f"; Bashed {fed['bashed']} → {dice_word(fed['bashed'], 'threat')}; "
        f"Stunned {fed['lost']} → {dice_word(fed['lost'])} lost; danger level "
        f"{fed['level']} → up to {dice_word(zone.danger_dice, 'danger')}; difficulty "
        f"{difficulty_words(int(fed['difficulty']))}."
    )
    if first == second:
        line += f" The sheet names {first} twice: pick two different stats there."
    if sheet[_sheet.TRACK_FIELDS["Dead"]]:
        line += " The sheet marks the PC Dead: a dead PC makes no check."
    elif sheet[_sheet.TRACK_FIELDS["K.O.'d"]]:
        line += " The sheet marks the PC K.O.'d: unconscious, no actions until the box clears."
    if specials := _sheet.special_moves(sheet):
        line += f" Special moves: {listing(m.name for m in specials)}."
    return fed, line


SOURCE = Source(
    store=_sheet.STORE,
    fields=_sheet.SHEET.fields,
    switch="use_sheet",
    take=from_sheet,
    give=_roller_give,
)
"""The character sheet saved in this browser feeds Bashed, Stunned and the danger level."""

DICE = Dice(
    "dice",
    "Dice showing",
    kinds=("normal", "danger", "threat"),
    fixed=("threat",),
    max_dice=MAX_POOL,
    printed=False,  # the dice on the table: the roller's, never a sheet's
    mark_word="marked for reroll",
    fixed_word="never rerolled",
    hint="Tap a die to mark it for the next reroll, again to unmark it. D: a danger die; "
    "T: a threat die, never rerolled.",
)

ROLLER = Widget(
    name="danger-world-roller",
    title=TITLE,
    fields=(
        Number("stat_a", "First stat's dice", 3, 1, 4, hint="A stat is 1 to 4 dice."),
        Number("stat_b", "Second stat's dice", 2, 1, 4),
        Number(
            "bonus",
            "Bonus dice",
            0,
            0,
            MAX_POOL,
            hint="From a partial or extra success, an aspect or story points.",
        ),
        Number("lost", "Dice lost (Stunned)", 0, 0, 3, hint="One per filled Stunned box."),
        Number("bashed", "Threat dice (Bashed)", 0, 0, 3, hint="One per filled Bashed box."),
        Number("level", "Danger level", 1, 1, 999, hint="Its zone's rank caps the danger dice."),
        Number("danger", "Danger dice", 0, 0, 5, hint="Up to the zone's rank."),
        Number(
            "threat",
            "Threat dice (challenge)",
            0,
            0,
            MAX_POOL,
            hint="From complications. Never rerolled, never in a set.",
        ),
        DIFFICULTY,
        Choice(
            "move",
            "Move",
            (
                ("", "None"),
                *((m.name, m.name) for m in dw.GENERAL_MOVES),
                *(
                    (f"{SPECIAL}{n}", f"Special move {n} from my sheet")
                    for n in range(1, _sheet.MAX_SPECIAL_MOVES + 1)
                ),
            ),
            "",
            hint="The outcome says what the best set accomplishes under it. A special move "
            "comes from the sheet, in its order there.",
        ),
        Flag(
            "use_sheet",
            "Use my sheet",
            True,
            printed=False,
            hint="Take the check from the character sheet saved in this browser: its stats, "
            "special dice, Bashed, Stunned, danger level and difficulty.",
        ),
        DICE,
        Text(
            "own",
            "Enter your own dice",
            "",
            max_length=120,
            hint="Rolling real dice? Type their faces: 1, 3, 3, D5, T2 (D a danger die, "
            "T a threat die).",
            parse=parse_faces,
        ),
        Choice(
            "round",
            "Reroll rounds used",
            (("0", "None yet"), ("1", "Round one"), ("2", "Both rounds")),
            "0",
        ),
        Flag("advise", "Show the advice", False, hint="Advise turns it on.", printed=False),
        Text("character", "Character", "", max_length=80, printed=False),
        Text("stats", "Stats", "", max_length=40, printed=False),
        Text(
            "handed",
            "Dice of the sheet's last check",
            "",
            max_length=_sheet.LAST_CHECK_LENGTH,
            parse=_sheet.parse_last_check,
            printed=False,
        ),
        Text(
            "specials",
            "Special moves of the sheet",
            "",
            max_length=SPECIALS_LENGTH,
            parse=_specials,
            printed=False,
        ),
        # A time in milliseconds has 13 digits: more than a Number field reads.
        Text("seen", "Last check taken up", "", max_length=15, parse=_stamp, printed=False),
        Number("held", "Bonus dice the sheet holds", 0, 0, MAX_POOL, printed=False),
        Text("applied", "Carried to the sheet", "", max_length=40, printed=False),
    ),
    show=_roller_show,
    unused=_roller_unused,
    settle=_roller_settle,
    actions=(
        ("roll", "Roll"),
        ("reroll", "Reroll marked"),
        ("advise", "Advise"),
        ("carry_danger", "Raise my danger"),
        ("carry_spent", "Spend bonus dice"),
        ("carry_won", "Take bonus dice"),
    ),
    undoable=CARRIED,
    act=_roller_act,
    logged=_roller_logged,
    disabled=_roller_disabled,
    source=SOURCE,
)
"""Danger World, Dice Mechanics: a check rolled, rerolled twice, its sets and the advice."""

WIDGETS: tuple[Widget, ...] = (ROLLER,)
