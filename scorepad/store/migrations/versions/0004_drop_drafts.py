"""The store's own drafts table goes: the app keeps sheets in progress as files.

``draft`` (revision 0002) held one sheet per device; the app has long kept every sheet
in progress as a file of its own, and nothing wrote the table any more. Rows it still
holds are not lost: they are first written to the store's kept-drafts file
(``scorepad.store.legacy_drafts``), which the app can take in, and only then is the
table dropped, in the same transaction: a failure leaves both as they were.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    import scorepad.store.legacy_drafts as legacy_drafts
    from scorepad.store.errors import StoreError

    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT device, sheet, updated_at FROM draft ORDER BY updated_at"))
    found = [(str(device), str(sheet), stamp) for device, sheet, stamp in rows]
    if found:
        try:
            legacy_drafts.keep(bind.engine.url, found)
        except OSError as problem:
            where = legacy_drafts.location(bind.engine.url)
            detail = problem.strerror or str(problem)
            raise StoreError("store.cannot_write", path=str(where), detail=detail) from None
    op.drop_table("draft")


def downgrade() -> None:
    op.create_table(
        "draft",
        sa.Column("device", sa.String(64), primary_key=True),
        sa.Column("sheet", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    )
