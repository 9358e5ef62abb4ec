"""History pages, filters and statistics, checked against plays with known results."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import event, text
from store_sheets import AZUL, azul, edit, glass

from scorepad.core import PlayerSheet
from scorepad.store import PlayFilter, StoreError, open_store
from scorepad.store.bulk import RECOUNT

BGSTATS = Path(__file__).parent.parent / "data" / "bgstats" / "export.bgsplay"
LOWEST = {
    "id": "golf",
    "name": {"en": "Golf", "es": "Golf"},
    "players": {"min": 2, "max": 4},
    "wins": "lowest",
    "lines": [{"key": "strokes", "kind": "points", "label": {"en": "Strokes", "es": "Golpes"}}],
}


@pytest.fixture
def history(store):
    """Five plays: four of Azul and one of Glass Road, with notes to search."""
    azul(store, "2024-01-05T20:00", {"Ana": 60, "Ben": 50, "Carla": 40}, notes="New Year")
    azul(store, "2024-02-10T20:00", {"Ana": 45, "Ben": 70})
    azul(store, "2024-03-15T20:00", {"Ben": 70, "Carla": 70}, notes="a TIE game")
    glass(store, "2024-04-01T18:00")
    azul(store, "2024-05-20T20:00", {"Ana": 80, "Carla": 30}, location="Club")
    return store


def names(page):
    return [[p.name for p in play.players] for play in page.plays]


def test_history_is_newest_first_and_paged(history):
    first = history.list_plays(limit=2)
    assert [p.played_at.month for p in first.plays] == [5, 4]
    assert first.has_more
    rest = history.list_plays(limit=2, offset=2)
    assert [p.played_at.month for p in rest.plays] == [3, 2]
    last = history.list_plays(limit=2, offset=4)
    assert [p.played_at.month for p in last.plays] == [1] and not last.has_more
    top = first.plays[0]
    assert (top.game, top.location, top.winners) == ("azul", "Club", ("Ana",))
    assert [(p.name, p.total) for p in top.players] == [("Ana", 80), ("Carla", 30)]


def test_history_filters_combine(history):
    assert [p.played_at.month for p in history.list_plays(PlayFilter(game="azul")).plays] == [
        5,
        3,
        2,
        1,
    ]
    by_ben = history.list_plays(PlayFilter(player="ben"))
    assert [p.played_at.month for p in by_ben.plays] == [4, 3, 2, 1]
    both = history.list_plays(PlayFilter(game="azul", player="Ben", since=datetime(2024, 2, 1)))
    assert [p.played_at.month for p in both.plays] == [3, 2]
    window = PlayFilter(since=datetime(2024, 2, 1), until=datetime(2024, 4, 1, 18))
    assert [p.played_at.month for p in history.list_plays(window).plays] == [3, 2]
    assert names(history.list_plays(PlayFilter(text="tie"))) == [["Ben", "Carla"]]
    assert names(history.list_plays(PlayFilter(text="year", player="Carla"))) == [
        ["Ana", "Ben", "Carla"]
    ]
    assert history.list_plays(PlayFilter(game="golf")).plays == ()
    with pytest.raises(StoreError, match=r"no player called \"Zed\""):
        history.list_plays(PlayFilter(player="Zed"))


def test_player_stats(history):
    ana = history.player_stats("Ana")
    assert (ana.plays, ana.wins, ana.win_rate) == (4, 2, Decimal("0.50"))
    # Azul and Glass Road: no average or best adding the two games' points
    assert (ana.average_total, ana.best_total) == (None, None)
    in_azul = history.player_stats("Ana", "azul")
    assert in_azul.average_total == Decimal("61.67")  # (60 + 45 + 80) / 3 = 61.666…
    assert in_azul.best_total == 80
    assert ana.last_played == datetime(2024, 5, 20, 20)
    in_glass = history.player_stats("Ana", "glass-road")
    assert (in_glass.plays, in_glass.wins, in_glass.best_total) == (1, 0, Decimal("21.5"))
    carla = history.player_stats("carla")
    assert (carla.plays, carla.wins) == (3, 1)
    assert history.player_stats("carla", "azul").best_total == 70


def test_game_stats(history):
    stats = history.game_stats("azul")
    assert stats.plays == 4
    assert stats.best_total == 80
    assert [(h.name, h.played_at.month) for h in stats.holders] == [("Ana", 5)]
    # winning totals: 60, 70, 70 (shared, counted once), 80
    assert stats.average_winning_total == Decimal("70.00")
    assert stats.distribution == ((30, 1), (40, 1), (45, 1), (50, 1), (60, 1), (70, 3), (80, 1))
    glass_stats = history.game_stats("glass-road")
    assert glass_stats.distribution == ((Decimal("21.5"), 1), (22, 1))
    empty = history.game_stats("azul-sintra")
    assert (empty.plays, empty.best_total, empty.distribution) == (0, None, ())
    with pytest.raises(StoreError, match="no game"):
        history.game_stats("chess")


def test_a_lowest_total_wins_game_has_the_lowest_best(store):
    store.create_game(LOWEST)
    golf = store.template("golf")
    for when, (a, b) in (("2024-01-01", (70, 74)), ("2024-01-02", (68, 66))):
        store.save_play(
            golf,
            None,
            [PlayerSheet("Ana", {"strokes": a}), PlayerSheet("Ben", {"strokes": b})],
            when,
        )
    stats = store.game_stats("golf")
    assert stats.best_total == 66 and [h.name for h in stats.holders] == ["Ben"]
    assert stats.average_winning_total == Decimal("68.00")
    assert store.player_stats("Ana", "golf").best_total == 68


def test_everyone_on_the_best_total_holds_it_tie_breaker_or_not(store):
    """Ana and Ben both reach 90 and Ana wins on rows: the record is theirs, both."""
    players = [PlayerSheet("Ana", {"marker": 88, "rows": 1}), PlayerSheet("Ben", {"marker": 90})]
    play = store.save_play(AZUL, None, players, "2024-06-01")
    azul(store, "2024-06-02", {"Carla": 89, "Dora": 50})
    assert store.get_play(play).summary.winners == ("Ana",)
    stats = store.game_stats("azul")
    assert stats.best_total == 90
    assert [(h.name, h.play_id) for h in stats.holders] == [("Ana", play), ("Ben", play)]
    store.delete_play(play)
    assert [h.name for h in store.game_stats("azul").holders] == ["Carla"]


def test_head_to_head(history):
    h2h = history.head_to_head("Ana", "Ben")
    assert (h2h.plays, h2h.a_ahead, h2h.b_ahead, h2h.level) == (3, 1, 2, 0)
    assert (h2h.a_wins, h2h.b_wins) == (1, 2)
    assert h2h.a_average == Decimal("42.17")  # (60 + 45 + 21.5) / 3
    assert h2h.last_played == datetime(2024, 4, 1, 18)
    tie = history.head_to_head("Ben", "Carla", "azul")
    assert (tie.plays, tie.level, tie.a_wins, tie.b_wins) == (2, 1, 1, 1)
    nobody = history.head_to_head("Ben", "Ana", "azul-sintra")
    assert (nobody.plays, nobody.a_average, nobody.last_played) == (0, None, None)


def test_co_operative_plays_are_won_or_lost_together_in_the_stats(history):
    """Never "level" between two players, never a best total of 0 for a game without a
    score: counted apart, won and lost."""
    from scorepad.core import find_game

    pandemic, table = find_game("pandemic"), [PlayerSheet("Ana", {}), PlayerSheet("Ben", {})]
    for when, outcome in (("2024-06-01T20:00", "lost"), ("2024-06-02T20:00", "won")):
        history.save_play(pandemic, None, table, when, outcome=outcome)
    history.save_play(pandemic, None, table, "2024-06-03T20:00", outcome="lost")
    h2h = history.head_to_head("Ana", "Ben")
    assert (h2h.plays, h2h.coop_plays, h2h.coop_wins) == (6, 3, 1)
    assert (h2h.a_ahead, h2h.b_ahead, h2h.level, h2h.a_wins, h2h.b_wins) == (1, 2, 0, 1, 2)
    alone = history.head_to_head("Ana", "Ben", "pandemic")
    assert (alone.plays, alone.level, alone.coop_plays, alone.coop_wins) == (3, 0, 3, 1)
    game = history.game_stats("pandemic")
    assert (game.plays, game.coop_wins, game.coop_losses, game.scored) == (3, 1, 2, False)
    assert (game.best_total, game.holders, game.distribution) == (None, (), ())
    assert game.average_winning_total is None
    ana = history.player_stats("Ana", "pandemic")
    assert (ana.plays, ana.coop_plays, ana.coop_wins) == (0, 3, 1)
    azul_stats = history.game_stats("azul")
    assert azul_stats.scored and (azul_stats.coop_wins, azul_stats.coop_losses) == (0, 0)


def test_players_carry_their_plays_and_wins(history):
    """One query gives everyone's plays and wins (the Stats screen's share of wins); they
    agree with each player's own stats, and a deleted play counts for nobody."""
    history.add_player("Dora")
    counted = {p.name: (p.plays, p.wins) for p in history.players()}
    assert counted == {"Ana": (4, 2), "Ben": (4, 3), "Carla": (3, 1), "Dora": (0, 0)}
    for name, (plays, wins) in counted.items():
        stats = history.player_stats(name)
        assert (stats.plays, stats.wins) == (plays, wins), name
    latest = history.list_plays(limit=1).plays[0]
    history.delete_play(latest.id)
    assert {p.name: (p.plays, p.wins) for p in history.players()}["Ana"] == (3, 1)


