"""Settings' history part: where it lives, export it, import a file into it.

Paths are on the machine running the app, and only the host's sessions
(``Context.may(Power.HOST_FILES)``, asked again at every export and import) may name one:
a phone at the table never reaches the host's files. The export defaults to the exports
folder beside the app's other files; an import reads only a regular file of
at most 200 MB (``scorepad.ui.host_files``). Every device may also download the export
and import a file picked on itself (Flet's file picker: the bytes travel over the page's
websocket), which is how a phone exports and imports. Exporting and importing run
off the page's event loop (``Context.later``): every device on this app shares that loop,
and a history of thousands of plays takes seconds, which the sheets at the other tables
must not wait for. Meanwhile the section says what it is doing and takes no second click;
when the person has moved on to another screen by then, the outcome is said over it.
"""

from __future__ import annotations

import asyncio
import io
import logging
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.i18n import first_few
from scorepad.ui.context import Context
from scorepad.ui.devices import Power
from scorepad.ui.host_files import MAX_BYTES, MAX_MB, check_file
from scorepad.ui.views.common import heading, muted, tid

IMPORT_EXTENSIONS = ("json", "bgsplay", "xml", "csv", "zip")
"""The files a device may pick to import: Scorepad's history (or its archive with the
photos), BG Stats' files, and BoardGameGeek's plays XML and collection CSV (each told
apart by its content)."""

FORMATS = (
    ("json", "Scorepad JSON"),
    ("zip", "Scorepad ZIP"),
    ("csv", "CSV"),
    ("bgsplay", "BG Stats"),
)
WORDED = {"zip": "photos.export_format"}
"""The formats whose name has words to translate: their message."""
SUFFIX = {"json": ".json", "zip": ".zip", "csv": ".csv", "bgsplay": ".bgsplay"}

if TYPE_CHECKING:
    from scorepad.store import Imported
    from scorepad.ui.history import History

logger = logging.getLogger(__name__)

ARCHIVE = b"PK\x03\x04"
"""How a ZIP file starts: a history exported with its photos."""

Outcome = tuple[str, bool]
"""What to say once a job is done, and whether it is a problem."""


