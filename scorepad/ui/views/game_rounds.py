"""The game editor's round settings: whether the game is scored round by round, how many
rounds it has, when it ends, and the bid rule of a trick-taking game.

Choosing how the rounds go rebuilds this section and the lines and tie-breakers (a round
game's lines have a "per round" box, its tie-breakers a "most rounds won" one); typing in
a field only rechecks, as elsewhere in the editor. The number of rounds by player count
has a field per player count the game allows, redrawn when the players' range changes.

The section sees the editor as the cards it is built with (``RuleCards``: the fields,
notes and menus of the form, and ``fill`` for the lines and tie-breakers), so that the
editor, which holds the section, is not imported here.
"""

from __future__ import annotations

import flet as ft

from scorepad.editor.form import ENDINGS, ROUND_MODES
from scorepad.editor.parts import BidsForm
from scorepad.ui.views.common import heading, muted, tid
from scorepad.ui.views.game_rule_cards import RuleCards

Columns = dict[str | ft.ResponsiveRowBreakpoint, int | float]
PREFIXES = ("rounds-", "ends-", "bids-")
"""The names of this section's fields in the form."""
PICKED = ("bid", "tricks", "bonus")
"""The bid rule's lines, each picked from the game's lines."""
NONE = "-"
"""The bonus picker's "no bonus line" (a line key never starts with "-")."""
BID_FIELDS = (
    ("hit_base", "manage.bids_hit_base"),
    ("hit_per_trick", "manage.bids_hit_per_trick"),
    ("hit_zero", "manage.bids_hit_zero"),
    ("miss_per_off", "manage.bids_miss_per_off"),
    ("miss_zero", "manage.bids_miss_zero"),
)


