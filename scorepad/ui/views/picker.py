"""The game picker: every game the app knows, filtered as the search box is typed in."""

from __future__ import annotations

import flet as ft

from scorepad.core import GameTemplate
from scorepad.core.errors import quote
from scorepad.core.i18n import pick
from scorepad.ui.context import Context
from scorepad.ui.views.common import muted, players_range, screen, tid


def matches(template: GameTemplate, words: str) -> bool:
    """Every word of the search appears in the game's id or its name in any language."""
    haystack = " ".join([template.id, *template.name.values()]).casefold()
    return all(word in haystack for word in words.casefold().split())


class PickerView:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.games = list(ctx.services.history.games().values())
        self.search = ft.TextField(
            label=ctx.t("app.search"),
            prefix_icon=ft.Icons.SEARCH,
            on_change=self.on_search,
            autofocus=not ctx.compact,
            expand=True,
        )
        self.results = ft.Column(spacing=4)
        self.list_games("")

    def build(self) -> ft.View:
        body: list[ft.Control] = [ft.Row([tid("search", self.search)]), self.results]
        return screen(self.ctx, self.ctx.t("app.pick_game"), body)

    def on_search(self, e: ft.Event[ft.TextField]) -> None:
        self.list_games(self.search.value)

    def list_games(self, words: str) -> None:
        found = [g for g in self.games if matches(g, words)]
        if not found:
            self.results.controls = [muted(self.ctx.t("app.no_match", value=quote(words)), size=14)]
            return
        self.results.controls = [self._card(g) for g in found]

    def _card(self, game: GameTemplate) -> ft.Control:
        lang = self.ctx.lang
        details = [players_range(self.ctx, game.min_players, game.max_players)]
        details += [pick(v.label, lang) for v in game.variants]
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
