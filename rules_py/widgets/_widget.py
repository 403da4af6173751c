"""A widget: its fields, what it shows for given values, and (maybe) how it rolls."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from rules_py._format import isolated
from rules_py._log import log_entry
from rules_py.dice import fresh_seed
from rules_py.views import RequestError, View, read_seed
from rules_py.widgets._blocks import Block, error, text
from rules_py.widgets._fields import Field, FieldError, Text, read_values
from rules_py.widgets._inputs import what_rolled
from rules_py.widgets._source import Source

Values = Mapping[str, Any]

MAX_IMPORT_CHARS = 2_500_000
"""The largest file a portable widget imports, and the page reads (``MAX_FILE_CHARS`` in
docs/assets/rollbook/characters.js says the same): a file of :data:`MAX_CHARACTERS` of
the largest sheets any system's fields allow (2d6's, about 2.4 million characters as
Export all writes them; a default sheet is a few thousand), so that every file Export all
writes can be imported again (issue 28, item 6)."""

INCOMING = "incoming"
"""The field an action that :attr:`Widget.takes` something finds it in (hidden; the page
writes it, the action empties it)."""

MAX_CHARACTERS = 100
"""The most characters one file brings in."""

MAX_NESTING = 16
"""The deepest a file's lists and objects nest (a file Export all writes nests 5 deep):
a deeper one is refused before it is parsed, since parsing it could overflow the stack
(in the browser, Pyodide's: a fatal error instead of a refusal)."""

FILE_VERSION = 2
"""The version of an exported file: 1 held one sheet's ``values``; 2 may hold a list of
``characters`` instead. Import reads both."""


class WidgetError(RequestError):
    """Values or a file a widget cannot use; the message is for the reader."""


class Refusal(ValueError):
    """A rule the values break, naming the ``fields`` that break it (``show`` raises it)."""

    def __init__(self, message: str, fields: Iterable[str] = ()) -> None:
        super().__init__(message)
        self.fields = tuple(fields)


@dataclass(frozen=True, slots=True)
class Widget:
    """A form of ``fields`` whose answer is a list of blocks (see ``_blocks``).

    ``show`` answers for valid values: when they break a rule it raises
    :class:`Refusal` (or ``ValueError``) with the rule's message, or answers error
    blocks first and then what still makes sense; ``roll`` rolls for them with the
    generator it is given, and no other (so that a seed gives the roll again);
    ``unused`` names the fields that do not apply to the values (the page hides
    them); ``settle`` answers the fields to fill in when the reader changes
    another (``settle(before, after)``, both read values), such as the array of
    ratings that goes with a start; ``portable`` is the file name stem for export
    and import, or ""; ``name_field`` names the field holding the character's
    name, which an exported file is named after (the stem when it is blank) and a
    printed sheet is headed with, beside ``system``, the name of the system whose
    rules the widget follows.

    ``actions`` are the widget's buttons besides Roll, ``(name, label)``: pressing
    one asks ``act(name, values)`` for the fields to set and a sentence saying what
    happened (a new roll of dice, say); ``disabled`` names the actions the values
    leave nothing to do for. ``logged(name, values)`` words the roll log's entry
    for an action that rolled dice (None for one that did not), given the values
    after it. ``source`` takes fields from another widget's saved values (see
    :mod:`~rules_py.widgets._source`).

    ``undoable`` names the actions whose changes the page offers to undo for a while
    (the answer's ``undo``); with a :attr:`source` whose ``give`` answers for the action,
    the answer's ``source_set`` holds the source's fields to change.

    ``check`` rolls a check a sheet offers on one of its rows (a stat, an ability, a
    skill: the table row's ``check`` key names it, see :func:`~rules_py.widgets._blocks.table`),
    the system's way, with the sheet's values: ``check(values, key, rng)`` answers a roll
    (:func:`~rules_py.widgets._blocks.rolled`) with ``what``, the check in a few words
    ("Agility + Speed, 8 dice against difficulty 3"); :meth:`checked` puts the
    character's name before it.
    """

    name: str
    title: str
    fields: tuple[Field, ...]
    show: Callable[[Values], list[Block]]
    roll: Callable[[Values, random.Random], View] | None = None
    roll_label: str = "Roll"
    unused: Callable[[Values], Iterable[str]] | None = None
    settle: Callable[[Values, Values], Mapping[str, Any]] | None = None
    portable: str = ""
    name_field: str = ""
    system: str = ""
    actions: tuple[tuple[str, str], ...] = ()
    act: Callable[[str, Values], tuple[Mapping[str, Any], str]] | None = None
    disabled: Callable[[Values], Iterable[str]] | None = None
    logged: Callable[[str, Values], View | None] | None = None
    source: Source | None = None
    check: Callable[[Values, str, random.Random], View] | None = None
    play_fields: tuple[str, ...] = ()
    """Fields a Play page keeps at hand beside the tracked numbers (what a check is
    rolled against, say); the rest of the sheet folds away there."""
    undoable: tuple[str, ...] = ()
    """Actions whose changes the page offers to undo (a hit on a sheet, a roll's danger
    carried to it): the answer says ``undo``."""
    takes: Mapping[str, str] = field(default_factory=dict)
    """Actions that bring something in before Python acts (a GM's table): the page puts it
    in the field :data:`INCOMING` first. ``"file"``: a file the reader picks, as text;
    ``"roster:<store>"``: the characters this browser keeps for that store, as JSON."""
    gm: bool = False
    """The GM's widget: its rolls go to the roll log marked as the GM's."""
    fresh: Mapping[str, Any] | None = None
    """A sheet's values for a new character, as the rules start one, over the fields'
    defaults (which are the section's example character, shown on a first visit):
    the roster's New starts from them. None: New starts from the defaults."""

    def fresh_values(self) -> dict[str, Any]:
        """The values New starts a character with (see :attr:`fresh`), read and checked."""
        values, errors = read_values(self.fields, dict(self.fresh or {}))
        if errors:
            raise ValueError(f"{self.name}: a fresh character is refused: {errors[0]}")
        return dict(values)

    def panel(
        self,
        raw: Values,
        previous: Values | None = None,
        *,
        act: str | None = None,
        source: object = None,
    ) -> View:
        """What the widget shows for the reader's raw values.

        ``source`` is the source widget's saved values (None when there are none):
        the fields it feeds are answered in ``set`` and listed in ``taken`` (the
        page makes them read-only), and the sentence saying so comes first. With
        ``previous`` (the values the page showed last), the fields that
        :attr:`settle` fills in are answered in ``set`` too, and then those of the
        action ``act`` if the reader pressed one, with its sentence in ``told``.
        The fields the refusals name are listed in ``invalid``.
        """
        values, errors = read_values(self.fields, raw)
        changes: dict[str, Any] = {}
        lead: list[Block] = []
        hidden: list[str] = []
        taken: list[str] = []
        told = ""
        log: View | None = None
        given: Values | None = None
        sent: Mapping[str, Any] = {}

        def update(more: Mapping[str, Any]) -> None:
            nonlocal values, errors
            changes.update(more)
            values, errors = read_values(self.fields, {**values, **more})

        if not errors and self.source is not None:
            given = self.source.values(source)
            if given is None:
                hidden += [self.source.switch, *self.source.choices]
            elif values[self.source.switch]:
                fed, line = self.source.take(given, values)
                update(fed)
                taken = sorted(fed)
                lead.append(text(line))
        if not errors and previous is not None and self.settle is not None:
            before, unreadable = read_values(self.fields, previous)
            if not unreadable:
                update(self.settle(before, values))
        if not errors and act is not None:
            # An action may carry an argument after a colon (a line's "remove:n3").
            if self.act is None or act.split(":", 1)[0] not in {name for name, _ in self.actions}:
                raise WidgetError(f"{self.title} has no button {act!r}")
            if act not in self._disabled(values):
                try:
                    done, told = self.act(act, values)
                    source = self.source
                    if source and source.give and given is not None and values[source.switch]:
                        sent = source.give(act, values, given)
                except ValueError as broken:
                    errors.append(FieldError("", str(broken)))
                else:
                    update(done)
                    if self.logged is not None and not errors:
                        log = self.logged(act, values)
                        log = None if log is None else self._marked(log)
        blocks: list[Block]
        if errors:
            blocks = [error(str(e), [e.field] if e.field else []) for e in errors]
        else:
            try:
                blocks = lead + self.show(values)
            except ValueError as broken:
                blocks = [*lead, error(str(broken), _named(broken))]
        invalid = [f for b in blocks if b["type"] == "error" for f in b["fields"]]
        return {
            "blocks": blocks,
            "invalid": list(dict.fromkeys(invalid)),
            "unused": sorted({*(self.unused(values) if self.unused else ()), *hidden}),
            "set": changes,
            "taken": taken,
            "disabled": [name for name, _ in self.actions]
            if errors
            else sorted(self._disabled(values)),
            "told": told,
            **({"log": log} if log is not None else {}),
            **({"source_set": dict(sent)} if sent and not errors else {}),
            **(
                {"undo": True}
                if act and act.split(":", 1)[0] in self.undoable and told and not errors
                else {}
            ),
        }

    def _disabled(self, values: Values) -> set[str]:
        return set(self.disabled(values)) if self.disabled else set()

    def rolled(self, raw: Values, seed: int | None = None) -> View:
        """Roll for the reader's values (``WidgetError`` if they are refused).

        Each roll has its own ``seed``, drawn from the shared generator unless
        given, and answered with it: the same values and seed roll the same dice
        again (a shared roll's link holds both). The answer carries its roll log
        entry (``log``): the title and key inputs, the dice, the total and the outcome.
        """
        if self.roll is None:
            raise WidgetError(f"{self.title} has nothing to roll")
        roll = self.roll
        values, seed, view = self._seeded(raw, seed, lambda values, rng: roll(values, rng))
        unused = self.unused(values) if self.unused else ()
        what = what_rolled(self.title, self.fields, values, unused)
        log = log_entry(what, view["lines"], view["outcome"], self.title)
        return {**view, "seed": seed, "log": log}

    def checked(self, raw: Values, key: object, seed: int | None = None) -> View:
        """Roll the check ``key`` of a sheet's row for the reader's values.

        Answered like :meth:`rolled` (the seed gives the same dice again, for a shared
        link), with the check in a few words after the character's name in ``what``
        ("Rook: Agility + Speed, 8 dice ..."), in the roll log's entry and in ``key``.
        """
        if self.check is None:
            raise WidgetError(f"{self.title} has no checks to roll")
        if not isinstance(key, str) or not key:
            raise WidgetError("check must name one of the sheet's checks")
        check = self.check
        values, seed, view = self._seeded(raw, seed, lambda values, rng: check(values, key, rng))
        # A GM's check names whose it is itself ("Guard 2: ..."); a sheet's, its character.
        who = "" if self.gm else f"{isolated(self.character_name(values))}: "
        what = f"{who}{view['what']}"
        log = self._marked(log_entry(what, view["lines"], view["outcome"], what))
        label = f"{what}. {view['label']}"
        return {**view, "what": what, "label": label, "key": key, "seed": seed, "log": log}

    def _seeded(
        self, raw: Values, seed: int | None, roll: Callable[[Values, random.Random], View]
    ) -> tuple[Values, int, View]:
        """Read the reader's values and ``roll`` them from ``seed`` (a fresh one unless
        given): the values, the seed and the roll, or ``WidgetError`` with the reason."""
        values, errors = read_values(self.fields, raw)
        if errors:
            raise WidgetError(str(errors[0]))
        seed = fresh_seed() if seed is None else seed
        try:
            return values, seed, roll(values, random.Random(seed))
        except ValueError as broken:  # a rule's message (FieldError included)
            raise WidgetError(str(broken)) from None

    def _marked(self, log: View) -> View:
        """A roll log entry, marked as the GM's when the widget is the GM's."""
        return {**log, "gm": True} if self.gm else log

    def character_name(self, values: Values, unnamed: str = "Unnamed character") -> str:
        """The name on the sheet, or ``unnamed`` when it is blank."""
        name = str(values.get(self.name_field, "")).strip() if self.name_field else ""
        return name or unnamed

    def export(self, raw: Values) -> View:
        """The reader's values as a file to save: its name and JSON text."""
        if not self.portable:
            raise WidgetError(f"{self.title} cannot be exported")
        values, errors = read_values(self.fields, raw)
        if errors:
            raise WidgetError(f"Fix this before exporting: {errors[0]}")
        document = {"rollbook": self.name, "version": FILE_VERSION, "values": values}
        stem = slug(str(values[self.name_field])) if self.name_field else ""
        return {
            "filename": f"{stem or self.portable}.json",
            "text": json.dumps(document, indent=2),
        }

    def export_all(self, raws: object) -> View:
        """Every character of a system as one file: ``characters``, each one's values.

        A backup loses nothing: a character whose values break a rule (half built, over
        budget) or cannot be read (a level typed out of range) is written all the same,
        its values as read or, unreadable, as they stand, and named in ``breaking`` with
        its first problem, so that the page can say Import will leave it out until fixed.
        """
        if not self.portable:
            raise WidgetError(f"{self.title} cannot be exported")
        if not isinstance(raws, list) or not raws:
            raise WidgetError("There are no characters to export")
        if len(raws) > MAX_CHARACTERS:
            raise WidgetError(f"At most {MAX_CHARACTERS} characters go in one file")
        names = {f.name for f in self.fields}
        characters: list[Mapping[str, Any]] = []
        breaking: list[str] = []
        for n, raw in enumerate(raws, start=1):
            if not isinstance(raw, Mapping):
                raise WidgetError(f"Character {n} is not a set of named values")
            values, errors = read_values(self.fields, raw)
            if errors:
                characters.append({k: v for k, v in raw.items() if k in names})
                breaking.append(f"{self._called(raw, n)}: {errors[0]}")
                continue
            characters.append(values)
            if rules := refusals(self.panel(values)):
                breaking.append(f"{self._called(raw, n)}: {rules[0]}")
        document = {"rollbook": self.name, "version": FILE_VERSION, "characters": characters}
        return {
            "filename": f"{self.portable}-all.json",
            "text": json.dumps(document, indent=2),
            "breaking": breaking,
        }

    def _called(self, raw: object, number: int) -> str:
        """A character of a file or roster by its name (cut to 40 characters), or by its
        place ("Character 3") when it has none."""
        name = raw.get(self.name_field) if isinstance(raw, Mapping) and self.name_field else None
        name = name.strip()[:40].strip() if isinstance(name, str) else ""
        return name or f"Character {number}"

    def load(self, text: str, taken: Iterable[str] = ()) -> View:
        """Read a file written by :meth:`export` or :meth:`export_all`.

        A file of one sheet is refused, with the reason, when it cannot be used; from a
        file of several, every character that can be used comes in and each other one
        is named in ``left_out`` with its reason (issue 28, item 6), unless none can.
        A character named as one in ``taken`` (the reader's) or one before it comes in
        as "Ash (2)" (the next free number), each listed in ``renamed`` as
        ``"Ash as Ash (2)"``, so that importing a file twice duplicates no name.
        """
        if not self.portable:
            raise WidgetError(f"{self.title} cannot import files")
        if not isinstance(text, str):
            raise WidgetError("The file could not be read as text")
        if len(text) > MAX_IMPORT_CHARS:
            raise WidgetError(
                f"This file is too large for a {self.title.lower()} "
                f"({len(text)} characters; at most {MAX_IMPORT_CHARS})"
            )
        if nesting(text) > MAX_NESTING:
            raise WidgetError(
                f"This file nests lists more than {MAX_NESTING} deep, so it is not a file "
                "Rollbook wrote"
            )
        try:
            document = json.loads(text)
        except (ValueError, RecursionError):
            raise WidgetError(
                "This file is not JSON, so it is not a file Rollbook wrote (it may be damaged)"
            ) from None
        if not isinstance(document, dict) or not ({"values", "characters"} & document.keys()):
            raise WidgetError(
                f'This file is not a Rollbook {self.title.lower()}: it has no "values"'
            )
        if document.get("rollbook") != self.name:
            raise WidgetError(
                f"This file is not a Rollbook {self.title.lower()}: it is marked "
                f"{document.get('rollbook')!r}, not {self.name!r}"
            )
        version = document.get("version")
        if version is None:
            raise WidgetError(
                "This file has no version, so it is not a file Rollbook wrote: this site "
                f"reads versions 1 to {FILE_VERSION}"
            )
        if version not in range(1, FILE_VERSION + 1) or isinstance(version, bool):
            raise WidgetError(
                f"This file's version is {version!r}: this site reads versions 1 to "
                f"{FILE_VERSION}, so it may come from a newer Rollbook"
            )
        many = "characters" in document
        raws = document["characters"] if many else [document["values"]]
        if not isinstance(raws, list) or not raws:
            raise WidgetError('This file\'s "characters" are not a list of characters')
        if len(raws) > MAX_CHARACTERS:
            raise WidgetError(
                f"This file holds {len(raws)} characters; at most {MAX_CHARACTERS} come in at once"
            )
        characters: list[tuple[dict[str, Any], View]] = []
        left_out: list[str] = []
        refused: FileRefusal | None = None
        for n, raw in enumerate(raws, 1):
            try:
                characters.append(self._loaded(raw, n if many else 0))
            except FileRefusal as problem:
                refused = refused or problem
                left_out.append(f"{self._called(raw, n)}: {problem.reason}")
        if not characters:
            raise refused or WidgetError("This file holds no characters")
        renamed = self._renamed([values for values, _ in characters], taken)
        first, panel = characters[0]
        return {
            "values": first,
            "panel": panel,
            "characters": [c for c, _ in characters],
            "left_out": left_out,
            "renamed": renamed,
        }

    def _renamed(self, characters: list[dict[str, Any]], taken: Iterable[str]) -> list[str]:
        """Give each of ``characters`` whose name is ``taken`` (or an earlier one's) the
        next free "Name (2)", in place; answer ``"Ash as Ash (2)"`` for each."""
        field = next((f for f in self.fields if f.name == self.name_field), None)
        if field is None:
            return []
        longest = field.max_length if isinstance(field, Text) else 40
        names = {name.strip() for name in taken}
        renamed = []
        for values in characters:
            name = str(values[self.name_field]).strip()
            if name and name in names:
                number, new = 1, name
                while new in names:
                    number += 1
                    tail = f" ({number})"
                    new = f"{name[: longest - len(tail)].rstrip()}{tail}"
                values[self.name_field] = new
                renamed.append(f"{name} as {new}")
                name = new
            names.add(name)
        return renamed

    def _loaded(self, raw: object, number: int) -> tuple[dict[str, Any], View]:
        """One character of an imported file (``number`` counts them in a file of several)."""
        which = f"character {number}" if number else "sheet"
        if not isinstance(raw, dict):
            shape = f"{which} is" if number else '"values" are'
            raise FileRefusal(f"This file's {shape} not a set of named values", "not a sheet")
        # A field the file lacks (added since it was written) starts as a new character's
        # does, never as the section's example's (Rook's weapons, Kestrel's name).
        known = {f.name for f in self.fields}
        base = {k: v for k, v in (self.fresh or {}).items() if k not in raw and k in known}
        values, errors = read_values(self.fields, {**base, **raw}, strict=True)
        if errors:
            raise FileRefusal(f"This file's {which} cannot be used: {errors[0]}", str(errors[0]))
        panel = self.panel(values)
        if rules := refusals(panel):
            raise FileRefusal(f"This file's {which} breaks a rule: {rules[0]}", rules[0])
        return values, panel


class FileRefusal(WidgetError):
    """A character of an imported file that cannot come in: the message names it in the
    file; ``reason`` is the problem alone, said beside its name when others come in."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def nesting(text: str) -> int:
    """How deep the lists and objects of a JSON ``text`` nest (brackets in strings aside),
    counted without parsing it."""
    brackets = re.findall(r"[\[\]{}]", re.sub(r'"(?:[^"\\]|\\.)*"', "", text))
    return max(accumulate(1 if b in "[{" else -1 for b in brackets), default=0)


def _named(broken: ValueError) -> tuple[str, ...]:
    """The fields a refusal names: a :class:`Refusal`'s, a field's own, or none."""
    if isinstance(broken, Refusal):
        return broken.fields
    if isinstance(broken, FieldError):
        return (broken.field,)
    return ()


def slug(name: str) -> str:
    """A name as a file name: ``"Thorn Ironhand"`` -> ``"thorn-ironhand"`` ("" if nothing is left).

    Accents are dropped, letters lowercased, anything else between words a dash.
    """
    import unicodedata  # only for an export: kept out of the start-up snapshot

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:60].rstrip("-")


def refusals(panel: View) -> list[str]:
    """The rules a panel says its values break (its error blocks), in order."""
    return [block["text"] for block in panel["blocks"] if block["type"] == "error"]


def answer(widgets: Mapping[str, Widget], name: str, action: str, args: Values) -> View:
    """Answer the page: ``show`` (the default), ``roll``, ``check`` (a sheet row's),
    ``export``, ``export_all`` (a system's characters) or ``import``."""
    if name not in widgets:
        raise WidgetError(f"unknown widget {name!r}")
    widget = widgets[name]
    values = args.get("values", {})
    if not isinstance(values, Mapping):
        raise WidgetError("values must be a set of named values")
    if action == "show":
        previous = args.get("previous")
        if previous is not None and not isinstance(previous, Mapping):
            raise WidgetError("previous values must be a set of named values")
        act = args.get("act")
        if act is not None and not isinstance(act, str):
            raise WidgetError("act must name one of the widget's buttons")
        return widget.panel(values, previous, act=act, source=args.get("source"))
    if action == "roll":
        seed = args.get("seed")
        return widget.rolled(values, None if seed is None else read_seed(seed))
    if action == "check":
        seed = args.get("seed")
        return widget.checked(values, args.get("check"), None if seed is None else read_seed(seed))
    if action == "export":
        return widget.export(values)
    if action == "export_all":
        return widget.export_all(args.get("characters"))
    if action == "import":
        taken = args.get("taken", [])
        if not isinstance(taken, list) or not all(isinstance(t, str) for t in taken):
            raise WidgetError("taken must list the names of the reader's characters")
        return widget.load(args.get("text", ""), taken)
    raise WidgetError(
        f"unknown widget action {action!r}: show, roll, check, export, export_all or import"
    )


def by_name(widgets: Sequence[Widget]) -> dict[str, Widget]:
    """A registry of widgets by name (a repeated name is a mistake)."""
    registry: dict[str, Widget] = {}
    for widget in widgets:
        if widget.name in registry:
            raise ValueError(f"two widgets are called {widget.name!r}")
        registry[widget.name] = widget
    return registry
