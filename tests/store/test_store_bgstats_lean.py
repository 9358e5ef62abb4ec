"""The short way of scoring an imported BG Stats play (``store.bgslean``) writes the same
rows, refuses the same plays with the same words and reports the same as scoring every
play through the core (``bgsread.LEAN = False``): on a generated export with every quirk,
a plain one, plays the core must word, and the real exports in $SCOREPAD_BGS_EXPORTS."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import DateTime, select

from scorepad.store import Store, bgslean, bgsread, open_store
from scorepad.store import models as m
from scorepad.store.errors import StoreError
from tests.store.bgs_export import broken_export, realistic_export

TABLES = (m.play, m.result, m.extra, m.player, m.game, m.source_object)


def rows(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row the import wrote, but the dates the database stamps itself."""
    found = {}
    with store.db.reading() as conn:
        for table in TABLES:
            columns = list(table.columns)  # a play's dates come from the file
            if table is not m.play:
                columns = [c for c in columns if not isinstance(c.type, DateTime)]
            ordered = sorted(conn.execute(select(*columns)).all(), key=repr)
            found[table.name] = [tuple(r) for r in ordered]
    return found


def both_ways(
    text: str, first: str, second: str, monkeypatch: pytest.MonkeyPatch, name: str
) -> tuple[Any, Any, dict[str, Any], dict[str, Any]]:
    """The report (or refusal) and rows of importing ``text`` the short way into
    ``first`` and through the core into ``second``."""
    outcomes = []
    for url, short in ((first, True), (second, False)):
        monkeypatch.setattr(bgsread, "LEAN", short)
        with open_store(url) as store:
            try:
                outcome: Any = store.import_text(text, name)
            except StoreError as problem:
                outcome = problem.message("en")
            outcomes.append((outcome, rows(store)))
    monkeypatch.setattr(bgsread, "LEAN", True)
    return outcomes[0][0], outcomes[1][0], outcomes[0][1], outcomes[1][1]


