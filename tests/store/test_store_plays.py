"""Saving, reading, editing, deleting and rematching plays; players; the user's own games."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from store_sheets import AZUL, GLASS, SINTRA, azul, edit, glass

from scorepad.core import ExtraLine, PlayerSheet, SheetError, TemplateError
from scorepad.store import NewSheet, PlayFilter, StoreError

HOUSE = {
    "id": "house-game",
    "name": {"en": "House game", "es": "Juego de casa"},
    "players": {"min": 2, "max": 4},
    "lines": [
        {"key": "gold", "kind": "count", "per": 2, "label": {"en": "Gold", "es": "Oro"}},
        {"key": "bonus", "kind": "points", "label": {"en": "Bonus", "es": "Extra"}},
    ],
}


def test_a_play_comes_back_exactly_with_halves_entries_and_details(store):
    play = glass(store)
    record = store.get_play(play)
    summary = record.summary
    assert (summary.game, summary.location, summary.duration, summary.notes) == (
        "glass-road",
        "Club",
        70,
        "close",
    )
    assert summary.played_at.isoformat() == "2024-03-02T21:00:00"
    assert [(p.name, p.total, p.rank, p.winner) for p in summary.players] == [
        ("Ana", Decimal("21.5"), 2, False),
        ("Ben", 22, 1, True),
    ]
    ana, ben = record.sheet.players
    assert ana.entries["sand_left"] == {"count": 3, "rate": "start"}
    assert ana.lines["sand_left"] == Decimal("1.5")
    assert ben.extra == (ExtraLine("Train bonus", 1),)
    assert record.player_sheets()[1].extra == (ExtraLine("Train bonus", 1),)
    assert store.labels("glass-road") == ["Train bonus"]


def test_a_sheet_with_a_mistake_saves_nothing(store):
    bad = [PlayerSheet("Ana", {"marker": 10}), PlayerSheet("Ben", {"rows": 9})]
    with pytest.raises(SheetError, match="Ben"):
        store.save_play(AZUL, None, bad, "2024-01-01")
    with pytest.raises(StoreError, match="duration"):
        azul(store, "2024-01-01", {"Ana": 1, "Ben": 2}, duration=-5)
    assert store.list_plays().plays == ()
    assert store.players() == []


def test_edit_rescored_with_the_template_it_was_saved_with(store):
    store.create_game(HOUSE)
    template = store.template("house-game")
    players = [PlayerSheet("Ana", {"gold": 3}), PlayerSheet("Ben", {"gold": 2, "bonus": 3})]
    play = store.save_play(template, None, players, "2024-02-01")
    assert [p.total for p in store.get_play(play).summary.players] == [6, 7]
    store.update_game(
        {**HOUSE, "version": 2, "lines": [{**HOUSE["lines"][0], "per": 5}, HOUSE["lines"][1]]}
    )
    assert store.template("house-game").version == 2
    record = store.get_play(play)
    assert record.template_version == 1
    assert [p.total for p in record.summary.players] == [6, 7]
    edited = [PlayerSheet("Ana", {"gold": 4}), PlayerSheet("Ben", {"gold": 2, "bonus": 3})]
    after = store.update_play(play, edit(store, play, edited, notes="recounted"))
    assert [p.total for p in after.summary.players] == [8, 7]
    assert after.summary.winners == ("Ana",)
    assert after.summary.notes == "recounted"
    assert store.player_stats("Ana").wins == 1
    new = store.save_play(store.template("house-game"), None, edited, "2024-02-02")
    assert [p.total for p in store.get_play(new).summary.players] == [20, 13]


def test_delete_hides_a_play_and_restore_brings_it_back(store):
    first = azul(store, "2024-01-01", {"Ana": 10, "Ben": 20})
    second = azul(store, "2024-01-02", {"Ana": 30, "Ben": 20})
    store.delete_play(second)
    assert [p.id for p in store.list_plays().plays] == [first]
    assert store.player_stats("Ana").plays == 1
    assert store.game_stats("azul").plays == 1
    assert store.deleted_plays() == [second]
    store.restore_play(second)
    assert [p.id for p in store.list_plays().plays] == [second, first]
    assert store.player_stats("Ana").wins == 1
    store.purge_play(first)
    with pytest.raises(StoreError, match=f"no play {first}"):
        store.get_play(first)
    with pytest.raises(StoreError):
        store.delete_play(999)


def test_rematch_starts_a_sheet_with_the_same_game_variant_and_players(store):
    players = [PlayerSheet("Ana", {"marker": 50}), PlayerSheet("Ben", {"marker": 40})]
    play = store.save_play(SINTRA, "B", players, "2024-01-01")
    sheet = store.rematch(play)
    assert sheet == NewSheet("azul-sintra", "B", ("Ana", "Ben"))
    again = store.save_play(
        store.template(sheet.game), sheet.variant, [PlayerSheet(n) for n in sheet.players]
    )
    assert store.get_play(again).sheet.variant == "B"
    assert len(store.list_plays().plays) == 2


def test_rename_and_merge_players_keep_every_play(store):
    azul(store, "2024-01-01", {"Ana": 10, "Ben": 20})
    azul(store, "2024-01-02", {"Anita": 30, "Ben": 20})
    store.rename_player("ben", "Benjamín")
    assert [p.name for p in store.players()] == ["Ana", "Anita", "Benjamín"]
    with pytest.raises(StoreError, match="already exists"):
        store.rename_player("Ana", "ANITA")
    store.merge_players("Anita", "Ana")
    assert [(p.name, p.plays) for p in store.players()] == [("Ana", 2), ("Benjamín", 2)]
    stats = store.player_stats("ana")
    assert (stats.plays, stats.wins, stats.best_total) == (2, 1, 30)
    assert len(store.list_plays(PlayFilter(player="Ana")).plays) == 2
    with pytest.raises(StoreError, match="both played in play"):
        store.merge_players("Ana", "Benjamín")
    with pytest.raises(StoreError, match="no player"):
        store.merge_players("Nobody", "Ana")


def test_custom_games_are_validated_like_built_in_ones(store):
    with pytest.raises(TemplateError, match="per"):
        store.create_game({**HOUSE, "lines": [{**HOUSE["lines"][0], "pre": 2}]})
    with pytest.raises(StoreError, match="built-in"):
        store.create_game({**HOUSE, "id": "azul"})
    store.create_game(json.dumps(HOUSE), "house.json")
    with pytest.raises(StoreError, match="already exists"):
        store.create_game(HOUSE)
    assert [g.template.id for g in store.custom_games()] == ["house-game"]
    assert "house-game" in store.games() and "azul" in store.games()
    play = store.save_play(store.template("house-game"), None, [PlayerSheet("A"), PlayerSheet("B")])
    store.delete_game("house-game")
    assert "house-game" not in store.games()
    assert store.get_play(play).summary.game == "house-game"
    store.restore_game("house-game")
    assert [g.template.id for g in store.custom_games()] == ["house-game"]
    with pytest.raises(StoreError, match="not one of your own"):
        store.delete_game("azul")


def test_a_game_file_exports_and_imports_in_the_built_in_format(store, tmp_path):
    store.create_game(HOUSE)
    text = store.export_game("house-game")
    assert json.loads(text)["lines"][0]["per"] == 2
    shared = tmp_path / "house.json"
    shared.write_text(text.replace("House game", "Shared game"), encoding="utf-8")
    from scorepad.core import load_template

    load_template(shared.read_text(encoding="utf-8"), "house.json")
    store.import_game(shared.read_text(encoding="utf-8"), str(shared))
    assert store.template("house-game").name["en"] == "Shared game"
    assert json.loads(store.export_game("azul"))["id"] == "azul"
    sand = json.loads(store.export_game("glass-road"))["lines"][4]["rates"][0]
    assert sand["per"] == 0.5


def test_a_game_file_is_written_whole_or_not_at_all(store, tmp_path):
    store.create_game(HOUSE)
    target = tmp_path / "house-game.json"
    assert store.export_game_file("house-game", target) == target
    assert target.read_text(encoding="utf-8") == store.export_game("house-game")
    with pytest.raises(StoreError, match=r"cannot write .*missing"):
        store.export_game_file("house-game", tmp_path / "missing" / "house-game.json")
    with pytest.raises(StoreError, match="no game"):
        store.export_game_file("no-such-game", target)
    assert target.read_text(encoding="utf-8") == store.export_game("house-game")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_by_hand_labels_are_kept_per_game(store):
    players = [
        PlayerSheet("Ana", {"marker": 5}, [ExtraLine("Late arrival", -2)]),
        PlayerSheet("Ben", {"marker": 6}, [ExtraLine("Snacks", 1)]),
    ]
    store.save_play(AZUL, None, players, "2024-01-01")
    again = [PlayerSheet("Ana", {"marker": 7}), PlayerSheet("Ben", {}, [ExtraLine("Snacks", 2)])]
    store.save_play(AZUL, None, again, "2024-02-01")
    assert store.labels("azul") == ["Snacks", "Late arrival"]
    assert store.labels("glass-road") == []
    assert GLASS.id not in [g.template.id for g in store.custom_games()]


def test_entries_are_written_as_the_json_encoder_writes_them():
    from scorepad.core import builtin_games, score
    from scorepad.store.rows import entries_text, tiebreak_text, value_text
    from scorepad.store.values import dump

    values = [0, -3, 10**12, True, False, (4, 5), [4, 5], (True, 1), Decimal("1.5")]
    values += [{"count": 3, "rate": "upgraded"}, {"rate": "start", "count": 3}, "x", None]
    for value in values:
        assert value_text(value) == dump(value), value
    assert tiebreak_text(()) == "[]"
    assert tiebreak_text((2, -1)) == dump([2, -1])
    assert tiebreak_text((Decimal("2.5"), 1)) == dump([Decimal("2.5"), 1])
    glass_road = builtin_games()["glass-road"]
    sheet = score(
        glass_road,
        None,
        [
            PlayerSheet("Ana", {"buildings": 0, "sand_left": {"count": 3, "rate": "upgraded"}}),
            PlayerSheet(
                "Ben",
                {
                    "glass_left": {"count": 2, "rate": "start"},
                    "bricks_left": {"count": 0, "rate": "start"},
                },
            ),
        ],
    )
    blanks = {line.key: line.empty().value for line in glass_road.lines}
    for player in sheet.players:
        kept = {
            k: r.value
            for k, r in player.readings.items()
            if r.value != blanks[k] or type(r.value) is not type(blanks[k])
        }
        assert entries_text(player.readings, blanks) == dump(kept)
    assert entries_text(sheet.players[0].readings, blanks) == (
        '{"sand_left":{"count":3,"rate":"upgraded"}}'
    )


def test_rated_counts_are_written_alike_when_remembered():
    """A count with a rate (a new dict in each reading) is remembered by its key, count,
    rate, the order of its two keys and the line's blank: every play's entries text is
    the encoder's, the first time and when remembered, in either order of the keys."""
    from scorepad.core import builtin_games, score
    from scorepad.store.rows import entries_text
    from scorepad.store.values import dump

    glass_road = builtin_games()["glass-road"]
    blanks = {line.key: line.empty().value for line in glass_road.lines}
    given = [
        {"count": 2, "rate": "upgraded"},
        {"rate": "upgraded", "count": 2},
        {"count": 0, "rate": "start"},  # the blank
        {"rate": "start", "count": 0},  # the blank too, keys the other way round
        {"count": 0, "rate": "upgraded"},
    ]
    for _ in range(2):  # met, then remembered
        for value in given:
            sheet = score(glass_road, None, [PlayerSheet("Ana", {"glass_left": value})])
            readings = sheet.players[0].readings
            kept = {
                k: r.value
                for k, r in readings.items()
                if r.value != blanks[k] or type(r.value) is not type(blanks[k])
            }
            assert entries_text(readings, blanks) == dump(kept), value
