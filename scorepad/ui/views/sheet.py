"""The sheet: one row per line, one column per player, totals and the winner below.

Every change goes model → core → ``refresh``: totals, ranks, the leader, the result
sentence, the marks on refused values and the Save button all follow at once, and the
draft is written to the draft store so nothing typed is lost.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.i18n import pick
from scorepad.core.play_to_save import PlayToSave
from scorepad.core.scoring import show
from scorepad.core.template import Line
from scorepad.sheet.added import GameSwitched, LineAdded, LineTakenOff
from scorepad.sheet.edits import (
    CheckEdit,
    ColourEdit,
    Edit,
    ExtraLabelEdit,
    ExtraLinesEdit,
    ExtraPointsEdit,
    FirstPlayerEdit,
    NotesEdit,
    PairEdit,
    RateEdit,
    RoundAdded,
    RoundDeleted,
    RoundRestored,
    TextEdit,
    TimerEdit,
    TurnEdit,
)
from scorepad.sheet.live import Discarded, Notice, Remote, Restored, Saved, follow
from scorepad.sheet.progress import LABEL, NOTES, SheetInProgress, SheetState
from scorepad.ui.context import Context
from scorepad.ui.drafts import DraftStore
from scorepad.ui.flet_patches import Sender
from scorepad.ui.live import FIELD_NAMES, FieldName, taken_while
from scorepad.ui.views.boards import BoardPart, board_views
from scorepad.ui.views.cells import Changed, ExtraCell, SheetCell, make_cell
from scorepad.ui.views.common import (
    TROPHY,
    Crossings,
    muted,
    screen,
    tid,
    totals_bar,
    typed_text,
)
from scorepad.ui.views.first_player_part import MARK, FirstPlayerPart
from scorepad.ui.views.result_part import ResultPart
from scorepad.ui.views.rounds import RoundsPart
from scorepad.ui.views.sheet_colours import SheetColours
from scorepad.ui.views.taps_part import TapsPart
from scorepad.ui.views.timer_part import TimerPart
from scorepad.ui.views.turn_part import TurnPart
from scorepad.ui.views.worked import WorkedPart

LABEL_FLEX = 2
"""The line names take two player columns' width on a wide screen."""


Saver = Callable[[PlayToSave], str]
"""Stores the play a sheet saves and returns the play's id."""


