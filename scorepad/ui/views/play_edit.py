"""Editing a saved play: the sheet editor on the play's entries, saved back in place.

The sheet in progress is kept in a folder of its own per play (``edits/<id>/``), so a
reload keeps the changes and no sheet in progress is ever touched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.play_to_save import PlayToSave
from scorepad.sheet.colours import saved_colours
from scorepad.sheet.play import as_edit, restore_boards
from scorepad.sheet.progress import SheetInProgress
from scorepad.sheet.timer import clock, stopped_at
from scorepad.ui.context import Context
from scorepad.ui.drafts import FileDraftStore
from scorepad.ui.play_model import draft_from_play
from scorepad.ui.views.message import message_view
from scorepad.ui.views.play import named, undo_bar
from scorepad.ui.views.sheet import SheetView

if TYPE_CHECKING:
    from scorepad.store import EditedPlay


def edit_drafts(ctx: Context, play_id: int) -> FileDraftStore:
    return FileDraftStore(ctx.services.config.data_dir / "edits" / str(play_id))


def edit_view(ctx: Context, play_id: str) -> ft.View:
    try:
        number = int(play_id)
        history = ctx.services.history
        record = history.get_play(number)
    except ValueError:
        return message_view(ctx, ctx.t("app.play"), ctx.t("app.not_found", route=play_id))
    except ScorepadError as problem:
        return message_view(ctx, ctx.t("app.play"), problem.message(ctx.lang))
    template = record.sheet.template
    drafts = edit_drafts(ctx, number)
    draft = next(iter(drafts.all()), None)  # the folder holds this play's edit only
    model = None
    if draft is not None:
        try:
            model = SheetInProgress(template, draft)
        except ScorepadError:
            model = None  # an edit that no longer fits the play: start from the play again
    if model is None:
        start = draft_from_play(record, ctx.lang)
        start.notes = record.summary.notes or ""
        seat = record.summary.first_seat  # the seat, as the sheet names it
        start.first_player = start.players[seat - 1] if seat and seat <= len(start.players) else ""
        start.colours = saved_colours(record.summary.players)
        restore_boards(start, [p.board for p in record.summary.players])
        minutes = record.summary.duration  # shown paused, to correct by hand
        start.timer = None if minutes is None else stopped_at(minutes, clock())
        model = SheetInProgress(template, start)

    def save(play: PlayToSave) -> str:
        edited = history.update_play(number, as_edit(play))
        offer_undo(ctx, edited)
        return str(number)

    view = SheetView(
        ctx,
        model,
        saver=save,
        drafts=drafts,
        note=ctx.t("app.editing_play", play=named(record, ctx.lang)),
    ).build()

    def back() -> None:
        drafts.discard(model.draft.sheet_id)
        ctx.navigate(f"/play/{number}")

    frame = view.controls[-1]  # the screen's body (``common.screen``)
    assert isinstance(frame, ft.Container) and isinstance(frame.content, ft.Column)
    frame.content.controls.append(
        ft.Semantics(
            identifier="cancel-edit",
            content=ft.TextButton(
                ctx.t("app.cancel_edit"), icon=ft.Icons.ARROW_BACK, on_click=back
            ),
        )
    )
    return view


def offer_undo(ctx: Context, edited: EditedPlay) -> None:
    """The message after saving an edit, naming the play, with Undo: the play back exactly
    as it was before (entries, details, first player, colours, boards), as for a delete."""
    before = edited.before
    if before is None:
        return
    history = ctx.services.history
    route = f"/play/{edited.id}"

    def undo() -> None:
        try:
            history.undo_edit(before)
        except ScorepadError as problem:
            ctx.show_dialog(ft.SnackBar(ft.Text(problem.message(ctx.lang))))
            return
        ctx.close_dialog()
        if ctx.route == route:
            ctx.rebuild()  # the play shown is the one put back: show it as it is now
        else:
            ctx.navigate(route)

    said = ctx.t("app.play_edited", play=named(edited, ctx.lang))
    ctx.show_dialog(undo_bar(ctx, said, undo))
