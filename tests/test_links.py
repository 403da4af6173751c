"""scripts/links.py: the link check of a built site (issue 33, item 2).

Each test builds a tiny site by hand in tmp_path, a few pages laid out as MkDocs lays
them out (``a/index.html`` is the page ``a/``), and reads what the check says of it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from scripts import links

ROOT = Path(__file__).resolve().parent.parent


def page(body: str, canonical: str | None = None, head: str = "") -> str:
    link = f'<link rel="canonical" href="{canonical}">' if canonical else ""
    return (
        f'<!doctype html><html><head><meta charset="utf-8">{link}{head}<title>t</title>'
        f"</head><body>{body}</body></html>"
    )


def build(root: Path, files: dict[str, str]) -> Path:
    """The site ``files`` make: each file's path in the site and its text."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def check_one(tmp_path: Path, body: str, others: dict[str, str] | None = None) -> list[str]:
    """The check of a site whose home page is ``body``, with a page ``a/`` (its file
    ``a/index.html``) that has ``<h2 id="x">``, and the ``others`` files."""
    files = {"index.html": page(body), "a/index.html": page('<h2 id="x">X</h2>'), **(others or {})}
    return links.check(build(tmp_path, files))


def test_a_link_to_a_page_and_its_anchor_is_good(tmp_path: Path) -> None:
    assert check_one(tmp_path, '<a href="a/">A</a> <a href="a/#x">X</a>') == []


def test_a_link_to_a_missing_page_names_the_page_the_link_and_what_it_leads_to(
    tmp_path: Path,
) -> None:
    assert check_one(tmp_path, '<a href="b/">B</a>') == ['/ links "b/": no such page /b/']


def test_a_link_to_a_missing_anchor_names_the_anchor_and_its_page(tmp_path: Path) -> None:
    assert check_one(tmp_path, '<a href="a/#y">Y</a>') == [
        '/ links "a/#y": no such anchor #y on /a/'
    ]


def test_an_anchor_on_the_same_page_is_checked_too(tmp_path: Path) -> None:
    body = '<h1 id="top-heading">T</h1><a href="#top-heading">1</a><a href="#gone">2</a>'
    assert check_one(tmp_path, body) == ['/ links "#gone": no such anchor #gone on /']


def test_an_anchor_may_be_any_elements_id_or_an_a_name(tmp_path: Path) -> None:
    other = page('<a name="old"></a><input id="__tabbed_1_1"><td id="cell">')
    body = '<a href="b/#old">1</a><a href="b/#__tabbed_1_1">2</a><a href="b/#cell">3</a>'
    assert check_one(tmp_path, body, {"b/index.html": other}) == []


def test_only_an_a_name_is_an_anchor_not_another_elements_name(tmp_path: Path) -> None:
    other = page('<input name="field"><meta name="viewport" content="x">')
    assert check_one(tmp_path, '<a href="b/#field">F</a>', {"b/index.html": other}) == [
        '/ links "b/#field": no such anchor #field on /b/'
    ]


def test_the_top_of_a_page_needs_no_anchor(tmp_path: Path) -> None:
    """The HTML standard: an empty fragment and ``top`` (any case) are the top of the page."""
    assert check_one(tmp_path, '<a href="#">1</a><a href="a/#top">2</a><a href="#Top">3</a>') == []


def test_a_themes_anchor_is_checked_like_any_other(tmp_path: Path) -> None:
    """Zensical's skip link names an ``<a id="__skip">`` in the HTML; none is taken on trust."""
    skip = '<a href="#__skip" class="md-skip">Skip</a>'
    assert check_one(tmp_path, skip + '<a id="__skip" tabindex="-1"></a>') == []
    assert check_one(tmp_path, skip) == ['/ links "#__skip": no such anchor #__skip on /']


def test_a_folder_is_its_index_with_or_without_its_slash(tmp_path: Path) -> None:
    body = '<a href="a/">1</a><a href="a">2</a><a href="a/index.html">3</a><a href="./">4</a>'
    assert check_one(tmp_path, body) == []


