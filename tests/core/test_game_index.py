"""The catalogue's index (``scorepad/games/index.jsonl``): what the picker and ``scorepad
games`` list without reading each game file, kept in step with the files by a test."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.cli import main
from scorepad.core import builtin_games
from scorepad.core.catalogue import GAMES_FOLDER, Catalogue, builtin_entries
from scorepad.core.errors import TemplateError
from scorepad.core.finding import find_games
from scorepad.core.game_index import INDEX_NAME, entries_of, index_text, read_index

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = "the games' index is stale: run `scorepad games index` and commit it"


def copies(folder, *games: str) -> Catalogue:
    """A games folder holding copies of these built-in games' files."""
    for game in games:
        shutil.copyfile(GAMES_FOLDER / f"{game}.json", folder / f"{game}.json")
    return Catalogue(folder)


def test_the_shipped_index_matches_the_game_files():
    written = (GAMES_FOLDER / INDEX_NAME).read_text(encoding="utf-8")
    assert written == index_text(builtin_games().values()), REGENERATE
    assert read_index(GAMES_FOLDER) == entries_of(builtin_games())
    assert builtin_entries() == entries_of(builtin_games())


def test_every_built_in_file_is_named_after_its_game():
    games = builtin_games()
    assert list(games) == sorted(p.stem for p in GAMES_FOLDER.glob("*.json"))
    assert all(games[key].id == key for key in games)


def test_listing_reads_the_index_not_the_game_files(tmp_path):
    games = copies(tmp_path, "azul", "uno")
    assert main(["games", "index", str(tmp_path)]) == 0
    (tmp_path / "uno.json").write_text('{"id": "uno", "broken', encoding="utf-8")
    fresh = Catalogue(tmp_path)
    assert [e.name["en"] for e in fresh.entries().values()] == ["Azul", "Uno"]
    assert "uno" in fresh and list(fresh) == ["azul", "uno"]  # ids from the file names
    with pytest.raises(TemplateError) as broken:
        fresh["uno"]  # the file itself is read when the game is opened
    assert "uno.json" in broken.value.message("en")
    assert fresh["azul"] is fresh["azul"]  # read once, then kept
    assert fresh["azul"].source == games["azul"].source


def test_a_game_file_the_index_lacks_is_listed_from_the_file(tmp_path):
    copies(tmp_path, "azul")
    assert main(["games", "index", str(tmp_path)]) == 0
    games = copies(tmp_path, "flip-7")  # added after the index was written
    entries = games.entries()
    assert list(entries) == ["azul", "flip-7"]
    assert entries["flip-7"] == entries_of({"flip-7": builtin_games()["flip-7"]})["flip-7"]
    found = find_games(entries.values(), "flip", players=3)
    assert [e.id for e in found] == ["flip-7"]


def test_games_index_writes_the_index_of_a_folder(tmp_path):
    games = copies(tmp_path, "glass-road", "azul-sintra")
    assert main(["games", "index", str(tmp_path)]) == 0
    written = (tmp_path / INDEX_NAME).read_text(encoding="utf-8")
    assert written == index_text(games.values())
    assert [line[:20] for line in written.splitlines()] == [
        '{"id":"azul-sintra",',
        '{"id":"glass-road","',
    ]
    assert read_index(tmp_path)["azul-sintra"].variants == builtin_entries()["azul-sintra"].variants


def test_games_index_stops_at_a_broken_game_file_and_writes_nothing(tmp_path, capsys):
    copies(tmp_path, "azul")
    (tmp_path / "golf.json").write_text('{"id": "golf"}', encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["games", "index", str(tmp_path), "--lang", "en"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("scorepad: golf.json") and "Traceback" not in err
    assert not (tmp_path / INDEX_NAME).exists()


def test_games_index_says_why_it_cannot_write(tmp_path, capsys):
    missing = tmp_path / "nowhere"
    with pytest.raises(SystemExit) as stop:
        main(["games", "index", str(missing), "--lang", "en"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == (
        f"scorepad: cannot write {missing / INDEX_NAME}: no such file\n"
    )


def test_scorepad_games_reads_the_index_alone(tmp_path):
    """The whole process: no game file is opened to list the games, only the index."""
    code = (
        "import sys\n"
        "opened = []\n"
        "sys.addaudithook(lambda e, a: e == 'open' and opened.append(str(a[0])))\n"
        "from scorepad.cli import main\n"
        "main(['games', '--search', 'azul', '--lang', 'en'])\n"
        "print([p.rsplit('/', 1)[-1] for p in opened if '/games/' in p])\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "SCOREPAD_DB"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    *listing, opened = done.stdout.splitlines()
    assert opened == "['index.jsonl']"
    assert [row.split()[0] for row in listing[2:]] == [
        "azul",
        "azul-queens-garden",
        "azul-sintra",
        "azul-summer-pavilion",
    ]
