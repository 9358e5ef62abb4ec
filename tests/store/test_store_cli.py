"""The history's commands, run through ``scorepad.cli.main`` against a real history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorepad.cli import main
from scorepad.store.games import shipped_games

SHEET = "examples/azul.json"
BUILT_IN = sorted(shipped_games())
"""Every built-in game, the round games among them, in the order ``scorepad games`` lists."""
HOUSE = {
    "id": "house",
    "name": {"en": "House", "es": "Casa"},
    "players": {"min": 2, "max": 4},
    "lines": [{"key": "gold", "kind": "count", "per": 3, "label": {"en": "Gold", "es": "Oro"}}],
}
HOUSE_SHEET = {
    "game": "house",
    "players": [{"name": "Ana", "lines": {"gold": 2}}, {"name": "Ben", "lines": {"gold": 1}}],
}


def write(path, data):
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def fails(capsys, *args):
    with pytest.raises(SystemExit) as stop:
        main(list(args))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_score_save_then_history_stats_export_import(capsys, url, tmp_path):
    code, out, _ = run(
        capsys,
        "score",
        SHEET,
        "--save",
        "--db",
        url,
        "--played-at",
        "2024-05-01T20:00",
        "--notes",
        "=cmd",
        "--lang",
        "en",
    )
    assert code == 0 and "Ana wins with 77 points." in out and "saved as play 1" in out
    code, out, _ = run(capsys, "score", SHEET, "--save", "--json", "--db", url)
    assert json.loads(out)["play"] == 2
    code, out, _ = run(capsys, "history", "--db", url, "--lang", "en")
    assert out.splitlines()[1].startswith("#1") and "Ana 77 ★" in out
    code, out, _ = run(
        capsys, "history", "--db", url, "--player", "hugo", "--since", "2024-06-01", "--json"
    )
    assert [p["id"] for p in json.loads(out)] == [2]
    code, out, _ = run(capsys, "history", "--db", url, "--game", "azul", "--limit", "1", "--json")
    assert len(json.loads(out)) == 1
    code, out, _ = run(capsys, "stats", "--db", url, "--player", "Ana", "--json")
    assert json.loads(out)["wins"] == 2 and json.loads(out)["best_total"] == 77
    code, out, _ = run(capsys, "stats", "--db", url, "--game", "azul", "--json")
    data = json.loads(out)
    assert data["best_by"][0]["name"] == "Ana" and data["plays"] == 2
    code, out, _ = run(capsys, "stats", "--db", url, "--game", "azul", "--lang", "es")
    assert "mejor total 77 de Ana" in out
    code, out, _ = run(
        capsys, "stats", "--db", url, "--player", "Ana", "--versus", "Ben", "--lang", "en"
    )
    assert "Ana vs Ben: 2 plays together" in out
    code, out, _ = run(capsys, "stats", "--db", url, "--lang", "en")
    assert len(out.splitlines()) == 4
    for fmt in ("json", "csv", "bgsplay"):
        target = tmp_path / f"out.{fmt}"
        code, out, _ = run(
            capsys, "export", str(target), "--format", fmt, "--db", url, "--lang", "en"
        )
        assert code == 0 and "exported 2 plays" in out
    assert "'=cmd" in (tmp_path / "out.csv").read_text(encoding="utf-8")
    other = str(tmp_path / "other.sqlite3")
    code, out, _ = run(capsys, "import", str(tmp_path / "out.json"), "--db", other, "--lang", "en")
    assert "imported 2 plays (0 already in the history)" in out
    code, out, _ = run(capsys, "import", str(tmp_path / "out.json"), "--db", other, "--json")
    assert json.loads(out) == {"imported": 0, "skipped": 2}


def test_players_and_own_games_commands(capsys, url, tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREPAD_DB", str(tmp_path / "not-this-one.sqlite3"))
    run(capsys, "score", SHEET, "--save", "--db", url)
    run(capsys, "players", "rename", "Ben", "Benito", "--db", url)
    run(capsys, "players", "--db", url, "rename", "Carla", "Carlota")  # --db before the action
    run(capsys, "players", "--db", url, "rename", "Carlota", "Carla")
    assert not (tmp_path / "not-this-one.sqlite3").exists()
    _code, out, _ = run(capsys, "players", "--json", "--db", url)
    assert [p["name"] for p in json.loads(out)] == ["Ana", "Benito", "Carla", "Hugo"]
    game = tmp_path / "house.json"
    game.write_text(
        json.dumps(
            {
                "id": "house",
                "name": {"en": "House", "es": "Casa"},
                "players": {"min": 2, "max": 4},
                "lines": [
                    {"key": "gold", "kind": "count", "per": 3, "label": {"en": "Gold", "es": "Oro"}}
                ],
            }
        ),
        encoding="utf-8",
    )
    run(capsys, "game", "add", str(game), "--db", url)
    _, out, _ = run(capsys, "game", "--db", url, "--lang", "en")
    assert out.strip() == "house\tHouse"
    sheet = tmp_path / "sheet.json"
    sheet.write_text(
        json.dumps(
            {
                "game": "house",
                "players": [
                    {"name": "Ana", "lines": {"gold": 2}},
                    {"name": "Ben", "lines": {"gold": 1}},
                ],
            }
        ),
        encoding="utf-8",
    )
    _, out, _ = run(capsys, "score", str(sheet), "--save", "--json", "--db", url)
    assert json.loads(out)["players"][0]["total"] == 6
    _, out, _ = run(capsys, "game", "export", "house", "--db", url)
    assert json.loads(out)["id"] == "house"
    run(capsys, "game", "remove", "house", "--db", url)
    err = fails(capsys, "score", str(sheet), "--save", "--db", url)
    assert "house" in err


def test_bad_input_is_one_line_and_changes_nothing(capsys, tmp_path, monkeypatch):
    db = tmp_path / "history.sqlite3"
    monkeypatch.setenv("SCOREPAD_DB", str(db))
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"game": "azul", "players": [{"name": "Ana", "lines": {"rows": 9}}, {"name": "Ben"}]}',
        encoding="utf-8",
    )
    assert "Ana" in fails(capsys, "score", str(bad), "--save")
    _, out, _ = run(capsys, "history", "--json")
    assert json.loads(out) == []
    broken = tmp_path / "broken.json"
    broken.write_text(
        '{"format": "scorepad-history", "version": 1, "templates": {}, "plays": [{"uid": "x"',
        encoding="utf-8",
    )
    assert "broken.json" in fails(capsys, "import", str(broken))
    notdb = tmp_path / "notes.txt"
    notdb.write_text("hello", encoding="utf-8")
    assert "not a Scorepad history file" in fails(
        capsys, "history", "--db", str(notdb), "--lang", "en"
    )
    assert notdb.read_text(encoding="utf-8") == "hello"
    assert "no player called" in fails(capsys, "stats", "--player", "Nobody", "--lang", "en")
    assert "not a date" in fails(capsys, "history", "--since", "yesterday", "--lang", "en")
    assert "no es un archivo de historial" in fails(
        capsys, "history", "--db", str(notdb), "--lang", "es"
    )


def test_the_public_names_resolve_and_the_cli_starts_without_sqlalchemy():
    import subprocess
    import sys

    import scorepad.store

    assert all(getattr(scorepad.store, name) for name in scorepad.store.__all__)
    code = "import sys, scorepad.cli; print('sqlalchemy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_your_games_work_in_every_command_that_takes_a_game(capsys, url, tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    game = write(tmp_path / "house.json", HOUSE)
    sheet = write(tmp_path / "sheet.json", HOUSE_SHEET)
    assert run(capsys, "games", "new", game, "--db", url)[0] == 0
    _, out, _ = run(capsys, "games", "--json")
    listed = json.loads(out)
    assert sorted(g["id"] for g in listed) == BUILT_IN  # no history named: none read
    names = [g["name"]["en"] for g in listed]
    assert names == sorted(names, key=str.casefold)  # as the app's picker lists them
    assert {"azul", "skull-king", "uno"} <= set(BUILT_IN)
    for listing in (["games"], ["games", "list"], ["games", "--db", url, "list"]):
        _, out, _ = run(capsys, *listing, "--json", "--db", url)
        data = {g["id"]: g for g in json.loads(out)}
        assert sorted(data) == sorted([*BUILT_IN, "house"])
        assert [g for g in data if not data[g]["builtin"]] == ["house"]
        assert data["house"]["name"] == {"en": "House", "es": "Casa"}
    _, out, _ = run(capsys, "games", "--db", url, "--lang", "es")
    assert ["house", "Casa", "2–4", "—", "—", "—", "—"] in [row.split() for row in out.splitlines()]

    _, shown, _ = run(capsys, "template", "house", "--db", url, "--lang", "en")
    assert shown.startswith("House · 2–4 players") and "gold" in shown and "Gold" in shown
    assert run(capsys, "games", "show", "house", "--db", url, "--lang", "en")[1] == shown
    _, out, _ = run(capsys, "games", "show", "house", "--json", "--db", url)
    assert [line["key"] for line in json.loads(out)["lines"]] == ["gold"]

    _, out, _ = run(capsys, "score", sheet, "--json", "--db", url)
    scored = json.loads(out)
    assert scored["winners"] == ["Ana"] and scored["players"][0]["total"] == 6
    assert "play" not in scored  # scored, not saved
    _, out, _ = run(capsys, "history", "--json", "--db", url)
    assert json.loads(out) == []

    pdf = tmp_path / "house.pdf"
    _, out, _ = run(capsys, "sheet", "house", "--db", url, "-o", str(pdf), "--lang", "es")
    assert out.strip() == str(pdf) and pdf.read_bytes().startswith(b"%PDF")

    monkeypatch.setenv("SCOREPAD_DB", url)  # the same history, named by the environment
    assert "Gold" in run(capsys, "template", "house", "--lang", "en")[1]
    assert json.loads(run(capsys, "score", sheet, "--json")[1])["players"][0]["total"] == 6
    assert "house" in run(capsys, "games", "--lang", "en")[1]
    monkeypatch.delenv("SCOREPAD_DB")

    err = fails(capsys, "template", "chess", "--db", url, "--lang", "en")
    first = ", ".join(f'"{g}"' for g in BUILT_IN[:2])
    assert err.startswith(f'scorepad: unknown game "chess"; choose one of {first}')
    choices = ", ".join(f'"{g}"' for g in [*BUILT_IN, "house"])
    assert f"choose one of {choices}\n" in err  # the round games among the built-in ones
    err = fails(capsys, "sheet", "chess", "--db", url, "--lang", "en")
    assert f"{choices}, or give a game file (.json)" in err
    assert 'unknown game "house"' in fails(capsys, "score", sheet, "--lang", "en")
    assert 'unknown game "house"' in fails(capsys, "template", "house", "--lang", "en")


def test_games_actions_and_their_older_spellings(capsys, url, tmp_path):
    game = write(tmp_path / "house.json", HOUSE)
    bigger = write(tmp_path / "bigger.json", {**HOUSE, "name": {"en": "Mansion", "es": "Mansión"}})
    other = write(tmp_path / "barn.json", {**HOUSE, "id": "barn", "name": {"en": "B", "es": "G"}})

    def names():
        _, out, _ = run(capsys, "games", "--json", "--db", url, "--lang", "en")
        return {g["id"]: g["name"]["en"] for g in json.loads(out) if not g["builtin"]}

    assert run(capsys, "games", "new", game, "--db", url)[0] == 0
    assert "already exists" in fails(capsys, "games", "new", game, "--db", url, "--lang", "en")
    assert "built-in game" in fails(
        capsys,
        "games",
        "new",
        write(tmp_path / "azul.json", {**HOUSE, "id": "azul"}),
        "--db",
        url,
        "--lang",
        "en",
    )
    run(capsys, "games", "import", bigger, "--db", url)
    assert names() == {"house": "Mansion"}
    run(capsys, "game", "edit", game, "--db", url)  # the older spelling of `games import`
    assert names() == {"house": "House"}
    run(capsys, "game", "add", other, "--db", url)  # ... of `games new`
    assert names() == {"barn": "B", "house": "House"}

    _, out, _ = run(capsys, "games", "export", "house", "--db", url)
    exported = json.loads(out)
    assert (exported["id"], exported["lines"]) == ("house", HOUSE["lines"])
    target = tmp_path / "shared.json"
    run(capsys, "games", "export", "house", str(target), "--db", url)
    assert target.read_text(encoding="utf-8") == out
    assert run(capsys, "game", "export", "house", "--db", url)[1] == out

    run(capsys, "games", "delete", "house", "--db", url)
    assert names() == {"barn": "B"}
    run(capsys, "games", "restore", "house", "--db", url)
    assert names() == {"barn": "B", "house": "House"}
    run(capsys, "game", "remove", "barn", "--db", url)
    _, out, _ = run(capsys, "game", "--db", url, "--lang", "es")
    assert out == "house\tCasa\n"
    run(capsys, "game", "restore", "barn", "--db", url)
    _, out, _ = run(capsys, "game", "--json", "--db", url)
    assert [g["id"] for g in json.loads(out)] == ["barn", "house"]
    assert json.loads(run(capsys, "template", "barn", "--json", "--db", url)[1])["id"] == "barn"


def test_result_plays_and_modules_through_the_history_commands(capsys, url, tmp_path):
    game = Path(__file__).parent.parent / "core" / "games" / "team-dice.json"
    assert run(capsys, "game", "add", str(game), "--db", url)[0] == 0
    dice = {
        "game": "team-dice",
        "modules": ["bonus"],
        "players": [
            {"name": "Ana", "team": "A", "lines": {"points": 4, "bonus": 1}},
            {"name": "Ben", "team": "B", "lines": {"points": 5}},
        ],
    }
    code, out, _ = run(capsys, "score", write(tmp_path / "d.json", dice), "--save", "--db", url)
    assert code == 0 and "A wins with 6 points." in out
    for sheet in ("examples/pandemic-lost.json", "examples/codenames.json"):
        assert run(capsys, "score", sheet, "--save", "--db", url)[0] == 0
    code, out, _ = run(capsys, "history", "--db", url, "--lang", "en")
    lines = out.splitlines()
    assert lines[0].endswith("Codenames: Ana [Red] ★, Ben [Red] ★, Cy [Blue], Di [Blue]")
    assert lines[1].endswith("Pandemic: Ana, Ben · lost together")
    assert lines[2].endswith("Team dice + bonus: Ana [A] 6 ★, Ben [B] 5")
    code, out, _ = run(capsys, "history", "--module", "bonus", "--db", url, "--json")
    (play,) = json.loads(out)
    assert (play["modules"], play["players"][0]["team"]) == (["bonus"], "A")
    code, out, _ = run(capsys, "stats", "--player", "Ana", "--db", url, "--lang", "en")
    assert out.splitlines()[0] == "Ana: 1 co-operative plays, 0 won together (0%)"
    code, out, _ = run(capsys, "stats", "--player", "Ana", "--db", url, "--json")
    data = json.loads(out)
    assert (data["plays"], data["wins"], data["coop_plays"], data["coop_wins"]) == (2, 2, 1, 0)


def test_games_with_a_history_lists_the_games_played_first(capsys, url):
    for sheet, when in (
        ("examples/azul.json", "2026-01-01T20:00"),
        ("examples/azul.json", "2026-01-02T20:00"),
        ("examples/glass-road-halves.json", "2026-01-03T20:00"),  # the last played
    ):
        run(capsys, "score", sheet, "--save", "--played-at", when, "--db", url)
    _, out, _ = run(capsys, "games", "--json", "--db", url)
    assert [g["id"] for g in json.loads(out)][:3] == ["glass-road", "azul", BUILT_IN[0]]
    _, out, _ = run(capsys, "games", "--search", "AZUL", "--players", "2", "--db", url)
    found = [row.split()[0] for row in out.splitlines()[2:]]
    assert found[0] == "azul"  # played, then the other Azul games by name
    assert {"azul-sintra", "azul-summer-pavilion"} <= set(found[1:])
    assert all(game.startswith("azul") for game in found)
