"""The play screen's photos of the table, and History's mark on a play that has some.

A strip of thumbnails (``photo-1``, ``photo-2``… in the play's order); tapping one opens it
large, where it can be deleted (with Undo); ``add-photo`` picks more on this device, its
camera or its files (``Context.upload_photos``). A photo reaches the browser as the bytes
of its JPEG inside the page's own connection, read from the history (never a path or an
address of the host's), so only a session that may see the history sees them; at most
``SENT_MAX`` bytes are sent for one picture.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from scorepad.core import ScorepadError
from scorepad.ui.context import Context
from scorepad.ui.views.common import heading, muted, tid

if TYPE_CHECKING:
    from scorepad.store import Photo, RemovedPhoto

THUMB = 96
"""Side of a thumbnail in the strip (logical pixels)."""
MARK = 40
"""Side of the thumbnail that marks a play with photos in History."""
SENT_MAX = 4 * 1024 * 1024
"""The most bytes sent to a page for one picture (a kept photo is a few hundred KB)."""

UndoBar = Callable[[Context, str, Callable[[], None]], ft.SnackBar]


def _picture(
    data: bytes | None, side: float, high: float | None = None, fit: ft.BoxFit = ft.BoxFit.COVER
) -> ft.Control:
    """A picture from its bytes, ``side`` wide and ``high`` (``side``) high, or a
    placeholder when it could not be read."""
    high = side if high is None else high
    if data is None or len(data) > SENT_MAX:
        return ft.Container(
            ft.Icon(ft.Icons.BROKEN_IMAGE_OUTLINED, color=ft.Colors.ON_SURFACE_VARIANT),
            width=side,
            height=high,
            alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border_radius=8,
        )
    return ft.Image(src=data, width=side, height=high, fit=fit, border_radius=8)


class PhotosPart:
    """A play's photos on its screen."""

    def __init__(self, ctx: Context, play_id: int, undo_bar: UndoBar) -> None:
        from scorepad.store import MAX_PHOTOS

        self.ctx = ctx
        self.play_id = play_id
        self.undo_bar = undo_bar
        self.most = MAX_PHOTOS
        self.photos: list[Photo] = []
        self.strip = ft.Row(spacing=8, scroll=ft.ScrollMode.AUTO)
        self.empty = muted(ctx.t("photos.none"), size=13)
        self.status = ft.Text(size=13)
        self.add = ft.OutlinedButton(
            ctx.t("photos.add"), icon=ft.Icons.ADD_A_PHOTO_OUTLINED, on_click=self.on_add
        )
        self.box = ft.Column(
            [
                heading(ctx.t("photos.title")),
                self.strip,
                self.empty,
                ft.Row([tid("add-photo", self.add)], wrap=True),
                tid("photos-message", self.status),
            ],
            spacing=8,
        )

    def build(self) -> ft.Control:
        self.fill()
        return tid("photos", self.box)

    # --- the strip ------------------------------------------------------------------------
    def fill(self) -> None:
        """The strip as the history holds it now."""
        history = self.ctx.services.history
        try:
            self.photos = history.photos(self.play_id)
        except ScorepadError as problem:
            self.photos = []
            self.say(problem.message(self.ctx.lang), True)
        count = len(self.photos)
        tiles: list[ft.Control] = []
        for n, photo in enumerate(self.photos, 1):
            try:
                thumb: bytes | None = history.photo_bytes(self.play_id, photo.position, thumb=True)
            except ScorepadError:
                thumb = None
            label = self.ctx.t("photos.photo_n", n=n, count=count)
            tile = ft.Container(
                _picture(thumb, THUMB),
                on_click=lambda _e, n=n: self.open(n),
                border_radius=8,
                tooltip=label,
            )
            tiles.append(tid(f"photo-{n}", ft.Semantics(label=label, button=True, content=tile)))
        self.strip.controls = tiles
        self.strip.visible = bool(tiles)
        self.empty.visible = not tiles
        self.add.disabled = count >= self.most

    def say(self, text: str, wrong: bool = False) -> None:
        self.status.value = text
        self.status.color = ft.Colors.ERROR if wrong else None

    def refresh(self) -> None:
        self.fill()
        self.ctx.update(self.box)

    # --- adding ---------------------------------------------------------------------------
    async def on_add(self) -> None:
        ctx = self.ctx
        room = self.most - len(self.photos)
        if room <= 0:
            self.say(ctx.t("photos.full", most=self.most), True)
            return
        picked = await ctx.upload_photos(room)
        if not picked:
            return
        problems = [p.problem.message(ctx.lang) for p in picked if p.problem is not None]
        added = 0
        history = ctx.services.history
        for each in picked:
            if each.data is None:
                continue
            self.say(ctx.t("photos.adding", name=each.name))
            ctx.update(self.status)
            try:
                await asyncio.to_thread(history.add_photos, self.play_id, [(each.name, each.data)])
            except ScorepadError as problem:
                problems.append(problem.message(ctx.lang))
            else:
                added += 1
        said = [ctx.t("photos.added", count=added)] if added else []
        self.fill()
        self.say("\n".join([*said, *problems]), bool(problems))
        ctx.update(self.box)

    # --- one photo, large -------------------------------------------------------------------
    def open(self, n: int) -> None:
        ctx = self.ctx
        if not 1 <= n <= len(self.photos):
            return
        photo = self.photos[n - 1]
        try:
            data: bytes | None = ctx.services.history.photo_bytes(self.play_id, photo.position)
        except ScorepadError as problem:
            self.say(problem.message(ctx.lang), True)
            ctx.update(self.status)
            return
        side = 320 if ctx.compact else 720
        ratio = photo.height / photo.width if photo.width else 1
        width, height = (side, side * ratio) if ratio <= 1 else (side / ratio, side)
        picture = _picture(data, width, height, ft.BoxFit.CONTAIN)
        dialog = ft.AlertDialog(
            title=ft.Text(ctx.t("photos.photo_n", n=n, count=len(self.photos))),
            content=tid("photo-large", ft.Container(picture, width=width, height=height)),
            actions=[
                tid(
                    "photo-delete",
                    ft.TextButton(
                        ctx.t("photos.delete"),
                        icon=ft.Icons.DELETE_OUTLINE,
                        style=ft.ButtonStyle(color=ft.Colors.ERROR),
                        on_click=lambda: self.delete(photo),
                    ),
                ),
                tid(
                    "photo-close",
                    ft.TextButton(ctx.t("photos.close"), on_click=lambda: ctx.close_dialog()),
                ),
            ],
        )
        ctx.show_dialog(dialog)

    def delete(self, photo: Photo) -> None:
        ctx = self.ctx
        history = ctx.services.history
        ctx.close_dialog()
        try:
            removed = history.remove_photo(self.play_id, photo.position)
        except ScorepadError as problem:
            self.say(problem.message(ctx.lang), True)
            ctx.update(self.status)
            return
        self.say("")
        self.refresh()
        ctx.show_dialog(self.undo_bar(ctx, ctx.t("photos.deleted"), lambda: self.undo(removed)))

    def undo(self, removed: RemovedPhoto) -> None:
        ctx = self.ctx
        try:
            ctx.services.history.put_back_photo(removed)
        except ScorepadError as problem:
            self.say(problem.message(ctx.lang), True)
        ctx.close_dialog()
        self.refresh()


