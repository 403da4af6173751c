"""Fixtures shared by the Markdown extension and widget tests; the ``browser`` marker."""

from pathlib import Path

import markdown
import pytest
from hypothesis import settings

from rules_py.markdown.odds import format_odds
from rules_py.markdown.roll import format_roll
from rules_py.markdown.widget import format_widget
from tests import site_config


@pytest.fixture
def convert():
    """Convert Markdown the way mkdocs.yml configures the widgets."""

    def _convert(text: str) -> str:
        md = markdown.Markdown(
            extensions=["pymdownx.inlinehilite", "pymdownx.superfences"],
            extension_configs={
                "pymdownx.inlinehilite": {
                    "custom_inline": [{"name": "roll", "class": "rb-roll", "format": format_roll}]
                },
                "pymdownx.superfences": {
                    "custom_fences": [
                        {"name": "odds", "class": "rb-odds", "format": format_odds},
                        {"name": "widget", "class": "rb-widget", "format": format_widget},
                    ]
                },
            },
        )
        return md.convert(text)

    return _convert


# Timings belong in benchmarks, not tests: no per-example deadline, which a busy
# machine would miss at random.
settings.register_profile("rollbook", deadline=None)
settings.load_profile("rollbook")

BROWSER_TESTS = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under tests/browser ``browser``, so ``-m "not browser"`` leaves them out.

    (A ``pytestmark`` in a conftest.py is not read by pytest.)
    """
    for item in items:
        if item.path.is_relative_to(BROWSER_TESTS):
            item.add_marker(pytest.mark.browser)
    _skip_what_this_site_leaves_out(items)


def _needed_systems(item: pytest.Item) -> set[str]:
    """The systems ``item`` tests the pages of (tests/site_config.py says how it says so)."""
    needed: set[str] = set()
    for mark in item.iter_markers("system"):
        needed.update(mark.args)
    if item.path.is_relative_to(BROWSER_TESTS) or item.path.parent.name == "pages":
        for module, section in site_config.MODULES.items():
            if item.path.stem in (f"test_{module}", f"test_{module}_page", f"test_play_{module}"):
                needed.add(section)
        callspec = getattr(item, "callspec", None)
        for value in callspec.params.values() if callspec else ():
            values = value if isinstance(value, tuple) else (value,)
            needed.update(filter(None, map(site_config.section_of_parameter, values)))
    return needed


def _skip_what_this_site_leaves_out(items: list[pytest.Item]) -> None:
    """Skip, naming the setting, the tests of what this copy's mkdocs.yml leaves out:
    a left-out system's pages, and Rollbook's own choices on a group's copy (issue 32)."""
    upstream = site_config.is_upstream()
    for item in items:
        left_out = sorted(s for s in _needed_systems(item) if not site_config.publishes(s))
        if left_out:
            item.add_marker(pytest.mark.skip(reason=site_config.left_out_reason(left_out[0])))
        elif item.get_closest_marker("upstream") and not upstream:
            item.add_marker(
                pytest.mark.skip(
                    reason="tests Rollbook's own mkdocs.yml: this copy sets its own site_name "
                    "or extra.systems"
                )
            )
