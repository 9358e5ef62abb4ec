"""An Azul game tracked round by round on the sheet (``sheet.boards.track``).

Under the Wall buttons, a switch (``track-game``) starts tracking the game; the table's
round (``track-round``) and "Next round" (``track-next``) sit beside it. In each player's
wall the tiles tapped go to the round shown (``track-later`` / ``track-earlier`` move
between the rounds played, so any round can be corrected), with the floor line's seven
spaces (``floor-n-S``, S from 1, each with its cost) and every round's points, "Round 3:
+7, floor −2 → 23" (``track-rounds-n``). "Undo" (``track-undo``) takes back this
device's last tap. The marker line is then the core's score track: read-only, "from the
game". Spaces are 44 px with 4 px between: the floor line fits a 390 px phone.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.boards.azul_track import FLOOR, FLOOR_SPACES
from scorepad.core.boards.azul_wall import SIZE
from scorepad.core.scoring import show
from scorepad.sheet.boards.track import (
    FloorEdit,
    TrackRoundEdit,
    floor_tap,
    from_game,
    next_round,
    start,
    tracked_game,
    tracking,
    undoing,
)
from scorepad.sheet.boards.wall import TileEdit, track_round, walls
from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.context import Context
from scorepad.ui.views.common import muted, tid

SPACE = 44
"""A floor-line space's side in px (a finger's tap)."""


def signed(points: int) -> str:
    """Points taken off as printed on the board: "−2" (a minus sign, not a hyphen)."""
    return f"−{-points}" if points < 0 else str(points)


class TrackSource:
    """The score track cells' values while the game is tracked: the core's score after
    the table's round."""

    def __init__(self, model: SheetInProgress) -> None:
        self.model = model

    def fills(self, key: str, player: int) -> bool:
        return from_game(self.model.draft, key)

    def value(self, key: str, player: int) -> int | None:
        try:
            return tracked_game(self.model.draft, player).marker
        except ScorepadError:  # marked on the sheet, with the reason
            return None


