"""A play's result to share: a PNG card and a few lines of plain text for a chat.

Both are drawn from a ``PlayResult``, plain data that the app and the command line make
from a saved play (``scorepad.ui.result_card``); nothing here reads the history. The card
is light whatever the app's theme (a picture is seen on other people's screens), every
text colour keeps a contrast of at least 7:1 with what it is drawn on (``contrast``,
WCAG's formula), and each player's colour is the palette's (``scorepad.core.colours``),
drawn as a swatch with a dark outline so that white and yellow show on the light ground.

Names come in any script. The card is set in DejaVu Sans, the font the app ships (Latin,
Greek, Cyrillic and more); a character DejaVu lacks (Chinese, Japanese, Korean) is set in
a CJK font of the system when one is installed (``CJK_FONTS``), character by character,
so a name mixing scripts keeps each in its own font. Every text is fitted to its room:
made smaller down to a floor, then cut with "…", so 8 players with long names still fit.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path

from scorepad.core import ScorepadError
from scorepad.core.colours import PALETTE
from scorepad.core.i18n import ntr, tr
from scorepad.files import write_atomic
from scorepad.l10n import date_text

WIDTH = 1080
"""The card's width in pixels (what chat apps show without scaling); its height grows
with the players."""
MARGIN = 64
ROW = 96
"""A player's row."""
TEAM_ROW = 72
MAX_PLAYERS = 64
"""Seats drawn at most (a play has far fewer): the card stays bounded whatever it is given."""
MAX_BYTES = 4 * 1024 * 1024
"""A card is far smaller; larger would be a fault, never sent to a phone."""

BACKGROUND = "#FFFFFF"
INK = "#1B1B1F"
"""Titles, names and totals."""
MUTED = "#4A4A52"
"""The date, the place and the duration, the ranks, the footer."""
WINNER_BAND = "#FFF3C4"
"""Behind a winner's row."""
STAR = "#5C4300"
"""The winner's star."""
OUTLINE = "#3C3C43"
"""Around each colour swatch (a white or yellow swatch shows on the light ground)."""
RULE = "#D9D9DE"
WON_GROUND, WON_INK = "#E3F4EA", "#0B5130"
LOST_GROUND, LOST_INK = "#FBE6E4", "#7A1F12"

FONT_DIR = Path(__file__).resolve().parents[1] / "printing" / "fonts"
"""DejaVu Sans, shipped with the package for the printed sheets (and the app's fallback)."""
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
CJK_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "/System/Library/Fonts/AppleSDGothicNeo.ttc",
    "C:/Windows/Fonts/msyh.ttc",
    "C:/Windows/Fonts/YuGothM.ttc",
    "C:/Windows/Fonts/malgun.ttf",
)
"""Where systems keep a font with Chinese, Japanese and Korean characters: the first one
found sets what DejaVu lacks (the app ships none: such a font weighs 10 to 20 MB)."""
CJK_ENV = "SCOREPAD_CJK_FONT"
"""A font file to use for CJK characters instead of looking in ``CJK_FONTS``."""


class CardError(ScorepadError):
    """A card that cannot be written (the file named)."""


@dataclass(frozen=True)
class SeatLine:
    """One player on the card, as the play shows them."""

    name: str
    colour: str | None
    """A palette name (``core.colours.PALETTE``), None: no colour."""
    total: str
    """The player's points as written in the reader's language; "" when the play has none."""
    rank: int
    winner: bool
    team: str | None = None


@dataclass(frozen=True)
class TeamLine:
    name: str
    total: str
    """"" when the game keeps no score (Codenames)."""
    rank: int
    winner: bool


@dataclass(frozen=True)
class PlayResult:
    """What a shared result says: the game, when, who played and how it ended."""

    title: str
    """The game's name as the play titles it (variant and modules included)."""
    played_at: datetime
    headline: str
    """Who won and how, one sentence ("Ana wins with 77 points.")."""
    seats: tuple[SeatLine, ...]
    """In seat order."""
    location: str | None = None
    duration: int | None = None
    """Minutes played, None: not known."""
    together: str | None = None
    """A co-operative play: "won", "lost" or "mixed"; None for the others."""
    score: str = ""
    """A co-operative play's score, as written ("" when the game keeps none)."""
    teams: tuple[TeamLine, ...] = ()

    def ranked(self) -> list[SeatLine]:
        """The players best first (seat order among equals; seat order in a co-operative
        play, which has no ranks)."""
        if self.together:
            return list(self.seats)
        return sorted(self.seats, key=lambda s: s.rank)