def photos_part(ctx: Context, play_id: int, undo_bar: UndoBar) -> list[ft.Control]:
    """The play screen's photos part (``play.py`` places it)."""
    return [PhotosPart(ctx, play_id, undo_bar).build()]


# --- History ---------------------------------------------------------------------------------
def photo_marks(ctx: Context, play_ids: list[int]) -> dict[int, tuple[Photo, int]]:
    """Which of ``play_ids`` have photos (none when the history cannot say)."""
    try:
        return ctx.services.history.photo_marks(play_ids)
    except ScorepadError:
        return {}


def history_mark(ctx: Context, mark: tuple[Photo, int] | None) -> ft.Control | None:
    """History's mark on a row for a play with photos: the first one's thumbnail and how
    many there are; None for a play without."""
    if mark is None:
        return None
    photo, count = mark
    try:
        thumb: bytes | None = ctx.services.history.photo_bytes(
            photo.play_id, photo.position, thumb=True
        )
    except ScorepadError:
        thumb = None
    # no test id nor label of its own: a node inside the row would split its text, which
    # is read out as one ("… Won by Ana Photos: 2"); the picture is not read out
    return ft.Row(
        [
            ft.Semantics(exclude_semantics=True, content=_picture(thumb, MARK)),
            ft.Text(ctx.t("photos.marker", count=count), size=12),
        ],
        spacing=4,
        tight=True,
    )
