"""Several controls' new values in one message to the browser.

``page.update(a, b, c)`` has Flet diff each control on its own and send each patch as a
message of its own (one websocket frame, compressed on its own). On a live sheet one
change shows on every device as several small ones (the cell, a total, ranks, the
leader's trophy and name, the result sentence): one message each was most of the
server's work per change. ``Sender(root).send(controls)`` sends what changed in all of them as
one patch addressed to ``root``, each property with its path from ``root``, exactly as
Flet's own diff addresses a control it reaches from ``root`` (the browser applies it the
same way). Only plain property changes go this way (a value, a colour, visible); a
control whose lists or nested parts changed, or that is not under ``root``, goes through
Flet's own update, as before.

This stands in for Flet's ``Session.patch_control`` (and copies its message format and
sending); it is listed, with the change in Flet that would let it go, in
``flet_patches.REPLACEMENTS``.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
from collections.abc import Iterable
from typing import Any

from flet.controls.base_control import BaseControl
from flet.controls.context import context
from flet.controls.control import Control
from flet.messaging.protocol import Message, MessageAction
from flet.messaging.session import Session

Step = str | int
"""A field of a control, or a place in a list field."""

_fields: dict[type, dict[str, dataclasses.Field[Any]]] = {}


def fields(cls: type) -> dict[str, dataclasses.Field[Any]]:
    found = _fields.get(cls)
    if found is None:
        found = _fields[cls] = {f.name: f for f in dataclasses.fields(cls)}
    return found


flets_patch_control = Session.patch_control
"""Flet's own update of a control's subtree in the browser, as Flet defines it."""


def counting_patch_control(self: Session, *args: Any, **kwargs: Any) -> Any:
    """Flet's own update, counted on the session (``rebuilt``)."""
    self._scorepad_rebuilt = getattr(self, "_scorepad_rebuilt", 0) + 1  # type: ignore[attr-defined]
    return flets_patch_control(self, *args, **kwargs)


def count_rebuilds() -> None:
    """Count, on each session, the updates that go through Flet's own diff: the only way
    a control is added, moved or taken off in the browser (``page.update``, an isolated
    control's ``update``, Flet's update after an event). Called again, it changes
    nothing."""
    if Session.patch_control is not counting_patch_control:
        Session.patch_control = counting_patch_control  # type: ignore[method-assign]


def rebuilt(session: Session) -> int:
    """How many of Flet's own updates went to ``session`` since they were counted."""
    return getattr(session, "_scorepad_rebuilt", 0)


class Sender:
    """Sends changes of controls under ``root`` (a screen) to the browser showing it."""

    def __init__(self, root: BaseControl) -> None:
        count_rebuilds()
        self.root = root
        self.paths: dict[int, tuple[BaseControl, tuple[Step, ...], int]] = {}
        """Each control sent (by id) → its path from the root, as last found, and the
        count of Flet's own updates then: while no other went to the browser, nothing in
        it moved; after one, the path is found again before its next use (rows rebuilt,
        lines added)."""

    def send(self, controls: Iterable[Control]) -> None:
        """Send the changes of ``controls`` (each at most once, in this order) to the browser
        that shows the root: plain property changes of controls under the root in one
        message, anything else through Flet's own update first. Like ``page.update``, it
        stands for the update Flet would make after the event handler (unless nothing is
        given)."""
        controls = list(dict.fromkeys(controls))
        if not controls:
            return
        root = self.root
        page = root.page
        if page.session.index.get(root._i) is not root:  # the browser does not know it
            page.update(*controls)
            return
        plain: list[tuple[Control, list[tuple[str, Any]]]] = []
        others: list[Control] = []
        for control in controls:
            control.before_update()  # as Flet's diff does, before it reads what changed
            changes = plain_changes(control)
            if changes is None:
                others.append(control)
            elif changes:
                plain.append((control, changes))
        if others:  # first: they may add or move controls the plain changes are under
            page.update(*others)
        ops: list[tuple[tuple[Step, ...], list[tuple[str, Any]]]] = []
        now = rebuilt(page.session)
        for control, changes in plain:
            path = self.path_to(control, now)
            if path is None:
                page.update(control)
                continue
            ops.append((path, changes))
            control._dirty.clear()
        if ops:
            body = {"id": root._i, "patch": encoded(ops)}  # as Flet's PatchControlBody packs
            message = Message(MessageAction.PATCH_CONTROL, body)
            # as Session.patch_control sends its patches (kept for a page reconnecting)
            getattr(page.session, "_Session__send_message")(message)  # noqa: B009
        context.mark_update_called()

    def path_to(self, control: BaseControl, now: int | None = None) -> tuple[Step, ...] | None:
        """The fields and list places that lead from ``root`` to ``control`` (None: it is not
        under the root), as the browser has them. A path found before holds while none of
        Flet's own updates went to the browser since (``now``: their count); after one it
        is found again."""
        root = self.root
        if now is None:
            now = rebuilt(root.page.session)
        known = self.paths.get(id(control))
        if known is not None and known[0] is control and known[2] == now:
            return known[1]
        steps: list[Step] = []
        node = control
        while node is not root:
            ref = getattr(node, "_parent", None)
            parent = ref() if ref is not None else None
            if not isinstance(parent, BaseControl):
                return None
            place = _place(parent, node)
            if place is None:
                return None
            steps[:0] = place
            node = parent
        path = tuple(steps)
        self.paths[id(control)] = (control, path, now)
        return path


