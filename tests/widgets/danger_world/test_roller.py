"""The Danger World pool roller (widgets/danger_world/_roller.py): its rolls, rerolls and
advice, its moves, and the sheet feeding it.

Exact values come from brute-force enumeration here, or from the rules package's
solver (itself tested against brute force), never from the widget code under test.
"""

from __future__ import annotations

from typing import Any

from rules_py.systems import danger_world as dw
from rules_py.widgets import answer
from rules_py.widgets._widget import refusals
from tests.widgets.danger_world.helpers import FLIGHT, ROLLER, _fences, _sheet_check, table, texts
from tests.widgets.panels import blocks_of

CARRIED = ("carry_danger", "carry_spent", "carry_won")
"""The roller's buttons that carry a finished roll back to the sheet (issue 27, item 8)."""


def roller(
    previous: dict[str, Any] | None = None,
    act: str | None = None,
    source: dict[str, Any] | None = None,
    **values: Any,
) -> dict[str, Any]:
    args: dict[str, Any] = {"values": values}
    if previous is not None:
        args["previous"] = previous
    if act is not None:
        args["act"] = act
    if source is not None:
        args["source"] = source
    return answer(ROLLER, "show", args)


def dice(faces: str, marked: str = "") -> list[dict[str, Any]]:
    """``"1 3 D5 T2"`` as the dice field holds them; ``marked`` numbers the marked dice."""
    kinds = {"D": "danger", "T": "threat"}
    marks = {int(n) for n in marked.split()}
    return [
        {"face": int(t[-1]), "kind": kinds.get(t[0], "normal"), "marked": i in marks}
        for i, t in enumerate(faces.split(), start=1)
    ]


def rolling(panel: dict[str, Any]) -> list[str]:
    """The roll's own buttons the panel turns off (not those that carry it to the sheet)."""
    return [a for a in panel["disabled"] if a not in CARRIED]


def test_danger_world_roller_advises_keeping_the_threes_of_1_3_3_5_6() -> None:
    panel = roller(dice=dice("1 3 3 5 6"), difficulty="3", round="1", advise=True)
    said = texts(panel)
    # one round left: keep 3, 3 and reroll three dice, which need one more 3: 1 - (5/6)^3
    assert "the best keep is worth 42.13% (91/216)" in said
    assert "stopping now: 0.00% (0)" in said
    (advised,) = blocks_of(panel, "list")
    assert advised["items"] == [
        "Keep 3 and 3 (dice 2 and 3) and reroll 1, 5 and 6 (dice 1, 4 and 5): 42.13% (91/216)."
    ]
    # two rounds left: the same keep, worth more
    two_rounds = roller(dice=dice("1 3 3 5 6"), difficulty="3", advise=True)
    best = dw.keep_chance([3, 3], 5, 3, 2)
    assert f"({best})" in texts(two_rounds)
    assert blocks_of(two_rounds, "list")[0]["items"] == [
        "Keep 3 and 3 (dice 2 and 3) and reroll 1, 5 and 6 (dice 1, 4 and 5): "
        f"{float(best) * 100:.2f}% ({best})."
    ]
    assert not blocks_of(roller(dice=dice("1 3 3 5 6"), difficulty="3"), "list")  # advice off


def test_danger_world_roller_advise_marks_the_optimal_keep_s_rerolls() -> None:
    state = {"dice": dice("1 3 3 5 6", marked="2"), "difficulty": "3", "own": "1, 3, 3, 5, 6"}
    panel = roller(previous=state, act="advise", **state)
    assert panel["set"]["dice"] == dice("1 3 3 5 6", marked="1 4 5")
    assert panel["set"]["advise"] is True
    assert panel["told"] == "Marked the advised dice to reroll: 1, 4 and 5."
    assert "the best keep is worth" in texts(panel)
    assert rolling(panel) == []  # dice marked: Reroll marked is on


