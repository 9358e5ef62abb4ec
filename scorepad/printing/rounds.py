"""The printed sheet of a round game: a grid of rounds, a block of columns per player.

Each player's block has a column for every per-round line (Skull King's bid, tricks and
bonus), then the round's points when they are not simply one line's entry (the bid rule's
points, or the sum of several lines), then the running total. Under the rounds come the
end-of-game lines, two by-hand lines, the total and the tie-breakers, as on any sheet.

How many rounds: the game's count (by the number of players when it depends on it: the
sheet's columns); an open-ended game gets as many as fit on the page. Two copies share an
A4 page when their rounds fit at a height a pen can write in, else one copy fills it. A
filled sheet (``scorepad sheet --play ID``) has the rounds played, with each entry, the
round's points and the running totals, and the result with the round note.

Kept apart from ``model`` and ``draw`` so that sheets of other games are drawn exactly as
before, and as fast.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import cast

from reportlab.pdfgen.canvas import Canvas

from scorepad.core import GameTemplate, ScoredSheet
from scorepad.core.i18n import pick, tr
from scorepad.core.numbers import Number
from scorepad.core.sheetrules import round_points
from scorepad.printing import draw
from scorepad.printing.cells import SheetModel, number
from scorepad.printing.draw import HEAD, INK, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, SHADE, Grid
from scorepad.printing.fonts import LEADING, REGULAR, fit, font_for, one_line, width
from scorepad.printing.model import _date, blank_sheet, played_sheet

ROW_LOW = 13.0
"""The lowest round row on a blank sheet: about 4.6 mm, room for a handwritten number."""
ROW_HIGH = 17.0
"""The height of a round row when there is room (a filled sheet may shrink below it)."""
ROW_TALLEST = 24.0
"""A blank sheet's rounds that leave room on their page grow up to this."""
CUT_GAP = draw.CUT_GAP
TITLE_H = 24.0


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a player's block."""

    label: str
    kind: str
    """"entry" (a per-round line), "points" (the round's points) or "total"."""
    wide: bool = False
    """An entry printed with the points it earned ("6 (3)"): an award's, a tally's."""


@dataclass(frozen=True, slots=True)
class FootRow:
    """A row under the rounds: an end-of-game line, a by-hand line, the total, a
    tie-breaker, the rank; one value per player (blank on a blank sheet)."""

    kind: str
    label: str
    hint: str = ""
    values: tuple[str, ...] = ()
    counted: bool = True


@dataclass(frozen=True, slots=True)
class RoundSheet:
    title: str
    lang: str
    players: tuple[str, ...]
    columns: tuple[Column, ...]
    rounds: int
    """Round rows drawn; 0 for an open-ended blank sheet: as many as fit."""
    cells: tuple[tuple[tuple[str, ...], ...], ...] = ()
    """Filled sheets: per round, per player, one text per column."""
    foot: tuple[FootRow, ...] = ()
    rule: str = ""
    """How the rounds go and score ("10 rounds · ends after the last round · bid met…")."""
    lines_note: str = ""
    """How the per-round lines score, when some are worked out between players."""
    reminders: tuple[str, ...] = ()
    date: str = ""
    place: str = ""
    winners: frozenset[int] = frozenset()
    explanation: str = ""
    note: str = ""
    """The round note of a filled sheet ("Ana reached 500 in round 9.")."""

    def frame(self) -> SheetModel:
        """The parts a plain sheet also has (title, place, date), for ``draw``'s title."""
        return SheetModel(self.title, self.lang, self.players, (), date=self.date, place=self.place)


def is_round_game(template: GameTemplate) -> bool:
    return template.rounds is not None


def _columns(template: GameTemplate, variant: str | None, lang: str) -> tuple[Column, ...]:
    per_round = [line for line in template.lines_for(variant) if line.per_round]
    columns = [Column(pick(line.label, lang), "entry", line.worked_out) for line in per_round]
    counted = [line for line in per_round if line.counts]
    if template.bids is not None:
        columns.append(Column(pick(template.bids.label, lang), "points"))
    elif len(counted) != 1 or len(per_round) > 1:
        columns.append(Column(tr("print.round_points", lang), "points"))
    columns.append(Column(tr("text.total", lang), "total"))
    return tuple(columns)


