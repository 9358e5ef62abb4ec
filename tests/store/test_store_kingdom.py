"""Kingdomino's kingdom kept with a play, as the other boards are
(tests/store/test_store_pavilion_palace.py): saved with the seat and read back, listed,
kept by an edit, carried both ways by the JSON export and into the CSV export, refused
with a message naming the player when it disagrees with the lines saved beside it or
cannot be; ``score --save`` keeps it. Each test runs on a real SQLite file and on
PostgreSQL."""

from __future__ import annotations

import csv
import io
import json

import pytest
from store_sheets import edit

from scorepad.cli import main
from scorepad.core import find_game
from scorepad.core.boards.kingdom import Kingdom
from scorepad.core.scoring import PlayerSheet
from scorepad.store import StoreError, open_store
from scorepad.store.boards import read_boards

KINGDOMINO = find_game("kingdomino")
ANA = [
    "W1 W F F1 F",
    "W L L2 F G",
    "S L C G G1",
    "S1 M M2 G G",
    "S M W W W1",
]
"""Worked by hand (tests/core/test_boards_kingdom.py): 30 points, largest property 5,
9 crowns, the castle in the centre, complete."""
ANA_LINES = {"properties": 30, "largest_property": 5, "crowns": 9}


def players(properties: int = 30) -> list[PlayerSheet]:
    return [
        PlayerSheet("Ana", {**ANA_LINES, "properties": properties}),
        PlayerSheet("Ben", {"properties": 12, "largest_property": 4, "crowns": 3}),
    ]


def kept(store, play: int) -> list[object]:
    return [p.board.fields if p.board else None for p in store.get_play(play).summary.players]


def test_a_kingdom_is_saved_read_back_listed_and_kept_by_an_edit(store):
    play = store.save_play(KINGDOMINO, None, players(), boards=({"kingdom": ANA}, None))
    record = store.get_play(play)
    assert kept(store, play) == [{"kingdom": ANA}, None]
    assert record.summary.players[0].board.kind == "kingdom"
    read = read_boards([p.board for p in record.summary.players], record.summary.variant)
    assert read == (Kingdom.read(ANA), None)
    listed = {p.id: p for p in store.list_plays().plays}
    assert listed[play].players[0].board.fields == {"kingdom": ANA}
    store.update_play(play, edit(store, play, players()))  # None keeps the kingdom
    assert kept(store, play)[0] == {"kingdom": ANA}
    cleared = edit(store, play, players(31), boards=())  # the lines stay as typed
    store.update_play(play, cleared)
    assert kept(store, play) == [None, None]
    assert store.get_play(play).sheet.players[0].total == 31


def test_the_bonuses_chosen_are_checked_against_the_kingdom(store):
    game = find_game("kingdomino")
    from scorepad.core.combined import with_modules

    both = with_modules(game, ["middle-kingdom", "harmony"])
    entries = [
        PlayerSheet("Ana", {**ANA_LINES, "middle_kingdom": True, "harmony": True}),
        PlayerSheet("Ben", {"properties": 12}),
    ]
    play = store.save_play(both, None, entries, boards=({"kingdom": ANA}, None))
    assert store.get_play(play).sheet.players[0].total == 30 + 10 + 5
    entries[0] = PlayerSheet("Ana", {**ANA_LINES, "middle_kingdom": True})
    with pytest.raises(StoreError) as refused:
        store.save_play(both, None, entries, boards=({"kingdom": ANA}, None))
    assert refused.value.message("en") == (
        'Ana, line "harmony" (Complete territory (no domino discarded)): false is typed, '
        "but the kingdom gives true"
    )


