"""The year in review's card: a PNG that opens, of its size, with the players' colours,
names in any script drawn with a font that has them (``cards.review``, ``cards.text``)."""

from __future__ import annotations

import io
from datetime import datetime

import pytest
from PIL import Image

from scorepad.cards.review import HEIGHT, WIDTH, player_colours, review_png
from scorepad.cards.text import MISSING, covered, runs
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


@pytest.mark.parametrize(
    "name", ["Zoë", "Дмитрий", "Αλέξης", "Çağrı", "Łukasz", "علي", "שרה", "Გიორგი".lower()]
)
def test_names_in_these_scripts_are_drawn_with_a_shipped_font_never_as_boxes(name):
    assert covered(name)
    assert MISSING not in "".join(run for run, _font in runs(name))


def test_a_character_no_font_has_is_marked_not_dropped():
    text = "Ana 🎲"
    drawn = "".join(run for run, _font in runs(text))
    assert len(drawn) == len(text)
    assert drawn.startswith("Ana ") and (drawn.endswith("🎲") or drawn.endswith(MISSING))
