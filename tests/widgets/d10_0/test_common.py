"""What the D10/0 widgets share (widgets/d10_0/_common.py): a difficulty's words."""

from __future__ import annotations

from typing import Any

import pytest

from rules_py.systems import d10_0
from tests.widgets.d10_0.helpers import texts
from tests.widgets.panels import show

TABLE_DIFFICULTIES = tuple(row.difficulty for row in d10_0.DEGREE_TABLE[1:])


def _named_difficulties(sentence: str) -> list[str]:
    """The table's names of difficulties above Average (Tricky ... Impossible?) a sentence uses."""
    return [name for name in TABLE_DIFFICULTIES if name in sentence]


@pytest.mark.parametrize(
    ("widget", "values", "said"),
    [
        ("d10-0-check", {"score": 5, "difficulty": "-3"}, "difficulty -3 (easier than Average)"),
        (
            "d10-0-check",
            {"kind": "skill", "score": 40, "difficulty": "-20"},
            "difficulty -20 (easier than Average)",
        ),
        (
            "d10-0-cooperation",
            {"difficulty": "-3"},
            "difficulty -3 (easier than Average)",
        ),
        (
            "d10-0-burst",
            {"block": "Three Shot Burst", "score": 60, "difficulty": "-20"},
            "difficulty -20 (easier than Average)",
        ),
    ],
)
def test_d10_0_a_negative_difficulty_is_easier_than_average_not_a_table_name(
    widget: str, values: dict[str, Any], said: str
) -> None:
    summary = texts(show(widget, **values))
    assert said in summary
    assert _named_difficulties(summary) == []