class SheetView:
    def __init__(
        self,
        ctx: Context,
        model: SheetInProgress,
        *,
        saver: Saver | None = None,
        drafts: DraftStore | None = None,
        note: str = "",
    ) -> None:
        """``saver`` and ``drafts`` default to a new play kept in the app's drafts; editing
        a saved play passes its own (update the play, a draft per play)."""
        self.ctx = ctx
        self.model = model
        self.saver = saver
        self.drafts = drafts or ctx.services.drafts
        model.share(ctx.services.live.share(model.draft, self.drafts))  # before any cell
        self.note = note
        self.known_labels = _known_labels(ctx, model.template.id)
        self.crossed = Crossings()
        self.label_chips = ft.Row(wrap=True, spacing=4, run_spacing=4)
        self.cells: list[SheetCell] = []
        self.cell_at: dict[tuple[str, int], SheetCell] = {}
        """Each cell by line key (``extra:N`` for a by-hand line) and player."""
        self.marked = True
        """Some cell may show a refused value's mark (all are looked at on the next
        refresh)."""
        self.problem_boxes: dict[str, ft.Column] = {}
        self.problem_texts: dict[str, list[tuple[str, str]]] = {}
        self.names = [
            ft.Text(
                name,
                weight=ft.FontWeight.BOLD,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
                text_align=ft.TextAlign.CENTER,
            )
            for name in model.players
        ]
        self.totals = [ft.Text(size=18, weight=ft.FontWeight.BOLD) for _ in model.players]
        self.trophies = [
            ft.Icon(ft.Icons.EMOJI_EVENTS, color=TROPHY, size=18, visible=False)
            for _ in model.players
        ]
        self.ranks = [ft.Text() for _ in model.players]
        self.scores_shown: list[tuple[str, str, bool]] = []
        """Each player's total, rank and lead as ``refresh`` last showed them."""
        self.first = FirstPlayerPart(
            ctx,
            model.template,
            lambda: list(model.players),
            lambda: model.draft.first_player or None,
            self.on_first_player,
        )
        self.turn = TurnPart(ctx, model, lambda: self.changed(rebuilt=False))
        self.first_marks = [  # the wrapper is hidden: a Semantics needs its content shown
            ft.Semantics(
                identifier=f"first-mark-{n}",
                content=ft.Icon(MARK, color=ft.Colors.PRIMARY, size=16),
                visible=False,
            )
            for n in range(1, len(model.players) + 1)
        ]
        self.colours = SheetColours(ctx, model, self.changed)
        self.timer = TimerPart(ctx, model, self.changed, self.show)
        self.result = ft.Text(size=16)
        self.target_note = ft.Text(size=14, weight=ft.FontWeight.W_500)
        """A game without rounds that ends on a target (a quick game's): who reached it,
        or that no one has yet."""
        self.save_button = ft.FilledButton(
            ctx.t("app.save"), icon=ft.Icons.SAVE, on_click=self.on_save
        )
        self.save_hint = muted("")
        self.save_message = ft.Text()
        self.new_label = ft.TextField(
            label=ctx.t("app.new_line_label"), expand=True, on_submit=self.on_add_line, dense=True
        )
        self.rows = ft.Column(spacing=4)
        self.notes: ft.TextField = ft.TextField(
            value=model.draft.notes,
            label=ctx.t("app.notes"),
            multiline=True,
            min_lines=1,
            max_lines=5,
            on_change=lambda e: self.on_notes(typed_text(e)),
        )
        self.crossed.follow(self.notes)
        self.extra_labels: list[ft.TextField] = []
        self.sender: Sender | None = None
        """Sends changes to the screen ``build`` made, once it did."""
        self.built = 0
        """How many times the rows were built (a cell of earlier rows is gone)."""
        self.rounds = RoundsPart(ctx, model, self.changed, self._row) if model.has_rounds else None
        self.worked = WorkedPart(ctx, model, self._row)
        self.outcome = ResultPart(ctx, model, self.changed)
        self.taps = TapsPart(ctx, model, self.on_tapped, self._row)
        """A stepped line's + and − buttons (a quick sheet's +1 / +5 / +10)."""
        self.boards: dict[str, BoardPart] = {
            view.name: view.part(ctx, model, self.changed, self._row) for view in board_views()
        }
        """Each board kind's part of the sheet, by kind (``views.boards``)."""
        self.build_rows()
        self.refresh(clear_message=False)
        self.follow()

    # --- layout ----------------------------------------------------------------------------
    def build(self) -> ft.View:
        ctx = self.ctx
        template = self.model.template
        title = template.title(ctx.lang, self.model.draft.variant)
        about = [title] if ctx.compact else []  # the app bar cuts long titles on a phone
        if self.model.draft.location:
            about.append(ctx.t("app.at_location", location=self.model.draft.location))
        body: list[ft.Control] = [muted(" · ".join(about), size=13)] if about else []
        if self.note:
            body.append(tid("sheet-note", ft.Text(self.note, color=ft.Colors.PRIMARY)))
        names = self.turn.tappable(self.names)
        pinned = self.colours.pinned(
            self._row, self.turn.marks, self.first_marks, self.trophies, names
        )
        body += [
            *self.timer.controls(),
            *self.first.controls(self.turn.controls()),
            *(self.rounds.controls() if self.rounds is not None else []),
            self.rows,
        ]
        if not self.outcome.shown or self.outcome.scored:  # not for won-or-lost only
            body += [
                ft.Row(
                    [
                        tid("new-line-label", self.new_label),
                        tid(
                            "add-line",
                            ft.OutlinedButton(
                                ctx.t("app.add_line"), icon=ft.Icons.ADD, on_click=self.on_add_line
                            ),
                        ),
                    ]
                ),
                *self._kinds_button(),
                self.label_chips,
            ]
        totals = [
            self._row(
                ft.Text(ctx.t("app.total"), weight=ft.FontWeight.BOLD),
                [tid(f"total-{i + 1}", t) for i, t in enumerate(self.totals)],
            ),
        ]
        ranks = self._row(
            ft.Text(ctx.t("app.rank")),
            [tid(f"rank-{i + 1}", r) for i, r in enumerate(self.ranks)],
        )
        if self.outcome.shown:  # who won, as the players say or as the teams' totals do
            rule = template.result
            totals = totals if self.outcome.scored else []
            in_teams = rule is not None and rule.kind == "teams" and self.outcome.scored
            ranks = ranks if in_teams else ft.Container()
            ranks = ft.Column([ranks, ft.Divider(height=1), *self.outcome.controls()])
        end = [
            tid("notes", self.notes),
            tid("result", self.result),
            *self._target_note(),
            *(self.rounds.end_controls() if self.rounds is not None else []),
            ft.Row([tid("save", self.save_button), self.save_hint], wrap=True),
            tid("save-message", self.save_message),
        ]
        if self.rounds is None and not self._board_shown():
            view = screen(
                ctx, title, [*body, ft.Divider(height=1), *totals, ranks, *end], pinned=pinned
            )
            self.sender = Sender(view)
            return view
        # The totals stay in sight however many rounds are on the sheet, and while a
        # player's board is tapped (its dialog stops above them: each total with its rank).
        if self.rounds is None and not self.outcome.shown:
            totals = [self._totals_and_ranks()]
            ranks = ft.Container()
        bar = totals_bar(ctx, ft.Column(totals, spacing=2, tight=True))
        view = screen(
            ctx, title, [*body, ft.Divider(height=1), ranks, *end], pinned=pinned, bottom=bar
        )
        self.sender = Sender(view)
        return view

    def _target_note(self) -> list[ft.Control]:
        """The target's sentence, on a sheet without rounds whose game ends on one."""
        template = self.model.template
        if template.ends is None or template.rounds is not None:
            return []
        return [tid("target-note", self.target_note)]

    def _totals_and_ranks(self) -> ft.Control:
        """Each player's total with their rank beside it ("42 #1"), on one line."""
        t = self.ctx.t
        return self._row(
            ft.Text(f"{t('app.total')} · {t('app.rank')}", weight=ft.FontWeight.BOLD),
            [
                ft.Row(
                    [tid(f"total-{n}", total), tid(f"rank-{n}", rank)],
                    spacing=6,
                    tight=True,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                )
                for n, (total, rank) in enumerate(zip(self.totals, self.ranks, strict=True), 1)
            ],
        )

    def _board_shown(self) -> bool:
        """The sheet offers a player's board (a wall, a pavilion, a palace's windows)."""
        return any(part.shown for part in self.boards.values())

    def _cell(self, line: Line, player: int, changed: Changed) -> SheetCell:
        """The cell of ``line`` for ``player``: a board's when one fills it, else typed."""
        for part in self.boards.values():
            cell = part.cell(line, player, changed)
            if cell is not None:
                return cell
        return make_cell(self.ctx, self.model, line, player, changed)

    def _row(self, label: ft.Control, cells: list[ft.Control]) -> ft.Control:
        """A line of the sheet: label beside the cells, or above them on a phone. A cell
        that fills its column on its own (``expand``: a field) is the column itself; the
        others are centred in a box (fewer controls for each device to build)."""
        boxes: list[ft.Control] = [
            c if c.expand else ft.Container(c, expand=1, alignment=ft.Alignment.TOP_CENTER)
            for c in cells
        ]
        if self.ctx.compact:
            return ft.Column([label, ft.Row(boxes, spacing=4)], spacing=2)
        return ft.Row(
            [ft.Container(label, expand=LABEL_FLEX), *boxes],
            spacing=8,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )

    def build_rows(self) -> None:
        self.built += 1
        built = self.built

        def changed(*touched: ft.Control) -> None:  # a cell of these rows changed
            self.changed(*touched, rebuilt=self.built != built)

        self.cells = []
        self.cell_at = {}
        self.marked = True  # new cells: marked on the next refresh
        self.extra_labels = []
        self.problem_boxes = {}
        self.problem_texts = {}
        self.worked = WorkedPart(self.ctx, self.model, self._row)
        rows: list[ft.Control] = []
        for line in self.model.end_lines:
            cells = [self._cell(line, i, changed) for i in range(len(self.model.players))]
            self.cells += cells
            self.cell_at.update(((line.key, i), cell) for i, cell in enumerate(cells))
            rows.append(self._line_row(line.key, self._label(line), cells))
            rows += self.taps.rows_after(line)
            rows += self.worked.rows_after(line.key)
            for part in self.boards.values():
                rows += part.rows_after(line.key)
        for index, row in enumerate(self.model.draft.extra):
            cells = [
                ExtraCell(self.ctx, self.model, index, i, changed)
                for i in range(len(self.model.players))
            ]
            self.cells += cells
            self.cell_at.update(((f"extra:{index}", i), cell) for i, cell in enumerate(cells))
            rows.append(
                self._line_row(f"extra:{index}", self._extra_label(index, row.label), cells)
            )
        rows += self.worked.floor_rows()
        self.rows.controls = rows
        self._show_label_chips()
        self._name_fields()

    def _name_fields(self) -> None:
        """Name this sheet's fields for a page that lost its link: what it typed there and
        sends again once it is back is named, by player and line, where it cannot be taken
        (``scorepad.ui.heartbeat``)."""
        built, model = self.built, self.model
        taken = taken_while(
            self.ctx.services.live,
            self,
            model.draft.sheet_id,
            lambda view: isinstance(view, SheetView) and view.built == built,
        )
        names: list[tuple[int, FieldName]] = []
        for cell in self.all_cells():
            fields = list(getattr(cell, "fields", {}).values()) or [getattr(cell, "field", None)]
            if isinstance(cell, ExtraCell):
                line = model.draft.extra[cell.row].label
            else:
                key = getattr(cell, "key", "")
                try:
                    line = pick(model.template.line(key).label, self.ctx.lang)
                except (KeyError, ScorepadError):
                    line = key
            player = model.players[getattr(cell, "player", 0)]
            names += [
                (f._i, FieldName(player, line, taken))
                for f in fields
                if isinstance(f, ft.TextField)
            ]
        FIELD_NAMES.name(names)

    def _show_label_chips(self) -> None:
        """Labels used before with this game, not on the sheet yet: one tap adds the line."""
        taken = {row.label.strip().casefold() for row in self.model.draft.extra}
        labels = [lb for lb in self.known_labels if lb.strip().casefold() not in taken]
        chips: list[ft.Control] = []
        for n, label in enumerate(labels, 1):
            chips.append(
                tid(
                    f"used-label-{n}",
                    ft.OutlinedButton(
                        label,
                        icon=ft.Icons.ADD,
                        on_click=lambda _e=None, label=label: self.add_line(label),
                    ),
                )
            )
        if chips:
            chips.insert(0, muted(self.ctx.t("app.used_labels"), size=13))
        self.label_chips.controls = chips
        self.label_chips.visible = bool(chips)

    def _line_row(self, key: str, label: ft.Control, cells: list[SheetCell]) -> ft.Control:
        problems = ft.Column(spacing=0)
        self.problem_boxes[key] = problems
        controls = self.worked.beside(key, [c.control for c in cells])
        return ft.Column([self._row(label, controls), problems], spacing=0)

    def _label(self, line: Line) -> ft.Control:
        lang = self.ctx.lang
        label = ft.Column(
            [
                ft.Text(pick(line.label, lang), weight=ft.FontWeight.W_500),
                muted(line.describe(lang), size=11),
                *self.worked.label_note(line.key),
            ],
            spacing=0,
        )
        if all(added.get("key") != line.key for added in self.model.draft.added):
            return label
        remove = tid(  # a line added to this play only can be taken off again
            f"added-remove-{line.key}",
            ft.IconButton(
                ft.Icons.DELETE_OUTLINE,
                tooltip=self.ctx.t("app.remove_line", label=pick(line.label, lang)),
                on_click=lambda: self.on_line_added(LineTakenOff(line.key)),
            ),
        )
        return ft.Row([ft.Container(label, expand=True), remove], spacing=0)

    def _kinds_button(self) -> list[ft.Control]:
        """ "Add a line" of any kind the editor offers (a dialog), on a sheet in progress
        (not when editing a saved play: its game is the one it was saved with)."""
        if self.saver is not None:
            return []
        button = ft.TextButton(
            self.ctx.t("app.add_line_kinds"), icon=ft.Icons.TUNE, on_click=self.on_add_kinds
        )
        return [tid("add-line-kinds", button)]

    def on_add_kinds(self) -> None:
        from scorepad.ui.views.add_line import AddLineDialog  # the editor's parts, on demand

        label = (self.new_label.value or "").strip()
        AddLineDialog(self.ctx, self.model, self.change_lines, self.reopen, label).open()

    def change_lines(self, edit: Edit) -> None:
        """A line added (or taken off) of any kind, or the sheet now of the person's copy
        of its game: into the draft and on to the other devices."""
        if not self.model.gone:
            self.model.apply(edit)

    def on_line_added(self, edit: Edit) -> None:
        """``change_lines``, then the sheet made again on the lines it has now."""
        self.change_lines(edit)
        self.reopen()

    def reopen(self) -> None:
        """The sheet shown again from its draft, on its game as the draft says now."""
        route = f"/sheet/{self.model.draft.sheet_id}"
        if self.ctx.route == route:
            self.ctx.rebuild()
        else:
            self.ctx.navigate(route)

    def _extra_label(self, index: int, label: str) -> ft.Control:
        field: ft.TextField = ft.TextField(
            value=label,
            dense=True,
            expand=True,
            label=self.ctx.t("app.line_label"),
            on_change=lambda e: self._on_extra_label(index, field, typed_text(e)),
        )
        self.crossed.follow(field)
        self.extra_labels.append(field)
        remove = tid(
            f"extra-remove-{index + 1}",
            ft.IconButton(
                ft.Icons.DELETE_OUTLINE,
                tooltip=self.ctx.t("app.remove_line", label=label),
                on_click=lambda: self.on_remove_line(index),
            ),
        )
        return ft.Row([tid(f"extra-label-{index + 1}", field), remove], spacing=0)

    # --- the same sheet on other devices ----------------------------------------------------
    def follow(self) -> None:
        """Share every change with the other devices showing this sheet, and show theirs
        (the sheet keeps its draft itself: ``scorepad.sheet.live.follow``)."""
        live = self.ctx.services.live
        follow(live, self, self.model, self.drafts, self.on_remote)
        self.ctx.leaving.append(lambda: live.leave(self))
        if self.ctx.settings.keep_awake:  # a table reads the sheet between turns
            self.ctx.keep_awake(True)
            self.ctx.leaving.append(lambda: self.ctx.keep_awake(False))

    def on_remote(self, change: Remote | Notice) -> None:
        """What another device did: the same edit here (added up there), then shown, or
        what became of the sheet."""
        if isinstance(change, Saved):
            self.model.gone = True
            self.ctx.navigate(f"/play/{change.play_id}")
            return
        if isinstance(change, Discarded):
            self.model.gone = True
            self.show(self.refresh(clear_message=False))
            return
        if isinstance(change, Restored):  # the sheet as Undo brought it back, followed again
            self.reopen()
            return
        edit = change.edit
        template = self.model.template
        change.keep_state(
            template, self.model.receive(edit, change.draft, change.state_for(template))
        )
        if isinstance(edit, LineAdded | LineTakenOff | GameSwitched):
            self.reopen()  # the sheet's lines changed: made again on them
            return
        touched: list[ft.Control] = []
        if isinstance(edit, ExtraLinesEdit):
            self.build_rows()
            touched.append(self.rows)
        elif isinstance(edit, RoundAdded | RoundDeleted | RoundRestored):
            assert self.rounds is not None
            touched += self.rounds.layout()
            touched += self.sync()
        elif isinstance(edit, NotesEdit):
            touched += self.crossed.put(self.notes, self.model.draft.notes)
        elif isinstance(edit, FirstPlayerEdit | ColourEdit | TimerEdit | TurnEdit):
            pass  # shown by refresh, as below
        else:
            touched += self.sync_edited(edit)
        self.show([*touched, *self.refresh(clear_message=False)])

    def sync(self) -> list[ft.Control]:
        """Show what the sheet holds in every field, but for a field whose own change is
        still on its way; returns the fields that changed."""
        touched = [control for cell in self.all_cells() for control in cell.sync()]
        for field, row in zip(self.extra_labels, self.model.draft.extra, strict=False):
            touched += self.crossed.put(field, row.label)
        touched += self.crossed.put(self.notes, self.model.draft.notes)
        return touched

    def sync_edited(self, edit: Edit) -> list[ft.Control]:
        """``sync`` for what ``edit`` changed: its one cell, or the label it typed (a
        round's cells: all of them, as ``sync``)."""
        if isinstance(edit, TextEdit | CheckEdit | PairEdit | RateEdit):
            cell = self.cell_at.get((edit.key, edit.player))
        elif isinstance(edit, ExtraPointsEdit):
            cell = self.cell_at.get((f"extra:{edit.row}", edit.player))
        elif isinstance(edit, ExtraLabelEdit):
            if edit.row >= len(self.extra_labels) or edit.row >= len(self.model.draft.extra):
                return self.sync()
            field = self.extra_labels[edit.row]
            return self.crossed.put(field, self.model.draft.extra[edit.row].label)
        else:
            return self.sync()
        return cell.sync() if cell is not None else self.sync()

    def all_cells(self) -> list[SheetCell]:
        rounds = self.rounds.cells() if self.rounds is not None else []
        return [*rounds, *self.cells]

    # --- changes ---------------------------------------------------------------------------
    def changed(self, *touched: ft.Control, rebuilt: bool = True) -> None:
        """After a value changed: re-add, then send only what changed to the browser (a
        whole-page diff per keystroke would cost more than the scoring). Unless the
        change came from a cell of the rows on screen (``rebuilt`` False), the fields are
        synced too: a change whose field was rebuilt meanwhile (a by-hand line added on
        another device) shows in the field that replaced it."""
        synced = self.sync() if rebuilt else []
        self.show([*touched, *synced, *self.refresh()])

    def show(self, controls: list[ft.Control]) -> None:
        """Send what changed in ``controls`` to this device's browser: in one message
        (``flet_patches``) once the sheet is on its page."""
        if self.sender is not None and self.sender.root.parent is not None:
            self.sender.send(controls)
        else:
            self.ctx.update(*dict.fromkeys(controls))

    def refresh(self, clear_message: bool = True) -> list[ft.Control]:
        """Show the sheet's latest state, and clear the message of the last Save unless
        ``clear_message`` is False (the change came from another device, or none did);
        returns the controls whose look changed."""
        state = self.model.state
        ctx = self.ctx
        out: list[ft.Control] = []
        marks = state.problems or state.bonus_lost  # a refused value, a bonus not counted
        if marks or self.marked:  # no cell marked, none to mark: nothing to do
            for cell in self.all_cells():
                out += cell.mark(state)
            self.marked = bool(marks)
        out += self._show_problems(state)
        out += self.worked.refresh(state)
        if self.rounds is not None:
            out += self.rounds.refresh(state)
        players, result = _scores(ctx, state, self.model.hint_key())
        for i, (total, rank, leads) in enumerate(players):
            if i < len(self.scores_shown) and self.scores_shown[i] == players[i]:
                continue  # as refresh last set it (only refresh sets these)
            _set(self.totals[i], "value", total, out)
            _set(self.ranks[i], "value", rank, out)
            _set(self.trophies[i], "visible", leads, out)
            _set(self.names[i], "color", ft.Colors.PRIMARY if leads else None, out)
        self.scores_shown = players
        _set(self.result, "value", result, out)
        _set(self.target_note, "value", state.scored.round_note(ctx.lang) or "", out)
        out += self.outcome.refresh(state)
        out += self.first.refresh() + self.turn.refresh() + self.colours.refresh()
        for part in self.boards.values():
            out += part.refresh()
        out += self.timer.refresh()
        first = self.model.draft.first_player
        for mark, name in zip(self.first_marks, self.model.players, strict=True):
            _set(mark, "visible", name == first, out)
        notes = state.problem(NOTES, LABEL)
        _set(self.notes, "error", None if notes is None else notes.message(ctx.lang), out)
        # An empty sheet keeps Save open: a tap says why it cannot be saved yet.
        _set(self.save_button, "disabled", bool(state.problems) or self.model.gone, out)
        _set(self.save_hint, "value", self._save_hint(state), out)
        if self.model.gone:
            _set(self.save_message, "value", ctx.t("app.sheet_gone"), out)
            _set(self.save_message, "color", ft.Colors.ERROR, out)
        elif clear_message:
            _set(self.save_message, "value", "", out)
        return out

    def _save_hint(self, state: SheetState) -> str:
        if state.problems:
            return self.ctx.t("app.save_blocked")
        if state.undecided:
            return _choose(self.ctx, state)
        return ""

    def _show_problems(self, state: SheetState) -> list[ft.Control]:
        """Spell out each refused value below its line; returns the lines that changed."""
        lang = self.ctx.lang
        boxes = dict(self.problem_boxes)
        if self.rounds is not None:
            boxes.update(self.rounds.problem_boxes())
        wanted: dict[str, list[tuple[str, str]]] = {key: [] for key in boxes}
        for (key, player, part), problem in state.problems.items():
            box_key = ident_key = key
            if key.startswith("round:") and self.rounds is not None:
                box_key, ident_key = self.rounds.problem_place(key)
            if box_key not in wanted:
                continue
            if player == LABEL:
                text = f"{self.ctx.t('app.line_label')}: {problem.message(lang)}"
                ident = f"problem-{key}"
            else:
                said = problem.message(lang)
                if {"player", "players"} & problem.fields.keys():  # it names them already
                    text = self.ctx.t("app.not_counted_named", problem=said)
                else:
                    who = self.model.players[player]
                    text = self.ctx.t("app.not_counted", player=who, problem=said)
                ident = f"problem-{ident_key}-{player + 1}" + (f"-{part}" if part else "")
            wanted[box_key].append((ident.replace(":", "-"), text))
        changed: list[ft.Control] = []
        for key, box in boxes.items():
            if self.problem_texts.get(key, []) == wanted[key]:
                continue
            self.problem_texts[key] = wanted[key]
            box.controls = [
                tid(ident, ft.Text(text, color=ft.Colors.ERROR, size=12))
                for ident, text in wanted[key]
            ]
            changed.append(box)
        return changed

    def _missing_rounds(self, state: SheetState) -> str:
        """The numbers of the rounds still missing cells: "2, 5"."""
        numbers = [self.model.round_position(rid) for rid in state.missing]
        return ", ".join(str(n) for n in sorted(n for n in numbers if n is not None))

    def on_tapped(self, key: str, player: int) -> None:
        """A tap of a stepped line's button changed the cell of ``key`` for ``player``."""
        cell = self.cell_at.get((key, player))
        self.changed(*(cell.sync() if cell is not None else []), rebuilt=False)

    def on_first_player(self, name: str) -> None:
        self.model.set_first_player(name)
        self.changed(rebuilt=False)

    def on_notes(self, text: str) -> None:
        self.model.set_notes(text)
        self.changed(*self.crossed.typed(self.notes, text))

    def _on_extra_label(self, index: int, field: ft.TextField, label: str) -> None:
        self.model.set_extra_label(index, label)
        self.changed(*self.crossed.typed(field, label))

    def on_add_line(self) -> None:
        label = (self.new_label.value or "").strip()
        if not label:
            self.new_label.error = ScorepadError("entry.extra_label").message(self.ctx.lang)
            return
        self.new_label.error = None
        self.new_label.value = ""
        self.add_line(label)

    def add_line(self, label: str) -> None:
        self.model.add_extra(label)
        self.build_rows()
        self.refresh()

    def on_remove_line(self, index: int) -> None:
        self.model.remove_extra(index)
        self.build_rows()
        self.refresh()

    def on_save(self) -> None:
        state = self.model.state
        if state.missing and not state.problems and not self.model.gone:
            self.save_message.value = self.ctx.t(
                "app.save_rounds_missing", rounds=self._missing_rounds(state)
            )
            self.save_message.color = ft.Colors.ERROR
            return
        if state.empty and not state.problems and not self.model.gone:
            self.save_message.value = self.ctx.t("app.save_empty")
            self.save_message.color = ft.Colors.ERROR
            return
        if state.undecided and not state.problems and not self.model.gone:
            self.save_message.value = _choose(self.ctx, state)
            self.save_message.color = ft.Colors.ERROR
            return
        if not state.can_save:
            return
        play = self.model.play_to_save(self.timer.now())

        def store() -> str:
            if self.saver is not None:
                play_id = self.saver(play)
            else:
                play_id = self.ctx.services.history.save_play(play)
            self.drafts.discard(self.model.draft.sheet_id)
            return play_id

        try:
            play_id = self.ctx.services.live.save_once(self, self.model.draft.sheet_id, store)
        except ScorepadError as problem:
            self.save_message.value = problem.message(self.ctx.lang)
            self.save_message.color = ft.Colors.ERROR
            return
        self.save_message.value = self.ctx.t("app.saved")
        self.save_message.color = None
        self.ctx.navigate(f"/play/{play_id}")


