"""What Flet's web server sends is sent byte for byte as before, without the text of the
whole message made for a debug log that is off (``server.sending_without_writing_it_out``)."""

from __future__ import annotations

import logging

import flet as ft
from flet.messaging.protocol import Message, MessageAction, PatchControlBody
from flet_web.fastapi.flet_app import FletApp

from scorepad.ui.server import sending_without_writing_it_out


class Queue(list):
    def put_nowait(self, item: bytes) -> None:
        self.append(item)


class Sheet(ft.Column):
    """A screen whose text for a log cannot be made: asking for it is the failure."""

    def __repr__(self) -> str:
        raise AssertionError("the whole message was written out for the debug log")


def sender() -> FletApp:
    app = FletApp.__new__(FletApp)
    app._FletApp__send_queue = Queue()  # type: ignore[attr-defined]
    return app


def message() -> Message:
    screen = Sheet([ft.Text("Ana", color=ft.Colors.RED), ft.TextField(value="12")])
    return Message(MessageAction.PATCH_CONTROL, PatchControlBody(1, [[0], [0, 0, "x", screen]]))


def test_a_message_is_sent_as_flet_sends_it_and_not_written_out_with_the_log_off():
    sending_without_writing_it_out()
    sending_without_writing_it_out()  # twice: once patched
    ours, flets = sender(), sender()
    sent = message()
    ours.send_message(sent)
    sent.body.patch[1][3].__class__ = ft.Column  # the same controls, with a text to log
    FletApp._flet_send_message(flets, sent)
    assert ours._FletApp__send_queue == flets._FletApp__send_queue  # type: ignore[attr-defined]
    assert len(ours._FletApp__send_queue[0]) > 20  # type: ignore[attr-defined]


def test_with_the_debug_log_on_the_message_is_written_out(caplog):
    sending_without_writing_it_out()
    app = sender()
    text = Message(MessageAction.PATCH_CONTROL, PatchControlBody(1, [[0], [0, 0, "value", "12"]]))
    with caplog.at_level(logging.DEBUG, logger="flet_transport"):
        app.send_message(text)
    assert "send_message: " in caplog.text and "'12'" in caplog.text
    assert len(app._FletApp__send_queue) == 1  # type: ignore[attr-defined]


def test_a_message_to_a_device_already_gone_is_dropped_without_an_error():
    """A phone that leaves while its first screen is drawn: Flet has let go of its queue,
    and Flet's own ``send_message`` raised (a traceback on the host's terminal)."""
    sending_without_writing_it_out()
    app = FletApp.__new__(FletApp)
    app._FletApp__send_queue = None  # type: ignore[attr-defined]
    app.send_message(message())  # nothing to send to, nothing raised
