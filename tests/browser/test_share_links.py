"""Share links in a real browser: an odds figure, a widget and a roll opened from a link.

The state travels in the URL's fragment; whoever opens the link sees the linker's
values (checked by Python as usual) or the very dice of the linker's roll, which
Python rolls again from its seed.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from rules_py.views import roll_view
from rules_py.widgets import WIDGETS
from tests.browser.axe import SETTLED, WIDTHS, audit_four_ways, visit
from tests.browser.play import kept_before
from tests.browser.widgets import (
    TIMEOUT,
    copy_roll_link,
    expect_panel,
    pointer_away,
    roll,
    roster_text,
    set_cell,
    set_field,
    wait_idle,
    widget,
)
from tests.sitesrv import SiteServer

SHARED = "Showing the values from a shared link"
ROSTER = "rollbook:characters:2d6-character"
STORE = "rollbook:widget:2d6-character"
"""Where the 2d6 builder keeps the reader's characters, and the one the form shows."""


@pytest.fixture
def fresh(browser: Browser) -> Iterator[BrowserContext]:
    """A second reader: a context of its own (no saved values, nothing cached), whose
    service worker is blocked as the ``context`` fixture's is: saving the whole site for
    offline use once Python is ready would only compete with the test for the machine."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    yield context
    context.close()


def _errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def _state(values: dict[str, Any]) -> str:
    text = json.dumps(values).encode()
    return base64.urlsafe_b64encode(text).decode().rstrip("=")


def _summary(figure: Locator) -> str:
    return figure.locator(".rb-odds__text").inner_text()


def _open_shared(page: Page, url: str, root_id: str, values: dict[str, Any]) -> Locator:
    """Open a link to ``url`` that shares ``values`` for its element ``root_id`` (named so
    in the page's HTML), afresh as a link opens: a page already at ``url`` is reloaded
    (going to the link only changes its fragment)."""
    same = page.url.split("#")[0] == url
    page.goto(f"{url}#share={root_id}:{_state(values)}")
    if same:
        page.reload()
    return page.locator(f"#{root_id}")


def _values_in(link: str) -> dict[str, Any]:
    encoded = re.search(r"&values=([A-Za-z0-9_-]+)&", link)
    assert encoded, link
    text = encoded.group(1)
    decoded: dict[str, Any] = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    return decoded


def test_a_friend_opens_the_linkers_odds_inline_and_widget_roll_links(
    context: BrowserContext, fresh: BrowserContext, server: SiteServer
) -> None:
    """The linker goes from page to page by links, sharing as they go; the friend, in a
    browser of their own, opens each link in turn (the first afresh, the others pasted
    on the page or followed by a link, the last reloaded too):

    - an odds figure's values: the friend's page opens with the linker's values and
      Python's answer, scrolled to, shown not saved; Back to your values ends it;
    - an inline roll's Share: a link to its exact dice;
    - a captioned inline roll (`#!roll 2d6+4 | cast Blast`, issue 16, item 25) is shared
      as "cast Blast", not bare dice;
    - a widget's roll: a link to its exact dice and outcome (Python rolls the link's values
      from its seed alike), which the log's entry links to as well; the friend sees it
      shown, not re-rollable, their own form keeping their values, again after a reload,
      until Close.
    """
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    other = fresh.new_page()
    errors = _errors(other)

    # An odds figure's values.
    page.goto(server.url + "dice/")
    figure = page.locator("figure[data-odds]").first
    figure.locator("input[name=modifier]").fill("2")
    figure.locator("input[name=target]").fill("11")
    expect(figure.locator(".rb-odds__expr")).to_have_text(re.compile(r"\+2$"), timeout=TIMEOUT)
    expect(figure.locator(".rb-odds__text")).to_contain_text("P(≥ 11)", timeout=TIMEOUT)
    answer = _summary(figure)
    figure.get_by_role("button", name="Share a link to these values").click()
    expect(figure.locator(".rb-share__said")).to_have_text("Link copied")
    link = page.evaluate("navigator.clipboard.readText()")
    figure_id = figure.get_attribute("id")
    assert link.startswith(f"{server.url}dice/#share={figure_id}:")

    other.goto(link)
    shared = other.locator(f"#{figure_id}")
    expect(shared.locator(".rb-shared")).to_contain_text(SHARED, timeout=TIMEOUT)
    expect(shared.locator("input[name=modifier]")).to_have_value("2")
    expect(shared.locator("input[name=target]")).to_have_value("11")
    expect(shared.locator(".rb-odds__text")).to_have_text(answer, timeout=TIMEOUT)
    assert shared.evaluate("f => f.getBoundingClientRect().top < innerHeight")
    # Shown, not saved: the reader's own values are theirs until they keep these.
    assert (
        other.evaluate("Object.keys(localStorage).filter(k => k.startsWith('rollbook:odds'))") == []
    )
    shared.get_by_role("button", name="Back to your values").click()
    expect(shared.locator("input[name=modifier]")).to_have_value("0")
    expect(shared.locator(".rb-shared")).to_have_count(0)
    assert other.evaluate("location.hash") == ""

    # An inline roll's exact dice.
    button = page.locator("button[data-roll='3d6']")
    output = page.locator(f'output[for="{button.get_attribute("id")}"]')
    button.click()
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    dice = output.locator(".rb-part").all_text_contents()
    total = output.locator(".rb-total").text_content()
    link = copy_roll_link(page, page.locator(".rb-roll-share").first)
    assert re.search(r"#roll=3d6&seed=\d+&at=\d{4}-", link), link

    # The friend's tab is on that page: only its fragment changes, which the page may answer
    # more than once (share.js, openFragment), the same dice each time: both are waited for.
    other.goto(link)
    line = other.get_by_role("region", name="Shared roll").locator(".rb-shared__roll")
    expect(line.locator(".rb-total")).to_have_text(total or "", timeout=TIMEOUT)
    expect(line.locator(".rb-part")).to_have_text(dice)

    # A captioned inline roll keeps its caption.
    visit(page, server.url + "2d6/magic/")
    button = page.locator("button[data-roll='2d6+4']", has_text="cast Blast")
    output = page.locator(f'output[for="{button.get_attribute("id")}"]')
    button.click()
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    total = output.locator(".rb-total").text_content()
    share = output.locator("xpath=following-sibling::*[contains(@class, 'rb-roll-share')]")
    link = copy_roll_link(page, share)
    assert re.search(r"#roll=2d6%2B4&seed=\d+&at=[^&]+&label=cast%20Blast$", link), link

    visit(other, link)
    line = other.get_by_role("region", name="Shared roll").locator(".rb-shared__roll")
    expect(line.locator(".rb-total")).to_have_text(total or "", timeout=TIMEOUT)
    expect(line).to_contain_text("cast Blast (2d6+4) rolled at")
    expect(line).to_have_attribute("aria-label", re.compile(r"^cast Blast \(2d6\+4\) rolled at "))

    # A widget's roll: its exact dice and outcome.
    visit(page, server.url + "2d6/combat/")
    combat = widget(page, "2d6-combat")
    set_field(combat, "armour", "heavy")
    expect_panel(combat, "heavy armour without proficiency")
    output = roll(combat)
    dice = output.locator(".rb-part").all_text_contents()
    outcome = output.locator(".rb-rolled__outcome").inner_text()
    share = combat.locator(".rb-widget__rolled + .rb-roll-share")
    link = copy_roll_link(page, share)
    combat_id = combat.get_attribute("id")
    assert re.search(rf"/2d6/combat/#rolled={combat_id}&values=[\w-]+&seed=\d+&at=\d{{4}}-", link)
    # Python's own roll of the link's values from its seed: the very dice the linker saw.
    seed = int(re.search(r"&seed=(\d+)", link).group(1))  # type: ignore[union-attr]
    values = _values_in(link)
    assert values["armour"] == "heavy"
    again = WIDGETS["2d6-combat"].rolled(values, seed)
    assert outcome == again["outcome"]
    # The log's entry links to the same roll.
    page.keyboard.press("l")
    entry = page.locator("#rb-log .rb-log__entry").first
    expect(entry.locator("a.rb-log__link")).to_have_attribute(
        "href", re.compile(rf"#rolled={combat_id}&values=[\w-]+&seed={seed}&at=")
    )

    visit(other, link)
    shared = widget(other, "2d6-combat")
    region = shared.get_by_role("region", name="Shared roll")
    expect(region.locator(".rb-rolled__outcome")).to_have_text(outcome, timeout=TIMEOUT)
    expect(region.locator(".rb-part")).to_have_text(dice)
    expect(region.locator(".rb-shared__what")).to_have_text(
        re.compile(r"^Exchange of blows \(Attack 4, Defence 2, Armour Heavy\), rolled at .+:$")
    )
    # Shown, not re-rollable, and the reader's own form keeps the reader's values.
    assert region.locator("button").all_inner_texts() == ["Close"]
    expect(shared.locator('[data-field="armour"]')).to_have_value("none")
    other.reload()  # (the link opened afresh)
    expect(region.locator(".rb-rolled__outcome")).to_have_text(outcome, timeout=TIMEOUT)
    region.get_by_role("button", name="Close").click()
    expect(shared.get_by_role("region", name="Shared roll")).to_have_count(0)
    assert other.evaluate("location.hash") == ""
    assert errors == []


def test_kept_shared_values_become_the_readers_own_and_reset_keeps_them(
    fresh: BrowserContext, server: SiteServer
) -> None:
    """An odds link opened afresh: Keep these makes its values the reader's own, as a load
    of the page without the link shows. Then, the reader's own edited again, another
    link: Reset resets the shared values, and Back to your values brings the reader's."""
    page = fresh.new_page()
    figure = _open_shared(page, server.url + "dice/", "rb-odds-1", {"modifier": "3", "target": ""})
    expect(figure.locator(".rb-shared")).to_contain_text(SHARED, timeout=TIMEOUT)
    expect(figure.locator("input[name=target]")).to_have_value("")
    figure.get_by_role("button", name="Keep these").click()
    expect(figure.locator(".rb-edited")).to_be_visible(timeout=TIMEOUT)
    page.goto(server.url + "dice/")  # a load of its own, without the link's fragment
    expect(page.locator("#rb-odds-1 input[name=modifier]")).to_have_value("3", timeout=TIMEOUT)

    figure = page.locator("figure[data-odds]").first
    figure.locator("input[name=modifier]").fill("4")
    expect(figure.locator(".rb-edited")).to_be_visible(timeout=TIMEOUT)
    page.wait_for_function(  # saved (after a pause in typing)
        "k => JSON.parse(localStorage.getItem(k) || '{}').modifier === '4'",
        arg="rollbook:odds:/dice/#rb-odds-1",
        timeout=TIMEOUT,
    )
    shared = _open_shared(page, server.url + "dice/", "rb-odds-1", {"modifier": "1"})
    expect(figure).to_have_id("rb-odds-1")  # the figure the reader edited
    expect(shared.locator("input[name=modifier]")).to_have_value("1", timeout=TIMEOUT)
    shared.get_by_role("button", name="Reset").click()
    expect(shared.locator("input[name=modifier]")).to_have_value("0")
    shared.get_by_role("button", name="Back to your values").click()
    expect(shared.locator("input[name=modifier]")).to_have_value("4")


