"""Stored data never kills a page or loses a character (issue 28, items 1-5).

Everything the site keeps in localStorage may have been written by a later version,
an older cached copy, another tab or another app on the same origin; a link may be
written by hand. Each test here plants such a thing on the built site and checks
that the page goes on, that nothing it cannot read is written over, and that the
reader is told in a plain sentence.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.browser.axe import audit_four_ways, follow_link, serious
from tests.browser.play import (
    LOG_ENTRY,
    kept,
    kept_before,
    name_character,
    names,
    new_character,
    playing,
    roll_check,
    roster,
)
from tests.browser.test_roll_log import ENTRIES, open_log, roll_inline
from tests.browser.widgets import TIMEOUT, roster_text, set_field, wait_idle, widget
from tests.sitesrv import SiteServer

SHEET = "2d6-builder"
PLAY = "2d6/play/"
ROSTER = "rollbook:characters:2d6-character"
STORE = "rollbook:widget:2d6-character"
LOG = "rollbook:log"


def link_values(values: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(values).encode()).decode().rstrip("=")


def roster_names(page: Page) -> list[str]:
    stored = json.loads(kept(page, ROSTER) or "{}")
    return [c["values"]["name"] for c in stored.get("characters", [])]


def field(root: Locator, name: str) -> Locator:
    return root.locator(f'[data-field="{name}"]')


# Item 1: one bad log entry, a log of another shape, a saved value a widget cannot show.


def test_a_log_entry_whose_time_is_not_a_date_costs_its_own_line(
    page: Page, server: SiteServer
) -> None:
    bad = {**LOG_ENTRY, "id": "later-1", "time": "yesterday"}
    kept_before(page, server, {LOG: json.dumps([LOG_ENTRY, bad, "not an entry", None])})
    page.goto(server.url + "dice/")
    roll_inline(page, "3d6")  # the dice are ready: the page did not die
    log = open_log(page)
    expect(log.locator(".rb-log__entry")).to_have_count(2)
    expect(page.locator(ENTRIES).last).to_contain_text("2d6")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_roll_log_of_another_shape_is_kept_and_the_reader_told(
    page: Page, server: SiteServer
) -> None:
    other = json.dumps({"version": 2, "rolls": [LOG_ENTRY]})
    kept_before(page, server, {LOG: other})
    page.goto(server.url + "dice/")
    roll_inline(page, "3d6")
    roll_inline(page, "3d6")
    assert kept(page, LOG) == other
    log = open_log(page)
    expect(log.locator(".rb-log__entry")).to_have_count(2)
    expect(log.locator(".rb-log__kept")).to_have_text(
        "The roll log kept in this browser is in a form this page cannot read, so it is left"
        " as it is: the rolls made here are listed until you leave the page."
    )
    log.locator(".rb-log__clear").click()
    assert kept(page, LOG) == other  # nor is it cleared
    assert audit_four_ways(page, serious) == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_saved_value_a_widget_cannot_show_leaves_it_whole(page: Page, server: SiteServer) -> None:
    root_id = "rb-widget-1"  # the page's first widget, named so in its HTML
    values = {"stat_a": 2, "dice": [None, "six"], "bonus": {"toString": 0}}
    stored = {f"rollbook:widget:/danger-world/checks/#{root_id}": json.dumps(values)}
    kept_before(page, server, stored)
    page.goto(server.url + "danger-world/checks/")
    root = widget(page, "danger-world-roller")
    expect(root).to_have_id(root_id)
    expect(root.locator(".rb-share")).to_be_visible()  # mounted to the end
    expect(field(root, "stat_a")).to_have_value("2")  # what it can show, it shows
    expect(field(root, "bonus")).to_have_value("0")
    assert page.errors == []  # type: ignore[attr-defined]


# Item 2: a roster of another version is kept, offered as a file, and said.


def _other_roster(page: Page, server: SiteServer, roster_text: str) -> Locator:
    stored = {ROSTER: roster_text, STORE: json.dumps({"name": "Rook", "wounds_taken": "1"})}
    kept_before(page, server, stored)
    page.goto(server.url + PLAY)
    return widget(page, SHEET)


def test_a_roster_of_a_newer_version_is_never_written_over(page: Page, server: SiteServer) -> None:
    newer = json.dumps(
        {
            "version": 2,
            "active": "rook",
            "characters": [
                {"id": "ash", "sheet": {"name": "Ash"}},
                {"id": "rook", "sheet": {"name": "Rook"}},
            ],
        }
    )
    root = _other_roster(page, server, newer)
    said = root.locator(".rb-roster__said")
    expect(said).to_contain_text(
        "Your characters were saved by a newer version of Rollbook, which this copy cannot"
        " read: they are kept as they are"
    )
    name_character(root, "name", "Rook the Bold")  # the sheet still plays, saved under its store
    assert kept(page, ROSTER) == newer
    assert json.loads(kept(page, STORE) or "{}")["name"] == "Rook the Bold"
    expect(root.locator('[data-roster="new"]')).to_be_disabled()
    with page.expect_download() as download:
        said.get_by_role("button", name="Download your characters").click()
    assert download.value.suggested_filename == "rollbook-2d6-character-characters.json"
    assert Path(download.value.path()).read_text(encoding="utf-8") == newer
    page.reload()
    assert kept(page, ROSTER) == newer
    assert audit_four_ways(page, serious) == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_roster_of_an_older_version_is_never_written_over(page: Page, server: SiteServer) -> None:
    older = json.dumps({"characters": {"Ash": {"name": "Ash"}, "Rook": {"name": "Rook"}}})
    root = _other_roster(page, server, older)
    expect(root.locator(".rb-roster__said")).to_contain_text(
        "Your characters were saved by another version of Rollbook, which this page cannot read"
    )
    name_character(root, "name", "Rook the Bold")
    assert kept(page, ROSTER) == older
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_newer_roster_that_says_this_version_reads_it_keeps_what_it_added(
    page: Page, server: SiteServer
) -> None:
    newer = {
        "version": 2,
        "oldest": 1,
        "active": "c1",
        "portraits": {"c1": "rook.png"},
        "characters": [
            {"id": "c1", "values": {"name": "Rook", "pronouns": "they"}, "colour": "teal"},
            {"id": "c2", "values": {"name": "Ash"}},
        ],
    }
    root = _other_roster(page, server, json.dumps(newer))
    assert names(root) == ["Rook", "Ash"]
    name_character(root, "name", "Rook the Bold")
    stored = json.loads(kept(page, ROSTER) or "{}")
    assert stored["version"] == 2 and stored["oldest"] == 1
    assert stored["portraits"] == {"c1": "rook.png"}
    rook = stored["characters"][0]
    assert rook["colour"] == "teal" and rook["values"]["pronouns"] == "they"
    assert rook["values"]["name"] == "Rook the Bold"


# Item 3: two tabs each write only the character their form shows.


def tab(context: BrowserContext) -> Page:
    """Another tab of the context, whose script errors are kept as the ``page`` fixture's are."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def test_two_tabs_never_write_into_a_character_they_are_not_showing(
    context: BrowserContext, server: SiteServer
) -> None:
    a = tab(context)
    a.goto(server.url + PLAY)
    in_a = widget(a, SHEET)
    name_character(in_a, "name", "Rook")
    b = tab(context)
    b.goto(server.url + PLAY)
    in_b = widget(b, SHEET)
    expect(field(in_b, "name")).to_have_value("Rook")

    new_character(in_a, "name", "Ash")
    set_field(in_a, "wounds_taken", "2")
    wait_idle(in_a)
    expect(roster(in_b).locator("option")).to_have_text(["Rook", "Ash"], timeout=TIMEOUT)
    assert playing(in_b) == "Rook"
    expect(field(in_b, "name")).to_have_value("Rook")

    set_field(in_b, "wounds_taken", "5")
    name_character(in_b, "name", "Rook the Bold")
    assert playing(in_b) == "Rook the Bold"
    stored = json.loads(kept(b, ROSTER) or "{}")
    by_name = {c["values"]["name"]: c["values"] for c in stored["characters"]}
    assert set(by_name) == {"Rook the Bold", "Ash"}
    assert by_name["Ash"]["wounds_taken"] == "2"
    assert by_name["Rook the Bold"]["wounds_taken"] == "5"
    # A still plays Ash, as its form shows, and lists B's rename.
    expect(roster(in_a).locator("option")).to_have_text(["Rook the Bold", "Ash"], timeout=TIMEOUT)
    assert playing(in_a) == "Ash"
    expect(field(in_a, "name")).to_have_value("Ash")

    # The same character edited in the other tab is shown as edited there.
    in_a.locator(".rb-roster__select").select_option(label="Rook the Bold")
    expect(field(in_a, "name")).to_have_value("Rook the Bold")
    wait_idle(in_a)
    set_field(in_b, "wounds_taken", "4")
    expect(field(in_a, "wounds_taken")).to_have_value("4", timeout=TIMEOUT)
    for each in (a, b):
        assert each.errors == []  # type: ignore[attr-defined]


