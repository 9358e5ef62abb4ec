"""A registry's package is imported module by module in the order of the modules' names,
once: what a kind registers does not depend on which module a program imported first."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.core import packages
from scorepad.core.packages import import_modules

PACKAGE = "scorepad_test_kinds"


@pytest.fixture
def kinds_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """A package whose modules each add their name to ``ORDER`` on import."""
    root = tmp_path / PACKAGE
    root.mkdir()
    (root / "__init__.py").write_text("ORDER: list[str] = []\n")
    for name in ("zebra", "alpha", "mango"):
        (root / f"{name}.py").write_text(f"from {PACKAGE} import ORDER\nORDER.append({name!r})\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(packages, "_IMPORTED", set())
    yield importlib.import_module(PACKAGE).ORDER
    for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]


def test_the_modules_are_imported_in_the_order_of_their_names_once(kinds_package):
    assert import_modules(PACKAGE) is True
    assert kinds_package == ["alpha", "mango", "zebra"]
    assert import_modules(PACKAGE) is False
    assert kinds_package == ["alpha", "mango", "zebra"]  # not a second time


def test_a_module_imported_before_is_not_imported_again(kinds_package):
    importlib.import_module(f"{PACKAGE}.zebra")
    assert import_modules(PACKAGE) is True
    assert kinds_package == ["zebra", "alpha", "mango"]
