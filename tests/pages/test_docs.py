"""The pages as a reader meets them: navigation, titles, the home page, the developers'
section, and no page repeating a source word for word. The statements of one system's
pages are checked in its own module here (``test_wodu.py``, ``test_two_d6.py`` …).

MkDocs' own loader reads mkdocs.yml (its ``!ENV`` and ``!!python/name`` tags included),
builds the navigation and renders single pages; no browser and no full build.
"""

from __future__ import annotations

import contextlib
import re
import shlex
import subprocess
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files, get_files
from mkdocs.structure.nav import Navigation, Section, get_navigation
from mkdocs.structure.pages import Page

from rules_py._cli import main
from rules_py.systems import SYSTEMS
from tests.rules_pages import SEEDS, prose, seed_words, shared_runs, source_notes, word_runs
from tests.site_config import TITLES

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
DEVELOPERS = "For developers"


@dataclass(frozen=True)
class Site:
    config: MkDocsConfig
    files: Files
    nav: Navigation


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    # Snippets resolve their base path from the working directory, as in a build.
    with contextlib.chdir(ROOT):
        config = load_config(str(ROOT / "mkdocs.yml"))
        files = get_files(config)
        nav = get_navigation(files, config)
        for page in nav.pages:
            page.read_source(config)
        yield Site(config, files, nav)


def _pages(item: object) -> list[Page]:
    if isinstance(item, Page):
        return [item]
    if isinstance(item, Section):
        return [page for child in item.children for page in _pages(child)]
    return []


def _section(site: Site, title: str) -> Section:
    sections = [item for item in site.nav.items if isinstance(item, Section)]
    found = [s for s in sections if s.title == title]
    assert found, f"no top-level section {title!r} in {[s.title for s in sections]}"
    return found[0]


def _live_systems(site: Site) -> dict[str, str]:
    """Top-level sections that open on a system's own index page: {src path: title}."""
    live = {}
    for item in site.nav.items:
        pages = _pages(item)
        if (
            isinstance(item, Section)
            and pages
            and re.fullmatch(r"[^/]+/index\.md", pages[0].file.src_uri)
        ):
            live[pages[0].file.src_uri] = str(item.title)
    return live


def _render(site: Site, src: str) -> Page:
    page = next(p for p in site.nav.pages if p.file.src_uri == src)
    with contextlib.chdir(ROOT):
        page.render(site.config, site.files)
    return page


class _Cards(HTMLParser):
    """The home page's system cards: each card's text and the pages it links to."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, list[str]]] = []
        self._depth = 0  # <div> nesting inside the current card; 0 when outside

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "div" and self._depth:
            self._depth += 1
        elif tag == "div" and "rb-card" in classes:
            self._depth = 1
            self.cards.append({"text": [], "links": []})
        elif tag == "a" and self._depth:
            href = dict(attrs).get("href") or ""
            if not href.startswith("#"):  # a heading's own permalink is no link to a page
                self.cards[-1]["links"].append(href)

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._depth:
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._depth:
            self.cards[-1]["text"].append(data)


# --------------------------------------------------------------------------
# Issue 8, item 15: every page has its own title (search results, tabs, history)
# --------------------------------------------------------------------------


def test_no_two_pages_share_a_title(site: Site) -> None:
    titles = Counter(str(page.title) for page in site.nav.pages)
    assert [t for t, n in titles.items() if n > 1] == []


def test_each_glossary_title_names_its_system(site: Site) -> None:
    for src, system in (("wodu/glossary.md", "WoDu"), ("peupfudge/glossary.md", "Peupfudge")):
        page = next(p for p in site.nav.pages if p.file.src_uri == src)
        assert system in str(page.title)
        assert page.markdown is not None
        h1 = page.markdown.splitlines()[0]
        assert h1.startswith("# ") and system in h1


# --------------------------------------------------------------------------
# Issue 8, item 16: the home page and the description say what is there
# --------------------------------------------------------------------------


def test_home_cards_link_only_to_systems_that_are_on_the_site(site: Site) -> None:
    live = _live_systems(site)
    assert set(live) >= {"wodu/index.md", "peupfudge/index.md"}
    parser = _Cards()
    parser.feed(_render(site, "index.md").content or "")
    cards = parser.cards
    assert len(cards) == 5
    live_urls = {src.removesuffix("index.md") for src in live}
    linked = [card for card in cards if card["links"]]
    assert {link for card in linked for link in card["links"]} == live_urls
    for card in cards:
        text = " ".join(card["text"])
        if card["links"]:
            assert "in preparation" not in text.lower()
        else:
            assert "In preparation" in text, f"card without a link: {text[:60]!r}"


@pytest.mark.upstream
def test_rollbooks_description_names_every_system(site: Site) -> None:
    """Rollbook's own description names every system (a group writes its own)."""
    description = str(site.config.site_description)
    for system in _live_systems(site).values():
        assert system.removeprefix("2d10 ") in description


