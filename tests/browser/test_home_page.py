"""The home page a newcomer meets (issue 16, items 4 and 18): axe finds nothing on it,
light and dark, at 390 and 1280 px, and its "At the table" part is there to read."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.axe import WIDTHS, audit_four_ways, scheme_context, visit
from tests.sitesrv import SiteServer


def test_home_page_has_no_axe_violation(browser: Browser, server: SiteServer) -> None:
    """Light and dark, at 390 and 1280 px (tests/browser/axe.py)."""
    with scheme_context(browser, "light", WIDTHS[0]) as context:
        page = context.new_page()
        visit(page, server.url)
        assert audit_four_ways(page) == []
        part = page.locator("h2#at-the-table + ul")
        expect(part).to_be_visible()
        expect(part.locator("kbd")).to_have_text(["L", "D"])
