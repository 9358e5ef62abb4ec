"""What an import must not lose (SQLite and PostgreSQL): the photos of a BG Stats play that
a later export replaces, the history's settings and the players' own choices carried by
the JSON export, and the fields a JSON round trip used to drop."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from photo_files import jpeg
from store_sheets import azul

from scorepad.cli import main
from scorepad.club.nights import GAP_SETTING, POINTS_SETTING
from scorepad.store import Store, StoreError, open_store
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


# --- item: the history's settings and players' own fields travel with its JSON file ---------
def kept_history(store: Store) -> str:
    """Two plays, settings, a player staying out of the ratings, and a player's ids from
    BG Stats; the history file's text."""
    azul(store, "2024-05-02T20:00", {"Ana": 30, "Ben": 41})
    azul(store, "2024-05-03T20:00", {"Ana": 50, "Cy": 41})
    store.set_ratings_on(False)
    store.set_setting(GAP_SETTING, 6)
    store.set_setting(POINTS_SETTING, [5, 3, 1])
    store.set_setting("note", "Thursdays at the club")
    store.set_rated("Ben", False)
    store.db.write(
        lambda conn: conn.exec_driver_sql(
            "UPDATE player SET bgs_uuid = 'b-uuid-1', bgg_username = 'cy_bgg' WHERE name = 'Cy'"
        )
    )
    out = io.StringIO()
    store.export(out)
    return out.getvalue()


def test_the_history_file_carries_the_settings_and_the_players_choices(store, pg_or_file):
    text = kept_history(store)
    data = json.loads(text)
    assert data["settings"] == {
        GAP_SETTING: 6,
        "note": "Thursdays at the club",
        POINTS_SETTING: [5, 3, 1],
        "ratings": False,
    }
    assert data["players"] == [
        {"name": "Ana"},
        {"name": "Ben", "rating_out": True},
        {"name": "Cy", "bgs_uuid": "b-uuid-1", "bgg_username": "cy_bgg"},
    ]
    with open_store(pg_or_file) as other:
        done = other.import_text(text, "history.json")
        assert done.plays == 2
        assert done.settings_added == (GAP_SETTING, "note", POINTS_SETTING, "ratings")
        assert done.settings_kept == done.players_kept == ()
        assert other.settings() == store.settings()
        assert not other.ratings_on()
        assert list(other.staying_out().values()) == ["Ben"]
        again = io.StringIO()
        other.export(again)
        assert again.getvalue() == text  # the round trip is exact
        done = other.import_text(text, "history.json")  # again: nothing to say
        assert (done.plays, done.settings_added, done.settings_kept) == (0, (), ())
        assert done.players_kept == ()


