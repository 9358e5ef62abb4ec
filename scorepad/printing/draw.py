"""Placing a ``SheetModel`` on an A4 page with a reportlab canvas.

Everything is sized from the frame it is given: rows share the height left after the
title and the reminders (up to a comfortable maximum), so a game with four lines and a
user-made game with forty both fill their half page without spilling. Text that is too
long wraps, then shrinks (``fonts.fit``).
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from scorepad.core.i18n import tr
from scorepad.printing.cells import Cell, Row, SheetModel
from scorepad.printing.fonts import LEADING, REGULAR, fit, font_for, one_line, width, wrap

LINE_ROWS = ("line", "rule", "result")
"""Rows with a label and a hint in their own columns, set at one size per column."""

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN = 28.0
"""About 10 mm: inside what any office printer can reach."""
CUT_GAP = 14.0

INK = 0.1
GRID = 0.3
HINT = 0.35
SHADE = 0.93
HEAD = 0.86
WINNER = (1.0, 0.93, 0.6)

ROW_WEIGHT = {"caption": 0.8, "tiebreak": 1.3}
WARNING_SIZE = 9.0
"""A marked note under a filled sheet's table (a check its entries break): its largest
size; it wraps onto a second line, then shrinks."""
HEADER_WEIGHT = 1.35
PAD = 3.0


@dataclass(frozen=True, slots=True)
class Grid:
    """Where the table's lines are, in PDF points (tests look for them on the rendered page)."""

    xs: tuple[float, ...]
    """Column edges, left to right: line, hint, then one per player, then the right edge."""
    ys: tuple[float, ...]
    """Row edges, top to bottom, the header's top first."""


def blank_page(canvas: Canvas, model: SheetModel) -> tuple[Grid, Grid]:
    """Two identical copies, top and bottom half, with a dashed cut line between them."""
    half = PAGE_HEIGHT / 2
    inner = PAGE_WIDTH - 2 * MARGIN
    top = draw_sheet(canvas, model, MARGIN, half + CUT_GAP, inner, half - MARGIN - CUT_GAP)
    bottom = draw_sheet(canvas, model, MARGIN, MARGIN, inner, half - MARGIN - CUT_GAP)
    canvas.saveState()
    canvas.setStrokeGray(0.55)
    canvas.setLineWidth(0.5)
    canvas.setDash(4, 3)
    canvas.line(MARGIN + 14, half, PAGE_WIDTH - MARGIN, half)
    _ink(canvas, 0.45)
    canvas.setFont(REGULAR, 11)
    canvas.drawString(MARGIN, half - 4, "✂")
    canvas.restoreState()
    return top, bottom


def played_page(canvas: Canvas, model: SheetModel) -> Grid:
    """One filled-in sheet, using the whole page; the players' boards, if kept, below it."""
    from scorepad.printing.boards import boards_height, draw_boards

    inner = PAGE_WIDTH - 2 * MARGIN
    below = boards_height(model, inner)
    high = PAGE_HEIGHT - 2 * MARGIN - below
    grid = draw_sheet(canvas, model, MARGIN, MARGIN + below, inner, high, 26.0)
    draw_boards(canvas, model, MARGIN, MARGIN + below, inner)
    return grid


def draw_sheet(
    canvas: Canvas, model: SheetModel, x: float, y: float, w: float, h: float, tallest: float = 28.0
) -> Grid:
    top = y + h
    title_h = 24.0
    _title(canvas, model, x, top, w, title_h)
    notes_size, notes = _notes(model, w, h * 0.24)
    warnings = [_warning(text, w) for text in model.warnings]
    # the result sentence: on one line, or two when a long tie names many players
    said = fit(model.explanation, font_for(model.explanation, True), w, 26, 10.5)
    explanation_h = len(said[1]) * said[0] * LEADING + 3.4 if model.explanation else 0.0
    explanation_h += sum(len(lines) * size * LEADING + 3 for _, size, lines in warnings)
    notes_h = len(notes) * notes_size * LEADING + (6 if notes else 0) + explanation_h
    table_top = top - title_h - 4
    weights = [HEADER_WEIGHT] + [ROW_WEIGHT.get(row.kind, 1.0) for row in model.rows]
    row_h = min(tallest, (table_top - y - notes_h) / sum(weights))
    ys = [table_top]
    for weight in weights:
        ys.append(ys[-1] - weight * row_h)
    players = len(model.players)
    player_w = min(74.0, w * 0.6 / players)
    lines_w = w - players * player_w
    xs = [x, x + lines_w * _label_share(model), x + lines_w]
    xs += [x + lines_w + (i + 1) * player_w for i in range(players)]
    grid = Grid(tuple(xs), tuple(ys))
    _header(canvas, model, grid)
    sizes = (
        _common_size([r.label for r in model.rows if r.kind in LINE_ROWS], xs[1] - xs[0], row_h, 9),
        _common_size(
            [r.hint for r in model.rows if r.kind in LINE_ROWS], xs[2] - xs[1], row_h, 7.5
        ),
    )
    for i, row in enumerate(model.rows):
        _row(canvas, model, row, grid, ys[i + 1], ys[i + 2], sizes)
    _grid_lines(canvas, model, grid)
    below = ys[-1] - 6
    if model.explanation:
        size, lines = said
        _ink(canvas, INK)
        canvas.setFont(font_for(model.explanation, True), size)
        for line in lines:
            canvas.drawString(x, below - size, line)
            below -= size * LEADING
        below -= 3.4
    for font, size, lines in warnings:
        _ink(canvas, INK)
        canvas.setFont(font, size)
        for line in lines:
            canvas.drawString(x, below - size, line)
            below -= size * LEADING
        below -= 3
    _ink(canvas, HINT)
    for line in notes:
        below -= notes_size * LEADING
        canvas.setFont(font_for(line), notes_size)
        canvas.drawString(x, below + notes_size * 0.25, line)
    return grid


