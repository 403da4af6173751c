"""Accessibility of the built site: axe-core over every page, both schemes, phone and desktop.

Every page the build wrote is audited once its widgets are mounted and Python is
ready, so the page a reader uses is the one checked. Nothing serious or critical
may remain; neither may the rules issue 8 named (landmarks, headings, scroll boxes,
empty table headers). A few colour pairs are also measured directly, so that a
contrast regression names the element rather than only an axe rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.widgets import TIMEOUT, widget
from tests.sitesrv import SiteServer

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SCHEMES = {"light": "default", "dark": "slate"}
WIDTHS = (390, 1280)
# Moderate and minor rules that issue 8 asked to bring to zero as well.
NAMED_RULES = {
    "region",
    "landmark-unique",
    "heading-order",
    "empty-table-header",
    "scrollable-region-focusable",
}
WIDGETS = "button[data-roll], [data-odds], [data-widget]"
SETTLED = """() => {
  const widgets = [...document.querySelectorAll('button[data-roll], [data-odds], [data-widget]')];
  const tables = [...document.querySelectorAll('.md-typeset table:not([class])')];
  return widgets.every((w) => w.dataset.rbMounted)
    && tables.every((t) => t.closest('.md-typeset__scrollwrap'));
}"""
NEXT_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
# Colours are read once every finite animation (a fresh roll's flash) has ended:
# halfway through one, the background under the text is the flash's, not the page's.
ANIMATIONS_ENDED = """async () => {
  const finite = document.getAnimations().filter(
    (a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => null)));
}"""
AUDIT = """async () => {
  await (ANIMATIONS_ENDED)();
  // Judge the contrast of one-character text too (a die's face, a "+"): left to
  // itself axe calls it "too short" and passes it, so a faint 7 went unseen.
  // (The check's options are replaced whole, so axe 4's defaults are restated.)
  axe.configure({ checks: [{ id: 'color-contrast', options: {
    ignoreUnicode: true, ignoreLength: true, ignorePseudo: false, boldValue: 700,
    boldTextPt: 14, largeTextPt: 18,
    contrastRatio: { normal: { expected: 4.5 }, large: { expected: 3 } },
    pseudoSizeThreshold: 0.25, shadowOutlineEmMax: 0.2, textStrokeEmMin: 0.03,
  } }] });
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
}""".replace("ANIMATIONS_ENDED", ANIMATIONS_ENDED)


@contextmanager
def scheme_context(browser: Browser, scheme: str, width: int) -> Iterator[BrowserContext]:
    """A fresh context in ``scheme`` ("light" or "dark") at ``width`` CSS pixels."""
    context = browser.new_context(
        viewport={"width": width, "height": 900},
        color_scheme="dark" if scheme == "dark" else "light",
    )
    try:
        yield context
    finally:
        context.close()


def site_pages(site: Path) -> list[str]:
    """Every page of the built site, as a path under its root ("", "dice/", ...)."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        folder = index.parent.relative_to(site)
        if folder.parts[:1] in (("assets",), ("search",)):
            continue
        pages.append("" if folder == Path(".") else folder.as_posix() + "/")
    return pages


def docs_pages() -> list[str]:
    """Every page the docs make, as a path under the site's root, read from docs/ (no build)."""
    pages = []
    for source in sorted((ROOT / "docs").rglob("*.md")):
        relative = source.relative_to(ROOT / "docs")
        if "includes" in relative.parts:
            continue
        folder = relative.parent if relative.stem == "index" else relative.with_suffix("")
        pages.append("" if folder == Path(".") else folder.as_posix() + "/")
    return sorted(pages)


PAGES = docs_pages()


def test_every_page_of_the_site_is_audited(built_site: tuple[Path, int]) -> None:
    assert sorted(site_pages(built_site[0])) == PAGES and len(PAGES) > 20


def run_axe(page: Page) -> list[dict[str, Any]]:
    """Every violation axe finds on the page as it stands."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    violations: list[dict[str, Any]] = page.evaluate(AUDIT)
    return violations


def serious(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The violations the site must not have: serious or critical, and the named rules."""
    return [
        v for v in violations if v["impact"] in ("serious", "critical") or v["id"] in NAMED_RULES
    ]


def audit(page: Page, url: str) -> list[dict[str, Any]]:
    """The violations axe finds on ``url`` once its widgets are live."""
    page.goto(url)
    page.wait_for_function(SETTLED, timeout=30_000)
    page.evaluate(NEXT_FRAMES)  # Material wrapped the tables: the page's script names the boxes
    if page.locator(WIDGETS).count():
        assert page.evaluate("window.rollbook.ready") is True, f"Python did not start on {url}"
    return run_axe(page)


# The reader's own switch: Material's palette toggle sets the scheme on the page, as
# loading it under that colour-scheme preference does. The choice it stores is wiped,
# so that the next page loads under the context's preference again.
TOGGLE_SCHEME = """() => {
  document.querySelector('[data-md-component="palette"] label:not([hidden])').click();
  for (const key of Object.keys(localStorage)) {
    if (key.endsWith('.__palette')) localStorage.removeItem(key);
  }
}"""


@pytest.fixture(scope="module")
def audit_page(browser: Browser) -> Iterator[Page]:
    """One tab for the whole sweep: its HTTP cache is warm after the first page."""
    with scheme_context(browser, "light", WIDTHS[0]) as context:
        yield context.new_page()


