"""The year in review on paper: one A4 page read back (``scorepad review --pdf``)."""

from __future__ import annotations

import io
from datetime import date, datetime

import pdfplumber
import pypdf
import pytest

from scorepad.club.facts import PlayFact, SeatFact
from scorepad.club.review import year_review
from scorepad.core import PlayerSheet, builtin_games
from scorepad.core.i18n import LANGS, tr
from scorepad.printing.draw import PAGE_HEIGHT, PAGE_WIDTH
from scorepad.printing.review import review_pdf
from scorepad.store import open_store


def fact(n: int, when: str, game: str, seats: list[tuple[str, int, int]], minutes=None):
    return PlayFact(
        n,
        f"u{n}",
        game,
        datetime.fromisoformat(when),
        None,
        minutes,
        None,
        None,
        None,
        tuple(
            SeatFact(name, i, rank, rank == 1, total, None, False)
            for i, (name, rank, total) in enumerate(seats)
        ),
    )


FACTS = [
    fact(1, "2025-01-03T20:00", "azul", [("Zoë", 1, 161), ("Дмитрий", 2, 120)], 90),
    fact(2, "2025-01-04T20:00", "azul", [("Zoë", 2, 100), ("Дмитрий", 1, 130)]),
    fact(3, "2025-05-04T20:00", "carcassonne", [("Zoë", 1, 200), ("Αλέξης", 2, 150)], 60),
]
NAMES = {"azul": "Azul", "carcassonne": "Carcassonne"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_reads_back_with_every_figure_and_name(lang):
    review = year_review(FACTS, 2025, "Zoë")
    data = review_pdf(review, lang, NAMES, today=date(2026, 1, 2))
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (
        round(PAGE_WIDTH),
        round(PAGE_HEIGHT),
    )
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        text = pdf.pages[0].extract_text()
    assert tr("review.title_player", lang, year=2025, player="Zoë") in text
    for key in (
        "review.plays",
        "review.nemesis",
        "review.h_index",
        "review.busiest_day",
        "review.best",
    ):
        assert tr(key, lang) in text, key
    assert "Дмитрий (1)" in text  # the nemesis, in Cyrillic, as typed
    assert "Αλέξης (1)" in text  # the favourite victim, in Greek
    assert "2025-01-03 – 2025-01-04" in text  # two days in a row
    assert "80,5" in text if lang != "en" else "80.5" in text  # Zoë's best Azul, halves exact
    assert "2026-01-02" in text


def test_the_command_writes_the_page_and_refuses_a_year_without_plays(cli, in_tmp, tmp_path):
    db = str(tmp_path / "h.sqlite3")

    with open_store(db) as store:
        azul = builtin_games()["azul"]
        store.save_play(
            azul,
            None,
            [PlayerSheet("Zoë", {"marker": 40}), PlayerSheet("Ben", {"marker": 30})],
            "2025-02-01T20:00",
        )
    status, out, err = cli("review", "2025", "--pdf", "review.pdf", "--db", db, "--lang", "de")
    assert (status, err) == (0, "")
    assert out.strip().endswith("review.pdf")
    text = pypdf.PdfReader("review.pdf").pages[0].extract_text()
    assert "Rückblick 2025" in text and "Zoë" in text
    status, out, err = cli("review", "2019", "--pdf", "none.pdf", "--db", db)
    assert (status, out) == (2, "")
    assert "No plays in 2019." in err
    status, _, err = cli("review", "twenty", "--db", db)
    assert status == 2 and '"twenty" is not a year' in err
    status, _, err = cli("review", "2025", "--player", "Nobody", "--db", db, "--lang", "fr")
    assert status == 2 and 'aucun joueur nommé "Nobody"' in err
