"""A minimal client of Flet's own websocket protocol: what a browser page says, without one.

Flet 1.0 serves its pages' websocket at ``/ws``. Every frame is one packet: a type byte
(``0x00``: a MessagePack-encoded ``[action, body]``) and the payload
(``flet_web/fastapi/flet_app.py``); the actions are ``flet.messaging.protocol.MessageAction``.
A page registers (``REGISTER_CLIENT`` with its route, size and media), answers with the
messages a browser sends right after (its brightness, media and size), then keeps a model
of the control tree: the register answer holds the page, and every ``PATCH_CONTROL``
(``{"id": control, "patch": [paths, op, ...]}``) changes the subtree of one control. The
patch's first item is a tree of path prefixes (``[index, {key: [index, {...}]}]``); each
operation names a prefix by its index and one last key: ``[0, node, key, value]``
replace, ``[1, node, key, value]`` add (inserted into a list), ``[2, node, key]`` remove,
``[3, node, key, to_node, to_key]`` move; operations apply one after the other
(``flet/controls/object_patch.py``: ``ObjectPatch.to_message``). Controls are maps with
``_c`` (their class) and ``_i`` (their id); a ``Semantics`` control's ``identifier`` names
its ``content``, which is how this client finds the fields and buttons it uses.

Typing a value is the two messages a browser sends: the value
(``[4, {"id": field, "props": {"value": text}}]``, UPDATE_CONTROL_PROPS) then the change
event (``[3, {"target": field, "name": "change", "data": text}]``, CONTROL_EVENT); a press
is ``[3, {"target": button, "name": "click", "data": None}]``. The server's method calls
(``INVOKE_METHOD``) are answered as a browser does: ``push_route`` first sets the page's
route and sends ``route_change``, then every call gets its result (None).

Checked against Chromium: these shapes were read from a real session's websocket frames
(Playwright's ``framesent``/``framereceived`` on ``/usr/bin/chromium``, MessagePack
decoded): two pages on one Azul sheet, a value typed on each, Save pressed on one. The
frames the pages sent (register, brightness, media, size, value then change, click, the
answers to ``push_route``) are the ones above, with the same keys and order; and the
patches Chromium received, replayed into ``Tree``, find the very control ids Chromium
targeted for the typed fields and for Save. ``bench/check_flet_wire.py`` does it again
(two Chromium pages, the frames kept and compared); run it after a Flet upgrade.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgpack

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS = 1, 2, 3, 4
INVOKE_METHOD, SESSION_CRASHED = 5, 6
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3

PHONE = (390.0, 844.0)
EDGES = {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0}
MEDIA = {
    "padding": EDGES,
    "view_padding": EDGES,
    "view_insets": EDGES,
    "device_pixel_ratio": 1.0,
    "orientation": "portrait",
    "always_use_24_hour_format": False,
}


def _ext(code: int, data: bytes) -> Any:
    """Dates, times and durations stay opaque: the bench never reads them."""
    return msgpack.ExtType(code, data)


def encode(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def decode(frame: bytes) -> tuple[int, Any] | None:
    """``(action, body)`` of a protocol packet; None for any other packet (data channels)."""
    if not frame or frame[0] != 0:
        return None
    action, body = msgpack.unpackb(frame[1:], ext_hook=_ext, strict_map_key=False)
    return action, body


def register(route: str, size: tuple[float, float] = PHONE) -> list[bytes]:
    """A new page at ``route``: the register request, without a session to resume."""
    width, height = size
    page = {
        "route": route,
        "pwa": False,
        "web": True,
        "debug": False,
        "wasm": True,
        "test": False,
        "multi_view": False,
        "pyodide": False,
        "platform_brightness": "light",
        "width": width,
        "height": height,
        "platform": "linux",
        "window": {},
        "media": MEDIA,
    }
    body = {"session_id": None, "page_name": route.split("?")[0].strip("/"), "page": page}
    return [encode(REGISTER_CLIENT, body)]


def after_register(page_id: int, size: tuple[float, float] = PHONE) -> list[bytes]:
    """What a browser page sends once registered: its brightness, media and size."""
    width, height = size
    return [
        encode(UPDATE_CONTROL_PROPS, {"id": page_id, "props": {"platform_brightness": "light"}}),
        encode(
            CONTROL_EVENT,
            {"target": page_id, "name": "platform_brightness_change", "data": "light"},
        ),
        encode(UPDATE_CONTROL_PROPS, {"id": page_id, "props": {"media": MEDIA}}),
        encode(UPDATE_CONTROL_PROPS, {"id": page_id, "props": {"width": width, "height": height}}),
    ]


def typing(field_id: int, text: str) -> list[bytes]:
    """A value typed into a text field: its new value, then the change event."""
    return [
        encode(UPDATE_CONTROL_PROPS, {"id": field_id, "props": {"value": text}}),
        encode(CONTROL_EVENT, {"target": field_id, "name": "change", "data": text}),
    ]


def click(control_id: int) -> list[bytes]:
    return [encode(CONTROL_EVENT, {"target": control_id, "name": "click", "data": None})]


def answer(page_id: int, body: dict) -> list[bytes]:
    """A browser's answer to a method call from the server."""
    frames = []
    if body.get("name") == "push_route":
        route = body.get("args", {}).get("route")
        changed = {"target": page_id, "name": "route_change", "data": {"route": route}}
        frames += [
            encode(UPDATE_CONTROL_PROPS, {"id": page_id, "props": {"route": route}}),
            encode(CONTROL_EVENT, changed),
        ]
    result = {
        "control_id": body.get("control_id"),
        "call_id": body.get("call_id"),
        "result": None,
        "error": None,
    }
    return [*frames, encode(INVOKE_METHOD, result)]


