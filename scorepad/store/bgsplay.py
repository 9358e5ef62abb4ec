"""BG Stats play files (``.bgsplay``): games, players, locations and plays with scores.

What maps, and how:
- A BG Stats game whose name matches a game Scorepad knows (a built-in game's English or
  Spanish name, or a game already in the history) becomes a play of that game when every
  player has a score and the player count fits; the score is kept as one by-hand line
  ("BG Stats score") because BG Stats does not record the lines of the sheet. A game with
  variants gets its first variant. Winners are then worked out from the scores.
- Any other game becomes a user-defined "by hand" game ``bgstats-<name>`` with a points line
  holding the total and a yes/no line "marked as winner in BG Stats" used as the
  tie-breaker, so BG Stats' winner flags survive plays without scores.
- The play's uuid becomes its uid, so importing a file twice adds nothing.
Export writes the same shape, one score per player (the total; empty for a game that is
only won or lost, marked ``noPoints``), with the winner flags, each player's ``team`` in a
team play and the game's ``cooperative`` and ``usesTeams`` flags; a
round play's number of rounds goes in the play's ``rounds`` field (0 for other plays),
BG Stats' own count of rounds played.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Iterator
from datetime import datetime
from typing import Any, TextIO

from sqlalchemy import Connection, select, true

from scorepad.core import ExtraLine, GameTemplate, PlayerSheet, ScorepadError, score
from scorepad.core.errors import quote
from scorepad.core.i18n import LANGS, pick, tr
from scorepad.core.numbers import Number, as_number, format_points, parse_number
from scorepad.core.results import has_score as scored
from scorepad.store import models as m
from scorepad.store.errors import StoreError, record_error
from scorepad.store.games import all_templates, save_custom
from scorepad.store.jsonstream import read_document
from scorepad.store.roundplays import played_rounds
from scorepad.store.rows import (
    PlayDetails,
    PlayRows,
    check_details,
    field_error,
    rows_of,
    values_for,
)
from scorepad.store.values import check_uid, from_halves, load, name_key, parse_when

NAMESPACE = uuid.UUID("6f1c2a8e-6a55-4c1b-9f0e-5c0de9ad0001")


def read_bgsplay(
    conn: Connection, text: str, source: str, *, whole: bool = True
) -> Iterator[tuple[GameTemplate, PlayRows]]:
    """Plays from a BG Stats file (read whole: its plays come before its other lists)."""
    head, plays, _ = read_document(text, source, "plays", whole=True)
    games = _by_id(head, "games", source)
    people = _by_id(head, "players", source)
    places = _by_id(head, "locations", source)
    known = {
        name_key(pick(t.name, lang)): t for t in all_templates(conn).values() for lang in LANGS
    }
    chosen: dict[object, GameTemplate] = {}
    for position, raw in enumerate(plays, 1):
        record = f"plays[{position - 1}]"
        try:
            yield _play(conn, raw, games, people, places, known, chosen)
        except ScorepadError as problem:
            raise record_error(source, record, problem) from None


def _by_id(head: dict[str, Any], key: str, source: str) -> dict[object, dict[str, Any]]:
    items = head.get(key, [])
    if not isinstance(items, list) or not all(
        isinstance(i, dict) and isinstance(i.get("id"), int | str) for i in items
    ):
        raise record_error(source, key, field_error(key, "a list of objects with an id"))
    return {item["id"]: item for item in items}


def _ref(raw: dict[str, Any], key: str) -> object:
    """A reference to an id (a number or a text); anything else refers to nothing."""
    value = raw.get(key)
    return value if isinstance(value, int | str) else None


def _play(
    conn: Connection,
    raw: object,
    games: dict[object, dict[str, Any]],
    people: dict[object, dict[str, Any]],
    places: dict[object, dict[str, Any]],
    known: dict[str, GameTemplate],
    chosen: dict[object, GameTemplate],
) -> tuple[GameTemplate, PlayRows]:
    if not isinstance(raw, dict):
        raise field_error("play", "an object")
    game = games.get(_ref(raw, "gameRefId"))
    if game is None:
        raise StoreError("store.import_ref", field="gameRefId", value=quote(raw.get("gameRefId")))
    scores = raw.get("playerScores")
    if not isinstance(scores, list) or not scores:
        raise field_error("playerScores", "a list of objects")
    names, points, winners = [], [], []
    for item in scores:
        person = people.get(_ref(item, "playerRefId")) if isinstance(item, dict) else None
        if person is None or not isinstance(person.get("name"), str):
            ref = item.get("playerRefId") if isinstance(item, dict) else item
            raise StoreError("store.import_ref", field="playerRefId", value=quote(ref))
        names.append(person["name"])
        points.append(_score(item.get("score")))
        winners.append(item.get("winner") is True)
    template = known.get(name_key(str(game.get("name", ""))))
    fits = template is not None and template.min_players <= len(names) <= template.max_players
    scored = [p for p in points if p is not None]
    if template is not None and fits and len(scored) == len(points):
        label = tr("store.bgstats_score", "en")
        sheets = [
            PlayerSheet(n, {}, (ExtraLine(label, p),)) for n, p in zip(names, scored, strict=True)
        ]
        variant = template.variants[0].id if template.variants else None
        sheet = score(template, variant, sheets)
    else:
        template = _by_hand(conn, game, chosen)
        sheets = [
            PlayerSheet(n, {"score": p or 0, "won": w})
            for n, p, w in zip(names, points, winners, strict=True)
        ]
        sheet = score(template, None, sheets)
    place = places.get(_ref(raw, "locationRefId"), {}).get("name")
    duration = raw.get("durationMin")
    details = check_details(
        PlayDetails(
            parse_when(raw.get("playDate")),
            place if isinstance(place, str) else None,
            duration if duration else None,
            raw.get("comments") if isinstance(raw.get("comments"), str) else None,
        )
    )
    uid = raw.get("uuid")
    if isinstance(uid, str) and uid.strip():
        check_uid(uid)
    else:
        text = json.dumps(raw, sort_keys=True, default=str)
        uid = "bgs-" + hashlib.sha256(text.encode()).hexdigest()[:32]
    entered = raw.get("entryDate")
    created = parse_when(entered) if isinstance(entered, str) and entered else datetime.now()
    return sheet.template, rows_of(
        sheet, details, uid, created, created, values_for(conn.dialect.name)
    )


def _score(raw: object) -> Number | None:
    """A BG Stats score ("77", 77, "" for none) as an exact number, or None."""
    if raw is None or raw == "":
        return None
    value = parse_number(raw) if isinstance(raw, str) else as_number(raw)
    if value is None:
        raise StoreError("store.bad_score", value=quote(raw))
    return value


def _by_hand(
    conn: Connection, game: dict[str, Any], chosen: dict[object, GameTemplate]
) -> GameTemplate:
    """The by-hand game standing for a BG Stats game Scorepad has no sheet for."""
    if game["id"] in chosen:
        return chosen[game["id"]]
    name = str(game.get("name") or "").strip() or f"BG Stats {game['id']}"
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:55] or str(game["id"])
    key = f"bgstats-{slug}"
    existing = all_templates(conn).get(key)
    if existing is not None:
        chosen[game["id"]] = existing
        return existing
    won = {lang: tr("store.bgstats_won", lang) for lang in LANGS}
    definition = {
        "id": key,
        "name": {lang: name for lang in LANGS},
        "players": {"min": 1, "max": 20},
        "wins": "highest" if game.get("highestWins", True) is not False else "lowest",
        "lines": [
            {
                "key": "score",
                "kind": "points",
                "halves": True,
                "label": {"en": "Score", "es": "Puntos"},
            },
            {"key": "won", "kind": "check", "points": 0, "counts": False, "label": won},
        ],
        "tiebreakers": [{"label": won, "prefer": "more", "terms": {"won": 1}}],
    }
    template = save_custom(conn, definition, f"BG Stats game {name!r}", replace=False)
    chosen[game["id"]] = template
    return template


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
