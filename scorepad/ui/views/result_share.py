"""Sharing a saved play's result: the play screen's Share and Copy as text buttons.

Share draws the result card (``scorepad.cards.result``) and hands it to the device that
shows the page: its system share sheet where the page is a secure one (https, or the
computer running the app), else the browser saves it (``Context.share_file``). The card
goes over that session's own connection only, never through a file of the host, and the
access code of a shared app (``scorepad.ui.share``) guards that connection as any other.
Both buttons also put the result as text on the device's clipboard: the browser's
clipboard is written by the page itself as the button is pressed (Flet's
``CopyToClipboard``), the only moment a phone's browser allows it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from scorepad.cards.result import result_png, result_text
from scorepad.core import ScorepadError
from scorepad.ui.context import Context
from scorepad.ui.result_card import play_result, result_file_name
from scorepad.ui.views.common import tid

if TYPE_CHECKING:
    from scorepad.store import PlayRecord

Say = Callable[[str, bool], None]

PNG = "image/png"


def share_buttons(ctx: Context, record: PlayRecord, say: Say) -> list[ft.Control]:
    """Share (the card, and the text copied) and Copy as text; none for a deleted play."""
    if record.deleted_at is not None:
        return []
    result = play_result(record, ctx.lang)
    text = result_text(result, ctx.lang)
    name = result_file_name(record, result)

    async def share() -> None:
        try:
            data = await asyncio.to_thread(result_png, result, ctx.lang)
            how = await ctx.share_file(name, data, PNG)
        except ScorepadError as problem:
            say(problem.message(ctx.lang), True)
            return
        except RuntimeError as problem:  # the browser refused both the sheet and the download
            say(ctx.t("app.share_failed", detail=str(problem) or type(problem).__name__), True)
            return
        if how == "dismissed":
            say(f"{ctx.t('app.share_cancelled')} {ctx.t('app.share_copied')}", False)
        else:
            say(f"{ctx.t('app.share_done', name=name)} {ctx.t('app.share_copied')}", False)

    def copied() -> None:
        say(ctx.t("app.share_copied"), False)

    return [
        tid(
            "share-play",
            ft.OutlinedButton(
                ctx.t("app.share_play"),
                icon=ft.Icons.SHARE,
                action=copying(text),
                on_click=share,
            ),
        ),
        tid(
            "share-text",
            ft.TextButton(
                ctx.t("app.share_text"),
                icon=ft.Icons.CONTENT_COPY_OUTLINED,
                action=copying(text),
                on_click=copied,
            ),
        ),
    ]


def copying(text: str) -> ft.CopyToClipboard | None:
    """The page's own copy of ``text`` to the clipboard as a button is pressed; None where
    the screen is built without a page (tests, the warm-up): nothing to copy to."""
    try:
        return ft.CopyToClipboard(text)
    except RuntimeError:
        return None