def test_a_shared_widget_link_wins_over_saved_values_and_python_checks_shared_values(
    context: BrowserContext, fresh: BrowserContext, server: SiteServer
) -> None:
    """A widget's link, copied by hand from a browser that will not copy, opened afresh by
    a reader with a character of their own: the link's values for that load, then Back to
    theirs. Then a link of values Python refuses, pasted on the page: marked invalid."""
    # A browser that refuses both ways of copying: the link is offered, selected, in a field.
    context.add_init_script(
        "navigator.clipboard.writeText = () => Promise.reject(new Error('no'));"
        "document.execCommand = () => false;"
    )
    page = context.new_page()
    page.goto(server.url + "2d6/character-creation/")
    root = widget(page, "2d6-builder")
    set_field(root, "name", "Vessa Quill")
    set_cell(root, 0, "ranks", "2")
    wait_idle(root)
    expect_panel(root, "Vessa Quill")
    panel = root.locator(".rb-widget__panel").text_content() or ""
    root.get_by_role("button", name="Share a link to these values").click()
    field = root.get_by_role("textbox", name="Link to share")
    expect(field).to_be_focused()
    link = field.input_value()
    assert "#share=" in link

    other = fresh.new_page()
    errors = _errors(other)
    # The reader's own character, kept on an earlier visit; then the link opened afresh.
    own = {"name": "My Own Hero"}
    kept_before(other, server, {ROSTER: roster_text(own), STORE: json.dumps(own)})
    other.goto(link)
    shared = widget(other, "2d6-builder")
    expect(shared.locator(".rb-shared")).to_contain_text(SHARED, timeout=TIMEOUT)
    expect(shared.locator('[data-field="name"]')).to_have_value("Vessa Quill")
    expect(shared.locator('.rb-row [data-cell="ranks"]').first).to_have_value("2")
    wait_idle(shared)
    expect(shared.locator(".rb-widget__panel")).to_have_text(panel, timeout=TIMEOUT)
    shared.get_by_role("button", name="Back to your values").click()
    expect(shared.locator('[data-field="name"]')).to_have_value("My Own Hero")
    expect_panel(shared, "My Own Hero")

    # Shared values are checked by Python as the reader's are.
    fragment = f"share=rb-widget-1:{_state({'stat_points': '-5'})}"
    other.evaluate("(fragment) => { location.hash = fragment; }", fragment)
    expect(shared).to_have_id("rb-widget-1")
    expect(shared.locator(".rb-shared")).to_contain_text(SHARED, timeout=TIMEOUT)
    expect(shared.locator('[data-field="stat_points"]')).to_have_attribute(
        "aria-invalid", "true", timeout=TIMEOUT
    )
    expect(shared.locator(".rb-panel__error").first).to_be_visible()
    assert errors == []


