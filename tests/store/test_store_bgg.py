"""Moving in from BoardGameGeek, from files, offline: a plays export (XML) and a collection
export (CSV) made up by ``bgg_export`` with every quirk of real ones import whole and true
(their facts equal a plain reading of the file), again add nothing, keep BGG's play ids so
that a BG Stats import of the same plays finds them, and every export format writes the
history they make (SQLite and PostgreSQL). Real exports found elsewhere are checked the
same way when $SCOREPAD_BGG_EXPORTS names a folder holding them (they are not committed)."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from scorepad.cli import main
from scorepad.store import Store, open_store
from scorepad.store.errors import StoreError
from tests.store.bgg_export import (
    as_document,
    collection_csv,
    collection_facts,
    plays_facts,
    plays_xml,
)
from tests.store.bgs_facts import compared, history_facts
from tests.store.store_sheets import play_columns


def plays_of(store: Store) -> dict[str, Any]:
    return {p.uid: p for p in store.list_plays(limit=100_000).plays}


def exported(store: Store, fmt: str) -> str:
    out = io.StringIO()
    store.export(out, fmt)
    return out.getvalue()


def one_play(ident: int, game: tuple[int, str], players: str, **attrs: str) -> str:
    head = {
        "id": str(ident),
        "date": "2024-03-01",
        "quantity": "1",
        "length": "30",
        "incomplete": "0",
        "nowinstats": "0",
        "location": "",
    } | attrs
    fields = " ".join(f'{k}="{v}"' for k, v in head.items())
    return (
        f'<play {fields}><item name="{game[1]}" objecttype="thing" objectid="{game[0]}">'
        '<subtypes><subtype value="boardgame"/></subtypes></item>'
        f"<players>{players}</players></play>"
    )


def seat(name: str, score: str, win: bool, start: str = "", username: str = "") -> str:
    return (
        f'<player username="{username}" userid="0" name="{name}" startposition="{start}" '
        f'color="" score="{score}" new="0" rating="0" win="{int(win)}"/>'
    )


def document(*plays: str) -> str:
    return (
        '<?xml version="1.0" encoding="utf-8"?><plays username="me" userid="1" total="'
        f'{len(plays)}" page="1" termsofuse="https://boardgamegeek.com/xmlapi/termsofuse">'
        + "\n".join(plays)
        + "</plays>"
    )


AZUL = (230802, "Azul: Edición española")  # the built-in Azul, under a name of BGG's own


@pytest.fixture(scope="module")
def xml() -> str:
    return plays_xml(160, pages=2)


def test_a_bgg_plays_file_imports_whole_and_true(store, xml):
    done = store.import_text(xml, "plays.xml")
    facts = history_facts(store, as_document(xml))
    assert compared(plays_facts(xml), facts) == {}
    assert all(len(keys) == 1 for keys in facts["games"].values()), facts["games"]
    assert done.plays == plays_facts(xml)["plays"] and done.duplicates  # one given twice
    assert {"bggId: " + str(done.plays)} <= set(done.kept_back)
    # plays of games not in the catalogue are kept, as result-only games
    assert "bgstats-gloomhaven" in done.games_added
    assert {p.game for p in plays_of(store).values()} >= {"bgstats-gloomhaven"}


def test_importing_again_adds_nothing(store, xml):
    first = store.import_text(xml, "plays.xml")
    again = store.import_text(xml, "plays.xml")
    assert first.plays > 0 and again.plays == 0 and again.skipped == first.plays
    assert len(plays_of(store)) == first.plays


def test_plays_map_to_built_in_games_by_bgg_id_whatever_their_name(store):
    text = document(
        one_play(501, AZUL, seat("Ana", "61", True, "1") + seat("Ben", "48", False, "2")),
        one_play(502, AZUL, seat("Ana", "40", False) + seat("Ben", "52.5", True)),
    )
    done = store.import_text(text, "azul.xml")
    assert done.matched == ((AZUL[1], "azul"),) and not done.games_added
    plays = plays_of(store)
    assert {p.game for p in plays.values()} == {"azul"}
    first = plays["bgg-501"]
    assert [(s.name, s.total, s.winner) for s in first.players] == [
        ("Ana", 61, True),
        ("Ben", 48, False),
    ]
    assert store.get_play(first.id).imported["start"] == [1]
    assert store.game_stats("azul").best_total == 61


def test_quantity_incomplete_no_win_stats_and_plays_without_players(store):
    text = document(
        one_play(601, AZUL, seat("Ana", "50", True) + seat("Ben", "40", False), quantity="3"),
        one_play(602, AZUL, seat("Ana", "10", False) + seat("Ben", "90", True), incomplete="1"),
        one_play(603, AZUL, seat("Ana", "10", False) + seat("Ben", "99", True), nowinstats="1"),
        one_play(604, (174430, "Gloomhaven"), ""),
    )
    done = store.import_text(text, "plays.xml")
    plays = plays_of(store)
    assert done.plays == 6
    assert sorted(plays) == [
        "bgg-601", "bgg-601-2", "bgg-601-3", "bgg-602", "bgg-603", "bgg-604"
    ]  # fmt: skip
    assert sorted(uid for uid, p in plays.items() if p.ignored) == ["bgg-602", "bgg-603"]
    assert store.player_stats("Ana").wins == 3 and store.player_stats("Ben").wins == 0
    assert [s.anonymous for s in plays["bgg-604"].players] == [True]
    assert "noPlayers: 1" in done.kept_back and "incomplete: 1" in done.kept_back


def test_scores_blank_fractional_negative_and_text_are_read_exactly(store):
    game = (174430, "Gloomhaven")
    text = document(
        one_play(
            701,
            game,
            seat("Ana", "3.44", True)
            + seat("Ben", "-7", False)
            + seat("Çağla", "", False)
            + seat("Dimitris", "won", False),
        )
    )
    done = store.import_text(text, "plays.xml")
    (play,) = plays_of(store).values()
    assert [s.total for s in play.players][:2] != [None, None]
    assert [str(s.total) if s.total is not None else None for s in play.players] == [
        "3.44",
        "-7",
        None,
        None,
    ]
    assert "playerScores.scoreText: 1" in done.kept_back  # "won" kept as BGG had it
    record = store.get_play(play.id)
    assert record.imported["seats"][3] == {"scoreText": "won"}


def test_players_without_a_user_name_and_user_names_without_a_name(store):
    text = document(
        one_play(
            801,
            (174430, "Gloomhaven"),
            seat("Ana", "1", True, username="ana_bgg")
            + seat("", "2", False, username="only_user")
            + seat("", "3", False),
        )
    )
    done = store.import_text(text, "plays.xml")
    assert done.players_added == ("Ana", "only_user")
    (play,) = plays_of(store).values()
    assert [s.anonymous for s in play.players] == [False, False, True]
    # BG Stats' export of the history names the BGG user
    players = json.loads(exported(store, "bgsplay"))["players"]
    assert {p["name"]: p.get("bggUsername") for p in players if not p["isAnonymous"]} == {
        "Ana": "ana_bgg",
        "only_user": "only_user",
    }


def bgstats_document(ids: list[int]) -> dict[str, Any]:
    """A small BG Stats export whose plays were synced to BGG (``bggId``)."""
    return {
        "games": [{"id": 1, "uuid": "g-azul", "name": "Azul", "bggId": 230802}],
        "players": [
            {"id": 1, "uuid": "p-ana", "name": "Ana", "isAnonymous": False},
            {"id": 2, "uuid": "p-ben", "name": "Ben", "isAnonymous": False},
        ],
        "locations": [],
        "plays": [
            {
                "uuid": f"0b1c7d7e-0000-4000-8000-{ident:012d}",
                "gameRefId": 1,
                "playDate": "2024-03-01 20:00:00",
                "bggId": ident,
                "playerScores": [
                    {"playerRefId": 1, "score": "50", "winner": True},
                    {"playerRefId": 2, "score": "40", "winner": False},
                ],
            }
            for ident in ids
        ],
    }


def test_a_later_bg_stats_import_finds_the_bgg_plays(store):
    text = document(
        one_play(901, AZUL, seat("Ana", "50", True) + seat("Ben", "40", False)),
        one_play(902, AZUL, seat("Ana", "30", False) + seat("Ben", "45", True), quantity="2"),
    )
    assert store.import_text(text, "plays.xml").plays == 3
    done = store.import_text(json.dumps(bgstats_document([901, 902, 903])), "e.bgsplay")
    assert done.plays == 1  # 903 only: 901 and 902 are in the history already
    assert len(done.same_bgg_play) == 2 and "(BGG 901)" in done.same_bgg_play[0]
    assert len(plays_of(store)) == 4


def test_a_later_bgg_import_finds_the_bg_stats_plays(store):
    assert store.import_text(json.dumps(bgstats_document([911, 912])), "e.bgsplay").plays == 2
    text = document(
        one_play(911, AZUL, seat("Ana", "50", True) + seat("Ben", "40", False)),
        one_play(913, AZUL, seat("Ana", "30", False) + seat("Ben", "45", True)),
    )
    done = store.import_text(text, "plays.xml")
    assert done.plays == 1 and done.same_bgg_play == ("bgg-911 (BGG 911)",)
    assert sorted(plays_of(store)) == sorted(
        ["0b1c7d7e-0000-4000-8000-000000000911", "0b1c7d7e-0000-4000-8000-000000000912", "bgg-913"]
    )


def test_every_export_format_writes_the_history_and_it_imports_back(store, xml, pg_or_file):
    store.import_text(xml, "plays.xml")
    facts = history_facts(store, as_document(xml))
    for fmt in ("json", "csv", "bgsplay"):
        assert exported(store, fmt)
    with open_store(pg_or_file) as other:
        other.import_text(exported(store, "json"), "history.json")
        assert compared(facts, history_facts(other, as_document(xml))) == {}
        # the BGG play ids came along: the BGG file again adds nothing
        assert other.import_text(xml, "plays.xml").plays == 0


def test_the_bg_stats_export_of_bgg_plays_keeps_their_bgg_ids(store, xml, pg_or_file):
    store.import_text(xml, "plays.xml")
    written = json.loads(exported(store, "bgsplay"))
    ids = {p["bggId"] for p in written["plays"]}
    assert len(ids) == len({p["uuid"].split("-")[1] for p in written["plays"]})
    with open_store(pg_or_file) as other:
        back = other.import_text(json.dumps(written), "back.bgsplay")
        assert back.plays == plays_facts(xml)["plays"]
        assert compared(plays_facts(xml), history_facts(other, as_document(xml))) == {}
        assert other.import_text(xml, "plays.xml").plays == 0


def test_the_collection_imports_lists_and_again_adds_nothing(store, tmp_path, capsys, url):
    text = collection_csv(40)
    done = store.import_text(text, "collection.csv")
    assert (done.collection, done.collection_held, done.plays) == (40, 0, 0)
    listed = store.collection()
    assert sorted(
        ({k: v for k, v in row.items() if k != "more"} for row in listed),
        key=lambda r: (r["name"], r["collid"]),
    ) == collection_facts(text)
    again = store.import_text(text, "collection.csv")
    assert (again.collection, again.collection_held) == (0, 40)
    assert len(store.collection()) == 40
    # the export's other columns are kept as they were
    duel = [r for r in listed if r["bgg_id"] == 173346]
    assert len(duel) == 2 and duel[0]["collid"] != duel[1]["collid"]  # two copies
    commented = next(r for r in listed if "comment" in r["more"])
    assert commented["more"]["comment"] == "Line one\nline two, with a comma"


def test_scorepad_import_and_collection_commands(capsys, url, tmp_path):
    plays = tmp_path / "plays.txt"  # told by its content, not its name
    plays.write_text(plays_xml(30), encoding="utf-8")
    owned = tmp_path / "export.dat"
    owned.write_text("\ufeff" + collection_csv(12), encoding="utf-8")
    assert main(["import", str(plays), "--db", url, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"imported {plays_facts(plays.read_text())['plays']} plays")
    assert main(["import", str(owned), "--db", url, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"collection from {owned}: 12 games added, 0 already there")
    assert main(["collection", "--db", url, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    # 12 entries, two of them copies of one game (7 Wonders Duel): one row per game
    assert len(listed) == 11 and {"collid", "bgg_id", "owned", "wishlist"} <= set(listed[0])
    assert sorted(len(e["collids"]) for e in listed) == [1] * 10 + [2]
    assert main(["collection", "--db", url, "--lang", "en"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == [
        *("BGG", "id", "Game", "Owned", "Wishlist", "Plays", "Players", "Minutes", "From")
    ]
    assert any("Azul" in line and "yes" in line for line in table)
    assert main(["import", str(plays), "--db", url, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["imported"] == 0


def test_an_empty_collection_says_how_to_fill_it(capsys, url):
    assert main(["collection", "--db", url, "--lang", "en"]) == 0
    assert "import BoardGameGeek's collection export" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            document(one_play(1, AZUL, seat("Ana", "1", True), quantity="0")),
            'plays[0] (bgg-1): the quantity "0" is not a whole number from 1 to 1000',
        ),
        (
            document(one_play(1, AZUL, seat("Ana", "1", True), date="yesterday")),
            "plays[0] (bgg-1)",
        ),
        (
            document(one_play(1, AZUL, seat("Ana", "x1", True).replace('win="1"', 'win="maybe"'))),
            'plays[0] (bgg-1): "win" is missing or not 0 or 1',
        ),
        (
            document(one_play(1, AZUL, seat("Ana", "1", True), length="1h")),
            'plays[0] (bgg-1): "length" is missing or not a whole number of minutes',
        ),
        (
            document(one_play(1, AZUL, seat("Ana", "1", True), incomplete="yes")),
            'plays[0] (bgg-1): "incomplete" is missing or not 0 or 1',
        ),
        (
            '<?xml version="1.0"?><!DOCTYPE plays [<!ENTITY a "aaaa">]>'
            '<plays username="x"><play id="1">&a;</play></plays>',
            "not a file Scorepad can import",
        ),
        ('<plays username="x"><play id="1" date="2024-01-01">', "not a file Scorepad can import"),
    ],
)
def test_a_bad_plays_file_is_refused_whole_saying_where(store, text, said):
    with pytest.raises(StoreError) as refused:
        store.import_text(text, "plays.xml")
    assert said in refused.value.message("en")
    assert not plays_of(store)


def test_several_bad_plays_are_all_named(store):
    text = document(
        one_play(1, AZUL, seat("Ana", "1", True), quantity="-2"),
        one_play(2, AZUL, seat("Ana", "1", True) + seat("Ben", "2", False)),
        one_play(3, AZUL, seat("Ana", "1", True), quantity="abc"),
    )
    with pytest.raises(StoreError) as refused:
        store.import_text(text, "plays.xml")
    message = refused.value.message("en")
    assert "2 plays refused" in message and "bgg-1" in message and "bgg-3" in message
    assert not plays_of(store)


def test_a_bad_collection_is_refused_whole_saying_where(store):
    bad = collection_csv(5).replace('"173346"', '"seven"', 1)  # the third game's id
    with pytest.raises(StoreError) as refused:
        store.import_text(bad, "collection.csv")
    message = refused.value.message("en")
    assert "row 4" in message and "objectid" in message  # the header is row 1
    assert store.collection() == []


def test_a_file_too_big_is_refused_before_it_is_read(store, tmp_path, monkeypatch):
    from scorepad.store import bggread

    monkeypatch.setattr(bggread, "MAX_BYTES", 1000)
    path = tmp_path / "plays.xml"
    path.write_text(plays_xml(10), encoding="utf-8")
    with pytest.raises(StoreError) as refused:
        store.import_file(path)
    assert "larger than" in refused.value.message("en")


def test_a_file_making_too_many_plays_is_refused(store, monkeypatch):
    from scorepad.store import bggread

    monkeypatch.setattr(bggread, "MAX_PLAYS", 10)
    text = document(one_play(1, AZUL, seat("Ana", "1", True), quantity="11"))
    with pytest.raises(StoreError) as refused:
        store.import_text(text, "plays.xml")
    assert "more than 10 plays" in refused.value.message("en")
    assert not plays_of(store)


def test_other_xml_and_csv_files_are_not_taken_for_bgg_exports():
    from scorepad.store.importing import guess_format

    theatre = '<?xml version="1.0"?>\n<plays created="2006">\n<introduction>Plays I saw'
    assert guess_format("plays.xml", theatre) != "bggplays"
    assert guess_format("x.csv", "name,score\nAna,3\n") != "bggcollection"
    assert guess_format("a.json", plays_xml(2)[:400]) == "bggplays"
    assert guess_format("a.txt", '<plays>\n<play id="3" date="2024-01-01">') == "bggplays"
    assert guess_format("a.txt", '<?xml version="1.0"?><plays/>') != "bggplays"
    assert guess_format("a.json", collection_csv(2)[:400]) == "bggcollection"


REAL = os.environ.get("SCOREPAD_BGG_EXPORTS")


@pytest.mark.skipif(not REAL, reason="no folder of real BGG exports ($SCOREPAD_BGG_EXPORTS)")
@pytest.mark.parametrize("path", sorted(Path(REAL).glob("*")) if REAL else [], ids=lambda p: p.name)
def test_a_real_bgg_export_imports_whole_and_true(tmp_path, path):
    text = path.read_text(encoding="utf-8-sig")
    with open_store(str(tmp_path / "h.sqlite3")) as store:
        done = store.import_file(path)
        if path.suffix == ".csv":
            listed = [{k: v for k, v in r.items() if k != "more"} for r in store.collection()]
            assert sorted(listed, key=lambda r: (r["name"], r["collid"])) == collection_facts(text)
            assert done.collection == len(listed)
            return
        facts = history_facts(store, as_document(text))
        assert compared(plays_facts(text), facts) == {}
        for fmt in ("json", "csv", "bgsplay"):
            assert exported(store, fmt)
        assert store.import_file(path).plays == 0


def test_the_report_names_the_first_plays_found_by_bgg_id_then_how_many_more(capsys, url, tmp_path):
    ids = list(range(1001, 1026))
    plays = tmp_path / "plays.xml"
    plays.write_text(
        document(
            *(one_play(i, AZUL, seat("Ana", "5", True) + seat("Ben", "4", False)) for i in ids)
        )
    )
    bgs = tmp_path / "export.bgsplay"
    bgs.write_text(json.dumps(bgstats_document(ids)))
    assert main(["import", str(plays), "--db", url]) == 0
    capsys.readouterr()
    assert main(["import", str(bgs), "--db", url, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("imported 0 plays (25 already in the history)")
    (line,) = [x for x in out.splitlines() if "BoardGameGeek play id" in x]
    assert line.count("(BGG ") == 20 and line.endswith("and 5 more")


def test_bg_stats_plays_imported_before_get_their_bgg_play_ids(tmp_path):
    """A history of revision 0011 holding BG Stats plays synced to BGG: the upgrade gives
    them their BGG play ids, so a BGG import then finds them."""
    from alembic import command
    from sqlalchemy import text

    from scorepad.store.migrate import config

    path = tmp_path / "old.sqlite3"
    with open_store(str(path)) as store:
        store.import_text(json.dumps(bgstats_document([931, 932])), "e.bgsplay")
        with store.db.engine.begin() as conn:
            command.downgrade(config(conn), "0011")
    assert "bgg_play_id" not in play_columns(path)
    with open_store(str(path)) as store:
        with store.db.engine.connect() as conn:
            held = conn.execute(text("SELECT bgg_play_id FROM play ORDER BY bgg_play_id"))
            assert [row[0] for row in held] == [931, 932]
        text_ = document(one_play(931, AZUL, seat("Ana", "50", True) + seat("Ben", "4", False)))
        assert store.import_text(text_, "plays.xml").same_bgg_play == ("bgg-931 (BGG 931)",)


def test_one_person_on_two_seats_of_a_play_keeps_the_play(store):
    text = document(
        one_play(
            951,
            (174430, "Gloomhaven"),
            seat("Ana", "1", True) + seat("ANA ", "2", False) + seat("Ben", "3", False),
        )
    )
    done = store.import_text(text, "plays.xml")
    (play,) = plays_of(store).values()
    assert [(s.name, s.anonymous, s.total) for s in play.players] == [
        ("Ana", False, 1),
        ("Anonymous", True, 2),
        ("Ben", False, 3),
    ]
    assert store.get_play(play.id).imported["seats"][1] == {"name": "ANA "}
    assert "playerScores.name: 1" in done.kept_back
