"""Round plays and sums in cells in the history: saved with every round, re-scored on edit,
listed and counted like any play, exported and imported exactly."""

from __future__ import annotations

import copy
import csv
import io
import json
from datetime import datetime

import pytest
from store_sheets import edit

from scorepad.cli import main
from scorepad.core import PlayerSheet, builtin_games
from scorepad.store import StoreError, open_store
from scorepad.store import models as m
from scorepad.store.values import canonical, dump

SKULL_KING = builtin_games()["skull-king"]
UNO = builtin_games()["uno"]
KATE = {"bid": [1, 1, 3], "tricks": [1, 1, 3], "bonus": [0, 0, "10+20"]}
JOHNNY = {"bid": [0, 1, 1], "tricks": [0, 1, 0]}


def skull_king(store, when: str = "2024-06-01T20:00") -> int:
    players = [PlayerSheet("Kate", KATE), PlayerSheet("Johnny", JOHNNY)]
    return store.save_play(SKULL_KING, None, players, played_at=when)


def test_a_round_play_keeps_every_round_and_its_final_totals(store):
    play = skull_king(store)
    record = store.get_play(play)
    kate, johnny = record.sheet.players
    assert kate.rounds == (20, 40, 130) and johnny.rounds == (10, 30, 20)
    assert (kate.total, johnny.total) == (130, 20)
    assert kate.entries["bid"] == (1, 1, 3)
    assert record.sheet.played_rounds == 3 and not record.sheet.finished
    (listed,) = store.list_plays().plays
    assert [(p.name, p.total, p.winner) for p in listed.players] == [
        ("Kate", 130, True),
        ("Johnny", 20, False),
    ]
    assert store.game_stats("skull-king").plays == 1
    assert store.game_stats("skull-king").best_total == 130
    assert store.player_stats("Kate", "skull-king").wins == 1
    assert store.template("skull-king") is SKULL_KING


def test_a_sum_is_kept_as_typed_and_counts_exactly(store):
    record = store.get_play(skull_king(store))
    assert record.typed == ({"bonus": [0, 0, "10+20"]}, {})
    kate, johnny = record.player_sheets()
    assert kate.lines["bonus"] == [0, 0, "10+20"] and kate.lines["bid"] == (1, 1, 3)
    assert johnny.lines == dict(record.sheet.players[1].entries)
    assert record.sheet.players[0].entries["bonus"] == (0, 0, 30)


def test_sums_in_a_game_filled_in_once_are_kept_too(store):
    from scorepad.core import find_game

    sheets = [
        PlayerSheet("Ana", {"marker": "50+8", "ornament_1": 2, "glass_left": " 3+3 "}),
        PlayerSheet("Ben", {"marker": "40", "ornament_2": None}),
    ]
    play = store.save_play(find_game("azul-sintra"), "A", sheets)
    record = store.get_play(play)
    assert record.typed == ({"marker": "50+8", "glass_left": "3+3"}, {})
    assert record.sheet.players[0].entries["marker"] == 58
    assert record.sheet.players[1].entries["marker"] == 40  # plain text: a number


def test_an_edit_re_scores_the_rounds_and_keeps_new_sums(store):
    play = skull_king(store)
    kate, johnny = store.get_play(play).player_sheets()
    more = {key: [*value, 0] for key, value in kate.lines.items()}
    more["bid"][-1], more["tricks"][-1] = 2, 2
    other = {key: [*value, "0+1"] for key, value in johnny.lines.items()}
    record = store.update_play(
        play, edit(store, play, [PlayerSheet("Kate", more), PlayerSheet("Johnny", other)])
    )
    assert record.sheet.players[0].rounds == (20, 40, 130, 170)
    assert record.sheet.players[1].rounds == (10, 30, 20, 41)  # bid 1, took 1, bonus 1
    assert record.typed[0] == {"bonus": [0, 0, "10+20", 0]}
    assert record.typed[1]["bid"] == [0, 1, 1, "0+1"]
    (listed,) = store.list_plays().plays
    assert [p.total for p in listed.players] == [170, 41]


def test_a_round_play_keeps_its_result_when_its_game_changes_later(store):
    custom = copy.deepcopy(UNO.source)
    custom["id"] = "house-uno"
    game = store.create_game(custom)
    players = [PlayerSheet("Ana", {"points": [0, 120]}), PlayerSheet("Ben", {"points": [40, 0]})]
    play = store.save_play(game, None, players)
    custom["ends"] = {"reach": 100}
    custom["version"] = 2
    changed = store.update_game(custom)
    assert store.template("house-uno").rounds.target == 100
    record = store.get_play(play)
    assert record.template_version == 1
    assert record.sheet.template.rounds.target == 500 and not record.sheet.finished
    assert [p.total for p in record.sheet.players] == [120, 40]
    again = store.save_play(changed, None, players)
    assert store.get_play(again).sheet.ended.ended_by == ("Ana",)


def test_the_round_games_are_listed_like_any_built_in_and_a_user_game_may_not_take_their_ids(
    store,
):
    assert {"skull-king", "wizard", "flip-7", "uno", "azul"} <= set(store.games())
    assert store.games()["uno"] is UNO
    custom = copy.deepcopy(UNO.source)
    with pytest.raises(StoreError, match="uno"):
        store.create_game(custom)
    with pytest.raises(StoreError, match="uno"):
        store.update_game(custom)


