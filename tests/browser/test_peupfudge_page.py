"""The Peupfudge pages in a real browser: the action check, the opposed roll, the XP panel."""

from __future__ import annotations

import re
from fractions import Fraction

from playwright.sync_api import Page, expect

from rules_py.systems import peupfudge
from tests.browser.axe import visit
from tests.browser.widgets import (
    ACTION_HEIGHTS,
    COLUMN_MISALIGNMENTS,
    LABEL_TOPS_BY_LINE,
    OVERLAPPING_CELLS,
    TIMEOUT,
    WRAPPED_ROWS,
    chart_text_heights,
    expect_panel,
    line_dice,
    roll,
    set_cell,
    set_field,
    wait_idle,
    widget,
)
from tests.sitesrv import SiteServer

FACES = {"−": -1, " ": 0, "+": 1}


def test_a_reader_works_through_the_action_opposed_and_xp_pages(
    page: Page, server: SiteServer
) -> None:
    """Actions, then Opposed Actions and the Examples, each reached by a link:

    - the action check gives the exact chance (5/27) and rolls four Fudge dice, each
      outcome worked out in full; a dice count off the scale is refused;
    - the opposed roll takes a new participant, names the winner or the tie for all, and
      removes participants down to two, the last remove button then disabled;
    - Kotorikh's XP panel at 1280 px, before any edit: each ability's and trait's row on
      one line, labels level, controls level, headers over columns, the five action
      buttons one height; the single-ability form's five fields on one line;
    - the panel reproduces Kotorikh, takes XP moved between abilities, keeps it across a
      reload, and refuses over-spending with the reason;
    - no page error on the way.
    """
    page.goto(server.url + "peupfudge/actions/")
    action = widget(page, "peupfudge-action")
    set_field(action, "L", "6")
    set_field(action, "A", "-1")
    set_field(action, "D", "7")
    set_field(action, "dice", "4")
    chance = peupfudge.success_chance(6, -1, 7, dice=4)
    assert chance == Fraction(5, 27)
    expect_panel(action, "Chance of success 5/27 (18.52%)")
    expect(action.locator(".rb-widget__panel svg.rb-chart")).to_be_visible()
    for _ in range(3):
        output = roll(action)
        faces, dropped, total = line_dice(output.locator(".rb-rolled__line"))
        assert len(faces) == 4 and not dropped and set(faces) <= set(FACES)
        rolled = sum(FACES[f] for f in faces)
        assert total == rolled
        success = 5 + rolled >= 7
        expect(output.locator(".rb-rolled__outcome")).to_have_text(
            f"{'Success' if success else 'Failure'}: L + A + R = 6 - 1 "
            f"{'-' if rolled < 0 else '+'} {abs(rolled)} = {5 + rolled} "
            f"{'≥' if success else '<'} D = 7; relative performance {5 + rolled - 7:+d}"
        )
    set_field(action, "dice", "12")
    expect_panel(action, "must be from 1 to 9")

    visit(page, server.url + "peupfudge/opposed-actions/")
    race = widget(page, "peupfudge-opposed")
    rows = race.locator(".rb-row")
    start = rows.count()
    race.locator(".rb-rows__add").click()
    expect(rows).to_have_count(start + 1)
    set_cell(race, start, "name", "Zed")
    set_cell(race, start, "L", "9")
    expect_panel(race, "Zed")
    expect_panel(race, re.compile(r"Most likely alone on top: Zed"))
    output = roll(race)
    lines = output.locator(".rb-rolled__line")
    expect(lines).to_have_count(start + 1)
    totals = {}
    for i in range(start + 1):
        line = lines.nth(i)
        name = line.locator(".rb-rolled__label").text_content() or ""
        faces, _, total = line_dice(line)
        assert len(faces) == 3 and set(faces) <= set(FACES)
        totals[name] = total
    top = max(totals.values())
    leaders = [n for n, t in totals.items() if t == top]
    outcome = output.locator(".rb-rolled__outcome")
    if len(leaders) == 1:
        expect(outcome).to_contain_text(f"{leaders[0]} wins")
    else:
        expect(outcome).to_contain_text(f"Tie for the top at {top}")

    # Remove down to the minimum of two; the last remove button is then disabled.
    while rows.count() > 2:
        rows.nth(0).locator(".rb-row__remove").click()
    expect(rows.nth(0).locator(".rb-row__remove")).to_be_disabled()
    expect_panel(race, re.compile(r"with 3dF each"))

    # Kotorikh's XP panel: its layout at 1280 px first, as the page gives it.
    visit(page, server.url + "peupfudge/examples/")
    kotorikh = widget(page, "peupfudge-xp-panel", 1)
    wait_idle(kotorikh)
    # Each ability's six cells and its remove button on one line (a status's five cells,
    # its states' names among them, take two), and each trait's row on one line.
    abilities = kotorikh.locator(".rb-field--abilities")
    for field in ("abilities", "characteristics", "inventory", "properties"):
        assert kotorikh.locator(f".rb-field--{field}").evaluate(WRAPPED_ROWS) == [], field
    assert kotorikh.evaluate(OVERLAPPING_CELLS) == []
    labels = abilities.locator(".rb-row").first.locator(".rb-field__label")
    tops = labels.evaluate_all("ls => ls.map(l => Math.round(l.getBoundingClientRect().top))")
    assert len(set(tops)) == 1
    controls = abilities.locator(".rb-row").first.locator("input")
    bottoms = controls.evaluate_all(
        "cs => cs.map(c => Math.round(c.getBoundingClientRect().bottom))"
    )
    assert len(set(bottoms)) == 1
    assert kotorikh.evaluate(COLUMN_MISALIGNMENTS) == []
    heights = kotorikh.evaluate(ACTION_HEIGHTS)
    # Export, Import, Reset, Print sheet and Share: one height.
    assert len(heights) == 5 and len(set(heights)) == 1
    # The single-ability form: its five fields on one line, labels level.
    xp = widget(page, "peupfudge-xp")
    wait_idle(xp)
    assert [len(line) for line in xp.evaluate(LABEL_TOPS_BY_LINE)] == [5]
    assert all(max(line) - min(line) <= 1 for line in xp.evaluate(LABEL_TOPS_BY_LINE))
    assert xp.evaluate(COLUMN_MISALIGNMENTS) == []

    # Then the reader moves XP about.
    expect(kotorikh.locator('[data-field="character"]')).to_have_value("Kotorikh")
    perception = kotorikh.locator(".rb-widget__panel tr", has_text="Perception")
    expect(perception).to_contain_text("4 (+4/16)")
    expect(perception).to_contain_text("4 (+11/16)")
    # Move 3 XP from Knowledge to Perception: 22 + 7 = 29 XP is level 4 (+14/16).
    assert str(peupfudge.allocate_xp(22 + 7)) == "4 (+14/16)"
    set_cell(abilities, 2, "xp", "22")
    set_cell(abilities, 3, "xp", "28")
    expect(kotorikh.locator(".rb-widget__panel tr", has_text="Perception")).to_contain_text(
        "4 (+14/16)", timeout=TIMEOUT
    )
    page.reload()
    kotorikh = widget(page, "peupfudge-xp-panel", 1)
    abilities = kotorikh.locator(".rb-field--abilities")
    expect(abilities.locator(".rb-row").nth(2).locator('[data-cell="xp"]')).to_have_value("22")
    expect(kotorikh.locator(".rb-widget__panel tr", has_text="Perception")).to_contain_text(
        "4 (+14/16)", timeout=TIMEOUT
    )
    # Over-spending is refused with the reason.
    set_cell(abilities, 3, "xp", "40")
    expect_panel(kotorikh, "62 XP allocated but only 50 XP awarded")
    assert page.errors == []  # type: ignore[attr-defined]


def test_action_chart_titles_its_axis_and_stays_readable_at_390(
    page: Page, server: SiteServer
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "peupfudge/reference-sheet/")
    action = widget(page, "peupfudge-action")
    wait_idle(action)  # it answers again for the example's sheet it takes its L from
    chart = action.locator(".rb-widget__panel svg.rb-chart")
    expect(chart.locator(".rb-chart__title")).to_have_text("L + A + R − D (relative performance)")
    assert min(chart_text_heights(chart)) >= 11
    # L from the example's sheet, kept in this browser: Kotorikh's Perception, L = 4,
    # which against the roller's D = 4 and A = 0 centres the results on 0.
    set_field(action, "ability", "Perception")
    expect_panel(action, "Perception, L = 4.")
    set_field(action, "dice", "9")
    # 19 results, -9 to 9: ticks at the even numbers.
    expect(chart.locator(".rb-chart__label").first).to_have_text("-8", timeout=TIMEOUT)
    expect(chart.locator(".rb-chart__label")).to_have_count(9)
    title = action.locator(".rb-widget__panel svg.rb-chart .rb-chart__title")
    assert title.evaluate("t => t.getBoundingClientRect().height") >= 11
    assert page.errors == []  # type: ignore[attr-defined]
