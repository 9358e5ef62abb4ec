"""What a play imported from BG Stats keeps, and plays and seats without a score.

- ``play_result.total_halves`` may be empty: a seat without a score (a play of a game
  with no points, or a seat BG Stats left blank) has no total, not 0, so sums, bests and
  the totals' tally leave it out by themselves.
- ``play.ignored``: a play kept and listed but left out of every statistic (BG Stats'
  ``ignored``); empty for the others. Its results are not ``live``, and the tally of the
  game's plays leaves it out.
- ``play.imported``: JSON of what an imported play carried beyond the sheet (start
  players, seat order, expansions without a module, its modification date at the source).
- ``player.anonymous``: the one hidden player standing for anyone unnamed (BG Stats'
  anonymous player): never listed, never in stats. ``player.bgs_uuid`` and
  ``player.bgg_username``: the BG Stats player's uuid and BoardGameGeek user name.

The tally triggers of revision 0003 are made again with the two new conditions. On
SQLite the NOT NULL of ``total_halves`` is removed by rewriting the table's declaration
(the documented way to drop such a constraint without copying the table); on PostgreSQL
by ALTER TABLE.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

BULK = "scorepad.bulk"
PLAY_ADD = """
INSERT INTO game_tally (game_id, plays, winning_sum_halves, winning_count)
SELECT NEW.game_id, 1, coalesce(NEW.winning_total_halves, 0),
       CASE WHEN NEW.winning_total_halves IS NULL THEN 0 ELSE 1 END
WHERE NEW.deleted_at IS NULL AND NEW.ignored IS NULL
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
WHERE game_id = OLD.game_id AND OLD.deleted_at IS NULL AND OLD.ignored IS NULL;
"""
RESULT_ADD = """
INSERT INTO total_tally (game_id, total_halves, results)
SELECT NEW.game_id, NEW.total_halves, 1
WHERE NEW.live AND NEW.total_halves IS NOT NULL
ON CONFLICT (game_id, total_halves) DO UPDATE SET results = total_tally.results + 1;
"""
RESULT_SUB = """
UPDATE total_tally SET results = results - 1
WHERE game_id = OLD.game_id AND total_halves = OLD.total_halves AND OLD.live;
DELETE FROM total_tally
WHERE game_id = OLD.game_id AND total_halves = OLD.total_halves AND results = 0;
"""
WATCHED = {
    "play": ("game_id, winning_total_halves, deleted_at, ignored", PLAY_ADD, PLAY_SUB),
    "play_result": ("game_id, total_halves, live", RESULT_ADD, RESULT_SUB),
}
OLD_COLUMNS = {
    "play": "game_id, winning_total_halves, deleted_at",
    "play_result": "game_id, total_halves, live",
}


def _drop_triggers(sqlite: bool) -> None:
    for table in WATCHED:
        if sqlite:
            for event in ("insert", "delete", "update"):
                op.execute(f"DROP TRIGGER IF EXISTS tally_{table}_{event}")
        else:
            op.execute(f"DROP TRIGGER IF EXISTS tally_{table} ON {table}")
            op.execute(f"DROP FUNCTION IF EXISTS tally_{table}()")


def _make_triggers(sqlite: bool, watched: dict[str, tuple[str, str, str]]) -> None:
    for table, (columns, add, sub) in watched.items():
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


def _total_nullable(sqlite: bool, nullable: bool) -> None:
    if not sqlite:
        op.alter_column("play_result", "total_halves", nullable=nullable)
        return
    bind = op.get_bind()
    declared = bind.exec_driver_sql(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'play_result'"
    ).scalar_one()
    strict, loose = "total_halves BIGINT NOT NULL", "total_halves BIGINT"
    changed = declared.replace(strict, loose) if nullable else declared.replace(loose, strict)
    if changed == declared:
        return
    version = bind.exec_driver_sql("PRAGMA schema_version").scalar_one()
    bind.exec_driver_sql("PRAGMA writable_schema = ON")
    bind.exec_driver_sql(
        "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = 'play_result'",
        (changed,),
    )
    bind.exec_driver_sql(f"PRAGMA schema_version = {int(version) + 1}")
    bind.exec_driver_sql("PRAGMA writable_schema = OFF")


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    op.add_column("play", sa.Column("ignored", sa.Boolean(), nullable=True))
    op.add_column("play", sa.Column("imported", sa.Text(), nullable=True))
    op.add_column("player", sa.Column("anonymous", sa.Boolean(), nullable=True))
    op.add_column("player", sa.Column("bgs_uuid", sa.String(64), nullable=True))
    op.add_column("player", sa.Column("bgg_username", sa.Text(), nullable=True))
    _drop_triggers(sqlite)
    _total_nullable(sqlite, True)
    _make_triggers(sqlite, WATCHED)


def downgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    _drop_triggers(sqlite)
    op.execute("DELETE FROM play_result WHERE total_halves IS NULL")
    _total_nullable(sqlite, False)
    for table, column in (
        ("player", "bgg_username"),
        ("player", "bgs_uuid"),
        ("player", "anonymous"),
        ("play", "imported"),
        ("play", "ignored"),
    ):
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    old = {
        table: (
            OLD_COLUMNS[table],
            add.replace(" AND NEW.ignored IS NULL", "").replace(
                " AND NEW.total_halves IS NOT NULL", ""
            ),
            sub.replace(" AND OLD.ignored IS NULL", ""),
        )
        for table, (_, add, sub) in WATCHED.items()
    }
    _make_triggers(sqlite, old)
