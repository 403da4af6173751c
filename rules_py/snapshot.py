"""What the browser's memory snapshot holds: every module the widgets use, imported and warm.

The build runs :func:`warm_up` in Pyodide before snapshotting, so the first roll and
the first odds in the browser do not pay for imports (icepool's costs about 250 ms).
"""

from __future__ import annotations

from collections.abc import Iterable

WARM_EXPRESSIONS = ("3d10k2+2", "2d6kl1", "4dF", "4d6dl1", "2d6!", "d%+d10-1")
"""Expressions whose computation touches every code path of the dice engine."""


WARM_READINGS = {"d10-0": (("d10", "0-9"), ("d100", "00-99")), "danger-world": (("3d6", "pool"),)}
"""Each system's readings of inline rolls (expression, reading), rolled once."""


def warm_up(systems: Iterable[str] | None = None) -> None:
    """Import the widgets' modules, exercise each dice path and each widget once.

    ``systems`` are the site sections the build publishes (all five unless told):
    only their widgets and readings are imported, so a one-system site's snapshot
    holds one system (issue 19).
    """
    import icepool  # noqa: F401  (imported here so that the snapshot holds it)

    from rules_py import handler, views, widgets  # noqa: F401  (handler: the worker's entry)

    chosen = list(widgets.SYSTEM_WIDGETS if systems is None else systems)
    for expr in WARM_EXPRESSIONS:
        views.odds_view(expr, target=1)
        views.roll_view(expr)
    for system in chosen:
        for expr, reading in WARM_READINGS.get(system, ()):
            views.roll_view(expr, reading=reading)
    for widget in widgets.widgets_of(chosen).values():
        widget.panel({})
        if widget.roll is not None:
            widget.rolled({})
