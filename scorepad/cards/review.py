"""The year in review as a PNG card (``scorepad review --png``, the Year in review page).

A portrait card (1080 × 1350, the shape a phone shows whole): the year and whose it is,
four big figures, the year's other figures, the plays by month as bars and the best
scores. The players named on it are drawn in their colours (the palette's, as each
player last played), so a card is recognisable at a glance.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from scorepad.cards.result import BOLD, REGULAR, fitted, runs, text_width
from scorepad.club.review import Review, best_lines, review_lines, title
from scorepad.core.colours import LIGHT, PALETTE
from scorepad.core.i18n import tr

WIDTH, HEIGHT = 1080, 1350
MARGIN = 56
BACKGROUND = "#F7F7FB"
INK = "#1B1B23"
MUTED = "#5C5C6E"
ACCENT = "#3949AB"
"""Indigo, the app's own colour."""
TILE = "#FFFFFF"
LINE = "#DCDCE6"
BIG = ("plays", "hours", "games", "h-index")


@cache
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: str,
    *,
    bold: bool = False,
    room: float | None = None,
    anchor_right: bool = False,
) -> float:
    """``text`` with its top left at ``xy`` (top right with ``anchor_right``), made smaller
    (to 14 px, then cut) to fit ``room`` when given, each run of characters in the font
    that has them (the result card's ``runs``); returns the width drawn."""
    if room is not None:
        text, size = fitted(text, room, size, min(size, 14), bold)
    width = text_width(text, size, bold)
    x, y = xy
    if anchor_right:
        x -= width
    ascent = _font(str(BOLD if bold else REGULAR), size).getmetrics()[0]
    for piece, path in runs(text, bold):
        face = _font(path, size)
        draw.text((x, y + ascent), piece, font=face, fill=fill, anchor="ls")  # one baseline
        x += face.getlength(piece)
    return width


def player_colours(names: list[str], kept: Mapping[str, str]) -> dict[str, str]:
    """Each player's colour (a palette name): the one they last played with, else the
    palette's colours in turn."""
    spare = [c for c in PALETTE if c not in ("white",)]
    found: dict[str, str] = {}
    for n, name in enumerate(names):
        found[name] = kept.get(name) or spare[n % len(spare)]
    return found


def review_png(
    review: Review,
    lang: str,
    names: Mapping[str, str],
    colours: Mapping[str, str] | None = None,
) -> bytes:
    """The card as PNG bytes. ``names``: the games' names in ``lang`` by id;
    ``colours``: players' palette colours by name (``player_colours``)."""
    colours = colours or {}
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    room = WIDTH - 2 * MARGIN

    # the header: the year, and whose
    draw.rectangle((0, 0, WIDTH, 210), fill=ACCENT)
    draw_text(draw, (MARGIN, 40), title(review, lang), 58, "#FFFFFF", bold=True, room=room)
    who = review.player or tr("review.everyone", lang)
    _chip(draw, (MARGIN, 128), who, colours.get(who), room)

    lines = {line.key: line for line in review_lines(review, lang, names)}
    # four big figures
    tile_w = (room - 3 * 20) // 4
    for n, key in enumerate(BIG):
        line = lines[key]
        x: float = MARGIN + n * (tile_w + 20)
        draw.rounded_rectangle((x, 240, x + tile_w, 400), 18, fill=TILE, outline=LINE, width=2)
        value = line.value.split(" · ")[0] if key == "hours" else line.value
        if key == "hours" and not review.timed:
            value = "–"
        value, size = fitted(value, tile_w - 36, 54, 14, True)
        lower = round((54 - size) * 0.76)  # on the same baseline as the tiles beside it
        draw_text(draw, (x + 18, 262 + lower), value, size, ACCENT, bold=True)
        draw_text(draw, (x + 18, 345), line.label, 22, MUTED, room=tile_w - 36)

    # the other figures, one a line
    y = 430
    rest = [line for key, line in lines.items() if key not in BIG]
    people = {
        "opponent": review.opponent,
        "nemesis": review.nemesis,
        "victim": review.victim,
    }
    for line in rest:
        draw_text(draw, (MARGIN, y), line.label, 26, MUTED, room=room * 0.45)
        found = people.get(line.key)
        if found is not None:
            _chip(
                draw,
                (MARGIN + room * 0.47, y - 6),
                f"{found[0]} ({found[1]})",
                colours.get(found[0]),
                room * 0.53,
                size=26,
            )
        elif line.key == "top-players" and review.players:
            x = MARGIN + room * 0.47
            for name, count in review.players[:3]:
                x += (
                    _chip(
                        draw,
                        (x, y - 6),
                        f"{name} ({count})",
                        colours.get(name),
                        MARGIN + room - x,
                        size=22,
                    )
                    + 10
                )
                if x > MARGIN + room - 60:
                    break
        else:
            draw_text(
                draw, (MARGIN + room * 0.47, y), line.value, 26, INK, bold=True, room=room * 0.53
            )
        y += 50
        draw.line((MARGIN, y - 12, MARGIN + room, y - 12), fill=LINE, width=1)

    # plays by month
    y += 10
    draw_text(draw, (MARGIN, y), tr("review.by_month", lang), 26, MUTED)
    y += 44
    top = max(review.months) or 1
    bar_w = (room - 11 * 12) / 12
    chart_h = 150
    for month, count in enumerate(review.months):
        left = MARGIN + month * (bar_w + 12)
        h = round(chart_h * count / top)
        if h:
            draw.rounded_rectangle(
                (left, y + chart_h - h, left + bar_w, y + chart_h), 6, fill=ACCENT
            )
        draw.line((left, y + chart_h, left + bar_w, y + chart_h), fill=LINE, width=2)
        label = str(month + 1)
        draw_text(
            draw, (left + bar_w / 2 + 8, y + chart_h + 8), label, 18, MUTED, anchor_right=True
        )
    y += chart_h + 50

    # best scores
    best = best_lines(review, lang, names)
    if best and y < HEIGHT - 140:
        draw_text(draw, (MARGIN, y), tr("review.best", lang), 26, MUTED)
        y += 42
        for line in best:
            if y > HEIGHT - 90:
                break
            draw_text(draw, (MARGIN, y), line.label, 24, INK, room=room * 0.5)
            draw_text(
                draw, (MARGIN + room * 0.52, y), line.value, 24, INK, bold=True, room=room * 0.48
            )
            y += 38
    draw_text(draw, (WIDTH - MARGIN, HEIGHT - 52), "Scorepad", 22, MUTED, anchor_right=True)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _chip(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    colour: str | None,
    room: float,
    size: int = 32,
) -> float:
    """A name on a rounded patch of the player's colour; returns its width."""
    fill = PALETTE.get(colour or "", "#FFFFFF")
    ink = INK if colour is None or colour in LIGHT else "#FFFFFF"
    text, size = fitted(text, room - 2 * 16, size, min(size, 14))
    width = text_width(text, size) + 2 * 16
    x, y = xy
    draw.rounded_rectangle(
        (x, y, x + width, y + size + 22), (size + 22) // 2, fill=fill, outline=LINE, width=2
    )
    draw_text(draw, (x + 16, y + 9), text, size, ink)
    return width
