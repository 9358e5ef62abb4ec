"""What every screen of one session shares: the app's stores, the language, navigation.

Views receive a ``Context`` and never touch the page directly, so tests can build any
screen with a context whose ``navigate`` just records the route.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import flet as ft

from scorepad.core.i18n import ntr, tr
from scorepad.sheet.keeper import SharedKeeper
from scorepad.sheet.live import LiveSheets
from scorepad.ui.config import AppConfig
from scorepad.ui.devices import Power, may
from scorepad.ui.drafts import WRITE_EVERY_S, DraftStore, FileDraftStore
from scorepad.ui.flet_patches import remember_event_types
from scorepad.ui.history import History, StoreHistory
from scorepad.ui.photo_uploads import Picked
from scorepad.ui.settings import LANG_KEY, THEME_KEY, Settings, SettingsFile


@dataclass
class Services:
    """The app's parts that outlive a session."""

    config: AppConfig
    drafts: DraftStore
    history: History
    """Saved plays, players, stats, the games the picker offers, backups: all of it."""
    settings_file: SettingsFile
    live: LiveSheets = field(default_factory=LiveSheets)
    """Sheets open on several devices at once (``--share``): each change on all of them."""

    def default_lang(self) -> str:
        """The language of a device that chose none: the host's choice, else ``--lang``
        (SCOREPAD_LANG, the locale)."""
        return self.settings_file.current().lang or self.config.lang

    def device_settings(self) -> Settings:
        """A new session's settings before its device's own choices are known."""
        return Settings(keep_awake=self.settings_file.current().keep_awake)


T = TypeVar("T")

Audit = Callable[[str, dict[str, Any]], None]
"""Notes one thing a session's member did: its kind and detail (``Context.audit``)."""


async def _no_download(name: str, data: bytes) -> None:
    """Without a page (tests, warm-up) there is nowhere to hand a file to."""


async def _no_share(name: str, data: bytes, mime: str) -> str:
    """Without a page (tests, warm-up) there is nowhere to hand a file to."""
    return "dismissed"


async def _no_upload(extensions: list[str]) -> tuple[str, bytes] | None:
    """Without a page (tests, warm-up) there is nowhere to pick a file from."""
    return None


async def _no_photos(room: int) -> list[Picked]:
    """Without a page (tests, warm-up) there is no device to pick photos on."""
    return []


def _at_once(load: Callable[[], Any], then: Callable[[Any], None]) -> None:
    then(load())


