"""Saved plays as the app shows and edits them: rows for History, a sheet draft to edit.

Plain Python (no Flet): History's rows, its filters and the round trip from a saved play
back into the sheet editor are tested without a page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from scorepad.core import GameTemplate
from scorepad.core.errors import quote
from scorepad.core.i18n import DEFAULT_LANG, decimal_mark, tr
from scorepad.core.numbers import format_points
from scorepad.core.scoring import show
from scorepad.core.template import is_rated
from scorepad.sheet.draft import ExtraRow, RoundRow, SheetDraft
from scorepad.sheet.result import needs_choice
from scorepad.store import read_boards
from scorepad.ui.errors import AppError
from scorepad.ui.history import play_scored, play_title, table_score, together

if TYPE_CHECKING:
    from scorepad.core import ScoredSheet
    from scorepad.store import PlayFilter, PlayRecord, PlaySummary

Board = object
"""A kept board as the core reads it (``core.boards.kinds.BoardKind.board``): drawn by the
app's view of its kind (``views.boards``)."""
PAGE_SIZE = 20
"""History rows fetched at a time ("Load more" fetches the next ones)."""


@dataclass(frozen=True)
class HistoryRow:
    """One play as a line of History."""

    id: int
    when: str
    title: str
    scores: str
    """Every player with their total, in rank order: "Ana 77 · Ben 73"."""
    winners: tuple[str, ...]
    notes: str = ""
    """The play's notes, as written ("" when none)."""
    first_player: str = ""
    """Who started, as History says it ("First player: Ana"), "" when nobody was picked."""
    colours: tuple[tuple[str, str], ...] = ()
    """Each player with a colour and that colour, in seat order (none: no colours)."""
    duration: str = ""
    """How long the play took ("65 min"), "" when it does not say."""
    boards: tuple[tuple[int, str, Board], ...] = ()
    """Each player's board kept with the play: (seat from 1, name, board)."""
    together: str = ""
    """A co-operative play's result ("won together", "lost together"), "" for others."""


def history_row(summary: PlaySummary, lang: str, games: Mapping[str, GameTemplate]) -> HistoryRow:
    seats = sorted(summary.players, key=lambda p: p.rank)
    anonymous = tr("store.anonymous", lang)
    names = [anonymous if p.anonymous else p.name for p in seats]
    winners = tuple(anonymous if p.anonymous else p.name for p in summary.players if p.winner)
    title = play_title(summary, lang, games)
    if summary.ignored:
        title = tr("store.play_ignored", lang, title=title)
    # a play without scores shows its winners only
    scores = (
        " · ".join(
            f"{n} {show(p.total, lang)}" if p.total is not None else n
            for n, p in zip(names, seats, strict=True)
        )
        if play_scored(summary, games)
        else ""
    )
    result = together(summary, lang)
    if result:  # won or lost together, whoever played; the table's score, if any
        said = f"{result}, {show(table_score(summary), lang)}" if scores else result
        scores = " · ".join([*names, said])
    return HistoryRow(
        id=summary.id,
        when=f"{summary.played_at:%Y-%m-%d %H:%M}",
        title=title,
        scores=scores,
        winners=winners,
        notes=summary.notes or "",
        first_player=_first_said(summary, lang),
        colours=seat_colours_of(summary, lang),
        duration=_duration_said(summary, lang),
        boards=seat_boards(summary, lang),
        together=result,
    )


def seat_colours_of(summary: PlaySummary, lang: str) -> tuple[tuple[str, str], ...]:
    """(name, colour) for each player of the play who had a colour, in seat order."""
    anonymous = tr("store.anonymous", lang)
    return tuple(
        (anonymous if p.anonymous else p.name, p.colour) for p in summary.players if p.colour
    )


def seat_boards(summary: PlaySummary, lang: str) -> tuple[tuple[int, str, Board], ...]:
    """(seat from 1, name, board) for each player of the play whose board was kept (an
    Azul wall, a Summer Pavilion pavilion, a Sintra palace…), in seat order (a board that
    cannot be read is left undrawn: the store checked it when it was saved)."""
    anonymous = tr("store.anonymous", lang)
    read = read_boards([p.board for p in summary.players], summary.variant)
    return tuple(
        (seat, anonymous if p.anonymous else p.name, board)
        for seat, (p, board) in enumerate(zip(summary.players, read, strict=True), 1)
        if board is not None
    )


