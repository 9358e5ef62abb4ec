"""A group's server, at rest: groups, members, their credentials, invites, sessions, the
slowing of wrong sign-ins and the audit log (``scorepad.accounts``).

No secret is kept in clear: a password as its argon2 hash, an invite's or a session's
token as its SHA-256. Times are UTC. Plays and players do not belong to a group yet.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def _member_fk(ondelete: str = "CASCADE") -> sa.ForeignKey:
    return sa.ForeignKey("member.id", ondelete=ondelete)


def upgrade() -> None:
    op.create_table(
        "club_group",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "member",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("club_group.id"), nullable=False),
        sa.Column("display_name", sa.String(200), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("disabled_at", sa.DateTime(), nullable=True),
        sa.UniqueConstraint("group_id", "name_key", name="uq_member_name"),
    )
    op.create_table(
        "password_credential",
        sa.Column("member_id", sa.Integer(), _member_fk(), primary_key=True),
        sa.Column("hash", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "passkey_credential",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("member_id", sa.Integer(), _member_fk(), nullable=False),
        sa.Column("credential_id", sa.LargeBinary(), nullable=False, unique=True),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.BigInteger(), nullable=False),
        sa.Column("transports", sa.Text(), nullable=False),
        sa.Column("device_type", sa.String(32), nullable=True),
        sa.Column("backed_up", sa.Boolean(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("last_used_at", sa.DateTime(), nullable=True),
    )
    op.create_table(
        "invite",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("club_group.id"), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("member_id", sa.Integer(), _member_fk(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("used_at", sa.DateTime(), nullable=True),
    )
    op.create_table(
        "member_session",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("member_id", sa.Integer(), _member_fk(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("last_seen", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("revoked_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_session_member", "member_session", ["member_id"])
    op.create_table(
        "sign_in_slowing",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("last_at", sa.DateTime(), nullable=False),
        sa.Column("not_before", sa.DateTime(), nullable=True),
    )
    op.create_table(
        "audit_event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("club_group.id"), nullable=False),
        sa.Column("member_id", sa.Integer(), _member_fk("SET NULL"), nullable=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
    )
    op.create_index("ix_audit_group", "audit_event", ["group_id", "at"])


def downgrade() -> None:
    op.drop_index("ix_audit_group", table_name="audit_event")
    op.drop_table("audit_event")
    op.drop_table("sign_in_slowing")
    op.drop_index("ix_session_member", table_name="member_session")
    op.drop_table("member_session")
    op.drop_table("invite")
    op.drop_table("passkey_credential")
    op.drop_table("password_credential")
    op.drop_table("member")
    op.drop_table("club_group")
