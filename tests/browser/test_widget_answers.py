"""A widget's answer that crosses the reader's next move: dice typed while an earlier
answer is on its way. That answer wrote its values over the typing (a CI run lost the
typed dice this way, on a page quick enough to be typed into during its first answer)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

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
