"""scripts/after_build.py, and a group's copy built by each generator (issues 19, 33).

What ``scripts/build`` adds after MkDocs or Zensical: the web app manifest, which follows
the copy's name and colours, and the system each search result's page belongs to. Then
a copy of two systems built whole by ``tasks.build`` with each generator.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from scripts import tasks
from scripts.after_build import (
    finish,
    manifest,
    name_systems_in_search,
    page_url,
    sections,
    titled,
)
from scripts.site_config import derived_from
from tests.site_config import TITLES
from tests.test_site_config import group_config


@pytest.mark.upstream
def test_rollbooks_own_manifest(tmp_path: Path) -> None:
    made = manifest(derived_from(tasks.config_for(["2d6"], tmp_path)))
    assert made["name"] == made["short_name"] == "Rollbook"
    assert made["theme_color"] == "#7e56c2"  # Material's deep purple, as its sheet draws it
    assert made["start_url"] == made["scope"] == made["id"] == "./"
    assert [i["purpose"] for i in made["icons"]] == ["any", "any", "maskable", "any"]


def test_a_groups_name_description_colour_and_icon(tmp_path: Path) -> None:
    config = group_config(
        tmp_path,
        site_name="Gloomwood Tuesday Club",
        site_description="Our 2d6 table's rules.",
        theme={
            "favicon": "assets/rollbook/icons/icon-192.png",
            "palette": [
                {"scheme": "slate", "primary": "indigo"},
                {"scheme": "default", "primary": "blue grey"},
            ],
        },
    )
    made = manifest(derived_from(config))
    assert made["name"] == made["short_name"] == "Gloomwood Tuesday Club"
    assert made["description"] == "Our 2d6 table's rules."
    assert made["theme_color"] == "#546d78"  # the light scheme's primary, not the dark one's
    assert all(i["type"] == "image/png" for i in made["icons"])  # no SVG favicon to offer


def test_the_pages_bar_colour_is_the_manifests(tmp_path: Path) -> None:
    config = derived_from(group_config(tmp_path, theme={"palette": {"primary": "teal"}}))
    assert config["extra"]["theme_color"] == manifest(config)["theme_color"] == "#009485"


def test_a_page_is_found_at_its_address() -> None:
    assert page_url("index.md") == ""
    assert page_url("2d6/index.md") == "2d6/"
    assert page_url("2d6/checks.md") == "2d6/checks/"
    assert page_url("2d6/checks.md", directory_urls=False) == "2d6/checks.html"
    assert page_url("2d6/index.md", directory_urls=False) == "2d6/index.html"


NAV: list[Any] = [
    {"Home": "index.md"},
    {"Dice notation": "dice.md"},
    {"2d6 Roleplaying System": ["2d6/index.md", {"Checks and DCs": "2d6/checks.md"}]},
    {"House rules": ["house-rules/index.md", {"Out": "https://example.org/"}]},
]


def test_each_page_in_a_section_is_named_after_it_and_its_headings_are_not() -> None:
    found = sections(NAV)
    assert found == {
        "2d6/": "2d6 Roleplaying System",
        "2d6/checks/": "2d6 Roleplaying System",
        "house-rules/": "House rules",
    }
    docs = [
        {"location": "", "title": "Home"},
        {"location": "2d6/", "title": "2d6 Roleplaying System"},
        {"location": "2d6/checks/", "title": "Checks and DCs"},
        {"location": "2d6/checks/#dc", "title": "The DC"},
    ]
    assert [doc["title"] for doc in titled(docs, found)] == [
        "Home",
        "2d6 Roleplaying System",  # the section's own index is not named twice
        "Checks and DCs · 2d6 Roleplaying System",
        "The DC",
    ]


def test_both_generators_search_indexes_are_named(tmp_path: Path) -> None:
    """MkDocs' ``search/search_index.json`` (``docs``) and Zensical's ``search.json``
    (``items``), each as its generator writes it."""
    (tmp_path / "search").mkdir()
    page = {"location": "2d6/checks/", "title": "Checks and DCs", "text": "Roll."}
    heading = {"location": "2d6/checks/#dc", "level": 2, "title": "The DC", "path": ["2d6"]}
    (tmp_path / "search" / "search_index.json").write_text(
        json.dumps({"config": {"lang": ["en"]}, "docs": [page]})
    )
    (tmp_path / "search.json").write_text(
        json.dumps({"config": {"lang": ["en"]}, "items": [{**page, "level": 1}, heading]})
    )
    name_systems_in_search(tmp_path, {"nav": NAV})
    mkdocs = json.loads((tmp_path / "search" / "search_index.json").read_text())
    zensical = json.loads((tmp_path / "search.json").read_text())
    assert mkdocs["docs"] == [{**page, "title": "Checks and DCs · 2d6 Roleplaying System"}]
    assert zensical["items"] == [
        {**page, "level": 1, "title": "Checks and DCs · 2d6 Roleplaying System"},
        heading,
    ]
    assert mkdocs["config"] == zensical["config"] == {"lang": ["en"]}


def test_the_manifest_is_written_into_the_built_site(tmp_path: Path) -> None:
    config = derived_from(group_config(tmp_path, site_name="Table Nine"))
    (tmp_path / "site").mkdir()
    finish(tmp_path / "site", config)
    written = json.loads((tmp_path / "site" / "manifest.webmanifest").read_text())
    assert written == manifest(config) and written["name"] == "Table Nine"


# --------------------------------------------------------------------------
# A group's copy of two systems, built whole by each generator
# --------------------------------------------------------------------------

SYSTEMS = ("2d6", "danger-world")
"""tests/group_copy.py's: the runtime for them is the one the group copy's tests build."""
NAME = "Thursday Night Dice"
SEARCH = {"mkdocs": ("search/search_index.json", "docs"), "zensical": ("search.json", "items")}


class Built(NamedTuple):
    generator: str
    site: Path


@pytest.fixture(scope="module", params=tasks.GENERATORS)
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The copy's site, as ``tasks.build(..., generator=...)`` builds it."""
    folder = tmp_path_factory.mktemp(f"copy-{request.param}")
    extra = {"house_rules": True, "developer_pages": False}
    config = group_config(folder, SYSTEMS, site_name=NAME, extra=extra)
    tasks.build(str(folder / "site"), config, generator=request.param)
    return Built(request.param, folder / "site")