def tallies(store):
    """The per-game tallies as the triggers kept them, and as counted afresh."""
    kept_plays = "SELECT * FROM game_tally WHERE plays <> 0 OR winning_count <> 0"
    every_total = "SELECT * FROM total_tally"
    with store.db.engine.connect() as conn, conn.begin() as recount:
        kept = (set(conn.execute(text(kept_plays))), set(conn.execute(text(every_total))))
        for statement in RECOUNT:
            conn.execute(text(statement))
        counted = (
            set(conn.execute(text("SELECT * FROM game_tally"))),
            set(conn.execute(text(every_total))),
        )
        recount.rollback()
    return kept, counted


def counts(stats):
    return stats.plays, stats.best_total, stats.average_winning_total, stats.distribution


def test_the_tallies_follow_every_change_to_the_plays(history, tmp_path, pg_or_file):
    """Saved, edited, deleted, restored, purged, merged, imported: the counts a game's
    stats read stay what counting every play afresh gives, on SQLite and PostgreSQL."""
    kept, counted = tallies(history)
    assert kept == counted and len(counted[1]) == 9  # Azul's 7 totals, Glass Road's 2
    jan, feb, mar = (p.id for p in history.list_plays(PlayFilter(game="azul")).plays[:0:-1])
    history.update_play(
        jan,
        edit(
            history, jan, [PlayerSheet("Ana", {"marker": 61}), PlayerSheet("Ben", {"marker": 50})]
        ),
    )
    history.delete_play(feb)
    kept, counted = tallies(history)
    assert kept == counted
    assert history.game_stats("azul").plays == 3
    history.restore_play(feb)
    history.delete_play(mar)
    history.purge_play(mar)  # a deleted play
    history.purge_play(history.list_plays(PlayFilter(game="glass-road")).plays[0].id)  # a live one
    history.merge_players("Carla", "Ben")
    kept, counted = tallies(history)
    assert kept == counted
    stats = history.game_stats("azul")
    assert stats.plays == 3 and stats.average_winning_total == Decimal("70.33")  # 61, 70, 80
    assert stats.distribution == ((30, 1), (45, 1), (50, 1), (61, 1), (70, 1), (80, 1))
    assert history.game_stats("glass-road").distribution == ()

    shared = tmp_path / "shared.json"
    history.export_file(shared)
    with open_store(pg_or_file) as other:
        other.import_file(shared)  # into an empty history: on SQLite, the triggers set aside
        kept, counted = tallies(other)
        assert kept == counted
        assert counts(other.game_stats("azul")) == counts(history.game_stats("azul"))
        azul(other, "2024-06-01T20:00", {"Ana": 30, "Dora": 99})  # the triggers are back
        kept, counted = tallies(other)
        assert kept == counted
        assert (other.game_stats("azul").plays, other.game_stats("azul").best_total) == (4, 99)
        other.export_file(shared)
    assert history.import_file(shared).plays == 1  # one new play among three known
    kept, counted = tallies(history)
    assert kept == counted
    assert history.game_stats("azul").distribution[0] == (30, 2)


