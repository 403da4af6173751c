"""D10/0 damage: any notation with its adjustments, the Damage Examples, the four blocks.

Every number comes from :mod:`rules_py.systems.d10_0` (The D10/0 System, DAT and
its Advanced Simulations); this module arranges it into blocks and rolls.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules_py._format import decimal, percent
from rules_py.dice import Distribution
from rules_py.systems import d10_0
from rules_py.systems._params import refusal
from rules_py.systems.d10_0.bursts import MAX_X, ap_cost, step_damage
from rules_py.systems.d10_0.character import ATTRIBUTES
from rules_py.systems.d10_0.checks import OVERFLOW_DEPTH
from rules_py.systems.d10_0.damage import DamageRoll, resolve_limit
from rules_py.views import View
from rules_py.widgets._blocks import Block, bar_chart, facts, rolled, table, text
from rules_py.widgets._fields import Choice, Flag, Number, Text
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.d10_0._common import (
    OVERFLOW,
    check_lines,
    describe_roll,
    difficulty,
    difficulty_field,
    difficulty_text,
    score_field,
    signed_degree,
)

MAX_TABLE_ROWS = 40
"""A damage table longer than this is left out (the chart and the facts remain)."""
MAX_CHART_BARS = 1000
"""A damage chart with more totals than this is left out (a tool limit)."""
MAX_LIMIT_SCORE = 99
"""The highest attribute score a limit field takes (a tool limit; 10+ caps nothing)."""

ATTRIBUTE_FIELDS = tuple(
    Number(
        a.abbreviation,
        f"{a.abbreviation} ({a.name})",
        5,
        0,
        MAX_LIMIT_SCORE,
        hint=f"The score that limits each {a.abbreviation}-limited die.",
    )
    for a in ATTRIBUTES
)
DAMAGE_OVERFLOW = Flag(
    "damage_overflow",
    "Damage overflow (optional): a 0 adds the die's maximum and rolls again",
)
ARMOUR = Text(
    "armour",
    "Adjustments (armour)",
    "",
    max_length=100,
    hint="Applied left to right, e.g. -10F -2R: F is flat, R is per full 10 points; "
    "damage never drops below 0.",
    parse=d10_0.parse_adjustments,
)


def _mean(dist: Distribution) -> Fraction:
    return sum((o * p for o, p in zip(dist.outcomes, dist.probabilities, strict=True)), Fraction(0))


def _limits(values: Values) -> dict[str, int]:
    return {a.abbreviation: values[a.abbreviation] for a in ATTRIBUTES}


def _range_text(dist: Distribution) -> str:
    if len(dist) == 1:
        return str(dist.minimum)
    return f"{dist.minimum} - {dist.maximum}"


def distribution_blocks(dist: Distribution, title: str, caption: str) -> list[Block]:
    """A damage distribution's table (when short enough) and its chart."""
    blocks: list[Block] = []
    if len(dist) <= MAX_TABLE_ROWS:
        rows = list(dist.rows())
        blocks.append(
            table(
                caption,
                ["Damage", "P(=)", "P(≥)"],
                ([str(o), percent(eq), percent(ge)] for o, eq, ge, _ in rows),
                titles=(["", str(eq), str(ge)] for _, eq, ge, _ in rows),
            )
        )
    if len(dist) <= MAX_CHART_BARS:
        blocks.append(bar_chart(dist, title))
    else:
        blocks.append(
            text(f"{len(dist)} different totals: too many to draw (at most {MAX_CHART_BARS}).")
        )
    if dist.beyond_cap:
        blocks.append(
            text(
                f"Damage overflow has no end; each die's chain is followed for "
                f"{OVERFLOW_DEPTH} re-rolls, and {percent(dist.beyond_cap, 6)} of "
                "rolls would have gone on (counted where the cap stops them)."
            )
        )
    return blocks


# --------------------------------------------------------------------------
# Damage (DAT: Damage, Note About Zeros, Adjustment)
# --------------------------------------------------------------------------


