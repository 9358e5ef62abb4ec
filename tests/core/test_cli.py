"""The read-only commands: games, template, games validate, and score's two outputs."""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.cli import build_parser, main
from scorepad.core import builtin_games
from scorepad.core.finding import sort_name

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"
COMMAND_LINE = ROOT / "docs" / "guide" / "command-line.md"
GOLF = {
    "id": "golf",
    "name": {"en": "Golf", "es": "Golf"},
    "players": {"min": 1, "max": 4},
    "wins": "lowest",
    "lines": [
        {
            "key": "strokes",
            "kind": "points",
            "min": 0,
            "label": {"en": "Strokes", "es": "Golpes"},
        }
    ],
}


@pytest.fixture(autouse=True)
def no_history_named(monkeypatch):
    """These commands read no history unless one is named: none is, here."""
    monkeypatch.delenv("SCOREPAD_DB", raising=False)


def run(capsys, *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_games_lists_ids_names_variants_and_bounds(capsys):
    out = run(capsys, "games", "--lang", "en")
    assert "azul-sintra" in out and "A (side A), B (side B)" in out and "1–4" in out
    data = json.loads(run(capsys, "games", "--json"))
    ids = [g["id"] for g in data]
    names = [sort_name(g["name"]["en"]) for g in data]
    assert names == sorted(names)  # by name, as the app's picker lists them
    assert set(ids) == set(builtin_games())  # co-operative and team games too
    assert {"pandemic", "codenames", "7-wonders", "sushi-go", "ticket-to-ride", "yahtzee"} <= set(
        ids
    )
    end_games = {"azul", "azul-sintra", "azul-summer-pavilion", "glass-road"}
    assert end_games | {"skull-king", "wizard", "flip-7", "uno"} <= set(ids)  # round games too
    assert "Skull King" in out and "Flip 7" in out
    sintra = data[ids.index("azul-sintra")]
    assert sintra["players"] == {"min": 2, "max": 4}
    assert [v["id"] for v in sintra["variants"]] == ["A", "B"]
    assert sintra["name"]["es"] == "Azul: Los vitrales de Sintra"
    assert "Pabellón de verano" in run(capsys, "games", "--lang", "es")


def test_games_finds_by_words_and_players_as_the_picker_does(capsys):
    out = run(capsys, "games", "--search", "PABELLON", "--lang", "en")
    assert [row.split()[0] for row in out.splitlines()[2:]] == ["azul-summer-pavilion"]
    data = json.loads(run(capsys, "games", "list", "--players", "7", "--json"))
    assert data and all(g["players"]["min"] <= 7 <= g["players"]["max"] for g in data)
    assert {g["id"] for g in data} == {
        g.id for g in builtin_games().values() if g.min_players <= 7 <= g.max_players
    }
    both = json.loads(run(capsys, "games", "--search", "secreto", "--players", "4", "--json"))
    assert [g["id"] for g in both] == ["codenames"]
    assert json.loads(run(capsys, "games", "--search", "zzz", "--json")) == []

    assert main(["games", "--search", "zzz", "--players", "3", "--lang", "en"]) == 1
    assert capsys.readouterr().err == 'scorepad: no game found for "zzz" --players 3\n'
    for bad in ("0", "-2"):
        with pytest.raises(SystemExit) as stop:
            main(["games", "--players", bad, "--lang", "es"])
        assert stop.value.code == 2
        assert capsys.readouterr().err == (
            f"scorepad: --players debe ser un número entero desde 1, no {bad}\n"
        )


def test_games_list_is_games_and_games_show_is_template(capsys):
    assert run(capsys, "games", "list", "--lang", "en") == run(capsys, "games", "--lang", "en")
    assert run(capsys, "games", "list", "--json") == run(capsys, "games", "--json")
    assert run(capsys, "games", "--json", "list") == run(capsys, "games", "--json")
    assert run(capsys, "games", "--lang", "es", "show", "azul") == run(
        capsys, "template", "azul", "--lang", "es"
    )
    for args in (["azul-sintra", "--variant", "B", "--lang", "en"], ["azul", "--json"]):
        assert run(capsys, "games", "show", *args) == run(capsys, "template", *args)


def test_template_takes_a_game_file_too(capsys, tmp_path):
    golf = tmp_path / "golf.json"
    golf.write_text(json.dumps(GOLF), "utf-8")
    out = run(capsys, "template", str(golf), "--lang", "es")
    assert "Golf · 1–4 jugadores" in out and "strokes" in out and "Golpes" in out
    data = json.loads(run(capsys, "games", "show", str(golf), "--json"))
    assert (data["id"], data["builtin"], data["wins"]) == ("golf", False, "lowest")


def test_an_unknown_game_without_a_history_names_the_built_in_ones(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["template", "golf", "--lang", "en"])
    assert stop.value.code == 2
    # every game file of the catalogue, by id (a game added there is named too)
    files = Path(__file__).resolve().parents[2] / "scorepad" / "games"
    ids = sorted(path.stem for path in files.glob("*.json"))
    assert {"7-wonders", "agricola", "yahtzee"} <= set(ids)
    assert capsys.readouterr().err == (
        'scorepad: unknown game "golf"; choose one of '
        + ", ".join(f'"{game_id}"' for game_id in ids)
        + "\n"
    )


def test_built_in_games_open_no_history_even_when_one_is_named(tmp_path):
    """`games`, `template`, `score` and `sheet` of a built-in game touch no database when
    none is named, and a named one is read only for a game that is not built in."""
    never = tmp_path / "never.sqlite3"
    code = (
        "import sys\n"
        "from scorepad.cli import main\n"
        "main(['games'])\n"
        "main(['template', 'azul'])\n"
        f"main(['template', 'azul', '--db', {str(never)!r}])\n"
        f"main(['score', 'examples/azul.json', '--db', {str(never)!r}])\n"
        f"main(['sheet', 'azul', '--db', {str(never)!r}, '-o', {str(tmp_path / 'a.pdf')!r}])\n"
        "assert 'sqlalchemy' not in sys.modules\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "SCOREPAD_DB"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert not never.exists()
    assert (tmp_path / "a.pdf").is_file()


def test_template_shows_lines_and_how_each_scores(capsys):
    out = run(capsys, "template", "azul-sintra", "--variant", "B", "--lang", "en")
    assert "windows" in out and "ornament_1" not in out
    assert "completed windows × pieces of the chosen colour" in out
    assert "fewer points lost on the broken-glass track" in out
    data = json.loads(run(capsys, "template", "azul", "--json", "--lang", "es"))
    assert [line["key"] for line in data["lines"]] == ["marker", "rows", "columns", "colours"]
    assert data["lines"][2]["scores"] == "× 7"
    assert data["tiebreakers"] == [
        {"label": "filas horizontales completas", "prefer": "more", "terms": {"rows": 1}}
    ]
    both = run(capsys, "template", "azul-sintra", "--lang", "en")
    assert "ornament_4" in both and "windows" in both


def test_score_json_matches_the_design_shape(capsys):
    data = json.loads(run(capsys, "score", str(EXAMPLES / "azul.json"), "--json"))
    assert set(data) >= {"game", "variant", "players", "winners", "decided_by"}
    assert data["winners"] == ["Ana"] and data["decided_by"] == "total"
    ana = data["players"][1]
    assert set(ana) >= {"name", "lines", "extra", "total", "rank", "winner"}
    assert ana["lines"] == {"marker": 68, "rows": 2, "columns": 7, "colours": 0}
    assert (ana["total"], ana["rank"], ana["winner"]) == (77, 1, True)


def test_score_reads_standard_input_and_prints_halves_exactly(capsys, monkeypatch):
    sheet = {
        "game": "glass-road",
        "players": [
            {"name": "Ana", "lines": {"buildings": 3, "sand_left": {"count": 1, "rate": "start"}}}
        ],
    }
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(sheet)))
    out = run(capsys, "score", "-", "--json")
    assert '"total": 3.5' in out
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(sheet)))
    table = run(capsys, "score", "-", "--lang", "es")
    assert "3,5" in table and "Ana suma 3,5 puntos." in table


