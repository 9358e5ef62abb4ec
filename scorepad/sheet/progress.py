"""The sheet being filled in: what was typed, kept as typed, and what the core makes of it.

Everything a player types is kept verbatim (a draft must never lose a half-typed "7,"),
so cells hold text; ``evaluate`` turns the text into line values, asks the line itself
whether the value is allowed (the core owns every bound and every rule), leaves out what
is not, and scores the rest. No Flet here: views read a ``SheetState`` and call the
setters below.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from scorepad.core import EntryError, GameTemplate, ScoredSheet, ScorepadError
from scorepad.core.combined import with_modules
from scorepad.core.i18n import DEFAULT_LANG, decimal_mark
from scorepad.core.numbers import (
    Number,
    format_points,
    looks_like_sum,
    parse_number,
    plain_number,
    read_expression,
)
from scorepad.core.plaintext import LINE_BREAKS, MAX_NOTES, plain_problem
from scorepad.core.play_to_save import PlayToSave
from scorepad.core.problems import Problem, check_sheet
from scorepad.core.results import has_score, undecided
from scorepad.core.scoring import ExtraLine, PlayerSheet, floor_added
from scorepad.core.sheetrules import WorkedRule, round_points, worked_after
from scorepad.core.template import (
    Factor,
    Line,
    is_rated,
    worked_from_entry,
)
from scorepad.sheet.added import with_lines
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.edits import (
    CheckEdit,
    ColourEdit,
    Edit,
    ExtraLabelEdit,
    ExtraLinesEdit,
    ExtraPointsEdit,
    FirstPlayerEdit,
    NotesEdit,
    OutcomeEdit,
    PairEdit,
    RateEdit,
    RoundAdded,
    RoundDeleted,
    RoundRestored,
    RoundTextEdit,
    TextEdit,
    TimerEdit,
    TurnEdit,
    round_index,
)
from scorepad.sheet.kinds import board_kinds, board_lines, has_boards
from scorepad.sheet.play import play_to_save
from scorepad.sheet.result import allowed_outcome, core_outcome, fill_teams, team_of
from scorepad.sheet.timer import Clock, Timer, clock
from scorepad.sheet.turn import next_seat, seat_of, turn_now

CellKey = tuple[str, int, str]
"""Where a problem is: (line key or "extra:N", player index from 0, part: "", "a", "b")."""

LABEL = -1
"""The player index used for a by-hand line's own label."""

NOTES = "notes"
"""Where a problem with the play's notes is noted (the first part of a ``CellKey``)."""


@dataclass(frozen=True)
class SheetState:
    """What the sheet shows after the latest change."""

    scored: ScoredSheet
    """The sheet scored from every allowed value (problems left out)."""
    problems: dict[CellKey, ScorepadError]
    empty: bool
    """No value counted yet (a refused value does not count): the result sentence would
    only state the obvious, no one is crowned, and the sheet cannot be saved."""
    entered: tuple[PlayerSheet, ...] = ()
    """What each player's cells hold, as the core was given it (a sum as typed, "3+6+2"):
    saved with the play, so Edit shows a sum again."""
    undecided: bool = False
    """A co-operative play, or a team play without a score, whose outcome the players have
    not chosen yet: no one wins meanwhile, and the sheet cannot be saved."""
    missing: Mapping[str, tuple[tuple[int, str], ...]] = field(default_factory=dict)
    """A round game: by round id, the cells still to enter (player from 0, line key) of
    a round that is not complete yet: a bid game's round with some bid or trick blank, or
    a round left blank before one that has values (``round_gaps``). Saving waits for
    them."""
    counted_rounds: int = 0
    """A round game: how many of the sheet's rounds are scored (and saved): up to the
    last complete one; blank or incomplete rounds after it count nothing yet."""
    bonus_lost: frozenset[tuple[str, int]] = frozenset()
    """A bid game: (round id, player from 0) whose bonus is typed but not counted, the bid
    being missed."""
    shown: dict[object, object] = field(default_factory=dict, compare=False, repr=False)
    """What views made of this state to show it (its totals and result sentence in a
    language), kept for the other devices showing the same state (``views.sheet``)."""

    @property
    def can_save(self) -> bool:
        return not self.problems and not self.empty and not self.undecided and not self.missing

    def problem(self, key: str, player: int, part: str = "") -> ScorepadError | None:
        return self.problems.get((key, player, part))


