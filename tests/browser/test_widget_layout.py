"""Widget layout shared by every system: what the framework's CSS promises each field."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.widgets import widget
from tests.sitesrv import SiteServer

FLAG_HINTS = """root => [...root.querySelectorAll('.rb-field:has(> input[type=checkbox])')]
  .filter(field => !field.hidden && field.querySelector('.rb-field__hint'))
  .map(field => {
    const box = field.querySelector('input[type=checkbox]').getBoundingClientRect();
    const hint = field.querySelector('.rb-field__hint').getBoundingClientRect();
    return {field: field.textContent.trim().slice(0, 40), below: hint.top >= box.bottom - 0.5,
            width: hint.width};
  })"""


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize(
    ("path", "name"),
    [("d10-0/bursts-and-blasts/", "d10-0-burst"), ("2d6/combat/", "2d6-combat")],
)
def test_a_check_box_s_hint_reads_under_it(
    page: Page, server: SiteServer, path: str, name: str, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(server.url + path)
    hints = widget(page, name).evaluate(FLAG_HINTS)
    assert hints, "no check box with a hint in this widget"
    for hint in hints:
        assert hint["below"], hint
        assert hint["width"] > 150, hint  # a line of text, not a narrow column
