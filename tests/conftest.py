"""Fixtures shared by the Markdown extension and widget tests."""

import markdown
import pytest

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