class TrackPart:
    """The tracked game's controls on the sheet and in the open wall of one player."""

    def __init__(self, ctx: Context, model: SheetInProgress, changed: Callable[..., None]) -> None:
        self.ctx, self.model, self.changed = ctx, model, changed
        t = ctx.t
        self.switch = ft.Switch(label=t("app.track_game"), on_change=self.on_switch)
        self.round_text = ft.Text(weight=ft.FontWeight.BOLD)
        self.next_button = ft.OutlinedButton(
            t("app.track_next"), icon=ft.Icons.ARROW_FORWARD, on_click=self.on_next
        )
        self.message = ft.Text(color=ft.Colors.ERROR, size=13)
        # hidden while the game is not tracked: the wrappers, as a Semantics must show its content
        self.round_tag = tid("track-round", self.round_text)
        self.next_tag = tid("track-next", self.next_button)
        self.player: int | None = None
        """Whose wall is open (None: none)."""
        self.viewed = 0
        """The round the open wall shows: taps go to it."""
        self.table_round = track_round(model.draft)
        """The table's round when this device last showed it."""
        self.undo: list[TileEdit | FloorEdit] = []
        """What puts back this device's taps, the last one last."""
        self.earlier = ft.IconButton(ft.Icons.CHEVRON_LEFT, on_click=lambda: self.view(-1))
        self.later = ft.IconButton(ft.Icons.CHEVRON_RIGHT, on_click=lambda: self.view(1))
        self.viewed_text = ft.Text(weight=ft.FontWeight.BOLD)
        self.floor: list[ft.Container] = []
        self.floor_spaces: list[ft.Semantics] = []
        self.rounds_text = ft.Text(size=13)
        self.undo_button = ft.TextButton(t("app.undo"), icon=ft.Icons.UNDO, on_click=self.on_undo)
        self.section = ft.Column(spacing=6, tight=True)

    # --- on the sheet ------------------------------------------------------------------
    def sheet_row(self) -> ft.Control:
        return ft.Row(
            [
                tid("track-game", self.switch),
                self.round_tag,
                self.next_tag,
                tid("track-message", self.message),
            ],
            wrap=True,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def refresh(self) -> list[ft.Control]:
        """After any change on the sheet (on another device too); returns what changed."""
        draft = self.model.draft
        on = tracking(draft)
        self.switch.value = on
        self.round_text.value = self.ctx.t("app.round_n", round=track_round(draft)) if on else ""
        self.round_tag.visible = self.next_tag.visible = on
        out: list[ft.Control] = [self.switch, self.round_text, self.round_tag, self.next_tag]
        if self.player is not None:
            if self.viewed == self.table_round:  # on the latest round: it follows the table
                self.viewed = track_round(draft)
            self.viewed = min(max(self.viewed, 1), track_round(draft)) if on else 0
            out += self._paint_section()
        self.table_round = track_round(draft)
        return out

    def on_switch(self, e: ft.Event[ft.Switch]) -> None:
        draft = self.model.draft
        try:
            edit = start(draft) if e.data else TrackRoundEdit(0)
        except ScorepadError as problem:
            self.message.value = problem.message(self.ctx.lang)
            self.switch.value = tracking(draft)
            self.ctx.update(self.message, self.switch)
            return
        self.message.value = ""
        self.model.set_board(edit)
        self.viewed = edit.round
        self.changed(self.message)

    def on_next(self) -> None:
        draft = self.model.draft
        try:
            edit = next_round(draft, self.model.players)
        except ScorepadError as problem:
            self.message.value = problem.message(self.ctx.lang)
            self.ctx.update(self.message)
            return
        self.message.value = ""
        self.model.set_board(edit)
        self.viewed = edit.round
        self.changed(self.message)

    # --- in the open wall ----------------------------------------------------------------
    def opened(self, player: int) -> ft.Control:
        """The open wall's part for ``player``: the round shown, the floor line, the rounds."""
        self.player = player
        self.viewed = track_round(self.model.draft)
        self.undo = []
        n = player + 1
        self.floor = [self._floor_space(s) for s in range(FLOOR_SPACES)]
        self.floor_spaces = [
            ft.Semantics(identifier=f"floor-{n}-{s + 1}", button=True, content=box)
            for s, box in enumerate(self.floor)
        ]
        self.section.controls = [
            ft.Row(
                [
                    tid("track-earlier", self.earlier),
                    tid("track-viewed", self.viewed_text),
                    tid("track-later", self.later),
                ],
                alignment=ft.MainAxisAlignment.CENTER,
                tight=True,
            ),
            muted(self.ctx.t("app.track_floor"), size=12),
            ft.Row(list(self.floor_spaces), spacing=4, tight=True),
            tid(f"track-rounds-{n}", self.rounds_text),
            tid("track-undo", self.undo_button),
        ]
        self._paint_section()
        return self.section

    def closed(self) -> None:
        self.player = None
        self.floor = []

    def tile_round(self) -> int:
        """The round a tile tapped now is placed in (0: the game is not tracked)."""
        return self.viewed if tracking(self.model.draft) and self.player is not None else 0

    def remember(self, edit: TileEdit | FloorEdit) -> None:
        """Keep what puts back ``edit`` (taken before it is made) for Undo."""
        self.undo.append(undoing(self.model.draft, edit))

    def view(self, step: int) -> None:
        self.viewed = min(max(self.viewed + step, 1), track_round(self.model.draft))
        self.ctx.update(*self._paint_section())

    def _floor_space(self, space: int) -> ft.Container:
        return ft.Container(
            ft.Text(signed(FLOOR[space]), size=14, weight=ft.FontWeight.BOLD),
            width=SPACE,
            height=SPACE,
            border_radius=6,
            alignment=ft.Alignment.CENTER,
            on_click=lambda _e=None: self.on_floor(space + 1),
        )

    def on_floor(self, space: int) -> None:
        if self.player is None or not tracking(self.model.draft):
            return
        edit = floor_tap(self.model.draft, self.player, self.viewed, space)
        self.remember(edit)
        self.model.set_board(edit)
        self.changed()

    def on_undo(self) -> None:
        if self.undo:
            self.model.set_board(self.undo.pop())
            self.changed()

    def _paint_section(self) -> list[ft.Control]:
        if self.player is None or not self.floor:
            return []
        draft = self.model.draft
        on = tracking(draft)
        self.section.visible = on
        if not on:
            return [self.section]
        t, lang = self.ctx.t, self.ctx.lang
        wall = walls(draft)[self.player]
        viewed = self.viewed
        self.viewed_text.value = t("app.round_n", round=viewed)
        self.earlier.disabled = viewed <= 1
        self.later.disabled = viewed >= track_round(draft)
        floors = wall.floors
        filled = floors[viewed - 1] if viewed - 1 < len(floors) else 0
        for s, (box, space) in enumerate(zip(self.floor, self.floor_spaces, strict=True)):
            on_it = s < filled
            box.bgcolor = ft.Colors.ERROR_CONTAINER if on_it else None
            box.border = ft.Border.all(
                3 if on_it else 1, ft.Colors.ON_SURFACE if on_it else ft.Colors.OUTLINE
            )
            space.label = t(
                "app.floor_space",
                space=s + 1,
                points=signed(FLOOR[s]),
                state=t("app.floor_filled" if on_it else "app.floor_empty"),
            )
        try:
            game = tracked_game(draft, self.player)
            lines = [
                t(
                    "app.track_round_points",
                    round=n,
                    gained=r.gained,
                    floor=signed(r.floor),
                    score=show(r.score, lang),
                )
                for n, r in enumerate(game.rounds, 1)
            ]
            self.rounds_text.value = "\n".join(lines)
        except ScorepadError as problem:
            self.rounds_text.value = problem.message(lang)
        self.undo_button.disabled = not self.undo
        return [
            self.section,
            self.viewed_text,
            self.earlier,
            self.later,
            *self.floor,
            *self.floor_spaces,
            self.rounds_text,
            self.undo_button,
        ]


def placed_round(model: SheetInProgress, player: int, row: int, column: int) -> int:
    """The round the tile on (``row``, ``column``) of ``player``'s wall was placed in."""
    return walls(model.draft)[player].placed_in[row * SIZE + column]
