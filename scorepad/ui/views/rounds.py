"""A round game's part of the sheet: a block per round, newest at the bottom.

Each round is a block with a cell per player for each per-round line (Skull King's bid,
tricks and bonus stack up in one compact block), and the running total after it. An
award or tally line (Sushi Go's maki and dumplings) shows beside each quantity the points
it earned in that round (``round-R-earned-KEY-n``): the core works them out from every
player's quantities of the round, so they change for everyone when anyone types. The
current round (the last) is highlighted; any earlier one can be changed (the totals
follow at once, and the block notes it) or deleted (with Undo). A block belongs to its
round's id, not to its place: a round added or deleted on another device moves blocks
without rebuilding them, so a field someone is typing in is never replaced.

A round's title says what it deals and who deals, when the game file's ``deal`` says,
else who starts it (one seat on each round from the player chosen to start, unless the
game file's ``round_starter`` has the round before decide): the current round's is
``dealer``, the others ``round-R-deal``. A round counts once
something is typed in it (``SheetState.missing``): until then its totals are blank and, if
cells are still wanted, it says which (``round-R-missing``); a bonus typed on a missed bid
is marked "not counted" under its cell and named under the round (``round-R-bonus-lost``).

The rounds are a lazy list of their own, newest at the bottom and in sight first: the
browser builds only the rounds near the screen, so typing in round 20 costs what typing
in round 1 does (a column of every round's fields made each keystroke slower with every
round added).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core.i18n import join_words, pick
from scorepad.core.scoring import show
from scorepad.sheet.edits import RoundRestored
from scorepad.sheet.progress import SheetInProgress, SheetState, earned_by_round
from scorepad.ui.context import Context
from scorepad.ui.views.cells import Changed, RoundCell
from scorepad.ui.views.common import muted, tid
from scorepad.ui.views.worked import Earned, put, with_earned

RowMaker = Callable[[ft.Control, list[ft.Control]], ft.Control]
"""The sheet's own row: a label beside the cells, or above them on a phone."""

LIST_HEIGHT = {True: 440, False: 520}
"""The most the rounds' list takes on a phone (True) and wider: with the app bar, the
names, Next round and the totals' bar, it fits a 390 × 844 phone; older rounds scroll."""
SPACING = 6


def block_height(lines: int, compact: bool) -> int:
    """About how tall a round's block is (title, each per-round line, its totals), to size
    the list to its rounds until it reaches ``LIST_HEIGHT``."""
    field, label = 42, 18
    line = label + field if compact else field
    total = label + 20 if compact else 22
    return 8 + 40 + lines * (line + 2) + total + 2