@pytest.fixture
def taken(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many plays the short way scored (a test of it must not pass by never taking it)."""
    count = [0]
    seats = bgslean.Lean.seats

    def counted(self: bgslean.Lean, *args: Any) -> Any:
        found = seats(self, *args)
        count[0] += found is not None
        return found

    monkeypatch.setattr(bgslean.Lean, "seats", counted)
    return count


@pytest.mark.parametrize("plain", [False, True], ids=["every-quirk", "plain"])
def test_the_short_way_writes_the_rows_the_core_writes(url, pg_or_file, monkeypatch, taken, plain):
    document = realistic_export(1500, seed=7, plain=plain)
    short, core, short_rows, core_rows = both_ways(
        json.dumps(document), url, pg_or_file, monkeypatch, "export.bgsplay"
    )
    assert short == core
    assert short_rows == core_rows
    assert len(short_rows["play"]) == short.plays > 1000
    assert taken[0] > 1000  # most plays took the short way


def odd_plays() -> dict[str, Any]:
    """Plays the short way leaves to the core, or must refuse as it does."""
    document = realistic_export(80, seed=11, quirks=False)
    plays = document["plays"]
    people = document["players"]
    people.append({"id": 901, "uuid": "p-901", "name": "  Zoë  Ann ", "isAnonymous": False})
    people.append({"id": 902, "uuid": "p-902", "name": "zoë  ann", "isAnonymous": False})
    people.append({"id": 903, "uuid": "p-903", "name": "Bo\u200dB", "isAnonymous": False})
    spaced = copy.deepcopy(plays[1])
    spaced["uuid"] = "odd-1"
    spaced["playerScores"][0]["playerRefId"] = 901  # trimmed, inner spaces kept
    plays.append(spaced)
    joined = copy.deepcopy(plays[2])
    joined["uuid"] = "odd-2"
    joined["playerScores"][0]["playerRefId"] = 903  # a joiner: the core looks closer
    plays.append(joined)
    huge = copy.deepcopy(plays[3])
    huge["uuid"] = "odd-3"
    huge["playerScores"][0]["score"] = "2000000000000"  # past any score: refused
    plays.append(huge)
    twice = copy.deepcopy(plays[4])
    twice["uuid"] = "odd-4"
    twice["playerScores"][0]["playerRefId"] = 901
    twice["playerScores"][1]["playerRefId"] = 902  # the same name twice in one play
    plays.append(twice)
    return document


def test_plays_the_core_words_are_refused_the_same_way(url, pg_or_file, monkeypatch, taken):
    short, core, short_rows, core_rows = both_ways(
        json.dumps(odd_plays()), url, pg_or_file, monkeypatch, "odd.bgsplay"
    )
    assert isinstance(short, str) and short == core
    assert "odd-3" in short and "odd-4" in short, short
    assert short_rows == core_rows
    assert taken[0] > 50


def test_the_plays_the_core_takes_after_all_are_the_same(url, pg_or_file, monkeypatch, taken):
    document = odd_plays()
    document["plays"] = [p for p in document["plays"] if p["uuid"] not in ("odd-3", "odd-4")]
    short, core, short_rows, core_rows = both_ways(
        json.dumps(document), url, pg_or_file, monkeypatch, "odd.bgsplay"
    )
    assert not isinstance(short, str), short
    assert short == core
    assert short_rows == core_rows
    names = {r[1] for r in short_rows["player"]}
    assert "Bo\u200dB" in names and any(n.startswith("Zo") for n in names), names


def test_a_broken_export_is_refused_the_same_way(tmp_path, monkeypatch):
    short, core, _, _ = both_ways(
        json.dumps(broken_export()),
        str(tmp_path / "a.sqlite3"),
        str(tmp_path / "b.sqlite3"),
        monkeypatch,
        "broken.bgsplay",
    )
    assert isinstance(short, str) and short == core


REAL = os.environ.get("SCOREPAD_BGS_EXPORTS")
REAL_FILES = (
    sorted(Path(REAL).glob("*.json")) + sorted(Path(REAL).glob("*.bgsplay")) if REAL else []
)


@pytest.mark.skipif(not REAL_FILES, reason="no real BG Stats exports ($SCOREPAD_BGS_EXPORTS)")
@pytest.mark.parametrize("path", REAL_FILES, ids=[p.name for p in REAL_FILES])
def test_a_real_export_gives_the_same_rows_both_ways(tmp_path, monkeypatch, path):
    short, core, short_rows, core_rows = both_ways(
        path.read_text(encoding="utf-8-sig"),
        str(tmp_path / "a.sqlite3"),
        str(tmp_path / "b.sqlite3"),
        monkeypatch,
        path.name,
    )
    assert short == core
    assert short_rows == core_rows


def hanabi_plays(lost_with: int) -> dict[str, Any]:
    """An export with co-operative plays the short way scores (Pandemic without points,
    Mansions of Madness and Hanabi with them: won, lost, mixed) and a Hanabi play lost
    with ``lost_with`` points in all (25 or more: the core refuses it, as the game ends
    at once in victory at 25)."""
    document = realistic_export(200, seed=13, quirks=False)
    game = copy.deepcopy(document["games"][0])
    game.update(id=990, uuid="g-hanabi", name="Hanabi", bggId=98778, bggName="Hanabi")
    game.update(cooperative=True, noPoints=False, highestWins=True, usesTeams=False)
    game.update(minPlayerCount=2, maxPlayerCount=5)
    document["games"].append(game)
    template = document["plays"][0]
    people = [p["id"] for p in document["players"][:3]]
    outcomes = [(True, ("10", "9")), (False, ("5", "4")), (False, ("13", str(lost_with - 13)))]
    outcomes.append((True, ("7", "8", "6")))
    for n, (won, scores) in enumerate(outcomes):
        play = copy.deepcopy(template)
        play.update(uuid=f"hanabi-{n}", gameRefId=990, expansionPlays=[])
        play["playerScores"] = [
            {**template["playerScores"][0], "playerRefId": people[seat], "score": score}
            | {"winner": won, "rank": 0, "team": "0", "seatOrder": seat}
            for seat, score in enumerate(scores)
        ]
        document["plays"].append(play)
    return document


@pytest.fixture
def cooperative(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The games whose co-operative plays the short way scored."""
    games: list[str] = []
    seats = bgslean.Lean.seats

    def counted(self: bgslean.Lean, *args: Any) -> Any:
        found = seats(self, *args)
        if found is not None and self.cooperative:
            games.append(self.template.id)
        return found

    monkeypatch.setattr(bgslean.Lean, "seats", counted)
    return games


def test_cooperative_plays_the_short_way_are_the_core_s(url, pg_or_file, monkeypatch, cooperative):
    """Co-operative plays (won, lost, mixed, with and without points) scored the short
    way write the rows the core writes: every seat first, the table's outcome."""
    short, core, short_rows, core_rows = both_ways(
        json.dumps(hanabi_plays(lost_with=20)), url, pg_or_file, monkeypatch, "coop.bgsplay"
    )
    assert not isinstance(short, str), short
    assert short == core
    assert short_rows == core_rows
    assert {"hanabi", "pandemic"} <= set(cooperative), set(cooperative)
    kinds = {(r[0], r[m.play.c.keys().index("outcome")]) for r in short_rows["play"]}
    assert any(outcome == "mixed" for _, outcome in kinds), kinds


def test_a_cooperative_play_lost_at_the_winning_score_is_the_core_s_refusal(
    url, pg_or_file, monkeypatch
):
    short, core, _, _ = both_ways(
        json.dumps(hanabi_plays(lost_with=25)), url, pg_or_file, monkeypatch, "coop.bgsplay"
    )
    assert isinstance(short, str) and short == core
    assert "hanabi-2" in short and "25" in short, short
