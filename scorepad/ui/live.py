"""A sheet's fields by name, for a page that lost its link: what it typed there and sends
again once it is back is named, by player and line, where it cannot be taken
(``scorepad.ui.heartbeat``). The live sheet itself (one sheet on several devices) is the
sheet layer's (``scorepad.sheet.live``).
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from scorepad.sheet.live import LiveSheets


@dataclass(frozen=True)
class FieldName:
    """A sheet's field as a player names it, and whether it takes a value now."""

    player: str
    line: str
    taken: Callable[[], bool]
    """False once a value typed there would not be kept: its sheet was saved or thrown
    away, or the field is no longer on the sheet its device shows."""


class FieldNames:
    """The sheets' fields by Flet's control id (unique in the app's process), most recent
    last: a page that lost its link and sends again what it typed is told which of its
    values could not be taken (``scorepad.ui.heartbeat``), by player and line."""

    KEPT = 8192
    """Fields remembered (about 200 sheets of 40 fields); the oldest are forgotten."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.names: OrderedDict[int, FieldName] = OrderedDict()

    def name(self, fields: Iterable[tuple[int, FieldName]]) -> None:
        with self.lock:
            for control_id, name in fields:
                self.names[control_id] = name
                self.names.move_to_end(control_id)
            while len(self.names) > self.KEPT:
                self.names.popitem(last=False)

    def untaken(self, control_id: int) -> tuple[str, str] | None:
        """The player and line of a sheet field that would not take a value now."""
        with self.lock:
            name = self.names.get(control_id)
        if name is None or name.taken():
            return None
        return name.player, name.line


FIELD_NAMES = FieldNames()
"""Every sheet field shown in this app's process (the page's link reads it)."""


def taken_while(
    live: LiveSheets, view: object, sheet_id: str, current: Callable[[object], bool]
) -> Callable[[], bool]:
    """Whether a field of ``view`` takes a value now: the view still shows ``sheet_id``,
    which is neither saved nor thrown away, and ``current(view)`` (its fields are the
    ones it shows). The view is held weakly: a view gone takes nothing."""
    ref = weakref.ref(view)

    def taken() -> bool:
        shown = ref()
        return shown is not None and live.follows(shown, sheet_id) and current(shown)

    return taken
