"""scripts/csp.py: the Content-Security-Policy a build writes into its pages (issue 28, 9).

The browser test (tests/browser/test_security_policy.py) proves the built site works
under it; here, on small pages, what the policy allows and where it is written.
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import pytest

from scripts import csp

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>t</title>
<script>__md_scope=new URL("..",location)</script>
<script id="__config" type="application/json">{"base": ".."}</script>
<script src="assets/x.js"></script>
</head><body><table><tr><td style="text-align: right;">1</td></tr></table>
<p style="text-align: center; font-size: 1.15em">x &amp; y</p></body></html>"""


def sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def directives(policy: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in policy.split("; ")}


def test_inline_scripts_and_style_attributes_are_allowed_by_their_hashes_only() -> None:
    found = directives(csp.policy_for([PAGE]))
    assert found["default-src"] == ["'self'"]
    assert found["script-src"] == [
        "'self'",
        "'wasm-unsafe-eval'",
        sha('__md_scope=new URL("..",location)'),
    ]  # not the JSON, which the browser does not run, nor the file
    assert found["style-src"] == [
        "'self'",
        "'unsafe-hashes'",
        *sorted([sha("text-align: right;"), sha("text-align: center; font-size: 1.15em")]),
    ]
    assert found["img-src"] == ["'self'", "data:"]
    assert found["object-src"] == ["'none'"]


def test_a_site_whose_pages_differ_gets_every_hash_once() -> None:
    other = PAGE.replace('URL("..",', 'URL("/",')
    found = directives(csp.policy_for([PAGE, other, PAGE]))
    assert found["script-src"][2:] == sorted(
        [sha('__md_scope=new URL("..",location)'), sha('__md_scope=new URL("/",location)')]
    )


def test_pages_without_style_attributes_need_no_unsafe_hashes() -> None:
    plain = PAGE.replace(' style="text-align: right;"', "").replace(
        ' style="text-align: center; font-size: 1.15em"', ""
    )
    assert directives(csp.policy_for([plain]))["style-src"] == ["'self'"]


def test_the_policy_is_written_first_in_every_head_once(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    for path in (tmp_path / "index.html", tmp_path / "a" / "index.html"):
        path.write_text(PAGE, encoding="utf-8")
    policy = csp.write_policy(tmp_path)
    again = csp.write_policy(tmp_path)  # a second run replaces it: the same pages, once
    assert again == policy
    for path in (tmp_path / "index.html", tmp_path / "a" / "index.html"):
        text = path.read_text(encoding="utf-8")
        assert text.count("Content-Security-Policy") == 1
        assert text.startswith('<!doctype html><html><head><meta charset="utf-8"><meta http-equiv')
        assert csp.read_policy(text) == policy
        assert f'content="{policy}"' in text  # readable: a host may copy it from a page
        assert text.replace(csp.META.format(policy), "") == PAGE


def test_a_page_without_a_head_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>no head</p>", encoding="utf-8")
    with pytest.raises(SystemExit, match="has no <head>"):
        csp.write_policy(tmp_path)


def site_with_script(site: Path, script: str) -> Path:
    """``site`` holding ``script`` where a theme's bundle is, and one page."""
    scripts = site / "assets" / "javascripts"
    scripts.mkdir(parents=True)
    (scripts / "bundle.0.min.js").write_text(script, encoding="utf-8")
    (site / "index.html").write_text(PAGE)
    return site


def theme_script(package: str) -> str:
    """The pinned theme's script as the generator copies it into a site."""
    import importlib.util

    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.origin is not None
    [bundle] = Path(spec.origin).parent.glob("templates/assets/javascripts/bundle.*.min.js")
    return bundle.read_text(encoding="utf-8")


def test_the_style_zensicals_search_writes_into_its_dialog_is_allowed_by_its_hash(
    tmp_path: Path,
) -> None:
    """Zensical's search dialog draws in a shadow root whose ``<style>`` its script writes:
    a policy without that sheet's hash leaves the dialog unstyled."""
    site = site_with_script(tmp_path, theme_script("zensical"))
    [sheet] = csp.theme_styles(site)
    assert sheet.startswith(".u{text-decoration-style:wavy") and "\\" not in sheet
    assert sha(sheet) in directives(csp.write_policy(site))["style-src"]


def test_materials_script_writes_no_style_sheet(tmp_path: Path) -> None:
    assert csp.theme_styles(site_with_script(tmp_path, theme_script("material"))) == []


def test_a_style_sheet_the_policy_cannot_read_stops_the_build(tmp_path: Path) -> None:
    site = site_with_script(tmp_path, 'var Tc=`.a{}`;o.appendChild(C("style",{},Tc.toString()))')
    with pytest.raises(SystemExit, match=r"writes the style sheet Tc into the page"):
        csp.theme_styles(site)
