"""The Content-Security-Policy of a built site, written into its pages (issue 28, item 9).

``scripts/build`` runs ``write_policy(site)`` after the generator (a step of its own, not a
MkDocs hook, so that it works on any generator's output): it reads every built page,
hashes the inline scripts and style attributes the theme and the Markdown leave in
them (Rollbook's own scripts are files), and puts the strictest policy under which
the site works in a ``<meta http-equiv="Content-Security-Policy">`` at the top of each
page's ``<head>``. One policy for the whole site, not one a page: instant navigation
keeps the policy of the page it began on while it shows the others, and a host can
send the same policy as a header (docs/hosting.md).

What the site needs beyond ``'self'``: ``'wasm-unsafe-eval'`` (Python is WebAssembly,
compiled in the dice's worker), the hashes of Material's inline scripts, the hashes
of the style attributes in the pages (Markdown tables' column alignment), with
``'unsafe-hashes'`` that lets a hash allow an attribute, and ``data:`` images
(Material's icons are SVGs in ``data:`` URLs in its stylesheet).
"""

from __future__ import annotations

import ast
import base64
import hashlib
import html
import re
from html.parser import HTMLParser
from pathlib import Path

META = '<meta http-equiv="Content-Security-Policy" content="{}">'
_OLD_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">')
_SCRIPT_TYPES = frozenset({"", "text/javascript", "module", "application/javascript"})
"""The types of a ``<script>`` the browser runs (``__config``'s JSON it does not)."""


class _Inline(HTMLParser):
    """The inline scripts, ``<style>`` elements and style attributes of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts: list[str] = []
        self.styles: list[str] = []
        self.attributes: list[str] = []
        self._open: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if named.get("style") is not None:
            self.attributes.append(named["style"] or "")
        kind = (named.get("type") or "").strip().lower()
        if tag == "script" and "src" not in named and kind in _SCRIPT_TYPES:
            self._open = ("script", [])
        elif tag == "style":
            self._open = ("style", [])

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open is not None and self._open[0] == tag:
            found = self.scripts if tag == "script" else self.styles
            found.append("".join(self._open[1]))
            self._open = None


def _hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


_THEME_STYLE = re.compile(r'\b\w+\("style",\{\},(\w+)\.toString\(\)\)')
"""Where the theme's script makes a ``<style>`` of a sheet it holds as a string: Zensical's
search dialog (a ``<style>`` in the shadow root it draws the dialog in), as the pinned
0.0.73's minified bundle writes it. Material's bundle makes none."""


def theme_styles(site_dir: str | Path) -> list[str]:
    """The style sheets the theme's script in ``site_dir`` writes into ``<style>`` elements
    as it runs, which the policy must allow by their hashes as it allows the pages' own:
    without, Zensical's search dialog shows unstyled."""
    sheets = []
    for path in sorted(Path(site_dir).glob("assets/javascripts/bundle.*.js")):
        script = path.read_text(encoding="utf-8")
        for name in _THEME_STYLE.findall(script):
            literal = re.search(rf"\b{re.escape(name)}='((?:[^'\\]|\\.)*)'", script)
            if literal is None:
                raise SystemExit(
                    f"rollbook: build stopped: {path} writes the style sheet {name} into the "
                    "page, which scripts/csp.py cannot read to allow: see theme_styles"
                )
            sheets.append(ast.literal_eval(f"'{literal[1]}'"))
    return sheets


def policy_for(pages: list[str], theme_sheets: list[str] | tuple[str, ...] = ()) -> str:
    """The strictest policy under which ``pages`` (their HTML) work, with the
    ``theme_sheets`` the theme's script adds (:func:`theme_styles`)."""
    scripts: set[str] = set()
    styles: set[str] = set(map(_hash, theme_sheets))
    attributes: set[str] = set()
    for text in pages:
        found = _Inline()
        found.feed(_OLD_META.sub("", text))
        found.close()
        scripts.update(map(_hash, found.scripts))
        styles.update(map(_hash, found.styles))
        attributes.update(map(_hash, found.attributes))
    style_src = [
        "'self'",
        *(["'unsafe-hashes'"] if attributes else []),
        *sorted(styles | attributes),
    ]
    return "; ".join(
        [
            "default-src 'self'",
            " ".join(["script-src 'self' 'wasm-unsafe-eval'", *sorted(scripts)]),
            " ".join(["style-src", *style_src]),
            "img-src 'self' data:",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        ]
    )


def _attribute(text: str) -> str:
    """``text`` as a double-quoted attribute's value (its single quotes left readable)."""
    return html.escape(text, quote=False).replace('"', "&quot;")


def _with_meta(text: str, policy: str, where: Path) -> str:
    """``text`` with ``policy`` as the first thing its ``<head>`` says after its charset."""
    meta = META.format(_attribute(policy))
    text = _OLD_META.sub("", text)
    charset = re.search(r"<meta charset=[^>]*>", text, re.IGNORECASE)
    head = charset or re.search(r"<head[^>]*>", text, re.IGNORECASE)
    if head is None:
        raise SystemExit(
            f"rollbook: build stopped: {where} has no <head> to hold its security policy"
        )
    return text[: head.end()] + meta + text[head.end() :]


def write_policy(site_dir: str | Path) -> str:
    """Write the site's policy into every page of ``site_dir``; return it."""
    paths = sorted(Path(site_dir).rglob("*.html"))
    texts = [path.read_text(encoding="utf-8") for path in paths]
    policy = policy_for(texts, theme_styles(site_dir))
    for path, text in zip(paths, texts, strict=True):
        path.write_text(_with_meta(text, policy, path), encoding="utf-8")
    return policy


def inline_scripts(page: str) -> list[str]:
    """The scripts a built page runs from its own text (not from a file)."""
    found = _Inline()
    found.feed(page)
    found.close()
    return found.scripts


def read_policy(page: str) -> str | None:
    """The policy a built page's ``<meta>`` states, if any."""
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page)
    return html.unescape(found[1]) if found else None
