"""Characters in the browser: several per system, kept, exported, shared (issue 17, items 1-3).

Driven on the 2d6 builder's page; the roster (docs/assets/rollbook/characters.js) is
the same for every system's sheet. Each Play page in use (its setup unfolded, a check
rolled from the sheet and a value tapped) is audited by axe in
tests/browser/test_play_sheets.py (test_axe_finds_nothing_in_play_and_edit_modes).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.play import (
    kept_before,
    name_character,
    names,
    new_character,
    play_as,
    playing,
    roll_check,
)
from tests.browser.play import roster as roster_of
from tests.browser.widgets import TIMEOUT, copy_roll_link, widget
from tests.sitesrv import SiteServer

SHEET = "2d6-builder"
PAGE = "2d6/character-creation/"
SAVED_SHEET = "rollbook:widget:2d6-character"


def test_the_sheet_saved_before_characters_becomes_the_first(
    page: Page, server: SiteServer
) -> None:
    kept_before(
        page, server, {SAVED_SHEET: json.dumps({"name": "Old Tom", "STR": "3", "AGI": "2"})}
    )
    page.goto(server.url + PAGE)
    root = widget(page, SHEET)
    assert names(root) == ["Old Tom"] and playing(root) == "Old Tom"
    expect(root.locator('[data-field="STR"]')).to_have_value("3")
    kept = page.evaluate("JSON.parse(localStorage.getItem('rollbook:characters:2d6-character'))")
    assert [c["values"]["name"] for c in kept["characters"]] == ["Old Tom"]


def test_a_reader_rolls_as_a_character_then_deletes_undoes_exports_and_imports(
    context: BrowserContext, page: Page, server: SiteServer, tmp_path: Path
) -> None:
    """One reader's characters on the 2d6 builder's page, in turn:

    - a check from the sheet is logged, and shared, under the character's name (its link,
      opened in another tab, shows the same dice);
    - Delete offers Undo, and deleting the last character leaves a fresh sheet;
    - Export all saves every character; Import refuses a file from a newer Rollbook,
      changing nothing, and adds a party beside the reader's, overwriting none.
    """
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(server.url + PAGE)
    root = widget(page, SHEET)
    name_character(root, "name", "Ash")

    # A check rolled from the sheet, logged and shared as Ash's.
    rolled = roll_check(root, "stat:PER")
    assert rolled.startswith("Ash: PER +3 against DC 9 (Average)")
    dice = root.locator(".rb-widget__checked .rb-part--die").all_text_contents()
    page.locator("#rb-log-button").click()
    newest = page.locator("#rb-log .rb-log__entry").first
    expect(newest.locator(".rb-log__what")).to_have_text("Ash: PER +3 against DC 9 (Average)")
    page.keyboard.press("Escape")
    link = copy_roll_link(page, root.locator(".rb-widget__checks"))
    assert re.search(r"#rolled=[^&]+&values=[^&]+&check=stat%3APER&seed=\d+", link)
    other = context.new_page()
    other.goto(link)
    shared = other.locator(".rb-shared__roll")
    expect(shared.locator(".rb-shared__what")).to_contain_text(
        "Ash: PER +3 against DC 9 (Average), rolled at", timeout=TIMEOUT
    )
    assert shared.locator(".rb-part--die").all_text_contents() == dice
    other.close()  # (a tab of the same browser would follow the roster below)

    # Delete, and Undo.
    new_character(root, "name", "Bryn")
    root.locator('[data-roster="delete"]').click()
    said = root.locator(".rb-roster__said")
    expect(said).to_contain_text("Deleted Bryn. Playing as Ash.")
    assert names(root) == ["Ash"]
    said.get_by_role("button", name="Undo").click()
    expect(said).to_have_text("Bryn is back.")
    assert names(root) == ["Ash", "Bryn"] and playing(root) == "Bryn"
    expect(root.locator('[data-field="name"]')).to_have_value("Bryn")

    play_as(root, "Ash")
    root.locator('[data-roster="delete"]').click()
    root.locator('[data-roster="delete"]').click()
    assert names(root) == ["Unnamed character 1"]
    expect(root.locator('[data-field="name"]')).to_have_value("")
    said.get_by_role("button", name="Undo").click()
    assert names(root) == ["Bryn"]

    # Export all, then Import.
    new_character(root, "name", "Ash")
    with page.expect_download() as download:
        root.locator('[data-roster="export-all"]').click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert download.value.suggested_filename == "2d6-character-all.json"
    assert saved["version"] == 2
    assert [c["name"] for c in saved["characters"]] == ["Bryn", "Ash"]

    chooser = root.locator(".rb-widget__import input[type=file]")
    status = root.locator(".rb-roster__said")
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({**saved, "version": 9}))
    chooser.set_input_files(newer)
    expect(status).to_contain_text("may come from a newer Rollbook", timeout=TIMEOUT)
    expect(status).to_contain_text("Your characters are unchanged")
    assert names(root) == ["Bryn", "Ash"]

    party = tmp_path / "party.json"
    renamed = [{**c, "name": f"{c['name']} II"} for c in saved["characters"]]
    party.write_text(json.dumps({**saved, "characters": renamed}))
    chooser.set_input_files(party)
    expect(status).to_contain_text(
        "Imported party.json: 2 characters (Bryn II, Ash II). Your other characters are unchanged.",
        timeout=TIMEOUT,
    )
    assert names(root) == ["Bryn", "Ash", "Bryn II", "Ash II"]
    assert playing(root) == "Bryn II"


def test_a_shared_character_is_kept_as_a_new_one_beside_the_reader_s(
    browser: Browser, context: BrowserContext, page: Page, server: SiteServer
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(server.url + PAGE)
    root = widget(page, SHEET)
    name_character(root, "name", "Vessa")
    root.get_by_role("button", name="Share a link to these values").click()
    expect(root.locator(".rb-share__said").first).to_have_text("Link copied")
    link: str = page.evaluate("navigator.clipboard.readText()")

    friend = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        theirs = friend.new_page()
        theirs.goto(server.url + PAGE)
        mine = widget(theirs, SHEET)
        name_character(mine, "name", "Bryn")
        theirs.goto(link)
        theirs.reload()
        shared = widget(theirs, SHEET)
        expect(shared.locator(".rb-shared")).to_contain_text("shared link", timeout=TIMEOUT)
        expect(shared.locator('[data-field="name"]')).to_have_value("Vessa")
        assert names(shared) == ["Bryn"]
        shared.get_by_role("button", name="Keep as a new character").click()
        expect(roster_of(shared).locator("option:checked")).to_have_text("Vessa")
        assert names(shared) == ["Bryn", "Vessa"]
        play_as(shared, "Bryn")
        expect(shared.locator('[data-field="name"]')).to_have_value("Bryn")
    finally:
        friend.close()
