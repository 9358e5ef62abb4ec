"""A device that leaves while its first screen is drawn ends its session quietly.

Flet's ``FletApp.__on_session_created`` runs the app's ``main`` for a new session, then
reads ``self.__session`` again to send what ``main`` drew. When the device left in
between (a phone locked, a page closed or reloaded at once), Flet has already let go of
the session: ``self.__session`` is None, and the next line raised ``AttributeError``,
which Flet logged as an unhandled error with its traceback on the host's terminal.

Ours is Flet's function with the session held from the start: what ``main`` drew is
handed to that session, which sends nothing to a device already gone (``server.
sending_without_writing_it_out``). Every other path is Flet's own, line for line. It is
listed, with the change in Flet that would let it go, in ``flet_patches.REPLACEMENTS``.
"""

from __future__ import annotations

import inspect
from typing import Any

from flet.controls.context import _context_page, context
from flet.controls.exceptions import FletPageDisconnectedException
from flet_web.fastapi import flet_app
from flet_web.fastapi.flet_app import FletApp

flets_on_session_created = vars(FletApp)["_FletApp__on_session_created"]
"""Flet's own, kept before ours takes its place."""


async def on_session_created(self: Any) -> None:
    """Run the app's ``main`` for a new session and send what it drew (Flet's
    ``__on_session_created``, with the session read once)."""
    session = self._FletApp__session
    assert session
    flet_app.logger.info(f"Start session: {session.id}")
    try:
        main = self._FletApp__main
        assert main is not None
        _context_page.set(session.page)
        context.reset_auto_update()

        if inspect.iscoroutinefunction(main):
            await main(session.page)
        elif inspect.isasyncgenfunction(main):
            async for _ in main(session.page):
                await session.after_event(session.page)
        elif inspect.isgeneratorfunction(main):
            for _ in main(session.page):
                await session.after_event(session.page)
        else:
            main(session.page)

        await session.after_event(session.page)
    except FletPageDisconnectedException:
        flet_app.logger.debug(
            f"Session handler attempted to update disconnected page: {session.id}"
        )
    except BrokenPipeError:
        flet_app.logger.info(f"Session handler terminated: {session.id}")
    except Exception as e:
        flet_app.logger.error(
            f"Unhandled error processing page session: {session.id}", exc_info=True
        )
        session.error(str(e))


def keep_the_starting_session() -> None:
    """Put ours in the place of Flet's (again: changes nothing)."""
    FletApp._FletApp__on_session_created = on_session_created