class RoundsSection:
    def __init__(self, editor: RuleCards) -> None:
        self.editor = editor
        self.body = ft.Column(spacing=8)
        self.players_seen: list[int] = []
        self.bids_off: BidsForm | None = None
        """The bid rule as it was when its box was unticked, back if it is ticked again."""

    def build(self) -> list[ft.Control]:
        t = self.editor.ctx.t
        self.fill()
        return [heading(t("manage.rounds")), muted(t("manage.rounds_help")), self.body]

    def fill(self) -> None:
        """(Re)builds the section from the form."""
        editor, form = self.editor, self.editor.form
        t = editor.ctx.t
        for name in [f for f in editor.fields if f.startswith(PREFIXES)]:
            del editor.fields[name]
        editor.pickers.clear()
        self.players_seen = form.player_counts()
        mode = ft.RadioGroup(
            value=form.rounds or "none",
            on_change=self.on_mode,
            content=ft.Row(
                [
                    tid(
                        f"game-rounds-mode-{m or 'none'}".replace("_", "-"),
                        ft.Radio(value=m or "none", label=t(f"manage.rounds_{m or 'none'}")),
                    )
                    for m in ROUND_MODES
                ],
                wrap=True,
            ),
        )
        controls: list[ft.Control] = [tid("game-rounds-mode", mode)]
        if form.rounds == "count":
            controls.append(
                ft.ResponsiveRow(
                    [editor.field("", form, "rounds_count", t("manage.rounds_number"))]
                )
            )
        elif form.rounds == "by_players":
            controls.append(self.by_players())
        note = editor.notes.setdefault("rounds", ft.Text("", color=ft.Colors.ERROR, size=12))
        controls.append(tid("game-rounds-problem", ft.Container(note)))
        if form.rounds:
            controls += self.ending()
            controls += self.bid_rule()
        self.body.controls = controls

    def by_players(self) -> ft.Control:
        editor, form = self.editor, self.editor.form
        t = editor.ctx.t
        if not self.players_seen:
            return muted(t("manage.rounds_players_first"))
        boxes = []
        for n in self.players_seen:
            key = str(n)

            def write(text: str, key: str = key) -> None:
                form.rounds_by_players[key] = text

            boxes.append(
                editor.text_box(
                    f"rounds-players-{n}",
                    form.rounds_by_players.get(key, ""),
                    t("manage.rounds_with", n=n),
                    write,
                    (form, f"rounds_players_{n}"),
                    col={"xs": 6, "md": 3},
                )
            )
        return ft.ResponsiveRow(boxes)

    def ending(self) -> list[ft.Control]:
        editor, form = self.editor, self.editor.form
        t = editor.ctx.t
        ends = ft.RadioGroup(
            value=form.ends or "none",
            on_change=self.on_ends,
            content=ft.Row(
                [
                    tid(
                        f"game-ends-{e or 'none'}".replace("_", "-"),
                        ft.Radio(value=e or "none", label=t(f"manage.ends_{e or 'none'}")),
                    )
                    for e in ENDINGS
                ],
                wrap=True,
            ),
        )
        controls: list[ft.Control] = [tid("game-ends", ends)]
        if form.ends:
            label = t(f"manage.ends_target_{form.ends}")
            target = editor.field("", form, "ends_target", label)
            controls.append(ft.ResponsiveRow([target]))
        return controls

    def bid_rule(self) -> list[ft.Control]:
        editor, form = self.editor, self.editor.form
        t = editor.ctx.t
        use = ft.Checkbox(
            label=t("manage.bids_use"), value=form.bids is not None, on_change=self.on_bids
        )
        controls: list[ft.Control] = [tid("game-bids", use)]
        bids = form.bids
        if bids is None:
            return controls
        quarter: Columns = {"xs": 6, "md": 3}
        third: Columns = {"xs": 12, "md": 4}
        note = editor.notes.setdefault("bids", ft.Text("", color=ft.Colors.ERROR, size=12))
        lines = [self.picker(bids, name, third) for name in PICKED]
        numbers = [
            editor.field("bids-", bids, name, t(label), col=quarter) for name, label in BID_FIELDS
        ]
        controls += [
            muted(t("manage.bids_help")),
            ft.ResponsiveRow(
                [
                    editor.field("bids-", bids, "key", t("manage.key"), col=third),
                    *editor.in_each_language("bids-", bids, "label", col=third),
                ]
            ),
            ft.ResponsiveRow(lines),
            ft.ResponsiveRow(numbers),
            tid("game-bids-problem", ft.Container(note)),
        ]
        return controls

    def picker(self, bids: BidsForm, name: str, col: Columns) -> ft.Control:
        """A menu of the game's lines (a line key, never typed) for the rule's ``name``."""
        editor = self.editor
        menu = ft.Dropdown(
            label=editor.ctx.t(f"manage.bids_{name}"),
            value=getattr(bids, name) or (NONE if name == "bonus" else None),
            options=self.options(name),
            dense=True,
            expand=True,
        )

        def select(e: ft.Event[ft.Dropdown]) -> None:
            value = str(e.control.value or "")
            setattr(bids, name, "" if value == NONE else value)
            bids.touched.add(name)
            editor.recheck()

        menu.on_select = select
        editor.pickers[f"bids-{name}"] = (menu, bids, name)
        return ft.Container(tid(f"game-bids-{name}", menu), col=col)

    def options(self, name: str) -> list[ft.DropdownOption]:
        """Every line of the game with a key, as "Label (key)" in the screen's language
        (or English)."""
        lang = self.editor.ctx.lang
        options = []
        for line in self.editor.form.lines:
            key = line.key.strip()
            if key:
                label = str(getattr(line, f"label_{lang}", "")).strip() or line.label_en.strip()
                options.append(ft.DropdownOption(key=key, text=f"{label or key} ({key})"))
        if name == "bonus":
            options.insert(
                0, ft.DropdownOption(key=NONE, text=self.editor.ctx.t("manage.bids_no_bonus"))
            )
        return options

    def refresh(self) -> None:
        """The menus of lines follow the lines as they are typed."""
        for name in PICKED:
            found = self.editor.pickers.get(f"bids-{name}")
            if found is not None:
                found[0].options = self.options(name)

    # --- handlers -----------------------------------------------------------------------
    def players_changed(self) -> None:
        """The players' range was typed in: the rounds by player count follow it."""
        if self.editor.form.rounds == "by_players" and (
            self.editor.form.player_counts() != self.players_seen
        ):
            self.fill()

    def on_mode(self, e: ft.Event[ft.RadioGroup]) -> None:
        value = str(e.control.value)
        self.set_mode("" if value == "none" else value)

    def set_mode(self, mode: str) -> None:
        editor = self.editor
        was = editor.form.rounds
        editor.form.rounds = mode
        self.fill()
        if bool(was) != bool(mode):  # the lines' and tie-breakers' round boxes come or go
            editor.fill("line")
            editor.fill("tb")
        editor.recheck()

    def on_ends(self, e: ft.Event[ft.RadioGroup]) -> None:
        value = str(e.control.value)
        self.editor.form.ends = "" if value == "none" else value
        self.fill()
        self.editor.recheck()

    def on_bids(self, e: ft.Event[ft.Checkbox]) -> None:
        form = self.editor.form
        if e.control.value:
            form.bids = self.bids_off or BidsForm()
        else:
            self.bids_off, form.bids = form.bids, None
        self.fill()
        self.editor.recheck()
