"""A roll as one entry of the reader's roll log (the page keeps the log; Python words it).

Every roll view the browser gets (an inline roll, a widget's roll, the dice box)
carries a ``log`` entry: what was rolled, the dice as plain text, the total and
the named outcome, and the sentence a screen reader hears when the entry is added.
The page only adds the time and keeps the entries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

View = dict[str, Any]


def parts_text(parts: Sequence[Mapping[str, str]]) -> str:
    """The drawn parts of a roll as plain text: ``[2 dropped] [3] [6] [6] + 2``.

    Each die in brackets (a Fudge die shows its face: ``[+]``, ``[−]``, ``[ ]``),
    a dropped die marked so, operators and constants as they are drawn.
    """
    words = []
    for part in parts:
        text = part["text"]
        if part["kind"] == "die":
            words.append(f"[{text}]")
        elif part["kind"] == "dropped":
            words.append(f"[{text} dropped]")
        else:
            words.append(text)
    return " ".join(words)


def log_entry(
    what: str, lines: Sequence[Mapping[str, Any]], outcome: str = "", name: str = ""
) -> View:
    """The log's entry for a roll of ``what`` whose dice are ``lines`` (label, parts, total).

    One line gives the entry its total; several (a roller each, say) are listed
    with their own totals, and the entry's total is left empty. The sentence
    said aloud names the roll by ``name`` (a widget's title) when given, else by
    ``what``, so that it stays short.
    """
    if len(lines) == 1:
        line = lines[0]
        label = f"{line['label']}: " if line.get("label") else ""
        dice = label + parts_text(line["parts"])
        total = str(line["total"])
    else:
        dice = "; ".join(
            f"{line['label'] + ': ' if line.get('label') else ''}"
            f"{parts_text(line['parts'])} = {line['total']}"
            for line in lines
        )
        total = ""
    said = (
        f"Rolled {name or what}"
        + (f": {total}" if total else "")
        + (f". {outcome}" if outcome else "")
    )
    return {"what": what, "dice": dice, "total": total, "outcome": outcome, "said": said}
