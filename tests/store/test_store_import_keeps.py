"""What an import must not lose (SQLite and PostgreSQL): the photos of a BG Stats play that
a later export replaces, the history's settings and the players' own choices carried by
the JSON export, and the fields a JSON round trip used to drop."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from photo_files import jpeg

from scorepad.store import Store
from scorepad.store.photos import Folder, keeper_for

FIXTURE = Path(__file__).parent.parent / "data" / "bgstats" / "export.bgsplay"


def fixture() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def play_by_uid(store: Store, uid: str) -> Any:
    return next(p for p in store.list_plays(limit=500).plays if p.uid == uid)


# --- item: a BG Stats play replaced by its later version keeps its photos ------------------
def test_a_play_updated_by_a_later_bg_stats_export_keeps_its_photos(store: Store):
    store.import_file(FIXTURE)
    first = fixture()["plays"][2]
    uid = first["uuid"].lower()
    before = play_by_uid(store, uid)
    board, score = jpeg(colour=(10, 200, 10)), jpeg(colour=(0, 0, 250))
    added = store.add_photos(before.id, [("board.jpg", board), ("score.jpg", score)])
    store.remove_photo(before.id, 1)  # a gap in the places stays where it was
    store.add_photos(before.id, [("late.jpg", jpeg(colour=(250, 250, 0)))])
    kept = [(p.position, p.digest, p.size) for p in store.photos(before.id)]
    images = [store.photo_bytes(before.id, pos) for pos, _, _ in kept]
    later = fixture()
    later["plays"][2]["modificationDate"] = "2024-05-01 12:00:00"
    later["plays"][2]["playerScores"][1].update(score="4", winner=True, rank=1)
    later["plays"][2]["playerScores"][0].update(winner=False, rank=2)
    done = store.import_text(json.dumps(later), "later.bgsplay")
    assert (done.plays, done.updated) == (0, 1)
    after = play_by_uid(store, uid)
    assert after.players[1].winner  # the later version is the one kept
    assert [(p.position, p.digest, p.size) for p in store.photos(after.id)] == kept
    assert [store.photo_bytes(after.id, pos) for pos, _, _ in kept] == images
    assert store.photo_marks([after.id])[after.id][1] == 2
    with store.db.reading() as conn:
        rows = conn.exec_driver_sql("SELECT play_id FROM play_photo").scalars().all()
        plays = conn.exec_driver_sql("SELECT count(*) FROM play").scalar()
    assert rows == [after.id, after.id] and plays == 10
    keeper = keeper_for(store.db)
    if isinstance(keeper, Folder):  # beside the SQLite file: the files are still there
        names = {p.name for p in keeper.files()}
        assert {f"{d}.jpg" for _, d, _ in kept} <= names
        assert f"{added[0].digest}.jpg" not in names  # the one removed before was tidied
    assert len(store.list_plays(limit=500).plays) == 10


def test_a_play_deleted_here_stays_in_the_bin_when_a_later_export_updates_it(store: Store):
    store.import_file(FIXTURE)
    uid = fixture()["plays"][4]["uuid"].lower()
    play = play_by_uid(store, uid)
    store.delete_play(play.id)
    later = fixture()
    later["plays"][4]["modificationDate"] = "2024-05-01 12:00:00"
    done = store.import_text(json.dumps(later), "later.bgsplay")
    assert done.updated == 1
    assert uid not in {p.uid for p in store.list_plays(limit=500).plays}
    with store.db.reading() as conn:
        held = conn.exec_driver_sql(
            "SELECT deleted_at IS NOT NULL FROM play WHERE uid = %s"
            if conn.dialect.name == "postgresql"
            else "SELECT deleted_at IS NOT NULL FROM play WHERE uid = ?",
            (uid,),
        ).scalar()
    assert held
