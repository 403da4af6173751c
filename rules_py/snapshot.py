"""What the browser's memory snapshot holds: every module the widgets use, imported and warm.

The build runs :func:`warm_up` in Pyodide before snapshotting, so the first roll and
the first odds in the browser do not pay for imports (icepool's costs about 250 ms).
"""

from __future__ import annotations

WARM_EXPRESSIONS = ("3d10k2+2", "2d6kl1", "4dF", "4d6dl1", "2d6!", "d%+d10-1")
"""Expressions whose computation touches every code path of the dice engine."""


def warm_up() -> None:
    """Import the widgets' modules, exercise each dice path and each widget once."""
    import icepool  # noqa: F401  (imported here so that the snapshot holds it)

    from rules_py import handler, views, widgets  # noqa: F401  (handler: the worker's entry)

    for expr in WARM_EXPRESSIONS:
        views.odds_view(expr, target=1)
        views.roll_view(expr)
    for widget in widgets.WIDGETS.values():
        widget.panel({})
        if widget.roll is not None:
            widget.rolled({})
