"""Per-game tallies kept by the database: live plays and winning totals, and totals held.

A game's stats read every one of its results (a 100,000-play history: 25,000 plays and
100,000 results of one game, over 20 ms a question). Two small tables now hold the
counts, and triggers on ``play`` and ``play_result`` keep them true on every change, on
SQLite and PostgreSQL alike, inside the change's own transaction. Existing plays are
counted once here.

The best total's holders were the one other use of ``ix_result_game`` (a fifth of an
import's index building); they are found through the plays whose winning total it is
(``ix_play_best``), a quarter of the entries.

``ix_result_player`` also carries each result's winner and total, so that counting every
player's plays and wins (the Stats screen) and a player's stats read the index alone: at
100,000 plays the first went from 2.2 s, a look-up in the table for every result, to a
twentieth of a second.

A bulk import into an empty history writes without the triggers and counts once at the
end: on SQLite it drops and remakes them, on PostgreSQL it sets ``scorepad.bulk`` for its
own transaction, which the trigger functions read.

The statements are this revision's own copy: a migration describes the schema as it was
made, whatever the code does later. (``scorepad.store.importing`` recounts with the same
two queries after a bulk import, which sets the triggers aside.)

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

LIVE = sa.text("deleted_at IS NULL")
PLAYER_INDEX = ["player_id", "live", "played_at", "play_id"]
"""``ix_result_player`` as revision 0001 made it."""

PLAY_ADD = """
INSERT INTO game_tally (game_id, plays, winning_sum_halves, winning_count)
SELECT NEW.game_id, 1, coalesce(NEW.winning_total_halves, 0),
       CASE WHEN NEW.winning_total_halves IS NULL THEN 0 ELSE 1 END
WHERE NEW.deleted_at IS NULL
ON CONFLICT (game_id) DO UPDATE SET
  plays = game_tally.plays + 1,
  winning_sum_halves = game_tally.winning_sum_halves + excluded.winning_sum_halves,
  winning_count = game_tally.winning_count + excluded.winning_count;
"""
PLAY_SUB = """
UPDATE game_tally SET
  plays = plays - 1,
  winning_sum_halves = winning_sum_halves - coalesce(OLD.winning_total_halves, 0),
  winning_count = winning_count - CASE WHEN OLD.winning_total_halves IS NULL THEN 0 ELSE 1 END
WHERE game_id = OLD.game_id AND OLD.deleted_at IS NULL;
"""
RESULT_ADD = """
INSERT INTO total_tally (game_id, total_halves, results)
SELECT NEW.game_id, NEW.total_halves, 1
WHERE NEW.live
ON CONFLICT (game_id, total_halves) DO UPDATE SET results = total_tally.results + 1;
"""
RESULT_SUB = """
UPDATE total_tally SET results = results - 1
WHERE game_id = OLD.game_id AND total_halves = OLD.total_halves AND OLD.live;
DELETE FROM total_tally
WHERE game_id = OLD.game_id AND total_halves = OLD.total_halves AND results = 0;
"""
WATCHED = {
    "play": ("game_id, winning_total_halves, deleted_at", PLAY_ADD, PLAY_SUB),
    "play_result": ("game_id, total_halves, live", RESULT_ADD, RESULT_SUB),
}
BULK = "scorepad.bulk"
"""On PostgreSQL, a transaction that sets this to 'on' (``SET LOCAL``) writes without the
triggers and counts afresh before it commits (a bulk import into an empty history)."""
RECOUNT = (
    "DELETE FROM game_tally",
    "DELETE FROM total_tally",
    "INSERT INTO game_tally (game_id, plays, winning_sum_halves, winning_count) "
    "SELECT game_id, count(*), coalesce(sum(winning_total_halves), 0), "
    "count(winning_total_halves) FROM play WHERE deleted_at IS NULL GROUP BY game_id",
    "INSERT INTO total_tally (game_id, total_halves, results) "
    "SELECT game_id, total_halves, count(*) FROM play_result WHERE live "
    "GROUP BY game_id, total_halves",
)


def upgrade() -> None:
    op.create_table(
        "game_tally",
        sa.Column(
            "game_id", sa.Integer(), sa.ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("winning_sum_halves", sa.BigInteger(), nullable=False),
        sa.Column("winning_count", sa.Integer(), nullable=False),
    )
    op.create_table(
        "total_tally",
        sa.Column(
            "game_id", sa.Integer(), sa.ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("total_halves", sa.BigInteger(), primary_key=True),
        sa.Column("results", sa.Integer(), nullable=False),
    )
    op.drop_index("ix_result_game", table_name="play_result")
    op.drop_index("ix_result_player", table_name="play_result")
    op.create_index("ix_result_player", "play_result", [*PLAYER_INDEX, "winner", "total_halves"])
    op.create_index(
        "ix_play_best",
        "play",
        ["game_id", "winning_total_halves"],
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    )
    sqlite = op.get_bind().dialect.name == "sqlite"
    for table, (columns, add, sub) in WATCHED.items():
        if sqlite:
            for event, body in (
                ("INSERT", add),
                ("DELETE", sub),
                (f"UPDATE OF {columns}", sub + add),
            ):
                name = f"tally_{table}_{event.split()[0].lower()}"
                op.execute(f"CREATE TRIGGER {name} AFTER {event} ON {table} BEGIN {body} END")
        else:
            op.execute(
                f"CREATE FUNCTION tally_{table}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                f"IF current_setting('{BULK}', true) = 'on' THEN RETURN NULL; END IF; "
                f"IF TG_OP <> 'INSERT' THEN {sub} END IF; "
                f"IF TG_OP <> 'DELETE' THEN {add} END IF; "
                "RETURN NULL; END $$"
            )
            op.execute(
                f"CREATE TRIGGER tally_{table} AFTER INSERT OR DELETE OR UPDATE OF {columns} "
                f"ON {table} FOR EACH ROW EXECUTE FUNCTION tally_{table}()"
            )
    for statement in RECOUNT:
        op.execute(statement)


def downgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    for table in WATCHED:
        if sqlite:
            for event in ("insert", "delete", "update"):
                op.execute(f"DROP TRIGGER tally_{table}_{event}")
        else:
            op.execute(f"DROP TRIGGER tally_{table} ON {table}")
            op.execute(f"DROP FUNCTION tally_{table}()")
    op.drop_table("total_tally")
    op.drop_table("game_tally")
    op.drop_index("ix_play_best", table_name="play")
    op.create_index("ix_result_game", "play_result", ["game_id", "live", "total_halves"])
    op.drop_index("ix_result_player", table_name="play_result")
    op.create_index("ix_result_player", "play_result", PLAYER_INDEX)
