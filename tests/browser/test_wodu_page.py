"""The 2d10 WoDu Hack pages in a real browser: the check, a damage roll, the builder."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from rules_py._format import percent
from rules_py.systems import wodu
from tests.browser.widgets import (
    TIMEOUT,
    cell_titles,
    expect_panel,
    line_dice,
    roll,
    set_field,
    widget,
)
from tests.sitesrv import SiteServer


def test_check_widget_gives_exact_fuzzy_range_odds_and_names_the_band(
    page: Page, server: SiteServer
) -> None:
    page.goto(server.url + "wodu/resolution/")
    check = widget(page, "wodu-check")
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
    assert page.errors == []  # type: ignore[attr-defined]


def test_check_widget_refuses_a_rating_off_the_scale(page: Page, server: SiteServer) -> None:
    page.goto(server.url + "wodu/resolution/")
    check = widget(page, "wodu-check")
    set_field(check, "ability", "7")
    expect_panel(check, "Ability rating must be from -1 to 6 (got 7)")
    expect(check.locator('[data-field="ability"]')).to_have_attribute("aria-invalid", "true")
    check.locator(".rb-widget__roll").click()
    expect(check.locator(".rb-widget__rolled")).to_have_text(
        "Ability rating must be from -1 to 6 (got 7)", timeout=TIMEOUT
    )


def test_damage_widget_rolls_2d6_keep_lowest_with_a_hero_power(
    page: Page, server: SiteServer
) -> None:
    page.goto(server.url + "wodu/damage/")
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


def _builder(page: Page) -> None:
    builder = widget(page, "wodu-builder")
    expect(builder.locator('[data-field="level"]')).to_be_visible()


def test_builder_refuses_an_invalid_sheet_and_keeps_it_across_a_reload(
    page: Page, server: SiteServer
) -> None:
    page.goto(server.url + "wodu/character-creation/")
    builder = widget(page, "wodu-builder")
    set_field(builder, "name", "Vex")
    set_field(builder, "start_dex", "2")  # two +2 ratings at Level 1
    expect_panel(builder, "at Level 1 the ratings are 2, 1, 1, -1 in any order")
    expect(builder.locator(".rb-facts")).to_have_count(0)

    page.reload()
    builder = widget(page, "wodu-builder")
    expect(builder.locator('[data-field="name"]')).to_have_value("Vex")
    expect(builder.locator('[data-field="start_dex"]')).to_have_value("2")
    expect_panel(builder, "at Level 1 the ratings are 2, 1, 1, -1 in any order")

    # Mend it (STR 1, DEX 2), then grow to Level 4 with both increases on DEX: +4 is too much.
    set_field(builder, "start_str", "1")
    set_field(builder, "level", "4")
    set_field(builder, "inc2", "DEX")
    set_field(builder, "inc4", "DEX")
    expect_panel(builder, "above the maximum of +3 at Level 4")
    set_field(builder, "inc2", "STR")
    expect_panel(builder, "Max HP")
    expect_panel(builder, str(wodu.max_hp(4, 2)))
    expect(builder.locator(".rb-field--inc6")).to_be_hidden()
    expect(builder.locator(".rb-panel__error")).to_have_count(0)

    # The sheet is shared with the Advancement page.
    page.goto(server.url + "wodu/advancement/")
    shared = widget(page, "wodu-builder")
    expect(shared.locator('[data-field="level"]')).to_have_value("4")
    expect(shared.locator('[data-field="name"]')).to_have_value("Vex")
    assert page.errors == []  # type: ignore[attr-defined]


def test_builder_exports_and_refuses_a_bad_import(
    page: Page, server: SiteServer, tmp_path: Path
) -> None:
    page.goto(server.url + "wodu/character-creation/")
    builder = widget(page, "wodu-builder")
    set_field(builder, "name", "Rook")
    set_field(builder, "level", "2")
    set_field(builder, "inc2", "CHA")
    expect_panel(builder, "Max HP")
    with page.expect_download() as download:
        builder.locator(".rb-widget__export").click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["rollbook"] == "wodu-builder"
    assert saved["values"]["name"] == "Rook" and saved["values"]["level"] == 2

    chooser = builder.locator(".rb-widget__import input[type=file]")
    bad = tmp_path / "bad.json"
    bad.write_text("{ this is not json")
    chooser.set_input_files(bad)
    status = builder.locator(".rb-widget__message")
    expect(status).to_contain_text("This file is not JSON", timeout=TIMEOUT)
    expect(status).to_contain_text("Your sheet is unchanged")
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
