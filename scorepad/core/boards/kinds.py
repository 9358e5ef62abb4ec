"""The board kinds, registered once: a game file names its board (``"board":
"azul-wall"``), and each kind is one module of this package that registers itself.

A kind (``BoardKind``) says which player fields of a sheet file give its board, reads
them into a ``Reading`` (the lines the board fills, the board as the history keeps it,
the board itself for drawing), and checks a reading against the lines typed beside it.
``BOARD_KINDS`` maps each kind's name (what the history keeps beside a seat's board:
``"azul-wall"``, ``"azul-pavilion"``, ``"sintra-palace"``, ``"kingdom"``) to its kind.

Adding a kind is adding one module here that subclasses ``BoardKind`` and calls
``register``: ``board_kinds`` imports every module of the package once, so no list is
kept by hand. The other layers do the same with their own part (the printer's drawing
in ``scorepad.printing.boards``), keyed by the kind's board class or name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.core.packages import import_modules
from scorepad.core.template import GameTemplate

BOARD_KINDS: dict[str, BoardKind] = {}
"""Every registered kind, by name, in the order of their modules' names."""


class Reading(Protocol):
    """One player's board as a sheet file gave it, read and checked."""

    @property
    def filled(self) -> tuple[str, ...]:
        """The keys of the sheet's lines that this board fills."""
        ...

    def lines(self) -> Mapping[str, object]:
        """The lines it fills, by key, as a sheet file would type them."""
        ...

    def to_json(self) -> dict[str, object]:
        """The board's part of ``scorepad score --json``."""
        ...

    @property
    def kept(self) -> dict[str, object] | None:
        """The board as the history keeps it (its player fields, normalised), or None
        when there is nothing to keep."""
        ...

    def sentence(self, player: str, lang: str) -> str:
        """What the board filled, in a sentence ("Ana's lines come from her wall")."""
        ...


class BoardKind:
    """One kind of board. Subclasses set ``name`` and ``fields`` and read the board."""

    name: str = ""
    """The kind's name: how a game file names its board and the history keeps it."""
    fields: tuple[str, ...] = ()
    """The player fields of a sheet file that give the board."""
    kept_fields: tuple[str, ...] | None = None
    """The fields the history keeps, in the order written (None: ``fields``)."""
    required: str | None = None
    """The field a kept board cannot be without (None: any of ``fields``)."""
    help: tuple[tuple[str, str], ...] = ()
    """Each field with its help message key (``scorepad rules``, ``--json``), if it has one."""
    contradicts: str = ""
    """The end of the message key for a typed line that the board contradicts
    (``board.contradicts_<contradicts>``)."""

    @property
    def kept(self) -> tuple[str, ...]:
        """The fields the history keeps, in the order written."""
        return self.fields if self.kept_fields is None else self.kept_fields

    def given(self, raw: Mapping[str, object]) -> bool:
        """A field of this board is given (``null`` is the same as leaving it out)."""
        return any(raw.get(field) is not None for field in self.fields)

    def refused(self, template: GameTemplate, name: str) -> SheetError:
        """The error for this board on a game whose board is another."""
        problem = EntryError("board.not_here", game=quote(template.id))
        return SheetError("entry.where_player", player=name, problem=problem)

    def read(
        self, template: GameTemplate, variant: str | None, name: str, raw: Mapping[str, object]
    ) -> Reading:
        """The board of the player object ``raw`` (one of ``given``), or a SheetError
        naming the player."""
        raise NotImplementedError

    def fill(
        self,
        template: GameTemplate,
        variant: str | None,
        name: str,
        lines: Mapping[str, object],
        reading: Reading,
    ) -> dict[str, object]:
        """``lines`` with the board's lines filled in; a line typed as well must say the
        same (a blank one, ``null``, is filled)."""
        return fill_lines(template, variant, name, lines, reading, self.contradicts)

    def check_sheet(self, names: Sequence[str], readings: Sequence[Reading | None]) -> None:
        """Across the sheet: a SheetError for boards that cannot be seen together."""

    def check_entries(
        self,
        template: GameTemplate,
        variant: str | None,
        name: str,
        entered: Mapping[str, object],
        reading: Reading,
    ) -> None:
        """A saved play's check: the lines ``entered`` (a blank one is its blank entry)
        say what the board fills, else a SheetError."""
        blanks = {line.key: line.empty().value for line in template.lines_for(variant)}
        typed = {
            key: blanks.get(key) if entered.get(key) is None else entered[key]
            for key in reading.lines()
        }
        self.fill(template, variant, name, typed, reading)

    def board(self, kept: Mapping[str, object], variant: str | None) -> object:
        """The board a kept one gives (``Reading.kept``), as the core models it, for
        drawing or printing; an ``EntryError`` (or ``TypeError``, ``KeyError``) for one
        that cannot be read."""
        raise NotImplementedError


K = TypeVar("K", bound=type[BoardKind])


def register(kind: K) -> K:
    """Class decorator: the kind's one instance joins ``BOARD_KINDS``."""
    if not kind.name or kind.name in BOARD_KINDS:
        raise ValueError(f"board kind without a name or registered twice: {kind.name!r}")
    BOARD_KINDS[kind.name] = kind()
    return kind


def board_kinds() -> dict[str, BoardKind]:
    """Every kind, each module of this package imported once to register its own."""
    if import_modules(__package__ or "scorepad.core.boards"):
        # in the order of their modules' names, whichever a program imported first
        ordered = sorted(BOARD_KINDS.items(), key=lambda item: type(item[1]).__module__)
        BOARD_KINDS.clear()
        BOARD_KINDS.update(ordered)
    return BOARD_KINDS


def find_kind(name: str) -> BoardKind:
    """The kind of that name, or a ``ValueError`` quoting it."""
    kind = board_kinds().get(name)
    if kind is None:
        raise ValueError(f"unknown board kind: {name!r}")
    return kind


def fill_lines(
    template: GameTemplate,
    variant: str | None,
    name: str,
    lines: Mapping[str, object],
    reading: Reading,
    kind: str,
) -> dict[str, object]:
    """``lines`` with the board's lines filled in. A line typed as well must read as the
    same value (a blank one, ``null``, is filled), else ``board.contradicts_<kind>``; one
    that cannot be read is left as typed, for the sheet's own check to name."""
    found = dict(lines)
    by_key = {line.key: line for line in template.lines_for(variant)}
    for key, derived in reading.lines().items():
        line = by_key.get(key)
        if line is None:
            continue
        typed = found.get(key)
        if typed is not None:
            try:
                given = line.reading(typed).value
            except EntryError:
                continue
            if given != line.reading(derived).value:
                raise SheetError(
                    f"board.contradicts_{kind}",
                    player=name,
                    line=key,
                    label=line.label,
                    typed=quote(typed),
                    derived=quote(derived),
                )
        found[key] = derived
    return found
