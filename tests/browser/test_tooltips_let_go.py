"""Material's tooltip of an element a redraw removes goes with it (issue 27, item 11).

The Danger World Play page's audit failed on a fresh clone on a busy machine: a tooltip,
``#__tooltip2_N``, stayed outside every landmark after a roll. Material shows the tooltip
of a titled element (here a sheet row's Roll, as the build wrote it) while the pointer
hovers it, and hides it on a mouseleave or a change of focus. When Python's answer
redraws the sheet, the panel's buttons are replaced while the pointer still rests on
one: a removed element gets no mouseleave, so the tooltip stayed for good, wherever the
pointer went. On a quiet machine the pointer had usually been moved off by a layout
change before the answer came; a busy one answered first.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.axe import visit
from tests.browser.test_widget_answers import HOLD_QUESTIONS
from tests.browser.widgets import pointer_away, wait_idle, widget
from tests.sitesrv import SiteServer

TOOLTIP = "[id^=__tooltip2_]"


def test_a_tooltip_goes_when_a_redraw_removes_what_showed_it(
    page: Page, server: SiteServer
) -> None:
    visit(page, server.url + "danger-world/play/")
    sheet = widget(page, "danger-world-sheet")
    wait_idle(sheet)
    # A tap asks Python to redraw the sheet; its answer is held until the pointer rests
    # on a row's Roll and Material shows that button's tooltip: the order a busy machine
    # gave.
    page.evaluate(HOLD_QUESTIONS)
    sheet.locator(".rb-boxes__box[data-tap]").first.evaluate("b => b.click()")  # a damage box
    button = sheet.locator(".rb-sheet__row > .rb-choose").first  # Agility's Roll
    button.hover()
    expect(page.locator(TOOLTIP)).to_have_count(1)
    stale = button.element_handle()
    assert "danger-world-sheet show" in page.evaluate("window.releaseQuestions()")
    wait_idle(sheet)
    assert stale is not None and not stale.evaluate("b => b.isConnected")  # redrawn
    pointer_away(page)  # the pointer leaves: the tooltip must not stay behind
    expect(page.locator(TOOLTIP)).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]
