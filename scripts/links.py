"""A link check of a built site, whichever generator built it (issue 33, item 2).

MkDocs' ``--strict`` checks the links it writes from Markdown; Zensical has no such
check, and neither looks at the built pages. ``check(site)`` reads every built page's
``<a href>`` that points inside the site (relative, root-relative, or the site's own
address, read from the pages' ``<link rel="canonical">``) and reports each one that
leads nowhere, one line each::

    /2d6/combat/ links "../chekcs/": no such page /2d6/chekcs/
    /2d6/combat/ links "../checks/#dc-table": no such anchor #dc-table on /2d6/checks/
    / links "wodu/": left-out section /wodu/

``python -m scripts.links SITE_DIR [--left-out wodu/ ...]`` prints those lines and exits 1,
or prints one line of totals and exits 0. ``report(site)`` is the same check as a step
of the build: it prints the totals, or stops the build (``SystemExit``) naming each
broken link.

How a link is read, as a browser on a static host reads it: against the page's own
address (``2d6/combat/index.html`` is served as ``2d6/combat/``, so ``../checks/`` is
``2d6/checks/``), or a ``<base href>``; its path percent-decoded, its query string
ignored; a folder's address (``2d6/``, or ``2d6`` which hosts redirect) is its
``index.html``. The fragment must name an ``id`` on the target page, or an ``<a name>``
(either as written or percent-decoded). An empty fragment and ``#top`` are the top of any
page (the HTML standard's "top of the document"), so they need no anchor. A link to any
other file (a PDF, an image, JSON) must find the file; its fragment is not read.

What is not checked: links with another scheme (``mailto:``, ``tel:``, ``javascript:``,
``data:``), to another host, or to another path on the site's host (another project's
site at ``https://group.github.io/other/``); and the pages of the runtime folder
(``assets/rollbook/runtime/``, Pyodide's files) as sources, though links into it are
checked. No anchor is skipped as one the theme's JavaScript makes: the pages link none.
Material's skip link and table of contents name the headings' ids, and Zensical's skip
link (``#__skip``) its ``<a id="__skip">``, all in the HTML; ``#__tabbed_1_1`` and the
like are ids of inputs in the HTML too. So a theme's anchor is checked like any other.

Speed: on today's site (89 pages, 6.8 MB of HTML, 12,400 links) a check takes 0.22 s of
one core. The standard library's ``html.parser`` parses only the start tags that matter
(those with an ``href``, ``id`` or ``name``, a fifth of them), which a regular expression
finds first, leaving out comments and the text of ``<script>``, ``<style>``,
``<title>``, ``<textarea>`` and the like, as a browser does; parsing every tag took 0.55 s.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

RUNTIME = "assets/rollbook/runtime/"
"""The Python runtime's folder: Pyodide's files, not pages of the site."""
NOWHERE = "https://rollbook.invalid/"
"""The address pages are read at when the site names none (no ``<link rel="canonical">``):
then only relative and root-relative links are the site's."""
TOP = frozenset({"", "top"})
"""Fragments that name the top of any page (HTML's "indicated part of the document";
``top`` in any case)."""

_ATTRIBUTES = r"""[^'">]*+(?:(?:"[^"]*+"|'[^']*+')[^'">]*+)*+>"""
"""The rest of a start tag after its first letter: quoted values may hold ``>``."""
_RAW = "script|style|title|textarea|xmp|iframe|noembed|noframes|plaintext"
"""Elements whose text holds no tags: ``<a href>`` in a script's string is no link."""
_MARKUP = re.compile(
    r"<(?:!--.*?(?:-->|\Z)"
    rf"|(?P<raw>(?P<name>{_RAW})(?=[\s/>]){_ATTRIBUTES})[^<]*+(?:<(?!/(?P=name)[\s/>])[^<]*+)*+"
    rf"|(?P<tag>[a-zA-Z]{_ATTRIBUTES}))",
    re.DOTALL | re.IGNORECASE,
)
"""A comment, a raw-text element (its start tag ``raw``, without its ``<``) or another
start tag (``tag``, the same); the text between them holds no tag."""
_WANTED = re.compile(r"(?<![\w-])(?:href|id|name)\s*=", re.IGNORECASE)
"""An attribute that makes a link or an anchor: only start tags with one are parsed."""


