"""Limits everywhere (issue 28, item 10), in a real browser.

A roll-log link is built only from the site's own pages; a name or a caption that
holds a right-to-left override does not reverse the text around it; the dice box's
largest odds leave the page free while they are drawn.
"""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from tests.sitesrv import SiteServer

ENTRIES = "#rb-log .rb-log__entry"


def _entry(n: int, page: str) -> dict[str, object]:
    """A widget roll as the roll log keeps it, from ``page``."""
    return {
        "id": f"crafted-{n}",
        "time": 1_790_000_000_000 + n * 1000,
        "source": "widget",
        "what": f"Check {n}",
        "dice": "[3] [5]",
        "total": "8",
        "outcome": "",
        "said": f"Rolled check {n}: 8",
        "seed": 7,
        "from": {"page": page, "widget": "rb-widget-1", "values": "e30"},
    }


def test_a_logged_roll_links_only_to_the_sites_own_pages(page: Page, server: SiteServer) -> None:
    """A stored entry's page is anyone's to write: ``javascript:``, another host, no link."""
    own = server.url + "dice/"
    foreign = [
        "javascript:alert(document.domain)//",
        "//evil.example/",
        "https://other/",
        "data:text/html,x",
    ]
    entries = [_entry(0, own), *(_entry(n, where) for n, where in enumerate(foreign, 1))]
    page.goto(server.url + "dice/")
    page.evaluate("(log) => localStorage.setItem('rollbook:log', log)", json.dumps(entries))
    page.reload()
    page.locator("#rb-log-button").click()
    expect(page.locator(ENTRIES)).to_have_count(len(entries))
    links = page.locator(f"{ENTRIES} a.rb-log__link")
    expect(links).to_have_count(1)
    href = links.first.get_attribute("href") or ""
    assert href.startswith(own + "#rolled=rb-widget-1&values=e30&seed=7&at="), href
    # Each foreign entry is still listed, only without its link.
    for n in range(1, len(entries)):
        expect(page.locator(ENTRIES).filter(has_text=f"Check {n}")).to_have_count(1)
    assert page.errors == []  # type: ignore[attr-defined]
