"""Text contrast measured in the page from computed styles (WCAG 2 ratios).

Each piece of text: its colour, alpha-blended over its background, against that
background, composited from the element's ancestors' background colours down to a
white page (paper, or the browser's canvas). Used by the print and search tests.
"""

from __future__ import annotations

from playwright.sync_api import Locator

_RATIOS = """(root, all) => {
  const rgba = (text) => {
    const [r, g, b, a = 1] = text.match(/[\\d.]+/g).map(Number);
    return [r, g, b, a];
  };
  const over = ([r, g, b, a], [R, G, B]) =>
    [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];
  const background = (node) => {
    const layers = [];
    for (let e = node; e instanceof Element; e = e.parentElement) {
      layers.push(rgba(getComputedStyle(e).backgroundColor));
    }
    return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255]);
  };
  const channel = (c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const ratio = (e) => {
    const bg = background(e);
    const fg = over(rgba(getComputedStyle(e).color), bg);
    const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
    return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
  };
  if (!all) return [[root.textContent.trim().slice(0, 30), ratio(root)]];
  const found = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const e = text.parentElement;
    if (!text.textContent.trim() || !e.getClientRects().length || e.closest("svg")) continue;
    if (getComputedStyle(e).visibility === "hidden") continue;
    found.push([text.textContent.trim().slice(0, 30), ratio(e)]);
  }
  return found;
}"""


def text_contrasts(root: Locator) -> list[tuple[str, float]]:
    """Each visible piece of text under ``root`` (charts aside) with its contrast ratio."""
    return [(text, ratio) for text, ratio in root.evaluate(_RATIOS, True)]


def contrast(element: Locator) -> float:
    """The contrast ratio of ``element``'s own text colour against its background."""
    ((_, ratio),) = element.evaluate(_RATIOS, False)
    return float(ratio)
