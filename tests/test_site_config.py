"""scripts/site_config.py: the config a build hands its generator (issues 19, 33).

``extra.systems`` chooses the sections a build publishes, ``extra.house_rules`` and
``extra.developer_pages`` the group's pages and the developers'; the derived config
says so to MkDocs and Zensical alike, with no hooks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import ConfigurationError

from rules_py.markdown.odds import format_odds
from scripts import site_config, tasks
from scripts.site_config import chosen_systems, derived_from, house_pages, published_nav

ALL = ["wodu", "peupfudge", "d10-0", "2d6", "danger-world"]


def as_mkdocs_reads_it(config_file: Path) -> MkDocsConfig:
    """The derived config of ``config_file``, written and read back by MkDocs."""
    with site_config.written(config_file) as derived:
        config = load_config(str(derived.path))
    assert not derived.path.exists()  # removed after the build
    return config


def tops(nav: list[Any]) -> list[str]:
    return [next(iter(entry)) if isinstance(entry, dict) else entry for entry in nav]


def test_without_the_setting_every_system_is_published() -> None:
    assert chosen_systems({}) == ALL


@pytest.mark.upstream
def test_rollbook_publishes_every_system() -> None:
    assert tasks.published_systems() == ALL  # mkdocs.yml's own choice


def test_the_chosen_systems_come_in_the_sites_order() -> None:
    assert chosen_systems({"systems": ["danger-world", "wodu"]}) == ["wodu", "danger-world"]


@pytest.mark.parametrize(
    ("systems", "message"),
    [
        (["dnd"], "unknown system 'dnd': choose from wodu, peupfudge, d10-0, 2d6, danger-world"),
        ([], "names no system"),
        ("2d6", "is a list of system names"),
        ([2], "is a list of system names"),
    ],
)
def test_a_bad_setting_says_what_is_wrong(systems: object, message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        chosen_systems({"systems": systems})


def test_a_bad_setting_stops_the_build_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tasks.config_for(["dnd"], tmp_path)
    with pytest.raises(SystemExit) as stopped:
        tasks.generate(tmp_path / "site", config, "mkdocs", tasks.RUNTIME)
    assert stopped.value.code == 1
    assert capsys.readouterr().err == (
        "Error: extra.systems names an unknown system 'dnd': "
        "choose from wodu, peupfudge, d10-0, 2d6, danger-world\n"
    )


def test_the_nav_loses_the_left_out_sections_and_keeps_the_rest() -> None:
    nav = [
        {"Home": "index.md"},
        "dice.md",
        {"2d10 WoDu Hack": ["wodu/index.md", {"Abilities": "wodu/abilities.md"}]},
        {"2d6": ["2d6/index.md"]},
        {"Mixed": ["wodu/x.md", {"House": "house-rules/index.md"}]},
    ]
    assert published_nav(nav, {"wodu"}) == [
        {"Home": "index.md"},
        "dice.md",
        {"2d6": ["2d6/index.md"]},
        {"Mixed": [{"House": "house-rules/index.md"}]},
    ]


def test_a_one_system_config_excludes_the_others_and_tells_the_extension(tmp_path: Path) -> None:
    config = as_mkdocs_reads_it(tasks.config_for(["2d6"], tmp_path))
    assert "2d6 Roleplaying System" in tops(config.nav) and "2d10 WoDu Hack" not in tops(config.nav)
    assert "Danger World" not in tops(config.nav) and "For developers" in tops(config.nav)
    for section in ("wodu", "peupfudge", "d10-0", "danger-world"):
        assert config.exclude_docs.match_file(f"{section}/index.md")
    assert not config.exclude_docs.match_file("2d6/index.md")
    assert config.exclude_docs.match_file("includes/abbreviations.md")  # mkdocs.yml's own
    assert config.mdx_configs["rules_py.markdown.systems"] == {
        "systems": ["2d6"],
        "developer_pages": [],
    }
    assert tasks.published_systems(tasks.config_for(["2d6"], tmp_path)) == ["2d6"]


def test_the_derived_config_has_no_hooks_and_the_extensions_functions(tmp_path: Path) -> None:
    """Zensical runs no MkDocs hooks; both generators read the functions the Markdown
    extensions are given (``!!python/name:``) back as functions."""
    path = tasks.config_for(["2d6"], tmp_path)
    own = yaml.safe_load(path.read_text())
    own["hooks"] = ["hook.py"]
    path.write_text(yaml.safe_dump(own))
    with site_config.written(path) as derived:
        text = derived.path.read_text()
        assert derived.path.parent == tasks.ROOT and derived.path.name.startswith(".rollbook-")
        config = load_config(str(derived.path))
    assert "hooks" not in derived.config and "hooks:" not in text
    assert "!!python/name:rules_py.markdown.odds.format_odds" in text
    fences = config.mdx_configs["pymdownx.superfences"]["custom_fences"]
    assert format_odds in [fence["format"] for fence in fences]


def test_the_derived_config_names_its_folders_from_the_checkouts_root(tmp_path: Path) -> None:
    """Written in the checkout's root folder (Zensical's project root), it names the
    folders a config elsewhere names relative to itself as that config means them."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Elsewhere\ndocs_dir: docs\ntheme:\n  name: material\n  custom_dir: theme\n"
    )
    (tmp_path / "theme").mkdir()
    elsewhere = derived_from(tmp_path / "mkdocs.yml")
    assert elsewhere["docs_dir"] == str(tmp_path / "docs")
    assert elsewhere["theme"]["custom_dir"] == str(tmp_path / "theme")
    own = derived_from(None)
    assert own["docs_dir"] == "docs" and own["theme"]["custom_dir"] == "overrides"