def test_a_folder_without_an_index_is_no_page(tmp_path: Path) -> None:
    found = check_one(tmp_path, '<a href="c/">C</a>', {"c/d/index.html": page("d")})
    assert found == ['/ links "c/": no such page /c/']


def test_relative_links_are_read_from_the_pages_own_folder(tmp_path: Path) -> None:
    """``a/b/index.html`` is served as ``a/b/``: ``../`` is ``a/``, ``../../`` the home."""
    deep = page('<a href="../#x">1</a><a href="../../">2</a><a href="../b/">3</a>')
    assert check_one(tmp_path, "", {"a/b/index.html": deep}) == []
    wrong = page('<a href="../../x/">up</a><a href="../../../../a/">past the top</a>')
    assert check_one(tmp_path, "", {"a/b/index.html": wrong}) == [
        '/a/b/ links "../../x/": no such page /x/'
    ]  # ../ past the top stays at the top, as in a browser: /a/ is there


def test_a_page_not_in_a_folder_reads_links_from_its_own_folder(tmp_path: Path) -> None:
    """Without directory URLs ``a/other.html`` is served as it is: ``./`` is ``a/``."""
    assert check_one(tmp_path, "", {"a/other.html": page('<a href="./#x">x</a>')}) == []


SITE = "https://group.github.io/rollbook/"


def test_root_relative_links_start_with_the_sites_path(tmp_path: Path) -> None:
    """Material writes 404.html's links from the root, with the site's path."""
    files = {
        "index.html": page('<h2 id="x">X</h2>', canonical=SITE),
        "a/index.html": page("", canonical=SITE + "a/"),
        "404.html": page(
            '<a href="/rollbook/">1</a><a href="/rollbook/a/">2</a><a href="/rollbook/#x">3</a>'
            '<a href="/rollbook/b/">4</a><a href="/a/">5</a><a href="/rollbook">6</a>'
        ),
    }
    assert links.check(build(tmp_path, files)) == [
        '/404.html links "/rollbook/b/": no such page /b/',
        '/404.html links "/a/": outside the site /rollbook/',
    ]


def test_links_to_the_sites_own_address_are_checked_and_other_hosts_are_not(
    tmp_path: Path,
) -> None:
    body = (
        f'<a href="{SITE}a/">1</a><a href="{SITE}b/">2</a>'
        '<a href="HTTPS://Group.GitHub.io/rollbook/a/">3</a>'
        '<a href="https://group.github.io/other-project/">4</a>'
        '<a href="https://example.com/b/">5</a><a href="//example.com/c/">6</a>'
    )
    files = {
        "index.html": page(body, canonical=SITE),
        "a/index.html": page("", canonical=SITE + "a/"),
    }
    assert links.check(build(tmp_path, files)) == [f'/ links "{SITE}b/": no such page /b/']


def test_without_a_canonical_address_only_relative_links_are_the_sites(tmp_path: Path) -> None:
    body = '<a href="https://group.github.io/rollbook/b/">out</a><a href="/b/">in</a>'
    assert check_one(tmp_path, body) == ['/ links "/b/": no such page /b/']


def test_the_sites_address_is_read_from_any_pages_canonical_link(tmp_path: Path) -> None:
    """The home page may have none: the others' end with their own addresses."""
    files = {
        "index.html": page('<a href="/rollbook/a/">1</a><a href="/a/">2</a>'),
        "a/index.html": page("", canonical=SITE + "a/"),
        "a/b.html": page("", canonical=SITE + "a/b.html"),
    }
    assert links.check(build(tmp_path, files)) == ['/ links "/a/": outside the site /rollbook/']