def test_a_copy_publishes_only_its_systems_and_house_rules(built: Built) -> None:
    for section in ("2d6", "danger-world", "house-rules", "dice"):
        assert (built.site / section / "index.html").is_file(), section
    for section in ("wodu", "peupfudge", "d10-0", "authoring", "hosting"):
        assert not (built.site / section).exists(), section
    assert (built.site / "sw.js").is_file()  # the steps after the generator ran


def test_a_copys_nav_and_home_cards_name_only_its_systems(built: Built) -> None:
    home = (built.site / "index.html").read_text(encoding="utf-8")
    links = set(re.findall(r'href="(?:\./)?([^"#/]+)/', home))
    assert {"2d6", "danger-world", "house-rules", "dice"} <= links
    assert not links & {"wodu", "peupfudge", "d10-0", "authoring", "command-line"}
    tabs = re.findall(r'class="md-tabs__link[^"]*"[^>]*>\s*([^<]+?)\s*<', home)
    assert tabs == ["Home", "Dice notation", TITLES["2d6"], TITLES["danger-world"], "House rules"]
    cards = re.findall(r'<div class="rb-card">\s*<h3 id="([^"]+)"', home)
    assert cards == ["2d6-roleplaying-system", "danger-world"]


def test_a_copys_search_holds_only_its_pages_each_naming_its_system(built: Built) -> None:
    name, key = SEARCH[built.generator]
    entries = json.loads((built.site / name).read_text(encoding="utf-8"))[key]
    sections = {entry["location"].split("/", 1)[0] for entry in entries}
    assert not sections & {"wodu", "peupfudge", "d10-0", "authoring", "hosting"}
    titles = {entry["location"]: entry["title"] for entry in entries}
    assert titles["2d6/checks/"] == f"Checks and DCs · {TITLES['2d6']}"
    assert titles["danger-world/checks/"].endswith(f" · {TITLES['danger-world']}")
    # The house rules' index is left as it is when its title names its section (Rollbook's
    # example, "House rules"), and has it added otherwise (a copy's "Our house rules").
    house = (tasks.ROOT / "docs" / "house-rules" / "index.md").read_text(encoding="utf-8")
    [heading] = re.findall(r"(?m)^# (.+)$", house)[:1]
    named = heading if "House rules" in heading else f"{heading} · House rules"
    assert titles["house-rules/"] == named
    assert not titles["2d6/checks/#dc"].endswith(TITLES["2d6"])  # a heading, under its page


def test_a_copys_manifest_and_pages_name_it_and_share_its_colour(built: Built) -> None:
    made = json.loads((built.site / "manifest.webmanifest").read_text())
    assert made["name"] == NAME
    home = (built.site / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="theme-color" content="{made["theme_color"]}">' in home
    assert re.search(r'<link rel="manifest" href="(\./)?manifest\.webmanifest">', home)
