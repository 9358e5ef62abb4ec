"""One saved play in full, and what can be done with it: edit, delete (with undo),
rematch, print it, or print a blank sheet of its game.

The table comes from the printing package's model of a filled-in sheet, so the screen
and the PDF show the same rows, entries and points.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING
from urllib.parse import urlencode

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.i18n import join_words
from scorepad.core.plaintext import blank, name_problem
from scorepad.core.results import team_of
from scorepad.core.scoring import show
from scorepad.printing.model import played_sheet
from scorepad.ui.context import Context
from scorepad.ui.history import play_named
from scorepad.ui.play_model import kept_details, seat_boards, seat_colours_of, shown_sheet
from scorepad.ui.views.board_drawn import drawn_boards
from scorepad.ui.views.colour_part import chart_colours, chart_key, colour_names, line_shadow
from scorepad.ui.views.common import PALETTE, TROPHY, heading, muted, screen, tid
from scorepad.ui.views.message import message_view
from scorepad.ui.views.pdf import blank_button, offer, offer_blank, teller
from scorepad.ui.views.photos_part import photos_part
from scorepad.ui.views.quick_keep import keep_button, quick_ids
from scorepad.ui.views.result_share import share_buttons

if TYPE_CHECKING:
    from scorepad.store import PlayRecord


def play_view(ctx: Context, play_id: str) -> ft.View:
    try:
        record = ctx.services.history.get_play(int(play_id))
    except ValueError:
        return message_view(ctx, ctx.t("app.play"), ctx.t("app.not_found", route=play_id))
    except ScorepadError as problem:
        return message_view(ctx, ctx.t("app.play"), problem.message(ctx.lang))
    return PlayView(ctx, record).build()


def rematch_route(
    game: str,
    variant: str | None,
    players: tuple[str, ...],
    modules: tuple[str, ...] = (),
    teams: tuple[str, ...] = (),
    first: str | None = None,
) -> str:
    """New play's link that opens a sheet with the same game, variant, players, modules
    and teams (each player's team, in seat order), and ``first`` to start."""
    query = {"players": ",".join(players)}
    if teams:
        query["teams"] = ",".join(teams)
    if first:
        query["first"] = first
    if variant:
        query["variant"] = variant
    if modules:
        query["modules"] = ",".join(modules)
    return f"/new/{game}?{urlencode(query)}"


def rematch(ctx: Context, play_id: int) -> None:
    """Start a new sheet like the play ``play_id`` (or say why not)."""
    history = ctx.services.history
    try:
        sheet = history.rematch(play_id)
        record = history.get_play(play_id)
    except ScorepadError as problem:
        ctx.show_dialog(ft.SnackBar(ft.Text(problem.message(ctx.lang))))
        return
    played = record.sheet
    teams = tuple(team_of(played, p) or "" for p in sheet.players) if played.teams else ()
    first = next_first(record.summary.first_seat, sheet.players)
    route = rematch_route(sheet.game, sheet.variant, sheet.players, sheet.modules, teams, first)
    ctx.navigate(route)


def next_first(seat: int | None, players: tuple[str, ...]) -> str | None:
    """Who starts the rematch: the player after the one who started (``seat``, from 1), in
    seat order, the last seat handing on to the first; nobody when nobody was picked."""
    if not seat or not players or seat > len(players):
        return None
    return players[seat % len(players)]


class PlayView:
    def __init__(self, ctx: Context, record: PlayRecord) -> None:
        self.ctx = ctx
        self.record = record
        self.message = ft.Text()

    def build(self) -> ft.View:
        ctx = self.ctx
        record = self.record
        summary = record.summary
        sheet = shown_sheet(record, ctx.lang)
        model = played_sheet(sheet, ctx.lang, summary.played_at.date(), summary.location)
        about = [ctx.t("app.played_on", when=f"{summary.played_at:%Y-%m-%d %H:%M}")]
        if summary.location:
            about.append(ctx.t("app.at_location", location=summary.location))
        body: list[ft.Control] = [
            muted(" · ".join(about), size=14),
            *[tid(key, muted(text, size=14)) for key, text in kept_details(record, ctx.lang)],
            tid("result", ft.Text(sheet.explanation(ctx.lang), size=16)),
            *colour_names(ctx, "play-colours", seat_colours_of(summary, ctx.lang)),
            *drawn_boards(ctx, _play_ident, seat_boards(summary, ctx.lang)),
            *self._round_note(),
            *self._notes(),
            self._table(model),
            *self._rounds(),
            *photos_part(ctx, record.id, undo_bar),
            self._ignored(),
            self._actions(),
            tid("play-message", self.message),
        ]
        return screen(ctx, model.title, body)

    def _ignored(self) -> ft.Control:
        """Whether the play counts in stats: an ignored play is kept and listed, and left
        out of every statistic (BG Stats' "ignored")."""
        return tid(
            "play-ignored",
            ft.Switch(
                label=self.ctx.t("app.play_ignored"),
                value=self.record.summary.ignored,
                on_change=self.on_ignored,
            ),
        )

    def on_ignored(self, e: ft.Event[ft.Switch]) -> None:
        ctx = self.ctx
        try:
            ctx.services.history.set_ignored(self.record.id, bool(e.control.value))
        except ScorepadError as problem:
            teller(self.message)(problem.message(ctx.lang), True)

    def _notes(self) -> list[ft.Control]:
        """The notes written on the sheet or when editing the play, as written."""
        notes = self.record.summary.notes
        if not notes:
            return []
        text = ft.Text(notes, italic=True)
        return [tid("play-notes", text)]

    def _round_note(self) -> list[ft.Control]:
        note = self.record.sheet.round_note(self.ctx.lang)
        return [tid("round-note", ft.Text(note, weight=ft.FontWeight.W_500))] if note else []

    def _rounds(self) -> list[ft.Control]:
        """A round game: the running total after each round, as a table and a chart."""
        sheet = self.record.sheet
        played = sheet.played_rounds
        if sheet.ended is None or not played:
            return []
        ctx = self.ctx
        players = sheet.players
        drawn = chart_colours([p.colour for p in self.record.summary.players], PALETTE)

        def row(label: ft.Control, cells: list[ft.Control]) -> ft.Control:
            boxes: list[ft.Control] = [
                ft.Container(c, expand=1, alignment=ft.Alignment.CENTER_RIGHT) for c in cells
            ]
            return ft.Row([ft.Container(label, expand=1 if ctx.compact else 2), *boxes], spacing=8)

        names: list[ft.Control] = [
            ft.Text(p.name, weight=ft.FontWeight.BOLD, max_lines=1, no_wrap=True) for p in players
        ]
        rows = [row(ft.Container(), names)]
        for index in range(played):
            cells: list[ft.Control] = [
                tid(f"play-round-{index + 1}-total-{n}", ft.Text(show(p.rounds[index], ctx.lang)))
                for n, p in enumerate(players, 1)
            ]
            rows.append(row(ft.Text(ctx.t("text.round", round=index + 1)), cells))
        return [
            heading(ctx.t("app.rounds_table")),
            tid("play-rounds", ft.Column(rows, spacing=2)),
            muted(ctx.t("app.rounds_chart")),
            tid("play-rounds-chart", self._chart(drawn)),
            ft.Row(
                [
                    chart_key(f"play-chart-key-{n}", drawn[n - 1], p.name, size=12)
                    for n, p in enumerate(players, 1)
                ],
                wrap=True,
            ),
        ]

    def _chart(self, drawn: Sequence[str]) -> ft.Control:
        """Every player's running total by round, a line each, in ``drawn``'s colours."""
        import flet_charts as fc

        players = self.record.sheet.players
        values = [float(v) for p in players for v in p.rounds]
        low, high = min([*values, 0.0]), max([*values, 0.0])
        top = math.ceil(max(high * 1.1, high + 1) / 10) * 10
        bottom = math.floor(min(low * 1.1, low) / 10) * 10
        series = [
            fc.LineChartData(
                points=[fc.LineChartDataPoint(x, float(y)) for x, y in enumerate(p.rounds, 1)],
                color=drawn[n],
                stroke_width=3,
                point=True,
                shadow=line_shadow(drawn[n]),
            )
            for n, p in enumerate(players)
        ]
        return ft.Container(
            fc.LineChart(
                data_series=series,
                min_x=0.5,
                max_x=self.record.sheet.played_rounds + 0.5,
                min_y=bottom,
                max_y=top,
                left_axis=fc.ChartAxis(label_size=44),
                bottom_axis=fc.ChartAxis(
                    label_size=24,
                    labels=[
                        fc.ChartAxisLabel(value=n, label=str(n))
                        for n in _round_ticks(self.record.sheet.played_rounds)
                    ],
                ),
                horizontal_grid_lines=fc.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
                interactive=False,
            ),
            height=220,
            padding=ft.Padding.only(right=12, top=8),
        )

    def _table(self, model) -> ft.Control:  # noqa: ANN001 - printing's SheetModel
        """Lines down, players across, as on the paper sheet (entries beside points)."""
        compact = self.ctx.compact
        winners = model.winners

        def cell(text: ft.Control) -> ft.Control:
            return ft.Container(text, expand=1, alignment=ft.Alignment.CENTER_RIGHT)

        def row(label: ft.Control, cells: list[ft.Control], ident: str = "") -> ft.Control:
            line: ft.Control
            if compact:
                line = ft.Column([label, ft.Row(cells, spacing=4)], spacing=2)
            else:
                line = ft.Row([ft.Container(label, expand=2), *cells], spacing=8)
            return tid(ident, line) if ident else line

        names = [
            ft.Text(
                name,
                weight=ft.FontWeight.BOLD,
                color=ft.Colors.PRIMARY if i in winners else None,
                text_align=ft.TextAlign.RIGHT,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
            )
            for i, name in enumerate(model.players)
        ]
        rows: list[ft.Control] = [row(ft.Container(), [cell(n) for n in names]), ft.Divider()]
        results = self.record.sheet.players
        captions = 0
        for r in model.rows:
            bold = r.kind in ("total", "rank")
            weight = ft.FontWeight.BOLD if bold else None
            cells = []
            for n, c in enumerate(r.cells, 1):
                if r.kind == "rank":
                    shown = self._rank(results[n - 1].rank, results[n - 1].winner, n)
                elif r.kind == "total":
                    shown = tid(f"total-{n}", ft.Text(c.value, weight=weight))
                else:
                    shown = self._entry(c)
                cells.append(cell(shown))
            if r.span:
                cells = [cell(muted(r.span))]
            label = ft.Text(r.label, weight=ft.FontWeight.BOLD if bold else ft.FontWeight.W_500)
            if r.kind == "total":
                rows.append(ft.Divider(height=1))
            captions += r.kind == "caption"
            rows.append(
                row(label, cells, f"play-caption-{captions}" if r.kind == "caption" else "")
            )
        return tid("play-sheet", ft.Column(rows, spacing=6))

    def _entry(self, c) -> ft.Control:  # noqa: ANN001 - printing's Cell
        """What was entered (small, when it differs from the points), then the points."""
        parts: list[ft.Control] = []
        if any(m.ticked for m in c.marks) and not c.note:
            parts.append(ft.Icon(ft.Icons.CHECK, size=16))
        marks = [m.label for m in c.marks if m.ticked and m.label]
        blank = c.note == "0" and c.value == "0"
        note = "" if blank else " ".join([c.note, *marks]).strip()
        if note:
            parts.append(muted(f"{note} ·", size=12))
        parts.append(ft.Text(c.value))
        return ft.Row(parts, spacing=4, tight=True, alignment=ft.MainAxisAlignment.END)

    def _rank(self, rank: int, winner: bool, n: int) -> ft.Control:
        text = tid(
            f"rank-{n}",
            ft.Text(self.ctx.tn("app.rank_n", rank, rank=rank), weight=ft.FontWeight.BOLD),
        )
        if not winner:
            return text
        trophy = ft.Icon(ft.Icons.EMOJI_EVENTS, color=TROPHY, size=18)
        return ft.Row([trophy, text], spacing=2, tight=True)

    def _actions(self) -> ft.Control:
        ctx = self.ctx
        play_id = self.record.id
        buttons = [
            tid(
                "play-edit",
                ft.FilledButton(
                    ctx.t("app.edit"),
                    icon=ft.Icons.EDIT,
                    on_click=lambda: ctx.navigate(f"/play/{play_id}/edit"),
                ),
            ),
            tid(
                "rematch",
                ft.FilledTonalButton(
                    ctx.t("app.rematch"),
                    icon=ft.Icons.REPLAY,
                    on_click=lambda: rematch(ctx, play_id),
                ),
            ),
            tid(
                "play-print",
                ft.OutlinedButton(
                    ctx.t("app.print_play"), icon=ft.Icons.PRINT, on_click=self.on_print
                ),
            ),
            blank_button(ctx, self.on_print_blank),
            *share_buttons(ctx, self.record, teller(self.message)),
            *self._keep(),
            tid(
                "play-delete",
                ft.TextButton(
                    ctx.t("app.delete"),
                    icon=ft.Icons.DELETE_OUTLINE,
                    style=ft.ButtonStyle(color=ft.Colors.ERROR),
                    on_click=self.on_delete,
                ),
            ),
        ]
        return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)

    def _keep(self) -> list[ft.Control]:
        """A quick game's play: "Make it a game of its own"."""
        game = self.record.summary.game
        return [keep_button(self.ctx, game)] if game in quick_ids(self.ctx) else []

    # --- actions ---------------------------------------------------------------------------
    def on_delete(self) -> None:
        ctx = self.ctx
        play_id = self.record.id
        history = ctx.services.history
        try:
            history.delete_play(play_id)
        except ScorepadError as problem:
            teller(self.message)(problem.message(ctx.lang), True)
            return

        def undo() -> None:
            try:
                history.restore_play(play_id)
            except ScorepadError as problem:
                ctx.show_dialog(ft.SnackBar(ft.Text(problem.message(ctx.lang))))
                return
            ctx.close_dialog()
            ctx.navigate(f"/play/{play_id}")

        said = ctx.t("app.play_deleted", play=named(self.record, ctx.lang))
        ctx.show_dialog(undo_bar(ctx, said, undo))
        ctx.navigate("/history")

    async def on_print(self) -> None:
        summary = self.record.summary

        def make() -> bytes:
            from scorepad.printing.document import played_sheet_pdf
            from scorepad.store import read_boards

            return played_sheet_pdf(
                self.record.sheet,
                self.ctx.lang,
                summary.played_at.date(),
                summary.location,
                read_boards([p.board for p in summary.players], summary.variant),
            )

        name = f"{summary.game}-{summary.played_at:%Y-%m-%d}-{summary.id}.pdf"
        await offer(self.ctx, name, make, teller(self.message))

    async def on_print_blank(self) -> None:
        sheet = self.record.sheet
        names = [p.name for p in sheet.players]
        if any(blank(n) or name_problem(n) for n in names):
            names = [""] * len(names)  # an imported name a sheet refuses: columns only
        if not sheet.template.min_players <= len(names) <= sheet.template.max_players:
            names = []  # an imported play outside the game's range: the game's most
        await offer_blank(self.ctx, sheet.template, sheet.variant, teller(self.message), names)


