"""Backups that restore, and Safari's seven days (issue 28, items 6 and 8).

A file Export all writes, Import takes: a half-built character is named at export and
left out (named, with the reason) at import while every valid one comes in; a name
already taken comes in numbered; Import sits beside Export all; a broken file is refused
in a sentence before it reaches Pyodide. The first save of a character asks the browser
to keep the site's storage for good, once, and says what it answered.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from pathlib import Path

from playwright.sync_api import BrowserContext, Locator, Page, expect

from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import read_values
from tests.browser.axe import audit_four_ways, serious, visit
from tests.browser.play import LOG_ENTRY, keep, kept_before, name_character, names
from tests.browser.widgets import TIMEOUT, pointer_away, roster_text, widget
from tests.sitesrv import SiteServer

SHEET = "2d6-builder"
EXAMPLE_NAME = WIDGETS[SHEET].character_name(read_values(WIDGETS[SHEET].fields, {})[0])
EXAMPLE = f"{EXAMPLE_NAME} (example)"
"""How the roster lists the section's example, played on a first visit."""
PAGE = "2d6/character-creation/"
PLAY = "2d6/play/"
ROSTER = "rollbook:characters:2d6-character"
STORE = "rollbook:widget:2d6-character"
PERSIST = "rollbook:storage-persist"


def _open_with(page: Page, server: SiteServer, stored: dict[str, str], path: str = PAGE) -> Locator:
    """The sheet of ``path`` opened with ``stored`` kept (nothing: the test's fresh context)."""
    if stored:
        kept_before(page, server, stored)
    page.goto(server.url + path)
    return widget(page, SHEET)


def _import(root: Locator, file: Path) -> Locator:
    said = root.locator(".rb-roster__said")
    said.evaluate("o => o.replaceChildren()")
    root.locator(".rb-roster__buttons .rb-widget__import input[type=file]").set_input_files(file)
    expect(said).not_to_be_empty(timeout=TIMEOUT)
    return said


def test_an_over_budget_character_is_named_at_export_and_left_out_at_import(
    page: Page, server: SiteServer, tmp_path: Path
) -> None:
    root = _open_with(
        page,
        server,
        {
            ROSTER: roster_text({"name": "Ash"}, {"name": "Rook", "STR": 6}, {"name": "Kit"}),
            STORE: json.dumps({"name": "Ash"}),
        },
    )
    assert names(root) == ["Ash", "Rook", "Kit"]
    importer = root.locator(".rb-roster__buttons .rb-widget__import")
    expect(importer).to_have_text("Import")  # beside Export all, in the roster's bar
    with page.expect_download() as download:
        root.locator('[data-roster="export-all"]').click()
    said = root.locator(".rb-roster__said")
    expect(said).to_contain_text(
        "Saved 2d6-character-all.json (3 characters). Import will leave out this one until"
        " fixed: Rook: ",
        timeout=TIMEOUT,
    )
    file = tmp_path / "party.json"
    file.write_text(Path(download.value.path()).read_text())
    assert len(json.loads(file.read_text())["characters"]) == 3  # the backup loses no one

    said = _import(root, file)
    expect(said).to_contain_text(
        "Imported party.json: 2 characters (Ash (2), Kit (2)). Renamed, as those names were"
        " taken: Ash as Ash (2), Kit as Kit (2). Left out: Rook: "
    )
    expect(said).to_contain_text("Your other characters are unchanged.")
    assert names(root) == ["Ash", "Rook", "Kit", "Ash (2)", "Kit (2)"]
    said = _import(root, file)  # twice: numbered again, never a second "Ash (2)"
    expect(said).to_contain_text("2 characters (Ash (3), Kit (3))")
    assert names(root) == ["Ash", "Rook", "Kit", "Ash (2)", "Kit (2)", "Ash (3)", "Kit (3)"]
    page.evaluate("document.activeElement.blur()")  # (Export all keeps its tooltip while focused)
    pointer_away(page)  # (and a titled button under the mouse shows one)
    assert audit_four_ways(page, serious) == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_roster_holds_no_more_characters_than_export_all_saves(
    page: Page, server: SiteServer, tmp_path: Path
) -> None:
    hundred = [{"name": f"Hero {n}"} for n in range(1, 101)]
    root = _open_with(page, server, {ROSTER: roster_text(*hundred)})
    said = root.locator(".rb-roster__said")
    root.locator('[data-roster="new"]').click()
    expect(said).to_have_text(
        "A system keeps at most 100 characters here, so that Export all saves them in one"
        " file: delete one to make another."
    )
    one = tmp_path / "wren.json"
    one.write_text(json.dumps({"rollbook": SHEET, "version": 1, "values": {"name": "Wren"}}))
    expect(_import(root, one)).to_have_text(
        "A system keeps at most 100 characters here, so that Export all saves them in one"
        " file, and you have 100: delete some to add one more. Your characters are unchanged."
    )
    with page.expect_download() as download:
        root.locator('[data-roster="export-all"]').click()
    expect(said).to_contain_text("Saved 2d6-character-all.json (100 characters).", timeout=TIMEOUT)
    assert len(json.loads(Path(download.value.path()).read_text())["characters"]) == 100
    assert len(names(root)) == 100


