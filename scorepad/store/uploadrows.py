"""The uploads a group's server waits for (revision 0021), so that whichever of its
processes a device's upload reaches (the proxy picks any) can hand it to the process whose
page asked for it. A row holds the SHA-256 of the upload's token, never the token, and
the asking process's address; ``UploadRows`` is bound to one transaction
(``Store.uploads``). What an upload is, is the app's (``scorepad.ui.uploads``).
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from sqlalchemy import Connection, delete, insert, select

import scorepad.store.models as m


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class UploadRows:
    """The upload rows, in one transaction."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def wait(self, token: str, address: str, expires_at: datetime, now: datetime) -> None:
        """The process at ``address`` waits for the upload of ``token`` until
        ``expires_at``; rows whose time has passed are dropped on the way."""
        table = m.upload_wait
        self.conn.execute(delete(table).where(table.c.expires_at < now))
        self.conn.execute(
            insert(table).values(
                token_hash=token_hash(token), address=address, expires_at=expires_at
            )
        )

    def waiting(self, token: str, now: datetime) -> str | None:
        """The address of the process waiting for the upload of ``token``, unless there
        is none or its time has passed."""
        table = m.upload_wait
        query = select(table.c.address).where(
            table.c.token_hash == token_hash(token), table.c.expires_at >= now
        )
        return self.conn.execute(query).scalar_one_or_none()

    def done(self, token: str) -> None:
        """The upload of ``token`` is no longer waited for."""
        table = m.upload_wait
        self.conn.execute(delete(table).where(table.c.token_hash == token_hash(token)))
