"""Moving in from BG Stats: a realistic export (``bgs_export``, every quirk of real ones)
imports whole and true, its facts equal a plain reading of the file (``bgs_facts``), every
export format writes it, and the BG Stats export imports back to the same facts
(SQLite and PostgreSQL). Real exports found elsewhere are checked the same way when
$SCOREPAD_BGS_EXPORTS names a folder holding them (they are not committed)."""

from __future__ import annotations

import copy
import csv
import io
import json
import os
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from scorepad.store import Store, open_store
from scorepad.store.errors import StoreError
from tests.store.bgs_export import broken_export, realistic_export
from tests.store.bgs_facts import compared, file_facts, history_facts


def imported(store: Store, document: dict[str, Any], name: str = "export.bgsplay") -> Any:
    return store.import_text(json.dumps(document), name)


def exported(store: Store, fmt: str = "bgsplay") -> str:
    out = io.StringIO()
    store.export(out, fmt)
    return out.getvalue()


def plays_of(store: Store) -> dict[str, Any]:
    return {p.uid: p for p in store.list_plays(limit=100_000).plays}


def raw_play(document: dict[str, Any], game: str, which: int = 0) -> dict[str, Any]:
    ref = next(g["id"] for g in document["games"] if g["name"] == game)
    return [p for p in document["plays"] if p["gameRefId"] == ref][which]


def find_play(document: dict[str, Any], game: str, test: Any) -> dict[str, Any]:
    """The first play of ``game`` for which ``test(play)`` holds."""
    ref = next(g["id"] for g in document["games"] if g["name"] == game)
    return next(p for p in document["plays"] if p["gameRefId"] == ref and test(p))


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return realistic_export(240)


def test_the_facts_of_the_file_are_the_facts_of_the_history(store, document):
    done = imported(store, document)
    facts = history_facts(store, document)
    assert compared(file_facts(document), facts) == {}
    assert all(len(keys) == 1 for keys in facts["games"].values()), facts["games"]
    assert done.plays == file_facts(document)["plays"]


# --- 1. teams ----------------------------------------------------------------------------


def test_team_zero_is_no_team_and_one_game_has_plays_with_and_without_teams(store, document):
    imported(store, document)
    plays = plays_of(store)
    teams = raw_play(document, "Wavelength", 0)
    alone = raw_play(document, "Wavelength", 1)
    if teams.get("usesTeams") is not True:
        teams, alone = alone, teams
    in_teams = plays[teams["uuid"]]
    assert [p.team for p in in_teams.players] == ["Team A", "Team A", "Team B", "Team B"]
    assert in_teams.result_kind == "teams" and in_teams.winners == tuple(
        p.name for p in in_teams.players[:2]
    )
    without = plays[alone["uuid"]]
    assert in_teams.game == without.game
    assert [p.team for p in without.players] == [None, None, None]
    assert without.result_kind is None
    ordinary = plays[raw_play(document, "Mage Knight")["uuid"]]
    assert all(p.team is None for p in ordinary.players)  # team "0" on every seat


def test_team_plays_import_in_either_order(store, pg_or_file, document):
    reversed_plays = dict(document, plays=document["plays"][::-1])
    with open_store(pg_or_file) as other:
        for target, given in ((store, document), (other, reversed_plays)):
            imported(target, given)
            assert compared(file_facts(given), history_facts(target, given)) == {}
        assert plays_of(store).keys() == plays_of(other).keys()
        for uid, play in plays_of(store).items():
            assert [p.team for p in plays_of(other)[uid].players] == [p.team for p in play.players]


