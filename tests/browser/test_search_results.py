"""Search results say whose rules they give, and their highlighted words can be read.

Five sections share words such as "damage" and "initiative": each result's page
title (the first line of its group) names the system (scripts/after_build.py).
The words a result matched are highlighted at 4.5:1 or more, in light and dark;
so is a matched word on the page the result opens (Material's search.highlight).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.axe import run_axe, serious
from tests.browser.contrast import contrast
from tests.site_config import TITLES, published, site_name
from tests.sitesrv import SiteServer

SYSTEMS = tuple(TITLES[section] for section in published())
"""The titles of the systems this site publishes."""
TIMEOUT = 30_000


# At least five results, the same list (its first item the same element, as many items)
# for ten frames running: each keystroke's answer redraws the list, the last one stays.
SETTLED_LIST = """() => {
  const first = document.querySelector('.md-search-result__item');
  const count = document.querySelectorAll('.md-search-result__item').length;
  const seen = (window.rbResults ??= { first: null, count: -1, frames: 0 });
  if (first === seen.first && count === seen.count) seen.frames += 1;
  else Object.assign(seen, { first, count, frames: 0 });
  return count >= 5 && seen.frames >= 10;
}"""


def search(page: Page, server: SiteServer, words: str) -> None:
    page.goto(server.url)
    search_again(page, words)


def search_again(page: Page, words: str) -> None:
    """Type ``words`` into the search box of the page as it stands (emptied first: the
    list of an earlier search goes before the new one is read)."""
    search_box = page.locator(".md-search__input")
    search_box.click()
    if search_box.input_value():
        search_box.fill("")
        search_box.press("Backspace")  # a key event: Material searches on key events
        expect(page.locator(".md-search-result__item")).to_have_count(0, timeout=TIMEOUT)
    search_box.press_sequentially(words)  # Material searches on key events, not on fill
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=TIMEOUT)
    # Material renders the results in a batch after the first: wait for the list to settle.
    page.wait_for_function(SETTLED_LIST, timeout=TIMEOUT, polling="raf")


# Each scheme with one of the words the systems share, from one load of the home page.
@pytest.mark.parametrize(("scheme", "words"), [("light", "difficulty"), ("dark", "damage")])
def test_results_name_their_system_and_highlighted_matches_reach_4_5_to_1(
    page: Page, server: SiteServer, scheme: str, words: str
) -> None:
    """A reader (their browser in ``scheme``) searches from the home page:

    - for ``words``: five results or more, each from a system's pages naming that system
      (the others the site's own pages, or named by their section), three systems or more;
    - then for "initiative": the page is in ``scheme``, the matched words highlighted at
      4.5:1 or more in the results and on the page the first result opens; with the
      results open, axe finds nothing serious and the "N matching documents" line reads
      at 4.5:1 or more.
    """
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    search(page, server, words)
    titles = page.locator(".md-search-result__item > a:first-child h1").all_inner_texts()
    assert len(titles) >= 5, titles
    # Every result from a system's pages names that system, and more than one system answers.
    by_system = {s for t in titles for s in SYSTEMS if t.endswith(f" · {s}") or t == s}
    unnamed = [t for t in titles if not any(s in t for s in SYSTEMS)]
    # the pages outside the systems' sections: the site's own, or named by their section
    assert all(
        t in {"Dice notation", site_name()} or t.endswith((" · For developers", " · House rules"))
        for t in unnamed
    ), unnamed
    assert len(by_system) >= min(3, len(SYSTEMS)), titles

    search_again(page, "initiative")
    expected = "slate" if scheme == "dark" else "default"
    assert page.evaluate("document.body.dataset.mdColorScheme") == expected
    marks = page.locator(".md-search-result mark")
    assert marks.count() > 3
    ratios = [contrast(marks.nth(i)) for i in range(min(marks.count(), 12))]
    assert min(ratios) >= 4.5, ratios
    # Issue 27, item 10: Material's "N matching documents" line over the results was
    # 4.41:1 in light (axe: serious), and under 4.5:1 in dark too.
    meta = page.locator(".md-search-result__meta")
    expect(meta).to_contain_text("matching documents")
    assert serious(run_axe(page)) == []
    assert contrast(meta) >= 4.5
    # The page a result opens highlights the words too.
    page.locator(".md-search-result__link").first.click()
    marks = page.locator(".md-content mark")
    expect(marks.first).to_be_visible(timeout=TIMEOUT)
    ratios = [contrast(marks.nth(i)) for i in range(min(marks.count(), 12))]
    assert min(ratios) >= 4.5, ratios