def _damage_show(values: Values) -> list[Block]:
    notation = d10_0.parse_damage(values["notation"])
    limits, overflow = _limits(values), values["damage_overflow"]
    chain = d10_0.parse_adjustments(values["armour"])
    raw = d10_0.damage_distribution(notation, limits, overflow)
    mean = d10_0.damage_mean(notation, limits, overflow)
    named = ", ".join(f"{a} {limits[a]}" for a in notation.limits)
    what = f"{notation}" + (f" with {named}" if named else "")
    items: list[tuple[str, str] | tuple[str, str, str]] = [
        ("Damage", str(notation), "; ".join(p.describe() for p in notation.parts)),
        ("Range" + (" (before overflow)" if overflow else ""), _range_text_pair(notation, limits)),
        ("Average", decimal(mean), str(mean)),
    ]
    blocks = [
        text(
            f"{what}{' with damage overflow' if overflow else ''}: "
            + (
                f"{raw.minimum} every time."
                if len(raw) == 1
                else f"{_range_text(raw)}, {decimal(mean)} on average."
            )
        )
    ]
    dist = raw
    if chain:
        dist = d10_0.adjust_distribution(raw, chain)
        adjusted = _mean(dist)
        chain_text = " ".join(str(a) for a in chain)
        items += [
            ("After " + chain_text, _range_text(dist)),
            ("Average after " + chain_text, decimal(adjusted), str(adjusted)),
            ("No damage at all", percent(dist.p_eq(0)), str(dist.p_eq(0))),
        ]
        blocks.append(
            text(
                f"Through {chain_text} ("
                + ", then ".join(a.describe() for a in chain)
                + f"): {_range_text(dist)}, {decimal(adjusted)} on average."
            )
        )
    blocks.append(facts(items))
    label = f"{notation}" + (f" after {' '.join(map(str, chain))}" if chain else "")
    return blocks + distribution_blocks(dist, f"damage of {label}", f"Damage of {label}")


def _range_text_pair(notation: d10_0.DamageNotation, limits: Mapping[str, int]) -> str:
    low, high = d10_0.damage_range(notation, limits)
    return str(low) if low == high else f"{low} - {high}"


def damage_parts(roll: DamageRoll, limits: Mapping[str, int]) -> list[dict[str, str]]:
    """A rolled notation as the page draws it: the flat part, then every die."""
    parts: list[dict[str, str]] = []
    if roll.flat or not roll.dice:
        parts.append({"kind": "op", "text": str(roll.flat)})
    for die in roll.dice:
        if parts:
            parts.append({"kind": "op", "text": "+"})
        faces = " then ".join(str(f) for f in die.faces)
        limit = resolve_limit(die.part, limits)
        notes = [f"rolled {faces}"]
        if len(die.faces) > 1:
            notes.append("each 0 overflows")
        if limit is not None and limit < 10:
            notes.append(f"capped at {die.part.limit} {limit}")
        if die.part.multiplier > 1:
            notes.append(f"× {die.part.multiplier:,}".replace(",", " "))
        parts.append({"kind": "die", "text": str(die.value), "title": ", ".join(notes)})
    return parts


def adjusted_outcome(total: int, chain: tuple[d10_0.Adjustment, ...]) -> str:
    """``"25 damage; after -10F -2R: 15, 13 → 13 taken"``."""
    if not chain:
        return f"{total} damage"
    steps = d10_0.adjustment_steps(total, chain)
    trail = " → ".join(str(s) for s in steps)
    return (
        f"{total} damage; through {' '.join(map(str, chain))}: {total} → {trail}, {steps[-1]} taken"
    )


def _damage_roll(values: Values, rng: random.Random) -> View:
    limits = _limits(values)
    chain = d10_0.parse_adjustments(values["armour"])
    roll = d10_0.roll_damage(values["notation"], limits, values["damage_overflow"], rng)
    line = {"label": "", "parts": damage_parts(roll, limits), "total": str(roll.total)}
    return rolled([line], adjusted_outcome(roll.total, chain))


def _damage_unused(values: Values) -> list[str]:
    try:
        named = set(d10_0.parse_damage(values["notation"]).limits)
    except ValueError:
        named = set()
    return [a.abbreviation for a in ATTRIBUTES if a.abbreviation not in named]


