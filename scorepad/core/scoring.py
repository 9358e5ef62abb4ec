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

import scorepad.core.results as results
from scorepad.core.combined import with_modules
from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.core.numbers import TOTAL_LIMIT, Number, is_half_multiple, normalize
from scorepad.core.plaintext import MAX_LABEL, MAX_NAME, blank, name_problem
from scorepad.core.rounds import (
    Ended,
    how_it_ended,
    plain_rounds,
    play_rounds,
    round_count,
    rounds_within,
    rounds_won,
)
from scorepad.core.roundtable import table_rounds
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
from scorepad.core.template import GameTemplate, Line, Reading, read_number

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
    if template.result is None and outcome is None:
        return sheet
    return results.settle(sheet, players, outcome)


def _score(
    template: GameTemplate, variant: str | None, players: Sequence[PlayerSheet]
) -> ScoredSheet:
    variant = resolve_variant(template, variant)
    names = _names(template, players)
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
    if template.rules is not None:
        rows, more = apply_rules(template, variant, rows, ())
        if more:
            return _rank(template, variant, rows, more)
    return _rank(template, variant, rows)


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


def _score_rounds(
    template: GameTemplate, variant: str | None, names: list[str], players: Sequence[PlayerSheet]
) -> ScoredSheet:
    """A round game: each player's per-round lists read round by round, running totals
    kept, end-of-game lines and by-hand lines added to the last one."""
    line_keys = template.keys_for(variant)
    given = [p.lines for p in players]
    if not all(map(line_keys.issuperset, given)):
        for name, lines in zip(names, given, strict=True):
            if not line_keys.issuperset(lines):
                _unknown_line(template, variant, name, lines, line_keys)
    lines_here = template.lines_for(variant)
    plan = template.round_plan(variant)
    at_end = len(plan) < len(lines_here)  # lines filled in once, at the end of the game
    rule = template.bids
    tie_plan = template.tie_plan(variant)
    sign = 1 if template.wins == "highest" else -1
    assert template.rounds is not None
    reach = template.rounds.ending == "reach"
    plain_sheet = rule is None and not at_end and not tie_plan and template.rules is None
    if plain_sheet and not any(map(_EXTRA, players)):
        plain = plain_rounds(plan, given)
        if plain is not None:  # the table's whole numbers read at once
            rounds_within(template, len(names), plain.played)
            table: list[_Row] = [
                ((sign * total,), name, readings, (), total, ())
                for name, readings, total in zip(names, plain.readings, plain.totals, strict=True)
            ]
            ended = how_it_ended(template, names, plain.running, plain.steady and reach)
            more = list(zip(repeat(NONE), plain.running))
            return _rank(template, variant, table, more, ended)
    won_rounds = any(map(_ROUNDS_WON, template.tiebreakers))
    # per-round awards handed out with the table, unless rounds won are counted (on the
    # rounds' points before awards, as ``apply_rules`` handing them out later leaves them)
    whole = table_rounds(plan, given, not won_rounds) if rule is None else None
    awarded: list[int] | None = None  # what the awards handed out so far add to each total
    early: dict[str, list[Reading]] = {}  # award lines filled once, handed out already
    rules_done = False  # every rule applied while reading: no ``apply_rules``
    if whole is None:
        played = round_count(template, variant, names, given)
    else:  # every list of whole numbers within its line's range or table: read at once
        played = rounds_within(template, len(names), whole.played)
        awarded = whole.awarded
        rules = template.rules
        rule_plan = rules.plan(template, variant) if rules is not None else None
        if (  # every award per round handed out: the awards at the end too, first
            rule_plan is not None
            and rule_plan.awards_alone
            and (awarded is not None or len(rule_plan.awards) == len(rule_plan.at_end))
            and (handed := end_awards(rule_plan, given)) is not None
        ):
            early, added = handed
            awarded = added if awarded is None else list(map(add, awarded, added))
            rules_done = True
    # lines filled in once, after every per-round line in sheet order: added after them
    ends_last = at_end and all(map(_PER_ROUND, lines_here[: len(plan)]))
    ends = lines_here[len(plan) :]
    rows: list[_Row] = []
    running: list[tuple[Number, ...]] = []
    computed: list[Mapping[str, Number]] = []
    scored_rounds: list[tuple[Number, ...]] = []
    steady: list[bool] = []  # whose totals only ever move toward the target, round by round
    for index, (name, player) in enumerate(zip(names, players, strict=True)):
        if whole is not None:
            read, round_points, bids, least, most = whole.players[index]
        else:
            read, round_points, bids, least, most = play_rounds(
                rule, plan, name, player.lines, played
            )
        readings = read  # in sheet order when every line is per round
        total: Number = 0
        if ends_last:  # ``read`` is this player's own dict: the lines at the end join it
            for line in ends:
                reading = _end_reading(name, line, player, early, index)
                readings[line.key] = reading
                total += reading.points
        elif at_end:
            readings = {}
            for line in lines_here:
                if line.per_round:
                    readings[line.key] = read[line.key]
                    continue
                reading = _end_reading(name, line, player, early, index)
                readings[line.key] = reading
                total += reading.points
        after = tuple(accumulate(round_points))
        running.append(after)
        if after:
            total += after[-1]
            if type(total) is not int:
                total = normalize(total)
        extra: tuple[ExtraLine, ...] = ()
        if player.extra:
            extra = tuple(_read_extra(name, i, e) for i, e in enumerate(player.extra, 1))
            for item in extra:
                total = normalize(total + item.points)
        if least is None or most is None:
            steady.append(False)
            bounded = False
        else:  # the running totals after 1 … played rounds lie within played × (least, most)
            steady.append(least >= 0 if reach else most <= 0)
            bounded = played * most <= TOTAL_LIMIT and played * least >= -TOTAL_LIMIT
        # checked before awards, as before ``apply_rules`` (which checks it after them)
        before = total if awarded is None else total - awarded[index]
        if not -TOTAL_LIMIT <= before <= TOTAL_LIMIT or (
            not bounded and after and (max(after) > TOTAL_LIMIT or min(after) < -TOTAL_LIMIT)
        ):
            raise SheetError("sheet.total_too_large", player=name, limit=TOTAL_LIMIT)
        if rule is not None:
            computed.append(MappingProxyType({rule.key: bids}))
        if not tie_plan:  # the usual round game: ranked on the total alone
            rows.append(((sign * total,), name, readings, extra, total, ()))
            continue
        order: list[Number] = [sign * total]
        measured: list[Number] = []
        for better, terms in tie_plan:  # each a weighted sum of measures, as in ``_score``
            value: Number = 0
            for key, weight in terms:
                value += readings[key].measure * weight
            if type(value) is not int:
                value = normalize(value)
            if not -TOTAL_LIMIT <= value <= TOTAL_LIMIT:
                raise SheetError("sheet.total_too_large", player=name, limit=TOTAL_LIMIT)
            measured.append(value)
            order.append(better * value)
        # the order key is made after the rounds won are counted, when a tie-breaker needs
        # them; ``apply_rules`` keeps a key's tie-breakers and puts the new total first
        rows.append(
            (() if won_rounds else tuple(order), name, readings, extra, total, tuple(measured))
        )
        if won_rounds:
            scored_rounds.append(round_points)
    if rule is None:
        computed = [NONE] * len(rows)
    per_player: list[tuple[Mapping[str, Number], tuple[Number, ...]]]
    per_player = list(zip(computed, running, strict=True))
    if rules_done:  # the totals with every award checked, as ``apply_rules`` checks them
        for row in rows:
            if not -TOTAL_LIMIT <= row[4] <= TOTAL_LIMIT:
                raise SheetError("sheet.total_too_large", player=row[1], limit=TOTAL_LIMIT)
    elif template.rules is not None:
        in_table = whole is not None and whole.awarded is not None
        rows, per_player = apply_rules(template, variant, rows, per_player, handed_out=in_table)
        running = [r for _, r in per_player]
    if template.rules is not None and template.rounds.target is not None:
        plan_of_rules = template.rules.plan(template, variant)
        if len(plan_of_rules.awards) > len(plan_of_rules.at_end):  # awards per round move
            steady = [False]  # the running totals either way (a place worth −6): not bisected
    if not won_rounds:
        ended = how_it_ended(template, names, running, all(steady))
        return _rank(template, variant, rows, per_player, ended)
    won = rounds_won(scored_rounds, played, sign)
    for i, tb in enumerate(template.tiebreakers):
        if tb.rounds_won:
            rows = [
                (r[0], r[1], r[2], r[3], r[4], (*r[5][:i], count, *r[5][i + 1 :]))
                for r, count in zip(rows, won, strict=True)
            ]
    rows = [
        ((sign * r[4], *(b * v for (b, _), v in zip(tie_plan, r[5], strict=True))), *r[1:])
        for r in rows
    ]
    ended = how_it_ended(template, names, running, all(steady))
    return _rank(template, variant, rows, per_player, ended)


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


def check_player_count(template: GameTemplate, count: int) -> None:
    """A SheetError unless ``count`` players may play ``template``."""
    if not template.min_players <= count <= template.max_players:
        raise SheetError(
            "sheet.player_count",
            game=quote(template.id),
            low=template.min_players,
            high=template.max_players,
            count=count,
        )


def _names(template: GameTemplate, players: Sequence[PlayerSheet]) -> list[str]:
    """The players' names, trimmed, once the count and the names are known to be fine:
    not blank, not alike, plain text (``plaintext``) and at most ``MAX_NAME`` long. The
    first test settles the usual table of a few short names in one go."""
    count = len(players)
    check_player_count(template, count)
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
