"""The [2d6] Roleplaying System pages in a real browser: check, combat, initiative, casting,
the builder."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

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


def test_a_reader_works_through_the_check_combat_and_magic_pages(
    page: Page, server: SiteServer
) -> None:
    """Checks, then Combat and Magic, each reached by a link from the one before:

    - the check gives exact odds (7/12) and names the rolled result (aim drops two
      dice; snake eyes named); heavy armour makes a Professional check impossible; a DC
      it does not know is refused and marked;
    - the combat widget shows the proficiency field for heavy armour only, names the
      armour's rerolls, and a won exchange lists the attacker's options;
    - initiative shows each roll as its two dice, plus the bonus, totalled (issue 16,
      item 15);
    - casting takes a spell by name (Entangle's DC and XP, exact odds) and says that
      Negate has no DC;
    - no page error on the way.
    """
    page.goto(server.url + "2d6/checks/")
    check = widget(page, "2d6-check")
    set_field(check, "bonus", "4")
    set_field(check, "dc", "difficult")
    expect_panel(check, "Bonus +4 against DC 11 (Difficult): success 58.33%, failure 41.67%")
    assert cell_titles(check, "Success") == ["7/12"]
    expect(check.locator(".rb-field--armored_acrobat")).to_be_hidden()

    set_field(check, "aim", True)
    output = roll(check)
    expect(output.locator(".rb-part--dropped")).to_have_count(2)
    total = int((output.locator(".rb-total").text_content() or "").removeprefix("= "))
    outcome = output.locator(".rb-rolled__outcome")
    if total - 4 == 2:
        expect(outcome).to_contain_text("snake eyes")
    else:
        expect(outcome).to_contain_text(
            f"{'Success' if total >= 11 else 'Failure'}: {total} against DC 11"
        )

    set_field(check, "aim", False)
    set_field(check, "armour", "heavy")
    set_field(check, "dc", "Professional")
    expect_panel(check, "impossible")
    set_field(check, "dc", "tough")
    expect_panel(check, "A DC must be a whole number from 2 to 30 or one of")
    expect(check.locator('[data-field="dc"]')).to_have_attribute("aria-invalid", "true")

    visit(page, server.url + "2d6/combat/")
    combat = widget(page, "2d6-combat")
    expect_panel(combat, "Attack +4 against defence +2 in no armour")
    expect(combat.locator(".rb-field--proficient")).to_be_hidden()
    set_field(combat, "armour", "heavy")
    expect(combat.locator(".rb-field--proficient")).to_be_visible()
    expect_panel(combat, "heavy armour without proficiency (rerolls a 2 on the dice)")
    set_field(combat, "proficient", True)
    expect_panel(combat, "heavy armour (rerolls a 2, 3 or 4 on the dice)")
    expect(combat.locator(".rb-widget__panel svg.rb-chart")).to_have_count(1)

    set_field(combat, "attack", "10")
    set_field(combat, "defend", "0")
    expect_panel(combat, "Attack +10 against defence +0")
    for _ in range(20):
        output = roll(combat)
        totals = [
            int((t.text_content() or "").removeprefix("= "))
            for t in output.locator(".rb-total").all()
        ]
        margin = totals[0] - totals[1]
        if margin >= 1:
            expect(output.locator(".rb-rolled__outcome")).to_contain_text(
                f"The attacker wins by {margin}"
            )
            expect(output.locator("li").first).to_contain_text("Deal one wound")
            break
    else:
        raise AssertionError("+10 against +0 never won in 20 exchanges")

    # Initiative, on the same page: each roll is its two dice.
    output = roll(widget(page, "2d6-initiative"))
    lines = output.locator(".rb-rolled__line")
    assert lines.count() >= 3
    for i in range(lines.count()):
        line = lines.nth(i)
        dice = line.locator(".rb-part--die").all_text_contents()
        assert len(dice) == 2 and all(d in "123456" for d in dice), dice
        bonus = int((line.locator(".rb-part--op").text_content() or "").removeprefix("+ "))
        total = int((line.locator(".rb-total").text_content() or "").removeprefix("= "))
        assert total == sum(map(int, dice)) + bonus

    visit(page, server.url + "2d6/magic/")
    casting = widget(page, "2d6-casting")
    set_field(casting, "resolve", "1")
    set_field(casting, "spell", "entangle")
    expect_panel(casting, "Resolve +1 casting Entangle (DC 11 (Difficult), 4 XP)")
    assert cell_titles(casting, "Wild") == ["5/18"]
    output = roll(casting)
    expect(output.locator(".rb-rolled__outcome")).to_have_text(
        re.compile(r"^(Cast|Fizzle|Wild): .*against DC 11")
    )
    set_field(casting, "spell", "Negate")
    expect_panel(casting, "Negate has no DC")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_reader_builds_a_sheet_keeps_it_across_a_reload_exports_and_imports_it(
    page: Page, server: SiteServer, tmp_path: Path
) -> None:
    """The builder on Character Creation, from the page's example (Kestrel):

    - more limbs lost than wounds is refused, both fields marked, never "-1 wounds"
      (issue 16, item 3); fewer answer; the reader then puts the example's back;
    - a stat past +5 is refused and marked, and the sheet kept across a reload; mended,
      it answers, and a purchase too many is refused; the reader takes it back;
    - Export saves the sheet as JSON under its name; Import refuses one that breaks a
      rule, leaving the sheet as it was, and takes a good one, kept across a reload;
    - no page error on the way.
    """
    page.goto(server.url + "2d6/character-creation/")
    builder = widget(page, "2d6-builder")
    # Issue 16, item 3: TOU +0 and four limbs lost showed "-1 wounds".
    set_field(builder, "TOU", "0")
    set_field(builder, "lost_limbs", "4")
    expect(builder.locator(".rb-panel__error")).to_contain_text(
        "Too many limbs lost: 4 against 3 wounds (3 + TOU +0); wounds are never negative",
        timeout=TIMEOUT,
    )
    for field in ("TOU", "lost_limbs"):
        expect(builder.locator(f'[data-field="{field}"]')).to_have_attribute("aria-invalid", "true")
    expect_panel(builder, "Kestrel: no wounds count")  # the example, by name
    expect(builder).not_to_contain_text("-1 wounds")
    set_field(builder, "lost_limbs", "2")
    expect_panel(builder, "Kestrel: 1 wound, resolve +2")
    expect(builder.locator(".rb-panel__error")).to_have_count(0)
    # The example's TOU +3 and no limb lost again.
    set_field(builder, "TOU", "3")
    set_field(builder, "lost_limbs", "0")
    expect_panel(builder, "Kestrel: 6 wounds, resolve +5, initiative +6.")

    set_field(builder, "name", "Wren")
    set_field(builder, "STR", "6")
    expect_panel(
        builder, "Every stat is from +0 to +5; STR is +6 ([2d6] Roleplaying System, Stats)"
    )
    expect(builder.locator('[data-field="STR"]')).to_have_attribute("aria-invalid", "true")

    page.reload()
    builder = widget(page, "2d6-builder")
    expect(builder.locator('[data-field="name"]')).to_have_value("Wren")
    expect(builder.locator('[data-field="STR"]')).to_have_value("6")
    expect_panel(builder, "STR is +6")

    set_field(builder, "STR", "2")
    expect_panel(builder, "Wren: 6 wounds, resolve +5, initiative +6.")
    expect_panel(builder, "20 of 20 XP spent.")
    expect(builder.locator(".rb-panel__error")).to_have_count(0)
    set_field(builder, "cinematics", "2")
    expect(builder.locator(".rb-panel__error")).to_contain_text(
        "These purchases cost 22 XP; the character has 20", timeout=TIMEOUT
    )
    # The example's one cinematic again.
    set_field(builder, "cinematics", "1")
    expect(builder.locator(".rb-panel__error")).to_have_count(0, timeout=TIMEOUT)

    set_field(builder, "name", "Thorn")
    set_field(builder, "PER", "2")
    expect_panel(builder, "Thorn: 6 wounds, resolve +5, initiative +5.")
    expect_panel(builder, "20 of 23 XP spent.")
    with page.expect_download() as download:
        builder.locator(".rb-widget__export").click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["rollbook"] == "2d6-builder" and download.value.suggested_filename == "thorn.json"
    assert saved["values"]["PER"] == 2

    chooser = builder.locator(".rb-widget__import input[type=file]")
    status = builder.locator(".rb-roster__said")
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(dict(saved, values={**saved["values"], "TOU": 5})))
    chooser.set_input_files(broken)
    expect(status).to_contain_text("breaks a rule", timeout=TIMEOUT)
    expect(builder.locator('[data-field="TOU"]')).to_have_value("3")

    good = tmp_path / "ash.json"
    good.write_text(
        json.dumps(
            dict(saved, values={**saved["values"], "name": "Ash", "TOU": 4, "cinematics": 0})
        )
    )
    chooser.set_input_files(good)
    expect(status).to_contain_text("Imported ash.json", timeout=TIMEOUT)
    expect(builder.locator('[data-field="name"]')).to_have_value("Ash")
    expect_panel(builder, "Ash: 7 wounds, resolve +6")
    page.reload()
    expect(widget(page, "2d6-builder").locator('[data-field="name"]')).to_have_value("Ash")
    assert page.errors == []  # type: ignore[attr-defined]
