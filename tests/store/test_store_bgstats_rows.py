"""What the BG Stats import's fast paths must keep: a play's fields in BG Stats' own form
taken as they are and any other form refused by name as before; the rows of an import
into an empty SQLite history written without the columns NULL in every row of a batch
(the table fills them), and its tallies counted as the rows are made, equal to counting
every play afresh (and kept by the tables' triggers for an import into a history with
plays)."""

from __future__ import annotations

import json
import random
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text

from scorepad.store import Store, bgsread, jsonstream, open_store
from scorepad.store.bulk import RECOUNT
from scorepad.store.errors import StoreError
from scorepad.store.jsonstream import CHUNK, read_file
from tests.store.bgs_export import realistic_export

FIXTURE = Path(__file__).parent.parent / "data" / "bgstats" / "export.bgsplay"


def fixture() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("usesTeams", "yes"),
        ("manualWinner", 1),
        ("ignored", "no"),
        ("rounds", "3"),
        ("rounds", True),
        ("board", 5),
        ("entryDate", "yesterday"),
        ("entryDate", "2024-13-45 10:00:00"),
        ("modificationDate", "2024-02-30 10:00:00"),
    ],
)
def test_a_field_out_of_bg_stats_form_is_refused_in_every_play_that_has_it(store, field, value):
    document = fixture()
    for n in (1, 5):
        document["plays"][n][field] = value
    with pytest.raises(StoreError) as raised:
        store.import_text(json.dumps(document), "broken.bgsplay")
    message = raised.value.message("en")
    assert "plays[1]" in message and "plays[5]" in message, message
    assert store.list_plays().plays == ()


def test_empty_flags_dates_rounds_and_board_are_no_value(store):
    document = fixture()
    first = document["plays"][0]
    first.update(
        usesTeams=None, manualWinner=None, ignored=None, rounds=None, board="", entryDate=""
    )
    first.pop("modificationDate", None)
    done = store.import_text(json.dumps(document), "empty.bgsplay")
    assert done.plays == len(document["plays"])
    assert len(store.list_plays(limit=500).plays) == done.plays


def _tallies(store: Store) -> tuple[set[Any], set[Any], set[Any], set[Any]]:
    """The tallies as the import left them, and as counted afresh from the plays."""
    with store.db.engine.connect() as conn, conn.begin() as recount:
        games = set(conn.execute(text("SELECT * FROM game_tally")))
        totals = set(conn.execute(text("SELECT * FROM total_tally")))
        for statement in RECOUNT:
            conn.execute(text(statement))
        counted = (
            set(conn.execute(text("SELECT * FROM game_tally"))),
            set(conn.execute(text("SELECT * FROM total_tally"))),
        )
        recount.rollback()
    return games, totals, *counted


