"""Fixtures of the printing tests: the CLI run in-process, and a scratch folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorepad.cli import main


class Cli:
    """Runs ``scorepad`` in-process and reports the exit status and both outputs."""

    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys

    def __call__(self, *argv: str) -> tuple[int, str, str]:
        try:
            status = main(list(argv))
        except SystemExit as leaving:
            status = leaving.code if isinstance(leaving.code, int) else 1
        captured = self.capsys.readouterr()
        return status, captured.out, captured.err


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(capsys)


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path
