"""Realistic BoardGameGeek exports, made up here (no user's file is committed), and the
facts a player knows about them read from the raw file, apart from the importer.

``plays_xml(plays, seed)`` writes a plays file shaped as BGG's XML API2 ``plays`` answers
(docs/bgg.md), with every quirk the importer must take, at least once whatever the number
of plays:

- quantity above 1, incomplete plays, ``nowinstats`` plays, length 0;
- plays of games in Scorepad's catalogue (matched by BGG id, under a name of BGG's own
  that is not the built-in's) and of games that are not (kept as result-only games);
- blank, fractional ("12.5", "3.44"), negative and text ("won") scores, and scores with
  spaces after them ("125  ", as plays synced from Board Game Arena have them);
- players without a user name, a user name without a name, seats without either
  (anonymous), one person on two seats of a play, a play logged without players;
- win flags (ties with two winners, no winner), start positions (text too: "first"),
  colours, ``new`` and ``rating``;
- locations, comments with markup, newlines and unicode, unicode names of games and players;
- the same play given twice (identical, as saved pages overlapping), and the file saved as
  two pages one after the other (``pages=2``).

``collection_csv(rows, seed)`` writes BGG's "export collection" CSV with owned, wishlisted
(with priorities) and previously owned games, the same game twice (two copies, two
``collid``), quoted cells holding commas, quotes and newlines.

``plays_facts(text)`` and ``collection_facts(text)`` read those files (or real ones) with
the standard library alone.
"""

from __future__ import annotations

import csv
import io
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any
from xml.sax.saxutils import quoteattr

# (BGG id, the name BGG gives, subtype): some in Scorepad's catalogue (by BGG id), some not
GAMES: tuple[tuple[int, str, str], ...] = (
    (230802, "Azul", "boardgame"),
    (148228, "Splendor", "boardgame"),
    (266192, "Wingspan (Deutsche Ausgabe)", "boardgame"),  # built-in, under another name
    (84876, "The Castles of Burgundy", "boardgame"),
    (174430, "Gloomhaven", "boardgame"),  # not in the catalogue
    (99999991, "Ζάρια & Κάρτες", "boardgame"),  # not in the catalogue, another script
    (68448, "7 Wonders", "boardgame"),
    (92539, "7 Wonders: Leaders", "boardgameexpansion"),
)
PEOPLE: tuple[tuple[str, str, str], ...] = (
    # (name, username, userid): without a user name, a user name without a name
    ("Ana", "ana_plays", "1001"),
    ("Ben", "", "0"),
    ("Çağla", "cagla", "1003"),
    ("Dimitris", "ddmits", "119790"),
    ("", "eva_only_user", "1005"),
    ("Femi", "", "0"),
    ("Gosia", "gosia", "1007"),
)
PLACES = ("Home", "Club Meeple", "Café Ludo", "")
COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple", "", "")
COMMENTS = (
    "",
    "",
    "Great game! <b>close</b> finish & a rematch",
    "First line\nsecond line\n\nthird",
    "Ünïcödé comment — 日本語",
    "  padded comment  ",
)


def _score(rnd: random.Random, n: int) -> str:
    pick = n % 11
    if pick == 3:
        return ""
    if pick == 5:
        return rnd.choice(("12.5", "3.44", "0.5"))
    if pick == 7:
        return str(-rnd.randint(1, 20))
    if pick == 9 and n % 22 == 9:
        return "won"
    if pick == 1:
        return f"{rnd.randint(0, 150)}  "  # as plays synced from Board Game Arena have it
    return str(rnd.randint(0, 120))


def _player(rnd: random.Random, who: tuple[str, str, str] | None, n: int, start: int) -> str:
    name, username, userid = who if who is not None else ("", "", "0")
    score = _score(rnd, n)
    start_text = "first" if start == 1 and n % 13 == 0 else (str(start) if n % 4 else "")
    attrs = {
        "username": username,
        "userid": userid,
        "name": name,
        "startposition": start_text,
        "color": rnd.choice(COLOURS),
        "score": score,
        "new": "1" if n % 17 == 0 else "0",
        "rating": str(rnd.randint(1, 10)) if n % 19 == 0 else "0",
        "win": "0",
    }
    return "<player " + " ".join(f"{k}={quoteattr(v)}" for k, v in attrs.items()) + "/>"