def test_teams_are_kept_on_co_operative_plays_and_plays_not_marked_for_teams(store, document):
    imported(store, document)
    plays = plays_of(store)
    madness = plays[raw_play(document, "Mansions of Madness")["uuid"]]
    assert [p.team for p in madness.players] == ["Investigators", "Investigators", "Traitor"]
    pandemic = [
        plays[p["uuid"]]
        for p in document["plays"]
        if p["gameRefId"] == raw_play(document, "Pandemic")["gameRefId"]
    ]
    assert any(p.players[0].team == "1" for p in pandemic)
    unmarked = next(
        plays[p["uuid"]]
        for p in document["plays"]
        if any(s.get("team") == "Red" for s in p["playerScores"])
    )
    assert [p.team for p in unmarked.players] == ["Red", "Blue", "Red", "Blue"]


def test_a_refused_import_names_every_refused_play_up_to_a_limit(store, document):
    broken = copy.deepcopy(document)
    for play in broken["plays"][4:7]:  # not the play given twice (plays[3] and the last)
        play["playerScores"][0]["score"] = "ten"
    with pytest.raises(StoreError) as refused:
        imported(store, broken)
    said = str(refused.value)
    assert said.startswith("export.bgsplay: 3 plays refused, nothing was imported: ")
    for play in broken["plays"][4:7]:
        assert play["uuid"] in said
    assert said.count('the score "ten" is not a number') == 3
    for play in broken["plays"][4:34]:
        play["playerScores"][0]["score"] = "ten"
    with pytest.raises(StoreError, match=r"30 plays refused.*; and 10 more$"):
        imported(store, broken)
    assert store.list_plays().plays == ()


# --- 2. BG Stats' own limits -------------------------------------------------------------


def test_bg_stats_player_counts_are_information(store, document):
    done = imported(store, document)
    assert {"bgstats-cards-against-humanity", "bgstats-ricochet-robots"} <= set(done.games_added)
    party = store.template("bgstats-cards-against-humanity")
    assert party.max_players <= 20  # the file's tables, not BG Stats' 30
    back = json.loads(exported(store))
    games = {g["name"]: g for g in back["games"]}
    assert games["Cards Against Humanity"]["maxPlayerCount"] == 30
    assert games["Ricochet Robots"]["maxPlayerCount"] == 99


# --- 3. numbers --------------------------------------------------------------------------


def test_decimal_scores_are_kept_exactly(store, document):
    imported(store, document)
    timed = plays_of(store)[raw_play(document, "Speed Cups")["uuid"]]
    totals = [p.total for p in timed.players[:3]]
    assert totals == [Decimal("3.44"), Decimal("5.10"), Decimal("5.37")]
    assert all(isinstance(t, Decimal) for t in totals)
    stats = store.game_stats(timed.game)
    assert stats.best_total == Decimal("3.44")  # lowest wins
    assert [h.play_id for h in stats.holders] == [timed.id]
    back = json.loads(exported(store))
    scores = next(p for p in back["plays"] if p["uuid"] == timed.uid)["playerScores"]
    assert [s["score"] for s in scores] == ["3.44", "5.10", "5.37"]


# --- 4. exports never fail on what an import accepted -------------------------------------


@pytest.mark.parametrize("fmt", ["json", "csv", "bgsplay"])
def test_every_export_writes_an_imported_history(store, document, fmt, tmp_path, url):
    from scorepad.cli import main

    imported(store, document)
    assert store.export_file(tmp_path / f"all.{fmt}", fmt) == file_facts(document)["plays"]
    out = tmp_path / f"cli.{fmt}"
    assert main(["export", str(out), "--format", fmt, "--db", url]) == 0
    text = out.read_text(encoding="utf-8")
    if fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(text)))
        blank = find_play(document, "Mage Knight", lambda p: p["playerScores"][-1]["score"] == "")[
            "uuid"
        ]
        assert [r["total"] for r in rows if r["play"] == blank][2] == ""
        assert "3.44" in {r["total"] for r in rows}
        assert "'-10+7+22" in {r["score_text"] for r in rows}  # never a formula
    if fmt == "json":
        again = tmp_path / "again.sqlite3"
        with open_store(str(again)) as other:
            other.import_file(out)
            assert compared(file_facts(document), history_facts(other, document)) == {}


# --- 5 and 11. the round trip ------------------------------------------------------------


