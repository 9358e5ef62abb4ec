"""The Azul wall on the sheet: a "Wall" button per player (``wall-n``) under the lines a
wall fills, opening that player's 5×5 wall (``tile-n-R-C``, R and C from 1) over the sheet.

A tap puts a tile on or takes it off (``sheet.boards.wall.tap``: the core checks it); the rows,
columns and colours cells of that player then show the wall's counts, read-only, with
"from the wall" under them, on every device showing the sheet. Each colour carries a
symbol as well (the printed tiles' patterns stand in for colour for colour-blind
players), and each tile says its row, column and colour to a screen reader. A placed
tile is filled with its colour and ringed in the theme's text colour; an empty space is
hollow, its printed colour a rim and its symbol in the theme's muted text colour, so the
two never look alike in a light or a dark theme. The grid is
5 × 46 px with 4 px between: it fits a 390 px phone without scrolling sideways.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core import EntryError, ScorepadError, SheetError
from scorepad.core.boards.azul_sheet import WALL_LINES
from scorepad.core.boards.azul_wall import COLOURS, EMPTY, PATTERN, SIZE, Side, Wall
from scorepad.core.scoring import show
from scorepad.core.template import Line
from scorepad.sheet.boards.track import MARKER
from scorepad.sheet.boards.wall import WallClearEdit, from_wall, has_wall, side_edit, tap, walls
from scorepad.sheet.edits import Edit
from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.context import Context
from scorepad.ui.views.board_cells import BoardTextCell
from scorepad.ui.views.boards import BoardDialogPart, BoardView, drawn_small, register_view
from scorepad.ui.views.boards.track import TrackPart, TrackSource, placed_round
from scorepad.ui.views.cells import Changed, SheetCell
from scorepad.ui.views.common import board_buttons, muted, tid
from scorepad.ui.views.worked import RowMaker

TILE = 46
"""A tile's side in px (at least 44: a finger's tap)."""
LOOKS: dict[str, tuple[str, str, ft.IconData]] = {
    "B": ("#1565C0", "#FFFFFF", ft.Icons.WATER_DROP),
    "Y": ("#F9A825", "#000000", ft.Icons.WB_SUNNY),
    "R": ("#C62828", "#FFFFFF", ft.Icons.FAVORITE),
    "K": ("#212121", "#FFFFFF", ft.Icons.DIAMOND),
    "W": ("#ECEFF1", "#000000", ft.Icons.AC_UNIT),
}
"""Each colour's tile, the colour of its symbol, and the symbol."""


class WallSource:
    """The rows, columns and colours cells' counts while a player's wall holds a tile."""

    def __init__(self, model: SheetInProgress) -> None:
        self.model = model

    def fills(self, key: str, player: int) -> bool:
        return from_wall(self.model.draft, key, player)

    def value(self, key: str, player: int) -> int | None:
        wall = walls(self.model.draft)[player]
        try:
            return Wall.read(wall.rows, wall.side).lines()[key]
        except ScorepadError:  # marked on the sheet, with the reason
            return None