def test_danger_world_roller_offers_each_set_with_outcome_bonus_botches_and_danger() -> None:
    panel = roller(
        dice=dice("3 3 3 2 D3 T3"), danger=1, threat=1, stat_a=2, stat_b=2, difficulty="2"
    )
    sets = table(panel, "The sets the dice offer now")
    # set of 3 from the normal 3s first: the 2 botches below 3, the threat 3 at 3 or below
    assert sets["Set of 3"] == ["success", "1", "2 botches: 1 normal die and 1 threat die", "+0"]
    assert sets["No set"] == ["failure", "0", "none", "+0"]


def test_danger_world_roller_a_danger_die_needed_in_the_set_raises_danger() -> None:
    panel = roller(dice=dice("1 3 3 D3"), danger=1, stat_a=2, stat_b=1, difficulty="3")
    assert table(panel, "The sets")["Set of 3"] == ["success", "0", "1 botch: 1 normal die", "+1"]


def test_danger_world_roller_refuses_dice_that_do_not_match_the_pool() -> None:
    panel = roller(dice=dice("1 2 3"))
    assert panel["invalid"] == ["dice", "own"]
    assert refusals(panel)[0].startswith(
        "The dice showing are 3 normal, 0 danger, 0 threat, but the pool is 5 normal"
    )
    assert roller(dice=[{"face": 9, "kind": "normal", "marked": False}])["invalid"] == ["dice"]
    assert roller(own="1, 9")["invalid"] == ["own"]


def test_danger_world_roller_refuses_danger_dice_past_the_zone_rank() -> None:
    assert roller(danger=2, level=5)["invalid"] == ["danger"]
    assert not refusals(roller(danger=2, level=6))


def test_danger_world_roller_refuses_marking_a_threat_die() -> None:
    base = {"stat_a": 1, "stat_b": 1, "threat": 1}
    panel = roller(**base, dice=dice("1 3 T2", marked="3"))
    assert panel["invalid"] == ["dice"]
    assert "die 3 is a threat die and cannot be marked (never rerolled)" in refusals(panel)[0]
    assert not refusals(roller(**base, dice=dice("1 3 T2", marked="1")))


def test_danger_world_roller_rolls_then_rerolls_two_rounds_with_the_buttons() -> None:
    start = {"stat_a": 3, "stat_b": 2, "danger": 1, "threat": 1, "difficulty": "3"}
    panel = roller(previous=start, act="roll", **start)
    assert rolling(panel) == ["reroll"]  # nothing marked yet
    rolled = panel["set"]["dice"]
    assert [d["kind"] for d in rolled] == ["normal"] * 5 + ["danger", "threat"]
    assert not any(d["marked"] for d in rolled) and panel["set"]["round"] == "0"
    assert panel["set"]["own"] == ", ".join(
        {"normal": "", "danger": "D", "threat": "T"}[d["kind"]] + str(d["face"]) for d in rolled
    )
    assert panel["told"].startswith("Rolled 7 dice: ")
    state = {**start, **panel["set"]}
    # the reader taps dice 1 and 2, then rerolls them: round one
    state["dice"] = [{**d, "marked": i < 2} for i, d in enumerate(rolled)]
    panel = roller(previous=state, **state)
    assert "Round 1 of 2: dice 1 and 2 (showing" in texts(panel)
    again = roller(previous=state, act="reroll", **state)
    assert again["set"]["round"] == "1"
    after = again["set"]["dice"]
    assert after[2:] == rolled[2:] and not any(d["marked"] for d in after)
    assert again["told"].startswith("Round 1 of 2: rerolled dice 1 and 2 (")
    assert "); they now show " in again["told"]
    assert rolling(again) == ["reroll"]
    state = {**state, **again["set"]}
    # round two: die 3 marked; rerolled, the rounds are spent and the buttons say so
    state["dice"] = [{**d, "marked": i == 2} for i, d in enumerate(after)]
    marked = roller(previous=state, **state)
    assert (
        f"Round 2 of 2: die 3 (showing {after[2]['face']}) is marked; press Reroll marked "
        "to roll it again." in texts(marked)
    )
    last = roller(previous=state, act="reroll", **state)
    assert last["told"].startswith("Round 2 of 2: rerolled die 3 (")
    assert "); it now shows " in last["told"]
    assert last["set"]["round"] == "2"
    final = last["set"]["dice"]
    assert final[:2] == after[:2] and final[3:] == after[3:]
    assert "Both reroll rounds are used" in texts(last)
    assert rolling(last) == ["advise", "reroll"]
    state = {**state, **last["set"]}
    done = roller(previous=state, act="reroll", **state)  # a spent round does nothing
    assert done["set"] == {} and done["told"] == ""


