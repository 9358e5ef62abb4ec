"""Fonts for sheets, and fitting text into a box.

Player names come in any script, so the sheet embeds DejaVu Sans (shipped in
``fonts/``, never taken from the system, so every machine prints the same page). DejaVu
has no Chinese, Japanese or Korean: a string with such characters is set, as a whole, in
one of reportlab's built-in CID fonts, which PDF readers supply, instead of empty boxes.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = "ScorepadSans"
BOLD = "ScorepadSans-Bold"

JAPANESE = "HeiseiKakuGo-W5"
CHINESE = "STSong-Light"
KOREAN = "HYSMyeongJo-Medium"


@cache
def register_fonts() -> frozenset[int]:
    """Registers the shipped fonts once; returns the code points they cover."""
    regular = TTFont(REGULAR, str(FONT_DIR / "DejaVuSans.ttf"))
    pdfmetrics.registerFont(regular)
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    return frozenset(regular.face.charToGlyph)


@lru_cache(maxsize=4096)
def font_for(text: str, bold: bool = False) -> str:
    """The font to set ``text`` in: DejaVu when it covers every character, else a CID font."""
    covered = register_fonts()
    if all(ord(char) in covered or char.isspace() for char in text):
        return BOLD if bold else REGULAR
    name = _cid_font(text)
    if name is None:
        return BOLD if bold else REGULAR
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(name))
    return name


def _cid_font(text: str) -> str | None:
    """Korean for Hangul, Japanese for kana, Chinese for Han alone; None for other scripts."""
    han = False
    for char in text:
        code = ord(char)
        if 0xAC00 <= code <= 0xD7AF or 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F:
            return KOREAN
        if 0x3040 <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF or 0xFF66 <= code <= 0xFF9F:
            return JAPANESE
        if 0x3400 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0x3000 <= code <= 0x303F:
            han = True
    return CHINESE if han else None


MISSING = "□"
"""Printed for a character that no shipped font has (an emoji, a rare script), so the sheet
shows that something is there, and the PDF's text says so too, rather than a NUL."""


@lru_cache(maxsize=4096)
def on_paper(text: str, font: str) -> str:
    """``text`` as it can be printed in ``font``: characters DejaVu lacks become ``MISSING``
    (the CJK fonts are left alone: PDF readers bring their own glyphs)."""
    if font not in (REGULAR, BOLD):
        return text
    covered = register_fonts()
    if all(ord(char) in covered or char.isspace() for char in text):
        return text
    return "".join(char if ord(char) in covered or char.isspace() else MISSING for char in text)


def width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


@lru_cache(maxsize=16384)
def _unit_width(word: str, font: str) -> float:
    """A word's width at size 1: widths simply add up (reportlab applies no kerning)."""
    return pdfmetrics.stringWidth(word, font, 1)


def wrap(text: str, font: str, size: float, room: float) -> list[str]:
    """Greedy word wrap; a single word wider than ``room`` keeps a line of its own."""
    words = on_paper(text, font).split()
    return _wrap(words, [_unit_width(w, font) for w in words], _unit_width(" ", font), size, room)


def _wrap(
    words: list[str], widths: list[float], space: float, size: float, room: float
) -> list[str]:
    limit = room / size
    lines: list[str] = []
    current: list[str] = []
    used = 0.0
    for word, unit in zip(words, widths, strict=True):
        if current and used + space + unit > limit:
            lines.append(" ".join(current))
            current, used = [word], unit
        elif current:
            current.append(word)
            used += space + unit
        else:
            current, used = [word], unit
    if current:
        lines.append(" ".join(current))
    return lines or [""]


LEADING = 1.18


@lru_cache(maxsize=8192)
def fit(
    text: str, font: str, room: float, height: float, largest: float, smallest: float = 4.0
) -> tuple[float, tuple[str, ...]]:
    """The largest size (down to ``smallest``) at which ``text`` wraps into the box.

    Long labels of user-made games wrap first and shrink only when wrapping is not enough;
    at the smallest size, lines that still do not fit are cut with an ellipsis, so nothing
    ever spills over a neighbouring cell.
    """
    words = on_paper(text, font).split()
    widths = [_unit_width(w, font) for w in words]
    space = _unit_width(" ", font)
    widest = max(widths, default=0.0)
    size = max(smallest, min(largest, height / LEADING))
    while True:
        lines = _wrap(words, widths, space, size, room)
        fits_high = len(lines) * size * LEADING <= height or len(lines) == 1
        if fits_high and widest * size <= room:
            return size, tuple(lines)
        if size - 0.5 < smallest:
            break
        size -= 0.5
    keep = max(1, int(height // (size * LEADING)))
    if len(lines) > keep:
        lines = [*lines[: keep - 1], lines[keep - 1] + " …"]
    return size, tuple(_ellipsis(line, font, size, room) for line in lines)


def one_line(
    text: str, font: str, room: float, largest: float, smallest: float = 4.0
) -> tuple[float, str]:
    """The largest size (down to ``smallest``, by half points) at which ``text`` fits on
    one line, and the line: cut with an ellipsis at the smallest size. For a cell's value,
    which must read on one line ("6 (20)", a team's name), never wrapped."""
    line = " ".join(on_paper(text, font).split())
    size = largest
    while size - 0.5 >= smallest and width(line, font, size) > room:
        size -= 0.5
    return size, _ellipsis(line, font, size, room)


def _ellipsis(line: str, font: str, size: float, room: float) -> str:
    """The longest start of ``line`` that fits with "…" after it: found by halving, since
    one character at a time took 15 s for a 10,000-character word."""
    if width(line, font, size) <= room:
        return line
    low, high = 0, len(line)
    while low < high:
        middle = (low + high + 1) // 2
        if width(line[:middle] + "…", font, size) <= room:
            low = middle
        else:
            high = middle - 1
    return line[:low] + "…"
