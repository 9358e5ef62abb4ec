"""The game editor's forms as a layer of their own (``scorepad/editor``, docs/design.md):
no Flet, no store, no SQL, and no circle among its modules or the editor's views, the
imports under ``if TYPE_CHECKING:`` included (a type-only tie is still a tie: neither module
can be read, or changed, without the other).

``tests/test_layers.py`` places the layer in the house; this file holds it to what it is.
"""

from __future__ import annotations

import ast
import subprocess
import sys

from tests.test_layers import cycles, module_names

HEAVY = {"flet", "flet_web", "flet_desktop", "sqlmodel", "sqlalchemy", "alembic", "reportlab"}
"""What the editor's forms never load: the UI toolkit, the store's SQL, the PDF library."""


def every_import(source: str, module: str) -> set[str]:
    """Every module ``source`` (the module ``module``, not a package) imports, wherever it
    is written (type-only ones too), relative ones made absolute."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source, module)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")[: -node.level]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def type_graph(prefixes: tuple[str, ...]) -> dict[str, set[str]]:
    """The modules whose names start with one of ``prefixes`` and the package modules
    each imports, every import counted."""
    modules = module_names()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        if not name.startswith(prefixes):
            continue
        targets = set()
        for imported in every_import(path.read_text(encoding="utf-8"), name):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        graph[name] = targets
    return graph


def test_no_circle_in_the_editor_or_its_views_type_only_imports_included():
    graph = type_graph(("scorepad.editor", "scorepad.ui.views.game_"))
    assert "scorepad.editor.form" in graph and "scorepad.ui.views.game_rounds" in graph
    assert cycles(graph) == []
    # the two circles there were: form, problems and rules; the editor view and its rounds
    assert "scorepad.editor.form" not in graph["scorepad.editor.problems"]
    assert "scorepad.editor.form" not in graph["scorepad.editor.rules"]
    assert "scorepad.ui.views.game_editor" not in graph["scorepad.ui.views.game_rounds"]


def test_the_graph_counts_type_only_imports():
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from scorepad.editor.form import GameForm\n"
        "from . import words\n"
    )
    found = every_import(source, "scorepad.editor.rules")
    assert {"scorepad.editor.form.GameForm", "scorepad.editor.words"} <= found
    assert cycles({"a": {"b"}, "b": {"a"}}) == [["a", "b"]]


def test_the_editor_imports_no_flet_no_store_and_no_sql():
    wrong = sorted(
        f"{name} imports {imported}"
        for name, path in module_names().items()
        if name.startswith("scorepad.editor")
        for imported in every_import(path.read_text(encoding="utf-8"), name)
        if imported.split(".")[0] in HEAVY or imported.startswith("scorepad.store")
    )
    assert wrong == []
    code = (
        "import sys\n"
        "import scorepad.editor.form, scorepad.editor.salvage, scorepad.editor.kinds\n"
        "from scorepad.core import builtin_games\n"
        "from scorepad.editor.form import GameForm\n"
        "assert GameForm.from_template(builtin_games()['azul']).check().template is not None\n"
        f"print(sorted(set({sorted(HEAVY)!r}) & {{m.split('.')[0] for m in sys.modules}}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
