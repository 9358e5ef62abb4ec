"""Flet's lookup of an event's type, once per control class and event.

For every event a browser sends, Flet 1.0 finds the type of the handler's argument by
walking the control's classes and evaluating their annotations
(``flet.controls.control_event.get_event_field_type``): on a live sheet that was about an
eighth of the server's time. The answer depends only on the control's class and the
event's name, so ``remember_event_types`` (called once at startup) puts a cache in front
of it; the first lookup of each pair is still Flet's own.
"""

from __future__ import annotations

from typing import Any

from flet.controls import base_control

flets_own = base_control.get_event_field_type
"""Flet's lookup, as Flet defines it."""

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


def remember_event_types() -> None:
    """Have Flet look each (control class, event) pair up once; calling it again changes
    nothing."""
    base_control.get_event_field_type = event_type
