"""The Summer Pavilion board on the sheet: a "Pavilion" button per player (``pavilion-n``)
under the lines a pavilion fills, opening that player's seven stars of six spaces
(``star-n-K-S``: star K and space S from 1, the centre star first) over the sheet.

A tap covers a space or uncovers it (``sheet.boards.pavilion.tap``); that player's star lines and
"all spaces of number N" lines then show what the core reads from the pavilion, read-only,
with "from the board" under them, on every device showing the sheet. On the variant side
each star has a colour menu (``star-colour-n-K``, its items ``star-colour-n-K-COLOUR``).
Each space shows its printed number, and each colour a symbol as well as its fill (for
colour-blind players), the star's colour named in words above it; each space says its
star, number and state to a screen reader. A star is 6 × 46 px with 4 px between: it fits
a 390 px phone without scrolling sideways.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core.boards.pavilion import COVERED, SPACES, STAR_COLOURS, Pavilion
from scorepad.core.scoring import show
from scorepad.core.template import Line
from scorepad.sheet.boards.pavilion import (
    PAVILION_LINES,
    STARS,
    PavilionClearEdit,
    board_of,
    colour_edit,
    from_pavilion,
    has_pavilion,
    pavilions,
    read,
    reading,
    star_colour,
    tap,
    variant_side,
)
from scorepad.sheet.edits import Edit
from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.context import Context
from scorepad.ui.views.board_cells import BoardCheckCell, BoardTextCell
from scorepad.ui.views.boards import BoardDialogPart, BoardView, drawn_small, register_view
from scorepad.ui.views.cells import Changed, SheetCell
from scorepad.ui.views.common import board_buttons, muted, tid
from scorepad.ui.views.worked import RowMaker

SPACE = 46
"""A space's side in px (at least 44: a finger's tap)."""
LOOKS: dict[str, tuple[str, str, ft.IconData]] = {
    "multicolour": ("#5D4037", "#FFFFFF", ft.Icons.AUTO_AWESOME),
    "red": ("#C62828", "#FFFFFF", ft.Icons.FAVORITE),
    "blue": ("#1565C0", "#FFFFFF", ft.Icons.WATER_DROP),
    "yellow": ("#F9A825", "#000000", ft.Icons.WB_SUNNY),
    "orange": ("#EF6C00", "#000000", ft.Icons.LOCAL_FIRE_DEPARTMENT),
    "green": ("#2E7D32", "#FFFFFF", ft.Icons.ECO),
    "purple": ("#6A1B9A", "#FFFFFF", ft.Icons.FILTER_VINTAGE),
}
"""Each star colour's fill, the colour of its symbol, and the symbol."""
UNCHOSEN = ("#757575", "#FFFFFF", ft.Icons.HELP_OUTLINE)
"""A covered space of a variant-side star whose colour is not chosen yet."""


