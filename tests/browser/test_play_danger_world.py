"""The Danger World Play page at the table, on a phone: two characters, a check from a stat
row (its partner picked at the Roll) carried on by the pool roller under the result and
rerolled with advice, the dice, the action bar and the outcome on one screen, a Bashed box
ticked that the roller follows, and a reload offline (issue 17, "Done means"; issue 29,
item 8)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.axe import audit_four_ways, serious
from tests.browser.play import (
    PHONE,
    boxes_ticked,
    edit,
    names,
    open_play,
    open_sheet,
    phone_context,
    play_as,
    playing,
    reloaded,
    tracked,
    two_characters,
    undo_beside,
)
from tests.browser.widgets import (
    TIMEOUT,
    expect_panel,
    pointer_away,
    set_field,
    wait_idle,
    widget,
)
from tests.sitesrv import SiteServer

SHEET = "danger-world-sheet"
ROLLER = "danger-world-roller"

ON_ONE_SCREEN = """root => {
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const dice = root.querySelector('.rb-dice');
  window.scrollBy(0, dice.getBoundingClientRect().top - header - 4);
  const box = (e) => e.getBoundingClientRect();
  const best = root.querySelector('.rb-widget__panel table tbody tr');
  return {
    header, height: innerHeight,
    dice: [box(dice).top, box(dice).bottom],
    bar: [box(root.querySelector('.rb-widget__actions')).top,
          box(root.querySelector('.rb-widget__actions')).bottom],
    outcome: [box(best).top, box(best).bottom],
  };
}"""


def checked_faces(sheet: Locator) -> list[str]:
    """The dice of the sheet's last check, as drawn ("3", "D5", "T2")."""
    return sheet.locator(".rb-widget__checked .rb-part--die").all_text_contents()


def roller_faces(roller: Locator) -> str:
    return roller.locator('[data-field="own"]').input_value()


def roll_pair(sheet: Locator, stat: str, partner: str) -> str:
    """Tap a stat row's Roll, then the partner it pairs with (each shows its chance); return
    the answer's text once it is shown."""
    output = sheet.locator(".rb-widget__checked")
    if output.count():
        output.evaluate("o => o.replaceChildren()")  # so that the next answer is this roll's
    key = f"stat:{stat}+{partner}"
    row = sheet.locator(".rb-sheet__row").filter(has=sheet.page.locator(f'[data-check="{key}"]'))
    row.locator(".rb-choose").click()
    choice = row.locator(f'.rb-sheet__choice:has(.rb-check[data-check="{key}"])')
    expect(choice.locator(".rb-chance")).to_have_text(re.compile(r"^\d+%$"))
    choice.locator(".rb-check").click()
    expect(output.locator(".rb-rolled__outcome")).to_be_visible(timeout=TIMEOUT)
    return output.inner_text()


def close_result(page: Page) -> None:
    """Close the result panel (the pool roller goes back to its place on the page)."""
    page.get_by_role("button", name="Close the result").click()
    expect(page.locator(".rb-widget__checks--pinned")).to_be_hidden()


def damage_track(sheet: Locator) -> Locator:
    return sheet.locator('.rb-boxes--taps[aria-label="Damage"]')


def tick_damage(sheet: Locator) -> None:
    """Tap an empty damage box (the leftmost empty one fills) and wait until it is saved."""
    damage = damage_track(sheet)
    ticked = boxes_ticked(damage)
    damage.locator(".rb-boxes__box:not(.rb-boxes__box--filled)").last.click()
    expect(damage.locator(".rb-boxes__box--filled")).to_have_count(ticked + 1, timeout=TIMEOUT)
    wait_idle(sheet)


def press(page: Page, button: Locator) -> None:
    """Press a button from the keyboard."""
    expect(button).to_be_enabled(timeout=TIMEOUT)
    button.focus()
    page.keyboard.press("Enter")


