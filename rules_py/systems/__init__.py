"""Rules of the five systems, one module each.

System-specific mechanics live here, not in the dice notation.
"""
