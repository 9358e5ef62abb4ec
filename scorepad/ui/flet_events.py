"""Flet's lookup of an event's type, once per control class and event; and plain values
passed over when Flet prepares controls new on a page.

For every event a browser sends, Flet 1.0 finds the type of the handler's argument by
walking the control's classes and evaluating their annotations
(``flet.controls.control_event.get_event_field_type``): on a live sheet that was about an
eighth of the server's time. The answer depends only on the control's class and the
event's name, so ``remember_event_types`` (called once at startup) puts a cache in front
of it; the first lookup of each pair is still Flet's own.

When controls are new on a page (a screen shown, a device joining a sheet) Flet prepares
each of them (``DiffBuilder._configure_dataclass``) by walking every field of every
control, a generator call for each: a sheet has some 13,000 fields, nearly all plain
values (text, numbers, None) on which Flet's preparing does nothing. ``remember_event_types``
also puts a check in front of it that passes such a value over before any generator is
made; everything else is Flet's own.
"""

from __future__ import annotations

from typing import Any

from flet.controls import base_control
from flet.controls.object_patch import DiffBuilder

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


def configure(
    builder: Any, item: Any, parent: Any, frozen: bool, configure_setattr_only: bool = False
) -> Any:
    """Flet's preparing of ``item``, but for a plain value: nothing to prepare."""
    if item is None or type(item) in PLAIN:
        return iter(())
    return flets_configure(builder, item, parent, frozen, configure_setattr_only)


def remember_event_types() -> None:
    """Have Flet look each (control class, event) pair up once, and pass plain values
    over when it prepares new controls; calling it again changes nothing."""
    base_control.get_event_field_type = event_type
    DiffBuilder._configure_dataclass = configure  # type: ignore[method-assign,assignment]
