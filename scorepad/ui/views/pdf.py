"""Printing from the app: a sheet as a PDF handed to the browser, and a line that says so."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorepad.core import GameTemplate, ScorepadError
from scorepad.ui.context import Context
from scorepad.ui.views.common import tid

Say = Callable[[str, bool], None]
"""Shows a line under the buttons: (text, is_error)."""


async def offer(ctx: Context, name: str, make: Callable[[], bytes], say: Say) -> None:
    """Make the PDF and hand it to the browser as ``name``; say how it went."""
    try:
        await ctx.download(name, make())
    except ScorepadError as problem:
        say(problem.message(ctx.lang), True)
        return
    say(ctx.t("app.pdf_ready", name=name), False)


async def offer_blank(
    ctx: Context,
    template: GameTemplate,
    variant: str | None,
    say: Say,
    names: Sequence[str] = (),
) -> None:
    """Two blank copies of ``template``'s sheet on an A4 page: a column for each seat in
    ``names`` (the names typed so far printed first, the other columns left blank), or the
    game's most players when there are no seats."""

    def make() -> bytes:
        from scorepad.printing.document import sheet_pdf  # reportlab loads only to print

        if not names:
            return sheet_pdf(template, variant, ctx.lang)
        typed = [n.strip() for n in names if n.strip()]
        return sheet_pdf(template, variant, ctx.lang, len(names), typed)

    suffix = f"-{variant}" if variant else ""
    await offer(ctx, f"{template.id}{suffix}-{ctx.lang}.pdf", make, say)


def blank_button(ctx: Context, on_click: Callable[[], object]) -> ft.Control:
    return tid(
        "print-blank",
        ft.OutlinedButton(
            ctx.t("app.print_blank"), icon=ft.Icons.DESCRIPTION_OUTLINED, on_click=on_click
        ),
    )


def status_line() -> ft.Text:
    return ft.Text("", size=14)


def teller(line: ft.Text) -> Say:
    def say(text: str, error: bool) -> None:
        line.value = text
        line.color = ft.Colors.ERROR if error else None

    return say