@pytest.mark.parametrize(
    ("entries", "boards", "said"),
    [
        (
            players(29),
            ({"kingdom": ANA}, None),
            'Ana, line "properties" (Properties): 29 is typed, but the kingdom gives 30',
        ),
        (
            players(),
            ({"kingdom": [*ANA[:4], "S M W W C"]}, None),
            "Ana, kingdom: the kingdom has 2 castles (C): it has one",
        ),
        (
            players(),
            ({"kingdom": ANA, "wall": ["....."] * 5}, None),
            "Ana: a kept board is one board (an Azul wall, a Summer Pavilion pavilion, a "
            "Sintra palace or a Kingdomino kingdom), not fields of two",
        ),
    ],
)
def test_a_kingdom_that_disagrees_or_cannot_be_is_refused_naming_the_player(
    store, entries, boards, said
):
    with pytest.raises(StoreError) as refused:
        store.save_play(KINGDOMINO, None, entries, boards=boards)
    assert refused.value.message("en") == said
    assert store.list_plays().plays == ()


DUEL = [". . . . . . ."] * 3 + [". . F1 C W W2 ."] + [". . F . . . ."] + [". . . . . . ."] * 2
"""A Mighty Duel kingdom: forest 2 × 1, wheat 2 × 2: 6 points, 3 crowns."""


def test_a_mighty_duel_kingdom_is_kept_with_two_players_and_refused_with_three(store):
    duel = [
        PlayerSheet("Ana", {"properties": 6, "largest_property": 2, "crowns": 3}),
        PlayerSheet("Ben", {"properties": 12}),
    ]
    play = store.save_play(KINGDOMINO, None, duel, boards=({"kingdom": DUEL}, None))
    assert kept(store, play) == [{"kingdom": DUEL}, None]
    with pytest.raises(StoreError) as refused:
        store.save_play(
            KINGDOMINO, None, [*duel, PlayerSheet("Cy")], boards=({"kingdom": DUEL}, None, None)
        )
    assert refused.value.message("en") == (
        "a 7 × 7 kingdom is the Mighty Duel's, for 2 players; this sheet has 3"
    )
    sizes = [PlayerSheet("Ana", ANA_LINES), duel[0]._replace(name="Ben")]
    with pytest.raises(StoreError) as refused:
        store.save_play(KINGDOMINO, None, sizes, boards=({"kingdom": ANA}, {"kingdom": DUEL}))
    assert refused.value.message("en").startswith("Ben's kingdom is 7 × 7, Ana's 5 × 5")
    assert len(store.list_plays().plays) == 1


def test_a_kingdom_goes_both_ways_through_the_json_export_and_into_the_csv(
    store, pg_or_file, tmp_path
):
    store.save_play(
        KINGDOMINO, None, players(), "2024-03-01T20:00", boards=({"kingdom": ANA}, None)
    )
    out = io.StringIO()
    assert store.export(out, "json") == 1
    text = out.getvalue()
    plays = [json.loads(line.rstrip(",")) for line in text.splitlines() if '"uid"' in line]
    assert plays[0]["players"][0]["kingdom"] == ANA
    assert "kingdom" not in plays[0]["players"][1]
    changed = text.replace('"S M W W W1"', '"S M W W W2"')
    assert changed != text
    with open_store(pg_or_file) as target:
        with pytest.raises(StoreError) as refused:
            target.import_text(changed, "export.json")
        assert "30 is typed, but the kingdom gives 33" in refused.value.message("en")
        assert target.list_plays().plays == ()
    with open_store(pg_or_file) as target:
        target.import_text(text, "export.json")
        again = io.StringIO()
        target.export(again, "json")
        assert again.getvalue() == text
        assert [p.players[0].board.kind for p in target.list_plays().plays] == ["kingdom"]
    path = tmp_path / "plays.csv"
    store.export_file(path, "csv")
    rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
    assert [(r["player"], r["kingdom"]) for r in rows] == [("Ana", "/".join(ANA)), ("Ben", "")]


def test_score_save_keeps_the_kingdom_a_sheet_file_gives(url, tmp_path, capsys):
    sheet = {"game": "kingdomino", "players": [{"name": "Ana", "kingdom": ANA}, {"name": "Ben"}]}
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    assert main(["score", str(path), "--save", "--db", url]) == 0
    assert "Ana: properties, the largest property, crowns and bonuses from the kingdom." in (
        capsys.readouterr().out
    )
    with open_store(url) as store:
        (play,) = store.list_plays().plays
        assert play.players[0].board.fields == {"kingdom": ANA}
        assert store.get_play(play.id).sheet.players[0].total == 30