def test_an_import_into_an_empty_sqlite_history_writes_less_and_counts_the_same(tmp_path):
    document = realistic_export(700)  # every quirk: ignored plays, roles, blank scores
    first = tmp_path / "first.bgsplay"
    first.write_text(json.dumps({**document, "plays": document["plays"][:500]}), "utf-8")
    second = tmp_path / "second.bgsplay"
    second.write_text(json.dumps(document), "utf-8")
    statements: list[str] = []
    with open_store(str(tmp_path / "history.sqlite3")) as store:

        def seen(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
            statements.append(statement)

        event.listen(store.db.engine, "before_cursor_execute", seen)
        assert store.import_file(first).plays == 500
        event.remove(store.db.engine, "before_cursor_execute", seen)
        games, totals, counted_games, counted_totals = _tallies(store)
        assert games == counted_games and totals == counted_totals
        assert len(totals) > 50 and all(row[1] > 0 for row in games)
        # the tallies were not counted by a pass over the plays and results
        recounted = [
            s
            for s in statements
            if s.startswith(("INSERT INTO total_tally", "INSERT INTO game_tally"))
            and "FROM play" in s
        ]
        assert not recounted and [s for s in statements if s.startswith("INSERT INTO total_tally")]
        results = [s for s in statements if s.startswith("INSERT INTO play_result")]
        assert results and all("colour" not in s and "board_kind" not in s for s in results)
        assert any("role" in s for s in results)  # given in some seats of a batch
        with store.db.engine.connect() as conn:
            roles = conn.execute(text("SELECT count(role) FROM play_result")).scalar_one()
            colours = conn.execute(text("SELECT count(colour) FROM play_result")).scalar_one()
        given = sum(1 for p in document["plays"][:500] for s in p["playerScores"] if s.get("role"))
        assert roles == given > 0 and colours == 0
        # a history with plays: the triggers keep the tallies, the plays come on
        assert store.import_file(second).plays == 200
        games, totals, counted_games, counted_totals = _tallies(store)
        assert games == counted_games and totals == counted_totals


def _elements(path: Path, first_key: str | None) -> list[Any]:
    head, plays = read_file(
        path, "test", "plays", needs=("games",), after=True, first_key=first_key
    )
    return [*plays, head]


@pytest.mark.parametrize("chunk", [CHUNK, 4096])
def test_runs_of_plays_decode_as_each_play_alone(tmp_path, monkeypatch, chunk):
    """Plays found by the joint of one compact play and the next are decoded together:
    the same plays as one by one, with the joint written inside a comment, a play whose
    first member is another, a play nested deep, windows ending anywhere."""
    monkeypatch.setattr(jsonstream, "CHUNK", chunk)
    document = realistic_export(300)
    plays = document["plays"]
    plays[5]["comments"] = 'well played},{"uuid":"not a play'
    plays[6] = {"gameRefId": plays[6]["gameRefId"], **plays[6]}
    plays[7]["deep"] = json.loads("[" * 900 + "]" * 900)
    plays[40]["comments"] = "},{" * 3000
    path = tmp_path / "export.bgsplay"
    path.write_text(json.dumps(document, separators=(",", ":")), "utf-8")
    together = _elements(path, "uuid")
    assert together == _elements(path, None)
    assert together[:-1] == json.loads(path.read_text("utf-8"), parse_float=Decimal)["plays"]


def test_a_broken_play_in_a_run_is_worded_as_alone(tmp_path):
    document = realistic_export(120)
    text = json.dumps(document, separators=(",", ":"))
    broken = text.replace('"score":', '"score";', 1)
    path = tmp_path / "broken.bgsplay"
    path.write_text(broken, "utf-8")
    problems = []
    for first_key in ("uuid", None):
        with pytest.raises(StoreError) as raised:
            _elements(path, first_key)
        problems.append(raised.value.message("en"))
    assert problems[0] == problems[1], problems


@pytest.mark.parametrize(
    "layout",
    [{"separators": (",", ":")}, {}, {"indent": 2}],
    ids=["compact", "spaced", "indented"],
)
def test_runs_of_plays_are_found_however_the_file_lays_them_out(tmp_path, monkeypatch, layout):
    """The joint between two plays is learned from the file (compact as BG Stats writes
    it, spaced as Python's json writes it, indented): every play but the first and the
    last is decoded in a run, in each layout and across the window's ends (a run reads
    on), giving the same plays as one by one."""
    monkeypatch.setattr(jsonstream, "CHUNK", 4096)
    runs: list[int] = []
    run = jsonstream._run

    def counted(*args: Any) -> Any:
        found = run(*args)
        runs.append(0 if found is None else len(found))
        return found

    monkeypatch.setattr(jsonstream, "_run", counted)
    document = realistic_export(400)
    path = tmp_path / "export.bgsplay"
    path.write_text(json.dumps(document, **layout), "utf-8")
    together = _elements(path, "uuid")
    assert sum(runs) == len(document["plays"]) - 2
    assert together == _elements(path, None)
    assert together[:-1] == json.loads(path.read_text("utf-8"), parse_float=Decimal)["plays"]


def test_sums_of_whole_numbers_read_as_the_parser_reads_them(monkeypatch):
    """A score typed as whole numbers joined by + and - ("40+12-3", BG Stats' calculator)
    is read without the parser: the same number, of the same type, as the long way gives,
    and the same refusal past the limit."""
    rnd = random.Random(5)
    texts = [
        "+".join(str(rnd.randint(0, 99)) for _ in range(rnd.randint(2, 5))) for _ in range(200)
    ]
    texts += [f"{rnd.randint(0, 40)}-{rnd.randint(0, 90)}+{rnd.randint(0, 9)}" for _ in range(200)]
    texts += ["007+3", "0-0", "1+" * 70 + "1", "99999999999999999+1", "5-" + "9" * 18]
    short = [bgsread.read_score(t) if _fits(t) else _refused(t) for t in texts]
    assert any(bgsread._WHOLE_SUM.fullmatch(t) for t in texts)
    monkeypatch.setattr(bgsread, "_WHOLE_SUM", re.compile(r"(?!)"))  # the long way only
    long = [bgsread.read_score(t) if _fits(t) else _refused(t) for t in texts]
    assert short == long
    assert [type(v) for v in short] == [type(v) for v in long]


def _fits(text: str) -> bool:
    try:
        bgsread.read_score(text)
    except StoreError:
        return False
    return True


def _refused(text: str) -> str:
    with pytest.raises(StoreError) as raised:
        bgsread.read_score(text)
    return raised.value.message("en")
