"""Fixtures shared by the Markdown extension and widget tests; the ``browser`` marker."""

from pathlib import Path

import markdown
import pytest
from hypothesis import settings

from rules_py.markdown.odds import format_odds
from rules_py.markdown.roll import format_roll
from rules_py.markdown.widget import format_widget


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