def _play_ident(kind: str, seat: int) -> str:
    """A drawn board's name on the play screen: ``play-wall-2``, ``play-pavilion-1``."""
    return f"play-{kind}-{seat}"


def _round_ticks(played: int) -> list[int]:
    """The rounds named under the chart: every one, or every second, fifth… when many."""
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 1000) if played / s <= 12)
    return [n for n in range(1, played + 1) if n == 1 or n % step == 0]


def undo_bar(ctx: Context, text: str, undo) -> ft.SnackBar:  # noqa: ANN001
    """A message with an Undo button (a button of its own, so it carries the ``undo`` id)."""
    return ft.SnackBar(
        ft.Row(
            [
                ft.Text(text, expand=True),
                tid(
                    "undo",
                    ft.TextButton(
                        ctx.t("app.undo"),
                        on_click=lambda: undo(),
                        # a snack bar's action colour: readable on its inverted surface
                        style=ft.ButtonStyle(color=ft.Colors.INVERSE_PRIMARY),
                    ),
                ),
            ]
        ),
        duration=ft.Duration(seconds=10),
    )


def named(record: PlayRecord, lang: str) -> str:
    """The play as its players know it (game, day, players), titled by its own template."""
    return play_named(record.summary, lang, {record.summary.game: record.sheet.template})


def winners_text(ctx: Context, winners: tuple[str, ...]) -> str:
    return ctx.t("app.won_by", names=join_words(list(winners), ctx.lang))