# --- the text ----------------------------------------------------------------------------
def about_line(result: PlayResult, lang: str) -> str:
    """ "2026-12-07 · 45 min · Café Ludo": the day, how long and where."""
    parts = [date_text(result.played_at.date(), lang)]
    if result.duration is not None:
        parts.append(tr("app.play_duration", lang, minutes=result.duration))
    if result.location:
        parts.append(result.location)
    return " · ".join(parts)


def outcome_line(result: PlayResult, lang: str) -> str:
    """A co-operative play's "Won together, 25" ("" for the others)."""
    if not result.together:
        return ""
    said = tr(f"card.together_{result.together}", lang)
    return (
        tr("card.together_score", lang, outcome=said, score=result.score) if result.score else said
    )


def seat_text(seat: SeatLine, lang: str, *, ranked: bool) -> str:
    """One player's line in the text: "1st · Ana (blue) · 77 ★"."""
    name = seat.name
    if seat.colour:
        name = tr("card.with_colour", lang, name=name, colour=tr(f"colour.{seat.colour}", lang))
    if seat.team:
        name = tr("card.in_team", lang, name=name, team=seat.team)
    parts = [ntr("app.rank_n", seat.rank, lang, rank=seat.rank)] if ranked else []
    parts.append(name)
    if seat.total:
        parts.append(seat.total)
    line = " · ".join(parts)
    return f"{line} ★" if seat.winner and ranked else line


def result_text(result: PlayResult, lang: str) -> str:
    """The result as plain text for a chat: the game and the day, how it ended (the
    sentence the play screen shows), then one line per player (best first), in ``lang``."""
    ranked = not result.together
    lines = [f"{result.title} — {about_line(result, lang)}", result.headline]
    lines += [seat_text(s, lang, ranked=ranked) for s in result.ranked()[:MAX_PLAYERS]]
    return "\n".join(lines) + "\n"


