"""Summer Pavilion's pavilion and Sintra side B's palace kept with a play, as the Azul wall
is (tests/store/test_store_boards.py): saved with the seat, listed, kept by an edit,
carried both ways by the JSON export and by the CSV export, refused with a message naming
the player when it disagrees with the lines saved beside it; ``score --save`` and
``history --json`` keep them. Each test runs on a real SQLite file and on PostgreSQL."""

from __future__ import annotations

import csv
import io
import json

import pytest
from store_sheets import edit

from scorepad.cli import main
from scorepad.core import find_game
from scorepad.core.scoring import PlayerSheet
from scorepad.store import StoreError, open_store

PAVILION = find_game("azul-summer-pavilion")
SINTRA = find_game("azul-sintra")
ANA_STARS = ["XXXXXX", "XXXXXX", "X.....", "X.....", "X.....", "X.....", "X....."]
"""The centre and red stars complete, and every space showing 1 covered (all 1s)."""
ANA_WINDOWS = ["XC", "CX", "XC", "X.", "C.", "..", "..", ".."]
"""Three completed windows, four pieces of the colour counted."""


def pavilion_players(red: bool = True) -> list[PlayerSheet]:
    return [
        PlayerSheet(
            "Ana", {"marker": 40, "star_multicolour": True, "star_red": red, "all_1s": True}
        ),
        PlayerSheet("Ben", {"marker": 30, "star_blue": True}),
    ]


def sintra_players(windows: list[int] | None = None) -> list[PlayerSheet]:
    return [
        PlayerSheet("Ana", {"marker": 40, "windows": windows or [3, 4]}),
        PlayerSheet("Ben", {"marker": 30, "windows": [1, 1]}),
    ]


def kept(store, play: int) -> list[object]:
    return [p.board.fields if p.board else None for p in store.get_play(play).summary.players]


def test_a_pavilion_is_saved_listed_and_kept_by_an_edit(store):
    boards = ({"pavilion": ANA_STARS}, None)
    play = store.save_play(PAVILION, None, pavilion_players(), boards=boards)
    record = store.get_play(play)
    assert kept(store, play) == [{"pavilion": ANA_STARS}, None]
    assert record.summary.players[0].board.kind == "azul-pavilion"
    assert [p.total for p in record.sheet.players] == [40 + 12 + 14 + 4, 30 + 15]
    listed = {p.id: p for p in store.list_plays().plays}
    assert listed[play].players[0].board.fields == {"pavilion": ANA_STARS}
    store.update_play(play, edit(store, play, pavilion_players()))  # None keeps the pavilion
    assert kept(store, play)[0] == {"pavilion": ANA_STARS}
    cleared = edit(store, play, pavilion_players(red=False), boards=())  # lines stay
    store.update_play(play, cleared)
    assert kept(store, play) == [None, None]


def test_the_variant_side_keeps_each_stars_colour(store):
    colours = ["green", "green", None, None, None, None, None]
    stars = ["XXXXXX", "XXXXXX", *["......"] * 5]
    given = {"pavilion": ["XXXXXX", "xxxxxx", *stars[2:]], "star_colours": colours}
    entries = [
        PlayerSheet("Ana", {"marker": 40, "star_green": 2}),
        PlayerSheet("Ben", {"marker": 30}),
    ]
    play = store.save_play(PAVILION, "B", entries, boards=(given, None))
    assert kept(store, play)[0] == {"pavilion": stars, "star_colours": colours}
    assert store.get_play(play).sheet.players[0].total == 40 + 2 * 18


def test_a_palace_is_saved_and_kept_on_side_b(store):
    play = store.save_play(SINTRA, "B", sintra_players(), boards=({"palace": ANA_WINDOWS}, None))
    assert kept(store, play) == [{"palace": ANA_WINDOWS}, None]
    assert store.get_play(play).summary.players[0].board.kind == "sintra-palace"


@pytest.mark.parametrize(
    ("game", "variant", "entries", "boards", "said"),
    [
        (
            PAVILION,
            None,
            pavilion_players(red=False),
            ({"pavilion": ANA_STARS}, None),
            'Ana, line "star_red" (Red star complete): false is typed, but the pavilion gives true',
        ),
        (
            SINTRA,
            "B",
            sintra_players([2, 4]),
            ({"palace": ANA_WINDOWS}, None),
            'Ana, line "windows" (Windows): [2, 4] is typed, but the palace gives [3, 4]',
        ),
        (
            SINTRA,
            "B",
            sintra_players(),
            ({"palace": [".X", *ANA_WINDOWS[1:]]}, None),
            "Ana, palace: window 1: a piece in the bottom frame space needs one in the top "
            "frame space (the top one is filled first)",
        ),
        (
            SINTRA,
            "A",
            [PlayerSheet("Ana", {"marker": 40}), PlayerSheet("Ben", {"marker": 30})],
            ({"palace": ANA_WINDOWS}, None),
            'Ana: "palace" goes only on side B of Stained Glass of Sintra: side A\'s '
            "ornaments are typed",
        ),
        (
            PAVILION,
            None,
            pavilion_players(),
            ({"pavilion": ANA_STARS, "wall": ["....."] * 5}, None),
            "Ana: a kept board is one board (an Azul wall, a Summer Pavilion pavilion, a "
            "Sintra palace or a Kingdomino kingdom), not fields of two",
        ),
        (
            PAVILION,
            None,
            pavilion_players(),
            ({"pavilion": None}, None),
            "Ana: a kept board has no field: give a wall, a pavilion, a palace or a kingdom, or "
            "null for none",
        ),
        (
            PAVILION,
            "B",
            [PlayerSheet("Ana", {"marker": 40}), PlayerSheet("Ben", {"marker": 30})],
            ({"pavilion": ANA_STARS}, None),
            "Ana, pavilion: star 1 is complete: give it the colour it was built in",
        ),
    ],
)
def test_a_board_that_disagrees_is_refused_naming_the_player(
    store, game, variant, entries, boards, said
):
    with pytest.raises(StoreError) as refused:
        store.save_play(game, variant, entries, boards=boards)
    assert refused.value.message("en") == said
    assert store.list_plays().plays == ()


