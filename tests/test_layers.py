"""The house drawn from its imports, read from the source with ``ast``: no circle
anywhere, each layer imports only the layers below it (docs/design.md), and only the
command line knows argparse.

Every import counts, also one inside a function (it still ties the modules together).
For the layers, imports under ``if TYPE_CHECKING:`` (which never run) are left out; for
circles they count too: a circle of types is a circle to read and to change.
"""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "scorepad"


BELOW: dict[str, set[str]] = {
    "core": set(),
    "files": set(),
    "locale": set(),
    "l10n": {"core"},
    "club": {"core"},
    "store": {"core", "files", "club"},
    "cards": {"core", "files", "l10n", "club"},
    "printing": {"core", "files", "l10n", "club"},
    "sheet": {"core", "files", "l10n"},
    "editor": {"core", "files", "l10n"},
    "accounts": {"core", "store"},
    "serve": {"core", "store", "accounts"},
    "ui": {
        "core",
        "files",
        "l10n",
        "club",
        "store",
        "cards",
        "printing",
        "editor",
        "sheet",
        "serve",
    },
    "cli": {
        "accounts",
        "serve",
        "core",
        "files",
        "l10n",
        "club",
        "store",
        "cards",
        "printing",
        "editor",
        "sheet",
        "ui",
        "scorepad",
    },
    "__main__": {"cli"},
    "scorepad": set(),
}
"""What each part of the package may import besides itself: ``scorepad.files`` is a
standard-library helper every layer writes files through; ``scorepad.l10n`` formats dates
and numbers with Babel for the layers that show them; ``scorepad.sheet`` is the sheet in
progress (its draft, edits, live changes and the play to save), below the app and above
the core, with no Flet and no store; ``scorepad.locale`` holds the message
catalogues and the extractor ``pybabel`` runs; ``scorepad`` is the package's
own ``__init__`` (its version); ``scorepad.club`` works out ratings, nights, seasons,
achievements and the year in review from the history's facts (pure Python, below the
store, which hands it those facts); ``scorepad.cards`` draws PNG cards (a play's result,
a year in review) with Pillow; ``scorepad.accounts`` is a group server's groups, members,
invites and sessions, kept through the store; ``scorepad.serve`` is a group server's
HTTP side in front of the app (the members' gate, its pages, the proxy's headers), which
the app's server puts in front of Flet."""


def module_names() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, module: str, is_package: bool, *, types: bool = False) -> list[str]:
    """The names imported, as written (relative ones made absolute); ``types``: those
    under ``if TYPE_CHECKING:`` too."""
    names: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node) and not types:
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            names.extend(f"{base}.{alias.name}" for alias in node.names)
            names.append(base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return names


@cache
def import_graph(types: bool = False) -> dict[str, set[str]]:
    """Each scorepad module and the scorepad modules it imports (``types``: for type
    checking only too)."""
    modules = module_names()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        targets = set()
        for imported in _imports(tree, name, path.name == "__init__.py", types=types):
            while imported and imported not in modules:  # a name inside a module
                imported = imported.rpartition(".")[0]
            if imported and imported != name and imported.startswith("scorepad"):
                targets.add(imported)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return groups


def test_the_graph_sees_imports_inside_functions_and_leaves_out_type_checking_ones():
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from scorepad.store.api import Store\n"
        "def f():\n    from scorepad.store import importing\n"
        "from . import models\n"
    )
    found = _imports(tree, "scorepad.store.salvage", False)
    assert "scorepad.store.importing" in found and "scorepad.store.models" in found
    assert "scorepad.store.api.Store" not in found
    assert "scorepad.store.api.Store" in _imports(tree, "scorepad.store.salvage", False, types=True)
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "scorepad"


def test_no_circle_anywhere_in_the_package():
    assert cycles(import_graph()) == []


def test_no_circle_anywhere_in_the_package_even_of_imports_for_types_only():
    """A module that imports another only for its types still ties the two together:
    the store's modules import each other by their own names, never through the
    store's face (whose names are loaded on first use)."""
    assert cycles(import_graph(types=True)) == []


def test_the_sheet_layer_imports_no_flet_and_no_store_even_for_types():
    """The sheet in progress is plain Python: tests and the command line drive it without
    a page, and it keeps drafts through the keeper it is given, not the history."""
    found, read = [], []
    for name, path in module_names().items():
        if layer(name) != "sheet":
            continue
        read.append(name)
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        imported = _imports(tree, name, path.name == "__init__.py", types=True)
        found += [
            f"{name} imports {i}"
            for i in imported
            if i.split(".")[0] == "flet" or i.startswith(("scorepad.store", "scorepad.ui"))
        ]
    assert {"scorepad.sheet.progress", "scorepad.sheet.draft", "scorepad.sheet.live"} <= set(read)
    assert found == []


def test_the_club_imports_nothing_but_the_standard_library_the_core_and_openskill():
    """Ratings, nights and the rest are worked out from plain values: no Flet, SQL,
    PDF or image library, even for types."""
    allowed = {"scorepad", "openskill"} | set(sys.stdlib_module_names)
    found, read = [], []
    for name, path in module_names().items():
        if layer(name) != "club":
            continue
        read.append(name)
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                tops = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                tops = [node.module.split(".")[0]]
            else:
                continue
            found += [f"{name} imports {top}" for top in tops if top not in allowed]
    assert "scorepad.club.facts" in read
    assert found == []


def test_each_layer_imports_only_the_layers_below_it():
    graph = import_graph()
    assert {layer(name) for name in graph} == set(BELOW)  # a new part is placed on purpose
    wrong = sorted(
        f"{name} imports {target}"
        for name, targets in graph.items()
        for target in targets
        if layer(target) != layer(name) and layer(target) not in BELOW[layer(name)]
    )
    assert wrong == []


def test_only_the_command_line_knows_argparse():
    found = []
    for name, path in module_names().items():
        if layer(name) in ("cli", "__main__"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        imported = _imports(tree, name, path.name == "__init__.py")
        found += [f"{name} imports {i}" for i in imported if i.split(".")[0] == "argparse"]
    assert found == []


def test_the_layers_hold_no_commands_module():
    """Each layer's commands moved into ``scorepad.cli``; none may come back."""
    assert [str(p) for p in PACKAGE.rglob("commands.py")] == []
