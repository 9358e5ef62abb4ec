"""Every problem of a sheet at once, each with where it is (as python-chess's
``Board.status()`` gives every reason a position is invalid).

``scoring.score`` refuses a sheet with its first problem; a sheet being filled in wants
them all, each under its own cell, and the score of what is fine meanwhile.
``check_sheet`` gives both in one go: every problem (``Problem``: the error, rendered
late in the reader's language as any other, and its place as data: player, line, round,
by-hand line, the lines of a check between lines), and the sheet scored with the cells
in trouble left blank and the lines of a broken check left out.

The first problem is always the one ``score`` raises, so a message and a test reading
``score`` read the same sentence here. A sheet without problems costs one ``score``; one
with problems reads every cell once more, checks every player against every check of
the game, and scores what is left once (never a ``score`` per cell).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple, cast

from scorepad.core.checks import Check, broken_checks
from scorepad.core.combined import with_modules
from scorepad.core.errors import EntryError, ScorepadError, SheetError, quote
from scorepad.core.numbers import Number
from scorepad.core.plaintext import MAX_NAME, blank, name_problem
from scorepad.core.rounds import rounds_within
from scorepad.core.scoring import (
    PlayerSheet,
    ScoredSheet,
    _located,
    _read_extra,
    _unknown_line,
    check_player_count,
    resolve_variant,
    score,
)
from scorepad.core.template import GameTemplate, Line, Reading


class Problem(NamedTuple):
    """One problem of a sheet and where it is. Fields left None do not apply: a problem
    of the whole sheet (the player count, a variant, the outcome) has no player."""

    error: ScorepadError
    """What ``score`` would raise for it: a ``SheetError`` naming the player and the line
    (``error.message(lang)`` in the reader's language)."""
    player: int | None = None
    """The player, by position in the sheet (from 0)."""
    line: str | None = None
    """The line's key (a line the game does not have, too)."""
    round: int | None = None
    """A round game's round (from 1), for an entry of a per-round line."""
    extra: int | None = None
    """A by-hand line, by position (from 1)."""
    lines: tuple[str, ...] = ()
    """Every line a check between lines reads (Azul's rows, columns and colours):
    the cells to mark for it. Empty for other problems."""

    @property
    def cell(self) -> ScorepadError:
        """What to show under the cell itself: the entry's own problem ("must be a whole
        number") without the player and line the sheet already shows, else ``error``."""
        inner = self.error.fields.get("problem")
        return inner if isinstance(inner, ScorepadError) else self.error


class CheckedSheet(NamedTuple):
    """``check_sheet``'s answer."""

    problems: tuple[Problem, ...]
    """Every problem, ``score``'s first one first, the rest in sheet order."""
    scored: ScoredSheet | None
    """The sheet scored with every cell in trouble left blank, every by-hand line in
    trouble and every line the game does not have left out, and a player's lines of a
    broken check left out (all their lines, when the check is broken with those blank);
    None when the sheet cannot be scored at all (a player count the game does not allow,
    a variant it does not have, a total past the limit, an outcome it cannot take …)."""


def problems(
    template: GameTemplate,
    variant: str | None,
    players: Sequence[PlayerSheet],
    *,
    outcome: object = None,
    modules: object = None,
) -> tuple[Problem, ...]:
    """Every problem of a sheet, ``score``'s first (the one it raises) first; () when
    ``score`` takes the sheet. Arguments as for ``score``."""
    return check_sheet(template, variant, players, outcome=outcome, modules=modules).problems


def check_sheet(
    template: GameTemplate,
    variant: str | None,
    players: Sequence[PlayerSheet],
    *,
    outcome: object = None,
    modules: object = None,
) -> CheckedSheet:
    """Every problem of a sheet, and the score of what is fine (see ``CheckedSheet``)."""
    try:
        return CheckedSheet((), score(template, variant, players, outcome=outcome, modules=modules))
    except ScorepadError as first:
        raised = first
    found, scored = _every_problem(template, variant, players, outcome, modules)
    return CheckedSheet(_first_first(raised, found, players), scored)


def _every_problem(
    template: GameTemplate,
    variant: object,
    players: Sequence[PlayerSheet],
    outcome: object,
    modules: object,
) -> tuple[list[Problem], ScoredSheet | None]:
    """Every problem in sheet order, and the score of what is left without them."""
    try:
        template = with_modules(template, modules)
        chosen = resolve_variant(template, variant)
    except ScorepadError as problem:  # no lines to read without the game's sheet
        return [Problem(problem)], None
    found: list[Problem] = []
    scorable = True
    try:
        check_player_count(template, len(players), chosen)
    except ScorepadError as problem:
        found.append(Problem(problem))
        scorable = False
    names = _name_problems(players, found)
    cleaned: list[PlayerSheet] = []
    rounds: list[int] = []
    for index, (name, player) in enumerate(zip(names, players, strict=True)):
        if template.rounds is not None:
            lines = _round_cells(template, chosen, index, name, player.lines, found, rounds)
        else:
            lines = _cells(template, chosen, index, name, player.lines, found)
        extra = []
        for position, item in enumerate(player.extra, 1):
            try:
                extra.append(_read_extra(name, position, item))
            except ScorepadError as problem:
                found.append(Problem(problem, index, extra=position))
        cleaned.append(PlayerSheet(name, lines, tuple(extra), player.team))
    if template.rounds is not None and rounds:
        try:
            rounds_within(template, len(players), rounds[0])
        except ScorepadError as problem:
            found.append(Problem(problem))
            scorable = False
    cleaned = _checked(template, chosen, cleaned, found)
    if not scorable:
        return found, None
    try:
        scored = score(template, chosen, cleaned, outcome=outcome)
    except ScorepadError as problem:  # a total past the limit, an outcome, a team …
        if not any(p.error.key == problem.key and str(p.error) == str(problem) for p in found):
            found.append(_located_by_fields(problem, [p.name for p in cleaned]))
        race = template.race
        if race is None or not problem.key.startswith("race."):
            return found, None  # (a round check still broken with its cells blank: noted)
        # who ended a race is in trouble: the rest ranked on the totals meanwhile
        cleaned = [
            p._replace(lines={k: v for k, v in p.lines.items() if k != race.line}) for p in cleaned
        ]
        try:
            scored = score(template, chosen, cleaned, outcome=outcome)
        except ScorepadError:
            return found, None
    return found, scored


def _name_problems(players: Sequence[PlayerSheet], found: list[Problem]) -> list[str]:
    """The players' names, trimmed; each name in trouble noted and replaced by its
    position ("#2") so that the rest of the sheet can still be read."""
    names: list[str] = []
    seen: set[str] = set()
    for index, player in enumerate(players):
        raw = player.name if isinstance(player.name, str) else ""
        name = raw.strip()
        position = index + 1
        problem: ScorepadError | None = None
        if not (name and len(name) <= MAX_NAME and raw.isprintable()):
            if not name or blank(name):
                problem = SheetError("sheet.player_name", position=position)
            elif (wrong := name_problem(raw)) is not None:
                problem = SheetError("sheet.player_problem", position=position, problem=wrong)
        if problem is None and name.casefold() in seen:
            problem = SheetError("sheet.duplicate_name", value=quote(name))
        if problem is not None:
            found.append(Problem(problem, index))
            name = f"#{position}"
        seen.add(name.casefold())
        names.append(name)
    return names


def _cells(
    template: GameTemplate,
    variant: str | None,
    index: int,
    name: str,
    given: Mapping[str, object],
    found: list[Problem],
) -> dict[str, object]:
    """A player's lines that read, each line in trouble noted (and left out)."""
    kept: dict[str, object] = {}
    _unknown(template, variant, index, name, given, found)
    for line in template.lines_for(variant):
        raw = given.get(line.key)
        if raw is None:
            continue
        try:
            line.reading(raw)
        except EntryError as problem:
            found.append(Problem(_located(name, line, problem), index, line.key))
            continue
        kept[line.key] = raw
    return kept


def _unknown(
    template: GameTemplate,
    variant: str | None,
    index: int,
    name: str,
    given: Mapping[str, object],
    found: list[Problem],
) -> None:
    keys = template.keys_for(variant)
    for key in given:
        if key not in keys:
            try:
                _unknown_line(template, variant, name, {key: None}, keys)
            except SheetError as problem:
                found.append(Problem(problem, index, key))


def _round_cells(
    template: GameTemplate,
    variant: str | None,
    index: int,
    name: str,
    given: Mapping[str, object],
    found: list[Problem],
    rounds: list[int],
) -> dict[str, object]:
    """As ``_cells`` for a round game: each per-round list read entry by entry, an entry
    in trouble noted with its round and left blank; a list of another length than the
    first one seen noted, and cut or filled with blanks to that length. ``rounds`` holds
    the sheet's length once seen."""
    kept: dict[str, object] = {}
    _unknown(template, variant, index, name, given, found)
    for line in template.lines_for(variant):
        raw = given.get(line.key)
        if raw is None:
            continue
        if not line.per_round:
            try:
                line.reading(raw)
            except EntryError as problem:
                found.append(Problem(_located(name, line, problem), index, line.key))
                continue
            kept[line.key] = raw
            continue
        if not isinstance(raw, list | tuple):
            wrong = _located(name, line, EntryError("entry.not_rounds", value=quote(raw)))
            found.append(Problem(wrong, index, line.key))
            continue
        entries = list(raw)
        if not rounds:
            rounds.append(len(entries))
        elif len(entries) != rounds[0]:
            wrong = SheetError(
                "sheet.rounds_differ",
                player=name,
                line=line.key,
                count=len(entries),
                expected=rounds[0],
            )
            found.append(Problem(wrong, index, line.key))
            entries = (entries + [None] * rounds[0])[: rounds[0]]
        for number, entry in enumerate(entries, 1):
            if entry is None:
                continue
            try:
                line.reading(entry)
            except EntryError as problem:
                wrong = SheetError(
                    "entry.where_round",
                    player=name,
                    line=line.key,
                    label=line.label,
                    round=number,
                    problem=problem,
                )
                found.append(Problem(wrong, index, line.key, number))
                entries[number - 1] = None
        kept[line.key] = entries
    return kept


def _checked(
    template: GameTemplate, variant: str | None, players: list[PlayerSheet], found: list[Problem]
) -> list[PlayerSheet]:
    """The players with the lines of every check they break left out, each broken check
    noted (every one, not only a player's first)."""
    rules = template.rules
    if rules is None:
        return players
    every = rules.plan(template, variant).checks
    if not every:
        return players
    lines = {line.key: line for line in template.lines_for(variant)}
    checks = tuple(check for check in every if check.plain)
    others = tuple(check for check in every if not check.plain)
    if others:  # between players, or round by round
        players = _checked_table(template, lines, others, players, found)
    out: list[PlayerSheet] = []
    for index, player in enumerate(players):
        measures = _measures(lines, player.lines)
        broken = [check for check in checks if check.broken(measures)]
        if not broken:
            out.append(player)
            continue
        kept = dict(player.lines)
        for check in broken:
            wrong = SheetError(
                "check.broken",
                player=player.name,
                lines=", ".join(check.keys),
                why=check.why,
                keys=check.keys,
            )
            found.append(Problem(wrong, index, lines=check.keys))
            for key in check.keys:
                kept.pop(key, None)
        if any(check.broken(_measures(lines, kept)) for check in checks):
            kept = {}  # broken even with those lines blank
        out.append(player._replace(lines=kept))
    return out


def _checked_table(
    template: GameTemplate,
    lines: Mapping[str, Line],
    checks: tuple[Check, ...],
    players: list[PlayerSheet],
    found: list[Problem],
) -> list[PlayerSheet]:
    """As ``_checked`` for the checks between players and those of a round: each broken
    check noted once for each player in fault (the same sentence, under each one's
    cells), with their lines left out; a round that breaks a check is not counted, nor
    any round after it, for anyone (a blank left in its place would still score: a bid
    of 1 with its tricks left out is a missed bid)."""
    table = [_measures(lines, player.lines) for player in players]
    names = [player.name for player in players]
    kept = [dict(player.lines) for player in players]
    counted: int | None = None  # the rounds that count: those before the first broken
    for broken in broken_checks(checks, lines, table, template.rounds):
        error = broken.error(names)
        for index in broken.seats:  # under each player's cells: the same sentence
            found.append(Problem(error, index, None, broken.round, lines=broken.check.keys))
        if broken.round is not None:
            counted = broken.round - 1 if counted is None else min(counted, broken.round - 1)
            continue
        for index in broken.seats:
            for key in broken.check.keys:
                kept[index].pop(key, None)
    if counted is not None:
        for mine in kept:
            for key, line in lines.items():
                entries = mine.get(key)
                if line.per_round and isinstance(entries, list | tuple):
                    mine[key] = list(cast(Sequence[object], entries))[:counted]
    return [player._replace(lines=lines) for player, lines in zip(players, kept, strict=True)]


def _measures(lines: Mapping[str, Line], given: Mapping[str, object]) -> dict[str, Reading]:
    """Each line's reading as a check reads it (its measure: over every round of a
    per-round line), from entries known to read."""
    found: dict[str, Reading] = {}
    for key, line in lines.items():
        raw = given.get(key)
        if line.per_round and isinstance(raw, list | tuple):
            total: Number = sum((line.reading(entry).measure for entry in raw), start=0)
            found[key] = Reading(raw, total, 0, False)
        else:
            found[key] = line.reading(raw)
    return found


def _located_by_fields(problem: ScorepadError, names: Sequence[str]) -> Problem:
    """A problem found by ``score`` itself, placed by the fields it names."""
    player = problem.fields.get("player")
    index = names.index(player) if isinstance(player, str) and player in names else None
    line = problem.fields.get("line")
    number = problem.fields.get("round")
    extra = problem.fields.get("position") if problem.key == "entry.where_extra" else None
    keys = problem.fields.get("keys")
    return Problem(
        problem,
        index,
        line if isinstance(line, str) else None,
        number if isinstance(number, int) else None,
        extra if isinstance(extra, int) else None,
        keys if isinstance(keys, tuple) else (),
    )


def _first_first(
    raised: ScorepadError, found: list[Problem], players: Sequence[PlayerSheet]
) -> tuple[Problem, ...]:
    """``found`` with the problem ``score`` raised first (the same error, so the same
    sentence), and none twice."""
    text = str(raised)
    for at, problem in enumerate(found):
        if problem.error.key == raised.key and str(problem.error) == text:
            return (problem, *found[:at], *found[at + 1 :])
    names = [p.name.strip() if isinstance(p.name, str) else "" for p in players]
    return (_located_by_fields(raised, names), *found)
