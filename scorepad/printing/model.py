"""What goes on a printed sheet, decided before anything is drawn.

A ``SheetModel`` is the sheet as rows of words and marks: the drawing code only places
them. Keeping the decisions here (which rows, which hint, what a cell shows) makes them
testable without a PDF and lets the blank sheet and a filled-in play share one layout.
This module does not import reportlab.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from scorepad.core import GameTemplate, Line, Reading, ScoredSheet, Tiebreaker, resolve_variant
from scorepad.core.i18n import pick, tr
from scorepad.core.plaintext import blank, name_problem
from scorepad.core.results import has_score
from scorepad.core.rounds import BidRule, bid_record
from scorepad.core.scoring import check_player_count
from scorepad.l10n import date_text
from scorepad.printing import rules
from scorepad.printing.cells import BLANK, Cell, Row, SheetModel, number
from scorepad.printing.errors import PrintError
from scorepad.printing.line_cells import cells_of


def blank_sheet(
    template: GameTemplate,
    variant: str | None,
    lang: str,
    players: int | None = None,
    names: Sequence[str] = (),
) -> SheetModel:
    """A sheet to print and fill in by hand: ``players`` columns (default the game's most)."""
    variant = resolve_variant(template, variant)
    given, names = list(names), [name.strip() for name in names]
    for position, (name, raw) in enumerate(zip(names, given, strict=True), 1):
        if blank(name):
            raise PrintError("print.empty_name", position=position)
        problem = name_problem(raw)
        if problem is not None:
            raise PrintError("print.bad_name", position=position, problem=problem)
    count = players if players is not None else max(template.max_players, len(names))
    check_player_count(template, count)
    if len(names) > count:
        raise PrintError("print.too_many_names", count=len(names), players=count)
    columns = tuple(names) + ("",) * (count - len(names))
    rows: list[Row] = rules.blank_team_rows(template, lang, count)
    after = rules.rules_after(template, variant)
    modules = rules.module_names(template, lang)
    for line in template.lines_for(variant):
        rows.append(_line_row(line, lang, [_blank_cell(line)] * count, modules.get(line.key)))
        rows += [rules.blank_rule_row(rule, template, lang, count) for rule in after[line.key]]
    scored = has_score(template)
    if scored:
        rows += [Row("by_hand", hint=tr("print.by_hand_hint", lang), cells=(BLANK,) * count)] * 2
        rows += rules.floor_rows(template, lang, None)
        rows.append(_total_row(template, lang, (BLANK,) * count))
    rows += rules.blank_result_rows(template, lang, count)
    if template.result is None or (scored and template.result.kind == "teams"):
        rows += _tiebreak_rows(template, variant, lang, None, count)
    return SheetModel(
        title=template.title(lang, variant),
        lang=lang,
        players=columns,
        rows=tuple(rows),
        reminders=tuple(pick(r, lang) for r in template.reminders),
    )


def played_sheet(
    sheet: ScoredSheet,
    lang: str,
    played_on: dt.date | str | None = None,
    place: str | None = None,
    boards: Sequence[object] = (),
) -> SheetModel:
    """A saved play filled in: what was entered, points, totals, ranks and the winner;
    ``boards``: each player's board kept with the play (None for none), in seat order."""
    template = sheet.template
    players = sheet.players
    rows: list[Row] = rules.played_team_rows(sheet, lang)
    after = rules.rules_after(template, sheet.variant)
    modules = rules.module_names(template, lang)
    bids = template.bids
    summed = {bids.bid, bids.tricks, bids.bonus} if bids is not None else set()
    for line in template.lines_for(sheet.variant):
        if line.key in summed:  # a bid game's rounds: bids met, not bids added up
            if bids is not None and line.key == bids.bid:
                rows += _bid_rows(sheet, bids, lang)
            continue
        cells = [_filled_cell(line, p.readings[line.key], lang) for p in players]
        rows.append(_line_row(line, lang, cells, modules.get(line.key)))
        rows += [rules.played_rule_row(rule, sheet, lang) for rule in after[line.key]]
    labels: list[str] = []
    for player in players:
        labels += [e.label for e in player.extra if e.label not in labels]
    for label in labels:
        cells = []
        for player in players:
            mine = [e.points for e in player.extra if e.label == label]
            cells.append(Cell(value=number(sum(mine, start=0), lang)) if mine else BLANK)
        hint = tr("text.by_hand", lang)
        rows.append(Row("by_hand", label=label, hint=hint, cells=tuple(cells)))
    scored = has_score(template)
    if scored:
        rows += rules.floor_rows(template, lang, sheet)
        total = tuple(Cell(number(p.total, lang)) for p in players)
        rows.append(_total_row(template, lang, total))
    rows += rules.played_result_rows(sheet, lang)
    if template.result is None or (scored and template.result.kind == "teams"):
        rows += _tiebreak_rows(template, sheet.variant, lang, sheet)
    if template.result is None or template.result.kind == "teams":
        ranks = tuple(Cell(f"{p.rank} ★" if p.winner else str(p.rank)) for p in players)
        rows.append(Row("rank", label=tr("text.rank", lang), cells=ranks))
    return SheetModel(
        title=template.title(lang, sheet.variant),
        lang=lang,
        players=tuple(p.name for p in players),
        rows=tuple(rows),
        reminders=tuple(pick(r, lang) for r in template.reminders),
        date=_date(played_on, lang),
        place=place or "",
        winners=frozenset(i for i, p in enumerate(players) if p.winner),
        explanation=sheet.explanation(lang),
        filled=True,
        warnings=rules.broken_checks(sheet, lang),
        boards=tuple(
            (p.name, board) for p, board in zip(players, boards, strict=False) if board is not None
        ),
    )


def _bid_rows(sheet: ScoredSheet, rule: BidRule, lang: str) -> list[Row]:
    """A bid game's rounds summed as its score sheet does: in how many rounds each player
    met the bid, what the bids scored, and the bonuses that counted (a bid and a number of
    tricks added over the rounds mean nothing)."""
    rounds = sheet.template.rounds
    deals = rounds.deals(len(sheet.players), sheet.played_rounds) if rounds is not None else None
    records = [bid_record(rule, p.readings, deals) for p in sheet.players]
    made = tuple(Cell(tr("print.made_of", lang, made=r.made, played=r.played)) for r in records)
    rows = [
        Row(
            "line",
            tr("print.bids_made", lang),
            tr("print.bids_made_hint", lang),
            made,
            counted=False,
        ),
        Row(
            "line",
            tr("print.bid_points", lang),
            rule.describe(lang),
            tuple(Cell(number(r.bid_points, lang)) for r in records),
        ),
    ]
    if rule.bonus is not None:
        bonus = tuple(Cell(number(r.bonus, lang)) for r in records)
        label = tr("print.bonus_counted", lang)
        rows.append(Row("line", label, tr("print.bonus_counted_hint", lang), bonus))
    return rows


def _line_row(line: Line, lang: str, cells: Sequence[Cell], module: str | None = None) -> Row:
    """A line's row; a line a chosen module adds or changes names the module first."""
    hint = line.describe(lang)
    return Row(
        "line",
        label=pick(line.label, lang),
        hint=f"{module} · {hint}" if module else hint,
        cells=tuple(cells),
        counted=line.counts,
    )


def _total_row(template: GameTemplate, lang: str, cells: tuple[Cell, ...]) -> Row:
    if template.result is not None and template.result.kind == "cooperative":
        hint = tr("text.cooperative", lang)  # no one wins on a total: the table's score
    else:
        hint = tr("wins." + template.wins, lang)
    return Row("total", label=tr("text.total", lang), hint=hint, cells=cells)


def _blank_cell(line: Line) -> Cell:
    return cells_of(line).blank(line)


def _filled_cell(line: Line, reading: Reading, lang: str) -> Cell:
    if not reading.counts:
        return Cell(value=number(reading.measure, lang))
    return cells_of(line).filled(line, reading, number(reading.points, lang), lang)


def _tiebreak_rows(
    template: GameTemplate,
    variant: str | None,
    lang: str,
    sheet: ScoredSheet | None,
    columns: int = 0,
) -> list[Row]:
    if not template.tiebreakers:
        if sheet is not None and len(sheet.winners) < 2:
            return []  # a played sheet without a tie for the win: no rule to tell
        return [Row("caption", label=tr("print.no_tiebreaker", lang))]
    rows = [Row("caption", label=tr("print.tiebreak_caption", lang))]
    lines = {line.key: line for line in template.lines_for(variant)}
    many = len(template.tiebreakers) > 1
    for i, tiebreaker in enumerate(template.tiebreakers):
        label = _capital(pick(tiebreaker.label, lang))
        if many:
            label = f"{i + 1}. {label}"
        formula = _formula(tiebreaker, lines, lang)
        hint = tr("prefer." + tiebreaker.prefer, lang)
        if formula and formula.casefold() != label.casefold():
            hint = f"{formula} · {hint}"
        if sheet is not None:
            cells = tuple(Cell(number(p.tiebreak[i], lang)) for p in sheet.players)
            rows.append(Row("tiebreak", label, hint, cells=cells, counted=False))
            continue
        reused = _reused_line(tiebreaker, lines)
        if reused is not None:
            span = tr("print.reuses_line", lang, line=pick(reused.label, lang))
            rows.append(Row("tiebreak", label, hint, span=span, counted=False))
        else:
            rows.append(Row("tiebreak", label, hint, cells=(BLANK,) * columns, counted=False))
    return rows


def _reused_line(tiebreaker: Tiebreaker, lines: dict[str, Line]) -> Line | None:
    """The line a tie-breaker merely re-reads (Azul's rows), so the sheet need not ask twice."""
    if len(tiebreaker.terms) != 1:
        return None
    key, weight = tiebreaker.terms[0]
    line = lines.get(key)
    return line if line is not None and weight == 1 and line.counts else None


def _formula(tiebreaker: Tiebreaker, lines: dict[str, Line], lang: str) -> str:
    parts = []
    for key, weight in tiebreaker.terms:
        line = lines.get(key)
        if line is None:
            continue
        label = pick(line.label, lang)
        parts.append(label if weight == 1 else f"{number(weight, lang)} × {label}")
    if len(parts) > LONGEST_FORMULA:  # its own label says it: "the most cat tokens"
        return ""
    return " + ".join(parts)


LONGEST_FORMULA = 3
"""A tie-breaker adding up more lines than this (Calico's five kinds of cat tokens,
Cartographers' four seasons) is told by its label alone: the sum does not fit its row."""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _date(value: dt.date | str | None, lang: str) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, dt.datetime):
        value = value.date()
    return date_text(value, lang)
