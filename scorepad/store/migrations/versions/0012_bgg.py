"""BoardGameGeek: plays keep their BGG play id, and the collection has a table.

``play.bgg_play_id`` is the play's id on BoardGameGeek, given by a BGG plays file or by
a BG Stats play's ``bggId``: importing the same play later from the other source finds
it by this id instead of adding it again; plays a BG Stats import brought before get
theirs from what they kept (``imported``: ``{"bgs": {"bggId": …}}``). ``collection_item``
holds the user's BGG collection as BGG's collection export lists it (``scorepad
collection``).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("play", sa.Column("bgg_play_id", sa.BigInteger(), nullable=True))
    op.create_index("ix_play_bgg_play_id", "play", ["bgg_play_id"])
    conn = op.get_bind()
    found = conn.execute(
        sa.text("SELECT id, imported FROM play WHERE imported LIKE '%\"bggId\"%'")
    ).all()
    ids = [(ident, _bgg_play(imported)) for ident, imported in found]
    for ident, bgg in ids:
        if bgg is not None:
            conn.execute(
                sa.text("UPDATE play SET bgg_play_id = :bgg WHERE id = :id"),
                {"bgg": bgg, "id": ident},
            )
    op.create_table(
        "collection_item",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("collid", sa.String(64), nullable=False, unique=True),
        sa.Column("bgg_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("owned", sa.Boolean(), nullable=False),
        sa.Column("wishlist", sa.Boolean(), nullable=False),
        sa.Column("wishlist_priority", sa.Integer(), nullable=True),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("imported_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_collection_item_bgg_id", "collection_item", ["bgg_id"])


def _bgg_play(imported: str) -> int | None:
    """The BGG play id a BG Stats play kept (as ``rows.bgg_play_of`` reads it)."""
    try:
        kept = json.loads(imported).get("bgs")
    except (ValueError, AttributeError):
        return None
    found = kept.get("bggId") if isinstance(kept, dict) else None
    if isinstance(found, bool) or not isinstance(found, int) or not 0 < found < 2**62:
        return None
    return found


def downgrade() -> None:
    op.drop_index("ix_collection_item_bgg_id", "collection_item")
    op.drop_table("collection_item")
    op.drop_index("ix_play_bgg_play_id", "play")
    with op.batch_alter_table("play") as batch:
        batch.drop_column("bgg_play_id")
