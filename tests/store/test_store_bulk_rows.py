"""Plays go into PostgreSQL by COPY (``writes.copy_rows``) in the import's own
transaction: a failure in a later batch leaves the history as it was, and the server's
error comes out as SQLAlchemy's, as from any statement."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import DBAPIError

from scorepad.store import open_store
from scorepad.store.importing import BATCH
from tests.store.bgs_export import realistic_export


def test_a_play_refused_by_the_server_in_a_later_batch_leaves_nothing(pg_url, tmp_path: Path):
    document = realistic_export(BATCH + 300, plain=True)
    last = document["plays"][-1]["uuid"].lower()
    path = tmp_path / "export.bgsplay"
    path.write_text(json.dumps(document), encoding="utf-8")
    with open_store(pg_url) as store:
        engine = create_engine(pg_url)
        with engine.begin() as conn:  # the server itself refuses the file's last play
            conn.execute(
                text(
                    "CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN "
                    f"IF NEW.uid = '{last}' THEN RAISE EXCEPTION 'refused by the server'; "
                    "END IF; RETURN NEW; END $$ LANGUAGE plpgsql"
                )
            )
            conn.execute(
                text(
                    "CREATE TRIGGER refuse BEFORE INSERT ON play "
                    "FOR EACH ROW EXECUTE FUNCTION refuse()"
                )
            )
        with pytest.raises(DBAPIError, match="refused by the server"):
            store.import_file(path)
        with engine.connect() as conn:
            counts = [
                conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()
                for table in ("play", "play_result", "play_extra", "game_tally")
            ]
        engine.dispose()
        assert counts == [0, 0, 0, 0]
        assert not store.list_plays(limit=5).plays
        with engine.begin() as conn:
            conn.execute(text("DROP TRIGGER refuse ON play"))
        engine.dispose()
        done = store.import_file(path)  # the same file, once the server takes it
        assert done.plays == len(document["plays"])
        assert len(store.list_plays(limit=BATCH + 300).plays) == done.plays
