"""Driving views without a browser: find controls by test id, fire their handlers."""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import threading
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TypeVar

import flet as ft

from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.keeper import of_game
from scorepad.ui.config import AppConfig
from scorepad.ui.context import Context, Services
from scorepad.ui.drafts import DraftStore, FileDraftStore
from scorepad.ui.history import History, StoreHistory
from scorepad.ui.settings import Settings, SettingsFile

T = TypeVar("T")


def walk(control: object) -> Iterator[ft.BaseControl]:
    """Every control under ``control`` (itself included), through any field holding one."""
    if isinstance(control, ft.BaseControl):
        yield control
        for name in (f.name for f in dataclasses.fields(control)):
            if name.startswith("_"):
                continue
            value = getattr(control, name, None)
            if isinstance(value, ft.BaseControl):
                yield from walk(value)
            elif isinstance(value, list):
                for item in value:
                    yield from walk(item)


def texts(root: object) -> list[str]:
    """Every text ``root`` shows, in drawing order."""
    return [c.value for c in walk(root) if isinstance(c, ft.Text) and c.value]


def find(root: object, ident: str) -> ft.Control:
    """The control wrapped by ``ft.Semantics(identifier=ident)`` under ``root``."""
    for control in walk(root):
        if isinstance(control, ft.Semantics) and control.identifier == ident:
            return control.content
    raise LookupError(ident)


def shown(root: object, ident: str) -> bool:
    """The control with test id ``ident`` is shown: its wrapper and itself (a wrapper is
    hidden rather than its control, see ``tid``)."""
    for control in walk(root):
        if isinstance(control, ft.Semantics) and control.identifier == ident:
            return bool(control.visible and control.content is not None and control.content.visible)
    raise LookupError(ident)


def error_boxes(root: object) -> list[str]:
    """The Semantics under ``root`` that the browser would draw as Flet's red error box
    ("Semantics.content must be provided and visible"): shown, with no content or a
    hidden one. Each is named by its test id (or its label)."""
    found: list[str] = []

    def visit(control: object) -> None:
        if not isinstance(control, ft.BaseControl) or not getattr(control, "visible", True):
            return  # a hidden control is not drawn, nor anything under it
        if isinstance(control, ft.Semantics):
            content = control.content
            if content is None or not content.visible:
                found.append(str(control.identifier or control.label))
        for name in (f.name for f in dataclasses.fields(control)):
            if name.startswith("_"):
                continue
            value = getattr(control, name, None)
            for item in value if isinstance(value, list) else [value]:
                visit(item)

    visit(root)
    return found


def has(root: object, ident: str) -> bool:
    try:
        find(root, ident)
    except LookupError:
        return False
    return True


def fire(control: ft.Control, event: str = "change", data: object = None) -> None:
    """Call the control's ``on_<event>`` handler the way Flet would: a change event
    carries the new value (a text field's text, a box's state) as its data."""
    handler = getattr(control, f"on_{event}")
    if len(inspect.signature(handler).parameters) == 0:
        done = handler()
    else:
        done = handler(ft.Event(name=event, control=control, data=data))
    if inspect.isawaitable(done):  # an async handler: run to its end, as Flet awaits it
        run_async(lambda: done)  # in a thread of its own: a browser test's loop may run here


def type_into(root: object, ident: str, text: object) -> None:
    """Type ``text`` into a field (or set a box to True/False) as a browser reports it:
    the value first, then the change event carrying it."""
    field = find(root, ident)
    field.value = text
    if field.on_change is not None:  # a field read only when a button is pressed
        fire(field, "change", text)


def click(root: object, ident: str) -> None:
    """A click, or a tap on what takes taps only (a − or + beside a field)."""
    control = find(root, ident)
    fire(control, "tap" if isinstance(control, ft.GestureDetector) else "click")


def context(
    tmp_path: Path,
    *,
    history: History | None = None,
    lang: str = "en",
    compact: bool = False,
    db_url: str | None = None,
) -> tuple[Context, list[str]]:
    """A context over real files in ``tmp_path`` (the history too, ``history.db``, unless
    one is given; it opens on first use); the list collects navigated routes."""
    routes: list[str] = []
    drafts = FileDraftStore(tmp_path / "drafts")
    services = Services(
        config=AppConfig(data_dir=tmp_path, db_url=db_url, lang=lang),
        drafts=drafts,
        history=history or StoreHistory(str(tmp_path / "history.db"), drafts),
        settings_file=SettingsFile(tmp_path / "settings.json"),
    )
    ctx = Context(services, Settings(), navigate=routes.append, compact=compact)
    return ctx, routes


def latest(drafts: DraftStore, game: str) -> SheetDraft | None:
    """The most recently changed sheet in progress of ``game``, or None."""
    found = of_game(drafts, game)
    return found[0] if found else None


def run_async(make: Callable[[], Awaitable[T]]) -> T:
    """Run the coroutine ``make()`` makes in a thread of its own and return its result:
    Playwright's sync API may already run an event loop in this one (the browser tests
    share the process)."""
    out: list[T] = []
    failures: list[BaseException] = []

    def work() -> None:
        try:
            out.append(asyncio.run(make()))
        except BaseException as problem:  # re-raised in the test's thread
            failures.append(problem)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]
    return out[0]
