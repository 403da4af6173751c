"""Widget fences: a system's interactive form, rendered with its answer at build time.

Configure as a pymdownx.superfences custom fence::

    - pymdownx.superfences:
        custom_fences:
          - name: widget
            class: rb-widget
            format: !!python/name:rules_py.markdown.widget.format_widget

The fence body is YAML: ``widget`` names one of :data:`rules_py.widgets.WIDGETS`,
``store`` optionally names where the browser keeps the reader's values (widgets
with the same ``store`` share them across pages), and every other key presets
one of the widget's fields::

    ```widget
    widget: wodu-check
    ability: 2
    kind: fr
    ```

The page gets the form (hidden until the script enables it) and the widget's
answer for the preset values: text, tables and charts that read without
JavaScript. The browser asks the worker for a new answer when the reader
changes a value or presses one of the widget's action buttons. A
:class:`~rules_py.widgets._fields.Dice` field is written as a row of toggle
buttons (``aria-pressed``: marked), each named by Python; a widget with a
``source`` names the store it reads in ``data-source``.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

import yaml
from markdown import Markdown
from pymdownx.superfences import SuperFencesException

from rules_py.markdown._html import (
    DIE_ICON,
    NO_SCRIPT,
    SHARE_AS_BUILT,
    attrs,
    chart_svg,
    next_id,
    scroll_box,
    unique_label,
)
from rules_py.widgets import WIDGETS, Widget
from rules_py.widgets._fields import (
    Cell,
    Choice,
    Dice,
    Field,
    Flag,
    Number,
    Rows,
    Text,
    read_values,
)
from rules_py.widgets._inputs import short_label
from rules_py.widgets._widget import refusals

_STORE = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")


def format_widget(
    source: str,
    language: str,
    class_name: str,
    options: dict[str, Any],
    md: Markdown,
    **kwargs: Any,
) -> str:
    """Render one widget fence (see the module's docstring)."""
    widget, values, store, play = parse_settings(source)
    # The values of the sheets already on this page, by store: a widget that reads one
    # (data-source) answers for it, as the page's script does on a first visit (widget.js
    # sourceValues: the store's example, the page's sheet), so that its "use my sheet"
    # fields and the line saying so are laid out as built instead of put in at mount.
    sheets: dict[str, dict[str, Any]] = getattr(md, "_rollbook_sheets", None) or {}
    given = sheets.get(widget.source.store) if widget.source else None
    panel = widget.panel(values, source=given)
    if rules := refusals(panel):
        raise SuperFencesException(
            f"Rollbook: widget {widget.name!r} refuses the fence's values: {rules[0]}"
        )
    if store is not None and md is not None:
        md._rollbook_sheets = {**sheets, store: values}
    title = unique_label(md, widget.title)
    return render(widget, values, panel, next_id(md, "widget"), store, class_name, title, play=play)


def parse_settings(source: str) -> tuple[Widget, dict[str, Any], str | None, bool]:
    """The fence's widget, its values (presets over defaults), its store name and
    whether it is laid out for a Play page (``play: true``)."""
    try:
        settings = yaml.safe_load(source) or {}
    except yaml.YAMLError as error:
        raise SuperFencesException(f"Rollbook: widget fence is not YAML: {error}") from error
    if not isinstance(settings, dict) or "widget" not in settings:
        raise SuperFencesException("Rollbook: a widget fence needs a 'widget: NAME' line")
    name = str(settings.pop("widget"))
    if name not in WIDGETS:
        raise SuperFencesException(
            f"Rollbook: unknown widget {name!r}: choose from {', '.join(sorted(WIDGETS))}"
        )
    store = settings.pop("store", None)
    play = settings.pop("play", False)
    if not isinstance(play, bool):
        raise SuperFencesException(f"Rollbook: widget 'play' is true or false (got {play!r})")
    if store is not None and not _STORE.match(str(store)):
        raise SuperFencesException(
            f"Rollbook: widget store {store!r} must be lowercase letters, digits and dashes"
        )
    widget = WIDGETS[name]
    values, errors = read_values(widget.fields, settings, strict=True)
    if errors:
        raise SuperFencesException(f"Rollbook: widget {name!r}: {errors[0]}")
    return widget, values, None if store is None else str(store), play


def render(
    widget: Widget,
    values: dict[str, Any],
    panel: dict[str, Any],
    widget_id: str,
    store: str | None,
    cls: str,
    title: str,
    *,
    play: bool = False,
) -> str:
    """The whole widget: the form (hidden without scripts; where they run, laid out from
    first paint and inert until the page's script mounts it), the roll output and the
    answer.

    The form is named ``title`` (the widget's, made unique on its page) and stays out
    of the site's search index, options and buttons alike. On a Play page (``play``)
    the values that change in play (tracked numbers, the widget's ``play_fields``)
    come first and the rest of the sheet is folded under "Edit the sheet".
    """
    unused = set(panel["unused"])

    shown = {**values, **panel["set"]}  # as the page's script writes an answer's fields

    def written(chosen: list[Field]) -> str:
        return "".join(_field(f, shown[f.name], f.name in unused) for f in chosen)

    if play:
        at_hand = [f for f in widget.fields if _in_play(widget, f)]
        setup = [f for f in widget.fields if not _in_play(widget, f)]
        fields = (
            f'<div class="rb-widget__fields rb-widget__fields--play">{written(at_hand)}</div>'
            '<details class="rb-widget__setup"><summary>Edit the sheet</summary>'
            f'<div class="rb-widget__fields">{written(setup)}</div></details>'
        )
    elif widget.gm:
        # A GM's table is run from its lines and its buttons; what it adds is typed in a fold.
        fields = (
            '<details class="rb-widget__setup rb-widget__add">'
            "<summary>Add characters and NPCs</summary>"
            f'<div class="rb-widget__fields">{written(list(widget.fields))}</div></details>'
        )
    else:
        fields = f'<div class="rb-widget__fields">{written(list(widget.fields))}</div>'
    actions = []
    disabled = set(panel["disabled"])
    for n, (act, label) in enumerate(widget.actions):
        # The first action rolls dice (Roll), but on a sheet, whose rows roll its checks.
        rolls = n == 0 and widget.check is None
        button = attrs(
            type="button",
            class_="md-button rb-widget__act" + (" md-button--primary" if rolls else ""),
            data_act=act,
            data_takes=widget.takes.get(act),
            disabled=act in disabled,
            hidden=act in panel["unused"],
        )
        icon = DIE_ICON if rolls else ""
        actions.append(f"<button{button}>{icon}{escape(label)}</button>")
    if widget.roll is not None:
        actions.append(
            f'<button type="button" class="md-button md-button--primary rb-widget__roll">'
            f"{DIE_ICON}{escape(widget.roll_label)}</button>"
        )
    # A sheet with characters keeps them in a roster (characters.js), whose bar takes Import.
    with_roster = store is not None and bool(widget.name_field) and widget.portable
    importer = (
        '<label class="md-button rb-widget__import{}">{}'
        '<input type="file" accept="application/json,.json" class="rb-visually-hidden">'
        "</label>"
    )
    if widget.portable:
        export = '<button type="button" class="md-button rb-widget__export">Export JSON</button>'
        actions.append(export)
        if not with_roster:
            actions.append(importer.format("", "Import JSON"))
    actions.append('<button type="button" class="md-button rb-widget__reset">Reset</button>')
    # What the page's script adds to the actions, laid out as built (it takes their places):
    # Print sheet beside Export (print.js printable), Share on every widget (share.js).
    if widget.portable:
        actions.append('<button type="button" class="md-button rb-print">Print sheet</button>')
    actions.append(SHARE_AS_BUILT.format("md-button rb-share"))
    actions.append('<output class="rb-widget__message" aria-live="polite"></output>')
    roster = (
        _roster_as_built(
            str(values.get(widget.name_field) or ""),
            importer.format(" rb-roster__button", "Import"),
            play,
        )
        if with_roster
        else ""
    )
    form = (
        f'<form class="rb-widget__form" hidden inert aria-label="{escape(title)}"'
        f" data-search-exclude>{roster}{fields}"
        f'<div class="rb-widget__actions">{"".join(actions)}'
        '<output class="rb-widget__status" aria-live="polite"></output></div>'
        "</form>"
    )
    rolled = '<output class="rb-widget__rolled" aria-live="polite"></output>' if widget.roll else ""
    fresh = widget.fresh_values() if widget.fresh is not None else None
    root = attrs(
        class_=f"{cls} rb-widget--{widget.name}"
        + (" rb-widget--play" if play else "")
        + (" rb-widget--gm" if widget.gm else ""),
        id=widget_id,
        data_widget=widget.name,
        data_values=json.dumps(values, separators=(",", ":")),
        data_store=store,
        data_source=widget.source.store if widget.source else None,
        data_system=widget.system or None,
        data_name_field=widget.name_field or None,
        data_fresh=None if fresh is None else json.dumps(fresh, separators=(",", ":")),
    )
    return (
        f"<div{root}>{form}{rolled}"
        f'<div class="rb-widget__panel">{render_blocks(panel["blocks"])}</div></div>'
    )


ROSTER_BUTTONS = ("New", "Duplicate", "Rename", "Delete", "Export all")
"""The roster's buttons as characters.js puts them in its bar (mountRoster), before Import."""


def _roster_as_built(name: str, importer: str, play: bool) -> str:
    """The roster's bar as characters.js draws it on a first visit (the section's example
    character, no backup yet): laid out in the page as built, so that where scripts run it
    holds the bar's room from first paint, inert, and the sheet below it does not move when
    the page's script puts the live bar in its place (mountRoster). ``play``: a Play page's
    bar, with Back up (backup.js mountBackup). ``importer``: the form's Import, which the
    live bar takes over."""
    buttons = "".join(
        f'<button type="button" class="md-button rb-roster__button">{label}</button>'
        for label in ROSTER_BUTTONS
    )
    backup = '<button type="button" class="md-button rb-backup__button">Back up</button>'
    backup_said = '<output class="rb-backup__said">No backup made in this browser yet.</output>'
    said = (
        f"{name.strip() or 'This character'} is this section's example character:"
        " play it as it is, or press New to start your own."
    )
    option = f"{name.strip() or 'Unnamed character 1'} (example)"
    return (
        '<div class="rb-roster" role="group" aria-label="Characters">'
        '<label class="rb-roster__pick"><span class="rb-roster__label">Playing as</span>'
        f'<select class="rb-roster__select"><option>{escape(option)}</option></select></label>'
        f'<div class="rb-roster__buttons">{buttons}{importer}{backup if play else ""}</div>'
        f'<output class="rb-roster__said">{escape(said)}</output>'
        f'<output class="rb-roster__kept"></output>{backup_said if play else ""}</div>'
    )


def _in_play(widget: Widget, f: Field) -> bool:
    """Whether a Play page keeps ``f`` at hand: one of ``play_fields`` (what the sheet's
    checks are rolled against). A tracked number is ticked by its boxes in the answer,
    and typed in Edit mode with the rest of the sheet (issue 29)."""
    return f.name in widget.play_fields


def render_blocks(blocks: list[dict[str, Any]]) -> str:
    """A widget's answer as HTML (the page script draws the same structure)."""
    out = []
    for block in blocks:
        html = _block(block)
        # The sheet's setup: a Play page shows it in Edit mode only (rollbook.css).
        out.append(f'<div class="rb-edit-only">{html}</div>' if block.get("edit") else html)
    return "".join(out)


def _block(block: dict[str, Any]) -> str:
    """One block of a widget's answer as HTML."""
    kind = block["type"]
    if kind == "text":
        return f'<p class="rb-panel__text">{escape(block["text"])}</p>'
    if kind == "error":
        return f'<p class="rb-panel__error rb-error">{escape(block["text"])}</p>'
    if kind == "list":
        items = "".join(f"<li>{escape(item)}</li>" for item in block["items"])
        return f'<ul class="rb-panel__list">{items}</ul>'
    if kind == "facts":
        items = "".join(
            f"<div><dt>{escape(i['label'])}</dt>"
            f"<dd{attrs(title=i['title'] or None)}>{escape(i['value'])}</dd></div>"
            for i in block["items"]
        )
        return f'<dl class="rb-facts">{items}</dl>'
    if kind == "table":
        return scroll_box("rb-panel__table", block["caption"], _table(block), role="group")
    if kind == "chart":
        return chart_svg(block["chart"])
    if kind == "track":
        return _track_boxes(block)
    if kind == "checks":
        return _sheet_checks(block)
    if kind == "group":
        current = block.get("current")
        inner = render_blocks(block["blocks"])
        group = attrs(
            class_="rb-group" + (" rb-group--current" if current else ""),
            role="group",
            aria_label=block["label"],
            aria_current="true" if current else None,
        )
        return f'<div{group}><p class="rb-group__label">{escape(block["label"])}</p>{inner}</div>'
    if kind == "buttons":
        pressed = "".join(_line_button(b) for b in block["items"])
        return f'<div class="rb-buttons">{pressed}</div>'
    raise ValueError(f"unknown block type {kind!r}")  # pragma: no cover - a widget's mistake


def _sheet_checks(block: dict[str, Any]) -> str:
    """A sheet's rolled values in play: a compact row each, with its chance and its Roll
    (docs/assets/rollbook/draw.js draws the same). Without scripts, the Rolls stay
    disabled and say why, and each chance's exact fraction is its title."""
    rows = "".join(_check_row(row) for row in block["rows"])
    caption = escape(block["caption"])
    return (
        f'<div class="rb-sheet" role="group" aria-label="{caption}">'
        f'<p class="rb-sheet__caption">{caption}</p>'
        f'<ul class="rb-sheet__rows">{rows}</ul></div>'
    )


def _chance(row: dict[str, Any]) -> str:
    """A row's chance: its percentage, the exact fraction (and the rest) on demand."""
    if not row["chance"]:
        return '<span class="rb-chance rb-chance--none"></span>'
    exact = row["exact"] + (f"; {row['detail']}" if row["detail"] else "")
    button = attrs(
        type="button",
        class_="rb-chance",
        title=f"Exactly {exact}",
        aria_label=f"Chance {row['chance']}: show it exactly",
        data_chance=row["chance"],
        data_exact=exact,
        aria_pressed="false",
    )
    return f"<button{button}>{escape(row['chance'])}</button>"


def _check_row(row: dict[str, Any]) -> str:
    """One row of :func:`_sheet_checks`: name (and note), value, chance, Roll; a row with
    ``choices`` rolls one of them, picked under the row."""
    name = escape(row["name"]) + (
        f'<small class="rb-sheet__note">{escape(row["note"])}</small>' if row["note"] else ""
    )
    cells = (
        f"<span{attrs(class_='rb-sheet__name', title=row['title'] or None)}>{name}</span>"
        f'<span class="rb-sheet__value">{escape(row["value"])}</span>{_chance(row)}'
        # The chance as paper shows it (a printed sheet has no buttons).
        f'<span class="rb-sheet__paper" aria-hidden="true">{escape(row["chance"])}</span>'
    )
    choices = row.get("choices") or []
    if not choices:
        return f'<li class="rb-sheet__row">{cells}{_roll_button(row, "Roll")}</li>'
    picks = "".join(
        f"<li{_choice_attrs(c)}>{_roll_button(c, c['name'])}{_chance(c)}</li>" for c in choices
    )
    choose = attrs(
        type="button",
        class_="rb-choose",
        aria_expanded="false",
        aria_label=row["label"],
        title=f"{NO_SCRIPT}. {row['label']}",
        data_title=row["label"],
        disabled=True,
    )
    return (
        f'<li class="rb-sheet__row rb-sheet__row--choices">{cells}'
        f"<button{choose}>{DIE_ICON}Roll</button>"
        f'<ul class="rb-sheet__choices" hidden>{picks}</ul></li>'
    )


def _choice_attrs(choice: dict[str, Any]) -> str:
    """A choice's item: its name and chance kept for a printed sheet, which lists them."""
    return attrs(
        class_="rb-sheet__choice", data_name=choice["name"], data_chance=choice["chance"] or None
    )


def _roll_button(row: dict[str, Any], text: str) -> str:
    """A check's roll button (widget.js enables it; see :func:`check_cell`)."""
    button = attrs(
        type="button",
        class_="rb-check",
        data_check=row["key"],
        aria_label=row["label"],
        title=f"{NO_SCRIPT}. {row['label']}",
        data_title=row["label"],
        disabled=True,
    )
    return f"<button{button}>{DIE_ICON}{escape(text)}</button>"


def _line_button(item: dict[str, str]) -> str:
    """A button pressing the widget's action ``item["act"]`` (with its argument); enabled
    by docs/assets/rollbook/widget.js."""
    button = attrs(
        type="button",
        class_="md-button rb-line-act",
        data_act=item["act"],
        aria_label=item["label"] if item["label"] != item["text"] else None,
        title=f"{NO_SCRIPT}. {item['label']}",
        data_title=item["label"],
        disabled=True,
    )
    return f"<button{button}>{escape(item['text'])}</button>"


def _tapped_boxes(block: dict[str, Any]) -> str:
    """A track whose boxes a player taps (docs/assets/rollbook/draw.js and widget.js):
    each box a button naming its state, what a tap sets in ``data-tap``. Without scripts
    the boxes show the count and stay disabled."""
    names = block.get("names") or [f"{block['label']} {n + 1}" for n in range(block["total"])]
    boxes = []
    for n, (tap, name) in enumerate(zip(block["taps"], names, strict=True)):
        filled = n < block["filled"]
        button = attrs(
            type="button",
            class_="rb-boxes__box" + (" rb-boxes__box--filled" if filled else ""),
            aria_label=f"{name}: {'ticked' if filled else 'empty'}",
            title=f"{NO_SCRIPT}. {tap['said']}",
            data_title=tap["said"],
            data_tap=json.dumps(tap["set"], separators=(",", ":")) if "set" in tap else None,
            data_tap_act=tap.get("act"),
            disabled=True,
        )
        boxes.append(f"<button{button}></button>")
    label = escape(block["label"])
    return (
        f'<div class="rb-boxes rb-boxes--taps" role="group" aria-label="{label}">'
        f'<span class="rb-boxes__label">{label}</span>'
        f'<span class="rb-boxes__row">{"".join(boxes)}</span>'
        f'<span class="rb-boxes__count">{escape(block["text"])}</span>'
        '<span class="rb-boxes__undo"></span></div>'
    )


def _track_boxes(block: dict[str, Any]) -> str:
    """A track as boxes to tick, the filled ones ticked (docs/assets/rollbook/draw.js too)."""
    if block.get("taps"):
        return _tapped_boxes(block)
    boxes = "".join(
        f'<span class="rb-boxes__box{" rb-boxes__box--filled" if n < block["filled"] else ""}">'
        "</span>"
        for n in range(block["total"])
    )
    return (
        f'<p class="rb-boxes"><span class="rb-boxes__label">{escape(block["label"])}</span>'
        f'<span class="rb-boxes__row" aria-hidden="true">{boxes}</span>'
        f'<span class="rb-boxes__count">{escape(block["text"])}</span></p>'
    )


def _table(block: dict[str, Any]) -> str:
    """A table; one that ``stack``s names each value's column in ``data-label`` (the CSS
    shows it beside the value when the table is drawn as cards on a phone)."""
    # A column without a heading (over the row headers) is a plain cell, not an empty header.
    # The column of roll buttons (a sheet's checks) is one a printed sheet leaves out.
    checks = any("check" in row for row in block["rows"])
    last = len(block["head"]) - 1
    head = "".join(
        f"<th{attrs(scope='col', class_='rb-check-col' if checks and i == last else None)}>"
        f"{escape(h)}</th>"
        if h
        else "<td></td>"
        for i, h in enumerate(block["head"])
    )
    stack = bool(block.get("stack"))
    body = []
    for row in block["rows"]:
        cells = []
        for i, (cell, title) in enumerate(zip(row["cells"], row["titles"], strict=True)):
            tag, scope = ("th", "row") if i == 0 else ("td", None)
            label = block["head"][i] if stack and i and i < len(block["head"]) else None
            cell_attrs = attrs(scope=scope, title=title or None, data_label=label or None)
            cells.append(f"<{tag}{cell_attrs}>{escape(cell)}</{tag}>")
        if "check" in row:
            cells.append(check_cell(row["check"], block["head"][-1] if stack else None))
        elif len(block["head"]) > len(row["cells"]):
            cells.append('<td class="rb-check-col"></td>')
        body.append(f"<tr{attrs(class_='rb-hit' if row['hit'] else None)}>{''.join(cells)}</tr>")
    table_class = "rb-table rb-table--stack" if stack else "rb-table"
    return (
        f'<table class="{table_class}"><caption>{escape(block["caption"])}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def check_cell(check: dict[str, str], label: str | None) -> str:
    """A sheet row's roll button (docs/assets/rollbook/widget.js draws the same).

    Without scripts it stays disabled and says why, as an inline roll does.
    """
    button = attrs(
        type="button",
        class_="rb-check",
        data_check=check["key"],
        aria_label=check["label"],
        title=f"{NO_SCRIPT}. {check['label']}",
        data_title=check["label"],
        disabled=True,
    )
    cell = attrs(class_="rb-check-col", data_label=label)
    return f"<td{cell}><button{button}>{DIE_ICON}Roll</button></td>"


def _unprinted(f: Field) -> str | None:
    """``data-print="no"`` on a field a printed sheet leaves out (docs/assets/rollbook/print.js)."""
    return None if f.printed else "no"


def _field(f: Field, value: Any, unused: bool) -> str:
    if isinstance(f, Rows):
        return _rows(f, value, unused)
    if isinstance(f, Dice):
        return _dice(f, value, unused)
    return _cell(f, value, "field", unused)


def _dice(f: Dice, dice: tuple[dict[str, Any], ...], unused: bool) -> str:
    """The dice of a roll as toggle buttons (pressed: marked); fixed dice are not pressable."""
    box = attrs(
        class_=f"rb-dice rb-field--{f.name}",
        data_dice=f.name,
        data_fixed=" ".join(f.fixed),
        data_kinds=" ".join(f.kinds),
        data_mark_word=f.mark_word,
        data_fixed_word=f.fixed_word,
        data_print=_unprinted(f),
        hidden=unused,
    )
    hint = f'<small class="rb-field__hint">{escape(f.hint)}</small>' if f.hint else ""
    buttons = "".join(_die(f, n, die) for n, die in enumerate(dice, start=1))
    return (
        f"<fieldset{box}><legend>{escape(f.label)}</legend>"
        f'<div class="rb-dice__list">{buttons}</div>{hint}</fieldset>'
    )


def _die(f: Dice, number: int, die: dict[str, Any]) -> str:
    """One die; the page script draws the same button (docs/assets/rollbook/dice.js)."""
    fixed = die["kind"] in f.fixed
    button = attrs(
        type="button",
        class_=f"rb-part rb-part--die rb-die rb-die--{die['kind']}",
        data_face=die["face"],
        data_kind=die["kind"],
        aria_pressed=None if fixed else ("true" if die["marked"] else "false"),
        aria_disabled="true" if fixed else None,
        aria_label=f.die_name(number, die),
    )
    return f"<button{button}>{die['face']}</button>"


def _cell(f: Cell, value: Any, role: str, unused: bool = False) -> str:
    data: dict[str, object] = {f"data_{role}": f.name}
    hint = ""
    if f.hint and role == "cell":  # a row repeats its cells: the hint goes in a tooltip
        data["title"] = f.hint
    elif f.hint:
        hint = f'<small class="rb-field__hint">{escape(f.hint)}</small>'
    label = f'<span class="rb-field__label">{escape(f.label)}</span>'
    wrapper = attrs(class_=f"rb-field rb-field--{f.name}", data_print=_unprinted(f), hidden=unused)
    if isinstance(f, Flag):
        box = attrs(type="checkbox", checked=bool(value), **data)
        return f"<label{wrapper}><input{box}> {label}{hint}</label>"
    if isinstance(f, Number):
        control = (
            "<input"
            + attrs(
                type="number",
                value=value,
                min=f.minimum,
                max=f.maximum,
                step=1,
                inputmode="numeric",
                required=True,
                **data,
            )
            + ">"
        )
        if f.track:
            return _tracked(f, wrapper, label, control, hint)
    elif isinstance(f, Choice):
        options = "".join(
            f"<option{attrs(value=v, selected=v == value)}>{escape(text)}</option>"
            for v, text in f.options
        )
        control = f"<select{attrs(**data)}>{options}</select>"
    elif isinstance(f, Text):
        # The script gives the page one datalist of these per field (docs/.../widget.js).
        offered = json.dumps(f.options, separators=(",", ":")) if f.options else None
        control = (
            "<input"
            + attrs(
                type="text",
                value=value,
                maxlength=f.max_length,
                autocomplete="off",
                data_options=offered,
                **data,
            )
            + ">"
        )
    else:  # pragma: no cover
        raise TypeError(f"unknown field {f!r}")
    return f"<label{wrapper}>{label}{control}{hint}</label>"


def _tracked(f: Number, wrapper: str, label: str, control: str, hint: str) -> str:
    """A play-time value with a − and a + beside it (docs/assets/rollbook/widget.js saves
    each tap at once); the buttons stay outside the label, which names the input alone."""
    name = short_label(f.label)
    down = attrs(type="button", class_="rb-step", data_step=-1, aria_label=f"{name} −1")
    up = attrs(type="button", class_="rb-step", data_step=1, aria_label=f"{name} +1")
    return (
        f'<div{wrapper}><div class="rb-track"><label class="rb-track__label">{label}{control}'
        f"</label><button{down}>−</button><button{up}>+</button></div>{hint}</div>"
    )


def _rows(f: Rows, rows: tuple[dict[str, Any], ...], unused: bool) -> str:
    items = "".join(_row(f, row, n) for n, row in enumerate(rows, start=1))
    new_row = {c.name: f.new_row.get(c.name, c.default) for c in f.cells}
    box = attrs(
        class_=f"rb-rows rb-field--{f.name}",
        data_rows=f.name,
        data_min=f.min_rows,
        data_max=f.max_rows,
        data_new=json.dumps(new_row, separators=(",", ":")),
        data_row_label=f.row_label,
        data_print=_unprinted(f),
        hidden=unused,
    )
    hint = f'<small class="rb-field__hint">{escape(f.hint)}</small>' if f.hint else ""
    add = attrs(type="button", class_="md-button rb-rows__add", disabled=len(rows) >= f.max_rows)
    # The row the script copies when the reader adds one: there even when the list is empty.
    template = f'<template class="rb-rows__template">{_row(f, new_row, 1)}</template>'
    return (
        f"<fieldset{box}><legend>{escape(f.label)}</legend>{hint}"
        f'<div class="rb-rows__list">{items}</div>{template}'
        f"<button{add}>Add {escape(f.row_label)}</button></fieldset>"
    )


def _row(f: Rows, row: dict[str, Any], number: int) -> str:
    cells = "".join(_cell(c, row[c.name], "cell") for c in f.cells)
    label = f"{f.row_label.capitalize()} {number}"
    remove = attrs(
        type="button",
        class_="rb-row__remove",
        aria_label=f"Remove {f.row_label} {number}",
        title=f"Remove this {f.row_label}",
    )
    return (
        f'<div class="rb-row" role="group" aria-label="{escape(label)}">{cells}'
        f"<button{remove}>×</button></div>"
    )
