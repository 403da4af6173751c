"""A GM runs a fight from the system's GM page (issue 30), on a phone, then offline.

For each system: a party from one share link and one exported file, two kinds of NPC
(one "x 2"), the turn order rolled (or set, where the source has no initiative rule),
two turns and a round advanced, damage ticked on an NPC and undone and ticked again, a
PC's check rolled from its line (into the result panel, logged as the GM's), then a
reload and the network cut: the table is as it was. axe finds nothing on the page with
a party and a turn order, light and dark, 390 and 1280 px.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from rules_py.widgets import WIDGETS
from rules_py.widgets._fields import read_values
from rules_py.widgets._table import TABLE
from tests.browser.axe import FOUR_WAYS, audit_four_ways
from tests.browser.play import phone_context, reloaded
from tests.browser.widgets import TIMEOUT, set_field, wait_idle, widget
from tests.site_config import section_of_parameter
from tests.sitesrv import SiteServer

TABLES = ("wodu-gm", "peupfudge-gm", "d10-0-gm", "2d6-gm", "danger-world-gm")
"""Each section's GM-page widget (the conftest skips a section a copy leaves out)."""


def section(name: str) -> str:
    found = section_of_parameter(name)
    assert found is not None
    return found


_SHEETS = {
    "wodu-gm": "wodu-builder",
    "peupfudge-gm": "peupfudge-xp-panel",
    "d10-0-gm": "d10-0-builder",
    "2d6-gm": "2d6-builder",
    "danger-world-gm": "danger-world-sheet",
}


def character(sheet: str, name: str) -> dict[str, Any]:
    """The sheet's example character, renamed."""
    widget = WIDGETS[sheet]
    values, errors = read_values(widget.fields, {})
    assert not errors
    return {**values, widget.name_field: name}


def share_link(server: SiteServer, section_name: str, values: dict[str, Any]) -> str:
    """The link a player's Share copies from their Play page (docs/assets/rollbook/share.js)."""
    data = base64.urlsafe_b64encode(json.dumps(values).encode()).decode().rstrip("=")
    return f"{server.url}{section_name}/play/#share=widget-1:{data}"


def press(root: Locator, act: str) -> None:
    """Press one of the table's action buttons and wait for Python's answer."""
    root.locator(f'.rb-widget__act[data-act="{act}"]').click()
    wait_idle(root)


def table(page: Page, root: Locator) -> dict[str, Any]:
    """The table as the page keeps it."""
    store = root.get_attribute("data-store")
    kept = page.evaluate("key => localStorage.getItem(key)", f"rollbook:widget:{store}")
    assert kept, "the table is not kept"
    data: dict[str, Any] = json.loads(json.loads(kept)[TABLE])
    return data


def order_said(root: Locator) -> str:
    text = root.locator('.rb-group[aria-label="Turn order"] .rb-panel__text').first.inner_text()
    return str(text)


@pytest.mark.parametrize("name", TABLES)
def test_a_gm_runs_a_fight_from_one_page_and_loses_nothing(
    browser: Browser, server: SiteServer, name: str, tmp_path: Path
) -> None:
    """The fight of the module's docstring, audited by axe once the table has a party,
    its NPCs and a turn order."""
    sheet = _SHEETS[name]
    where = section(name)
    with phone_context(browser) as context:
        page = context.new_page()
        page.goto(f"{server.url}{where}/gm/")  # the site is saved for offline use meanwhile
        root = widget(page, name)
        wait_idle(root)

        # The party: one player's share link, one exported file.
        set_field(root, "link", share_link(server, where, character(sheet, "Linka")))
        press(root, "add_link")
        expect(root.locator('.rb-group[aria-label="Linka"]')).to_be_visible()
        file = tmp_path / "filed.json"
        file.write_text(WIDGETS[sheet].export(character(sheet, "Filed"))["text"])
        with page.expect_file_chooser() as chooser:
            root.locator('.rb-widget__act[data-act="add_file"]').click()
        chooser.value.set_files(str(file))
        expect(root.locator('.rb-group[aria-label="Filed"]')).to_be_visible(timeout=TIMEOUT)
        wait_idle(root)

        # Two NPCs of one kind ("x 2") and one of another.
        set_field(root, "npc_name", "Guard")
        set_field(root, "npc_count", "2")
        press(root, "add_npc")
        set_field(root, "npc_name", "Boss")
        set_field(root, "npc_count", "1")
        press(root, "add_npc")
        npcs = [n["name"] for n in table(page, root)["npcs"]]
        assert npcs == ["Guard 1", "Guard 2", "Boss"]

        # The turn order, two turns and a round.
        press(root, "roll_order")
        expect(root.locator(".rb-group--current")).to_have_count(1)
        order = [p["id"] for p in table(page, root)["order"]]
        assert len(order) == 5
        press(root, "next_turn")
        press(root, "next_turn")
        assert table(page, root)["turn"] == 2
        press(root, "next_round")
        kept = table(page, root)
        assert (kept["round"], kept["turn"]) == (2, 0)
        assert order_said(root).startswith("Round 2: ")

        # axe, with a party and a turn order: light and dark, at 390 and 1280 px (the
        # footer's offline line, saving meanwhile, is audited in each of its states by
        # tests/browser/test_offline.py).
        failures = audit_four_ways(page, ways=FOUR_WAYS)
        assert not failures, "\n".join(failures)

        # Damage ticked on an NPC, undone beside its track, ticked again.
        guard = root.locator('.rb-group[aria-label="Guard 2"]')
        box = guard.locator(".rb-boxes__box:not(.rb-boxes__box--filled)").first
        box.click()
        wait_idle(root)
        guard = root.locator('.rb-group[aria-label="Guard 2"]')
        expect(guard.locator(".rb-boxes__box--filled")).to_have_count(1)
        guard.locator(".rb-boxes__undo").get_by_role("button", name="Undo").click()
        wait_idle(root)
        expect(
            root.locator('.rb-group[aria-label="Guard 2"] .rb-boxes__box--filled')
        ).to_have_count(0)
        root.locator('.rb-group[aria-label="Guard 2"] .rb-boxes__box').first.click()
        wait_idle(root)
        before = table(page, root)

        # A PC's check from the party line, into the result panel, logged as the GM's.
        line = root.locator('.rb-group[aria-label="Linka"]')
        line.locator(".rb-choose").first.click()
        line.locator(".rb-sheet__choice .rb-check").first.click()
        result = page.locator(".rb-widget__checks--pinned .rb-rolled__outcome")
        expect(result).to_be_visible(timeout=TIMEOUT)
        expect(page.locator(".rb-widget__checks--pinned .rb-rolled__what")).to_contain_text(
            "Linka: "
        )
        log = json.loads(page.evaluate("localStorage.getItem('rollbook:log')") or "[]")
        assert log[-1]["source"] == "gm" and log[-1]["what"].startswith("Linka: ")
        assert any(e["what"].startswith("Turn order") for e in log) or not any(
            p["dice"] for p in before["order"]
        )

        # A reload with the network cut (served from the same saved copy as one online
        # would be: see tests/browser/play.py, reloaded): the table is as it was.
        root = reloaded(page, name, offline=context)
        wait_idle(root)
        assert table(page, root) == before
        expect(
            root.locator('.rb-group[aria-label="Guard 2"] .rb-boxes__box--filled')
        ).to_have_count(1)
        expect(root.locator(".rb-group--current")).to_have_count(1)
        assert re.match(r"Round 2: .+'s turn\.", order_said(root))