def test_a_shared_roll_shows_the_same_dice_and_links_pasted_on_the_page_open_too(
    fresh: BrowserContext, server: SiteServer
) -> None:
    """A roll's link opened afresh: the same dice, labelled (its words as Python says
    them), and nothing to re-roll; Close takes it away. Then links pasted on the same
    page are opened too: another roll, then an odds figure's values."""
    expected = roll_view("4d6dl1+2", seed=987654321)
    page = fresh.new_page()
    errors = _errors(page)
    page.goto(f"{server.url}dice/#roll=4d6dl1%2B2&seed=987654321&at=2026-11-22T20:14:00Z")
    panel = page.get_by_role("region", name="Shared roll")
    expect(panel).to_contain_text("Shared roll")
    line = panel.locator(".rb-shared__roll")
    expect(line.locator(".rb-total")).to_have_text(f"= {expected['total']}", timeout=TIMEOUT)
    shown = line.locator(".rb-part").all_text_contents()
    assert shown == [part["text"] for part in expected["parts"]]
    assert line.locator(".rb-part--dropped").count() == 1
    expect(line).to_contain_text("4d6dl1+2 rolled at")
    spoken = expected["label"].split(": ", 1)[1]  # "3, 5, 1 dropped, 6, plus 2, total 16"
    expect(line).to_have_attribute(
        "aria-label", re.compile(r"^4d6dl1\+2 rolled at .*: " + re.escape(spoken) + "$")
    )
    expect(line).to_contain_text("Nov")
    assert panel.locator("button").all_inner_texts() == ["Close"]
    assert panel.locator("button[data-roll], .rb-roll__button").count() == 0
    panel.get_by_role("button", name="Close").click()
    expect(panel).to_have_count(0)
    assert page.evaluate("location.hash") == ""

    # Links pasted on the same page.
    pasted = roll_view("2d10", seed=5)
    figure = page.locator("figure[data-odds]").first
    expect(figure.locator(".rb-odds__controls:not([inert])")).to_be_visible(timeout=TIMEOUT)
    page.evaluate("() => { location.hash = 'roll=2d10&seed=5&at=2026-11-22T20:14:00Z'; }")
    line = page.get_by_role("region", name="Shared roll").locator(".rb-shared__roll")
    expect(line.locator(".rb-total")).to_have_text(f"= {pasted['total']}", timeout=TIMEOUT)
    state = _state({"modifier": "-2"})
    link = f"share={figure.get_attribute('id')}:{state}"
    page.evaluate("(link) => { location.hash = link; }", link)
    expect(figure.locator("input[name=modifier]")).to_have_value("-2", timeout=TIMEOUT)
    expect(figure.locator(".rb-shared")).to_contain_text(SHARED)
    assert errors == []