def _duration_said(summary: PlaySummary, lang: str) -> str:
    """ "65 min" for a play that says how long it took (0 included), else ""."""
    if summary.duration is None:
        return ""
    return tr("app.play_duration", lang, minutes=summary.duration)


def _first_said(summary: PlaySummary, lang: str) -> str:
    """ "First player: Ana" for a play where someone was picked to start, else ""."""
    seat = summary.first_seat
    if seat is None or not 0 < seat <= len(summary.players):
        return ""
    player = summary.players[seat - 1]
    name = tr("store.anonymous", lang) if player.anonymous else player.name
    return tr("app.first_player", lang, player=name)


@dataclass
class HistoryQuery:
    """History's filters as typed: any left blank does not filter."""

    game: str = ""
    player: str = ""
    since: str = ""
    """A first day, YYYY-MM-DD."""
    until: str = ""
    """A last day, YYYY-MM-DD (included)."""
    text: str = ""
    module: str = ""
    """A module id of the chosen game: only plays with it."""

    def problems(self) -> dict[str, AppError]:
        found: dict[str, AppError] = {}
        for name in ("since", "until"):
            try:
                _day(getattr(self, name))
            except AppError as problem:
                found[name] = problem
        return found

    def to_filter(self) -> PlayFilter:
        """The store's filter; raises AppError for a date that cannot be read."""
        from scorepad.store import PlayFilter

        since, until = _day(self.since), _day(self.until)
        return PlayFilter(
            game=self.game or None,
            player=self.player.strip() or None,
            since=datetime.combine(since, datetime.min.time()) if since else None,
            until=datetime.combine(until + timedelta(days=1), datetime.min.time())
            if until
            else None,
            text=self.text.strip() or None,
            module=(self.module or None) if self.game else None,
        )


def _day(text: str) -> date | None:
    text = text.strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise AppError("app.bad_date", value=quote(text)) from None


def draft_from_play(record: PlayRecord, lang: str = DEFAULT_LANG) -> SheetDraft:
    """The saved play as a sheet being filled in, so the sheet editor can change it.

    Blank and zero are the same on a sheet, so zeros come back blank, as they were typed;
    a sum comes back as it was typed ("3+6+2"); a number comes back in the form of the
    language ``lang`` ("50,5" in Spanish), as a person would type it there.
    """

    sheet = record.sheet
    entered = record.player_sheets()  # the entries, sums as typed
    players = [p.name for p in sheet.players]
    draft = SheetDraft(
        game_id=record.summary.game,
        variant=sheet.variant,
        players=players,
        location=record.summary.location or "",
        modules=list(sheet.modules),
        # The same for every device that opens this version of the play to edit it.
        sheet_id=f"edit-{record.id}-{record.updated_at:%Y%m%d%H%M%S%f}",
    )
    lines = sheet.template.lines_for(sheet.variant)
    per_round = [line for line in lines if line.per_round]
    for index in range(sheet.played_rounds if per_round else 0):
        texts = {}
        for line in per_round:
            entries = [p.lines.get(line.key) for p in entered]
            texts[line.key] = [
                typed(e[index], lang) if isinstance(e, list | tuple) and index < len(e) else ""
                for e in entries
            ]
        # the same ids on every device that opens this version of the play to edit it
        draft.rounds.append(RoundRow(f"{draft.sheet_id}-{index + 1}", texts))
    for line in lines:
        values = [p.lines.get(line.key) for p in entered]
        if line.per_round:
            continue
        if line.entered_as == "yes_no":
            draft.checks[line.key] = [bool(v) for v in values]
        elif line.entered_as == "pair":
            draft.pairs[line.key] = [
                [typed(a, lang), typed(b, lang)] for a, b in (_pair(v) for v in values)
            ]
        elif is_rated(line):
            counts = [v if isinstance(v, dict) else {"count": v} for v in values]
            draft.texts[line.key] = [typed(c.get("count"), lang) for c in counts]
            first = line.rates[0].id
            draft.rates[line.key] = [str(c.get("rate") or first) for c in counts]
        else:
            draft.texts[line.key] = [typed(v, lang) for v in values]
    labels: list[str] = []
    for player in sheet.players:
        labels += [e.label for e in player.extra if e.label not in labels]
    for label in labels:
        points = []
        for player in sheet.players:
            found = [e.points for e in player.extra if e.label == label]
            points.append(typed(found[0], lang) if found else "")
        draft.extra.append(ExtraRow(label, points))
    _result_into(sheet, [p.team for p in entered], draft)
    return draft


