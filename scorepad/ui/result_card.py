"""A saved play as the result to share (``scorepad.cards.result``): what the play screen's
Share button and ``scorepad share`` both hand to the card and the text.

Plain Python (no Flet): the command line uses it as the app does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorepad.cards.result import PlayResult, SeatLine, TeamLine, card_name
from scorepad.core.scoring import show
from scorepad.ui.history import play_scored, play_title, table_score
from scorepad.ui.play_model import shown_sheet

if TYPE_CHECKING:
    from scorepad.store import PlayRecord


def play_result(record: PlayRecord, lang: str) -> PlayResult:
    """The play's result in ``lang``: its own template titles it, the anonymous seats are
    named in the reader's language, each seat keeps the colour it had."""
    summary = record.summary
    sheet = shown_sheet(record, lang)
    games = {summary.game: record.sheet.template}
    scored = play_scored(summary, games)
    each = scored and summary.result_kind != "cooperative"  # a table's score is the table's
    seats = tuple(
        SeatLine(
            name=player.name,
            colour=seat.colour,
            total=show(seat.total, lang) if each and seat.total is not None else "",
            rank=seat.rank,
            winner=seat.winner,
            team=seat.team,
        )
        for player, seat in zip(sheet.players, summary.players, strict=True)
    )
    together = summary.outcome if summary.result_kind == "cooperative" else None
    teams = tuple(
        TeamLine(t.name, show(t.total, lang) if scored else "", t.rank, t.winner)
        for t in sheet.teams
    )
    if not teams and summary.result_kind == "teams":  # no score: the players' choice
        names = dict.fromkeys(s.team for s in seats if s.team)
        teams = tuple(
            TeamLine(n, "", 1 if n == summary.outcome else 2, n == summary.outcome) for n in names
        )
    return PlayResult(
        title=play_title(summary, lang, games),
        played_at=summary.played_at,
        headline=sheet.explanation(lang),
        seats=seats,
        location=summary.location,
        duration=summary.duration,
        together=(together or "lost") if summary.result_kind == "cooperative" else None,
        score=show(table_score(summary), lang) if together and scored else "",
        teams=teams,
    )


def result_file_name(record: PlayRecord, result: PlayResult) -> str:
    return card_name(result, record.summary.game, record.id)
