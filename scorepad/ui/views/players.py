"""Players: every profile with its number of plays; add, rename, merge two profiles.

Changes go straight to the store; a refused change (a name taken, the same person twice
in one play) is said in the status line and leaves the list as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from scorepad.core import ScorepadError
from scorepad.ui.context import Context
from scorepad.ui.views.common import heading, muted, screen, tid

if TYPE_CHECKING:
    from scorepad.ui.history import History


def plays_text(ctx: Context, n: int) -> str:
    return ctx.tn("manage.play_count", n, n=n)


class PlayersView:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.status = ft.Text("", size=14)
        self.list = ft.Column(spacing=4)
        self.new_name = ft.TextField(label=ctx.t("manage.player_name"), dense=True, expand=True)
        self.renaming: str | None = None
        self.rename_field = ft.TextField(label=ctx.t("manage.new_name"), dense=True, expand=True)
        self.merge_from = ft.Dropdown(label=ctx.t("manage.merge_from"), dense=True, expand=True)
        self.merge_into = ft.Dropdown(label=ctx.t("manage.merge_into"), dense=True, expand=True)
        self.confirm = ft.Column()
        self.confirm_box = tid("players-merge-confirm-box", self.confirm)
        self.confirm_box.visible = False  # on the wrapper: a hidden Semantics content is an error

    @property
    def history(self) -> History:
        return self.ctx.services.history

    def build(self) -> ft.View:
        ctx = self.ctx
        self.refresh()
        merge_row = ft.ResponsiveRow(
            [
                ft.Container(tid("players-merge-from", self.merge_from), col={"xs": 12, "md": 5}),
                ft.Container(tid("players-merge-into", self.merge_into), col={"xs": 12, "md": 5}),
                ft.Container(
                    tid(
                        "players-merge",
                        ft.OutlinedButton(ctx.t("manage.merge"), on_click=self.on_merge),
                    ),
                    col={"xs": 12, "md": 2},
                ),
            ]
        )
        body: list[ft.Control] = [
            tid("players-message", self.status),
            heading(ctx.t("manage.add_player")),
            ft.Row(
                [
                    tid("players-new", self.new_name),
                    tid("players-add", ft.FilledButton(ctx.t("manage.add"), on_click=self.on_add)),
                ]
            ),
            heading(ctx.t("manage.players")),
            tid("players-list", self.list),
            heading(ctx.t("manage.merge_title")),
            muted(ctx.t("manage.merge_help"), size=13),
            merge_row,
            self.confirm_box,
        ]
        return screen(ctx, ctx.t("app.players"), body)

    def refresh(self) -> None:
        ctx = self.ctx
        try:
            players = self.history.players()
        except ScorepadError as problem:
            self.say(problem.message(ctx.lang), error=True)
            players = []
        rows: list[ft.Control] = []
        for n, player in enumerate(players, 1):
            if player.name == self.renaming:
                rows.append(self._rename_row(n))
                continue
            rows.append(
                tid(
                    f"player-row-{n}",
                    ft.Row(
                        [
                            ft.Text(player.name, size=16, expand=True),
                            muted(plays_text(ctx, player.plays), size=14),
                            tid(
                                f"players-rename-{n}",
                                ft.IconButton(
                                    ft.Icons.EDIT_OUTLINED,
                                    tooltip=ctx.t("manage.rename"),
                                    on_click=self._start_rename(player.name),
                                ),
                            ),
                        ]
                    ),
                )
            )
        if not players:
            rows.append(tid("players-empty", muted(ctx.t("manage.no_players"), size=14)))
        self.list.controls = rows
        options = [ft.DropdownOption(key=p.name, text=p.name) for p in players]
        self.merge_from.options = options
        self.merge_into.options = list(options)

    def _rename_row(self, n: int) -> ft.Control:
        ctx = self.ctx
        return tid(
            f"player-row-{n}",
            ft.Row(
                [
                    tid("players-rename-name", self.rename_field),
                    tid(
                        "players-rename",
                        ft.FilledButton(ctx.t("manage.rename"), on_click=self.on_rename),
                    ),
                    tid(
                        "players-rename-cancel",
                        ft.TextButton(ctx.t("manage.cancel"), on_click=self.on_cancel),
                    ),
                ]
            ),
        )

    def _start_rename(self, name: str) -> Callable[[], None]:
        def start() -> None:
            self.renaming = name
            self.rename_field.value = name
            self.refresh()

        return start

    def say(self, text: str, *, error: bool = False) -> None:
        self.status.value = text
        self.status.color = ft.Colors.ERROR if error else None

    def _do(self, work: Callable[[], None], done: str) -> bool:
        try:
            work()
        except ScorepadError as problem:
            self.say(problem.message(self.ctx.lang), error=True)
            return False
        self.say(done)
        self.refresh()
        return True

    def on_add(self) -> None:
        name = (self.new_name.value or "").strip()
        if not name:
            self.say(self.ctx.t("manage.name_needed"), error=True)
            return
        if any(p.name.casefold() == name.casefold() for p in self.history.players()):
            self.say(self.ctx.t("manage.player_exists", name=name), error=True)
            return
        if self._do(lambda: self.history.add_player(name), self.ctx.t("manage.added", name=name)):
            self.new_name.value = ""

    def on_rename(self) -> None:
        old, new = self.renaming or "", (self.rename_field.value or "").strip()
        if not new:
            self.say(self.ctx.t("manage.name_needed"), error=True)
            return
        done = self.ctx.t("manage.renamed", old=old, new=new)
        self.renaming = None
        if not self._do(lambda: self.history.rename_player(old, new), done):
            self.renaming = old

    def on_cancel(self) -> None:
        self.renaming = None
        self.refresh()

    def on_merge(self) -> None:
        ctx = self.ctx
        source, target = self.merge_from.value, self.merge_into.value
        if not source or not target or source == target:
            self.say(ctx.t("manage.merge_choose"), error=True)
            return
        self.confirm.controls = [
            tid(
                "players-merge-question",
                ft.Text(ctx.t("manage.merge_confirm", source=source, target=target), size=14),
            ),
            ft.Row(
                [
                    tid(
                        "players-merge-confirm",
                        ft.FilledButton(ctx.t("manage.merge"), on_click=self.on_merge_confirmed),
                    ),
                    tid(
                        "players-merge-cancel",
                        ft.TextButton(ctx.t("manage.cancel"), on_click=self.on_merge_cancel),
                    ),
                ]
            ),
        ]
        self.confirm_box.visible = True

    def on_merge_confirmed(self) -> None:
        source, target = str(self.merge_from.value), str(self.merge_into.value)
        self.confirm_box.visible = False
        done = self.ctx.t("manage.merged", source=source, target=target)
        if self._do(lambda: self.history.merge_players(source, target), done):
            self.merge_from.value = self.merge_into.value = None

    def on_merge_cancel(self) -> None:
        self.confirm_box.visible = False
