"""Settings kept with the history (``history_setting``): JSON values by key.

What a club sharing one history agrees on belongs here (ratings on or off, the gap that
ends a game night, points per place); what one device prefers (its language, its theme)
stays in the device's own settings file. Values are whole numbers, truth values, texts
or lists of them: a float is refused, like everywhere in the history.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, delete, insert, select

import scorepad.store.models as m
from scorepad.core.errors import quote
from scorepad.store.database import Database
from scorepad.store.errors import StoreError

s = m.history_setting
KEY_LENGTH = 64


def checked_setting(key: str, value: Any) -> str:
    """``value`` as the history keeps it (JSON text), or StoreError naming the key."""
    if not key or len(key) > KEY_LENGTH:
        raise StoreError("store.setting_key", value=quote(key))

    def exact(item: Any) -> bool:
        if isinstance(item, list):
            return all(exact(i) for i in item)
        return item is None or isinstance(item, bool | int | str)

    if not exact(value):
        raise StoreError("store.setting_value", value=quote(key))
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def read_settings(db: Database) -> dict[str, Any]:
    with db.reading() as conn:
        return settings_in(conn)


def settings_in(conn: Connection) -> dict[str, Any]:
    """Every setting kept, by key (in the caller's transaction)."""
    rows = conn.execute(select(s.c.key, s.c.value).order_by(s.c.key)).all()
    return {key: json.loads(value) for key, value in rows}


def write_setting(conn: Connection, key: str, value: Any) -> None:
    """Keep ``value`` under ``key``; None forgets the key (its default applies again)."""
    text = checked_setting(key, value)
    conn.execute(delete(s).where(s.c.key == key))
    if value is not None:
        conn.execute(insert(s).values(key=key, value=text))
