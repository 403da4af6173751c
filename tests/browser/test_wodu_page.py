"""The 2d10 WoDu Hack pages in a real browser: the check, a damage roll, initiative, the builder."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, expect

from rules_py._format import percent
from rules_py.markdown._html import chart_svg
from rules_py.systems import wodu
from rules_py.views import odds_view
from rules_py.widgets import WIDGETS
from tests.browser.axe import SCHEMES, set_scheme, visit
from tests.browser.contrast import COLOURS, contrast_ratio
from tests.browser.widgets import (
    ACTION_HEIGHTS,
    COLUMN_MISALIGNMENTS,
    LABEL_TOPS_BY_LINE,
    NEXT_FRAME,
    OVERLAPPING_CELLS,
    TIMEOUT,
    cell_titles,
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


def test_a_reader_works_through_the_resolution_damage_and_initiative_pages(
    page: Page, server: SiteServer
) -> None:
    """Resolution, then Damage and Initiative, each reached by a link from the one before:

    - the charts the browser draws (draw.js) match the build's, bar for bar;
    - the check gives exact fuzzy-range odds and names the band of each of three rolls;
    - the check refuses an ability rating off the scale, marks the field, and a roll
      points at the refusal rather than repeating it;
    - the damage widget rolls 2d6 keep lowest with a hero power, its odds exact;
    - initiative's result is a list; an emptied DEX is named once and a roll points at it;
    - no page error on the way.
    """
    page.goto(server.url + "wodu/resolution/")
    check = widget(page, "wodu-check")
    # The charts first, while the check still shows the page's values.
    charts = [
        odds_view("3d6", target=12)["chart"],
        odds_view("2d6!")["chart"],
        *(
            block["chart"]
            for name, values in [
                ("wodu-check", {"kind": "fr", "background": True}),
                ("peupfudge-action", {}),
                ("wodu-initiative", {}),
            ]
            for block in WIDGETS[name].panel(values)["blocks"]
            if block["type"] == "chart"
        ),
    ]
    for view in charts:
        same = page.evaluate(
            """async ([view, html, module]) => {
              const { drawBlocks } = await import(module);
              const [drawn] = drawBlocks([{ type: 'chart', chart: view }]);
              const box = document.createElement('div');
              box.innerHTML = html;
              // Past 100 bars the rest are drawn a slice a task (draw.js): wait for them.
              const bars = box.querySelectorAll('rect').length;
              for (let i = 0; i < 1000 && drawn.querySelectorAll('rect').length < bars; i++) {
                await new Promise((resolve) => setTimeout(resolve, 0));
              }
              return drawn.isEqualNode(box.firstElementChild) || [drawn.outerHTML, html];
            }""",
            [view, chart_svg(view), server.url + "assets/rollbook/draw.js"],
        )
        assert same is True, same

    # The check: exact fuzzy-range odds, and the band of each roll.
    set_field(check, "ability", "3")
    set_field(check, "background", True)
    set_field(check, "kind", "fr")
    set_field(check, "fr", "15-17")
    odds = wodu.fr_outcomes(3, 15, 17, background=True)
    expect_panel(
        check,
        f"3d10k2+3 against FR 15-17: failure {percent(odds['failure'])}, "
        f"weak success {percent(odds['weak'])}, strong success {percent(odds['strong'])}.",
    )
    assert cell_titles(check, "Weak success (15-17)") == [str(odds["weak"])]
    expect(check.locator(".rb-field--dr")).to_be_hidden()
    for _ in range(3):
        output = roll(check)
        kept, dropped, total = line_dice(output.locator(".rb-rolled__line"))
        assert len(kept) == 2 and len(dropped) == 1
        assert total == sum(map(int, kept)) + 3
        band = "Strong success" if total > 17 else "Weak success" if total >= 15 else "Failure"
        expect(output.locator(".rb-rolled__outcome")).to_have_text(re.compile(f"^{band}: {total}"))

    # A rating off the scale is refused.
    set_field(check, "ability", "7")
    expect_panel(check, "Ability rating must be from -1 to 6, got 7")
    expect(check.locator('[data-field="ability"]')).to_have_attribute("aria-invalid", "true")
    check.locator(".rb-widget__roll").click()
    # The roll points at the refusal the answer shows rather than repeating it.
    expect(check.locator(".rb-widget__rolled")).to_have_text(
        "Not rolled: mend the value marked below first.", timeout=TIMEOUT
    )
    expect(check.get_by_text("Ability rating must be from -1 to 6, got 7")).to_have_count(1)

    # Damage: 2d6 keep lowest, plus the hero power.
    visit(page, server.url + "wodu/damage/")
    damage = widget(page, "wodu-damage")
    set_field(damage, "wr", "1")
    set_field(damage, "hero_power", "2")
    expect_panel(damage, "2d6kl1+2")
    exact = wodu.damage_distribution(1, hero_power=2)
    assert cell_titles(damage, "3")[0] == str(exact[3])
    assert sum(map(Fraction, (cell_titles(damage, str(n))[0] for n in exact))) == 1
    output = roll(damage)
    kept, dropped, total = line_dice(output.locator(".rb-rolled__line"))
    assert len(kept) == 1 and len(dropped) == 1 and int(kept[0]) <= int(dropped[0])
    assert total == int(kept[0]) + 2
    expect(output.locator(".rb-rolled__outcome")).to_contain_text(f"{total} damage")

    # Initiative: a list, and an empty field named once.
    visit(page, server.url + "wodu/initiative/")
    initiative = widget(page, "wodu-initiative")
    output = roll(initiative)
    items = output.locator(".rb-panel__list li")
    expect(items.first).to_contain_text("Enemies (")
    expect(items.last).to_contain_text("Round 2: ")
    assert items.count() >= 4  # the enemies, at least one band, Round 1, Round 2
    expect(output.locator(".rb-panel__list")).to_contain_text("Rook (")
    set_cell(initiative, 0, "dex", "")
    expect_panel(initiative, "Player 1: DEX is empty: enter a whole number from -1 to 6")
    initiative.locator(".rb-widget__roll").click()
    expect(initiative.locator(".rb-widget__rolled")).to_have_text(
        "Not rolled: mend the value marked below first.", timeout=TIMEOUT
    )
    expect(initiative.get_by_text("DEX is empty", exact=False)).to_have_count(1)
    assert page.errors == []  # type: ignore[attr-defined]


def _builder(page: Page) -> None:
    builder = widget(page, "wodu-builder")
    expect(builder.locator('[data-field="level"]')).to_be_visible()


ABILITY_FIELDS = ["start_str", "start_dex", "start_wit", "start_cha"]


def _values(root: object, names: list[str]) -> list[str]:
    return [root.locator(f'[data-field="{n}"]').input_value() for n in names]  # type: ignore[attr-defined]


def test_a_reader_builds_a_sheet_that_is_refused_kept_shared_exported_imported_and_reset(
    page: Page, server: SiteServer, tmp_path: Path
) -> None:
    """The builder on Character Creation, a reader's sheet from the page's example on:

    - a refusal keeps the sheet in view, marks the fields it names (the four ratings;
      then the start and the level), keeps the last good answer under a refusal of the
      field itself, marked by a rule and readable at 4.5:1, and all goes once mended;
    - a refused sheet is kept across a reload; mended and grown to Level 4, it is refused
      for a rating past +3, then answers; the Advancement page (by a link) shares it;
    - Export saves the sheet as JSON; Import refuses a file that is not JSON and one that
      breaks a rule, each leaving the sheet as it was, and takes a good one, kept across
      a reload;
    - Reset goes back to the page's values and can be undone, the sheet kept across a
      reload and exported under its name; Undo is offered for ten seconds only;
    - no page error on the way.
    """
    page.goto(server.url + "wodu/character-creation/")
    builder = widget(page, "wodu-builder")

    # The refusal keeps the sheet and marks the fields it names.
    set_field(builder, "start_wit", "2")  # two +2 ratings at Level 1
    expect_panel(builder, "At Level 1 the ratings are 2, 1, 1, -1 in any order")
    panel = builder.locator(".rb-widget__panel")
    expect(panel.locator(":scope > :first-child")).to_have_class(re.compile("rb-panel__error"))
    expect(panel.locator(".rb-facts")).to_contain_text("Max HP")
    for name in ABILITY_FIELDS:
        expect(builder.locator(f'[data-field="{name}"]')).to_have_attribute("aria-invalid", "true")
    expect(builder.locator('[data-field="level"]')).not_to_have_attribute("aria-invalid", "true")
    # A standard character at Level 0: the start and the level are what to change.
    set_field(builder, "start_wit", "1")
    set_field(builder, "level", "0")
    expect_panel(builder, "Standard characters start at Level 1")
    for name in ("start", "level"):
        expect(builder.locator(f'[data-field="{name}"]')).to_have_attribute("aria-invalid", "true")
    expect(builder.locator('[data-field="start_str"]')).not_to_have_attribute(
        "aria-invalid", "true"
    )
    # A refusal of the field itself keeps the last good answer under it, marked.
    set_field(builder, "level", "40")
    expect_panel(builder, "Level must be from 0 to 15, got 40")
    expect(panel.locator(".rb-panel__stale .rb-facts")).to_contain_text("Max HP")
    # Marked by a rule at its side, not faded: the old answer is still text to read.
    colours = page.evaluate(COLOURS, ".rb-panel__stale .rb-facts")
    assert contrast_ratio(colours["fore"], colours["back"]) >= 4.5, colours
    set_field(builder, "level", "1")
    expect(builder.locator(".rb-panel__error")).to_have_count(0, timeout=TIMEOUT)
    expect(builder.locator("[aria-invalid]")).to_have_count(0)

    # The page's values again: a refused sheet is kept across a reload.
    set_field(builder, "name", "Vex")
    set_field(builder, "start_dex", "2")  # two +2 ratings at Level 1
    expect_panel(builder, "At Level 1 the ratings are 2, 1, 1, -1 in any order")
    expect(builder.locator(".rb-facts")).to_contain_text("Max HP")  # the sheet stays in view

    page.reload()
    builder = widget(page, "wodu-builder")
    expect(builder.locator('[data-field="name"]')).to_have_value("Vex")
    expect(builder.locator('[data-field="start_dex"]')).to_have_value("2")
    expect_panel(builder, "At Level 1 the ratings are 2, 1, 1, -1 in any order")

    # Mend it (STR 1, DEX 2), then grow to Level 4 with both increases on DEX: +4 is too much.
    set_field(builder, "start_str", "1")
    set_field(builder, "level", "4")
    set_field(builder, "inc2", "DEX")
    set_field(builder, "inc4", "DEX")
    expect_panel(builder, "DEX must be at most +3 at Level 4, got +4")
    set_field(builder, "inc2", "STR")
    expect_panel(builder, "Max HP")
    expect_panel(builder, str(wodu.max_hp(4, 2)))
    expect(builder.locator(".rb-field--inc6")).to_be_hidden()
    expect(builder.locator(".rb-panel__error")).to_have_count(0)

    # The sheet is shared with the Advancement page (reached by a link, as a reader goes).
    visit(page, server.url + "wodu/advancement/")
    shared = widget(page, "wodu-builder")
    expect(shared.locator('[data-field="level"]')).to_have_value("4")
    expect(shared.locator('[data-field="name"]')).to_have_value("Vex")

    # Back on Character Creation (by a link): Export, then Import.
    visit(page, server.url + "wodu/character-creation/")
    builder = widget(page, "wodu-builder")
    set_field(builder, "name", "Rook")
    set_field(builder, "level", "2")
    set_field(builder, "inc2", "CHA")
    expect_panel(builder, "Max HP")
    with page.expect_download() as download:
        builder.locator(".rb-widget__export").click()
    assert download.value.suggested_filename == "rook.json"
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["rollbook"] == "wodu-builder"
    assert saved["values"]["name"] == "Rook" and saved["values"]["level"] == 2

    chooser = builder.locator(".rb-widget__import input[type=file]")
    bad = tmp_path / "bad.json"
    bad.write_text("{ this is not json")
    chooser.set_input_files(bad)
    status = builder.locator(".rb-roster__said")
    expect(status).to_contain_text("This file is not JSON", timeout=TIMEOUT)
    expect(status).to_contain_text("Your characters are unchanged")
    expect(builder.locator('[data-field="name"]')).to_have_value("Rook")

    broken = dict(saved, values={**saved["values"], "start_wit": "2"})
    rule_breaker = tmp_path / "rule.json"
    rule_breaker.write_text(json.dumps(broken))
    chooser.set_input_files(rule_breaker)
    expect(status).to_contain_text("breaks a rule", timeout=TIMEOUT)
    expect(builder.locator('[data-field="start_wit"]')).not_to_have_value("2")

    other = dict(saved, values={**saved["values"], "name": "Wren", "level": 3})
    good = tmp_path / "good.json"
    good.write_text(json.dumps(other))
    chooser.set_input_files(good)
    expect(status).to_contain_text("Imported good.json", timeout=TIMEOUT)
    expect(builder.locator('[data-field="name"]')).to_have_value("Wren")
    expect(builder.locator('[data-field="level"]')).to_have_value("3")
    page.reload()
    expect(widget(page, "wodu-builder").locator('[data-field="name"]')).to_have_value("Wren")

    # Reset, and Undo.
    builder = widget(page, "wodu-builder")
    set_field(builder, "name", "Thorn Ironhand")
    set_field(builder, "level", "3")
    expect_panel(builder, "Thorn Ironhand: Level 3")
    builder.locator(".rb-widget__reset").click()
    # Back to the page's values: the site's example, Rook.
    expect(builder.locator('[data-field="name"]')).to_have_value("Rook")
    expect(builder.locator('[data-field="level"]')).to_have_value("1")
    message = builder.locator(".rb-widget__message")
    expect(message).to_contain_text("Reset to the page's values.")
    expect_panel(builder, "Rook: Level 1")
    message.get_by_role("button", name="Undo").click()
    expect(builder.locator('[data-field="name"]')).to_have_value("Thorn Ironhand")
    expect(builder.locator('[data-field="level"]')).to_have_value("3")
    expect_panel(builder, "Thorn Ironhand: Level 3")
    expect(message).to_have_text("Your values are back.")
    wait_idle(builder)
    # The page's timers from its load on, Material's among them, are the fake clock's:
    # Undo is offered for ten seconds (below). (A clock installed once Material had
    # started mixed its timers: RxJS ran actions it had cancelled.)
    page.clock.install()
    page.reload()
    builder = widget(page, "wodu-builder")
    expect(builder.locator('[data-field="name"]')).to_have_value("Thorn Ironhand")
    expect(builder.locator('[data-field="level"]')).to_have_value("3")
    with page.expect_download() as download:
        builder.locator(".rb-widget__export").click()
    assert download.value.suggested_filename == "thorn-ironhand.json"
    # Undo is offered for a while only: after ten seconds the line clears.
    builder.locator(".rb-widget__reset").click()
    expect(message.get_by_role("button", name="Undo")).to_be_visible()
    page.clock.run_for(11_000)
    expect(message.get_by_role("button", name="Undo")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]


def test_builder_switching_to_gritty_hands_out_the_gritty_array(
    page: Page, server: SiteServer
) -> None:
    """From the page's example (its own page: the sheet it leaves is gritty)."""
    page.goto(server.url + "wodu/character-creation/")
    builder = widget(page, "wodu-builder")
    set_field(builder, "start_dex", "-1")
    set_field(builder, "start_cha", "1")
    expect_panel(builder, "Rook: Level 1")  # the site's example, by name
    set_field(builder, "start", "gritty")
    # Python fills in Level 0 and 1, 0, 0, -1 in the order the reader ranked 2, 1, 1, -1.
    expect(builder.locator('[data-field="level"]')).to_have_value("0", timeout=TIMEOUT)
    assert _values(builder, ABILITY_FIELDS) == ["1", "-1", "0", "0"]
    expect_panel(builder, "Level 0, Gritty tier (gritty start)")
    expect(builder.locator(".rb-panel__error")).to_have_count(0)
    expect(builder.locator("[aria-invalid]")).to_have_count(0)
    # Level 1 hands out the standard array afresh, in the same order.
    set_field(builder, "level", "1")
    expect(builder.locator('[data-field="start_str"]')).to_have_value("2", timeout=TIMEOUT)
    assert _values(builder, ABILITY_FIELDS) == ["2", "-1", "1", "1"]
    expect_panel(builder, "Level 1, Action Hero tier (gritty start)")
    page.reload()
    builder = widget(page, "wodu-builder")
    expect(builder.locator('[data-field="start"]')).to_have_value("gritty")
    assert _values(builder, ABILITY_FIELDS) == ["2", "-1", "1", "1"]
    assert page.errors == []  # type: ignore[attr-defined]