def _home_intro() -> str:
    """The home page's text above its systems' cards."""
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    return home.split("\n---\n", 2)[-1].split("## The systems")[0]


def test_the_home_intro_holds_for_any_choice_of_systems(site: Site) -> None:
    """The home page's intro names no system, nor how many: a copy that publishes only
    some (``extra.systems``, issue 19) drops their cards, and an intro naming all five
    would then be wrong; nor does it name Rollbook, which a copy's header does not."""
    intro = _home_intro()
    for system in TITLES.values():
        assert system.removeprefix("2d10 ").removeprefix("The ") not in intro
    assert not re.search(r"\b(five|all)\b", intro.lower().replace("all the dice", ""))
    assert "Rollbook" not in intro


# --------------------------------------------------------------------------
# Issue 16, items 4 and 18: the home page reads right and says what is at the table
# --------------------------------------------------------------------------


def _home_prose() -> str:
    return " ".join(_prose("index.md").split())


def test_home_page_says_no_run_of_words_twice() -> None:
    """The intro once repeated half a sentence ("All five systems are on the site now")."""
    intro = " ".join(_home_intro().split())
    words = re.findall(r"[\w*']+", intro)
    runs = Counter(tuple(words[i : i + 6]) for i in range(len(words) - 5))
    assert [" ".join(run) for run, n in runs.items() if n > 1] == []


def test_home_page_does_not_speak_of_systems_still_to_come() -> None:
    text = _home_prose().lower()
    for stale in ("that is ready", "in preparation", "will get", "coming soon"):
        assert stale not in text


def test_home_2d6_card_keeps_the_combat_exception_to_snake_eyes(site: Site) -> None:
    """[2d6] Roleplaying System, Critical Success/Failure: two ones fail a check, not combat."""
    parser = _Cards()
    parser.feed(_render(site, "index.md").content or "")
    (card,) = [c for c in parser.cards if any("2d6/" in link for link in c["links"])]
    text = " ".join(" ".join(card["text"]).split())
    assert "always fails" not in text
    assert "two ones fail" in text and "not in combat" in text
    assert "two sixes on a skill check earn a cinematic" in text


def test_home_page_has_an_at_the_table_part() -> None:
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    assert "\n## At the table\n" in home
    part = " ".join(home[home.index("## At the table") :].split("\n## ")[0].split())
    for told in (
        "**Roll log**",
        "<kbd>L</kbd>",
        "**Dice box**",
        "<kbd>D</kbd>",
        "**Share**",
        "**Print sheet**",
        "**Offline**",
        "stay in this browser",
        "sent nowhere",
    ):
        assert told in part, told


# --------------------------------------------------------------------------
# Issue 16, item 10: the WoDu and Peupfudge indexes say gaps are marked, and the
# examples the site made up (numbers no draft gives) say so
# --------------------------------------------------------------------------


@pytest.mark.parametrize("page", ["wodu/index.md", "peupfudge/index.md"])
def test_index_says_every_gap_the_tools_fill_is_marked(page: str) -> None:
    text = " ".join(_prose(page).split())
    assert "Nothing has been added" not in text
    assert "every gap the tools fill is marked" in text
    assert "every example the site made up" in text


SITES_EXAMPLES = [
    ("wodu/index.md", "with DEX 1"),
    ("wodu/abilities.md", "a character with STR 2"),
    ("wodu/backgrounds.md", "with DEX 2"),
    ("wodu/character-creation.md", "STR 2, DEX 1, WIT 1, CHA -1"),
    ("wodu/play.md", "STR 2, DEX 1, WIT 1, CHA -1"),
    ("wodu/resolution.md", "with DEX 2 leaping"),
    ("wodu/resolution.md", "given DEX 2"),
    ("wodu/resolution.md", "The draft stops there; with DEX 2"),
    ("peupfudge/actions.md", "L = 4, A = 0, D = 4"),
]


