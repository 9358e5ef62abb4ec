"""Flet's lookup of an event's type, once per control class and event; its count of a
handler's parameters, once per function; its lookup of a control's field types for a value
a browser sends, once per class; and plain values passed over when Flet prepares controls
new on a page.

For every event a browser sends, Flet 1.0 finds the type of the handler's argument by
walking the control's classes and evaluating their annotations
(``flet.controls.control_event.get_event_field_type``): on a live sheet that was about an
eighth of the server's time. The answer depends only on the control's class and the
event's name, so ``remember_event_types`` (called once at startup) puts a cache in front
of it; the first lookup of each pair is still Flet's own. Likewise Flet counts the
parameters of the handler (``inspect.signature``) for every event, to know whether to pass
it the event: that count is kept per function's code. And for the value message that comes
before each change event, Flet resolves the control class's annotations, fails on a text
field and falls back to the declared types: that answer is kept per class too.

When controls are new on a page (a screen shown, a device joining a sheet) Flet prepares
each of them (``DiffBuilder._configure_dataclass``) by walking every field of every
control, a generator call for each: a sheet has some 13,000 fields, nearly all plain
values (text, numbers, None) on which Flet's preparing does nothing. ``remember_event_types``
also puts a check in front of it that passes such a value over before any generator is
made. For a control (or a value object) it walks the fields from a plan made once per class
(``_plan``) instead of asking ``dataclasses.fields`` and reading every field on every
control: a field Flet keeps sparsely (a ``Prop``, set or left at its default) is read from
the control's own non-default values, and a default is walked only where it is not a plain
value; the steps for each control are Flet's own (``_prepare``), in the same order. A
device joining a sheet spent about half of its server time in this walk.

Each of these replaces a private function of Flet's: they are listed, with the change in
Flet that would let each go, in ``flet_patches.REPLACEMENTS``.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import weakref
from collections.abc import Iterator
from typing import Any

from flet.controls import base_control
from flet.controls.object_patch import DiffBuilder, ObjectPatchException, _control_setattr
from flet.controls.value_types import _UNSET
from flet.utils import object_model

flets_own = base_control.get_event_field_type
"""Flet's lookup, as Flet defines it."""

flets_configure = DiffBuilder._configure_dataclass
"""Flet's preparing of a new control's fields, as Flet defines it."""

PLAIN = frozenset({str, int, float, bool})
"""Types (exactly these, not enums) whose values Flet's preparing does nothing with."""

_known: dict[tuple[type, str], Any] = {}
_MISSING = object()


def event_type(control: Any, field_name: str) -> Any:
    """The type of event ``control``'s handler ``field_name`` receives (None: no such
    handler), as Flet's own lookup gives it for ``control``'s class."""
    key = (type(control), field_name)
    found = _known.get(key, _MISSING)
    if found is _MISSING:
        found = _known[key] = flets_own(control, field_name)
    return found


Plan = tuple[tuple[str, bool, Any], ...]
"""A class's fields to walk, in Flet's order: (name, kept sparsely, the default to walk
when the control holds none: ``_SKIP`` for a plain one)."""

_SKIP = object()
_plans: dict[type, Plan | None] = {}


def _plan(cls: type) -> Plan | None:
    """The fields Flet's preparing walks on a ``cls`` (None: not a dataclass)."""
    if cls in _plans:
        return _plans[cls]
    if not dataclasses.is_dataclass(cls):
        _plans[cls] = None
        return None
    sparse: dict[str, Any] = getattr(cls, "_prop_defaults", None) or {}
    steps = []
    for f in dataclasses.fields(cls):
        if f.metadata.get("skip", False):
            continue
        if f.name in sparse:
            default = sparse[f.name]
            plain = default is None or type(default) in PLAIN or default is _UNSET
            steps.append((f.name, True, _SKIP if plain else default))
        else:
            steps.append((f.name, False, None))
    plan: Plan = tuple(steps)
    _plans[cls] = plan
    return plan


def configure(
    builder: Any, item: Any, parent: Any, frozen: bool, configure_setattr_only: bool = False
) -> Any:
    """Flet's preparing of ``item``: nothing for a plain value, the planned walk for a
    dataclass, Flet's own for anything else (lists, dicts) and for a metadata refresh."""
    if item is None or type(item) in PLAIN:
        return iter(())
    if configure_setattr_only or not hasattr(item, "_values"):
        return flets_configure(builder, item, parent, frozen, configure_setattr_only)
    plan = _plan(type(item))
    if plan is None:
        return flets_configure(builder, item, parent, frozen, configure_setattr_only)
    return _prepare(builder, item, parent, frozen, plan)


