"""D10/0 health: Normal Health, the state of Current, recovery and the increase.

Every number comes from :mod:`rules_py.systems.d10_0` (The D10/0 System, Health);
this module arranges it into blocks. "Use my sheet" takes EN, SP, the increases and
Current Health from the character builder (:mod:`._character`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_py.systems import d10_0
from rules_py.systems._params import refusal
from rules_py.systems.d10_0.character import (
    HEALTH_INCREASE_COST,
    RECOVERY_RATES,
    days_to_recover,
)
from rules_py.widgets._blocks import Block, facts, table, text
from rules_py.widgets._fields import Choice, Flag, Number
from rules_py.widgets._sheet import whose
from rules_py.widgets._source import Source
from rules_py.widgets._widget import Values, Widget
from rules_py.widgets.d10_0._character import (
    BUILDER,
    MAX_HEALTH,
    MAX_INCREASES,
    STORE,
    SYSTEM,
    attribute_field,
)

# --------------------------------------------------------------------------
# Health (Health: Health Points, the Health Range, Keeping Healthy)
# --------------------------------------------------------------------------

_RATE_OPTIONS = tuple((str(rate), f"× {rate}: {name}") for rate, name in RECOVERY_RATES.items())


def _health_normal(values: Values) -> tuple[int, int]:
    en, sp = values["EN"], values["SP"]
    start = d10_0.normal_health(en, sp)
    return start, start + values["increases"] * d10_0.health_increase(en, sp)


def _state_rows(normal: int) -> list[tuple[str, str]]:
    return [
        ("Exceptional", f"{normal + 1} or more"),
        ("Normal", str(normal)),
        ("Injured", f"1 to {normal - 1}" if normal > 1 else "none (Normal is 1)"),
        ("On the Brink", "0"),
        ("Dying", f"-1 to -{normal}"),
        ("Dead", f"-{normal + 1} or lower"),
    ]


_BEYOND_RECOVERY: Mapping[str, tuple[str, str, str]] = {
    "Dying": (
        "Failing health",
        "checks to avoid worse",
        "Below 0 a dying character checks to keep its health from degrading further; it is "
        "out of the fight, and any significant action risks more harm at great difficulty "
        "(Health, Failing Health). No days back to Normal are counted.",
    ),
    "Dead": (
        "Death",
        "as the setting says",
        "What death means, final or another state of being, is the setting's (Health, Death). "
        "No days back to Normal are counted.",
    ),
}
"""What a dying or dead character gets instead of the days back to Normal."""


def _health_show(values: Values) -> list[Block]:
    en, sp, current, rate = values["EN"], values["SP"], values["current"], int(values["rate"])
    start, normal = _health_normal(values)
    if normal < 1:
        raise ValueError(
            refusal(
                f"with EN {en} and SP {sp} Normal Health is {normal}; "
                "the health range needs a Normal of 1 or more",
                f"{SYSTEM}, Health Points",
            )
        )
    state = d10_0.health_state(current, normal)
    increase = d10_0.health_increase(en, sp)
    per_day = d10_0.recovery_per_day(en, sp, rate)
    items: list[tuple[str, str] | tuple[str, str, str]] = [
        (
            "Normal Health",
            str(normal),
            f"(EN + SP) / 2 × 10 = {start}"
            + (f", plus {values['increases']} × {increase}" if values["increases"] else ""),
        ),
        ("State", state),
        (
            "Each Health Point Increase",
            f"+{increase}",
            f"{HEALTH_INCREASE_COST} PP: the average of EN and SP, rounded up",
        ),
        ("Recovery per day", str(per_day), f"{increase} × {rate} ({RECOVERY_RATES[rate]})"),
    ]
    if state in _BEYOND_RECOVERY:
        items.append(_BEYOND_RECOVERY[state])
    elif current < normal and per_day:
        days = days_to_recover(current, normal, per_day)
        items.append(("Days back to Normal", str(days), "Recovery never takes Current past Normal"))
    summary = f"Current {current} of Normal {normal}: {state}."
    if state == "Exceptional":
        summary += " Recovery adds nothing above Normal."
    elif state == "Dying":
        summary += (
            " Below 0 health is failing: the character checks to keep it from getting worse, "
            f"is out of the fight, and dies below -{normal}."
        )
    elif state == "Dead":
        summary += f" Current is below -{normal}; what death means is the setting's."
    rows = _state_rows(normal)
    return [
        text(summary),
        facts(items),
        table(
            f"The health range for Normal {normal}",
            ["State", "Current"],
            rows,
            hits=(name == state for name, _ in rows),
        ),
    ]


def health_from_sheet(sheet: Values, _health: Values) -> tuple[dict[str, Any], str]:
    """EN, SP, the Health Point Increases bought and Current Health of the played
    character (Health, Health Points)."""
    increases = sum(row["count"] for row in sheet["purchases"] if row["item"] == "health")
    bought = f"{increases} Health Point Increase{'' if increases == 1 else 's'}"
    fed = {
        "EN": sheet["EN"],
        "SP": sheet["SP"],
        "increases": increases,
        "current": sheet["current_health"],
    }
    return fed, (
        f"From {whose(sheet['name'])}: EN {sheet['EN']}, SP {sheet['SP']}, {bought}, "
        f"Current Health {sheet['current_health']}."
    )


HEALTH_SOURCE = Source(
    store=STORE, fields=BUILDER.fields, switch="use_sheet", take=health_from_sheet
)
"""The played character feeds the health widget's EN, SP, increases and Current Health."""

HEALTH = Widget(
    name="d10-0-health",
    title="Health",
    fields=(
        attribute_field(d10_0.character.attribute("EN"), 5),
        attribute_field(d10_0.character.attribute("SP"), 5),
        Number(
            "increases",
            "Health Point Increases bought",
            0,
            0,
            MAX_INCREASES,
            hint=f"{HEALTH_INCREASE_COST} Progression Points each.",
        ),
        Number("current", "Current Health", 32, -MAX_HEALTH, MAX_HEALTH),
        Choice("rate", "Recovery", _RATE_OPTIONS, "1"),
        Flag(
            "use_sheet",
            "Use my sheet",
            False,
            printed=False,
            hint="Take EN, SP, the Health Point Increases and Current Health from the "
            "character played in this browser.",
        ),
    ),
    show=_health_show,
    source=HEALTH_SOURCE,
)
"""The D10/0 System, Health: Normal, the state of Current, recovery and the increase."""

WIDGETS: tuple[Widget, ...] = (HEALTH,)