class PavilionPart(BoardDialogPart):
    """The Pavilion buttons and the pavilion dialog of one sheet (nothing on other games')."""

    name, title, clear = "pavilion", "app.pavilion_of", "app.pavilion_clear"

    def __init__(
        self,
        ctx: Context,
        model: SheetInProgress,
        changed: Callable[..., None],
        row: RowMaker,
    ) -> None:
        super().__init__(ctx, model, changed, row)
        self.shown = has_pavilion(model.template)
        self.spaces: list[list[ft.Container]] = []
        self.looks: dict[tuple[int, int], object] = {}
        """What each space of the open dialog shows, to send only those that change."""
        self.said: list[list[ft.Semantics]] = []
        """Each space's test id and what a screen reader says of it."""
        self.titles: list[ft.Text] = []
        self.menus: list[ft.PopupMenuButton] = []
        self.noted = False
        """The message is the sheet's problem with this pavilion (cleared once fixed)."""
        self.help = muted("", size=12)

    # --- the BoardSource of the cells ----------------------------------------------------
    def fills(self, key: str, player: int) -> bool:
        return from_pavilion(self.model.draft, key, player)

    def value(self, key: str, player: int) -> bool | int | None:
        return reading(self.model.draft, key, player)

    def cell(self, line: Line, player: int, changed: Changed) -> SheetCell | None:
        if not self.shown or line.key not in PAVILION_LINES:
            return None
        if line.entered_as == "yes_no":
            return BoardCheckCell(self.ctx, self.model, line, player, changed, self)
        return BoardTextCell(self.ctx, self.model, line, player, changed, self)

    def rows_after(self, key: str) -> list[ft.Control]:
        """Under the last line a pavilion fills: a Pavilion button per player."""
        if not self.shown or key != PAVILION_LINES[-1]:
            return []
        label = self.ctx.t("app.pavilion")
        buttons = board_buttons(
            self.ctx, "pavilion", label, ft.Icons.STAR_BORDER, self.model.players, self.open
        )
        return [self.row(muted(self.ctx.t("app.pavilion_note"), size=12), buttons)]

    # --- the dialog ----------------------------------------------------------------------
    def content(self, player: int) -> list[ft.Control]:
        self.looks = {}
        n = player + 1
        self.spaces = [[self._space(k, s) for s in range(SPACES)] for k in range(STARS)]
        self.said = [
            [
                ft.Semantics(identifier=f"star-{n}-{k + 1}-{s + 1}", button=True, content=space)
                for s, space in enumerate(spaces)
            ]
            for k, spaces in enumerate(self.spaces)
        ]
        self.titles = [ft.Text(size=13, weight=ft.FontWeight.W_500) for _ in range(STARS)]
        side_b = variant_side(self.model.draft)
        self.menus = [self._menu(k) for k in range(STARS)] if side_b else []
        stars: list[ft.Control] = []
        for k in range(STARS):
            head: list[ft.Control] = [self.titles[k]]
            if side_b:  # the player says which colour each star was built in
                head.append(tid(f"star-colour-{n}-{k + 1}", self.menus[k]))
            stars.append(
                ft.Column(
                    [
                        ft.Row(head, spacing=8, tight=True),
                        ft.Row(list(self.said[k]), spacing=4, tight=True),
                    ],
                    spacing=2,
                    tight=True,
                )
            )
        return [self.help, *stars]

    def forget(self) -> None:
        self.spaces = []

    def cleared(self, player: int) -> Edit:
        return PavilionClearEdit(player)

    def _space(self, star: int, space: int) -> ft.Container:
        return ft.Container(
            width=SPACE,
            height=SPACE,
            border_radius=6,
            alignment=ft.Alignment.CENTER,
            on_click=lambda _e=None: self.on_tap(star, space),
        )

    def _menu(self, star: int) -> ft.PopupMenuButton:
        assert self.player is not None
        ident = f"star-colour-{self.player + 1}-{star + 1}"
        return ft.PopupMenuButton(
            icon=ft.Icons.PALETTE,
            tooltip=self.ctx.t("app.star_choose", star=star + 1),
            items=[
                ft.PopupMenuItem(
                    content=tid(
                        f"{ident}-{colour}",
                        ft.Row(
                            [
                                ft.Icon(LOOKS[colour][2], color=LOOKS[colour][0], size=18),
                                ft.Text(self.ctx.t(f"app.star_{colour}")),
                            ],
                            tight=True,
                        ),
                    ),
                    on_click=lambda _e=None, colour=colour: self.on_colour(star, colour),
                )
                for colour in STAR_COLOURS
            ],
        )

    def _paint(self) -> list[ft.Control]:
        """Show the open pavilion as the draft holds it; returns what changed."""
        if self.player is None or not self.spaces:
            return []
        draft = self.model.draft
        pavilion = pavilions(draft)[self.player]
        board = board_of(draft)
        out: list[ft.Control] = []
        for k, spaces in enumerate(self.spaces):
            colour = star_colour(draft, self.player, k)
            named = self.ctx.t(f"app.star_{colour}") if colour else self.ctx.t("app.star_unset")
            title = self.ctx.t(
                "app.star_centre" if k == 0 else "app.star_title", star=k + 1, colour=named
            )
            if self.titles[k].value != title:
                self.titles[k].value = title
                out.append(self.titles[k])
            back, fore, symbol = LOOKS[colour] if colour else UNCHOSEN
            for s, space in enumerate(spaces):
                number = board.stars[k].numbers[s]
                covered = pavilion.stars[k][s] == COVERED
                said = self.ctx.t(
                    "app.star_space",
                    star=k + 1,
                    space=s + 1,
                    number=number,
                    state=self.ctx.t("app.star_covered" if covered else "app.wall_empty"),
                )
                semantics = self.said[k][s]
                if semantics.label != said:
                    semantics.label = said
                    out.append(semantics)
                look = (covered, number, colour)
                if self.looks.get((k, s)) == look:
                    continue
                self.looks[(k, s)] = look
                space.bgcolor = back if covered else None
                space.border = ft.Border.all(
                    3 if covered else 1, ft.Colors.ON_SURFACE if covered else ft.Colors.OUTLINE
                )
                space.content = ft.Column(
                    [
                        ft.Text(
                            str(number),
                            size=16,
                            weight=ft.FontWeight.BOLD,
                            color=fore if covered else ft.Colors.ON_SURFACE,
                        ),
                        ft.Icon(
                            symbol,
                            size=12,
                            color=fore if covered else (back if colour else ft.Colors.OUTLINE),
                        ),
                    ],
                    spacing=0,
                    tight=True,
                    alignment=ft.MainAxisAlignment.CENTER,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                )
                out.append(space)
        side_b = variant_side(draft)
        self.summary.value = self._summary()
        problem = self.model.state.problem(PAVILION_LINES[0], self.player)
        if problem is not None:  # a complete star waiting for its colour
            self.message.value = problem.message(self.ctx.lang)
        elif self.noted:
            self.message.value = ""
        self.noted = problem is not None
        self.help.value = self.ctx.t("app.pavilion_help_variant" if side_b else "app.pavilion_help")
        return [*out, self.help, self.summary, self.message]

    def _summary(self) -> str:
        assert self.player is not None
        pavilion = read(self.model.draft, self.player)
        stars = sum(pavilion.stars_by_colour().values())
        lines = pavilion.lines()
        numbers = sum(1 for key, found in lines.items() if key.startswith("all_") and found)
        player = self.model.state.scored.players[self.player]
        return self.ctx.t(
            "app.pavilion_sum",
            stars=stars,
            numbers=numbers,
            total=show(player.total, self.ctx.lang),
        )

    def refresh(self) -> list[ft.Control]:
        """After any change on the sheet (a tap on another device too)."""
        return self._paint()

    # --- taps ----------------------------------------------------------------------------
    def on_tap(self, star: int, space: int) -> None:
        if self.player is None:
            return
        self.message.value = ""
        self.model.set_board(tap(self.model.draft, self.player, star, space))
        self.changed(self.message)

    def on_colour(self, star: int, colour: str) -> None:
        player = self.player
        if player is not None:
            self._make(lambda: colour_edit(self.model.draft, player, star, colour))