def test_the_bg_stats_export_imports_back_to_the_same_facts_and_ids(store, document, pg_or_file):
    imported(store, document)
    first = json.loads(exported(store))
    assert compared(file_facts(document), file_facts(first)) == {}
    solo = find_play(
        document,
        "Mage Knight",
        lambda p: len(p["playerScores"]) == 1 and p["playerScores"][0]["rank"] == 2,
    )
    written = {p["uuid"]: p for p in first["plays"]}
    assert written[solo["uuid"]]["playerScores"][0]["rank"] == 2  # as the file had it
    assert written[solo["uuid"]]["playerScores"][0]["winner"] is False
    with open_store(pg_or_file) as other:
        done = imported(other, first, "first.bgsplay")
        assert done.plays == len(first["plays"])
        assert compared(file_facts(first), history_facts(other, first)) == {}
        second = json.loads(exported(other))
    assert second["games"] == first["games"]
    assert second["players"] == first["players"]
    assert second["locations"] == first["locations"]
    assert second["plays"] == first["plays"]


def test_the_files_ids_and_fields_are_kept(store, document):
    imported(store, document)
    back = json.loads(exported(store))
    theirs = {g["uuid"]: g for g in document["games"]}
    mine = {g["uuid"]: g for g in back["games"]}
    assert set(theirs) == set(mine)  # played or not, expansions too
    for uid, game in theirs.items():
        assert {k: v for k, v in mine[uid].items() if k != "id"} == {
            k: v for k, v in game.items() if k != "id"
        }
    castles = next(g for g in back["games"] if g["name"] == "Castles of Burgundy")
    assert castles["bggId"] == 271320  # not the built-in game's 84876
    assert {(p["uuid"], p["name"]) for p in back["locations"]} == {
        (p["uuid"], p["name"]) for p in document["locations"]
    }
    anonymous = next(p for p in back["players"] if p["isAnonymous"])
    given = next(p for p in document["players"] if p["isAnonymous"])
    assert (anonymous["uuid"], anonymous["name"]) == (given["uuid"], given["name"])


# --- 6. mixed co-operative results -------------------------------------------------------


def test_a_co_operative_play_some_won_and_some_lost_keeps_each_seats_result(store, document):
    imported(store, document)
    raw = raw_play(document, "Betrayal at House on the Hill")
    play = plays_of(store)[raw["uuid"]]
    assert play.outcome == "mixed"
    assert [p.winner for p in play.players] == [True, True, False, True]
    assert [p.role for p in play.players] == [None, None, "Traitor", None]
    back = {p["uuid"]: p for p in json.loads(exported(store))["plays"]}
    assert [s["winner"] for s in back[raw["uuid"]]["playerScores"]] == [True, True, False, True]
    from scorepad.cli.render import render_history

    assert "some won, some lost" in render_history([play], "en")


# --- 7. best totals not held by a winner ---------------------------------------------------


def test_a_best_total_not_held_by_a_winner_names_its_holder(store, document):
    imported(store, document)
    raw = raw_play(document, "6 nimmt!")
    play = plays_of(store)[raw["uuid"]]
    stats = store.game_stats(play.game)
    lowest = min(
        Decimal(s["score"])
        for p in document["plays"]
        if p["gameRefId"] == raw["gameRefId"] and not p["ignored"]
        for s in p["playerScores"]
    )
    assert stats.best_total == lowest
    assert stats.holders and all(h.name for h in stats.holders)


# --- 8. nothing dropped without a word ---------------------------------------------------


