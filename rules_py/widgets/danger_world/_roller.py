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
import re
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

_KIND_MARK = {"normal": "", "danger": "D", "threat": "T"}
_MARK_KIND = {"": "normal", "D": "danger", "T": "threat"}
_TOKEN = re.compile(r"^([DT]?)([1-6])$")
TITLE = "Pool roller"
_RESULT_WORDS = {"success": "success", "partial": "partial success", "failure": "failure"}
_POOL_FIELDS = ("stat_a", "stat_b", "bonus", "lost", "bashed", "danger", "threat", "level")


def parse_faces(raw: str) -> tuple[dw.Die, ...]:
    """``"1, 3, D5, T2"`` as dice: a bare face is normal, D a danger die, T a threat die."""
    dice = []
    for token in re.split(r"[\s,;]+", raw.strip().upper()):
        if not token:
            continue
        match = _TOKEN.match(token)
        if match is None:
            raise ValueError(
                refusal(
                    "each die is a face 1 to 6, D before a danger die's "
                    f"face, T before a threat die's, e.g. 1, 3, 3, D5, T2 (got {token!r})",
                    f"{SYSTEM}, Dice Mechanics",
                )
            )
        dice.append(dw.Die(int(match[2]), _MARK_KIND[match[1]]))  # type: ignore[arg-type]
    if len(dice) > MAX_POOL:
        raise ValueError(
            refusal(f"the tools roll at most {MAX_POOL} dice", f"{SYSTEM}, Dice Mechanics")
        )
    return tuple(dice)


def show_faces(dice: Sequence[dw.Die]) -> str:
    """Dice as the ``own`` field writes them: ``"1, 3, D5, T2"``."""
    return ", ".join(f"{_KIND_MARK[d.kind]}{d.face}" for d in dice)


def _field_dice(dice: Sequence[dw.Die], marked: Sequence[int] = ()) -> list[dict[str, Any]]:
    """Dice as the ``dice`` field holds them."""
    return [{"face": d.face, "kind": d.kind, "marked": i in marked} for i, d in enumerate(dice)]


def _rolled(values: Values) -> tuple[dw.Die, ...]:
    return tuple(dw.Die(d["face"], d["kind"]) for d in values["dice"])


def _marked(values: Values) -> tuple[int, ...]:
    return tuple(i for i, d in enumerate(values["dice"]) if d["marked"])


def _pool(values: Values) -> tuple[int, int, int]:
    """Normal, danger and threat dice of the check (each checked)."""
    normal = max(0, values["stat_a"] + values["stat_b"] + values["bonus"] - values["lost"])
    try:
        danger = dw.check_danger_dice(values["danger"], values["level"])
    except ValueError as broken:
        raise Refusal(str(broken), ["danger"]) from None
    threat = values["threat"] + values["bashed"]
    if normal + danger + threat > MAX_POOL:
        raise Refusal(
            refusal(
                f"the tools roll at most {MAX_POOL} dice (got {normal + danger + threat})",
                f"{SYSTEM}, Dice Mechanics",
            ),
            ["bonus", "danger", "threat"],
        )
    return normal, danger, threat


def _checked_dice(values: Values) -> tuple[dw.Die, ...]:
    """The dice showing, refused when they do not match the pool's counts."""
    normal, danger, threat = _pool(values)
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


def _botches_text(b: dw.Botches) -> str:
    """``"1 botch: 1 normal die"``, ``"3 botches: 2 normal dice and 1 threat die"``."""
    if not b.total:
        return "none"
    kinds = [
        dice_word(n, k)
        for k, n in (("normal", b.normal), ("danger", b.danger), ("threat", b.threat))
        if n
    ]
    return f"{b.total} botch{'' if b.total == 1 else 'es'}: {listing(kinds)}"


def _set_name(height: int | None) -> str:
    return "No set" if height is None else f"Set of {height}"


def _dice_numbers(positions: Sequence[int]) -> str:
    """``"die 4"``, ``"dice 1, 2 and 5"``: dice by their place in the roll, counted from 1."""
    return f"{'die' if len(positions) == 1 else 'dice'} {listing(str(p + 1) for p in positions)}"


def _advice_blocks(dice: tuple[dw.Die, ...], target: int, left: int) -> list[Block]:
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
        return [
            text(
                f"Advice ({rounds}): {held}, and no die would botch under it: stop here "
                "(success 100%)."
            )
        ]
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
    normal, danger, threat = _pool(values)
    target = int(values["difficulty"])
    dice = _checked_dice(values)
    used = int(values["round"])
    pool_parts = [dice_word(normal, "normal")]
    if danger:
        pool_parts.append(dice_word(danger, "danger"))
    if threat:
        pool_parts.append(dice_word(threat, "threat"))
    before = dw.success_chance(normal + danger, target, ROUNDS)
    blocks: list[Block] = [
        text(
            f"The pool: {listing(pool_parts)} against difficulty {difficulty_words(target)}. "
            f"Played well with both reroll rounds it succeeds {percent(before)} of the time "
            f"({before})."
        )
    ]
    if note := difficulty_note(target):
        blocks.append(text(note))
    if not dice:
        blocks.append(text("No dice yet: press Roll, or enter the faces your own dice show."))
        return blocks
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
                _set_name(result.height),
                result.result,
                str(result.bonus_dice),
                _botches_text(result.botches),
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
    if values["advise"]:
        blocks += _advice_blocks(dice, target, left)
    return blocks


