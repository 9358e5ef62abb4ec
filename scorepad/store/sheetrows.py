"""The sheets in progress of a group's server (revision 0020), as the store keeps them:
each sheet's draft as JSON text with the version of that copy. What a draft holds is the
sheet layer's; this module reads and writes rows, through ``SheetRows`` bound to one
transaction (``Store.sheets``), and tells the server's other processes of what it wrote
(PostgreSQL's ``NOTIFY``, sent when the transaction commits, in the order transactions
commit; ``scorepad.store.notices`` listens).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Connection, Row, delete, insert, select, text, update

import scorepad.store.models as m

CHANNEL = "scorepad_sheets"
"""The channel the processes of one history tell each other of their sheets on."""
ENDED_KEPT = timedelta(days=7)
"""How long the row of a sheet saved or thrown away is kept (its fate, for a device that
asks after it)."""
NOTICE_BYTES = 7900
"""What one notice may carry (PostgreSQL's limit is 8000 bytes): a longer one is sent
as a shorter one that says to read the row."""


@dataclass(frozen=True)
class KeptSheet:
    sheet_id: str
    game_id: str
    body: str
    """The draft as JSON."""
    version: int
    changed_at: datetime
    fate: str | None
    """``saved``, ``discarded``, or None while in progress."""
    play_id: str | None


def _kept(row: Row[tuple[object, ...]]) -> KeptSheet:
    return KeptSheet(**row._asdict())


class SheetRows:
    """The sheet rows, in one transaction."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def get(self, sheet_id: str, *, lock: bool = False) -> KeptSheet | None:
        """Sheet ``sheet_id``'s row; with ``lock``, held until the transaction ends (a
        process keeping a change of the same sheet waits for it)."""
        query = select(m.sheet_draft).where(m.sheet_draft.c.sheet_id == sheet_id)
        row = self.conn.execute(query.with_for_update() if lock else query).first()
        return _kept(row) if row is not None else None

    def in_progress(self, game_id: str | None = None) -> list[KeptSheet]:
        """Every sheet in progress (only ``game_id``'s, when given), the most recently
        changed first."""
        query = select(m.sheet_draft).where(m.sheet_draft.c.fate.is_(None))
        if game_id is not None:
            query = query.where(m.sheet_draft.c.game_id == game_id)
        query = query.order_by(m.sheet_draft.c.changed_at.desc(), m.sheet_draft.c.sheet_id)
        return [_kept(row) for row in self.conn.execute(query)]

    def put(self, sheet_id: str, game_id: str, body: str, at: datetime) -> int:
        """Sheet ``sheet_id``'s draft is ``body``, in progress: its new version (1 for a
        sheet new here)."""
        done = self.conn.execute(
            update(m.sheet_draft)
            .where(m.sheet_draft.c.sheet_id == sheet_id)
            .values(
                game_id=game_id,
                body=body,
                version=m.sheet_draft.c.version + 1,
                changed_at=at,
                fate=None,
                play_id=None,
            )
            .returning(m.sheet_draft.c.version)
        ).scalar_one_or_none()
        if done is not None:
            return int(done)
        self.conn.execute(
            insert(m.sheet_draft).values(
                sheet_id=sheet_id, game_id=game_id, body=body, version=1, changed_at=at
            )
        )
        return 1

    def put_at(
        self, sheet_id: str, body: str, at: datetime, version: int, head: str, tail: str
    ) -> int | None:
        """Sheet ``sheet_id``'s draft is ``body`` if its row is in progress at ``version``:
        its new version, told as ``head`` + the version + ``tail`` (see ``tell``), in one
        statement; None, and nothing written or told, otherwise."""
        changes = (
            "UPDATE sheet_draft SET body = :body, version = version + 1, changed_at = :at"
            " WHERE sheet_id = :id AND version = :version AND fate IS NULL RETURNING version"
        )
        values = {"body": body, "at": at, "id": sheet_id, "version": version}
        if self.conn.dialect.name != "postgresql":
            done = self.conn.execute(text(changes), values).scalar_one_or_none()
            return int(done) if done is not None else None
        if len(head.encode()) + len(tail.encode()) + 20 > NOTICE_BYTES:
            raise ValueError("a notice longer than PostgreSQL carries")
        both = (
            f"WITH done AS ({changes}) SELECT version,"
            " pg_notify(:channel, :head || version::text || :tail) FROM done"
        )
        row = self.conn.execute(
            text(both), {**values, "channel": CHANNEL, "head": head, "tail": tail}
        ).first()
        return int(row[0]) if row is not None else None

    def end(self, sheet_id: str, fate: str, at: datetime, play_id: str | None = None) -> None:
        """Sheet ``sheet_id`` is no longer in progress since ``at``: ``saved`` as play
        ``play_id``, or ``discarded``. Rows of sheets that ended more than ``ENDED_KEPT``
        before are dropped on the way (what became of a sheet is asked for moments after:
        a device back from a lost link, Undo)."""
        table = m.sheet_draft
        self.conn.execute(
            update(table)
            .where(table.c.sheet_id == sheet_id)
            .values(fate=fate, play_id=play_id, changed_at=at, version=table.c.version + 1)
        )
        self.conn.execute(
            delete(table).where(table.c.fate.is_not(None), table.c.changed_at < at - ENDED_KEPT)
        )

    def tell(self, notice: str) -> None:
        """``notice`` to every process listening on ``CHANNEL`` once this transaction
        commits (nothing on SQLite: the laptop is one process)."""
        if len(notice.encode()) > NOTICE_BYTES:
            raise ValueError("a notice longer than PostgreSQL carries")
        if self.conn.dialect.name == "postgresql":
            self.conn.execute(
                text("SELECT pg_notify(:channel, :notice)"),
                {
                    "channel": CHANNEL,
                    "notice": notice,
                },
            )