class WallPart(BoardDialogPart):
    """The Wall buttons and the wall dialog of one sheet (nothing on other games')."""

    name, title, clear = "wall", "app.wall_of", "app.wall_clear"

    def __init__(
        self, ctx: Context, model: SheetInProgress, changed: Callable[..., None], row: RowMaker
    ) -> None:
        super().__init__(ctx, model, changed, row)
        self.shown = has_wall(model.template)
        self.colour: str | None = None
        """The grey side's colour picked for the next tap."""
        self.tiles: list[list[ft.Container]] = []
        self.spaces: list[list[ft.Semantics]] = []
        """Each tile's test id and what a screen reader says of it (row, column, colour)."""
        self.palette: dict[str, ft.Container] = {}
        self.side = ft.RadioGroup(
            ft.Row(
                [
                    tid(
                        "wall-side-coloured",
                        ft.Radio(value="coloured", label=ctx.t("app.wall_coloured")),
                    ),
                    tid("wall-side-grey", ft.Radio(value="grey", label=ctx.t("app.wall_grey"))),
                ],
                wrap=True,
            ),
            on_change=self.on_side,
        )
        self.help = muted("", size=12)
        self.palette_row = ft.Row(spacing=4, tight=True)
        self.track = TrackPart(ctx, model, changed)
        """The game tracked round by round: its switch, round and floor lines."""
        self.sides = ft.RadioGroup(
            ft.Row(
                [
                    muted(ctx.t("app.wall_sides"), size=13),
                    tid(
                        "board-side-coloured",
                        ft.Radio(value="coloured", label=ctx.t("app.wall_coloured")),
                    ),
                    tid("board-side-grey", ft.Radio(value="grey", label=ctx.t("app.wall_grey"))),
                ],
                wrap=True,
                spacing=4,
                run_spacing=0,
            ),
            value=self._common_side(),
            on_change=self.on_sides,
        )
        """On the sheet: the side every player's board shows (none chosen while they differ)."""
        self.sides_message = ft.Text(color=ft.Colors.ERROR, size=13)

    def cell(self, line: Line, player: int, changed: Changed) -> SheetCell | None:
        if self.shown and line.key in WALL_LINES:
            wall = WallSource(self.model)
            return BoardTextCell(
                self.ctx, self.model, line, player, changed, wall, helper_key="app.from_wall"
            )
        if self.shown and line.key == MARKER:
            game = TrackSource(self.model)
            return BoardTextCell(
                self.ctx, self.model, line, player, changed, game, helper_key="app.from_game"
            )
        return None

    def rows_after(self, key: str) -> list[ft.Control]:
        """Under the last line a wall fills: a Wall button per player."""
        if not self.shown or key != WALL_LINES[-1]:
            return []
        label = self.ctx.t("app.wall")
        buttons = board_buttons(
            self.ctx, "wall", label, ft.Icons.GRID_VIEW, self.model.players, self.open
        )
        return [
            tid("board-side", self.sides),
            tid("board-side-message", self.sides_message),
            self.row(muted(self.ctx.t("app.wall_note"), size=12), buttons),
            self.track.sheet_row(),
        ]

    def _common_side(self) -> str | None:
        sides = {wall.side for wall in walls(self.model.draft)}
        return sides.pop() if len(sides) == 1 else None

    # --- the dialog --------------------------------------------------------------------
    def content(self, player: int) -> list[ft.Control]:
        self.colour = None
        n = player + 1
        self.tiles = [[self._tile(r, c) for c in range(SIZE)] for r in range(SIZE)]
        self.spaces = [
            [
                ft.Semantics(identifier=f"tile-{n}-{r + 1}-{c + 1}", button=True, content=tile)
                for c, tile in enumerate(tiles)
            ]
            for r, tiles in enumerate(self.tiles)
        ]
        grid = ft.Column(
            [
                ft.Row(
                    list(spaces),
                    spacing=4,
                    tight=True,
                )
                for spaces in self.spaces
            ],
            spacing=4,
            tight=True,
        )
        self.palette = {colour: self._swatch(colour) for colour in COLOURS}
        self.palette_row.controls = [tid(f"wall-colour-{c}", b) for c, b in self.palette.items()]
        return [self.side, self.help, self.palette_row, grid, self.track.opened(player)]

    def forget(self) -> None:
        self.tiles = []
        self.track.closed()

    def cleared(self, player: int) -> Edit:
        return WallClearEdit(player)

    def _tile(self, row: int, column: int) -> ft.Container:
        return ft.Container(
            width=TILE,
            height=TILE,
            border_radius=6,
            alignment=ft.Alignment.CENTER,
            on_click=lambda _e=None: self.on_tap(row, column),
        )

    def _swatch(self, colour: str) -> ft.Container:
        back, fore, symbol = LOOKS[colour]
        return ft.Container(
            ft.Icon(symbol, color=fore, size=20),
            width=TILE,
            height=TILE,
            bgcolor=back,
            border_radius=TILE // 2,
            alignment=ft.Alignment.CENTER,
            tooltip=self.ctx.t(f"app.colour_{colour}"),
            on_click=lambda _e=None: self.on_colour(colour),
        )

    def _paint(self) -> list[ft.Control]:
        """Show the open wall as the draft holds it; returns what changed."""
        if self.player is None or not self.tiles:
            return []
        wall = walls(self.model.draft)[self.player]
        grey = wall.side == "grey"
        out: list[ft.Control] = []
        for r, tiles in enumerate(self.tiles):
            for c, tile in enumerate(tiles):
                letter = wall.rows[r][c]
                placed = letter != EMPTY
                printed = None if grey else PATTERN[r][c]
                back: str | None = None
                fore: str = ft.Colors.OUTLINE
                symbol = ft.Icons.ADD
                edge = ft.Border.all(1, ft.Colors.OUTLINE)
                if placed:  # filled with its colour, ringed in the theme's text colour
                    back, fore, symbol = LOOKS[letter]
                    edge = ft.Border.all(3, ft.Colors.ON_SURFACE)
                elif printed is not None:  # hollow: the colour printed there, as a rim
                    symbol = LOOKS[printed][2]
                    fore = ft.Colors.ON_SURFACE_VARIANT
                    edge = ft.Border.all(2, LOOKS[printed][0])
                icon = ft.Icon(symbol, color=fore, size=22)
                said = self.ctx.t(
                    "app.wall_space",
                    row=r + 1,
                    column=c + 1,
                    tile=self.ctx.t(f"app.colour_{letter}" if placed else "app.wall_empty"),
                )
                space = self.spaces[r][c]
                if space.label != said:
                    space.label = said
                    out.append(space)
                shown = (tile.bgcolor, getattr(tile.content, "icon", None), tile.border)
                if shown == (back, symbol, edge):
                    continue
                tile.bgcolor, tile.content, tile.border = back, icon, edge
                out.append(tile)
        self.side.value = wall.side
        self.summary.value = self._summary()
        self.help.value = self.ctx.t("app.wall_help_grey" if grey else "app.wall_help")
        self.palette_row.visible = grey
        for colour, box in self.palette.items():
            box.border = ft.Border.all(4 if colour == self.colour else 0, ft.Colors.PRIMARY)
        return [*out, self.side, self.help, self.palette_row, self.summary, self.message]

    def _summary(self) -> str:
        assert self.player is not None
        wall = walls(self.model.draft)[self.player]
        player = self.model.state.scored.players[self.player]
        try:
            counts = Wall.read(wall.rows, wall.side).lines()
        except ScorepadError:
            counts = dict.fromkeys(WALL_LINES, 0)
        return self.ctx.t("app.wall_sum", total=show(player.total, self.ctx.lang), **counts)

    def refresh(self) -> list[ft.Control]:
        """After any change on the sheet (a tap on another device too)."""
        if not self.shown:
            return []
        common = self._common_side()
        sides: list[ft.Control] = []
        if self.sides.value != common:
            self.sides.value = common
            sides.append(self.sides)
        return [*sides, *self.track.refresh(), *self._paint()]

    # --- taps --------------------------------------------------------------------------
    def on_tap(self, row: int, column: int) -> None:
        if self.player is None:
            return
        number = self.track.tile_round()
        placed = placed_round(self.model, self.player, row, column)
        try:
            if number and placed and placed != number:
                raise EntryError("board.other_round", round=placed)
            edit = tap(self.model.draft, self.player, row, column, self.colour, number)
        except ScorepadError as problem:
            self.message.value = problem.message(self.ctx.lang)
            self.ctx.update(self.message)
            return
        self.message.value = ""
        if number:
            self.track.remember(edit)
        self.model.set_board(edit)
        self.changed(self.message)

    def on_colour(self, colour: str) -> None:
        self.colour = colour
        self.message.value = ""
        self.ctx.update(*self._paint(), *self.palette.values())

    def on_side(self, e: ft.Event[ft.RadioGroup]) -> None:
        if self.player is None:
            return
        side: Side = "grey" if e.control.value == "grey" else "coloured"
        try:
            edit = side_edit(self.model.draft, self.player, side)
        except ScorepadError as problem:
            self.message.value = problem.message(self.ctx.lang)
            self.side.value = walls(self.model.draft)[self.player].side
            self.ctx.update(self.message, self.side)
            return
        self.message.value = ""
        self.model.set_board(edit)
        self.changed(self.message)

    def on_sides(self, e: ft.Event[ft.RadioGroup]) -> None:
        """Every player's board turned to the side chosen on the sheet: all of them, or
        none when a wall's tiles could not be on that side (the message names whose)."""
        side: Side = "grey" if e.control.value == "grey" else "coloured"
        edits = []
        for player, name in enumerate(self.model.players):
            try:
                edits.append(side_edit(self.model.draft, player, side))
            except ScorepadError as problem:
                said = SheetError("board.in_wall", player=name, problem=problem)
                self.sides_message.value = said.message(self.ctx.lang)
                self.sides.value = self._common_side()
                self.ctx.update(self.sides_message, self.sides)
                return
        self.sides_message.value = ""
        for edit in edits:
            if walls(self.model.draft)[edit.player].side != edit.side:
                self.model.set_board(edit)
        self.changed(self.sides_message)