def test_a_kept_palace_refuses_an_edit_of_its_line(store):
    play = store.save_play(SINTRA, "B", sintra_players(), boards=({"palace": ANA_WINDOWS}, None))
    with pytest.raises(StoreError) as refused:
        store.update_play(play, edit(store, play, sintra_players([3, 5])))
    assert "[3, 5] is typed, but the palace gives [3, 4]" in refused.value.message("en")
    assert kept(store, play)[0] == {"palace": ANA_WINDOWS}


def test_both_boards_go_both_ways_through_the_json_export_and_into_the_csv(
    store, pg_or_file, tmp_path
):
    store.save_play(
        PAVILION,
        None,
        pavilion_players(),
        "2024-03-01T20:00",
        boards=({"pavilion": ANA_STARS}, None),
    )
    store.save_play(
        SINTRA, "B", sintra_players(), "2024-03-02T20:00", boards=({"palace": ANA_WINDOWS}, None)
    )
    out = io.StringIO()
    assert store.export(out, "json") == 2
    text = out.getvalue()
    plays = [json.loads(line.rstrip(",")) for line in text.splitlines() if '"uid"' in line]
    by_game = {play["game"]: play["players"] for play in plays}
    assert by_game["azul-summer-pavilion"][0]["pavilion"] == ANA_STARS
    assert by_game["azul-sintra"][0]["palace"] == ANA_WINDOWS
    assert "pavilion" not in by_game["azul-summer-pavilion"][1]
    changed = text.replace('"XC","CX","XC"', '"XC","CX","X."')
    assert changed != text
    with open_store(pg_or_file) as target:
        with pytest.raises(StoreError) as refused:
            target.import_text(changed, "export.json")
        assert "Ana" in refused.value.message("en") and "the palace gives" in (
            refused.value.message("en")
        )
        assert target.list_plays().plays == ()

    with open_store(pg_or_file) as target:
        target.import_text(text, "export.json")
        again = io.StringIO()
        target.export(again, "json")
        assert again.getvalue() == text
        kinds = sorted(p.players[0].board.kind for p in target.list_plays().plays)
        assert kinds == ["azul-pavilion", "sintra-palace"]

    path = tmp_path / "plays.csv"
    store.export_file(path, "csv")
    rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
    assert [(r["player"], r["pavilion"], r["palace"]) for r in rows] == [
        ("Ana", "/".join(ANA_STARS), ""),
        ("Ben", "", ""),
        ("Ana", "", "/".join(ANA_WINDOWS)),
        ("Ben", "", ""),
    ]
    assert [r["wall"] for r in rows] == ["", "", "", ""]


def test_score_save_keeps_the_sheet_files_boards_and_history_json_gives_them(capsys, url, tmp_path):
    colours = ["red", None, None, None, None, None, None]
    sheets = [
        {
            "game": "azul-summer-pavilion",
            "variant": "B",
            "players": [
                {
                    "name": "Ana",
                    "lines": {"marker": 40},
                    "pavilion": ["XXXXXX", *ANA_STARS[2:], "......"],
                    "star_colours": colours,
                },
                {"name": "Ben", "lines": {"marker": 30}},
            ],
        },
        {
            "game": "azul-sintra",
            "variant": "B",
            "players": [
                {"name": "Ana", "lines": {"marker": 40}, "palace": ANA_WINDOWS},
                {"name": "Ben", "lines": {"marker": 30}},
            ],
        },
    ]
    for number, sheet in enumerate(sheets):
        path = tmp_path / f"sheet{number}.json"
        path.write_text(json.dumps(sheet), encoding="utf-8")
        assert main(["score", str(path), "--save", "--db", url, "--json"]) == 0
        saved = json.loads(capsys.readouterr().out)
        assert saved["players"][0]["board"]["filled"]
    assert main(["history", "--db", url, "--json"]) == 0
    plays = {p["game"]: p["players"] for p in json.loads(capsys.readouterr().out)}
    ana = plays["azul-summer-pavilion"][0]
    assert ana["pavilion"] == sheets[0]["players"][0]["pavilion"]
    assert ana["star_colours"] == colours
    assert plays["azul-sintra"][0]["palace"] == ANA_WINDOWS
    assert [p["total"] for p in plays["azul-sintra"]] == [40 + 3 * 4, 30]
    assert "palace" not in plays["azul-sintra"][1]

    sheets[1]["players"][0]["lines"]["windows"] = [2, 4]  # against the palace: refused
    path = tmp_path / "sheet1.json"
    path.write_text(json.dumps(sheets[1]), encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["score", str(path), "--save", "--db", url])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "[2, 4] is typed, but the palace gives [3, 4]" in err
