"""Writing BG Stats play files (``.bgsplay``); reading them is ``bgsread``'s.

Export writes the same shape, one score per player (the total; empty for a seat without
one), with the winner flags, each player's ``team`` in a team play and the game's
``cooperative`` and ``usesTeams`` flags; a round play's number of rounds goes in the
play's ``rounds`` field (0 for other plays), BG Stats' own count of rounds played.
"""

from __future__ import annotations

import json
import uuid
from typing import Any, TextIO

from sqlalchemy import Connection, select

from scorepad.core import GameTemplate
from scorepad.core.i18n import pick
from scorepad.core.numbers import format_points
from scorepad.core.results import has_score as scored
from scorepad.store import models as m
from scorepad.store.games import all_templates
from scorepad.store.roundplays import played_rounds
from scorepad.store.values import from_halves, load

NAMESPACE = uuid.UUID("6f1c2a8e-6a55-4c1b-9f0e-5c0de9ad0001")


def _kind(template: GameTemplate | None) -> str | None:
    return template.result.kind if template is not None and template.result is not None else None


STAMP = "%Y-%m-%d %H:%M:%S"


def write_bgsplay(conn: Connection, out: TextIO) -> int:
    """Every live play (ignored ones marked so) in BG Stats' shape, with what an import
    from BG Stats kept: the round trip gives the same file back."""
    p, r, pl = m.play, m.result, m.player
    live = p.c.deleted_at.is_(None)
    games = conn.execute(
        select(m.game.c.id, m.game.c.key, m.game.c.name)
        .where(m.game.c.id.in_(select(p.c.game_id).where(live)))
        .order_by(m.game.c.key)
    ).all()
    templates = all_templates(conn)
    game_refs = {gid: n for n, (gid, _, _) in enumerate(games, 1)}
    players = conn.execute(
        select(pl.c.id, pl.c.name, pl.c.anonymous, pl.c.bgs_uuid, pl.c.bgg_username).order_by(
            pl.c.anonymous.is_not(None), pl.c.name_key
        )
    ).all()
    player_refs = {row.id: n for n, row in enumerate(players, 1)}
    places = sorted(
        {
            t
            for t in conn.execute(
                select(p.c.location).where(live, p.c.location.is_not(None))
            ).scalars()
        }
    )
    place_refs = {name: n for n, name in enumerate(places, 1)}
    rounds = played_rounds(conn)
    seats: dict[int, list[Any]] = {}
    scored_games: set[int] = set()
    for row in conn.execute(
        select(
            r.c.play_id,
            r.c.player_id,
            r.c.total_halves,
            r.c.rank,
            r.c.winner,
            r.c.seat,
            r.c.team,
            r.c.game_id,
        )
        .select_from(r.join(p, p.c.id == r.c.play_id))
        .where(live)
        .order_by(r.c.play_id, r.c.seat)
    ):
        seats.setdefault(row.play_id, []).append(row)
        if row.total_halves is not None:
            scored_games.add(row.game_id)
    no_points = {
        gid
        for gid, key, _ in games
        if gid not in scored_games or (key in templates and not scored(templates[key]))
    }
    expansions: dict[str, int] = {}
    plays = []
    for row in conn.execute(select(p).where(live).order_by(p.c.played_at, p.c.uid)):
        kept: dict[str, Any] = load(row.imported) if row.imported else {}
        template = templates.get(next(k for g, k, _ in games if g == row.game_id))
        start = set(kept.get("start") or ())
        if row.first_seat is not None:  # who started, picked in Scorepad
            start.add(row.first_seat)
        order = kept.get("seat_order") or []
        people = []
        for n, seat in enumerate(seats.get(row.id, [])):
            person: dict[str, Any] = {
                "playerRefId": player_refs[seat.player_id],
                "score": ""
                if seat.total_halves is None or row.game_id in no_points
                else format_points(from_halves(seat.total_halves)),
                "winner": bool(seat.winner),
                "rank": seat.rank,
                "seatOrder": order[n] if n < len(order) and order[n] is not None else n,
                "newPlayer": False,
                "startPlayer": seat.seat in start,
            }
            if seat.team is not None:
                person["team"] = seat.team
            people.append(person)
        names = list(kept.get("expansions") or [])
        if row.modules and template is not None:
            labels = {mod.id: pick(mod.label, "en") for mod in (template.base or template).modules}
            names = [labels.get(i, i) for i in load(row.modules)] + names
        for name in names:
            expansions.setdefault(name, len(games) + len(expansions) + 1)
        modified = kept.get("modified") or row.updated_at.strftime(STAMP)
        play: dict[str, Any] = {
            "uuid": row.uid,
            "gameRefId": game_refs[row.game_id],
            "playDate": row.played_at.strftime(STAMP),
            "entryDate": row.created_at.strftime(STAMP),
            "modificationDate": modified,
            "durationMin": row.duration or 0,
            "comments": row.notes or "",
            "ignored": bool(row.ignored),
            "manualWinner": bool(kept.get("manual_winner")),
            "usesTeams": row.result_kind == "teams",
            "rounds": rounds[row.id].played if row.id in rounds else kept.get("rounds", 0),
            "board": kept.get("board", ""),
            "expansionPlays": [{"gameRefId": expansions[n]} for n in names],
            "playerScores": people,
        }
        if row.location:
            play["locationRefId"] = place_refs[row.location]
        plays.append(play)
    document = {
        "about": "Exported by Scorepad",
        "games": [
            _game(n, key, name, templates.get(key), gid in no_points)
            for n, (gid, key, name) in enumerate(games, 1)
        ]
        + [
            {
                "id": n,
                "uuid": str(uuid.uuid5(NAMESPACE, "expansion:" + name)),
                "name": name,
                "isBaseGame": 0,
                "isExpansion": 1,
            }
            for name, n in expansions.items()
        ],
        "players": [
            {
                "id": n,
                "uuid": row.bgs_uuid or str(uuid.uuid5(NAMESPACE, "player:" + row.name)),
                "name": row.name,
                "isAnonymous": bool(row.anonymous),
            }
            | ({"bggUsername": row.bgg_username} if row.bgg_username else {})
            for n, row in enumerate(players, 1)
        ],
        "locations": [
            {"id": n, "uuid": str(uuid.uuid5(NAMESPACE, "location:" + name)), "name": name}
            for name, n in place_refs.items()
        ],
        "plays": plays,
    }
    json.dump(document, out, ensure_ascii=False, indent=1)
    out.write("\n")
    return len(plays)


def _game(
    n: int, key: str, name: str, template: GameTemplate | None, no_points: bool
) -> dict[str, Any]:
    game: dict[str, Any] = {
        "id": n,
        "uuid": str(uuid.uuid5(NAMESPACE, "game:" + key)),
        "name": pick(load(name), "en"),
        "highestWins": template is None or template.wins == "highest",
        "noPoints": no_points,
        "cooperative": _kind(template) == "cooperative",
        "usesTeams": _kind(template) == "teams",
        "isBaseGame": 1,
        "isExpansion": 0,
    }
    if template is not None:
        game["minPlayerCount"] = template.min_players
        game["maxPlayerCount"] = template.max_players
        bgg = template.source.get("bgg_id")
        if isinstance(bgg, int):
            game["bggId"] = bgg
    return game
