"""A device that leaves while its first screen is drawn (``flet_patches.session_start``):
Flet's own start of a session logged an unhandled error with a traceback on the host's
terminal; ours hands what ``main`` drew to the session it was drawn for, quietly, and
keeps Flet's answers on every other path."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from flet_web.fastapi.flet_app import FletApp
from ui_helpers import run_async

from scorepad.ui.flet_patches.session_start import flets_on_session_created, on_session_created


class Session:
    def __init__(self) -> None:
        self.id = "s1"
        self.page = object()
        self.after: list[object] = []
        self.errors: list[str] = []

    async def after_event(self, page: object) -> None:
        self.after.append(page)

    def error(self, text: str) -> None:
        self.errors.append(text)


def app_with(main: Any) -> tuple[FletApp, Session]:
    app = FletApp.__new__(FletApp)
    session = Session()
    app._FletApp__session = session  # type: ignore[attr-defined]
    app._FletApp__main = main  # type: ignore[attr-defined]
    return app, session


def leaving(app_box: list[FletApp]) -> Any:
    async def main(page: object) -> None:
        app_box[0]._FletApp__session = None  # type: ignore[attr-defined]  # the device left

    return main


@pytest.mark.parametrize("start", [flets_on_session_created, on_session_created])
def test_a_device_leaving_during_its_first_screen(start: Any, caplog):
    box: list[FletApp] = []
    app, session = app_with(leaving(box))
    box.append(app)
    with caplog.at_level(logging.INFO, logger="flet_web.fastapi"):
        run_async(lambda: start(app))
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    if start is flets_on_session_created:  # the failure ours mends, as Flet has it
        assert errors and "Unhandled error processing page session" in errors[0].getMessage()
        assert errors[0].exc_info and errors[0].exc_info[0] is AttributeError
        assert session.after == []
    else:
        assert errors == []
        assert session.after == [session.page]  # drawn, handed to its session (sent nowhere)


def main_of(kind: str, calls: list[object]) -> Any:
    """An app's ``main`` of each form Flet takes, noting the page it was given."""
    if kind == "coroutine":

        async def coroutine(page: object) -> None:
            calls.append(page)

        return coroutine
    if kind == "function":

        def function(page: object) -> None:
            calls.append(page)

        return function
    if kind == "generator":

        def generator(page: object) -> Any:
            calls.append(page)
            yield
            yield

        return generator

    async def async_generator(page: object) -> Any:
        calls.append(page)
        yield
        yield

    return async_generator


def started(start: Any, main: Any) -> Session:
    app, session = app_with(main)
    run_async(lambda: start(app))
    return session


@pytest.mark.parametrize("kind", ["coroutine", "function", "generator", "async generator"])
def test_a_session_that_stays_runs_main_as_flet_does(kind: str):
    seen = []
    for start in (flets_on_session_created, on_session_created):
        calls: list[object] = []
        session = started(start, main_of(kind, calls))
        seen.append((calls == [session.page], len(session.after), session.errors))
    assert seen[0] == seen[1]
    assert seen[0][0] and seen[0][1] == (3 if "generator" in kind else 1)


def test_an_error_in_main_is_shown_to_its_session_as_flet_does(caplog):
    def main(page: object) -> None:
        raise ValueError("broken screen")

    with caplog.at_level(logging.ERROR, logger="flet_web.fastapi"):
        for start in (flets_on_session_created, on_session_created):
            assert started(start, main).errors == ["broken screen"]
