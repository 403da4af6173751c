"""The systems a build publishes: a left-out system's cards, list items and links leave
the pages every system shares (issue 19)."""

from __future__ import annotations

import markdown
import pytest

from rules_py.markdown.systems import SECTIONS, section_of

HOME = """\
## The systems

<div class="rb-cards" markdown>

<div class="rb-card" markdown data-system="wodu">
### [2d10 WoDu Hack](wodu/index.md)
Roll 2d10 plus an ability.
</div>

<div class="rb-card" markdown data-system="2d6">
### [2d6 Roleplaying System](2d6/index.md)
Two six-sided dice.
</div>

</div>

Read on:

- [Home](index.md)
- [2d10 WoDu Hack](wodu/index.md)
  { data-system="wodu" }
- [2d6 Roleplaying System](2d6/index.md)
  { data-system="2d6" }

See [Core resolution](../wodu/resolution.md#odds) and [Checks](../2d6/checks.md).
"""


def convert(
    text: str, systems: list[str] | None = None, developer_pages: list[str] | None = None
) -> tuple[str, str]:
    """The HTML and the table of contents, as mkdocs.yml's extensions make them."""
    options: dict[str, list[str]] = {} if systems is None else {"systems": systems}
    if developer_pages is not None:
        options["developer_pages"] = developer_pages
    md = markdown.Markdown(
        extensions=["attr_list", "md_in_html", "toc", "rules_py.markdown.systems"],
        extension_configs={"rules_py.markdown.systems": options},
    )
    html = md.convert(text)
    return html, md.toc  # type: ignore[attr-defined]


def test_every_system_is_published_unless_told() -> None:
    html, toc = convert(HOME)
    assert html.count('class="rb-card"') == 2
    assert 'href="wodu/index.md"' in html and 'href="../wodu/resolution.md#odds"' in html
    assert "data-system" not in html  # the markers do not reach the page
    assert "2d10 WoDu Hack" in toc


def test_a_left_out_systems_card_and_list_item_go_and_its_links_become_text() -> None:
    html, toc = convert(HOME, ["2d6"])
    assert html.count('class="rb-card"') == 1
    assert "Roll 2d10" not in html and "2d10 WoDu Hack" not in html
    assert "2d10 WoDu Hack" not in toc and "2d6 Roleplaying System" in toc
    assert html.count("<li>") == 2  # Home and 2d6
    assert "<span>Core resolution</span> and" in html  # the words stay, the link goes
    assert 'href="../2d6/checks.md"' in html
    assert "wodu/" not in html


def test_an_element_marked_for_several_systems_stays_while_one_is_published() -> None:
    text = 'Dice read from 0.\n{ data-system="d10-0 danger-world" }\n\nAfter.'
    assert "Dice read from 0." in convert(text, ["danger-world"])[0]
    html, _ = convert(text, ["2d6"])
    assert "Dice read from 0." not in html and "<p>After.</p>" in html


def test_text_after_a_dropped_element_is_kept() -> None:
    html, _ = convert(
        'Before *WoDu*{ data-system="wodu" } after, and *2d6*{ data-system="2d6" }.', ["2d6"]
    )
    assert html == "<p>Before  after, and <em>2d6</em>.</p>"


DEVELOPERS = """\
Roll it [here](dice.md).

Writing pages? See [the section for developers](authoring.md).
{ data-for="developers" }

A rule page links [the command line](../command-line.md#roll) too.
"""


def test_the_developers_pages_stay_unless_left_out() -> None:
    html, _ = convert(DEVELOPERS)
    assert 'href="authoring.md"' in html and 'href="../command-line.md#roll"' in html
    assert "data-for" not in html


def test_left_out_developers_pages_take_their_marked_text_and_links_with_them() -> None:
    html, _ = convert(DEVELOPERS, developer_pages=["authoring.md", "command-line.md"])
    assert "Writing pages?" not in html
    assert "<span>the command line</span> too" in html and 'href="dice.md"' in html


@pytest.mark.parametrize(
    ("href", "section"),
    [
        ("wodu/index.md", "wodu"),
        ("../2d6/checks.md#dc", "2d6"),
        ("../../danger-world/play.md", "danger-world"),
        ("./d10-0/skills.md", "d10-0"),
        ("dice.md", None),
        ("#wodu", None),
        ("https://example.org/wodu/x", None),
        ("wodu.md", None),
        ("house-rules/wodu.md", None),
    ],
)
def test_a_link_is_into_the_section_its_first_folder_names(href: str, section: str | None) -> None:
    assert section_of(href) == section


def test_an_unknown_system_is_refused_naming_the_five() -> None:
    with pytest.raises(
        ValueError, match=r"unknown system 'dnd'.*wodu, peupfudge, d10-0, 2d6, danger-world"
    ):
        convert("text", ["dnd"])
    assert SECTIONS == ("wodu", "peupfudge", "d10-0", "2d6", "danger-world")