def test_developer_pages_false_leaves_out_the_developers_section(tmp_path: Path) -> None:
    config = as_mkdocs_reads_it(tasks.config_for(["2d6"], tmp_path, developer_pages=False))
    assert "For developers" not in tops(config.nav) and "Dice notation" in tops(config.nav)
    pages = ["authoring.md", "command-line.md", "architecture.md", "hosting.md"]
    assert all(config.exclude_docs.match_file(page) for page in pages)
    assert not config.exclude_docs.match_file("dice.md")
    assert config.mdx_configs["rules_py.markdown.systems"]["developer_pages"] == pages


def test_what_a_copy_leaves_out_is_what_no_page_may_link(tmp_path: Path) -> None:
    """The link check (scripts/links.py) is told the left-out systems' sections, the house
    rules when off, and each developers' page when they are off, as site addresses."""
    path = tasks.config_for(["2d6", "wodu"], tmp_path, developer_pages=False)
    assert site_config.left_out(derived_from(path)) == [
        "peupfudge/", "d10-0/", "danger-world/", "house-rules/",
        "authoring/", "command-line/", "architecture/", "hosting/",
    ]  # fmt: skip
    everything = tasks.config_for(list(site_config.SECTIONS), tmp_path, house_rules=True)
    assert site_config.left_out(derived_from(everything)) == []


def test_developer_pages_is_true_or_false(tmp_path: Path) -> None:
    path = tasks.config_for(["2d6"], tmp_path)
    path.write_text(path.read_text().replace("developer_pages: true", "developer_pages: sometimes"))
    with pytest.raises(ConfigurationError, match=r"extra\.developer_pages is true or false"):
        derived_from(path)


def test_another_choice_of_systems_has_its_runtime_apart_from_docs() -> None:
    """The runtime of mkdocs.yml's own choice is served from docs/ (``scripts/serve``);
    a test's or a benchmark's other choice is built under .cache/."""
    own = tasks.published_systems()
    other = ["2d6"] if own != ["2d6"] else ["wodu"]
    assert tasks.runtime_folder(own) == tasks.RUNTIME
    assert tasks.runtime_folder(other) == tasks.ROOT / ".cache" / "runtime" / other[0]
    assert tasks._fingerprint(other) != tasks._fingerprint(own)


def test_house_rules_are_left_out_unless_asked_for(tmp_path: Path) -> None:
    config = as_mkdocs_reads_it(tasks.config_for(["2d6"], tmp_path))
    assert config.exclude_docs.match_file("house-rules/index.md")
    assert "House rules" not in tops(config.nav)


