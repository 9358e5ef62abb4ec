"""The game picker: every game the app knows, the games played lately and often first,
filtered as the search box is typed in (case and accents ignored, names in every
language) and by the number of players at the table (``scorepad.core.finding``)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core import GameTemplate
from scorepad.core.errors import quote
from scorepad.core.finding import find_games
from scorepad.core.i18n import pick
from scorepad.ui.context import Context
from scorepad.ui.views.common import muted, players_range, screen, tid

TABLE_SIZES = range(1, 13)
"""The players-at-the-table choices (beside "any")."""


class PickerView:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        history = ctx.services.history
        self.games = list(history.games().values())
        self.played = history.played_games()
        self.players: int | None = None
        self.search = ft.TextField(
            label=ctx.t("app.search"),
            prefix_icon=ft.Icons.SEARCH,
            on_change=self.on_search,
            autofocus=not ctx.compact,
            expand=True,
        )
        self.sizes = ft.Row(spacing=6, scroll=ft.ScrollMode.AUTO)
        self.results = ft.Column(spacing=4)
        self.list_games("")

    def build(self) -> ft.View:
        body: list[ft.Control] = [
            ft.Row([tid("search", self.search)]),
            ft.Row([muted(self.ctx.t("app.players"), size=14), self.sizes]),
            self.results,
        ]
        return screen(self.ctx, self.ctx.t("app.pick_game"), body)

    def on_search(self, e: ft.Event[ft.TextField]) -> None:
        self.list_games(self.search.value)

    def size_chips(self) -> list[ft.Control]:
        """ "Any", then a chip per number of players at the table; the chosen one marked."""
        choices: list[tuple[str, int | None, str]] = [
            ("players-any", None, self.ctx.t("app.any_players"))
        ]
        choices += [(f"players-{n}", n, str(n)) for n in TABLE_SIZES]
        return [
            tid(
                ident,
                ft.Chip(
                    label=ft.Text(text),
                    selected=self.players == n,
                    show_checkmark=False,
                    on_click=self._seat(n),
                ),
            )
            for ident, n, text in choices
        ]

    def _seat(self, players: int | None) -> Callable[[], None]:
        def choose() -> None:
            self.players = players
            self.list_games(self.search.value)

        return choose

    def list_games(self, words: str) -> None:
        self.sizes.controls = self.size_chips()
        found = find_games(self.games, words, self.players, self.played, self.ctx.lang)
        if not found:
            self.results.controls = [muted(self.ctx.t("app.no_match", value=quote(words)), size=14)]
            return
        self.results.controls = [self._card(g) for g in found]

    def _card(self, game: GameTemplate) -> ft.Control:
        lang = self.ctx.lang
        details = [players_range(self.ctx, game.min_players, game.max_players)]
        details += [pick(v.label, lang) for v in game.variants]
        if game.id in self.played:
            plays = self.played[game.id].plays
            details.append(self.ctx.tn("manage.play_count", plays, n=plays))
        subtitle = " · ".join(details)
        if game.description:
            subtitle += "\n" + pick(game.description, lang)
        return tid(
            f"game-{game.id}",
            ft.Card(
                content=ft.ListTile(
                    title=ft.Text(pick(game.name, lang), weight=ft.FontWeight.BOLD),
                    subtitle=ft.Text(subtitle),
                    trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                    on_click=lambda: self.ctx.navigate(f"/new/{game.id}"),
                )
            ),
        )
