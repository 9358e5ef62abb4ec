"""Home's card for phones at the table (``--share``): the address and its QR code."""

from __future__ import annotations

import flet as ft

from scorepad.ui.context import Context
from scorepad.ui.share import qr_png
from scorepad.ui.views.common import tid


def share_card(ctx: Context) -> ft.Control | None:
    """None unless the app is shared on the local network."""
    url = ctx.services.config.share_url
    if not url:
        return None
    picture = ft.Image(src=qr_png(url), width=160, height=160)
    words = ft.Text(ctx.t("share.home", url=url), selectable=True)
    return tid(
        "share",
        ft.Card(
            content=ft.Container(
                padding=12,
                content=ft.ResponsiveRow(
                    [
                        ft.Container(picture, col={"xs": 12, "sm": 4}),
                        ft.Container(words, col={"xs": 12, "sm": 8}),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            )
        ),
    )