# Item 4: storage full: said once, with the way out, and nothing reloaded over a failed write.

FULL = """keys => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (keys.includes(key)) throw new DOMException('Quota exceeded.', 'QuotaExceededError');
    return setItem.call(this, key, value);
  };
}"""


def test_a_full_storage_is_said_and_loses_no_character(page: Page, server: SiteServer) -> None:
    page.goto(server.url + PLAY)
    root = widget(page, SHEET)
    name_character(root, "name", "Rook")
    page.evaluate(FULL, [ROSTER, LOG])

    root.locator('[data-roster="new"]').click()
    said = root.locator(".rb-roster__said")
    expect(said).to_have_text(
        "This browser would not save your characters (its storage is full or blocked), so"
        " nothing changed: use Export all to keep your characters in a file."
    )
    assert names(root) == ["Rook"]
    expect(field(root, "name")).to_have_value("Rook")

    name_character(root, "name", "Rook the Bold")
    expect(said).to_have_text(
        "This browser would not save your characters (its storage is full or blocked): your"
        " latest changes last only while this page is open, so use Export all to keep your"
        " characters in a file."
    )
    roll_check(root, "stat:STR")
    log = open_log(page)
    expect(log.locator(".rb-log__kept")).to_contain_text(
        "This browser would not keep the roll log (its storage is full or blocked)"
    )
    expect(log.locator(".rb-log__entry")).to_have_count(1)
    assert audit_four_ways(page, serious) == []

    page.reload()  # (storage as it was: the roster's last write failed, the sheet's did not)
    root = widget(page, SHEET)
    assert names(root) == ["Rook the Bold"]
    expect(field(root, "name")).to_have_value("Rook the Bold")
    wait_idle(root)
    assert roster_names(page) == ["Rook the Bold"]
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_sheet_or_figure_the_browser_will_not_save_says_so_once(
    page: Page, server: SiteServer
) -> None:
    page.goto(server.url + PLAY)
    root = widget(page, SHEET)
    page.evaluate(FULL, [STORE, ROSTER])
    name_character(root, "name", "Rook")
    said = root.locator(".rb-roster__said")
    expect(said).to_contain_text("This browser would not save your characters")
    said.evaluate("s => s.replaceChildren()")
    name_character(root, "name", "Rook the Bold")
    expect(said).to_be_empty()  # once, not at each change

    checks = widget(page, "2d6-check")
    page.evaluate(FULL, [f"rollbook:widget:/{PLAY}#{checks.get_attribute('id')}"])
    set_field(checks, "bonus", "3")
    expect(checks.locator(".rb-widget__message")).to_have_text(
        "This browser would not save these values (its storage is full or blocked): they"
        " last only while this page is open."
    )
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_change_refused_for_a_full_storage_does_not_stop_following_other_tabs(
    context: BrowserContext, server: SiteServer
) -> None:
    a = tab(context)
    a.goto(server.url + PLAY)
    in_a = widget(a, SHEET)
    name_character(in_a, "name", "Rook")
    a.evaluate("() => { window.unpatched = Storage.prototype.setItem; }")
    a.evaluate(FULL, [ROSTER])
    in_a.locator('[data-roster="new"]').click()
    expect(in_a.locator(".rb-roster__said")).to_contain_text("so nothing changed")
    a.evaluate("() => { Storage.prototype.setItem = window.unpatched; }")  # space again

    b = tab(context)
    b.goto(server.url + PLAY)
    in_b = widget(b, SHEET)
    new_character(in_b, "name", "Ash")
    expect(roster(in_a).locator("option")).to_have_text(["Rook", "Ash"], timeout=TIMEOUT)
    in_a.locator('[data-roster="duplicate"]').click()  # written over nothing B made
    expect(in_a.locator(".rb-roster__said")).to_contain_text("a copy")
    assert roster_names(a) == ["Rook", "Rook (copy)", "Ash"]
    for each in (a, b):
        assert each.errors == []  # type: ignore[attr-defined]