def test_danger_world_roller_own_dice_typed_in_become_the_dice() -> None:
    state = {"stat_a": 1, "stat_b": 1, "threat": 1}
    panel = roller(previous=state, **state, own="2, 2, T1")
    assert panel["set"] == {"dice": dice("2 2 T1")}
    assert "Set of 2" in table(panel, "The sets")


def test_danger_world_roller_changing_the_pool_clears_the_roll() -> None:
    state = {"dice": dice("1 3 3 5 6", marked="1"), "round": "1", "own": "1, 3, 3, 5, 6"}
    panel = roller(previous=state, **{**state, "bonus": 1})
    assert panel["set"] == {"dice": [], "own": "", "round": "0", "applied": ""}
    assert "No dice yet" in texts(panel)
    assert panel["unused"] == [
        "applied",
        "carry_danger",
        "carry_spent",
        "carry_won",
        "character",
        "dice",
        "handed",
        "held",
        "seen",
        "specials",
        "stats",
        "use_sheet",
    ]


def test_danger_world_roller_a_success_marks_the_die_that_would_botch() -> None:
    # Issue 16: 3, 3, 3, 2, 6 at difficulty 3 already succeeds; the 2 would botch under the set.
    state = {"dice": dice("3 3 3 2 6"), "difficulty": "3", "round": "1"}
    panel = roller(previous=state, act="advise", **state)
    assert panel["set"]["dice"] == dice("3 3 3 2 6", marked="4")
    assert panel["told"] == "Marked the advised die to reroll: 4."
    assert blocks_of(panel, "list")[0]["items"] == [
        "Keep 3, 3, 3 and 6 (dice 1, 2, 3 and 5) and reroll 2 (die 4): success 100%; botches "
        "expected after the reroll 1/3, against 1 if you stop now with the set of 3."
    ]
    # With nothing that would botch under the set, the advice is to stop.
    clean = {"dice": dice("2 2 4 4 4 4"), "difficulty": "2", "stat_a": 3, "stat_b": 3}
    panel = roller(previous=clean, act="advise", **clean)
    assert panel["told"] == "The advice is to reroll nothing: no die is marked."
    assert (
        "the dice already hold a set of 2, which succeeds at difficulty 2, and no die would "
        "botch under it: stop here (success 100%)."
    ) in texts(panel)


def test_danger_world_roller_a_success_names_the_set_it_keeps() -> None:
    # The set of 2 needs the danger die, the set of 4 none: the advice keeps the 4s and says
    # so; stopping now with the set of 4, both 2s would botch.
    panel = roller(
        dice=dice("D2 2 4 4 4 4"), danger=1, stat_a=3, stat_b=2, difficulty="2", advise=True
    )
    assert "the dice already hold a set of 4, which succeeds at difficulty 2." in texts(panel)
    assert blocks_of(panel, "list")[0]["items"] == [
        "Keep 4, 4, 4 and 4 (dice 3, 4, 5 and 6) and reroll 2 and 2 (dice 1 and 2): success "
        f"100%; botches expected after the reroll {dw.expected_botches([4] * 4, 2, 2)}, "
        "against 2 if you stop now with the set of 4."
    ]


