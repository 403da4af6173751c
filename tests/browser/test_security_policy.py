"""A Content-Security-Policy a host can set (issue 28, item 9).

The build writes the strictest policy under which the site works into every page
(scripts/csp.py); here the test server also sends it as a header, as a host would,
with every file (the dice's worker, Material's search worker and the pages alike),
and the site must work under it with nothing refused: dice (Python from its
snapshot), search, the palette, a page reached by instant navigation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from scripts import csp
from tests.browser.widgets import TIMEOUT
from tests.site_config import published
from tests.sitesrv import SiteServer

ROOT = Path(__file__).resolve().parents[2]

# Every policy violation the document sees, kept where the test can read it.
WATCH_VIOLATIONS = """
window.rbViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.rbViolations.push(`${event.violatedDirective} refused ${event.blockedURI || 'inline'}`);
});
"""


def _policy(site: Path) -> str:
    policy = csp.read_policy((site / "index.html").read_text(encoding="utf-8"))
    assert policy is not None, "the built home page states no Content-Security-Policy"
    return policy


@pytest.fixture
def policed(server: SiteServer, built_site: tuple[Path, int]) -> Iterator[SiteServer]:
    """The session's server, sending the built pages' policy as a header meanwhile."""
    server.policy = _policy(built_site[0])
    server.csp_reports.clear()
    yield server
    server.policy = None


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A page under the policy: the other tests' contexts bypass it (tests/sitesrv.py launch)."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, service_workers="block", bypass_csp=False
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    yield page
    context.close()


def test_the_built_pages_state_a_strict_policy(built_site: tuple[Path, int]) -> None:
    """One policy, the same in every page, at the top of its head; nothing in it lets a
    script in from anywhere but the site's own files and the hashes of Material's own."""
    site = built_site[0]
    policy = _policy(site)
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert csp.read_policy(text) == policy, path
        assert text.index("Content-Security-Policy") < text.index("<script"), path
        # Rollbook's own scripts are files: the only inline ones are Material's (its
        # local storage's scope, the palette and tabs it restores), which the policy hashes.
        inline = csp.inline_scripts(text)
        assert all("__md_" in script or "__tabbed_" in script for script in inline), path
    for loose in ("'unsafe-inline'", "'unsafe-eval'", "blob:", "*", "https:", "'strict-dynamic'"):
        assert loose not in policy.split(), loose
    directives = dict(d.split(" ", 1) for d in policy.split("; "))
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert re.fullmatch(
        r"'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+", directives["script-src"]
    )


def test_the_hosting_page_gives_the_form_of_the_policy_the_build_writes(
    built_site: tuple[Path, int],
) -> None:
    """docs/hosting.md shows the policy with its hashes elided (they follow the pages)."""
    hosting = (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8")
    shown = re.search(r"```text\n(default-src [^\n]*)\n```", hosting)
    assert shown is not None, "docs/hosting.md shows no Content-Security-Policy"
    built = re.sub(r"( 'sha256-[^']+')+", " 'sha256-…'", _policy(built_site[0]))
    assert shown[1] == built


def test_dice_search_and_palette_work_under_the_policy_as_a_header(
    page: Page, policed: SiteServer, built_site: tuple[Path, int]
) -> None:
    console: list[str] = []

    def keep_errors(message: ConsoleMessage) -> None:
        if message.type == "error":
            console.append(message.text)

    page.on("console", keep_errors)
    page.add_init_script(WATCH_VIOLATIONS)
    response = page.goto(policed.url + "dice/")
    assert response is not None and "content-security-policy" in response.headers

    # Dice: Python starts in its worker, from the snapshot, and answers a roll.
    button = page.locator("button[data-roll]").first
    button.click()
    output = page.locator(f'output[for="{button.get_attribute("id")}"]')
    expect(output.locator(".rb-total")).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("window.rollbook.state.how") == "snapshot"
    # A wide table's box is named by tables.js (once inline) when the page has one.
    boxes = page.locator(".md-typeset__scrollwrap")
    if boxes.count():
        expect(boxes.first).to_have_attribute("role", "region")

    # The palette: Material's toggle switches the scheme, and the choice is kept.
    before = page.evaluate("document.body.dataset.mdColorScheme")
    page.locator('[data-md-component="palette"] label:visible').first.click()
    expect(page.locator("body")).not_to_have_attribute("data-md-color-scheme", before)
    after = page.evaluate("document.body.dataset.mdColorScheme")

    # Search: Material's worker loads the index and finds a page.
    search = page.locator("input.md-search__input")
    search.click()
    search.press_sequentially("dice")
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible(timeout=TIMEOUT)

    # Instant navigation to a page whose tables align their columns (style attributes,
    # allowed by their hashes), keeping the scheme chosen.
    page.keyboard.press("Escape")
    aligned = _a_page_with_style_attributes(built_site[0])
    link = page.locator(f'a[href$="{aligned}"]:visible').first
    if link.count():
        link.click()
        expect(page).to_have_url(re.compile(re.escape(aligned) + "$"))
    else:
        page.goto(policed.url + aligned)
    expect(page.locator("h1")).to_be_visible()
    assert page.evaluate("document.body.dataset.mdColorScheme") == after

    page.wait_for_timeout(500)  # a report is posted after the refusal
    assert page.evaluate("window.rbViolations") == []
    assert [json.loads(r)["csp-report"]["violated-directive"] for r in policed.csp_reports] == []
    assert console == []
    assert page.errors == []  # type: ignore[attr-defined]


def _a_page_with_style_attributes(site: Path) -> str:
    """The address (under the site) of a page with a style attribute in its content."""
    for path in sorted(site.glob("*/**/index.html")):
        text = path.read_text(encoding="utf-8")
        if re.search(r'<article[^>]*>.*\sstyle="', text, re.S):
            return path.parent.relative_to(site).as_posix() + "/"
    pytest.skip(f"no page of {', '.join(published())} has a style attribute")