def _roller_settle(before: Values, after: Values) -> Mapping[str, Any]:
    """Clear a roll the pool no longer matches; read faces the reader typed in."""
    if any(before[f] != after[f] for f in _POOL_FIELDS) and after["dice"]:
        return {"dice": [], "own": "", "round": "0"}
    if before["own"] != after["own"]:
        return {"dice": _field_dice(parse_faces(after["own"]))}
    if _rolled(before) != _rolled(after):
        return {"own": show_faces(_rolled(after))}
    return {}


def _roller_act(action: str, values: Values) -> tuple[Mapping[str, Any], str]:
    """Roll the pool, reroll the marked dice (the next round), or mark the advised dice."""
    if action == "roll":
        rolled = dw.roll_pool(*_pool(values), random.Random())
        said = listing(f"{d.face}{'' if d.kind == 'normal' else ' ' + d.kind}" for d in rolled)
        return (
            {"dice": _field_dice(rolled), "own": show_faces(rolled), "round": "0"},
            f"Rolled {dice_word(len(rolled))}: {said}.",
        )
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
            {"dice": _field_dice(again), "own": show_faces(again), "round": str(used + 1)},
            f"{_round_words(used + 1)}: rerolled {_dice_numbers(marks)} ({was}); {shows} {now}.",
        )
    best = dw.advice(dice, target, ROUNDS - used).optimal[0].rerolled
    said = (
        f"Marked the advised {'die' if len(best) == 1 else 'dice'} to reroll: "
        f"{listing(str(p + 1) for p in best)}."
        if best
        else "The advice is to reroll nothing: no die is marked."
    )
    return {"dice": _field_dice(dice, best), "advise": True}, said


def _roller_logged(action: str, values: Values) -> dict[str, str] | None:
    """The roll log's entry for Roll and Reroll marked: the pool, the dice, the best set."""
    if action not in {"roll", "reroll"}:
        return None
    dice = _rolled(values)
    target = int(values["difficulty"])
    used = int(values["round"])
    what = f"{TITLE}: {dice_word(len(dice))} against difficulty {difficulty_words(target)}"
    if action == "reroll":
        what += f", {_round_words(used).lower()}"
    best = dw.outcomes(dice, target)[0]
    outcome = f"{_set_name(best.height)}: {_RESULT_WORDS[best.result]}"
    if best.bonus_dice:
        outcome += f", {dice_word(best.bonus_dice, 'bonus')}"
    faces = " ".join(f"[{_KIND_MARK[d.kind]}{d.face}]" for d in dice)
    return {
        "what": what,
        "dice": faces,
        "total": "",
        "outcome": outcome,
        "said": f"Rolled the pool: {outcome}",
    }


def _roller_disabled(values: Values) -> list[str]:
    if not values["dice"] or int(values["round"]) >= ROUNDS:
        return ["reroll", "advise"]
    return [] if _marked(values) else ["reroll"]


def _roller_unused(values: Values) -> list[str]:
    return [] if values["dice"] else ["dice"]


def from_sheet(sheet: Values) -> tuple[dict[str, Any], str]:
    """What a check takes from the character sheet (The Danger Track): one threat die per
    filled Bashed box, one die lost per filled Stunned box, and the danger level (which
    caps the danger dice). Answers the roller's fields and the sentence that says so.
    """
    bashed = sheet[_sheet.TRACK_FIELDS["Bashed"]]
    stunned = sheet[_sheet.TRACK_FIELDS["Stunned"]]
    level = sheet["level"]
    name = str(sheet["name"]).strip()
    zone = dw.zone(level)
    whose = f"your sheet ({name})" if name else "your sheet"
    line = (
        f"From {whose}: Bashed {bashed} → {dice_word(bashed, 'threat')}; "
        f"Stunned {stunned} → {dice_word(stunned)} lost; danger level {level} → up to "
        f"{dice_word(zone.danger_dice, 'danger')}."
    )
    if sheet[_sheet.TRACK_FIELDS["K.O.'d"]] or sheet[_sheet.TRACK_FIELDS["Dead"]]:
        line += " The sheet marks the PC K.O.'d or Dead: no actions until that clears."
    return {"bashed": bashed, "lost": stunned, "level": level}, line


SOURCE = Source(store=_sheet.STORE, fields=_sheet.SHEET.fields, switch="use_sheet", take=from_sheet)
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
        Flag(
            "use_sheet",
            "Use my sheet",
            True,
            printed=False,
            hint="Take Bashed, Stunned and the danger level from the character sheet saved "
            "in this browser.",
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
    ),
    show=_roller_show,
    unused=_roller_unused,
    settle=_roller_settle,
    actions=(("roll", "Roll"), ("reroll", "Reroll marked"), ("advise", "Advise")),
    act=_roller_act,
    logged=_roller_logged,
    disabled=_roller_disabled,
    source=SOURCE,
)
"""Danger World, Dice Mechanics: a check rolled, rerolled twice, its sets and the advice."""

WIDGETS: tuple[Widget, ...] = (ROLLER,)
