"""Alembic's environment, run from ``scorepad.store.migrate`` with an open connection.

No alembic.ini is needed: the caller hands over the connection in ``config.attributes``.
"""

from __future__ import annotations

from alembic import context

from scorepad.store.models import metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    transaction_per_migration=True,
)
with context.begin_transaction():
    context.run_migrations()