class SheetInProgress:
    """One sheet in progress: setters change the draft, ``state`` says what it adds up to."""

    def __init__(self, template: GameTemplate, draft: SheetDraft) -> None:
        if draft.added:  # lines added to this play: part of its game on this sheet
            template = with_lines(template, draft.added)
        if draft.modules or template.base is not None:  # the game with the modules chosen
            known = {m.id for m in (template.base or template).modules}
            draft.modules = [m for m in draft.modules if m in known]  # a module since removed
            template = with_modules(template, draft.modules)
        self.template = template
        self.draft = draft
        self.lines: tuple[Line, ...] = template.lines_for(draft.variant)
        self.round_lines: tuple[Line, ...] = tuple(line for line in self.lines if line.per_round)
        """A round game's lines filled once per round (none for other games)."""
        self.end_lines: tuple[Line, ...] = tuple(line for line in self.lines if not line.per_round)
        """Lines filled once for the whole play (every line of a game without rounds)."""
        self.awards: tuple[str, ...] = tuple(line.key for line in self.end_lines if line.compared)
        """Award lines: beside each quantity, the points it earned among the players."""
        self.priced: tuple[str, ...] = tuple(
            line.key for line in self.end_lines if worked_from_entry(line)
        )
        """Lines whose points are worked out from the entry (``worked_from_entry``):
        beside each cell, the points it gives."""
        self.worked: dict[str, list[WorkedRule]] = worked_after(template, draft.variant)
        """Rows of points worked out between lines (a set rule's, a bonus), by the key of
        the line they go under."""
        self.on_change: Callable[[Edit], None] | None = None
        """Told of every change made here (not of those received from elsewhere): the
        live sheet keeps the draft and passes the edit on (``live.follow``)."""
        self.gone = False
        """The sheet was saved or thrown away (maybe on another device): nothing changed
        here is kept any more."""
        fill_missing(template, draft)
        self.state = self.evaluate()

    @property
    def players(self) -> list[str]:
        return self.draft.players

    # --- changes -----------------------------------------------------------------------
    # Every change is an ``Edit`` (see ``apply``): the sheet open on other devices
    # receives the same edit and makes it to its own copy.
    def set_text(self, key: str, player: int, text: str) -> SheetState:
        return self.apply(TextEdit(key, player, text))

    def set_check(self, key: str, player: int, value: bool) -> SheetState:
        return self.apply(CheckEdit(key, player, bool(value)))

    def set_pair(self, key: str, player: int, part: str, text: str) -> SheetState:
        return self.apply(PairEdit(key, player, part, text))

    def set_rate(self, key: str, player: int, rate_id: str) -> SheetState:
        line = self.template.line(key)
        assert is_rated(line)
        line.rate(rate_id)  # refuses an id the line does not have
        return self.apply(RateEdit(key, player, rate_id))

    def next_rate(self, key: str, player: int) -> SheetState:
        """The rate after the current one (wrapping round to the first)."""
        line = self.template.line(key)
        assert is_rated(line)
        ids = [r.id for r in line.rates]
        current = self.draft.rates[key][player]
        following = ids[(ids.index(current) + 1) % len(ids)] if current in ids else ids[0]
        return self.set_rate(key, player, following)

    def step(self, key: str, player: int, delta: int) -> SheetState:
        """The − / + buttons: one less or one more, kept within what the line allows.

        A cell holding something that is not a whole number is left alone, so a stray tap
        never overwrites what the player is fixing.
        """
        text = self.draft.texts[key][player]
        value = parse_number(text) if text.strip() else 0
        if not isinstance(value, int):
            return self.state
        line = self.template.line(key)
        high = line.highest()
        wanted = max(0, value + delta)
        if high is not None:
            wanted = min(wanted, int(high))
        if wanted == value and text.strip():
            return self.state
        return self.set_text(key, player, format_points(wanted))

    def add_extra(self, label: str) -> SheetState:
        rows = [*self._rows(), (label.strip(), ("",) * len(self.players))]
        return self.apply(ExtraLinesEdit(tuple(rows)))

    def set_extra_label(self, index: int, label: str) -> SheetState:
        return self.apply(ExtraLabelEdit(index, label))

    def set_extra_points(self, index: int, player: int, text: str) -> SheetState:
        return self.apply(ExtraPointsEdit(index, player, text))

    def remove_extra(self, index: int) -> SheetState:
        rows = self._rows()
        del rows[index]
        return self.apply(ExtraLinesEdit(tuple(rows)))

    # --- rounds ----------------------------------------------------------------------------
    @property
    def has_rounds(self) -> bool:
        return self.template.rounds is not None

    @property
    def round_limit(self) -> int | None:
        """The number of rounds the game has with this many players (None: open)."""
        rules = self.template.rounds
        return None if rules is None else rules.limit(len(self.players))

    @property
    def can_add_round(self) -> bool:
        limit = self.round_limit
        return self.has_rounds and (limit is None or len(self.draft.rounds) < limit)

    def add_round(self) -> SheetState:
        """The "Next round" button: a blank round at the end, and the turn to whoever
        starts it (``round_starter``)."""
        keys = tuple(line.key for line in self.round_lines)
        before = len(self.draft.rounds)
        state = self.apply(RoundAdded(uuid.uuid4().hex, keys, self.round_limit))
        starter = self.round_starter(len(self.draft.rounds))
        if len(self.draft.rounds) > before and starter is not None and starter != self.turn:
            state = self.set_turn(starter)
        return state

    def set_round_text(self, round_id: str, key: str, player: int, text: str) -> SheetState:
        return self.apply(RoundTextEdit(round_id, key, player, text))

    def delete_round(self, round_id: str) -> RoundRestored | None:
        """Take a round off the sheet; returns the edit that puts it back (Undo)."""
        index = round_index(self.draft, round_id)
        if index is None:
            return None
        row = self.draft.rounds[index]
        texts = tuple((key, tuple(values)) for key, values in row.texts.items())
        self.apply(RoundDeleted(round_id))
        return RoundRestored(round_id, index, texts)

    def round_text(self, round_id: str, key: str, player: int) -> str:
        index = round_index(self.draft, round_id)
        return "" if index is None else self.draft.rounds[index].texts[key][player]

    def hint_key(self) -> str:
        """The message that says, on a sheet with nothing counted yet, what to enter: it
        fits the kind of game (a bid game, another round game, a board to tap, a
        co-operative score, lines of points)."""
        template = self.template
        if template.rounds is not None:
            return "app.hint_bids" if template.bids is not None else "app.hint_rounds"
        if has_boards(self.draft):
            return "app.hint_board"
        if template.result is not None and template.result.kind == "cooperative":
            return "app.hint_cooperative"
        return "app.hint_lines"

    def round_deal(self, number: int) -> tuple[int | None, str | None]:
        """Round ``number`` (from 1): how many cards each player is dealt and who deals
        (None where the game does not say). The deal passes to the next seat each round;
        round 1 is dealt by the seat before the player who starts (the player left of the
        dealer leads), or by the first seat when nobody was picked to start."""
        rules = self.template.rounds
        if rules is None:
            return None, None
        players = self.players
        first = self.draft.first_player
        seat = (players.index(first) - 1) % len(players) if first in players else 0
        dealer = rules.dealer(number, len(players), seat)
        return rules.cards_in(number, len(players)), None if dealer is None else players[dealer]

    def round_starter(self, number: int) -> int | None:
        """The seat (from 0) that starts round ``number`` (from 1): the player chosen to
        start begins round 1 (the first seat when nobody was), and each next round moves
        on one seat, unless the game has a later round started as the round before
        decides (``Rounds.starter``); None for a game without rounds."""
        rules = self.template.rounds
        if rules is None:
            return None
        first = seat_of(self.draft.first_player, self.players)
        return rules.starter(number, len(self.players), 0 if first is None else first)

    def round_position(self, round_id: str) -> int | None:
        """The round's number on the sheet, from 1 (None once deleted)."""
        index = round_index(self.draft, round_id)
        return None if index is None else index + 1

    def _rows(self) -> list[tuple[str, tuple[str, ...]]]:
        return [(r.label, tuple(r.points)) for r in self.draft.extra]

    def apply(
        self, edit: Edit, *, announce: bool = True, state: SheetState | None = None
    ) -> SheetState:
        """Make ``edit`` to the draft, once, and re-add; ``announce`` tells ``on_change``
        (the live sheet: it keeps the draft and passes the edit on). ``state``: what the
        draft adds up to after ``edit`` when that is known already (an edit that changes
        no score)."""
        edit.apply_to(self.draft)
        self.state = state if state is not None else self.evaluate()
        if announce and self.on_change is not None:
            self.on_change(edit)
        return self.state

    def receive(self, edit: Edit, draft: SheetDraft, state: SheetState | None) -> SheetState:
        """An edit made on another device to ``draft``, which then adds up to ``state``
        (None: scored on another copy of the game, so scored again here). Every device
        showing the sheet shares its draft (``live.share``), so the edit is not made
        again, unless this sheet's draft is another one."""
        if draft is not self.draft:
            edit.apply_to(self.draft)
        self.state = state if state is not None else self.evaluate()
        return self.state

    def share(self, draft: SheetDraft) -> None:
        """Go on with ``draft``, the one every device showing this sheet changes (the same
        sheet, read back by another device)."""
        if draft is self.draft:
            return
        fill_missing(self.template, draft)
        self.draft = draft
        self.state = self.evaluate()

    def play_to_save(self, at: int) -> PlayToSave:
        """What a Save at ``at`` (seconds since the epoch) keeps of this sheet."""
        return play_to_save(self.state.scored, self.state.entered, self.draft, at)

    def set_outcome(self, outcome: str) -> SheetState:
        """The players say who won: "won" / "lost", the winning team's number, or ""."""
        if not allowed_outcome(self.template, self.draft, outcome):
            raise ValueError(f"not an outcome of this sheet: {outcome!r}")
        return self.apply(OutcomeEdit(outcome))

    def set_notes(self, text: str) -> SheetState:
        return self.apply(NotesEdit(text))

    def set_colour(self, seat: int, colour: str) -> SheetState:
        """Player ``seat`` (from 0) takes ``colour``; the scores do not change."""
        return self.apply(ColourEdit(seat, colour), state=self.state)

    def set_first_player(self, name: str) -> SheetState:
        """The player who starts ("" for nobody); the scores do not change."""
        return self.apply(FirstPlayerEdit(name), state=self.state)

    @property
    def turn(self) -> int | None:
        """Whose turn it is (a seat from 0; None: nobody's yet), ``sheet.turn``."""
        return turn_now(self.draft.turn, self.draft.first_player, self.players)

    def set_turn(self, seat: int | None) -> SheetState:
        """The turn marker to seat ``seat`` (from 0); the scores do not change. A seat the
        sheet does not have is refused."""
        if seat is not None and not 0 <= seat < len(self.players):
            raise ValueError(f"not a seat of this sheet: {seat!r}")
        return self.apply(TurnEdit(seat), state=self.state)

    def next_turn(self) -> SheetState:
        """The turn marker on to the next seat (the last hands on to the first)."""
        return self.set_turn(next_seat(self.turn, len(self.players)))

    def set_timer(self, timer: Timer | None) -> SheetState:
        """The timer paused, resumed or corrected; the scores do not change."""
        return self.apply(TimerEdit(timer), state=self.state)

    def set_board(self, edit: Edit) -> SheetState:
        """A change to a player's board: a tap on it, or the board cleared (each board
        kind's own edits, ``scorepad.sheet.boards``)."""
        return self.apply(edit)

    # --- reading -----------------------------------------------------------------------
    def evaluate(self) -> SheetState:
        """What the draft adds up to. Every cell goes to the core as typed (a number, or
        the text: a sum, or something the core refuses), and every problem shown comes
        from one answer of the core (``check_sheet``), each put on its cell from the
        problem's place (player, line, round, by-hand line, the lines of a check)."""
        problems: dict[CellKey, ScorepadError] = {}
        sheets: list[PlayerSheet] = []
        given: set[CellKey] = set()  # cells holding a value (those refused taken out)
        boards = board_lines(self.draft, self.players, problems)
        entered = False
        missing, counted = self.round_gaps()
        rows: list[list[int]] = []  # per player, by position from 1 - 1: the by-hand row
        for index, name in enumerate(self.players):
            lines: dict[str, object] = {}
            for line in self.round_lines:
                entries: list[object] = []
                for number, played in enumerate(self.draft.rounds):
                    text = played.texts[line.key][index]
                    where = (round_key(played.id, line.key), index, "")
                    if number >= counted:  # not complete yet: counts nothing, read alone
                        self._read_alone(line, text, where, problems)
                        continue
                    entry = _entry(text)
                    if entry is not None:
                        given.add(where)
                    entries.append(entry)
                lines[line.key] = entries
            for line in self.end_lines:
                board = boards[index] if index < len(boards) else {}
                if line.key in board:  # the player's board fills it
                    lines[line.key], entered = board[line.key], True
                    continue
                raw, counts = self._raw(line, index)
                if counts:
                    given.add((line.key, index, ""))
                if raw is not None:
                    lines[line.key] = raw
            extra: list[ExtraLine] = []
            mine: list[int] = []
            for row_index, row in enumerate(self.draft.extra):
                text = row.points[index]
                if row.label.strip() and text.strip():
                    extra.append(ExtraLine(row.label, _number(text)))  # type: ignore[arg-type]
                    mine.append(row_index)
                    given.add((f"extra:{row_index}", index, ""))
            rows.append(mine)
            sheets.append(PlayerSheet(name, lines, extra, team_of(self.draft, index)))
        for row_index, row in enumerate(self.draft.extra):
            if not row.label.strip():  # a by-hand line counts once it is named
                problems[(f"extra:{row_index}", LABEL, "")] = EntryError("entry.extra_label")
        notes = plain_problem(self.draft.notes, MAX_NOTES, allow=LINE_BREAKS)
        if notes is not None:
            problems[(NOTES, LABEL, "")] = notes
        outcome, choosing = core_outcome(self.template, self.draft)
        scored, counting, sheets = self._checked(sheets, rows, problems, given, outcome)
        entered = entered or bool(given)
        if choosing:
            scored = undecided(scored)
        if self.template.result is not None and not has_score(self.template):
            entered = True  # only won or lost (Pandemic, Codenames): nothing to enter
        readings = [
            {line.key: list(_per_round(s.lines.get(line.key))) for line in self.round_lines}
            for s in counting
        ]
        return SheetState(
            scored,
            problems,
            not entered,
            tuple(sheets),
            undecided=choosing,
            missing=missing,
            counted_rounds=counted,
            bonus_lost=self._bonus_lost(readings),
        )

    def round_gaps(self) -> tuple[dict[str, tuple[tuple[int, str], ...]], int]:
        """Which rounds are not complete, and how many rounds count.

        A round counts once something is typed in it: a round left blank scores nothing
        (a blank bid is not a made bid of zero). In a bid game a round is complete once
        every player's bid and tricks are in (a bonus may stay blank); in other round games
        once anything is typed (a blank adds 0: Uno's losers score nothing). The rounds
        that count run up to the last complete one; a blank round before a round with
        values, and an incomplete round, are missing cells, and saving waits for them."""
        rows = self.draft.rounds
        keys = [line.key for line in self.round_lines]
        rule = self.template.bids
        needed = (rule.bid, rule.tricks) if rule is not None else ()
        players = range(len(self.players))
        touched = [any(t.strip() for key in keys for t in row.texts[key]) for row in rows]
        last = max((i for i, yes in enumerate(touched) if yes), default=-1)
        missing: dict[str, tuple[tuple[int, str], ...]] = {}
        counted = 0
        for index, row in enumerate(rows[: last + 1]):
            wanted = needed if touched[index] else tuple(keys)
            gaps = tuple(
                (p, key) for key in wanted for p in players if not row.texts[key][p].strip()
            )
            if gaps:
                missing[row.id] = gaps
            else:
                counted = index + 1
        return missing, counted

    def _bonus_lost(self, readings: list[dict[str, list[object]]]) -> frozenset[tuple[str, int]]:
        """(round id, player) whose bonus is typed in a counted round whose bid was missed."""
        rule = self.template.bids
        if rule is None or rule.bonus is None:
            return frozenset()
        lines = {line.key: line for line in self.round_lines}
        lost: set[tuple[str, int]] = set()
        for player, mine in enumerate(readings):
            values = {
                key: [None if e is None else lines[key].read(e).measure for e in mine[key]]
                for key in (rule.bid, rule.tricks, rule.bonus)
            }
            for index, (bid, tricks, bonus) in enumerate(
                zip(values[rule.bid], values[rule.tricks], values[rule.bonus], strict=True)
            ):
                if rule.bonus_lost(bid, tricks, bonus):
                    lost.add((self.draft.rounds[index].id, player))
        return frozenset(lost)

    def _checked(
        self,
        sheets: list[PlayerSheet],
        rows: list[list[int]],
        problems: dict[CellKey, ScorepadError],
        given: set[CellKey],
        outcome: str | None = None,
    ) -> tuple[ScoredSheet, list[PlayerSheet], list[PlayerSheet]]:
        """The sheet scored from one answer of the core (``check_sheet``): each problem
        put on its cell by its place, the core's score of what is fine, the players' cells
        with every refused entry left out (what counts), and the same with a broken
        check's lines left out too (what is kept with the play). A player's lines that
        break one of the game's checks (Azul: 5 complete rows means a full wall) are marked
        with the rulebook's reason and left out until fixed, so typing goes on and Save is
        refused meanwhile. Every cell refused is taken out of ``given``. A problem of the
        whole sheet is one the sheet cannot hold (its players and variant were chosen
        before it opened): raised as ``score`` raises it."""
        checked = check_sheet(self.template, self.draft.variant, sheets, outcome=outcome)
        cleaned = [(p.name, dict(p.lines), list(p.extra), p.team) for p in sheets]
        refused: list[set[int]] = [set() for _ in sheets]
        broken: list[tuple[int, tuple[str, ...], ScorepadError]] = []
        for problem in checked.problems:
            index = problem.player
            if index is None or not 0 <= index < len(sheets):
                raise problem.error
            lines = cleaned[index][1]
            if problem.lines:
                broken.append((index, problem.lines, problem.error))
            elif problem.extra is not None and problem.extra <= len(rows[index]):
                row = rows[index][problem.extra - 1]
                problems[(f"extra:{row}", index, "")] = problem.cell
                given.discard((f"extra:{row}", index, ""))
                refused[index].add(problem.extra - 1)
            elif problem.round is not None and problem.line in lines:
                played = self.draft.rounds[problem.round - 1]
                where = (round_key(played.id, problem.line), index, "")
                problems[where] = problem.cell
                given.discard(where)
                entries = list(_per_round(lines[problem.line]))
                entries[problem.round - 1] = None
                lines[problem.line] = entries
            elif problem.line is not None and problem.line in lines:
                for part, error in self._parts(problem):
                    problems[(problem.line, index, part)] = error
                del lines[problem.line]
                given.discard((problem.line, index, ""))
            else:  # the player's name, a whole list of rounds: never from this sheet
                raise problem.error
        entered = [
            PlayerSheet(
                name,
                lines,
                tuple(e for at, e in enumerate(extra) if at not in refused[index]),
                team,
            )
            for index, (name, lines, extra, team) in enumerate(cleaned)
        ]
        kept = list(entered)
        known = {line.key for line in self.lines}
        for index, keys, error in broken:
            for key in keys:
                if key in known:  # blank cells too: they are part of what to fix
                    problems[self._check_cell(key, index)] = error
            left = {k: v for k, v in kept[index].lines.items() if k not in keys}
            kept[index] = kept[index]._replace(lines=left)
        if checked.scored is None:  # a total past the limit, an outcome it cannot take
            raise checked.problems[0].error
        return checked.scored, entered, kept

    def _parts(self, problem: Problem) -> tuple[tuple[str, ScorepadError], ...]:
        """Which parts of a cell a problem is in, each with what to show under it: every
        factor of a product line the problem names ("a", "b": both when both are wrong),
        with that factor's own problem; else the whole cell ("")."""
        line = self.template.line(problem.line) if problem.line is not None else None
        cell = problem.cell
        if line is None or line.entered_as != "pair":
            return (("", cell),)
        factors: tuple[Factor, Factor] = getattr(line, "factors")  # noqa: B009
        named = [cell, *(v for v in cell.fields.values() if isinstance(v, ScorepadError))]
        parts = tuple(
            (part, _inner(error, part))
            for part, factor in zip("ab", factors, strict=True)
            for error in named
            if error.fields.get("factor") is factor.label
        )
        return parts or (("a", _inner(cell, "a")), ("b", _inner(cell, "b")))

    def _check_cell(self, key: str, player: int) -> CellKey:
        """Where a broken check is marked: the line's cell, or its latest round's."""
        if any(line.key == key for line in self.round_lines) and self.draft.rounds:
            return (round_key(self.draft.rounds[-1].id, key), player, "")
        return (key, player, "")

    def _raw(self, line: Line, player: int) -> tuple[object | None, bool]:
        """The line value for the core as typed (None when blank) and whether the cell
        holds a value (that counts unless the core refuses it)."""
        key = line.key
        if line.entered_as == "yes_no":
            checked = self.draft.checks[key][player]
            return (True if checked else None), checked
        if line.entered_as == "pair":
            texts = self.draft.pairs[key][player]
            if not any(t.strip() for t in texts):
                return None, False
            return [_entry(text) if text.strip() else 0 for text in texts], True
        text = self.draft.texts[key][player]
        rate = self.draft.rates[key][player] if is_rated(line) else None
        if not text.strip():
            if rate is not None and is_rated(line) and rate != line.rates[0].id:
                return {"count": 0, "rate": rate}, False  # the choice kept, nothing counted
            return None, False
        entry = _entry(text)
        return (entry if rate is None else {"count": entry, "rate": rate}), True

    @staticmethod
    def _read_alone(
        line: Line, text: str, where: CellKey, problems: dict[CellKey, ScorepadError]
    ) -> None:
        """A round not complete yet is not scored, so not given to the core's sheet: what
        is typed in it is read by its line alone (the core's reading), a refused entry
        noted at ``where`` so that it shows before the round completes."""
        entry = _entry(text)
        if entry is None:
            return
        try:
            line.read(entry)
        except EntryError as problem:
            problems[where] = problem


