"""Imports (`scorepad import FILE`) under arbitrary input: every play, correctly, or none.

A real history is exported as Scorepad JSON and as BG Stats; each export is broken in a few
places, damaged as text, or replaced by random input, and imported into a real SQLite
history. A refused import names the problem in one plain line and leaves every row of every
table as it was; an accepted one holds each new play of the file with the players, totals
and details the file gives.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from scorepad.core.numbers import as_number, parse_number
from scorepad.store import Store, StoreError, open_store
from scorepad.store.values import name_key, parse_when
from tests.hardening.fuzzing import (
    FUZZ,
    assert_clear,
    broken_text,
    files,
    mutated,
    outcome,
    write,
)
from tests.hardening.histories import (
    export,
    fill,
    known_uids,
    parse,
    play_by_uid,
    table_rows,
)
from tests.store.conftest import fresh_database


@pytest.fixture(scope="module")
def exports(tmp_path_factory) -> dict[str, Any]:
    with open_store(str(tmp_path_factory.mktemp("source") / "history.sqlite3")) as store:
        fill(store)
        return {fmt: parse(export(store, fmt)) for fmt in ("json", "bgsplay")}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def target(request, tmp_path_factory) -> Iterator[Store]:
    """The history imported into, shared by every example of a test: a real SQLite file,
    or a real PostgreSQL database when one is reachable."""
    with contextlib.ExitStack() as stack:
        if request.param == "sqlite":
            url = str(tmp_path_factory.mktemp("target") / "history.sqlite3")
        else:
            url = stack.enter_context(fresh_database())
        store = stack.enter_context(open_store(url))
        fill(store)
        yield store


def salted(document: dict[str, Any], salt: int) -> dict[str, Any]:
    """The document with fresh play ids, so that its plays are new to the target."""
    key = "uid" if "templates" in document else "uuid"
    plays = [{**p, key: f"{p[key]}-{salt}"} for p in document["plays"]]
    return {**document, "plays": plays}


def documents(fmt: str) -> st.SearchStrategy[str]:
    def build(exports: dict[str, Any]) -> st.SearchStrategy[str]:
        base = st.integers(0, 10**9).map(lambda salt: salted(exports[fmt], salt))
        return st.one_of(
            base.flatmap(mutated).map(write),
            base.map(write).flatmap(broken_text),
            files,
        )

    return build  # type: ignore[return-value]


def import_and_check(target: Store, text: str, fmt: str) -> None:
    before_rows = table_rows(target)
    before = known_uids(target)
    done = outcome(lambda: target.import_text(text, f"fuzz.{fmt}", fmt))
    if done is None:
        event("refused")
        assert table_rows(target) == before_rows, "a refused import changed the history"
        return
    event("imported")
    document = parse(text)  # what was accepted must be JSON
    check = check_json_play if fmt == "json" else check_bgs_play
    uid_key = "uid" if fmt == "json" else "uuid"
    plays = [p for p in document.get("plays", []) if isinstance(p.get(uid_key), str)]
    fresh = {p[uid_key] for p in plays if p[uid_key] not in before}
    if fmt == "json":
        assert done.plays == len(fresh)
    for play in plays:
        # BG Stats uuids are one uuid in any letter case: kept in lower case
        uid = play[uid_key] if fmt == "json" else play[uid_key].strip().lower()
        if uid in before or not uid.strip():
            continue
        stored = play_by_uid(target, uid)
        assert stored is not None, uid
        check(play, stored, document)


def check_json_play(play: dict[str, Any], stored: Any, _: dict[str, Any]) -> None:
    people = stored.sheet.players
    assert [name_key(p.name) for p in people] == [name_key(p["name"]) for p in play["players"]]
    for entered, result in zip(play["players"], people, strict=True):
        if "total" in entered:
            assert as_number(entered["total"]) == result.total
    assert stored.summary.played_at == parse_when(play["played_at"])
    for field in ("location", "notes"):
        given = play.get(field)
        assert getattr(stored.summary, field) == (given.strip() or None if given else None)


def check_bgs_play(play: dict[str, Any], stored: Any, document: dict[str, Any]) -> None:
    people = {p["id"]: p["name"] for p in document["players"]}
    scores = play["playerScores"]
    names = [name_key(people[s["playerRefId"]]) for s in scores]
    assert [name_key(p.name) for p in stored.sheet.players] == names
    expected = [_score(s.get("score")) for s in scores]
    assert [p.total for p in stored.sheet.players] == expected


def _score(raw: object) -> object:
    if raw is None or raw == "":
        return 0
    return parse_number(raw) if isinstance(raw, str) else as_number(raw) or Decimal(0)


@given(data=st.data())
@FUZZ
def test_a_scorepad_history_file_imports_whole_or_not_at_all(data, exports, target):
    text = data.draw(documents("json")(exports))
    import_and_check(target, text, "json")


@given(data=st.data())
@FUZZ
def test_a_bg_stats_file_imports_whole_or_not_at_all(data, exports, target):
    text = data.draw(documents("bgsplay")(exports))
    import_and_check(target, text, "bgsplay")


def test_the_exports_import_into_a_fresh_history(exports, tmp_path):
    """The base of the fuzzing is sound: both exports import whole."""
    for fmt in ("json", "bgsplay"):
        with open_store(str(tmp_path / f"{fmt}.sqlite3")) as fresh:
            done = fresh.import_text(write(exports[fmt]), f"base.{fmt}", fmt)
            assert (done.plays, done.skipped) == (7, 0), fmt


@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        (lambda play: play[:-1] + ', "x": ' + "[" * 5000 + "]" * 5000 + "}", "nested too deeply"),
        (lambda play: play.replace('"name":"Ana"', '"name":"A\\u0000na"'), "U+0000"),
        (lambda play: re.sub(r'"template":("\w+")', r'"template":[\1]', play), "template"),
    ],
    ids=["deep", "nul", "unhashable"],
)
def test_the_parallel_reader_refuses_a_bad_play_whole(damage, problem, tmp_path, monkeypatch):
    """Big files are scored by helper processes; a small file takes that path here."""
    monkeypatch.setattr("scorepad.store.parallel.MIN_BYTES", 0)
    with open_store(str(tmp_path / "source.sqlite3")) as source:
        fill(source)
        text = export(source, "json")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if '"name":"Ana"' in line and '"uid"' in line)
    lines[at] = damage(lines[at].rstrip(","))
    if lines[at + 1].strip() != "]}":
        lines[at] += ","
    with open_store(str(tmp_path / "target.sqlite3")) as target:
        before = table_rows(target)
        with pytest.raises(StoreError) as refusal:
            target.import_text("\n".join(lines), "big.json")
        assert_clear(refusal.value)
        assert problem in str(refusal.value)
        assert table_rows(target) == before