def database_steps(store, work):
    """How many steps SQLite's virtual machine takes for ``work`` (its own measure of the
    rows a statement reads; the same on every run, however busy the machine)."""
    steps = [0]

    def step() -> int:
        steps[0] += 1
        return 0

    def counted(dbapi_connection, *_):
        dbapi_connection.set_progress_handler(step, 1)

    event.listen(store.db.engine, "checkout", counted)
    try:
        work()
    finally:
        event.remove(store.db.engine, "checkout", counted)
    return steps[0]


def test_a_games_stats_read_no_more_as_its_plays_grow(tmp_path):
    """The best play, then more and more plays below it: the game's stats read the same
    rows (the tallies, the best play, the few plays decided by hand or timed), never
    each play of the game (they did, to find holders in plays decided by hand and the
    average duration)."""
    with open_store(str(tmp_path / "history.sqlite3")) as store:
        azul(store, "2024-01-01T20:00", {"Ana": 90, "Ben": 10}, duration=50)
        costs, played = [], 0
        for more in (10, 60):
            for _ in range(played, more):
                played += 1
                when = datetime(2024, 2, 1, 20) + timedelta(days=played)
                azul(store, when.isoformat(), {"Ana": 40, "Ben": 50})
            stats = store.game_stats("azul")
            assert (stats.best_total, [h.name for h in stats.holders]) == (90, ["Ana"])
            assert stats.distribution == ((10, 1), (40, more), (50, more), (90, 1))
            assert (stats.plays, stats.average_duration) == (1 + more, 50)
            costs.append(database_steps(store, lambda: store.game_stats("azul")))
        assert costs[1] <= costs[0] * 1.05, costs


