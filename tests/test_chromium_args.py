"""The project's Chromium (the bench's and the tests') keeps every feature Playwright turns
off, and ours too."""

from __future__ import annotations

import re
from pathlib import Path

import playwright

from tests.sitesrv import (
    CHROMIUM_ARGS,
    OMNIBOX_POPUP_FEATURES,
    PLAYWRIGHT_DISABLED_FEATURES,
    TEST_CHROMIUM_ARGS,
    WASM_BASELINE_ONLY,
)

DRIVER = Path(playwright.__file__).parent / "driver" / "package" / "lib"


def playwright_disabled_features() -> set[str]:
    """The names in the installed Playwright's ``disabledFeatures = [...]`` list."""
    for bundle in sorted(DRIVER.rglob("*.js")):
        text = bundle.read_text(encoding="utf-8", errors="replace")
        found = re.search(r"disabledFeatures = \[(.*?)\]", text, re.S)
        if found:
            code = re.sub(r"//[^\n]*", "", found[1])
            return set(re.findall(r'"([A-Za-z0-9]+)"', code))
    raise AssertionError(f"no disabledFeatures list in Playwright's driver under {DRIVER}")


def test_our_disable_features_restates_every_feature_playwright_turns_off() -> None:
    # Chromium reads only the last --disable-features; ours comes last and must carry
    # Playwright's own list, or the tests would run a browser Playwright never meant.
    missing = playwright_disabled_features() - set(PLAYWRIGHT_DISABLED_FEATURES)
    assert not missing, f"add Playwright's {sorted(missing)} to PLAYWRIGHT_DISABLED_FEATURES"


def test_the_bench_and_the_tests_run_chromium_without_the_address_bar_popup() -> None:
    features = [a for a in CHROMIUM_ARGS if a.startswith("--disable-features=")]
    assert len(features) == 1
    named = features[0].removeprefix("--disable-features=").split(",")
    assert set(OMNIBOX_POPUP_FEATURES) <= set(named)
    assert set(PLAYWRIGHT_DISABLED_FEATURES) <= set(named)


def test_the_tests_alone_leave_the_wasm_at_its_first_tier() -> None:
    assert TEST_CHROMIUM_ARGS[: len(CHROMIUM_ARGS)] == CHROMIUM_ARGS
    assert [a for a in TEST_CHROMIUM_ARGS if a.startswith("--disable-features=")] == [
        a for a in CHROMIUM_ARGS if a.startswith("--disable-features=")
    ]
    # Chromium reads only the last --js-flags: one, ours; the bench's browser has none.
    assert [a for a in TEST_CHROMIUM_ARGS if a.startswith("--js-flags=")] == [WASM_BASELINE_ONLY]
    assert not [a for a in CHROMIUM_ARGS if a.startswith("--js-flags=")]