# --- the picture --------------------------------------------------------------------------
def luminance(colour: str) -> float:
    """WCAG's relative luminance of a ``#RRGGBB`` colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


TEXT_ON_GROUND = (
    (INK, BACKGROUND),
    (MUTED, BACKGROUND),
    (INK, WINNER_BAND),
    (MUTED, WINNER_BAND),
    (STAR, WINNER_BAND),
    (WON_INK, WON_GROUND),
    (LOST_INK, LOST_GROUND),
)
"""Every text colour and what it is drawn on (the tests measure each pair's contrast)."""


@cache
def _covered(path: str, index: int = 0) -> frozenset[int]:
    """The characters a font file has."""
    from fontTools.ttLib import TTFont

    kwargs = {"fontNumber": index} if path.lower().endswith((".ttc", ".otc")) else {}
    with TTFont(path, lazy=True, **kwargs) as font:
        return frozenset(font.getBestCmap())


@cache
def cjk_font() -> str | None:
    """A system font with CJK characters (``CJK_ENV`` first), or None."""
    wanted = os.environ.get(CJK_ENV)
    for path in (wanted, *CJK_FONTS) if wanted else CJK_FONTS:
        if path and os.path.isfile(path):
            try:
                if ord("中") in _covered(path):
                    return path
            except Exception:
                continue
    return None


@cache
def _font(path: str, size: int):  # noqa: ANN202 - Pillow's FreeTypeFont
    from PIL import ImageFont

    return ImageFont.truetype(path, size)


def runs(text: str, bold: bool) -> list[tuple[str, str]]:
    """``text`` cut into (piece, font file) by which font has each character: DejaVu
    where it can, else the system's CJK font when one is installed (else DejaVu, which
    draws what it lacks as an empty box)."""
    main = str(BOLD if bold else REGULAR)
    have = _covered(main)
    other = cjk_font()
    pieces: list[tuple[str, str]] = []
    for char in text:
        path = main
        if other is not None and ord(char) not in have and not char.isspace():
            path = other if ord(char) in _covered(other) else main
        if pieces and pieces[-1][1] == path:
            pieces[-1] = (pieces[-1][0] + char, path)
        else:
            pieces.append((char, path))
    return pieces


def text_width(text: str, size: int, bold: bool = False) -> float:
    return sum(_font(path, size).getlength(piece) for piece, path in runs(text, bold))


def fitted(
    text: str, room: float, largest: int, smallest: int, bold: bool = False
) -> tuple[str, int]:
    """``text`` at the largest size (down to ``smallest``) that fits ``room`` on one line;
    cut with "…" at the smallest size when even that is too wide."""
    line = " ".join(text.split())
    size = largest
    while size > smallest and text_width(line, size, bold) > room:
        size -= 1
    if text_width(line, size, bold) <= room:
        return line, size
    low, high = 0, len(line)
    while low < high:  # the longest start that fits with the ellipsis
        middle = (low + high + 1) // 2
        if text_width(line[:middle].rstrip() + "…", size, bold) <= room:
            low = middle
        else:
            high = middle - 1
    return line[:low].rstrip() + "…", size


def wrapped(text: str, room: float, size: int, bold: bool = False, most: int = 3) -> list[str]:
    """``text`` word-wrapped to ``room`` at ``size``, at most ``most`` lines (the last cut
    with "…"); a word wider than the room is cut too."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, size, bold) > room:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :])]
    return [fitted(line, room, size, size, bold)[0] for line in lines] or [""]


class _Pen:
    """Draws text in runs of fonts on one picture."""

    def __init__(self, image) -> None:  # noqa: ANN001 - a Pillow Image
        from PIL import ImageDraw

        self.draw = ImageDraw.Draw(image)

    def text(
        self, x: float, y: float, text: str, size: int, fill: str, bold: bool = False
    ) -> float:
        """``text`` with its top-left at (x, y) as the font's ascent places it; the x after it."""
        for piece, path in runs(text, bold):
            font = _font(path, size)
            self.draw.text((x, y), piece, font=font, fill=fill)
            x += font.getlength(piece)
        return x

    def right(
        self, x: float, y: float, text: str, size: int, fill: str, bold: bool = False
    ) -> None:
        self.text(x - text_width(text, size, bold), y, text, size, fill, bold)


def _height(result: PlayResult, title_lines: int, headline_lines: int) -> int:
    seats = min(len(result.seats), MAX_PLAYERS)
    height = MARGIN + title_lines * 66 + 52 + 24 + headline_lines * 46 + 24
    if result.together:
        height += 72 + 16
    height += seats * ROW + len(result.teams) * TEAM_ROW
    return height + 24 + 56 + MARGIN // 2


def result_png(result: PlayResult, lang: str) -> bytes:
    """The card as PNG bytes, ``WIDTH`` wide, in ``lang``."""
    from PIL import Image

    room = WIDTH - 2 * MARGIN
    title = wrapped(result.title, room, 52, bold=True, most=2)
    headline = wrapped(result.headline, room, 34, most=3)
    image = Image.new("RGB", (WIDTH, _height(result, len(title), len(headline))), BACKGROUND)
    pen = _Pen(image)
    draw = pen.draw
    y: float = MARGIN
    for line in title:
        pen.text(MARGIN, y, line, 52, INK, bold=True)
        y += 66
    about, size = fitted(about_line(result, lang), room, 30, 20)
    pen.text(MARGIN, y + 4, about, size, MUTED)
    y += 52 + 24
    for line in headline:
        pen.text(MARGIN, y, line, 34, INK)
        y += 46
    y += 24
    if result.together:
        won = result.together == "won"
        ground, ink = (WON_GROUND, WON_INK) if won else (LOST_GROUND, LOST_INK)
        draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + 72), radius=16, fill=ground)
        said, size = fitted(outcome_line(result, lang), room - 48, 36, 22, bold=True)
        pen.text(MARGIN + 24, y + (72 - size * 1.2) / 2, said, size, ink, bold=True)
        y += 72 + 16
    draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=RULE, width=2)
    ranked = not result.together
    seats = result.ranked()[:MAX_PLAYERS]
    swatches = any(s.colour for s in seats)
    if result.teams:
        for team in sorted(result.teams, key=lambda t: t.rank):
            y = _team_row(pen, team, y)
            for seat in (s for s in seats if s.team == team.name):
                y = _seat_row(pen, seat, y, lang, ranked=False, indent=32, swatches=swatches)
        for seat in (s for s in seats if s.team not in {t.name for t in result.teams}):
            y = _seat_row(pen, seat, y, lang, ranked=ranked, swatches=swatches)
    else:
        for seat in seats:
            y = _seat_row(pen, seat, y, lang, ranked=ranked, swatches=swatches)
    y += 24
    pen.right(WIDTH - MARGIN, y + 8, "Scorepad", 24, MUTED)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    data = out.getvalue()
    if len(data) > MAX_BYTES:  # pragma: no cover - a bounded picture never comes near it
        raise CardError("card.too_big", mb=MAX_BYTES // (1024 * 1024))
    return data


def _star(draw, x: float, y: float, size: float, fill: str) -> None:  # noqa: ANN001
    """A five-pointed star whose box's top-left is (x, y) (drawn: no font needed)."""
    import math

    points = []
    centre_x, centre_y = x + size / 2, y + size / 2
    for n in range(10):
        radius = size / 2 if n % 2 == 0 else size / 5
        angle = -math.pi / 2 + n * math.pi / 5
        points.append((centre_x + radius * math.cos(angle), centre_y + radius * math.sin(angle)))
    draw.polygon(points, fill=fill)


def _team_row(pen: _Pen, team: TeamLine, y: float) -> float:
    draw = pen.draw
    if team.winner:
        draw.rectangle(
            (MARGIN - 16, y + 4, WIDTH - MARGIN + 16, y + TEAM_ROW - 4), fill=WINNER_BAND
        )
    right = WIDTH - MARGIN
    if team.winner:
        _star(draw, right - 40, y + (TEAM_ROW - 40) / 2, 40, STAR)
        right -= 56
    total_room = 0.0
    if team.total:
        pen.right(right, y + (TEAM_ROW - 40) / 2, team.total, 34, INK, bold=True)
        total_room = text_width(team.total, 34, bold=True) + 24
    name, size = fitted(team.name, right - total_room - MARGIN, 34, 20, bold=True)
    pen.text(MARGIN, y + (TEAM_ROW - size * 1.2) / 2, name, size, INK, bold=True)
    return y + TEAM_ROW


def _seat_row(
    pen: _Pen,
    seat: SeatLine,
    y: float,
    lang: str,
    *,
    ranked: bool,
    indent: int = 0,
    swatches: bool = True,
) -> float:
    draw = pen.draw
    middle = y + ROW / 2
    if seat.winner and ranked:
        draw.rectangle((MARGIN - 16, y + 6, WIDTH - MARGIN + 16, y + ROW - 6), fill=WINNER_BAND)
    x = MARGIN + indent
    if ranked:
        rank, size = fitted(ntr("app.rank_n", seat.rank, lang, rank=seat.rank), 88, 32, 18, True)
        pen.text(x, middle - size * 0.6, rank, size, MUTED, bold=True)
        x += 104
    swatch = 52
    top = middle - swatch / 2
    if not swatches:  # nobody had a colour: no column for them
        pass
    elif seat.colour in PALETTE:
        draw.rounded_rectangle(
            (x, top, x + swatch, top + swatch),
            radius=12,
            fill=PALETTE[seat.colour or ""],
            outline=OUTLINE,
            width=3,
        )
    else:  # no colour: an empty outline keeps the names in line
        draw.rounded_rectangle((x, top, x + swatch, top + swatch), radius=12, outline=RULE, width=3)
    if swatches:
        x += swatch + 24
    right: float = WIDTH - MARGIN
    if seat.winner and ranked:
        _star(draw, right - 40, middle - 20, 40, STAR)
        right -= 56
    if seat.total:
        pen.right(right, middle - 24, seat.total, 40, INK, bold=True)
        right -= text_width(seat.total, 40, bold=True) + 32
    name, size = fitted(seat.name, right - x, 40, 22, bold=seat.winner)
    pen.text(x, middle - size * 0.62, name, size, INK, bold=seat.winner)
    return y + ROW


def card_name(result: PlayResult, game: str, play_id: int) -> str:
    """The file name a card is offered as: ``azul-2026-12-07-12.png``."""
    safe = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "-" for c in game)
    return f"{safe or 'play'}-{result.played_at:%Y-%m-%d}-{play_id}.png"


def write_card(path: str | os.PathLike[str], data: bytes) -> Path:
    """Writes the card whole or not at all; a CardError names the file when it cannot."""
    target = Path(path)
    try:
        write_atomic(target, data)
    except OSError as problem:
        detail = problem.strerror or str(problem)
        raise CardError("card.unwritable", path=str(target), detail=detail) from None
    return target