# --- drawn small, on the play screen and in History -----------------------------------
# A saved play's Summer Pavilion pavilion drawn small: on the play screen and in History.
#
# Each star is a row: its colour's symbol first (the live board's, ``LOOKS``:
# a heart for red, a drop for blue…, a question mark for a variant-side star whose colour
# was not chosen), then its six spaces, each showing its printed number; a covered space is
# filled in the star's colour, an empty one outlined. So a colour is never told by sight
# alone, and seven rows of 7 × 16 px and a name fit beside another board on a phone. A
# screen reader hears the counts ("Ana's pavilion: complete stars 2, number bonuses 1").
SMALL = 16
"""A drawn space's side in px."""


def drawn_pavilion(
    ctx: Context, ident: str, name: str, pavilion: Pavilion, space: int = SMALL
) -> ft.Control:
    numbers = sum(1 for key, found in pavilion.lines().items() if key.startswith("all_") and found)
    said = ctx.t(
        "app.pavilion_drawn",
        player=name,
        stars=len(pavilion.complete_stars()),
        numbers=numbers,
    )
    rows: list[ft.Control] = []
    for star, text, colour in zip(
        pavilion.layout.stars, pavilion.covered, pavilion.colours, strict=True
    ):
        back, fore, symbol = LOOKS[colour] if colour else UNCHOSEN
        marks = [
            _space(str(number), mark == COVERED, back, fore, space)
            for number, mark in zip(star.numbers, text, strict=True)
        ]
        chip = ft.Container(ft.Icon(symbol, size=space - 2, color=back), width=space)
        rows.append(ft.Row([chip, *marks], spacing=2, tight=True))
    return drawn_small(ident, said, name, ft.Column(rows, spacing=2))


def _space(number: str, covered: bool, back: str, fore: str, size: int) -> ft.Container:
    return ft.Container(
        ft.Text(
            number,
            size=size * 0.6,
            color=fore if covered else ft.Colors.ON_SURFACE_VARIANT,
            weight=ft.FontWeight.BOLD if covered else None,
        ),
        width=size,
        height=size,
        bgcolor=back if covered else None,
        border_radius=size // 2,
        border=ft.Border.all(1, ft.Colors.ON_SURFACE if covered else ft.Colors.OUTLINE_VARIANT),
        alignment=ft.Alignment.CENTER,
    )


VIEW = register_view(BoardView("pavilion", PavilionPart, Pavilion, drawn_pavilion))
