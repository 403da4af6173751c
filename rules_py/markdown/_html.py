"""HTML for the widgets, written from the same views the browser receives."""

from __future__ import annotations

from html import escape
from typing import Any

from markdown import Markdown

_ICON = (
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


def roll_button(expr: str, button_id: str, title: str, label: str | None = None) -> str:
    """An inline roll: the button and the ``<output>`` its result is written into."""
    button = attrs(
        type="button",
        class_="rb-roll__button",
        id=button_id,
        data_roll=expr,
        title=title,
        disabled=True,
    )
    return (
        f'<span class="rb-roll">'
        f"<button{button}>"
        f'{_ICON}<span class="rb-roll__expr">{escape(label or expr)}</span></button>'
        f"<output{attrs(class_='rb-roll__output', for_=button_id, aria_live='polite')}></output>"
        "</span>"
    )


def chart_svg(chart: dict[str, Any]) -> str:
    """The bar chart of an odds view as inline SVG."""
    width, height, base = chart["width"], chart["height"], chart["baseline"]
    parts = [
        f'<svg class="rb-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(chart["label"])}" data-search-exclude>',
        f'<line class="rb-chart__axis" x1="0" y1="{base}" x2="{width}" y2="{base}"/>',
    ]
    for bar in chart["bars"]:
        cls = "rb-chart__bar rb-chart__bar--hit" if bar["hit"] else "rb-chart__bar"
        parts.append(
            f'<rect class="{cls}" x="{bar["x"]}" y="{bar["y"]}" width="{bar["width"]}" '
            f'height="{bar["height"]}"><title>{escape(bar["title"])}</title></rect>'
        )
    for label in chart["labels"]:
        parts.append(
            f'<text class="rb-chart__label" x="{label["x"]}" y="{label["y"]}" '
            f'text-anchor="middle">{escape(label["text"])}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


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