def test_house_rules_are_a_tab_after_the_systems_index_first(tmp_path: Path) -> None:
    config = as_mkdocs_reads_it(tasks.config_for(["wodu", "2d6"], tmp_path, True))
    assert not config.exclude_docs.match_file("house-rules/index.md")
    names = tops(config.nav)
    assert names.index("House rules") == names.index("2d6 Roleplaying System") + 1
    assert names[-1] == "For developers"
    house = next(e["House rules"] for e in config.nav if isinstance(e, dict) and "House rules" in e)
    assert house[0] == "house-rules/index.md"


def test_house_pages_come_index_first_then_by_file_name(tmp_path: Path) -> None:
    folder = tmp_path / "house-rules"
    with pytest.raises(ConfigurationError, match=r"house-rules/index\.md is missing"):
        house_pages(tmp_path)
    folder.mkdir()
    for name in ("index.md", "zz-magic.md", "armour.md", "notes.txt"):
        (folder / name).write_text("# Page\n")
    assert house_pages(tmp_path) == [
        "house-rules/index.md",
        "house-rules/armour.md",
        "house-rules/zz-magic.md",
    ]


def test_house_rules_is_true_or_false(tmp_path: Path) -> None:
    path = tasks.config_for(["2d6"], tmp_path)
    path.write_text(path.read_text().replace("house_rules: false", "house_rules: 'yes'"))
    with pytest.raises(ConfigurationError, match="house_rules is true or false"):
        derived_from(path)


def group_config(tmp_path: Path, systems: tuple[str, ...] = ("2d6",), **settings: Any) -> Path:
    """mkdocs.yml as a group of ``systems`` changes it: ``settings`` over the copy's own
    (a mapping's, as ``theme``, ``extra``, over its own)."""
    path = tasks.config_for(list(systems), tmp_path)
    own = yaml.safe_load(path.read_text())
    for key, value in settings.items():
        if isinstance(value, dict) and isinstance(own.get(key), dict):
            own[key].update(value)
        else:
            own[key] = value
    path.write_text(yaml.safe_dump(own))
    return path


@pytest.mark.upstream
def test_rollbooks_bar_colour_is_materials_deep_purple(tmp_path: Path) -> None:
    config = derived_from(tasks.config_for(["2d6"], tmp_path))
    assert config["extra"]["theme_color"] == "#7e56c2"  # as Material's palette sheet draws it
    assert site_config.palette_sheets(config)


def test_the_bar_colour_is_the_light_schemes_primary_or_one_named(tmp_path: Path) -> None:
    palette = [
        {"scheme": "slate", "primary": "indigo"},
        {"scheme": "default", "primary": "blue grey"},
    ]
    config = derived_from(group_config(tmp_path, theme={"palette": palette}))
    assert config["extra"]["theme_color"] == "#546d78"  # the light scheme's, not the dark one's
    config = derived_from(group_config(tmp_path, theme={"palette": {"primary": "teal"}}))
    assert config["extra"]["theme_color"] == "#009485"
    named = group_config(tmp_path, extra={"theme_color": "#123abc"})
    assert derived_from(named)["extra"]["theme_color"] == "#123abc"
    wrong = group_config(tmp_path, extra={"theme_color": "teal"})
    with pytest.raises(ConfigurationError, match=r"extra\.theme_color is a colour"):
        derived_from(wrong)


def test_a_bad_roll_on_a_house_page_stops_the_build_naming_the_file(tmp_path: Path) -> None:
    """Built from a docs folder of its own: a home page and two house pages."""
    docs = tmp_path / "docs"
    (docs / "house-rules").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n")
    (docs / "house-rules" / "index.md").write_text("# House\n\nRoll `#!roll 2d6`.\n")
    (docs / "house-rules" / "doom.md").write_text("# Doom\n\nRoll `#!roll 3d10k4`.\n")
    config = tasks.config_for(["2d6"], tmp_path, house_rules=True)
    own = yaml.safe_load(config.read_text())
    own.update(docs_dir=str(docs), nav=[{"Home": "index.md"}], exclude_docs="", not_in_nav="")
    config.write_text(yaml.safe_dump(own))
    with pytest.raises(SystemExit) as stopped:
        tasks.generate(tmp_path / "site", config, "mkdocs", tasks.RUNTIME)
    assert str(stopped.value).startswith("rollbook: build stopped: docs/house-rules/doom.md: ")
    assert "3d10k4" in str(stopped.value) and "\n" not in str(stopped.value)
