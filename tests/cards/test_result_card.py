"""The result card (``scorepad.cards.result``): a PNG that opens, ``WIDTH`` wide and as
high as its players need, every player's colour drawn as the palette has it, 8 players
with long names kept inside the margins, co-operative and team plays, names in other
scripts drawn in a font that has them, text colours that read (contrast measured), and
the text version for a chat in the reader's language."""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path

import pytest
from PIL import Image

from scorepad.cards.result import (
    BACKGROUND,
    BOLD,
    LOST_GROUND,
    MARGIN,
    TEXT_ON_GROUND,
    WIDTH,
    WINNER_BAND,
    WON_GROUND,
    CardError,
    PlayResult,
    SeatLine,
    TeamLine,
    _covered,
    cjk_font,
    contrast,
    fitted,
    result_png,
    result_text,
    runs,
    text_width,
    write_card,
)
from scorepad.core.colours import PALETTE

WHEN = datetime(2026, 12, 5, 20, 30)
EIGHT = (
    ("Maximiliane Alexandrine Friederike von Hohenzollern-Sigmaringen", "blue", "30"),
    ("Bartholomew", "orange", "27"),
    ("Cleopatra Philopator", "green", "24"),
    ("Dorothea", "yellow", "21"),
    ("Émile-Jean-Baptiste de La Rochefoucauld", "red", "18"),
    ("Fatima Zahra Benali-Ouazzani", "sky", "15"),
    ("Gustavo", "purple", "12"),
    ("Hiroshi", "white", "9"),
)


def rgb(name: str) -> tuple[int, int, int]:
    value = PALETTE.get(name, name)
    return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))


def opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image.convert("RGB")


def colours_in(image: Image.Image) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.getcolors(1 << 22) or []}


def each_for_themselves(seats=EIGHT, **more) -> PlayResult:
    return PlayResult(
        title="Camel Up",
        played_at=WHEN,
        headline=f"{seats[0][0]} wins with {seats[0][2]} points.",
        seats=tuple(
            SeatLine(name, colour, total, rank, rank == 1)
            for rank, (name, colour, total) in enumerate(seats, 1)
        ),
        **more,
    )


def test_the_card_opens_as_a_png_with_every_players_colour():
    four = each_for_themselves(EIGHT[:4], location="Café Ludo", duration=45)
    image = opened(result_png(four, "en"))
    assert image.width == WIDTH and 500 < image.height < 1000
    seen = colours_in(image)
    for _, colour, _ in EIGHT[:4]:
        assert rgb(colour) in seen, colour
    assert rgb(WINNER_BAND) in seen  # the winner's row
    assert image.getpixel((2, 2)) == rgb(BACKGROUND)  # light, whatever the app's theme


def test_eight_players_with_long_names_fit_inside_the_margins():
    four = opened(result_png(each_for_themselves(EIGHT[:4]), "en"))
    image = opened(result_png(each_for_themselves(), "de"))
    assert image.height > four.height  # grows with the players
    seen = colours_in(image)
    assert {rgb(c) for _, c, _ in EIGHT} <= seen
    edge = WIDTH - MARGIN + 16  # the winner's band reaches this far, nothing further
    right = image.crop((edge + 1, 0, WIDTH, image.height))
    left = image.crop((0, 0, MARGIN - 16, image.height))
    assert colours_in(right) == colours_in(left) == {rgb(BACKGROUND)}
    bottom = image.crop((0, image.height - 8, WIDTH, image.height))
    assert colours_in(bottom) == {rgb(BACKGROUND)}  # nothing cut off at the foot


def test_a_name_too_long_for_its_room_is_made_smaller_then_cut():
    name = EIGHT[0][0]
    room = 500
    line, size = fitted(name, room, 40, 22, bold=True)
    assert size == 22 and line.endswith("…") and text_width(line, size, True) <= room
    assert fitted("Ana", room, 40, 22) == ("Ana", 40)
    huge, _ = fitted("W" * 10_000, room, 40, 22)  # found by halving, not one at a time
    assert huge.endswith("…") and text_width(huge, 22) <= room


