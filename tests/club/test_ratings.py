"""Ratings worked out from the plays (``scorepad.club.ratings``): pure, no store."""

from __future__ import annotations

import gc
import random
from dataclasses import replace
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from openskill.models import PlackettLuce

import scorepad.club.ratings as ratings_module
from scorepad.club.facts import COOPERATIVE, TEAMS, PlayFact, SeatFact
from scorepad.club.ratings import MIN_PLAYS, rate, shown, update, update_singles

START = datetime(2024, 1, 5, 20, 0)


def seat(player: str, rank: int, team: str | None = None, pid: int | None = None) -> SeatFact:
    anonymous = player == "Anonymous"
    return SeatFact(player, pid or _ID[player], rank, rank == 1, None, team, anonymous)


_ID = {"Ana": 1, "Ben": 2, "Cy": 3, "Dee": 4, "Eva": 5, "Fil": 6, "Anonymous": 99}


def play(
    n: int,
    seats: list[SeatFact],
    *,
    game: str = "azul",
    kind: str | None = None,
    when: datetime | None = None,
    uid: str | None = None,
    pid: int | None = None,
) -> PlayFact:
    return PlayFact(
        pid if pid is not None else n,
        uid or f"u{n:05d}",
        game,
        when or START + timedelta(days=n),
        None,
        None,
        kind,
        None,
        None,
        tuple(seats),
    )


def test_openskills_documented_example_two_against_two():
    # openskill 6.2's README ("Limited Example"): four new players, [[a, b], [x, y]] rated
    # with a and b winning: a = PlackettLuceRating(mu=26.964294621803063,
    # sigma=8.177962604389991), x = PlackettLuceRating(mu=23.035705378196937,
    # sigma=8.177962604389991), and a == b, x == y.
    start = (25.0, 25.0 / 3.0)
    (a, b), (x, y) = update([[start, start], [start, start]], [1, 2])
    assert a == b == (26.964294621803063, 8.177962604389991)
    assert x == y == (23.035705378196937, 8.177962604389991)
    # the same play as the history has it: a team play, team "Red" won
    fact = play(
        1,
        [
            seat("Ana", 1, "Red"),
            seat("Ben", 1, "Red"),
            seat("Cy", 2, "Blue"),
            seat("Dee", 2, "Blue"),
        ],
        kind=TEAMS,
    )
    rows = {r.player: r for r in rate([fact]).table()}
    assert (rows["Ana"].mu, rows["Ana"].sigma) == (Decimal("26.96"), Decimal("8.18"))
    assert (rows["Cy"].mu, rows["Cy"].sigma) == (Decimal("23.04"), Decimal("8.18"))
    assert rows["Ana"].ordinal == shown(26.964294621803063 - 3 * 8.177962604389991)


@pytest.mark.parametrize("seed", range(4))
def test_the_update_is_openskills_bit_for_bit(seed):
    """Many players, ties, teams of several, ratings far apart: the same floats as
    ``PlackettLuce().rate`` (the library's defaults) every time."""
    model = PlackettLuce()
    rnd = random.Random(seed)
    for case in range(1500):
        sides = rnd.randint(2, 8)
        sizes = [rnd.choice([1, 1, 1, 2, 3]) for _ in range(sides)]
        ratings = [[(rnd.uniform(-10, 60), rnd.uniform(0.01, 12)) for _ in range(k)] for k in sizes]
        ranks = [rnd.randint(1, sides) for _ in range(sides)]
        teams = [[model.rating(mu=mu, sigma=sigma) for mu, sigma in side] for side in ratings]
        expected = [
            [(r.mu, r.sigma) for r in side] for side in model.rate(teams, ranks=list(ranks))
        ]
        assert update(ratings, ranks) == expected, (seed, case)
        if all(k == 1 for k in sizes):
            mus, sigmas = update_singles(
                [s[0][0] for s in ratings], [s[0][1] for s in ratings], ranks
            )
            assert [[(m, s)] for m, s in zip(mus, sigmas, strict=True)] == expected, (seed, case)


