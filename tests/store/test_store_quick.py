"""Quick games in the history (core/quick.py, ``Store.quick_game``, ``quick_games``,
``keep_quick``): saved, listed and counted as any game by their name, updated without
touching old plays, kept as games of their own with every play, exported and imported
back still quick; and ``scorepad score`` on a quick sheet, saved and then listed by the
history's commands. On SQLite and on PostgreSQL."""

from __future__ import annotations

import io
import json
from datetime import datetime
from decimal import Decimal

import pytest

from scorepad.cli import main
from scorepad.core import PlayerSheet
from scorepad.core.quick import QuickError, QuickGame, is_quick, quick_of
from scorepad.editor.form import GameForm
from scorepad.store import PlayFilter, StoreError, open_store

COSMIC = QuickGame("Cosmic Encounter", 39463)


def play(store, template, cells, when, **details):
    sheets = [PlayerSheet(name, {"points": cell}) for name, cell in cells.items()]
    return store.save_play(template, None, sheets, played_at=when, **details)


def test_a_quick_play_is_in_history_and_stats_by_its_name(store):
    template = store.quick_game(COSMIC)
    assert template.id == "quick-cosmic-encounter" and is_quick(template)
    first = play(store, template, {"Ana": "+1+5+10", "Ben": "+10-1"}, "2026-01-05T20:00")
    page = store.list_plays(PlayFilter(game=template.id))
    (summary,) = page.plays
    assert summary.id == first and summary.game == template.id
    assert summary.game_name == {"en": "Cosmic Encounter"}
    assert [(s.name, s.total, s.winner) for s in summary.players] == [
        ("Ana", 16, True),
        ("Ben", 9, False),
    ]
    assert store.list_plays(PlayFilter(player="ana")).plays[0].id == first
    stats = store.game_stats(template.id)
    assert stats.plays == 1 and stats.name == {"en": "Cosmic Encounter"}
    assert stats.best_total == 16
    record = store.get_play(first)
    assert record.typed[0] == {"points": "+1+5+10"}  # the additions kept as typed
    assert record.player_sheets()[0].lines == {"points": "+1+5+10"}
    assert is_quick(record.sheet.template)
    assert template.id in store.games()
    assert store.game_entries()[template.id].quick  # the picker marks it
    assert not store.game_entries()["azul"].quick


def test_new_options_update_the_same_game_and_old_plays_keep_their_snapshot(store):
    first_game = store.quick_game(COSMIC)
    old = play(store, first_game, {"Ana": 30, "Ben": 12}, "2026-01-05T20:00")
    assert store.quick_game(COSMIC).version == 1  # the same options change nothing
    changed = QuickGame("cosmic encounter", 39463, lowest_wins=True, target=Decimal("20.5"))
    second_game = store.quick_game(changed)
    assert second_game.id == first_game.id and second_game.version == 2
    # the options changed; the name, typed in other capitals, did not rename the game
    assert quick_of(store.template(first_game.id)) == QuickGame(
        "Cosmic Encounter", 39463, lowest_wins=True, target=Decimal("20.5")
    )
    assert store.quick_game(changed).version == 2
    new = play(store, second_game, {"Ana": 30, "Ben": 12}, "2026-01-06T20:00")
    before, after = store.get_play(old), store.get_play(new)
    assert before.template_version == 1 and after.template_version == 2
    assert before.sheet.winners == ("Ana",) and before.sheet.template.ends is None
    assert after.sheet.winners == ("Ben",) and after.sheet.finished
    assert after.sheet.round_note("en") == "Ana reached 20.5."
    assert store.game_stats(first_game.id).plays == 2
    assert [g.id for g in store.quick_games()] == [first_game.id]


def test_quick_games_most_recently_played_first_and_not_once_kept_or_deleted(store):
    cosmic = store.quick_game(COSMIC)
    hearts = store.quick_game(QuickGame("Hearts", rounds=True, lowest_wins=True, target=100))
    skat = store.quick_game(QuickGame("Skat"))
    play(store, cosmic, {"Ana": 3}, "2026-01-01T20:00")
    play(store, hearts, {"Ana": [3, 4]}, "2026-02-01T20:00")
    assert [g.id for g in store.quick_games()] == [hearts.id, cosmic.id, skat.id]
    play(store, cosmic, {"Ana": 3}, "2026-03-01T20:00")
    assert [g.id for g in store.quick_games()] == [cosmic.id, hearts.id, skat.id]
    store.keep_quick(hearts.id)
    store.delete_game(skat.id)
    assert [g.id for g in store.quick_games()] == [cosmic.id]
    assert store.quick_game(QuickGame("Skat")).id == skat.id  # back, as a quick game again
    assert skat.id in {g.id for g in store.quick_games()}


