"""The text fonts a phone downloads, cut down to what the page draws with them.

Roboto (Flutter's text font) is served whole but for its hinting: instructions for
screens of the 1990s that Flutter's renderer does not need on a phone's screen (a quarter
of the file). DejaVu Sans, the font the app falls back to for what Roboto lacks, keeps
only those characters: the app's own texts' and those a name or a game's text is likely
to hold (``FALLBACK_RANGES``); both as WOFF2, which a browser takes over plain http as
over https (unlike Brotli). The Material icons are cut in ``scorepad.ui.web_icons``.
Every cut is the same bytes on every build (no time stamp), and None without fontTools
(the whole font is served then).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterable
from pathlib import Path

ROBOTO = "assets/fonts/roboto.woff2"
FALLBACK_FONT = "DejaVuSans.ttf"
"""Its address (the app's ``page.fonts`` names it); the cut copy is WOFF2 inside: a
browser reads the font from its bytes, whatever its name says."""
FALLBACK_RANGES = (
    (0x0180, 0x024F),  # Latin Extended B: names (Romanian's ș and ț)
    (0x0300, 0x036F),  # combining accents
    (0x0370, 0x03FF),  # Greek (Roboto lacks some)
    (0x1E00, 0x1EFF),  # Latin Extended Additional: names (Vietnamese)
    (0x2000, 0x206F),  # punctuation (narrow spaces)
    (0x20A0, 0x20CF),  # currencies
    (0x2190, 0x21FF),  # arrows (a rule's hint: "4 → 10")
)
"""Where DejaVu Sans is kept, beside every character of the app's own texts: the
characters Roboto lacks (it has Latin-1, Latin Extended A, Greek and Cyrillic) that a
name or a game's text is likely to hold."""


def cut_font(
    font: Path,
    unicodes: Iterable[int],
    *,
    layout: bool = True,
    hinting: bool = True,
    woff2: bool = False,
    drop: tuple[str, ...] = (),
) -> bytes | None:
    """``font`` with only the glyphs of ``unicodes`` (and what its layout features reach
    from them when ``layout``), or None without fontTools."""
    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:
        return None
    options = subset.Options()
    options.layout_features = ["*"] if layout else []
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = hinting
    options.drop_tables = [*options.drop_tables, *drop]
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=sorted(unicodes))
    kept = TTFont(str(font), recalcTimestamp=False)  # the same bytes on every build
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    cutter.subset(kept)
    kept.flavor = "woff2" if woff2 else None  # else as ``font`` was
    out = io.BytesIO()
    kept.save(out)
    return out.getvalue()


def characters(font: Path) -> set[int]:
    from fontTools.ttLib import TTFont

    return set(TTFont(str(font)).getBestCmap())


def roboto_font(font: Path) -> bytes | None:
    """Roboto with every character and layout feature, without its hinting."""
    try:
        return cut_font(font, characters(font), hinting=False, woff2=True)
    except ImportError:  # fontTools without Brotli: no WOFF2 read or written
        return None


def app_characters() -> set[int]:
    """Every character of the app's own texts: its translations and built-in games."""
    import gettext

    package = Path(__file__).resolve().parents[1]
    chars: set[str] = set()
    for catalogue in sorted((package / "locale").glob("*/LC_MESSAGES/*.mo")):
        with catalogue.open("rb") as handle:
            for text in gettext.GNUTranslations(handle)._catalog.values():  # type: ignore[attr-defined]
                chars.update(text if isinstance(text, str) else "".join(text))
    for game in sorted((package / "games").rglob("*.json")):
        chars.update(game.read_text(encoding="utf-8"))
    return {ord(c) for c in chars}


def fallback_font(font: Path, roboto: Path) -> bytes | None:
    """DejaVu Sans with only the characters the app may fall back to (those Roboto lacks,
    in the app's texts or in ``FALLBACK_RANGES``), or None without fontTools."""
    try:
        has = characters(font)
    except ImportError:
        return None
    try:
        lacks = has - characters(roboto)
    except Exception:  # a Roboto fontTools cannot read (no Brotli for WOFF2): keep all
        lacks = has
    wanted = app_characters() | {c for a, b in FALLBACK_RANGES for c in range(a, b + 1)}
    try:
        return cut_font(font, lacks & wanted, hinting=False, woff2=True, drop=("FFTM",))
    except ImportError:  # no Brotli for WOFF2
        return cut_font(font, lacks & wanted, hinting=False, drop=("FFTM",))