def test_without_javascript_the_widgets_answers_are_in_the_page(
    browser: Browser, server: SiteServer
) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server.url + "wodu/resolution/")
    check = page.locator('[data-widget="wodu-check"]')
    expect(check.locator(".rb-widget__form")).to_be_hidden()
    expect(check.locator(".rb-panel__text")).to_contain_text("2d10+2 against DR 12")
    expect(check.locator("svg.rb-chart rect.rb-chart__bar")).to_have_count(19)
    page.goto(server.url + "wodu/character-creation/")
    expect(page.locator('[data-widget="wodu-builder"] .rb-facts')).to_contain_text("Max HP")
    context.close()


def _layout_problems(root: object) -> list[str]:
    problems = []
    for tops in root.evaluate(LABEL_TOPS_BY_LINE):  # type: ignore[attr-defined]
        if max(tops) - min(tops) > 1:
            problems.append(f"labels on one line at tops {tops}")
    heights = root.evaluate(ACTION_HEIGHTS)  # type: ignore[attr-defined]
    if max(heights) - min(heights) > 0.5:
        problems.append(f"action buttons of heights {heights}")
    problems += root.evaluate(COLUMN_MISALIGNMENTS)  # type: ignore[attr-defined]
    problems += root.evaluate(OVERLAPPING_CELLS)  # type: ignore[attr-defined]
    return problems