DAMAGE = Widget(
    name="d10-0-damage",
    title="Damage",
    fields=(
        Text(
            "notation",
            "Damage notation",
            "10 + 2D(ST)",
            max_length=200,
            hint="F + nD(X): flat plus n ten-sided dice, each capped at the limit X (an attribute "
            "or a number); K and M multiply by 1000 and 1 000 000 (5K + 1KD).",
            parse=d10_0.parse_damage,
        ),
        *ATTRIBUTE_FIELDS,
        DAMAGE_OVERFLOW,
        ARMOUR,
    ),
    show=_damage_show,
    roll=_damage_roll,
    roll_label="Roll damage",
    unused=_damage_unused,
)
"""The D10/0 System, DAT: a damage notation's exact distribution, average and roll."""


# --------------------------------------------------------------------------
# The Damage Examples table, rollable row by row (DAT, Damage)
# --------------------------------------------------------------------------

_THREATS = tuple((example.threat, example.threat) for example in d10_0.DAMAGE_EXAMPLES)


def _example(values: Values) -> d10_0.damage.DamageExample:
    return next(e for e in d10_0.DAMAGE_EXAMPLES if e.threat == values["threat"])


def _examples_show(values: Values) -> list[Block]:
    strength, overflow = values["ST"], values["damage_overflow"]
    limits = {"ST": strength}
    rows, titles, hits = [], [], []
    for example in d10_0.DAMAGE_EXAMPLES:
        low, high = d10_0.damage_range(example.notation, limits)
        mean = d10_0.damage_mean(example.notation, limits, overflow)
        rows.append(
            [
                example.threat,
                str(example.flat),
                example.variable,
                f"{low} - {high}" + (" and up" if overflow and high > low else ""),
                decimal(mean),
            ]
        )
        titles.append(["", "", "", "", str(mean)])
        hits.append(example.threat == values["threat"])
    chosen = _example(values)
    dist = d10_0.damage_distribution(chosen.notation, limits, overflow)
    return [
        text(
            f"With ST {strength}{' and damage overflow' if overflow else ''}. "
            f"{chosen.threat}: {chosen.notation}, {_range_text(dist)}"
            f"{' and up' if dist.beyond_cap else ''}, "
            f"{decimal(d10_0.damage_mean(chosen.notation, limits, overflow))} on average."
        ),
        table(
            "Damage Examples",
            ["Threat", "Flat", "Variable", "Range", "Average"],
            rows,
            titles=titles,
            hits=hits,
        ),
        *distribution_blocks(
            dist, f"damage of a {chosen.threat}", f"{chosen.threat}: {chosen.notation}"
        ),
    ]


def _examples_roll(values: Values, rng: random.Random) -> View:
    chosen = _example(values)
    limits = {"ST": values["ST"]}
    roll = d10_0.roll_damage(chosen.notation, limits, values["damage_overflow"], rng)
    line = {"label": chosen.threat, "parts": damage_parts(roll, limits), "total": str(roll.total)}
    return rolled([line], f"{chosen.threat}: {roll.total} damage")


DAMAGE_EXAMPLES = Widget(
    name="d10-0-damage-examples",
    title="Damage examples",
    fields=(
        Choice("threat", "Threat to roll", _THREATS, "Pistol"),
        Number(
            "ST",
            "ST (Strength) of the wielder",
            5,
            0,
            MAX_LIMIT_SCORE,
            hint="Caps each die of the Punch, Knife and Sledge Hammer.",
        ),
        DAMAGE_OVERFLOW,
    ),
    show=_examples_show,
    roll=_examples_roll,
    roll_label="Roll this threat",
)
"""The D10/0 System, DAT: the Damage Examples table with Strength, each row rollable."""


# --------------------------------------------------------------------------
# Bursts and blasts (DAT, Advanced Simulations)
# --------------------------------------------------------------------------