def history(n: int = 60, seed: int = 1) -> list[PlayFact]:
    rnd = random.Random(seed)
    names = list(_ID)[:6]
    facts = []
    for i in range(n):
        people = rnd.sample(names, rnd.randint(2, 4))
        ranks = [rnd.randint(1, len(people)) for _ in people]
        when = START + timedelta(days=i // 3)  # three plays at the same time each day
        game = rnd.choice(["azul", "glass-road"])
        facts.append(
            play(i, [seat(p, r) for p, r in zip(people, ranks, strict=True)], game=game, when=when)
        )
    return facts


def everything(ratings) -> object:
    games = [None, *ratings.games()]
    return (
        [ratings.table(g) for g in games],
        [ratings.over_time(name, g) for name in _ID for g in games],
    )


def test_the_same_plays_give_the_same_ratings_whatever_order_and_ids():
    facts = history()
    shuffled = facts[:]
    random.Random(7).shuffle(shuffled)
    # ids given in another order (as another import would): plays at the same time are
    # taken by uid, never by id
    renumbered = [
        PlayFact(
            1000 - f.id,
            *[
                getattr(f, k)
                for k in (
                    "uid",
                    "game",
                    "played_at",
                    "started_at",
                    "minutes",
                    "kind",
                    "outcome",
                    "location",
                    "seats",
                )
            ],
        )
        for f in shuffled
    ]
    assert everything(rate(facts)) == everything(rate(shuffled)) == everything(rate(renumbered))
    # the order at one time is the uids': Ana's win then Ben's differs from the reverse
    win, loss = [seat("Ana", 1), seat("Ben", 2)], [seat("Ana", 2), seat("Ben", 1)]
    first = rate([play(2, win, when=START, uid="a"), play(1, loss, when=START, uid="b")])
    second = rate([play(2, win, when=START, uid="b"), play(1, loss, when=START, uid="a")])
    assert first.table() != second.table()
    assert first.table()[0].player == "Ben" and second.table()[0].player == "Ana"


def test_table_overall_and_per_game_best_ordinal_first():
    facts = [
        play(1, [seat("Ana", 1), seat("Ben", 2)]),
        play(2, [seat("Ana", 1), seat("Ben", 2)], game="glass-road"),
        play(3, [seat("Ben", 1), seat("Cy", 2)], game="glass-road"),
    ]
    ratings = rate(facts)
    overall = ratings.table()
    assert overall[0].player == "Ana"
    assert [(r.player, r.plays) for r in ratings.table("azul")] == [("Ana", 1), ("Ben", 1)]
    assert {r.player: r.plays for r in overall} == {"Ana": 2, "Ben": 3, "Cy": 1}
    assert [r.ordinal for r in overall] == sorted((r.ordinal for r in overall), reverse=True)
    assert ratings.games() == ["azul", "glass-road"]
    assert ratings.table("pandemic") == []


def test_ties_cooperative_anonymous_and_players_staying_out():
    tie = rate([play(1, [seat("Ana", 1), seat("Ben", 1)])]).table()
    assert tie[0].mu == tie[1].mu and tie[0].sigma == tie[1].sigma
    facts = [
        play(1, [seat("Ana", 1), seat("Ben", 1)], kind=COOPERATIVE),
        play(2, [seat("Ana", 1), seat("Anonymous", 2), seat("Cy", 3)]),
        play(3, [seat("Ben", 1), seat("Dee", 2)]),
        play(4, [seat("Dee", 1), seat("Anonymous", 2)]),  # one side once Anonymous is out
    ]
    ratings = rate(facts)
    assert {r.player: r.plays for r in ratings.table()} == {"Ana": 1, "Cy": 1, "Ben": 1, "Dee": 1}
    # the anonymous player's seat is left out: Ana beat Cy as in a play of two
    alone = rate([play(2, [seat("Ana", 1), seat("Cy", 3)])])
    assert ratings.table()[0] == alone.table()[0]
    out = rate(facts, out=frozenset({_ID["Ben"]}))
    assert "Ben" not in {r.player for r in out.table()}
    assert "Dee" not in {r.player for r in out.table()}  # play 3 left with one side: skipped
    assert out.over_time("Ben") == [] and out.win_chances(["Ben", "Ana"]) is None


def test_teams_are_rated_as_sides():
    fact = play(
        1,
        [
            seat("Ana", 1, "A"),
            seat("Ben", 2, "B"),
            seat("Cy", 1, "A"),
            seat("Dee", 2, "B"),
            seat("Eva", 3, "C"),
        ],
        kind=TEAMS,
    )
    start = (25.0, 25.0 / 3.0)
    (_ana, cy), (_ben, dee), (eva,) = update([[start, start], [start, start], [start]], [1, 2, 3])
    rows = {r.player: r for r in rate([fact]).table()}
    assert rows["Cy"].mu == shown(cy[0]) and rows["Dee"].mu == shown(dee[0])
    assert rows["Eva"].mu == shown(eva[0]) < rows["Ben"].mu < rows["Ana"].mu


def test_over_time_and_ordinal_at():
    facts = [play(n, [seat("Ana", 1), seat("Ben", 2)]) for n in range(1, 4)]
    ratings = rate(facts)
    seen = ratings.over_time("ana")
    assert [when for when, _ in seen] == [f.played_at for f in facts]
    assert seen[0][1] < seen[1][1] < seen[2][1]
    assert ratings.ordinal_at("Ana", facts[0].played_at) is None
    assert ratings.ordinal_at("Ana", facts[1].played_at) == seen[0][1]
    assert ratings.ordinal_at("Ana", facts[1].played_at + timedelta(seconds=1)) == seen[1][1]
    assert (
        ratings.ordinal_at("Ana", datetime(2030, 1, 1)) == seen[2][1] == ratings.table()[0].ordinal
    )
    assert ratings.ordinal_at("Ana", datetime(2030, 1, 1), "glass-road") is None
    assert ratings.ordinal_at("Nobody", datetime(2030, 1, 1)) is None


def test_win_chances_once_each_player_has_enough_plays():
    facts = [play(n, [seat("Ana", 1), seat("Ben", 2), seat("Cy", 3)]) for n in range(1, MIN_PLAYS)]
    assert rate(facts).win_chances(["Ana", "Ben"]) is None  # two rated plays each: too few
    facts.append(play(MIN_PLAYS, [seat("Ana", 1), seat("Ben", 2), seat("Cy", 3)]))
    ratings = rate(facts)
    chances = ratings.win_chances(["Ana", "Ben", "Cy"])
    assert chances is not None and list(chances) == ["Ana", "Ben", "Cy"]
    assert chances["Ana"] > chances["Ben"] > chances["Cy"]
    model = PlackettLuce()
    teams = []
    for name in ("Ana", "Ben", "Cy"):
        last = ratings._track(name, None)  # the library's own predict_win on the same ratings
        assert last is not None
        teams.append([model.rating(mu=last.mu[-1], sigma=last.sigma[-1])])
    assert list(chances.values()) == [shown(p) for p in model.predict_win(teams)]
    assert ratings.win_chances(["Ana", "Ben"], "glass-road") is None
    assert ratings.win_chances(["Ana"]) is None
    assert ratings.win_chances(["Ana", "Dee"]) is None


def test_rerated_after_any_change_equals_rating_afresh():
    facts = history(90, seed=3)
    ratings = rate(facts)
    # an edit in the middle: another result
    changed = list(facts)
    old = changed[40]
    changed[40] = play(
        old.id,
        [seat(s.player, len(old.seats) - s.rank + 1) for s in old.seats],
        game=old.game,
        when=old.played_at,
        uid=old.uid,
    )
    since = old.played_at
    before = everything(ratings)
    after = ratings.rerated([f for f in changed if f.played_at >= since], since=since)
    assert everything(after) == everything(rate(changed))
    assert everything(ratings) == before  # the ratings handed out before stay as they were
    ratings = after
    # a play deleted, and one moved years back
    gone = [f for f in changed if f.uid != changed[70].uid]
    moved = changed[80]
    back = PlayFact(
        moved.id,
        moved.uid,
        moved.game,
        datetime(2020, 1, 1),
        None,
        None,
        None,
        None,
        None,
        moved.seats,
    )
    now = [back if f.uid == moved.uid else f for f in gone]
    ratings = ratings.rerated(now)  # every play read again, no time given
    assert everything(ratings) == everything(rate(now))
    # a player staying out, then back in
    out = frozenset({_ID["Cy"]})
    ratings = ratings.rerated((), since=datetime.max, out=out)
    assert everything(ratings) == everything(rate(now, out=out))
    ratings = ratings.rerated((), since=datetime.max, out=frozenset())
    assert everything(ratings) == everything(rate(now))


def raw(ratings) -> dict[str, dict[int, tuple[list[int], bytes, bytes]]]:
    """Every rating kept, bit for bit: each scope's tracks (play places, mu and sigma as
    the floats' bytes), tracks and scopes without a rated play left out."""
    found = {}
    for scope, tracks in ratings._tracks.items():
        kept = {
            pid: (list(t.at), t.mu.tobytes(), t.sigma.tobytes())
            for pid, t in tracks.items()
            if t.at
        }
        if kept:
            found[scope] = kept
    return found


def random_play(rnd: random.Random, n: int, when: datetime) -> PlayFact:
    names = list(_ID)
    people = rnd.sample(names, rnd.randint(1, 5))
    teams = rnd.random() < 0.15
    seats = [
        seat(p, rnd.randint(1, len(people)), team=rnd.choice("RB") if teams else None)
        for p in people
    ]
    kind = COOPERATIVE if rnd.random() < 0.05 else (TEAMS if teams else None)
    game = rnd.choice(["azul", "glass-road", "kingdomino", "wingspan"])
    return play(n, seats, game=game, kind=kind, when=when)


def random_edit(
    rnd: random.Random, facts: list[PlayFact], n: int
) -> tuple[list[PlayFact], datetime]:
    """One change as the history can make it, and the earliest play time it touched."""
    facts = list(facts)
    what = rnd.choice(["result", "game", "delete", "add", "move", "players"])
    i = rnd.randrange(len(facts))
    old = facts[i]
    if what == "add":
        when = START + timedelta(hours=rnd.randrange(24 * 60))
        facts.append(random_play(rnd, n, when))
        return facts, when
    if what == "delete":
        del facts[i]
        return facts, old.played_at
    if what == "move":
        when = START + timedelta(hours=rnd.randrange(24 * 60))
        facts[i] = replace(old, played_at=when)
        return facts, min(when, old.played_at)
    if what == "game":
        facts[i] = replace(old, game=rnd.choice(["azul", "glass-road", "kingdomino", "chess"]))
    elif what == "players":
        facts[i] = replace(random_play(rnd, old.id, old.played_at), uid=old.uid)
    else:
        ranks = [s.rank for s in old.seats]
        rnd.shuffle(ranks)
        facts[i] = replace(
            old, seats=tuple(replace(s, rank=r) for s, r in zip(old.seats, ranks, strict=True))
        )
    return facts, old.played_at


@pytest.mark.parametrize("seed", range(12))
def test_rerated_equals_rated_from_scratch_bit_for_bit(seed):
    # random histories (ties, teams, co-operative and one-player plays, several games,
    # plays at the same time), random edits of every kind one after another: the ratings
    # re-rated from the edit equal the ratings worked out from scratch, float for float,
    # in every scope, and the ratings handed out before are left as they were
    rnd = random.Random(seed)
    facts = [
        random_play(rnd, i, START + timedelta(hours=rnd.randrange(24 * 60))) for i in range(150)
    ]
    ratings = rate(facts)
    out: frozenset[int] = frozenset()
    for step in range(25):
        before = raw(ratings)
        if step % 8 == 7:
            out = frozenset(rnd.sample(sorted(_ID.values()), rnd.randint(0, 2)))
            after = ratings.rerated((), since=datetime.max, out=out)
        else:
            facts, since = random_edit(rnd, facts, 1000 + step)
            if step % 3 == 0:  # every play given again, no time said
                after = ratings.rerated(facts, out=out)
            else:
                after = ratings.rerated([f for f in facts if f.played_at >= since], since=since)
        assert raw(after) == raw(rate(facts, out=out)), (seed, step)
        assert raw(ratings) == before, (seed, step)
        ratings = after


def test_a_change_re_rates_only_overall_and_within_its_own_game():
    facts = history(120, seed=5)
    ratings = rate(facts)
    i = next(i for i, f in enumerate(facts) if f.game == "azul" and i > 10)
    old = facts[i]
    turned = [replace(s, rank=len(old.seats) - s.rank + 1) for s in old.seats]
    changed = [*facts[:i], replace(old, seats=tuple(turned)), *facts[i + 1 :]]
    since = old.played_at
    after = ratings.rerated([f for f in changed if f.played_at >= since], since=since)
    assert raw(after) == raw(rate(changed))
    # glass-road's ratings are the ones kept: not one of its plays was rated again
    kept, now = ratings._tracks["glass-road"], after._tracks["glass-road"]
    assert kept and all(now[pid] is track for pid, track in kept.items())
    assert raw(after)["azul"] != raw(ratings)["azul"]
    # a play taken away: the other game's plays after it move one place, their ratings kept
    gone = [*changed[:i], *changed[i + 1 :]]
    later = after.rerated([f for f in gone if f.played_at >= since], since=since)
    assert raw(later) == raw(rate(gone))
    moved = later._tracks["glass-road"]
    assert any(moved[pid] is not track for pid, track in now.items())
    assert all(moved[pid].mu is track.mu for pid, track in now.items())


def test_rating_sorts_and_rates_with_the_cycle_collector_paused(monkeypatch):
    # rating 100,000 plays among millions of live objects: a collection set off by the
    # sort's keys walked them all, again and again (a change re-rated from the first week
    # took longer than rating from scratch)
    facts = history(200, seed=2)
    collector_on = []
    key = ratings_module._key

    def watched(fact: PlayFact) -> object:
        collector_on.append(gc.isenabled())
        return key(fact)

    monkeypatch.setattr(ratings_module, "_key", watched)
    ratings = rate(facts)
    ratings.rerated(facts[5:], since=facts[5].played_at)
    ratings.rerated(list(reversed(facts)))
    assert len(collector_on) == 200 + 195 + 200 and not any(collector_on)