def _warning(text: str, w: float) -> tuple[str, float, tuple[str, ...]]:
    """A marked note's font, size and lines: at most two lines, shrunk to fit."""
    font = font_for(text, True)
    size, lines = fit(text, font, w, WARNING_SIZE * LEADING * 2, WARNING_SIZE, 5.0)
    return font, size, lines


def _label_share(model: SheetModel) -> float:
    """How much of the room left of the players goes to labels rather than hints.

    Labels are what players look for, so they get one line when they can; a hint is
    allowed to wrap onto a second line.
    """
    rows = [row for row in model.rows if row.kind in LINE_ROWS]
    label = max((width(r.label, font_for(r.label), 9) for r in rows), default=1.0)
    hint = max((width(r.hint, font_for(r.hint), 7.5) for r in rows), default=1.0)
    return min(0.68, max(0.42, label / (label + hint / 2)))  # hints may take two lines


def _common_size(texts: list[str], room: float, row_h: float, largest: float) -> float:
    """One size for a whole column, so that a single long label does not look out of place."""
    sizes = [fit(t, font_for(t), room - 2 * PAD, row_h - 2, largest)[0] for t in texts if t]
    return max(6.5, min(sizes, default=largest))


def _title(canvas: Canvas, model: SheetModel, x: float, top: float, w: float, h: float) -> None:
    right = x + w
    baseline = top - h + 6
    fields = [(tr("print.place", model.lang), model.place, 120.0)]
    fields.append((tr("print.date", model.lang), model.date, 78.0))
    canvas.setLineWidth(0.5)
    for label, value, room in fields:
        left = right - room
        if value:
            font = font_for(value)
            size, lines = fit(value, font, room - 4, 11, 9.5)
            canvas.setFont(font, size)
            canvas.drawString(left + 2, baseline + 1.5, lines[0])
        else:
            canvas.setStrokeGray(0.45)
            canvas.line(left, baseline - 1, right, baseline - 1)
        caption = label + ":"
        canvas.setFont(REGULAR, 8)
        _ink(canvas, HINT)
        canvas.drawRightString(left - 3, baseline, caption)
        _ink(canvas, INK)
        right = left - width(caption, REGULAR, 8) - 12
    font = font_for(model.title, True)
    size, lines = fit(model.title, font, right - x, h, 15, 7)
    canvas.setFont(font, size)
    baseline = top - size if len(lines) == 1 else top - size * 0.9
    for line in lines:
        canvas.drawString(x, baseline, line)
        baseline -= size * LEADING


def _notes(model: SheetModel, w: float, budget: float) -> tuple[float, list[str]]:
    """The reminders, wrapped under the table at the largest size that fits the budget."""
    size = 7.0
    while True:
        lines = [
            line
            for reminder in model.reminders
            for line in _bullet(reminder, font_for(reminder), size, w)
        ]
        if len(lines) * size * LEADING <= budget or size <= 4.5:
            return size, lines
        size -= 0.5


def _bullet(text: str, font: str, size: float, w: float) -> list[str]:
    lines = wrap(text, font, size, w - 10)
    return ["• " + lines[0], *("   " + line for line in lines[1:])]


def _header(canvas: Canvas, model: SheetModel, grid: Grid) -> None:
    xs, top, bottom = grid.xs, grid.ys[0], grid.ys[1]
    _fill(canvas, xs[0], bottom, xs[-1], top, HEAD)
    for i in model.winners:
        _fill(canvas, xs[i + 2], bottom, xs[i + 3], top, WINNER)
    _text(canvas, tr("text.line", model.lang), xs[0], xs[1], bottom, top, 9, bold=True)
    _text(canvas, tr("text.scores", model.lang), xs[1], xs[2], bottom, top, 8, bold=True)
    for i, name in enumerate(model.players):
        left, right = xs[i + 2], xs[i + 3]
        if name:
            _text(canvas, name, left, right, bottom, top, 10, bold=True, align="centre")
        else:
            _ink(canvas, 0.6)
            canvas.setFont(REGULAR, 5.5)
            canvas.drawString(left + 2, top - 6.5, str(i + 1))


