"""Flet's event-type lookup, remembered per control class, and its count of a handler's
parameters, remembered per function: the same answers as Flet's own, for every event of
every control Flet offers and every kind of handler, and Flet's dispatch uses them once
installed."""

from __future__ import annotations

import dataclasses
import functools
import inspect
import sys
import typing

import flet as ft
import pytest
from flet.controls import base_control
from flet.utils import object_model

from scorepad.ui.flet_patches import events


def control_classes() -> list[type]:
    found = [getattr(ft, name) for name in dir(ft)]  # Flet exports its names lazily
    return [c for c in found if inspect.isclass(c) and issubclass(c, base_control.BaseControl)]


def test_every_event_of_every_control_has_the_type_flet_gives_it():
    pairs = 0
    for cls in control_classes():
        control = cls.__new__(cls)  # the lookup reads the class only
        names = {n for k in cls.__mro__ for n in getattr(k, "__annotations__", {})}
        for name in sorted(n for n in names if n.startswith("on_")):
            try:
                want = events.flets_own(control, name)
            except RuntimeError:  # not an event ("on_label_color"): refused, as Flet does
                with pytest.raises(RuntimeError):
                    events.event_type(control, name)
                continue
            assert events.event_type(control, name) == want, (cls.__name__, name)
            assert events.event_type(control, name) == want, (cls.__name__, name)
            pairs += 1
    assert pairs > 300  # Flet 1.0.5 has 552 such pairs: the walk found them
    field = ft.TextField()
    assert events.event_type(field, "on_change") is not None
    assert events.event_type(field, "on_no_such_event") is None


def test_once_installed_flet_dispatches_through_the_remembered_lookup():
    before = base_control.get_event_field_type, base_control.get_param_count
    hints = object_model.get_type_hints
    try:
        events.remember_event_types()
        events.remember_event_types()  # twice: the same
        assert base_control.get_event_field_type is events.event_type
        assert base_control.get_param_count is events.param_count
        assert object_model.get_type_hints is events.type_hints
    finally:
        base_control.get_event_field_type, base_control.get_param_count = before
        object_model.get_type_hints = hints


def flets_hints(cls: type, globalns: dict, localns: dict) -> dict:
    """The field types Flet's ``patch_dataclass`` takes for ``cls``, as it works them out."""
    try:
        return typing.get_type_hints(cls, globalns=globalns, localns=localns)
    except Exception:
        return {f.name: f.type for f in dataclasses.fields(cls)}


def as_patch_dataclass(cls: type, globalns: dict, localns: dict) -> dict:
    return events.type_hints(cls, globalns=globalns, localns=localns)


def test_every_control_class_has_the_field_types_flet_patches_it_with():
    from flet.messaging import session

    for cls in control_classes():
        globalns = sys.modules[cls.__module__].__dict__
        localns = dict(vars(session))
        want = flets_hints(cls, globalns, localns)
        assert as_patch_dataclass(cls, globalns, localns) == want, cls.__name__
        assert as_patch_dataclass(cls, globalns, localns) == want, cls.__name__  # kept
    assert events.type_hints is not events.flets_type_hints


def test_a_value_a_browser_sends_is_applied_as_flet_applies_it():
    from flet.messaging.session import Session

    hints = object_model.get_type_hints
    try:
        applied = []
        for remembered in (False, True, True):
            object_model.get_type_hints = events.type_hints if remembered else hints
            field = ft.TextField(value="1", dense=True)
            switch = ft.Switch(value=False)
            session = Session.__new__(Session)  # only its index is used
            session._Session__index = {1: field, 2: switch}  # type: ignore[attr-defined]
            session.apply_patch(1, {"value": "17"})
            session.apply_patch(2, {"value": True})
            applied.append((field.value, switch.value, dict(field._values), field._dirty))
        assert applied[0] == applied[1] == applied[2] == ("17", True, applied[0][2], {})
        assert any(key[0] is ft.TextField for key in events._hints)
    finally:
        object_model.get_type_hints = hints


class Handlers:
    def none(self) -> None: ...

    def one(self, e: object) -> None: ...

    async def later(self, e: object, more: int = 0) -> None: ...


def handler_like() -> list[object]:
    def wrapped(e: object) -> None: ...

    @functools.wraps(wrapped)
    def wrapper(*args: object) -> None: ...

    def signed(*args: object) -> None: ...

    signed.__signature__ = inspect.Signature()  # type: ignore[attr-defined]
    handlers = Handlers()
    made = [(lambda: None), (lambda e: None), (lambda e, *rest: None), (lambda *rest: None)]
    return [
        *made,
        *made,  # the same code again, as a screen made twice makes it
        handlers.none,
        handlers.one,
        handlers.later,
        Handlers.one,
        functools.partial(lambda a, e: None, 1),
        wrapper,
        signed,
        print,
    ]


