"""A realistic BG Stats export (tests/data/bgstats/export.bgsplay) imported whole and true,
imported again, updated by a later export, and read field by field (SQLite and PostgreSQL)."""

from __future__ import annotations

import io
import json
import sqlite3
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from scorepad.store import Store, open_store
from scorepad.store.errors import StoreError
from tests.store.store_sheets import azul, history_at

FIXTURE = Path(__file__).parent.parent / "data" / "bgstats" / "export.bgsplay"


def fixture() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def by_uid(store: Store) -> dict[str, Any]:
    plays = store.list_plays(limit=500).plays
    return {p.uid[-2:].lstrip("0"): p for p in plays}


def seats(play: Any) -> list[tuple[object, ...]]:
    return [(p.name, p.total, p.rank, p.winner, p.team, p.anonymous) for p in play.players]


def test_the_export_imports_whole_and_true(store):
    done = store.import_file(FIXTURE)
    assert (done.plays, done.updated, done.skipped) == (10, 0, 0)
    assert done.players_added == ("Ana", "Ben", "Carla")
    assert done.locations_added == ("Club Meeple", "Home")
    assert done.matched == (("Azul", "azul"), ("Pandemic", "pandemic"))
    assert set(done.games_added) == {
        "bgstats-turing-machine",
        "bgstats-pylos",
        "bgstats-zombicide",
        "bgstats-decrypto",
        "bgstats-brass-lancashire",
    }
    # named, with how many records
    assert done.left_out == ("userInfo: 1", "players.modificationDate: 4")
    plays = by_uid(store)
    sums = plays["1"]
    assert sums.game == "azul"
    assert sums.played_at == datetime(2024, 3, 1, 20, 15)
    assert (sums.location, sums.duration, sums.notes) == ("Home", 45, "Close game\nrematch soon")
    # scores typed as sums are read by the cells' parser: -10+7+22 and a 24-term sum
    assert seats(sums) == [
        ("Ana", 19, 2, False, None, False),
        ("Ben", 106, 1, True, None, False),
    ]
    record = store.get_play(sums.id)
    assert record.imported == {
        "source": "bgstats",
        "modified": "2024-03-01 20:15:00",
        "start": [2],
        "seat_order": [1, 2],
        "expansions": ["Azul: Crystal Mosaic"],
        "game": "0b1c7d7e-0002-4000-8000-000000000010",
    }
    # the anonymous player twice in one play, one of them with a blank score: no score
    anonymous = plays["2"]
    assert seats(anonymous) == [
        ("Ana", 12, 1, True, None, False),
        ("Anonymous", 10, 2, False, None, True),
        ("Anonymous", None, 3, False, None, True),
    ]
    assert anonymous.location == "Club Meeple"
    assert [p.name for p in store.players()] == ["Ana", "Ben", "Carla"]
    with pytest.raises(StoreError):
        store.player_stats("Anonymous")
    # lowest wins
    turing = plays["3"]
    assert seats(turing) == [("Ana", 5, 1, True, None, False), ("Carla", 7, 2, False, None, False)]
    assert store.template(turing.game).wins == "lowest"
    # no points: the winner only, no zeros
    pylos = plays["4"]
    assert seats(pylos) == [
        ("Ben", None, 2, False, None, False),
        ("Carla", None, 1, True, None, False),
    ]
    assert not pylos.scored and pylos.winners == ("Carla",)
    # co-operative: lost together stays lost; won together
    lost, won = plays["5"], plays["6"]
    assert (lost.game, lost.result_kind, lost.outcome, lost.winners) == (
        "pandemic",
        "cooperative",
        "lost",
        (),
    )
    assert lost.duration == 50
    assert (won.outcome, won.winners) == ("won", ("Ana", "Carla"))
    zombicide = plays["7"]
    assert (zombicide.result_kind, zombicide.outcome) == ("cooperative", "lost")
    assert [p.total for p in zombicide.players] == [30, 12]
    # teams, with the anonymous player in one
    teams = plays["8"]
    assert seats(teams) == [
        ("Ana", None, 1, True, "1", False),
        ("Ben", None, 1, True, "1", False),
        ("Carla", None, 2, False, "2", False),
        ("Anonymous", None, 2, False, "2", True),
    ]
    # the file's winner stands (manual winner), and an ignored play is kept, marked
    manual = plays["9"]
    assert manual.ignored and seats(manual) == [
        ("Ana", 80, 2, False, None, False),
        ("Ben", 70, 1, True, None, False),
    ]
    assert store.get_play(manual.id).imported["manual_winner"] is True
    assert store.get_play(manual.id).sheet.winners == ("Ben",)
    tie = plays["10"]
    assert tie.winners == ("Ana", "Carla")
    pylos_game = store.template("bgstats-pylos")  # BG Stats' player counts kept
    assert (pylos_game.min_players, pylos_game.max_players) == (2, 2)
    big = fixture()
    big["plays"][3]["uuid"] = "a-third-player"
    big["plays"][3]["modificationDate"] = "2024-06-01 10:00:00"
    big["plays"][3]["playerScores"].append(
        {"playerRefId": 1, "score": "", "winner": False, "seatOrder": 3}
    )
    assert store.import_text(json.dumps(big), "big.bgsplay").plays == 1
    assert store.template("bgstats-pylos").max_players == 3  # widened to the table