@pytest.mark.parametrize(("page", "example"), SITES_EXAMPLES, ids=lambda v: v)
def test_an_example_the_site_made_up_says_so(page: str, example: str) -> None:
    """Each of these numbers is the site's: the draft's own example gives none."""
    paragraphs = [" ".join(p.split()) for p in _prose(page).split("\n\n")]
    (found,) = [p for p in paragraphs if example in p]
    assert "the site's" in found[: found.index(example) + 60], found


# --------------------------------------------------------------------------
# Issue 8, item 17: developer material lives in its own, marked section
# --------------------------------------------------------------------------

DEVELOPER_MATERIAL = re.compile(
    r"^#+ From a terminal|rules-py|rules_py|```console|site's tests|mkdocs|pytest|\.venv",
    re.IGNORECASE | re.MULTILINE,
)


def test_developer_pages_have_their_own_section(site: Site) -> None:
    developer = {page.file.src_uri for page in _pages(_section(site, DEVELOPERS))}
    assert developer == {"authoring.md", "command-line.md", "architecture.md", "hosting.md"}
    for item in site.nav.items:
        if getattr(item, "title", None) != DEVELOPERS:
            assert not developer & {page.file.src_uri for page in _pages(item)}


def test_players_pages_carry_no_developer_instructions(site: Site) -> None:
    developer = _pages(_section(site, DEVELOPERS))
    for page in site.nav.pages:
        if page not in developer:
            found = DEVELOPER_MATERIAL.findall(page.markdown or "")
            assert found == [], f"{page.file.src_uri}: {found}"


def _console_examples(text: str) -> Iterator[tuple[list[str], list[str]]]:
    """Each ``$ rules-py ...`` line of a console block, with the lines it prints."""
    for block in re.findall(r"```console\n(.*?)```", text, re.DOTALL):
        for example in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, *output = example.rstrip("\n").split("\n")
            yield shlex.split(command), output


def test_the_command_line_page_shows_what_the_tool_prints(
    site: Site, capsys: pytest.CaptureFixture[str]
) -> None:
    page = next(p for p in site.nav.pages if p.file.src_uri == "command-line.md")
    text = page.markdown or ""
    examples = list(_console_examples(text))
    assert {argv[1] for argv, _ in examples} == {"roll", "odds", "check", "calc"}
    # Issue 16, item 26: check and calc of every system, each with what it prints.
    shown = {(argv[1], argv[2]) for argv, output in examples if argv[1] in ("check", "calc")}
    assert shown == {(command, name) for command in ("check", "calc") for name in SYSTEMS}
    for name in SYSTEMS:
        assert f"- **{name}**: " in text.split("## A system's values")[0], name
        assert f"- **{name}**: " in text.split("## A system's values")[1], name
    assert "--seed" in text and "status 2" in text
    checked = 0
    for argv, output in examples:
        refused = output[0].startswith("rules-py: error:")
        if argv[1] in ("roll", "odds") and not refused:  # a random roll; an abridged JSON
            continue
        try:
            status = main(argv[1:])
        except SystemExit as stop:
            status = stop.code
        captured = capsys.readouterr()
        assert (captured.out + captured.err).splitlines() == output, argv
        assert status == (2 if refused else 0)
        checked += 1
    assert checked >= 8


# --------------------------------------------------------------------------
# Helpers, and the site-wide check that no page repeats a source word for word
# --------------------------------------------------------------------------


def _prose(path: str) -> str:
    return prose(DOCS / path)


def _source_notes(path: str) -> list[str]:
    return source_notes(DOCS / path)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source documents sit beside the checkout")
def test_no_page_repeats_a_source_word_for_word_apostrophes_ignored() -> None:
    runs: set[tuple[str, ...]] = set()
    for seed in sorted(SEEDS.glob("*.txt")):
        runs |= word_runs(seed_words(seed.read_text(encoding="utf-8")))
    for path in sorted(DOCS.rglob("*.md")):
        shared = shared_runs(seed_words(path.read_text(encoding="utf-8")), runs)
        assert shared == [], f"{path.relative_to(DOCS)}: {shared}"


# --------------------------------------------------------------------------
# Issue 16, item 30: the README's layout table lists every folder of the project
# --------------------------------------------------------------------------


def test_readme_layout_lists_every_top_level_folder() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme[readme.index("## Layout") :].split("\n## ")[0]
    listed = {m.split("/")[0] for m in re.findall(r"^\| `([^`]+)` \|", layout, re.MULTILINE)}
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    folders = {path.split("/")[0] for path in tracked if "/" in path and not path.startswith(".")}
    assert folders - listed == set()