CLEAR_NOTICES = "() => document.querySelectorAll('.rb-shared').forEach((n) => n.remove())"
"""Take away every notice a link left, so that the next link's is the one read."""

BAD_FRAGMENTS = [
    ("share=rb-odds-1:!!!", "#rb-odds-1 .rb-shared", "This shared link is damaged"),
    ("share=rb-odds-1:e30x", "#rb-odds-1 .rb-shared", "This shared link is damaged"),
    ("share=rb-odds-1:WzFd", "#rb-odds-1 .rb-shared", "it holds no named values"),
    ("share=rb-odds-99:e30", ".md-content__inner > .rb-shared", "which is not on this page"),
    ("share=nothing", ".md-content__inner > .rb-shared", "names no figure or widget"),
    (
        f"share=rb-odds-1:{_state({'modifier': 'lots'})}",
        ".rb-odds__status",
        "Modifier is empty: enter a whole number",  # "lots" is no number to the field
    ),
    ("roll=3d6", ".rb-shared__roll", "This shared roll link is damaged"),
    ("roll=3d6&seed=abc", ".rb-shared__roll", "a roll's seed must be a whole number"),
    ("roll=3q6&seed=4", ".rb-shared__roll", "This shared roll cannot be shown"),
    ("roll=%E0%A4%A&seed=4", ".rb-shared__roll", "This shared roll link is damaged"),
    ("rolled=rb-odds-1&values=e30&seed=4", ".md-content__inner > .rb-shared", "nothing to"),
    ("rolled=rb-widget-9&values=e30&seed=4", ".md-content__inner > .rb-shared", "not on this"),
]
"""Fragments written by hand: where the page says what is wrong, and what it says."""