def test_ignored_no_score_and_co_operative_plays_stay_out_of_the_numbers(store):
    store.import_file(FIXTURE)
    ana = store.player_stats("Ana")
    # each for themselves, not ignored: Azul 19 and 12, Turing Machine 5, Decrypto (no
    # score), Brass: Lancashire 90; the ignored Brass: Lancashire play and its 80 are left out
    assert (ana.plays, ana.wins) == (5, 4)
    assert (ana.coop_plays, ana.coop_wins) == (3, 1)
    assert (ana.average_total, ana.best_total) == (None, None)  # four games' points
    in_azul = store.player_stats("Ana", "azul")
    assert (in_azul.plays, in_azul.average_total, in_azul.best_total) == (2, Decimal("15.50"), 19)
    ben = store.player_stats("Ben", "bgstats-brass-lancashire")
    assert (ben.plays, ben.wins, ben.best_total) == (0, 0, None)
    pylos = store.player_stats("Carla", "bgstats-pylos")
    assert (pylos.plays, pylos.wins, pylos.average_total, pylos.best_total) == (1, 1, None, None)
    brass = store.game_stats("bgstats-brass-lancashire")
    assert (brass.plays, brass.best_total, brass.distribution) == (1, 90, ((90, 2),))
    azul = store.game_stats("azul")
    assert azul.distribution == ((10, 1), (12, 1), (19, 1), (106, 1))


def test_an_ignored_play_can_be_counted_again(store):
    store.import_file(FIXTURE)
    manual = by_uid(store)["9"]
    store.set_ignored(manual.id, False)
    assert store.player_stats("Ben", "bgstats-brass-lancashire").plays == 1
    assert store.game_stats("bgstats-brass-lancashire").plays == 2
    store.set_ignored(manual.id, True)
    assert store.game_stats("bgstats-brass-lancashire").plays == 1
    assert by_uid(store)["9"].ignored


def test_players_keep_their_bg_stats_uuid_and_bgg_user_name(store, url):
    store.import_file(FIXTURE)
    if not url.startswith("postgresql"):
        with sqlite3.connect(url) as conn:
            rows = conn.execute(
                "SELECT name, bgs_uuid, bgg_username, anonymous FROM player ORDER BY anonymous IS NOT NULL, name"
            ).fetchall()
        assert rows == [
            ("Ana", "0b1c7d7e-0001-4000-8000-000000000001", "ana_bgg", None),
            ("Ben", "0b1c7d7e-0001-4000-8000-000000000002", None, None),
            ("Carla", "0b1c7d7e-0001-4000-8000-000000000003", None, None),
            ("Anonymous", None, None, 1),
        ]
    store.rename_player("Ana", "Ana María")
    again = fixture()
    again["plays"][0]["modificationDate"] = "2024-04-01 10:00:00"
    done = store.import_text(json.dumps(again), "later.bgsplay")
    assert (done.plays, done.updated, done.players_added) == (0, 1, ())
    assert by_uid(store)["1"].players[0].name == "Ana María"