def _rule(template: GameTemplate, lang: str) -> str:
    assert template.rounds is not None
    parts = [template.rounds.describe(lang)]
    if template.bids is not None:
        parts.append(template.bids.describe(lang))
    return " · ".join(parts)


def _lines_note(template: GameTemplate, variant: str | None, lang: str) -> str:
    """How each per-round line scores, and each end-of-game line worked out between the
    players, when some points are worked out rather than entered (Sushi Go's maki: "most 6,
    second 3"; its puddings): the columns' labels alone do not say."""
    lines = [
        line
        for line in template.lines_for(variant)
        if line.counts and (line.per_round or line.worked_out)
    ]
    if not any(line.worked_out for line in lines if line.per_round):
        return ""
    return " · ".join(f"{pick(line.label, lang)}: {line.describe(lang)}" for line in lines)


def blank_round_sheet(
    template: GameTemplate,
    variant: str | None,
    lang: str,
    players: int | None = None,
    names: Sequence[str] = (),
) -> RoundSheet:
    """A round game's sheet to fill in by hand (names and player count checked as for any
    sheet)."""
    plain = blank_sheet(template, variant, lang, players, names)  # the checks, once
    count = len(plain.players)
    assert template.rounds is not None
    rounds = template.rounds.limit(count) or 0
    return RoundSheet(
        title=plain.title,
        lang=lang,
        players=plain.players,
        columns=_columns(template, variant, lang),
        rounds=rounds,
        foot=_foot(template, variant, plain),
        rule=_rule(template, lang),
        lines_note=_lines_note(template, variant, lang),
        reminders=plain.reminders,
    )


def _foot(template: GameTemplate, variant: str | None, plain: SheetModel) -> tuple[FootRow, ...]:
    """The rows under the rounds: the plain sheet's rows but the per-round lines' (in the
    grid): end-of-game lines, the rows of set rules and bonuses, by-hand lines, the floor,
    the total, the tie-breakers, the rank. A value shows its entry in brackets ("3 (2)":
    an award's points and the quantity entered)."""
    blank = ("",) * len(plain.players)
    foot = []
    lines = iter(template.lines_for(variant))  # the plain sheet's line rows, in order
    for row in plain.rows:
        if row.kind == "line" and next(lines).per_round:
            continue  # in the grid of rounds
        values = tuple(f"{c.value} ({c.note})" if c.note else c.value for c in row.cells)
        foot.append(
            FootRow(row.kind, row.label, row.span or row.hint, values or blank, row.counted)
        )
    return tuple(foot)


def played_round_sheet(
    sheet: ScoredSheet,
    lang: str,
    played_on: dt.date | str | None = None,
    place: str | None = None,
) -> RoundSheet:
    """A saved round play: every round played, with its entries, points and running
    totals, then the end-of-game lines, the by-hand lines, the total and the result."""
    template = sheet.template
    plain = played_sheet(sheet, lang, played_on, place)
    players = sheet.players
    per_round = [line for line in template.lines_for(sheet.variant) if line.per_round]
    columns = _columns(template, sheet.variant, lang)
    worked = {  # the points worked out from a round's entries (an award, a tally)
        line.key: round_points(
            line, [cast(Sequence[object], p.readings[line.key].value) for p in players]
        )
        for line in per_round
        if line.worked_out
    }
    cells = []
    for index in range(sheet.played_rounds):
        shown = []
        earned = [worked[line.key][index] if line.key in worked else None for line in per_round]
        for n, p in enumerate(players):
            texts = [
                _entry(p.readings[line.key].value, index, lang, points[n] if points else None)
                for line, points in zip(per_round, earned, strict=True)
            ]
            before: Number = p.rounds[index - 1] if index else 0
            if len(columns) - len(per_round) == 2:
                texts.append(number(p.rounds[index] - before, lang))
            texts.append(number(p.rounds[index], lang))
            shown.append(tuple(texts))
        cells.append(tuple(shown))
    return RoundSheet(
        title=plain.title,
        lang=lang,
        players=plain.players,
        columns=columns,
        rounds=sheet.played_rounds,
        cells=tuple(cells),
        foot=_foot(template, sheet.variant, plain),
        rule=_rule(template, lang),
        lines_note=_lines_note(template, sheet.variant, lang),
        reminders=plain.reminders,
        date=_date(played_on, lang),
        place=place or "",
        winners=plain.winners,
        explanation=plain.explanation,
        note=sheet.round_note(lang) or "",
    )


