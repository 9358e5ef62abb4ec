"""``scorepad share PLAY_ID --png FILE [--text]`` against a real history (SQLite and
PostgreSQL): the card written is the play's, the text is one line per player in the
language asked for, a co-operative and a team play read as such, and an unknown play, a
deleted one and a file that cannot be written are one clear line each (exit status 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from scorepad.cli import main
from scorepad.core import PlayerSheet, builtin_games, find_game
from scorepad.core.colours import PALETTE
from scorepad.store import open_store

GAMES = Path(__file__).parent.parent / "core" / "games"


def run(capsys, *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def fails(capsys, *args: str) -> str:
    with pytest.raises(SystemExit) as stop:
        main(list(args))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def fill(url: str) -> dict[str, int]:
    games = builtin_games()
    with open_store(url) as store:
        dice = store.import_game((GAMES / "team-dice.json").read_text("utf-8"), "td.json")
        return {
            "azul": store.save_play(
                find_game("azul"),
                None,
                [
                    PlayerSheet("Ana", {"marker": 77}),
                    PlayerSheet("Бори́с", {"marker": 73}),
                    PlayerSheet("Ελένη", {"marker": 40}),
                ],
                "2026-12-05T20:00",
                location="Café Ludo",
                duration=45,
                colours=("blue", "yellow", "white"),
            ),
            "coop": store.save_play(
                games["pandemic"],
                None,
                [PlayerSheet("Ana"), PlayerSheet("Ben")],
                "2026-12-05T21:00",
                outcome="won",
                colours=("green", None),
            ),
            "teams": store.save_play(
                dice,
                None,
                [
                    PlayerSheet("Ana", {"points": 10, "bonus": 2}, team="A"),
                    PlayerSheet("Ben", {"points": 9}, team="B"),
                    PlayerSheet("Cy", {"points": 1}, team="A"),
                ],
                "2026-12-05T22:00",
                modules=["bonus"],
            ),
        }


def test_share_writes_the_card_and_prints_the_text(capsys, url, tmp_path):
    ids = fill(url)
    card = tmp_path / "azul.png"
    out = run(
        capsys, "share", str(ids["azul"]), "--png", str(card), "--db", url, "--text", "--lang", "fr"
    )
    assert out.splitlines() == [
        "Azul — 05/12/2026 · 45 min · Café Ludo",
        "Ana gagne avec 77 points.",
        "1er · Ana (Bleu) · 77 ★",
        "2e · Бори́с (Jaune) · 73",
        "3e · Ελένη (Blanc) · 40",
    ]
    with Image.open(card) as image:
        assert image.format == "PNG" and image.width == 1080
        seen = {c for _, c in image.convert("RGB").getcolors(1 << 22) or []}
    for colour in ("blue", "yellow", "white"):
        hex_ = PALETTE[colour]
        assert tuple(int(hex_[i : i + 2], 16) for i in (1, 3, 5)) in seen

    out = run(
        capsys,
        "share",
        str(ids["coop"]),
        "--png",
        str(tmp_path / "c.png"),
        "--db",
        url,
        "--lang",
        "en",
    )
    assert out == f"Result card written to {tmp_path / 'c.png'}\n"
    out = run(
        capsys,
        "share",
        str(ids["coop"]),
        "--png",
        str(tmp_path / "c.png"),
        "--db",
        url,
        "--lang",
        "en",
        "--text",
    )
    assert out.splitlines()[1:] == [
        "Everyone wins together against the game.",
        "Ana (Green)",
        "Ben",
    ]
    out = run(
        capsys,
        "share",
        str(ids["teams"]),
        "--png",
        str(tmp_path / "t.png"),
        "--db",
        url,
        "--lang",
        "de",
        "--text",
    )
    assert out.splitlines()[1:] == [
        "A gewinnt: 15 Punkte.",
        "1. · Ana, Team A · 14 ★",
        "1. · Cy, Team A · 1 ★",
        "2. · Ben, Team B · 9",
    ]


def test_an_unknown_or_deleted_play_or_an_unwritable_file_is_one_clear_line(capsys, url, tmp_path):
    ids = fill(url)
    card = tmp_path / "card.png"
    err = fails(capsys, "share", "999", "--png", str(card), "--db", url, "--lang", "en")
    assert err == "scorepad: there is no play 999 in the history\n"
    with open_store(url) as store:
        store.delete_play(ids["coop"])
    err = fails(capsys, "share", str(ids["coop"]), "--png", str(card), "--db", url, "--lang", "en")
    assert err.startswith(f"scorepad: play {ids['coop']} is deleted: it has no result")
    folder = tmp_path / "missing"
    err = fails(
        capsys,
        "share",
        str(ids["azul"]),
        "--png",
        str(folder / "x.png"),
        "--db",
        url,
        "--lang",
        "es",
    )
    assert err.startswith(f"scorepad: no se puede escribir la tarjeta en {folder / 'x.png'}: ")
    err = fails(
        capsys, "share", str(ids["azul"]), "--png", str(tmp_path), "--db", url, "--lang", "en"
    )
    assert err.startswith(f"scorepad: cannot write the card to {tmp_path}: ")
    assert not card.exists() and not folder.exists()
