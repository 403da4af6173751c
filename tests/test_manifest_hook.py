"""scripts/manifest_hook.py: the installed app follows the copy's name and colours (issue 19)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from mkdocs.config import load_config
from mkdocs.exceptions import ConfigurationError

from scripts import tasks
from scripts.manifest_hook import _palette_sheets, manifest, on_config, on_post_build


def group_config(tmp_path: Path, **settings: object):  # type: ignore[no-untyped-def]
    """mkdocs.yml as a group changes it: ``settings`` over the copy's own."""
    path = tasks.config_for(["2d6"], tmp_path)
    own = yaml.safe_load(path.read_text())
    theme = settings.pop("theme", None)
    if isinstance(theme, dict):
        own["theme"].update(theme)
    own.update(settings)
    path.write_text(yaml.safe_dump(own))
    return load_config(str(path))


@pytest.mark.upstream
def test_rollbooks_own_manifest(tmp_path: Path) -> None:
    made = manifest(load_config(str(tasks.config_for(["2d6"], tmp_path))))
    assert made["name"] == made["short_name"] == "Rollbook"
    assert made["theme_color"] == "#7e56c2"  # Material's deep purple, as its sheet draws it
    assert _palette_sheets(load_config(str(tasks.config_for(["2d6"], tmp_path))))
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
    made = manifest(config)
    assert made["name"] == made["short_name"] == "Gloomwood Tuesday Club"
    assert made["description"] == "Our 2d6 table's rules."
    assert made["theme_color"] == "#546d78"  # the light scheme's primary, not the dark one's
    assert all(i["type"] == "image/png" for i in made["icons"])  # no SVG favicon to offer


def test_the_manifest_is_written_into_the_built_site(tmp_path: Path) -> None:
    config = group_config(tmp_path, site_name="Table Nine", site_dir=str(tmp_path / "site"))
    (tmp_path / "site").mkdir()
    on_post_build(config)
    written = json.loads((tmp_path / "site" / "manifest.webmanifest").read_text())
    assert written["name"] == "Table Nine"


def test_the_pages_bar_colour_is_the_manifests_and_a_custom_one_may_be_named(
    tmp_path: Path,
) -> None:
    config = on_config(group_config(tmp_path, theme={"palette": {"primary": "teal"}}))
    assert config.extra["theme_color"] == manifest(config)["theme_color"] == "#009485"
    config = on_config(group_config(tmp_path, extra={"systems": ["2d6"], "theme_color": "#123abc"}))
    assert manifest(config)["theme_color"] == "#123abc"
    config = group_config(tmp_path, extra={"systems": ["2d6"], "theme_color": "teal"})
    with pytest.raises(ConfigurationError, match=r"extra\.theme_color is a colour"):
        on_config(config)