def test_a_link_into_a_left_out_section_is_broken_even_where_a_file_is(tmp_path: Path) -> None:
    files = {
        "index.html": page(
            '<a href="wodu/">1</a><a href="wodu/damage/#x">2</a><a href="a/">3</a>'
            '<a href="house-rules/">4</a>'
        ),
        "a/index.html": page('<a href="../wodu/">W</a>'),
        "wodu/index.html": page(""),
        "wodu/damage/index.html": page('<h2 id="x">X</h2>'),
    }
    assert links.check(build(tmp_path, files), ["wodu/", "/house-rules"]) == [
        '/ links "wodu/": left-out section /wodu/',
        '/ links "wodu/damage/#x": left-out section /wodu/',
        '/ links "house-rules/": left-out section /house-rules/',
        '/a/ links "../wodu/": left-out section /wodu/',
    ]


def test_a_left_out_section_is_a_whole_folder_not_a_prefix_of_names(tmp_path: Path) -> None:
    found = check_one(tmp_path, '<a href="wodu-notes/">N</a>', {"wodu-notes/index.html": page("")})
    assert links.check(tmp_path, ["wodu"]) == found == []


def test_a_link_to_a_file_needs_the_file(tmp_path: Path) -> None:
    body = (
        '<a href="assets/sheet.pdf#page=2">1</a><a href="assets/gone.pdf">2</a>'
        '<a href="search/search_index.json">3</a><a href="assets/icon.png">4</a>'
    )
    found = check_one(tmp_path, body, {"assets/sheet.pdf": "%PDF", "assets/icon.png": "png"})
    assert found == [
        '/ links "assets/gone.pdf": no such file /assets/gone.pdf',
        '/ links "search/search_index.json": no such file /search/search_index.json',
    ]


def test_other_schemes_are_not_followed(tmp_path: Path) -> None:
    body = (
        '<a href="mailto:gm@example.com">1</a><a href="tel:+441234">2</a>'
        '<a href="javascript:void(0)">3</a><a href="data:text/plain,x">4</a>'
        '<a href="ftp://example.com/x">5</a><a>no href</a>'
    )
    assert check_one(tmp_path, body) == []


def test_a_query_string_is_left_out_and_the_fragment_after_it_kept(tmp_path: Path) -> None:
    body = '<a href="a/?h=damage">1</a><a href="a/?h=x#x">2</a><a href="a/?q#y">3</a>'
    assert check_one(tmp_path, body) == ['/ links "a/?q#y": no such anchor #y on /a/']


def test_percent_encoded_paths_and_fragments_are_decoded(tmp_path: Path) -> None:
    other = page('<h2 id="état">É</h2><h2 id="a b">A</h2>')
    body = (
        '<a href="caf%C3%A9/#%C3%A9tat">1</a><a href="café/#état">2</a>'
        '<a href="caf%C3%A9/#a%20b">3</a><a href="cafe/">4</a>'
    )
    assert check_one(tmp_path, body, {"café/index.html": other}) == [
        '/ links "cafe/": no such page /cafe/'
    ]


def test_character_references_in_an_href_are_read_as_the_browser_reads_them(
    tmp_path: Path,
) -> None:
    body = '<a href="a/?x=1&amp;y=2#x">1</a><a href="&#97;/">2</a>'
    assert check_one(tmp_path, body) == []


def test_a_broken_link_repeated_on_a_page_is_one_line_and_each_page_has_its_own(
    tmp_path: Path,
) -> None:
    """The nav repeats a link on every page: each page that has it says so once."""
    nav = '<nav><a href="b/">B</a></nav><a href="b/">B again</a>'
    other = page('<nav><a href="../b/">B</a></nav>')
    assert check_one(tmp_path, nav, {"a/index.html": other}) == [
        '/ links "b/": no such page /b/',
        '/a/ links "../b/": no such page /b/',
    ]


def test_links_in_comments_scripts_and_titles_are_no_links(tmp_path: Path) -> None:
    head = (
        '<script id="__config" type="application/json">{"a": "<a href=\'gone/\'>"}</script>'
        '<script>document.write("<a href=gone/>x</a>")</script>'
        '<style>a[href="gone/"]::after {content: "<a href=gone/>"}</style>'
    )
    body = (
        '<!-- <a href="gone/">old</a> --><textarea><a href="gone/"></textarea>'
        '<a href="b/">after them all</a>'
    )
    files = {"index.html": page(body, head=head)}
    assert links.check(build(tmp_path, files)) == ['/ links "b/": no such page /b/']