FLOOR = "floor"
"""The worked-out row of the points a floor under the total added (``worked``)."""


def earned(state: SheetState, key: str) -> tuple[Number | None, ...]:
    """The points award line ``key`` earned each player among all the players (None for
    a player whose quantity is blank or refused)."""
    found: list[Number | None] = []
    for player, entered in zip(state.scored.players, state.entered, strict=True):
        reading = player.readings.get(key)
        counts = reading is not None and reading.counts and key in entered.lines
        found.append(reading.points if counts and reading is not None else None)
    return tuple(found)


def earned_by_round(state: SheetState, line: Line) -> list[tuple[Number | None, ...]]:
    """Per round, the points a per-round award or tally line earned each player in that
    round, as the core works them out (``round_points``: Sushi Go's maki among everyone's
    quantities of the round); None for a player whose cell is blank or refused."""
    key = line.key
    players = state.scored.players
    points = round_points(line, [_per_round(p.readings[key].value) for p in players])
    typed = [_per_round(entered.lines.get(key)) for entered in state.entered]
    return [
        tuple(
            value if index < len(given) and given[index] is not None else None
            for value, given in zip(row, typed, strict=True)
        )
        for index, row in enumerate(points)
    ]


def _per_round(value: object) -> Sequence[object]:
    """A per-round line's entries (none when the line was left out)."""
    return value if isinstance(value, list | tuple) else ()


