"""PDF files of sheets: one game, a filled-in play, the booklet, and the printables folder.

Files are written to a temporary name beside the target and renamed into place, so a
failure never leaves half a PDF behind. Documents are "invariant" (fixed creation date
and id) so that regenerating printables/ changes no byte unless a sheet changed.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from scorepad.core import GameTemplate, ScoredSheet, builtin_games
from scorepad.core.i18n import LANGS, tr
from scorepad.files import write_atomic
from scorepad.printing.draw import PAGE_HEIGHT, PAGE_WIDTH, blank_page, played_page
from scorepad.printing.errors import PrintError
from scorepad.printing.fonts import REGULAR, register_fonts
from scorepad.printing.model import blank_sheet, played_sheet

Page = tuple[GameTemplate, str | None]
"""A game and one of its variants (None for a game without variants)."""


def sheet_pdf(
    template: GameTemplate,
    variant: str | None,
    lang: str,
    players: int | None = None,
    names: Sequence[str] = (),
) -> bytes:
    """One A4 page with two blank copies of the game's sheet (a round game's: one copy
    when its rounds do not fit twice)."""
    model = _blank_model(template, variant, lang, players, names)
    return _pdf([model], lang, model.title, _draw_blank)


def _blank_model(
    template: GameTemplate,
    variant: str | None,
    lang: str,
    players: int | None = None,
    names: Sequence[str] = (),
) -> Any:
    """The blank sheet of a game: a grid of rounds for a round game, else the end-of-game
    sheet."""
    if template.rounds is not None:
        from scorepad.printing.rounds import blank_round_sheet

        return blank_round_sheet(template, variant, lang, players, names)
    return blank_sheet(template, variant, lang, players, names)


def _draw_blank(canvas: Canvas, model: Any) -> object:
    from scorepad.printing.rounds import RoundSheet, round_page

    if isinstance(model, RoundSheet):
        return round_page(canvas, model)
    return blank_page(canvas, model)


def played_sheet_pdf(
    sheet: ScoredSheet,
    lang: str,
    played_on: dt.date | str | None = None,
    place: str | None = None,
    boards: Sequence[object] = (),
) -> bytes:
    """One A4 page with a saved play filled in (for ``scorepad sheet --play ID``);
    ``boards``: each player's board kept with the play, drawn below the sheet."""
    if sheet.template.rounds is not None:
        from scorepad.printing.rounds import played_round_sheet, round_page

        rounds = played_round_sheet(sheet, lang, played_on, place)
        return _pdf([rounds], lang, rounds.title, round_page)
    model = played_sheet(sheet, lang, played_on, place, boards)
    return _pdf([model], lang, model.title, played_page)


def booklet_pdf(pages: Iterable[Page], lang: str) -> bytes:
    """Every given game and variant, one page each (two copies per page where they fit),
    with bookmarks."""
    models = [_blank_model(template, variant, lang) for template, variant in pages]
    return _pdf(models, lang, tr("print.booklet", lang), _draw_blank, outline=True)


def write_sheet(
    path: Path,
    template: GameTemplate,
    variant: str | None,
    lang: str,
    players: int | None = None,
    names: Sequence[str] = (),
) -> Path:
    return write_pdf(path, sheet_pdf(template, variant, lang, players, names))


def write_played_sheet(
    path: Path,
    sheet: ScoredSheet,
    lang: str,
    played_on: dt.date | str | None = None,
    place: str | None = None,
    boards: Sequence[object] = (),
) -> Path:
    return write_pdf(path, played_sheet_pdf(sheet, lang, played_on, place, boards))


def page_name(template: GameTemplate, variant: str | None, lang: str) -> str:
    """``azul.en.pdf``, ``azul-sintra-A.es.pdf``: the file name of one game's sheet."""
    stem = template.id if variant is None else f"{template.id}-{variant}"
    return f"{stem}.{lang}.pdf"


BOOKLET = "all-games"


def write_printables(folder: Path, langs: Sequence[str] = LANGS) -> list[Path]:
    """Every built-in game and variant in every language, plus one booklet per language."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        detail = problem.strerror or str(problem)
        raise PrintError("print.unwritable", path=str(folder), detail=detail) from None
    written = []
    pages = all_pages()
    for lang in langs:
        for template, variant in pages:
            target = folder / page_name(template, variant, lang)
            written.append(write_pdf(target, sheet_pdf(template, variant, lang)))
        written.append(write_pdf(folder / f"{BOOKLET}.{lang}.pdf", booklet_pdf(pages, lang)))
    return written


def all_pages() -> list[Page]:
    """Every shipped game and variant by id (co-operative and team games among them)."""
    pages: list[Page] = []
    for _, template in sorted(builtin_games().items()):
        if template.variants:
            pages += [(template, v.id) for v in template.variants]
        else:
            pages.append((template, None))
    return pages


def write_pdf(path: Path, data: bytes) -> Path:
    """Writes ``data`` to ``path`` whole or not at all; a PrintError names the path."""
    path = Path(path)
    try:
        write_atomic(path, data)
    except OSError as problem:
        detail = problem.strerror or str(problem)
        raise PrintError("print.unwritable", path=str(path), detail=detail) from None
    return path


def _pdf(
    models: Sequence[Any],
    lang: str,
    title: str,
    draw: Callable[[Canvas, Any], object],
    outline: bool = False,
) -> bytes:
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=(PAGE_WIDTH, PAGE_HEIGHT),
        invariant=1,
        pageCompression=1,
        initialFontName=REGULAR,  # type: ignore[arg-type]  # a font name; the stub says float
    )
    canvas.setTitle(title)
    canvas.setAuthor("Scorepad")
    canvas.setCreator("Scorepad")
    canvas.setSubject(title)
    for number, model in enumerate(models):
        if outline:
            key = f"page{number}"
            canvas.bookmarkPage(key)
            canvas.addOutlineEntry(model.title, key, level=0)
        draw(canvas, model)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