DAMAGED_WIDGET_ROLLS = [
    ("values=e30", "it needs the widget's values (values=) and a seed (seed=)"),
    ("values=!!!&seed=4", "This shared roll link is damaged: its values are not in"),
    ("values=e30&seed=abc", "a roll's seed must be a whole number"),
    (f"values={_state({'attack': 'lots'})}&seed=4", "This shared roll cannot be shown"),
]
"""Widget roll links damaged by hand: what the widget's page says of each."""


def test_bad_fragments_and_damaged_widget_roll_links_say_what_is_wrong(
    fresh: BrowserContext, server: SiteServer
) -> None:
    """On the dice page, the first fragment opens the page, as a link does; each other one
    is then put in the address of that page in turn (a new fragment, answered as one the
    page loads with: share.js, openFragment), once the notices of the one before are taken
    away. Then, on a widget's page reached by a link, each damaged widget roll link is
    opened likewise, one after another."""
    page = fresh.new_page()
    errors = _errors(page)
    (fragment, where, message), *others = BAD_FRAGMENTS
    page.goto(f"{server.url}dice/#{fragment}")
    expect(page.locator(where).first).to_contain_text(message, timeout=TIMEOUT)
    for fragment, where, message in others:
        page.evaluate(CLEAR_NOTICES)
        page.evaluate("(fragment) => { location.hash = fragment; }", fragment)
        expect(page.locator(where).first).to_contain_text(message, timeout=TIMEOUT)

    visit(page, server.url + "2d6/combat/")
    combat_id = widget(page, "2d6-combat").get_attribute("id")
    line = page.get_by_role("region", name="Shared roll").locator(".rb-shared__roll")
    for fragment, message in DAMAGED_WIDGET_ROLLS:
        page.evaluate(CLEAR_NOTICES)
        page.goto(f"{server.url}2d6/combat/#rolled={combat_id}&{fragment}")
        expect(line).to_contain_text(message, timeout=TIMEOUT)
    assert errors == []