def test_two_characters_roll_a_stat_reroll_with_advice_track_reload_and_carry_on_offline(
    browser: Browser, server: SiteServer
) -> None:
    with phone_context(browser) as context:
        page = open_play(context, server, "danger-world", SHEET)
        edit(widget(page, SHEET))  # the name is the sheet's setup; Rook is the example
        sheet = two_characters(page, SHEET, "name", "Ash", "Wren")
        roller = widget(page, ROLLER)

        # A stat row's Roll, Speed picked as its partner: Perception 3 + Speed 2.
        rolled = roll_pair(sheet, "Perception", "Speed")
        assert rolled.startswith("Ash: Perception + Speed, 5 dice against difficulty 3")
        faces = checked_faces(sheet)
        assert len(faces) == 5 and all(re.fullmatch(r"[1-6]", f) for f in faces)
        assert "=" not in sheet.locator(".rb-widget__checked .rb-rolled__line").inner_text()
        # The roller carries on under the result, with those very dice, named for Ash.
        pinned = page.locator(".rb-widget__checks--pinned")
        expect(pinned.locator(f'[data-widget="{ROLLER}"]')).to_be_visible()
        expect(roller.locator('[data-field="own"]')).to_have_value(
            ", ".join(faces), timeout=TIMEOUT
        )
        expect_panel(roller, "From your sheet (Ash): Perception 3 + Speed 2")
        expect(roller.locator(".rb-dice__list .rb-die")).to_have_count(5, timeout=TIMEOUT)

        # Advise, from the keyboard; if the advice keeps every die, mark one by hand.
        press(page, roller.locator('[data-act="advise"]'))
        expect_panel(roller, "Advice (2 reroll rounds left)")
        wait_idle(roller)
        if not roller.locator('.rb-dice__list .rb-die[aria-pressed="true"]').count():
            roller.locator(".rb-dice__list .rb-die").first.focus()
            page.keyboard.press("Space")
            wait_idle(roller)
        press(page, roller.locator('[data-act="reroll"]'))
        expect(roller.locator('[data-field="round"]')).to_have_value("1", timeout=TIMEOUT)
        wait_idle(roller)

        # Closed, the result gives the roller back to its place, where the dice, the action
        # bar and the best set's outcome share one phone screen.
        close_result(page)
        expect(pinned.locator(f'[data-widget="{ROLLER}"]')).to_have_count(0)
        screen = roller.evaluate(ON_ONE_SCREEN)
        assert screen["header"] <= screen["dice"][0] < screen["dice"][1] <= screen["height"]
        assert screen["header"] <= screen["bar"][0] < screen["bar"][1] <= screen["height"]
        assert screen["header"] <= screen["outcome"][0] < screen["outcome"][1] <= screen["height"]
        # No table of the page hides a column off a phone's screen.
        wide = page.evaluate(
            "() => [...document.querySelectorAll('.md-content table')].filter(t => "
            "t.getBoundingClientRect().right > innerWidth + 1).length"
        )
        assert wide == 0

        page.locator("#rb-log-button").click()
        newest = page.locator("#rb-log .rb-log__entry").nth(0)
        expect(newest.locator(".rb-log__what")).to_have_text(
            "Ash: Perception + Speed, 5 dice against difficulty 3 (meaningful), round 1 of 2"
        )
        expect(page.locator("#rb-log .rb-log__entry").nth(1).locator(".rb-log__what")).to_have_text(
            "Ash: Perception + Speed, 5 dice against difficulty 3 (meaningful)"
        )
        page.locator("#rb-log-button").click()

        # A Bashed box ticked: the roller's pool gains a threat die at once. (The Undo
        # beside the track puts it back; ticked again, it stays.)
        tick_damage(sheet)
        undo_beside(sheet, damage_track(sheet), 0)
        tick_damage(sheet)
        expect_panel(roller, "Bashed 1 → 1 threat die")
        expect_panel(roller, "The pool: 5 normal dice and 1 threat die")

        # A reload, offline (served from the same saved copy as one online would be).
        sheet = reloaded(page, SHEET, offline=context)
        roller = widget(page, ROLLER)
        assert names(sheet) == ["Ash", "Wren"] and playing(sheet) == "Ash"
        assert tracked(sheet, "track_bashed") == 1
        expect_panel(roller, "Bashed 1 → 1 threat die")
        # Agility 3 + Speed 2, and the Bashed box's threat die.
        rolled = roll_pair(sheet, "Agility", "Speed")
        assert rolled.startswith("Ash: Agility + Speed, 6 dice against difficulty 3")
        faces = checked_faces(sheet)
        assert len(faces) == 6 and faces[-1].startswith("T")
        expect(roller.locator('[data-field="own"]')).to_have_value(
            ", ".join(faces), timeout=TIMEOUT
        )
        play_as(sheet, "Wren")
        assert tracked(sheet, "track_bashed") == 0
        expect_panel(roller, "Bashed 0 → 0 threat dice")
        tick_damage(sheet)  # a box ticked offline too, followed by the roller
        assert tracked(sheet, "track_bashed") == 1
        expect_panel(roller, "Bashed 1 → 1 threat die")
        assert page.errors == []  # type: ignore[attr-defined]