def test_a_history_keeps_its_own_settings_and_choices_and_the_report_names_each_difference(
    store, pg_or_file, tmp_path, capsys
):
    text = kept_history(store)
    with open_store(pg_or_file) as other:
        other.set_setting(GAP_SETTING, 4)
        other.set_setting(POINTS_SETTING, [5, 3, 1])  # the same: nothing to say
        azul(other, "2024-06-01T20:00", {"Ana": 10, "Ben": 12, "Cy": 9})
        other.set_rated("Ana", False)
        other.db.write(
            lambda conn: conn.exec_driver_sql(
                "UPDATE player SET bgs_uuid = 'mine' WHERE name = 'Cy'"
            )
        )
        done = other.import_text(text, "history.json")
        assert done.plays == 2
        assert done.settings_added == ("note", "ratings")
        assert done.settings_kept == ((GAP_SETTING, "4", "6"),)
        assert sorted(done.players_kept) == [
            ("Ana", "rating_out", "out", "rated"),
            ("Ben", "rating_out", "rated", "out"),
            ("Cy", "bgs_uuid", "mine", "b-uuid-1"),
        ]
        settings = other.settings()
        assert settings[GAP_SETTING] == 4 and settings["ratings"] is False
        assert sorted(other.staying_out().values()) == ["Ana"]
        with other.db.reading() as conn:
            row = conn.exec_driver_sql(
                "SELECT bgs_uuid, bgg_username FROM player WHERE name = 'Cy'"
            ).one()
        assert tuple(row) == ("mine", "cy_bgg")  # an id it lacked is filled in
    # the command line's report says the same, in the reader's language
    path = tmp_path / "history.json"
    path.write_text(text, encoding="utf-8")
    with open_store(pg_or_file) as other:
        other.set_setting(GAP_SETTING, 3)
    assert main(["import", str(path), "--db", pg_or_file, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert f"Setting {GAP_SETTING}: this history's value 3 kept; the file has 6" in out
    assert "Ana stays out of the ratings here, as before; the file has them rated" in out
    assert main(["import", str(path), "--db", pg_or_file, "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["settings_kept"] == [{"key": GAP_SETTING, "here": 3, "file": 6}]
    assert {"player": "Ben", "field": "rating_out", "here": "rated", "file": "out"} in said[
        "players_kept"
    ]


def test_an_older_history_file_without_settings_or_players_still_imports(store, pg_or_file):
    data = json.loads(kept_history(store))
    del data["settings"], data["players"]
    with open_store(pg_or_file) as other:
        done = other.import_text(json.dumps(data), "old.json")
        assert done.plays == 2 and done.settings_added == () and other.settings() == {}
        assert other.staying_out() == {}


@pytest.mark.parametrize(
    ("change", "where", "said"),
    [
        ({"settings": {GAP_SETTING: 6.5}}, f"settings.{GAP_SETTING}", "whole numbers"),
        ({"settings": {POINTS_SETTING: [5, 2.5]}}, f"settings.{POINTS_SETTING}", "whole numbers"),
        ({"settings": {"x" * 65: 1}}, "settings.", "1 to 64 characters"),
        ({"settings": [["ratings", False]]}, "settings", "an object"),
        ({"players": {"name": "Ana"}}, "players", "a list"),
        ({"players": [{"name": "Ana", "rating_out": "yes"}]}, "players[0]", "rating_out"),
        ({"players": [{"name": "Ana"}, {"name": " ana "}]}, "players[1]", "name"),
        ({"players": [{"name": "Ana", "colour": "red"}]}, "players[0]", "colour"),
        ({"players": [{"name": "Ana", "bgs_uuid": "u" * 65}]}, "players[0]", "bgs_uuid"),
        ({"players": [{"rating_out": True}]}, "players[0]", "name"),
    ],
)
def test_a_bad_setting_or_player_names_where_and_nothing_is_imported(
    store, pg_or_file, change, where, said
):
    data = json.loads(kept_history(store))
    data.update(change)
    with open_store(pg_or_file) as other, pytest.raises(StoreError) as raised:
        other.import_text(json.dumps(data), "bad.json")
    message = raised.value.message("en")
    assert f"bad.json: {where}" in message and said in message, message
    with open_store(pg_or_file) as other:
        assert len(other.facts()) == 0 and other.settings() == {}
        assert other.staying_out() == {}
        with other.db.reading() as conn:
            assert conn.exec_driver_sql("SELECT count(*) FROM player").scalar() == 0


def test_the_archive_carries_the_settings_too(store, pg_or_file, tmp_path):
    kept_history(store)
    path = tmp_path / "history.zip"
    store.export_file(path, "zip")
    with open_store(pg_or_file) as other:
        other.set_setting(GAP_SETTING, 2)
        done = other.import_file(path)
        assert done.plays == 2 and done.settings_kept == ((GAP_SETTING, "2", "6"),)
        assert other.settings()["note"] == "Thursdays at the club"
        assert list(other.staying_out().values()) == ["Ben"]


# --- the same family: what a JSON round trip dropped ---------------------------------------
def imported_history(store: Store) -> None:
    from bgg_export import collection_csv

    store.import_file(FIXTURE)
    store.import_text(collection_csv(9), "collection.csv")
    store.add_owned("Heat", "366013", ("1", "6"), ("30", "60"), "2.2")


def test_the_history_file_carries_bg_stats_records_and_the_collection(store, pg_or_file):
    """BG Stats' games (played or not), locations and anonymous player with their uuids and
    fields, and the collection (BGG's entries, games added by hand): a history file
    imported into an empty history gives the same collection and the same BG Stats
    export, and the same history file again."""
    imported_history(store)
    text, bgs = io.StringIO(), io.StringIO()
    store.export(text)
    store.export(bgs, "bgsplay")
    data = json.loads(text.getvalue())
    assert {s["kind"] for s in data["sources"]} == {"game", "location", "player"}
    assert len(data["collection"]) == 10
    with open_store(pg_or_file) as other:
        done = other.import_text(text.getvalue(), "history.json")
        assert done.plays == 10
        assert other.owned_games() == store.owned_games()
        assert other.collection() == store.collection()
        again, bgs_again = io.StringIO(), io.StringIO()
        other.export(again)
        other.export(bgs_again, "bgsplay")
        assert again.getvalue() == text.getvalue()  # the round trip is exact
        assert json.loads(bgs_again.getvalue()) == json.loads(bgs.getvalue())
        # a history keeps its own entries: importing again changes nothing
        other.remove_owned("hand-366013")
        other.add_owned("Heat (2nd edition)", "366013", ("1", "6"))
        other.import_text(text.getvalue(), "history.json")
        heat = [e for e in other.owned_games() if e["bgg_id"] == 366013]
        assert [e["name"] for e in heat] == ["Heat (2nd edition)"]


def test_the_bg_stats_export_writes_locations_as_the_file_had_them(store):
    store.import_file(FIXTURE)
    out = io.StringIO()
    store.export(out, "bgsplay")
    locations = json.loads(out.getvalue())["locations"]
    given = {p["uuid"]: p for p in fixture()["locations"]}
    assert [sorted(p) for p in locations] == [sorted({"id", *given[p["uuid"]]}) for p in locations]
    assert not any("\x00" in key for p in locations for key in p)


@pytest.mark.parametrize(
    ("change", "where", "said"),
    [
        ({"sources": {}}, "sources", "a list"),
        (
            {"sources": [{"kind": "tag", "uuid": "u", "name": "x", "data": {}}]},
            "sources[0]",
            "kind",
        ),
        (
            {"sources": [{"kind": "game", "uuid": "", "name": "x", "data": {}}]},
            "sources[0]",
            "uuid",
        ),
        (
            {"sources": [{"kind": "game", "uuid": "u", "name": "x", "data": []}]},
            "sources[0]",
            "data",
        ),
        (
            {"sources": [{"kind": "game", "uuid": "u", "name": "x", "data": {}, "extra": 1}]},
            "sources[0]",
            "extra",
        ),
        ({"collection": [{"collid": "1"}]}, "collection[0]", "imported_at"),
        (
            {
                "collection": [
                    {
                        "collid": "1",
                        "bgg_id": 12.5,
                        "name": "X",
                        "owned": True,
                        "wishlist": False,
                        "wishlist_priority": None,
                        "plays": 0,
                        "data": {},
                        "imported_at": "2024-01-01T10:00:00",
                    }
                ]
            },
            "collection[0]",
            "bgg_id",
        ),
    ],
)
def test_a_bad_record_or_collection_entry_names_where_and_nothing_is_imported(
    store, pg_or_file, change, where, said
):
    imported_history(store)
    out = io.StringIO()
    store.export(out)
    data = json.loads(out.getvalue())
    data.update(change)
    with open_store(pg_or_file) as other, pytest.raises(StoreError) as raised:
        other.import_text(json.dumps(data), "bad.json")
    message = raised.value.message("en")
    assert f"bad.json: {where}" in message and said in message, message
    with open_store(pg_or_file) as other:
        assert len(other.facts()) == 0 and other.owned_games() == []


def test_the_app_s_import_report_names_what_was_taken_and_what_was_kept(store, pg_or_file):
    from types import SimpleNamespace

    from scorepad.core.i18n import tr
    from scorepad.ui.views.settings_history import report_text

    text = kept_history(store)
    with open_store(pg_or_file) as other:
        other.set_setting(GAP_SETTING, 4)
        azul(other, "2024-06-01T20:00", {"Ben": 10, "Ana": 12})
        done = other.import_text(text, "history.json")
    ctx = SimpleNamespace(lang="de", t=lambda key, /, **fields: tr(key, "de", **fields))
    said = report_text(ctx, "history.json", done)  # type: ignore[arg-type]
    assert "Aus der Datei übernommene Einstellungen" in said and "ratings" in said
    assert (
        f"Einstellung {GAP_SETTING}: der Wert dieses Verlaufs, 4, bleibt; die Datei hat 6" in said
    )
    assert "Ben bleibt hier wie bisher in der Rangliste" in said
