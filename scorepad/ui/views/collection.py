"""The collection (``/collection``): the games the group owns, from a BoardGameGeek
collection export, BG Stats' game list or added here by hand (name, BGG id, players,
playing time, weight: checked by the store, its message shown under the form and what
was typed kept), each removable. A game several sources list is one card, naming them
all (``store.collection.merged``); its bin removes it from each. The picker shows the
owned games first.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.game_facts import minutes_text, weight_text
from scorepad.ui.context import Context
from scorepad.ui.views.common import heading, muted, players_range, screen, tid

SOURCES = {"bgg": "collection.from_bgg", "bgstats": "collection.from_bgstats"}


class CollectionView:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        t = ctx.t
        self.name = ft.TextField(label=t("collection.name"), expand=True)
        self.bgg_id = ft.TextField(label=t("collection.bgg_id"), width=150)
        self.low = ft.TextField(label=t("collection.players_low"), width=150)
        self.high = ft.TextField(label=t("collection.players_high"), width=150)
        self.short = ft.TextField(label=t("collection.minutes_low"), width=150)
        self.long = ft.TextField(label=t("collection.minutes_high"), width=150)
        self.weight = ft.TextField(label=t("collection.weight"), width=150)
        self.said = ft.Text(color=ft.Colors.ERROR)
        self.listing = ft.Column(spacing=4)
        self.fill()

    def build(self) -> ft.View:
        ctx = self.ctx
        fields: list[tuple[str, ft.Control]] = [
            ("collection-name", self.name),
            ("collection-bgg-id", self.bgg_id),
            ("collection-players-low", self.low),
            ("collection-players-high", self.high),
            ("collection-minutes-low", self.short),
            ("collection-minutes-high", self.long),
            ("collection-weight", self.weight),
        ]
        form = ft.Column(
            [
                heading(ctx.t("collection.add_title")),
                ft.Row([tid(*fields[0])]),
                *(
                    ft.Row([tid(*a), tid(*b)], wrap=True, spacing=8, run_spacing=12)
                    for a, b in ((fields[1], fields[6]), fields[2:4], fields[4:6])
                ),
                tid("collection-said", self.said),
                tid(
                    "collection-add",
                    ft.FilledButton(
                        ctx.t("collection.add"), icon=ft.Icons.ADD, on_click=self.on_add
                    ),
                ),
                muted(ctx.t("collection.import_hint"), size=13),
            ],
            spacing=12,
        )
        suggest = tid(
            "collection-suggest",
            ft.OutlinedButton(
                ctx.t("suggest.title"),
                icon=ft.Icons.LIGHTBULB_OUTLINE,
                on_click=lambda: ctx.navigate("/suggest"),
            ),
        )
        body: list[ft.Control] = [suggest, self.listing, form]
        return screen(ctx, ctx.t("collection.title"), body)

    def fill(self) -> None:
        ctx = self.ctx
        try:
            entries = [e for e in ctx.services.history.owned_games() if e["owned"]]
        except ScorepadError as problem:
            self.listing.controls = [ft.Text(problem.message(ctx.lang), color=ft.Colors.ERROR)]
            return
        rows: list[ft.Control] = [
            muted(ctx.t("collection.count", n=len(entries)), size=14)
            if entries
            else muted(ctx.t("collection.empty"), size=14)
        ]
        rows += [self._row(n, entry) for n, entry in enumerate(entries, 1)]
        self.listing.controls = rows

    def _row(self, n: int, entry: dict[str, Any]) -> ft.Control:
        ctx = self.ctx
        details: list[str] = []
        if entry["players"]:
            details.append(players_range(ctx, *entry["players"]))
        if entry["minutes"]:
            low, high = entry["minutes"]
            details.append(minutes_text((low, high), ctx.lang))
        if entry["weight"]:
            details.append(weight_text(Decimal(entry["weight"]), ctx.lang))
        sources = entry.get("sources") or [entry["source"]]  # a game listed by several
        details.append(" + ".join(ctx.t(SOURCES.get(s, "collection.from_hand")) for s in sources))
        return tid(
            f"collection-{n}",
            ft.Card(
                content=ft.ListTile(
                    title=ft.Text(entry["name"], weight=ft.FontWeight.BOLD),
                    subtitle=ft.Text(" · ".join(details)),
                    trailing=tid(
                        f"collection-remove-{n}",
                        ft.IconButton(
                            ft.Icons.DELETE_OUTLINE,
                            tooltip=ctx.t("collection.remove"),
                            on_click=self._remove(entry["collid"]),
                        ),
                    ),
                )
            ),
        )

    def _remove(self, collid: str) -> Callable[[], None]:
        def remove() -> None:
            try:
                self.ctx.services.history.remove_owned(collid)
            except ScorepadError as problem:
                self.said.value = problem.message(self.ctx.lang)
                return
            self.fill()

        return remove

    def on_add(self) -> None:
        try:
            self.ctx.services.history.add_owned(
                self.name.value or "",
                self.bgg_id.value or "",
                (self.low.value or "", self.high.value or ""),
                (self.short.value or "", self.long.value or ""),
                self.weight.value or "",
            )
        except ScorepadError as problem:
            self.said.value = problem.message(self.ctx.lang)
            return
        self.said.value = ""
        for box in (self.name, self.bgg_id, self.low, self.high, self.short, self.long):
            box.value = ""
        self.weight.value = ""
        self.fill()


def collection_view(ctx: Context) -> ft.View:
    return CollectionView(ctx).build()