def test_a_move_picked_in_the_roller_names_the_best_set_then_a_roll_from_the_sheet_audits_clean(
    page: Page, server: SiteServer
) -> None:
    """On a phone, in order:
    - a move picked in the roller (Fighting) and rolled names what the best set achieves,
      and the dice, the action bar and the best set's outcome still share one phone screen;
    - then a stat's Roll from the sheet, carried on by the roller with its 5 dice: axe finds
      nothing serious, light and dark, at 390 and 1280 px (tests/browser/axe.py).
    The page before a roll is audited so, by the same rule (serious), in
    tests/browser/test_accessibility.py as every page is; the footer's offline line, absent
    with the service worker blocked, in each of its states in tests/browser/test_offline.py.
    """
    page.set_viewport_size(PHONE)
    open_sheet(page, server, SHEET, "danger-world")
    roller = widget(page, ROLLER)
    roller.locator('[data-field="move"]').select_option("Fighting")
    captions = roller.locator(".rb-widget__panel table caption", has_text="Fighting")
    expect(captions).to_have_count(1, timeout=TIMEOUT)
    press(page, roller.locator('[data-act="roll"]'))
    expect_panel(roller, "With the best set: Fighting: ")
    wait_idle(roller)
    # the dice, the action bar and the best set's outcome still share one phone screen
    screen = roller.evaluate(ON_ONE_SCREEN)
    assert screen["header"] <= screen["outcome"][0] < screen["outcome"][1] <= screen["height"]
    assert screen["header"] <= screen["bar"][0] < screen["bar"][1] <= screen["height"]

    # A roll from the sheet, audited at 390 px (900 high) and 1280 px.
    page.set_viewport_size({"width": 390, "height": 900})
    roll_pair(widget(page, SHEET), "Agility", "Speed")
    expect(roller.locator(".rb-dice__list .rb-die")).to_have_count(5, timeout=TIMEOUT)
    wait_idle(roller)
    # The tapped Roll keeps its tooltip while it has the focus: axe would wait for it to fade.
    page.evaluate("document.activeElement?.blur()")
    assert audit_four_ways(page, keep=serious) == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_finished_roll_and_a_hit_are_carried_to_the_sheet_one_tap_each_with_undo(
    page: Page, server: SiteServer
) -> None:
    """Issue 27, item 8: the roller carries the danger its set raised to the sheet, and the
    sheet takes a hit, each with one tap, saved at once, undone with Undo, on screen."""
    page.set_viewport_size(PHONE)
    sheet = open_sheet(page, server, SHEET, "danger-world")
    edit(sheet)  # the name and the tracked numbers' fields are the sheet's setup
    set_field(sheet, "name", "Rook")
    set_field(sheet, "danger", "1")
    wait_idle(sheet)
    roller = widget(page, ROLLER)
    carry = roller.locator('[data-act="carry_danger"]')
    expect(carry).to_be_hidden()  # no roll yet
    # Agility 3 + Speed 2 and a danger die; the set of 3 needs the danger die's 3.
    expect_panel(roller, "From your sheet (Rook): Agility 3 + Speed 2, 1 danger die")
    set_field(roller, "own", "3, 3, 1, 5, 6, D3")
    expect_panel(roller, "The sets the dice offer now")
    press(page, carry)
    message = roller.locator(".rb-widget__message")
    expect(message).to_contain_text(
        "Rook's danger level: 1 → 2 (1 danger die in the set of 3).", timeout=TIMEOUT
    )
    expect(sheet.locator('[data-field="level"]')).to_have_value("2", timeout=TIMEOUT)
    expect(carry).to_be_disabled()  # carried once
    expect(roller.locator('[data-act="reroll"]')).to_be_disabled()  # the roll is done
    undo = message.get_by_role("button", name="Undo")
    box, header = undo.bounding_box(), page.locator(".md-header").bounding_box()
    assert box is not None and header is not None  # the result of the tap, on screen:
    assert header["y"] + header["height"] <= box["y"] and box["y"] + box["height"] <= 844
    undo.click()
    expect(sheet.locator('[data-field="level"]')).to_have_value("1", timeout=TIMEOUT)
    expect(carry).to_be_enabled(timeout=TIMEOUT)
    press(page, carry)
    expect(sheet.locator('[data-field="level"]')).to_have_value("2", timeout=TIMEOUT)
    wait_idle(sheet)
    wait_idle(roller)
    pointer_away(page)
    # The taps shown, one carried (the footer's offline line, absent with the service
    # worker blocked, is audited in each of its states in tests/browser/test_offline.py).
    assert audit_four_ways(page, keep=serious) == []

    # A full hit at danger level 2 (zone 1) fills a Bashed box, on the sheet's own tap.
    full = sheet.locator('[data-act="full"]')
    press(page, full)
    said = sheet.locator(".rb-widget__message")
    expect(said).to_contain_text("Rook: full hit at danger level 2: Bashed 0 → 1.")
    assert tracked(sheet, "track_bashed") == 1
    shown = said.get_by_role("button", name="Undo").bounding_box()
    assert shown is not None and header["y"] + header["height"] <= shown["y"]
    assert shown["y"] + shown["height"] <= 844  # the tap's result, on the phone's screen
    expect_panel(roller, "Bashed 1 → 1 threat die")
    said.get_by_role("button", name="Undo").click()
    expect(sheet.locator('[data-field="track_bashed"]')).to_have_value("0", timeout=TIMEOUT)
    press(page, full)
    expect(sheet.locator('[data-field="track_bashed"]')).to_have_value("1", timeout=TIMEOUT)
    wait_idle(sheet)

    # Both were saved at once: a reload keeps them.
    sheet = reloaded(page, SHEET)
    assert tracked(sheet, "level") == 2 and tracked(sheet, "track_bashed") == 1
    assert page.errors == []  # type: ignore[attr-defined]
