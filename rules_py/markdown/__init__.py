"""Markdown extensions that put Rollbook's widgets into pages at build time.

- :mod:`rules_py.markdown.roll`: inline rolls, `` `#!roll 3d10k2+2` `` (pymdownx.inlinehilite).
- :mod:`rules_py.markdown.odds`: ```` ```odds ```` fences with the exact table and chart
  (pymdownx.superfences).

They need ``markdown`` and ``pymdown-extensions`` (the ``site`` extra); the browser never
imports them.
"""
