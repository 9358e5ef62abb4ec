"""History and statistics for people (plain text) and for programs (JSON-ready dicts)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal

from scorepad.core.i18n import join_words, pick, tr
from scorepad.core.numbers import Number, json_number
from scorepad.core.scoring import show
from scorepad.store.records import GameStats, HeadToHead, PlayerStats, PlaySummary


def _when(value: datetime | None) -> str | None:
    return value.isoformat(timespec="minutes") if value is not None else None


def _num(value: Number | None) -> int | float | None:
    return json_number(value) if value is not None else None


def _mean(value: Decimal | None) -> float | None:
    """Averages are shown with two decimals; they are not scores and are not stored."""
    return float(value) if value is not None else None


def summary_json(play: PlaySummary) -> dict[str, object]:
    return {
        "id": play.id,
        "uid": play.uid,
        "game": play.game,
        "variant": play.variant,
        "played_at": _when(play.played_at),
        "location": play.location,
        "duration": play.duration,
        "notes": play.notes,
        "players": [
            {"name": p.name, "total": json_number(p.total), "rank": p.rank, "winner": p.winner}
            for p in play.players
        ],
        "winners": list(play.winners),
    }


def render_history(plays: Sequence[PlaySummary], lang: str) -> str:
    if not plays:
        return tr("store.no_plays", lang)
    lines = []
    for play in plays:
        people = ", ".join(
            f"{p.name} {show(p.total, lang)}{' ★' if p.winner else ''}" for p in play.players
        )
        title = pick(play.game_name, lang) + (f" ({play.variant})" if play.variant else "")
        when = play.played_at.strftime("%Y-%m-%d %H:%M")
        lines.append(f"#{play.id:<6} {when}  {title}: {people}")
    return "\n".join(lines)


def player_stats_json(stats: PlayerStats) -> dict[str, object]:
    return {
        "player": stats.name,
        "game": stats.game,
        "plays": stats.plays,
        "wins": stats.wins,
        "win_rate": _mean(stats.win_rate),
        "average_total": _mean(stats.average_total),
        "best_total": _num(stats.best_total),
        "last_played": _when(stats.last_played),
    }


def render_player_stats(everyone: Sequence[PlayerStats], lang: str) -> str:
    if not everyone:
        return tr("store.no_plays", lang)
    return "\n".join(
        tr(
            "store.stats.player",
            lang,
            name=s.name,
            plays=s.plays,
            wins=s.wins,
            rate=f"{int((s.win_rate or 0) * 100)}%",
            average=_dec(s.average_total, lang),
            best=show(s.best_total, lang) if s.best_total is not None else "–",
            last=_when(s.last_played) or "–",
        )
        for s in everyone
    )


def _dec(value: Decimal | None, lang: str) -> str:
    if value is None:
        return "–"
    text = format(value, "f")
    return text.replace(".", ",") if lang == "es" else text


def game_stats_json(stats: GameStats) -> dict[str, object]:
    return {
        "game": stats.game,
        "name": dict(stats.name),
        "plays": stats.plays,
        "best_total": _num(stats.best_total),
        "best_by": [
            {"name": h.name, "play": h.play_id, "played_at": _when(h.played_at)}
            for h in stats.holders
        ],
        "average_winning_total": _mean(stats.average_winning_total),
        "distribution": [{"total": json_number(t), "count": c} for t, c in stats.distribution],
    }


def render_game_stats(stats: GameStats, lang: str) -> str:
    head = tr(
        "store.stats.game",
        lang,
        name=pick(stats.name, lang),
        plays=stats.plays,
        best=show(stats.best_total, lang) if stats.best_total is not None else "–",
        holders=join_words(sorted({h.name for h in stats.holders}), lang) or "–",
        average=_dec(stats.average_winning_total, lang),
    )
    if not stats.distribution:
        return head
    widest = max(c for _, c in stats.distribution)
    bars = [
        f"{show(total, lang):>7} {'█' * max(1, round(40 * count / widest))} {count}"
        for total, count in stats.distribution
    ]
    return "\n".join([head, tr("store.stats.distribution", lang) + ":", *bars])


def h2h_json(h2h: HeadToHead) -> dict[str, object]:
    return {
        "a": h2h.a,
        "b": h2h.b,
        "plays": h2h.plays,
        "a_ahead": h2h.a_ahead,
        "b_ahead": h2h.b_ahead,
        "level": h2h.level,
        "a_wins": h2h.a_wins,
        "b_wins": h2h.b_wins,
        "a_average": _mean(h2h.a_average),
        "b_average": _mean(h2h.b_average),
        "last_played": _when(h2h.last_played),
    }


def render_h2h(h2h: HeadToHead, lang: str) -> str:
    return tr(
        "store.stats.h2h",
        lang,
        a=h2h.a,
        b=h2h.b,
        plays=h2h.plays,
        a_ahead=h2h.a_ahead,
        b_ahead=h2h.b_ahead,
        level=h2h.level,
        a_wins=h2h.a_wins,
        b_wins=h2h.b_wins,
    )
