"""Bad input: status 2, one line naming the problem, and no file (not even half of one)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorepad.core import builtin_games
from scorepad.printing import document
from scorepad.printing.errors import PrintError


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["sheet", "chess"],
            'unknown game "chess"; choose one of "6-nimmt", "7-wonders", "7-wonders-duel"',
        ),
        (["sheet", "azul-sintra"], '"azul-sintra" needs a variant: "A", "B"'),
        (["sheet", "azul-sintra", "--variant", "C"], '"azul-sintra" has no variant "C"'),
        (["sheet", "azul", "--variant", "A"], '"azul" has no variants'),
        (["sheet", "azul", "--players", "5"], '"azul" is for 2 to 4 players, not 5'),
        (["sheet", "azul", "--players", "1"], '"azul" is for 2 to 4 players, not 1'),
        (["sheet", "azul", "--players", "two"], '"azul" is for 2 to 4 players, not "two"'),
        (["sheet", "azul", "--names", "A,B,C,D,E"], '"azul" is for 2 to 4 players, not 5'),
        (
            ["sheet", "azul", "--players", "2", "--names", "Ana,Ben,Carla"],
            "3 names given for 2 players; give at most 2 names",
        ),
        (["sheet", "azul", "--names", "Ana,,Ben"], "name 2 in --names is empty"),
        (
            ["sheet", "azul", "-o", "missing/folder/azul.pdf"],
            "missing/folder/azul.pdf: cannot write",
        ),
        (["sheet", "azul", "-o", "a-file.txt/azul.pdf"], "a-file.txt/azul.pdf: cannot write"),
        (["sheet"], "name a game"),
        (["sheet", "azul", "--all"], "--all writes every game"),
        (["sheet", "--all", "--players", "2"], "give only -o with it"),
        (["sheet", "--all", "-o", "a-file.txt"], "a-file.txt: cannot write"),
    ],
)
def test_bad_input_is_one_line_and_leaves_nothing(cli, in_tmp, argv, message):
    (in_tmp / "a-file.txt").write_text("not a folder", encoding="utf-8")
    status, out, err = cli(*argv, "--lang", "en")
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("scorepad: "), err
    assert message in err
    assert "Traceback" not in err
    assert sorted(p.name for p in in_tmp.rglob("*")) == ["a-file.txt"]


def test_messages_speak_spanish(cli, in_tmp):
    status, _, err = cli("sheet", "azul", "--players", "9", "--lang", "es")
    assert status == 2
    assert err == 'scorepad: "azul" es para 2 a 4 jugadores, no 9\n'


def test_a_bad_game_file_names_the_file(cli, in_tmp):
    (in_tmp / "broken.json").write_text('{"id": "x", "name": 3}', encoding="utf-8")
    status, _, err = cli("sheet", "broken.json")
    assert status == 2 and err.startswith("scorepad: broken.json: ")
    assert [p.name for p in in_tmp.iterdir()] == ["broken.json"]


def test_a_failed_write_leaves_no_partial_file(in_tmp, monkeypatch):
    target = in_tmp / "azul.pdf"
    target.write_bytes(b"the old sheet")

    def refuse(source: str, destination: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    data = document.sheet_pdf(builtin_games()["azul"], None, "en")
    with pytest.raises(PrintError) as caught:
        document.write_pdf(target, data)
    assert "No space left on device" in caught.value.message("en")
    assert sorted(p.name for p in in_tmp.iterdir()) == ["azul.pdf"]
    assert target.read_bytes() == b"the old sheet"


def test_output_into_a_folder_uses_the_default_name(cli, in_tmp):
    (in_tmp / "out").mkdir()
    status, out, _ = cli("sheet", "azul-sintra", "--variant", "b", "--lang", "es", "-o", "out")
    assert status == 0
    assert Path(out.strip()) == Path("out/azul-sintra-B.es.pdf")
    assert (in_tmp / "out" / "azul-sintra-B.es.pdf").read_bytes().startswith(b"%PDF-")