def _whole(value: object, index: int) -> int:
    """One round's quantity on a per-round line (0 when blank)."""
    if isinstance(value, tuple | list) and index < len(value) and type(value[index]) is int:
        return value[index]
    return 0


def _entry(value: object, index: int, lang: str, points: Number | None = None) -> str:
    """One round's entry on a per-round line, as printed: with the points it earned in
    brackets when they are worked out from it ("6 (3)", as ``scorepad score`` shows)."""
    if points is not None:
        entered = (
            isinstance(value, tuple | list) and index < len(value) and value[index] is not None
        )
        return f"{number(points, lang)} ({_whole(value, index)})" if entered else ""
    if isinstance(value, tuple | list) and index < len(value):
        item = value[index]
        if isinstance(item, bool):
            return "✓" if item else ""
        if isinstance(item, int | Decimal):
            return number(item, lang)
        if isinstance(item, tuple | list) and len(item) == 2:
            return " × ".join(str(v) for v in item)
        if isinstance(item, dict) and "count" in item:
            return str(item["count"])
    return ""


# --- drawing ---------------------------------------------------------------------------
ROUND_W = 22.0
"""The round-number column."""
LABEL_W = 0.13
"""The share of the width the foot rows' labels take, left of the players."""
HEADER_H = 54.0
"""The header's height when every column's label fits in it."""
HEADER_TALLEST = 90.0
"""The header grows up to this, where the page has room, before labels give way to keys."""
NAME_H = 13.0
"""The players' names, over the columns' labels (set upright in the rest of the header)."""
FOOT_H = 15.0
LABEL_SMALLEST = 7.0
"""No column's label is printed smaller: a label that does not fit at this size is
printed as a short key ("PM"), spelled out in a legend under the table."""
LABEL_LARGEST = 8.0


@dataclass(frozen=True, slots=True)
class Heading:
    """How the columns' labels are set: the header's height, each column's label as
    printed (size and lines, read bottom to top), and the legend of the keys used."""

    height: float
    labels: tuple[tuple[float, tuple[str, ...]], ...]
    legend: str = ""


def copies_per_page(sheet: RoundSheet) -> int:
    """2 when two copies' rounds fit on half a page at ``ROW_LOW``, else 1."""
    if sheet.rounds == 0 or sheet.cells:
        return 1
    half = PAGE_HEIGHT / 2 - MARGIN - CUT_GAP
    inner = PAGE_WIDTH - 2 * MARGIN
    return 2 if _fixed_height(sheet, inner) + sheet.rounds * ROW_LOW <= half else 1


LEGEND_ROOM = 2 * LABEL_SMALLEST * LEADING
"""Kept free under the table for a legend of the columns' keys."""


def _fixed_height(sheet: RoundSheet, w: float, heading: Heading | None = None) -> float:
    """Everything but the rounds: title, header, the rows under the rounds, the notes
    (with the header at its lowest and room for a legend, when no ``heading`` is given)."""
    legend = heading.legend if heading else ""
    found = _notes(sheet, w, legend)
    notes = sum(len(lines) * size * LEADING for _, _, size, lines in found)
    header = heading.height if heading else HEADER_H
    extra = 0.0 if heading else LEGEND_ROOM
    return TITLE_H + 4 + header + len(sheet.foot) * FOOT_H + notes + extra + 8