class HistorySection:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.status = ft.Text("", size=14)
        self.fmt = "json"
        self.export_path = ft.TextField(
            label=ctx.t("manage.export_path"),
            value=str(self.default_path()),
            dense=True,
            expand=True,
        )
        self.import_path = ft.TextField(label=ctx.t("manage.import_path"), dense=True, expand=True)
        self.export_button = ft.OutlinedButton(ctx.t("manage.export"), on_click=self.on_export)
        self.import_button = ft.OutlinedButton(ctx.t("manage.import"), on_click=self.on_import)
        self.download_button = ft.OutlinedButton(
            ctx.t("files.download"), icon=ft.Icons.DOWNLOAD, on_click=self.on_download
        )
        self.upload_button = ft.OutlinedButton(
            ctx.t("files.upload"), icon=ft.Icons.UPLOAD_FILE, on_click=self.on_upload
        )
        self.progress = ft.ProgressBar(value=None, visible=False)
        """Shown while an import runs: how far through a BG Stats file it is."""
        self.busy = False
        self.token = object()
        ctx.keep("history-section", self.token)  # a rebuilt Settings has a section of its own

    @property
    def history(self) -> History:
        return self.ctx.services.history

    def default_path(self) -> Path:
        folder = self.ctx.services.config.data_dir / "exports"
        return folder / f"scorepad-history{SUFFIX[self.fmt]}"

    def where(self) -> ft.Control:
        """Where the history lives: the store's own label (a path, or a URL sans password)."""
        ctx = self.ctx
        try:
            where = ctx.t("manage.history_at", label=self.history.label)
        except ScorepadError as problem:
            where = problem.message(ctx.lang)
        return tid("history-where", muted(where, size=14))

    def tools(self) -> list[ft.Control]:
        ctx = self.ctx
        formats = ft.RadioGroup(
            value=self.fmt,
            on_change=self.on_format,
            content=ft.Row(
                [
                    tid(f"export-format-{key}", ft.Radio(value=key, label=name))
                    for key, name in (
                        (k, ctx.t(WORDED[k]) if k in WORDED else n) for k, n in FORMATS
                    )
                ],
                wrap=True,
            ),
        )
        return [
            heading(ctx.t("manage.export_history")),
            tid("export-format", formats),
            *self.file_rows(),
            tid("import-progress", ft.Container(self.progress)),  # hidden inside: see tid
            tid("history-message", self.status),
        ]

    def file_rows(self) -> list[ft.Control]:
        """Download and upload on every device; the path fields on this computer only."""
        ctx = self.ctx
        download = tid("export-download", self.download_button)
        upload = tid("import-upload", self.upload_button)
        if not ctx.may(Power.HOST_FILES):
            return [
                ft.Row([download], wrap=True),
                heading(ctx.t("manage.import_history")),
                muted(ctx.t("files.import_help"), size=13),
                ft.Row([upload], wrap=True),
                tid("host-only", muted(ctx.t("files.host_only"), size=13)),
            ]
        export_path = tid("export-path", self.export_path)
        export = tid("export", self.export_button)
        import_path = tid("import-path", self.import_path)
        import_ = tid("import", self.import_button)
        if ctx.compact:  # a phone: each field the whole width, its label on one line
            return [
                ft.Row([export_path]),
                ft.Row([export, download], wrap=True),
                heading(ctx.t("manage.import_history")),
                muted(ctx.t("manage.import_help"), size=13),
                ft.Row([import_path]),
                ft.Row([import_, upload], wrap=True),
            ]
        return [
            ft.Row([export_path, export]),
            ft.Row([download], wrap=True),
            heading(ctx.t("manage.import_history")),
            muted(ctx.t("manage.import_help"), size=13),
            ft.Row([import_path, import_]),
            ft.Row([upload], wrap=True),
        ]

    def buttons(self) -> tuple[ft.Control, ...]:
        return (self.export_button, self.import_button, self.download_button, self.upload_button)

    async def on_download(self) -> None:
        """The export handed to this device's browser (made in a worker thread)."""
        if self.busy:
            return
        ctx, fmt = self.ctx, self.fmt
        name = f"scorepad-history{SUFFIX[fmt]}"

        def make() -> tuple[int, bytes]:
            if fmt == "zip":  # the photos too: an archive, made in a file of its own
                with tempfile.TemporaryDirectory(prefix="scorepad-export-") as folder:
                    path = Path(folder) / name
                    count = self.history.export_file(path, fmt)
                    return count, path.read_bytes()
            out = io.StringIO(newline="")
            count = self.history.export(out, fmt)
            return count, out.getvalue().encode("utf-8")

        def made() -> tuple[int, bytes]:
            count, data = make()
            ctx.audit("export", {"what": "history", "format": fmt, "plays": count})
            return count, data

        self.start_job(ctx.t("manage.exporting", path=name))
        try:
            count, data = await asyncio.to_thread(made)
            await ctx.download(name, data)
            outcome: Outcome = ctx.t("files.downloaded", n=count, name=name), False
        except ScorepadError as problem:
            outcome = problem.message(ctx.lang), True
        except Exception as problem:  # a bug: said, logged, and the section usable again
            logger.exception("exporting the history to a device failed")
            outcome = ctx.t("manage.history_failed", detail=str(problem)), True
        self.finish_job(outcome)

    async def on_upload(self) -> None:
        """A history file picked on this device, imported in a worker thread."""
        if self.busy:
            return
        ctx = self.ctx
        try:
            picked = await ctx.upload(list(IMPORT_EXTENSIONS))
        except ScorepadError as problem:  # too big (said before a byte is sent), or lost
            self.finish_job((problem.message(ctx.lang), True))
            return
        if picked is None:
            return
        name, data = picked
        if len(data) > MAX_BYTES:
            self.finish_job((ctx.t("files.too_big", path=name, mb=MAX_MB), True))
            return

        def load() -> Outcome:
            if data.startswith(ARCHIVE):  # a history with its photos
                done = self.history.import_archive(data, name)
            else:
                text = data.decode("utf-8-sig")
                done = self.history.import_text(text, name, progress=self.on_progress)
            ctx.audit("import", imported(name, len(data), done))
            return report_text(ctx, name, done), False

        self.start_job(ctx.t("manage.importing", path=name))
        try:
            outcome: Outcome = await asyncio.to_thread(load)
        except UnicodeDecodeError as problem:
            outcome = ctx.t("manage.cannot_read", path=name, detail=str(problem)), True
        except ScorepadError as problem:
            outcome = problem.message(ctx.lang), True
        except Exception as problem:  # a bug: said, logged, and the section usable again
            logger.exception("importing a history from a device failed")
            outcome = ctx.t("manage.history_failed", detail=str(problem)), True
        self.finish_job(outcome)

    def start_job(self, doing: str) -> None:
        self.working(True)
        self.say(doing)
        self.ctx.update(self.status, self.progress, *self.buttons())

    def on_progress(self, done: int, total: int) -> None:
        """How far an import is (called from its worker thread)."""
        self.progress.value = done / total if total else None
        self.ctx.update(self.progress)

    def finish_job(self, outcome: Outcome) -> None:
        text, error = outcome
        self.working(False)
        if self.ctx.screen.get("history-section") is not self.token:
            self.ctx.show_dialog(ft.SnackBar(ft.Text(text)))  # said over the screen shown now
            return
        self.say(text, error=error)
        self.ctx.update(self.status, self.progress, *self.buttons())

    def say(self, text: str, *, error: bool = False) -> None:
        self.status.value = text
        self.status.color = ft.Colors.ERROR if error else None

    def on_format(self, e: ft.Event[ft.RadioGroup]) -> None:
        old = str(self.default_path())
        self.fmt = str(e.control.value)
        if (self.export_path.value or "").strip() in ("", old):
            self.export_path.value = str(self.default_path())

    def on_export(self) -> None:
        if not self.ctx.may(Power.HOST_FILES):
            self.say(self.ctx.t("files.host_only"), error=True)
            return
        path = Path((self.export_path.value or "").strip() or self.default_path()).expanduser()
        self.run(self.ctx.t("manage.exporting", path=str(path)), lambda: self.export(path))

    def export(self, path: Path) -> Outcome:
        ctx = self.ctx
        if path.exists() and not path.is_file():  # a device, a FIFO, a folder
            return ctx.t("files.not_regular", path=str(path)), True
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            count = self.history.export_file(path, self.fmt)
        except OSError as problem:
            detail = problem.strerror or str(problem)
            return ctx.t("manage.cannot_write", path=str(path), detail=detail), True
        ctx.audit("export", {"what": "history", "format": self.fmt, "plays": count})
        return ctx.t("manage.exported", n=count, path=str(path)), False

    def on_import(self) -> None:
        ctx = self.ctx
        if not ctx.may(Power.HOST_FILES):
            self.say(ctx.t("files.host_only"), error=True)
            return
        given = (self.import_path.value or "").strip()
        if not given:
            self.say(ctx.t("manage.import_needed"), error=True)
            return
        path = Path(given).expanduser()
        self.run(ctx.t("manage.importing", path=str(path)), lambda: self.import_(path))

    def import_(self, path: Path) -> Outcome:
        size = check_file(path)  # a regular file of a sane size, or an AppError that says why
        done = self.history.import_file(path, progress=self.on_progress)
        self.ctx.audit("import", imported(path.name, size, done))
        return report_text(self.ctx, str(path), done), False

    def run(self, doing: str, job: Callable[[], Outcome]) -> None:
        """``job`` in a worker thread, saying ``doing`` until it is done (see module doc)."""
        if self.busy:
            return
        ctx = self.ctx

        def attempt() -> Outcome:
            try:
                return job()
            except ScorepadError as problem:
                return problem.message(ctx.lang), True
            except Exception as problem:  # a bug: said, logged, and the section usable again
                logger.exception("exporting or importing the history failed")
                return ctx.t("manage.history_failed", detail=str(problem)), True

        def finished(outcome: Outcome) -> None:
            text, error = outcome
            self.working(False)
            if ctx.screen.get("history-section") is not self.token:
                ctx.show_dialog(
                    ft.SnackBar(ft.Text(text))
                )  # said over whatever screen is shown now
                return
            self.say(text, error=error)
            ctx.update(self.status, self.progress, *self.buttons())

        self.working(True)
        self.say(doing)
        ctx.update(self.status, self.progress, *self.buttons())
        ctx.later(attempt, finished)

    def working(self, busy: bool) -> None:
        self.busy = busy
        self.progress.visible = busy
        self.progress.value = None
        for button in self.buttons():
            button.disabled = busy