class RoundBlock:
    """One round on the sheet."""

    def __init__(
        self,
        part: RoundsPart,
        round_id: str,
        number: int,
    ) -> None:
        ctx, model = part.ctx, part.model
        self.ctx = ctx
        self.model = model
        self.round_id = round_id
        self.number = number
        players = range(len(model.players))
        self.cells = [
            RoundCell(ctx, model, line, round_id, number, i, part.changed)
            for line in model.round_lines
            for i in players
        ]
        self.title = ft.Text(weight=ft.FontWeight.BOLD)
        self.deal_text = muted("", size=12)
        self.deal = tid(f"round-{number}-deal", self.deal_text)
        """How many cards the round deals and who deals it; the current round's is
        ``dealer``, the others ``round-R-deal``."""
        self.deal.visible = False  # until ``show_deal``: on the wrapper, as below
        self.note = tid(f"round-{number}-note", muted(ctx.t("app.round_changed"), size=11))
        self.note.visible = False  # on the wrapper: a hidden Semantics content is an error
        self.delete = tid(
            f"round-{number}-delete",
            ft.IconButton(
                ft.Icons.DELETE_OUTLINE,
                icon_size=18,
                tooltip=ctx.t("app.delete_round"),
                on_click=lambda: part.on_delete(round_id),
            ),
        )
        self.totals = [ft.Text(size=13, weight=ft.FontWeight.W_500) for _ in players]
        self.total_ids = [
            tid(f"round-{number}-total-{i + 1}", t) for i, t in enumerate(self.totals)
        ]
        self.problems = ft.Column(spacing=0)
        self.missing_text = muted("", size=12)
        self.missing = tid(f"round-{number}-missing", self.missing_text)
        """What the round still needs before it counts (hidden on the wrapper)."""
        self.missing.visible = False
        self.lost_text = ft.Text("", size=12, color=ft.Colors.ON_SURFACE_VARIANT, italic=True)
        self.lost = tid(f"round-{number}-bonus-lost", self.lost_text)
        """Whose bonus is typed but not counted, the bid being missed."""
        self.lost.visible = False
        rows: list[ft.Control] = [
            ft.Row(
                [self.title, self.deal, self.note, self.delete],
                spacing=4,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                wrap=True,
            )
        ]
        several = len(model.round_lines) > 1
        width = len(model.players)
        self.earned: dict[str, Earned] = {}
        """Award and tally lines: the points each quantity earned in this round."""
        for index, line in enumerate(model.round_lines):
            controls = [c.control for c in self.cells[index * width : (index + 1) * width]]
            text = pick(line.label, ctx.lang)
            if line.worked_out:
                found = with_earned(controls, [earned_ident(number, line.key, i) for i in players])
                self.earned[line.key] = found
                controls = found.cells
                text = ctx.t("app.round_earned", line=text)
            rows.append(part.row(muted(text, size=11 if several else 12), controls))
        rows.append(part.row(muted(ctx.t("app.round_total"), size=11), list(self.total_ids)))
        rows += [self.missing, self.lost, self.problems]
        self.control = ft.Container(
            ft.Column(rows, spacing=2),
            padding=ft.Padding.symmetric(horizontal=6, vertical=4),
            border_radius=8,
        )
        self.renumber(number, current=False, force=True)

    def renumber(self, number: int, *, current: bool, force: bool = False) -> list[ft.Control]:
        """The round's place on the sheet (rounds before it come and go) and whether it is
        the current round; returns what changed on screen."""
        changed: list[ft.Control] = []
        if force or number != self.number:
            self.number = number
            for cell in self.cells:
                cell.renumber(number)
            self.note.identifier = f"round-{number}-note"
            self.delete.identifier = f"round-{number}-delete"
            self.missing.identifier = f"round-{number}-missing"
            self.lost.identifier = f"round-{number}-bonus-lost"
            for i, wrapper in enumerate(self.total_ids):
                wrapper.identifier = f"round-{number}-total-{i + 1}"
            for key, found in self.earned.items():
                for i, wrapper in enumerate(found.ids):
                    wrapper.identifier = earned_ident(number, key, i)
            changed.append(self.control)
        title = self.title_text(number)
        if self.title.value != title:
            self.title.value = title
            changed.append(self.title)
        deal_id = "dealer" if current else f"round-{number}-deal"
        if self.deal.identifier != deal_id:
            self.deal.identifier = deal_id
            changed.append(self.deal)
        changed += self.show_deal()
        colour = ft.Colors.SECONDARY_CONTAINER if current else None
        if self.control.bgcolor != colour:
            self.control.bgcolor = colour
            changed.append(self.control)
        return changed

    def title_text(self, number: int) -> str:
        return self.ctx.t("text.round", round=number)

    def deal_words(self, number: int) -> str:
        """What the round deals and who deals it, as far as the game says ("Ana deals"),
        else who starts it ("Ana starts": the player chosen to start in round 1, one seat
        on each round, unless the game has the round before decide)."""
        cards, dealer = self.model.round_deal(number)
        words = []
        if cards is not None:
            words.append(self.ctx.t("app.round_cards", n=cards))
        if dealer is not None:
            words.append(self.ctx.t("app.round_dealer", player=dealer))
        else:
            starter = self.model.round_starter(number)
            if starter is not None:
                words.append(self.ctx.t("app.starts", player=self.model.players[starter]))
        return " · ".join(words)

    def show_deal(self) -> list[ft.Control]:
        """The round's deal and who deals or starts it, now; hidden when the game says
        neither for this round. Returns what changed on screen."""
        deal = self.deal_words(self.number)
        changed: list[ft.Control] = []
        if self.deal_text.value != deal:
            self.deal_text.value = deal
            changed.append(self.deal_text)
        if self.deal.visible != bool(deal):
            self.deal.visible = bool(deal)
            changed.append(self.deal)
        return changed

    def show_gaps(self, state: SheetState) -> list[ft.Control]:
        """The round's missing cells, and whose bonus does not count; returns what changed."""
        out: list[ft.Control] = []
        gaps = state.missing.get(self.round_id, ())
        text = missing_words(self.ctx, self.model, gaps)
        if self.missing_text.value != text or self.missing.visible != bool(text):
            self.missing_text.value = text
            self.missing.visible = bool(text)
            out.append(self.missing)
        names = [
            name
            for player, name in enumerate(self.model.players)
            if (self.round_id, player) in state.bonus_lost
        ]
        lost = (
            self.ctx.t("app.bonus_not_counted", names=join_words(names, self.ctx.lang))
            if names
            else ""
        )
        if self.lost_text.value != lost or self.lost.visible != bool(lost):
            self.lost_text.value = lost
            self.lost.visible = bool(lost)
            out.append(self.lost)
        return out


