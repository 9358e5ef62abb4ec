"""No traceback ever reaches a device: the one place where an error of the server meets a page.

Flet reports an exception raised in a session (an event handler, ``main``, an effect, a
reconnection) with ``Session.error``, which sends the client a ``SESSION_CRASHED`` message
holding the exception and its whole traceback: the server's paths, its code, sometimes the
values a person typed, shown on a phone in a red screen. ``install`` replaces that method,
once, for every session: the traceback goes to the server's log (at error level, whole) and
the device is shown one plain sentence over its screen (a snack bar, ``app-failed``) in the
page's language (``speaks``), and the session goes on: the page stays as it was, every other
device too. Where showing the sentence fails as well, that is logged and nothing more is
sent.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.core.i18n import DEFAULT_LANG
from scorepad.l10n import tr

logger = logging.getLogger(__name__)

SENTENCE = "app.failed"
"""The message key of what a device is told."""

_SAYS: weakref.WeakKeyDictionary[ft.Page, Callable[[], str]] = weakref.WeakKeyDictionary()
_SHOWN: weakref.WeakKeyDictionary[ft.Page, ft.SnackBar] = weakref.WeakKeyDictionary()
"""Each page's snack bar of this kind while it is up: a second error shows it again rather
than stacking another (a page that never closes them holds one)."""


def speaks(page: ft.Page, sentence: Callable[[], str]) -> None:
    """What ``page`` is told when something fails: ``sentence()``, asked at that moment
    (the page's language may have changed since)."""
    _SAYS[page] = sentence


def install() -> None:
    """Every session reports its errors as ``report`` does, from now on (once)."""
    from flet.messaging.session import Session

    if getattr(Session, "_scorepad_reports_plainly", False):
        return
    Session.error = report  # type: ignore[method-assign,assignment]
    Session._scorepad_reports_plainly = True  # type: ignore[attr-defined]


def report(session: Any, message: str) -> None:
    """``Session.error``: ``message`` (Flet's text of the exception, with its traceback)
    into the log, and the session's page told in one plain sentence."""
    logger.error("an error in a session, not shown to its device:\n%s", message)
    try:
        page = session.page
        say = _SAYS.get(page)
        text = say() if say is not None else tr(SENTENCE, DEFAULT_LANG)
        content = ft.Semantics(identifier="app-failed", content=ft.Text(text))
        shown = _SHOWN.get(page)
        if shown is not None and shown in page._dialogs.controls:
            shown.content, shown.open = content, True
            page._dialogs.update()
            return
        bar = ft.SnackBar(content)
        _SHOWN[page] = bar
        page.show_dialog(bar)
    except Exception:  # the page cannot show it (gone, or broken): the log has it all
        logger.exception("the device could not be told that something went wrong")