PERSIST_STUB = """(() => {
  window.persistAsked = 0;
  const answer = %s;
  Object.defineProperty(navigator, "storage", { configurable: true, value: {
    persist: async () => { window.persistAsked++; return answer; },
    persisted: async () => false,
  } });
})();"""


def _persist_page(context: BrowserContext, server: SiteServer, answer: bool) -> Page:
    """The sheet's page on a first visit (the test's fresh context keeps nothing)."""
    context.add_init_script(PERSIST_STUB % ("true" if answer else "false"))
    page = context.new_page()
    page.goto(server.url + PAGE)
    return page


def test_the_first_save_asks_once_to_keep_the_storage_and_says_it_was_granted(
    context: BrowserContext, server: SiteServer
) -> None:
    page = _persist_page(context, server, True)
    root = widget(page, SHEET)
    kept = root.locator(".rb-roster__kept")
    expect(kept).to_be_empty()
    assert page.evaluate("window.persistAsked") == 0  # a visit alone asks nothing
    name_character(root, "name", "Ash")
    expect(kept).to_have_text("This browser keeps your characters until you delete them.")
    name_character(root, "name", "Ash Grey")
    assert page.evaluate("window.persistAsked") == 1
    assert page.evaluate(f"localStorage.getItem({PERSIST!r})") == "granted"
    page.reload()
    root = widget(page, SHEET)
    expect(root.locator(".rb-roster__kept")).to_have_text(
        "This browser keeps your characters until you delete them."
    )
    name_character(root, "name", "Ash")
    assert page.evaluate("window.persistAsked") == 0  # asked once, ever
    pointer_away(page)  # (a titled button under the mouse shows a tooltip)
    assert audit_four_ways(page, serious) == []


# Item 8: Back up on every Play page and the offline page, restored by Import.

STORES = {
    "2d6-character": ("name", "Ash"),
    "d10-0-character": ("name", "Bob"),
    "danger-world-character": ("name", "Ada"),
    "peupfudge-character": ("character", "Ana"),
    "wodu-sheet": ("name", "Rook"),
}
LOG = "rollbook:log"
DAY = 24 * 60 * 60 * 1000


def _everything() -> dict[str, str]:
    stored = {
        f"rollbook:characters:{store}": roster_text({field: name}, {field: f"{name} Two"})
        for store, (field, name) in STORES.items()
    }
    later = {
        **LOG_ENTRY,
        "id": "1764200001000-def456",
        "time": 1764200001000,
        "said": "Rolled 2d6: 9",
    }
    return {**stored, LOG: json.dumps([LOG_ENTRY, later])}


def _kept_names(page: Page) -> dict[str, list[str]]:
    found: dict[str, list[str]] = page.evaluate(
        """fields => Object.fromEntries(Object.entries(fields).map(([store, field]) => {
          const kept = JSON.parse(localStorage.getItem("rollbook:characters:" + store) || "{}");
          return [store, (kept.characters || []).map((c) => c.values[field])];
        }))""",
        {store: field for store, (field, _) in STORES.items()},
    )
    return found