# --- drawn small, on the play screen and in History -----------------------------------
# A saved play's Azul walls drawn small: on the play screen and in History's rows.
#
# Each wall is a 5 × 5 grid in the board's colours with the colour's letter on every tile
# (B, Y, R, K, W, as sheet files write them), so a colour is never told by sight alone; an
# empty space is an outlined square. The tiles keep their own colours in either theme and
# a placed tile is outlined in the theme's text colour, so white tiles stand out on a light
# page and black ones on a dark page. A screen reader hears the wall's counts
# ("Ana's wall (coloured side): rows 2, columns 1, colours 0").
SMALL = 18
"""A drawn tile's side in px: five of them and a name fit beside another wall on a phone
(``board_drawn`` puts them side by side)."""


def drawn_wall(ctx: Context, ident: str, name: str, wall: Wall, tile: int = SMALL) -> ft.Control:
    counts = wall.lines()
    said = ctx.t("app.wall_drawn", player=name, side=ctx.t(f"board.side_{wall.side}"), **counts)
    grid = ft.Column(
        [
            ft.Row([_tile(letter, tile) for letter in text], spacing=2, tight=True)
            for text in wall.rows
        ],
        spacing=2,
        tight=True,
    )
    return drawn_small(ident, said, name, grid)


def _tile(letter: str, size: int) -> ft.Container:
    if letter == EMPTY:
        return ft.Container(
            width=size,
            height=size,
            border_radius=3,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        )
    back, fore, _ = LOOKS[letter]
    return ft.Container(
        ft.Text(letter, size=size * 0.6, color=fore, weight=ft.FontWeight.BOLD),
        width=size,
        height=size,
        bgcolor=back,
        border_radius=3,
        border=ft.Border.all(1, ft.Colors.ON_SURFACE),
        alignment=ft.Alignment.CENTER,
    )


VIEW = register_view(BoardView("wall", WallPart, Wall, drawn_wall))
