"""Line kinds are registered, not tested for, outside the core: read with ``ast``, the
layers above it never ask ``isinstance(line, CheckLine)`` nor compare a ``.kind`` with a
line kind's name ("check", "count", …) or with a table of kinds (``MORE_KINDS``).

What a layer needs of a kind is a fact on the core's line class (``Line.entered_as``,
``stepped``, ``worked_out``, ``compared``, ``highest()``, ``below_zero()``…) or an entry
in the layer's own registry by line class (``printing.line_cells.CELLS``,
``ui.views.cells.CELLS``): a new kind of line edits no chain of ifs up there.
"""

from __future__ import annotations

import ast
from pathlib import Path

from scorepad.core.awards import AwardLine
from scorepad.core.sets import TallyLine
from scorepad.core.sheetrules import MORE_KINDS
from scorepad.core.template import LINE_KINDS, Line

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("ui", "sheet", "editor", "printing", "store", "cli")
"""The packages above the core that show, keep or print lines."""


def _line_classes() -> set[str]:
    found: set[type[Line]] = {Line, AwardLine, TallyLine}
    todo = [Line]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("scorepad.core") and sub not in found:
                found.add(sub)
                todo.append(sub)
            elif sub.__module__.startswith("scorepad.core"):
                todo.append(sub)
    return {cls.__name__ for cls in found}


LINE_CLASSES = _line_classes()
KIND_NAMES = frozenset({*LINE_KINDS, *MORE_KINDS})
KIND_TABLES = frozenset({"LINE_KINDS", "MORE_KINDS", "ALL_KINDS", "STEPPED_KINDS"})
"""Names of tables of line kinds: ``x.kind in MORE_KINDS`` is a test of kind too."""

ALLOWED: dict[tuple[str, str], str] = {}
"""Checks that are not about a line's kind, by (file, the check's source): why each
stays. (Board kinds, result kinds, backup kinds, printed row kinds compare their own
names and are not found in the first place.)"""


def _names(node: ast.expr) -> list[str]:
    """The class names an ``isinstance`` second argument gives (a name, a dotted name, a
    tuple or a union of them)."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.Tuple):
        return [n for e in node.elts for n in _names(e)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _names(node.left) + _names(node.right)
    return []


def _is_kind(node: ast.expr) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "kind") or (
        isinstance(node, ast.Name) and node.id == "kind"
    )


def _kind_values(node: ast.expr) -> bool:
    """A line kind's name, a collection holding one, or a table of kinds."""
    if isinstance(node, ast.Constant):
        return node.value in KIND_NAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_kind_values(e) for e in node.elts)
    if isinstance(node, ast.Call) and node.args:  # frozenset({...}), set((...))
        return any(_kind_values(a) for a in node.args)
    if isinstance(node, ast.Name):
        return node.id in KIND_TABLES
    if isinstance(node, ast.Attribute):
        return node.attr in KIND_TABLES
    return False


def line_kind_checks(source: str) -> list[tuple[int, str]]:
    """(line number, source) of each test of a line's kind in ``source``."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []

    def note(node: ast.AST) -> None:
        found.append((getattr(node, "lineno", 0), ast.get_source_segment(source, node) or ""))

    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("isinstance", "issubclass")
            and len(node.args) == 2
            and set(_names(node.args[1])) & LINE_CLASSES
        ):
            note(node)
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_kind(s) for s in sides) and any(_kind_values(s) for s in sides):
                note(node)
            elif any(isinstance(op, ast.Is | ast.IsNot) for op in node.ops) and any(
                set(_names(s)) & LINE_CLASSES for s in sides
            ):
                note(node)  # type(line) is CheckLine
        elif isinstance(node, ast.Match) and _is_kind(node.subject):
            values = [c.pattern.value for c in node.cases if isinstance(c.pattern, ast.MatchValue)]
            if any(_kind_values(v) for v in values):
                note(node)
    return sorted(found)


def test_the_finder_finds_each_form_of_check() -> None:
    source = (
        "isinstance(line, CheckLine)\n"
        "isinstance(line, (PointsLine, int))\n"
        "isinstance(line, template.ProductLine)\n"
        "type(line) is TallyLine\n"
        'line.kind == "check"\n'
        'line.kind in ("count", "table")\n'
        "line.kind in MORE_KINDS\n"
        'kind != "award"\n'
        'match line.kind:\n    case "product":\n        pass\n'
    )
    assert [n for n, _ in line_kind_checks(source)] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    others = (
        'rule.kind == "teams"\n'
        'row.kind in ("total", "rank")\n'
        "board.kind == self.kind\n"
        "isinstance(value, list | tuple)\n"
        'line.entered_as == "yes_no"\n'
    )
    assert line_kind_checks(others) == []


def test_no_layer_above_the_core_tests_a_line_kind() -> None:
    found: list[str] = []
    used: set[tuple[str, str]] = set()
    for layer in LAYERS:
        for path in sorted((ROOT / "scorepad" / layer).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            for lineno, text in line_kind_checks(path.read_text(encoding="utf-8")):
                if (name, text) in ALLOWED:
                    used.add((name, text))
                else:
                    found.append(f"{name}:{lineno}: {text}")
    assert not found, "line kinds tested outside the core (use a flag or a registry):\n" + (
        "\n".join(found)
    )
    assert used == set(ALLOWED), f"allowed but no longer found: {set(ALLOWED) - used}"