def test_back_up_then_import_restores_every_systems_characters_and_the_log(
    page: Page, server: SiteServer, tmp_path: Path
) -> None:
    root = _open_with(page, server, _everything(), PLAY)
    said = root.locator(".rb-backup__said")
    expect(said).to_have_text("No backup made in this browser yet.")
    with page.expect_download() as download:
        root.locator(".rb-roster__buttons .rb-backup__button").click()
    today = page.evaluate("new Date().toISOString().slice(0, 10)")
    assert download.value.suggested_filename == f"rollbook-backup-{today}.json"
    expect(said).to_contain_text(f"Last backup made on {today}.")
    backup = tmp_path / "backup.json"
    backup.write_text(Path(download.value.path()).read_text())
    made = json.loads(backup.read_text())
    assert made["rollbook"] == "rollbook-backup" and made["version"] == 1
    assert sorted(made["rosters"]) == sorted(STORES) and len(made["log"]) == 2

    page.evaluate("localStorage.clear()")
    page.reload()
    root = widget(page, SHEET)
    assert names(root) == [EXAMPLE]
    expect(_import(root, backup)).to_have_text(
        "Restored backup.json: 10 characters of 5 systems and 2 rolls of the log."
        " Nothing kept was overwritten."
    )
    kept = _kept_names(page)
    for store, (_, name) in STORES.items():
        # (the 2d6 page, reloaded, kept its example as the first character)
        assert [n for n in kept[store] if n and n != EXAMPLE_NAME] == [name, f"{name} Two"], store
    assert names(root) == [EXAMPLE, "Ash", "Ash Two"]
    log = json.loads(page.evaluate(f"localStorage.getItem({LOG!r})"))
    assert [e["said"] for e in log] == ["Rolled 2d6: 7", "Rolled 2d6: 9"]
    expect(_import(root, backup)).to_contain_text(  # again: nothing doubles
        "Restored backup.json: 0 characters of 5 systems and 0 rolls of the log."
    )
    assert _kept_names(page) == kept
    page.evaluate("document.activeElement.blur()")
    pointer_away(page)
    assert audit_four_ways(page, serious) == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_browser_that_will_not_keep_the_storage_is_told_and_every_bad_file_refused(
    context: BrowserContext, server: SiteServer, tmp_path: Path
) -> None:
    """A first visit to the sheet in a browser that will not keep the site's storage, then
    Import on it and (by a link) on the Play page:

    - the first save asks once to keep the storage, says it was refused and offers Export
      all (axe finds nothing);
    - a broken, empty or deeply nested file, or a sheet Python refuses, is refused in a
      sentence before it reaches Pyodide, each leaving the characters unchanged; a good
      file then comes in (Python lives);
    - a backup of a newer version, or one with a roster of another form, is refused whole,
      each leaving the characters unchanged;
    - a backup larger than a file of one system still restores.
    """
    page = _persist_page(context, server, False)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    root = widget(page, SHEET)
    name_character(root, "name", "Ash")
    expect(root.locator(".rb-roster__kept")).to_have_text(
        "This browser may delete your characters after a while without a visit (Safari does"
        " after seven days): use Export all now and then to keep them in a file."
    )
    assert page.evaluate("window.persistAsked") == 1
    assert page.evaluate(f"localStorage.getItem({PERSIST!r})") == "refused"
    pointer_away(page)  # (a titled button under the mouse shows a tooltip)
    assert audit_four_ways(page, serious) == []

    refusals = {
        "deep.json": (
            "[" * 100_000 + "]" * 100_000,
            "deep.json nests lists more than 16 deep, so it is not a file Rollbook wrote."
            " Your characters are unchanged.",
        ),
        "empty.json": (
            "",
            "This file is not JSON, so it is not a file Rollbook wrote (it may be damaged)."
            " Your characters are unchanged.",
        ),
        "typed.json": (
            json.dumps({"rollbook": SHEET, "version": 1, "values": {"STR": "+-5"}}),
            "This file's sheet cannot be used: STR (Strength) must be a whole number"
            " (got '+-5'). Your characters are unchanged.",
        ),
    }
    for name, (text, refusal) in refusals.items():
        file = tmp_path / name
        file.write_text(text)
        expect(_import(root, file)).to_have_text(refusal)
        assert names(root) == ["Ash"], name
    good = tmp_path / "wren.json"
    good.write_text(json.dumps({"rollbook": SHEET, "version": 1, "values": {"name": "Wren"}}))
    expect(_import(root, good)).to_contain_text("Imported wren.json: Wren.")  # Python lives
    assert names(root) == ["Ash", "Wren"]

    # On the Play page, reached by a link: backups, which the same Import restores.
    visit(page, server.url + PLAY)
    root = widget(page, SHEET)
    assert names(root) == ["Ash", "Wren"]
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"rollbook": "rollbook-backup", "version": 2, "rosters": {}}))
    expect(_import(root, newer)).to_have_text(
        "This backup was made by a newer version of Rollbook (version 2), which this page"
        " cannot read, so nothing was restored. Your characters are unchanged."
    )
    assert names(root) == ["Ash", "Wren"]
    broken = tmp_path / "broken.json"
    rosters = {"2d6-character": json.loads(roster_text({"name": "Kit"})), "wodu-sheet": [1]}
    broken.write_text(json.dumps({"rollbook": "rollbook-backup", "version": 1, "rosters": rosters}))
    expect(_import(root, broken)).to_have_text(
        "This backup's characters for wodu-sheet are not in a form this page reads, so nothing"
        " was restored. Your characters are unchanged."
    )
    assert names(root) == ["Ash", "Wren"]

    big = {"name": "Big", "notes": "x" * 2_550_000}  # over Export all's 2,500,000
    rosters = {"wodu-sheet": json.loads(roster_text(big))}
    file = tmp_path / "big.json"
    file.write_text(json.dumps({"rollbook": "rollbook-backup", "version": 1, "rosters": rosters}))
    expect(_import(root, file)).to_have_text(
        "Restored big.json: 1 character of 1 system and 0 rolls of the log."
        " Nothing kept was overwritten.",
        timeout=TIMEOUT,
    )
    assert _kept_names(page)["wodu-sheet"] == ["Big"]
    assert errors == []


