"""The Stained Glass of Sintra palace on a side B sheet: a "Windows" button per player
(``palace-n``) under the windows line, opening that player's 8 windows of two frame spaces
(``window-n-W-S``: window W from 1, S 1 the top frame space, 2 the bottom one).

A tap cycles a frame space: a piece, a piece of the colour the player counts, empty again
(``sheet.boards.palace.tap``: the core refuses a bottom piece under an empty top). That player's
windows cell then shows the completed windows and the pieces of the colour, read-only,
"from the board", on every device showing the sheet. A piece and a piece of the colour
differ by a symbol as well as a fill, and each space says its window, place and state to a
screen reader. The windows sit in two rows of four, 4 × 46 px wide with room between: they
fit a 390 px phone without scrolling sideways.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core.boards.sintra import CHOSEN, EMPTY, FRAMES, PIECE, WINDOW_LINE, WINDOWS, Palace
from scorepad.core.scoring import show
from scorepad.core.template import Line
from scorepad.sheet.boards.palace import (
    PalaceClearEdit,
    counts,
    from_palace,
    has_palace,
    palaces,
    reading,
    tap,
)
from scorepad.sheet.edits import Edit
from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.context import Context
from scorepad.ui.views.board_cells import BoardProductCell
from scorepad.ui.views.boards import BoardDialogPart, BoardView, drawn_small, register_view
from scorepad.ui.views.cells import Changed, SheetCell
from scorepad.ui.views.common import board_buttons, muted
from scorepad.ui.views.worked import RowMaker

SPACE = 46
"""A frame space's side in px (at least 44: a finger's tap)."""
LOOKS: dict[str, tuple[str | None, str, ft.IconData | None, str]] = {
    EMPTY: (None, ft.Colors.OUTLINE, None, "app.wall_empty"),
    PIECE: ("#78909C", "#FFFFFF", ft.Icons.CHECK, "app.palace_piece"),
    CHOSEN: ("#F9A825", "#000000", ft.Icons.STAR, "app.palace_chosen"),
}
"""Each mark's fill, the colour of its symbol, the symbol, and what it is called."""
FRAME_NAMES = ("app.palace_top", "app.palace_bottom")


