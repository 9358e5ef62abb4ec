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

from sqlalchemy import Connection, select, true

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


def write_bgsplay(conn: Connection, out: TextIO) -> int:
    p, r = m.play, m.result
    live = p.c.deleted_at.is_(None)
    games = conn.execute(
        select(m.game.c.id, m.game.c.key, m.game.c.name)
        .where(m.game.c.id.in_(select(p.c.game_id).where(live)))
        .order_by(m.game.c.key)
    ).all()
    templates = all_templates(conn)
    game_refs = {gid: n for n, (gid, _, _) in enumerate(games, 1)}
    players = conn.execute(
        select(m.player.c.id, m.player.c.name).order_by(m.player.c.name_key)
    ).all()
    player_refs = {pid: n for n, (pid, _) in enumerate(players, 1)}
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
    seats: dict[int, list[dict[str, Any]]] = {}
    no_points = {key for _, key, _ in games if key in templates and not scored(templates[key])}
    unscored = {gid for gid, key, _ in games if key in no_points}
    game_of = dict(conn.execute(select(p.c.id, p.c.game_id).where(live)).all())
    for play_id, player_id, total, rank, winner, seat, team in conn.execute(
        select(
            r.c.play_id, r.c.player_id, r.c.total_halves, r.c.rank, r.c.winner, r.c.seat, r.c.team
        )
        .where(r.c.live == true())
        .order_by(r.c.play_id, r.c.seat)
    ):
        person: dict[str, Any] = {
            "playerRefId": player_refs[player_id],
            "score": "" if game_of[play_id] in unscored else format_points(from_halves(total)),
            "winner": bool(winner),
            "rank": rank,
            "seatOrder": seat - 1,
            "newPlayer": False,
            "startPlayer": False,
        }
        if team is not None:
            person["team"] = team
        seats.setdefault(play_id, []).append(person)
    plays = []
    for row in conn.execute(select(p).where(live).order_by(p.c.played_at, p.c.uid)):
        play: dict[str, Any] = {
            "uuid": row.uid,
            "gameRefId": game_refs[row.game_id],
            "playDate": row.played_at.strftime("%Y-%m-%d %H:%M:%S"),
            "entryDate": row.created_at.strftime("%Y-%m-%d %H:%M:%S"),
            "durationMin": row.duration or 0,
            "comments": row.notes or "",
            "ignored": False,
            "rounds": rounds[row.id].played if row.id in rounds else 0,
            "playerScores": seats.get(row.id, []),
        }
        if row.location:
            play["locationRefId"] = place_refs[row.location]
        plays.append(play)
    document = {
        "about": "Exported by Scorepad",
        "games": [
            {
                "id": n,
                "uuid": str(uuid.uuid5(NAMESPACE, "game:" + key)),
                "name": pick(load(name), "en"),
                "highestWins": key not in templates or templates[key].wins == "highest",
                "noPoints": key in no_points,
                "cooperative": _kind(templates.get(key)) == "cooperative",
                "usesTeams": _kind(templates.get(key)) == "teams",
            }
            for n, (_, key, name) in enumerate(games, 1)
        ],
        "players": [
            {
                "id": n,
                "uuid": str(uuid.uuid5(NAMESPACE, "player:" + name)),
                "name": name,
                "isAnonymous": False,
            }
            for n, (_, name) in enumerate(players, 1)
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