def test_danger_world_roller_advises_rerolling_the_1_of_1_3_3_3_6_at_difficulty_3() -> None:
    # A set of three already succeeds, kept it cannot be lost: the 1 is rerolled to shed
    # its botch, which stays only on a 1 or a 2 (1/3).
    panel = roller(dice=dice("1 3 3 3 6"), difficulty="3", round="1", advise=True)
    assert (
        "Advice (1 reroll round left): the dice already hold a set of 3, which succeeds at "
        "difficulty 3. Kept, it makes success certain (100%), so the advice rerolls the dice "
        "that would botch under it (each 1 and each die below the set), which may come up "
        "clean."
    ) in texts(panel)
    assert blocks_of(panel, "list")[0]["items"] == [
        "Keep 3, 3, 3 and 6 (dice 2, 3, 4 and 5) and reroll 1 (die 1): success 100%; botches "
        "expected after the reroll 1/3, against 1 if you stop now with the set of 3."
    ]


def test_danger_world_roller_at_difficulty_7_no_set_succeeds() -> None:
    panel = roller(dice=dice("3 3 3 2 6"), difficulty="7", advise=True)
    assert table(panel, "The sets")["Set of 3"][0] == "partial"
    assert "stopping now: 0.00% (0)" in texts(panel)


# --------------------------------------------------------------------------
# The sheet feeds the roller
# --------------------------------------------------------------------------


def test_danger_world_roller_with_a_move_says_what_the_best_set_accomplishes() -> None:
    panel = roller(dice=dice("1 3 3 3 5"), difficulty="3", move="Fighting")
    said = texts(panel)
    assert (
        "With the best set: Fighting: the set of 3 reaches difficulty 3 (meaningful), so it "
        "accomplishes defeating a common enemy." in said
    )
    fighting = table(panel, "Fighting")
    assert fighting["3"] == ["defeating a common enemy", "meaningful"]
    assert fighting["6"] == ["defeating a major campaign threat", "monumental"]
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"] == "Fighting"]
    assert [row["hit"] for row in block["rows"]] == [False, True, False, False, False]
    # the advice names what its target accomplishes
    advised = roller(dice=dice("1 2 2 4 5"), difficulty="4", move="Fighting", advise=True)
    assert (
        "The advice aims at a set of 4 or more: under Fighting, it accomplishes defeating an "
        "officer or otherwise notable enemy." in texts(advised)
    )


def test_danger_world_roller_s_move_line_claims_only_what_the_set_achieves() -> None:
    """Issue 27, item 5: at difficulty 4 a set of 2 is a partial success; it does not
    defeat a minion (its own row), and the move's table marks no row as accomplished."""
    panel = roller(dice=dice("1 2 2 4 5"), difficulty="4", move="Fighting")
    said = texts(panel)
    assert "minion" not in " ".join(said)
    assert (
        "With the best set: Fighting: the set of 2 is below difficulty 4 (significant): a "
        "partial success, which does not accomplish the attempt (defeating an officer or "
        "otherwise notable enemy) and gives 2 bonus dice." in said
    )
    (block,) = [b for b in blocks_of(panel, "table") if b["caption"] == "Fighting"]
    assert not any(row["hit"] for row in block["rows"])
    # a set above the difficulty accomplishes the difficulty's row, with the extra benefit
    above = roller(dice=dice("4 4 4 4 1"), stat_a=3, stat_b=2, difficulty="2", move="Fighting")
    assert (
        "With the best set: Fighting: the set of 4 reaches difficulty 2 (minor), so it "
        "accomplishes defeating a minion or minor enemy, with an extra benefit to work out "
        "with the GM and 2 bonus dice." in texts(above)
    )
    (block,) = [b for b in blocks_of(above, "table") if b["caption"] == "Fighting"]
    assert [row["hit"] for row in block["rows"]] == [True, False, False, False, False]


