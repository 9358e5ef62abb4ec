"""The Kingdomino kingdom on the sheet: a "Kingdom" button per player (``kingdom-n``) under
the lines a kingdom fills, opening that player's grid (``square-n-R-C``, R and C from 1):
5 × 5, or 7 × 7 once the Mighty Duel is chosen on a two-player sheet (``kingdom-duel``).

A tap on a square selects it; the picker under the grid then sets its terrain (the six
terrains, the castle or empty: ``kingdom-terrain-X``, X a terrain's letter, ``C`` or
``empty``) and its crowns (``kingdom-crowns-K``, 0 to 3 as the tiles show them: the core
checks no crowns per tile, docs/rules.md). Each terrain has a colour, a symbol and its
name in words, on a fill that keeps its own text colour in a light or a dark theme.
That player's properties, largest property, crowns and bonus cells then show what the
core reads from the kingdom, read-only, "from the board", on every device showing the
sheet; the dialog lists each property's squares × crowns, the bonuses earned, the total,
and every reason the kingdom cannot be yet (``Kingdom.problems``), in words. Squares are
46 px (42 on the Duel's grid) with 3 px between: a 7 × 7 grid fits a 390 px phone.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.boards.kingdom import (
    CASTLE,
    DUEL_SIZE,
    EMPTY,
    HARMONY,
    MIDDLE_KINGDOM,
    TERRAIN_NAMES,
    TERRAINS,
    Kingdom,
    Square,
)
from scorepad.core.errors import SheetError
from scorepad.core.scoring import show
from scorepad.core.template import Line
from scorepad.sheet.boards.kingdom import (
    KINGDOM_LINES,
    SIZE,
    KingdomClearEdit,
    duel_allowed,
    from_kingdom,
    grid_size,
    has_kingdom,
    kingdoms,
    reading,
    size_edit,
    square_edit,
)
from scorepad.sheet.edits import Edit
from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.context import Context
from scorepad.ui.views.board_cells import BoardCheckCell, BoardTextCell
from scorepad.ui.views.boards import BoardDialogPart, BoardView, drawn_small, register_view
from scorepad.ui.views.cells import Changed, SheetCell
from scorepad.ui.views.common import board_buttons, muted, tid
from scorepad.ui.views.worked import RowMaker

SQUARE = 46
"""A square's side in px on the 5 × 5 grid (at least 44: a finger's tap)."""
DUEL_SQUARE = 42
"""On the Mighty Duel's 7 × 7 grid: seven and their gaps fit a 390 px phone's dialog."""
GAP = 3
MAX_CROWNS = 3
"""The crowns the picker offers: the tiles show 0 to 3."""
EMPTY_CHOICE = "empty"
LOOKS: dict[str, tuple[str, str]] = {
    "W": ("#F9A825", "#000000"),
    "F": ("#1B5E20", "#FFFFFF"),
    "L": ("#1565C0", "#FFFFFF"),
    "G": ("#9CCC65", "#000000"),
    "S": ("#6D4C41", "#FFFFFF"),
    "M": ("#37474F", "#FFFFFF"),
    CASTLE: ("#ECEFF1", "#000000"),
}
"""Each terrain's fill (and the castle's) and the colour of its letter and words: a
square shows its letter as sheet files write it (``W``, ``C``), as the printed sheet and
History do, so a terrain is never told by colour alone."""


def terrain_name(ctx: Context, terrain: str) -> str:
    if terrain == CASTLE:
        return ctx.t("app.terrain_castle")
    return ctx.t(f"app.terrain_{TERRAIN_NAMES[terrain]}")


def square_said(ctx: Context, square: Square | None) -> str:
    """What a square is, in words: "Forest, crowns 1", "Castle", "Empty"."""
    if square is None:
        return ctx.t("app.terrain_empty")
    name = terrain_name(ctx, square.terrain)
    if square.terrain == CASTLE:
        return name
    return ctx.t("app.kingdom_crowned", terrain=name, crowns=square.crowns)


def crowns_mark(crowns: int, colour: str) -> ft.Control:
    """A square's crowns: their number and a star (the crown of the tiles)."""
    return ft.Row(
        [
            ft.Text(str(crowns), color=colour, size=11, weight=ft.FontWeight.BOLD),
            ft.Icon(ft.Icons.STAR, color=colour, size=11),
        ],
        spacing=0,
        tight=True,
    )


