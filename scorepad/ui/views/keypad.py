"""A sheet's number cell, and which on-screen keyboard it asks a phone for.

Flet 1.0 offers no signed number keyboard (``KeyboardType.NUMBER`` is Flutter's unsigned
``TextInputType.number``, and on the web Flutter drops the ``signed`` flag anyway), so a
line that can go below zero asks for the phone pad instead (``type="tel"`` in the page):
digits with the minus sign (and ``+`` for a sum) on Android's keypad. A line that never
goes below zero keeps the plain number pad.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core.template import Line


def can_be_negative(line: Line | None) -> bool:
    """A line whose entry may be below zero (``Line.below_zero``: points without a floor
    at zero), or a line added by hand (``None``)."""
    if line is None:
        return True
    return line.below_zero()


def keypad(line: Line | None) -> ft.KeyboardType:
    return ft.KeyboardType.PHONE if can_be_negative(line) else ft.KeyboardType.NUMBER


def number_field(value: str, on_change: Callable[..., None], line: Line | None) -> ft.TextField:
    """A sheet's number cell for ``line`` (None: a line added by hand)."""
    return ft.TextField(
        value=value,
        on_change=on_change,
        keyboard_type=keypad(line),
        text_align=ft.TextAlign.CENTER,
        dense=True,
        expand=True,
        content_padding=ft.Padding.symmetric(horizontal=2, vertical=8),
        error_style=ft.TextStyle(size=10),
        error_max_lines=1,
    )