def test_danger_world_roller_with_a_move_and_no_set_or_an_empty_row() -> None:
    nothing = texts(roller(dice=dice("1 2 3 4 5"), move="Parley"))
    assert "With the best set: Parley: no set, so the move accomplishes nothing." in nothing
    aid = roller(dice=dice("2 2 4 4 4 4"), stat_a=4, stat_b=2, move="Aid Another", difficulty="4")
    assert (
        "Aid Another: the set of 4 reaches difficulty 4 (significant); the move names no "
        "accomplishment for that row." in texts(aid)
    )
    assert table(aid, "Aid Another")["2"] == ["provide height in bonus dice", "minor"]
    assert table(aid, "Aid Another")["4"] == ["(none given)", "significant"]
    # before a roll the move's table shows; with no move, neither table nor sentence
    assert table(roller(move="Fighting"), "Fighting")["2"][0] == "defeating a minion or minor enemy"
    plain = roller(dice=dice("1 3 3 3 5"), difficulty="3")
    assert "With the best set" not in texts(plain)
    assert [b["caption"] for b in blocks_of(plain, "table")] == ["The sets the dice offer now"]


def test_danger_world_roller_logs_the_move_and_refuses_an_unknown_one() -> None:
    state = {"stat_a": 4, "stat_b": 4, "difficulty": "2", "move": "Fighting"}
    panel = roller(previous=state, act="roll", **state)
    rolled = [dw.Die(d["face"], d["kind"]) for d in panel["set"]["dice"]]
    best = dw.outcomes(rolled, 2)[0].height
    said = dw.move_result(dw.move("Fighting"), rolled, 2, best)
    assert panel["log"]["outcome"].endswith(f"; {said}")
    bad = roller(move="Flying")
    assert bad["invalid"] == ["move"]
    assert "Move must be one of" in refusals(bad)[0]


def test_danger_world_roller_uses_a_special_move_from_the_sheet() -> None:
    sheet = {
        "name": "Kite",
        "difficulty": "4",
        "special_moves": [{"name": " ", "set_2": "x"}, FLIGHT],
    }
    fed = roller(source=sheet)["set"]
    assert "Special moves: Flight." in texts(roller(source=sheet))
    # the unnamed row is no move: Flight is the sheet's first
    state = {**fed, "dice": dice("4 4 4 4 1"), "stat_a": 3, "stat_b": 2, "lost": 0}
    panel = roller(source=sheet, move="special:1", **state)
    assert not refusals(panel)
    assert (
        "With the best set: Flight: the set of 4 reaches difficulty 4 (significant), so it "
        "accomplishes outflying a car." in texts(panel)
    )
    assert table(panel, "Flight")["3"] == ["(none given)", "meaningful"]
    assert "specials" in panel["unused"]


def test_danger_world_roller_refuses_a_special_move_the_sheet_does_not_hold() -> None:
    fed = roller(source={"special_moves": [FLIGHT]})["set"]
    two = roller(source={"special_moves": [FLIGHT]}, move="special:2", **fed)
    assert two["invalid"] == ["move"]
    assert refusals(two)[0].startswith(
        "Special move 2 comes from the character sheet, and the sheet holds 1 special move"
    )
    off = roller(use_sheet=False, specials=fed["specials"], move="special:1")
    assert off["invalid"] == ["move"]
    assert "and Use my sheet is off" in refusals(off)[0]
    assert roller(move="special:1")["invalid"] == ["move"]  # no sheet saved
    assert roller(specials="not json")["invalid"] == ["specials"]


def test_danger_world_sheet_store_is_where_the_roller_reads() -> None:
    from rules_py.widgets.danger_world._roller import SOURCE

    assert _fences("player-characters.md")[0]["store"] == SOURCE.store


