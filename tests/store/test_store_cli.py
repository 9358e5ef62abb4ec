"""The history's commands, run through ``scorepad.cli.main`` against a real history."""

from __future__ import annotations

import json

import pytest

from scorepad.cli import main

SHEET = "examples/azul.json"


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


def test_players_and_own_games_commands(capsys, url, tmp_path):
    run(capsys, "score", SHEET, "--save", "--db", url)
    run(capsys, "players", "rename", "Ben", "Benito", "--db", url)
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