def test_share_buttons_need_javascript(browser: Browser, server: SiteServer) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(server.url + "dice/")
        assert page.locator("figure[data-odds]").count()
        assert page.get_by_role("button", name=re.compile("Share")).count() == 0
    finally:
        context.close()


def _audit(page: Page) -> list[str]:
    """axe on the page as it stands, light and dark at 390 and 1280 px."""
    page.wait_for_function(SETTLED)
    return audit_four_ways(page)


REFUSE_COPYING = """() => {
  navigator.clipboard.writeText = () => Promise.reject(new Error('no'));
  document.execCommand = () => false;
}"""
"""A browser that refuses both ways of copying: a link is offered in a field to copy by hand."""


def test_axe_finds_nothing_on_shared_links(page: Page, server: SiteServer) -> None:
    """Three shared links, each audited light and dark at 390 and 1280 px. The tab goes
    from the first to the others by links (instant navigation), as a reader does, so its
    Python starts once (tests/browser/axe.py, ``visit``)."""
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})  # (light: the context's)
    page.goto(f"{server.url}dice/#roll=3d6%2B1&seed=42&at=2026-11-22T20:14:00Z")
    line = page.get_by_role("region", name="Shared roll").locator(".rb-shared__roll")
    expect(line.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    button = page.locator("button[data-roll='3d6']")
    button.click()  # an inline roll's Share action too
    expect(page.locator(".rb-roll-share")).to_be_visible(timeout=TIMEOUT)
    button.blur()  # Material's tooltip for the roll button goes with the focus...
    pointer_away(page)  # ... and with the pointer
    assert _audit(page) == []
    # A widget opened from a link: its notice, and the Share, Print and copy-by-hand field.
    page.evaluate(REFUSE_COPYING)  # (the page stays this one as links are followed)
    state = _state({"name": "Vessa Quill"})
    visit(page, f"{server.url}2d6/character-creation/#share=rb-widget-1:{state}")
    root = widget(page, "2d6-builder")
    expect(root.locator(".rb-shared")).to_contain_text(SHARED, timeout=TIMEOUT)
    expect_panel(root, "Vessa Quill")
    root.get_by_role("button", name="Share a link to these values").click()
    expect(root.get_by_role("textbox", name="Link to share")).to_be_focused()
    # The pointer that pressed Share at 390 px rests over the sidebar's links at 1280,
    # which Material draws hovered (amber on white): a phone has no resting pointer.
    pointer_away(page)
    assert _audit(page) == []
    # A widget's shared roll above its form, and the Share after the reader's own roll.
    visit(page, server.url + "2d6/combat/")
    combat = widget(page, "2d6-combat")
    at = "2026-11-22T20:14:00Z"
    page.evaluate(
        f"location.hash = 'rolled={combat.get_attribute('id')}&values=e30&seed=42&at={at}'"
    )
    region = combat.get_by_role("region", name="Shared roll")
    expect(region.locator(".rb-rolled__outcome")).to_be_visible(timeout=TIMEOUT)
    roll(combat)
    expect(combat.locator(".rb-widget__rolled + .rb-roll-share")).to_be_visible()
    pointer_away(page)
    assert _audit(page) == []
