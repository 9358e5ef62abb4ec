"""The store's errors: one type for every problem a person can fix, and a subclass
wherever code decides what to do by the kind of problem.

Each error carries a message id and its fields (see ``scorepad.core.errors``) and renders
late, in the reader's language, from the message catalogues (``scorepad/locale``).
"""

from __future__ import annotations

from scorepad.core.errors import ScorepadError


class StoreError(ScorepadError):
    """A history that cannot be opened, read or changed as asked, or a bad import record."""


class BackupDamaged(StoreError):
    """A copy refused because the history file itself is damaged (``store.backup_damaged``):
    nothing more is written into that file, and a restore keeps it byte for byte instead."""

    def __init__(self, **fields: object) -> None:
        super().__init__("store.backup_damaged", **fields)


class Unreachable(StoreError):
    """A database server that cannot be reached (``store.unreachable``): a moment later
    it may answer again, so a screen offers to try again rather than a remedy."""

    def __init__(self, **fields: object) -> None:
        super().__init__("store.unreachable", **fields)


def record_error(source: str, record: str, problem: ScorepadError) -> StoreError:
    """The first problem of an import, naming the file and the record (nothing imported)."""
    return StoreError("store.import_record", source=source, record=record, problem=problem)