def _read_the_fr_chart_on_a_phone(page: Page, check: Locator) -> None:
    """The check's fuzzy-range chart on a phone, in the light scheme and then the dark one
    (Material's palette toggle, as a reader switches): text 11 px or more, the legend
    within the chart, the three bands coloured apart (keys as bars), per scheme."""
    fills: dict[str, list[str]] = {}
    set_field(check, "kind", "fr")
    chart = check.locator(".rb-widget__panel svg.rb-chart")
    legend = chart.locator(".rb-chart__legend")
    expect(legend).to_contain_text("Strong success", timeout=TIMEOUT)
    for scheme in ("light", "dark"):
        set_scheme(page, scheme)
        assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
        assert min(chart_text_heights(chart)) >= 11
        width = legend.evaluate("t => t.getBoundingClientRect().width")
        assert width <= chart.evaluate("s => s.getBoundingClientRect().width")
        fills[scheme] = [
            chart.locator(f"rect.rb-chart__bar--{band}").first.evaluate(
                "r => getComputedStyle(r).fill"
            )
            for band in ("failure", "weak", "strong")
        ]
        keys = [
            chart.locator(f".rb-chart__key--{band}").evaluate("k => getComputedStyle(k).fill")
            for band in ("failure", "weak", "strong")
        ]
        assert keys == fills[scheme]
        assert len(set(fills[scheme])) == 3, fills
        expect(chart.locator(".rb-chart__title")).to_have_text("Total of 2d10+2")
    assert fills["light"] != fills["dark"]
    set_scheme(page, "light")


