"""rules_py: the single source of truth for every number on Rollbook.

The same code runs at build time (Markdown extensions) and in the browser (Pyodide).
"""

from rules_py.dice import DiceError, Distribution, distribution, parse, roll, roll_seeded

__version__ = "0.1.0"
__all__ = [
    "DiceError",
    "Distribution",
    "__version__",
    "distribution",
    "parse",
    "roll",
    "roll_seeded",
]