def test_a_user_game_that_had_a_round_games_id_before_it_shipped_stays_theirs(store):
    """A history from before Scorepad shipped Uno may hold the user's own "uno": it keeps
    its place in the list and can still be edited, and the shipped Uno does not replace it."""
    theirs = copy.deepcopy(UNO.source) | {"name": {"en": "Our Uno"}, "version": 1}
    when = datetime.now()
    store.db.write(
        lambda c: c.execute(
            m.game.insert().values(
                key="uno",
                builtin=False,
                name=dump(theirs["name"]),
                definition=canonical(theirs),
                version=1,
                created_at=when,
                updated_at=when,
            )
        )
    )
    assert dict(store.games()["uno"].name) == {"en": "Our Uno"}
    store.update_game(theirs | {"name": {"en": "Our Uno, edited"}, "version": 2})
    assert dict(store.games()["uno"].name) == {"en": "Our Uno, edited"}
    assert builtin_games()["uno"].name["en"] == "Uno"


def test_json_export_and_import_round_trip_round_plays_and_sums_exactly(store, pg_or_file):
    skull_king(store)
    text = io.StringIO()
    assert store.export(text) == 1
    with open_store(pg_or_file) as other:
        assert other.import_text(text.getvalue(), "history.json").plays == 1
        again = io.StringIO()
        other.export(again)
        (play,) = other.list_plays().plays
        record = other.get_play(play.id)
    assert again.getvalue() == text.getvalue()
    assert record.sheet.players[0].rounds == (20, 40, 130)
    assert record.typed[0] == {"bonus": [0, 0, "10+20"]}
    saved = json.loads(text.getvalue())["plays"][0]["players"][0]["lines"]
    assert saved == {"bid": [1, 1, 3], "bonus": [0, 0, "10+20"], "tricks": [1, 1, 3]}


def test_csv_has_the_running_total_after_each_round(store):
    from store_sheets import azul

    skull_king(store)
    azul(store, "2024-06-02T20:00", {"Ana": 40, "Ben": 38})
    players = [
        PlayerSheet("Ana", {"points": [0, 0, 0, 0]}),  # Ben wins every round
        PlayerSheet("Ben", {"points": [40] * 4}),
    ]
    store.save_play(UNO, None, players, played_at="2024-06-03T20:00")
    text = io.StringIO()
    assert store.export(text, "csv") == 3
    rows = list(csv.DictReader(text.getvalue().splitlines()))
    header = text.getvalue().splitlines()[0].split(",")
    assert header[-6:] == ["extra", "rounds", "round_1", "round_2", "round_3", "round_4"]
    kate, johnny, ana_azul, _, ana_uno, ben_uno = rows
    assert [kate[f"round_{n}"] for n in range(1, 5)] == ["20", "40", "130", ""]
    assert (kate["rounds"], johnny["round_3"], kate["total"]) == ("3", "20", "130")
    assert ana_azul["rounds"] == "" and ana_azul["round_1"] == ""
    assert [ben_uno[f"round_{n}"] for n in range(1, 5)] == ["40", "80", "120", "160"]
    assert ana_uno["rounds"] == "4"


def test_csv_without_round_plays_keeps_its_columns(store):
    from store_sheets import azul

    from scorepad.store.csvfile import COLUMNS

    azul(store, "2024-06-02T20:00", {"Ana": 40, "Ben": 38})
    text = io.StringIO()
    store.export(text, "csv")
    assert text.getvalue().splitlines()[0] == ",".join(COLUMNS)


def test_bg_stats_export_carries_the_final_scores_and_the_number_of_rounds(store):
    from store_sheets import azul

    skull_king(store)
    azul(store, "2024-06-02T20:00", {"Ana": 40, "Ben": 38})
    text = io.StringIO()
    store.export(text, "bgsplay")
    document = json.loads(text.getvalue())
    rounds_play, azul_play = document["plays"]
    assert rounds_play["rounds"] == 3 and azul_play["rounds"] == 0
    assert [s["score"] for s in rounds_play["playerScores"]] == ["130", "20"]
    assert [s["winner"] for s in rounds_play["playerScores"]] == [True, False]


def test_score_save_keeps_a_round_play_from_a_sheet_file(capsys, url, tmp_path):
    sheet = {
        "game": "skull-king",
        "players": [{"name": "Kate", "lines": KATE}, {"name": "Johnny", "lines": JOHNNY}],
    }
    path = tmp_path / "sk.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    assert main(["score", str(path), "--save", "--db", url, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["play"] == 1 and out["rounds"] == [[20, 10], [40, 30], [130, 20]]
    with open_store(url) as store:
        record = store.get_play(1)
    assert record.typed[0] == {"bonus": [0, 0, "10+20"]}
    assert record.sheet.players[0].rounds == (20, 40, 130)


def test_a_bg_stats_round_play_comes_back_as_a_play_of_the_round_game(store, pg_or_file):
    players = [PlayerSheet("Ana", {"points": [0, 520]}), PlayerSheet("Ben", {"points": [30, 0]})]
    store.save_play(UNO, None, players, played_at="2024-06-03T20:00")
    text = io.StringIO()
    store.export(text, "bgsplay")
    with open_store(pg_or_file) as other:
        assert other.import_text(text.getvalue(), "plays.bgsplay").plays == 1
        (play,) = other.list_plays().plays
        record = other.get_play(play.id)
    assert play.game == "uno" and [p.total for p in play.players] == [520, 30]
    assert record.sheet.played_rounds == 0  # BG Stats keeps the totals, not the rounds
    assert [e.label for e in record.sheet.players[0].extra] == ["BG Stats score"]
