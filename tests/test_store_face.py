"""The store's front door: the layers above it import only ``scorepad.store`` and the names
its ``__all__`` offers, never a module behind it, and reach the history only through the
app's ``History`` (never its store).

Read from the source with ``ast``, as tests/test_layers.py reads the house; every import
counts here, also one under ``if TYPE_CHECKING:`` (a type is part of the face too).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import scorepad.store as store

PACKAGE = Path(__file__).resolve().parents[1] / "scorepad"
STORE = PACKAGE / "store"
ABOVE = ("ui", "cli", "sheet", "editor", "accounts")
"""The parts that use the store through its face (a part not there yet is skipped)."""


def submodules() -> set[str]:
    return {p.stem for p in STORE.glob("*.py") if p.stem != "__init__"} | {
        p.name for p in STORE.iterdir() if p.is_dir() and (p / "__init__.py").is_file()
    }


def past_the_face(source: str) -> list[str]:
    """Each import of ``source`` that goes past ``scorepad.store``'s face, as written."""
    inner = submodules()
    public = set(store.__all__)
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [
                f"import {a.name}" for a in node.names if a.name.startswith("scorepad.store.")
            ]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("scorepad.store."):
                found.append(f"from {node.module} import ...")
            elif node.module == "scorepad.store":
                found += [
                    f"from scorepad.store import {a.name}"
                    for a in node.names
                    if a.name in inner or a.name not in public
                ]
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and node.args[0].value.startswith("scorepad.store.")
        ):
            found.append(f"loads {node.args[0].value}")
    return found


def reaches_the_store(source: str) -> list[int]:
    """The lines that read a history's ``.store`` (``ctx.services.history.store``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "store":
            owner = node.value
            name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            if name in ("history", "_history"):
                lines.append(node.lineno)
    return lines


def sources() -> list[Path]:
    return sorted(
        p for part in ABOVE if (PACKAGE / part).is_dir() for p in (PACKAGE / part).rglob("*.py")
    )


def test_the_check_sees_every_way_past_the_face():
    source = (
        "from typing import TYPE_CHECKING\n"
        "import scorepad.store\n"
        "from scorepad.store import PlayRecord, open_store\n"
        "if TYPE_CHECKING:\n    from scorepad.store.records import PlayRecord\n"
        "def f():\n"
        "    import scorepad.store.api\n"
        "    from scorepad.store import boards\n"
        "    from scorepad.store import PlayDetails\n"
        "    import_module('scorepad.store.rows')\n"
    )
    assert past_the_face(source) == [
        "from scorepad.store.records import ...",
        "import scorepad.store.api",
        "from scorepad.store import boards",
        "from scorepad.store import PlayDetails",
        "loads scorepad.store.rows",
    ]
    assert reaches_the_store("x = ctx.services.history.store.players()\ny = self.store\n") == [1]


def test_the_layers_above_import_only_the_store_s_face():
    found = [
        f"{path.relative_to(PACKAGE.parent)}: {wrong}"
        for path in sources()
        for wrong in past_the_face(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_no_screen_reaches_past_the_history_to_its_store():
    """Only the history itself (ui/history.py) holds the store it opened."""
    history = PACKAGE / "ui" / "history.py"
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}"
        for path in sources()
        if path != history
        for line in reaches_the_store(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_every_public_name_is_found_where_the_face_says():
    homes = store._HOMES
    assert set(store.__all__) == set(homes) and len(store.__all__) == len(set(store.__all__))
    for name in store.__all__:
        module = sys.modules.get(f"scorepad.store.{homes[name]}") or __import__(
            f"scorepad.store.{homes[name]}", fromlist=[name]
        )
        assert getattr(store, name) is getattr(module, name), name
    assert set(store.__all__) <= set(dir(store))


def test_a_name_the_face_does_not_offer_is_refused():
    try:
        store.PlayDetails  # noqa: B018 (behind the face: rows.PlayDetails)
    except AttributeError as problem:
        assert "PlayDetails" in str(problem)
    else:
        raise AssertionError("the face offered a name it does not list")


def test_the_face_loads_nothing_until_a_name_is_asked_for():
    """Importing ``scorepad.store`` costs nothing: a command that never opens a history
    does not load SQLAlchemy; asking for ``Store`` does."""
    code = (
        "import sys, scorepad.store as s\n"
        "print('sqlalchemy' in sys.modules)\n"
        "s.Store\n"
        "print('sqlalchemy' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "True"]


def test_the_app_s_history_hands_out_no_store():
    """What a screen may ask is ``History``'s methods; its store is not one of them."""
    from scorepad.ui.history import History, StoreHistory

    assert not hasattr(History, "store")
    asked = {name for name in vars(History) if not name.startswith("_")}
    assert asked <= set(dir(StoreHistory))  # the app's history answers every one