def _prepare(builder: Any, item: Any, parent: Any, frozen: bool, plan: Plan) -> Iterator[Any]:
    """Flet's ``DiffBuilder._configure_dataclass`` for a dataclass ``item``, step by step,
    its fields walked by ``plan``."""
    if parent is None:
        parent_ref = getattr(item, "_parent", None)
        parent = parent_ref() if parent_ref else None
    if parent:
        if parent is item:
            raise ObjectPatchException(f"Parent is the same as item: {item}")
        item._parent = weakref.ref(parent)
    if hasattr(item, "_frozen"):
        frozen = item._frozen
    elif frozen:
        item._frozen = frozen
    item_cls = item.__class__
    if getattr(item_cls, "__flet_control_cls__", None) is None:
        item_cls.__flet_control_cls__ = builder.control_cls
    is_control = bool(builder.control_cls) and isinstance(item, builder.control_cls)
    if is_control:
        item.build()
        item._before_update_safe()
        object.__setattr__(item, "_initialized", True)
        yield item
    child_parent = item if is_control else parent
    values = item._values
    walk = builder._configure_dataclass
    for name, sparse, default in plan:
        if sparse:
            value = values.get(name, default)
            if value is _SKIP:
                continue
        else:
            value = getattr(item, name)
        if value is None or type(value) in PLAIN:
            continue
        yield from walk(value, child_parent, frozen)
    if not frozen:
        dirty = getattr(item, "_dirty", None)
        if dirty is not None:
            dirty.clear()
        else:
            if item_cls.__setattr__ is not _control_setattr:
                item_cls.__setattr__ = _control_setattr
            object.__setattr__(item, "__changes", {})


flets_param_count = base_control.get_param_count
"""Flet's count of a handler's parameters (``inspect.signature``), as Flet defines it."""

_counts: dict[tuple[Any, bool], int | None] = {}


def param_count(handler: Any) -> int | None:
    """How many parameters ``handler`` takes, as Flet's own count says (whether an event
    handler is given the event): worked out once per function, where the function's code
    decides it (a plain function or a method, not wrapped); anything else is Flet's."""
    bound = isinstance(handler, types.MethodType)
    function = handler.__func__ if bound else handler
    if (
        type(function) is not types.FunctionType
        or hasattr(function, "__wrapped__")
        or hasattr(function, "__signature__")
    ):
        return flets_param_count(handler)
    key = (function.__code__, bound)
    found = _counts.get(key, _MISSING)
    if found is _MISSING:
        found = _counts[key] = flets_param_count(handler)
    return found  # type: ignore[return-value]


flets_type_hints = object_model.get_type_hints
"""The field types Flet's ``patch_dataclass`` resolves for a control's class, every time a
browser sends a control's new value (``typing.get_type_hints``)."""

_hints: dict[tuple[type, types.CodeType], dict[str, Any]] = {}


def type_hints(cls: type, globalns: Any = None, localns: Any = None) -> dict[str, Any]:
    """The field types of ``cls`` as Flet's ``patch_dataclass`` works them out, once per
    class and caller of ``patch_dataclass`` (whose names it adds to ``localns``): Flet's
    own lookup, or, where that fails (it does for a text field, on a name its module does
    not import), the fields' declared types, as ``patch_dataclass`` then takes."""
    key = (cls, sys._getframe(2).f_code)  # 0 this, 1 patch_dataclass, 2 its caller
    found = _hints.get(key)
    if found is None:
        try:
            found = flets_type_hints(cls, globalns=globalns, localns=localns)
        except Exception:
            found = {f.name: f.type for f in dataclasses.fields(cls)}
        _hints[key] = found
    return found


def remember_event_types() -> None:
    """Have Flet look each (control class, event) pair up once, count each handler's
    parameters once, and pass plain values over when it prepares new controls; calling it
    again changes nothing."""
    base_control.get_event_field_type = event_type
    base_control.get_param_count = param_count
    DiffBuilder._configure_dataclass = configure  # type: ignore[method-assign,assignment]
    object_model.get_type_hints = type_hints  # type: ignore[assignment]
