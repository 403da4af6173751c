"""The GM's d6 for the enemies, each player's DEX roll and the fight's order they make
(2d10 WoDu Hack, Initiative)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from rules_py.systems._params import refusal
from rules_py.systems.wodu._common import SYSTEM, dice_pairs, require_int, shift, signed
from rules_py.systems.wodu.checks import check_roll_distribution

InitiativeBand = Literal["surprised", "ready", "head start"]


@dataclass(frozen=True, slots=True)
class PlayerInitiativeBand:
    """A band of a player's initiative (DEX) roll (2d10 WoDu Hack, Initiative)."""

    name: InitiativeBand
    label: str
    """The source's label ("Great", "Fair") or "" where it gives none."""
    lowest: int | None
    """Lowest total in the band (None: no lower limit)."""
    highest: int | None
    """Highest total in the band (None: no upper limit)."""


INITIATIVE_BANDS: Final[tuple[PlayerInitiativeBand, ...]] = (
    PlayerInitiativeBand("head start", "Great", 16, None),
    PlayerInitiativeBand("ready", "Fair", 13, 15),
    PlayerInitiativeBand("surprised", "", None, 12),
)
"""16+ head start, 13+ simply ready, 12- surprised (Initiative)."""
GM_INITIATIVE_DIE: Final = "d6"
"""The GM rolls one d6 for all the enemies (Initiative)."""
GM_INITIATIVE_MODIFIERS: Final[tuple[int, ...]] = (-1, 0, 1)
"""The GM may declare -1 or +1 before rolling, from the fiction (Initiative)."""
GM_SURPRISED_HIGHEST: Final = 3
"""GM d6 of 1-3: one or all enemies surprised; 4-6: one or all get a head start."""


def initiative_band(total: int) -> InitiativeBand:
    """The band of a player's initiative total (2d10 WoDu Hack, Initiative).

    16 or more: "head start" (Great: may act in Round 1, advantage to attack
    surprised enemies); 13-15: "ready" (Fair: no spotlight in Round 1, not
    surprised); 12 or less: "surprised" (no spotlight in Round 1, disadvantage
    to defend against enemies with a head start).
    """
    total = require_int(total, "the initiative total", "Initiative")
    for band in INITIATIVE_BANDS:
        if (band.lowest is None or total >= band.lowest) and (
            band.highest is None or total <= band.highest
        ):
            return band.name
    raise AssertionError("the initiative bands cover every total")  # pragma: no cover


def initiative_outcomes(dex: int, background: bool = False) -> dict[str, Fraction]:
    """Exact odds of each initiative band for a player (2d10 WoDu Hack, Initiative).

    The player rolls DEX, read as the core check 2d10 + DEX (the GM may call for
    another ability; pass its rating instead). The source does not mention
    Backgrounds here; ``background=True`` applies the general Background rule
    (3d10 keep highest two) for a GM who allows it.
    Returns ``{"head start", "ready", "surprised"}``.
    """
    result: dict[str, Fraction] = {b.name: Fraction(0) for b in INITIATIVE_BANDS}
    for total, p in check_roll_distribution(dex, background).items():
        result[initiative_band(total)] += p
    return result


def _require_gm_modifier(modifier: int) -> int:
    modifier = require_int(modifier, "the GM's initiative modifier", "Initiative")
    if modifier not in GM_INITIATIVE_MODIFIERS:
        raise ValueError(
            refusal(
                f"the GM may declare +1 or -1 before rolling, or nothing (got {signed(modifier)})",
                f"{SYSTEM}, Initiative",
            )
        )
    return modifier


def gm_initiative_distribution(modifier: int = 0) -> dict[int, Fraction]:
    """The GM's initiative roll for all enemies: d6 + modifier (-1, 0 or +1)."""
    return shift(dice_pairs(1, 6, "all"), _require_gm_modifier(modifier))


def gm_initiative_band(total: int) -> InitiativeBand:
    """The enemies' side of initiative (2d10 WoDu Hack, Initiative).

    1-3: "surprised" (one enemy or all of them, the GM's choice; the rest are
    simply ready); 4-6: "head start" (one or all; the rest simply ready). With
    a -1 or +1 a total of 0 or 7 is possible; the source gives no band for them,
    so 0 counts as 1-3 and 7 as 4-6.
    """
    total = require_int(total, "the GM's initiative total", "Initiative")
    if not 0 <= total <= 7:
        raise ValueError(
            refusal(
                f"the GM rolls 1d6, -1 or +1, so totals run 0-7 (got {total})",
                f"{SYSTEM}, Initiative",
            )
        )
    return "surprised" if total <= GM_SURPRISED_HIGHEST else "head start"


def gm_initiative_outcomes(modifier: int = 0) -> dict[str, Fraction]:
    """Exact odds of the enemies' initiative result: ``{"surprised", "head start"}``."""
    result: dict[str, Fraction] = {"surprised": Fraction(0), "head start": Fraction(0)}
    for total, p in gm_initiative_distribution(modifier).items():
        result[gm_initiative_band(total)] += p
    return result


@dataclass(frozen=True, slots=True)
class Spotlight:
    """One place in a fight's order (2d10 WoDu Hack, Initiative): ``who`` by the caller's
    key, a player (``total`` their initiative roll) or an enemy (``total`` None: the
    GM's one d6 sets every enemy's ``band``)."""

    who: str
    player: bool
    band: InitiativeBand
    total: int | None

    @property
    def acts_in_round_1(self) -> bool:
        """Only a head start acts in Round 1; everyone else is skipped (Round 1)."""
        return self.band == "head start"


def spotlight_order(
    players: Sequence[tuple[str, int]], enemies: Sequence[str], gm_total: int | None
) -> tuple[Spotlight, ...]:
    """The fight's order from the initiative rolls (2d10 WoDu Hack, Initiative; Round 1,
    Round 2, Round 3).

    ``players`` are (who, initiative total) and ``enemies`` who, both in the table's
    order; ``gm_total`` is the GM's d6 (with any -1 or +1), which the site applies to
    every enemy at once: the draft lets the GM choose one enemy or all of them, and the
    site's reading is all of them. The spotlight goes to the players first and the
    enemies last, in every round; Round 1 skips everyone without a head start, so that
    head-start players act, then head-start enemies, as the draft gives it. Among the
    players the draft orders only by band: the site puts a higher total first, which
    keeps the bands in order (16+, 13-15, 12-), and an equal total keeps the table's
    order. The enemies keep the table's order.
    """
    ranked = sorted(
        ((who, require_int(total, "an initiative total", "Initiative")) for who, total in players),
        key=lambda pair: -pair[1],
    )
    order = [Spotlight(who, True, initiative_band(total), total) for who, total in ranked]
    if enemies:
        if gm_total is None:
            raise ValueError(
                refusal("the GM rolls 1d6 for all the enemies first", f"{SYSTEM}, Initiative")
            )
        band = gm_initiative_band(gm_total)
        order += [Spotlight(who, False, band, None) for who in enemies]
    return tuple(order)