def test_danger_world_roller_takes_the_check_from_the_sheet() -> None:
    sheet = {"name": "Ada", "track_bashed": 2, "track_stunned": 1, "level": 7, "danger": 2}
    panel = roller(source=sheet)
    assert panel["set"] == {
        "stat_a": 3,
        "stat_b": 2,
        "bonus": 0,
        "lost": 1,
        "bashed": 2,
        "level": 7,
        "danger": 2,
        "threat": 0,
        "difficulty": "3",
        "character": "Ada",
        "stats": "Agility + Speed",
        "handed": "",
        "specials": "",
        "held": 0,
    }
    assert panel["taken"] == sorted(panel["set"])
    assert blocks_of(panel, "text")[0]["text"] == (
        "From your sheet (Ada): Agility 3 + Speed 2, 2 danger dice; Bashed 2 → 2 threat "
        "dice; Stunned 1 → 1 die lost; danger level 7 → up to 2 danger dice; difficulty 3 "
        "(meaningful)."
    )
    # 3 + 2 stat dice, one lost to Stunned; the threat dice join those of the challenge
    assert "The pool: 4 normal dice, 2 danger dice and 3 threat dice" in texts(
        roller(source={**sheet, "threat": 1})
    )
    assert "use_sheet" not in panel["unused"]
    assert "character" not in panel["unused"]  # the page shows whose check it is
    # An Injured box lowers the stat the GM named; the second stat is the sheet's choice.
    injured = {"track_injured": 1, "injured": "Perception", "check_a": "Perception"}
    panel = roller(source={**injured, "check_b": "Cool", "name": ""})  # not the example, Rook
    assert (panel["set"]["stat_a"], panel["set"]["stat_b"]) == (2, 1)
    assert panel["set"]["character"] == "Unnamed character"
    assert panel["set"]["stats"] == "Perception + Cool"


def test_danger_world_roller_without_a_sheet_or_with_it_off_keeps_the_readers_values() -> None:
    alone = roller(bashed=1, lost=2)
    assert alone["set"] == {} and alone["taken"] == [] and "use_sheet" in alone["unused"]
    assert "From " not in texts(alone)
    off = roller(source={"track_bashed": 3}, use_sheet=False, bashed=1)
    assert off["set"] == {} and off["taken"] == [] and "use_sheet" not in off["unused"]


def test_danger_world_roller_reads_a_sheet_in_error_field_by_field() -> None:
    # a sheet that breaks a rule (nine dice spread) still has its damage boxes and stats
    panel = roller(
        source={"name": "", "Cool": 2, "track_bashed": 1, "track_kod": 1, "level": "x"}
    )
    fed = panel["set"]
    assert (fed["bashed"], fed["lost"], fed["level"], fed["stat_a"]) == (1, 0, 1, 3)
    assert texts(panel).startswith("From your sheet: Agility 3 + Speed 2; Bashed 1 → 1 threat")
    assert "The sheet marks the PC K.O.'d: unconscious, no actions" in texts(panel)
    dead = texts(roller(source={"track_dead": 1}))
    assert "The sheet marks the PC Dead: a dead PC makes no check." in dead
    assert "unconscious" not in dead
    twice = roller(source={"check_a": "Cool", "check_b": "Cool"})
    assert "The sheet names Cool twice: pick two different stats there." in texts(twice)


def test_danger_world_a_new_sheet_clears_a_roll_the_pool_no_longer_matches() -> None:
    state = {"dice": dice("1 3 3 5 6"), "own": "1, 3, 3, 5, 6"}
    panel = roller(previous=state, source={"track_stunned": 1}, **state)
    assert panel["set"]["lost"] == 1
    assert (panel["set"]["dice"], panel["set"]["own"], panel["set"]["round"]) == ([], "", "0")


