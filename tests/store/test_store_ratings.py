"""Ratings from the history (``Store.ratings``): on or off per history, players staying
out, and the ratings kept in memory matching ratings worked out afresh after every kind of
change, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from store_sheets import azul, edit

from scorepad.club.ratings import rate
from scorepad.core.scoring import PlayerSheet
from scorepad.store import Store, StoreError, open_store


def fresh(store: Store) -> object:
    """What ratings worked out afresh from the history's plays show."""
    ratings = rate(store.facts(), out=frozenset(store.staying_out()))
    return [plain(ratings.table(g)) for g in (None, *ratings.games())]


def plain(table: list) -> list:
    """A table as shown, the players by name (ids differ from one history to another)."""
    return [(r.player, r.mu, r.sigma, r.ordinal, r.plays) for r in table]


def shown(store: Store) -> object:
    ratings = store.ratings()
    assert ratings is not None
    return [plain(ratings.table(g)) for g in (None, *ratings.games())]


def test_ratings_are_on_by_default_and_can_be_turned_off(store):
    azul(store, "2024-05-02T20:00", {"Ana": 30, "Ben": 41})
    assert store.ratings_on()
    ratings = store.ratings()
    assert ratings is not None and [r.player for r in ratings.table()] == ["Ben", "Ana"]
    store.set_ratings_on(False)
    assert not store.ratings_on() and store.ratings() is None
    assert store.settings()["ratings"] is False
    store.set_ratings_on(True)
    assert store.ratings() is not None and "ratings" not in store.settings()


def test_a_player_can_stay_out_and_come_back(store):
    azul(store, "2024-05-01T20:00", {"Ana": 30, "Ben": 41, "Cy": 20})
    azul(store, "2024-05-02T20:00", {"Ana": 50, "Ben": 41})
    store.set_rated("ben", False)
    assert list(store.staying_out().values()) == ["Ben"]
    ratings = store.ratings()
    assert ratings is not None
    # the second play, Ana against Ben alone, is left with one side: skipped
    assert {r.player: r.plays for r in ratings.table()} == {"Ana": 1, "Cy": 1}
    store.rename_player("Ben", "Benoît")  # kept by id: a rename changes nothing
    assert list(store.staying_out().values()) == ["Benoît"]
    store.set_rated("Benoît", True)
    assert store.staying_out() == {}
    assert shown(store) == fresh(store)
    assert {r.player for r in store.ratings().table()} == {"Ana", "Benoît", "Cy"}  # type: ignore[union-attr]
    with pytest.raises(StoreError):
        store.set_rated("Nobody", False)


def test_kept_ratings_follow_every_change_re_rating_only_from_it(store):
    ids = [
        azul(store, f"2024-0{m}-0{d}T20:00", {"Ana": 30 + d, "Ben": 40 - d, "Cy": 35})
        for m in range(1, 4)
        for d in range(1, 4)
    ]
    assert shown(store) == fresh(store)
    cache = store._ratings
    assert cache.full_reads == 1

    latest = azul(store, "2024-04-01T20:00", {"Ana": 1, "Cy": 2})
    assert shown(store) == fresh(store)
    middle = ids[4]
    edited = store.update_play(
        middle,
        edit(store, middle, [PlayerSheet("Ana", {"marker": 90}), PlayerSheet("Cy", {"marker": 3})]),
    )
    assert shown(store) == fresh(store)
    store.undo_edit(edited.before)  # type: ignore[arg-type]
    assert shown(store) == fresh(store)
    moved = store.update_play(
        ids[7],
        edit(
            store,
            ids[7],
            [PlayerSheet("Ben", {"marker": 9}), PlayerSheet("Cy", {"marker": 3})],
            played_at=datetime(2023, 1, 1, 20, 0),
        ),
    )
    assert shown(store) == fresh(store)
    store.undo_edit(moved.before)  # type: ignore[arg-type]
    assert shown(store) == fresh(store)
    store.delete_play(ids[0])
    assert shown(store) == fresh(store)
    store.restore_play(ids[0])
    store.set_ignored(latest, True)
    assert shown(store) == fresh(store)
    store.set_ignored(latest, False)
    store.delete_play(latest)
    store.purge_play(latest)
    assert shown(store) == fresh(store)
    assert cache.full_reads == 1  # every change above said which plays it touched

    azul(store, "2023-12-01T20:00", {"Dee": 10, "Ben": 20})
    store.add_player("Eve")
    store.merge_players("Dee", "Eve")  # says nothing of the plays: all are read again
    assert shown(store) == fresh(store)
    assert cache.full_reads == 2
    assert "Eve" in {r.player for r in store.ratings().table()}  # type: ignore[union-attr]


