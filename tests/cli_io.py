"""Running the rules-py command line in a test: its JSON answer, or its one-line error."""

from __future__ import annotations

import json

import pytest

from rules_py._cli import main


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    """The JSON that ``rules-py ARGS --json`` prints, after checking it exits 0 quietly."""
    assert main([*args, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    data: dict[str, object] = json.loads(captured.out)
    return data


def cli_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The error of ``rules-py ARGS``, after checking it exits 2 with one line, no traceback."""
    assert main(list(args)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    assert len(captured.err.strip().splitlines()) == 1
    return captured.err