def encoded(ops: Iterable[tuple[tuple[Step, ...], list[tuple[str, Any]]]]) -> list[Any]:
    """The patch setting, for each control's path from the root, its properties' new
    values, in the form Flet's ``ObjectPatch.to_message`` gives replace operations: first a
    tree of the paths' steps, each node numbered in the order first reached (the root 0),
    then per value ``[0 (replace), node, name, value]``."""
    tree: list[Any] = [0]
    patch: list[Any] = [tree]
    count = 1
    for path, changes in ops:
        node = tree
        for step in path:
            if len(node) == 1:
                node.append({})
            child = node[1].get(step)
            if child is None:
                child = node[1][step] = [count]
                count += 1
            node = child
        patch += ([0, node[0], name, _plain(value)] for name, value in changes)
    return patch


def _plain(value: Any) -> Any:
    """An enum's value as the plain str or int it is sent as (the same bytes): Flet's web
    server writes every message it sends into a debug line, and an enum's text is slow."""
    if isinstance(value, enum.Enum) and isinstance(value, str | int):
        return str(value.value) if isinstance(value, str) else int(value.value)
    return value


def plain_changes(control: BaseControl) -> list[tuple[str, Any]] | None:
    """The properties of ``control`` set since it was last sent, with the values Flet's
    diff would send; None when anything else may have changed (a list, a nested part)."""
    if not isinstance(control, BaseControl):
        return None
    own = control.__dict__  # Flet keeps these on the instance (asking getattr is slower)
    prev_lists: dict[str, list[Any]] = own.get("__prev_lists") or {}
    for name, old in prev_lists.items():
        new = getattr(control, name, None)
        if not isinstance(new, list) or len(new) != len(old):
            return None
        if any(a is not b for a, b in zip(old, new, strict=True)):
            return None
        if any(isinstance(item, BaseControl) for item in new):
            return None  # Flet's diff would look into them too
    prev_dicts: dict[str, dict[Any, Any]] = own.get("__prev_dicts") or {}
    for name, old_dict in prev_dicts.items():
        if getattr(control, name, None) != old_dict:
            return None
    prev_classes: dict[str, Any] = own.get("__prev_classes") or {}
    for name, part in prev_classes.items():
        if getattr(control, name, None) is not part or isinstance(part, BaseControl):
            return None
        if getattr(part, "__changes", None):
            return None
    dirty = own.get("_dirty")
    if not dirty:
        return []
    values: dict[str, Any] = own.get("_values") or {}
    defaults: dict[str, Any] = getattr(type(control), "_prop_defaults", {})
    sent = _sent_fields(type(control))
    out: list[tuple[str, Any]] = []
    for name in dirty:
        event = sent.get(name)
        if event is None:  # not a field, or one Flet does not send
            continue
        raw = getattr(control, name, None)
        if raw is None:
            if name in prev_classes or name in prev_lists or name in prev_dicts:
                return None
        elif not isinstance(raw, str | int | float) and (  # an enum is one of these too
            isinstance(raw, list | dict) or dataclasses.is_dataclass(raw)
        ):
            return None
        if name not in values and name not in defaults:
            return None
        value = values.get(name, defaults.get(name))
        out.append((name, value is not None if event else value))
    return out


_sent: dict[type, dict[str, bool]] = {}


def _sent_fields(cls: type) -> dict[str, bool]:
    """The fields of ``cls`` that Flet sends, each with whether it is an event handler's
    (sent as whether there is one)."""
    found = _sent.get(cls)
    if found is None:
        found = _sent[cls] = {
            name: name.startswith("on_") and field.metadata.get("event", True)
            for name, field in fields(cls).items()
            if not field.metadata.get("skip", False)
        }
    return found


def _place(parent: BaseControl, child: BaseControl) -> tuple[Step, ...] | None:
    """Where ``child`` is in ``parent``: a field, or a field and a place in its list. A
    child is either in a field Flet keeps sparsely, then among the parent's non-default
    values, or in one of its structural fields (the lists); only those are looked at."""
    values: dict[str, Any] = getattr(parent, "_values", {})
    structural = getattr(type(parent), "_structural_fields", None)
    if structural is None:  # not one of Flet's sparse controls: every field
        names: Iterable[str] = (
            n for n, f in fields(type(parent)).items() if not f.metadata.get("skip", False)
        )
        pairs: Iterable[tuple[str, Any]] = ((n, getattr(parent, n, None)) for n in names)
    else:
        pairs = itertools.chain(values.items(), ((n, getattr(parent, n, None)) for n in structural))
    for name, value in pairs:
        if value is child:
            return (name,)
        if isinstance(value, list):
            for index, item in enumerate(value):
                if item is child:
                    return (name, index)
    return None