def test_importing_again_adds_nothing_and_a_later_export_updates(store):
    store.import_file(FIXTURE)
    again = store.import_file(FIXTURE)
    assert (again.plays, again.updated, again.skipped) == (0, 0, 10)
    assert again.players_added == again.games_added == again.locations_added == ()
    later = fixture()
    edited = later["plays"][2]
    edited["modificationDate"] = "2024-05-01 12:00:00"
    edited["playerScores"][1].update(score="4", winner=True, rank=1)
    edited["playerScores"][0].update(winner=False, rank=2)
    later["plays"].append(
        {
            "uuid": "0b1c7d7e-0004-4000-8000-000000000011",
            "gameRefId": 10,
            "playDate": "2024-05-02 20:00:00",
            "modificationDate": "2024-05-02 22:00:00",
            "playerScores": [
                {"playerRefId": 1, "score": "50", "winner": True},
                {"playerRefId": 5, "score": "40", "winner": False},
            ],
        }
    )
    later["players"].append({"id": 5, "uuid": "p-5", "name": "Dora", "isAnonymous": False})
    done = store.import_text(json.dumps(later), "later.bgsplay")
    assert (done.plays, done.updated, done.skipped) == (1, 1, 9)
    assert done.players_added == ("Dora",)
    turing = by_uid(store)["3"]
    assert seats(turing) == [("Ana", 5, 2, False, None, False), ("Carla", 4, 1, True, None, False)]
    assert len(store.list_plays(limit=500).plays) == 11


@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        (lambda d: d["plays"][0]["playerScores"][0].update(score="ten"), r"plays\[0\].*\"ten\""),
        (lambda d: d["plays"][0]["playerScores"][0].update(score="3×"), r"plays\[0\].*\"3×\""),
        (lambda d: d["plays"][3].update(gameRefId=99), r"plays\[3\].*: gameRefId 99"),
        (lambda d: d["plays"][4].update(locationRefId=77), r"plays\[4\].*: locationRefId 77"),
        (lambda d: d["plays"][1].update(ignored="yes"), r"plays\[1\].*ignored"),
        (lambda d: d["plays"][1].update(durationMin="long"), r"plays\[1\].*durationMin"),
        (lambda d: d["games"][0].update(noPoints=3), r"plays\[0\].*noPoints"),
        (lambda d: d.update(players={}), r"players"),
    ],
)
def test_a_broken_record_is_named_and_nothing_is_imported(store, damage, problem):
    document = fixture()
    damage(document)
    with pytest.raises(StoreError, match=problem):
        store.import_text(json.dumps(document), "broken.bgsplay")
    assert store.list_plays().plays == ()
    assert store.custom_games() == []
    assert store.players() == []


def test_a_history_of_revision_0005_opens_and_takes_plays_without_scores(tmp_path):
    path = tmp_path / "old.sqlite3"
    history_at(path, "0005")
    with sqlite3.connect(path) as conn:
        declared = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'play_result'")
        assert "total_halves BIGINT NOT NULL" in declared.fetchone()[0]
    with open_store(str(path)) as store:
        azul(store, "2024-01-01T20:00", {"Ana": 40, "Ben": 30})
    with open_store(str(path)) as store:
        store.import_file(FIXTURE)
        assert store.game_stats("azul").distribution == (
            (10, 1),
            (12, 1),
            (19, 1),
            (30, 1),
            (40, 1),
            (106, 1),
        )
        assert store.game_stats("bgstats-pylos").plays == 1
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def export(store: Store) -> dict[str, Any]:
    out = io.StringIO()
    store.export(out, "bgsplay")
    return json.loads(out.getvalue())