def test_what_has_a_place_is_kept_and_the_rest_is_named(store, document):
    done = imported(store, document)
    assert set(done.left_out) >= {
        "tags: 1",
        "groups: 1",
        "challenges: 1",
        "deletedObjects: 1",
        "userInfo: 1",
    }
    kept = dict(item.rsplit(": ", 1) for item in done.kept_back)
    bgg_plays = sum(1 for p in document["plays"][:-1] if p.get("bggId"))
    assert int(kept["bggId"]) == bgg_plays
    assert int(kept["playerScores.metaData"]) == 14  # Dune's seats
    unplayed = {g["id"] for g in document["games"]} - {p["gameRefId"] for p in document["plays"]}
    assert unplayed and int(kept["games"]) == len(unplayed)  # the collection's unplayed games
    assert "playerScores.score (noPoints)" in kept
    dune = raw_play(document, "Dune")
    play = plays_of(store)[dune["uuid"]]
    assert [p.role for p in play.players][:3] == ["Atreides", "Harkonnen", "Fremen"]
    assert all(p.total is None for p in play.players)  # no points: out of the stats
    back = {p["uuid"]: p for p in json.loads(exported(store))["plays"]}
    for given, mine in zip(dune["playerScores"], back[dune["uuid"]]["playerScores"], strict=True):
        for key in ("score", "role", "metaData", "startPosition"):
            assert mine[key] == given[key]
    sums = next(p for p in document["plays"] if p["playerScores"][0]["score"] == "-10+7+22")
    assert [s["score"] for s in back[sums["uuid"]]["playerScores"]] == [
        "-10+7+22",
        "86+84+",
        "20--0-3",
    ]
    assert [p.total for p in plays_of(store)[sums["uuid"]].players] == [19, 170, 17]
    for raw in document["plays"][:-1]:
        for key in ("bggId", "bggLastSync", "metaData", "scoringSetting"):
            assert back[raw["uuid"].lower()].get(key, 0) == raw.get(key, 0) or not raw.get(key)
    wavelength = raw_play(document, "Wavelength")
    if not wavelength.get("usesTeams"):
        wavelength = raw_play(document, "Wavelength", 1)
    seats = back[wavelength["uuid"]]["playerScores"]
    assert [s.get("teamRole", "") for s in seats] == ["Psychic", "", "Psychic", ""]


def test_roles_count_in_stats_by_role(store, document):
    imported(store, document)
    roles = {r.role: r for r in store.role_stats("bgstats-dune")}
    dune = [
        p
        for p in document["plays"]
        if p["gameRefId"] == raw_play(document, "Dune")["gameRefId"] and not p["ignored"]
    ]
    assert roles["Atreides"].plays == len(dune)
    assert roles["Atreides"].wins == sum(1 for p in dune if p["playerScores"][0]["winner"])


# --- 9. one BG Stats game stays one game -------------------------------------------------


def test_the_plays_of_one_bg_stats_game_stay_one_game(store, document):
    imported(store, document)
    facts = history_facts(store, document)
    assert all(len(keys) == 1 for keys in facts["games"].values()), facts["games"]
    quacks = next(iter(facts["games"]["Quacks of Quedlinburg"]))
    assert store.game_stats(quacks).best_total == 78
    wonders = next(iter(facts["games"]["7 Wonders"]))
    ref = raw_play(document, "7 Wonders")["gameRefId"]
    assert store.game_stats(wonders).plays == len(
        {p["uuid"].lower() for p in document["plays"] if p["gameRefId"] == ref and not p["ignored"]}
    )


def test_a_game_the_file_plays_otherwise_than_the_built_in_sheet_keeps_the_files_rules(
    store, document, pg_or_file
):
    """A real export had Take 5 (6 nimmt!'s BGG id) won by the highest score, and
    Mysterium not co-operative: taken by the built-in sheets (won by the fewest bullheads,
    co-operative), the best score and the co-operative wins were no longer the file's.
    Such a game keeps the file's rules in a result-only game."""
    changed = copy.deepcopy(document)
    nimmt = next(g for g in changed["games"] if g["name"] == "6 nimmt!")
    nimmt["highestWins"] = True
    pandemic = next(g for g in changed["games"] if g["name"] == "Pandemic")
    pandemic["cooperative"] = False
    imported(store, changed)
    facts = history_facts(store, changed)
    assert compared(file_facts(changed), facts) == {}
    assert all(key.startswith("bgstats-") for key in facts["games"]["6 nimmt!"])
    assert all(key.startswith("bgstats-") for key in facts["games"]["Pandemic"])
    with open_store(pg_or_file) as other:  # as generated, both go to the built-in sheets
        imported(other, document)
        games = history_facts(other, document)["games"]
        assert (games["6 nimmt!"], games["Pandemic"]) == ({"6-nimmt"}, {"pandemic"})


