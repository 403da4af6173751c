"""The D10/0 System pages in a real browser: the checks, the damage roller, a burst, the
action points, the builder."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from rules_py.systems import d10_0
from tests.browser.axe import visit
from tests.browser.widgets import (
    TIMEOUT,
    cell_titles,
    expect_panel,
    roll,
    set_field,
    widget,
)
from tests.sitesrv import SiteServer


def test_a_reader_works_through_the_action_damage_burst_and_action_quota_pages(
    page: Page, server: SiteServer
) -> None:
    """Actions, then Damage, Bursts and Blasts and Action Quota, each reached by a link:

    - the skill check gives exact odds (cells titled with fractions) and rolls a degree
      named as the rules name it; a difficulty it does not know is refused and marked;
    - the overflow check (the page's second) rolls, and shows the chain when a 0 overflows;
    - the damage roller takes K prefixes, limits by a characteristic, armour, and refuses
      a subtracted part; its ST and CH fields show only when the notation uses them;
    - the damage examples roll the chosen row;
    - the X Shot Burst reproduces the worked example, follows X and armour, and fires;
    - the action points follow an action across rounds and refuse a reserve of all;
    - no page error on the way.
    """
    page.goto(server.url + "d10-0/actions/")
    check = widget(page, "d10-0-check")
    set_field(check, "kind", "skill")
    set_field(check, "score", "45")
    set_field(check, "difficulty", "challenge")
    expect_panel(check, "difficulty 20 (Challenge): success 25.00%, miss 1.00%, failure 74.00%")
    assert cell_titles(check, "Success") == ["1/4"]
    assert cell_titles(check, "Minor Success") == ["", "19/100"]

    output = roll(check)
    rolled = output.locator(".rb-part--die").first.text_content() or ""
    assert re.fullmatch(r"\d\d", rolled)
    degree = 45 - int(rolled) - 20
    outcome = output.locator(".rb-rolled__outcome")
    expect(outcome).to_contain_text(f"degree {degree:+d}" if degree else "degree 0")
    expect(outcome).to_contain_text(d10_0.degree_name(degree, skill=True))

    set_field(check, "difficulty", "tough")
    expect_panel(check, "A difficulty is a whole number or one of")
    expect(check.locator('[data-field="difficulty"]')).to_have_attribute("aria-invalid", "true")

    # The page's second check rolls with overflow.
    overflow = widget(page, "d10-0-check", 1)
    expect(overflow.locator('[data-field="overflow"]')).to_be_checked()
    set_field(overflow, "score", "10")  # a 0 always overflows upward from 10
    expect_panel(overflow, "Score 10 on a d10 with overflow")
    for _ in range(200):
        output = roll(overflow)
        lines = output.locator(".rb-rolled__line")
        if lines.count() > 1:
            expect(lines.nth(1)).to_contain_text("Overflow after the lowest face")
            break
    else:  # 1 in 10 rolls is a 0: 40 misses in a row happen 1.5% of the time, 200 never
        raise AssertionError("no overflow chain in 200 rolls")

    visit(page, server.url + "d10-0/damage/")
    damage = widget(page, "d10-0-damage")
    expect(damage.locator(".rb-field--ST")).to_be_visible()
    expect(damage.locator(".rb-field--CH")).to_be_hidden()
    set_field(damage, "notation", "5K + 1KD")
    expect_panel(damage, "6000 - 15000")
    expect(damage.locator(".rb-field--ST")).to_be_hidden()
    output = roll(damage)
    total = int((output.locator(".rb-total").text_content() or "").removeprefix("= "))
    assert 6000 <= total <= 15000 and total % 1000 == 0
    expect(output.locator(".rb-rolled__outcome")).to_have_text(f"{total} damage")

    set_field(damage, "notation", "10 + 2D(CH)")
    set_field(damage, "CH", "3")
    set_field(damage, "armour", "-10F")
    expect_panel(damage, "Through -10F")
    expect(damage.locator(".rb-field--CH")).to_be_visible()
    output = roll(damage)
    dice = [int(d) for d in output.locator(".rb-part--die").all_text_contents()]
    assert len(dice) == 2 and all(1 <= d <= 3 for d in dice)
    expect(output.locator(".rb-rolled__outcome")).to_contain_text(f"{sum(dice)} taken")

    set_field(damage, "notation", "10 - 2D")
    expect_panel(damage, "damage parts are only added")

    # The damage examples below it, row by row.
    examples = widget(page, "d10-0-damage-examples")
    set_field(examples, "threat", "Sledge Hammer")
    set_field(examples, "ST", "2")
    expect_panel(examples, "Sledge Hammer: 10 + 2D(ST), 12 - 14")
    output = roll(examples)
    expect(output.locator(".rb-rolled__label")).to_have_text("Sledge Hammer")
    dice = [int(d) for d in output.locator(".rb-part--die").all_text_contents()]
    assert all(1 <= d <= 2 for d in dice)

    visit(page, server.url + "d10-0/bursts-and-blasts/")
    burst = widget(page, "d10-0-burst", 1)
    expect_panel(burst, "so 9 of the 15 shots threaten, at 10 a shot: 90 damage")
    expect(burst.locator(".rb-field--ap")).to_be_hidden()
    assert cell_titles(burst, "> +10") == ["", "", "3/20"]
    set_field(burst, "x", "4")
    expect_panel(burst, "so 12 of the 20 shots threaten")
    set_field(burst, "armour", "-5F")
    expect_panel(burst, "each does 5: 60")
    output = roll(burst)
    effort = int((output.locator(".rb-total").first.text_content() or "").removeprefix("= "))
    # The X Shot Burst's spread as printed: > +50 5X, > +25 4X, > +10 3X, >0 2X, > -10 1X.
    spread = ((50, 5), (25, 4), (10, 3), (0, 2), (-10, 1))
    hits = next((4 * amount for above, amount in spread if effort > above), 0)
    expected = f"at 5 each: {5 * hits} damage" if hits else "no threat"
    expect(output.locator(".rb-rolled__outcome")).to_contain_text(expected)

    # Issue 27, item 8: the Action Quota page's tool, answered by Python in the page.
    visit(page, server.url + "d10-0/action-quota-and-timing/")
    points = widget(page, "d10-0-action-points")
    expect_panel(points, "3 actions costing 7 action points take 2 rounds at an Action Quota")
    set_field(points, "reserve", "2")
    expect_panel(points, "take 3 rounds at an Action Quota of 5, 2 kept back for reactions")
    set_field(points, "reserve", "5")
    expect_panel(points, "Keeping 5 of an Action Quota of 5 back for reactions")
    expect(points.locator('[data-field="reserve"]')).to_have_attribute("aria-invalid", "true")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_reader_builds_a_sheet_keeps_it_across_a_reload_exports_and_imports_it(
    page: Page, server: SiteServer, tmp_path: Path
) -> None:
    """The builder on Building a Character, from the page's example:

    - a rule break (AG 11: 50 attribute points used) is refused, with the note on the
      cap, and the sheet is kept across a reload; mended, it answers;
    - a branch skill under Ranged costs one skill point too many, and is listed;
      removed again, the sheet is back within its points;
    - Export saves the sheet as JSON; Import refuses one that breaks a rule, leaving the
      sheet as it was, and takes a good one, kept across a reload;
    - no page error on the way.
    """
    page.goto(server.url + "d10-0/building-a-character/")
    builder = widget(page, "d10-0-builder")
    set_field(builder, "name", "Janet")
    set_field(builder, "AG", "11")
    # Above the typical cap of 10 is a note; the 45 points are the rule AG 11 breaks.
    expect_panel(builder, "these use 50")
    expect_panel(builder, "Note: AG is 11, above the typical cap of 10")

    page.reload()
    builder = widget(page, "d10-0-builder")
    expect(builder.locator('[data-field="name"]')).to_have_value("Janet")
    expect(builder.locator('[data-field="AG"]')).to_have_value("11")
    expect_panel(builder, "45 points are allocated to attributes")

    set_field(builder, "AG", "6")
    expect_panel(builder, "Janet: Action Quota 5.")
    expect_panel(builder, "Current Health 55 of Normal 55: Normal.")
    expect(builder.locator(".rb-panel__error")).to_have_count(0)
    # A branch under Ranged: the Base is Ranged's Total.
    builder.locator(".rb-rows__add").first.click()
    row = builder.locator(".rb-field--skills .rb-row").last
    row.locator('[data-cell="name"]').fill("Rifles")
    row.locator('[data-cell="parent"]').fill("Ranged")
    # Its first skill point (Adjust 1) is one more than the 100 the sheet has.
    expect(builder.locator(".rb-panel__error")).to_contain_text(
        "The skills cost 101 skill points; 100 are to spend anywhere", timeout=TIMEOUT
    )
    expect_panel(builder, "· Rifles")
    # The reader thinks better of it: the example's skills again, within the 100.
    row.locator(".rb-row__remove").click()
    expect(builder.locator(".rb-panel__error")).to_have_count(0, timeout=TIMEOUT)

    set_field(builder, "name", "Bob")
    set_field(builder, "skill_points", "110")
    expect_panel(builder, "100 of 110")
    with page.expect_download() as download:
        builder.locator(".rb-widget__export").click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["rollbook"] == "d10-0-builder"
    assert saved["values"]["name"] == "Bob" and saved["values"]["skill_points"] == 110

    chooser = builder.locator(".rb-widget__import input[type=file]")
    status = builder.locator(".rb-roster__said")
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(dict(saved, values={**saved["values"], "CH": 9})))
    chooser.set_input_files(broken)
    expect(status).to_contain_text("breaks a rule", timeout=TIMEOUT)
    expect(status).to_contain_text("45 points are allocated")
    expect(builder.locator('[data-field="CH"]')).to_have_value("5")

    other = dict(saved, values={**saved["values"], "name": "Wren", "progression_points": 5})
    other["values"]["purchases"] = [{"item": "health", "count": 1}]
    good = tmp_path / "wren.json"
    good.write_text(json.dumps(other))
    chooser.set_input_files(good)
    expect(status).to_contain_text("Imported wren.json", timeout=TIMEOUT)
    expect(builder.locator('[data-field="name"]')).to_have_value("Wren")
    expect_panel(builder, "of Normal 61")
    page.reload()
    expect(widget(page, "d10-0-builder").locator('[data-field="name"]')).to_have_value("Wren")
    assert page.errors == []  # type: ignore[attr-defined]


def test_without_javascript_the_answers_are_in_the_pages(
    browser: Browser, server: SiteServer
) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server.url + "d10-0/bursts-and-blasts/")
    burst = page.locator('[data-widget="d10-0-burst"]').nth(1)
    expect(burst.locator(".rb-widget__form")).to_be_hidden()
    expect(burst.locator(".rb-panel__text").last).to_contain_text("9 of the 15 shots threaten")
    page.goto(server.url + "d10-0/building-a-character/")
    sheet = page.locator('[data-widget="d10-0-builder"]')
    expect(sheet.locator(".rb-facts")).to_contain_text("Attribute points left")
    expect(sheet.locator(".rb-widget__panel")).to_contain_text("Mara Quill: Action Quota 5")
    context.close()
