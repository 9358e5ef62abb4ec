"""The heart of the app: (template, variant, entries per player) → a scored sheet.

Ranking is competition ranking ("1224"): players equal on the total and on every
tie-breaker share a rank and the next rank is skipped. Whoever ranks first wins; several
players ranking first share the victory.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import accumulate, repeat
from operator import add, attrgetter
from types import MappingProxyType
from typing import NamedTuple

import scorepad.core.results as results
from scorepad.core.combined import with_modules
from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.core.numbers import TOTAL_LIMIT, Number, is_half_multiple, normalize
from scorepad.core.plaintext import MAX_LABEL, MAX_NAME, blank, name_problem
from scorepad.core.rounds import (
    BidRule,
    Ended,
    how_it_ended,
    play_rounds,
    round_count,
    rounds_within,
    rounds_won,
    total_ended,
)
from scorepad.core.roundtable import TableRounds, table_rounds
from scorepad.core.ruleplan import RulePlan
from scorepad.core.scored import NONE
from scorepad.core.scored import DecidedBy as DecidedBy
from scorepad.core.scored import ExtraLine as ExtraLine
from scorepad.core.scored import PlayerResult as PlayerResult
from scorepad.core.scored import PlayerSheet as PlayerSheet
from scorepad.core.scored import ScoredSheet as ScoredSheet
from scorepad.core.scored import explain as explain
from scorepad.core.scored import floor_added as floor_added
from scorepad.core.scored import show as show
from scorepad.core.sheetrules import apply_rules, end_awards
from scorepad.core.template import GameTemplate, Line, Reading, RoundPlan, TiePlan, read_number

NO_READINGS: Mapping[str, list[Reading]] = MappingProxyType({})
_EXTRA = attrgetter("extra")
_PER_ROUND = attrgetter("per_round")
_ROUNDS_WON = attrgetter("rounds_won")


def resolve_variant(template: GameTemplate, variant: object) -> str | None:
    """The variant id as the template spells it ("a" finds "A"), or a SheetError."""
    if not template.variants:
        if variant is not None:
            game = quote(template.id)
            raise SheetError("sheet.variant_not_expected", game=game, value=quote(variant))
        return None
    if variant is None and template.rules is not None and template.rules.default_variant:
        return None  # the default variant's sheet (``GameTemplate`` keeps it under None)
    for known in template.variants:
        if known.id == variant:
            return variant
    for known in template.variants:
        if isinstance(variant, str) and known.id.casefold() == variant.casefold():
            return known.id
    game = quote(template.id)
    choices = ", ".join([quote(v.id) for v in template.variants])
    if variant is None:
        raise SheetError("sheet.no_variant", game=game, choices=choices)
    raise SheetError("sheet.unknown_variant", game=game, value=quote(variant), choices=choices)


def score(
    template: GameTemplate,
    variant: str | None,
    players: Sequence[PlayerSheet],
    *,
    outcome: object = None,
    modules: object = None,
) -> ScoredSheet:
    """Score one play. Raises SheetError naming the player and line of the first problem.

    ``modules``: the ids of the game's modules chosen (None keeps ``template`` as it is);
    ``outcome``: a co-operative play's "won" or "lost", or the team that won a team game
    without a score (``scorepad.core.results``)."""
    if modules is not None:
        template = with_modules(template, modules)
    sheet = _score(template, variant, players)
    if template.race is not None:
        sheet = results.race(sheet)
    if template.result is None and outcome is None:
        return sheet
    return results.settle(sheet, players, outcome)


def _score(
    template: GameTemplate, variant: str | None, players: Sequence[PlayerSheet]
) -> ScoredSheet:
    variant = resolve_variant(template, variant)
    names = _names(template, players, variant)
    if template.rounds is not None:
        return _score_rounds(template, variant, names, players)
    plan = template.plan(variant)
    line_keys = template.keys_for(variant)
    tie_plan = template.tie_plan(variant)
    sign = 1 if template.wins == "highest" else -1
    rows: list[_Row] = []
    blank_row = template.blank_row(variant)
    for name, player in zip(names, players, strict=True):
        given = player.lines
        readings: dict[str, Reading]
        total: Number
        ties: tuple[Number, ...] | None = None
        if not given and blank_row is not None:  # nothing entered (a by-hand line at most)
            readings, total, ties = blank_row
        else:
            if not line_keys.issuperset(given):
                _unknown_line(template, variant, name, given, line_keys)
            readings = {}
            total = 0
            for key, line, memo in plan:
                raw = given.get(key)
                # the common case, a blank or an already-seen count, without a call
                reading = memo.get(raw) if raw is None or type(raw) is int else None
                if reading is None:
                    try:
                        reading = line.reading(raw)
                    except EntryError as problem:
                        raise _located(name, line, problem) from None
                readings[key] = reading
                total += reading.points
        extra: tuple[ExtraLine, ...] = ()
        if player.extra:
            extra = tuple(_read_extra(name, i, e) for i, e in enumerate(player.extra, 1))
            for item in extra:
                total += item.points
        if type(total) is not int:
            total = normalize(total)
        if not -TOTAL_LIMIT <= total <= TOTAL_LIMIT:
            raise SheetError("sheet.total_too_large", player=name, limit=TOTAL_LIMIT)
        order: list[Number] = [sign * total]
        measured: list[Number] = []
        for n, (better, terms) in enumerate(tie_plan):  # weighted sums of measures
            if ties is not None:
                value = ties[n]
            else:
                value = 0
                for key, weight in terms:
                    value += readings[key].measure * weight
                if type(value) is not int:
                    value = normalize(value)
            if not -TOTAL_LIMIT <= value <= TOTAL_LIMIT:
                raise SheetError("sheet.total_too_large", player=name, limit=TOTAL_LIMIT)
            measured.append(value)
            order.append(better * value)
        rows.append((tuple(order), name, readings, extra, total, tuple(measured)))
    more: Sequence[tuple[Mapping[str, Number], tuple[Number, ...]]] = ()
    if template.rules is not None:
        rows, more = apply_rules(template, variant, rows, ())
    ended = None
    if template.ends is not None:  # the first to a target (a quick game's), rules counted
        ended = total_ended(template, [row[1] for row in rows], [row[4] for row in rows])
    return _rank(template, variant, rows, more, ended)


def _end_reading(
    name: str, line: Line, player: PlayerSheet, early: Mapping[str, list[Reading]], index: int
) -> Reading:
    """A round game's line filled once, at the end, read for player ``name`` (the
    ``index``-th), or as ``end_awards`` handed it out already (``early``)."""
    handed_out = early.get(line.key)
    if handed_out is not None:
        return handed_out[index]
    try:
        return line.reading(player.lines.get(line.key))
    except EntryError as problem:
        raise _located(name, line, problem) from None


class _RoundGame(NamedTuple):
    """What scoring a round game's sheet reads of the game, on one variant (worked out
    once per game and variant: ``_round_game``)."""

    template: GameTemplate
    variant: str | None
    lines: tuple[Line, ...]
    """Every line of the variant, in sheet order."""
    keys: frozenset[str]
    """Their keys, for checking what a sheet names."""
    plan: RoundPlan
    """The per-round lines, each with its fast reading (``GameTemplate.round_plan``)."""
    at_end: bool
    """Some lines are filled in once, at the end of the game."""
    ends_last: tuple[Line, ...] | None
    """… the lines filled in once, when all of them come after every per-round line in
    sheet order; else None."""
    rule: BidRule | None
    tie_plan: TiePlan
    sign: int
    """1 when the highest total wins, -1 when the lowest does."""
    reach: bool
    """The game ends when someone reaches its target (else: falls to it, or no target)."""
    won_rounds: bool
    """A tie-breaker counts the rounds each player won."""
    plain: bool
    """Per-round lines alone, ranked on the total alone: no line at the end, no
    tie-breaker, no rule between lines (and, read with the table, no bid rule)."""
    rule_plan: RulePlan | None
    """What ``apply_rules`` does on the variant; None for a game without rules."""
    awards_move: bool
    """Awards handed out each round, in a game with a target: a total may then move away
    from the target (a place worth −6), so its first round to meet it is not bisected."""


_ROUND_GAMES: dict[tuple[int, str | None], _RoundGame] = {}
"""Each round game's ``_RoundGame`` by the template's id and the variant, at most
``ROUND_GAMES`` of them (the template is kept in it, to check it is the same one)."""
ROUND_GAMES = 256


def _round_game(template: GameTemplate, variant: str | None) -> _RoundGame:
    """What scoring reads of a round game on one variant, worked out on first use."""
    found = _ROUND_GAMES.get((id(template), variant))
    if found is not None and found.template is template:
        return found
    rounds = template.rounds
    assert rounds is not None
    lines = template.lines_for(variant)
    plan = template.round_plan(variant)
    at_end = len(plan) < len(lines)
    tie_plan = template.tie_plan(variant)
    rules = template.rules
    rule_plan = rules.plan(template, variant) if rules is not None else None
    found = _RoundGame(
        template,
        variant,
        lines,
        template.keys_for(variant),
        plan,
        at_end,
        lines[len(plan) :] if at_end and all(map(_PER_ROUND, lines[: len(plan)])) else None,
        template.bids,
        tie_plan,
        1 if template.wins == "highest" else -1,
        rounds.ending == "reach",
        any(map(_ROUNDS_WON, template.tiebreakers)),
        rules is None and not tie_plan and not at_end,
        rule_plan,
        rule_plan is not None
        and rounds.target is not None
        and len(rule_plan.awards) > len(rule_plan.at_end),
    )
    if len(_ROUND_GAMES) >= ROUND_GAMES:
        _ROUND_GAMES.clear()
    _ROUND_GAMES[(id(template), variant)] = found
    return found


class _ReadRounds(NamedTuple):
    """The table's per-round lines as read, before each player's row is made."""

    played: int
    table: TableRounds | None
    """The whole table's rounds, when read at once; else None: each player's are read
    entry by entry (``play_rounds``)."""
    awarded: list[int] | None
    """What the awards handed out while reading add to each total."""
    in_table: bool
    """The award lines filled per round were handed out with the table."""
    early: Mapping[str, list[Reading]]
    """The award lines filled once, handed out already (``end_awards``)."""
    rules_done: bool
    """Every rule of the game applied while reading: no ``apply_rules``."""
    toward: bool
    """Read with the table: every total only moves toward the target (``_steps``)."""
    bounded: bool
    """Read with the table: no running total can pass ``TOTAL_LIMIT`` (``_steps``)."""


def _score_rounds(
    template: GameTemplate, variant: str | None, names: list[str], players: Sequence[PlayerSheet]
) -> ScoredSheet:
    """A round game: each player's per-round lists read round by round, running totals
    kept, end-of-game lines and by-hand lines added to the last one. In steps: the lines
    named are the game's; the table is read at once where it can be (a plain table is
    then ranked straight away); each player's row is made; the rules between lines and
    players are applied; the rounds won are counted; the players are ranked and how the
    game ended is said."""
    game = _round_game(template, variant)
    given = [p.lines for p in players]
    if not all(map(game.keys.issuperset, given)):
        _known_lines(game, names, given)
    whole = table_rounds(game.plan, given, not game.won_rounds) if game.rule is None else None
    if whole is not None and game.plain and not any(map(_EXTRA, players)):
        ranked = _rank_plain_table(game, names, whole)
        if ranked is not None:
            return ranked
    read = _read_rounds(game, names, given, whole)
    rows, running, computed, scored_rounds, steady = _round_rows(game, read, names, players)
    per_player = list(zip(computed, running, strict=True))
    if template.rules is not None:
        rows, per_player = _round_rules(game, read, rows, per_player)
        running = [r for _, r in per_player]
        if game.awards_move:
            steady = False  # a place worth −6 moves a total either way: not bisected
    if game.won_rounds:
        rows = _with_rounds_won(game, read.played, rows, scored_rounds)
    ended = how_it_ended(template, names, running, steady)
    return _rank(template, variant, rows, per_player, ended)


def _known_lines(
    game: _RoundGame, names: Sequence[str], given: Sequence[Mapping[str, object]]
) -> None:
    """A SheetError for the first line a player names that the variant does not have."""
    for name, lines in zip(names, given, strict=True):
        if not game.keys.issuperset(lines):
            _unknown_line(game.template, game.variant, name, lines, game.keys)


def _rank_plain_table(game: _RoundGame, names: list[str], whole: TableRounds) -> ScoredSheet | None:
    """A plain table (``_RoundGame.plain``, no by-hand line) read at once, ranked on the
    running totals; None when a total might pass ``TOTAL_LIMIT`` (or awards were handed
    out): the sheet then takes the usual steps, which check it round by round."""
    if whole.awarded is not None:
        return None
    template = game.template
    played = rounds_within(template, len(names), whole.played)
    most_a_round = TOTAL_LIMIT // played  # whole points: within it, every total is too
    least, most = whole.least, whole.most
    if most > most_a_round or least < -most_a_round:
        return None
    running: Sequence[tuple[Number, ...]] | None = whole.running  # known with the check
    if running is None:
        running = list(map(tuple, map(accumulate, whole.rounds)))
    sign = game.sign
    rows: list[_Row] = [
        ((sign * after[-1],), name, readings, (), after[-1], ())
        for name, readings, after in zip(names, whole.readings, running, strict=True)
    ]
    steady = least >= 0 if game.reach else most <= 0
    ended = how_it_ended(template, names, running, steady)
    return _rank(template, game.variant, rows, list(zip(repeat(NONE), running)), ended)


def _read_rounds(
    game: _RoundGame,
    names: Sequence[str],
    given: Sequence[Mapping[str, object]],
    whole: TableRounds | None,
) -> _ReadRounds:
    """The number of rounds, checked, with the table read at once (``whole``) or not;
    with the table, the award lines filled once are handed out too when every other rule
    already is (Sushi Go's puddings, beside its maki)."""
    template = game.template
    if whole is None:
        played = round_count(template, game.variant, names, given)
        alone = (played, None, None, False, NO_READINGS, False, False, False)
        return tuple.__new__(_ReadRounds, alone)
    played = rounds_within(template, len(names), whole.played)
    toward, bounded = _steps(game, played, whole.least, whole.most)
    awarded = whole.awarded
    in_table = awarded is not None
    plan = game.rule_plan
    if (
        plan is not None
        and plan.awards_alone
        and (awarded is not None or len(plan.awards) == len(plan.at_end))
        and (handed := end_awards(plan, given)) is not None
    ):
        early, added = handed
        awarded = added if awarded is None else list(map(add, awarded, added))
        done = (played, whole, awarded, in_table, early, True, toward, bounded)
        return tuple.__new__(_ReadRounds, done)
    fields = (played, whole, awarded, in_table, NO_READINGS, False, toward, bounded)
    return tuple.__new__(_ReadRounds, fields)


def _steps(
    game: _RoundGame, played: int, least: Number | None, most: Number | None
) -> tuple[bool, bool]:
    """Whether every total only moves toward the target, and whether no running total
    can pass ``TOTAL_LIMIT``, from the least and the most any one round adds (None:
    not known): the running totals after 1 … ``played`` rounds lie within ``played`` ×
    (least, most)."""
    if least is None or most is None:
        return False, False
    toward = least >= 0 if game.reach else most <= 0
    return toward, played * most <= TOTAL_LIMIT and played * least >= -TOTAL_LIMIT


def _round_rows(
    game: _RoundGame, read: _ReadRounds, names: Sequence[str], players: Sequence[PlayerSheet]
) -> tuple[
    list[_Row], list[tuple[Number, ...]], list[Mapping[str, Number]], list[Sequence[Number]], bool
]:
    """Each player's row (its order key left empty when rounds won are still to count),
    running totals and computed points (the bid rule's); each player's points by round
    when rounds won are counted; and whether every total only moves toward the target.
    A total is checked against ``TOTAL_LIMIT`` before any award, as ``apply_rules``
    checks it after them."""
    rows: list[_Row] = []
    running: list[tuple[Number, ...]] = []
    computed: list[Mapping[str, Number]] = []
    by_round: list[Sequence[Number]] = []
    steady = True
    table, rule, played, awarded, early = (
        read.table,
        game.rule,
        read.played,
        read.awarded,
        read.early,
    )
    tie_plan, sign, won_rounds, ends_last = (
        game.tie_plan,
        game.sign,
        game.won_rounds,
        game.ends_last,
    )
    toward, bounded = read.toward, read.bounded
    readings: dict[str, Reading]
    round_points: Sequence[Number]
    bids: Number
    total: Number
    rounds = game.template.rounds
    deals = rounds.deals(len(names), played) if rule is not None and rounds is not None else None
    for index, (name, player) in enumerate(zip(names, players, strict=True)):
        if table is not None:  # the whole table's rounds, as ``play_rounds`` gives one's
            readings, round_points, bids = table.readings[index], table.rounds[index], 0
        else:
            readings, round_points, bids, least, most = play_rounds(
                rule, game.plan, name, player.lines, played, deals
            )
            toward, bounded = _steps(game, played, least, most)
        total = 0
        if ends_last is not None:  # ``readings`` is this player's own: the lines join it
            for line in ends_last:
                handed_out = early.get(line.key)  # as ``_end_reading``, without its call
                if handed_out is not None:
                    reading = handed_out[index]
                else:
                    reading = _end_reading(name, line, player, early, index)
                readings[line.key] = reading
                total += reading.points
        elif game.at_end:
            readings, total = _with_end_lines(game, readings, name, player, early, index)
        after = tuple(accumulate(round_points))
        if after:
            total += after[-1]
            if type(total) is not int:
                total = normalize(total)
        extra: tuple[ExtraLine, ...] = ()
        if player.extra:
            extra = tuple(_read_extra(name, i, e) for i, e in enumerate(player.extra, 1))
            for item in extra:
                total = normalize(total + item.points)
        before = total if awarded is None else total - awarded[index]
        if not -TOTAL_LIMIT <= before <= TOTAL_LIMIT or (
            not bounded and after and (max(after) > TOTAL_LIMIT or min(after) < -TOTAL_LIMIT)
        ):
            raise SheetError("sheet.total_too_large", player=name, limit=TOTAL_LIMIT)
        running.append(after)
        steady = steady and toward
        if rule is not None:
            computed.append(MappingProxyType({rule.key: bids}))
        if won_rounds:
            by_round.append(round_points)
        if not tie_plan:  # the usual round game: ranked on the total alone
            rows.append(((sign * total,), name, readings, extra, total, ()))
            continue
        measured, order = _tiebreaks(tie_plan, name, readings, sign * total)
        # the order key is made once the rounds won are counted, when a tie-breaker needs them
        rows.append((() if won_rounds else order, name, readings, extra, total, measured))
    if rule is None:
        computed = [NONE] * len(rows)
    return rows, running, computed, by_round, steady


def _with_end_lines(
    game: _RoundGame,
    mine: dict[str, Reading],
    name: str,
    player: PlayerSheet,
    early: Mapping[str, list[Reading]],
    index: int,
) -> tuple[dict[str, Reading], Number]:
    """A player's readings with the lines filled in once, at the end, in sheet order,
    and what those lines add (when some of them come before a per-round line: else
    ``_round_rows`` adds them to the player's own readings)."""
    total: Number = 0
    readings: dict[str, Reading] = {}
    for line in game.lines:
        if line.per_round:
            readings[line.key] = mine[line.key]
            continue
        reading = _end_reading(name, line, player, early, index)
        readings[line.key] = reading
        total += reading.points
    return readings, total


def _tiebreaks(
    tie_plan: TiePlan, name: str, readings: Mapping[str, Reading], first: Number
) -> tuple[tuple[Number, ...], tuple[Number, ...]]:
    """Each tie-breaker's value (a weighted sum of measures, as in ``_score``), and the
    order key that starts with ``first`` (the signed total) and goes on with them."""
    measured: list[Number] = []
    order: list[Number] = [first]
    for better, terms in tie_plan:
        value: Number = 0
        for key, weight in terms:
            value += readings[key].measure * weight
        if type(value) is not int:
            value = normalize(value)
        if not -TOTAL_LIMIT <= value <= TOTAL_LIMIT:
            raise SheetError("sheet.total_too_large", player=name, limit=TOTAL_LIMIT)
        measured.append(value)
        order.append(better * value)
    return tuple(measured), tuple(order)


_PerPlayer = list[tuple[Mapping[str, Number], tuple[Number, ...]]]
"""Each player's computed points and running totals."""


def _round_rules(
    game: _RoundGame, read: _ReadRounds, rows: list[_Row], per_player: _PerPlayer
) -> tuple[list[_Row], _PerPlayer]:
    """The rows once the game's rules between lines and players are applied (none left
    when every one was applied while reading: the totals are then checked as
    ``apply_rules`` checks them)."""
    template = game.template
    if read.rules_done:
        for row in rows:
            if not -TOTAL_LIMIT <= row[4] <= TOTAL_LIMIT:
                raise SheetError("sheet.total_too_large", player=row[1], limit=TOTAL_LIMIT)
        return rows, per_player
    if template.rules is None:
        return rows, per_player
    return apply_rules(template, game.variant, rows, per_player, handed_out=read.in_table)


def _with_rounds_won(
    game: _RoundGame, played: int, rows: list[_Row], points: list[Sequence[Number]]
) -> list[_Row]:
    """The rows with the rounds each player won as their tie-breakers' values, counted on
    each round's points (``points``: before any award), and their order keys made."""
    sign, tie_plan = game.sign, game.tie_plan
    won = rounds_won(points, played, sign)
    for i, tb in enumerate(game.template.tiebreakers):
        if tb.rounds_won:
            rows = [
                (r[0], r[1], r[2], r[3], r[4], (*r[5][:i], count, *r[5][i + 1 :]))
                for r, count in zip(rows, won, strict=True)
            ]
    return [
        ((sign * r[4], *(b * v for (b, _), v in zip(tie_plan, r[5], strict=True))), *r[1:])
        for r in rows
    ]


_Row = tuple[
    tuple[Number, ...], str, dict[str, Reading], tuple[ExtraLine, ...], Number, tuple[Number, ...]
]
"""A scored player before ranking: (order key, name, readings, extra, total, tiebreak)."""


def _rank(
    template: GameTemplate,
    variant: str | None,
    rows: list[_Row],
    rounds: Sequence[tuple[Mapping[str, Number], tuple[Number, ...]]] = (),
    ended: Ended | None = None,
) -> ScoredSheet:
    """Competition ranks from order keys, in which larger is always better: a player's rank
    is one more than the number of keys above theirs, i.e. where their key first appears
    in the keys sorted best first. A round game also gives each row's computed points and
    running totals (``rounds``), and how it ended."""
    ordered = sorted([row[0] for row in rows], reverse=True)
    # the last place written for a key is its first: keys are taken worst first
    rank_of = dict(zip(reversed(ordered), range(len(ordered), 0, -1), strict=True))
    if rounds:  # made as PlayerResult._make does, without its call in Python (a long sheet)
        players = tuple(
            tuple.__new__(
                PlayerResult,
                (name, readings, extra, total, tiebreak, rank, rank == 1, computed, running),
            )
            for (key, name, readings, extra, total, tiebreak), (computed, running) in zip(
                rows, rounds, strict=True
            )
            for rank in (rank_of[key],)
        )
    else:
        players = tuple(
            PlayerResult(name, readings, extra, total, tiebreak, rank_of[key], rank_of[key] == 1)
            for key, name, readings, extra, total, tiebreak in rows
        )
    winners = tuple(p.name for p in players if p.winner)
    best = ordered[0]
    decided_by: DecidedBy
    deciding = None
    if len(ordered) == 1 or ordered[1][0] != best[0]:
        decided_by = "total"
    elif len(winners) == 1:
        decided_by = "tiebreak"
        runner_up = ordered[1]  # the closest rival: shares the total, loses on a tie-breaker
        deciding = next(i for i in range(len(best) - 1) if runner_up[i + 1] != best[i + 1])
    else:
        decided_by = "shared"
    return ScoredSheet(template, variant, players, winners, decided_by, deciding, ended)


def check_player_count(template: GameTemplate, count: int, variant: str | None = None) -> None:
    """A SheetError unless ``count`` players may play ``template`` (and its ``variant``,
    when the variant has player bounds of its own: Concordia's Italia map, 2 to 4)."""
    if not template.min_players <= count <= template.max_players:
        raise SheetError(
            "sheet.player_count",
            game=quote(template.id),
            low=template.min_players,
            high=template.max_players,
            count=count,
        )
    if variant is None and template.rules is not None:
        variant = template.rules.default_variant
    if variant is None:
        return
    chosen = template.variant(variant)
    if chosen.players is not None and not chosen.players[0] <= count <= chosen.players[1]:
        low, high = chosen.players
        raise SheetError(
            "sheet.variant_player_count",
            game=quote(template.id),
            variant=chosen.label,
            low=low,
            high=high,
            count=count,
        )


def _names(
    template: GameTemplate, players: Sequence[PlayerSheet], variant: str | None = None
) -> list[str]:
    """The players' names, trimmed, once the count and the names are known to be fine:
    not blank, not alike, plain text (``plaintext``) and at most ``MAX_NAME`` long. The
    first test settles the usual table of a few short names in one go."""
    count = len(players)
    check_player_count(template, count, variant)
    given = [p.name for p in players]
    try:
        joined = "".join(given)
    except TypeError:  # a name that is not text: refused below, as a blank one
        given = [name if isinstance(name, str) else "" for name in given]
        joined = "".join(given)
    names = list(map(str.strip, given))
    if (
        all(names)
        and (len(joined) <= MAX_NAME or max(map(len, names)) <= MAX_NAME)  # a long table
        and joined.isprintable()
        and len(set(map(str.casefold, names))) == count
    ):
        return names
    seen: set[str] = set()
    for position, (name, raw) in enumerate(zip(names, given, strict=True), 1):
        if not (name and len(name) <= MAX_NAME and raw.isprintable()):
            if not name or blank(name):
                raise SheetError("sheet.player_name", position=position)
            problem = name_problem(raw)
            if problem is not None:
                raise SheetError("sheet.player_problem", position=position, problem=problem)
        if name.casefold() in seen:
            raise SheetError("sheet.duplicate_name", value=quote(name))
        seen.add(name.casefold())
    return names  # printable after all: spaces other than " ", joiners in emoji, marks


def _unknown_line(
    template: GameTemplate,
    variant: str | None,
    name: str,
    given: Mapping[str, object],
    line_keys: frozenset[str],
) -> None:
    for key in given:
        if key in line_keys:
            continue
        other = next((line for line in template.lines if line.key == key), None)
        if other is not None and variant is not None:
            label = template.variant(variant).label
            problem = EntryError("entry.line_not_in_variant", value=quote(key), variant=label)
        else:
            ordered = [line.key for line in template.lines_for(variant)]
            problem = EntryError("entry.unknown_line", value=quote(key), choices=", ".join(ordered))
        raise SheetError("entry.where_player", player=name, problem=problem)


def _located(name: str, line: Line, problem: EntryError) -> SheetError:
    return SheetError("entry.where", player=name, line=line.key, label=line.label, problem=problem)


_FINE_LABELS: dict[str, str] = {}
"""By-hand labels found fine, as given, with their trimmed text (plays share a few)."""
FINE_LABELS = 1000
"""How many ``_FINE_LABELS`` are remembered, at most."""


def _read_extra(name: str, position: int, item: ExtraLine) -> ExtraLine:
    try:
        label = _FINE_LABELS.get(item.label) if type(item.label) is str else None
        if label is None:
            if not isinstance(item.label, str) or blank(item.label):
                raise EntryError("entry.extra_label")
            problem = name_problem(item.label, MAX_LABEL)
            if problem is not None:
                raise problem
            label = item.label.strip()
            if len(_FINE_LABELS) < FINE_LABELS:
                _FINE_LABELS[item.label] = label
        points = read_number(item.points)
        if not is_half_multiple(points):
            raise EntryError("entry.not_half", value=quote(item.points))
    except EntryError as problem:
        raise SheetError(
            "entry.where_extra", player=name, position=position, problem=problem
        ) from None
    return ExtraLine(label, points)