def worked(state: SheetState, key: str) -> tuple[Number, ...]:
    """Each player's points on a worked-out row: a set rule's or a bonus's (by its key),
    or the points the floor added (``FLOOR``)."""
    players = state.scored.players
    if key == FLOOR:
        return tuple(floor_added(player) for player in players)
    return tuple(player.computed.get(key, 0) for player in players)


def _entry(text: str) -> object | None:
    """Typed text as the core takes it (None when blank): a plain number, a sum as typed
    (the play keeps it, "3+6+2"), else its number; text the core refuses goes on as typed
    too, and the core says what is wrong with it."""
    if not text.strip():
        return None
    plain = plain_number(text)
    if plain is not None:
        return plain
    if looks_like_sum(text):
        return text.strip()
    try:
        return read_expression(text)
    except EntryError:
        return text.strip()


def _number(text: str) -> Number | str:
    """A by-hand line's typed points as the core takes them: the number (a sum worked
    out: the play keeps by-hand points as numbers), else the text, which the core refuses
    saying what is wrong with it."""
    try:
        return read_expression(text)
    except EntryError:
        return text.strip()


def _inner(error: ScorepadError, part: str) -> ScorepadError:
    """What to show under part ``part`` of a cell: a factor's own problem ("must be a
    whole number") without the factor the part already shows."""
    inner = error.fields.get("problem") if part else None
    return inner if isinstance(inner, ScorepadError) else error


