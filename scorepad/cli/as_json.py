"""What the commands print with ``--json``: plain dicts, numbers as JSON numbers.

Whole numbers print without a decimal point and halves as .5 (``json_number``); averages
are not scores and print as floats.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from scorepad.core import GameTemplate, ScoredSheet, SheetInput
from scorepad.core.boards.azul_sheet import track_summary
from scorepad.core.boards.sheet_boards import kind_of
from scorepad.core.i18n import pick, tr
from scorepad.core.numbers import Number, json_number

if TYPE_CHECKING:
    from datetime import datetime

    from scorepad.core.game_index import Listed
    from scorepad.store import GameStats, HeadToHead, PlayerStats, PlaySummary


def game_summary(game: Listed) -> dict[str, object]:
    return {
        "id": game.id,
        "name": dict(game.name),
        "variants": [{"id": v.id, "name": dict(v.label)} for v in game.variants],
        "players": {"min": game.min_players, "max": game.max_players},
        "players_best": list(game.facts.players_best),
        "minutes": None if game.facts.minutes is None else list(game.facts.minutes),
        "weight": None if game.facts.weight is None else json_number(game.facts.weight),
        "wins": game.wins,
        "builtin": game.builtin,
    }


def template_json(template: GameTemplate, variant: str | None, lang: str) -> dict[str, object]:
    variants = [variant] if variant or not template.variants else [v.id for v in template.variants]
    return {
        **game_summary(template),
        "lines": [
            {
                "key": line.key,
                "kind": line.kind,
                "label": pick(line.label, lang),
                "scores": line.describe(lang),
                "counts": line.counts,
                "variants": sorted(line.variants) if line.variants else None,
                "per_round": line.per_round,
            }
            for line in template.lines
            if any(line in template.lines_for(v) for v in variants)
        ],
        "tiebreakers": [
            {
                "label": pick(tb.label, lang),
                "prefer": tb.prefer,
                "terms": {k: json_number(w) for k, w in tb.terms},
            }
            for tb in template.tiebreakers
        ],
        "reminders": [pick(r, lang) for r in template.reminders],
        **_rounds(template, lang),
        **_boards_help(template, lang),
        **_rules(template, lang),
    }


def _boards_help(template: GameTemplate, lang: str) -> dict[str, object]:
    """The board fields of a sheet file for the game's kind of board, each with how it
    is written (none for a game without a board, or whose board has no help)."""
    kind = kind_of(template)
    if kind is None or not kind.help:
        return {}
    return {"boards": {field: tr(key, lang) for field, key in kind.help}}


def scored_json(given: SheetInput, sheet: ScoredSheet, lang: str) -> dict[str, object]:
    """``scorepad score --json``: the scored sheet, and for a player with a board
    (``"wall"``, ``"track"``, ``"pavilion"``, ``"palace"``) a ``"board"`` beside their
    lines (the board, the lines it filled, each tracked round's points), and ``"track"``:
    how the tracked game stands."""
    found = sheet.to_json(lang)
    if given.quick is not None:  # a quick sheet: the game's options beside its id
        found["quick"] = given.quick.to_json()
    if not any(given.boards):
        return found
    players = found["players"]
    assert isinstance(players, list)
    for player, board in zip(players, given.boards, strict=True):
        if board is not None:
            player["board"] = board.to_json()
    names = [p.name for p in sheet.players]
    track = track_summary(names, given.azul_boards, lang)
    if track is not None:
        found["track"] = track
    return found


def _rounds(template: GameTemplate, lang: str) -> dict[str, object]:
    """A round game's rule: its rounds and ending, and its bid rule."""
    rules = template.rounds
    if rules is None and template.ends is not None:  # a target without rounds
        end = template.ends
        return {"ends": {end.ending: json_number(end.target), "rule": end.describe(lang)}}
    if rules is None:
        return {}
    found: dict[str, object] = {
        "rounds": {
            "count": rules.fixed,
            "by_players": {str(n): r for n, r in rules.by_players} or None,
            "ends": {rules.ending: json_number(rules.target)}
            if rules.ending is not None and rules.target is not None
            else None,
            "rule": rules.describe(lang),
        }
    }
    if template.bids is not None:
        found["bids"] = {
            "key": template.bids.key,
            "label": pick(template.bids.label, lang),
            "scores": template.bids.describe(lang),
        }
    return found


def play_json(play: PlaySummary) -> dict[str, object]:
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
            {
                "name": p.name,
                "total": None if p.total is None else json_number(p.total),
                "rank": p.rank,
                "winner": p.winner,
            }
            | ({"team": p.team} if p.team is not None else {})
            | ({"colour": p.colour} if p.colour is not None else {})
            | (dict(p.board.fields) if p.board is not None else {})
            for p in play.players
        ],
        "winners": list(play.winners),
        **_results(play),
        **({"first_player": play.first_player} if play.first_seat is not None else {}),
        **({"started_at": _when(play.started_at)} if play.started_at is not None else {}),
    }


def _results(play: PlaySummary) -> dict[str, object]:
    """A co-operative or team play's result, and modules chosen: only when there are."""
    found: dict[str, object] = {}
    if play.result_kind is not None:
        found["result"] = play.result_kind
    if play.outcome is not None:
        found["outcome"] = play.outcome
    if play.modules:
        found["modules"] = list(play.modules)
    return found


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
        "coop_plays": stats.coop_plays,
        "coop_wins": stats.coop_wins,
        "coop_win_rate": _mean(stats.coop_win_rate),
    }


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
        "average_duration": stats.average_duration,
        "coop_wins": stats.coop_wins,
        "coop_losses": stats.coop_losses,
    }


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
        "coop_plays": h2h.coop_plays,
        "coop_wins": h2h.coop_wins,
    }


def _when(value: datetime | None) -> str | None:
    return value.isoformat(timespec="minutes") if value is not None else None


def _num(value: Number | None) -> int | float | None:
    return json_number(value) if value is not None else None


def _mean(value: Decimal | None) -> float | None:
    """Averages are shown with two decimals; they are not scores and are not stored."""
    return float(value) if value is not None else None


def _rules(template: GameTemplate, lang: str) -> dict[str, object]:
    """A game's rules between lines and players: its computed keys (sets, bonuses) with
    their labels, its floor, and each rule in a sentence."""
    rules = template.rules
    if rules is None:
        return {}
    return {
        "computed": {k: pick(label, lang) for k, label in rules.computed_labels().items()},
        "floor": json_number(rules.floor) if rules.floor is not None else None,
        "rules": rules.describe(lang),
    }
