"""What the game nights' screens show and change, from the history: no Flet here, so it is
tested without a browser and the screens only lay it out.

A night is found again by its first play's id (``/nights/<id>``): a split keeps the
first part under it, a merge keeps the merged night under it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from scorepad.club.nights import (
    GAP_SETTING,
    POINTS_SETTING,
    Night,
    NightError,
    check_gap_hours,
    check_points,
    gap_of,
    history_nights,
    merged,
    points_of,
    renamed,
    split_before,
)
from scorepad.core import GameTemplate
from scorepad.core.i18n import join_words, pick, tr
from scorepad.l10n import date_text
from scorepad.store import coop_key

if TYPE_CHECKING:
    from scorepad.club.facts import PlayFact
    from scorepad.ui.history import History


@dataclass(frozen=True)
class NightRow:
    """One line of the list of nights."""

    first_id: int
    title: str
    summary: str
    """When, how many plays, who came."""
    result: str
    """Who won the night (co-winners; or no winner)."""


@dataclass(frozen=True)
class GameRow:
    play_id: int
    when: str
    """The time the play ended ("21:40"; with the day when the night passes midnight)."""
    game: str
    result: str


@dataclass(frozen=True)
class NightPage:
    first_id: int
    title: str
    name: str
    when: str
    players: str
    games: tuple[GameRow, ...]
    tally: tuple[tuple[str, int], ...]
    result: str
    has_next: bool


def nights(history: History) -> list[Night]:
    """Every night of the history, oldest first."""
    return history_nights(history.facts(), history.settings(), history.night_marks())


def title_of(night: Night, lang: str) -> str:
    return night.name or tr("nights.night_of", lang, date=date_text(night.start, lang))


def moment(when: datetime, lang: str) -> str:
    """A day and time as the language writes the day: "31.03.2026 20:15"."""
    return f"{date_text(when, lang)} {when:%H:%M}"


def result_of(night: Night, lang: str) -> str:
    if not night.winners:
        return tr("nights.no_winner", lang)
    key = "nights.winner" if len(night.winners) == 1 else "nights.co_winners"
    return tr(key, lang, names=join_words(list(night.winners), lang))


PAGE = 50
"""Nights listed at a time (a long club history has thousands): "Load more" adds as many."""


def rows(history: History, lang: str, limit: int = PAGE) -> tuple[list[NightRow], bool]:
    """The newest ``limit`` nights, newest first, and whether there are more."""
    every = nights(history)
    found = []
    for night in reversed(every[-limit:] if limit > 0 else []):
        summary = tr(
            "nights.summary",
            lang,
            count=len(night.plays),
            players=join_words(list(night.players), lang),
        )
        found.append(
            NightRow(
                night.first_id,
                title_of(night, lang),
                f"{moment(night.start, lang)} · {summary}",
                result_of(night, lang),
            )
        )
    return found, len(every) > limit


def find(all_nights: list[Night], first_id: int) -> int | None:
    """Where the night starting with play ``first_id`` is in ``all_nights``."""
    return next((n for n, night in enumerate(all_nights) if night.first_id == first_id), None)


def page(history: History, first_id: int, lang: str) -> NightPage | None:
    """The night's page; None when no night starts with that play (any more)."""
    all_nights = nights(history)
    at = find(all_nights, first_id)
    if at is None:
        return None
    night = all_nights[at]
    games = history.games()
    days = {f.played_at.date() for f in night.plays}
    one_day = len(days) == 1
    return NightPage(
        night.first_id,
        title_of(night, lang),
        night.name or "",
        f"{moment(night.start, lang)} – {night.end:%H:%M}",
        join_words(list(night.players), lang),
        tuple(
            GameRow(
                f.id,
                f"{f.played_at:%H:%M}" if one_day else moment(f.played_at, lang),
                game_name(f, games, lang),
                play_result(f, lang),
            )
            for f in night.plays
        ),
        night.tally,
        result_of(night, lang),
        at + 1 < len(all_nights),
    )


def game_name(fact: PlayFact, games: Mapping[str, GameTemplate], lang: str) -> str:
    template = games.get(fact.game)
    return pick(template.name, lang) if template is not None else fact.game


def play_result(fact: PlayFact, lang: str) -> str:
    if fact.cooperative:
        return tr(coop_key(fact.outcome), lang)
    return join_words(list(fact.winners), lang) if fact.winners else "–"


# --- changes -----------------------------------------------------------------------------------
def _night(history: History, first_id: int) -> tuple[list[Night], Night]:
    all_nights = nights(history)
    at = find(all_nights, first_id)
    if at is None:
        raise NightError("nights.unknown", night=str(first_id))
    return all_nights, all_nights[at]


def rename(history: History, first_id: int, name: str) -> None:
    """Name the night (a blank name forgets it)."""
    _, night = _night(history, first_id)
    history.set_night_marks(renamed(night, name, history.night_marks()))


def split(history: History, first_id: int, play_id: int) -> None:
    """A new night starts at ``play_id``."""
    _, night = _night(history, first_id)
    history.set_night_marks(split_before(night, play_id, history.night_marks()))


def merge(history: History, first_id: int) -> None:
    """The night and the next one make one night."""
    all_nights, night = _night(history, first_id)
    history.set_night_marks(merged(all_nights, night.key, history.night_marks()))


def settings_shown(history: History) -> tuple[str, str]:
    """The gap in hours and the points per place, as the fields show them."""
    settings = history.settings()
    hours = int(gap_of(settings).total_seconds()) // 3600
    return str(hours), ", ".join(str(p) for p in points_of(settings))


def save_settings(history: History, hours: str, points: str, lang: str) -> str:
    """Check and keep the gap and the points (both, or neither); what was saved, said."""
    checked_hours = check_gap_hours(hours)
    checked_points = check_points(points)
    history.set_setting(GAP_SETTING, checked_hours)
    history.set_setting(POINTS_SETTING, list(checked_points))
    shown = ", ".join(str(p) for p in checked_points)
    return tr("nights.settings_saved", lang, hours=checked_hours, points=shown)
