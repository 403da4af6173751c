"""What the browser's memory snapshot holds: every module the widgets use, imported and warm.

The build runs :func:`warm_up` in Pyodide before snapshotting, so the first roll and
the first odds in the browser do not pay for imports (icepool's costs about 250 ms).
"""

from __future__ import annotations

from collections.abc import Iterable

WARM_EXPRESSIONS = ("3d10k2+2", "2d6kl1", "4dF", "4d6dl1", "2d6!", "d%+d10-1")
"""Expressions whose computation touches every code path of the dice engine."""


KEPT: list[object] = []
"""The caches of the warm-up worth their bytes: :func:`empty_caches` empties every other."""

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
    if "danger-world" in chosen:
        from rules_py.widgets.danger_world._sheet_checks import warm_chances

        kept = warm_chances()
        if kept not in KEPT:  # (a cache equals only itself)
            KEPT.append(kept)


def empty_caches() -> None:
    """Empty every cache the warm-up filled, but those of :data:`KEPT`, and collect what
    they held: scripts/snapshot.mjs does so before it snapshots the heap. What the
    warm-up computed is not worth its bytes in what a first visit downloads, but for
    Danger World's solved chances (70 fractions, 10 KB of the packed snapshot)."""
    import functools
    import gc

    for cached in gc.get_objects():
        if isinstance(cached, functools._lru_cache_wrapper) and cached not in KEPT:
            cached.cache_clear()
    gc.collect()


def stdlib_arrived(path: str) -> None:
    """Make the standard library's zip, just written at ``path``, importable.

    The snapshot is taken and restored with an empty zip in its place (worker.js,
    ``EMPTY_ZIP``): the snapshot holds every module the widgets import, and the real zip
    is written only once the worker has been idle a moment, for a module imported later.
    What the import system knew of the empty zip is kept in ``sys.path_importer_cache``:
    its importer, which reads the archive's listing again when told, or ``None``. Only
    that entry is refreshed. ``importlib.invalidate_caches()`` would refresh it too, but
    it also imports ``importlib.metadata`` (``PathFinder.invalidate_caches``, CPython
    3.10 on), which took 270 to 340 ms in the browser's worker on every page where
    Python had answered, and a tap in that time waited for it.
    """
    import sys
    import zipimport

    finder = sys.path_importer_cache.get(path)
    if finder is None:
        sys.path_importer_cache.pop(path, None)  # made again, from the real zip, when next asked
    elif isinstance(finder, zipimport.zipimporter):
        finder.invalidate_caches()  # its listing read again from the file