def test_validate_accepts_a_good_file_and_refuses_a_broken_one(capsys, tmp_path):
    good = tmp_path / "golf.json"
    good.write_text(json.dumps(GOLF), "utf-8")
    assert "a valid game, Golf (lines: 1)" in run(
        capsys, "games", "validate", str(good), "--lang", "en"
    )
    bad = tmp_path / "bad.json"
    bad.write_text(good.read_text().replace('"points"', '"pointz"'), "utf-8")
    try:
        main(["games", "validate", str(bad), "--lang", "en"])
    except SystemExit as exit_info:
        assert exit_info.code == 2
    else:
        raise AssertionError("a broken game file was accepted")
    err = capsys.readouterr().err
    assert (
        err
        == f'scorepad: {bad}: lines.strokes: unknown kind "pointz"; choose "points", "count", "table", "check", "product", "penalty", "award", "tally"\n'
    )


def test_version_is_the_installed_package_version(capsys):
    try:
        main(["--version"])
    except SystemExit as done:
        assert done.code == 0
    assert capsys.readouterr().out == f"scorepad {importlib.metadata.version('scorepad')}\n"


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return next(
        (a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)), {}
    )


def test_the_command_tables_name_only_commands_and_options_that_exist():
    """Every `scorepad …` in the command tables of docs/guide/command-line.md walks the real
    parser: each word a command or action, each --option one that command takes; every
    command is listed."""
    top = build_parser()
    listed = set()
    rows = [
        line
        for line in COMMAND_LINE.read_text("utf-8").splitlines()
        if line.startswith("| `scorepad")
    ]
    assert len(rows) > 10
    for row in rows:
        cell = row[2 : row.index("` | ") + 1]
        for usage in re.findall(r"`([^`]+)`", cell):
            parser, words = top, usage.replace("[", " ").replace("]", " ").split()
            for word in words[1:] if words[0] == "scorepad" else words:
                if word in subcommands(parser):
                    if parser is top:
                        listed.add(word)
                    parser = subcommands(parser)[word]
                elif word.startswith("-"):
                    assert word in parser._option_string_actions, f"{usage}: {word}"
            assert parser is not top, usage
    assert listed == set(subcommands(top))


