"""The app's entry: one ``Shell`` per browser session turns the route into a screen.

Routes (``page.route`` includes the query string in Flet 1.0):
``/`` Home · ``/new`` game picker · ``/new/<game>[?variant=A&players=Ana,Ben]`` New play,
straight to the sheet when players are given · ``/quick[?name=…]`` a game outside the
catalogue ("Another game") · ``/sheet/<sheet id>`` a sheet in progress ·
``/settings`` · ``/history`` · ``/play/<id>`` and ``/play/<id>/edit`` · ``/stats``,
``/players``, ``/games`` · ``/nights`` and ``/nights/<first play id>`` · ``/seasons``.

Home's module loads with this one; every other screen's on its first visit (or in the
warm-up, once the first visitor has Home), so that Home reaches the first visitor sooner.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlsplit

import flet as ft

from scorepad.core import GameTemplate, ScorepadError
from scorepad.core.errors import quote
from scorepad.core.i18n import pick
from scorepad.core.sheetrules import not_on_sheet
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.keeper import of_game
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui import boundary, collector
from scorepad.ui.context import Audit, Context, Services
from scorepad.ui.devices import browser_lang, is_host
from scorepad.ui.errors import AppError
from scorepad.ui.newplay_model import NewPlayModel
from scorepad.ui.settings import LANG_KEY, THEME_KEY, Settings, own_choices
from scorepad.ui.views.colour_part import coloured
from scorepad.ui.views.common import MAX_WIDTH
from scorepad.ui.views.home import home_view
from scorepad.ui.views.message import message_view

if TYPE_CHECKING:
    from scorepad.ui.photo_uploads import Picked
    from scorepad.ui.uploads import Upload

logger = logging.getLogger(__name__)

COMPACT_BELOW = 700
"""Window widths (logical pixels) under this get the phone layout."""
WIDE_FROM = MAX_WIDTH + 40
"""Window widths from this on centre the content at its maximum width."""


SETTLE_S = 2.0
"""After the first visitor's Home is sent, the browser still lays it out and draws it:
the rest of the warm-up waits this long so as not to take the CPU it draws with."""

WARM_ROUTES = ("/new", "/new/azul", "/settings", "/history", "/games")
"""The screens built once after Home, off-page: where a visit goes next. Stats and Players
are left out: over a long history they read all of it, work for whoever opens them rather
than for every start (the Stats screen's code is loaded all the same)."""


def warm_up(services: Services, first_visit: threading.Event | None = None) -> None:
    """Prepare the first screen while the browser loads Flutter, then the next ones.

    Before the first visitor comes, only what Home shows at once: its controls and the
    theme (Flet loads its 75 theme classes on first use). The history waits: opening it
    loads SQLAlchemy and SQLModel, about a second of processor time on a small machine,
    which the browser loading Flutter on the same machine needs more; Home shows the
    history's part once it has answered (``home_view``). Once ``first_visit`` is set (the
    first visitor has Home) the history is opened, and once the browser has drawn Home
    (``SETTLE_S``) the rest: the screens of ``WARM_ROUTES`` (Flet imports each control's
    module on first use and the built-in games load on first call), a sheet and the
    Stats screen's code. Nothing is written (the sheet's draft is thrown away).
    """
    shell = Context(services, Settings(), navigate=lambda route: None, later=_never)
    view_for(shell, "/")
    theme()
    if first_visit is not None:
        first_visit.wait()
    ctx = Context(services, Settings(), navigate=lambda route: None)
    view_for(ctx, "/")  # the history opens here, unless the first visitor's Home did
    if first_visit is not None:
        time.sleep(SETTLE_S)
    for route in WARM_ROUTES:
        view_for(ctx, route)
    template = next(iter(services.history.games().values()))
    players = [f"{n}" for n in range(1, max(template.min_players, 2) + 1)]
    variant = template.variants[0].id if template.variants else None
    from scorepad.ui.views.sheet import SheetView

    SheetView(ctx, SheetInProgress(template, new_draft(template, variant, players))).build()
    for screen in ("play_edit", "stats"):  # code only: a play needs an id, Stats reads all
        import_module(f"scorepad.ui.views.{screen}")


def _never(load: Callable[[], Any], then: Callable[[Any], None]) -> None:
    """Home's history part is not loaded in the warm-up before the first visit."""


FALLBACK_FONT = "DejaVu Sans"
"""Flet's font, Roboto, has no arrows (a hint such as "4 → 10 · 3 → 6") and offline the
browser cannot fetch one: every text falls back to DejaVu Sans, the font the package
ships for printing, for the characters Roboto lacks."""


def theme() -> ft.Theme:
    """The app's theme, light or dark alike (the colour scheme follows the mode).

    Text styles name their colour: Flet builds a text theme given here over the light
    theme's, whose text is near-black, so without one every text drawn in a theme style
    (headings, labels, totals, names) was near-black on the dark theme's near-black
    background. The scheme's ``on_surface`` is the colour Material 3 gives text by
    default, in either mode."""
    fallback = ft.TextStyle(
        font_family="Roboto", font_family_fallback=[FALLBACK_FONT], color=ft.Colors.ON_SURFACE
    )
    styles = {style.name: fallback for style in dataclasses.fields(ft.TextTheme)}
    return ft.Theme(color_scheme_seed=ft.Colors.INDIGO, text_theme=ft.TextTheme(**styles))


async def main(page: ft.Page, services: Services, *, audit: Audit | None = None) -> None:
    """One browser session of the app: its device's own choices first, then its screen.
    On a group's server, ``audit`` notes what the session's member takes out of the
    history or puts into it."""
    shell = Shell(page, services, audit)
    await shell.recall()
    shell.render()
    collector.joined()


RECALL_S = 10.0
"""How long a new session waits for its device's browser to say what it chose before it
shows the app's defaults (a browser answers in milliseconds; a busy phone may not)."""


class Shell:
    """Owns one page: routes, its device's theme and language, and the phone/desktop
    layout switch."""

    def __init__(self, page: ft.Page, services: Services, audit: Audit | None = None) -> None:
        self.page = page
        self.ctx = Context(
            services=services,
            settings=services.device_settings(),
            navigate=page.navigate,
            rebuild=self.render,
            update=self.update,
            show_dialog=page.show_dialog,
            close_dialog=self.close_dialog,
            download=self.download,
            share_file=self.share_file,
            upload=self.upload,
            upload_photos=self.upload_photos,
            keep_awake=self.keep_awake,
            remember=self.remember,
            later=self.later,
            audit=audit or _not_noted,
            host=(lambda: False) if services.config.public_url else (lambda: is_host(page)),
            browser_lang=browser_lang(page) if services.config.public_url else None,
        )
        boundary.speaks(page, lambda: self.ctx.t(boundary.SENTENCE))
        self.loop = _running_loop()
        """The page's event loop (None for a shell made without one)."""
        self.picker: ft.FilePicker | None = None
        self.sharer: ft.Share | None = None
        self.uploading: Upload | None = None
        self.wakelock: ft.Wakelock | None = None
        self.prefs: ft.SharedPreferences | None = None
        self.awake = False
        self.fit(page.width)
        page.on_route_change = lambda: self.render()
        page.on_resize = self.on_resize
        page.on_platform_brightness_change = _nothing_to_redraw  # the client follows it
        page.on_close = self.closed
        page.fonts = {FALLBACK_FONT: "/DejaVuSans.ttf"}
        page.theme = theme()
        page.dark_theme = theme()

    def closed(self) -> None:
        """The session is over: stop following, and let its screens be collected."""
        self.ctx.leave()
        collector.left()

    def update(self, *controls: ft.Control) -> None:
        """Send these controls' changes, on the page's event loop: an import's progress
        is told from its worker thread, and Flet's diff and its queue to the device are
        for the loop's thread alone (from another, the page could get half a change)."""
        if controls:
            on_the_loop(self.loop, lambda: self.page.update(*controls))

    def close_dialog(self) -> None:
        self.page.pop_dialog()

    async def download(self, name: str, data: bytes) -> None:
        """The browser saves (or opens) ``data`` as ``name``: Flet's file picker hands the
        bytes over in web mode; the picker is kept, as Flet drops unreferenced services."""
        if self.picker is None:
            self.picker = ft.FilePicker()
        await self.picker.save_file(file_name=name, src_bytes=data)

    async def share_file(self, name: str, data: bytes, mime: str) -> str:
        """The system's share sheet with ``data`` as ``name`` (the Web Share API, which a
        browser offers only on a secure page: https, or this computer), or the browser
        saves the file. Flet 1.0's share service falls back to a download by itself when
        the sheet is refused; a browser without the API at all (Chromium on Linux, any
        page over plain http) makes the service fail instead ("canShare is not a
        function"), and the file picker's download takes over. The bytes go over this
        session's own connection, nowhere else. The service is kept, as Flet drops
        unreferenced services."""
        if self.sharer is None:
            self.sharer = ft.Share()
        shared = ft.ShareFile.from_bytes(data, mime_type=mime, name=name)
        try:
            result = await self.sharer.share_files(
                [shared], download_fallback_enabled=True, mail_to_fallback_enabled=False
            )
        except RuntimeError as problem:  # the client failed: no share sheet, no fallback
            logger.info("share sheet not offered (%s): the file is downloaded", problem)
            await self.download(name, data)
            return "done"
        return "dismissed" if result.status == ft.ShareResultStatus.DISMISSED else "done"

    async def upload(self, extensions: list[str]) -> tuple[str, bytes] | None:
        """A file picked on the device that shows this page, or None when none was
        picked. Its size comes first: one over the limit is refused before any byte is
        sent; otherwise the device's browser sends it over HTTP (``scorepad.ui.uploads``:
        the websocket would drop the device past 16 MiB). An ``AppError`` says why a file
        did not come."""
        from scorepad.ui.host_files import MAX_MB
        from scorepad.ui.uploads import UPLOADS, UploadFailed

        if self.picker is None:
            self.picker = ft.FilePicker()
        picker = self.picker
        picker.on_upload = self.on_upload_event
        files = await picker.pick_files(
            file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=extensions
        )
        if not files:
            return None
        picked = files[0]
        try:
            data = await UPLOADS.take(picker, picked, self.watching)
        except UploadFailed as failed:
            if failed.reason == "too_big":
                raise AppError("files.too_big", path=picked.name, mb=MAX_MB) from None
            raise AppError("files.upload_failed", name=picked.name) from None
        except TimeoutError:
            raise AppError("files.upload_failed", name=picked.name) from None
        return picked.name, data

    async def upload_photos(self, room: int) -> list[Picked]:
        """Photos picked on this page's device, sent over HTTP (``ui.photo_uploads``)."""
        from scorepad.ui.photo_uploads import receive_photos

        if self.picker is None:
            self.picker = ft.FilePicker()
        self.picker.on_upload = self.on_upload_event
        return await receive_photos(self.picker, room, self.watching)

    def watching(self, upload: Upload | None) -> None:
        """The upload under way from this page (None: none), for ``on_upload_event``."""
        self.uploading = upload

    def on_upload_event(self, event: ft.FilePickerUploadEvent) -> None:
        """The browser's word on the upload under way: a failure ends the wait for it."""
        if event.error and self.uploading is not None:
            logger.info("an upload failed on the device: %s", event.error)
            self.uploading.fail("failed")

    def keep_awake(self, on: bool) -> None:
        """Ask the browser to keep the screen on, or to let it sleep: Flet's wake lock
        (the Screen Wake Lock API, or a silent video where the page is not a secure one,
        as on a phone joining over the network); a browser that allows neither keeps its
        own habits. Kept, as Flet drops unreferenced services."""
        if on == self.awake:
            return
        self.awake = on
        if self.wakelock is None:
            self.wakelock = ft.Wakelock()
        lock = self.wakelock

        async def ask() -> None:
            try:
                await (lock.enable() if on else lock.disable())
            except Exception as problem:  # refused or not offered: the screen may sleep
                logger.info("screen wake lock not %s: %s", "taken" if on else "let go", problem)

        self.page.run_task(ask)

    async def recall(self) -> None:
        """This device's own language and theme, as its browser kept them (``remember``);
        the app's defaults where it kept none, kept something unknown, or does not answer
        within ``RECALL_S``."""
        prefs = self.preferences()

        async def both() -> tuple[object, object]:
            # One after the other, not gathered: a session closed meanwhile cancels the
            # one asked, and nothing is left behind unretrieved (asyncio then prints it).
            return await prefs.get(LANG_KEY), await prefs.get(THEME_KEY)

        try:
            lang, theme = await asyncio.wait_for(both(), RECALL_S)
        except Exception as problem:  # no answer, or storage refused: the defaults
            logger.info("this device's own settings could not be read: %r", problem)
            return
        self.ctx.settings = own_choices(self.ctx.settings, lang, theme)

    def remember(self, key: str, value: str) -> None:
        """Keep ``value`` under ``key`` in this device's browser (its local storage)."""
        prefs = self.preferences()

        async def keep() -> None:
            try:
                await prefs.set(key, value)
            except Exception as problem:  # storage refused: the choice lasts this visit
                logger.info("this device's %s could not be kept: %r", key, problem)

        self.page.run_task(keep)

    def preferences(self) -> ft.SharedPreferences:
        """Flet's storage service on this device, kept (Flet drops unreferenced services)."""
        if self.prefs is None:
            self.prefs = ft.SharedPreferences()
        return self.prefs

    def later(self, load: Callable[[], Any], then: Callable[[Any], None]) -> None:
        """``load`` in a worker thread, then ``then`` with its result on the page's event
        loop."""

        async def run() -> None:
            try:
                found = await asyncio.to_thread(load)
            except Exception:  # a screen part that cannot load must not end the session
                logger.exception("a part of the screen could not be loaded")
                return
            then(found)

        self.page.run_task(run)

    def fit(self, width: float | None) -> bool:
        """Choose the layout for a window ``width`` wide; True when it changed."""
        layout = (is_compact(width), width is None or width >= WIDE_FROM)
        changed = layout != (self.ctx.compact, self.ctx.wide)
        self.ctx.compact, self.ctx.wide = layout
        return changed

    def on_resize(self, e: ft.PageResizeEvent) -> None:
        if self.fit(e.width):
            self.render()
        else:
            _nothing_to_redraw()

    def render(self) -> None:
        page = self.page
        page.theme_mode = ft.ThemeMode(self.ctx.settings.theme)
        page.title = self.ctx.t("app.title")
        page.views.clear()
        page.views.append(view_for(self.ctx, page.route or "/"))
        page.update()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def on_the_loop(loop: asyncio.AbstractEventLoop | None, work: Callable[[], None]) -> None:
    """``work`` now when called on ``loop``'s thread (or with no loop), else handed to
    ``loop`` to do next."""
    if loop is None or _running_loop() is loop:
        work()
    else:
        loop.call_soon_threadsafe(work)


def _not_noted(kind: str, detail: dict[str, Any]) -> None:
    """The laptop has no members, and no audit log to note their exports in."""


def _nothing_to_redraw() -> None:
    """After an event that changes nothing on screen: Flet would diff the whole page."""
    ft.context.disable_auto_update()


def is_compact(width: float | None) -> bool:
    return width is not None and 0 < width < COMPACT_BELOW


Params = dict[str, str]
Screen = Callable[[Context, Params, Params], ft.View]
"""Builds a screen from the route's parameters (``:id`` in its pattern) and its query."""


def _home(ctx: Context, params: Params, query: Params) -> ft.View:
    return home_view(ctx)


def _picker(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.picker import PickerView

    return PickerView(ctx).build()


def _settings(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.settings import SettingsView

    return SettingsView(ctx).build()


def _history(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.history import HistoryView

    return HistoryView(ctx).build()


def _play(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.play import play_view

    return play_view(ctx, params["id"])


def _play_edit(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.play_edit import edit_view

    return edit_view(ctx, params["id"])


def _stats(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.manage import stats_view

    return stats_view(ctx, query.get("player"), query.get("period"))


def _review(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.review import review_view

    return review_view(ctx, query)


def _achievements(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.review import achievements_view

    return achievements_view(ctx, query)


def _ratings(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.ratings import ratings_view

    return ratings_view(ctx, query.get("player"), query.get("game"))


def _nights(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.nights import NightsView, reported

    return reported(ctx, "app.nights", lambda: NightsView(ctx).build())


def _night(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.nights import NightView, reported

    if not params["id"].isdigit():
        return message_view(ctx, ctx.t("app.nights"), ctx.t("nights.not_found"))
    return reported(ctx, "app.nights", lambda: NightView(ctx, int(params["id"])).build())


def _seasons(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.nights import reported
    from scorepad.ui.views.seasons import SeasonsView

    return reported(ctx, "app.seasons", lambda: SeasonsView(ctx, query.get("period")).build())


def _players(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.manage import players_view

    return players_view(ctx)


def _games(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.manage import games_view

    return games_view(ctx, query.get("saved"))


def _collection(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.collection import collection_view

    return collection_view(ctx)


def _suggest(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.suggest import suggest_view

    return suggest_view(ctx, query.get("players", ""))


def _quick(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.newplay import quick_view

    return quick_view(ctx, query.get("name", ""))


def _new_game(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.manage import new_game_view

    return new_game_view(ctx, query.get("from"))


def _edit_game(ctx: Context, params: Params, query: Params) -> ft.View:
    from scorepad.ui.views.manage import edit_game_view

    return edit_game_view(ctx, params["game"])


ROUTES: tuple[tuple[str, Screen], ...] = (
    ("/", _home),
    ("/new", _picker),
    ("/new/:game", lambda ctx, params, query: new_play(ctx, params["game"], query)),
    ("/quick", _quick),
    ("/sheet/:id", lambda ctx, params, query: sheet(ctx, params["id"])),
    ("/settings", _settings),
    ("/history", _history),
    ("/play/:id", _play),
    ("/play/:id/edit", _play_edit),
    ("/stats", _stats),
    ("/review", _review),
    ("/achievements", _achievements),
    ("/ratings", _ratings),
    ("/nights", _nights),
    ("/nights/:id", _night),
    ("/seasons", _seasons),
    ("/players", _players),
    ("/games", _games),
    ("/games/new", _new_game),
    ("/games/edit/:game", _edit_game),
    ("/collection", _collection),
    ("/suggest", _suggest),
)
"""Every screen of the app, by route pattern; a screen's module loads on its first visit."""


def route_params(pattern: str, path: str) -> Params | None:
    """The parameters of ``path`` when it fits ``pattern`` (``:name`` takes one non-empty
    part of the path), else None."""
    wanted, given = pattern.strip("/").split("/"), path.strip("/").split("/")
    if len(wanted) != len(given):
        return None
    params: Params = {}
    for part, value in zip(wanted, given, strict=True):
        if part.startswith(":") and value:
            params[part[1:]] = value
        elif part != value:
            return None
    return params


def view_for(ctx: Context, route: str) -> ft.View:
    """The screen for ``route`` (path and query), built from the stores and from what
    the screen already held if it is the one shown (``Context.screen``)."""
    ctx.enter(route)
    parts = urlsplit(route)
    path = parts.path.rstrip("/") or "/"
    query = dict(parse_qsl(parts.query))
    for pattern, build in ROUTES:
        params = route_params(pattern, path)
        if params is not None:
            return build(ctx, params, query)
    return message_view(ctx, ctx.t("app.title"), ctx.t("app.not_found", route=quote(path)))


def new_play(ctx: Context, game_id: str, query: dict[str, str]) -> ft.View:
    """New play's form, or, when the link names the players (``?players=Ana,Ben``), the
    sheet for them: the one in progress for the same players and side if there is one
    (a reload, or a phone joining its table), else a new one. A link another site sent
    (marked by ``scorepad.ui.guard``) opens the form filled in, to be started by hand."""
    from scorepad.ui.views.newplay import NewPlayView
    from scorepad.ui.views.sheet import SheetView

    template = game_template(ctx, game_id)
    if template is None:
        return _unknown_game(ctx, game_id)
    if not_on_sheet(template) is not None:
        return _not_shown_yet(ctx, template)
    model = ctx.kept("new-play", lambda: NewPlayModel.from_query(template, query))
    given = [n for n in query.get("players", "").split(",") if n.strip()]
    fits = template.min_players <= len(given) <= template.max_players
    asked = query.get("variant")
    variant_ok = asked is None or (model.variant or "").casefold() == asked.casefold()
    if given and fits and variant_ok and model.ready() and not model.asks:
        drafts = ctx.services.drafts
        wanted = (model.players(), model.variant, model.modules, model.teams)
        for waiting in of_game(drafts, template.id):
            if (waiting.players, waiting.variant, waiting.modules, waiting.teams) == wanted:
                view = _sheet_view(ctx, template, waiting)
                if view is not None:
                    return view
        draft = coloured(ctx, model).draft(ctx.lang)
        drafts.save(draft)
        return SheetView(ctx, SheetInProgress(template, draft)).build()
    return NewPlayView(ctx, model).build()


def game_template(ctx: Context, game_id: str) -> GameTemplate | None:
    """The game a sheet is for: a built-in or custom game (None when there is none)."""
    return ctx.services.history.games().get(game_id)


def sheet(ctx: Context, sheet_id: str) -> ft.View:
    """The sheet in progress ``sheet_id``, or the play it was saved as (the address
    follows); a game id opens that game's latest one (links from before sheets had ids
    of their own), else New play for it."""
    from scorepad.ui.views.newplay import NewPlayView

    drafts = ctx.services.drafts
    draft = drafts.load(sheet_id)
    play_id = ctx.services.live.saved_as(sheet_id) if draft is None else None
    if play_id is not None:  # a sheet saved meanwhile (a page that was away): its play
        ctx.navigate(f"/play/{play_id}")
        return _play(ctx, {"id": play_id}, {})
    template = game_template(ctx, draft.game_id if draft is not None else sheet_id)
    if template is None:
        return message_view(ctx, ctx.t("app.title"), ctx.t("app.no_sheet", value=quote(sheet_id)))
    if not_on_sheet(template) is not None:
        return _not_shown_yet(ctx, template)
    for candidate in [draft] if draft is not None else of_game(drafts, template.id):
        view = _sheet_view(ctx, template, candidate)
        if view is not None:
            return view
    return NewPlayView(ctx, NewPlayModel(template)).build()


def _sheet_view(ctx: Context, template: GameTemplate, draft: SheetDraft) -> ft.View | None:
    """The sheet on ``draft``, or None for a draft that no longer fits its game."""
    from scorepad.ui.views.sheet import SheetView

    try:
        return SheetView(ctx, SheetInProgress(template, draft)).build()
    except ScorepadError:
        return None


def _not_shown_yet(ctx: Context, template: GameTemplate) -> ft.View:
    """A game whose awards, sets or bonuses the app's sheet cannot show yet: said plainly,
    rather than a sheet that leaves them out."""
    kind = not_on_sheet(template)
    text = ctx.t("app.unsupported_game", game=pick(template.name, ctx.lang), kind=kind)
    return message_view(ctx, ctx.t("app.title"), text)


def _unknown_game(ctx: Context, game_id: str) -> ft.View:
    return message_view(ctx, ctx.t("app.title"), ctx.t("app.unknown_game", value=quote(game_id)))