_BLOCK_OPTIONS = tuple((b.title, f"{b.title} ({b.kind})") for b in d10_0.BLOCKS)
_STREAM_AP = tuple(
    (str(ap), f"{ap} AP: {damage}") for b in d10_0.BLOCKS for ap, damage in b.damage_by_ap
)


def _block(values: Values) -> d10_0.Block:
    return d10_0.block(values["block"])


def _x(values: Values) -> int | None:
    return values["x"] if _block(values).variable_x else None


def _ap(values: Values) -> int | None:
    return int(values["ap"]) if _block(values).damage_by_ap else None


def _amount(b: d10_0.Block, index: int, x: int | None) -> int:
    return b.steps[index].threatening(x or 1)


def _degree(raw: str) -> int | None:
    """The optional degree of success to look up (None when blank)."""
    text = raw.strip().replace("−", "-")
    if not text:
        return None
    if not text.lstrip("+-").isdigit():
        raise ValueError(
            refusal(
                f"a degree of success is a whole number (got {raw!r})", "The D10/0 System, Spread"
            )
        )
    return int(text)


def _look_up(values: Values, b: d10_0.Block, chain: tuple[d10_0.Adjustment, ...]) -> Block | None:
    """The worked example: what one degree of success does with this block."""
    degree = _degree(str(values["degree"]))
    if degree is None:
        return None
    x, ap = _x(values), _ap(values)
    shots = d10_0.shots_fired(b, x)
    index = d10_0.spread_step(b, degree)
    if index is None:
        return text(
            f"A degree of {signed_degree(degree)} does not pass {b.steps[0].label}: "
            "no attack threatens the target."
        )
    step = b.steps[index]
    count = _amount(b, index, x)
    passes = f"passes {step.label}"
    if index + 1 < len(b.steps):
        passes += f" but not {b.steps[index + 1].label}"
    notation = step_damage(b, index, ap)
    sentence = f"A degree of {signed_degree(degree)} {passes}: "
    if b.variable_x:
        sentence += f"the amount is {step.amount_text()}, so {count} of the {shots} shots threaten"
    elif b.per_shot:
        sentence += f"{count} of the {shots} shots threaten"
    else:
        sentence += f"the {b.kind.lower()} threatens once"
    parsed = d10_0.parse_damage(notation)
    if not parsed.dice_parts:
        each = parsed.flat
        after = d10_0.adjust_damage(each, chain) if chain else each
        sentence += f", at {each} a shot: {count * each} damage before adjustments"
        if chain:
            sentence += f"; through {' '.join(map(str, chain))} each does {after}: {count * after}"
        return text(sentence + ".")
    mean = d10_0.damage_mean(parsed) * count
    return text(
        f"{sentence}, each for {notation}: {decimal(mean)} damage on average before adjustments."
    )


def _burst_show(values: Values) -> list[Block]:
    b = _block(values)
    score, target, overflow = values["score"], difficulty(values, True), values["overflow"]
    x, ap = _x(values), _ap(values)
    chain = d10_0.parse_adjustments(values["armour"])
    shots = d10_0.shots_fired(b, x)
    chances = d10_0.step_chances(b, score, target, overflow)
    rows, titles = [], []
    rows.append([f"≤ {b.steps[0].above:+d} (none)", "0", "—", percent(chances[0])])
    titles.append(["", "", "", str(chances[0])])
    for index, (step, p) in enumerate(zip(b.steps, chances[1:], strict=True)):
        amount = _amount(b, index, x)
        rows.append(
            [
                step.label,
                f"{amount}" + (f" ({step.amount_text()})" if step.per_x else ""),
                step_damage(b, index, ap),
                percent(p),
            ]
        )
        titles.append(["", "", "", str(p)])
    hits = d10_0.hits_distribution(b, score, target, x, overflow)
    dealt = d10_0.block_damage_distribution(
        b, score, target, x=x, ap=ap, adjustments=chain, overflow=overflow
    )
    mean = _mean(dealt)
    cost = ap_cost(b, x, ap)
    shot_word = "shot" if shots == 1 else "shots"
    blocks = [
        text(
            f"{b.title} for {cost} AP ({shots} {shot_word}), skill {score} against difficulty "
            f"{difficulty_text(target, True)}{' with overflow' if overflow else ''}: "
            f"{percent(1 - chances[0])} to threaten the target, {decimal(mean)} damage on average"
            + (f" through {' '.join(map(str, chain))} on each shot." if chain else ".")
        ),
        table(
            f"{b.title}: the spread (degree of success)",
            ["Step", "Threaten", "Damage", "Chance"],
            rows,
            titles=titles,
        ),
        facts(
            [
                ("AP cost", str(cost), b.ap_cost),
                ("Shots fired", str(shots)),
                ("Average threatening", decimal(_mean(hits)), str(_mean(hits))),
                ("Average damage", decimal(mean), str(mean)),
                ("No damage", percent(dealt.p_eq(0)), str(dealt.p_eq(0))),
            ]
        ),
    ]
    if example := _look_up(values, b, chain):
        blocks.append(example)
    label = f"{b.title}" + (f" through {' '.join(map(str, chain))}" if chain else "")
    return blocks + distribution_blocks(
        dealt, f"total damage of a {label}", f"Total damage: {label}"
    )