# Item 5: links written by hand, and a friend's link left unanswered.


def open_share_link(page: Page, server: SiteServer, root: Locator, values: str) -> Locator:
    """Open the Play page's sheet ``root`` from a share link of ``values`` (base64url)."""
    page.goto(f"{server.url}{PLAY}#share={root.get_attribute('id')}:{values}")
    page.reload()
    return widget(page, SHEET)


def test_a_link_whose_values_are_not_plain_data_is_refused_and_saving_goes_on(
    page: Page, server: SiteServer
) -> None:
    own = {"name": "Rook"}  # the reader's character, kept on an earlier visit
    kept_before(page, server, {ROSTER: roster_text(own), STORE: json.dumps(own)})
    crafted = link_values({"name": {"toString": 0}, "wounds_taken": [1]})
    page.goto(f"{server.url}{PLAY}#share=rb-widget-1:{crafted}")  # afresh, as a link opens
    root = widget(page, SHEET)
    expect(root).to_have_id("rb-widget-1")
    expect(root.locator(".rb-shared")).to_have_text(
        "This shared link is damaged (some of its values are not ones this can show):"
        " showing your own values."
    )
    expect(field(root, "name")).to_have_value("Rook")
    name_character(root, "name", "Rook the Bold")
    assert json.loads(kept(page, STORE) or "{}")["name"] == "Rook the Bold"
    assert roster_names(page) == ["Rook the Bold"]
    assert audit_four_ways(page, serious) == []
    # Instant navigation to the next page: its dice are alive.
    follow_link(page, server.url + "dice/")
    roll_inline(page, "3d6")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_link_that_cannot_be_decoded_is_said_and_the_dice_live(
    page: Page, server: SiteServer
) -> None:
    page.goto(server.url + "dice/#share=%E0%A4%A:eyJ9")  # opened afresh, as a link is
    expect(page.locator(".rb-shared")).to_contain_text("This shared link is damaged")
    roll_inline(page, "3d6")
    follow_link(page, server.url + "2d6/")
    roll_inline(page, "2d6")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_friends_link_left_unanswered_does_not_lose_a_new_character(
    page: Page, server: SiteServer
) -> None:
    page.goto(server.url + PLAY)
    root = widget(page, SHEET)
    name_character(root, "name", "Rook")
    friend = root.evaluate("r => JSON.parse(localStorage.getItem('rollbook:widget:2d6-character'))")
    friend["name"] = "Vex"
    root = open_share_link(page, server, root, link_values(friend))
    expect(root.locator(".rb-shared")).to_contain_text("Showing the values from a shared link")
    expect(field(root, "name")).to_have_value("Vex")

    new_character(root, "name", "Nova")
    expect(root.locator(".rb-shared")).to_have_count(0)
    assert page.evaluate("location.hash") == ""
    page.reload()
    root = widget(page, SHEET)
    assert names(root) == ["Rook", "Nova"] and playing(root) == "Nova"
    expect(field(root, "name")).to_have_value("Nova")
    assert page.errors == []  # type: ignore[attr-defined]
