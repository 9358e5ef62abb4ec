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
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from scorepad.ui.share import ASGIApp, Message, Receive, Scope, Send

PING = "scorepad:ping"
PONG = "scorepad:pong:{received}:{lang}"
"""The answer: frames of Flet's the app has received on this socket, and the app's
language (the page's own words follow it on a device that chose none in Settings; one
that chose follows its own choice, which the page reads from the browser's storage)."""


def answering_pings(app: ASGIApp, lang: Callable[[], str]) -> ASGIApp:
    """``app``, with its websockets answering the page's ``PING`` themselves."""

    async def heartbeat(scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "websocket":
            await app(scope, receive, send)
            return
        lock = asyncio.Lock()  # Flet's sends and the answers go out one at a time
        received = 0
        language: str | None = None
        answer: asyncio.Future[None] | None = None

        async def send_one(message: Message) -> None:
            async with lock:
                await send(message)

        async def receive_flet() -> Message:
            nonlocal received, language, answer
            while True:
                message = await receive()
                if message.get("type") != "websocket.receive":
                    return message
                if message.get("text") == PING:
                    if answer is not None and not answer.done():
                        continue  # an answer is still waiting to go: one is enough
                    language = language or lang()
                    pong = PONG.format(received=received, lang=language)
                    # sent beside Flet's receiving, never holding it up behind a send
                    answer = asyncio.ensure_future(
                        send_one({"type": "websocket.send", "text": pong})
                    )
                    answer.add_done_callback(_answered)
                    continue
                if message.get("text") is not None:
                    continue  # nothing of Flet's is text: a frame no client of ours sends
                received += 1
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
            "ok": tr("link.ok", lang),
        }
        for lang in LANGS
    }
    code = (OWN_DIR / PAGE_SCRIPT).read_text(encoding="utf-8")
    words = json.dumps(texts, ensure_ascii=False).replace("</", "<\\/")
    key = json.dumps(f"flutter.{LANG_KEY}")  # as Flutter names it in the browser's storage
    code = code.replace("__TEXTS__", words).replace("__LANG_KEY__", key)
    return f"<script>\n{code}</script>\n"