def test_export_carries_everything_and_the_round_trip_is_exact(store, pg_or_file):
    store.import_file(FIXTURE)
    first = export(store)
    source = fixture()
    refs = {g["id"]: g["name"] for g in first["games"]}
    people = {p["id"]: p for p in first["players"]}
    source_games = {g["id"]: g for g in source["games"]}
    source_people = {p["id"]: p for p in source["players"]}
    exported = {p["uuid"]: p for p in first["plays"]}
    assert len(exported) == len(source["plays"])
    for given in source["plays"]:
        play = exported[given["uuid"]]
        assert refs[play["gameRefId"]] == source_games[given["gameRefId"]]["name"]
        for key in ("playDate", "entryDate", "modificationDate", "durationMin", "ignored"):
            assert play[key] == given[key], (given["uuid"], key)
        assert play["comments"] == given.get("comments", "")
        assert play["manualWinner"] == given["manualWinner"]
        assert play["usesTeams"] == given["usesTeams"]
        assert [refs[e["gameRefId"]] for e in play["expansionPlays"]] == [
            source_games[e["gameRefId"]]["name"] for e in given.get("expansionPlays", [])
        ]
        for mine, theirs in zip(play["playerScores"], given["playerScores"], strict=True):
            person, original = people[mine["playerRefId"]], source_people[theirs["playerRefId"]]
            assert person["isAnonymous"] == original["isAnonymous"]
            if not original["isAnonymous"]:
                assert (person["name"], person["uuid"]) == (original["name"], original["uuid"])
            for key in ("winner", "seatOrder", "startPlayer"):
                assert mine[key] == theirs[key], (given["uuid"], key)
            if theirs["rank"]:
                assert mine["rank"] == theirs["rank"]
            assert mine.get("team") == theirs.get("team")
            # every score as typed, a no-points game's too (kept apart from the stats)
            assert mine["score"] == theirs["score"].strip(), (given["uuid"], theirs["score"])
    games = {g["name"]: g for g in first["games"]}
    assert games["Azul"]["bggId"] == 230802 and games["Pandemic"]["bggId"] == 30549
    assert games["Pandemic"]["cooperative"] and games["Pandemic"]["noPoints"]
    assert games["Zombicide"]["cooperative"] and not games["Zombicide"]["noPoints"]
    assert games["Turing Machine"]["highestWins"] is False
    assert games["Decrypto"]["usesTeams"] and games["Pylos"]["noPoints"]
    assert games["Azul: Crystal Mosaic"]["isExpansion"] == 1
    for name, low, high in (("Pylos", 2, 2), ("Zombicide", 2, 6), ("Turing Machine", 1, 4)):
        assert (games[name]["minPlayerCount"], games[name]["maxPlayerCount"]) == (low, high)
    assert people[1]["bggUsername"] == "ana_bgg"
    assert sorted(loc["name"] for loc in first["locations"]) == ["Club Meeple", "Home"]
    with open_store(pg_or_file) as other:
        done = other.import_text(json.dumps(first), "first.bgsplay")
        assert (done.plays, done.skipped) == (10, 0)
        second = export(other)
        mine, theirs = by_uid(store), by_uid(other)
        for key, play in mine.items():
            assert seats(theirs[key]) == seats(play), key
            for field in ("game", "played_at", "location", "duration", "notes", "ignored"):
                assert getattr(theirs[key], field) == getattr(play, field), (key, field)
            assert (theirs[key].result_kind, theirs[key].outcome) == (
                play.result_kind,
                play.outcome,
            )
            assert other.get_play(theirs[key].id).imported == store.get_play(play.id).imported
    assert second == first


