"""Custom games: the built-in and user-defined games, each exportable; the user's own
can be edited and deleted (with an undo); a game file can be imported. A quick game (made
at the table with "Another game") joins the user's own once it is kept as a game of its
own (its play's screen or its Stats card).

Files are read and written on the machine that runs the app: an import takes the file's
text pasted in or, in the host's sessions only (``Context.may(Power.HOST_FILES)``), a
file's path (a regular file of at most 200 MB, see ``scorepad.ui.host_files``); an export
writes ``<id>.json`` into the exports folder and says where.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

import flet as ft

from scorepad.core import GameTemplate, ScorepadError
from scorepad.core.i18n import pick
from scorepad.files import write_atomic
from scorepad.ui.context import Context
from scorepad.ui.devices import Power
from scorepad.ui.host_files import read_text
from scorepad.ui.views.common import heading, muted, players_range, screen, tid

if TYPE_CHECKING:
    from scorepad.ui.history import History


def exports_dir(ctx: Context) -> Path:
    return ctx.services.config.data_dir / "exports"


class GamesView:
    def __init__(self, ctx: Context, saved: str | None = None) -> None:
        self.ctx = ctx
        self.saved = saved
        """The game the editor has just saved: said, with "Play it now" (New play)."""
        self.status = ft.Text("", size=14)
        self.undo = tid("games-undo", ft.TextButton(ctx.t("manage.undo"), on_click=self.on_undo))
        self.undo.visible = False  # on the wrapper: a hidden Semantics content is an error
        self.play = tid(
            "games-play-now",
            ft.FilledButton(
                ctx.t("manage.play_now"), icon=ft.Icons.PLAY_ARROW, on_click=self.on_play
            ),
        )
        self.play.visible = False
        self.deleted: str | None = None
        self.lists = ft.Column(spacing=8)
        self.source = ft.TextField(
            label=ctx.t(
                "manage.import_game_source" if ctx.may(Power.HOST_FILES) else "files.game_text"
            ),
            dense=True,
            expand=True,
            multiline=True,
            max_lines=4,
        )

    @property
    def history(self) -> History:
        return self.ctx.services.history

    def build(self) -> ft.View:
        ctx = self.ctx
        self.refresh()
        self.just_saved()
        body: list[ft.Control] = [
            ft.Row(
                [
                    tid(
                        "games-new",
                        ft.FilledButton(
                            ctx.t("manage.new_game"),
                            icon=ft.Icons.ADD,
                            on_click=lambda: ctx.navigate("/games/new"),
                        ),
                    ),
                ],
                wrap=True,
            ),
            ft.Row(
                [tid("games-message", self.status), self.undo, self.play],
                wrap=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            self.lists,
            heading(ctx.t("manage.import_game")),
            muted(ctx.t("manage.import_game_help"), size=13),
            ft.Row(
                [
                    tid("games-import-source", self.source),
                    tid(
                        "games-import",
                        ft.OutlinedButton(ctx.t("manage.import"), on_click=self.on_import),
                    ),
                ]
            ),
        ]
        return screen(ctx, ctx.t("app.games"), body)

    def refresh(self) -> None:
        ctx = self.ctx
        try:
            # the user's games first: a history that cannot be read says so here (``games``
            # would give the built-ins alone)
            custom = {c.template.id: c.template for c in self.history.custom_games()}
            games = self.history.games()
            # made at the table and not kept yet: a game of its own only once kept
            quick = {template.id for template in self.history.quick_games()}
        except ScorepadError as problem:
            self.say(problem.message(ctx.lang), error=True)
            self.lists.controls = []
            return
        # with the ones a sheet cannot show yet: to edit them
        mine = [g for g in custom.values() if g.id not in quick]
        builtin = [g for g in games.values() if g.id not in custom and g.id not in quick]
        rows: list[ft.Control] = [heading(ctx.t("manage.my_games"))]
        if mine:
            rows += [self._row(g, own=True) for g in mine]
        else:
            rows.append(tid("games-none", muted(ctx.t("manage.no_games"), size=14)))
        rows.append(heading(ctx.t("manage.builtin_games")))
        rows += [self._row(g, own=False) for g in builtin]
        self.lists.controls = rows

    def _row(self, game: GameTemplate, *, own: bool) -> ft.Control:
        ctx = self.ctx
        gid = game.id
        actions: list[ft.Control] = []
        if own:
            actions.append(
                tid(
                    f"games-edit-{gid}",
                    ft.IconButton(
                        ft.Icons.EDIT_OUTLINED,
                        tooltip=ctx.t("manage.edit"),
                        on_click=lambda: ctx.navigate(f"/games/edit/{gid}"),
                    ),
                )
            )
        else:
            actions.append(
                tid(
                    f"games-copy-{gid}",
                    ft.IconButton(
                        ft.Icons.CONTENT_COPY_OUTLINED,
                        tooltip=ctx.t("manage.copy"),
                        on_click=lambda: ctx.navigate(f"/games/new?from={gid}"),
                    ),
                )
            )

        async def export() -> None:
            await self.on_export(gid)

        actions.append(
            tid(
                f"games-export-{gid}",
                ft.IconButton(
                    ft.Icons.DOWNLOAD_OUTLINED,
                    tooltip=ctx.t("manage.export"),
                    on_click=export,
                ),
            )
        )
        if own:
            actions.append(
                tid(
                    f"games-delete-{gid}",
                    ft.IconButton(
                        ft.Icons.DELETE_OUTLINE,
                        tooltip=ctx.t("manage.delete"),
                        on_click=lambda: self.on_delete(gid),
                    ),
                )
            )
        details = players_range(ctx, game.min_players, game.max_players)
        details += " · " + ctx.tn("manage.lines_n", len(game.lines), n=len(game.lines))
        return tid(
            f"games-row-{gid}",
            ft.Row(
                [
                    ft.Column(
                        [
                            ft.Text(pick(game.name, ctx.lang), weight=ft.FontWeight.BOLD),
                            muted(details),
                        ],
                        spacing=0,
                        expand=True,
                    ),
                    *actions,
                ]
            ),
        )

    def just_saved(self) -> None:
        """Says which game the editor has just saved, and offers to play it now (not for
        a game no longer in the history)."""
        if self.saved is None:
            return
        try:
            game = self.history.template(self.saved)
        except ScorepadError:
            return
        self.say(self.ctx.t("manage.saved_game", name=pick(game.name, self.ctx.lang)))
        self.play.visible = True

    def on_play(self) -> None:
        """New play for the game just saved."""
        if self.saved is not None:
            self.ctx.navigate(f"/new/{quote(self.saved)}")

    def say(self, text: str, *, error: bool = False) -> None:
        self.status.value = text
        self.status.color = ft.Colors.ERROR if error else None
        self.play.visible = False  # another word: the game saved is no longer the news

    async def on_export(self, gid: str) -> None:
        """The game's file: on the host, into the exports folder (and where is said); on a
        guest device, handed to its own browser (a phone never writes the host's files)."""
        if not self.ctx.may(Power.HOST_FILES):
            await self.download(gid)
            return
        folder = exports_dir(self.ctx)
        path = folder / f"{gid}.json"
        try:
            text = self.history.export_game(gid)
            folder.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text)  # a file to share: whole, or the one before stays
        except ScorepadError as problem:
            self.say(problem.message(self.ctx.lang), error=True)
            return
        except OSError as problem:
            detail = problem.strerror or str(problem)
            self.say(self.ctx.t("manage.cannot_write", path=str(path), detail=detail), error=True)
            return
        self.ctx.audit("export", {"what": "game", "game": gid})
        self.say(self.ctx.t("manage.exported_game", path=str(path)))

    async def download(self, gid: str) -> None:
        ctx = self.ctx
        name = f"{gid}.json"
        try:
            text = self.history.export_game(gid)
        except ScorepadError as problem:
            self.say(problem.message(ctx.lang), error=True)
            return
        await ctx.download(name, text.encode("utf-8"))
        ctx.audit("export", {"what": "game", "game": gid})
        self.say(ctx.t("files.game_downloaded", name=name))

    def on_delete(self, gid: str) -> None:
        try:
            name = pick(self.history.template(gid).name, self.ctx.lang)
            self.history.delete_game(gid)
        except ScorepadError as problem:
            self.say(problem.message(self.ctx.lang), error=True)
            return
        self.deleted = gid
        self.undo.visible = True
        self.say(self.ctx.t("manage.deleted_game", name=name))
        self.refresh()

    def on_undo(self) -> None:
        if self.deleted is None:
            return
        try:
            self.history.restore_game(self.deleted)
        except ScorepadError as problem:
            self.say(problem.message(self.ctx.lang), error=True)
            return
        self.deleted = None
        self.undo.visible = False
        self.say(self.ctx.t("manage.restored_game"))
        self.refresh()

    def on_import(self) -> None:
        ctx = self.ctx
        given = (self.source.value or "").strip()
        if not given:
            self.say(ctx.t("manage.import_game_empty"), error=True)
            return
        if given.startswith("{"):
            text, source = given, ctx.t("manage.pasted")
        elif not ctx.may(Power.HOST_FILES):  # a phone never names a file of the host
            self.say(ctx.t("files.paste_instead"), error=True)
            return
        else:
            self.read_file(Path(given).expanduser())
            return
        self.finish_import(text, source)

    def read_file(self, path: Path) -> None:
        """Import the game file at ``path``, read off the page's event loop (which every
        device shares): a slow disk or a big file stalls no other screen."""
        ctx = self.ctx
        if not ctx.may(Power.HOST_FILES):  # asked again: a screen outlives its connection
            self.say(ctx.t("files.paste_instead"), error=True)
            return

        def load() -> GameTemplate | ScorepadError:
            try:
                return self.history.import_game(read_text(path), str(path))
            except ScorepadError as problem:
                return problem

        def then(found: GameTemplate | ScorepadError) -> None:
            if isinstance(found, ScorepadError):
                self.say(found.message(ctx.lang), error=True)
            else:
                self.imported(found)
            ctx.update(self.status, self.source, self.lists, self.undo)

        ctx.later(load, then)

    def finish_import(self, text: str, source: str) -> None:
        ctx = self.ctx
        try:
            template = self.history.import_game(text, source)
        except ScorepadError as problem:
            self.say(problem.message(ctx.lang), error=True)
            return
        self.imported(template)

    def imported(self, template: GameTemplate) -> None:
        ctx = self.ctx
        self.source.value = ""
        self.say(ctx.t("manage.imported_game", name=pick(template.name, ctx.lang)))
        self.refresh()
