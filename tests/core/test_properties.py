"""Properties that hold for every sheet of every built-in game (hypothesis)."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.cli import main
from scorepad.core import GameTemplate, PlayerSheet, builtin_games, load_template, score
from scorepad.core.awards import AwardLine
from scorepad.core.checks import broken_checks
from scorepad.core.errors import SheetError
from scorepad.core.sets import TallyLine
from scorepad.core.template import (
    CheckLine,
    CountLine,
    Line,
    PenaltyLine,
    PointsLine,
    ProductLine,
    Reading,
    TableLine,
)

GAMES = {key: game for key, game in builtin_games().items() if game.result is None}
"""The games played each for themselves (co-operative and team results: test_results.py)."""
NAMES = ["Ana", "Ben", "Carla", "Dani", "Eva", "Fer", "Gus", "Hugo"]
CHECKS = {"check.broken", "check.broken_round", "check.table", "check.table_round"}
"""The refusals of a check: of a player's lines, in a round, between players."""


def valid_entry(line: Line) -> st.SearchStrategy[object]:
    """Any value a player could legally enter on ``line``."""
    if isinstance(line, PointsLine):
        low = -200 if line.min is None else int(line.min)
        high = 200 if line.max is None else int(line.max)
        return st.integers(low, high)
    if isinstance(line, CountLine | AwardLine | TallyLine):
        counts = st.integers(0, 30 if line.max is None else line.max)
        if not isinstance(line, CountLine) or not line.rates:
            return counts
        rates = st.sampled_from([r.id for r in line.rates])
        rated = st.builds(lambda c, r: {"count": c, "rate": r}, counts, rates)
        return rated | st.just(0) if line.rate_required else counts | rated
    if isinstance(line, TableLine):
        return st.integers(0, len(line.values) - 1)
    if isinstance(line, CheckLine):
        return st.booleans()
    if isinstance(line, ProductLine):
        a, b = (st.integers(0, 12 if f.max is None else f.max) for f in line.factors)
        return st.tuples(a, b).map(list)
    assert isinstance(line, PenaltyLine)
    return st.integers(0, 30 if line.max is None else line.max)


def rounds_allowed(game: GameTemplate, players: int) -> int:
    """How many rounds a drawn sheet may have: what the game allows, at most six."""
    assert game.rounds is not None
    limit = game.rounds.limit(players)
    return min(6, 6 if limit is None else limit)


@st.composite
def sheets(draw, game: GameTemplate | None = None, games: list[GameTemplate] | None = None):
    """A game (end-of-game or round game), a variant and every player's legal entries: a
    round game's per-round lines hold one entry per round, the same rounds for everyone."""
    game = game or draw(st.sampled_from(games or list(GAMES.values())))
    variant = draw(st.sampled_from([v.id for v in game.variants])) if game.variants else None
    low, high = game.min_players, game.max_players
    if variant is not None and game.variant(variant).players is not None:
        low, high = game.variant(variant).players  # Concordia's maps
    count = draw(st.integers(low, high))
    played = None if game.rounds is None else draw(st.integers(1, rounds_allowed(game, count)))
    players = []
    for name in NAMES[:count]:
        lines = {}
        for line in game.lines_for(variant):
            if line.per_round:
                assert played is not None
                value = draw(st.lists(valid_entry(line), min_size=played, max_size=played))
            else:
                value = draw(valid_entry(line))
            if draw(st.integers(0, 9)) > 0:  # now and then leave a line blank
                lines[line.key] = value
        repair(game, variant, lines)
        extra = draw(
            st.lists(
                st.builds(lambda p: {"label": "By hand", "points": p}, st.integers(-20, 20)),
                max_size=2,
            )
        )
        players.append({"name": name, "lines": lines, "extra": extra})
    repair_table(game, variant, players)
    return game, variant, players


def test_the_sheets_drawn_cover_end_of_game_and_round_games():
    kinds = {game.rounds is None for game in GAMES.values()}
    assert kinds == {True, False}
    assert {"azul", "glass-road", "skull-king", "wizard", "flip-7", "uno"} <= set(GAMES)


def repair(game: GameTemplate, variant: str | None, lines: dict[str, object]) -> None:
    """Leave blank the lines of every check between lines that the drawn entries break (a
    full wall in part, more trains than a player has): a blank line meets every check of
    the built-in games, and what is left is a sheet the rulebook allows."""
    if game.rules is None:
        return
    keys = game.keys_for(variant)
    by_key = {line.key: line for line in game.lines_for(variant)}
    for check in game.rules.checks:
        if not all(k in keys for k in check.keys) or not check.plain:
            continue
        readings = {k: by_key[k].reading(lines.get(k)) for k in check.keys}
        if check.broken(readings):
            for key in check.keys:
                lines.pop(key, None)


def table_readings(game: GameTemplate, variant: str | None, players: list[dict]) -> list[dict]:
    """Each player's readings as the checks read them (a per-round line: its entries)."""
    found = []
    for player in players:
        read = {}
        for line in game.lines_for(variant):
            raw = player["lines"].get(line.key)
            if line.per_round:
                entries = raw if isinstance(raw, list) else []
                total = sum((line.reading(e).measure for e in entries), start=0)
                read[line.key] = Reading(entries, total, 0, False)
            else:
                read[line.key] = line.reading(raw)
        found.append(read)
    return found


