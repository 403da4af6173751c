"""Text contrast measured in the page from computed styles, for every test that measures it.

The colours are read as the accessibility tests read them (``COLOURS``: the text's
colour, faded by opacity, over the first background that is not transparent, white
when none is) and compared with their WCAG 2 ratio (``contrast_ratio``; ``contrast``
measures one element).
"""

from __future__ import annotations

from playwright.sync_api import Locator

COLOURS = """(target) => {
  const element = typeof target === "string" ? document.querySelector(target) : target;
  const parse = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  let [r, g, b, a = 1] = parse(getComputedStyle(element).color);
  for (let e = element; e; e = e.parentElement) a *= Number(getComputedStyle(e).opacity);
  // The backgrounds up to the first opaque one, composited (white below them all).
  const layers = [];
  for (let e = element; e; e = e.parentElement) {
    const [br, bg, bb, ba = 1] = parse(getComputedStyle(e).backgroundColor);
    if (ba > 0) layers.unshift([br, bg, bb, ba]);
    if (ba >= 1) break;
  }
  const back = layers.reduce(
    (below, [br, bg, bb, ba]) => [br, bg, bb].map((c, i) => c * ba + below[i] * (1 - ba)),
    [255, 255, 255],
  );
  return { fore: [r, g, b].map((c, i) => c * a + back[i] * (1 - a)), back };
}"""


def contrast_ratio(fore: list[float], back: list[float]) -> float:
    """The WCAG 2 contrast ratio of two colours, each [r, g, b] from 0 to 255."""

    def luminance(rgb: list[float]) -> float:
        linear = [
            c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4
            for c in rgb
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(fore), luminance(back)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


_HOLDS_TEXT = """elements => elements.map((e) =>
  [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim())
  && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden"
  && !e.closest("svg"))"""


def contrast(element: Locator) -> float:
    """The contrast ratio of ``element``'s text against its background."""
    colours = element.evaluate(COLOURS)
    return contrast_ratio(colours["fore"], colours["back"])


def text_contrasts(root: Locator) -> list[tuple[str, float]]:
    """Each visible element under ``root`` that holds text (charts aside), with its ratio."""
    elements = root.locator("*")
    holds = elements.evaluate_all(_HOLDS_TEXT)
    found = []
    for index in (i for i, text in enumerate(holds) if text):
        element = elements.nth(index)
        found.append(((element.text_content() or "").strip()[:30], round(contrast(element), 2)))
    return found