def _controls(value: Any) -> Iterator[dict]:
    """Every control in ``value`` (a control, a list, a map of properties), depth first."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "_i" in item and "_c" in item:
                yield item
            stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, (dict, list)))


class Tree:
    """One page's controls as the server last described them.

    ``controls`` finds a control by id (patches are addressed that way), ``named`` a
    ``Semantics`` wrapper by its identifier; both follow every patch, for the parts it
    adds and removes only.
    """

    def __init__(self, page: dict) -> None:
        self.page = page
        self.controls: dict[int, dict] = {}
        self.named: dict[str, dict] = {}
        self._add(page)

    def _add(self, value: Any) -> None:
        for control in _controls(value):
            self.controls[control["_i"]] = control
            if control["_c"] == "Semantics" and "identifier" in control:
                self.named[control["identifier"]] = control

    def _drop(self, value: Any) -> None:
        for control in _controls(value):
            if self.controls.get(control["_i"]) is control:
                del self.controls[control["_i"]]
            ident = control.get("identifier")
            if ident is not None and self.named.get(ident) is control:
                del self.named[ident]

    def content(self, identifier: str) -> dict | None:
        """The control a ``Semantics(identifier=...)`` wraps, if it is on the page."""
        wrapper = self.named.get(identifier)
        content = wrapper.get("content") if wrapper is not None else None
        return content if isinstance(content, dict) else None

    def value(self, identifier: str) -> Any:
        content = self.content(identifier)
        return content.get("value") if content is not None else None

    def apply(self, control_id: int, patch: list) -> None:
        """One PATCH_CONTROL: the operations, one after the other, under ``control_id``."""
        root = self.page if control_id == self.page.get("_i", 1) else self.controls.get(control_id)
        if root is None or not patch:
            return
        paths: dict[int, list] = {}
        stack: list[tuple[list, list]] = [(patch[0], [])]
        while stack:
            node, path = stack.pop()
            paths[node[0]] = path
            if len(node) > 1:
                stack.extend((child, [*path, key]) for key, child in node[1].items())
        for op in patch[1:]:
            kind = op[0]
            parent = _walk(root, paths[op[1]])
            key = op[2]
            if kind == REPLACE:
                old = _get(parent, key)
                _set(parent, key, op[3])
                self._drop(old)
                self._add(op[3])
            elif kind == ADD:
                if isinstance(parent, list):
                    parent.insert(key, op[3])
                else:
                    self._drop(parent.get(key))
                    parent[key] = op[3]
                self._add(op[3])
            elif kind == REMOVE:
                self._drop(parent.pop(key))
            elif kind == MOVE:
                item = parent.pop(key)
                target = _walk(root, paths[op[3]])
                if isinstance(target, list):
                    target.insert(op[4], item)
                else:
                    target[op[4]] = item


def _walk(value: Any, path: list) -> Any:
    for key in path:
        value = value[key]
    return value


def _get(parent: Any, key: Any) -> Any:
    if isinstance(parent, list):
        return parent[key] if 0 <= key < len(parent) else None
    return parent.get(key)


def _set(parent: Any, key: Any, value: Any) -> None:
    if isinstance(parent, list) and key == len(parent):
        parent.append(value)
    else:
        parent[key] = value
