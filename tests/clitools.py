"""Running ``rules-py`` in-process for the systems' command-line tests."""

from __future__ import annotations

import json

import pytest

from rules_py._cli import main


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    """The JSON ``rules-py ARGS --json`` prints; it must exit 0 with nothing on stderr."""
    assert main([*args, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    data: dict[str, object] = json.loads(captured.out)
    return data


def cli_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one-line error of ``rules-py ARGS``, which must exit 2 with nothing on stdout."""
    assert main(list(args)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    assert len(captured.err.strip().splitlines()) == 1
    return captured.err
