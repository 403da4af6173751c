"""axe-core in the built site: run it on a page as it stands, in both schemes and widths.

Shared by every test that audits a page. A page is audited in four ways from one load:
light and dark (through Material's own palette toggle, as a reader switches) at 390 px,
then at 1280 px (resized as a window is). Loading a page afresh for each way would start
its Python four times over for the same markup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page
from playwright.sync_api import Error as PlaywrightError

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
    && !!window.rollbookMaterialRan && !!window.document$
    && tables.every((t) => t.closest('.md-typeset__scrollwrap'));
}"""
"""The page's widgets are mounted and Material's bundle has run (material.js: on a page
with dice, once they have answered) and wrapped the tables."""
# Two frames drawn; a page that draws none (it never should) is given 200 ms instead,
# so that a test fails on what it reads rather than hanging.
NEXT_FRAMES = """() => new Promise((done) => {
  requestAnimationFrame(() => requestAnimationFrame(() => done(null)));
  setTimeout(() => done(null), 200);
})"""
# Colours are read once every finite animation (a fresh roll's flash) has ended:
# halfway through one, the background under the text is the flash's, not the page's.
# Only running ones are waited for (a paused animation never ends), for 10 s at most.
# Each is watched frame by frame until it no longer runs, rather than by its `finished`
# promise: Chromium leaves that promise unsettled for a transition cut short (Material's
# search overlay when the width changes), which made this wait its whole 10 s.
ANIMATIONS_ENDED = """async () => {
  const finite = document.getAnimations().filter((a) => a.playState === 'running'
    && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  const deadline = performance.now() + 10_000;
  const frame = () => new Promise((done) => {
    requestAnimationFrame(() => done(null));
    setTimeout(() => done(null), 50);
  });
  while (finite.some((a) => a.playState === 'running') && performance.now() < deadline) {
    await frame();
  }
}"""
COLOUR_RULES = ("color-contrast", "link-in-text-block")
"""The rules whose verdict a change of scheme alone can change: what they read is colour.
The palette toggle changes nothing else of the page (its markup, its names, its layout),
so an audit after a toggle at the same width runs only these (see audit_four_ways)."""
AUDIT = """async ([preload, only]) => {
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
  const options = { resultTypes: ['violations'], preload };
  if (only) options.runOnly = { type: 'rule', values: only };
  const result = await axe.run(document, options);
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


def run_axe(
    page: Page, preload: bool = True, only: tuple[str, ...] | None = None
) -> list[dict[str, Any]]:
    """Every violation axe finds on the page as it stands (of the rules ``only``, if given).

    ``preload=False`` spares axe from copying the page's style sheets again, which costs
    a third of an audit. Only the rules about the sheets themselves need that copy
    (``css-orientation-lock``; ``no-autoplay-audio`` needs the media, and the site has
    none), and neither a scheme nor a width changes the sheets a page loaded, so an
    audit of the same load in another way may leave it out.
    """
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    violations: list[dict[str, Any]] = page.evaluate(AUDIT, [preload, only and list(only)])
    return violations


def serious(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The violations the site must not have: serious or critical, and the named rules."""
    return [
        v for v in violations if v["impact"] in ("serious", "critical") or v["id"] in NAMED_RULES
    ]


# The reader's own switch: Material's palette (its label for the scheme's radio button)
# sets the scheme on the page, as loading it under that colour-scheme preference does.
# The choice it stores is wiped, so that the next page loads under the context's
# preference again.
CHOOSE_SCHEME = """(scheme) => {
  const palette = '[data-md-component="palette"]';
  document.querySelector(`${palette} input[data-md-color-scheme="${scheme}"]`).click();
  for (const key of Object.keys(localStorage)) {
    if (key.endsWith('.__palette')) localStorage.removeItem(key);
  }
}"""


FOUR_WAYS: tuple[tuple[str, int], ...] = (
    ("light", WIDTHS[0]),
    ("dark", WIDTHS[0]),
    ("dark", WIDTHS[1]),
    ("light", WIDTHS[1]),
)
"""Light then dark at a phone's width, dark then light at a desktop's: one toggle a step."""

ON_A_PHONE: tuple[tuple[str, int], ...] = FOUR_WAYS[:2]
"""Light then dark at a phone's width."""

Violation = dict[str, Any]


def set_scheme(page: Page, scheme: str) -> None:
    """Switch the page to ``scheme`` ("light" or "dark") with the palette toggle, if needed.

    The toggle is Material's: it switches nothing until Material's bundle has run, which
    on a page with dice waits for them (material.js), so a page just loaded is given time.
    """
    if page.evaluate("document.body.dataset.mdColorScheme") != SCHEMES[scheme]:
        page.wait_for_function("!!window.rollbookMaterialRan", timeout=30_000)
        page.evaluate(CHOOSE_SCHEME, SCHEMES[scheme])
        page.wait_for_function(
            "s => document.body.dataset.mdColorScheme === s", arg=SCHEMES[scheme]
        )


def set_width(page: Page, width: int) -> None:
    """Resize the page's window to ``width`` CSS pixels (900 high), if needed."""
    size = page.viewport_size
    if size is None or size["width"] != width:
        page.set_viewport_size({"width": width, "height": 900})