def _known_labels(ctx: Context, game_id: str) -> list[str]:
    """By-hand labels kept from earlier plays of the game (none when the history cannot
    be read)."""
    try:
        return list(ctx.services.history.labels(game_id))
    except ScorepadError:
        return []


Scores = tuple[list[tuple[str, str, bool]], str]
"""Each player's total, rank and whether they lead, as shown; the result sentence."""


def _scores(ctx: Context, state: SheetState, hint: str) -> Scores:
    """What ``state`` shows below the lines in ``ctx``'s language: worked out once per
    state and language, for every device showing it; ``hint``: what a sheet with nothing
    counted yet says to enter (``SheetInProgress.hint_key``)."""
    key = ("scores", ctx.lang)
    found = state.shown.get(key)
    if found is None:
        scored = state.scored
        players = [
            (
                show(player.total, ctx.lang),
                ctx.tn("app.rank_n", player.rank, rank=player.rank),
                player.winner and not state.empty,
            )
            for player in scored.players
        ]
        if state.empty:
            result = ctx.t(hint)
        elif state.undecided:
            result = _choose(ctx, state)
        else:
            result = scored.explanation(ctx.lang)
        found = state.shown[key] = (players, result)
    return found  # type: ignore[return-value]


def _choose(ctx: Context, state: SheetState) -> str:
    """What the players still have to say before the sheet can be saved."""
    rule = state.scored.template.result
    cooperative = rule is not None and rule.kind == "cooperative"
    return ctx.t("app.choose_outcome" if cooperative else "app.choose_winning_team")


def _set(control: ft.Control, name: str, value: object, changed: list[ft.Control]) -> None:
    """Set ``control.name`` and note the control when that changes what it shows."""
    if getattr(control, name) != value:
        setattr(control, name, value)
        changed.append(control)