def _burst_roll(values: Values, rng: random.Random) -> View:
    b = _block(values)
    target = difficulty(values, True)
    x, ap = _x(values), _ap(values)
    chain = d10_0.parse_adjustments(values["armour"])
    check = d10_0.roll_check(values["score"], target, True, values["overflow"], rng)
    lines: list[dict[str, Any]] = check_lines(check, "Skill")
    index = d10_0.spread_step(b, check.degree)
    if index is None:
        return rolled(lines, f"{describe_roll(check)}. Below {b.steps[0].label}: no threat.")
    count = _amount(b, index, x)
    notation = step_damage(b, index, ap)
    total = 0
    parsed = d10_0.parse_damage(notation)
    threaten = f"{count} shot{'s' if count != 1 else ''} threaten{'s' if count == 1 else ''}"
    if parsed.dice_parts:
        for shot in range(1, count + 1):
            roll = d10_0.roll_damage(parsed, rng=rng)
            taken = d10_0.adjust_damage(roll.total, chain) if chain else roll.total
            total += taken
            lines.append(
                {
                    "label": f"Shot {shot}" + (f" ({taken} after armour)" if chain else ""),
                    "parts": damage_parts(roll, {}),
                    "total": str(roll.total),
                }
            )
        tally = f"{threaten}, {total} damage"
    else:
        each = d10_0.adjust_damage(parsed.flat, chain) if chain else parsed.flat
        total = each * count
        tally = f"{threaten} at {each} each: {total} damage"
    return rolled(
        lines,
        f"{describe_roll(check)}. Step {b.steps[index].label}: {tally}"
        + (f" through {' '.join(map(str, chain))}" if chain else ""),
    )


def _burst_unused(values: Values) -> list[str]:
    b = _block(values)
    unused = []
    if not b.variable_x:
        unused.append("x")
    if not b.damage_by_ap:
        unused.append("ap")
    return unused


BURST = Widget(
    name="d10-0-burst",
    title="Burst or blast",
    fields=(
        Choice("block", "Block", _BLOCK_OPTIONS, d10_0.BLOCKS[0].title),
        score_field("score", "Skill Total", 60, "The attacker's skill (a d100 check)."),
        difficulty_field(),
        OVERFLOW,
        Number(
            "x", "X (AP held on the trigger)", 3, 1, MAX_X, hint="3 + X AP fires 5 shots per X."
        ),
        Choice("ap", "AP spent on the stream", _STREAM_AP, _STREAM_AP[0][0]),
        ARMOUR,
        Text(
            "degree",
            "Degree of success to look up",
            "",
            max_length=6,
            hint="Optional: what one check's result does with this block.",
            parse=_degree,
        ),
    ),
    show=_burst_show,
    roll=_burst_roll,
    roll_label="Fire",
    unused=_burst_unused,
)
"""The D10/0 System, Advanced Simulations: a block's spread, hits and total damage."""

WIDGETS: tuple[Widget, ...] = (DAMAGE, DAMAGE_EXAMPLES, BURST)
