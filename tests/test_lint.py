"""The house stays tidy: ruff (lint and format) and mypy over the whole package are part of
the test run, so the README's one test command (and CI) checks them too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow  # mypy over the package takes a while on a small machine


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_finds_nothing():
    pytest.importorskip("ruff", reason="ruff is in the test extra: pip install -e '.[test]'")
    done = run("ruff", "check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_would_change_no_formatting():
    pytest.importorskip("ruff", reason="ruff is in the test extra: pip install -e '.[test]'")
    done = run("ruff", "format", "--check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing_in_the_package():
    pytest.importorskip("mypy", reason="mypy is in the test extra: pip install -e '.[test]'")
    done = run("mypy")  # the files and settings are in pyproject.toml
    assert done.returncode == 0, done.stdout + done.stderr