def test_the_best_total_is_held_in_a_play_decided_by_hand_and_in_a_winners_play(store):
    """Ana's 80 lost to Ben's 70 by the players' say (BG Stats' manual winner), Carla won
    another play with 80: both hold the best total, though the winners' plays hold one."""
    document = json.loads(BGSTATS.read_text(encoding="utf-8"))
    document["plays"][8]["ignored"] = False  # Brass: Ana's 80 beside Ben's winning 70
    scores = document["plays"][9]["playerScores"]  # Brass: Carla wins with 80, Ana 60
    scores[0] |= {"playerRefId": 1, "score": "60", "winner": False, "rank": 2}
    scores[1] |= {"playerRefId": 3, "score": "80", "winner": True, "rank": 1}
    store.import_text(json.dumps(document), "manual.bgsplay")
    stats = store.game_stats("bgstats-brass-lancashire")
    assert stats.best_total == 80
    assert [(h.name, h.played_at.day) for h in stats.holders] == [("Ana", 9), ("Carla", 10)]
    assert dict(stats.distribution)[80] == 2


def test_head_to_head_agrees_with_the_plays_counted_one_by_one(store):
    """Every kind of play BG Stats gives (teams, co-operative plays won, lost and mixed,
    places given by hand), counted from the listed plays: co-operative plays apart, even
    the one where Ana won and Carla lost."""
    document = json.loads(BGSTATS.read_text(encoding="utf-8"))
    document["plays"][5]["playerScores"][1]["winner"] = False  # Pandemic: Carla lost
    store.import_text(json.dumps(document), "all.bgsplay")
    listed = [p for p in store.list_plays(limit=500).plays if not p.ignored]
    for a, b in (("Ana", "Carla"), ("Carla", "Ana"), ("Ana", "Ben")):
        for game in (None, "pandemic"):
            expected = {"plays": 0, "coop": 0, "won": 0, "ahead": 0, "behind": 0, "wins": 0}
            for play in listed:
                seats = {s.name: s for s in play.players}
                if a not in seats or b not in seats or game not in (None, play.game):
                    continue
                expected["plays"] += 1
                mine, theirs = seats[a], seats[b]
                if play.result_kind == "cooperative":
                    expected["coop"] += 1
                    expected["won"] += mine.winner
                else:
                    expected["ahead"] += mine.rank < theirs.rank
                    expected["behind"] += mine.rank > theirs.rank
                    expected["wins"] += mine.winner
            h2h = store.head_to_head(a, b, game)
            found = (h2h.plays, h2h.coop_plays, h2h.coop_wins, h2h.a_ahead, h2h.b_ahead, h2h.a_wins)
            assert found == tuple(expected.values()), (a, b, game)
    mixed = next(p for p in listed if p.outcome == "mixed")
    assert [(s.name, s.rank, s.winner) for s in mixed.players] == [
        ("Ana", 1, True),
        ("Carla", 2, False),
    ]
    pandemic = store.head_to_head("Ana", "Carla", "pandemic")
    assert (pandemic.coop_plays, pandemic.coop_wins, pandemic.a_ahead, pandemic.level) == (
        2,
        1,
        0,
        0,
    )
