"""Board kinds in the app, one module per kind (``wall``, ``pavilion``, ``palace``), each
registering its view here (``register_view``): the part of the sheet that fills cells from
a player's board and opens the board to tap, and the board drawn small on the play screen
and in History. The sheet and History ask every registered kind in turn and know none by
name: a new kind is a new module in this package (the package's modules are imported when
the app first asks for its kinds), with no list to edit. The kind's sheet part is
``scorepad.sheet.boards``'s, its reading the core's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import flet as ft

from scorepad.core.packages import import_modules
from scorepad.core.template import Line
from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.context import Context
from scorepad.ui.views.cells import Changed, SheetCell
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
