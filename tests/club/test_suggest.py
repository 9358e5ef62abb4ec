"""What to play tonight: the pure ranking (``club.suggest``)."""

from __future__ import annotations

from datetime import date, datetime

from scorepad.club.facts import PlayFact, SeatFact
from scorepad.club.suggest import (
    Candidate,
    Reason,
    as_json,
    candidates,
    reason_text,
    suggest,
)
from scorepad.core.catalogue import builtin_entries

TODAY = date(2025, 6, 20)


def play(game: str, when: str, *names: str) -> PlayFact:
    seats = tuple(
        SeatFact(name, n, 1 if n == 0 else 2, n == 0, 10, None, False)
        for n, name in enumerate(names)
    )
    moment = datetime.fromisoformat(when)
    return PlayFact(n_id(), "u" + when + game, game, moment, None, 30, None, None, None, seats)


_ids = iter(range(1, 10_000))


def n_id() -> int:
    return next(_ids)


AZUL = Candidate("azul", "Azul", (2, 4), (30, 45), (2,))
CATAN = Candidate("catan", "Catan", (3, 4), (60, 120), (4,))
HANABI = Candidate("hanabi", "Hanabi", (2, 5), (25, 25), (3, 4))
SOLO = Candidate("solo", "Solo Thing", (1, 1), (20, 20))
LONG = Candidate("long", "Long Game", (2, 4), (180, 240), (3,))
NOTIME = Candidate("notime", "No Time", (2, 6))


def ids(found):
    return [s.candidate.game for s in found]


def test_only_games_that_seat_the_table_and_fit_the_time():
    games = [AZUL, CATAN, HANABI, SOLO, LONG, NOTIME]
    assert set(ids(suggest(games, [], 2, today=TODAY))) == {"azul", "hanabi", "long", "notime"}
    assert set(ids(suggest(games, [], 5, today=TODAY))) == {"hanabi", "notime"}
    # the shortest time must fit: Catan's 60 fits in 60, Long Game's 180 does not
    assert set(ids(suggest(games, [], 3, 60, today=TODAY))) == {
        "azul",
        "catan",
        "hanabi",
        "notime",
    }
    assert ids(suggest(games, [], 1, 10, today=TODAY)) == []


def test_the_best_count_comes_first_and_says_so():
    found = suggest([AZUL, HANABI], [], 3, today=TODAY)
    assert ids(found) == ["hanabi", "azul"]
    assert Reason("suggest.best_at", {"n": 3}) in found[0].reasons
    assert ids(suggest([AZUL, HANABI], [], 2, today=TODAY)) == ["azul", "hanabi"]


def test_games_not_played_lately_before_games_played_last_week():
    facts = [
        play("azul", "2025-06-15T20:00", "Ana", "Ben"),
        play("hanabi", "2025-01-10T20:00", "Ana", "Ben"),
    ]
    found = suggest([AZUL, HANABI], facts, 2, present=["Ana", "Ben"], today=TODAY)
    # Azul is best at 2 (3 points) but was played five days ago; Hanabi not since January
    assert ids(found) == ["hanabi", "azul"]
    assert Reason("suggest.not_since", {"when": date(2025, 1, 10)}) in found[0].reasons
    assert not any(r.key == "suggest.not_since" for r in found[1].reasons)
    assert reason_text(found[0].reasons[0], "en", TODAY) == "not played since January"
    assert reason_text(found[0].reasons[0], "en") == "not played since January 2025"
    assert reason_text(found[0].reasons[0], "de", TODAY) == "nicht gespielt seit Januar"


