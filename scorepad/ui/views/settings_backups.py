"""Settings' backups part: the history file's copies, "Back up now", and Restore.

It works from the history's location alone, so it still lists and restores copies when
the history file is too damaged to open, or has disappeared: that is when it is needed.
A restore asks first, in a dialog, and says which copy kept the history it replaced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorepad.core import ScorepadError
from scorepad.l10n import decimal_text
from scorepad.ui.context import Context
from scorepad.ui.devices import Power
from scorepad.ui.views.common import heading, muted, tid
from scorepad.ui.views.players import plays_text

if TYPE_CHECKING:
    from scorepad.store import Backup
    from scorepad.ui.history import History


class BackupsSection:
    def __init__(self, ctx: Context, history: History) -> None:
        self.ctx = ctx
        self.history = history
        self.rows = ft.Column(spacing=4)
        self.status = ft.Text("", size=14)
        self.shown: list[Backup] = []

    def controls(self) -> list[ft.Control]:
        ctx = self.ctx
        top: list[ft.Control] = [heading(ctx.t("manage.backups"))]
        try:
            self.refresh()
        except ScorepadError as problem:  # a database server: copies are its own business
            return [*top, tid("backup-sqlite-only", muted(problem.message(ctx.lang), size=14))]
        now = tid(
            "backup-now",
            ft.OutlinedButton(ctx.t("manage.backup_now"), icon=ft.Icons.SAVE, on_click=self.on_now),
        )
        return [
            *top,
            muted(ctx.t("manage.backups_help"), size=13),
            tid("backup-list", self.rows),
            now,
            tid("backup-message", self.status),
        ]

    def refresh(self) -> None:
        ctx = self.ctx
        self.shown = self.history.backups()
        rows: list[ft.Control] = []
        problem = self.history.backup_problem
        if problem is not None:
            text = ctx.t("manage.backup_problem", problem=problem.message(ctx.lang))
            rows.append(tid("backup-problem", ft.Text(text, size=14, color=ft.Colors.ERROR)))
        if not self.shown:
            rows.append(tid("backup-none", muted(ctx.t("manage.no_backups"), size=14)))
        else:
            folder = str(self.shown[0].path.parent)
            rows.append(muted(ctx.t("manage.backups_folder", folder=folder), size=13))
        for n, backup in enumerate(self.shown, 1):
            rows.append(self._row(n, backup))
        self.rows.controls = rows

    def _row(self, n: int, backup: Backup) -> ft.Control:
        ctx = self.ctx
        parts: list[ft.Control] = [ft.Text(self.describe(backup), size=14, expand=True)]
        if backup.kind != "damaged":
            restore = ft.TextButton(
                ctx.t("manage.backup_restore"), on_click=lambda: self.on_restore(backup)
            )
            parts.append(tid(f"backup-restore-{n}", restore))
        return tid(f"backup-{n}", ft.Row(parts))

    def describe(self, backup: Backup) -> str:
        ctx = self.ctx
        plays = (
            ctx.t("manage.backup_unreadable")
            if backup.plays is None
            else plays_text(ctx, backup.plays)
        )
        return ctx.t(
            "manage.backup_row",
            when=when_text(backup),
            kind=ctx.t(f"manage.backup_kind.{backup.kind}"),
            size=size_text(backup.size, ctx.lang),
            plays=plays,
        )

    def say(self, text: str, *, error: bool = False) -> None:
        self.status.value = text
        self.status.color = ft.Colors.ERROR if error else None

    def refused(self) -> bool:
        """Whether this device may not touch the host's backups (said, if so): asked at
        every action, as a screen drawn on the host's connection may be used from another."""
        if self.ctx.may(Power.BACKUPS):
            return False
        self.say(self.ctx.t("files.host_settings"), error=True)
        self.ctx.update(self.status)
        return True

    def on_now(self) -> None:
        if self.refused():
            return
        try:
            made = self.history.back_up()
        except ScorepadError as problem:
            self.say(problem.message(self.ctx.lang), error=True)
            return
        self.refresh()
        self.say(self.ctx.t("manage.backed_up", path=str(made)))

    def on_restore(self, backup: Backup) -> None:
        if self.refused():
            return
        ctx = self.ctx
        plays = "?" if backup.plays is None else plays_text(ctx, backup.plays)
        question = ctx.t("manage.restore_question", when=when_text(backup), plays=plays)
        dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text(ctx.t("manage.restore_title")),
            content=tid("backup-confirm-question", ft.Text(question)),
            actions=[
                tid(
                    "backup-confirm",
                    ft.FilledButton(
                        ctx.t("manage.backup_restore"),
                        on_click=lambda: self.on_restore_confirmed(backup),
                    ),
                ),
                tid(
                    "backup-cancel",
                    ft.TextButton(ctx.t("manage.cancel"), on_click=lambda: ctx.close_dialog()),
                ),
            ],
        )
        ctx.show_dialog(dialog)

    def on_restore_confirmed(self, backup: Backup) -> None:
        ctx = self.ctx
        ctx.close_dialog()
        if self.refused():
            return
        try:
            done = self.history.restore(backup.path)
        except ScorepadError as problem:
            self.say(problem.message(ctx.lang), error=True)
            ctx.update(self.status)
            return
        ctx.audit("restore", {"backup": backup.path.name, "recovered": done.recovered})
        self.refresh()
        when = when_text(backup)
        if done.kept is None:
            text = ctx.t("manage.restored_nothing_kept", when=when)
        else:
            text = ctx.t("manage.restored", when=when, kept=done.kept.name)
        if done.recovered:
            text += " " + ctx.t("manage.recovered", n=done.recovered)
        if done.photos_lost:
            text += " " + ctx.t("manage.restore_photos_lost", n=done.photos_lost)
        self.say(text)
        ctx.update(self.rows, self.status)  # the click came from the dialog, not this screen


def when_text(backup: Backup) -> str:
    return backup.taken_at.strftime("%Y-%m-%d %H:%M")


def size_text(size: int, lang: str) -> str:
    """Bytes as people read them: "12 KB", "1.4 MB" ("1,4 MB" in Spanish)."""
    if size < 1024 * 1024:
        return f"{max(1, round(size / 1024))} KB"
    return f"{decimal_text(size / (1024 * 1024), lang)} MB"