def test_danger_world_the_roller_takes_up_the_sheets_check_for_rerolls() -> None:
    sheet = {"name": "Rook", "danger": 1}
    rolled = _sheet_check(sheet, "stat:Agility")
    after = {**sheet, **rolled["set"]}
    fed = roller(source=sheet)["set"]
    panel = roller(previous=fed, source=after, **fed)
    stamp, faces = rolled["set"]["last_check"].split(": ", 1)
    assert panel["set"]["own"] == faces and panel["set"]["round"] == "0"
    assert panel["set"]["seen"] == stamp
    assert rolling(panel) == ["reroll"]  # nothing marked yet; Advise is there
    # Advise marks dice and Reroll marked rolls them, named for the character.
    state = {**fed, **panel["set"]}
    advised = roller(previous=state, act="advise", **state)
    state = {**state, **advised["set"]}
    if any(d["marked"] for d in state["dice"]):
        again = roller(previous=state, act="reroll", **state)
        assert again["log"]["what"] == (
            "Rook: Agility + Speed, 6 dice against difficulty 3 (meaningful), round 1 of 2"
        )
    # The same check seen again changes nothing: the rerolled dice stay.
    kept = roller(previous=state, source=after, **state)
    assert "dice" not in kept["set"]
    # Another character's older check is not taken up: the roll is cleared instead.
    wren = {"name": "Wren", "Agility": 2, "Speed": 3, "last_check": f"{int(stamp) - 1}: 1, 1"}
    switched = roller(previous=state, source=wren, **state)
    assert switched["set"]["dice"] == []
    # Even when the roller's last answer came before its sheet changed character (a slow
    # answer dropped), a newer check is taken up.
    stale = {**state, "character": "Wren"}
    newer = {**after, "last_check": f"{int(stamp) + 5}: 2, 2, 3, 3, 4, D6"}
    assert roller(previous=stale, source=newer, **stale)["set"]["own"] == "2, 2, 3, 3, 4, D6"


def test_danger_world_the_roller_names_the_character_in_its_log_only_with_the_sheet() -> None:
    fed = roller(source={"name": "Rook"})["set"]
    panel = roller(previous=fed, act="roll", **fed)
    assert panel["log"]["what"] == "Rook: Agility + Speed, 5 dice against difficulty 3 (meaningful)"
    off = {**fed, "use_sheet": False}
    assert roller(previous=off, act="roll", **off)["log"]["what"].startswith("Pool roller: 5 dice")


def test_danger_world_roller_rolls_and_rerolls_reach_the_roll_log() -> None:
    start = {"stat_a": 2, "stat_b": 2, "danger": 1, "threat": 1, "difficulty": "3"}
    panel = roller(previous=start, act="roll", **start)
    rolled = panel["set"]["dice"]
    entry = panel["log"]
    assert entry["what"] == "Pool roller: 6 dice against difficulty 3 (meaningful)"
    assert entry["dice"] == " ".join(
        f"[{ {'normal': '', 'danger': 'D', 'threat': 'T'}[d['kind']] }{d['face']}]" for d in rolled
    )
    best = dw.outcomes(tuple(dw.Die(d["face"], d["kind"]) for d in rolled), 3)[0]
    assert entry["outcome"].startswith("No set" if best.height is None else f"Set of {best.height}")
    assert entry["said"] == f"Rolled the pool: {entry['outcome']}"
    state = {**start, **panel["set"]}
    state["dice"] = [{**d, "marked": i == 0} for i, d in enumerate(rolled)]
    again = roller(previous=state, act="reroll", **state)
    assert again["log"]["what"].endswith(", round 1 of 2")
    # marking dice, advising and showing roll nothing: no entry
    assert "log" not in roller(previous=state, **state)
    assert "log" not in roller(previous=state, act="advise", **state)


def test_danger_world_roller_s_advice_counts_a_threat_die_s_botch() -> None:
    """Issue 27, item 7: with the set kept and nothing to reroll, the advice said "no die
    would botch" while a threat die at the set's height botched."""
    panel = roller(dice=dice("3 3 3 T2"), stat_a=2, stat_b=1, threat=1, difficulty="3", advise=True)
    said = texts(panel)
    assert table(panel, "The sets")["Set of 3"][2] == "1 botch: 1 threat die"
    assert "no die would botch" not in said
    assert (
        "the dice already hold a set of 3, which succeeds at difficulty 3, and the only "
        "botch under it is 1 threat die, never rerolled: stop here (success 100%)." in said
    )
    clean = texts(roller(dice=dice("3 3 3 T5"), stat_a=2, stat_b=1, threat=1, advise=True))
    assert "and no die would botch under it: stop here (success 100%)." in clean