def shown_value(text: str, lang: str = DEFAULT_LANG) -> str:
    """What a cell shows while it is not being edited: a sum's result ("3+6+2" → "11";
    "3+6,5" → "9,5" in Spanish, "9.5" in English), else the text as typed (a broken sum
    stays as typed, marked)."""
    if plain_number(text) is not None or not looks_like_sum(text):
        return text
    try:
        return format_points(read_expression(text)).replace(".", decimal_mark(lang))
    except EntryError:
        return text


def round_key(round_id: str, key: str) -> str:
    """Where a round cell's problem is noted (the first part of a ``CellKey``)."""
    return f"round:{round_id}:{key}"


def new_draft(
    template: GameTemplate,
    variant: str | None,
    players: list[str],
    modules: list[str] | None = None,
    now: Clock = clock,
) -> SheetDraft:
    """A sheet started now: its timer runs from ``now()``."""
    draft = SheetDraft(
        game_id=template.id,
        variant=variant,
        players=list(players),
        modules=list(modules or []),
        timer=Timer(started=now()),
    )
    if template.rounds is not None:  # a round game opens on its round 1
        keys = tuple(line.key for line in template.lines_for(variant) if line.per_round)
        RoundAdded(uuid.uuid4().hex, keys).apply_to(draft)
    return draft


def fill_missing(template: GameTemplate, draft: SheetDraft) -> None:
    """Give every line of the draft's variant a slot per player, so views and changes
    never meet a missing cell."""
    n = len(draft.players)
    fill_teams(template, draft)
    for kind in board_kinds():
        kind.fill(template, draft)
    for line in template.lines_for(draft.variant):
        if line.entered_as == "yes_no":
            draft.checks.setdefault(line.key, [False] * n)
        elif line.entered_as == "pair":
            draft.pairs.setdefault(line.key, [["", ""] for _ in range(n)])
        else:
            draft.texts.setdefault(line.key, [""] * n)
            if is_rated(line):
                draft.rates.setdefault(line.key, [line.rates[0].id] * n)
        if line.per_round:
            for row in draft.rounds:
                row.texts.setdefault(line.key, [""] * n)