def test_a_write_of_another_program_is_seen(url):
    with open_store(url) as mine, open_store(url) as other:
        azul(mine, "2024-05-01T20:00", {"Ana": 30, "Ben": 41})
        before = shown(mine)
        azul(other, "2024-04-01T20:00", {"Ana": 50, "Ben": 41})  # earlier, by another program
        assert shown(mine) == fresh(mine) != before
        assert mine._ratings.full_reads == 2


def test_the_same_plays_imported_in_two_orders_give_the_same_ratings(
    store, pg_or_file, tmp_path: Path
):
    for n in range(12):
        names = ["Ana", "Ben", "Cy", "Dee"][n % 3 :][:3]
        azul(
            store,
            f"2024-06-0{1 + n % 3}T20:00",
            {p: (n * 7 + i * 5) % 40 for i, p in enumerate(names)},
        )
    exported = tmp_path / "plays.json"
    store.export_file(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    data["plays"].reverse()
    reversed_file = tmp_path / "reversed.json"
    reversed_file.write_text(json.dumps(data), encoding="utf-8")
    with open_store(pg_or_file) as other:
        other.import_file(reversed_file)
        by_id = [f.uid for f in sorted(other.facts(), key=lambda f: f.id)]
        assert by_id != [f.uid for f in sorted(store.facts(), key=lambda f: f.id)]
        assert shown(other) == shown(store)
        over = store.ratings().over_time("Ana")  # type: ignore[union-attr]
        assert other.ratings().over_time("Ana") == over and len(over) == 4  # type: ignore[union-attr]


def test_the_command_line_lists_players_by_rating(url, capsys):
    from scorepad.cli import main

    with open_store(url) as store:
        assert main(["ratings", "--db", url]) == 0
        assert "Nobody is rated yet" in capsys.readouterr().out
        azul(store, "2024-05-01T20:00", {"Ana": 30, "Ben": 41, "Cy": 20})
        azul(store, "2024-05-02T20:00", {"Ana": 50, "Ben": 41})
        expected = store.ratings().table()  # type: ignore[union-attr]
        in_azul = store.ratings().table("azul")  # type: ignore[union-attr]
    assert main(["ratings", "--db", url, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [set(row) for row in listed] == [{"player", "mu", "sigma", "ordinal", "plays"}] * 3
    assert [
        (r["player"], Decimal(str(r["mu"])), Decimal(str(r["ordinal"])), r["plays"]) for r in listed
    ] == [(r.player, r.mu, r.ordinal, r.plays) for r in expected]
    assert main(["ratings", "--db", url, "--game", "azul", "--lang", "fr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    first = in_azul[0]
    assert (
        lines[0]
        == f"1. {first.player} : {first.ordinal} (μ {first.mu}, σ {first.sigma}, parties : 2)"
    )
    assert main(["ratings", "--db", url, "--game", "glass-road", "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out) == [] and "Nobody is rated yet" in out.err
    with open_store(url) as store:
        store.set_ratings_on(False)
    assert main(["ratings", "--db", url]) == 0
    assert "turned off" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        main(["ratings", "--db", url, "--game", "nope"])
    assert stop.value.code == 2
    assert 'no game "nope"' in capsys.readouterr().err


def test_ratings_read_their_plays_through_the_facts_kept(store):
    for d in range(1, 6):
        azul(store, f"2024-05-0{d}T20:00", {"Ana": 30 + d, "Ben": 40 - d, "Cy": 35})
    kept = store._facts
    ratings = shown(store)
    assert kept.reads == 5  # the ratings' plays are the facts the other screens read
    assert fresh(store) == ratings
    assert kept.reads == 5  # ... so they are not read again for them
    azul(store, "2024-05-09T20:00", {"Ana": 1, "Ben": 2})
    assert shown(store) == fresh(store)
    assert kept.reads == 6  # after a change, only the play it touched
