"""Text contrast measured in the page from computed styles, for the print and search tests.

The colours are read as the accessibility tests read them (``COLOURS``: the text's
colour, faded by opacity, over the first background that is not transparent, white
when none is) and compared with their WCAG 2 ratio (``contrast``).
"""

from __future__ import annotations

from playwright.sync_api import Locator

from tests.browser.test_accessibility import COLOURS
from tests.browser.test_accessibility import contrast as ratio

_HOLDS_TEXT = """elements => elements.map((e) =>
  [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim())
  && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden"
  && !e.closest("svg"))"""


def contrast(element: Locator) -> float:
    """The contrast ratio of ``element``'s text against its background."""
    colours = element.evaluate(COLOURS)
    return ratio(colours["fore"], colours["back"])


def text_contrasts(root: Locator) -> list[tuple[str, float]]:
    """Each visible element under ``root`` that holds text (charts aside), with its ratio."""
    elements = root.locator("*")
    holds = elements.evaluate_all(_HOLDS_TEXT)
    found = []
    for index in (i for i, text in enumerate(holds) if text):
        element = elements.nth(index)
        found.append(((element.text_content() or "").strip()[:30], round(contrast(element), 2)))
    return found