def _row(
    canvas: Canvas,
    model: SheetModel,
    row: Row,
    grid: Grid,
    top: float,
    bottom: float,
    sizes: tuple[float, float],
) -> None:
    xs = grid.xs
    if row.kind == "caption":
        _fill(canvas, xs[0], bottom, xs[-1], top, SHADE)
        _text(canvas, row.label, xs[0], xs[-1], bottom, top, 7.5, gray=0.25)
        return
    if not row.counted:
        _fill(canvas, xs[0], bottom, xs[-1], top, SHADE)
    if row.kind == "total":
        _fill(canvas, xs[0], bottom, xs[-1], top, HEAD)
    if row.kind == "by_hand" and not row.label:
        _ink(canvas, HINT)
        canvas.setFont(REGULAR, min(6.5, (top - bottom) * 0.45))
        by_hand = tr("print.by_hand", model.lang)
        canvas.drawString(xs[0] + PAD, bottom + (top - bottom) * 0.3, by_hand)
    strong = row.kind in ("total", "rank")
    _text(canvas, row.label, xs[0], xs[1], bottom, top, 10 if strong else sizes[0], bold=strong)
    _text(canvas, row.hint, xs[1], xs[2], bottom, top, sizes[1], gray=HINT)
    if row.span and row.kind == "result":  # the outcome, the winning team: to be read
        strong = model.filled
        _text(canvas, row.span, xs[2], xs[-1], bottom, top, 10, bold=strong, align="centre")
        return
    if row.span:
        _text(canvas, row.span, xs[2], xs[-1], bottom, top, 7.5, gray=HINT, align="centre")
        return
    for i, cell in enumerate(row.cells):
        _cell(canvas, cell, xs[i + 2], xs[i + 3], bottom, top, strong)


def _cell(
    canvas: Canvas, cell: Cell, left: float, right: float, bottom: float, top: float, strong: bool
) -> None:
    """A filled cell: its boxes (with their labels), a product's guides, a minus sign and
    what was entered from the left, the points at the right. When they do not all fit
    side by side, they shrink together: nothing is printed over anything else."""
    room = right - left - 2 * PAD
    scale = 1.0
    for _ in range(4):
        need = _cell_layout(canvas, cell, left, right, bottom, top, strong, scale, draw=False)
        if need <= room:
            break
        scale *= room / need * 0.98
    _cell_layout(canvas, cell, left, right, bottom, top, strong, scale, draw=True)


def _cell_layout(
    canvas: Canvas,
    cell: Cell,
    left: float,
    right: float,
    bottom: float,
    top: float,
    strong: bool,
    scale: float,
    *,
    draw: bool,
) -> float:
    """Draws the cell at ``scale`` (``draw``), or only measures it: the width its parts
    take, from the first to the last, gaps included."""
    h = top - bottom
    box = min(h * 0.5, 8.0) * scale
    middle = bottom + h / 2
    cursor = left + PAD
    if draw and (cell.marks or cell.product):
        canvas.setStrokeGray(GRID)
        canvas.setLineWidth(0.6)
    if len(cell.marks) == 1 and not cell.marks[0].label and not cell.value:
        if draw:
            _box(canvas, (left + right - box) / 2, middle - box / 2, box, cell.marks[0].ticked)
        return box
    mark_size = box * 1.05
    for mark in cell.marks:
        if draw:
            _box(canvas, cursor, middle - box / 2, box, mark.ticked)
        cursor += box + 1.5
        if mark.label:
            if draw:
                _ink(canvas, HINT)
                canvas.setFont(REGULAR, mark_size)
                canvas.drawString(cursor, middle - mark_size * 0.35, mark.label)
            cursor += width(mark.label, REGULAR, mark_size) + 3
    if cell.product:
        guide = min(h * 0.55, 10.0) * scale
        for sign in ("×", "="):
            if draw:
                canvas.rect(cursor, middle - guide / 2, guide, guide, stroke=1, fill=0)
            cursor += guide + 1.5
            if draw:
                _ink(canvas, HINT)
                canvas.setFont(REGULAR, guide * 0.9)
                canvas.drawString(cursor, middle - guide * 0.32, sign)
            cursor += width(sign, REGULAR, guide * 0.9) + 1.5
    if cell.quantity:
        guide = min(h * 0.55, 10.0) * scale
        if draw:
            canvas.setStrokeGray(GRID)
            canvas.setLineWidth(0.6)
            canvas.rect(cursor, middle - guide / 2, guide * 1.8, guide, stroke=1, fill=0)
        cursor += guide * 1.8 + 1.5
        if draw:
            _ink(canvas, HINT)
            canvas.setFont(REGULAR, guide * 0.9)
            canvas.drawString(cursor, middle - guide * 0.32, "→")
        cursor += width("→", REGULAR, guide * 0.9) + 1.5
    if cell.minus:
        size = min(h * 0.6, 10) * scale
        if draw:
            _ink(canvas, HINT)
            canvas.setFont(REGULAR, size)
            canvas.drawString(cursor, middle - size * 0.35, "−")
        cursor += width("−", REGULAR, size) + 1
    if cell.note:
        size = min(7.5, h * 0.45) * scale
        if draw:
            _ink(canvas, HINT)
            canvas.setFont(font_for(cell.note), size)
            canvas.drawString(cursor, middle - size * 0.35, cell.note)
        cursor += width(cell.note, font_for(cell.note), size) + 3
    if not cell.value:
        return cursor - left - PAD
    font = font_for(cell.value, strong)
    room = (right - left) / 2 if cell.marks or cell.note or cell.minus else right - left - 2 * PAD
    size, line = one_line(cell.value, font, room, min(11.0, h * 0.62, (h - 2) / LEADING))
    size *= scale
    if draw:
        _ink(canvas, INK)
        canvas.setFont(font, size)
        canvas.drawRightString(right - PAD, middle - size * 0.35, line)
    return cursor - left - PAD + width(line, font, size)


