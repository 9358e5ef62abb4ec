"""Boards in sheet files, through the command line: ``"wall"``, ``"side"`` and ``"track"``
fill the Azul sheet's lines (docs/sheet-files.md, "Boards"), ``--json`` adds each board,
``scorepad template azul`` documents them, and every bad board is refused with one line
naming the player, exit status 2, in the reader's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorepad.cli import main

WALL_ANA = ["BYRKW", "WB...", "KW...", "R....", "Y...."]  # 1 row, 1 column
FIVE_ROUNDS = [
    {"placed": ["B1", "W2"], "floor": 1},
    {"placed": ["Y1", "B2"]},
    {"placed": ["R1", "Y2", "K3"], "floor": 3},
    {"placed": ["K1"]},
    {"placed": ["W1"], "floor": 2},
]


@pytest.fixture(autouse=True)
def no_history_named(monkeypatch):
    monkeypatch.delenv("SCOREPAD_DB", raising=False)


def score(tmp_path, capsys, sheet: dict, *options: str) -> str:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    assert main(["score", str(path), *options]) == 0
    return capsys.readouterr().out


def refused(tmp_path, capsys, sheet: dict, lang: str = "en") -> str:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["score", str(path), "--lang", lang])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    return captured.err.removeprefix("scorepad: ").rstrip("\n")


def azul(*players: dict) -> dict:
    return {"game": "azul", "players": list(players)}


def test_a_wall_fills_rows_columns_and_colours(tmp_path, capsys):
    sheet = azul(
        {"name": "Ana", "wall": WALL_ANA, "lines": {"marker": 40}},
        {
            "name": "Ben",
            "side": "grey",
            "wall": ["BYRKW", "YRKWB", *["....."] * 3],
            "lines": {"marker": 40, "rows": 2},
        },  # typed as well, and the same: fine
    )
    data = json.loads(score(tmp_path, capsys, sheet, "--json"))
    ana, ben = data["players"]
    assert ana["entries"] == {"marker": 40, "rows": 1, "columns": 1, "colours": 0}
    assert ana["total"] == 40 + 2 + 7
    assert ben["entries"] == {"marker": 40, "rows": 2, "columns": 0, "colours": 0}
    assert ben["total"] == 44 and ben["tiebreak"] == [2]
    assert data["winners"] == ["Ana"]  # 49 to 44
    assert ana["board"] == {
        "side": "coloured",
        "wall": WALL_ANA,
        "filled": ["rows", "columns", "colours"],
    }
    assert ben["board"]["side"] == "grey"
    assert "track" not in data  # no tracked rounds on this sheet
    text = score(tmp_path, capsys, sheet, "--lang", "en")
    assert "Ana: complete rows, columns and colours from the wall (coloured side)." in text
    assert "Ben: complete rows, columns and colours from the wall (grey side)." in text


def test_the_wall_decides_a_tie_on_complete_rows(tmp_path, capsys):
    sheet = azul(
        {"name": "Ana", "wall": WALL_ANA, "lines": {"marker": 42}},
        {"name": "Ben", "wall": ["BYRKW", "WBYRK", *["....."] * 3], "lines": {"marker": 45}},
    )
    data = json.loads(score(tmp_path, capsys, sheet, "--json"))
    assert [p["total"] for p in data["players"]] == [51, 49]
    sheet["players"][1]["lines"]["marker"] = 47
    data = json.loads(score(tmp_path, capsys, sheet, "--json"))
    assert [p["total"] for p in data["players"]] == [51, 51]
    assert data["winners"] == ["Ben"] and data["decided_by"] == "tiebreak"


def test_a_tracked_game_fills_the_score_track_and_shows_each_round(tmp_path, capsys):
    grey = [{"placed": [f"{c}1@{i}"]} for i, c in enumerate("BYRKW", 1)]
    grey[1]["placed"].append("Y2@1")
    sheet = azul(
        {"name": "Ana", "track": FIVE_ROUNDS},
        {"name": "Ben", "side": "grey", "track": grey},
    )
    data = json.loads(score(tmp_path, capsys, sheet, "--json"))
    ana, ben = data["players"]
    # Ana: +3 −1 → 2; +6 → 8; R1 3, Y2 3+2, K3 3 = 11, −4 → 15; K1 4 → 19; W1 5, −2 → 22
    assert [(r["gained"], r["floor"], r["score"]) for r in ana["board"]["rounds"]] == [
        (3, -1, 2),
        (6, 0, 8),
        (11, -4, 15),
        (4, 0, 19),
        (5, -2, 22),
    ]
    assert ana["board"]["rounds"][2]["placed"] == [
        {"tile": "R1", "row": 1, "column": 3, "points": 3},
        {"tile": "Y2", "row": 2, "column": 3, "points": 5},
        {"tile": "K3", "row": 3, "column": 1, "points": 3},  # under W2 and B1
    ]
    assert ana["entries"] == {"marker": 22, "rows": 1, "columns": 0, "colours": 0}
    assert ana["board"]["filled"] == ["marker", "rows", "columns", "colours"]
    assert ana["board"]["wall"] == ["BYRKW", "WBY..", "K....", ".....", "....."]
    assert ben["entries"]["marker"] == 1 + 4 + 3 + 4 + 5
    assert ben["board"]["rounds"][1]["placed"][1]["tile"] == "Y2@1"
    assert data["track"] == {
        "rounds": 5,
        "finished": True,
        "ended_round": 5,
        "ended_by": ["Ana", "Ben"],
        "note": "The game ended after round 5: a horizontal row complete for Ana and Ben.",
    }
    text = score(tmp_path, capsys, sheet, "--lang", "en")
    assert "Round 3  +11, floor −4 → 15" in text
    assert "+5, floor −2 → 22" in text
    es = score(tmp_path, capsys, sheet, "--lang", "es")
    assert "Ronda 3  +11, suelo −4 → 15" in es


def test_an_unfinished_tracked_game_says_so(tmp_path, capsys):
    sheet = azul({"name": "Ana", "track": FIVE_ROUNDS[:3]}, {"name": "Ben", "track": [{}, {}, {}]})
    data = json.loads(score(tmp_path, capsys, sheet, "--json"))
    assert data["track"]["finished"] is False and data["track"]["ended_round"] is None
    assert data["players"][1]["entries"]["marker"] == 0
    text = score(tmp_path, capsys, sheet, "--lang", "en")
    assert "Unfinished: no horizontal row complete after round 3." in text


def test_a_tracked_and_a_typed_player_on_one_sheet(tmp_path, capsys):
    sheet = azul({"name": "Ana", "track": FIVE_ROUNDS}, {"name": "Ben", "lines": {"marker": 30}})
    data = json.loads(score(tmp_path, capsys, sheet, "--json"))
    assert [p["total"] for p in data["players"]] == [24, 30]
    assert "board" not in data["players"][1]


def test_a_wall_beside_a_track_must_be_its_wall(tmp_path, capsys):
    wall = ["BYRKW", "WBY..", "K....", ".....", "....."]
    sheet = azul({"name": "Ana", "track": FIVE_ROUNDS, "wall": wall}, {"name": "Ben"})
    assert json.loads(score(tmp_path, capsys, sheet, "--json"))["players"][0]["total"] == 24
    sheet["players"][0]["wall"] = ["BYRKW", "WB...", "K....", ".....", "....."]
    assert refused(tmp_path, capsys, sheet) == (
        'Ana: the wall is not the one the tracked rounds build, row 2: "WB..." given, '
        '"WBY.." tracked'
    )


def test_save_keeps_the_lines_the_board_filled(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'history.db'}"
    sheet = azul({"name": "Ana", "track": FIVE_ROUNDS}, {"name": "Ben", "wall": WALL_ANA})
    data = json.loads(score(tmp_path, capsys, sheet, "--save", "--db", db, "--json"))
    assert data["play"] and data["players"][0]["board"]["rounds"][4]["score"] == 22
    assert main(["history", "--db", db, "--json"]) == 0
    (play,) = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in play["players"]] == [24, 9]


@pytest.mark.parametrize(
    ("player", "en"),
    [
        ({"wall": ["BYRKW"] * 4}, 'Ana, wall: ["BYRKW", "BYRKW", "BYRKW", "BYRKW"] is not a wall'),
        ({"wall": ["BYRK", *["....."] * 4]}, 'Ana, wall: row 1, "BYRK", is not five letters'),
        ({"wall": ["BYRKX", *["....."] * 4]}, 'Ana, wall: row 1, column 5: "X" is not a colour'),
        (
            {"wall": ["..B..", *["....."] * 4]},
            "Ana, wall: row 1, column 3: on the coloured side, B goes in column 1 of this row",
        ),
        (
            {"side": "grey", "wall": ["BB...", *["....."] * 4]},
            "Ana, wall: row 1, column 2: a second B in this row",
        ),
        (
            {"side": "grey", "wall": ["B....", "B....", *["....."] * 3]},
            "Ana, wall: row 2, column 1: a second B in this column",
        ),
        ({"side": "sideways", "wall": WALL_ANA}, 'Ana: "sideways" is not a side of the wall'),
        (
            {"wall": WALL_ANA, "lines": {"rows": 2}},
            'Ana, line "rows" (Complete horizontal rows): 2 is typed, but the wall gives 1',
        ),
        (
            {"wall": WALL_ANA, "lines": {"colours": "0+1"}},
            'Ana, line "colours" (Colours with all 5 tiles): "0+1" is typed, but the wall gives 0',
        ),
        (
            {"track": FIVE_ROUNDS, "lines": {"marker": 23}},
            'Ana, line "marker" (Score track): 23 is typed, but the tracked rounds give 22',
        ),
        ({"track": {"placed": ["B1"]}}, 'Ana, track: {"placed": ["B1"]} is not a list of rounds'),
        ({"track": [["B1"]]}, 'Ana, track: round 1: ["B1"] is not a round'),
        ({"track": [{"tiles": ["B1"]}]}, 'Ana, track: round 1: unknown field "tiles"'),
        ({"track": [{"placed": "B1"}]}, 'Ana, track: round 1: "placed" is "B1", not a list'),
        ({"track": [{}, {"placed": ["B9"]}]}, 'Ana, track: round 2: "B9" is not a tile'),
        ({"track": [{"floor": 8}]}, "Ana, track: round 1: 8 is not a number of floor-line"),
        ({"track": [{"floor": True}]}, "Ana, track: round 1: true is not a number of floor-line"),
        ({"track": [{"placed": ["B1", "Y1"]}]}, "Ana, track: round 1: two tiles in row 1"),
        (
            {"track": [{"placed": ["B1"]}, {"placed": ["b1"]}]},
            "Ana, track: round 2: row 1, column 1 already holds a tile",
        ),
        (
            {"side": "grey", "track": [{"placed": ["B1"]}]},
            'Ana, track: round 1: "B1": on the grey side a tile also says its column',
        ),
    ],
)
def test_a_bad_board_is_refused_with_one_line(tmp_path, capsys, player, en):
    sheet = azul({"name": "Ana", **player}, {"name": "Ben"})
    assert refused(tmp_path, capsys, sheet).startswith(en)


def test_the_refusal_speaks_the_readers_language(tmp_path, capsys):
    sheet = azul(
        {"name": "Ana", "side": "grey", "wall": ["BB...", *["....."] * 4]}, {"name": "Ben"}
    )
    assert refused(tmp_path, capsys, sheet, "es") == (
        "Ana, muro: fila 1, columna 2: un segundo B en esta fila (cada color va una vez por fila)"
    )
    assert refused(tmp_path, capsys, sheet, "fr").startswith("Ana, mur : ligne 1, colonne 2")
    assert refused(tmp_path, capsys, sheet, "de").startswith("Ana, Wand: Reihe 1, Spalte 2")


def test_tracked_players_share_their_rounds_and_stop_when_a_row_is_done(tmp_path, capsys):
    sheet = azul({"name": "Ana", "track": FIVE_ROUNDS}, {"name": "Ben", "track": [{}] * 4})
    assert refused(tmp_path, capsys, sheet) == (
        "Ben: 4 tracked rounds, where Ana has 5: every tracked player has the same rounds"
    )
    sheet = azul({"name": "Ana", "track": [*FIVE_ROUNDS, {}]}, {"name": "Ben", "track": [{}] * 6})
    assert refused(tmp_path, capsys, sheet) == (
        "a horizontal row was completed in round 5 (Ana), so the game ended after it: "
        "there is no round 6"
    )


def test_a_board_goes_only_on_an_azul_sheet(tmp_path, capsys):
    sheet = {
        "game": "azul-summer-pavilion",
        "players": [{"name": "Ana", "wall": WALL_ANA}, {"name": "Ben"}],
    }
    assert refused(tmp_path, capsys, sheet) == (
        'Ana: "wall", "side" and "track" go only on an Azul sheet (game "azul"), '
        'not on "azul-summer-pavilion"'
    )


def test_the_template_documents_the_board_fields(capsys):
    assert main(["template", "azul", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert 'Boards (in a sheet file, beside "lines"):' in out
    assert '"wall": five strings of five letters, top row first' in out
    assert '"side": "coloured"' in out and '"grey"' in out
    assert '{"placed": ["B1", "Y2"], "floor": 2}' in out and '"B1@3"' in out
    assert main(["template", "azul", "--json", "--lang", "fr"]) == 0
    boards = json.loads(capsys.readouterr().out)["boards"]
    assert set(boards) == {"wall", "side", "track"}
    assert boards["track"].startswith('"track" : la partie manche par manche')
    assert main(["template", "azul-sintra"]) == 0
    assert "Boards" not in capsys.readouterr().out


def test_the_documented_example_scores_as_the_page_says(capsys):
    root = Path(__file__).parents[2]
    page = (root / "docs" / "sheet-files.md").read_text(encoding="utf-8")
    section = page[page.index("## Boards (Azul)") :]
    shown = section[
        section.index("```json") + 7 : section.index("```", section.index("```json") + 7)
    ]
    example = root / "examples" / "azul-boards.json"
    assert json.loads(shown) == json.loads(example.read_text(encoding="utf-8"))
    assert main(["score", str(example), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in data["players"]] == [49, 24]
    assert [r["score"] for r in data["players"][1]["board"]["rounds"]] == [2, 8, 15, 19, 22]
    assert "40 + 2 + 7 = 49" in section and "22 + 2 = 24" in section