def _result_into(sheet: ScoredSheet, teams: list[str | None], draft: SheetDraft) -> None:
    """A team play's teams, and the outcome the players chose (a co-operative play's "won"
    or "lost", or a team-only play's winning team, by its number), as the sheet holds them."""
    names = [team.name for team in sheet.teams]
    if names:
        draft.team_names = names
        draft.teams = [names.index(t) + 1 if t in names else 1 for t in teams]
    if sheet.outcome is not None and needs_choice(sheet.template):
        outcome = sheet.outcome
        draft.outcome = str(names.index(outcome) + 1) if outcome in names else outcome


def _pair(value: object) -> tuple[object, object]:
    if isinstance(value, list | tuple) and len(value) == 2:
        return value[0], value[1]
    return None, None


def typed(value: object, lang: str = DEFAULT_LANG) -> str:
    """A saved entry as it is typed in a cell in language ``lang`` (blank for zero)."""
    if value is None or value == 0 or isinstance(value, bool):
        return ""
    if isinstance(value, str):  # a sum, kept as typed
        return value
    return format_points(value).replace(".", decimal_mark(lang))  # type: ignore[arg-type]


def kept_details(record: PlayRecord, lang: str) -> list[tuple[str, str]]:
    """What a play keeps besides its sheet, as (Semantics key, line) for the play screen:
    its duration, and what an import kept (start players, seat order, expansions)."""
    summary = record.summary
    found: list[tuple[str, str]] = []
    if summary.duration is not None:
        found.append(("play-duration", _duration_said(summary, lang)))
    if summary.started_at is not None:
        when = f"{summary.started_at:%Y-%m-%d %H:%M}"
        found.append(("play-started", tr("app.play_started", lang, when=when)))
    first = _first_said(summary, lang)
    if first:
        found.append(("play-first-player", first))
    kept = record.imported
    anonymous = tr("store.anonymous", lang)
    names = [anonymous if p.anonymous else p.name for p in summary.players]
    start = [names[s - 1] for s in _seats(kept.get("start")) if 0 < s <= len(names)]
    if start:
        found.append(("play-start", tr("app.play_start", lang, names=", ".join(start))))
    order = kept.get("seat_order")
    if isinstance(order, list) and len(order) == len(names):
        ranked = sorted(range(len(names)), key=lambda i: (_order(order[i]), i))
        seats = ", ".join(names[i] for i in ranked)
        found.append(("play-seats", tr("app.play_seats", lang, names=seats)))
    expansions = [*summary.modules, *_texts(kept.get("expansions"))]
    if expansions:
        found.append(
            ("play-expansions", tr("app.play_expansions", lang, names=", ".join(expansions)))
        )
    return found


def _seats(raw: object) -> list[int]:
    return [s for s in raw if isinstance(s, int)] if isinstance(raw, list) else []


def _order(raw: object) -> int:
    return raw if isinstance(raw, int) else 1_000_000


def _texts(raw: object) -> list[str]:
    return [t for t in raw if isinstance(t, str)] if isinstance(raw, list) else []


def shown_sheet(record: PlayRecord, lang: str) -> ScoredSheet:
    """The play's sheet with the anonymous player's seats named in the reader's language
    ("Anónimo", "Anónimo 2"), never clashing with another seat's name."""
    seats = record.summary.players
    if not any(p.anonymous for p in seats):
        return record.sheet
    label = tr("store.anonymous", lang)
    taken = {p.name.casefold() for p in seats if not p.anonymous}
    names: list[str] = []
    count = 0
    for seat in seats:
        if not seat.anonymous:
            names.append(seat.name)
            continue
        while True:
            count += 1
            name = label if count == 1 else f"{label} {count}"
            if name.casefold() not in taken:
                break
        names.append(name)
    renamed = dict(zip((p.name for p in record.sheet.players), names, strict=True))
    players = tuple(p._replace(name=renamed[p.name]) for p in record.sheet.players)
    teams = tuple(
        t._replace(members=tuple(renamed.get(m, m) for m in t.members)) for t in record.sheet.teams
    )
    return record.sheet._replace(
        players=players,
        winners=tuple(renamed.get(w, w) for w in record.sheet.winners),
        teams=teams,
    )