def test_a_handlers_parameters_are_counted_as_flet_counts_them():
    for handler in handler_like():
        want = events.flets_param_count(handler)
        assert events.param_count(handler) == want, handler
        assert events.param_count(handler) == want, handler
    assert [events.param_count(h) for h in handler_like()[:4]] == [0, 1, 2, 1]
    assert events.param_count(Handlers().none) == 0
    assert events.param_count(Handlers.one) == 2


def sheet_like() -> ft.Control:
    field = ft.TextField(value="3", dense=True, error_style=ft.TextStyle(size=10))
    return ft.Column(
        [
            ft.Row([ft.Semantics(identifier="minus", content=ft.IconButton(ft.Icons.REMOVE))]),
            ft.Container(ft.Semantics(identifier="line", content=field), expand=1),
            ft.Text("12", color=ft.Colors.PRIMARY, size=18),
            ft.PopupMenuButton(items=[ft.PopupMenuItem(content=ft.Text("rate"), checked=True)]),
        ]
    )


def prepared(root: ft.Control) -> list[tuple[str, str | None, bool]]:
    """Flet's preparing of a new tree: each control found, under which parent, built."""
    from flet.controls.object_patch import DiffBuilder

    builder = DiffBuilder(None, root, control_cls=base_control.BaseControl)
    builder._dataclass_added(root, None, False)
    out = []
    for control in builder.get_added_controls():
        parent = control.parent
        out.append(
            (
                type(control).__name__,
                type(parent).__name__ if parent is not None else None,
                getattr(control, "_initialized", False),
            )
        )
    return out


def test_passing_plain_values_over_prepares_new_controls_as_flet_does():
    from flet.controls.object_patch import DiffBuilder

    before, lookup = DiffBuilder._configure_dataclass, base_control.get_event_field_type
    try:
        DiffBuilder._configure_dataclass = events.flets_configure
        own = prepared(sheet_like())
        events.remember_event_types()
        assert DiffBuilder._configure_dataclass is events.configure
        assert prepared(sheet_like()) == own
        assert len(own) == 11  # every control of the tree, the menu item's text too
    finally:
        DiffBuilder._configure_dataclass = before
        base_control.get_event_field_type = lookup


def test_the_planned_walk_prepares_a_whole_sheet_as_flet_does(tmp_path):
    """A four-player Azul sheet (walls, steppers, menus, dialogs' buttons): the same
    controls found under the same parents, each built, with the planned walk as with
    Flet's own, and the value objects inside them given the same parents."""
    from flet.controls.object_patch import DiffBuilder
    from ui_helpers import context

    from scorepad.core import find_game
    from scorepad.sheet.progress import SheetInProgress, new_draft
    from scorepad.ui.views.sheet import SheetView

    azul = find_game("azul")

    def sheet() -> ft.Control:
        ctx, _ = context(tmp_path)
        model = SheetInProgress(azul, new_draft(azul, None, ["Ana", "Ben", "Cai", "Dan"]))
        return SheetView(ctx, model).build()

    def parents_of_values(root: ft.Control) -> list[tuple[str, str | None]]:
        found = []
        for control in [root, *(c for c in _walk(root))]:
            for value in vars(control).get("_values", {}).values():
                if hasattr(value, "_values") and not isinstance(value, base_control.BaseControl):
                    ref = getattr(value, "_parent", None)
                    owner = ref() if ref else None
                    found.append((type(value).__name__, type(owner).__name__ if owner else None))
        return found

    before, lookup = DiffBuilder._configure_dataclass, base_control.get_event_field_type
    try:
        DiffBuilder._configure_dataclass = events.flets_configure
        own_root = sheet()
        own = prepared(own_root)
        own_values = parents_of_values(own_root)
        events.remember_event_types()
        planned_root = sheet()
        assert prepared(planned_root) == own
        assert parents_of_values(planned_root) == own_values
        assert len(own) > 200 and len(own_values) > 20
    finally:
        DiffBuilder._configure_dataclass = before
        base_control.get_event_field_type = lookup


def _walk(control: object):
    for value in vars(control).get("_values", {}).values():
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, base_control.BaseControl):
                yield item
                yield from _walk(item)
    for name in getattr(type(control), "_structural_fields", ()):
        value = getattr(control, name, None)
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, base_control.BaseControl):
                yield item
                yield from _walk(item)
