"""Board kinds in the app, one module per kind (``wall``, ``pavilion``, ``palace``,
``kingdom``), each registering its view here (``register_view``): the part of the sheet
that fills cells from a player's board and opens the board to tap, and the board drawn
small on the play screen and in History. The sheet and History ask every registered kind
in turn and know none by name: a new kind is a new module in this package (the package's
modules are imported when the app first asks for its kinds), with no list to edit. The
kind's sheet part is ``scorepad.sheet.boards``'s, its reading the core's.

A kind's part that opens a player's board over the sheet builds on ``BoardDialogPart``:
the dialog's frame, the player's total and the message under the board, Done, Clear and
closing are the same for every kind, which gives its name, the messages of its title and
of Clear, what the board shows and how it paints it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

import flet as ft

from scorepad.core.errors import ScorepadError
from scorepad.core.packages import import_modules
from scorepad.core.template import Line
from scorepad.sheet.edits import Edit
from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.context import Context
from scorepad.ui.views.cells import Changed, SheetCell
from scorepad.ui.views.common import board_dialog, tid
from scorepad.ui.views.worked import RowMaker


class BoardPart(Protocol):
    """A board kind's part of one sheet (nothing shown on other games' sheets)."""

    shown: bool
    """The sheet offers each player a board of this kind."""

    def cell(self, line: Line, player: int, changed: Changed) -> SheetCell | None:
        """The cell of ``line`` for ``player`` when this board fills it, else None."""
        ...

    def rows_after(self, key: str) -> list[ft.Control]:
        """What goes under line ``key`` (the boards' buttons, under the last they fill)."""
        ...

    def refresh(self) -> list[ft.Control]:
        """Show the sheet's latest state; returns the controls whose look changed."""
        ...


class BoardDialogPart:
    """A board kind's part of a sheet that opens one player's board over it (``open``):
    the dialog with the kind's title, its content, the summary (``{name}-total-n``) and
    the message (``{name}-message-n``) under it, Clear (``{name}-clear-n``) and Done
    (``{name}-done``), closed by Done or a dismissal. A subclass sets ``name``, ``title``
    and ``clear``, and gives the dialog's ``content``, its ``_paint`` (which writes the
    summary) and the ``cleared`` edit; ``forget`` drops what only the open board shows."""

    name: ClassVar[str]
    """The kind as the app names its controls: ``"wall"``."""
    title: ClassVar[str]
    """The message key of the dialog's title, given the ``player``: ``"app.wall_of"``."""
    clear: ClassVar[str]
    """The message key of the Clear button: ``"app.wall_clear"``."""
    spacing: ClassVar[int] = 8
    """Between the dialog's parts, in px."""

    def __init__(
        self, ctx: Context, model: SheetInProgress, changed: Callable[..., None], row: RowMaker
    ) -> None:
        self.ctx, self.model, self.changed, self.row = ctx, model, changed, row
        self.player: int | None = None
        """Whose board is open (None: none)."""
        self.message = ft.Text(color=ft.Colors.ERROR, size=13)
        """What is wrong with the last tap on the open board."""
        self.summary = ft.Text(weight=ft.FontWeight.BOLD)
        """What the board fills and the player's total: the sheet is behind the dialog."""

    def content(self, player: int) -> list[ft.Control]:
        """What the dialog shows of ``player``'s board above the summary (made as it opens)."""
        raise NotImplementedError

    def _paint(self) -> list[ft.Control]:
        """Show the open board as the draft holds it; returns what changed."""
        raise NotImplementedError

    def cleared(self, player: int) -> Edit:
        """The edit that clears ``player``'s board."""
        raise NotImplementedError

    def forget(self) -> None:
        """Drop what only the open board shows (the board just closed)."""

    def open(self, player: int) -> None:
        self.player = player
        self.message.value = ""
        n = player + 1
        content = ft.Column(
            [
                *self.content(player),
                tid(f"{self.name}-total-{n}", self.summary),
                tid(f"{self.name}-message-{n}", self.message),
            ],
            spacing=self.spacing,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )
        t = self.ctx.t
        dialog = board_dialog(
            self.ctx,
            self.name,
            player,
            t(self.title, player=self.model.players[player]),
            t(self.clear),
            content,
            (self.on_clear, self.close, self._closed),
        )
        self._paint()
        self.ctx.show_dialog(dialog)

    def close(self) -> None:
        self._closed()
        self.ctx.close_dialog()

    def _closed(self) -> None:
        self.player = None
        self.forget()

    def _make(self, edit: Callable[[], Edit]) -> None:
        """Make the edit a tap asks for; one the sheet refuses is said under the board."""
        try:
            made = edit()
        except ScorepadError as problem:
            self.message.value = problem.message(self.ctx.lang)
            self.ctx.update(self.message)
            return
        self.message.value = ""
        self.model.set_board(made)
        self.changed(self.message)

    def on_clear(self) -> None:
        player = self.player
        if player is not None:
            self._make(lambda: self.cleared(player))


def drawn_small(ident: str, said: str, name: str, board: ft.Control) -> ft.Control:
    """A board drawn small (``board``) under its player's ``name``: one image to a screen
    reader, which hears ``said`` (its counts), found by tests as ``ident``."""
    body = ft.Column([ft.Text(name, size=12, weight=ft.FontWeight.W_500), board], spacing=2)
    return ft.Semantics(
        identifier=ident,
        label=said,
        container=True,
        exclude_semantics=True,
        image=True,
        content=body,
    )


PartMaker = Callable[[Context, SheetInProgress, Callable[..., None], RowMaker], BoardPart]
"""Makes a kind's part of a sheet: (context, the sheet, what to call once a value changed,
how the sheet makes a row)."""


@dataclass(frozen=True)
class BoardView:
    """One board kind in the app."""

    name: str
    """The kind as the app names its controls (``{where}-{name}-{seat}``): ``"wall"``."""
    part: PartMaker
    draws: type
    """The core's reading of a kept board that this kind draws (``play_model.Board``)."""
    drawn: Callable[[Context, str, str, Any], ft.Control]
    """The board drawn small: (context, its name for tests, the player's name, board)."""


_VIEWS: dict[str, BoardView] = {}


def register_view(view: BoardView) -> BoardView:
    """Make ``view`` one of the app's board kinds (called by its module)."""
    _VIEWS[view.name] = view
    return view


def board_views() -> tuple[BoardView, ...]:
    """Every board kind of the app, each registered by its module of this package."""
    import_modules(__name__)
    return tuple(_VIEWS.values())


def view_of(board: object) -> BoardView | None:
    """The kind that draws ``board`` (a kept board as the core reads it)."""
    return next((view for view in board_views() if isinstance(board, view.draws)), None)