def plays_xml(plays: int = 120, seed: int = 12, pages: int = 1, username: str = "ddmits") -> str:
    """A plays file of ``plays`` plays (before the one given twice), newest first as BGG
    lists them."""
    rnd = random.Random(seed)
    day = date(2024, 6, 30)
    items = []
    for n in range(plays):
        day -= timedelta(days=rnd.randint(0, 3))
        ident, game, subtype = GAMES[n % len(GAMES)]
        quantity = 3 if n % 23 == 4 else 2 if n % 29 == 6 else 1
        length = 0 if n % 3 == 0 else rnd.randint(10, 240)
        incomplete = "1" if n % 31 == 8 else "0"
        nowinstats = "1" if n % 37 == 10 else "0"
        location = PLACES[n % len(PLACES)]
        head = (
            f'<play id="{70000000 + n * 7}" date="{day.isoformat()}" quantity="{quantity}" '
            f'length="{length}" incomplete="{incomplete}" nowinstats="{nowinstats}" '
            f"location={quoteattr(location)}>"
        )
        item = (
            f'<item name={quoteattr(game)} objecttype="thing" objectid="{ident}">'
            f'<subtypes><subtype value="{subtype}"/></subtypes></item>'
        )
        comment = COMMENTS[n % len(COMMENTS)]
        body = [head, item]
        if comment:
            body.append(f"<comments>{_escaped(comment)}</comments>")
        if n % 41 != 15:  # now and then a play logged without players
            count = 2 + n % 3 if ident != 68448 else 3 + n % 4
            people = rnd.sample(PEOPLE, min(count, len(PEOPLE)))
            seats: list[tuple[str, str, str] | None] = list(people)
            if n % 43 == 2:
                seats.append(None)  # a seat without a name or a user name
            if n % 53 == 7:
                seats.append(people[0])  # one person on two seats
            rows = [_player(rnd, who, n + i, i + 1) for i, who in enumerate(seats)]
            winners = {0} if n % 5 else {0, 1}  # ties now and then
            if n % 47 == 3:
                winners = set()
            rows = [
                r.replace('win="0"', 'win="1"') if i in winners else r for i, r in enumerate(rows)
            ]
            body.append("<players>" + "".join(rows) + "</players>")
        body.append("</play>")
        items.append("\n".join(body))
        if n == 12:
            items.append(items[-1])  # the same play again (saved pages overlapping)
    size = -(-len(items) // pages)
    documents = []
    for page in range(pages):
        chunk = items[page * size : (page + 1) * size]
        documents.append(
            '<?xml version="1.0" encoding="utf-8"?>'
            f'<plays username="{username}" userid="119790" total="{plays}" page="{page + 1}" '
            'termsofuse="https://boardgamegeek.com/xmlapi/termsofuse">\n'
            + "\n".join(chunk)
            + "\n</plays>"
        )
    return "".join(documents)


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# --- the facts of a plays file, read with the standard library -----------------------------

ANONYMOUS = "Anonymous"


def _plays(text: str) -> list[ET.Element]:
    """Every play of the file (of each page, when pages were saved one after another), the
    same play given twice once."""
    documents = [d for d in re.split(r"<\?xml[^>]*\?>", text) if d.strip()]
    seen: set[str] = set()
    found = []
    for document in documents:
        for play in ET.fromstring(document.strip()).iter("play"):
            key = play.get("id") or ""
            if key in seen:
                continue
            seen.add(key)
            found.append(play)
    return found


def _number(text: str) -> Decimal | None:
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def _who(player: ET.Element) -> str:
    name = (player.get("name") or "").strip() or (player.get("username") or "").strip()
    return name or ANONYMOUS


def plays_facts(text: str) -> dict[str, Any]:
    """Plays (a play of quantity n is n plays), plays kept out of statistics (incomplete or
    no win stats), wins per player, the best score of each game and who holds it,
    minutes, locations, comments, colours, start players and seats."""
    facts: dict[str, Any] = {
        "plays": 0,
        "ignored": 0,
        "wins": Counter(),
        "coop": Counter(),
        "best": {},
        "minutes": 0,
        "timed": 0,
        "locations": Counter(),
        "comments": [],
        "roles": Counter(),
        "teams": [],
        "expansions": Counter(),
        "start": Counter(),
        "seats": Counter(),
    }
    best: dict[str, tuple[Decimal, set[str]]] = {}
    for play in _plays(text):
        times = int(play.get("quantity") or "1")
        ignored = play.get("incomplete") == "1" or play.get("nowinstats") == "1"
        players = list(play.iter("player"))
        length = int(play.get("length") or "0")
        facts["plays"] += times
        facts["ignored"] += times if ignored else 0
        facts["minutes"] += length * times
        facts["timed"] += times if length else 0
        place = (play.get("location") or "").strip()
        if place:
            facts["locations"][place] += times
        node = play.find("comments")
        comment = (node.text or "").strip() if node is not None else ""
        facts["comments"] += [comment] * times if comment else []
        facts["seats"][len(players) or 1] += times
        named: set[str] = set()
        for n, player in enumerate(players):  # one person twice in a play: the later seat
            who = " ".join(_who(player).split()).casefold()  # is nobody's (anonymous)
            if who in named and who != ANONYMOUS.casefold():
                players[n] = ET.Element("player", {**player.attrib, "name": "", "username": ""})
            named.add(who)
        for player in players:
            colour = (player.get("color") or "").strip()
            if colour:
                facts["roles"][colour] += times
            if (player.get("startposition") or "").strip() == "1":
                facts["start"][_who(player)] += times
        if ignored:
            continue
        for player in players:
            if player.get("win") == "1" and _who(player) != ANONYMOUS:
                facts["wins"][_who(player)] += times
        game = play.find("item").get("name")  # type: ignore[union-attr]
        for player in players:
            value = _number(player.get("score") or "")
            if value is None:
                continue
            held = best.get(game)
            if held is None or value > held[0]:
                best[game] = (value, {_who(player)})
            elif value == held[0]:
                held[1].add(_who(player))
    facts["comments"].sort()
    facts["best"] = {g: (v, sorted(h)) for g, (v, h) in best.items()}
    return facts


def as_document(text: str) -> dict[str, Any]:
    """The games and plays of a plays file as ``bgs_facts.history_facts`` takes them: which
    game each play is of, by the uid the import gives it (``bgg-<id>``, copies
    ``bgg-<id>-2``, …)."""
    games: dict[str, str] = {}
    plays = []
    for play in _plays(text):
        item = play.find("item")
        assert item is not None
        games[item.get("objectid") or ""] = item.get("name") or ""
        for copy in range(int(play.get("quantity") or "1")):
            suffix = f"-{copy + 1}" if copy else ""
            plays.append(
                {"uuid": f"bgg-{play.get('id')}{suffix}", "gameRefId": item.get("objectid")}
            )
    return {"games": [{"id": k, "name": v} for k, v in games.items()], "plays": plays}


# --- the collection -----------------------------------------------------------------------

COLUMNS = (
    "objectname", "objectid", "rating", "numplays", "weight", "own", "fortrade", "want",
    "wanttobuy", "wanttoplay", "prevowned", "preordered", "wishlist", "wishlistpriority",
    "wishlistcomment", "comment", "conditiontext", "haspartslist", "wantpartslist", "collid",
    "baverage", "average", "avgweight", "rank", "numowned", "objecttype", "originalname",
    "minplayers", "maxplayers", "playingtime", "maxplaytime", "minplaytime", "yearpublished",
    "bggrecplayers", "bggbestplayers", "bggrecagerange", "bgglanguagedependence", "publisherid",
    "imageid", "year", "language", "other", "itemtype", "pricepaid", "pp_currency", "currvalue",
    "cv_currency", "acquisitiondate", "acquiredfrom", "quantity", "privatecomment",
    "version_publishers", "version_languages", "version_yearpublished", "version_nickname",
)  # fmt: skip
"""The columns of BGG's collection export, in its order."""
COLLECTION_GAMES = (
    (230802, "Azul"),
    (174430, "Gloomhaven"),
    (173346, "7 Wonders Duel"),
    (202976, "7 Wonders Duel: Pantheon"),
    (27181, "1000 hely amit látnod kell"),
    (31260, "Agricola"),
    (178900, 'Codenames, "Pictures"'),
)


def collection_csv(rows: int = 30, seed: int = 12) -> str:
    rnd = random.Random(seed)
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\n")
    writer.writerow(COLUMNS)
    for n in range(rows):
        ident, name = COLLECTION_GAMES[n % len(COLLECTION_GAMES)]
        if n >= len(COLLECTION_GAMES):
            ident, name = 500000 + n, f"Game {n} ✓"
        if n == len(COLLECTION_GAMES):  # a second copy of a game: another collid
            ident, name = COLLECTION_GAMES[2]
        kind = n % 4  # owned, wishlist, previously owned, owned and wished for
        cells = dict.fromkeys(COLUMNS, "")
        cells.update(
            {
                "objectname": name,
                "objectid": str(ident),
                "rating": rnd.choice(("0", "7.5", "8", "N/A")),
                "numplays": "" if n % 6 == 1 else str(rnd.randint(0, 40)),
                "weight": "0",
                "own": "1" if kind in (0, 3) else "0",
                "prevowned": "1" if kind == 2 else "0",
                "wishlist": "1" if kind in (1, 3) else "0",
                "wishlistpriority": str(1 + n % 5) if n % 7 else "3",
                "comment": "Line one\nline two, with a comma" if n % 5 == 0 else "",
                "collid": str(90000000 + n),
                "objecttype": "thing",
                "originalname": name,
                "minplayers": "2",
                "maxplayers": "4",
                "yearpublished": str(2000 + n % 24),
                "itemtype": "expansion" if "Pantheon" in name else "standalone",
                "privatecomment": 'bought at "Spiel"' if n % 9 == 0 else "",
            }
        )
        writer.writerow([cells[c] for c in COLUMNS])
    return out.getvalue()


def collection_facts(text: str) -> list[dict[str, Any]]:
    """Each entry of a collection export, by name and entry id, as ``scorepad collection
    --json`` lists them (without the other columns)."""
    found = {}
    for row in csv.DictReader(io.StringIO(text.lstrip("\ufeff"))):
        collid = row.get("collid") or f"object-{row['objectid']}"
        priority = row.get("wishlistpriority") or ""
        found[collid] = {
            "collid": collid,
            "bgg_id": int(row["objectid"]),
            "name": row["objectname"],
            "owned": row["own"] == "1",
            "wishlist": row["wishlist"] == "1",
            "wishlist_priority": int(priority) if priority else None,
            "plays": int(row.get("numplays") or 0),
        }
    return sorted(found.values(), key=lambda r: (r["name"], r["collid"]))