class KingdomSource:
    """The cells a player's kingdom fills while it holds a square."""

    def __init__(self, model: SheetInProgress) -> None:
        self.model = model

    def fills(self, key: str, player: int) -> bool:
        return from_kingdom(self.model.draft, key, player)

    def value(self, key: str, player: int) -> bool | int | None:
        return reading(self.model.draft, key, player)


class KingdomPart(BoardDialogPart):
    """The Kingdom buttons, the Mighty Duel switch and the kingdom dialog of one sheet."""

    name, title, clear = "kingdom", "app.kingdom_of", "app.kingdom_clear"

    def __init__(
        self, ctx: Context, model: SheetInProgress, changed: Callable[..., None], row: RowMaker
    ) -> None:
        super().__init__(ctx, model, changed, row)
        self.shown = has_kingdom(model.template)
        self.selected: tuple[int, int] | None = None
        """The square the picker sets (row, column from 0)."""
        self.crowns = 0
        """The crowns the picker gives the next terrain chosen."""
        self.squares: list[list[ft.Container]] = []
        self.said: list[list[ft.Semantics]] = []
        self.terrains: dict[str, ft.Container] = {}
        self.crown_chips: dict[int, ft.Container] = {}
        self.pick_title = ft.Text(size=13, weight=ft.FontWeight.W_500)
        self.problems = ft.Column(spacing=2, tight=True)
        self.properties = ft.Column(spacing=0, tight=True)
        self.duel = ft.Switch(
            label=ctx.t("app.kingdom_duel"),
            value=grid_size(model.draft) == DUEL_SIZE,
            on_change=self.on_duel,
        )
        self.duel_message = ft.Text(color=ft.Colors.ERROR, size=13)

    def cell(self, line: Line, player: int, changed: Changed) -> SheetCell | None:
        if not self.shown or line.key not in KINGDOM_LINES:
            return None
        source = KingdomSource(self.model)
        if line.entered_as == "yes_no":
            return BoardCheckCell(self.ctx, self.model, line, player, changed, source)
        return BoardTextCell(self.ctx, self.model, line, player, changed, source)

    def rows_after(self, key: str) -> list[ft.Control]:
        """Under the last line a kingdom fills: the Mighty Duel's switch (two players)
        and a Kingdom button per player."""
        keys = [line.key for line in self.model.end_lines if line.key in KINGDOM_LINES]
        if not self.shown or not keys or key != keys[-1]:
            return []
        label = self.ctx.t("app.kingdom")
        buttons = board_buttons(
            self.ctx, "kingdom", label, ft.Icons.GRID_ON, self.model.players, self.open
        )
        found: list[ft.Control] = []
        if duel_allowed(self.model.draft):
            found += [
                tid("kingdom-duel", self.duel),
                tid("kingdom-duel-message", self.duel_message),
            ]
        return [*found, self.row(muted(self.ctx.t("app.kingdom_note"), size=12), buttons)]

    # --- the dialog ------------------------------------------------------------------------
    def content(self, player: int) -> list[ft.Control]:
        self.selected, self.crowns = None, 0
        n = player + 1
        size = kingdoms(self.model.draft)[player].size
        side = SQUARE if size == SIZE else DUEL_SQUARE
        self.squares = [[self._square(r, c, side) for c in range(size)] for r in range(size)]
        self.said = [
            [
                ft.Semantics(identifier=f"square-{n}-{r + 1}-{c + 1}", button=True, content=s)
                for c, s in enumerate(squares)
            ]
            for r, squares in enumerate(self.squares)
        ]
        grid = ft.Column(
            [ft.Row(list(row), spacing=GAP, tight=True) for row in self.said],
            spacing=GAP,
            tight=True,
        )
        self.terrains = {t: self._terrain_chip(t) for t in (*TERRAINS, CASTLE, EMPTY_CHOICE)}
        self.crown_chips = {k: self._crown_chip(k) for k in range(MAX_CROWNS + 1)}
        picker = ft.Column(
            [
                self.pick_title,
                ft.Row(
                    [
                        ft.Semantics(identifier=f"kingdom-terrain-{t}", button=True, content=chip)
                        for t, chip in self.terrains.items()
                    ],
                    wrap=True,
                    spacing=6,
                    run_spacing=6,
                ),
                ft.Row(
                    [
                        muted(self.ctx.t("app.kingdom_crowns"), size=13),
                        *(
                            ft.Semantics(identifier=f"kingdom-crowns-{k}", button=True, content=c)
                            for k, c in self.crown_chips.items()
                        ),
                    ],
                    spacing=6,
                    wrap=True,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            ],
            spacing=6,
            tight=True,
        )
        return [
            muted(self.ctx.t("app.kingdom_help"), size=12),
            grid,
            picker,
            tid(f"kingdom-problems-{n}", self.problems),
            self.properties,
        ]

    def forget(self) -> None:
        self.selected = None
        self.squares = []

    def cleared(self, player: int) -> Edit:
        return KingdomClearEdit(player)

    def _square(self, row: int, column: int, side: int) -> ft.Container:
        return ft.Container(
            width=side,
            height=side,
            border_radius=4,
            alignment=ft.Alignment.CENTER,
            on_click=lambda _e=None: self.on_select(row, column),
        )

    def _terrain_chip(self, terrain: str) -> ft.Container:
        back: str | None
        fore: str
        if terrain == EMPTY_CHOICE:
            back, fore, letter = None, ft.Colors.ON_SURFACE, EMPTY
            name = self.ctx.t("app.terrain_empty")
        else:
            (back, fore), letter = LOOKS[terrain], terrain
            name = terrain_name(self.ctx, terrain)
        return ft.Container(
            ft.Row(
                [
                    ft.Text(letter, color=fore, size=15, weight=ft.FontWeight.BOLD),
                    ft.Text(name, color=fore, size=13),
                ],
                spacing=6,
                tight=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            bgcolor=back,
            height=40,
            padding=ft.Padding.symmetric(horizontal=10, vertical=8),
            border_radius=20,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            on_click=lambda _e=None: self.on_terrain(terrain),
        )

    def _crown_chip(self, crowns: int) -> ft.Container:
        return ft.Container(
            ft.Text(str(crowns), size=15, weight=ft.FontWeight.BOLD),
            width=44,
            height=40,
            border_radius=20,
            alignment=ft.Alignment.CENTER,
            on_click=lambda _e=None: self.on_crowns(crowns),
        )

    def _paint(self) -> list[ft.Control]:
        """Show the open kingdom as the draft holds it; returns what changed."""
        if self.player is None or not self.squares:
            return []
        board = kingdoms(self.model.draft)[self.player]
        if board.size != len(self.squares):  # the grid changed on another device
            self.close()
            return []
        kingdom = board.kingdom
        out: list[ft.Control] = []
        for r, squares in enumerate(self.squares):
            for c, box in enumerate(squares):
                out += self._paint_square(box, self.said[r][c], kingdom.squares[r][c], (r, c))
        out += self._paint_picker(kingdom)
        self._paint_reading(kingdom)
        return [*out, self.problems, self.properties, self.summary, self.message]

    def _paint_square(
        self, box: ft.Container, said: ft.Semantics, square: Square | None, at: tuple[int, int]
    ) -> list[ft.Control]:
        r, c = at
        label = self.ctx.t(
            "app.kingdom_square", row=r + 1, column=c + 1, square=square_said(self.ctx, square)
        )
        chosen = at == self.selected
        out: list[ft.Control] = []
        if said.label != label or said.selected != chosen:
            said.label, said.selected = label, chosen
            out.append(said)
        if square is None:
            box.bgcolor = None
            box.content = ft.Icon(ft.Icons.ADD, color=ft.Colors.OUTLINE, size=18)  # hollow
        else:
            back, fore = LOOKS[square.terrain]
            parts: list[ft.Control] = [
                ft.Text(square.terrain, color=fore, size=17, weight=ft.FontWeight.BOLD)
            ]
            if square.crowns:
                parts.append(crowns_mark(square.crowns, fore))
            box.bgcolor = back
            box.content = ft.Column(
                parts, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER
            )
        box.border = ft.Border.all(
            3 if chosen else 1,
            ft.Colors.PRIMARY
            if chosen
            else (ft.Colors.OUTLINE if square is None else ft.Colors.ON_SURFACE),
        )
        return [*out, box]

    def _paint_picker(self, kingdom: Kingdom) -> list[ft.Control]:
        square = (
            None if self.selected is None else kingdom.squares[self.selected[0]][self.selected[1]]
        )
        if self.selected is None:
            self.pick_title.value = self.ctx.t("app.kingdom_pick_none")
        else:
            self.pick_title.value = self.ctx.t(
                "app.kingdom_pick", row=self.selected[0] + 1, column=self.selected[1] + 1
            )
        current = EMPTY_CHOICE if square is None else square.terrain
        for terrain, chip in self.terrains.items():
            on = self.selected is not None and terrain == current
            chip.border = ft.Border.all(
                4 if on else 1, ft.Colors.PRIMARY if on else ft.Colors.OUTLINE
            )
            chip.disabled = self.selected is None
            chip.opacity = 1.0 if self.selected is not None else 0.5
        castle = square is not None and square.terrain == CASTLE
        for crowns, chip in self.crown_chips.items():
            on = crowns == self.crowns
            chip.border = ft.Border.all(
                4 if on else 1, ft.Colors.PRIMARY if on else ft.Colors.OUTLINE
            )
            chip.disabled = self.selected is None or castle
            chip.opacity = 0.5 if chip.disabled else 1.0
        return [self.pick_title, *self.terrains.values(), *self.crown_chips.values()]

    def _paint_reading(self, kingdom: Kingdom) -> None:
        assert self.player is not None
        t = self.ctx.t
        reasons: list[ScorepadError] = []
        if any(True for _ in kingdom.placed()):
            reasons += kingdom.problems()
        if grid_size(self.model.draft) == DUEL_SIZE and not duel_allowed(self.model.draft):
            reasons.append(
                SheetError("board.kingdom_duel", size=DUEL_SIZE, count=len(self.model.players))
            )
        self.problems.controls = [
            ft.Text(r.message(self.ctx.lang), color=ft.Colors.ERROR, size=13) for r in reasons
        ]
        lines: list[ft.Control] = []
        if not reasons:
            for found in kingdom.properties():
                lines.append(
                    muted(
                        t(
                            "app.kingdom_property",
                            terrain=terrain_name(self.ctx, found.terrain),
                            squares=len(found.squares),
                            crowns=found.crowns,
                            points=found.points,
                        ),
                        size=12,
                    )
                )
            keys = {line.key for line in self.model.end_lines}
            if "middle_kingdom" in keys and kingdom.middle():
                lines.append(muted(t("app.kingdom_middle", points=MIDDLE_KINGDOM), size=12))
            if "harmony" in keys and kingdom.complete():
                lines.append(muted(t("app.kingdom_harmony", points=HARMONY), size=12))
        self.properties.controls = lines
        total = self.model.state.scored.players[self.player].total
        self.summary.value = t(
            "app.kingdom_sum",
            points=0 if reasons else kingdom.score(),
            largest=0 if reasons else kingdom.largest_property(),
            crowns=0 if reasons else kingdom.crowns(),
            total=show(total, self.ctx.lang),
        )

    def refresh(self) -> list[ft.Control]:
        """After any change on the sheet (a tap on another device too)."""
        if not self.shown:
            return []
        out: list[ft.Control] = []
        duel = grid_size(self.model.draft) == DUEL_SIZE
        if self.duel.value != duel:
            self.duel.value = duel
            out.append(self.duel)
        return [*out, *self._paint()]

    # --- taps ------------------------------------------------------------------------------
    def on_select(self, row: int, column: int) -> None:
        if self.player is None:
            return
        self.selected = (row, column)
        square = kingdoms(self.model.draft)[self.player].kingdom.squares[row][column]
        self.crowns = square.crowns if square is not None and square.terrain != CASTLE else 0
        self.message.value = ""
        self.ctx.update(*self._paint())

    def on_terrain(self, terrain: str) -> None:
        if self.player is None or self.selected is None:
            return
        row, column = self.selected
        chosen = None if terrain == EMPTY_CHOICE else terrain
        crowns = self.crowns if chosen not in (None, CASTLE) else 0
        self._make(
            lambda: square_edit(self.model.draft, self.player or 0, row, column, chosen, crowns)
        )

    def on_crowns(self, crowns: int) -> None:
        if self.player is None or self.selected is None:
            return
        self.crowns = crowns
        row, column = self.selected
        square = kingdoms(self.model.draft)[self.player].kingdom.squares[row][column]
        if square is None or square.terrain == CASTLE:  # for the terrain chosen next
            self.ctx.update(*self._paint())
            return
        terrain = square.terrain
        self._make(
            lambda: square_edit(self.model.draft, self.player or 0, row, column, terrain, crowns)
        )

    def on_duel(self, e: ft.Event[ft.Switch]) -> None:
        size = DUEL_SIZE if e.control.value else SIZE
        try:
            edit = size_edit(self.model.draft, size)
        except ScorepadError as problem:
            self.duel_message.value = problem.message(self.ctx.lang)
            self.duel.value = grid_size(self.model.draft) == DUEL_SIZE
            self.ctx.update(self.duel_message, self.duel)
            return
        self.duel_message.value = ""
        self.model.set_board(edit)
        self.changed(self.duel_message)


# --- drawn small, on the play screen and in History -----------------------------------
# A saved play's kingdom drawn small: each square filled in its terrain's colour with its
# letter and crowns on it (``F1``, ``C``, as sheet files write them), so a terrain is never
# told by colour alone; an empty square is outlined. A screen reader hears the kingdom's
# counts ("Ana's kingdom: properties 7, largest property 3, crowns 3").
SMALL = 20
"""A drawn square's side in px on the 5 × 5 grid (16 on the Duel's 7 × 7)."""


def drawn_kingdom(ctx: Context, ident: str, name: str, kingdom: Kingdom) -> ft.Control:
    said = ctx.t(
        "app.kingdom_drawn",
        player=name,
        points=kingdom.score(),
        largest=kingdom.largest_property(),
        crowns=kingdom.crowns(),
    )
    side = SMALL if kingdom.size == SIZE else 16
    grid = ft.Column(
        [
            ft.Row([_small(square, side) for square in row], spacing=1, tight=True)
            for row in kingdom.squares
        ],
        spacing=1,
        tight=True,
    )
    return drawn_small(ident, said, name, grid)


def _small(square: Square | None, size: int) -> ft.Container:
    if square is None:
        return ft.Container(
            width=size,
            height=size,
            border_radius=2,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        )
    back, fore = LOOKS[square.terrain]
    return ft.Container(
        ft.Text(square.text, size=size * 0.45, color=fore, weight=ft.FontWeight.BOLD),
        width=size,
        height=size,
        bgcolor=back,
        border_radius=2,
        border=ft.Border.all(1, ft.Colors.ON_SURFACE),
        alignment=ft.Alignment.CENTER,
    )


VIEW = register_view(BoardView("kingdom", KingdomPart, Kingdom, drawn_kingdom))