def test_keeping_a_quick_game_keeps_every_play(store):
    template = store.quick_game(QuickGame("Cosmic Encounter", 39463, target=50))
    ids = [
        play(store, template, {"Ana": 10 * n, "Ben": 5}, f"2026-01-0{n}T20:00") for n in (1, 2, 3)
    ]
    before = [store.get_play(i).sheet.to_json() for i in ids]
    kept = store.keep_quick(template.id)
    assert kept.id == template.id and kept.version == 2 and not is_quick(kept)
    assert "quick" not in kept.source and kept.source["bgg_id"] == 39463
    assert kept.ends is not None and kept.lines[0].steps == (1, 5, 10)  # nothing else changed
    assert [store.get_play(i).sheet.to_json() for i in ids] == before
    assert store.game_stats(template.id).plays == 3
    assert template.id in {c.template.id for c in store.custom_games()}
    assert store.quick_games() == [] and not store.game_entries()[template.id].quick
    with pytest.raises(StoreError, match='"quick-cosmic-encounter" is not a quick game'):
        store.keep_quick(template.id)
    # the game editor it opens in keeps the target and the + and − buttons as they are
    checked = GameForm.from_template(kept).check()
    assert checked.problems == {} and checked.data == {**kept.source, "version": 3}
    edited = store.update_game(checked.data)
    assert edited.ends == kept.ends and edited.lines[0].steps == (1, 5, 10)
    # the same name again: a quick game of its own beside the kept one
    again = store.quick_game(QuickGame("Cosmic Encounter"))
    assert again.id == "quick-cosmic-encounter-2" and is_quick(again)
    assert store.template(template.id).version == 3


def test_keep_quick_refuses_a_game_that_is_not_quick(store):
    with pytest.raises(StoreError, match='"azul" is not a quick game'):
        store.keep_quick("azul")
    with pytest.raises(StoreError, match='there is no game "nope"'):
        store.keep_quick("nope")
    store.create_game(
        {
            "id": "quick-skat",
            "name": {"en": "My Skat"},
            "players": {"min": 3, "max": 3},
            "lines": [{"key": "p", "kind": "points", "label": {"en": "P"}}],
        }
    )
    with pytest.raises(StoreError, match='"quick-skat" is not a quick game'):
        store.keep_quick("quick-skat")
    # the id is someone's own game: the quick game moves on, and their game stays
    assert store.quick_game(QuickGame("Skat")).id == "quick-skat-2"
    assert store.template("quick-skat").name == {"en": "My Skat"}


def test_bad_options_are_refused_whole_and_nothing_is_written(store):
    with pytest.raises(QuickError) as raised:
        store.quick_game(QuickGame("", target=1.5, cooperative=True, lowest_wins=True))
    assert [p.field for p in raised.value.problems] == ["name", "target", "lowest_wins"]
    assert store.quick_games() == [] and store.custom_games() == []


def test_export_then_import_brings_the_quick_game_back_still_quick(store, pg_or_file):
    cosmic = store.quick_game(COSMIC)
    old = play(store, cosmic, {"Ana": "+1+5+5", "Ben": 4}, datetime(2026, 1, 5, 20), notes="n")
    store.quick_game(QuickGame("Cosmic Encounter", 39463, target=100))
    new = play(store, store.template(cosmic.id), {"Ana": "50+50", "Ben": 4}, "2026-01-06T20:00")
    coop = store.quick_game(QuickGame("Spirits", cooperative=True, target=30))
    won = store.save_play(
        coop, None, [PlayerSheet("Ana", {"points": 31})], "2026-01-07T20:00", outcome="won"
    )
    out = io.StringIO()
    assert store.export(out) == 3
    with open_store(pg_or_file) as fresh:
        fresh.import_text(out.getvalue(), "history.json")
        assert {g.id for g in fresh.quick_games()} == {cosmic.id, coop.id}
        assert quick_of(fresh.template(cosmic.id)) == QuickGame(
            "Cosmic Encounter", 39463, target=100
        )
        assert fresh.template(cosmic.id).version == 2
        mine = {p.uid: p.id for p in store.list_plays().plays}
        theirs = {p.uid: p.id for p in fresh.list_plays().plays}
        assert set(mine) == set(theirs) and len(mine) == 3
        for uid, play_id in mine.items():
            a, b = store.get_play(play_id), fresh.get_play(theirs[uid])
            assert b.sheet.to_json() == a.sheet.to_json()
            assert b.typed == a.typed and b.template_version == a.template_version
            assert b.summary._replace(id=0) == a.summary._replace(id=0)
        by_uid = {p.uid: p for p in store.list_plays().plays}
        assert fresh.get_play(theirs[_uid(by_uid, old)]).sheet.template.ends is None
        assert fresh.get_play(theirs[_uid(by_uid, new)]).sheet.finished
        assert fresh.get_play(theirs[_uid(by_uid, won)]).summary.outcome == "won"
        assert fresh.game_stats(cosmic.id).plays == 2
        again = io.StringIO()
        fresh.export(again)
        assert json.loads(again.getvalue())["games"] == json.loads(out.getvalue())["games"]
        # kept in the fresh history, its plays stay
        fresh.keep_quick(cosmic.id)
        assert fresh.game_stats(cosmic.id).plays == 2


