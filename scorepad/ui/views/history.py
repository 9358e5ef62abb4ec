"""History: saved plays newest first, a page at a time, filtered by game (the games played
first), player (picked among the history's players as typed, case and accents aside),
dates and text in the notes. A row opens the play."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.finding import find_games
from scorepad.core.i18n import pick
from scorepad.ui.context import Context
from scorepad.ui.history import players_like
from scorepad.ui.play_model import PAGE_SIZE, HistoryQuery, HistoryRow, history_row
from scorepad.ui.views.board_drawn import drawn_boards
from scorepad.ui.views.colour_part import colour_names
from scorepad.ui.views.common import TROPHY, muted, screen, tid
from scorepad.ui.views.photos_part import history_mark, photo_marks
from scorepad.ui.views.play import winners_text

if TYPE_CHECKING:
    from scorepad.store import Photo, PlayerInfo

ANY = "*"
"""The game choice that does not filter."""


class HistoryView:
    def __init__(self, ctx: Context, query: HistoryQuery | None = None) -> None:
        self.ctx = ctx
        self.query = query or ctx.kept("history", HistoryQuery)
        self.offset = 0
        self.shown = 0
        self.list = ft.Column(spacing=4)
        self.marks: dict[int, tuple[Photo, int]] = {}
        """The photos of the plays of the page loaded last (``photos_part``)."""
        self.status = ft.Text()
        self.more = tid(
            "load-more",
            ft.OutlinedButton(
                ctx.t("app.load_more"), icon=ft.Icons.EXPAND_MORE, on_click=self.on_more
            ),
        )
        games = ctx.services.history.games()
        self.games = games
        played = ctx.services.history.played_games()
        self.game = ft.Dropdown(
            label=ctx.t("app.game"),
            value=self.query.game or ANY,
            options=[ft.DropdownOption(key=ANY, text=ctx.t("app.any_game"))]
            + [  # the games played first, the last played first; then the rest by name
                ft.DropdownOption(key=g.id, text=pick(g.name, ctx.lang))
                for g in find_games(games.values(), played=played, lang=ctx.lang)
            ],
            on_select=self.on_game,
            expand=True,
            dense=True,
        )
        self.module = ft.Dropdown(
            label=ctx.t("app.module"), dense=True, expand=True, on_select=self.on_game
        )
        self.module_box = tid("filter-module", self.module)
        """Hidden as a whole: a Semantics around a hidden control draws Flet's error box."""
        self.fill_modules()
        self.player = self._field("app.player", self.query.player)
        self.player.on_change = self.on_player_typed
        self.player.on_focus = self.on_player_typed
        self.known = self._players()
        self.picks = ft.Row(wrap=True, spacing=6, run_spacing=4, visible=False)
        """The players offered for what is typed in the player field; tapping one filters."""
        self.since = self._field("app.since", self.query.since)
        self.until = self._field("app.until", self.query.until)
        for day in (self.since, self.until):
            day.hint_text = ctx.t("app.date_hint")
        self.text = self._field("app.notes_text", self.query.text)
        self.load(reset=True)

    def _field(self, label: str, value: str) -> ft.TextField:
        field = ft.TextField(
            label=self.ctx.t(label), value=value, dense=True, expand=True, on_submit=self.on_filter
        )
        return field

    def build(self) -> ft.View:
        ctx = self.ctx
        fields: list[ft.Control] = [
            tid("filter-game", self.game),
            tid("filter-player", self.player),
            tid("filter-since", self.since),
            tid("filter-until", self.until),
            tid("filter-text", self.text),
            self.module_box,
        ]
        if ctx.compact:
            filters: list[ft.Control] = [
                ft.Row(fields[:2]),
                self.picks,
                ft.Row(fields[2:4]),
                ft.Row(fields[4:]),
            ]
        else:
            filters = [ft.Row(fields[:3]), self.picks, ft.Row(fields[3:])]
        buttons = ft.Row(
            [
                tid(
                    "filter",
                    ft.FilledTonalButton(
                        ctx.t("app.filter"), icon=ft.Icons.FILTER_LIST, on_click=self.on_filter
                    ),
                ),
                tid(
                    "clear-filters",
                    ft.TextButton(ctx.t("app.clear_filters"), on_click=self.on_clear),
                ),
            ]
        )
        body = [*filters, buttons, tid("history-status", self.status), self.list, self.more]
        return screen(ctx, ctx.t("app.history"), body)

    # --- loading ---------------------------------------------------------------------------
    def load(self, *, reset: bool) -> None:
        ctx = self.ctx
        if reset:
            self.offset = 0
            self.shown = 0
            self.list.controls = []
        try:
            filters = self.query.to_filter()
            history = ctx.services.history
            page = history.list_plays(filters, limit=PAGE_SIZE, offset=self.offset)
        except ScorepadError as problem:
            self.status.value = problem.message(ctx.lang)
            self.status.color = ft.Colors.ERROR
            self.more.visible = False
            return
        plays = page.plays
        self.marks = photo_marks(ctx, [summary.id for summary in plays])
        for summary in plays:
            self.shown += 1
            self.list.controls.append(self._row(history_row(summary, ctx.lang, self.games)))
        self.offset += len(plays)
        self.more.visible = page.has_more
        self.status.color = None
        self.status.value = ctx.t("app.history_empty") if self.shown == 0 else ""

    def _row(self, row: HistoryRow) -> ft.Control:
        ctx = self.ctx
        n = self.shown
        # a co-operative play says "won together" or "lost together" beside the players
        winners = winners_text(ctx, row.winners) if row.winners and not row.together else ""
        lines: list[ft.Control] = [ft.Text(row.scores)]
        if winners:
            lines.append(muted(winners, size=13))
        if row.first_player:
            lines.append(tid(f"history-first-player-{n}", muted(row.first_player, size=13)))
        lines += colour_names(ctx, None, row.colours)  # an id would split the row's text
        lines += drawn_boards(ctx, lambda kind, seat: f"history-{kind}-{n}-{seat}", row.boards)
        if row.notes:
            notes = ft.Text(
                row.notes, size=13, italic=True, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS
            )
            lines.append(tid(f"history-notes-{n}", notes))
        return tid(
            f"history-row-{n}",
            ft.Card(
                content=ft.ListTile(
                    title=ft.Text(
                        " · ".join(filter(None, (row.title, row.when, row.duration))),
                        weight=ft.FontWeight.W_500,
                    ),
                    subtitle=ft.Column(lines, spacing=2, tight=True),
                    leading=result_icon(row.winners),
                    trailing=history_mark(ctx, self.marks.get(row.id)),
                    on_click=lambda: ctx.navigate(f"/play/{row.id}"),
                ),
            ),
        )

    # --- filters ---------------------------------------------------------------------------
    def _players(self) -> list[PlayerInfo]:
        """The history's players, to pick from (none when it cannot be read: typing a name
        still filters)."""
        try:
            return self.ctx.services.history.players()
        except ScorepadError:
            return []

    def on_player_typed(self) -> None:
        """Offer the players whose name has what is typed, case and accents aside."""
        typed = self.player.value or ""
        names = players_like(self.known, typed)
        if names == [typed]:
            names = []  # already picked
        self.picks.controls = [
            tid(
                f"player-pick-{n}",
                ft.OutlinedButton(  # a button, read out as one (a chip reads as a box)
                    name,
                    icon=ft.Icons.PERSON_OUTLINE,
                    on_click=lambda _e, name=name: self.on_pick(name),
                ),
            )
            for n, name in enumerate(names, 1)
        ]
        self.picks.visible = bool(names)

    def on_pick(self, name: str) -> None:
        self.player.value = name
        self.on_filter()

    def hide_picks(self) -> None:
        self.picks.controls = []
        self.picks.visible = False

    def read_filters(self) -> None:
        self.query = HistoryQuery(
            game="" if self.game.value in (None, ANY) else str(self.game.value),
            player=self.player.value or "",
            since=self.since.value or "",
            until=self.until.value or "",
            text=self.text.value or "",
            module="" if self.module.value in (None, ANY) else str(self.module.value),
        )
        self.ctx.keep("history", self.query)

    def on_game(self, _event: object = None) -> None:
        self.read_filters()
        self.fill_modules()
        self.on_filter()

    def fill_modules(self) -> None:
        """The chosen game's modules to filter by; hidden for a game without any."""
        template = self.games.get(self.query.game) if self.query.game else None
        modules = template.modules if template is not None else ()
        self.module.options = [ft.DropdownOption(key=ANY, text=self.ctx.t("app.any_module"))] + [
            ft.DropdownOption(key=m.id, text=pick(m.label, self.ctx.lang)) for m in modules
        ]
        known = {m.id for m in modules}
        self.module.value = self.query.module if self.query.module in known else ANY
        self.module_box.visible = bool(modules)

    def on_filter(self) -> None:
        self.hide_picks()
        self.read_filters()
        problems = self.query.problems()
        for name in ("since", "until"):
            field = getattr(self, name)
            problem = problems.get(name)
            field.error = problem.message(self.ctx.lang) if problem else None
        if problems:
            return
        self.load(reset=True)

    def on_clear(self) -> None:
        self.query = HistoryQuery()
        self.ctx.keep("history", self.query)
        self.game.value = ANY
        for field in (self.player, self.since, self.until, self.text):
            field.value = ""
            field.error = None
        self.hide_picks()
        self.fill_modules()
        self.load(reset=True)

    def on_more(self) -> None:
        self.load(reset=False)


def result_icon(winners: tuple[str, ...]) -> ft.Icon:
    """A row's sign: a trophy for a play someone won (everyone, in a co-operative play won
    together); a broken heart, never a trophy, for a co-operative play lost together. No
    test id: one would split the row's text, read out as one."""
    if winners:
        return ft.Icon(ft.Icons.EMOJI_EVENTS, color=TROPHY)
    return ft.Icon(ft.Icons.HEART_BROKEN_OUTLINED, color=ft.Colors.ON_SURFACE_VARIANT)
