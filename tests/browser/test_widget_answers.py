"""A widget's answer that crosses the reader's next move: dice typed while an earlier
answer is on its way. That answer wrote its values over the typing (a CI run lost the
typed dice this way, on a page quick enough to be typed into during its first answer)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.play import edit
from tests.browser.widgets import TIMEOUT, wait_idle, widget
from tests.sitesrv import SiteServer

# Roll (Python's answer writes the rolled dice into "own"), then type other dice into
# "own" before that answer comes back; the page's clock holds the pause after typing.
ROLL_THEN_TYPE = """(root, dice) => {
  root.querySelector('[data-act="roll"]').click();
  const own = root.querySelector('[data-field="own"]');
  own.value = dice;
  own.dispatchEvent(new Event('input', { bubbles: true }));
}"""


def test_dice_typed_while_a_roll_is_answered_are_the_ones_kept(
    page: Page, server: SiteServer
) -> None:
    page.clock.install()  # the pause after typing waits for the clock, not for Python
    page.goto(server.url + "danger-world/checks/")
    roller = widget(page, "danger-world-roller")
    page.wait_for_function("window.rollbook.state.status === 'ready'", timeout=TIMEOUT)
    roller.evaluate(ROLL_THEN_TYPE, "3, 3, 3, 2, 6")
    # The roll's answer has come back (nothing is asked of Python any more)...
    page.wait_for_function("window.rollbook.state.pending.size === 0", timeout=TIMEOUT)
    own = roller.locator('[data-field="own"]')
    expect(own).to_have_value("3, 3, 3, 2, 6")  # ...and wrote nothing over the typing
    page.clock.run_for(1000)  # the pause: the typed dice are asked about
    faces = roller.locator(".rb-dice__list .rb-die")
    expect(faces).to_have_count(5, timeout=TIMEOUT)
    wait_idle(roller)
    assert faces.evaluate_all("ds => ds.map(d => d.dataset.face)") == ["3", "3", "3", "2", "6"]
    assert page.errors == []  # type: ignore[attr-defined]


# Hold what the page asks of Python, so that a test chooses the order of the answers:
# everything asked while held goes to the worker, in order, on release.
HOLD_QUESTIONS = """() => {
  const worker = window.rollbook.state.worker;
  const post = worker.postMessage.bind(worker);
  const held = [];
  worker.postMessage = (message) => held.push(message);
  window.releaseQuestions = () => {
    worker.postMessage = post;
    const asked = held.map((m) => m.op === 'widget' ? `${m.args.name} ${m.args.action}` : m.op);
    for (const message of held.splice(0)) post(message);
    return asked;
  };
}"""


@pytest.mark.system("d10-0")
def test_a_check_rolled_while_the_sheet_is_redrawn_shows_its_answer(
    page: Page, server: SiteServer
) -> None:
    """A tap asks Python to redraw the sheet; a row's Roll, pressed before that answer,
    is answered after it. The redraw had left the check's answer out of the page (the
    place it is shown was put back only if it already showed something), so the roll
    was never seen: a CI run lost a roll just after a reload this way."""
    page.goto(server.url + "d10-0/play/")
    sheet = widget(page, "d10-0-builder")
    page.wait_for_function("window.rollbook.state.status === 'ready'", timeout=TIMEOUT)
    wait_idle(sheet)
    edit(sheet)  # Current Health is stepped in Edit mode
    page.evaluate(HOLD_QUESTIONS)
    sheet.locator('.rb-field--current_health .rb-step[data-step="-1"]').click()
    sheet.locator('button.rb-check[data-check="attribute:AG"]').click()
    asked = page.evaluate("window.releaseQuestions()")
    # The sheet's redraw, then its roll (the page's other widgets, which read the sheet,
    # may ask about the tap too).
    mine = [question for question in asked if question.startswith("d10-0-builder ")]
    assert mine == ["d10-0-builder show", "d10-0-builder check"], asked
    outcome = sheet.locator(".rb-widget__checked .rb-rolled__outcome")
    expect(outcome).to_be_visible(timeout=TIMEOUT)
    expect(sheet.locator(".rb-widget__checked")).to_contain_text("Agility")
    wait_idle(sheet)
    expect(outcome).to_be_visible()  # and it stays, under the redrawn table
    assert page.errors == []  # type: ignore[attr-defined]
