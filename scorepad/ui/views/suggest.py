"""What to play tonight (``/suggest``): who is here (the history's players, or a number),
the time there is, and the games that fit, best first, each with its reasons ("not
played since March", "Ben has never played it"); "Play" starts one for those here.

A link may name those here (``/suggest?players=Ana,Ben``): they are chosen already.
"Pick one for us" flicks through the suggestions as "Who starts?" flicks through the
players (the same pace and the same pick, ``core.first_player.flicks``) and lands on
one; then the first-player part of New play (``FirstPlayerPart``) says who starts it,
and "Play" starts it with that player first (``?first=``).
The ranking is ``club.suggest``'s; this screen holds the choices (``ui.tonight``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import date

import flet as ft

from scorepad.club.suggest import Suggestion, reason_text
from scorepad.core import ScorepadError
from scorepad.core.first_player import flicks
from scorepad.core.game_facts import minutes_text
from scorepad.ui.context import Context
from scorepad.ui.tonight import COUNTS, TIMES, Tonight
from scorepad.ui.views.common import heading, muted, players_range, screen, tid
from scorepad.ui.views.first_player_part import FLICK_SECONDS, FirstPlayerPart


class SuggestView:
    def __init__(self, ctx: Context, present: str = "") -> None:
        self.ctx = ctx
        self.problem = ""
        here = present.split(",")
        try:
            self.model = ctx.kept(
                "tonight",
                lambda: Tonight.read(ctx.services.history, ctx.lang, date.today(), here),
            )
        except ScorepadError as problem:
            self.problem = problem.message(ctx.lang)
            self.model = Tonight([], [], [], date.today())
        self.who = ft.Row(wrap=True, spacing=6, run_spacing=6)
        self.counts = ft.Row(wrap=True, spacing=6, run_spacing=6)
        self.times = ft.Row(wrap=True, spacing=6, run_spacing=6)
        self.results = ft.Column(spacing=4)
        self.picked = ft.Text(weight=ft.FontWeight.BOLD, size=18, color=ft.Colors.PRIMARY)
        self.after_pick = ft.Column(spacing=8)
        self.runs = 0
        self.pick_button = ft.FilledButton(
            ctx.t("suggest.pick"), icon=ft.Icons.CASINO, on_click=self.on_pick
        )
        self.fill()

    def build(self) -> ft.View:
        ctx = self.ctx
        body: list[ft.Control] = []
        if self.problem:
            body.append(ft.Text(self.problem, color=ft.Colors.ERROR))
        if self.model.names:
            body += [heading(ctx.t("suggest.who")), self.who]
        body += [
            heading(ctx.t("suggest.how_many")),
            self.counts,
            heading(ctx.t("suggest.time")),
            self.times,
            ft.Row(
                [tid("suggest-pick", self.pick_button), tid("suggest-picked", self.picked)],
                wrap=True,
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            self.after_pick,
            heading(ctx.t("suggest.games")),
            self.results,
        ]
        return screen(ctx, ctx.t("suggest.title"), body)

    # --- drawing ---------------------------------------------------------------------
    def fill(self) -> None:
        """The chips as chosen, and the suggestions they give."""
        model, ctx = self.model, self.ctx
        self.who.controls = [
            tid(
                f"suggest-who-{n}",
                ft.Chip(
                    label=ft.Text(name),
                    selected=name in model.present,
                    on_click=self._toggle(name),
                ),
            )
            for n, name in enumerate(model.names, 1)
        ]
        self.counts.controls = [
            tid(
                f"suggest-count-{n}",
                ft.Chip(
                    label=ft.Text(str(n)),
                    selected=n == model.count,
                    show_checkmark=False,
                    on_click=self._count(n),
                ),
            )
            for n in COUNTS
        ]
        times: list[int | None] = [None, *TIMES]
        self.times.controls = [
            tid(
                f"suggest-time-{t or 'any'}",
                ft.Chip(
                    label=ft.Text(
                        ctx.t("suggest.any_time") if t is None else minutes_text((t, t), ctx.lang)
                    ),
                    selected=t == model.minutes,
                    show_checkmark=False,
                    on_click=self._time(t),
                ),
            )
            for t in times
        ]
        found = model.suggestions()
        self.shown = found
        self.results.controls = [self._card(n, s) for n, s in enumerate(found, 1)] or [
            muted(ctx.t("suggest.none"), size=14)
        ]
        self.pick_button.disabled = not found
        self.picked.value = ""
        self.after_pick.controls = []

    def _card(self, n: int, found: Suggestion) -> ft.Control:
        ctx, game = self.ctx, found.candidate
        details = [players_range(ctx, *game.players)]
        if game.minutes is not None:
            details.append(minutes_text(game.minutes, ctx.lang))
        reasons = [reason_text(r, ctx.lang, self.model.today) for r in found.reasons]
        subtitle = " · ".join(details) + ("\n" + " · ".join(reasons) if reasons else "")
        trailing: ft.Control | None = None
        if game.playable:
            trailing = tid(
                f"suggestion-play-{n}",
                ft.Button(ctx.t("suggest.play"), on_click=self._start(game.game)),
            )
        return tid(
            f"suggestion-{n}",
            ft.Card(
                content=ft.ListTile(
                    title=ft.Text(game.name, weight=ft.FontWeight.BOLD),
                    subtitle=ft.Text(subtitle),
                    trailing=trailing,
                )
            ),
        )

    # --- choices ---------------------------------------------------------------------
    def _toggle(self, name: str) -> Callable[[], None]:
        def toggle() -> None:
            self.model.toggle(name)
            self.fill()

        return toggle

    def _count(self, n: int) -> Callable[[], None]:
        def choose() -> None:
            self.model.count = n
            self.fill()

        return choose

    def _time(self, minutes: int | None) -> Callable[[], None]:
        def choose() -> None:
            self.model.minutes = minutes
            self.fill()

        return choose

    def _start(
        self, game: str, first: Callable[[], str | None] = lambda: None
    ) -> Callable[[], None]:
        def start() -> None:
            self.ctx.navigate(self.model.start_route(game, first()))

        return start

    async def on_pick(self) -> None:
        """One of the suggestions at random, flicked through as "Who starts?" does."""
        choices = [s for s in self.shown if s.candidate.playable] or self.shown
        if not choices:
            return
        self.runs += 1
        run = self.runs
        names = [s.candidate.name for s in choices]
        shown = flicks(names)
        self.after_pick.controls = []
        for name in shown[:-1]:
            self.picked.value = name
            self.ctx.update(self.picked, self.after_pick)
            await asyncio.sleep(FLICK_SECONDS)
            if run != self.runs:
                return
        chosen = choices[names.index(shown[-1])]
        self.picked.value = shown[-1]
        self.after_pick.controls = self._picked_parts(chosen)
        self.ctx.update(self.picked, self.after_pick)

    def _picked_parts(self, chosen: Suggestion) -> list[ft.Control]:
        """Who starts the game picked (those here), and "Play" for it."""
        ctx, game = self.ctx, chosen.candidate
        if not game.playable:
            return [muted(ctx.t("suggest.no_sheet"), size=13)]
        parts: list[ft.Control] = []
        present = list(self.model.present)
        starter: dict[str, str | None] = {"name": None}
        if present:
            template = ctx.services.history.games().get(game.game)
            if template is not None:

                def choose(name: str) -> None:
                    starter["name"] = name
                    ctx.update(*part.refresh())

                part = FirstPlayerPart(
                    ctx, template, lambda: present, lambda: starter["name"], choose
                )
                parts += part.controls()
        play = ft.FilledButton(
            ctx.t("suggest.play"),
            icon=ft.Icons.PLAY_ARROW,
            on_click=self._start(game.game, lambda: starter["name"]),
        )
        parts.append(tid("suggest-play-picked", play))
        return parts


def suggest_view(ctx: Context, present: str = "") -> ft.View:
    """The screen; ``present``: the names of those here, comma-separated (a link's
    ``?players=``), chosen already."""
    return SuggestView(ctx, present).build()