@dataclass
class Context:
    services: Services
    settings: Settings
    navigate: Callable[[str], None]
    rebuild: Callable[[], None] = lambda: None
    """Build the screen shown again (after a change of language or theme, or of what it
    lists)."""
    update: Callable[..., None] = lambda *controls: None
    """Send these controls' changes to the browser now (instead of diffing the page)."""
    show_dialog: Callable[[ft.DialogControl], None] = lambda dialog: None
    """Show a snack bar or a dialog over the screen (it outlives a change of screen)."""
    close_dialog: Callable[[], None] = lambda: None
    """Close the snack bar or dialog on top."""
    download: Callable[[str, bytes], Awaitable[None]] = _no_download
    """Hand a file (name, bytes) to the browser to save or open."""
    share_file: Callable[[str, bytes, str], Awaitable[str]] = _no_share
    """Hand a file (name, bytes, MIME type) to the system's share sheet where the page may
    open it (a secure page: https or this computer), else to the browser to save: says
    "dismissed" when the person closed the share sheet, else "done"."""
    upload: Callable[[list[str]], Awaitable[tuple[str, bytes] | None]] = _no_upload
    """A file the person picks on their own device, with one of these extensions: its
    name and bytes, or None when they picked none."""
    upload_photos: Callable[[int], Awaitable[list[Picked]]] = _no_photos
    """Photos picked on this device (its camera or files), at most this many: each with
    its bytes or why they did not come (``scorepad.ui.photo_uploads``)."""
    keep_awake: Callable[[bool], None] = lambda on: None
    """Keep this device's screen on (True: a sheet is open) or let it sleep again."""
    remember: Callable[[str, str], None] = lambda key, value: None
    """Keep a choice of this device's (``scorepad.ui.settings.LANG_KEY``, ``THEME_KEY``)
    in its own browser."""
    later: Callable[[Callable[[], Any], Callable[[Any], None]], None] = _at_once
    """``later(load, then)``: ``load`` off the page's event loop (it may wait for the
    history), then ``then`` with its result on the page. Without a page, both at once."""
    audit: Audit = lambda kind, detail: None
    """``audit(kind, detail)``: on a group's server, the audit log notes that this
    session's member exported, imported or restored (``scorepad.accounts.audit``; called
    from a worker thread too). On the laptop, and without a page, nothing is noted."""
    host: Callable[[], bool] = lambda: True
    """Whether the session is shown on the computer that runs the app, asked anew each
    time (``scorepad.ui.devices.is_host``: from its connection, never from the page).
    Without a page (tests, the warm-up) it is."""
    browser_lang: str | None = None
    """The language the device's browser asks for first (its ``Accept-Language``), where
    it is one of the app's: a group's server speaks it to a device that chose none (on
    the laptop, the host's choice is the app's language)."""
    compact: bool = False
    """A phone-sized window: views lay themselves out for about 390 pixels."""
    wide: bool = False
    """A window wider than the content's maximum width: the content is centred."""
    route: str = "/"
    stats_period: str = ""
    """The period the stats screens show ("2024", "2024-05"; "" for all time): chosen on
    one, kept for this session while moving between them."""
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
    def on_host(self) -> bool:
        """Whether the session is the host's, now (see ``host``)."""
        return self.host()

    @on_host.setter
    def on_host(self, value: bool) -> None:
        self.host = lambda: value

    def may(self, power: Power) -> bool:
        """Whether this session's device has ``power`` now (``scorepad.ui.devices``)."""
        return may(self.on_host, power)

    @property
    def lang(self) -> str:
        """This device's language: its own choice, else its browser's on a group's
        server, else the app's."""
        return self.settings.lang or self.browser_lang or self.services.default_lang()

    def t(self, key: str, /, **fields: object) -> str:
        return tr(key, self.lang, **fields)

    def tn(self, key: str, count: int, /, **fields: object) -> str:
        """The plural message ``key`` in the form for ``count`` things."""
        return ntr(key, count, self.lang, **fields)

    def change_settings(self, settings: Settings) -> None:
        """Apply ``settings`` to this device and keep them: a language or theme in this
        device's browser (the host's language also becomes the app's, for the devices that
        chose none), whether screens stay on in the app's settings file."""
        before, self.settings = self.settings, settings
        file = self.services.settings_file
        if settings.lang is not None and settings.lang != before.lang:
            self.remember(LANG_KEY, settings.lang)
            if self.on_host:
                file.save(replace(file.current(), lang=settings.lang))
        if settings.theme != before.theme:
            self.remember(THEME_KEY, settings.theme)
        if settings.keep_awake != before.keep_awake:
            file.save(file.current().with_keep_awake(settings.keep_awake))
        self.rebuild()


def build_services(config: AppConfig, shared: SharedKeeper | None = None) -> Services:
    """The app's parts; the history at ``config.db_url`` (None: $SCOREPAD_DB or the
    default SQLite file), opened on first use, when the sheets in progress an older
    history kept join the app's drafts. Drafts are written at most every
    ``WRITE_EVERY_S`` to the data folder, or kept by ``shared``, the keeper a group's
    server's processes share, at each change; Flet looks an event's type up once per
    control class."""
    remember_event_types()
    drafts = shared or FileDraftStore(config.data_dir / "drafts", every=WRITE_EVERY_S)
    return Services(
        config=config,
        drafts=drafts,
        history=StoreHistory(config.db_url, drafts),
        settings_file=SettingsFile(config.data_dir / "settings.json"),
        live=LiveSheets(shared),
    )
