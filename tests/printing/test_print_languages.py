"""A played sheet printed in French and German reads in that language: its labels, the
games' texts, the result sentence, the date and the decimal comma."""

from __future__ import annotations

import datetime as dt

import pypdf
import pytest

from scorepad.core import ExtraLine, PlayerSheet, builtin_games, score
from scorepad.core.i18n import LANGS, pick, tr
from scorepad.printing.document import write_played_sheet, write_sheet


def plain(text: str) -> str:
    """Text read back from a PDF has plain spaces where French writes no-break ones."""
    return " ".join(text.replace("\xa0", " ").split())


def pdf_text(path) -> str:
    return plain(" ".join(page.extract_text() for page in pypdf.PdfReader(path).pages))


@pytest.mark.parametrize(
    ("lang", "date", "sentence", "english"),
    [
        (
            "fr",
            "30/11/2026",
            "Ben gagne avec 22,5 points.",
            ["Buildings", "Glass left", "wins with", "Tie"],
        ),
        (
            "de",
            "30.11.2026",
            "Ben gewinnt: 22,5 Punkte.",
            ["Buildings", "Glass left", "wins with", "Total", "Tie"],
        ),
    ],
)
def test_a_played_sheet_prints_in_french_and_german(tmp_path, lang, date, sentence, english):
    game = builtin_games()["glass-road"]
    sheet = score(
        game,
        None,
        [
            PlayerSheet(
                "Ana",
                {"buildings": 12, "glass_left": {"count": 2, "rate": "start"}},
                [ExtraLine("Regla", 3)],
            ),
            PlayerSheet("Ben", {"buildings": 20, "sand_left": {"count": 5, "rate": "start"}}),
        ],
    )
    path = write_played_sheet(
        tmp_path / f"play.{lang}.pdf",
        sheet,
        lang,
        played_on=dt.date(2026, 11, 30),
        place="Zu Hause",
    )
    text = pdf_text(path)
    assert plain(sheet.explanation(lang)) == plain(sentence)
    for shown in (
        plain(sentence),
        date,
        plain(pick(game.name, lang)),
        *(plain(pick(line.label, lang)) for line in game.lines),
        plain(tr("print.date", lang)),
        plain(tr("print.place", lang)),
        "22,5",
    ):
        assert shown in text, (lang, shown)
    for word in english:
        assert word not in text, (lang, word)


@pytest.mark.parametrize("lang", LANGS)
def test_a_blank_sheet_prints_every_text_of_the_game_in_each_language(tmp_path, lang):
    game = builtin_games()["azul"]
    text = pdf_text(write_sheet(tmp_path / f"azul.{lang}.pdf", game, None, lang))
    expected = [pick(game.name, lang), *(pick(r, lang) for r in game.reminders)]
    expected += [pick(line.label, lang) for line in game.lines]
    expected += [pick(tb.label, lang) for tb in game.tiebreakers]
    expected += [tr("print.tiebreak_caption", lang), tr("print.by_hand_hint", lang)]
    for shown in expected:
        assert plain(shown) in text, (lang, shown)
    for line in game.lines:  # no English label where a translation exists
        if pick(line.label, lang) != pick(line.label, "en"):
            assert pick(line.label, "en") not in text
