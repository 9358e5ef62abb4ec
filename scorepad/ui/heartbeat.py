"""A device's link to the app, checked both ways: what makes a lost connection seen at once.

A phone whose Wi-Fi drops keeps its websocket open for as long as nothing tells it the
other end is gone, and what it types meanwhile goes into that dead socket: Flet's client
cannot tell, and neither can the person typing. So the page asks the app every few seconds
whether it is still there (``PING``, a text frame; Flet's own frames are binary) and the
app answers at once, beside Flet, with how many of the device's frames it has received on
that socket (``PONG``). The page (``scorepad/ui/web/heartbeat.js``) says so when an
answer is late, stops all typing once the socket closes, and once the app answers again
says whether something it had sent was never received: nothing typed is dropped without
a word.

A socket has at most one answer waiting to be sent: a ping that comes while one is still
waiting (a page can only have sent it faster than it reads, a flood) is dropped
unanswered, so a socket's pings never pile up in the app's memory.

What a phone types while its Wi-Fi is down goes into a socket that looks open: the page
keeps every frame the app has not confirmed (a bounded number), and once the socket
closes it starts afresh on the same session (Flet's session id is in the browser's
storage) and sends them again. Each socket names itself (``LINK``, a random id); the new
one asks how many frames the app received on the old one (``RESUME``, answered with
``HAD``, ``-`` for a socket this app does not know: it was restarted) and sends the others
again, in order, as Flet's own frames: they go through Flet as any typing does, with the
same checks (``scorepad.ui.client_patches``). Where a value cannot be taken (its sheet
was saved or thrown away on another device meanwhile, or its field is gone), whether it
was sent again or came late on a socket that lived through the drop, ``untaken`` names
its player and line, and the page lists them (``UNTAKEN``, ``UNTAKEN_NOW``).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgpack

from scorepad.ui.share import ASGIApp, Message, Receive, Scope, Send

PING = "scorepad:ping"
PONG = "scorepad:pong:{received}:{lang}"
"""The answer: frames of Flet's the app has received on this socket, and the app's
language (the page's own words follow it on a device that chose none in Settings; one
that chose follows its own choice, which the page reads from the browser's storage)."""
LINK = re.compile(r"scorepad:link:([0-9a-f]{32})")
"""A socket's own name, sent by the page when it opens."""
RESUME = re.compile(r"scorepad:resume:([0-9a-f]{32})")
"""The page asks how many of its frames the app received on an earlier socket."""
HAD = "scorepad:had:{received}"
"""The answer: frames received on that socket, ``-`` when the app does not know it."""
REPLAYED = "scorepad:replayed"
"""The page sent again what the app had not received."""
UNTAKEN = "scorepad:untaken:{names}"
"""The values sent again that could not be taken: a JSON list of [player, line, value]."""
UNTAKEN_NOW = "scorepad:untaken-now:{names}"
"""A value that came (late, on the socket it was typed on) and could not be taken."""
LINKS_KEPT = 1024
"""Sockets whose count of frames received is remembered (the oldest is forgotten)."""
UNTAKEN_KEPT = 100
"""Values named at most in one answer (a page keeps at most a few hundred frames)."""
UPDATE_CONTROL_PROPS = 4
"""Flet's action of a frame that sets a control's properties (``MessageAction``)."""

Untaken = Callable[[int], "tuple[str, str] | None"]
"""The player and line of a sheet field (by Flet's control id) that would not take a
value now; None for any other control, or one that would."""


@dataclass
class Received:
    """How many of Flet's frames the app has received on one socket."""

    count: int = 0


def _nothing_untaken(control_id: int) -> tuple[str, str] | None:
    return None


def _typed_value(frame: bytes) -> tuple[int, str] | None:
    """The control and the text of a Flet frame that sets a field's text, else None."""
    if not frame or frame[0] != 0:
        return None
    try:
        message: Any = msgpack.unpackb(frame[1:], strict_map_key=False)
    except Exception:  # not Flet's: Flet itself refuses it
        return None
    if not isinstance(message, list | tuple) or len(message) != 2:
        return None
    action, body = message
    if action != UPDATE_CONTROL_PROPS or not isinstance(body, dict):
        return None
    control_id, props = body.get("id"), body.get("props")
    if not isinstance(control_id, int) or not isinstance(props, dict):
        return None
    value = props.get("value")
    return (control_id, value) if isinstance(value, str) else None


def answering_pings(
    app: ASGIApp, lang: Callable[[], str], untaken: Untaken = _nothing_untaken
) -> ASGIApp:
    """``app``, with its websockets answering the page's ``PING`` themselves, and taking
    again what a page sent on a socket that closed before the app received it."""
    links: OrderedDict[str, Received] = OrderedDict()

    async def heartbeat(scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "websocket":
            await app(scope, receive, send)
            return
        lock = asyncio.Lock()  # Flet's sends and the answers go out one at a time
        received = Received()
        named = False
        language: str | None = None
        answer: asyncio.Future[None] | None = None
        had: str | None = None  # the answer to a RESUME, once Flet has this socket's first frame
        replaying = False
        not_taken: dict[int, tuple[str, str, str]] = {}
        late_names: dict[int, tuple[str, str, str]] = {}  # named, to go with the next answer
        naming: asyncio.Future[None] | None = None

        async def send_one(message: Message) -> None:
            async with lock:
                await send(message)

        def tell(text: str) -> asyncio.Future[None]:
            """Send ``text`` beside Flet, never holding up its receiving."""
            told = asyncio.ensure_future(send_one({"type": "websocket.send", "text": text}))
            told.add_done_callback(_answered)
            return told

        def name_late(_: object = None) -> None:
            """Name the late values not taken: one answer waiting at most (a page that
            sends faster than it reads has its names gathered, each cell once)."""
            nonlocal naming
            if (naming is not None and not naming.done()) or not late_names:
                return
            names = json.dumps(list(late_names.values()), ensure_ascii=False)
            late_names.clear()
            naming = tell(UNTAKEN_NOW.format(names=names))
            naming.add_done_callback(name_late)

        def own_text(text: str) -> bool:
            """Take one of the page's own messages; False for any other text."""
            nonlocal named, had, replaying
            if (found := LINK.fullmatch(text)) is not None:
                if not named:  # a socket is named once
                    named = True
                    links[found.group(1)] = received
                    while len(links) > LINKS_KEPT:
                        links.popitem(last=False)
                return True
            if (found := RESUME.fullmatch(text)) is not None:
                if had is None and not replaying:
                    earlier = links.get(found.group(1))
                    had = HAD.format(received="-" if earlier is None else earlier.count)
                    replaying = earlier is not None
                    if received.count:
                        tell(had)
                return True
            if text == REPLAYED:
                if replaying:
                    replaying = False
                    names = list(not_taken.values())
                    not_taken.clear()
                    tell(UNTAKEN.format(names=json.dumps(names, ensure_ascii=False)))
                return True
            return False

        def check(frame: bytes) -> None:
            """A value its field would not take now is named: at once, or with the
            answer to ``REPLAYED`` for the frames sent again."""
            typed = _typed_value(frame)
            if typed is None:
                return
            control_id, value = typed
            name = untaken(control_id)
            not_taken.pop(control_id, None)  # in the order last typed; taken: its last counts
            if name is None:
                return
            if replaying:
                not_taken[control_id] = (*name, value)
                while len(not_taken) > UNTAKEN_KEPT:
                    del not_taken[next(iter(not_taken))]
            else:  # a late frame on a socket that lived through the drop
                late_names.pop(control_id, None)
                late_names[control_id] = (*name, value)
                while len(late_names) > UNTAKEN_KEPT:
                    del late_names[next(iter(late_names))]
                name_late()

        async def receive_flet() -> Message:
            nonlocal language, answer
            while True:
                message = await receive()
                if message.get("type") != "websocket.receive":
                    return message
                text = message.get("text")
                if text is not None and text != PING and own_text(text):
                    continue
                if message.get("text") == PING:
                    if answer is not None and not answer.done():
                        continue  # an answer is still waiting to go: one is enough
                    language = language or lang()
                    pong = PONG.format(received=received.count, lang=language)
                    # sent beside Flet's receiving, never holding it up behind a send
                    answer = asyncio.ensure_future(
                        send_one({"type": "websocket.send", "text": pong})
                    )
                    answer.add_done_callback(_answered)
                    continue
                if message.get("text") is not None:
                    continue  # nothing of Flet's is text: a frame no client of ours sends
                received.count += 1
                if had is not None and received.count == 1:
                    tell(had)  # after Flet's first frame (the session taken up again)
                if isinstance(message.get("bytes"), bytes):
                    check(message["bytes"])
                return message

        await app(scope, receive_flet, send_one)

    return heartbeat


def _answered(answer: asyncio.Future[None]) -> None:
    """An answer sent, or not: one the socket closed under is not an error."""
    if not answer.cancelled():
        answer.exception()  # read: a closed socket's failure is expected


def link_script() -> str:
    """The page's side (``web/heartbeat.js``) with its words in every language, for the
    page's ``<head>``: it must wrap the websocket before Flet's client opens one."""
    import json

    from scorepad.core.i18n import LANGS, tr
    from scorepad.ui.settings import LANG_KEY
    from scorepad.ui.web_own import OWN_DIR, PAGE_SCRIPT

    texts = {
        lang: {
            "late": tr("link.late", lang),
            "lost": tr("link.lost", lang),
            "unsent": tr("link.unsent", lang),
            "untaken": tr("link.untaken", lang),
            "full": tr("link.full", lang),
            "ok": tr("link.ok", lang),
        }
        for lang in LANGS
    }
    code = (OWN_DIR / PAGE_SCRIPT).read_text(encoding="utf-8")
    words = json.dumps(texts, ensure_ascii=False).replace("</", "<\\/")
    key = json.dumps(f"flutter.{LANG_KEY}")  # as Flutter names it in the browser's storage
    code = code.replace("__TEXTS__", words).replace("__LANG_KEY__", key)
    return f"<script>\n{code}</script>\n"