def test_the_command_line_imports_says_what_it_did_and_exports(capsys, url, tmp_path):
    from scorepad.cli import main

    assert main(["import", str(FIXTURE), "--db", url, "--lang", "en"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0] == f"imported 10 plays (0 already in the history) from {FIXTURE}"
    assert "new players (3): Ana, Ben, Carla" in said
    assert "Azul is the game azul" in said
    assert main(["import", str(FIXTURE), "--db", url, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["imported"], report["skipped"], report["updated"]) == (0, 10, 0)
    assert report["matched"] == {"Azul": "azul", "Pandemic": "pandemic"}
    out = tmp_path / "back.bgsplay"
    assert main(["export", str(out), "--format", "bgsplay", "--db", url]) == 0
    capsys.readouterr()
    back = json.loads(out.read_text(encoding="utf-8"))
    assert len(back["plays"]) == 10
    assert sum(p["ignored"] for p in back["plays"]) == 1
    assert main(["history", "--db", url, "--game", "bgstats-pylos", "--lang", "es"]) == 0
    listed = capsys.readouterr().out
    assert "Ben, Carla ★" in listed or "Carla ★" in listed


def test_a_play_in_teams_of_a_game_not_marked_for_teams_keeps_its_teams(store):
    document = fixture()
    brass = document["plays"][9]
    brass["usesTeams"] = True
    brass["playerScores"][0]["team"] = "Canals"
    brass["playerScores"][1]["team"] = "Rails"
    store.import_text(json.dumps(document), "teams.bgsplay")
    assert store.template("bgstats-brass-lancashire").result is None  # teams are per play
    tie = by_uid(store)["10"]
    assert tie.result_kind == "teams"
    assert [(p.name, p.team, p.winner) for p in tie.players] == [
        ("Ana", "Canals", True),
        ("Carla", "Rails", True),
    ]
    assert by_uid(store)["9"].players[0].team is None  # no team given: no team
    assert by_uid(store)["9"].result_kind is None


# --- the moving-in issue, item by item, each quirk alone on the small fixture -------------


def play_like(document: dict[str, Any], n: int, uid: str, **changes: Any) -> dict[str, Any]:
    """A copy of the fixture's play ``n`` (from 1) under another uuid."""
    play = json.loads(json.dumps(document["plays"][n - 1]))
    play.update(uuid=uid, **changes)
    document["plays"].append(play)
    return play


def test_item_1_a_team_game_takes_a_play_without_teams_and_team_zero_is_no_team(store):
    document = fixture()
    alone = play_like(document, 8, "decrypto-alone", usesTeams=False)
    for seat in alone["playerScores"]:
        seat["team"] = "0"
    store.import_text(json.dumps(document), "teams.bgsplay")
    plays = by_uid(store)
    assert [p.team for p in plays["8"].players] == ["1", "1", "2", "2"]
    free = {p.uid: p for p in store.list_plays(limit=50).plays}["decrypto-alone"]
    assert free.game == plays["8"].game and [p.team for p in free.players] == [None] * 4


def test_item_2_bg_stats_declared_player_counts_are_information(store):
    document = fixture()
    document["games"][1]["maxPlayerCount"] = 100  # Turing Machine
    store.import_text(json.dumps(document), "limits.bgsplay")
    assert store.template("bgstats-turing-machine").max_players <= 20
    games = {g["name"]: g for g in export(store)["games"]}
    assert games["Turing Machine"]["maxPlayerCount"] == 100


def test_item_3_a_decimal_score_is_kept_exactly(store):
    document = fixture()
    document["plays"][2]["playerScores"][0]["score"] = "3.44"
    store.import_text(json.dumps(document), "timed.bgsplay")
    turing = by_uid(store)["3"]
    assert turing.players[0].total == Decimal("3.44")
    assert store.game_stats(turing.game).best_total == Decimal("3.44")


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_item_4_a_seat_without_a_score_exports(store, fmt):
    store.import_file(FIXTURE)  # play 2 has a seat left blank
    out = io.StringIO()
    assert store.export(out, fmt) == 10


def test_item_5_a_solo_play_lost_goes_out_and_comes_back(store, pg_or_file):
    document = fixture()
    play_like(document, 3, "solo-lost")["playerScores"][1:] = []
    document["plays"][-1]["playerScores"][0].update(winner=False, rank=0)
    store.import_text(json.dumps(document), "solo.bgsplay")
    first = export(store)
    solo = next(p for p in first["plays"] if p["uuid"] == "solo-lost")
    assert (solo["playerScores"][0]["winner"], solo["playerScores"][0]["rank"]) == (False, 0)
    with open_store(pg_or_file) as other:
        assert other.import_text(json.dumps(first), "first.bgsplay").plays == 11
        back = {p.uid: p for p in other.list_plays(limit=50).plays}["solo-lost"]
        assert back.winners == ()


def test_item_6_a_co_operative_play_keeps_each_seats_result(store):
    document = fixture()
    document["plays"][5]["playerScores"][1]["winner"] = False  # Pandemic: Carla lost
    store.import_text(json.dumps(document), "traitor.bgsplay")
    play = by_uid(store)["6"]
    assert (play.outcome, play.winners) == ("mixed", ("Ana",))
    seats = next(p for p in export(store)["plays"] if p["uuid"].endswith("06"))["playerScores"]
    assert [s["winner"] for s in seats] == [True, False]


def test_item_7_a_best_total_held_by_no_winner_names_its_holder(store):
    document = fixture()
    document["plays"][8]["ignored"] = False  # Brass: Ana's 80 beside Ben's winning 70
    document["plays"][9]["playerScores"][0]["score"] = "60"
    document["plays"][9]["playerScores"][1]["score"] = "60"
    store.import_text(json.dumps(document), "manual.bgsplay")
    stats = store.game_stats("bgstats-brass-lancashire")
    assert stats.best_total == 80
    assert [h.name for h in stats.holders] == ["Ana"]


def test_item_8_roles_expressions_and_bgg_play_ids_are_kept_and_the_rest_named(store):
    document = fixture()
    document["plays"][0]["bggId"] = 81234567
    document["plays"][0]["playerScores"][0].update(role="Atreides", metaData='{"a":1}')
    document["tags"] = [{"id": 1, "name": "Heavy"}]
    done = store.import_text(json.dumps(document), "more.bgsplay")
    assert "tags: 1" in done.left_out
    assert "bggId: 1" in done.kept_back and "playerScores.metaData: 1" in done.kept_back
    assert by_uid(store)["1"].players[0].role == "Atreides"
    written = next(p for p in export(store)["plays"] if p["uuid"].endswith("01"))
    assert written["bggId"] == 81234567
    assert written["playerScores"][0]["score"] == "-10+7+22"
    assert (written["playerScores"][0]["role"], written["playerScores"][0]["metaData"]) == (
        "Atreides",
        '{"a":1}',
    )


def test_item_9_a_play_outside_the_built_in_range_keeps_its_game(store):
    document = fixture()
    five = play_like(document, 1, "azul-five")
    for ref in (3, 4, 4):  # Carla and the anonymous player twice: five at the table
        five["playerScores"].append({"playerRefId": ref, "score": "5", "winner": False})
    five["playerScores"] = five["playerScores"][:5]
    store.import_text(json.dumps(document), "five.bgsplay")
    games = {
        p.game
        for p in store.list_plays(limit=50).plays
        if p.game.startswith(("azul", "bgstats-azul"))
    }
    assert len(games) == 1


def test_item_10_a_uuid_in_other_letter_case_and_a_player_id_twice(store):
    store.import_file(FIXTURE)
    shouted = fixture()
    for play in shouted["plays"]:
        play["uuid"] = play["uuid"].upper()
    assert store.import_text(json.dumps(shouted), "shouted.bgsplay").plays == 0
    twice = fixture()
    twice["players"].append(dict(twice["players"][1], name="Someone else"))
    with pytest.raises(StoreError, match="lists the id 2 twice"):
        store.import_text(json.dumps(twice), "twice.bgsplay")
    clash = fixture()
    play_like(clash, 2, clash["plays"][0]["uuid"])
    with pytest.raises(StoreError, match=r"is also that of plays\[0\]"):
        store.import_text(json.dumps(clash), "clash.bgsplay")


def test_item_11_the_files_game_and_location_ids_and_bgg_ids_are_kept(store):
    document = fixture()
    document["games"][0]["bggId"] = 271320  # Azul, matched by name, another BGG id
    store.import_text(json.dumps(document), "ids.bgsplay")
    first = export(store)
    azul = next(g for g in first["games"] if g["name"] == "Azul")
    assert (azul["uuid"], azul["bggId"]) == (document["games"][0]["uuid"], 271320)
    assert {p["uuid"] for p in first["locations"]} == {p["uuid"] for p in document["locations"]}
    anonymous = next(p for p in first["players"] if p["isAnonymous"])
    assert (anonymous["uuid"], anonymous["name"]) == (
        "0b1c7d7e-0001-4000-8000-000000000004",
        "Anonymous player",
    )


def test_an_import_collects_garbage_at_its_own_pace_and_puts_the_pace_back(store):
    import gc

    from scorepad.store.bulk import COLLECT_AFTER

    before = gc.get_threshold()
    paces: list[int] = []
    done = store.import_file(FIXTURE, progress=lambda *_: paces.append(gc.get_threshold()[0]))
    assert done.plays == 10
    assert paces and min(paces) >= COLLECT_AFTER > before[0]
    assert gc.get_threshold() == before
    with pytest.raises(StoreError):  # a refused import puts it back too
        store.import_text("{", "broken.bgsplay")
    assert gc.get_threshold() == before
