"""Co-operative plays, team plays and modules in the history: saved, read back, filtered,
counted in stats, and carried by every export (on SQLite and PostgreSQL)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from store_sheets import edit

from scorepad.core import PlayerSheet, builtin_games
from scorepad.store import PlayFilter, Store, open_store
from scorepad.store.migrate import HEAD, current
from tests.store.store_sheets import azul, history_at, play_columns

GAMES = Path(__file__).parent.parent / "core" / "games"


def _fill(store: Store) -> dict[str, int]:
    pandemic, codenames = builtin_games()["pandemic"], builtin_games()["codenames"]
    dice = store.import_game((GAMES / "team-dice.json").read_text(encoding="utf-8"), "td.json")
    trio = [PlayerSheet(n) for n in ("Ana", "Ben", "Cy")]
    ids = {
        "won": store.save_play(pandemic, None, trio, "2024-05-01T20:00", outcome="won"),
        "lost": store.save_play(pandemic, None, trio[:2], "2024-05-02T20:00", outcome="lost"),
        "codenames": store.save_play(
            codenames,
            None,
            [PlayerSheet(n, team=t) for n, t in (("Ana", "Red"), ("Ben", "Blue"))]
            + [PlayerSheet(n, team=t) for n, t in (("Cy", "Red"), ("Di", "Blue"))],
            "2024-05-03T20:00",
            outcome="Red",
        ),
        "dice": store.save_play(
            dice,
            None,
            [
                PlayerSheet("Ana", {"points": 10, "bonus": 2}, team="A"),
                PlayerSheet("Ben", {"points": 9}, team="B"),
                PlayerSheet("Cy", {"points": 1}, team="A"),
            ],
            "2024-05-04T20:00",
            modules=["bonus"],
        ),
    }
    ids["azul"] = azul(store, "2024-05-05T20:00", {"Ana": 40, "Ben": 50})
    return ids


def test_results_and_modules_are_kept_with_the_play(store):
    ids = _fill(store)
    lost = store.get_play(ids["lost"])
    assert (lost.sheet.outcome, lost.summary.outcome, lost.summary.result_kind) == (
        "lost",
        "lost",
        "cooperative",
    )
    assert lost.sheet.winners == ()
    codenames = store.get_play(ids["codenames"])
    assert [(p.name, p.team, p.winner) for p in codenames.summary.players] == [
        ("Ana", "Red", True),
        ("Ben", "Blue", False),
        ("Cy", "Red", True),
        ("Di", "Blue", False),
    ]
    assert codenames.sheet.explanation("en") == "Red wins (Ana and Cy)."
    dice = store.get_play(ids["dice"])
    assert dice.summary.modules == ("bonus",) == dice.sheet.modules
    assert [p.total for p in dice.sheet.players] == [14, 9, 1]
    assert dice.sheet.teams[0].total == 15 and dice.sheet.winners == ("Ana", "Cy")
    assert dice.template_version == 1
    edited = store.update_play(ids["dice"], edit(store, ids["dice"], dice.player_sheets()))
    assert edited.sheet.modules == ("bonus",)
    assert store.update_play(
        ids["lost"], edit(store, ids["lost"], lost.player_sheets(), outcome="won")
    ).sheet.winners == (
        "Ana",
        "Ben",
    )
    page = store.list_plays(PlayFilter(module="bonus")).plays
    assert [p.id for p in page] == [ids["dice"]]
    assert store.list_plays(PlayFilter(module="bon")).plays == ()
    assert store.list_plays(PlayFilter(module="bonus", player="Ben")).plays[0].id == ids["dice"]


def test_stats_count_co_operative_plays_apart_and_a_team_win_for_each_member(store):
    _fill(store)
    ana = store.player_stats("Ana")
    assert (ana.coop_plays, ana.coop_wins, str(ana.coop_win_rate)) == (2, 1, "0.50")
    # codenames (won with Red), dice (won with team A), azul (lost)
    assert (ana.plays, ana.wins) == (3, 2)
    assert ana.average_total is None  # Team Dice 14 and Azul 40: two games' points
    assert store.player_stats("Ana", "azul").average_total == 40
    cy = store.player_stats("Cy")
    assert (cy.plays, cy.wins, cy.coop_plays) == (2, 2, 1)
    assert store.player_stats("Ana", "pandemic").coop_plays == 2
    assert store.player_stats("Ben", "azul").coop_plays == 0


def test_json_export_and_import_round_trip_exactly(store, tmp_path, pg_or_file):
    _fill(store)
    first = tmp_path / "first.json"
    store.export_file(first)
    data = json.loads(first.read_text(encoding="utf-8"))
    by_game = {p["game"]: p for p in data["plays"]}
    assert by_game["team-dice"]["modules"] == ["bonus"]
    assert [p["team"] for p in by_game["codenames"]["players"]] == ["Red", "Blue", "Red", "Blue"]
    assert by_game["codenames"]["outcome"] == "Red"
    assert "outcome" not in by_game["azul"] and "team" not in by_game["azul"]["players"][0]
    with open_store(pg_or_file) as other:
        assert other.import_file(first).plays == 5
        second = tmp_path / "second.json"
        other.export_file(second)
        assert second.read_text(encoding="utf-8") == first.read_text(encoding="utf-8")
        assert other.player_stats("Ana").coop_plays == 2


def test_csv_and_bg_stats_exports_carry_teams_outcomes_and_modules(store):
    _fill(store)
    out = io.StringIO()
    store.export(out, "csv")
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    dice = [r for r in rows if r["game"] == "team-dice"]
    assert [(r["team"], r["modules"]) for r in dice] == [
        ("A", "bonus"),
        ("B", "bonus"),
        ("A", "bonus"),
    ]
    assert {r["outcome"] for r in rows if r["game"] == "pandemic"} == {"won", "lost"}
    out = io.StringIO()
    store.export(out, "bgsplay")
    document = json.loads(out.getvalue())
    games = {g["name"]: g for g in document["games"]}
    assert games["Pandemic"]["cooperative"] and games["Pandemic"]["noPoints"]
    assert games["Codenames"]["usesTeams"] and not games["Azul"]["cooperative"]
    refs = {g["id"]: g["name"] for g in document["games"]}
    code = next(p for p in document["plays"] if refs[p["gameRefId"]] == "Codenames")
    assert [(s["team"], s["winner"], s["score"]) for s in code["playerScores"]] == [
        ("Red", True, ""),
        ("Blue", False, ""),
        ("Red", True, ""),
        ("Blue", False, ""),
    ]


def test_a_history_of_revision_0004_opens_with_its_plays_unchanged(tmp_path):
    path = tmp_path / "old.sqlite3"
    history_at(path, "0004")
    assert "outcome" not in play_columns(path)
    with open_store(str(path)) as store:
        pass  # opening upgrades
    with open_store(str(path)) as store:
        with store.db.engine.connect() as conn:
            assert current(conn) == HEAD
        play = azul(store, "2024-01-01T20:00", {"Ana": 40, "Ben": 30})
        record = store.get_play(play)
        assert (record.summary.outcome, record.summary.modules, record.sheet.teams) == (
            None,
            (),
            (),
        )
