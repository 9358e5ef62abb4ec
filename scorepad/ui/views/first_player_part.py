"""The "Who starts?" button of New play and of the sheet (``first-player``): a tap flicks
through the players' names for about half a second and lands on one, then says "Ana
starts"; another tap picks again. Where the game's file gives the rulebook's sentence on
who starts, it is shown beside the button (``first-player-rule``).

The flicker is a few timed updates of one text (``core.first_player.flicks``): nothing
runs between them, and a second tap during it simply takes over. What was picked is the
owner's to keep (the sheet's draft, shared live; the New play form's seat): this part
only asks for the names and hands back the one picked.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

import flet as ft

from scorepad.core import GameTemplate
from scorepad.core.first_player import first_player_rule, flicks
from scorepad.ui.context import Context
from scorepad.ui.views.common import muted, tid

FLICK_SECONDS = 0.08
"""Each name's time on screen while flicking: six of them, about half a second."""
MARK = ft.Icons.FLAG
"""Beside the player who starts."""


class FirstPlayerPart:
    """``names``: whom to pick from now; ``chosen``: who starts now (None: nobody);
    ``choose``: told the name picked."""

    def __init__(
        self,
        ctx: Context,
        template: GameTemplate,
        names: Callable[[], list[str]],
        chosen: Callable[[], str | None],
        choose: Callable[[str], None],
    ) -> None:
        self.ctx, self.names, self.chosen, self.choose = ctx, names, chosen, choose
        self.button = ft.OutlinedButton(
            ctx.t("app.who_starts"), icon=ft.Icons.CASINO, on_click=self.on_pick
        )
        self.said = ft.Text(weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
        rule = first_player_rule(template, ctx.lang)
        self.rule = muted(rule, size=13) if rule else None
        self.runs = 0
        """Picks started: a pick still flicking when another starts stops there."""
        self.refresh()

    def controls(self, beside: Sequence[ft.Control] = ()) -> list[ft.Control]:
        """The button and who starts, with ``beside`` after them in their row (the sheet's
        turn marker), then the rulebook's sentence."""
        row: list[ft.Control] = [
            ft.Row(
                [tid("first-player", self.button), tid("first-player-name", self.said), *beside],
                wrap=True,
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        ]
        if self.rule is not None:
            row.append(tid("first-player-rule", self.rule))
        return row

    def refresh(self) -> list[ft.Control]:
        """Say who starts; returns the controls whose look changed."""
        name = self.chosen()
        text = self.ctx.t("app.starts", player=name) if name else ""
        if self.said.value == text:
            return []
        self.said.value = text
        return [self.said]

    async def on_pick(self) -> None:
        names = self.names()
        if not names:
            return
        self.runs += 1
        run = self.runs
        shown = flicks(names)
        for name in shown[:-1]:
            self.said.value = name
            self.ctx.update(self.said)
            await asyncio.sleep(FLICK_SECONDS)
            if run != self.runs:
                return
        self.choose(shown[-1])  # the owner shows it, with this part's ``refresh``