def _uid(by_uid, play_id):
    return next(uid for uid, p in by_uid.items() if p.id == play_id)


def test_csv_and_bg_stats_exports_carry_the_quick_games_plays(store):
    cosmic = store.quick_game(COSMIC)
    play(store, cosmic, {"Ana": "+1+5", "Ben": 4}, "2026-01-05T20:00")
    text = io.StringIO()
    store.export(text, "csv")
    assert "Cosmic Encounter" in text.getvalue() or cosmic.id in text.getvalue()
    bgs = io.StringIO()
    store.export(bgs, "bgsplay")
    data = json.loads(bgs.getvalue())
    (game,) = [g for g in data["games"] if g.get("name") == "Cosmic Encounter"]
    assert game.get("bggId") == 39463


# --- the command line --------------------------------------------------------------------------
def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_score_a_quick_sheet_save_it_and_find_it_with_history_and_stats(capsys, url, tmp_path):
    sheet = tmp_path / "cosmic.json"
    sheet.write_text(
        json.dumps(
            {
                "quick": {"name": "Cosmic Encounter", "bgg_id": 39463, "target": 10},
                "players": [{"name": "Ana", "points": [5, "3+4"]}, {"name": "Ben", "points": [2]}],
            }
        ),
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "score", str(sheet), "--json")
    data = json.loads(out)
    assert code == 0 and data["game"] == "quick-cosmic-encounter"
    assert data["quick"] == {
        "name": "Cosmic Encounter",
        "bgg_id": 39463,
        "rounds": False,
        "lowest_wins": False,
        "target": 10,
        "cooperative": False,
    }
    assert [p["total"] for p in data["players"]] == [12, 2]
    assert data["finished"] is True and data["ended_by"] == ["Ana"]
    code, out, _ = run(capsys, "score", str(sheet), "--save", "--db", url, "--json")
    assert code == 0 and isinstance(json.loads(out)["play"], int)
    code, out, _ = run(capsys, "history", "--db", url, "--json")
    (listed,) = json.loads(out)
    assert listed["game"] == "quick-cosmic-encounter"
    code, out, _ = run(capsys, "history", "--db", url)
    assert "Cosmic Encounter" in out
    code, out, _ = run(capsys, "stats", "--game", "quick-cosmic-encounter", "--db", url, "--json")
    assert json.loads(out)["plays"] == 1
    # saved again with other options: the same game, a new version
    sheet.write_text(
        json.dumps(
            {
                "quick": {"name": "Cosmic Encounter", "lowest_wins": True},
                "players": [{"name": "Ana", "points": [5]}, {"name": "Ben", "points": [2]}],
            }
        ),
        encoding="utf-8",
    )
    run(capsys, "score", str(sheet), "--save", "--db", url)
    with open_store(url) as store:
        assert store.template("quick-cosmic-encounter").version == 2
        assert store.game_stats("quick-cosmic-encounter").plays == 2


def test_a_bad_quick_sheet_names_every_problem_and_saves_nothing(capsys, url, tmp_path):
    sheet = tmp_path / "bad.json"
    sheet.write_text(
        '{"quick": {"name": "", "target": 2.25, "colour": 1}, "players": [{"name": "A",'
        ' "points": ["x"]}]}',
        encoding="utf-8",
    )
    with pytest.raises(SystemExit) as stop:
        main(["score", str(sheet), "--save", "--db", url])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.splitlines() == [
        f'scorepad: {sheet}: quick.colour: unknown field "colour"; allowed here: "name",'
        ' "bgg_id", "rounds", "lowest_wins", "target", "cooperative"',
        f"{sheet}: quick.name: the game's name is blank: type it",
        f"{sheet}: quick.target: 2.25 is not a target score: an exact number above 0, whole or"
        " ending in .5 (such as 100 or 10.5)",
        f'{sheet}: players[0].points[0]: "x" is not a number',
    ]
    with open_store(url) as store:
        assert store.quick_games() == [] and store.list_plays().plays == ()