def _notes(
    sheet: RoundSheet, w: float, legend: str = ""
) -> list[tuple[str, bool, float, tuple[str, ...]]]:
    """The sentences under the table (result, round note, the columns' keys, the rules,
    the reminders), each as (font, bold, size, lines): at most two lines each, shrunk to
    fit (the keys' legend never below ``LABEL_SMALLEST``)."""
    texts = [(sheet.explanation, True, 10.0, 2), (sheet.note, True, 9.0, 2)]
    texts += [(legend, False, LABEL_SMALLEST, 4)]
    texts += [(sheet.rule, False, 7.0, 2), (sheet.lines_note, False, 7.0, 3)]
    texts += [("• " + r, False, 7.0, 2) for r in sheet.reminders]
    found = []
    for text, bold, largest, most in texts:
        if text:
            font = font_for(text, bold)
            smallest = LABEL_SMALLEST if text == legend else 4.5
            size, lines = fit(text, font, w, largest * LEADING * most, largest, smallest)
            found.append((font, bold, size, lines))
    return found


def round_page(canvas: Canvas, sheet: RoundSheet) -> tuple[Grid, ...]:
    """Two copies with a cut line between them, or one filling the page; their grids."""
    inner = PAGE_WIDTH - 2 * MARGIN
    if copies_per_page(sheet) == 2:
        half = PAGE_HEIGHT / 2
        room = half - MARGIN - CUT_GAP
        top = draw_round_sheet(canvas, sheet, MARGIN, half + CUT_GAP, inner, room)
        bottom = draw_round_sheet(canvas, sheet, MARGIN, MARGIN, inner, room)
        canvas.saveState()
        canvas.setStrokeGray(0.55)
        canvas.setLineWidth(0.5)
        canvas.setDash(4, 3)
        canvas.line(MARGIN + 14, half, PAGE_WIDTH - MARGIN, half)
        canvas.setFillGray(0.45)
        canvas.setFont(REGULAR, 11)
        canvas.drawString(MARGIN, half - 4, "✂")
        canvas.restoreState()
        return top, bottom
    return (draw_round_sheet(canvas, sheet, MARGIN, MARGIN, inner, PAGE_HEIGHT - 2 * MARGIN),)


