"""Rules of Danger World v1 (a wiki page, "From Quick Shot").

d6 action pools with two rounds of rerolls and sets; danger and threat dice;
the danger track. One module per chapter of the source:

* :mod:`~rules_py.systems.danger_world.pools` -- Dice Mechanics, Special Dice,
  Challenges: difficulties, sets and outcomes, botches, danger and threat dice,
  the GM Options table, rolling and rerolling a pool.
* :mod:`~rules_py.systems.danger_world.rerolls` -- exact chances of success
  under the best rerolls (0, 1 or 2 rounds; 0-24 dice) and reroll advice.
* :mod:`~rules_py.systems.danger_world.character` -- Player Characters, Stats,
  Aspects and Story Points.
* :mod:`~rules_py.systems.danger_world.danger_track` -- The Danger Track: zones,
  danger dice, hits, the five damage tracks, rests; Long Term Consequences.
* :mod:`~rules_py.systems.danger_world.moves` -- Moves: general and special.
* :mod:`~rules_py.systems.danger_world.sheet` -- a PC's sheet in play, and the
  pool its stats, danger level and damage put into a check.

Probabilities are exact :class:`fractions.Fraction` values; nothing here
imports icepool, and nothing is computed at import (the solver builds its
tables on first use). Each module states the readings it makes where the
source is ambiguous. This package answers ``rules-py check danger-world`` and
``rules-py calc danger-world`` (:data:`CHECK_HELP`, :data:`CALC_HELP`).
"""

from rules_py.systems.danger_world._command import CALC_HELP, CHECK_HELP, calc, calc_text, check
from rules_py.systems.danger_world.character import (
    ASPECT_BONUS,
    DICE_TO_SPREAD,
    MAX_STAT,
    MENTAL_STATS,
    MIN_STAT,
    PHYSICAL_STATS,
    STATS,
    Aspect,
    AspectTree,
    StoryPoints,
    action_pool,
    aspects_from_dict,
    check_stats,
    dice_left,
    dice_spread,
    gm_threat_dice,
    invoke_bonus_dice,
    starting_stats,
)
from rules_py.systems.danger_world.danger_track import (
    DAMAGE_TRACKS,
    LONG_TERM_CONSEQUENCES,
    ZONES,
    Damage,
    DamageTrack,
    Zone,
    check_danger_dice,
    damage_from_list,
    zone,
)
from rules_py.systems.danger_world.moves import (
    GENERAL_MOVES,
    MOVES,
    Move,
    MoveRow,
    accomplishes,
    make_move,
    move,
    move_result,
)
from rules_py.systems.danger_world.pools import (
    DIFFICULTIES,
    GM_OPTIONS,
    Botches,
    Die,
    GmOption,
    SetOutcome,
    available_sets,
    count_botches,
    difficulty_name,
    effective_difficulty,
    gm_option,
    modified_difficulty,
    outcome,
    outcomes,
    overcoming_difficulty,
    reroll,
    roll_pool,
    setback_difficulty,
    succeeds,
)
from rules_py.systems.danger_world.rerolls import (
    Advice,
    Keep,
    advice,
    best_chance,
    expected_botches,
    keep_chance,
    success_chance,
    success_odds,
)
from rules_py.systems.danger_world.sheet import CharacterSheet, PoolPlan, sheet_from_dict

SYSTEM_NAME = "danger-world"
"""The command line's name for this system."""

__all__ = [
    "ASPECT_BONUS",
    "CALC_HELP",
    "CHECK_HELP",
    "DAMAGE_TRACKS",
    "DICE_TO_SPREAD",
    "DIFFICULTIES",
    "GENERAL_MOVES",
    "GM_OPTIONS",
    "LONG_TERM_CONSEQUENCES",
    "MAX_STAT",
    "MENTAL_STATS",
    "MIN_STAT",
    "MOVES",
    "PHYSICAL_STATS",
    "STATS",
    "SYSTEM_NAME",
    "ZONES",
    "Advice",
    "Aspect",
    "AspectTree",
    "Botches",
    "CharacterSheet",
    "Damage",
    "DamageTrack",
    "Die",
    "GmOption",
    "Keep",
    "Move",
    "MoveRow",
    "PoolPlan",
    "SetOutcome",
    "StoryPoints",
    "Zone",
    "accomplishes",
    "action_pool",
    "advice",
    "aspects_from_dict",
    "available_sets",
    "best_chance",
    "calc",
    "calc_text",
    "check",
    "check_danger_dice",
    "check_stats",
    "count_botches",
    "damage_from_list",
    "dice_left",
    "dice_spread",
    "difficulty_name",
    "effective_difficulty",
    "expected_botches",
    "gm_option",
    "gm_threat_dice",
    "invoke_bonus_dice",
    "keep_chance",
    "make_move",
    "modified_difficulty",
    "move",
    "move_result",
    "outcome",
    "outcomes",
    "overcoming_difficulty",
    "reroll",
    "roll_pool",
    "setback_difficulty",
    "sheet_from_dict",
    "starting_stats",
    "succeeds",
    "success_chance",
    "success_odds",
    "zone",
]
