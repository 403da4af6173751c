"""The Dice page in a real browser: roll, recompute odds, navigate, no outside request."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from rules_py.views import odds_view
from tests.browser.axe import ANIMATIONS_ENDED
from tests.browser.conftest import Requests
from tests.browser.widgets import expect_panel, set_field, widget
from tests.sitesrv import SiteServer

READY = "window.rollbook && window.rollbook.state.status === 'ready'"


def roll_parts(page: Page, button_id: str) -> tuple[list[int], list[int], int]:
    """Click a roll button; return the kept dice, the dropped dice and the total shown."""
    output = page.locator(f'output[for="{button_id}"]')
    page.click(f"#{button_id}")
    expect(output.locator(".rb-total")).to_be_visible(timeout=30_000)
    kept = [int(t) for t in output.locator(".rb-part--die").all_text_contents()]
    dropped = [int(t) for t in output.locator(".rb-part--dropped").all_text_contents()]
    total = int(output.locator(".rb-total").text_content().removeprefix("= "))  # type: ignore[union-attr]
    return kept, dropped, total


# A roll pressed before Python is ready ("Getting the dice ready…", then the roll) is
# tests/browser/test_dice_loading.py's test_the_wait_speaks_to_players_and_shows_progress
# (inline roll): the same d20 on this page, held back the same way, and more.


def _odds_inputs_recompute_the_table_and_chart(page: Page) -> None:
    figure = page.locator("[data-odds='3d10k2+2']")
    expect(figure.locator("form")).to_be_visible()
    figure.locator("input[name=modifier]").fill("3")
    figure.locator("input[name=target]").fill("20")
    expect(figure.locator(".rb-odds__expr")).to_have_text("3d10k2+5", timeout=30_000)
    expected = odds_view("3d10k2+2", modifier=3, target=20)
    expect(figure.locator(".rb-odds__text")).to_have_text(expected["summary"])
    rows = figure.locator("tbody tr")
    expect(rows).to_have_count(len(expected["rows"]))
    first = rows.first.locator("th, td").all_text_contents()
    assert first == expected["rows"][0]["cells"]
    assert figure.locator("tr.rb-hit").count() == sum(r["hit"] for r in expected["rows"])
    assert figure.locator("rect.rb-chart__bar--hit").count() == sum(
        b["hit"] for b in expected["chart"]["bars"]
    )


REFUSED = [
    ("modifier", "99999", "Modifier must be from -10000 to 10000, got 99999"),
    ("target", "-20000", "Target must be from -10000 to 10000, got -20000"),
    ("modifier", "", "Modifier is empty: enter a whole number from -10000 to 10000"),
]


def _an_odds_field_refused_is_named_and_marked_invalid_and_the_table_kept(page: Page) -> None:
    """Issue 16, item 25: the refusal names the field, which is marked aria-invalid; the
    table keeps the last answer. Each refusal in turn on one figure, each mended before
    the next (what the refusal and the mending prove does not depend on the load)."""
    figure = page.locator("[data-odds='4dF']")
    for field, text, message in REFUSED:
        before = figure.locator("tbody").inner_text()
        typed = figure.locator(f"input[name={field}]")
        other = figure.locator(f"input[name={'target' if field == 'modifier' else 'modifier'}]")
        typed.fill(text)
        expect(figure.locator(".rb-odds__status")).to_have_text(message, timeout=30_000)
        expect(typed).to_have_attribute("aria-invalid", "true")
        expect(other).not_to_have_attribute("aria-invalid", "true")
        assert figure.locator("tbody").inner_text() == before  # the table is kept
        typed.fill("1")
        expect(figure.locator(".rb-odds__status")).to_have_text("", timeout=30_000)
        expect(typed).not_to_have_attribute("aria-invalid", "true")
        expect(figure).not_to_have_attribute("aria-busy", "true", timeout=30_000)  # answered


def _odds_inputs_survive_a_reload(page: Page) -> None:
    figure = page.locator("[data-odds='4dF']")
    figure.locator("input[name=modifier]").fill("2")
    expect(figure.locator(".rb-odds__expr")).to_have_text("4dF+2", timeout=30_000)
    page.reload()
    figure = page.locator("[data-odds='4dF']")
    expect(figure.locator("input[name=modifier]")).to_have_value("2")
    expect(figure.locator(".rb-odds__expr")).to_have_text("4dF+2", timeout=30_000)


def _instant_navigation_keeps_one_python(
    page: Page, server: SiteServer, workers_before: int
) -> None:
    """A link to another page is followed without reloading: the same Python rolls there."""
    page.wait_for_function(READY, timeout=30_000)
    page.evaluate("window.__sameDocument = true")
    page.locator("article a[href$='authoring/']").first.click()
    page.wait_for_url("**/authoring/")
    # The address changes before the new content is swapped in: wait for the content.
    expect(page.locator("article h1")).to_contain_text("Writing rules pages")
    assert page.evaluate("window.__sameDocument === true"), "navigation reloaded the page"
    assert page.evaluate(READY)
    button_id = page.locator("button[data-roll='2d10+2']").first.get_attribute("id")
    assert button_id
    kept, _, total = roll_parts(page, button_id)
    assert total == sum(kept) + 2
    assert server.seen.count("/assets/rollbook/worker.js") == workers_before + 1


ROLL_TIMES = """async ([id, times]) => {
  // Press the roll button ``times`` times, each once the one before has shown its total.
  const button = document.getElementById(id);
  const output = document.querySelector(`output[for="${id}"]`);
  const totals = [];
  for (let i = 0; i < times; i++) {
    output.replaceChildren();
    button.click();
    const deadline = performance.now() + 30_000;
    while (!output.querySelector('.rb-total')) {
      if (performance.now() > deadline) throw new Error(`roll ${i + 1} showed no total`);
      await new Promise((done) => setTimeout(done, 10));
    }
    totals.push(Number(output.querySelector('.rb-total').textContent.replace('= ', '')));
  }
  return totals;
}"""
"""The totals of rolling a button again and again, in one call (not a round trip a roll)."""


def test_two_readers_loading_the_page_roll_differently_and_a_phone_does_not_scroll_sideways(
    browser: Browser, server: SiteServer
) -> None:
    """Two first visits to the Dice page, the second on a phone (375 px):
    - each rolls d20 eight times, and the two loads roll differently (a memory snapshot
      restores Python's random state: each load must reseed);
    - on the phone, the page does not scroll sideways.
    """
    sequences = []
    for phone in (False, True):
        context = (
            browser.new_context(
                viewport={"width": 375, "height": 740}, is_mobile=True, service_workers="block"
            )
            if phone
            else browser.new_context(service_workers="block")  # a first visit each
        )
        page = context.new_page()
        page.goto(server.url + "dice/")
        page.wait_for_function(READY, timeout=30_000)
        if phone:
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        button_id = page.locator("button[data-roll='d20']").get_attribute("id")
        assert button_id
        sequences.append(page.evaluate(ROLL_TIMES, [button_id, 8]))
        context.close()
    assert all(len(rolls) == 8 and all(1 <= r <= 20 for r in rolls) for rolls in sequences)
    assert sequences[0] != sequences[1]


def test_without_javascript_every_table_and_chart_is_there_and_roll_buttons_say_why(
    browser: Browser, server: SiteServer, built_site: tuple[Path, int]
) -> None:
    """The Dice page without JavaScript:
    - every odds fence has its table and chart, and the odds inputs are hidden;
    - a roll button is disabled, its title and a hint beside it saying it needs JavaScript.
    """
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server.url + "dice/")
    html = (built_site[0] / "dice" / "index.html").read_text()
    fences = html.count("data-odds=")
    assert fences >= 5
    expect(page.locator("[data-odds] table")).to_have_count(fences)
    expect(page.locator("[data-odds] svg rect.rb-chart__bar").first).to_be_visible()
    assert page.locator("[data-odds='2d10kh1'] tbody tr").count() == 10
    expect(page.locator("[data-odds] form").first).to_be_hidden()

    button = page.locator("button[data-roll='3d6']")
    expect(button).to_be_disabled()
    assert (button.get_attribute("title") or "").startswith("Rolling needs JavaScript.")
    hint = button.locator("xpath=..").locator(".rb-roll__nojs")
    expect(hint).to_be_visible()
    expect(hint).to_have_text("Rolling needs JavaScript")
    expect(page.locator("[data-odds] table").first).to_be_visible()
    context.close()


def test_python_that_cannot_load_says_so_in_one_line(
    context: BrowserContext, server: SiteServer
) -> None:
    context.route("**/runtime/manifest.json", lambda route: route.fulfill(status=404))
    page = context.new_page()
    page.goto(server.url + "dice/")
    button_id = page.locator("button[data-roll='d20']").get_attribute("id")
    page.click(f"#{button_id}")
    output = page.locator(f'output[for="{button_id}"]')
    expect(output).to_have_text("Dice unavailable. Retry", timeout=30_000)
    assert "manifest.json answered 404" in (
        output.locator(".rb-unavailable").get_attribute("title") or ""
    )
    expect(page.locator("[data-odds] table").first).to_be_visible()
    expect(page.locator("h1")).to_contain_text("Dice notation")


def test_site_served_from_a_subpath(
    browser: Browser, built_site: tuple[Path, int], requests: Requests
) -> None:
    with SiteServer(built_site[0], prefix="/rollbook/") as sub:
        context = browser.new_context(service_workers="block")  # (as the context fixture's)
        context.on("request", lambda request: requests.urls.append(request.url))
        page = context.new_page()
        page.goto(sub.url + "dice/")
        button_id = page.locator("button[data-roll='d20']").get_attribute("id")
        assert button_id
        kept, _, total = roll_parts(page, button_id)
        assert total == kept[0]
        assert "/rollbook/assets/rollbook/runtime/manifest.json" in sub.seen
        context.close()
    assert requests.outside() == []


@pytest.mark.parametrize("path", ["authoring/", "danger-world/checks/"])
def test_without_javascript_a_labelled_roll_does_not_push_a_phone_sideways(
    browser: Browser, server: SiteServer, path: str
) -> None:
    """A roll with a label ("roll with a background") and its "Rolling needs JavaScript"
    hint wrap on a 390 px screen instead of widening the page."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.goto(server.url + path)
    expect(page.locator(".rb-roll__nojs").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def _keyboard_rolls(page: Page) -> None:
    button = page.locator("button[data-roll='d%']")
    button.focus()
    page.keyboard.press("Enter")
    output = page.locator(f'output[for="{button.get_attribute("id")}"]')
    expect(output.locator(".rb-total")).to_be_visible(timeout=30_000)


def spoken(output: Locator) -> str:
    """What a screen reader announces for an output: its text outside aria-hidden parts."""
    return str(
        output.evaluate(
            """o => {
              const walker = document.createTreeWalker(o, NodeFilter.SHOW_TEXT);
              let text = "";
              while (walker.nextNode()) {
                if (!walker.currentNode.parentElement.closest("[aria-hidden=true]")) {
                  text += walker.currentNode.textContent;
                }
              }
              return text.trim();
            }"""
        )
    )


def _an_inline_roll_shows_the_dice_and_the_total_and_is_announced_die_by_die(page: Page) -> None:
    """One roll of 3d6, seen (the dice and their total) and heard (die by die)."""
    button_id = page.locator("button[data-roll='3d6']").get_attribute("id")
    assert button_id
    kept, dropped, total = roll_parts(page, button_id)
    assert len(kept) == 3 and not dropped and all(1 <= d <= 6 for d in kept)
    assert total == sum(kept)
    output = page.locator(f'output[for="{button_id}"]')
    assert spoken(output) == f"3d6: {', '.join(map(str, kept))}, total {total}"
    assert output.get_attribute("aria-live") == "polite"
    assert page.errors == []  # type: ignore[attr-defined]


def _keep_highest_strikes_the_dropped_die_and_dice_are_announced_in_words(page: Page) -> None:
    """One roll of 3d10k2, seen (the lowest die struck out) and heard (the dropped die
    said so); then 4dF's faces heard as words."""
    button_id = page.locator("button[data-roll='3d10k2']").first.get_attribute("id")
    assert button_id
    kept, dropped, total = roll_parts(page, button_id)
    assert len(kept) == 2 and len(dropped) == 1 and min(kept) >= dropped[0]
    assert total == sum(kept)
    said = spoken(page.locator(f'output[for="{button_id}"]'))
    assert re.fullmatch(r"3d10k2: (\d+( dropped)?, ){3}total \d+", said)
    assert said.count("dropped") == 1
    fudge = page.locator("button[data-roll='4dF']").first
    output = page.locator(f'output[for="{fudge.get_attribute("id")}"]')
    fudge.click()
    expect(output.locator(".rb-total")).to_be_visible(timeout=30_000)
    assert re.fullmatch(r"4dF: ((minus|blank|plus), ){4}total -?\d", spoken(output))


def _every_fudge_face_gets_the_same_visible_box(page: Page) -> None:
    page.wait_for_function(READY, timeout=30_000)
    button = page.locator("button[data-roll='4dF']").first
    output = page.locator(f'output[for="{button.get_attribute("id")}"]')
    faces: set[str] = set()
    heights: set[float] = set()
    for _ in range(40):  # until a roll has shown a blank, a minus and a plus
        button.click()
        expect(output.locator(".rb-total")).to_be_visible(timeout=30_000)
        page.evaluate(ANIMATIONS_ENDED)  # the dice drawn as they stay, not mid-animation
        # Read in one go: read die by die, a die could be measured as it was replaced.
        drawn = output.evaluate(
            """o => [...o.querySelectorAll('.rb-part--die')].map(
                 (d) => [d.textContent, d.getBoundingClientRect().height])"""
        )
        faces |= {face for face, _ in drawn}
        heights |= {round(height, 1) for _, height in drawn}
        if faces >= {" ", "−", "+"}:
            break
        output.evaluate("o => o.replaceChildren()")
    assert faces >= {" ", "−", "+"}
    assert len(heights) == 1 and heights.pop() > 10


def _odds_reset_marks_edits_and_an_empty_target_means_none(page: Page) -> None:
    figure = page.locator("[data-odds='2d10kh1']")
    target = figure.locator("input[name=target]")
    reset = figure.get_by_role("button", name="Reset")
    edited = figure.locator(".rb-edited")
    expect(reset).to_be_visible()
    preset = figure.locator(".rb-odds__text").inner_text()
    assert "P(≥ 8)" in preset
    expect(figure).not_to_have_attribute("data-edited", "")
    target.fill("")
    expect(figure.locator(".rb-odds__text")).to_have_text(
        odds_view("2d10kh1")["summary"], timeout=30_000
    )
    expect(figure.locator("tr.rb-hit")).to_have_count(0)
    expect(figure.locator("rect.rb-chart__bar--hit")).to_have_count(0)
    expect(figure).to_have_attribute("data-edited", "")
    expect(edited).to_have_text("Edited")
    expect(edited).to_be_visible()
    page.reload()  # the empty target is kept
    figure = page.locator("[data-odds='2d10kh1']")
    expect(figure.locator("input[name=target]")).to_have_value("")
    expect(figure.locator(".rb-odds__text")).not_to_contain_text("P(≥", timeout=30_000)
    figure.locator("input[name=modifier]").fill("2")
    expect(figure.locator(".rb-odds__expr")).to_have_text("2d10kh1+2", timeout=30_000)
    figure.get_by_role("button", name="Reset").click()
    expect(figure.locator(".rb-odds__expr")).to_have_text("2d10kh1", timeout=30_000)
    expect(figure.locator(".rb-odds__text")).to_have_text(preset)
    expect(figure.locator("input[name=target]")).to_have_value("8")
    expect(figure.locator("input[name=modifier]")).to_have_value("0")
    expect(figure).not_to_have_attribute("data-edited", "")
    expect(figure.locator(".rb-edited")).to_be_hidden()
    page.reload()  # and the reset is kept too
    figure = page.locator("[data-odds='2d10kh1']")
    expect(figure.locator("input[name=target]")).to_have_value("8")
    expect(figure).not_to_have_attribute("data-edited", "")


def _a_worked_example_widget_marks_edits_like_the_odds(page: Page) -> None:
    damage = widget(page, "wodu-damage")
    expect(damage).not_to_have_attribute("data-edited", "")
    set_field(damage, "wr", "5")
    expect_panel(damage, "3d10")
    expect(damage).to_have_attribute("data-edited", "")
    expect(damage.locator(".rb-edited")).to_have_text("Edited")
    damage.locator(".rb-widget__reset").click()
    expect(damage.locator('[data-field="wr"]')).to_have_value("3")
    expect(damage).not_to_have_attribute("data-edited", "", timeout=30_000)
    expect(damage.locator(".rb-edited")).to_be_hidden()


def _a_widget_is_busy_from_the_keystroke_until_its_new_answer(page: Page) -> None:
    """Typing starts a pause before the question goes to Python; the old answer is stale
    all through it, so the widget says busy at once (and a test waiting for idle waits)."""
    page.wait_for_function(READY, timeout=30_000)
    damage = widget(page, "wodu-damage")
    expect(damage).not_to_have_attribute("aria-busy", "true", timeout=30_000)
    busy = damage.evaluate(
        """root => {
          const field = root.querySelector('[data-field="wr"]');
          field.value = "5";
          field.dispatchEvent(new Event("input", { bubbles: true }));
          return root.getAttribute("aria-busy");
        }"""
    )
    assert busy == "true"
    expect(damage).not_to_have_attribute("aria-busy", "true", timeout=30_000)
    assert "3d10" in damage.locator(".rb-widget__panel").inner_text()


TYPE_AND_READ_BUSY = """([input, busy, text]) => {
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  return busy.getAttribute("aria-busy");
}"""
"""Type ``text`` into ``input`` and read ``busy``'s aria-busy in the same task."""


def _odds_and_the_dice_box_are_busy_from_the_keystroke_until_their_answer(page: Page) -> None:
    """The same pause before asking as a widget's, and the same busy from the first key;
    typing that leaves nothing to ask (not a number, an empty box) is not left busy."""
    page.wait_for_function(READY, timeout=30_000)
    figure = page.locator("[data-odds='2d10kh1']")
    modifier = figure.locator("input[name=modifier]")
    for text in ("2", "x"):  # an answer, then a refusal the page makes without asking
        typed = page.evaluate(
            TYPE_AND_READ_BUSY, [modifier.element_handle(), figure.element_handle(), text]
        )
        assert typed == "true"
        expect(figure).not_to_have_attribute("aria-busy", "true", timeout=30_000)
    expect(figure.locator(".rb-odds__status")).to_have_text(
        "Modifier is empty: enter a whole number from -10000 to 10000"
    )
    expect(figure.locator(".rb-odds__expr")).to_have_text("2d10kh1+2")

    page.keyboard.press("d")
    field = page.locator("#rb-dicebox-expr")
    expect(field).to_be_focused()
    shown = page.locator("#rb-dicebox .rb-odds")
    for text in ("4d6", ""):
        typed = page.evaluate(
            TYPE_AND_READ_BUSY, [field.element_handle(), shown.element_handle(), text]
        )
        assert typed == "true"
        expect(shown).not_to_have_attribute("aria-busy", "true", timeout=30_000)
    expect(shown).to_be_hidden()


def _the_no_script_hint_is_gone(page: Page) -> None:
    button = page.locator("button[data-roll='3d6']")
    # Mounted by rollbook.js, the last to set its title (Python, ready or not, never does).
    expect(button).to_have_attribute("data-rb-mounted", "1", timeout=30_000)
    expect(button).to_be_enabled()
    assert (button.get_attribute("title") or "").startswith("Roll 3d6: 3 to 18")
    expect(page.locator(".rb-roll__nojs")).to_have_count(0)
    assert "needs JavaScript" not in page.locator("article").inner_text()


@pytest.mark.system("developers")
def test_a_reader_rolls_by_mouse_and_keyboard_and_sees_and_hears_every_die(
    page: Page, server: SiteServer
) -> None:
    """On the Dice page, in turn:
    - with JavaScript, the no-script hint is gone and the roll buttons are live;
    - a roll of 3d6 is seen (the dice and their total) and heard (die by die);
    - a focused roll button rolls on Enter;
    - 3d10k2 strikes its dropped die and says so; 4dF's faces are heard as words;
    - every Fudge face (blank, minus, plus) gets the same visible box;
    - a link to the Authoring page is followed without reloading (instant navigation):
      the same Python, one worker in all, rolls 2d10+2 there.
    """
    workers_before = server.seen.count("/assets/rollbook/worker.js")
    page.goto(server.url + "dice/")
    _the_no_script_hint_is_gone(page)
    _an_inline_roll_shows_the_dice_and_the_total_and_is_announced_die_by_die(page)
    _keyboard_rolls(page)
    _keep_highest_strikes_the_dropped_die_and_dice_are_announced_in_words(page)
    _every_fudge_face_gets_the_same_visible_box(page)
    _instant_navigation_keeps_one_python(page, server, workers_before)


@pytest.mark.system("developers")
def test_a_reader_edits_odds_that_recompute_refuse_reset_and_are_kept(
    page: Page, server: SiteServer
) -> None:
    """On the Dice page, in turn:
    - an odds figure's modifier and target recompute its table and chart exactly;
    - a refused field is named and marked invalid, and the table kept (issue 16, item 25);
    - what was typed survives a reload;
    - Reset marks edits and puts the preset back, an empty target means none, and both
      are kept over a reload;
    - odds and the dice box are busy from the first key until their answer.
    """
    page.goto(server.url + "dice/")
    _odds_inputs_recompute_the_table_and_chart(page)
    _an_odds_field_refused_is_named_and_marked_invalid_and_the_table_kept(page)
    _odds_inputs_survive_a_reload(page)
    _odds_reset_marks_edits_and_an_empty_target_means_none(page)
    page.wait_for_function(READY, timeout=30_000)
    _odds_and_the_dice_box_are_busy_from_the_keystroke_until_their_answer(page)


@pytest.mark.system("wodu")
def test_a_worked_example_widget_marks_edits_and_is_busy_until_its_answer(
    page: Page, server: SiteServer
) -> None:
    """On WoDu's damage page: the worked example's widget marks an edit and Reset puts
    it back, like the odds; then it is busy from the keystroke until its new answer."""
    page.goto(server.url + "wodu/damage/")
    _a_worked_example_widget_marks_edits_like_the_odds(page)
    _a_widget_is_busy_from_the_keystroke_until_its_new_answer(page)
