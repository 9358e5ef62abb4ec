"""What every screen of one session shares: the app's stores, the language, navigation.

Views receive a ``Context`` and never touch the page directly, so tests can build any
screen with a context whose ``navigate`` just records the route.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import flet as ft

from scorepad.core import GameTemplate, builtin_games
from scorepad.core.i18n import ntr, tr
from scorepad.ui.config import AppConfig
from scorepad.ui.drafts import DraftStore, FileDraftStore
from scorepad.ui.history import StoreHistory, open_history
from scorepad.ui.live import LiveSheets
from scorepad.ui.plays import PlayRepository
from scorepad.ui.settings import Settings, SettingsFile


@dataclass
class Services:
    """The app's parts that outlive a session; the history store plugs in here."""

    config: AppConfig
    drafts: DraftStore
    plays: PlayRepository
    settings_file: SettingsFile
    games: Callable[[], Mapping[str, GameTemplate]] = builtin_games
    """Every game the picker offers: built-ins now, user-defined games with the store."""
    history: StoreHistory | None = None
    """The store behind Stats, Players, Custom games and Settings' export and import."""
    live: LiveSheets = field(default_factory=LiveSheets)
    """Sheets open on several devices at once (``--share``): each change on all of them."""


T = TypeVar("T")


async def _no_download(name: str, data: bytes) -> None:
    """Without a page (tests, warm-up) there is nowhere to hand a file to."""


def _at_once(load: Callable[[], Any], show: Callable[[Any], None]) -> None:
    show(load())


@dataclass
class Context:
    services: Services
    settings: Settings
    navigate: Callable[[str], None]
    relabel: Callable[[], None] = lambda: None
    """Rebuild the screen after a change of language or theme."""
    update: Callable[..., None] = lambda *controls: None
    """Send these controls' changes to the browser now (instead of diffing the page)."""
    show: Callable[[ft.DialogControl], None] = lambda dialog: None
    """Show a snack bar or a dialog over the screen (it outlives a change of screen)."""
    hide: Callable[[], None] = lambda: None
    """Close the snack bar or dialog on top."""
    download: Callable[[str, bytes], Awaitable[None]] = _no_download
    """Hand a file (name, bytes) to the browser to save or open."""
    later: Callable[[Callable[[], Any], Callable[[Any], None]], None] = _at_once
    """``later(load, show)``: ``load`` off the page's event loop (it may wait for the
    history), then ``show`` its result on the page. Without a page, both at once."""
    compact: bool = False
    """A phone-sized window: views lay themselves out for about 390 pixels."""
    wide: bool = False
    """A window wider than the content's maximum width: the content is centred."""
    route: str = "/"
    screen: dict[str, Any] = field(default_factory=dict)
    """What the current screen holds that is saved nowhere yet (a form being filled in,
    the filters chosen): kept while the route stays the same, so that rebuilding the
    screen for another layout or language loses nothing. Cleared on a change of route."""

    leaving: list[Callable[[], None]] = field(default_factory=list)
    """What the screen shown must do when it is replaced (stop following a live sheet)."""

    def enter(self, route: str) -> None:
        """``route`` is the screen shown now; leaving a screen forgets what it held."""
        self.leave()
        if route != self.route:
            self.screen.clear()
        self.route = route

    def leave(self) -> None:
        """The screen shown is going away (another screen, or the session closed)."""
        while self.leaving:
            self.leaving.pop()()

    def kept(self, key: str, make: Callable[[], T]) -> T:
        """The current screen's ``key`` object, made by ``make`` the first time."""
        if key not in self.screen:
            self.screen[key] = make()
        value: T = self.screen[key]
        return value

    def keep(self, key: str, value: object) -> None:
        """Replace the current screen's ``key`` object."""
        self.screen[key] = value

    @property
    def lang(self) -> str:
        return self.settings.lang or self.services.config.lang

    def t(self, key: str, /, **fields: object) -> str:
        return tr(key, self.lang, **fields)

    def tn(self, key: str, count: int, /, **fields: object) -> str:
        """The plural message ``key`` in the form for ``count`` things."""
        return ntr(key, count, self.lang, **fields)

    def change_settings(self, settings: Settings) -> None:
        self.settings = settings
        self.services.settings_file.save(settings)
        self.relabel()


def build_services(config: AppConfig) -> Services:
    """The app's parts. The history store replaces ``plays`` (and ``games``) here."""
    history = open_history(config)
    return Services(
        config=config,
        drafts=FileDraftStore(config.data_dir / "drafts"),
        plays=history,
        settings_file=SettingsFile(config.data_dir / "settings.json"),
        games=history.games,
        history=history,
    )