def test_widgets_lay_out_at_a_desktops_and_a_phones_width_and_the_fr_chart_reads_on_a_phone(
    page: Page, server: SiteServer
) -> None:
    """Each widget at a desktop's width, then at a phone's (the window resized, as
    tests/browser/axe.py audits a page), its page reached by a link from the one before
    (instant navigation: Python starts once for the four pages):

    - labels on one line share a top, action buttons one height, headers over their
      columns, no cells overlapping; the builder's inputs and selects share Material's
      field height and corner radius;
    - on Resolution, at the phone's width once its layout is checked, the check's
      fuzzy-range chart in light and dark (``_read_the_fr_chart_on_a_phone``).
    """
    for path, name in [
        ("wodu/character-creation/", "wodu-builder"),
        ("wodu/initiative/", "wodu-initiative"),
        ("wodu/resolution/", "wodu-check"),
        ("wodu/damage/", "wodu-damage"),
    ]:
        page.set_viewport_size({"width": 1280, "height": 900})
        visit(page, server.url + path)
        root = widget(page, name)
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 900})
            page.evaluate(NEXT_FRAME)  # (what the page does on a resize is done)
            wait_idle(root)
            assert _layout_problems(root) == [], (width, name)
        if name == "wodu-builder":
            # Inputs and selects share Material's field height and corner radius.
            controls = ".rb-field:not([hidden]) > :is(input[type=number], input[type=text], select)"
            boxes = root.locator(controls).evaluate_all(
                "cs => cs.map(c => [c.getBoundingClientRect().height,"
                " getComputedStyle(c).borderRadius])"
            )
            assert {tuple(b) for b in boxes} == {(36, "2px")}
        if name == "wodu-check":
            _read_the_fr_chart_on_a_phone(page, root)
