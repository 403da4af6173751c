"""2d10 WoDu Hack initiative: the GM's d6 for the enemies and each player's DEX roll.

Every number comes from :mod:`rules_py.systems.wodu.initiative` (Initiative);
this module arranges it into blocks and rolls the dice the rules name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules_py._format import percent, signed
from rules_py.systems.wodu.abilities import MAX_ABILITY, MIN_ABILITY
from rules_py.systems.wodu.checks import BACKGROUND_CHECK_DICE, CHECK_DICE, check_roll_distribution
from rules_py.systems.wodu.initiative import (
    GM_INITIATIVE_DIE,
    GM_INITIATIVE_MODIFIERS,
    GM_SURPRISED_HIGHEST,
    INITIATIVE_BANDS,
    InitiativeBand,
    gm_initiative_band,
    gm_initiative_outcomes,
    initiative_band,
    initiative_outcomes,
)
from rules_py.views import View
from rules_py.widgets._blocks import (
    Block,
    bar_chart,
    listing,
    odds_table,
    roll_line,
    rolled,
    table,
    text,
    with_modifier,
)
from rules_py.widgets._fields import Choice, Flag, Number, Rows, Text
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.wodu._common import check_dice

_GM_MODIFIER_OPTIONS = tuple(
    (
        signed(m) if m else "0",
        f"{signed(m)}: {GM_INITIATIVE_DIE}{signed(m)}" if m else f"none: {GM_INITIATIVE_DIE}",
    )
    for m in GM_INITIATIVE_MODIFIERS
)
_BAND_NAMES: dict[InitiativeBand, str] = {
    "head start": "Head start",
    "ready": "Simply ready",
    "surprised": "Surprised",
}
_BAND_RANGES = {
    band.name: (
        f"{band.lowest}+"
        if band.highest is None
        else f"{band.highest}-"
        if band.lowest is None
        else f"{band.lowest}-{band.highest}"
    )
    for band in INITIATIVE_BANDS
}
_DEFAULT_PLAYERS = (
    {"name": "Rook", "dex": 2, "background": False},
    {"name": "Vega", "dex": 0, "background": False},
)


def _player_name(row: Mapping[str, Any], number: int) -> str:
    return str(row["name"]) or f"Player {number}"


def _initiative_show(values: Values) -> list[Block]:
    modifier = int(values["gm_modifier"])
    gm_dice = with_modifier(GM_INITIATIVE_DIE, modifier)
    enemies = gm_initiative_outcomes(modifier)
    low, high = GM_SURPRISED_HIGHEST, GM_SURPRISED_HIGHEST + 1
    blocks = [
        text(
            f"The GM rolls {gm_dice} for all the enemies: {percent(enemies['surprised'])} "
            f"that one or all of them are surprised ({low} or less), "
            f"{percent(enemies['head start'])} that one or all get a head start "
            f"({high} or more)."
        ),
        odds_table(
            f"The enemies ({gm_dice})",
            "Result",
            {
                f"Surprised ({low} or less)": enemies["surprised"],
                f"Head start ({high} or more)": enemies["head start"],
            },
        ),
    ]
    rows, titles = [], []
    bands = [b.name for b in INITIATIVE_BANDS]
    for number, row in enumerate(values["players"], start=1):
        outcomes = initiative_outcomes(row["dex"], row["background"])
        rows.append(
            [
                _player_name(row, number),
                check_dice(row["dex"], row["background"]),
                *(percent(outcomes[b]) for b in bands),
            ]
        )
        titles.append(["", "", *(str(outcomes[b]) for b in bands)])
    blocks.append(
        table(
            "The players",
            ["Player", "Roll", *(f"{_BAND_NAMES[b]} ({_BAND_RANGES[b]})" for b in bands)],
            rows,
            titles=titles,
        )
    )
    first = values["players"][0]
    dice = check_dice(first["dex"], first["background"])
    blocks.append(
        bar_chart(
            check_roll_distribution(first["dex"], first["background"]),
            f"{_player_name(first, 1)}: {dice}",
            INITIATIVE_BANDS[0].lowest,
            axis=f"{_player_name(first, 1)}'s total, {dice}",
        )
    )
    return blocks


def _has(names: list[str]) -> str:
    return "has" if len(names) == 1 else "have"


def _initiative_roll(values: Values, rng: random.Random) -> View:
    modifier = int(values["gm_modifier"])
    gm_line, gm_result = roll_line("GM", with_modifier(GM_INITIATIVE_DIE, modifier), rng)
    gm_band = gm_initiative_band(gm_result.total)
    lines = [gm_line]
    by_band: dict[InitiativeBand, list[tuple[str, int]]] = {b.name: [] for b in INITIATIVE_BANDS}
    for number, row in enumerate(values["players"], start=1):
        name = _player_name(row, number)
        line, result = roll_line(name, check_dice(row["dex"], row["background"]), rng)
        lines.append(line)
        by_band[initiative_band(result.total)].append((name, result.total))

    if gm_band == "surprised":
        enemies = "one or all of them are surprised, the GM chooses; any others are simply ready"
    else:
        enemies = "one or all of them have a head start; the rest are simply ready"
    items = [f"Enemies ({gm_result.total}): {enemies}."]
    items += [
        f"{_BAND_NAMES[band]}: {listing(f'{n} ({t})' for n, t in rolled_names)}."
        for band, rolled_names in by_band.items()
        if rolled_names
    ]
    leaders = [n for n, _ in by_band["head start"]]
    if leaders and gm_band == "head start":
        round_1 = f"to {listing(leaders)} first, then to the enemies with a head start"
    elif leaders:
        round_1 = f"only to {listing(leaders)}"
    elif gm_band == "head start":
        round_1 = "only to the enemies with a head start"
    else:
        round_1 = ""
    if round_1:
        items.append(f"Round 1: the spotlight goes {round_1}; everyone else is skipped.")
    else:
        items.append("Round 1: no one has a head start, so no one acts.")
    if leaders and gm_band == "surprised":
        items.append(
            f"{listing(leaders)} {_has(leaders)} advantage attacking the surprised enemies "
            "in Round 1."
        )
    surprised = [n for n, _ in by_band["surprised"]]
    if surprised and gm_band == "head start":
        items.append(
            f"{listing(surprised)} {_has(surprised)} disadvantage defending against the "
            "enemies with a head start in Round 1."
        )
    items.append(
        "Round 2: every player takes the spotlight, then all the enemies act; nobody is "
        "surprised any more. Round 3 and after: the same, players first."
    )
    return rolled(lines, "Who acts when:", items)


INITIATIVE = Widget(
    name="wodu-initiative",
    title="Initiative",
    fields=(
        Choice(
            "gm_modifier",
            "GM's modifier",
            _GM_MODIFIER_OPTIONS,
            "0",
            hint="Declared before the roll, when the fiction calls for it.",
        ),
        Rows(
            "players",
            "Players",
            (
                Text("name", "Name", max_length=40),
                Number(
                    "dex",
                    "DEX",
                    0,
                    MIN_ABILITY,
                    MAX_ABILITY,
                    hint="Or the ability the GM calls for.",
                ),
                Flag(
                    "background",
                    f"Background ({BACKGROUND_CHECK_DICE})",
                    hint="Only if the GM allows it here.",
                ),
            ),
            _DEFAULT_PLAYERS,
            1,
            6,
            row_label="player",
            hint=f"Each player rolls {CHECK_DICE} + DEX: "
            + ", ".join(f"{_BAND_RANGES[b]} {_BAND_NAMES[b].lower()}" for b in _BAND_NAMES)
            + ".",
            new_row={"name": "", "dex": 0, "background": False},
        ),
    ),
    show=_initiative_show,
    roll=_initiative_roll,
    roll_label="Roll initiative",
)
"""2d10 WoDu Hack, Initiative: the GM's d6 and each player's DEX roll, with the odds."""

WIDGETS: tuple[Widget, ...] = (INITIATIVE,)