def test_a_co_operative_play_says_won_or_lost_together():
    seats = tuple(SeatLine(n, c, "", 1, True) for n, c in (("Ana", "green"), ("Ben", None)))
    won = PlayResult("Pandemic", WHEN, "Everybody wins together.", seats, together="won")
    lost = PlayResult("Hanabi", WHEN, "The game wins.", seats, together="lost", score="17")
    won_image, lost_image = opened(result_png(won, "en")), opened(result_png(lost, "fr"))
    assert rgb(WON_GROUND) in colours_in(won_image)
    assert rgb(LOST_GROUND) in colours_in(lost_image)
    assert rgb(WINNER_BAND) not in colours_in(won_image)  # nobody beats anybody
    assert rgb("green") in colours_in(won_image)
    text = result_text(lost, "fr").splitlines()
    assert text == ["Hanabi — 05/12/2026", "The game wins.", "Ana (Vert)", "Ben"]


def test_a_team_play_shows_its_teams_their_totals_and_the_winner():
    seats = (
        SeatLine("Ana", "red", "14", 1, True, "A"),
        SeatLine("Ben", "blue", "9", 2, False, "B"),
        SeatLine("Cy", "purple", "1", 1, True, "A"),
    )
    teams = (TeamLine("A", "15", 1, True), TeamLine("B", "9", 2, False))
    result = PlayResult("Team dice", WHEN, "A wins with 15 points.", seats, teams=teams)
    image = opened(result_png(result, "en"))
    solo = opened(result_png(PlayResult("Team dice", WHEN, "A wins.", seats), "en"))
    assert image.height > solo.height  # a row for each team besides the players
    assert {rgb("red"), rgb("blue"), rgb("purple"), rgb(WINNER_BAND)} <= colours_in(image)
    assert result_text(result, "de").splitlines()[2:] == [
        "1. · Ana (Rot), Team A · 14 ★",
        "1. · Cy (Lila), Team A · 1 ★",
        "2. · Ben (Blau), Team B · 9",
    ]


def test_the_text_has_one_line_per_player_best_first_in_the_readers_language():
    result = each_for_themselves(EIGHT[:3], location="Café Ludo", duration=45)
    assert result_text(result, "es").splitlines() == [
        "Camel Up — 05/12/2026 · 45 min · Café Ludo",
        f"{EIGHT[0][0]} wins with 30 points.",
        f"1.º · {EIGHT[0][0]} (Azul) · 30 ★",
        "2.º · Bartholomew (Naranja) · 27",
        "3.º · Cleopatra Philopator (Verde) · 24",
    ]


def test_every_text_colour_reads_on_what_it_is_drawn_on():
    for ink, ground in TEXT_ON_GROUND:
        assert contrast(ink, ground) >= 7, (ink, ground)
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21)


def test_cyrillic_and_greek_names_are_set_in_dejavu_not_as_boxes():
    covered = _covered(str(BOLD))
    for name in ("Бори́с Пастернак", "Ελένη Παπαδοπούλου", "Şükrü Çağlar", "Nguyễn Thị Hà"):
        assert all(ord(c) in covered for c in name), name
        assert runs(name, bold=True) == [(name, str(BOLD))]


def test_cjk_names_use_a_system_font_that_has_them():
    font = cjk_font()
    if font is None:
        pytest.skip("no CJK font on this system (fonts-wqy-microhei, fonts-noto-cjk)")
    assert runs("Ana 李小龍", bold=False) == [("Ana ", runs("Ana", False)[0][1]), ("李小龍", font)]
    with_cjk = opened(result_png(each_for_themselves((("李小龍", "red", "5"),)), "en"))
    from PIL import ImageDraw, ImageFont

    boxes = Image.new("L", (200, 80), 0)  # DejaVu's drawing of the same: empty boxes
    ImageDraw.Draw(boxes).text((0, 0), "李小龍", font=ImageFont.truetype(str(BOLD), 40), fill=255)
    glyphs = Image.new("L", (200, 80), 0)
    ImageDraw.Draw(glyphs).text((0, 0), "李小龍", font=ImageFont.truetype(font, 40), fill=255)
    assert boxes.tobytes() != glyphs.tobytes()
    assert with_cjk.width == WIDTH


def test_a_card_that_cannot_be_written_names_the_file(tmp_path: Path):
    data = result_png(each_for_themselves(EIGHT[:2]), "en")
    written = write_card(tmp_path / "card.png", data)
    assert written.read_bytes() == data
    missing = tmp_path / "no-such-folder" / "card.png"
    with pytest.raises(CardError) as refused:
        write_card(missing, data)
    said = refused.value.message("en")
    assert said.startswith(f"cannot write the card to {missing}: ")
    assert not missing.parent.exists()
