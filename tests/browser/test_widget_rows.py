"""A widget's list of rows (skills, players, aspects) when the page lists none yet."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.widgets import TIMEOUT
from tests.sitesrv import SiteServer

MOUNT_WITH_NO_SKILLS = r"""async () => {
  // The builder as the page was built, its skill rows taken out, mounted afresh.
  const html = await (await fetch(location.href)).text();
  const built = new DOMParser().parseFromString(html, "text/html");
  const root = built.querySelector('[data-widget="2d6-builder"]');
  root.id = "rb-empty-rows";
  root.removeAttribute("data-store");
  root.querySelector('[data-rows="skills"] .rb-rows__list').replaceChildren();
  document.querySelector(".md-content__inner").append(document.adoptNode(root));
  const script = document.querySelector('script[src*="rollbook/rollbook.js"]').src;
  const { mountWidget } = await import(script.replace(/rollbook\.js(\?.*)?$/, "widget.js"));
  mountWidget(root, window.rollbook);
  return root.querySelector(".rb-widget__form").hidden;
}"""


def test_a_list_that_starts_empty_mounts_and_grows(page: Page, server: SiteServer) -> None:
    page.goto(server.url + "2d6/character-creation/")
    ready = "window.rollbook && window.rollbook.state.status === 'ready'"
    page.wait_for_function(ready, timeout=TIMEOUT)
    assert page.evaluate(MOUNT_WITH_NO_SKILLS) is False  # the form showed: mounting went through
    skills = page.locator('#rb-empty-rows [data-rows="skills"]')
    expect(skills.locator(".rb-row")).to_have_count(0)
    skills.locator(".rb-rows__add").click()
    expect(skills.locator(".rb-row")).to_have_count(1)
    expect(skills.locator(".rb-row")).to_have_attribute("aria-label", "Skill 1")
    assert page.errors == []  # type: ignore[attr-defined]