def draw_round_sheet(
    canvas: Canvas, sheet: RoundSheet, x: float, y: float, w: float, h: float
) -> Grid:
    """Draws the sheet in the frame. Its grid: column edges (the round numbers' column,
    then each player's columns, left to right) and row edges (the header's top, the
    rounds', then the rows under them), read back by the tests."""
    top = y + h
    draw._title(canvas, sheet.frame(), x, top, w, TITLE_H)
    players = len(sheet.players)
    label_w = max(ROUND_W, w * LABEL_W) if sheet.foot else ROUND_W
    block = (w - label_w) / players
    widths = _widths(sheet, block)
    spare = h - _fixed_height(sheet, w) - sheet.rounds * ROW_LOW
    heading = _heading(sheet, widths, HEADER_H + max(0.0, spare))
    room = h - _fixed_height(sheet, w, heading)
    rounds = sheet.rounds or max(1, int(room // ROW_HIGH))
    tallest = ROW_TALLEST if sheet.rounds and not sheet.cells else ROW_HIGH
    row_h = min(tallest, room / rounds)
    xs = [x, x + label_w]
    for _ in range(players):
        for column_w in widths:
            xs.append(xs[-1] + column_w)
    table_top = top - TITLE_H - 4
    _header(canvas, sheet, heading, xs, table_top, label_w, block)
    ys = [table_top, table_top - heading.height]
    for index in range(rounds):
        bottom = ys[-1] - row_h
        _round_row(canvas, sheet, index, xs, ys[-1], bottom)
        ys.append(bottom)
    for row in sheet.foot:
        bottom = ys[-1] - FOOT_H
        _foot_row(canvas, sheet, row, x, label_w, block, ys[-1], bottom)
        ys.append(bottom)
    _lines(canvas, sheet, xs, ys, rounds, label_w, block)
    below = ys[-1] - 4
    for font, bold, size, lines in _notes(sheet, w, heading.legend):
        canvas.setFillGray(INK if bold else draw.HINT)
        canvas.setFont(font, size)
        for line in lines:
            below -= size * LEADING
            canvas.drawString(x, below, line)
    return Grid(tuple(xs), tuple(ys))


def _widths(sheet: RoundSheet, block: float) -> list[float]:
    """The widths of one player's columns: the points and the total wider than an entry,
    an entry printed with its points wider still."""
    weights = [1.6 if c.wide else 1.4 if c.kind != "entry" else 1.0 for c in sheet.columns]
    unit = block / sum(weights)
    return [weight * unit for weight in weights]


def _heading(sheet: RoundSheet, widths: Sequence[float], tallest: float) -> Heading:
    """The lowest header, up to ``tallest`` (and ``HEADER_TALLEST``), in which every
    column's label reads at ``LABEL_SMALLEST`` or more; labels that fit in none are
    printed as keys, spelled out in the legend."""
    tallest = max(HEADER_H, min(HEADER_TALLEST, tallest))
    texts = [(c.label, c.kind == "total") for c in sheet.columns]
    found = _lowest(texts, widths, tallest)
    if found is not None:
        return found
    room = _label_room(tallest)
    keys: list[str] = []
    legend = []
    labels = {c.label for c in sheet.columns}
    for (text, bold), column_w in zip(texts, widths, strict=True):
        if _set_label(text, bold, room, column_w) is None:
            key = _key(text, labels | set(keys))
            keys.append(key)
            legend.append(f"{key} = {text}")
            text = key
        else:
            keys.append(text)
    keyed = [(key, bold) for key, (_, bold) in zip(keys, texts, strict=True)]
    found = _lowest(keyed, widths, tallest) or Heading(
        tallest, tuple(_squeezed(t, b, room, w) for (t, b), w in zip(keyed, widths, strict=True))
    )
    return Heading(found.height, found.labels, " · ".join(legend))


def _lowest(
    texts: Sequence[tuple[str, bool]], widths: Sequence[float], tallest: float
) -> Heading | None:
    """The lowest header, by steps of 2 pt up to ``tallest``, that sets every label."""
    height = HEADER_H
    while height <= tallest:
        room = _label_room(height)
        labels = [_set_label(t, b, room, w) for (t, b), w in zip(texts, widths, strict=True)]
        if all(label is not None for label in labels):
            return Heading(height, tuple(label for label in labels if label is not None))
        height += 2.0
    return None


def _label_room(height: float) -> float:
    """How long a label can run up its column in a header of ``height``."""
    return height - NAME_H - 4


def _set_label(
    text: str, bold: bool, room: float, column_w: float
) -> tuple[float, tuple[str, ...]] | None:
    """A label read bottom to top in a column ``column_w`` wide and ``room`` high: the
    largest size from ``LABEL_SMALLEST`` to ``LABEL_LARGEST``, on one line or wrapped at
    its spaces, and its lines; None when it fits at no such size."""
    font = font_for(text, bold)
    across = column_w - 1
    best: tuple[float, tuple[str, ...]] | None = None
    size = min(LABEL_LARGEST, room / max(width(text, font, 1.0), 1e-6))
    if size >= LABEL_SMALLEST and _thickness(1, size) <= across:
        best = (size, (text,))
    if " " in text.strip():
        high = across + LABEL_SMALLEST * (LEADING - 1)  # fit's measure of the lines' block
        wrapped, lines = fit(text, font, room, high, LABEL_LARGEST, LABEL_SMALLEST)
        fits = _thickness(len(lines), wrapped) <= across and all(
            width(line, font, wrapped) <= room and not line.endswith("…") for line in lines
        )
        if fits and (best is None or wrapped > best[0]):
            best = (wrapped, lines)
    return best


def _thickness(lines: int, size: float) -> float:
    """How wide ``lines`` lines of a label set at ``size`` are, across the column."""
    return (lines - 1) * size * LEADING + size


def _squeezed(text: str, bold: bool, room: float, column_w: float) -> tuple[float, tuple[str, ...]]:
    """A key too long even for a column too narrow: on one line, as large as fits."""
    font = font_for(text, bold)
    size = min(LABEL_SMALLEST, room / max(width(text, font, 1.0), 1e-6), column_w - 1)
    return size, (text,)


def _key(label: str, taken: set[str]) -> str:
    """A label's short key: the initials of its longer words ("Points de la manche": "PM")
    or a single word's first letters ("Ann"); where another column has it, more letters of
    the first word ("TeK" beside "TK"), else a number."""
    words = [w for w in re.split(r"[\W_]+", label) if w]
    if not words:
        return _numbered("#", taken)
    long = [w for w in words if len(w) >= 4] or words
    if len(long) == 1:
        return _numbered(long[0][:3].title(), taken)
    rest = "".join(w[0].upper() for w in long[1:3])
    first = long[0]
    for letters in range(1, min(len(first), 3) + 1):
        key = first[:letters].title() + rest
        if key not in taken:
            return key
    return _numbered(first[0].upper() + rest, taken)


def _numbered(key: str, taken: set[str]) -> str:
    found, n = key, 2
    while found in taken:
        found, n = f"{key}{n}", n + 1
    return found


def _header(
    canvas: Canvas,
    sheet: RoundSheet,
    heading: Heading,
    xs: list[float],
    top: float,
    label_w: float,
    block: float,
) -> None:
    x0 = xs[0]
    bottom = top - heading.height
    draw._fill(canvas, x0, bottom, xs[-1], top, HEAD)
    middle = top - NAME_H
    for i in sheet.winners:
        left = x0 + label_w + i * block
        draw._fill(canvas, left, middle, left + block, top, draw.WINNER)
    draw._text(canvas, tr("print.round", sheet.lang), x0, x0 + label_w, bottom, top, 8, bold=True)
    per = len(sheet.columns)
    for p, name in enumerate(sheet.players):
        left = x0 + label_w + p * block
        if name:
            draw._text(
                canvas, name, left, left + block, middle, top, 9.5, bold=True, align="centre"
            )
        else:
            canvas.setFillGray(0.45)
            canvas.setFont(REGULAR, LABEL_SMALLEST)
            canvas.drawString(left + 2, top - 8, str(p + 1))
        for c, column in enumerate(sheet.columns):
            a, b = xs[1 + p * per + c], xs[2 + p * per + c]
            size, lines = heading.labels[c]
            _upright(canvas, lines, size, a, b, bottom, column.kind == "total")


def _upright(
    canvas: Canvas,
    lines: Sequence[str],
    size: float,
    left: float,
    right: float,
    bottom: float,
    bold: bool,
) -> None:
    """A column's label read bottom to top, so that narrow columns keep whole words."""
    canvas.saveState()
    canvas.setFillGray(INK)
    canvas.setFont(font_for(" ".join(lines), bold), size)
    canvas.translate(left, bottom)
    canvas.rotate(90)  # x now runs up the column, y to its left
    block = len(lines) * size * LEADING
    baseline = -(right - left) / 2 + block / 2 - size * 0.95
    for line in lines:
        canvas.drawString(2, baseline, line)
        baseline -= size * LEADING
    canvas.restoreState()


def _round_row(
    canvas: Canvas, sheet: RoundSheet, index: int, xs: list[float], top: float, bottom: float
) -> None:
    per = len(sheet.columns)
    if index % 2:
        draw._fill(canvas, xs[0], bottom, xs[-1], top, 0.97)
    for p in range(len(sheet.players)):
        a = xs[2 + p * per + per - 2]
        draw._fill(canvas, a, bottom, xs[2 + p * per + per - 1], top, SHADE)
    draw._text(canvas, str(index + 1), xs[0], xs[1], bottom, top, 8.5, bold=True, align="centre")
    if not sheet.cells:
        return
    for p, texts in enumerate(sheet.cells[index]):
        for c, text in enumerate(texts):
            if not text:
                continue
            a, b = xs[1 + p * per + c], xs[2 + p * per + c]
            strong = sheet.columns[c].kind == "total"
            font = font_for(text, strong)
            size, line = one_line(text, font, b - a - 2, min(8.5, (top - bottom - 1) / LEADING))
            canvas.setFillGray(INK)
            canvas.setFont(font, size)
            canvas.drawRightString(b - 1.5, (top + bottom) / 2 - size * 0.35, line)


def _foot_row(
    canvas: Canvas,
    sheet: RoundSheet,
    row: FootRow,
    x: float,
    label_w: float,
    block: float,
    top: float,
    bottom: float,
) -> None:
    right = x + label_w + block * len(sheet.players)
    if row.kind == "caption":
        draw._fill(canvas, x, bottom, right, top, SHADE)
        draw._text(canvas, row.label, x, right, bottom, top, 7, gray=0.25)
        return
    if row.kind == "total":
        draw._fill(canvas, x, bottom, right, top, HEAD)
    elif not row.counted:
        draw._fill(canvas, x, bottom, right, top, SHADE)
    strong = row.kind in ("total", "rank")
    if row.kind == "by_hand" and not row.label:
        text = tr("print.by_hand", sheet.lang)
    elif row.hint and row.kind in ("line", "rule", "tiebreak"):
        text = f"{row.label} · {row.hint}"
    else:
        text = row.label
    draw._text(canvas, text, x, x + label_w, bottom, top, 8 if not strong else 9, bold=strong)
    for p, value in enumerate(row.values):
        if value:
            left = x + label_w + p * block
            draw._text(
                canvas, value, left, left + block, bottom, top, 9.5, bold=strong, align="centre"
            )


def _lines(
    canvas: Canvas,
    sheet: RoundSheet,
    xs: list[float],
    ys: list[float],
    rounds: int,
    label_w: float,
    block: float,
) -> None:
    x0, right = xs[0], xs[-1]
    grid = canvas.beginPath()
    for y in ys[1:-1]:
        grid.moveTo(x0, y)
        grid.lineTo(right, y)
    per = len(sheet.columns)
    header_middle = ys[0] - NAME_H
    rounds_bottom = ys[1 + rounds]
    for p in range(len(sheet.players)):
        grid.moveTo(xs[1 + p * per], header_middle)
        grid.lineTo(xs[1 + p * per] + block, header_middle)
        for c in range(1, per):
            grid.moveTo(xs[1 + p * per + c], header_middle)
            grid.lineTo(xs[1 + p * per + c], rounds_bottom)
    canvas.setStrokeGray(draw.GRID)
    canvas.setLineWidth(0.5)
    canvas.drawPath(grid, stroke=1, fill=0)
    blocks = canvas.beginPath()
    spans = [(ys[0], rounds_bottom)]
    for i, row in enumerate(sheet.foot):
        if row.kind != "caption":
            spans.append((ys[1 + rounds + i], ys[2 + rounds + i]))
    for p in range(len(sheet.players) + 1):
        at = x0 + label_w + p * block
        for upper, lower in spans:
            blocks.moveTo(at, upper)
            blocks.lineTo(at, lower)
    blocks.moveTo(x0, rounds_bottom)
    blocks.lineTo(right, rounds_bottom)
    canvas.setStrokeGray(INK)
    canvas.setLineWidth(1.0)
    canvas.drawPath(blocks, stroke=1, fill=0)
    canvas.setLineWidth(1.2)
    canvas.rect(x0, ys[-1], right - x0, ys[0] - ys[-1], stroke=1, fill=0)
