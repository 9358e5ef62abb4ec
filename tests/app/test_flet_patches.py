"""The functions of Flet's own that Scorepad replaces (``scorepad.ui.flet_patches``), held
to the pinned Flet: each Flet function a replacement copies or relies on has the source it
had in the Flet pinned (a new Flet whose function changed fails here, naming the
replacement and the upstream change that would let it go), each replacement is installed
where Flet looks it up, every one the package installs is listed, and a served page
behaves the same with Flet's own functions and with ours (an event dispatched, a value
sent by the browser, new controls shown, several changes sent).

The answers of each replacement against Flet's own on every control class and handler
kind are in ``test_flet_patches_events.py`` and ``test_flet_patches_sender.py``.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import inspect
import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from test_flet_patches_sender import served_page, shown
from ui_helpers import run_async

from scorepad.ui.flet_patches import FLET_VERSION, REPLACEMENTS, Replacement, Sender

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorepad" / "ui" / "flet_patches"


def flets_own(dotted: str) -> Any:
    """The object ``dotted`` names in Flet (a module's function or a class's method), as
    Flet defines it: where a replacement stands in its place, Flet's own kept by it."""
    module_name, found = dotted, None
    while found is None:
        module_name, _, _ = module_name.rpartition(".")
        try:
            found = importlib.import_module(module_name)
        except ImportError:
            continue
    obj = found
    for part in dotted[len(module_name) + 1 :].split("."):
        obj = vars(obj)[part] if isinstance(obj, type) else getattr(obj, part)
    for replacement in REPLACEMENTS:
        if obj is replacement.ours:
            return replacement.flets
    return obj


def digest(obj: Any) -> str:
    return hashlib.sha256(inspect.getsource(obj).encode()).hexdigest()[:16]


def test_the_flet_installed_is_the_flet_pinned():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert f"flet=={FLET_VERSION}" in project["project"]["dependencies"]
    assert metadata.version("flet") == FLET_VERSION


@pytest.mark.parametrize("replacement", REPLACEMENTS, ids=lambda r: r.where[1])
def test_each_flet_function_a_replacement_relies_on_is_as_pinned(replacement: Replacement):
    assert replacement.upstream.strip() and replacement.pinned
    changed = {
        name: digest(flets_own(name))
        for name, pinned in replacement.pinned.items()
        if digest(flets_own(name)) != pinned
    }
    assert changed == {}, (
        f"Flet changed what '{replacement.name}' copies or relies on: read Flet's new "
        f"code and bring ours in line (or drop it if this landed: {replacement.upstream})"
    )


def test_a_changed_flet_function_is_caught():
    """The digest is of the source: one character changed in Flet's code changes it."""
    replacement = REPLACEMENTS[0]
    name, pinned = next(iter(replacement.pinned.items()))
    source = inspect.getsource(flets_own(name))
    assert hashlib.sha256(source.encode()).hexdigest()[:16] == pinned
    assert hashlib.sha256(source.replace("None", "Nothing", 1).encode()).hexdigest()[:16] != pinned


@pytest.mark.parametrize("replacement", REPLACEMENTS, ids=lambda r: r.where[1])
def test_each_replacement_is_installed_where_flet_looks_it_up(replacement: Replacement):
    owner, attr = replacement.where
    before = {r.where: getattr(*r.where) for r in REPLACEMENTS}
    assert before[replacement.where] in (replacement.flets, replacement.ours)
    try:
        setattr(owner, attr, replacement.flets)
        replacement.install()
        replacement.install()  # again: the same
        assert getattr(owner, attr) is replacement.ours
    finally:
        for (where_owner, where_attr), value in before.items():
            setattr(where_owner, where_attr, value)


def _replaced_in(path: Path) -> set[str]:
    """The attributes of Flet's modules and classes that ``path`` assigns, as
    ``name.attribute`` (``base_control.get_param_count``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    flets = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("flet"):
            flets |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            flets |= {a.asname or a.name for a in node.names if a.name.startswith("flet")}
    return {
        f"{target.value.id}.{target.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id in flets
    }


def test_every_function_the_package_replaces_is_listed():
    assigned = set().union(*(_replaced_in(path) for path in PACKAGE.glob("*.py")))
    listed = {
        f"{owner.__name__ if isinstance(owner, type) else owner.__name__.rpartition('.')[2]}.{attr}"
        for owner, attr in (r.where for r in REPLACEMENTS)
    }
    assert assigned == listed
    assert len(REPLACEMENTS) == 6


def page_life(ours: bool) -> list[Any]:
    """What a served page shows and its handlers see: a click, a value the browser sends
    then its change event, a control added, two changes sent (as one message by
    ``Sender`` with ``ours``, else by Flet's ``page.update``): the messages they took and
    what the browser shows."""
    seen: list[Any] = []

    async def run() -> None:
        field = ft.TextField(value="", dense=True)
        total = ft.Text("0")
        box = ft.Column([])

        def clicked(e: ft.Event[ft.Button]) -> None:
            seen.append(("click", type(e).__name__, e.control is button))

        def changed(e: ft.Event[ft.TextField]) -> None:
            seen.append(("change", type(e).__name__, e.control.value))

        button = ft.Button("Add", on_click=clicked)
        field.on_change = changed
        session, browser = served_page(
            [
                ft.Semantics(identifier="field", content=field),
                ft.Semantics(identifier="total", content=total),
                button,
                ft.Semantics(identifier="box", content=box),
            ]
        )
        session.page.update()
        await session.dispatch_event(button._i, "click", None)
        session.apply_patch(field._i, {"value": "17"})
        await session.dispatch_event(field._i, "change", None)
        box.controls = [ft.Semantics(identifier="added", content=ft.Text("new line"))]
        session.page.update(box)
        before = browser.patches
        total.value, field.value = "12", "18"
        if ours:
            Sender(session.page.views[-1]).send([total, field])
        else:
            session.page.update(total, field)
        seen.append(("sent", browser.patches - before))
        seen.append(("shown", *(shown(browser, i) for i in ("field", "total", "added"))))

    run_async(run)
    return seen


def test_a_page_behaves_the_same_with_flets_own_functions_and_with_ours():
    before = {r.where: getattr(*r.where) for r in REPLACEMENTS}
    try:
        for replacement in REPLACEMENTS:
            setattr(*replacement.where, replacement.flets)
        own = page_life(ours=False)
        assert all(getattr(*r.where) is r.flets for r in REPLACEMENTS)
        for replacement in REPLACEMENTS:
            replacement.install()
        ours = page_life(ours=True)
        assert all(getattr(*r.where) is r.ours for r in REPLACEMENTS)
    finally:
        for where, value in before.items():
            setattr(*where, value)
    assert [step for step in ours if step[0] != "sent"] == [
        step for step in own if step[0] != "sent"
    ]
    assert own == [
        ("click", "Event", True),
        ("change", "Event", "17"),
        ("sent", 2),
        ("shown", "18", "12", "new line"),
    ]
    assert ("sent", 1) in ours