def repair_table(game: GameTemplate, variant: str | None, players: list[dict]) -> None:
    """Make the drawn table one the rulebook allows: one player at most ends a race (none
    here); the checks between players and of each round met: lines in fault left blank
    (zero in a round), and a round's total that must reach the cards dealt (Wizard's
    tricks) given to the first player."""
    if game.race is not None:
        for player in players:
            player["lines"].pop(game.race.line, None)
    if game.rules is None:
        return
    keys = game.keys_for(variant)
    checks = [c for c in game.rules.checks if not c.plain and keys.issuperset(c.keys)]
    lines = {line.key: line for line in game.lines_for(variant)}
    rounds = game.rounds
    for _ in range(4):
        found = list(broken_checks(checks, lines, table_readings(game, variant, players), rounds))
        if not found:
            return
        for broken in found:
            check = broken.check
            seats = broken.seats
            if check.at_most is not None:
                seats = seats[check.at_most :]
            elif check.table:
                seats = tuple(range(len(players)))
            for seat in seats:
                for key in check.keys:
                    given = players[seat]["lines"]
                    if broken.round is None:
                        given.pop(key, None)
                    elif isinstance(given.get(key), list):
                        given[key][broken.round - 1] = 0
            ready = check.at(
                len(players),
                (rounds.cards_in(broken.round or 1, len(players)) if rounds else 0) or 0,
            )
            if check.weights and check.table and ready.then.low and broken.round is not None:
                key = check.weights[0][0]
                first = players[0]["lines"].setdefault(key, [0] * broken.round)
                first[broken.round - 1] = int(ready.then.low)
    assert not list(broken_checks(checks, lines, table_readings(game, variant, players), rounds))


def run(game: GameTemplate, variant: str | None, players: list[dict]):
    from scorepad.core import ExtraLine

    return score(
        game,
        variant,
        [
            PlayerSheet(
                p["name"], p["lines"], [ExtraLine(e["label"], e["points"]) for e in p["extra"]]
            )
            for p in players
        ],
    )


@given(sheets())
@settings(max_examples=200, deadline=None)
def test_total_is_the_sum_of_line_points_and_by_hand_lines(case):
    game, variant, players = case
    scored = run(game, variant, players)
    floor = game.rules.floor if game.rules is not None else None
    for result, entered in zip(scored.players, players, strict=True):
        extra = sum(e["points"] for e in entered["extra"])
        expected = sum(result.lines.values()) + extra
        if floor is not None:  # Summer Pavilion: the score track has no space under 1
            expected = max(expected, floor)
        assert result.total == expected
        assert set(result.readings) == set(game.keys_for(variant))
        if game.rounds is not None:  # the running total after the last round, then the
            # end-of-game lines (Sushi Go's pudding) and the by-hand lines on top
            per_round = {line.key for line in game.lines_for(variant) if line.per_round}
            given = [v for p in players for k, v in p["lines"].items() if k in per_round]
            played = len(given[0]) if given else 0
            assert len(result.rounds) == played
            at_end = {line.key for line in game.lines_for(variant) if not line.per_round}
            end = sum(p for k, p in result.lines.items() if k in at_end)
            running = result.rounds[-1] if result.rounds else 0
            assert result.total == max(running + end + extra, floor or running + end + extra)


@given(sheets(), st.randoms(use_true_random=False))
@settings(max_examples=200, deadline=None)
def test_player_order_changes_nobodys_total_rank_or_win(case, rnd):
    game, variant, players = case
    before = {p.name: (p.total, p.rank, p.winner) for p in run(game, variant, players).players}
    shuffled = players[:]
    rnd.shuffle(shuffled)
    scored = run(game, variant, shuffled)
    after = {p.name: (p.total, p.rank, p.winner) for p in scored.players}
    assert after == before
    assert sorted(scored.winners) == sorted(n for n, (_, _, w) in before.items() if w)


def raisable(game: GameTemplate, variant: str | None) -> list[Line]:
    """Lines whose points never drop as the entry rises and that no tie-breaker penalises."""
    harmful = {
        key for tb in game.tiebreakers for key, w in tb.terms if (tb.prefer == "fewer") == (w > 0)
    }
    return [
        line
        for line in game.lines_for(variant)
        if line.key not in harmful
        and line.counts
        and (
            isinstance(line, PointsLine | TableLine | AwardLine)
            or (isinstance(line, CountLine) and not line.rates and line.per > 0)
            or (isinstance(line, TallyLine) and list(line.values) == sorted(line.values))
        )
    ]


RAISABLE = [
    game
    for game in GAMES.values()
    if game.wins == "highest"
    and all(raisable(game, v) for v in [v.id for v in game.variants] or [None])
]
"""The games won by the highest total with a line whose points only rise with its entry
(not Skull King or Wizard, whose bid and tricks are scored together; not No Thanks! or
6 nimmt!, won by the lowest total)."""


