"""Peupfudge widgets: the probability reference (Appendix D),
checked against the numbers the source prints (draft of 2022-08-19)."""

from __future__ import annotations

from tests.widgets.panels import show
from tests.widgets.peupfudge.helpers import (
    SOURCE_TABLE,
    blocks,
    of_type,
    refusal,
    table_rows,
)

# --------------------------------------------------------------------------
# Probability reference (Peupfudge, Appendix D)
# --------------------------------------------------------------------------


def test_probability_table_matches_the_source() -> None:
    found = blocks("peupfudge-probability")
    table = of_type(found, "table")[0]
    assert table["head"] == ["", *(f"≥ {d}" for d in range(-5, 6))]
    printed = {row["cells"][0]: " ".join(row["cells"][1:]) for row in table["rows"]}
    assert printed == {f"{n}dF": entries for n, entries in SOURCE_TABLE.items()}
    assert [row["hit"] for row in table["rows"]] == [n == 4 for n in range(1, 10)]


def test_probability_table_titles_are_exact() -> None:
    rows = table_rows(blocks("peupfudge-probability"))
    assert rows["7dF"]["titles"]["≥ -5"] == "2179/2187"  # printed 1.00, not certain
    assert rows["4dF"]["titles"]["≥ 0"] == "50/81"
    assert rows["1dF"]["titles"]["≥ 2"] == "0"


def test_probability_table_widens_to_25_columns_and_no_further() -> None:
    table = of_type(blocks("peupfudge-probability", n_from=9, n_to=9, d_from=-12, d_to=12), "table")
    assert len(table[0]["head"]) == 26
    assert table[0]["rows"][0]["titles"][-1] == "0"
    assert "At most 25 columns" in refusal("peupfudge-probability", d_from=-13, d_to=12)
    assert "must not be more than" in refusal("peupfudge-probability", n_from=5, n_to=4)
    assert "must not be more than" in refusal("peupfudge-probability", d_from=3, d_to=2)
    assert "from 1 to 9" in refusal("peupfudge-probability", n_to=10)
    # Each refusal marks the fields it is about.
    for values, invalid in [
        ({"d_from": -13, "d_to": 12}, ["d_from", "d_to"]),
        ({"n_from": 5, "n_to": 4}, ["n_from", "n_to"]),
        ({"n_to": 10}, ["n_to"]),
    ]:
        assert show("peupfudge-probability", **values)["invalid"] == invalid
