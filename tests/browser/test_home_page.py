"""The home page a newcomer meets (issue 16, items 4 and 18): axe finds nothing on it,
light and dark, at 390 and 1280 px, and its "At the table" part is there to read."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.test_accessibility import SCHEMES, WIDTHS, audit, scheme_context
from tests.sitesrv import SiteServer


@pytest.mark.parametrize("width", WIDTHS, ids=lambda w: f"{w}px")
@pytest.mark.parametrize("scheme", SCHEMES)
def test_home_page_has_no_axe_violation(
    browser: Browser, server: SiteServer, scheme: str, width: int
) -> None:
    with scheme_context(browser, scheme, width) as context:
        page = context.new_page()
        violations = audit(page, server.url)
        assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
        assert violations == [], violations
        part = page.locator("h2#at-the-table + ul")
        expect(part).to_be_visible()
        expect(part.locator("kbd")).to_have_text(["L", "D"])