@pytest.mark.parametrize("path", [*PAGES, "404.html"], ids=lambda p: f"/{p}")
def test_axe_finds_nothing_serious(audit_page: Page, server: SiteServer, path: str) -> None:
    """Each page once loaded, audited in light and dark at 390 px, then at 1280 px.

    The page loads at a phone's width under a light preference; the scheme changes with
    Material's own toggle and the width as a window's does, so Python starts once a page.
    """
    page = audit_page
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    failures = []
    steps = [("light", WIDTHS[0]), ("dark", WIDTHS[0]), ("dark", WIDTHS[1]), ("light", WIDTHS[1])]
    for step, (scheme, width) in enumerate(steps):
        if step == 0:
            violations = audit(page, server.url + path)
        else:
            if scheme != steps[step - 1][0]:
                page.evaluate(TOGGLE_SCHEME)
                page.wait_for_function(
                    "s => document.body.dataset.mdColorScheme === s", arg=SCHEMES[scheme]
                )
            if width != steps[step - 1][1]:
                page.set_viewport_size({"width": width, "height": 900})
            page.evaluate(NEXT_FRAMES)
            violations = run_axe(page)
        shown = page.evaluate("document.body.dataset.mdColorScheme")
        assert shown == SCHEMES[scheme], f"/{path}: scheme {shown!r}, not {SCHEMES[scheme]!r}"
        assert page.evaluate("innerWidth") == width
        for v in serious(violations):
            targets = ", ".join(v["targets"][:5])
            more = f" (+{len(v['targets']) - 5} more)" if len(v["targets"]) > 5 else ""
            failures.append(
                f"/{path} {scheme} {width}px: {v['id']} [{v['impact']}] {v['help']}: "
                f"{targets}{more}"
            )
    assert not failures, f"{len(failures)} axe violations:\n" + "\n".join(failures)


# Direct measurements of the item 12 cases (WCAG 2 contrast ratio).
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


def contrast(fore: list[float], back: list[float]) -> float:
    def luminance(rgb: list[float]) -> float:
        linear = [
            c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4
            for c in rgb
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(fore), luminance(back)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize(
    ("scheme", "path", "selector"),
    [
        ("dark", "wodu/damage/", "button[data-roll] .rb-roll__expr"),
        ("light", "wodu/damage/", "button[data-roll] .rb-roll__expr"),
        ("dark", "peupfudge/abilities/", ".rb-widget__reset"),
        ("light", "peupfudge/abilities/", ".rb-widget__reset"),
        ("light", "peupfudge/abilities/", ".rb-field__hint"),
        ("dark", "peupfudge/abilities/", ".rb-field__hint"),
        ("light", "wodu/", ".md-tabs__item:not(.md-tabs__item--active) .md-tabs__link"),
        ("dark", "wodu/", ".md-tabs__item:not(.md-tabs__item--active) .md-tabs__link"),
    ],
)
def test_text_of_item_12_reads_at_4_5_to_1(
    browser: Browser, server: SiteServer, scheme: str, path: str, selector: str
) -> None:
    with scheme_context(browser, scheme, 1280) as context:
        page = context.new_page()
        page.goto(server.url + path)
        page.wait_for_function(SETTLED, timeout=30_000)
        colours = page.evaluate(COLOURS, selector)
        ratio = contrast(colours["fore"], colours["back"])
        assert ratio >= 4.5, f"{selector} on /{path} ({scheme}): {ratio:.2f}:1 {colours}"


def test_links_in_running_text_are_underlined(page: Page, server: SiteServer) -> None:
    page.goto(server.url + "wodu/")
    lines = page.locator("article p a, article li a").evaluate_all(
        "links => links.map((a) => getComputedStyle(a).textDecorationLine)"
    )
    assert lines and set(lines) == {"underline"}


def test_scroll_boxes_take_the_focus_and_say_what_they_hold(page: Page, server: SiteServer) -> None:
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(server.url + "dice/")
    page.wait_for_function(SETTLED, timeout=30_000)
    boxes = page.locator(".rb-odds__table")
    tall = boxes.evaluate_all("bs => bs.findIndex((b) => b.scrollHeight > b.clientHeight + 10)")
    assert tall >= 0, "no odds table on the Dice page has more rows than it shows"
    box = boxes.nth(tall)
    assert box.get_attribute("tabindex") == "0"
    assert re.fullmatch(r"Odds of \S+: table", box.get_attribute("aria-label") or "")
    box.focus()
    page.keyboard.press("End")  # scrolls the focused box (smoothly: wait for the end)
    page.wait_for_function(
        "b => b.scrollTop + b.clientHeight >= b.scrollHeight - 1", arg=box.element_handle()
    )
    # The cue: a shadow fixed at the box's bottom edge, under a cover that scrolls with the rows.
    cue = box.evaluate(
        "b => [getComputedStyle(b).backgroundImage, getComputedStyle(b).backgroundAttachment]"
    )
    assert cue[0].count("linear-gradient") == 2 and cue[1] == "local, scroll"


def test_widget_tables_redrawn_by_the_script_keep_focus_and_name(
    page: Page, server: SiteServer
) -> None:
    page.goto(server.url + "peupfudge/abilities/")
    root = widget(page, "peupfudge-xp")
    page.evaluate("window.rollbook.ready")
    old = root.locator(".rb-panel__table").first.element_handle()
    root.locator('input[type="number"]').first.fill("5")
    page.wait_for_function("b => !b.isConnected", arg=old, timeout=TIMEOUT)  # redrawn
    box = root.locator(".rb-panel__table").first
    assert box.get_attribute("tabindex") == "0" and box.get_attribute("role") == "group"
    assert box.get_attribute("aria-label") == box.locator("caption").text_content()
    assert box.locator("th:empty").count() == 0