# --- 10. duplicates ----------------------------------------------------------------------


def test_a_play_given_twice_is_reported_and_counted_once(store, document):
    done = imported(store, document)
    assert len(done.duplicates) == 1 and document["plays"][-1]["uuid"] in done.duplicates[0]
    assert done.plays == len(document["plays"]) - 1
    shouted = copy.deepcopy(document)
    for play in shouted["plays"]:
        play["uuid"] = play["uuid"].upper()
    again = imported(store, shouted)
    assert again.plays == 0  # a uuid in other letter case is the same uuid


def test_two_plays_with_one_uuid_or_one_player_id_twice_are_refused(store):
    document = broken_export()
    with pytest.raises(StoreError, match=r"players\[\d+\].*lists the id 2 twice"):
        imported(store, document)
    document["players"].pop()
    with pytest.raises(StoreError, match=r"is also that of plays\[7\], a different play"):
        imported(store, document)
    assert store.list_plays().plays == ()


# --- real exports (not committed) ---------------------------------------------------------

REAL = os.environ.get("SCOREPAD_BGS_EXPORTS")
REAL_FILES = (
    sorted(Path(REAL).glob("*.json")) + sorted(Path(REAL).glob("*.bgsplay")) if REAL else []
)


@pytest.mark.skipif(not REAL_FILES, reason="no real BG Stats exports ($SCOREPAD_BGS_EXPORTS)")
@pytest.mark.parametrize("path", REAL_FILES, ids=[p.name for p in REAL_FILES])
def test_a_real_export_imports_whole_and_true(store, path, pg_or_file):
    document = json.loads(path.read_text(encoding="utf-8-sig"))
    store.import_file(path)
    assert compared(file_facts(document), history_facts(store, document)) == {}
    for fmt in ("json", "csv"):
        exported(store, fmt)
    back = json.loads(exported(store))
    with open_store(pg_or_file) as other:
        imported(other, back)
        assert compared(file_facts(back), history_facts(other, back)) == {}


# --- read from the file a piece at a time --------------------------------------------------


@pytest.mark.parametrize("chunk", [1, 7, 4096])
def test_a_file_read_a_piece_at_a_time_imports_as_its_text(
    store, document, tmp_path, monkeypatch, chunk
):
    from scorepad.store import jsonstream

    small = realistic_export(60)
    path = tmp_path / "small.bgsplay"
    path.write_text("\ufeff" + json.dumps(small, ensure_ascii=False, indent=1), encoding="utf-8")
    monkeypatch.setattr(jsonstream, "CHUNK", chunk)
    done = store.import_file(path)
    assert done.plays == file_facts(small)["plays"]
    assert compared(file_facts(small), history_facts(store, small)) == {}
    assert "userInfo: 1" in done.left_out  # a member after the plays, read at their end


@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        (lambda text: text[: len(text) // 2], "ends too soon|Unterminated|Expecting"),
        (lambda text: text + " {}", "extra data"),
        (lambda text: text.replace('"plays":[', '"plays":{', 1), '"plays" is not a list'),
    ],
)
def test_a_broken_file_read_a_piece_at_a_time_is_refused(store, tmp_path, damage, problem):
    text = json.dumps(realistic_export(30), separators=(",", ":"))
    path = tmp_path / "broken.bgsplay"
    path.write_text(damage(text), encoding="utf-8")
    with pytest.raises(StoreError, match=problem):
        store.import_file(path)
    assert store.list_plays().plays == ()
