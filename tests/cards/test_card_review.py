"""The year in review's card: a PNG that opens, of its size, with the players' colours,
names in any script drawn with a font that has them (``cards.review``)."""

from __future__ import annotations

import io
from datetime import datetime

import pytest
from PIL import Image

from scorepad.cards.result import cjk_font, runs
from scorepad.cards.review import HEIGHT, WIDTH, player_colours, review_png
from scorepad.club.facts import PlayFact, SeatFact
from scorepad.club.review import year_review
from scorepad.core.colours import PALETTE
from scorepad.core.i18n import LANGS


def fact(n: int, when: str, seats: list[tuple[str, int, int]]) -> PlayFact:
    return PlayFact(
        n,
        f"u{n}",
        "azul",
        datetime.fromisoformat(when),
        None,
        None,
        None,
        None,
        None,
        tuple(SeatFact(p, i, r, r == 1, t, None, False) for i, (p, r, t) in enumerate(seats)),
    )


FACTS = [
    fact(1, "2025-01-03T20:00", [("Ana", 1, 100), ("Дмитрий", 2, 90), ("علي", 3, 80)]),
    fact(2, "2025-02-03T20:00", [("Ana", 2, 100), ("Дмитрий", 1, 120)]),
    fact(3, "2025-03-03T20:00", [("Ana", 1, 100), ("Αλέξης", 2, 20)]),
]


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_opens_at_its_size_with_each_players_colour(lang):
    review = year_review(FACTS, 2025, "Ana")
    colours = player_colours(["Ana", "Дмитрий", "Αλέξης"], {"Ana": "red", "Дмитрий": "green"})
    assert colours["Ana"] == "red" and colours["Дмитрий"] == "green"
    data = review_png(review, lang, {"azul": "Azul"}, colours)
    assert data.startswith(b"\x89PNG")
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
    seen = {colour for _count, colour in image.convert("RGB").getcolors(WIDTH * HEIGHT)}
    for name in ("Ana", "Дмитрий", "Αλέξης"):  # the review's player, nemesis, victim
        assert rgb(PALETTE[colours[name]]) in seen, name


def test_everyones_card_shows_the_busiest_players_in_their_colours():
    review = year_review(FACTS, 2025)
    colours = {"Ana": "blue", "Дмитрий": "orange", "علي": "purple"}
    image = Image.open(io.BytesIO(review_png(review, "fr", {"azul": "Azul"}, colours)))
    seen = {colour for _count, colour in image.convert("RGB").getcolors(WIDTH * HEIGHT)}
    assert rgb(PALETTE["blue"]) in seen and rgb(PALETTE["orange"]) in seen


def glyphs(path: str) -> frozenset[int]:
    from fontTools.ttLib import TTFont

    number = {"fontNumber": 0} if path.endswith(".ttc") else {}
    with TTFont(path, lazy=True, **number) as font:
        return frozenset(font.getBestCmap())


SCRIPTS = ["Zoë", "Дмитрий", "Αλέξης", "Çağrı", "Łukasz", "علي", "שרה", "გიორგი"]


@pytest.mark.parametrize("name", SCRIPTS)
def test_names_in_these_scripts_are_drawn_with_the_shipped_font_never_as_boxes(name):
    (piece, path), *more = runs(name, False)
    assert not more and piece == name and path.endswith("DejaVuSans.ttf")
    assert all(ord(char) in glyphs(path) for char in name)


@pytest.mark.parametrize("name", ["山田太郎", "김민준", "さくら"])
def test_chinese_japanese_and_korean_names_take_the_systems_font(name):
    font = cjk_font()
    if font is None:
        pytest.skip("no CJK font on this system (Debian: fonts-wqy-microhei)")
    for piece, path in runs(name, False):
        assert all(ord(char) in glyphs(path) for char in piece), (piece, path)
    review = year_review([fact(9, "2025-05-05T20:00", [(name, 1, 10), ("Ana", 2, 5)])], 2025)
    image = Image.open(io.BytesIO(review_png(review, "en", {"azul": "Azul"}, {name: "blue"})))
    assert image.size == (WIDTH, HEIGHT)
