"""Rules of the five systems, one module each (system-specific mechanics live here, not in the dice notation)."""