def test_an_id_on_a_script_is_an_anchor_and_the_page_after_it_is_read(tmp_path: Path) -> None:
    body = (
        '<script id="data">var x = "<h2 id=fake>"</script>'
        '<a href="#data">1</a><a href="#fake">2</a>'
    )
    assert check_one(tmp_path, body) == ['/ links "#fake": no such anchor #fake on /']


def test_quoted_values_may_hold_angle_brackets_and_spaces(tmp_path: Path) -> None:
    body = (
        '<a title="a > b" href="b/">1</a>'
        "<a data-x='<a href=\"c/\">' href = 'd/' >2</a>"
        '<a\nhref="e/"\n>3</a><A HREF="f/">4</A>'
    )
    assert check_one(tmp_path, body) == [
        '/ links "b/": no such page /b/',
        '/ links "d/": no such page /d/',
        '/ links "e/": no such page /e/',
        '/ links "f/": no such page /f/',
    ]


def test_a_base_href_is_what_relative_links_are_read_against(tmp_path: Path) -> None:
    files = {
        "index.html": page('<a href="x/">1</a>', head='<base href="a/">'),
        "a/x/index.html": page(""),
    }
    assert links.check(build(tmp_path, files)) == []


def test_the_runtimes_files_are_no_pages_but_links_to_them_are_checked(tmp_path: Path) -> None:
    runtime = "assets/rollbook/runtime/"
    files = {
        "index.html": page(f'<a href="{runtime}manifest.json">1</a><a href="{runtime}x.js">2</a>'),
        f"{runtime}manifest.json": "{}",
        f"{runtime}doc/index.html": page('<a href="nowhere/">Pyodide\'s own</a>'),
    }
    assert links.check(build(tmp_path, files)) == [
        f'/ links "{runtime}x.js": no such file /{runtime}x.js'
    ]


TRICKY = page(
    '<!-- <a href="c/" id="commented"> --><h1 id="t" class="md-typeset">T</h1>'
    '<div data-id="no" hidden><a name="n" href="a/#x" title="x &gt; y">n</a></div>'
    '<p id=\'single\'>s</p><p id=bare>b</p><svg><a href="s/"><circle id="c"/></a></svg>'
    '<a href="&amp;?q=1&amp;r=2">amp</a><input name="not-an-anchor" id="field">',
    canonical="https://example.org/",
    head=(
        "<script>var s = \"<a href='in-script/' id='no'>\"</script>"
        '<link rel="stylesheet" href="x.css">'
    ),
)