def test_the_back_up_reminds_after_a_week_of_changes_without_one(
    page: Page, server: SiteServer
) -> None:
    now = int(time.time() * 1000)
    last = datetime.fromtimestamp((now - 30 * DAY) / 1000, UTC).date().isoformat()
    stored = {
        ROSTER: roster_text({"name": "Ash"}),
        "rollbook:backup:last": str(now - 30 * DAY),
        "rollbook:backup:changed": str(now - 6 * DAY),
    }
    root = _open_with(page, server, stored, PLAY)
    said = root.locator(".rb-backup__said")
    expect(said).to_have_text(f"Last backup made on {last}.")  # six days: not yet
    stored["rollbook:backup:changed"] = str(now - 7 * DAY)
    keep(page, stored)
    root = widget(page, SHEET)
    said = root.locator(".rb-backup__said")
    expect(said).to_have_text(
        f"Last backup made on {last}. Your characters changed a week ago or more without a"
        " backup since: back up to keep them in a file."
    )
    pointer_away(page)
    assert audit_four_ways(page, serious) == []
    with page.expect_download():
        root.locator(".rb-backup__button").click()
    expect(said).not_to_contain_text("a week ago")
    name_character(root, "name", "Ash Grey")  # a change starts the week again
    assert (
        page.evaluate("Date.now() - Number(localStorage.getItem('rollbook:backup:changed'))") < DAY
    )


def test_the_offline_page_backs_up_too(page: Page, server: SiteServer) -> None:
    kept_before(page, server, _everything())
    page.goto(server.url + "offline/")
    spot = page.locator("[data-rb-backup]")
    expect(spot.locator(".rb-backup__said")).to_have_text("No backup made in this browser yet.")
    with page.expect_download() as download:
        spot.locator(".rb-backup__button").click()
    made = json.loads(Path(download.value.path()).read_text())
    assert sorted(made["rosters"]) == sorted(STORES) and len(made["log"]) == 2
    expect(spot.locator(".rb-backup__said")).to_contain_text("Saved rollbook-backup-")
    page.evaluate("document.activeElement.blur()")
    pointer_away(page)
    assert audit_four_ways(page, serious) == []
