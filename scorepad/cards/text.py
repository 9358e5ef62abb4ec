"""Text on a card: the fonts the app ships, and a fallback for what they lack.

Names come in any script. DejaVu Sans (the font the printed sheets embed, shipped in
``scorepad/printing/fonts``) covers Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and
Arabic (shaped by Pillow's Raqm layout where Pillow has it); each run of characters it
lacks (Chinese, Japanese, Korean, …) is drawn in the first font of the system that has
them (``SYSTEM_FONTS``: the usual Noto CJK, Droid, WenQuanYi, macOS and Windows fonts).
A character no font at hand has is drawn as ``MISSING``, as on a printed sheet, rather
than as an empty box with nothing to say what it stood for.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "printing" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
SYSTEM_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "/Library/Fonts/Arial Unicode.ttf",
    "C:/Windows/Fonts/msyh.ttc",
    "C:/Windows/Fonts/malgun.ttf",
    "C:/Windows/Fonts/meiryo.ttc",
)
MISSING = "□"


@cache
def _coverage(path: Path) -> frozenset[int]:
    """The characters the font at ``path`` has (a collection's first font's)."""
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() == ".ttc":
        with TTCollection(str(path), lazy=True) as faces:
            return frozenset(faces.fonts[0].getBestCmap() or {})
    with TTFont(str(path), lazy=True) as face:
        return frozenset(face.getBestCmap() or {})


@cache
def fallbacks() -> tuple[Path, ...]:
    """The system's fonts for what DejaVu lacks, those present on this machine."""
    return tuple(Path(p) for p in SYSTEM_FONTS if Path(p).is_file())


@cache
def font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


def _font_for(char: str, bold: bool) -> Path | None:
    main = BOLD if bold else REGULAR
    if char.isspace() or ord(char) in _coverage(main):
        return main
    for path in fallbacks():
        if ord(char) in _coverage(path):
            return path
    return None


def runs(text: str, bold: bool = False) -> Iterator[tuple[str, Path]]:
    """``text`` cut into runs each drawn in one font; characters no font has become
    ``MISSING`` (drawn in DejaVu)."""
    current: list[str] = []
    current_font: Path | None = None
    for char in text:
        found = _font_for(char, bold)
        if found is None:
            char, found = MISSING, REGULAR
        if found != current_font and current:
            assert current_font is not None
            yield "".join(current), current_font
            current = []
        current_font = found
        current.append(char)
    if current and current_font is not None:
        yield "".join(current), current_font


def covered(text: str) -> bool:
    """Whether every character of ``text`` has a font here (none drawn as ``MISSING``)."""
    return all(_font_for(char, False) is not None for char in text)


def text_width(text: str, size: int, bold: bool = False) -> float:
    return sum(font(path, size).getlength(run) for run, path in runs(text, bold))


def fitted(
    text: str, size: int, room: float, bold: bool = False, least: int = 14
) -> tuple[str, int]:
    """``text`` and a size at which it fits ``room`` pixels: smaller down to ``least``,
    then cut with an ellipsis."""
    while size > least and text_width(text, size, bold) > room:
        size -= 2
    if text_width(text, size, bold) <= room:
        return text, size
    while len(text) > 1 and text_width(text + "…", size, bold) > room:
        text = text[:-1]
    return text + "…", size


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
    """Draw ``text`` with its top left at ``xy`` (top right with ``anchor_right``), fitted
    into ``room`` pixels when given; returns the width drawn."""
    if room is not None:
        text, size = fitted(text, size, room, bold)
    width = text_width(text, size, bold)
    x, y = xy
    if anchor_right:
        x -= width
    base = font(BOLD if bold else REGULAR, size)
    ascent = base.getmetrics()[0]
    for run, path in runs(text, bold):
        face = font(path, size)
        # every run on the main font's baseline
        draw.text((x, y + ascent), run, font=face, fill=fill, anchor="ls")
        x += face.getlength(run)
    return width