class _AllTags(HTMLParser):
    """Every start tag, as html.parser reads the whole page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if named.get("id"):
            self.ids.add(named["id"] or "")
        if tag == "a" and named.get("name"):
            self.ids.add(named["name"] or "")
        if tag == "a" and named.get("href") is not None:
            self.hrefs.append(named["href"] or "")


def test_reading_only_the_tags_that_matter_finds_what_html_parser_finds() -> None:
    """Outside comments and scripts, which html.parser reads as text too."""
    whole = _AllTags()
    whole.feed(TRICKY)
    found = links.read_tags(TRICKY)
    assert found.ids == whole.ids == {"t", "n", "single", "bare", "c", "field"}
    assert found.hrefs == whole.hrefs == ["a/#x", "s/", "&?q=1&r=2"]
    assert found.canonical == "https://example.org/"


def test_main_prints_one_line_a_broken_link_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    build(tmp_path, {"index.html": page('<a href="b/">B</a><a href="c/#d">C</a>')})
    assert links.main([str(tmp_path)]) == 1
    assert capsys.readouterr().out == (
        '/ links "b/": no such page /b/\n/ links "c/#d": no such page /c/\n'
    )


def test_main_counts_the_links_and_pages_when_all_resolve_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = '<a href="a/">1</a><a href="a/#x">2</a><a href="https://example.com/">3</a>'
    build(
        tmp_path,
        {"index.html": page(body), "a/index.html": page('<h2 id="x"><a href="../">up</a>')},
    )
    assert links.main([str(tmp_path)]) == 0
    assert capsys.readouterr().out == "rollbook: links: 3 links on 2 pages, all resolve\n"


def test_main_reads_left_out_sections(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build(tmp_path, {"index.html": page('<a href="wodu/">W</a>'), "wodu/index.html": page("")})
    assert links.main([str(tmp_path), "--left-out", "wodu/"]) == 1
    assert capsys.readouterr().out == '/ links "wodu/": left-out section /wodu/\n'


def test_main_without_a_site_says_so_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert links.main([str(tmp_path / "site")]) == 2
    assert capsys.readouterr().err == f"rollbook: links: no built site at {tmp_path / 'site'}\n"


def test_python_m_scripts_links_exits_with_mains_code(tmp_path: Path) -> None:
    build(tmp_path, {"index.html": page('<a href="b/">B</a>')})
    ran = subprocess.run(
        [sys.executable, "-m", "scripts.links", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert (ran.returncode, ran.stdout) == (1, '/ links "b/": no such page /b/\n')


def test_the_builds_step_prints_the_totals_or_stops_naming_each_broken_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    build(tmp_path, {"index.html": page('<a href="./">home</a>')})
    links.report(tmp_path)
    assert capsys.readouterr().out == "rollbook: links: 1 link on 1 page, all resolve\n"
    build(tmp_path, {"index.html": page('<a href="b/">B</a><a href="c/">C</a>')})
    with pytest.raises(SystemExit) as stopped:
        links.report(tmp_path)
    assert str(stopped.value.code) == (
        '/ links "b/": no such page /b/\n/ links "c/": no such page /c/\n'
        "rollbook: build stopped: 2 broken links"
    )


@pytest.fixture
def docs_in_checkout() -> Iterator[Path]:
    """An empty docs folder inside the checkout (under .cache/, which git ignores):
    Zensical reads only docs inside its project's root folder, the derived config's."""
    from scripts import tasks

    (tasks.ROOT / ".cache").mkdir(exist_ok=True)
    docs = Path(tempfile.mkdtemp(prefix=".links-test-docs-", dir=tasks.ROOT / ".cache"))
    yield docs
    shutil.rmtree(docs, ignore_errors=True)


@pytest.mark.parametrize("generator", ["mkdocs", "zensical"])
def test_scripts_build_stops_on_a_link_its_generator_let_through(
    tmp_path: Path, docs_in_checkout: Path, monkeypatch: pytest.MonkeyPatch, generator: str
) -> None:
    """A link written as HTML in a page's Markdown, which neither generator reads, to a
    page that does not exist: scripts/build (tasks.build) stops, naming the page, and
    writes no service worker for the broken site."""
    from scripts import tasks

    docs = docs_in_checkout
    (docs / "house-rules").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n")
    (docs / "house-rules" / "index.md").write_text('# House\n\n<a href="../nowhere/">Doom</a>\n')
    config = tasks.config_for(["2d6"], tmp_path, house_rules=True)
    own = yaml.safe_load(config.read_text())
    own.update(docs_dir=str(docs), nav=[{"Home": "index.md"}], exclude_docs="", not_in_nav="")
    config.write_text(yaml.safe_dump(own))
    monkeypatch.setattr(tasks, "assets", lambda config_file=None: tasks.RUNTIME)
    site = tmp_path / "site"
    with pytest.raises(SystemExit) as stopped:
        tasks.build(str(site), config, generator)
    lines = str(stopped.value).splitlines()
    assert lines == [
        '/house-rules/ links "../nowhere/": no such page /nowhere/',
        "rollbook: build stopped: 1 broken link",
    ]
    assert (site / "house-rules" / "index.html").is_file() and not (site / "sw.js").exists()
