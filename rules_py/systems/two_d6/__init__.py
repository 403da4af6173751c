"""Rules of the [2d6] Roleplaying System, version 1.0 (2012), by Joshua Gager and contributors.

Checks of 2d6 + bonus against a DC, opposed combat with armour and aiming,
casting, and point-buy characters. One module per chapter of the source:

* :mod:`~rules_py.systems.two_d6.checks` -- The Basics; checks, criticals and
  cinematics, aiding, taking 7, aiming; the roll-by-bonus and difficulty-by-bonus
  charts (Running the Game).
* :mod:`~rules_py.systems.two_d6.items` -- Items: armour's rerolls and DC
  steps, starting items.
* :mod:`~rules_py.systems.two_d6.combat` -- Combat: opposed rolls, margins and
  their options, initiative.
* :mod:`~rules_py.systems.two_d6.magic` -- Magic: casting, fizzles and wild
  spells, spell XP, the sample spells.
* :mod:`~rules_py.systems.two_d6.character` -- Stats, Talents, Skills; wounds,
  resolve, initiative, healing.
* :mod:`~rules_py.systems.two_d6.builder` -- character creation as one
  checked sheet.

Probabilities are exact :class:`fractions.Fraction` values counted from the
36 rolls of two dice; nothing here imports icepool. Each module states the
readings it makes where the source is ambiguous. This package answers
``rules-py check 2d6`` and ``rules-py calc 2d6`` (:data:`CHECK_HELP`,
:data:`CALC_HELP`).
"""

from rules_py.systems.two_d6._command import CALC_HELP, CHECK_HELP, calc, check

SYSTEM_NAME = "2d6"
"""The command line's name for this system."""

__all__ = ["CALC_HELP", "CHECK_HELP", "SYSTEM_NAME", "calc", "check"]
