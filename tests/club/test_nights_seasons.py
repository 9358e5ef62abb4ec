"""Game nights, seasons and challenges worked out from plain facts (no store)."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from decimal import Decimal
from itertools import count
from pathlib import Path

import pytest

from scorepad.club.challenges import (
    FOLDER,
    ChallengeError,
    h_index,
    load_challenges,
    progress,
    read_challenge,
)
from scorepad.club.facts import COOPERATIVE, PlayFact, SeatFact
from scorepad.club.nights import (
    NightError,
    NightMark,
    check_gap_hours,
    check_points,
    gap_of,
    group_nights,
    merged,
    parse_gap,
    play_start,
    points_of,
    renamed,
    split_before,
)
from scorepad.club.seasons import Season, SeasonError, check_season, standings, year_season

_ids = count(1)


def play(
    when: str,
    ranks: dict[str, int],
    game: str = "azul",
    *,
    minutes: int | None = None,
    started: str | None = None,
    outcome: str | None = None,
    anonymous: tuple[str, ...] = (),
) -> PlayFact:
    """A play ending at ``when``, each player with their rank (1 wins); ``outcome`` makes
    it co-operative ("won"/"lost")."""
    n = next(_ids)
    seats = tuple(
        SeatFact(
            name,
            i,
            rank,
            rank == 1 if outcome is None else outcome == "won",
            None,
            None,
            name in anonymous,
        )
        for i, (name, rank) in enumerate(ranks.items(), 1)
    )
    return PlayFact(
        n,
        f"uid-{n}",
        game,
        datetime.fromisoformat(when),
        None if started is None else datetime.fromisoformat(started),
        minutes,
        COOPERATIVE if outcome is not None else None,
        outcome,
        None,
        seats,
    )


# --- grouping -----------------------------------------------------------------------------
def test_a_play_starts_where_it_is_known_to_start():
    assert play_start(play("2024-05-02T20:00", {}, started="2024-05-02T19:10")) == datetime(
        2024, 5, 2, 19, 10
    )
    assert play_start(play("2024-05-02T20:00", {}, minutes=45)) == datetime(2024, 5, 2, 19, 15)
    assert play_start(play("2024-05-02T20:00", {})) == datetime(2024, 5, 2, 20, 0)


def test_plays_less_than_the_gap_apart_make_one_night():
    a = play("2024-05-02T20:00", {"Ana": 1, "Ben": 2})
    b = play("2024-05-03T01:59", {"Ana": 2, "Cy": 1})  # 5 h 59 after a's end
    c = play("2024-05-03T08:00", {"Ben": 1})  # 6 h 01 after b's end
    d = play(
        "2024-05-03T20:00", {"Ben": 1}, minutes=6 * 60
    )  # began exactly 6 h after b... no: 14:00
    nights = group_nights([a, b, c, d])
    assert [[f.id for f in n.plays] for n in nights] == [[a.id, b.id], [c.id], [d.id]]
    assert nights[0].players == ("Ana", "Ben", "Cy")
    assert (nights[0].start, nights[0].end) == (a.played_at, b.played_at)


def test_the_gap_is_measured_from_the_end_to_the_next_start_and_six_hours_is_enough():
    a = play("2024-05-02T20:00", {"Ana": 1})
    b = play("2024-05-03T04:00", {"Ana": 1}, minutes=120)  # starts 02:00: 6 h after
    c = play("2024-05-03T11:00", {"Ana": 1}, started="2024-05-03T05:00")  # 1 h after b
    assert [len(n.plays) for n in group_nights([a, b, c])] == [1, 2]
    assert [len(n.plays) for n in group_nights([a, b, c], timedelta(hours=7))] == [3]
    assert [len(n.plays) for n in group_nights([a, b, c], timedelta(minutes=30))] == [1, 1, 1]


def test_overlapping_plays_keep_the_night_open_until_the_latest_end():
    a = play("2024-05-02T23:00", {"Ana": 1}, started="2024-05-02T18:00")
    b = play("2024-05-02T23:30", {"Ben": 1}, started="2024-05-02T19:00")
    c = play("2024-05-03T04:00", {"Ben": 1})  # 4 h 30 after the latest end
    assert [len(n.plays) for n in group_nights([a, b, c])] == [3]


def test_the_tally_gives_places_points_ties_share_the_place_and_co_winners():
    a = play("2024-05-02T20:00", {"Ana": 1, "Ben": 2, "Cy": 3, "Dee": 4})
    b = play("2024-05-02T21:00", {"Ana": 3, "Ben": 1, "Cy": 1})  # Ben and Cy tie first
    (night,) = group_nights([a, b])
    assert night.tally == (("Ben", 5), ("Ana", 4), ("Cy", 4), ("Dee", 0))
    assert night.winners == ("Ben",)
    c = play("2024-05-02T22:00", {"Ana": 1, "Ben": 2})
    (night,) = group_nights([a, b, c])
    assert night.tally[:2] == (("Ana", 7), ("Ben", 7)) and night.winners == ("Ana", "Ben")
    (night,) = group_nights([a, b, c], points=(5, 0))
    assert dict(night.tally) == {"Ana": 10, "Ben": 5, "Cy": 5, "Dee": 0}


def test_co_operative_plays_give_everyone_first_place_when_won_and_nothing_when_lost():
    won = play("2024-05-02T20:00", {"Ana": 1, "Ben": 1}, outcome="won")
    lost = play("2024-05-02T21:00", {"Ana": 1, "Cy": 1}, outcome="lost")
    (night,) = group_nights([won, lost])
    assert dict(night.tally) == {"Ana": 3, "Ben": 3, "Cy": 0}
    assert night.winners == ("Ana", "Ben")
    (night,) = group_nights([lost])
    assert night.winners == () and night.players == ("Ana", "Cy")


def test_the_anonymous_player_never_comes_to_a_night():
    a = play("2024-05-02T20:00", {"Ana": 2, "Anonymous": 1}, anonymous=("Anonymous",))
    (night,) = group_nights([a])
    assert night.players == ("Ana",) and night.tally == (("Ana", 2),)


# --- names, splits, merges ----------------------------------------------------------------
def test_a_night_is_named_split_and_merged_by_marks_on_its_plays():
    a = play("2024-05-02T20:00", {"Ana": 1})
    b = play("2024-05-02T21:00", {"Ben": 1})
    c = play("2024-05-02T22:00", {"Cy": 1})
    d = play("2024-05-04T20:00", {"Cy": 1})
    facts = [a, b, c, d]
    marks: dict[str, NightMark] = {}
    nights = group_nights(facts, marks=marks)
    marks.update(renamed(nights[0], "  Ana's birthday ", marks))
    assert marks == {a.uid: NightMark("Ana's birthday", None)}
    marks.update(split_before(group_nights(facts, marks=marks)[0], c.id, marks))
    nights = group_nights(facts, marks=marks)
    assert [[f.id for f in n.plays] for n in nights] == [[a.id, b.id], [c.id], [d.id]]
    assert [n.name for n in nights] == ["Ana's birthday", None, None]
    marks.update(merged(nights, nights[1].key, marks))  # c's night with d's
    nights = group_nights(facts, marks=marks)
    assert [[f.id for f in n.plays] for n in nights] == [[a.id, b.id], [c.id, d.id]]
    marks.update(merged(nights, nights[0].key, marks))  # undoes the split
    (night,) = group_nights(facts, marks=marks)
    assert night.name == "Ana's birthday"
    marks.update(renamed(night, "", marks))
    assert group_nights(facts, marks=marks)[0].name is None


def test_marks_of_plays_no_longer_there_are_ignored():
    a = play("2024-05-02T20:00", {"Ana": 1})
    b = play("2024-05-02T21:00", {"Ben": 1})
    marks = {"gone": NightMark("Lost name", True), b.uid: NightMark("Second", None)}
    (night,) = group_nights([a, b], marks=marks)
    assert night.name == "Second"  # a named play that is no longer first still names it


def test_bad_changes_are_refused_with_a_reason():
    a = play("2024-05-02T20:00", {"Ana": 1})
    b = play("2024-05-02T21:00", {"Ben": 1})
    nights = group_nights([a, b])
    with pytest.raises(NightError, match="first play"):
        split_before(nights[0], a.id, {})
    with pytest.raises(NightError, match="not one of this night"):
        split_before(nights[0], 999_999, {})
    with pytest.raises(NightError, match="last night"):
        merged(nights, nights[0].key, {})
    with pytest.raises(NightError, match="100"):
        renamed(nights[0], "x" * 101, {})


def test_settings_are_checked_and_bad_stored_ones_fall_back_to_the_defaults():
    assert check_gap_hours(4) == 4 and check_gap_hours(" 12 ") == 12
    for bad in (0, -1, 169, "six", 2.5, True, None):
        with pytest.raises(NightError, match="ends a night"):
            check_gap_hours(bad)
    assert parse_gap("4.5") == timedelta(hours=4, minutes=30)
    assert parse_gap("4,5") == timedelta(hours=4, minutes=30)
    for bad in ("0", "-2", "x", "0.001", "nan", "1000"):
        with pytest.raises(NightError, match="ends a night"):
            parse_gap(bad)
    assert check_points("5, 3, 1") == (5, 3, 1) and check_points([2, 2, 0]) == (2, 2, 0)
    for bad in ("", "3, x", [3, -1], [1.5], list(range(30, 0, -1))):
        with pytest.raises(NightError, match="Points per place"):
            check_points(bad)
    with pytest.raises(NightError, match="rise"):
        check_points([1, 2, 3])
    assert gap_of({"night_gap_hours": 3}) == timedelta(hours=3)
    assert gap_of({"night_gap_hours": "bad"}) == timedelta(hours=6)
    assert points_of({}) == (3, 2, 1) and points_of({"place_points": [4, 1]}) == (4, 1)


# --- seasons -----------------------------------------------------------------------------
def test_a_season_counts_plays_wins_and_points_between_its_days_both_included():
    before = play("2024-02-29T23:59", {"Ana": 1, "Ben": 2})
    first = play("2024-03-01T00:00", {"Ana": 2, "Ben": 1})
    tie = play("2024-03-10T20:00", {"Ana": 1, "Ben": 1, "Cy": 3})
    coop = play("2024-03-31T23:59", {"Cy": 1, "Ben": 1}, outcome="won")
    after = play("2024-04-01T00:00", {"Cy": 1})
    facts = [before, first, tie, coop, after]
    spring = check_season("s1", " Spring ", "2024-03-01", "2024-03-31")
    assert spring == Season("s1", "Spring", date(2024, 3, 1), date(2024, 3, 31))
    table = standings(facts, spring)
    assert [(s.player, s.plays, s.wins, s.points) for s in table] == [
        ("Ben", 3, 3, 9),
        ("Ana", 2, 1, 5),
        ("Cy", 2, 1, 4),
    ]
    assert all(s.rating_gained is None for s in table)


def test_the_rating_column_is_one_function_given_to_the_standings():
    a = play("2024-03-02T20:00", {"Ana": 1, "Ben": 2})
    seen = []

    def gains(facts, start, end):
        seen.append((len(facts), start, end))
        return {"Ana": Decimal("1.5")}

    table = standings([a], year_season(2024), gains=gains)
    assert [(s.player, s.rating_gained) for s in table] == [("Ana", Decimal("1.5")), ("Ben", None)]
    assert seen == [(1, datetime(2024, 1, 1), datetime(2025, 1, 1))]


def test_a_bad_season_names_every_field_at_fault():
    with pytest.raises(SeasonError, match="name, first day, last day") as caught:
        check_season("s", "  ", "2024-02-30", "soon")
    assert "Name, erster Tag, letzter Tag" in caught.value.message("de")
    with pytest.raises(SeasonError, match=r"2024-02-01.*2024-03-01"):
        check_season("s", "Late", "2024-03-01", "2024-02-01")


# --- challenges ------------------------------------------------------------------------------
def test_the_shipped_challenges_read_and_include_the_three_kinds():
    found = {c.id: c for c in load_challenges()}
    assert {c.kind for c in found.values()} == {"games_times", "different_games", "h_index"}
    assert found["ten-by-ten"].numbers == {"games": 10, "plays": 10}
    assert all(set(c.name) == {"en", "es", "fr", "de"} for c in found.values())


def test_a_bad_challenge_file_gets_every_problem_at_once_naming_file_and_field(tmp_path: Path):
    bad = {
        "id": "",
        "name": {"en": "X", "xx": "Y"},
        "kind": "games_times",
        "games": 0,
        "plays": 2.5,
        "target": 3,
        "colour": "red",
    }
    with pytest.raises(ChallengeError) as caught:
        read_challenge(json.dumps(bad), "mine.json")
    message = str(caught.value)
    assert "colour: kein Feld dieser Art von Herausforderung" in caught.value.message("de")
    for part in (
        "mine.json",
        "id:",
        "name.es",
        "name.xx",
        "games:",
        "plays:",
        "target:",
        "colour:",
    ):
        assert part in message, part
    with pytest.raises(ChallengeError, match=r"mine.json.*kind"):
        read_challenge('{"id": "a", "name": {"en": "a"}}', "mine.json")
    with pytest.raises(ChallengeError, match=r"broken\.json"):
        read_challenge("{", "broken.json")
    good = (FOLDER / "ten-by-ten.json").read_text(encoding="utf-8")
    (tmp_path / "a.json").write_text(good, encoding="utf-8")
    (tmp_path / "b.json").write_text(good, encoding="utf-8")
    (tmp_path / "c.json").write_text("[]", encoding="utf-8")
    with pytest.raises(ChallengeError) as caught:
        load_challenges(tmp_path)
    assert 'b.json: id: "ten-by-ten" is also the id of a.json' in str(caught.value)
    assert "c.json: {}: an object {…} expected" in str(caught.value)


def test_each_player_s_progress_within_the_period():
    facts = []
    for g in range(12):
        for n in range(g + 1):  # game g played g + 1 times by Ana, Ben sits in every third
            people = {"Ana": 1, "Ben": 2} if n % 3 == 0 else {"Ana": 1}
            facts.append(play(f"2024-01-{1 + g:02d}T{10 + n % 12:02d}:00", people, f"g{g:02d}"))
    challenges = {c.id: c for c in load_challenges()}
    found = progress(list(challenges.values()), facts)
    ana = {cid: rows[0] for cid, rows in found.items()}
    assert all(rows[0].player == "Ana" for rows in found.values())
    assert (ana["ten-by-ten"].done, ana["ten-by-ten"].games) == (3, ("g11", "g10", "g09"))
    assert ana["five-by-five"].complete and ana["five-by-five"].done == 5
    assert ana["twenty-games"].done == 12 and ana["twenty-games"].target == 20
    assert ana["h-index-10"].done == 6
    ben = found["h-index-10"][1]
    assert ben.player == "Ben" and ben.done == 3
    assert h_index({}) == 0 and h_index({"a": 1}) == 1 and h_index({"a": 5, "b": 1}) == 1
