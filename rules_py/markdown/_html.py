"""HTML for the widgets, written from the same views the browser receives."""

from __future__ import annotations

from html import escape
from typing import Any

from markdown import Markdown

SHARE_AS_BUILT = (
    '<button type="button" class="{}">Share'
    '<span class="rb-visually-hidden"> a link to these values</span></button>'
)
"""The Share button that share.js adds to a widget's actions and an odds figure's controls,
in its place in the page as built (``.format(its classes)``): where scripts run, those are
laid out from first paint, and share.js puts the live button in its place."""

DIE_ICON = (
    '<svg class="rb-die-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
    '<rect x="3" y="3" width="18" height="18" rx="4"/>'
    '<circle cx="8" cy="8" r="1.6"/><circle cx="16" cy="16" r="1.6"/>'
    '<circle cx="12" cy="12" r="1.6"/></svg>'
)


def attrs(**values: Any) -> str:
    """``data_roll="2d6"`` -> `` data-roll="2d6"``; ``None`` and ``False`` are left out."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        key = name.rstrip("_").replace("_", "-")
        out.append(f" {key}" if value is True else f' {key}="{escape(str(value))}"')
    return "".join(out)


def _count(md: Markdown | None, key: str) -> int:
    """How many times ``key`` was counted on this page, this time included."""
    counters: dict[str, int] = getattr(md, "_rollbook_ids", None) or {}
    counters[key] = counters.get(key, 0) + 1
    if md is not None:
        md._rollbook_ids = counters
    return counters[key]


def next_id(md: Markdown | None, kind: str) -> str:
    """A page-unique, build-stable id: ``rb-roll-1``, ``rb-roll-2``, ..."""
    return f"rb-{kind}-{_count(md, kind)}"


def unique_label(md: Markdown | None, label: str) -> str:
    """``label`` the first time on a page, then ``label (2)``, ``label (3)``, ...

    Named forms and regions are landmarks, which a screen reader lists by name:
    two with the same name on one page cannot be told apart.
    """
    seen = _count(md, "label:" + label)
    return label if seen == 1 else f"{label} ({seen})"


def scroll_box(
    cls: str, label: str, content: str, *, role: str = "region", search: bool = True
) -> str:
    """A box that scrolls its content: reachable from the keyboard, and named.

    A region is a landmark and needs a name unique on its page; where that cannot be
    promised (the script redraws widget tables), ``role="group"``. ``search=False``
    keeps the content out of the site's search index.
    """
    box = attrs(class_=cls, tabindex=0, role=role, aria_label=label, data_search_exclude=not search)
    return f"<div{box}>{content}</div>"


NO_SCRIPT = "Rolling needs JavaScript"
"""What a roll button says in a browser that runs no scripts (its tables still show)."""


def roll_button(
    expr: str, button_id: str, title: str, label: str | None = None, *, reading: str | None = None
) -> str:
    """An inline roll: the button and the ``<output>`` its result is written into.

    ``reading`` (``data-reading``) names the system reading the roll is shown in.

    Without scripts the button stays disabled and says why; with them, the page's head
    (overrides/partials/rollbook-start.html) enables it as it is parsed and gives it
    ``data-title`` as its title. The hint is kept out of the search index
    (``data-search-exclude``): it is not the rules' text.
    """
    button = attrs(
        type="button",
        class_="rb-roll__button",
        id=button_id,
        data_roll=expr,
        data_reading=reading,
        data_title=title,
        title=f"{NO_SCRIPT}. {title}",
        disabled=True,
    )
    return (
        f'<span class="rb-roll">'
        f"<button{button}>"
        f'{DIE_ICON}<span class="rb-roll__expr">{escape(label or expr)}</span></button>'
        f"<output{attrs(class_='rb-roll__output', for_=button_id, aria_live='polite')}></output>"
        f'<noscript data-search-exclude><span class="rb-roll__nojs">{NO_SCRIPT}</span></noscript>'
        "</span>"
    )


def chart_svg(chart: dict[str, Any]) -> str:
    """The bar chart of a view (:func:`rules_py.views.chart`) as inline SVG.

    The page script's ``drawChart`` builds the very same elements from the same view.
    """
    plot, base = chart["plot"], _num(chart["baseline"])
    parts = [
        f'<svg class="rb-chart" width="100%" height="{_num(chart["height"])}" role="img" '
        f'aria-label="{escape(chart["label"])}" data-search-exclude>'
    ]
    if chart["legend"]:
        keys = []
        for i, item in enumerate(chart["legend"]["items"]):
            gap = f' dx="{14 if i else 0}"'
            keys.append(
                f'<tspan class="rb-chart__key rb-chart__key--{escape(item["band"])}"{gap}>■</tspan>'
                f'<tspan dx="4">{escape(item["text"])}</tspan>'
            )
        parts.append(
            f'<text class="rb-chart__legend" x="0" y="{_num(chart["legend"]["y"])}">'
            f"{''.join(keys)}</text>"
        )
    parts.append(
        f'<svg class="rb-chart__plot" x="0" y="{_num(plot["top"])}" width="100%" '
        f'height="{_num(plot["height"])}" viewBox="0 0 {_num(chart["width"])} '
        f'{_num(plot["height"])}" preserveAspectRatio="none">'
    )
    for bar in chart["bars"]:
        parts.append(
            f'<rect class="{bar_class(bar)}" x="{_num(bar["x"])}" y="{_num(bar["y"])}" '
            f'width="{_num(bar["width"])}" height="{_num(bar["height"])}">'
            f"<title>{escape(bar['title'])}</title></rect>"
        )
    parts.append("</svg>")
    parts.append(f'<line class="rb-chart__axis" x1="0" y1="{base}" x2="100%" y2="{base}"/>')
    for label in chart["labels"]:
        parts.append(
            f'<text class="rb-chart__label" x="{label["x"]}" y="{_num(chart["label_y"])}" '
            f'text-anchor="middle">{escape(label["text"])}</text>'
        )
    if chart["axis"]:
        parts.append(
            f'<text class="rb-chart__title" x="50%" y="{_num(chart["axis"]["y"])}" '
            f'text-anchor="middle">{escape(chart["axis"]["text"])}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def bar_class(bar: dict[str, Any]) -> str:
    """A bar's classes: reaching the target (``--hit``) and its band (``--failure``...)."""
    cls = "rb-chart__bar"
    if bar["hit"]:
        cls += " rb-chart__bar--hit"
    if bar["band"]:
        cls += f" rb-chart__bar--{bar['band']}"
    return cls


def _num(value: float) -> str:
    """A number as JavaScript's ``String`` writes it (``3``, not ``3.0``), as drawChart does."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def odds_table(view: dict[str, Any]) -> str:
    """The odds table of an odds view; each probability carries its exact fraction."""
    head = "".join(f'<th scope="col">{escape(c["label"])}</th>' for c in view["columns"])
    body = []
    for row in view["rows"]:
        cells = [f'<th scope="row">{escape(row["cells"][0])}</th>']
        for text, exact in zip(row["cells"][1:], row["exact"], strict=True):
            cells.append(f'<td title="{escape(exact)}">{escape(text)}</td>')
        cls = ' class="rb-hit"' if row["hit"] else ""
        body.append(f"<tr{cls}>{''.join(cells)}</tr>")
    return (
        f'<table class="rb-table"><caption>Exact odds of {escape(view["expr"])}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )
