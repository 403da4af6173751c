"""Odds fences: the exact distribution of an expression as a table and a bar chart.

Configure as a pymdownx.superfences custom fence::

    - pymdownx.superfences:
        custom_fences:
          - name: odds
            class: rb-odds
            format: !!python/name:rules_py.markdown.odds.format_odds

The fence body holds ``key: value`` lines::

    ```odds
    expr: 3d10k2+2
    target: 15
    columns: eq ge
    inputs: modifier target
    ```

``expr`` is required. ``target`` marks the results that meet or beat it,
``modifier`` starts the modifier input at a value, ``columns`` picks the
probability columns (``eq ge le``), ``inputs`` the controls the reader gets
(``modifier target``, or ``none``). Everything is rendered at build time; the
browser only recomputes when the reader changes an input. The inputs' values
are the page's preset: Reset goes back to them, and the figure is marked
"Edited" while they differ. An empty Target means no target.
"""

from __future__ import annotations

from html import escape
from typing import Any

from markdown import Markdown
from pymdownx.superfences import SuperFencesException

from rules_py.dice import DiceError
from rules_py.markdown._html import (
    SHARE_AS_BUILT,
    attrs,
    chart_svg,
    next_id,
    odds_table,
    scroll_box,
    unique_label,
)
from rules_py.views import COLUMNS, odds_view

_KEYS = ("expr", "target", "modifier", "columns", "inputs")
_INPUTS = ("modifier", "target")


def format_odds(
    source: str,
    language: str,
    class_name: str,
    options: dict[str, Any],
    md: Markdown,
    **kwargs: Any,
) -> str:
    """Render one odds fence (see the module's docstring for its keys)."""
    settings = parse_settings(source)
    try:
        view = odds_view(
            settings["expr"],
            modifier=settings.get("modifier", "0"),
            target=settings.get("target"),
            columns=settings.get("columns", "eq ge le").split(),
        )
    except (DiceError, ValueError) as error:
        raise SuperFencesException(f"Rollbook: bad odds fence {source!r}: {error}") from error
    inputs = settings.get("inputs", " ".join(_INPUTS)).split()
    if inputs == ["none"]:
        inputs = []
    for name in inputs:
        if name not in _INPUTS:
            raise SuperFencesException(
                f"Rollbook: unknown odds input {name!r}: use modifier, target"
            )
    title = unique_label(md, f"Odds of {settings['expr']}")
    return render(view, settings["expr"], next_id(md, "odds"), inputs, class_name, title)


def parse_settings(source: str) -> dict[str, str]:
    """``key: value`` lines into a dict; unknown keys and a missing ``expr`` are errors."""
    settings: dict[str, str] = {}
    for line in source.strip().splitlines():
        if not line.strip():
            continue
        key, sep, value = (part.strip() for part in line.partition(":"))
        if not sep or key not in _KEYS:
            raise SuperFencesException(
                f"Rollbook: odds fence line {line!r}: expected 'key: value' with a key of "
                + ", ".join(_KEYS)
            )
        settings[key] = value
    if "expr" not in settings:
        raise SuperFencesException("Rollbook: an odds fence needs an 'expr: ...' line")
    for column in settings.get("columns", "").split():
        if column not in COLUMNS:
            raise SuperFencesException(f"Rollbook: unknown odds column {column!r}: use eq, ge, le")
    return settings


def render(
    view: dict[str, Any], expr: str, widget_id: str, inputs: list[str], cls: str, title: str
) -> str:
    """The whole widget: controls (hidden without scripts; where they run, laid out from
    first paint and inert until the page's script mounts them), summary, chart and table.

    ``title`` is the figure's name on its page ("Odds of 3d10k2+2"): its form and its
    scrolling table are named after it. Neither the form nor the numbers go in search.
    """
    columns = " ".join(c["key"] for c in view["columns"][1:])
    controls = "".join(_input(widget_id, name, view) for name in inputs)
    form = (
        f'<form class="rb-odds__controls" hidden inert{attrs(aria_label=f"{title}: settings")}'
        f" data-search-exclude>{controls}"
        '<button type="button" class="rb-odds__reset">Reset</button>'
        f"{SHARE_AS_BUILT.format('rb-share-button rb-share')}"
        f'<output class="rb-odds__status" aria-live="polite"></output></form>'
        if inputs
        else ""
    )
    note = f'<p class="rb-odds__note">{escape(view["note"])}</p>' if view["note"] else ""
    figure = attrs(
        class_=cls,
        id=widget_id,
        data_odds=expr,
        data_modifier=view["modifier"],
        data_target=view["target"],
        data_columns=columns,
    )
    return (
        f"<figure{figure}>"
        f"{form}"
        f'<figcaption class="rb-odds__summary"><code class="rb-odds__expr">{escape(view["expr"])}'
        f'</code> <span class="rb-odds__text">{escape(view["summary"])}</span></figcaption>'
        f"{chart_svg(view['chart'])}"
        f"{scroll_box('rb-odds__table', f'{title}: table', odds_table(view), search=False)}"
        f"{note}</figure>"
    )


def _input(widget_id: str, name: str, view: dict[str, Any]) -> str:
    value = view[name] if view[name] is not None else ""
    field = attrs(
        type="number",
        name=name,
        id=f"{widget_id}-{name}",
        value=value,
        step=1,
        min=-10000,
        max=10000,
        inputmode="numeric",
    )
    return f'<label class="rb-odds__field">{name.capitalize()} <input{field}></label>'