class _Tags(HTMLParser):
    """The anchors and links of one page, from its start tags."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.canonical: str | None = None
        self.base: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if named.get("id"):
            self.ids.add(named["id"] or "")
        if tag == "a":
            if named.get("name"):
                self.ids.add(named["name"] or "")
            if named.get("href") is not None:
                self.hrefs.append((named["href"] or "").strip())
        elif tag == "link" and named.get("href") and self.canonical is None:
            if "canonical" in (named.get("rel") or "").lower().split():
                self.canonical = (named["href"] or "").strip()
        elif tag == "base" and named.get("href") and self.base is None:
            self.base = (named["href"] or "").strip()


def read_tags(text: str) -> _Tags:
    """The ids, ``<a name>``, ``<a href>``, canonical address and ``<base href>`` of a page.

    A regular expression finds the start tags outside comments and raw text; html.parser
    parses those that have an ``href``, ``id`` or ``name`` (a fifth of them), each raw-text
    element's closed at once, since its text is left out.
    """
    wanted: list[str] = []
    for raw, name, tag in _MARKUP.findall(text):
        if tag:
            low = tag.lower()  # a quick test first: most tags have none of the three
            if ("id" in low or "href" in low or "name" in low) and _WANTED.search(tag):
                wanted.append(f"<{tag}")
        elif raw and _WANTED.search(raw):
            wanted.append(f"<{raw}</{name}>")
    tags = _Tags()
    tags.feed("".join(wanted))
    tags.close()
    return tags


@dataclass
class _Page:
    url: str
    """The page's address in the site: ``2d6/combat/``, ``404.html``; ``""`` for the home."""
    tags: _Tags


@dataclass
class _Site:
    root: Path
    files: set[str]
    pages: dict[str, _Page] = field(default_factory=dict)
    """By file (``2d6/combat/index.html``)."""

    def page(self, file: str) -> _Page:
        if file not in self.pages:
            text = (self.root / file).read_text(encoding="utf-8", errors="replace")
            self.pages[file] = _Page(page_url(file), read_tags(text))
        return self.pages[file]

    def target(self, path: str) -> str | None:
        """The file a decoded path in the site is served from, if any."""
        if path == "" or path.endswith("/"):
            return path + "index.html" if path + "index.html" in self.files else None
        if path in self.files:
            return path
        return path + "/index.html" if path + "/index.html" in self.files else None


def page_url(file: str) -> str:
    """The address a built file is served at, in the site: ``2d6/combat/`` for
    ``2d6/combat/index.html``, ``""`` for ``index.html``."""
    if file == "index.html" or file.endswith("/index.html"):
        return file[: -len("index.html")]
    return file


def shown(url: str) -> str:
    """A page or file named in a report: its address in the site, from ``/``."""
    return "/" + url


def site_url(pages: Iterable[_Page]) -> str | None:
    """The site's address, from its pages' canonical addresses (each ends with the page's
    own address), the one most of them give; None if none gives one."""
    found: Counter[str] = Counter()
    for page in pages:
        canonical = page.tags.canonical
        if not canonical or urlsplit(canonical).scheme not in ("http", "https"):
            continue
        folder = page.url == "" or page.url.endswith("/")
        for own in (page.url, page.url + "index.html") if folder else (page.url,):
            address = canonical[: len(canonical) - len(own)]
            if canonical.endswith(own) and address.endswith("/"):
                found[address] += 1
                break
    return found.most_common(1)[0][0] if found else None


def _sections(left_out: Iterable[str]) -> list[str]:
    """``wodu``, ``/wodu/``, ``wodu/`` alike: ``wodu/``."""
    return [s.strip("/") + "/" for s in left_out if s.strip("/")]


def check(site_dir: str | Path, left_out: Iterable[str] = ()) -> list[str]:
    """One line for each broken link of the site built in ``site_dir``: the page, the link
    as written, what is wrong. Links into a ``left_out`` section (``wodu/``,
    ``house-rules/``) are broken even where a file is there. A link repeated on one page
    is reported once."""
    broken, _, _ = _check(Path(site_dir), _sections(left_out))
    return broken


def _check(root: Path, left_out: list[str]) -> tuple[list[str], int, int]:
    """The broken links' lines, the number of the site's links read, and of pages."""
    if not root.is_dir():
        raise FileNotFoundError(f"no built site at {root}")
    files: set[str] = set()
    for folder, _, names in os.walk(root):
        inside = Path(folder).relative_to(root).as_posix()
        files.update(name if inside == "." else f"{inside}/{name}" for name in names)
    site = _Site(root, files)
    sources = [f for f in files if f.endswith(".html") and not f.startswith(RUNTIME)]
    sources.sort(key=page_url)  # the home page first
    pages = [site.page(file) for file in sources]
    address = site_url(pages) or NOWHERE
    _, host, prefix, _, _ = urlsplit(address)
    host = host.lower()
    broken: list[str] = []
    links = 0
    for page in pages:
        base = prefix + page.url
        if page.tags.base is not None:  # <base href>: relative links are read against it
            url = urlsplit(urljoin(address + page.url, page.tags.base))
            base = url.path if url.netloc.lower() == host else ""
        reported: set[str] = set()
        for href in page.tags.hrefs:
            found = _resolve(base, href, host, prefix)
            if found is None:
                continue  # not the site's
            links += 1
            wrong = _wrong(site, *found, prefix, left_out)
            if wrong is not None and href not in reported:
                reported.add(href)
                broken.append(f'{shown(page.url)} links "{href}": {wrong}')
    return broken, links, len(pages)


_SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")


def _resolve(base: str, href: str, host: str, prefix: str) -> tuple[str, str] | None:
    """The path (from the host's root, not yet decoded) and the fragment that ``href``
    leads to from the page at ``base`` (its path from the host's root; ``""`` where a
    ``<base href>`` names another host), as the URL standard reads them; None for a link
    to another scheme (``mailto:``, ``tel:``, ``javascript:``, ``data:`` ...), to
    another host, or to another path than ``prefix``, the site's, on its host (another
    project's site at ``https://group.github.io/other/``).

    Not urljoin, which takes three times as long and squeezes ``a//b`` into ``a/b``."""
    if _SCHEME.match(href) or href.startswith("//"):
        url = urlsplit(href)
        if url.scheme.lower() not in ("", "http", "https") or url.netloc.lower() != host:
            return None
        path, fragment = url.path or "/", url.fragment
        if not (path + "/").startswith(prefix):
            return None
    else:
        if not base:
            return None
        rest, _, fragment = href.partition("#")
        rest = rest.partition("?")[0]
        if not rest:
            path = base
        elif rest.startswith("/"):
            path = rest
        else:
            path = base[: base.rfind("/") + 1] + rest
    return (_without_dots(path) if "." in path else path), fragment


def _without_dots(path: str) -> str:
    """``path`` with its ``.`` and ``..`` segments resolved (RFC 3986's remove_dot_segments)."""
    parts = path.split("/")
    kept: list[str] = []
    for part in parts[1:]:
        if part == "..":
            if kept:
                kept.pop()
        elif part != ".":
            kept.append(part)
    if parts[-1] in (".", ".."):
        kept.append("")
    return "/" + "/".join(kept)


def _wrong(site: _Site, path: str, fragment: str, prefix: str, left_out: list[str]) -> str | None:
    """What is wrong with a link to ``path`` (from the host's root) and ``fragment``;
    None if nothing."""
    if not (path + "/").startswith(prefix):
        return f"outside the site {prefix}"
    inside = unquote(path[len(prefix) :])
    for section in left_out:
        if (inside + "/").startswith(section):
            return f"left-out section {shown(section)}"
    file = site.target(inside)
    if file is None:
        name = inside.rsplit("/", 1)[-1]
        kind = "page" if name == "" or name.endswith(".html") or "." not in name else "file"
        return f"no such {kind} {shown(inside)}"
    if fragment.lower() in TOP or not file.endswith(".html"):
        return None
    target = site.page(file)
    if fragment in target.tags.ids or unquote(fragment) in target.tags.ids:
        return None
    return f"no such anchor #{fragment} on {shown(target.url)}"


def _counted(count: int, what: str) -> str:
    return f"{count:,} {what}{'' if count == 1 else 's'}"


def _totals(links: int, pages: int) -> str:
    return f"rollbook: links: {_counted(links, 'link')} on {_counted(pages, 'page')}, all resolve"


def report(site_dir: str | Path, left_out: Iterable[str] = ()) -> None:
    """The build's step: print the totals in one line, or stop (``SystemExit``, exit 1)
    naming each broken link and then how many there are."""
    broken, links, pages = _check(Path(site_dir), _sections(left_out))
    if broken:
        stopped = f"rollbook: build stopped: {_counted(len(broken), 'broken link')}"
        raise SystemExit("\n".join([*broken, stopped]))
    print(_totals(links, pages), flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m scripts.links SITE_DIR [--left-out SECTION ...]``: each broken link's
    line and 1, or the totals' line and 0 (2 if there is no site there)."""
    parser = argparse.ArgumentParser(
        prog="python -m scripts.links", description="Check the links of a built site."
    )
    parser.add_argument("site_dir", help="the built site")
    parser.add_argument(
        "--left-out",
        action="append",
        default=[],
        metavar="SECTION",
        help="a section the site leaves out (wodu/, house-rules/): links into it are broken",
    )
    args = parser.parse_args(argv)
    try:
        broken, links, pages = _check(Path(args.site_dir), _sections(args.left_out))
    except FileNotFoundError as error:
        print(f"rollbook: links: {error}", file=sys.stderr)
        return 2
    for line in broken:
        print(line)
    if not broken:
        print(_totals(links, pages))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