# --------------------------------------------------------------------------
# A finished roll carried back to the sheet (issue 27, item 8)
# --------------------------------------------------------------------------


def _carried(sheet: dict[str, Any], faces: str, act: str, **more: Any) -> dict[str, Any]:
    """The roller's answer to a carry tap, its dice ``faces`` on ``sheet``'s check."""
    fed = roller(source=sheet)["set"]
    state = {**fed, "dice": dice(faces), "own": "", **more}
    return roller(previous=state, act=act, source=sheet, **state)


def test_danger_world_roller_carries_the_danger_the_set_raised_to_the_sheet() -> None:
    # Agility 3 + Speed 2 and a danger die: the set of 3 needs the danger die's 3.
    sheet = {"name": "Rook", "danger": 1, "level": 4}
    panel = _carried(sheet, "3 3 1 5 6 D3", "carry_danger")
    assert panel["source_set"] == {"level": 5}
    assert panel["undo"] is True
    assert panel["told"] == "Rook's danger level: 4 → 5 (1 danger die in the set of 3)."
    assert panel["set"]["applied"] == "carry_danger"
    # carried once: the tap is off, and so are the rerolls of a roll now done
    assert {"carry_danger", "reroll", "advise"} <= set(panel["disabled"])
    # the sheet's new level changes no count of dice: the roll stays in the roller
    after = {**sheet, **panel["source_set"]}
    state = {**roller(source=sheet)["set"], "dice": dice("3 3 1 5 6 D3"), **panel["set"]}
    again = roller(previous=state, source=after, **state)
    assert again["set"]["level"] == 5 and "dice" not in again["set"]
    # a set without a danger die raises nothing: nothing to carry
    assert "carry_danger" in _carried(sheet, "3 3 3 5 6 D3", "carry_danger")["disabled"]


def test_danger_world_roller_carries_the_bonus_dice_spent_and_won() -> None:
    sheet = {"name": "Rook", "bonus": 2, "bonus_held": 1, "difficulty": "4"}
    spent = _carried(sheet, "2 2 1 5 6 4 6", "carry_spent")
    assert spent["source_set"] == {"bonus_held": 0}
    assert spent["told"] == (
        "Rook's bonus dice held: 1 → 0 (1 bonus die spent in this check; the other 1 came "
        "from an aspect)."
    )
    # a set of 2 at difficulty 4: a partial success, 2 bonus dice won
    won = _carried(sheet, "2 2 1 5 6 4 6", "carry_won")
    assert won["source_set"] == {"bonus_held": 3}
    assert won["told"] == (
        "Rook's bonus dice held: 1 → 3 (2 bonus dice from the set of 2, a partial success)."
    )
    # a success at the difficulty wins none; no set, none either
    assert "carry_won" in _carried(sheet, "4 4 4 4 1 2 3", "carry_won")["disabled"]
    assert "carry_won" in _carried(sheet, "1 2 3 4 5 6 6", "carry_won")["disabled"]


def test_danger_world_roller_carries_nothing_without_a_sheet_in_use() -> None:
    state = {"dice": dice("3 3 1 5 D3"), "danger": 1, "stat_a": 2, "stat_b": 2}
    panel = roller(previous=state, act="carry_danger", **state)
    assert "source_set" not in panel and "undo" not in panel
    assert {"carry_danger", "carry_spent", "carry_won"} <= set(panel["unused"])
    off = roller(source={"name": "Rook"}, use_sheet=False, **state)
    assert {"carry_danger", "carry_spent", "carry_won"} <= set(off["unused"])
