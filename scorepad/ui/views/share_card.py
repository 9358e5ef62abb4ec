"""Home's card for phones at the table (``--share``): the address and its QR code."""

from __future__ import annotations

import flet as ft
import flet.canvas as cv

from scorepad.ui.context import Context
from scorepad.ui.share import qr_runs
from scorepad.ui.views.common import tid

QR_SIZE = 160
"""The code's side on screen, in logical pixels."""


def share_card(ctx: Context) -> ft.Control | None:
    """None unless the app is shared on the local network."""
    url = ctx.services.config.share_url
    if not url:
        return None
    picture = tid("share-qr", qr_code(url))
    words = ft.Text(ctx.t("share.home", url=url), selectable=True)
    return tid(
        "share",
        ft.Card(
            content=ft.Container(
                padding=12,
                content=ft.ResponsiveRow(
                    [
                        ft.Container(
                            picture, col={"xs": 12, "sm": 4}, alignment=ft.Alignment.CENTER_LEFT
                        ),
                        ft.Container(words, col={"xs": 12, "sm": 8}),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            )
        ),
    )


def qr_code(url: str) -> ft.Control:
    """The QR code of ``url``, black on white whatever the theme (as a reader needs it),
    drawn as shapes."""
    size, runs = qr_runs(url)
    unit = QR_SIZE / size
    squares: list[cv.Path.PathElement] = [
        cv.Path.Rect(column * unit, row * unit, length * unit, unit) for row, column, length in runs
    ]
    dark = cv.Path(squares, paint=ft.Paint(color=ft.Colors.BLACK, style=ft.PaintingStyle.FILL))
    return ft.Container(
        cv.Canvas([dark], width=QR_SIZE, height=QR_SIZE),
        width=QR_SIZE,
        height=QR_SIZE,
        bgcolor=ft.Colors.WHITE,
    )