@given(sheets(games=RAISABLE), st.data())
@settings(max_examples=200, deadline=None)
def test_raising_an_entry_never_lowers_that_players_rank(case, data):
    game, variant, players = case
    assert game.wins == "highest"
    lines = raisable(game, variant)
    if not lines:
        return
    line = data.draw(st.sampled_from(lines))
    who = data.draw(st.integers(0, len(players) - 1))
    entries = players[who]["lines"]
    if line.per_round:  # one round of a round game: the others keep theirs
        # the rounds played: any per-round entry's length (end-of-game entries are single)
        rounds = (v for p in players for v in p["lines"].values() if isinstance(v, list))
        played = len(next(rounds, []))
        if not played:
            return
        given = entries.setdefault(line.key, [0] * played)
        at = data.draw(st.integers(0, played - 1))
        current = given[at]
    else:
        current = entries.get(line.key, 0)
    limit = getattr(line, "max", None)
    if isinstance(line, TableLine):
        limit = len(line.values) - 1
    top = 200 if limit is None else int(limit)
    if current >= top:
        return
    raised = data.draw(st.integers(current + 1, top))
    before = run(game, variant, players).players[who]
    if line.per_round:
        entries[line.key][at] = raised
    else:
        entries[line.key] = raised
    try:
        after = run(game, variant, players).players[who]
    except SheetError as refused:  # more than the board allows (a check between lines)
        assert refused.key in CHECKS
        return
    assert after.total >= before.total
    assert after.rank <= before.rank


def test_the_games_raised_include_round_games():
    assert {"azul", "flip-7", "uno"} <= {g.id for g in RAISABLE}


def test_lowest_wins_reverses_the_order():
    game = GAMES["azul"]
    lowest = load_template({**game.source, "wins": "lowest"}, "azul-lowest")
    players = [
        {"name": "A", "lines": {"marker": 5}, "extra": []},
        {"name": "B", "lines": {"marker": 9}, "extra": []},
    ]
    assert run(game, None, players).winners == ("B",)
    assert run(lowest, None, players).winners == ("A",)
    assert [p.rank for p in run(lowest, None, players).players] == [1, 2]


# --- every invalid sheet is refused with status 2 -------------------------------------------


def invalid_entry(line: Line) -> st.SearchStrategy[object]:
    """Values ``line`` must refuse."""
    wrong_type = (
        st.sampled_from(["7+", "seven", "1/3", None, [], {}, True])
        if not isinstance(line, CheckLine)
        else st.sampled_from(["yes", 1, 0, None, [True]])
    )
    wrong_type = wrong_type.filter(lambda v: v is not None)
    options = [wrong_type]
    if isinstance(line, CountLine | PenaltyLine | TableLine | AwardLine | TallyLine):
        options.append(st.integers(max_value=-1))
        high = len(line.values) - 1 if isinstance(line, TableLine) else line.max
        if high is not None:
            options.append(st.integers(min_value=high + 1, max_value=10**6))
        options.append(st.just(Decimal("1.5")))
    if isinstance(line, PointsLine):
        if line.min is not None:
            options.append(st.integers(max_value=int(line.min) - 1, min_value=-(10**6)))
        options.append(st.just(Decimal("0.5")))
    if isinstance(line, ProductLine):
        options.append(st.just([1, 2, 3]))
        options.append(st.just([-1, 2]))
        options.append(st.just(4))
    if isinstance(line, CountLine) and line.rates:
        options.append(st.just({"count": 1, "rate": "golden"}))
    return st.one_of(options)


@given(sheets(), st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_invalid_sheet_is_refused_with_status_2(case, data):
    game, variant, players = case
    who = data.draw(st.integers(0, len(players) - 1))
    line = data.draw(st.sampled_from(list(game.lines_for(variant))))
    bad = data.draw(invalid_entry(line))
    if line.per_round:  # in one round of the list, or instead of the list
        # the rounds played: any per-round entry's length (end-of-game entries are single)
        rounds = (v for p in players for v in p["lines"].values() if isinstance(v, list))
        played = len(next(rounds, []))
        if played == 0:
            players[who]["lines"][line.key] = [bad]
        elif isinstance(bad, list) or data.draw(st.booleans()):
            given = players[who]["lines"].setdefault(line.key, [0] * played)
            given[data.draw(st.integers(0, played - 1))] = bad
        else:
            players[who]["lines"][line.key] = bad
    else:
        players[who]["lines"][line.key] = bad
    sheet = {"game": game.id, "variant": variant, "players": players}
    text = json.dumps(sheet, default=lambda d: float(d) if isinstance(d, Decimal) else str(d))
    errors = io.StringIO()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(SystemExit) as exit_info, contextlib.redirect_stderr(errors):
            main(["score", str(path), "--lang", "en"])
    assert exit_info.value.code == 2
    message = errors.getvalue()
    assert message.count("\n") == 1
    assert message.startswith(f"scorepad: {players[who]['name']}")
    assert f'"{line.key}"' in message