REDUCED_MOTION = "matchMedia('(prefers-reduced-motion: reduce)').matches"


@contextmanager
def motion_reduced(page: Page) -> Iterator[None]:
    """The page with reduced motion emulated, then the preference it had put back.

    An audit reads the page as it stands once its motion has ended, reached without
    waiting for it: Material honours a reduced-motion preference, so a resize no longer
    sets its tabs and search box sliding for half a second before their colours are read.
    """
    reduced = page.evaluate(REDUCED_MOTION)
    page.emulate_media(reduced_motion="reduce")
    try:
        yield
    finally:
        page.emulate_media(reduced_motion="reduce" if reduced else "null")


def audit_four_ways(
    page: Page,
    keep: Callable[[list[Violation]], list[Violation]] = lambda found: found,
    ways: tuple[tuple[str, int], ...] = FOUR_WAYS,
) -> list[str]:
    """What axe finds on the page as it stands, in each of ``ways``, one line each.

    ``keep`` chooses the violations that fail (all of them unless told, :func:`serious`
    for the sweep of every page). The page is left light at the width it had.

    A way that differs from the one before only by its scheme is audited for colour
    alone (:data:`COLOUR_RULES`): every rule runs at each width and in each scheme once,
    and the colour rules in all four ways.
    """
    size = page.viewport_size
    page.mouse.move(0, 0)  # a pointer left over a link would show its hover colour
    # ... and the tooltip of what it rested on fades out first (one kept by the focus stays).
    with suppress(PlaywrightError):
        page.wait_for_function(
            "!document.querySelector('.md-tooltip2, [id^=__tooltip]')", timeout=3_000
        )
    failures = []
    before: int | None = None
    with motion_reduced(page):
        for way, (scheme, width) in enumerate(ways):
            only = COLOUR_RULES if width == before else None
            before = width
            set_scheme(page, scheme)
            set_width(page, width)
            page.evaluate(NEXT_FRAMES)
            shown = page.evaluate("document.body.dataset.mdColorScheme")
            assert shown == SCHEMES[scheme], f"scheme {shown!r}, not {SCHEMES[scheme]!r}"
            assert page.evaluate("innerWidth") == width
            for v in keep(run_axe(page, preload=way == 0, only=only)):
                targets = ", ".join(v["targets"][:5])
                more = f" (+{len(v['targets']) - 5} more)" if len(v["targets"]) > 5 else ""
                failures.append(
                    f"{scheme} {width}px: {v['id']} [{v['impact']}] {v['help']}: {targets}{more}"
                )
        set_scheme(page, "light")
        if size is not None:
            set_width(page, size["width"])
    return failures


# A reader's own way from page to page: a link, which Material's instant navigation
# follows without reloading, so the page's Python (in its worker) keeps running.
# Material (and Zensical) push the link's address as it is clicked and swap the page's
# content in once it has arrived: until then the address is the new page's and the
# content the old one's. The content being left is marked, so that arriving means the
# address and a new content both.
LEAVING = """() => {
  const container = document.querySelector('[data-md-component="container"]');
  if (container) container.dataset.rbLeaving = '';
}"""
FOLLOW_LINK = """(href) => {
  const link = Object.assign(document.createElement('a'), { href, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
}"""
ARRIVED = """(href) => location.href === href
  && !document.querySelector('[data-md-component="container"][data-rb-leaving]')"""


def click_through(page: Page, link: Locator, url: str) -> None:
    """Click ``link``, a link on the site to ``url``, and wait until that page's content
    is in: not only its address (see ``LEAVING``)."""
    page.evaluate(LEAVING)
    link.click()
    page.wait_for_function(ARRIVED, arg=url, timeout=30_000)


def follow_link(page: Page, url: str) -> None:
    """Follow a link to ``url`` from the page open (instant navigation) and wait until
    the new page's content is in: not only its address (see ``LEAVING``)."""
    page.evaluate(LEAVING)
    page.evaluate(FOLLOW_LINK, url)
    page.wait_for_function(ARRIVED, arg=url, timeout=30_000)


def visit(page: Page, url: str) -> None:
    """Open ``url`` as a reader does: by a link from the page already open on the site
    (instant navigation), or afresh when the tab is blank or elsewhere; then wait until
    its widgets are mounted and Material has wrapped its tables."""
    on_site = page.url.split("/")[:3] == url.split("/")[:3] and page.url != url
    if on_site and page.evaluate("typeof window.location$ === 'object'"):
        follow_link(page, url)
    else:
        page.goto(url)
    page.wait_for_function(SETTLED, timeout=30_000)
    page.evaluate(NEXT_FRAMES)  # Material wrapped the tables: the page's script names the boxes
    if page.locator(WIDGETS).count():  # Python has started, or says why not
        page.wait_for_function(
            "['ready', 'failed'].includes(window.rollbook?.state.status)", timeout=30_000
        )
        status = page.evaluate("window.rollbook.state.status")
        assert status == "ready", f"Python did not start on {url}: {status}"