def missing_words(ctx: Context, model: SheetInProgress, gaps: tuple[tuple[int, str], ...]) -> str:
    """A round's cells still to enter, line by line: "Not counted yet. Still to enter:
    Tricks taken: Ana, Ben"; a round left blank before rounds with values says so."""
    if not gaps:
        return ""
    keys = {line.key for line in model.round_lines}
    every = {(p, key) for key in keys for p in range(len(model.players))}
    if set(gaps) == every:
        return ctx.t("app.round_blank")
    parts = []
    for line in model.round_lines:
        names = [model.players[p] for p, key in gaps if key == line.key]
        if names:
            label = pick(line.label, ctx.lang)
            parts.append(
                ctx.t("app.round_missing_line", line=label, names=join_words(names, ctx.lang))
            )
    return ctx.t("app.round_missing", cells=" · ".join(parts))


def earned_ident(number: int, key: str, player: int) -> str:
    """The test id of the points a round's quantity earned: ``round-R-earned-KEY-n``
    (round and player from 1), beside the round cell ``round-R-KEY-n``."""
    return f"round-{number}-earned-{key}-{player + 1}"


class RoundsPart:
    """The rounds of a round game's sheet, the "Next round" button and Undo."""

    def __init__(
        self, ctx: Context, model: SheetInProgress, changed: Changed, row: RowMaker
    ) -> None:
        self.ctx, self.model, self.changed, self.row = ctx, model, changed, row
        self.blocks: dict[str, RoundBlock] = {}
        self.earned_lines = [line for line in model.round_lines if line.worked_out]
        """Per-round lines whose points are worked out from the quantity (award, tally)."""
        self.column = ft.ListView(spacing=SPACING, reverse=True, height=0)
        """The rounds, newest first in the list: a reversed list starts at its end."""
        self.next_button = ft.FilledTonalButton(
            ctx.t("app.next_round"), icon=ft.Icons.ADD, on_click=self.on_next
        )
        self.undo_text = ft.Text()
        self.undo_button = tid(
            "round-undo", ft.TextButton(ctx.t("app.undo"), on_click=self.on_undo)
        )
        self.undo_row = ft.Row([self.undo_text, self.undo_button], wrap=True)
        self.undo_row.visible = False
        self.restore: RoundRestored | None = None
        self.banner_text = ft.Text(weight=ft.FontWeight.W_500)
        self.banner = ft.Container(
            tid("round-note", self.banner_text),
            padding=8,
            border_radius=8,
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            visible=False,
        )
        self.layout()

    def controls(self) -> list[ft.Control]:
        return [
            tid("rounds", self.column),
            ft.Row([tid("next-round", self.next_button), self.undo_row], wrap=True),
        ]

    def end_controls(self) -> list[ft.Control]:
        return [self.banner]

    def cells(self) -> list[RoundCell]:
        return [cell for block in self.blocks.values() for cell in block.cells]

    def layout(self) -> list[ft.Control]:
        """Blocks in the draft's order: new rounds get one, deleted rounds lose theirs, the
        others are moved and renumbered, never rebuilt; returns what changed."""
        rounds = self.model.draft.rounds
        wanted = [row.id for row in rounds]
        changed: list[ft.Control] = []
        for gone in [rid for rid in self.blocks if rid not in wanted]:
            del self.blocks[gone]
        for number, rid in enumerate(wanted, 1):
            block = self.blocks.get(rid)
            if block is None:
                block = self.blocks[rid] = RoundBlock(self, rid, number)
            changed += block.renumber(number, current=number == len(wanted))
        self.blocks = {rid: self.blocks[rid] for rid in wanted}
        controls: list[ft.Control] = [self.blocks[rid].control for rid in reversed(wanted)]
        height = self.list_height(len(wanted))
        if controls != self.column.controls or height != self.column.height:
            self.column.controls = controls
            self.column.height = height
            changed.append(self.column)
        return changed

    def list_height(self, rounds: int) -> int:
        """The rounds' list fits its rounds, up to ``LIST_HEIGHT``; 0 with no round yet."""
        compact = self.ctx.compact
        each = block_height(len(self.model.round_lines), compact) + SPACING
        return min(rounds * each, LIST_HEIGHT[compact])

    def problem_boxes(self) -> dict[str, ft.Column]:
        return {f"round:{rid}": block.problems for rid, block in self.blocks.items()}

    def problem_place(self, key: str) -> tuple[str, str]:
        """A round cell's problem key ("round:ID:KEY") → its round's box, and the name
        its message's test id uses ("round-R-KEY")."""
        _, rid, line = key.split(":", 2)
        block = self.blocks.get(rid)
        number = block.number if block is not None else 0
        return f"round:{rid}", f"round-{number}-{line}"

    def refresh(self, state: SheetState) -> list[ft.Control]:
        """Running totals under each round, the notes, the button and the end banner."""
        out: list[ft.Control] = []
        lang = self.ctx.lang
        changed_late = set(self.model.draft.changed_rounds)
        scored = state.scored
        earned = {line.key: earned_by_round(state, line) for line in self.earned_lines}
        for index, block in enumerate(self.blocks.values()):
            for key, by_round in earned.items():
                blank = (None,) * len(self.model.players)
                values = by_round[index] if index < len(by_round) else blank
                out += put(block.earned[key].texts, values, lang)
            for player, text in zip(scored.players, block.totals, strict=True):
                value = show(player.rounds[index], lang) if index < len(player.rounds) else ""
                if text.value != value:
                    text.value = value
                    out.append(text)
            out += block.show_gaps(state)
            out += block.show_deal()  # the first player may have changed
            late = block.round_id in changed_late
            if block.note.visible != late:
                block.note.visible = late
                out.append(block.note)
        disabled = not self.model.can_add_round
        if self.next_button.disabled != disabled:
            self.next_button.disabled = disabled
            out.append(self.next_button)
        banner = self.banner_sentence(state)
        if self.banner_text.value != banner or self.banner.visible != bool(banner):
            self.banner_text.value = banner
            self.banner.visible = bool(banner)
            out.append(self.banner)
        return out

    def banner_sentence(self, state: SheetState) -> str:
        """Who ended the game and when, that every round is played, or, once rounds are
        under way, how many of them are (saving early is allowed, and said)."""
        scored = state.scored
        played = scored.played_rounds
        if played == 0 or state.empty:
            return ""
        note = scored.round_note(self.ctx.lang) or ""
        if scored.finished:
            done = self.ctx.t("app.rounds_over")
            return f"{note} {done}".strip()
        return note

    # --- buttons ---------------------------------------------------------------------------
    def on_next(self) -> None:
        if not self.model.can_add_round:
            return
        self.model.add_round()
        self.changed(*self.layout())

    def on_delete(self, round_id: str) -> None:
        number = self.model.round_position(round_id)
        restore = self.model.delete_round(round_id)
        if restore is None:
            return
        self.restore = restore
        self.undo_text.value = self.ctx.t("app.round_deleted", round=number)
        self.undo_row.visible = True
        self.changed(*self.layout(), self.undo_row)

    def on_undo(self) -> None:
        restore, self.restore = self.restore, None
        self.undo_row.visible = False
        if restore is not None:
            self.model.apply(restore)
        self.changed(*self.layout(), self.undo_row)
