"""No circle inside the core, counting every import: also one under ``if TYPE_CHECKING:``
(it never runs, but it still ties two modules together: neither can be read, moved or
changed without the other) and one inside a function.

Read from the source with ``ast``, as tests/test_layers.py reads the house.
"""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[1] / "scorepad" / "core"
PACKAGE = "scorepad.core"


def core_modules(root: Path = CORE) -> dict[str, Path]:
    found = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join((PACKAGE, *parts))] = path
    return found


def ties(source: str, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The core modules ``source`` imports, wherever the import stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            names = [f"{base}.{alias.name}" for alias in node.names]
            names = [name if name in known else base for name in names]
        else:
            continue
        for name in names:
            while name and name not in known:  # a name inside a module: the module
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


def graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    known = set(modules)
    return {
        name: ties(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", known)
        for name, path in modules.items()
    }


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without
    recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_graph_counts_type_only_imports_and_imports_in_functions():
    known = {"scorepad.core.a", "scorepad.core.b", "scorepad.core.c", "scorepad.core.d"}
    source = """
from typing import TYPE_CHECKING
from scorepad.core.b import Thing
if TYPE_CHECKING:
    from scorepad.core.c import Other
def later():
    import scorepad.core.d
"""
    assert ties(source, "scorepad.core.a", False, known) == {
        "scorepad.core.b",
        "scorepad.core.c",
        "scorepad.core.d",
    }
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [["a", "b", "c"]]


def test_no_circle_in_the_core_type_only_imports_included():
    found = circles(graph(core_modules()))
    assert found == [], "circles in scorepad/core: " + "; ".join(" ↔ ".join(c) for c in found)