class PalacePart(BoardDialogPart):
    """The Windows buttons and the windows dialog of one sheet (nothing on other games')."""

    name, title, clear = "palace", "app.palace_of", "app.palace_clear"
    spacing = 10

    def __init__(
        self,
        ctx: Context,
        model: SheetInProgress,
        changed: Callable[..., None],
        row: RowMaker,
    ) -> None:
        super().__init__(ctx, model, changed, row)
        self.shown = has_palace(model.template) and counts(model.draft)
        self.spaces: list[list[ft.Container]] = []
        self.said: list[list[ft.Semantics]] = []
        self.looks: dict[tuple[int, int], str] = {}

    # --- the PairSource of the cell --------------------------------------------------------
    def fills(self, key: str, player: int) -> bool:
        return from_palace(self.model.draft, key, player)

    def pair(self, key: str, player: int) -> tuple[int, int] | None:
        return reading(self.model.draft, player)

    def cell(self, line: Line, player: int, changed: Changed) -> SheetCell | None:
        if not self.shown or line.key != WINDOW_LINE:
            return None
        return BoardProductCell(self.ctx, self.model, line, player, changed, self)

    def rows_after(self, key: str) -> list[ft.Control]:
        """Under the windows line: a Windows button per player."""
        if not self.shown or key != WINDOW_LINE:
            return []
        label = self.ctx.t("app.palace")
        buttons = board_buttons(
            self.ctx, "palace", label, ft.Icons.GRID_VIEW, self.model.players, self.open
        )
        return [self.row(muted(self.ctx.t("app.palace_note"), size=12), buttons)]

    # --- the dialog ------------------------------------------------------------------------
    def content(self, player: int) -> list[ft.Control]:
        self.looks = {}
        n = player + 1
        self.spaces = [[self._space(w, s) for s in range(FRAMES)] for w in range(WINDOWS)]
        self.said = [
            [
                ft.Semantics(identifier=f"window-{n}-{w + 1}-{s + 1}", button=True, content=c)
                for s, c in enumerate(spaces)
            ]
            for w, spaces in enumerate(self.spaces)
        ]
        windows: list[ft.Control] = [
            ft.Column(
                [muted(self.ctx.t("app.palace_window", window=w + 1), size=12), *self.said[w]],
                spacing=4,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
            for w in range(WINDOWS)
        ]
        half = WINDOWS // 2
        return [
            muted(self.ctx.t("app.palace_help"), size=12),
            ft.Row(windows[:half], spacing=14, tight=True),
            ft.Row(windows[half:], spacing=14, tight=True),
        ]

    def forget(self) -> None:
        self.spaces = []

    def cleared(self, player: int) -> Edit:
        return PalaceClearEdit(player)

    def _space(self, window: int, space: int) -> ft.Container:
        return ft.Container(
            width=SPACE,
            height=SPACE,
            border_radius=ft.BorderRadius.only(
                top_left=SPACE // 2 if space == 0 else 4,
                top_right=SPACE // 2 if space == 0 else 4,
                bottom_left=4,
                bottom_right=4,
            ),
            alignment=ft.Alignment.CENTER,
            on_click=lambda _e=None: self.on_tap(window, space),
        )

    def _paint(self) -> list[ft.Control]:
        """Show the open windows as the draft holds them; returns what changed."""
        if self.player is None or not self.spaces:
            return []
        windows = palaces(self.model.draft)[self.player].windows
        out: list[ft.Control] = []
        for w, spaces in enumerate(self.spaces):
            for s, space in enumerate(spaces):
                mark = windows[w][s]
                back, fore, symbol, name = LOOKS[mark]
                said = self.ctx.t(
                    "app.palace_space",
                    window=w + 1,
                    frame=self.ctx.t(FRAME_NAMES[s]),
                    state=self.ctx.t(name),
                )
                if self.said[w][s].label != said:
                    self.said[w][s].label = said
                    out.append(self.said[w][s])
                if self.looks.get((w, s)) == mark:
                    continue
                self.looks[(w, s)] = mark
                space.bgcolor = back
                space.border = ft.Border.all(
                    1 if mark == EMPTY else 3,
                    ft.Colors.OUTLINE if mark == EMPTY else ft.Colors.ON_SURFACE,
                )
                space.content = None if symbol is None else ft.Icon(symbol, color=fore, size=22)
                out.append(space)
        self.summary.value = self._summary()
        return [*out, self.summary, self.message]

    def _summary(self) -> str:
        assert self.player is not None
        found = reading(self.model.draft, self.player) or (0, 0)
        total = self.model.state.scored.players[self.player].total
        return self.ctx.t(
            "app.palace_sum",
            windows=found[0],
            pieces=found[1],
            total=show(total, self.ctx.lang),
        )

    def refresh(self) -> list[ft.Control]:
        """After any change on the sheet (a tap on another device too)."""
        return self._paint()

    # --- taps ------------------------------------------------------------------------------
    def on_tap(self, window: int, space: int) -> None:
        player = self.player
        if player is not None:
            self._make(lambda: tap(self.model.draft, player, window, space))


# --- drawn small, on the play screen and in History -----------------------------------
# A saved play's Sintra side B windows drawn small: on the play screen and in History.
#
# The eight windows stand in a row, each its top frame space over its bottom one, as the
# live board shows them (``LOOKS``): a piece grey with a tick, a piece of the
# colour counted yellow with a star, an empty space outlined; a symbol as well as a fill,
# so a mark is never told by colour alone. Eight windows of 16 px and a name fit beside
# another board on a phone. A screen reader hears the counts ("Ana's windows: completed 3,
# pieces of the colour 4").
SMALL = 16
"""A drawn frame space's side in px."""


def drawn_palace(
    ctx: Context, ident: str, name: str, palace: Palace, space: int = SMALL
) -> ft.Control:
    said = ctx.t(
        "app.palace_drawn",
        player=name,
        windows=palace.completed_windows(),
        pieces=palace.chosen_pieces(),
    )
    windows: list[ft.Control] = [
        ft.Column([_space(mark, top == 0, space) for top, mark in enumerate(text)], spacing=1)
        for text in palace.windows
    ]
    return drawn_small(ident, said, name, ft.Row(windows, spacing=3))


def _space(mark: str, top: bool, size: int) -> ft.Container:
    back, fore, symbol, _ = LOOKS[mark]
    rounded = size // 2 if top else 2
    return ft.Container(
        None if symbol is None else ft.Icon(symbol, color=fore, size=size - 4),
        width=size,
        height=size,
        bgcolor=back,
        border_radius=ft.BorderRadius.only(
            top_left=rounded, top_right=rounded, bottom_left=2, bottom_right=2
        ),
        border=ft.Border.all(1, ft.Colors.OUTLINE if mark == EMPTY else ft.Colors.ON_SURFACE),
        alignment=ft.Alignment.CENTER,
    )


VIEW = register_view(BoardView("palace", PalacePart, Palace, drawn_palace))