def test_python_dash_m_runs_the_same_command():
    env = {k: v for k, v in os.environ.items() if k != "SCOREPAD_DB"}
    outs = [
        subprocess.run(
            [sys.executable, "-m", module, "games", "--json"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for module in ("scorepad", "scorepad.cli")
    ]
    assert outs[0] == outs[1]
    assert json.loads(outs[0])[0]["id"] == sorted(builtin_games())[0]


def test_score_prints_running_totals_and_says_when_a_round_game_is_unfinished(capsys, tmp_path):
    sheet = tmp_path / "wizard.json"
    sheet.write_text(
        json.dumps(
            {
                "game": "wizard",
                "players": [
                    {"name": "Ana", "lines": {"bid": [1, 1], "tricks": [1, 2]}},
                    {"name": "Ben", "lines": {"bid": [0, 0], "tricks": [0, 0]}},
                    {"name": "Cleo", "lines": {"bid": [0, 1], "tricks": [0, 0]}},
                ],
            }
        ),
        "utf-8",
    )
    out = run(capsys, "score", str(sheet), "--lang", "en")
    assert "Round score   20   40    10" in out
    assert "\n1             30   20    20\n2             20   40    10\n" in out
    assert out.rstrip().endswith("Unfinished: 2 of 20 rounds played.")
    data = json.loads(run(capsys, "score", str(sheet), "--json"))
    assert data["rounds"] == [[30, 20, 20], [20, 40, 10]]
    assert data["finished"] is False and data["winners"] == ["Ben"]
    assert [p["total"] for p in data["players"]] == [20, 40, 10]


def test_template_marks_lines_per_round_and_shows_the_rounds_rule(capsys):
    out = run(capsys, "template", "wizard", "--lang", "en")
    assert "rounds by players: 3 → 20 · 4 → 15 · 5 → 12 · 6 → 10 · ends after the last round" in out
    assert "Bid (per round)" in out and "Round score (per round)" in out
    data = json.loads(run(capsys, "games", "show", "uno", "--json"))
    assert data["rounds"]["ends"] == {"reach": 500}
    assert [line["per_round"] for line in data["lines"]] == [True]


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
def test_a_history_in_memory_is_opened_like_a_file(capsys, url):
    """An SQLite history in memory (nothing kept) lists the games and no plays: no
    engine option meant for a file's pool is passed to it."""
    games = run(capsys, "games", "--db", url)
    assert re.search(r"^azul\s+Azul\s", games, re.M)
    assert run(capsys, "history", "--db", url).strip() == "no plays yet"


def test_score_takes_a_quick_sheet_without_a_history(capsys, monkeypatch, tmp_path):
    sheet = {
        "quick": {"name": "Hearts", "rounds": True, "lowest_wins": True, "target": 100},
        "players": [
            {"name": "Ana", "points": [50, "30+26"]},
            {"name": "Ben", "points": [10, 3.5]},
        ],
    }
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(sheet)))
    with pytest.raises(SystemExit) as stop:  # 3.5 on a line of whole points
        main(["score", "-"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err == "scorepad: -: players[1].points[1]: 3.5 is not a whole number\n"
    sheet["players"][1]["points"] = [10, 3]
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(sheet)))
    out = run(capsys, "score", "-", "--lang", "es")
    assert "Hearts" in out and "Ana llegó a 100 en la ronda 2." in out
    path = tmp_path / "hearts.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    data = json.loads(run(capsys, "score", str(path), "--json"))
    assert data["game"] == "quick-hearts" and data["winners"] == ["Ben"]
    assert data["rounds"] == [[50, 10], [106, 13]] and data["ended_by"] == ["Ana"]
    assert data["quick"]["rounds"] is True and data["quick"]["target"] == 100
    assert not (tmp_path / "history.sqlite3").exists()


def test_template_says_a_target_without_rounds(capsys, tmp_path):
    from scorepad.core.quick import QuickGame, quick_template

    source = quick_template(QuickGame("Cosmic Encounter", target=20)).source
    path = tmp_path / "cosmic.json"
    path.write_text(json.dumps(source), encoding="utf-8")
    assert "ends once someone's total reaches 20" in run(capsys, "template", str(path))
    assert "endet, sobald jemandes Summe 20 erreicht" in run(
        capsys, "template", str(path), "--lang", "de"
    )
    data = json.loads(run(capsys, "template", str(path), "--json"))
    assert data["ends"] == {"reach": 20, "rule": "ends once someone's total reaches 20"}
    assert "rounds" not in data


def test_the_quick_sheet_example_scores(capsys):
    out = run(capsys, "score", str(EXAMPLES / "cosmic-encounter-quick.json"), "--lang", "en")
    assert "Ana wins with 5 points." in out and "Ana reached 5." in out
