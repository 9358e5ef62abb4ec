"""What a browser may change on the server's controls: what a person does there, nothing else.

Flet's web client reports what happens in the browser as patches of controls' properties
(``UpdateControlProps`` messages, and the page's properties when it registers), and
Flet applies any patch to any property of any control, the page's included
(``Session.apply_patch``): a client could rewrite ``page.client_ip``, re-enable a
disabled button, or set a field Flet keeps for itself. ``refusing_foreign_patches`` puts a
check in front: a patch is applied only to the properties that the client reports for a
control of that kind (``CLIENT_SETS``: the text typed in a field, a box ticked, a dialog
closed, the window's size and the route) and only with a value of the kind the control
holds; any other property of the patch is dropped and logged. Who a device is comes from
its connection, never from a patch (``scorepad.ui.devices``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import flet as ft
from flet.messaging.session import Session

logger = logging.getLogger(__name__)

Kinds = tuple[type, ...]
"""The kinds of value a property takes from a client (``None`` is always one of them)."""

TEXT: Kinds = (str,)
FLAG: Kinds = (bool,)
NUMBER: Kinds = (int, float)
PAIRS: Kinds = (dict,)

WINDOW_SETS: Mapping[str, Kinds] = {
    name: NUMBER for name in ("width", "height", "top", "left", "opacity")
} | {
    name: FLAG
    for name in ("maximized", "minimized", "full_screen", "focused", "visible", "always_on_top")
}
"""What the browser or the desktop window reports of the window."""

PAGE_SETS: Mapping[str, Kinds] = {
    "route": TEXT,
    "width": NUMBER,
    "height": NUMBER,
    "media": PAIRS,
    "window": PAIRS,
    "platform_brightness": TEXT,
    "platform": TEXT,
    "web": FLAG,
    "pwa": FLAG,
    "debug": FLAG,
    "wasm": FLAG,
    "test": FLAG,
    "multi_view": FLAG,
    "pyodide": FLAG,
}
"""What Flet's client reports of itself and of the page when it registers, and of the
page when the window changes. ``client_ip`` and ``client_user_agent`` are not among them:
the server fills those in."""

CLIENT_SETS: tuple[tuple[type, Mapping[str, Kinds]], ...] = (
    (ft.TextField, {"value": TEXT, "selection": PAIRS}),
    (ft.Checkbox, {"value": FLAG}),
    (ft.Switch, {"value": FLAG}),
    (ft.RadioGroup, {"value": TEXT}),
    (ft.Dropdown, {"value": TEXT, "text": TEXT}),
    (ft.Slider, {"value": NUMBER}),
    (ft.SegmentedButton, {"selected": (list,)}),
    (ft.ExpansionTile, {"expanded": FLAG}),
    (ft.Tabs, {"selected_index": (int,)}),
    (ft.NavigationBar, {"selected_index": (int,)}),
    (ft.DatePicker, {"value": TEXT, "open": FLAG}),
    (ft.DialogControl, {"open": FLAG, "_open": FLAG, "_dismissed": FLAG}),
)
"""The properties a client sets, by the kind of control it reports them for (the first
kind that a control is an instance of). A dialog or snack bar that the person closes (or
that times out) is reported by Flet's client in fields of its own, ``_open`` and
``_dismissed``."""

_sets: dict[type, Mapping[str, Kinds]] = {}


def client_sets(control: object) -> Mapping[str, Kinds]:
    """The properties (and their kinds) a client may patch on ``control``; none for a
    control no person changes in the browser (a text, a button, a container)."""
    cls = type(control)
    found = _sets.get(cls)
    if found is None:
        found = PAGE_SETS if issubclass(cls, ft.Page) else {}
        for kind, names in CLIENT_SETS:
            if issubclass(cls, kind):
                found = names
                break
        _sets[cls] = found
    return found


def allowed(control: object, patch: Mapping[str, Any]) -> dict[str, Any]:
    """The part of ``patch`` a client may apply to ``control``; the rest is logged."""
    sets = client_sets(control)
    kept: dict[str, Any] = {}
    for name, value in patch.items():
        kinds = sets.get(name) if isinstance(name, str) else None
        if kinds is not None and (value is None or _of_kind(value, kinds)):
            kept[name] = value
        else:
            logger.warning(
                "a browser's change of %s.%s refused: no browser sets it",
                type(control).__name__,
                str(name)[:40],
            )
    if "window" in kept:
        kept["window"] = allowed_window(kept["window"])
    return kept


def allowed_window(patch: Mapping[str, Any]) -> dict[str, Any]:
    return {
        name: value
        for name, value in patch.items()
        if name in WINDOW_SETS and (value is None or _of_kind(value, WINDOW_SETS[name]))
    }


def _of_kind(value: object, kinds: Kinds) -> bool:
    if isinstance(value, bool) and bool not in kinds:
        return False  # True is an int to Python, not a number a client reports
    return isinstance(value, kinds)


_flets_apply_patch = Session.apply_patch
"""Flet's own application of a client's patch to a control, as Flet defines it."""


def _apply_allowed_patch(self: Session, control_id: int, patch: dict[str, Any]) -> None:
    """Flet's ``apply_patch``, for the part of ``patch`` a client may set."""
    control = self._Session__index.get(control_id)  # type: ignore[attr-defined]
    if control is None or not isinstance(patch, dict):
        return
    kept = allowed(control, patch)
    if kept:
        _flets_apply_patch(self, control_id, kept)


def refusing_foreign_patches() -> None:
    """Apply only what a client may set (see the module doc). Called again, it changes
    nothing."""
    if Session.apply_patch is not _apply_allowed_patch:
        Session.apply_patch = _apply_allowed_patch  # type: ignore[method-assign]
