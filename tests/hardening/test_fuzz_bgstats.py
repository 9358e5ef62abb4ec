"""The realistic BG Stats export (tests/data/bgstats) mutated at random (keys dropped,
values retyped, references broken, huge numbers): every import either refuses in one clear
line, leaving every table as it was, or imports each play with its players and scores."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from scorepad.core.numbers import parse_number
from scorepad.store import Store, open_store
from scorepad.store.values import name_key
from tests.hardening.fuzzing import FUZZ, mutated, outcome, write
from tests.hardening.histories import known_uids, play_by_uid, table_rows
from tests.store.conftest import fresh_database

FIXTURE = Path(__file__).parent.parent / "data" / "bgstats" / "export.bgsplay"
BASE = json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def target(request, tmp_path_factory) -> Iterator[Store]:
    with contextlib.ExitStack() as stack:
        if request.param == "sqlite":
            url = str(tmp_path_factory.mktemp("target") / "history.sqlite3")
        else:
            url = stack.enter_context(fresh_database())
        yield stack.enter_context(open_store(url))


def salted(salt: int) -> dict[str, Any]:
    plays = [{**p, "uuid": f"{p['uuid']}-{salt}"} for p in BASE["plays"]]
    return {**BASE, "plays": plays}


def expected_score(item: dict[str, Any], game: dict[str, Any]) -> object:
    raw = item.get("score")
    if game.get("noPoints") is True or raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    return parse_number(raw) if isinstance(raw, str) else raw


@given(data=st.data())
@FUZZ
def test_a_mutated_bg_stats_export_imports_whole_or_not_at_all(data, target):
    document = data.draw(st.integers(0, 10**9).map(salted).flatmap(mutated))
    text = write(document)
    before_rows, before = table_rows(target), known_uids(target)
    done = outcome(lambda: target.import_text(text, "fuzz.bgsplay", "bgsplay"))
    if done is None:
        event("refused")
        assert table_rows(target) == before_rows, "a refused import changed the history"
        return
    event("imported")
    parsed = json.loads(text)
    people = {p["id"]: p for p in parsed.get("players", [])}
    games = {g["id"]: g for g in parsed.get("games", [])}
    for play in parsed.get("plays", []):
        uid = play.get("uuid")
        if not isinstance(uid, str) or not uid.strip():
            continue
        uid = uid.strip().lower()  # a uuid is one uuid in any letter case: kept in lower case
        if uid in before:
            continue
        stored = play_by_uid(target, uid)
        assert stored is not None, uid
        seats = stored.summary.players
        assert len(seats) == len(play["playerScores"])
        for seat, item in zip(seats, play["playerScores"], strict=True):
            person = people[item["playerRefId"]]
            if person.get("isAnonymous") is True:
                assert seat.anonymous
            else:
                assert not seat.anonymous
            game = games[play["gameRefId"]]
            if stored.summary.result_kind is None and not game.get("cooperative"):
                expected = expected_score(item, game)
                if seat.total is None or expected is None:
                    assert seat.total is None or game.get("noPoints") is not True
                else:
                    assert seat.total == expected, (uid, item)
            if not seat.anonymous and person.get("uuid") is None:
                assert name_key(seat.name) == name_key(person["name"])
