"""scripts/systems_hook.py: ``extra.systems`` chooses the sections a build publishes (issue 19)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import ConfigurationError

from scripts import tasks
from scripts.systems_hook import chosen_systems, on_config, published_nav

ALL = ["wodu", "peupfudge", "d10-0", "2d6", "danger-world"]


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
    config = load_config(str(tasks.config_for(["2d6"], tmp_path)))
    config = on_config(config)
    tops = [next(iter(entry)) if isinstance(entry, dict) else entry for entry in config.nav]
    assert "2d6 Roleplaying System" in tops and "2d10 WoDu Hack" not in tops
    assert "Danger World" not in tops and "For developers" in tops
    for section in ("wodu", "peupfudge", "d10-0", "danger-world"):
        assert config.exclude_docs.match_file(f"{section}/index.md")
    assert not config.exclude_docs.match_file("2d6/index.md")
    assert config.exclude_docs.match_file("includes/abbreviations.md")  # mkdocs.yml's own
    assert config.mdx_configs["rules_py.markdown.systems"] == {
        "systems": ["2d6"],
        "developer_pages": [],
    }
    assert tasks.published_systems(tasks.config_for(["2d6"], tmp_path)) == ["2d6"]


def test_developer_pages_false_leaves_out_the_developers_section(tmp_path: Path) -> None:
    path = tasks.config_for(["2d6"], tmp_path, developer_pages=False)
    config = on_config(load_config(str(path)))
    tops = [next(iter(entry)) if isinstance(entry, dict) else entry for entry in config.nav]
    assert "For developers" not in tops and "Dice notation" in tops
    pages = ["authoring.md", "command-line.md", "architecture.md", "hosting.md"]
    assert all(config.exclude_docs.match_file(page) for page in pages)
    assert not config.exclude_docs.match_file("dice.md")
    assert config.mdx_configs["rules_py.markdown.systems"]["developer_pages"] == pages


def test_developer_pages_is_true_or_false(tmp_path: Path) -> None:
    path = tasks.config_for(["2d6"], tmp_path)
    path.write_text(path.read_text().replace("developer_pages: true", "developer_pages: sometimes"))
    with pytest.raises(ConfigurationError, match=r"extra\.developer_pages is true or false"):
        on_config(load_config(str(path)))


def test_another_choice_of_systems_has_its_runtime_apart_from_docs() -> None:
    """The runtime of mkdocs.yml's own choice is served from docs/ (``scripts/serve``);
    a test's or a benchmark's other choice is built under .cache/."""
    own = tasks.published_systems()
    other = ["2d6"] if own != ["2d6"] else ["wodu"]
    assert tasks.runtime_folder(own) == tasks.RUNTIME
    assert tasks.runtime_folder(other) == tasks.ROOT / ".cache" / "runtime" / other[0]
    assert tasks._fingerprint(other) != tasks._fingerprint(own)


def test_house_rules_are_left_out_unless_asked_for(tmp_path: Path) -> None:
    config = on_config(load_config(str(tasks.config_for(["2d6"], tmp_path))))
    assert config.exclude_docs.match_file("house-rules/index.md")
    assert "House rules" not in [next(iter(e)) for e in config.nav if isinstance(e, dict)]


def test_house_rules_are_a_tab_after_the_systems_index_first(tmp_path: Path) -> None:
    config = on_config(load_config(str(tasks.config_for(["wodu", "2d6"], tmp_path, True))))
    assert not config.exclude_docs.match_file("house-rules/index.md")
    tops = [next(iter(e)) if isinstance(e, dict) else e for e in config.nav]
    assert tops.index("House rules") == tops.index("2d6 Roleplaying System") + 1
    assert tops[-1] == "For developers"
    house = next(e["House rules"] for e in config.nav if isinstance(e, dict) and "House rules" in e)
    assert house[0] == "house-rules/index.md"


def test_house_pages_come_index_first_then_by_file_name(tmp_path: Path) -> None:
    from scripts.systems_hook import house_pages

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
    config = load_config(str(tasks.config_for(["2d6"], tmp_path)))
    config.extra["house_rules"] = "yes"
    with pytest.raises(ConfigurationError, match="house_rules is true or false"):
        on_config(config)


def test_a_bad_roll_on_a_house_page_stops_the_build_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Built from a docs folder of its own: a home page and two house pages."""
    import yaml

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
        tasks.mkdocs_build(str(tmp_path / "site"), str(config))
    assert str(stopped.value).startswith("rollbook: build stopped: docs/house-rules/doom.md: ")
    assert "3d10k4" in str(stopped.value) and "\n" not in str(stopped.value)
