"""The game picker: every game the app knows, the games played lately and often first,
filtered as the search box is typed in (case and accents ignored, names in every
language) and by the number of players at the table (``scorepad.core.finding``); the
group's own games (the collection's, ``owned_games``) before all others, under "Your
games". Each card says how many play it (and best at), how long it takes and how heavy
it is, where the game's file gives them (``scorepad.core.game_facts``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlencode

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.errors import quote
from scorepad.core.finding import find_games, has_words, seats, words_of
from scorepad.core.game_facts import facts_texts, players_text
from scorepad.core.game_index import GameEntry
from scorepad.core.i18n import pick
from scorepad.ui.context import Context
from scorepad.ui.views.common import heading, muted, players_range, screen, tid

TABLE_SIZES = range(1, 13)
"""The players-at-the-table choices (beside "any")."""

FIRST_CARDS = 12
"""Cards made as the picker opens: more than a phone's or a desktop's screen shows. The
rest are made off the event loop and join the list in one update (``REST_AFTER_S``):
building a card's six controls costs about 0.6 ms of the server's time, so making a
catalogue of 40 at once slowed the opening by a third against the four games Scorepad
started with."""

REST_AFTER_S = 0.8
"""How long the rest of the cards wait before they are sent, unless a search or a table
size needs them first: until the browser has drawn the first screenful. Sent at once,
they reached the browser while it was still laying out the first cards (about 0.3 s on
a small machine) and held back the frame that shows them."""


def owned_ids(ctx: Context) -> set[str]:
    """The ids of the games the group owns that the app knows (none when the history
    cannot answer: the picker still lists every game)."""
    try:
        owned = ctx.services.history.owned_games()
    except ScorepadError:
        return set()
    return {str(item["game"]) for item in owned if item["owned"] and item["game"]}


class PickerView:
    """The cards and chips are made once; a search or a table size only shows and hides
    them (a keystroke sends a few flags, not the whole list again)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        history = ctx.services.history
        self.played = history.played_games()
        games = find_games(history.game_entries().values(), played=self.played, lang=ctx.lang)
        self.owned = owned_ids(ctx)
        mine = [game for game in games if game.id in self.owned]
        if mine:  # the group's own games first, under their heading
            games = mine + [game for game in games if game.id not in self.owned]
        self.yours = tid("picker-yours", heading(ctx.t("picker.yours")))
        self.others = tid("picker-others", heading(ctx.t("picker.others")))
        self.mine_first = bool(mine)
        self.yours.visible = self.others.visible = self.mine_first
        self.others_placed = False
        self.players: int | None = None
        self.search = ft.TextField(
            label=ctx.t("app.search"),
            prefix_icon=ft.Icons.SEARCH,
            on_change=self.on_search,
            autofocus=not ctx.compact,
            expand=True,
        )
        self.chips = {n: self._chip(n) for n in (None, *TABLE_SIZES)}
        sizes: list[ft.Control] = [tid(f"players-{n or 'any'}", c) for n, c in self.chips.items()]
        self.sizes = ft.Row(sizes, spacing=6, scroll=ft.ScrollMode.AUTO)
        self.games = games
        self.cards = [(game, self._card(game)) for game in games[:FIRST_CARDS]]
        self.no_match = muted("", size=14)
        rows: list[ft.Control] = [self._another_game()]
        rows += [self.yours] if mine else []
        rows += [*self._rows(self.cards), self.no_match]
        self.results = ft.ListView(rows, spacing=4, expand=True)
        self.list_games("")
        if len(games) > len(self.cards):
            ctx.keep("picker", self)
            ctx.later(self._rest_of_cards, self._show_more)

    def build(self) -> ft.View:
        suggest = ft.IconButton(
            ft.Icons.LIGHTBULB_OUTLINE,
            tooltip=self.ctx.t("suggest.title"),
            on_click=lambda: self.ctx.navigate("/suggest"),
        )
        finding = ft.Column(
            [
                ft.Row([tid("search", self.search), tid("suggest", suggest)]),
                ft.Row([muted(self.ctx.t("app.players"), size=14), self.sizes]),
            ],
            spacing=12,
        )
        title = self.ctx.t("app.pick_game")
        return screen(self.ctx, title, [self.results], pinned=finding, scrolls=False)

    def _another_game(self) -> ft.Control:
        """ "Another game": a game not in the list, scored at once (the quick form), with
        the name searched for."""
        ctx = self.ctx

        def quick() -> None:
            words = (self.search.value or "").strip()
            ctx.navigate("/quick" + (f"?{urlencode({'name': words})}" if words else ""))

        return tid(
            "quick-game",
            ft.Card(
                content=ft.ListTile(
                    leading=ft.Icon(ft.Icons.ADD, color=ft.Colors.PRIMARY),
                    title=ft.Text(ctx.t("quick.another_game"), weight=ft.FontWeight.BOLD),
                    subtitle=ft.Text(ctx.t("quick.another_game_help")),
                    trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                    on_click=quick,
                )
            ),
        )

    def on_search(self, e: ft.Event[ft.TextField]) -> None:
        self.list_games(self.search.value)

    def _chip(self, players: int | None) -> ft.Chip:
        """A number of players at the table ("Any": every game)."""
        text = self.ctx.t("app.any_players") if players is None else str(players)
        return ft.Chip(label=ft.Text(text), show_checkmark=False, on_click=self._seat(players))

    def _seat(self, players: int | None) -> Callable[[], None]:
        def choose() -> None:
            self.players = players
            self.list_games(self.search.value)

        return choose

    def _rest_of_cards(self) -> list[tuple[GameEntry, ft.Control]]:
        """The cards after the first screenful, once the browser has drawn that."""
        time.sleep(REST_AFTER_S)
        return self._more_cards()

    def _more_cards(self) -> list[tuple[GameEntry, ft.Control]]:
        return [(game, self._card(game)) for game in self.games[FIRST_CARDS:]]

    def _add_cards(self, more: list[tuple[GameEntry, ft.Control]]) -> None:
        """The games after the first screenful join the list (before "no game matches")."""
        if len(self.cards) < len(self.games):
            self.cards += more
            self.results.controls[-1:-1] = self._rows(more)

    def _rows(self, cards: list[tuple[GameEntry, ft.Control]]) -> list[ft.Control]:
        """The cards as the list shows them: the heading of the other games before the
        first of them, when the group's own games come first."""
        rows: list[ft.Control] = []
        for game, card in cards:
            if self.mine_first and not self.others_placed and game.id not in self.owned:
                rows.append(self.others)
                self.others_placed = True
            rows.append(card)
        return rows

    def _show_more(self, more: list[tuple[GameEntry, ft.Control]]) -> None:
        if self.ctx.screen.get("picker") is not self:
            return  # another screen, or this one built again, by then
        self._add_cards(more)
        self.list_games(self.search.value)
        self.ctx.update(self.results)

    def list_games(self, words: str) -> None:
        if (words or self.players is not None) and len(self.cards) < len(self.games):
            self._add_cards(self._more_cards())  # a search before the rest joined: now
        for players, chip in self.chips.items():
            chip.selected = players == self.players
        found = 0
        wanted = words_of(words)  # folded once, not once a card
        shown = {True: False, False: False}  # owned, other: any card of each shown
        for game, card in self.cards:
            card.visible = has_words(game, wanted) and seats(game, self.players)
            found += card.visible
            shown[game.id in self.owned] |= bool(card.visible)
        if self.mine_first:
            self.yours.visible = shown[True]
            self.others.visible = shown[True] and shown[False]
        self.no_match.visible = not found
        self.no_match.value = self.ctx.t("app.no_match", value=quote(words))

    def _card(self, game: GameEntry) -> ft.Control:
        """A game's card: its names, table size, facts, variants and plays."""
        lang = self.ctx.lang
        players = players_range(self.ctx, game.min_players, game.max_players)
        span = (game.min_players, game.max_players)
        details = [players_text(players, game.facts, span, lang), *facts_texts(game.facts, lang)]
        details += [pick(v.label, lang) for v in game.variants]
        if game.quick:  # made at the table, not kept as a game of its own yet
            details.insert(0, self.ctx.t("quick.marker"))
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