def _box(canvas: Canvas, x: float, y: float, size: float, ticked: bool) -> None:
    canvas.rect(x, y, size, size, stroke=1, fill=0)
    if ticked:
        canvas.saveState()
        canvas.setStrokeGray(INK)
        canvas.setLineWidth(1.1)
        path = canvas.beginPath()
        path.moveTo(x + size * 0.18, y + size * 0.5)
        path.lineTo(x + size * 0.42, y + size * 0.2)
        path.lineTo(x + size * 0.85, y + size * 0.85)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.restoreState()


def _text(
    canvas: Canvas,
    text: str,
    left: float,
    right: float,
    bottom: float,
    top: float,
    largest: float,
    *,
    bold: bool = False,
    gray: float = INK,
    align: str = "left",
) -> None:
    """``text`` wrapped and shrunk into a cell, vertically centred."""
    if not text:
        return
    font = font_for(text, bold)
    room = right - left - 2 * PAD
    size, lines = fit(text, font, room, top - bottom - 2, largest)
    _ink(canvas, gray)
    canvas.setFont(font, size)
    block = len(lines) * size * LEADING
    baseline = (top + bottom) / 2 + block / 2 - size * 0.95
    for line in lines:
        if align == "centre":
            canvas.drawCentredString((left + right) / 2, baseline, line)
        else:
            canvas.drawString(left + PAD, baseline, line)
        baseline -= size * LEADING


def _ink(canvas: Canvas, gray: float) -> None:
    """Sets the fill grey only when it changes: every change is bytes in the page."""
    if getattr(canvas, "_fillColorObj", None) != (gray, gray, gray):
        canvas.setFillGray(gray)


def _fill(
    canvas: Canvas, x0: float, y0: float, x1: float, y1: float, shade: float | tuple[float, ...]
) -> None:
    if isinstance(shade, tuple):
        canvas.setFillColorRGB(*shade)
    else:
        _ink(canvas, shade)
    canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)


def _grid_lines(canvas: Canvas, model: SheetModel, grid: Grid) -> None:
    xs, ys = grid.xs, grid.ys
    path = canvas.beginPath()
    for y in ys[1:-1]:
        path.moveTo(xs[0], y)
        path.lineTo(xs[-1], y)
    kinds = ["header", *(row.kind for row in model.rows)]
    spans = [False, *(bool(row.span) for row in model.rows)]
    for i, (kind, span) in enumerate(zip(kinds, spans, strict=True)):
        inner = [] if kind == "caption" else xs[1:3] if span else xs[1:-1]
        for x in inner:
            path.moveTo(x, ys[i])
            path.lineTo(x, ys[i + 1])
    canvas.setStrokeGray(GRID)
    canvas.setLineWidth(0.6)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setStrokeGray(INK)
    canvas.setLineWidth(1.2)
    canvas.rect(xs[0], ys[-1], xs[-1] - xs[0], ys[0] - ys[-1], stroke=1, fill=0)
    for i, kind in enumerate(kinds):
        if kind == "total":
            canvas.line(xs[0], ys[i], xs[-1], ys[i])
            canvas.line(xs[0], ys[i + 1], xs[-1], ys[i + 1])
