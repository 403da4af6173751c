"""The Danger World pages in a real browser: the pool roller and its advice, the odds, the sheet."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from rules_py.systems import danger_world as dw
from tests.browser.axe import audit_four_ways
from tests.browser.widgets import (
    TIMEOUT,
    cell_titles,
    expect_panel,
    set_field,
    wait_idle,
    widget,
)
from tests.sitesrv import SiteServer


def _dice(roller: Locator) -> Locator:
    return roller.locator(".rb-dice__list > button.rb-die")


def _faces(roller: Locator) -> list[str]:
    return [b or "" for b in _dice(roller).evaluate_all("bs => bs.map(b => b.dataset.face)")]


def _button(roller: Locator, act: str) -> Locator:
    return roller.locator(f'.rb-widget__act[data-act="{act}"]')


def _press(roller: Locator, act: str) -> None:
    """Press one of the roller's buttons and wait for Python's answer."""
    _button(roller, act).click()
    wait_idle(roller)


def test_roller_rolls_taps_rerolls_two_rounds_and_advises(page: Page, server: SiteServer) -> None:
    page.goto(server.url + "danger-world/checks/")
    roller = widget(page, "danger-world-roller")
    expect_panel(roller, "No dice yet")
    reroll = _button(roller, "reroll")
    expect(reroll).to_be_disabled()
    set_field(roller, "threat", "1")
    expect_panel(roller, "1 threat die")
    _press(roller, "roll")
    expect(_dice(roller)).to_have_count(6, timeout=TIMEOUT)
    first = _faces(roller)
    threat = _dice(roller).nth(5)
    expect(threat).to_have_attribute("aria-label", f"Die 6: {first[5]}, threat, never rerolled")
    expect(roller.locator(".rb-widget__message")).to_contain_text("Rolled 6 dice")
    expect(roller.locator('[data-field="own"]')).to_have_value(
        ", ".join(first[:5]) + f", T{first[5]}"
    )
    expect_panel(roller, "The sets the dice offer now")
    expect(reroll).to_be_disabled()

    # Round one: tap dice 1 and 2 (die 2 from the keyboard), and the threat die, which stays.
    _dice(roller).nth(0).click()
    _dice(roller).nth(1).focus()
    page.keyboard.press("Space")
    threat.click(force=True)  # aria-disabled: a tap does nothing
    expect(_dice(roller).nth(0)).to_have_attribute("aria-pressed", "true")
    expect(_dice(roller).nth(1)).to_have_attribute(
        "aria-label", f"Die 2: {first[1]}, normal, marked for reroll"
    )
    expect(threat).not_to_have_attribute("aria-pressed", "true")
    expect_panel(roller, re.compile(r"Round 1 of 2: dice 1 and 2 \(showing \d and \d\) are marked"))
    expect(reroll).to_be_enabled(timeout=TIMEOUT)
    _press(roller, "reroll")
    expect(roller.locator('[data-field="round"]')).to_have_value("1", timeout=TIMEOUT)
    after = _faces(roller)
    assert after[2:] == first[2:]
    expect(roller.locator(".rb-widget__message")).to_contain_text(
        "Round 1 of 2: rerolled dice 1 and 2"
    )
    expect(_dice(roller).nth(0)).to_have_attribute("aria-pressed", "false")
    expect(reroll).to_be_disabled()

    # Advise marks the best dice for round two and shows the exact chances.
    _press(roller, "advise")
    expect(roller.locator('[data-field="advise"]')).to_be_checked()
    expect_panel(roller, re.compile(r"Advice \(1 reroll round left\)"))
    # The chance of stopping now: none without a set; with one already, the set is kept
    # and the dice that would botch under it are rerolled (or none would: stop).
    expect_panel(
        roller,
        re.compile(
            r"stopping now: 0\.00% \(0\)|"
            r"the dice already hold a set of \d, which succeeds at difficulty 3[.,]"
        ),
    )
    # Round two: die 3 marked by a tap (on top of the advice), then rerolled.
    if _dice(roller).nth(2).get_attribute("aria-pressed") != "true":
        _dice(roller).nth(2).click()
    expect(reroll).to_be_enabled(timeout=TIMEOUT)
    marked = [i for i in range(5) if _dice(roller).nth(i).get_attribute("aria-pressed") == "true"]
    _press(roller, "reroll")
    expect(roller.locator('[data-field="round"]')).to_have_value("2", timeout=TIMEOUT)
    final = _faces(roller)
    assert all(final[i] == after[i] for i in range(6) if i not in marked)
    expect_panel(roller, "Both reroll rounds are used")
    expect_panel(roller, "no reroll round is left")
    expect(reroll).to_be_disabled()
    expect(_button(roller, "advise")).to_be_disabled()

    page.reload()
    roller = widget(page, "danger-world-roller")
    expect(_dice(roller)).to_have_count(6)
    assert _faces(roller) == final
    expect(roller.locator('[data-field="round"]')).to_have_value("2")
    expect(reroll).to_be_disabled()

    # The reader's own dice: the advice for 1, 3, 3, 5, 6 at difficulty 3 keeps the 3s.
    set_field(roller, "threat", "0")
    expect(_dice(roller)).to_have_count(0, timeout=TIMEOUT)
    set_field(roller, "own", "1, 3, 3, 5, 6")
    expect(_dice(roller)).to_have_count(5, timeout=TIMEOUT)
    _press(roller, "advise")
    best = dw.keep_chance([3, 3], 5, 3, 2)
    expect_panel(roller, f"the best keep is worth {float(best) * 100:.2f}% ({best})")
    expect_panel(
        roller,
        "Keep 3 and 3 (dice 2 and 3) and reroll 1, 5 and 6 (dice 1, 4 and 5): "
        f"{float(best) * 100:.2f}% ({best}).",
    )
    pressed = _dice(roller).evaluate_all("bs => bs.map(b => b.getAttribute('aria-pressed'))")
    assert pressed == ["true", "false", "false", "true", "true"]
    page.reload()
    roller = widget(page, "danger-world-roller")
    expect(_dice(roller).nth(3)).to_have_attribute("aria-pressed", "true")

    # 3, 3, 3, 2, 6 already succeeds: Advise keeps the set and marks the 2, which would botch.
    set_field(roller, "own", "3, 3, 3, 2, 6")
    expect(_dice(roller).nth(0)).to_have_attribute("data-face", "3", timeout=TIMEOUT)
    _press(roller, "advise")
    expect_panel(
        roller,
        "Keep 3, 3, 3 and 6 (dice 1, 2, 3 and 5) and reroll 2 (die 4): success 100%; botches "
        "expected after the reroll 1/3, against 1 if you stop now with the set of 3.",
    )
    expect(roller.locator(".rb-widget__message")).to_contain_text(
        "Marked the advised die to reroll: 4."
    )
    pressed = _dice(roller).evaluate_all("bs => bs.map(b => b.getAttribute('aria-pressed'))")
    assert pressed == ["false", "false", "false", "true", "false"]
    assert page.errors == []  # type: ignore[attr-defined]


def test_on_a_phone_the_dice_wrap_and_axe_finds_nothing_on_a_roll_with_marked_dice(
    page: Page, server: SiteServer
) -> None:
    """The roller on a phone (390 px, light: the context's scheme):

    - sixteen rolled dice wrap onto more lines, within the screen, each a finger's width;
    - the dice appear only after a roll, so the site-wide audit never sees them: this one
      does, after a roll with danger and threat dice, two marked and the advice shown,
      light and dark at 390 and 1280 px (tests/browser/axe.py).
    """
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(server.url + "danger-world/checks/")
    roller = widget(page, "danger-world-roller")
    set_field(roller, "bonus", "9")
    set_field(roller, "threat", "2")
    _press(roller, "roll")
    expect(_dice(roller)).to_have_count(16, timeout=TIMEOUT)
    boxes = _dice(roller).evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); "
        "return [r.left, r.right, r.top]; })"
    )
    width = page.evaluate("document.documentElement.clientWidth")
    assert all(left >= 0 and right <= width for left, right, _ in boxes)
    assert len({round(top) for _, _, top in boxes}) >= 2  # they wrap onto more lines
    assert all(right - left >= 24 for left, right, _ in boxes)  # a finger's target

    set_field(roller, "bonus", "0")  # the pool as the page gives it, then ...
    set_field(roller, "level", "7")
    set_field(roller, "danger", "2")
    set_field(roller, "threat", "1")
    wait_idle(roller)
    _press(roller, "roll")
    expect(_dice(roller)).to_have_count(8, timeout=TIMEOUT)
    _dice(roller).nth(0).click()
    _dice(roller).nth(5).click()  # a danger die
    _press(roller, "advise")
    assert audit_four_ways(page) == []


def test_a_reader_reads_the_odds_then_rolls_and_rerolls_into_the_roll_log(
    page: Page, server: SiteServer
) -> None:
    """On Checks:

    - the odds widget recomputes exactly for the reader's pool (cells titled with exact
      fractions, a chart) and refuses a pool of 30; the odds table, with one reroll
      round played well, is exact too;
    - the roller's roll and reroll, the first rolls of this browser, go to the roll log:
      two entries, the newest the reroll, its dice and outcome in Danger World's words;
    - no page error on the way.
    """
    page.goto(server.url + "danger-world/checks/")
    odds = widget(page, "danger-world-odds")
    set_field(odds, "dice", "12")
    set_field(odds, "difficulty", "5")
    expect_panel(odds, "12 dice at difficulty 5 (major)")
    wait_idle(odds)
    assert [Fraction(t) for t in cell_titles(odds, "5: major")] == [
        dw.success_chance(12, 5, r) for r in range(3)
    ]
    expect(odds.locator(".rb-widget__panel svg, .rb-widget__panel .rb-chart")).not_to_have_count(0)
    set_field(odds, "dice", "30")
    expect(odds.locator('[data-field="dice"]')).to_have_attribute(
        "aria-invalid", "true", timeout=TIMEOUT
    )

    table = widget(page, "danger-world-odds-table")
    set_field(table, "rerolls", "1")
    expect_panel(table, "with one reroll round played well")
    wait_idle(table)
    assert [Fraction(t) for t in cell_titles(table, "16")] == [
        dw.success_chance(16, d, 1) for d in range(2, 7)
    ]

    roller = widget(page, "danger-world-roller")
    _press(roller, "roll")
    expect(_dice(roller)).to_have_count(5, timeout=TIMEOUT)
    _dice(roller).nth(0).click()
    expect(_button(roller, "reroll")).to_be_enabled(timeout=TIMEOUT)
    _press(roller, "reroll")
    expect(roller.locator('[data-field="round"]')).to_have_value("1", timeout=TIMEOUT)
    faces = _faces(roller)
    page.locator("#rb-log-button").click()
    entries = page.locator("#rb-log .rb-log__entry")
    expect(entries).to_have_count(2)
    newest = entries.nth(0)
    expect(newest.locator(".rb-log__what")).to_have_text(
        re.compile(r"^Pool roller: 5 dice against difficulty .*, round 1 of 2$")
    )
    expect(newest.locator(".rb-log__dice")).to_have_text(" ".join(f"[{f}]" for f in faces))
    expect(newest.locator(".rb-log__outcome")).to_have_text(re.compile(r"^(Set of \d|No set): "))
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_reader_keeps_a_sheet_that_feeds_the_roller_refuses_exports_and_imports(
    page: Page, server: SiteServer, tmp_path: Path
) -> None:
    """The sheet on Player Characters, from the page's example:

    - the roller on Checks, opened in a second tab, takes the sheet's stats and tracks
      on load (read-only), follows the sheet as it changes in the other tab, hears a sheet
      saved on its own page, and lets the reader set it by hand instead;
    - back on the sheet (the example's tracks and level put back): a stat spread too wide
      is refused and marked; mended, a track's threat die and the stat's exact chance are
      shown, and kept across a reload;
    - Export saves the sheet as JSON; Import refuses one that breaks a rule, leaving the
      sheet as it was, and takes a good one, kept across a reload;
    - no page error in either tab.
    """
    page.goto(server.url + "danger-world/player-characters/")
    sheet = widget(page, "danger-world-sheet")
    set_field(sheet, "name", "Ada")
    set_field(sheet, "track_bashed", "2")
    set_field(sheet, "track_stunned", "1")
    set_field(sheet, "level", "7")
    expect_panel(sheet, "7, zone 2: up to 2 danger dice")

    roller_page = page.context.new_page()
    errors: list[str] = []
    roller_page.on("pageerror", lambda error: errors.append(str(error)))
    roller_page.goto(server.url + "danger-world/checks/")
    roller = widget(roller_page, "danger-world-roller")
    expect_panel(
        roller,
        "From your sheet (Ada): Agility 3 + Speed 2; Bashed 2 → 2 threat dice; Stunned 1 → 1 "
        "die lost",
    )
    expect(roller.locator('[data-field="bashed"]')).to_have_value("2")
    expect(roller.locator('[data-field="lost"]')).to_have_value("1")
    expect(roller.locator('[data-field="bashed"]')).to_have_js_property("readOnly", True)
    expect_panel(roller, "The pool: 4 normal dice and 2 threat dice")
    expect(roller.locator('[data-field="use_sheet"]')).to_be_checked()

    # The sheet changes in the other tab: the roller follows.
    set_field(sheet, "track_bashed", "0")
    expect_panel(roller, "From your sheet (Ada): Agility 3 + Speed 2; Bashed 0 → 0 threat dice")
    expect_panel(roller, "The pool: 4 normal dice against")

    # A sheet saved on the roller's own page (no storage event there): the roller hears it.
    roller_page.evaluate(
        """async () => {
            const { save, loadSaved } = await import(new URL('../../assets/rollbook/saved.js',
                location.href).href);
            const key = 'rollbook:widget:danger-world-character';
            save(key, { ...loadSaved(key), track_stunned: 2 });
        }"""
    )
    expect_panel(roller, "Stunned 2 → 2 dice lost")
    expect(roller.locator('[data-field="lost"]')).to_have_value("2")

    # The reader sets the roller by hand.
    set_field(roller, "use_sheet", False)
    expect(roller.locator('[data-field="lost"]')).to_have_js_property(
        "readOnly", False, timeout=TIMEOUT
    )
    set_field(roller, "lost", "0")
    expect_panel(roller, "The pool: 5 normal dice against")
    expect(roller.locator('[data-field="lost"]')).to_have_value("0")
    expect(roller.locator(".rb-widget__panel")).not_to_contain_text("From your sheet")
    assert errors == []
    roller_page.close()

    # Back on the sheet: the example's tracks and level again, then a stat spread too wide.
    set_field(sheet, "track_stunned", "0")
    set_field(sheet, "level", "1")
    expect(sheet.locator('[data-field="track_bashed"]')).to_have_value("0")
    set_field(sheet, "name", "Ada")
    set_field(sheet, "Cool", "2")
    expect_panel(sheet, "A new PC spreads 8 dice beyond one in each stat (these stats spread 9)")
    expect(sheet.locator('[data-field="Cool"]')).to_have_attribute("aria-invalid", "true")
    set_field(sheet, "Charisma", "1")
    set_field(sheet, "Agility", "2")
    set_field(sheet, "track_bashed", "1")
    expect_panel(sheet, "1 threat die in every check (Bashed)")
    # Agility 2 + Speed 2: four dice make sets (the threat die never does), rerolls played well
    agility = sheet.locator(".rb-sheet__row").first.locator(":scope > .rb-chance")
    four = f"{dw.success_chance(4, 3)}; with Speed: 5 dice, two reroll rounds played well"
    expect(agility).to_have_attribute("data-exact", four)
    expect(sheet.locator(".rb-panel__error")).to_have_count(0)

    page.reload()
    sheet = widget(page, "danger-world-sheet")
    expect(sheet.locator('[data-field="name"]')).to_have_value("Ada")
    expect(sheet.locator('[data-field="Cool"]')).to_have_value("2")
    expect(sheet.locator(".rb-sheet__row").first.locator(":scope > .rb-chance")).to_have_attribute(
        "data-exact", four
    )

    with page.expect_download() as download:
        sheet.locator(".rb-widget__export").click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert download.value.suggested_filename == "ada.json"
    assert saved["rollbook"] == "danger-world-sheet" and saved["values"]["track_bashed"] == 1

    chooser = sheet.locator(".rb-widget__import input[type=file]")
    status = sheet.locator(".rb-roster__said")
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(dict(saved, values={**saved["values"], "Strength": 4})))
    chooser.set_input_files(broken)
    expect(status).to_contain_text("breaks a rule", timeout=TIMEOUT)
    expect(sheet.locator('[data-field="Strength"]')).to_have_value("2")

    good = tmp_path / "wren.json"
    good.write_text(json.dumps(dict(saved, values={**saved["values"], "name": "Wren", "level": 8})))
    chooser.set_input_files(good)
    expect(status).to_contain_text("Imported wren.json", timeout=TIMEOUT)
    expect_panel(sheet, "Wren's stats")
    expect_panel(sheet, "8, zone 2: up to 2 danger dice")
    page.reload()
    expect(widget(page, "danger-world-sheet").locator('[data-field="name"]')).to_have_value("Wren")
    assert page.errors == []  # type: ignore[attr-defined]
