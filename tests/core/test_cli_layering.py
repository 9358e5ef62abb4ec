"""Only ``scorepad.cli`` knows the command line: the layers below it never import argparse
nor anything from the CLI (so no circle can come back through a ``commands`` module)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "scorepad"
LAYERS = ("core", "store", "printing", "ui")


def imported_names(path: Path, root: Path = PACKAGE) -> list[tuple[int, str]]:
    """Every module ``path`` (a file of the package at ``root``) imports, anywhere in it
    (function-level imports included); relative imports resolved against its package."""
    package = path.relative_to(root.parent).with_suffix("").parts[:-1]
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            names.append((node.lineno, module))
            names += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return names


def test_the_walk_sees_every_kind_of_import(tmp_path):
    pkg = tmp_path / "scorepad" / "ui"
    pkg.mkdir(parents=True)
    sample = pkg / "sample.py"
    sample.write_text(
        "import argparse\nfrom .. import cli\ndef f():\n    from scorepad.cli.io import x\n",
        encoding="utf-8",
    )
    names = {name for _, name in imported_names(sample, tmp_path / "scorepad")}
    assert {"argparse", "scorepad.cli", "scorepad.cli.io"} <= names


@pytest.mark.parametrize("layer", LAYERS)
def test_no_layer_below_the_cli_imports_argparse_or_the_cli(layer):
    files = sorted((PACKAGE / layer).rglob("*.py"))
    assert files
    for path in files:
        for line, name in imported_names(path):
            where = f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}"
            assert name.split(".")[0] != "argparse", where
            assert name != "scorepad.cli" and not name.startswith("scorepad.cli."), where


def test_the_layers_hold_no_commands_module():
    """Each layer's commands moved into ``scorepad.cli``; none may come back."""
    leftovers = [str(p) for layer in LAYERS for p in (PACKAGE / layer).rglob("commands.py")]
    assert leftovers == []