def imported(name: str, size: int, done: Imported) -> dict[str, object]:
    """An import as the audit log notes it: the file's name and size, and what it did."""
    return {
        "what": "history",
        "file": name,
        "bytes": size,
        "plays": done.plays,
        "updated": done.updated,
        "skipped": done.skipped,
    }


def report_text(ctx: Context, source: str, done: Imported) -> str:
    """What an import did, line by line: added and already held, then what a BG Stats
    import updated, added and matched, anything left out, the fields kept only to be
    written back (each with how many records held one), the plays given twice in the
    file (how many, and which), and the settings and players' fields of a history file:
    taken, or the history's own kept where they differ."""
    lines = [ctx.t("manage.imported", path=source, added=done.plays, skipped=done.skipped)]
    if done.photos:
        lines.append(ctx.t("store.import_photos", count=done.photos))
    if done.updated:
        lines.append(ctx.t("store.import_updated", count=done.updated))
    for key, items in (
        ("store.import_players", done.players_added),
        ("store.import_games", done.games_added),
        ("store.import_locations", done.locations_added),
    ):
        if items:
            lines.append(ctx.t(key, count=len(items), names=", ".join(items)))
    lines += [ctx.t("store.import_matched", name=n, game=g) for n, g in done.matched]
    lines += [ctx.t("store.import_left_out", why=why) for why in done.left_out]
    if done.kept_back:  # each field with how many records held one
        what = ", ".join(done.kept_back)
        lines.append(ctx.t("manage.import_kept_back", count=len(done.kept_back), what=what))
    if done.duplicates:
        what = first_few(done.duplicates, ctx.lang)
        lines.append(ctx.t("manage.import_duplicates", count=len(done.duplicates), what=what))
    if done.same_bgg_play:
        lines.append(ctx.t("store.import_same_bgg", what=first_few(done.same_bgg_play, ctx.lang)))
    from scorepad.store import kept_lines

    lines += kept_lines(done.settings_added, done.settings_kept, done.players_kept, ctx.t)
    if done.collection or done.collection_held:  # a collection, not plays
        lines = [
            ctx.t(
                "store.import_collection",
                source=source,
                added=done.collection,
                held=done.collection_held,
            )
        ]
    return "\n".join(lines)