def test_a_game_someone_present_never_played_is_favoured_and_named():
    facts = [
        play("azul", "2025-06-01T20:00", "Ana", "Ben"),
        play("catan", "2025-06-01T21:00", "Ana", "Ben", "Cy"),
    ]
    three = [Candidate("azul", "Azul", (2, 4)), Candidate("catan", "Catan", (3, 4))]
    found = suggest(three, facts, 3, present=["Ana", "Ben", "Cy"], today=TODAY)
    assert ids(found) == ["azul", "catan"]
    new = next(r for r in found[0].reasons if r.key == "suggest.new_to_many")
    assert new.fields["names"] == ("Cy",)
    assert reason_text(new, "en") == "Cy has never played it"
    assert reason_text(Reason("suggest.new_to_many", {"names": ("Ana", "Cy")}), "fr") == (
        "Ana et Cy n'y ont jamais joué"
    )
    # names are compared as the history folds them
    again = suggest(three, facts, 3, present=["ana", " BEN ", "cy"], today=TODAY)
    assert next(r for r in again[0].reasons if r.key == "suggest.new_to_many").fields["names"] == (
        "cy",
    )


def test_never_played_here_and_owned_count_and_ties_go_by_name():
    facts = [play("azul", "2025-06-19T20:00", "Ana", "Ben")]
    owned = Candidate("zz", "Zebra", (2, 4), owned=True)
    plain = [Candidate("b", "beta", (2, 4)), Candidate("a", "Alpha", (2, 4))]
    found = suggest([*plain, owned, Candidate("azul", "Azul", (2, 4))], facts, 2, today=TODAY)
    assert ids(found) == ["zz", "a", "b", "azul"]
    assert [r.key for r in found[0].reasons] == ["suggest.never_here", "suggest.owned"]
    assert reason_text(found[0].reasons[0], "es") == "nunca jugado aquí"


def test_the_same_history_and_day_give_the_same_list():
    facts = [play(g, f"2025-0{m}-0{m}T20:00", "Ana", "Ben") for m, g in enumerate("abcde", 1)]
    games = [Candidate(g, g.upper(), (2, 4), (30, 60)) for g in "edcbazyx"]
    first = suggest(games, facts, 2, 60, ["Ana", "Ben"], TODAY)
    assert first == suggest(list(reversed(games)), facts, 2, 60, ["Ben", "Ana"], TODAY)
    # without a day given, lateness counts from the latest play: the history alone decides
    assert ids(suggest(games, facts, 2)) == ids(suggest(games, facts, 2))


def test_candidates_from_the_catalogue_and_the_collection():
    entries = builtin_entries()
    owned = [
        {
            "collid": "1",
            "bgg_id": 230802,
            "name": "Azul",
            "game": "azul",
            "owned": True,
            "players": [2, 4],
            "minutes": [30, 45],
        },
        {
            "collid": "2",
            "bgg_id": 9999,
            "name": "Outside",
            "game": None,
            "owned": True,
            "players": [2, 5],
            "minutes": [20, 30],
        },
        {
            "collid": "3",
            "bgg_id": 9998,
            "name": "No Sizes",
            "game": None,
            "owned": True,
            "players": None,
            "minutes": None,
        },
        {
            "collid": "4",
            "bgg_id": 9997,
            "name": "Wished",
            "game": None,
            "owned": False,
            "players": [2, 2],
            "minutes": None,
        },
    ]
    found = {c.game: c for c in candidates(entries, owned, "en")}
    assert found["azul"].owned and not found["catan"].owned
    assert found["azul"].best == entries["azul"].facts.players_best
    outside = found["bgg-9999"]
    assert (outside.name, outside.players, outside.minutes, outside.playable) == (
        "Outside",
        (2, 5),
        (20, 30),
        False,
    )
    assert "bgg-9998" not in found and "bgg-9997" not in found
    tonight = suggest(found.values(), [], 2, 45, today=TODAY)
    assert as_json(tonight[:1]) == [
        {
            "game": tonight[0].candidate.game,
            "name": tonight[0].candidate.name,
            "players": list(tonight[0].candidate.players),
            "minutes": list(tonight[0].candidate.minutes or []) or None,
        }
    ]
    assert all(s.candidate.owned for s in tonight[:2])
