"""Statements for the hot read paths, written once in SQLAlchemy Core and run raw.

The history page and the statistics are small indexed queries; run through a full
SQLAlchemy ``Connection`` they would spend more time in Python than in the database.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from scorepad.store.database import Database


class Prepared:
    """A Core statement compiled once per dialect and run on a raw DBAPI cursor
    (``Database.cursor``).

    The statement is still written once, in SQLAlchemy Core, for SQLite and PostgreSQL
    alike; only its execution is trimmed. Rows come back as plain tuples.
    """

    def __init__(self, statement: Any) -> None:
        self.statement = statement
        self._compiled: dict[str, tuple[str, Any, dict[str, Any], dict[str, Any]]] = {}

    def _compile(self, dialect: Any) -> tuple[str, Any, dict[str, Any], dict[str, Any]]:
        found = self._compiled.get(dialect.name)
        if found is None:
            compiled = self.statement.compile(dialect=dialect)
            defaults = dict(compiled.params)
            processors = {}
            for bind in compiled.binds.values():
                processor = bind.type.dialect_impl(dialect).bind_processor(dialect)
                if processor is not None:
                    processors[bind.key] = processor
            order = compiled.positiontup if dialect.positional else None
            found = (str(compiled), order, defaults, processors)
            self._compiled[dialect.name] = found
        return found

    def run(self, db: Database, cursor: Any, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        sql, order, defaults, processors = self._compile(db.engine.dialect)
        values = {**defaults, **params}
        for name, processor in processors.items():
            if name in params:
                values[name] = processor(values[name])
        cursor.execute(sql, [values[name] for name in order] if order is not None else values)
        return cursor.fetchall()


def as_datetime(value: Any) -> Any:
    """SQLite hands datetimes back as text; PostgreSQL as datetimes already."""
    if isinstance(value, str):
        return datetime.fromisoformat(value)
    return value
